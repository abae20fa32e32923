/* model_glog.c: the goroutine log writer (model/gbuild.c, glog.h) at its
 * edges, read back through the public queries: varint lengths at every
 * boundary up to 2^35 (the writer's no-loop path ends at 2^28), logs that
 * outgrow the slot's inline bytes and then the 1 KiB chunk, slots reused
 * by thousands of short goroutines, a huge creator id, and the goroutine
 * counts' integrals across the widenings of their buckets (up to times
 * spanning int64), the lookup by
 * Go id, and a long random log (keys past one varint byte, time going
 * back, several chunks) read back exactly, per column too. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "model/model.h"
#include "xorshift.h"

static struct gt_model *m;

static void gtrans_why(int64_t ts, int64_t ctx_g, int64_t id, int from, int to, gt_str reason)
{
	struct gt_event e;
	memset(&e, 0, sizeof e);
	e.ts = ts;
	e.g = ctx_g;
	e.p = e.m = GT_NONE;
	e.kind = GT_EV_STATE_TRANSITION;
	e.u.trans.resource = GT_RES_GOROUTINE;
	e.u.trans.from = (uint8_t)from;
	e.u.trans.to = (uint8_t)to;
	e.u.trans.id = id;
	e.u.trans.reason = reason;
	assert_int_equal(gt_model_add(m, &e), 0);
}

static void gtrans(int64_t ts, int64_t ctx_g, int64_t id, int from, int to)
{
	gtrans_why(ts, ctx_g, id, from, to, 0);
}

struct collect {
	struct gt_gspan v[512];
	int n;
};

static int keep(void *ctx, const struct gt_gspan *s)
{
	struct collect *c = ctx;
	if (c->n < 512)
		c->v[c->n] = *s;
	c->n++;
	return 0;
}

static const int64_t durs[] = {
	1, 127, 128, 16383, 16384, 2097151, 2097152, (1 << 28) - 1, 1 << 28, (int64_t)1 << 35, 3,
};
#define NDUR (sizeof durs / sizeof *durs)

/* g1 alternates Runnable/Waiting with the durations above; g2 has MID
 * intervals (past the inline bytes, under a chunk); g3 LONG (six 1 KiB
 * chunks); goroutines 1000.. are SHORT ones created by g1 (a huge id as
 * creator for the last), each Runnable then ended. */
#define MID 40
#define LONG 3000
#define SHORT 3000
#define BIG_CREATOR ((int64_t)1 << 40)

static int64_t t_end;

static int setup(void **state)
{
	(void)state;
	m = gt_model_new();
	assert_non_null(m);
	int64_t t = 1000;
	gtrans(t, 1, 1, GT_GS_UNDETERMINED, GT_GS_RUNNABLE);
	gtrans(t, 2, 2, GT_GS_UNDETERMINED, GT_GS_RUNNABLE);
	gtrans(t, 3, 3, GT_GS_UNDETERMINED, GT_GS_RUNNABLE);
	for (int k = 0; k < 2; k++)
		for (size_t i = 0; i < NDUR; i++) {
			t += durs[i];
			int w = (int)((k * NDUR + i) % 2);
			gtrans(t, 1, 1, w ? GT_GS_WAITING : GT_GS_RUNNABLE, w ? GT_GS_RUNNABLE : GT_GS_WAITING);
		}
	for (int i = 0; i < LONG; i++) {
		if (i < MID)
			gtrans(t + i, 2, 2, i % 2 ? GT_GS_WAITING : GT_GS_RUNNABLE,
			       i % 2 ? GT_GS_RUNNABLE : GT_GS_WAITING);
		gtrans(t + i, 3, 3, i % 2 ? GT_GS_WAITING : GT_GS_RUNNABLE,
		       i % 2 ? GT_GS_RUNNABLE : GT_GS_WAITING);
	}
	t += LONG;
	for (int64_t i = 0; i < SHORT; i++) {
		int64_t id = 1000 + i;
		gtrans(t + 10 * i, i == SHORT - 1 ? BIG_CREATOR : 1, id, GT_GS_NOTEXIST, GT_GS_RUNNABLE);
		gtrans(t + 10 * i + 1 + i % 7, id, id, GT_GS_RUNNABLE, GT_GS_NOTEXIST);
	}
	t_end = t + 10 * SHORT + 10;
	gtrans(t_end, 1, 1, GT_GS_RUNNABLE, GT_GS_WAITING); /* every duration done twice: even */
	gt_model_finish(m);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	gt_model_free(m);
	return 0;
}

