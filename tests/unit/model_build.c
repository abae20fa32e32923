/* model_build.c: the model fed with synthetic event sequences (no decoder):
 * goroutine intervals and totals, P spans, window queries, per-column
 * summaries, the packed logs' index (a goroutine with thousands of
 * intervals), lookups, search, ranges, metrics and MMU. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "model/model.h"

static struct gt_model *m;
static gt_str s_chan, s_worker, s_main, s_gc;
static gt_stack st_create, st_start, st_block;

static gt_stack stack1(const char *func, const char *file, uint32_t line, uint64_t pc)
{
	struct gt_tables *t = gt_model_tables_mut(m);
	struct gt_frame f = {pc, gt_str_intern(t, func, strlen(func)),
	                     gt_str_intern(t, file, strlen(file)), line};
	uint32_t id = gt_frame_intern(t, &f);
	return gt_stack_intern(t, &id, 1);
}

static void ev_base(struct gt_event *e, int64_t ts, int64_t g, int64_t p)
{
	memset(e, 0, sizeof *e);
	e->ts = ts;
	e->g = g;
	e->p = p;
	e->m = p; /* one M per P here */
}

static void gtrans(int64_t ts, int64_t ctx_g, int64_t p, int64_t id, int from, int to,
                   gt_str reason, gt_stack tstack, gt_stack evstack)
{
	struct gt_event e;
	ev_base(&e, ts, ctx_g, p);
	e.kind = GT_EV_STATE_TRANSITION;
	e.stack = evstack;
	e.u.trans.resource = GT_RES_GOROUTINE;
	e.u.trans.from = (uint8_t)from;
	e.u.trans.to = (uint8_t)to;
	e.u.trans.id = id;
	e.u.trans.reason = reason;
	e.u.trans.stack = tstack;
	assert_int_equal(gt_model_add(m, &e), 0);
}

static void ptrans(int64_t ts, int64_t p, int from, int to)
{
	struct gt_event e;
	ev_base(&e, ts, GT_NONE, p);
	e.kind = GT_EV_STATE_TRANSITION;
	e.u.trans.resource = GT_RES_PROC;
	e.u.trans.from = (uint8_t)from;
	e.u.trans.to = (uint8_t)to;
	e.u.trans.id = p;
	assert_int_equal(gt_model_add(m, &e), 0);
}

static void range(int64_t ts, int kind, int rkind, gt_str reason)
{
	struct gt_event e;
	ev_base(&e, ts, 1, 0);
	e.kind = (uint16_t)kind;
	e.u.range.rkind = (uint8_t)rkind;
	e.u.range.scope = GT_RES_GOROUTINE;
	e.u.range.scope_id = 1;
	e.u.range.reason = reason;
	assert_int_equal(gt_model_add(m, &e), 0);
}

static void metric(int64_t ts, int mk, uint64_t v)
{
	struct gt_event e;
	ev_base(&e, ts, GT_NONE, GT_NONE);
	e.kind = GT_EV_METRIC;
	e.u.metric.mkind = (uint8_t)mk;
	e.u.metric.value = v;
	assert_int_equal(gt_model_add(m, &e), 0);
}

#define LONG_N 6000 /* intervals of goroutine 3: many chunks */

/* g1 runs, creates g2, blocks on a channel; g2 runs, wakes g1, ends; g1
 * runs to the end.  g3 alternates Runnable/Running on P1 LONG_N times.
 * One STW [600, 700).  The trace ends at 100000. */
