/* model_series.c: the metric series (model/series.h).  Points pushed a
 * run at a time (gt_series_push_run, and the pusher the loader uses) must
 * give the very series that pushing them one by one gives: the same
 * bytes, checkpoints and maxima, across checkpoints and the populated
 * window's limit; and every point must read back.  Per-column maxima
 * (gt_series_columns, one walk a column) equal a brute force over the
 * points. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "model/cols.h"
#include "model/series.h"
#include "tests/unit/xorshift.h"

static uint64_t rng = 88172645463325252ull;
static uint64_t next(void)
{
	return xorshift64(&rng);
}

/* n points: time steps and value changes of every size (a heap metric's
 * small ones mostly, some past 2^28 where the varint leaves its fast
 * path, values that fall as well as rise, repeated times). */
static struct gt_spoint *make_points(size_t n)
{
	struct gt_spoint *pt = malloc(n * sizeof *pt);
	assert_non_null(pt);
	int64_t ts = -1000;
	uint64_t v = 1u << 20;
	for (size_t i = 0; i < n; i++) {
		uint64_t r = next();
		switch (r % 8) {
		case 0: ts += (int64_t)(r >> 40); break;            /* up to 2^24 */
		case 1: ts += (int64_t)(r >> 20) & ((1ll << 40) - 1); break;
		case 2: break;                                      /* same time */
		default: ts += (int64_t)(r >> 56); break;
		}
		switch ((r >> 8) % 6) {
		case 0: v += r >> 50; break;
		case 1: v -= r >> 52; break;
		case 2: v = r >> 3; break;                          /* anything */
		case 3: v = ~(r >> 60); break;                      /* near 2^64 */
		default: v += (r >> 58) * 8; break;
		}
		pt[i] = (struct gt_spoint){ts, v};
	}
	return pt;
}

static void assert_same(const struct gt_series *a, const struct gt_series *b)
{
	assert_int_equal(a->n, b->n);
	assert_int_equal(a->nck, b->nck);
	assert_int_equal(a->len, b->len);
	assert_int_equal(a->last_ts, b->last_ts);
	assert_int_equal(a->last_v, b->last_v);
	assert_memory_equal(a->bytes, b->bytes, a->len);
	for (size_t c = 0; c < a->nck; c++) {
		assert_int_equal(a->ck[c].ts, b->ck[c].ts);
		assert_int_equal(a->ck[c].value, b->ck[c].value);
		assert_int_equal(a->ck[c].max, b->ck[c].max);
		assert_int_equal(a->ck[c].off, b->ck[c].off);
	}
}

/* 300 000 points (several MB: past the size where the series populates
 * its pages a window at a time, so runs meet that limit) in runs of
 * random length, by gt_series_push_run and by the pusher. */
static void test_runs_match_single_pushes(void **state)
{
	(void)state;
	size_t n = 300000;
	struct gt_spoint *pt = make_points(n);
	struct gt_series one = {0}, run = {0}, fast = {0};
	gt_series_run_fn push = gt_series_pusher();
	for (size_t i = 0; i < n; i++)
		assert_int_equal(gt_series_push(&one, pt[i].ts, pt[i].v), 0);
	for (size_t i = 0; i < n;) {
		size_t k = 1 + next() % 300;
		k = k < n - i ? k : n - i;
		assert_int_equal(gt_series_push_run(&run, pt + i, k), 0);
		assert_int_equal(push(&fast, pt + i, k), 0);
		i += k;
	}
	assert_true(one.len > ((size_t)1 << 20));
	assert_same(&one, &run);
	assert_same(&one, &fast);
	for (size_t i = 0; i < n; i += 1 + next() % 97) {
		int64_t ts;
		uint64_t v;
		assert_int_equal(gt_series_get(&fast, i, &ts, &v), 0);
		assert_int_equal(ts, pt[i].ts);
		assert_int_equal(v, pt[i].v);
	}
	assert_int_equal(push(&fast, pt, 0), 0); /* an empty run */
	assert_same(&one, &fast);
	gt_series_free(&one);
	gt_series_free(&run);
	gt_series_free(&fast);
	free(pt);
}

/* Short series: a first run shorter than a checkpoint, a run that ends
 * exactly at one, single points. */
static void test_short_runs(void **state)
{
	(void)state;
	struct gt_spoint *pt = make_points(3 * GT_SERIES_STEP + 5);
	size_t cuts[] = {1, GT_SERIES_STEP - 1, GT_SERIES_STEP, 1, 1, GT_SERIES_STEP + 3};
	struct gt_series one = {0}, run = {0};
	size_t i = 0;
	for (size_t c = 0; c < sizeof cuts / sizeof *cuts; c++) {
		for (size_t j = i; j < i + cuts[c]; j++)
			assert_int_equal(gt_series_push(&one, pt[j].ts, pt[j].v), 0);
		assert_int_equal(gt_series_push_run(&run, pt + i, cuts[c]), 0);
		i += cuts[c];
		assert_same(&one, &run);
	}
	gt_series_free(&one);
	gt_series_free(&run);
	free(pt);
}

/* Column i of [t0, t1): the largest of the value at c0 (the last point
 * at or before it; 0 when none) and the values of the points in
 * (c0, c1): gt_series_columns' definition, the slow way. */
static uint64_t column_ref(const struct gt_spoint *pt, size_t n, int64_t c0, int64_t c1)
{
	uint64_t best = 0;
	for (size_t i = 0; i < n && pt[i].ts < c1; i++) {
		if (pt[i].ts <= c0)
			best = pt[i].v;
		else if (pt[i].v > best)
			best = pt[i].v;
	}
	return best;
}

static void test_columns_match_brute_force(void **state)
{
	(void)state;
	for (int round = 0; round < 40; round++) {
		size_t n = 1 + next() % 3000;
		struct gt_spoint *pt = make_points(n);
		for (size_t i = 1; i < n; i++) /* a series' times never fall */
			if (pt[i].ts < pt[i - 1].ts)
				pt[i].ts = pt[i - 1].ts;
		struct gt_series sr = {0};
		for (size_t i = 0; i < n; i++)
			assert_int_equal(gt_series_add(&sr, pt[i].ts, pt[i].v), 0);
		for (int w = 0; w < 20; w++) {
			int64_t span = pt[n - 1].ts - pt[0].ts + 2;
			int64_t t0 = pt[0].ts - 1 + (int64_t)(next() % (uint64_t)span);
			int64_t t1 = t0 + 1 + (int64_t)(next() % (uint64_t)span);
			uint32_t nc = 1 + (uint32_t)(next() % 300);
			if (w == 0)
				t0 = pt[0].ts - 1, t1 = pt[n - 1].ts + 1;
			if (w % 3 == 1) { /* column edges on points' times */
				t0 = pt[next() % n].ts;
				t1 = t0 + 1 + (int64_t)(next() % (uint64_t)span);
				nc = 1 + (uint32_t)(next() % 4);
			}
			uint64_t out[300];
			gt_series_columns(&sr, t0, t1, nc, out);
			struct gt_cols cs = gt_cols(t0, t1, nc);
			for (uint32_t i = 0; i < nc; i++)
				assert_int_equal(out[i], column_ref(pt, n, gt_col_at(&cs, i), gt_col_at(&cs, i + 1)));
		}
		gt_series_free(&sr);
		free(pt);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_runs_match_single_pushes),
		cmocka_unit_test(test_short_runs),
		cmocka_unit_test(test_columns_match_brute_force),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
