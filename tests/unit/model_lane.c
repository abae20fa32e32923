/* model_lane.c: per-column lane summaries (model/lane.c gt_lane_columns)
 * against a brute force over the lane's spans (gt_lane_query): per-class
 * time, spans starting in each column, and the top, the first span of
 * the longest time inside the column, whatever chunks the cursor jumps
 * over.  Pseudo-random lanes of a few spans to some 100 000 (thousands of
 * chunks, so columns cross chunks and whole groups of them), with long
 * and zero-length spans, values up to the largest (2^29 - 1: they are
 * stored as changes), and random windows of 1 to 300 columns. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "model/lane.h"
#include "tests/unit/xorshift.h"

static uint64_t rnd_state;

static uint64_t rnd(void)
{
	return xorshift64(&rnd_state);
}

struct spans {
	struct gt_span_rec *v;
	size_t n, cap;
};

static int collect(void *ctx, const struct gt_span_rec *s)
{
	struct spans *a = ctx;
	if (a->n == a->cap) {
		a->cap = a->cap ? a->cap * 2 : 1024;
		a->v = realloc(a->v, a->cap * sizeof *a->v);
		assert_non_null(a->v);
	}
	a->v[a->n++] = *s;
	return 0;
}

/* The column summary by definition, from every span of the lane. */
static void brute(const struct spans *a, int64_t c0, int64_t c1, struct gt_lane_col *col)
{
	memset(col, 0, sizeof *col);
	col->top = UINT32_MAX;
	int64_t best = 0;
	for (size_t i = 0; i < a->n; i++) {
		const struct gt_span_rec *s = &a->v[i];
		if (s->start >= c0 && s->start < c1)
			col->spans++;
		int64_t lo = s->start > c0 ? s->start : c0, hi = s->end < c1 ? s->end : c1;
		if (hi > lo)
			col->ns[s->cls] += hi - lo;
		/* a span is in the column when it overlaps it or starts in it */
		if (s->start >= c1 || (hi <= lo && s->start < c0))
			continue;
		int64_t len = hi > lo ? hi - lo : 0;
		if (col->top == UINT32_MAX || len > best) {
			best = len;
			col->top = s->val;
			col->top_cls = s->cls;
		}
	}
}

/* nspans random spans into a lane whose times count in units of 2^tshift
 * ns (times are whole units, but now and then one is nudged off: Go's
 * reader moves an event a ns past the one before), read back whole and
 * per column against a brute force. */
static void check_lane_unit(uint32_t nspans, int64_t maxgap, int64_t maxlen, uint32_t maxval,
                            unsigned tshift)
{
	struct gt_lanes ls;
	memset(&ls, 0, sizeof ls);
	ls.tshift = (uint8_t)tshift;
	struct gt_lane lane;
	memset(&lane, 0, sizeof lane);
	struct spans in = {0};
	int64_t unit = (int64_t)1 << tshift;
	int64_t t = (int64_t)(rnd() % 1000) * unit;
	for (uint32_t i = 0; i < nspans; i++) {
		t += (int64_t)(rnd() % (uint64_t)(maxgap + 1)) * unit;
		/* mostly short spans, some long, some of no length */
		uint64_t r = rnd();
		int64_t len = r % 7 == 0 ? 0 : (int64_t)((r >> 8) % (uint64_t)(r % 13 == 0 ? maxlen * 50 : maxlen + 1));
		len *= unit;
		if (tshift && r % 11 == 0)
			len += (int64_t)(r >> 50) % 3; /* off the tick (or not) */
		uint32_t val = (uint32_t)(rnd() % maxval);
		uint8_t cls = (uint8_t)(rnd() % GT_LANE_CLASSES);
		assert_int_equal(gt_lane_append(&ls, &lane, t, t + len, val, cls), 0);
		struct gt_span_rec s = {t, t + len, val, cls};
		collect(&in, &s);
		t += len;
	}
	struct gt_lane *all[1] = {&lane};
	assert_int_equal(gt_lanes_finish(&ls, all, 1), 0);
	struct spans a = {0};
	gt_lane_query(&ls, &lane, INT64_MIN, INT64_MAX, collect, &a);
	assert_int_equal(a.n, nspans);
	for (size_t i = 0; i < a.n; i++) {
		assert_int_equal(a.v[i].start, in.v[i].start);
		assert_int_equal(a.v[i].end, in.v[i].end);
		assert_int_equal(a.v[i].val, in.v[i].val);
		assert_int_equal(a.v[i].cls, in.v[i].cls);
	}
	free(in.v);
	struct gt_lane_col cols[300], want;
	for (int q = 0; q < 40; q++) {
		int64_t span = t + 2000;
		int64_t t0 = (int64_t)(rnd() % (uint64_t)span) - 1000;
		int64_t t1 = q % 4 == 0 ? t + 1000 : t0 + 1 + (int64_t)(rnd() % (uint64_t)span);
		uint32_t ncols = 1 + (uint32_t)(rnd() % 300);
		gt_lane_columns(&ls, &lane, t0, t1, ncols, cols);
		double w = (double)(t1 - t0) / ncols;
		for (uint32_t i = 0; i < ncols; i++) {
			int64_t c0 = t0 + (int64_t)(w * i);
			int64_t c1 = i + 1 == ncols ? t1 : t0 + (int64_t)(w * (i + 1));
			brute(&a, c0, c1, &want);
			for (int k = 0; k < GT_LANE_CLASSES; k++)
				assert_int_equal(cols[i].ns[k], want.ns[k]);
			assert_int_equal(cols[i].spans, want.spans);
			if (cols[i].top != want.top)
				print_error("%u spans, window [%lld, %lld) in %u columns: column %u [%lld, %lld)\n",
				            nspans, (long long)t0, (long long)t1, ncols, i, (long long)c0, (long long)c1);
			assert_int_equal(cols[i].top, want.top);
			if (want.top != UINT32_MAX)
				assert_int_equal(cols[i].top_cls, want.top_cls);
		}
	}
	free(a.v);
	gt_lanes_free(&ls);
}

static void check_lane(uint32_t nspans, int64_t maxgap, int64_t maxlen, uint32_t maxval)
{
	check_lane_unit(nspans, maxgap, maxlen, maxval, 0);
}

static void test_small_lanes(void **state)
{
	(void)state;
	rnd_state = 0x9E3779B97F4A7C15ull;
	for (uint32_t n = 1; n < 60; n++)
		check_lane(n, 50, 40, 5000);
}

static void test_many_chunks(void **state)
{
	(void)state;
	rnd_state = 0x2545F4914F6CDD1Dull;
	check_lane(3000, 20, 100, 1u << 29);  /* tens of chunks; values of every size */
	check_lane(40000, 1000, 300, 70000);  /* thousands: columns cross groups */
	check_lane(100000, 3, 5, 300);        /* short spans, tight */
}

static void test_ticks(void **state)
{
	(void)state;
	rnd_state = 0xD1B54A32D192ED03ull;
	check_lane_unit(40000, 1000, 300, 70000, 6); /* 64 ns ticks, as Go's on Linux */
	check_lane_unit(3000, 20, 100, 1u << 29, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_small_lanes),
		cmocka_unit_test(test_many_chunks),
		cmocka_unit_test(test_ticks),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