static int setup(void **state)
{
	(void)state;
	m = gt_model_new();
	assert_non_null(m);
	struct gt_tables *t = gt_model_tables_mut(m);
	s_chan = gt_str_intern(t, "chan receive", 12);
	s_gc = gt_str_intern(t, "GC", 2);
	st_create = stack1("main.main", "/src/main.go", 10, 0x100);
	st_start = stack1("main.worker", "/src/worker.go", 5, 0x200);
	st_block = stack1("main.main", "/src/main.go", 12, 0x104);
	s_worker = gt_str_intern(t, "main.worker", 11);
	s_main = gt_str_intern(t, "main.main", 9);

	metric(100, GT_METRIC_GOMAXPROCS, 2);
	ptrans(100, 0, GT_PS_IDLE, GT_PS_RUNNING);
	gtrans(100, 1, 0, 1, GT_GS_UNDETERMINED, GT_GS_RUNNING, 0, 0, 0);
	gtrans(200, 1, 0, 2, GT_GS_NOTEXIST, GT_GS_RUNNABLE, 0, st_start, st_create);
	gtrans(300, 1, 0, 1, GT_GS_RUNNING, GT_GS_WAITING, s_chan, st_block, st_block);
	gtrans(300, 2, 0, 2, GT_GS_RUNNABLE, GT_GS_RUNNING, 0, 0, 0);
	gtrans(400, 2, 0, 1, GT_GS_WAITING, GT_GS_RUNNABLE, 0, 0, 0);
	gtrans(500, 2, 0, 2, GT_GS_RUNNING, GT_GS_NOTEXIST, 0, 0, 0);
	gtrans(500, 1, 0, 1, GT_GS_RUNNABLE, GT_GS_RUNNING, 0, 0, 0);
	range(600, GT_EV_RANGE_BEGIN, GT_RANGE_STW, s_gc);
	range(700, GT_EV_RANGE_END, GT_RANGE_STW, s_gc);
	metric(800, GT_METRIC_HEAP_ALLOC, 4096);
	ptrans(1000, 1, GT_PS_IDLE, GT_PS_RUNNING);
	int64_t ts = 1000;
	for (int i = 0; i < LONG_N; i++, ts += 10) {
		int run = i % 2;
		gtrans(ts, 3, 1, 3, i == 0 ? GT_GS_UNDETERMINED : run ? GT_GS_RUNNABLE : GT_GS_RUNNING,
		       run ? GT_GS_RUNNING : GT_GS_RUNNABLE, 0, i == 0 ? st_start : 0, 0);
		if (i % 100 == 0)
			metric(ts, GT_METRIC_HEAP_ALLOC, 4096 + (uint64_t)i);
	}
	metric(100000, GT_METRIC_HEAP_ALLOC, 8192);
	gt_model_finish(m);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	gt_model_free(m);
	return 0;
}

static void test_info(void **state)
{
	(void)state;
	struct gt_trace_info in;
	gt_model_info(m, &in);
	assert_int_equal(in.min_ts, 100);
	assert_int_equal(in.max_ts, 100000);
	assert_int_equal(in.goroutines, 3);
	assert_int_equal(in.procs, 2);
	assert_int_equal(in.stws, 1);
	assert_true(in.model_bytes > 0);
}

static void test_goroutines(void **state)
{
	(void)state;
	struct gt_goroutine g;
	uint32_t g1 = gt_model_g_find(m, 1), g2 = gt_model_g_find(m, 2);
	assert_int_not_equal(g1, UINT32_MAX);
	assert_int_equal(gt_model_g_find(m, 99), UINT32_MAX);
	assert_int_equal(gt_model_g(m, g1, &g), 0);
	assert_int_equal(g.id, 1);
	assert_int_equal(g.created, INT64_MIN);
	assert_int_equal(g.ns[GT_GS_RUNNING], 200 + (100000 - 500));
	assert_int_equal(g.ns[GT_GS_WAITING], 100);
	assert_int_equal(g.ns[GT_GS_RUNNABLE], 100);
	assert_int_equal(g.end_state, GT_GS_RUNNING);
	assert_int_equal(g.end_since, 500);
	assert_int_equal(g.intervals, 4);
	assert_int_equal(g.start_func, s_main); /* root of its first stack */

	assert_int_equal(gt_model_g(m, g2, &g), 0);
	assert_int_equal(g.created, 200);
	assert_int_equal(g.creator, 1);
	assert_int_equal(g.create_stack, st_create);
	assert_int_equal(g.start_func, s_worker);
	assert_int_equal(g.end_state, GT_GS_NOTEXIST);
	assert_int_equal(g.end_since, 500);
	assert_int_equal(g.ns[GT_GS_RUNNABLE], 100);
	assert_int_equal(g.ns[GT_GS_RUNNING], 200);
	assert_int_equal(g.intervals, 2);
	assert_int_equal(gt_model_g(m, 7, &g), -1);
	/* rank order by id */
	for (uint32_t r = 0; r < 3; r++)
		assert_int_equal(gt_model_g_id(m, gt_model_g_by_id(m, r)), (int64_t)r + 1);
}