static void test_varint_edges(void **state)
{
	(void)state;
	static struct collect c;
	c.n = 0;
	uint32_t g1 = gt_model_g_find(m, 1);
	gt_model_g_spans(m, g1, INT64_MIN, INT64_MAX, keep, &c);
	assert_int_equal(c.n, 2 * NDUR + 2); /* + the last Runnable, + Waiting to the end */
	int64_t t = 1000;
	for (int k = 0; k < 2; k++)
		for (size_t i = 0; i < NDUR; i++) {
			const struct gt_gspan *s = &c.v[k * NDUR + i];
			assert_int_equal(s->start, t);
			assert_int_equal(s->end, t + durs[i]);
			assert_int_equal(s->state, (k * NDUR + i) % 2 ? GT_GS_WAITING : GT_GS_RUNNABLE);
			t += durs[i];
		}
	struct gt_goroutine g;
	assert_int_equal(gt_model_g(m, g1, &g), 0);
	assert_int_equal(g.intervals, 2 * NDUR + 2);
	assert_int_equal(g.end_state, GT_GS_WAITING);
	assert_int_equal(g.end_since, t_end);
}

static void check_alternating(int64_t id, int n, int64_t t0)
{
	static struct collect c;
	c.n = 0;
	uint32_t gi = gt_model_g_find(m, id);
	gt_model_g_spans(m, gi, INT64_MIN, INT64_MAX, keep, &c);
	assert_int_equal(c.n, n + 1);
	/* the first interval runs from the start to t0; then one per ns */
	assert_int_equal(c.v[0].end, t0);
	for (int i = 1; i < n && i < 512; i++) {
		assert_int_equal(c.v[i].start, t0 + i - 1);
		assert_int_equal(c.v[i].end, t0 + i);
		assert_int_equal(c.v[i].state, i % 2 ? GT_GS_WAITING : GT_GS_RUNNABLE);
	}
	struct gt_goroutine g;
	assert_int_equal(gt_model_g(m, gi, &g), 0);
	assert_int_equal(g.intervals, n + 1);
	assert_int_equal(g.ns[GT_GS_RUNNABLE] + g.ns[GT_GS_WAITING], t_end - 1000);
	/* per-column sums: whole chunks count through the index's per-state
	 * prefix sums, the rest record by record */
	struct gt_col cols[3];
	gt_model_lane_columns(m, GT_LANE_G, gi, 1000, t_end, 1, cols);
	assert_int_equal(cols[0].ns[GT_GS_RUNNABLE], g.ns[GT_GS_RUNNABLE]);
	assert_int_equal(cols[0].ns[GT_GS_WAITING], g.ns[GT_GS_WAITING]);
	assert_int_equal(cols[0].ns[GT_GS_WAITING], n / 2);
	gt_model_lane_columns(m, GT_LANE_G, gi, t0, t0 + 6 * (n / 6), 3, cols);
	for (int i = 0; i < 3; i++) {
		assert_int_equal(cols[i].ns[GT_GS_WAITING], n / 6);
		assert_int_equal(cols[i].ns[GT_GS_RUNNABLE], n / 6);
	}
	/* a window in the middle finds its intervals (chunk index) */
	c.n = 0;
	gt_model_g_spans(m, gi, t0 + n / 2, t0 + n / 2 + 3, keep, &c);
	assert_int_equal(c.n, 3);
	assert_int_equal(c.v[0].start, t0 + n / 2);
}

static void test_outgrown_logs(void **state)
{
	(void)state;
	int64_t t0 = 1000;
	for (int k = 0; k < 2; k++)
		for (size_t i = 0; i < NDUR; i++)
			t0 += durs[i];
	check_alternating(2, MID, t0);
	check_alternating(3, LONG, t0);
}