struct collect {
	struct gt_gspan v[16];
	int n;
};

static int keep(void *ctx, const struct gt_gspan *s)
{
	struct collect *c = ctx;
	if (c->n < 16)
		c->v[c->n] = *s;
	c->n++;
	return 0;
}

static void test_g_spans(void **state)
{
	(void)state;
	struct collect c = {.n = 0};
	uint32_t g1 = gt_model_g_find(m, 1);
	gt_model_g_spans(m, g1, INT64_MIN, INT64_MAX, keep, &c);
	assert_int_equal(c.n, 4);
	assert_int_equal(c.v[1].state, GT_GS_WAITING);
	assert_int_equal(c.v[1].reason, s_chan);
	assert_int_equal(c.v[1].stack, st_block);
	assert_int_equal(c.v[1].start, 300);
	assert_int_equal(c.v[1].end, 400);
	assert_int_equal(c.v[0].p, 0);
	c.n = 0;
	gt_model_g_spans(m, g1, 350, 450, keep, &c);
	assert_int_equal(c.n, 2); /* waiting, runnable */
	assert_int_equal(c.v[0].start, 300);
	assert_int_equal(c.v[1].state, GT_GS_RUNNABLE);
}

static void test_long_goroutine(void **state)
{
	(void)state;
	uint32_t g3 = gt_model_g_find(m, 3);
	struct gt_goroutine g;
	gt_model_g(m, g3, &g);
	assert_int_equal(g.intervals, LONG_N);
	int64_t last_start = 1000 + 10 * (LONG_N - 1);
	assert_int_equal(g.end_since, last_start);
	assert_int_equal(g.ns[GT_GS_RUNNING] + g.ns[GT_GS_RUNNABLE], 100000 - 1000);
	assert_int_equal(g.start_func, s_worker);
	/* a window deep inside: binary search lands on the right interval */
	struct collect c = {.n = 0};
	gt_model_g_spans(m, g3, 40005, 40025, keep, &c);
	assert_int_equal(c.n, 3);
	assert_int_equal(c.v[0].start, 40000);
	assert_int_equal(c.v[2].start, 40020);
	/* columns: per-state sums add up to the window */
	struct gt_col cols[7];
	gt_model_lane_columns(m, GT_LANE_G, g3, 1000, 61000, 7, cols);
	int64_t tot = 0;
	uint32_t spans = 0;
	for (int i = 0; i < 7; i++) {
		tot += cols[i].ns[GT_GS_RUNNING] + cols[i].ns[GT_GS_RUNNABLE];
		spans += cols[i].spans;
		assert_true(cols[i].top == GT_GS_RUNNING || cols[i].top == GT_GS_RUNNABLE);
	}
	assert_int_equal(tot, 60000);
	assert_int_equal(spans, 6000);
}

static int pkeep(void *ctx, const struct gt_pspan *s)
{
	struct gt_pspan *v = ctx;
	int i = 0;
	while (v[i].end)
		i++;
	if (i < 7)
		v[i] = *s;
	return 0;
}

static void test_procs(void **state)
{
	(void)state;
	assert_int_equal(gt_model_p_count(m), 2);
	struct gt_pspan v[8];
	memset(v, 0, sizeof v);
	gt_model_p_spans(m, 0, INT64_MIN, INT64_MAX, pkeep, v);
	uint32_t g1 = gt_model_g_find(m, 1), g2 = gt_model_g_find(m, 2);
	assert_int_equal(v[0].g, g1);
	assert_int_equal(v[0].start, 100);
	assert_int_equal(v[0].end, 300);
	assert_int_equal(v[1].g, g2);
	assert_int_equal(v[1].end, 500);
	assert_int_equal(v[2].g, g1);
	assert_int_equal(v[2].end, 100000);
	assert_int_equal(v[3].end, 0);
	assert_int_equal(gt_model_p(m, 0)->busy_ns, 99900);
	struct gt_col cols[3];
	gt_model_lane_columns(m, GT_LANE_P, 0, 0, 600, 3, cols);
	assert_int_equal(cols[0].ns[0], 100); /* [0,200): g1 from 100 */
	assert_int_equal(cols[1].ns[0], 200);
	assert_int_equal(cols[2].ns[0], 200);
	assert_int_equal(cols[0].top, g1);
	assert_int_equal(cols[1].spans, 1); /* g2 starts at 300 */
	/* M lanes: M0 holds P0 from 100 to the end */
	assert_int_equal(gt_model_m_count(m), 2);
	assert_int_equal(gt_model_m(m, 0)->busy_ns, 99900);
}

static void test_gc_and_metrics(void **state)
{
	(void)state;
	size_t n;
	const struct gt_range *r = gt_model_ranges(m, GT_RS_STW, &n);
	assert_int_equal(n, 1);
	assert_int_equal(r[0].start, 600);
	assert_int_equal(r[0].end, 700);
	assert_int_equal(r[0].reason, s_gc);
	assert_int_equal(gt_model_ranges_from(m, GT_RS_STW, 650), 0);
	assert_int_equal(gt_model_ranges_from(m, GT_RS_STW, 700), 1);
	assert_true(gt_model_mmu(m, 50) == 0.0);
	double whole = gt_model_mmu(m, 1000000);
	assert_true(whole > 0.998 && whole < 0.9991); /* 1 - 100/99900 */
	size_t hn = gt_model_metric_count(m, GT_METRIC_HEAP_ALLOC);
	assert_int_equal(hn, 2 + LONG_N / 100);
	struct gt_point pt;
	assert_int_equal(gt_model_metric_get(m, GT_METRIC_HEAP_ALLOC, hn - 1, &pt), 0);
	assert_int_equal(pt.ts, 100000);
	assert_int_equal(pt.value, 8192);
	assert_int_equal(gt_model_metric_get(m, GT_METRIC_HEAP_ALLOC, 2, &pt), 0);
	assert_int_equal(pt.value, 4096 + 100);
	size_t at = gt_model_metric_at(m, GT_METRIC_HEAP_ALLOC, 2005);
	assert_int_equal(at, 2);
	assert_int_equal(gt_model_metric_at(m, GT_METRIC_HEAP_ALLOC, 10), SIZE_MAX);
	uint64_t cols[2];
	gt_model_metric_columns(m, GT_METRIC_HEAP_ALLOC, 0, 100001, 2, cols);
	assert_int_equal(cols[0], 4096 + 4800); /* last point before 50000 */
	assert_int_equal(cols[1], 4096 + 5900); /* larger than the last, 8192 */
}