static void test_short_goroutines(void **state)
{
	(void)state;
	int64_t t = t_end - 10 * SHORT - 10;
	for (int64_t i = 0; i < SHORT; i++) {
		struct gt_goroutine g;
		uint32_t gi = gt_model_g_find(m, 1000 + i);
		assert_int_equal(gt_model_g(m, gi, &g), 0);
		assert_int_equal(g.created, t + 10 * i);
		assert_int_equal(g.creator, i == SHORT - 1 ? BIG_CREATOR : 1);
		assert_int_equal(g.intervals, 1); /* the end marker is no interval */
		assert_int_equal(g.ns[GT_GS_RUNNABLE], 1 + i % 7);
		assert_int_equal(g.end_state, GT_GS_NOTEXIST);
		assert_int_equal(g.end_since, t + 10 * i + 1 + i % 7);
	}
}

static void test_counts(void **state)
{
	(void)state;
	/* over the whole trace: the mean numbers of goroutines are their
	 * times per state over its length (the last bucket, cut by the end,
	 * counts as a whole one: not exact) */
	struct gt_gcount c[10];
	int64_t span = t_end - 1000;
	gt_model_gcounts(m, 1000, t_end, 1, c);
	struct gt_goroutine g;
	double runnable = 0, waiting = 0;
	for (uint32_t gi = 0; gi < gt_model_g_count(m); gi++) {
		assert_int_equal(gt_model_g(m, gi, &g), 0);
		runnable += (double)g.ns[GT_GS_RUNNABLE];
		waiting += (double)g.ns[GT_GS_WAITING];
	}
	assert_float_equal(c[0].runnable, (float)(runnable / (double)span), 1e-3);
	assert_float_equal(c[0].waiting, (float)(waiting / (double)span), 1e-3);
	assert_float_equal(c[0].running, 0, 0);
	/* inside g1's 2^35 ns interval of each round (Waiting, then Runnable),
	 * with g2 and g3 Runnable and nobody else: exact, though its buckets
	 * were merged many times */
	int64_t t = 1000;
	for (int k = 0; k < 2; k++) {
		for (size_t i = 0; i < 9; i++)
			t += durs[i];
		gt_model_gcounts(m, t + ((int64_t)1 << 34), t + ((int64_t)1 << 34) + 1000000000, 10, c);
		for (int i = 0; i < 10; i++) {
			assert_float_equal(c[i].runnable, k ? 3 : 2, 0);
			assert_float_equal(c[i].waiting, k ? 0 : 1, 0);
			assert_float_equal(c[i].syscall, 0, 0);
		}
		for (size_t i = 9; i < NDUR; i++)
			t += durs[i];
	}
}

/* Times spanning nearly all of int64 (a hostile trace's): the buckets
 * widen until one covers 2^53 us (their width times their number passes
 * int64 there), and windows wider than int64 are asked for; one
 * goroutine Running throughout counts 1 everywhere. */
static void test_counts_huge_span(void **state)
{
	(void)state;
	struct gt_model *keep_m = m;
	m = gt_model_new();
	assert_non_null(m);
	gtrans(1, 1, 7, GT_GS_NOTEXIST, GT_GS_RUNNABLE);
	gtrans(2, 1, 7, GT_GS_RUNNABLE, GT_GS_RUNNING);
	gtrans(INT64_MAX / 2, 7, 7, GT_GS_RUNNING, GT_GS_RUNNING);
	gtrans(INT64_MAX - 1, 7, 7, GT_GS_RUNNING, GT_GS_WAITING);
	gt_model_finish(m);
	struct gt_gcount c[7];
	gt_model_gcounts(m, 2, INT64_MAX - 1, 1, c);
	assert_float_equal(c[0].running, 1, 1e-3);
	assert_float_equal(c[0].runnable, 0, 1e-3);
	/* columns of 2^64 / 7 ns: the first three end before the trace */
	gt_model_gcounts(m, INT64_MIN, INT64_MAX, 7, c);
	for (int i = 0; i < 7; i++) {
		assert_float_equal(c[i].running, i < 3 ? 0 : 1, 1e-3);
		assert_float_equal(c[i].waiting + c[i].syscall, 0, 1e-3);
	}
	/* its lane's columns over the same window tile its Running time */
	struct gt_col cols[7];
	gt_model_lane_columns(m, GT_LANE_G, 0, INT64_MIN, INT64_MAX, 7, cols);
	int64_t running = 0;
	for (int i = 0; i < 7; i++) {
		assert_true(i < 3 ? cols[i].ns[GT_GS_RUNNING] == 0 : cols[i].ns[GT_GS_RUNNING] > 0);
		running += cols[i].ns[GT_GS_RUNNING];
	}
	assert_int_equal(running, INT64_MAX - 3);
	gt_model_free(m);
	m = keep_m;
}