static void test_counts_and_search(void **state)
{
	(void)state;
	struct gt_gcount c[1];
	gt_model_gcounts(m, 100, 100000, 1, c);
	/* running: g1 99700 ns, g2 200 ns, g3 69000 ns over 99900 ns */
	assert_true(c[0].running > 1.68f && c[0].running < 1.70f);
	assert_true(c[0].waiting > 0.0f && c[0].waiting < 0.01f);
	size_t n;
	uint32_t *gs = gt_model_str_goroutines(m, s_worker, &n);
	assert_int_equal(n, 2); /* g2 and g3 start in main.worker */
	assert_int_equal(gt_model_str_goroutine_count(m, s_worker), 2);
	assert_int_equal(gs[0], gt_model_g_find(m, 2));
	assert_int_equal(gs[1], gt_model_g_find(m, 3));
	free(gs);
	gs = gt_model_str_goroutines(m, s_chan, &n);
	assert_int_equal(n, 1);
	assert_int_equal(gs[0], gt_model_g_find(m, 1));
	free(gs);
	const struct gt_ref *ev = gt_model_str_events(m, s_gc, &n);
	assert_int_equal(n, 1);
	assert_int_equal(ev[0].what, GT_REF_STW);
	assert_int_equal(gt_model_func_is_user("main.main"), 1);
	assert_int_equal(gt_model_func_is_user("github.com/x/y.F"), 1);
	assert_int_equal(gt_model_func_is_user("runtime.gopark"), 0);
	assert_int_equal(gt_model_func_is_user("net/http.(*conn).serve"), 0);
}

/* The search query: smart case, strings, stacks, events and windows. */
static void test_find(void **state)
{
	(void)state;
	assert_int_equal(gt_text_fold("chan", 4), 1);
	assert_int_equal(gt_text_fold("Chan", 4), 0);
	assert_int_equal(gt_text_in("CHAN RECEIVE", 12, "chan", 4, 1), 1);
	assert_int_equal(gt_text_in("CHAN RECEIVE", 12, "Chan", 4, 0), 0);
	assert_int_equal(gt_text_in("a\001b", 3, "\001b", 2, 1), 1); /* bytes */
	assert_int_equal(gt_text_in("ab", 2, "abc", 3, 1), 0);
	struct gt_find_opts o = {.t0 = INT64_MIN, .t1 = INT64_MAX, .max_events = 16};
	struct gt_find_result r;
	/* a file: g2's creation (by g1's stack) and g1's block */
	assert_int_equal(gt_model_find(m, "main.go", 7, &o, &r), 0);
	assert_int_equal(r.strs.n, 1);
	assert_int_equal(r.strs.files, 1);
	assert_int_equal(r.stacks, 2);
	assert_int_equal(r.events, 2);
	assert_int_equal(r.goroutines, 2);
	assert_int_equal(r.nev, 2);
	assert_int_equal(r.ev[0].ts, 200);
	assert_int_equal(r.ev[0].gi, gt_model_g_find(m, 2));
	assert_int_equal(r.ev[0].from, GT_GS_NOTEXIST);
	assert_int_equal(r.ev[0].stack, st_create);
	assert_int_equal(r.ev[1].ts, 300);
	assert_int_equal(r.ev[1].gi, gt_model_g_find(m, 1));
	assert_int_equal(gt_model_find_frame(m, r.ev[1].stack, "main.go", 7), gt_stack_frames(gt_model_tables(m), st_block)[0]);
	gt_find_result_free(&r);
	/* a function: g2's and g3's first stacks */
	assert_int_equal(gt_model_find(m, "worker", 6, &o, &r), 0);
	assert_int_equal(r.strs.functions, 1);
	assert_int_equal(r.events, 2);
	assert_int_equal(r.goroutines, 2);
	gt_find_result_free(&r);
	/* a reason, in either case unless an upper-case letter says */
	assert_int_equal(gt_model_find(m, "CHAN", 4, &o, &r), 0);
	assert_int_equal(r.events, 0);
	gt_find_result_free(&r);
	assert_int_equal(gt_model_find(m, "chan", 4, &o, &r), 0);
	assert_int_equal(r.events, 1);
	assert_int_equal(r.ev[0].str, s_chan);
	gt_find_result_free(&r);
	/* a window keeps the events in it */
	o.t0 = 250;
	o.t1 = 1000;
	assert_int_equal(gt_model_find(m, "main.go", 7, &o, &r), 0);
	assert_int_equal(r.events, 1);
	assert_int_equal(r.ev[0].ts, 300);
	gt_find_result_free(&r);
}