/* Lookup by Go id over ids handed out as the runtime does (per-P batches
 * of 16, so creation order shuffles them): the radix sort's case, and with
 * one id past 2^32 from the least the comparison sort's. */
static void check_ids(int64_t huge)
{
	struct gt_model *keep_m = m;
	m = gt_model_new();
	assert_non_null(m);
	enum { NP = 8, ROUNDS = 40, BATCH = 16 };
	int64_t t = 10, n = 0;
	for (int r = 0; r < ROUNDS; r++)
		for (int k = 0; k < BATCH; k++)
			for (int p = 0; p < NP; p++, n++) {
				int64_t id = 5 + (int64_t)(r * NP + (NP - 1 - p)) * BATCH + k;
				gtrans(t++, 1, id, GT_GS_NOTEXIST, GT_GS_RUNNABLE);
			}
	if (huge)
		gtrans(t++, 1, huge, GT_GS_NOTEXIST, GT_GS_RUNNABLE), n++;
	gt_model_finish(m);
	assert_int_equal(gt_model_g_count(m), n);
	int64_t prev = INT64_MIN;
	for (uint32_t r = 0; r < (uint32_t)n; r++) {
		uint32_t gi = gt_model_g_by_id(m, r);
		assert_true(gi < (uint32_t)n);
		int64_t id = gt_model_g_id(m, gi);
		assert_true(id > prev);
		prev = id;
		assert_int_equal(gt_model_g_find(m, id), gi);
	}
	assert_int_equal(gt_model_g_find(m, 4), UINT32_MAX);
	assert_int_equal(gt_model_g_by_id(m, (uint32_t)n), UINT32_MAX);
	gt_model_free(m);
	m = keep_m;
}

static void test_ids_sorted(void **state)
{
	(void)state;
	check_ids(0);
	check_ids((int64_t)1 << 40);
}

/* A goroutine's log as the model should keep it: its intervals. */
#define RLOG_MAX 150000
static struct gt_gspan want[RLOG_MAX + 1];

/* Column [c0, c1)'s figures from the intervals themselves: time per state
 * and the top (the state of the longest part, the first of the longest)
 * with its reason. */
static void brute_col(int n, int64_t c0, int64_t c1, struct gt_col *out)
{
	memset(out, 0, sizeof *out);
	out->top = UINT32_MAX;
	int64_t best = 0;
	for (int i = 0; i < n; i++) {
		int64_t a = want[i].start > c0 ? want[i].start : c0;
		int64_t z = want[i].end < c1 ? want[i].end : c1;
		if (z <= a)
			continue;
		out->ns[want[i].state] += z - a;
		if (z - a > best) {
			best = z - a;
			out->top = want[i].state;
			out->reason = want[i].reason;
		}
	}
}

static void check_columns(uint32_t gi, int n, int64_t t0, int64_t t1, uint32_t ncols)
{
	static struct gt_col cols[1000];
	gt_model_lane_columns(m, GT_LANE_G, gi, t0, t1, ncols, cols);
	double w = (double)(t1 - t0) / ncols;
	for (uint32_t i = 0; i < ncols; i++) {
		int64_t c0 = t0 + (int64_t)(w * i);
		int64_t c1 = i + 1 == ncols ? t1 : t0 + (int64_t)(w * (i + 1));
		struct gt_col b;
		brute_col(n, c0, c1, &b);
		assert_int_equal(cols[i].top, b.top);
		assert_int_equal(cols[i].reason, b.reason);
		for (int k = 0; k < GT_GS__COUNT && k < GT_COL_CLASSES; k++)
			assert_int_equal(cols[i].ns[k], b.ns[k]);
	}
}

/* nlog random transitions of one goroutine: Waiting with 300 reasons
 * (keys past 127: two varint bytes), lengths from 0 to 2^30, and now and
 * then time going back (a record with a gap after the first; the
 * interval before it is cut to nothing), spread over several chunks;
 * then its end.  With tick (ns), a first sync says the clock ticks in
 * that many ns: times are whole ticks but now and then one is not.
 * Read back interval by interval, and per column against the intervals
 * themselves (the top must not depend on where chunks begin), in each of
 * the layouts. */
static void random_log(int64_t tick, int nlog, const uint32_t *layouts, size_t nlayouts)
{
	struct gt_model *keep_m = m;
	m = gt_model_new();
	assert_non_null(m);
	int64_t unit = 1;
	if (tick) {
		struct gt_event e;
		memset(&e, 0, sizeof e);
		e.g = e.p = e.m = GT_NONE;
		e.kind = GT_EV_SYNC;
		e.u.sync.n = 1;
		e.u.sync.tick_ns = tick;
		assert_int_equal(gt_model_add(m, &e), 0);
		unit = tick;
	}
	uint64_t rs = 0x9E3779B97F4A7C15ull;
	int64_t t = 100 * unit, since = t, id = 7;
	uint8_t st = GT_GS_RUNNABLE;
	gt_str why = 0;
	gtrans(t, 1, id, GT_GS_NOTEXIST, st);
	int n = 0;
	for (int i = 0; i < nlog; i++) {
		uint64_t r = xorshift64(&rs);
		int64_t d = (int64_t)(r % 200);
		if (r % 7 == 0)
			d = (int64_t)((r >> 8) % ((uint64_t)1 << (r >> 40) % 31));
		if (r % 53 == 0)
			d = -(int64_t)((r >> 8) % 100);
		d *= unit;
		if (r % 101 == 0)
			d += (int64_t)((r >> 20) % 5); /* not a whole tick (0 is) */
		t += d;
		uint8_t to = (uint8_t)(st == GT_GS_RUNNABLE ? (r >> 4) % 2 ? GT_GS_WAITING : GT_GS_SYSCALL
		                                           : GT_GS_RUNNABLE);
		gt_str nwhy = to == GT_GS_WAITING ? (gt_str)(1 + (r >> 12) % 300) : 0;
		gtrans_why(t, id, id, st, to, nwhy);
		want[n++] = (struct gt_gspan){since, t > since ? t : since, st, why, 0, GT_NONE};
		since = t;
		st = to;
		why = nwhy;
	}
	t += 5;
	gtrans(t, id, id, st, GT_GS_NOTEXIST);
	want[n++] = (struct gt_gspan){since, t > since ? t : since, st, why, 0, GT_NONE};
	gt_model_finish(m);

	uint32_t gi = gt_model_g_find(m, id);
	static struct collect c;
	c.n = 0;
	gt_model_g_spans(m, gi, INT64_MIN, INT64_MAX, keep, &c);
	assert_int_equal(c.n, n);
	for (int i = 0; i < n && i < 512; i++) {
		assert_int_equal(c.v[i].start, want[i].start);
		assert_int_equal(c.v[i].end, want[i].end);
		assert_int_equal(c.v[i].state, want[i].state);
		assert_int_equal(c.v[i].reason, want[i].reason);
	}
	struct gt_goroutine g;
	assert_int_equal(gt_model_g(m, gi, &g), 0);
	assert_int_equal(g.intervals, n);
	assert_int_equal(g.end_state, GT_GS_NOTEXIST);
	assert_int_equal(g.end_since, t);
	int64_t a = 100, z = t + 1;
	for (size_t k = 0; k < nlayouts; k++) {
		check_columns(gi, n, a, z, layouts[k]);
		check_columns(gi, n, a + (z - a) / 3, a + (z - a) / 3 + (z - a) / 50, layouts[k]);
	}
	gt_model_free(m);
	m = keep_m;
}

static void test_random_log(void **state)
{
	(void)state;
	static const uint32_t layouts[] = {1, 7, 200, 997}, wide[] = {1, 2, 3};
	random_log(0, 6000, layouts, 4);
	random_log(64, 6000, layouts, 4);
	/* hundreds of chunks: wide columns pass whole groups of index
	 * entries (GT_GIX_GROUP) */
	random_log(64, RLOG_MAX, wide, 3);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_varint_edges),
		cmocka_unit_test(test_outgrown_logs),
		cmocka_unit_test(test_short_goroutines),
		cmocka_unit_test(test_counts),
		cmocka_unit_test(test_counts_huge_span),
		cmocka_unit_test(test_ids_sorted),
		cmocka_unit_test(test_random_log),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