/* A range event with its own scope, goroutine and stack. */
static void range_of(int64_t ts, int kind, int rkind, int64_t scope_id, int64_t g, gt_stack st)
{
	struct gt_event e;
	ev_base(&e, ts, g, 0);
	e.kind = (uint16_t)kind;
	e.stack = st;
	e.u.range.rkind = (uint8_t)rkind;
	e.u.range.scope = GT_RES_GOROUTINE;
	e.u.range.scope_id = scope_id;
	assert_int_equal(gt_model_add(m, &e), 0);
}

/* A GC cycle's figures (gt_model_gc_cycle), range coverage as a union,
 * the MMU curve and the blocked groups, on a model of their own: one
 * cycle [1000, 5000) begun by G10 in main.alloc; G10 assists over
 * [1500, 6000) but waits for a P over [2000, 3000); G11 assists over
 * [2000, 2500) running; pauses [900, 1100) and [4900, 5100); heap 1000
 * then 500 at 5050, goal 2000.  At the end G12 waits on a channel in
 * main code, G13 (runtime.bgsweep) waits, G14 waits since before the
 * trace, with no reason. */
static void test_gc_cycle_and_blocked(void **state)
{
	(void)state;
	struct gt_model *keep = m;
	m = gt_model_new();
	assert_non_null(m);
	struct gt_tables *t = gt_model_tables_mut(m);
	gt_str chan = gt_str_intern(t, "chan receive", 12);
	gt_stack alloc = stack1("main.alloc", "/src/a.go", 3, 0x300);
	gt_stack sweep = stack1("runtime.bgsweep", "/r/mgc.go", 9, 0x400);
	metric(0, GT_METRIC_GOMAXPROCS, 2);
	metric(100, GT_METRIC_HEAP_GOAL, 2000);
	metric(500, GT_METRIC_HEAP_ALLOC, 1000);
	gtrans(0, GT_NONE, GT_NONE, 14, GT_GS_UNDETERMINED, GT_GS_WAITING, 0, 0, 0);
	ptrans(0, 0, GT_PS_IDLE, GT_PS_RUNNING);
	ptrans(0, 1, GT_PS_IDLE, GT_PS_RUNNING);
	gtrans(0, 13, 1, 13, GT_GS_NOTEXIST, GT_GS_RUNNABLE, 0, sweep, 0);
	gtrans(50, 13, 1, 13, GT_GS_RUNNABLE, GT_GS_WAITING, 0, sweep, 0);
	range_of(900, GT_EV_RANGE_BEGIN, GT_RANGE_STW, 1, 10, 0);
	gtrans(1000, 10, 0, 10, GT_GS_UNDETERMINED, GT_GS_RUNNING, 0, 0, 0);
	range_of(1000, GT_EV_RANGE_BEGIN, GT_RANGE_GC_MARK, GT_NONE, 10, alloc);
	range_of(1100, GT_EV_RANGE_END, GT_RANGE_STW, 1, 10, 0);
	range_of(1500, GT_EV_RANGE_BEGIN, GT_RANGE_MARK_ASSIST, 10, 10, 0);
	gtrans(2000, 10, 0, 10, GT_GS_RUNNING, GT_GS_RUNNABLE, 0, 0, 0);
	gtrans(2000, 11, 0, 11, GT_GS_UNDETERMINED, GT_GS_RUNNING, 0, 0, 0);
	range_of(2000, GT_EV_RANGE_BEGIN, GT_RANGE_MARK_ASSIST, 11, 11, 0);
	range_of(2500, GT_EV_RANGE_END, GT_RANGE_MARK_ASSIST, 11, 11, 0);
	gtrans(3000, 11, 0, 11, GT_GS_RUNNING, GT_GS_NOTEXIST, 0, 0, 0);
	gtrans(3000, 10, 0, 10, GT_GS_RUNNABLE, GT_GS_RUNNING, 0, 0, 0);
	range_of(4900, GT_EV_RANGE_BEGIN, GT_RANGE_STW, 1, 10, 0);
	range_of(5000, GT_EV_RANGE_END, GT_RANGE_GC_MARK, GT_NONE, 10, 0);
	metric(5050, GT_METRIC_HEAP_ALLOC, 500);
	range_of(5100, GT_EV_RANGE_END, GT_RANGE_STW, 1, 10, 0);
	range_of(6000, GT_EV_RANGE_END, GT_RANGE_MARK_ASSIST, 10, 10, 0);
	gtrans(6500, 10, 0, 12, GT_GS_NOTEXIST, GT_GS_RUNNABLE, 0, alloc, alloc);
	gtrans(7000, 10, 0, 10, GT_GS_RUNNING, GT_GS_NOTEXIST, 0, 0, 0);
	gtrans(7000, 12, 0, 12, GT_GS_RUNNABLE, GT_GS_RUNNING, 0, 0, 0);
	gtrans(7500, 12, 0, 12, GT_GS_RUNNING, GT_GS_WAITING, chan, alloc, alloc);
	gtrans(10000, GT_NONE, 1, 13, GT_GS_WAITING, GT_GS_WAITING, 0, sweep, 0);
	gt_model_finish(m);

	struct gt_gc_cycle c;
	assert_int_equal(gt_model_gc_cycle(m, 0, &c), 0);
	assert_int_equal(gt_model_gc_cycle(m, 1, &c), -1);
	gt_model_gc_cycle(m, 0, &c);
	assert_int_equal(c.assists, 2);
	/* G10: [1500, 2000) and [3000, 5000) on a P; G11: [2000, 2500) */
	assert_int_equal(c.assist_ns, 500 + 2000 + 500);
	assert_int_equal(c.stw_count, 2);
	assert_int_equal(c.stw_ns, 400);
	assert_int_equal(c.heap_before, 1000);
	assert_int_equal(c.heap_after, 500); /* in force when the last pause ends */
	assert_int_equal(c.heap_goal, 2000);
	assert_int_equal(c.trigger_g, 10);
	assert_int_equal(c.trigger_stack, alloc);
	assert_int_equal(gt_model_str(m, gt_frame_get(t, c.trigger_frame)->func)[5], 'a'); /* main.alloc */
	/* [2000, 3000): G10's and G11's assists overlap; covered once */
	int64_t cov[2];
	gt_model_range_columns(m, GT_RS_ASSIST, 1000, 3000, 2, cov);
	assert_int_equal(cov[0], 500);
	assert_int_equal(cov[1], 1000);
	int64_t w[GT_MMU_CURVE_POINTS];
	double u[GT_MMU_CURVE_POINTS];
	int nc = gt_model_mmu_curve(m, w, u, GT_MMU_CURVE_POINTS);
	assert_true(nc >= 10);
	assert_int_equal(w[0], 200); /* the shortest pause */
	assert_int_equal(w[nc - 1], 10000);
	for (int k = 1; k < nc; k++)
		assert_true(w[k] > w[k - 1] && u[k] >= u[k - 1]);
	assert_true(u[0] == 0.0); /* a pause takes all */

	struct gt_blocked b;
	assert_int_equal(gt_model_blocked(m, &b), 0);
	assert_int_equal(b.n, 3);
	assert_int_equal(b.ngroups, 3);
	/* the program's code first, the one the trace says nothing of, the
	 * runtime's last */
	assert_int_equal(b.groups[0].why, chan);
	assert_true(b.groups[0].user);
	assert_int_equal(gt_model_g_id(m, b.gi[b.groups[0].first]), 12);
	assert_int_equal(b.groups[1].why, 0);
	assert_int_equal(b.groups[1].unknown, GT_WHY_BEFORE_TRACE);
	assert_string_equal(gt_model_bgroup_why(m, &b.groups[1]), gt_why_unknown_text(GT_WHY_BEFORE_TRACE));
	assert_int_equal(gt_model_g_id(m, b.gi[b.groups[1].first]), 14);
	assert_true(b.groups[2].runtime);
	assert_int_equal(gt_model_g_id(m, b.gi[b.groups[2].first]), 13);
	gt_model_blocked_free(&b);
	gt_model_free(m);
	m = keep;
}

/* Go ids far apart and close, in no order: the ids in rank order (kept
 * packed: a byte a step, steps of 255 or more apart, a full id every 64
 * ranks) are the sorted ids, each is found by its id, the first rank at
 * or past an id is right (gt_model_g_rank_lower), and so is whether a
 * rank has the id of the one before (ids reused by new lifetimes). */
static int cmp_id(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
	return (x > y) - (x < y);
}

static void test_rank_ids(void **state)
{
	(void)state;
	struct gt_model *keep = m;
	m = gt_model_new();
	assert_non_null(m);
	enum { N = 300 };
	int64_t ids[N], id = 5;
	for (int i = 0; i < N; i++) { /* steps 1, 254, 255, 256, 100000, ... */
		static const int64_t step[] = {1, 254, 255, 256, 100000, 3, 1, 70000, 16, 2};
		ids[i] = id;
		id += step[i % 10];
	}
	for (int i = N - 1; i > 0; i--) { /* a fixed shuffle */
		int j = (int)((uint64_t)i * 2654435761u % (uint64_t)(i + 1));
		int64_t t = ids[i];
		ids[i] = ids[j];
		ids[j] = t;
	}
	for (int i = 0; i < N; i++)
		gtrans(100 + i, ids[i], 0, ids[i], GT_GS_UNDETERMINED, GT_GS_RUNNING, 0, 0, 0);
	/* every 7th id ends and lives again: a second entry (a lifetime) */
	enum { NL = N + (N + 6) / 7 };
	int64_t all[NL];
	int k = 0;
	for (int i = 0; i < N; i++) {
		all[k++] = ids[i];
		if (i % 7 == 0) {
			gtrans(1000 + i, ids[i], 0, ids[i], GT_GS_RUNNING, GT_GS_NOTEXIST, 0, 0, 0);
			gtrans(2000 + i, ids[i], 0, ids[i], GT_GS_NOTEXIST, GT_GS_RUNNABLE, 0, 0, 0);
			all[k++] = ids[i];
		}
	}
	gt_model_finish(m);
	assert_int_equal(k, NL);
	qsort(all, NL, sizeof all[0], cmp_id);
	assert_int_equal(gt_model_g_count(m), NL);
	for (uint32_t r = 0; r < NL; r++) {
		uint32_t gi = gt_model_g_by_id(m, r);
		uint32_t first = r > 0 && all[r - 1] == all[r] ? r - 1 : r;
		assert_true(gt_model_g_rank_id(m, r) == all[r]);
		assert_true(gt_model_g_id(m, gi) == all[r]);
		assert_true(gt_model_g_id(m, gt_model_g_find(m, all[r])) == all[r]);
		assert_int_equal(gt_model_g_rank_lower(m, all[r]), first);
		if (r > 0)
			assert_int_equal(gt_model_g_rank_same(m, r), all[r] == all[r - 1]);
	}
	assert_int_equal(gt_model_g_rank_lower(m, all[0] - 1), 0);
	assert_int_equal(gt_model_g_rank_lower(m, all[NL - 1] + 1), NL);
	assert_int_equal(gt_model_g_rank_lower(m, INT64_MAX), NL);
	assert_int_equal(gt_model_g_find(m, all[0] + 2), UINT32_MAX);
	gt_model_free(m);
	m = keep;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_info),
		cmocka_unit_test(test_goroutines),
		cmocka_unit_test(test_g_spans),
		cmocka_unit_test(test_long_goroutine),
		cmocka_unit_test(test_procs),
		cmocka_unit_test(test_gc_and_metrics),
		cmocka_unit_test(test_counts_and_search),
		cmocka_unit_test(test_find),
		cmocka_unit_test(test_gc_cycle_and_blocked),
		cmocka_unit_test(test_rank_ids),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
