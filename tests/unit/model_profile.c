/* model_profile.c: the profiles of model/profile.h on a hand-built model
 * (new-format rules, format 0): which intervals count (with a stack at
 * the start, for sched the waker's; ended within the trace; longer than
 * 0), same-state transitions going on, a goroutine's end closing its
 * last interval,
 * windows clipping and adding up, CPU samples, and the per-function
 * figures (flat, cum, callers, callees, stacks). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "model/profile.h"

static struct gt_model *m;
static gt_str f_recv, f_main, f_other, f_read, f_worker;
static gt_stack st_a, st_b, st_n, st_s, st_s2;

static gt_str str(const char *s)
{
	return gt_str_intern(gt_model_tables_mut(m), s, strlen(s));
}

/* A stack of two frames: inner called by outer. */
static gt_stack stack2(gt_str inner, gt_str outer, uint64_t pc)
{
	struct gt_tables *t = gt_model_tables_mut(m);
	struct gt_frame a = {pc, inner, str("x.go"), 1}, b = {pc + 8, outer, str("x.go"), 2};
	uint32_t ids[2] = {gt_frame_intern(t, &a), gt_frame_intern(t, &b)};
	return gt_stack_intern(t, ids, 2);
}

static void ev(int64_t ts, int64_t g, int kind, gt_stack stack, struct gt_event *e)
{
	memset(e, 0, sizeof *e);
	e->ts = ts;
	e->g = g;
	e->p = 0;
	e->m = 0;
	e->kind = (uint16_t)kind;
	e->stack = stack;
}

/* id's transition made by goroutine by's event (at by's stack when it
 * is another goroutine; its own, stack, else). */
static void trans(int64_t ts, int64_t id, int64_t by, int from, int to, const char *reason,
                  gt_stack stack)
{
	struct gt_event e;
	ev(ts, by, GT_EV_STATE_TRANSITION, stack, &e);
	e.u.trans.resource = GT_RES_GOROUTINE;
	e.u.trans.from = (uint8_t)from;
	e.u.trans.to = (uint8_t)to;
	e.u.trans.id = id;
	e.u.trans.reason = reason ? str(reason) : 0;
	e.u.trans.stack = by == id ? stack : 0;
	assert_int_equal(gt_model_add(m, &e), 0);
}

static void go(int64_t ts, int64_t id, int from, int to, const char *reason, gt_stack stack)
{
	trans(ts, id, id, from, to, reason, stack);
}

static void sample(int64_t ts, gt_stack stack)
{
	struct gt_event e;
	ev(ts, 1, GT_EV_STACK_SAMPLE, stack, &e);
	assert_int_equal(gt_model_add(m, &e), 0);
}

enum { R = GT_GS_RUNNING, W = GT_GS_WAITING, RN = GT_GS_RUNNABLE, SY = GT_GS_SYSCALL };

static int setup(void **state)
{
	(void)state;
	m = gt_model_new();
	assert_non_null(m);
	f_recv = str("runtime.chanrecv1"), f_main = str("main.main"), f_other = str("main.other");
	f_read = str("syscall.read"), f_worker = str("main.worker");
	st_a = stack2(f_recv, f_main, 0x100);
	st_b = stack2(f_recv, f_other, 0x200);
	st_n = stack2(str("net.read"), f_main, 0x300);
	st_s = stack2(f_read, f_main, 0x400);
	st_s2 = stack2(f_read, f_worker, 0x500);
	/* g1 */
	go(100, 1, GT_GS_UNDETERMINED, R, NULL, 0);
	go(200, 1, R, W, "chan receive", st_a);
	go(300, 1, W, W, "chan receive", st_b);   /* goes on with st_a's */
	go(500, 1, W, RN, NULL, 0);
	go(600, 1, RN, R, NULL, 0);
	go(700, 1, R, W, "network", st_n);
	trans(900, 1, 2, W, RN, NULL, st_s2);     /* woken by g2: sched at its stack */
	go(950, 1, RN, R, NULL, 0);
	go(1000, 1, R, SY, NULL, st_s);
	go(1000, 1, SY, R, NULL, 0);              /* 0 ns: not a sample */
	go(1100, 1, R, SY, NULL, st_s);
	go(1300, 1, SY, R, NULL, 0);
	go(1400, 1, R, W, "chan send", 0);        /* no stack: not counted */
	go(1500, 1, W, RN, NULL, 0);
	go(1600, 1, RN, R, NULL, 0);
	go(1700, 1, R, W, "select", st_a);        /* open at the end */
	/* g2: in a syscall when it is destroyed: its end closes it */
	go(150, 2, GT_GS_UNDETERMINED, R, NULL, 0);
	go(250, 2, R, SY, NULL, st_s2);
	go(450, 2, SY, GT_GS_NOTEXIST, NULL, 0);
	sample(120, st_a);
	sample(130, st_a);
	sample(1900, 0);
	go(2000, 3, GT_GS_UNDETERMINED, R, NULL, 0); /* the trace's end */
	gt_model_finish(m);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	gt_model_free(m);
	return 0;
}

static const struct gt_prof_rec *rec_of(const struct gt_prof *p, gt_stack st)
{
	for (size_t i = 0; i < p->n; i++)
		if (p->recs[i].stack == st)
			return &p->recs[i];
	return NULL;
}

static struct gt_prof prof(enum gt_prof_kind k, int64_t t0, int64_t t1)
{
	struct gt_prof p;
	assert_int_equal(gt_prof_compute(m, k, t0, t1, &p), 0);
	assert_int_equal(p.kind, k);
	return p;
}

static void test_kinds(void **state)
{
	(void)state;
	struct gt_prof p = prof(GT_PROF_SYNC, INT64_MIN, INT64_MAX);
	assert_int_equal(p.n, 1);
	assert_int_equal(p.recs[0].stack, st_a);
	assert_int_equal(p.recs[0].count, 1);
	assert_int_equal(p.recs[0].ns, 300);
	assert_int_equal(p.ns, 300);
	gt_prof_free(&p);

	p = prof(GT_PROF_NET, INT64_MIN, INT64_MAX);
	assert_int_equal(p.n, 1);
	assert_int_equal(p.recs[0].stack, st_n);
	assert_int_equal(p.ns, 200);
	gt_prof_free(&p);

	p = prof(GT_PROF_SYSCALL, INT64_MIN, INT64_MAX);
	assert_int_equal(p.count, 2);
	assert_int_equal(p.ns, 400);
	assert_int_equal(rec_of(&p, st_s)->ns, 200);
	assert_int_equal(rec_of(&p, st_s)->count, 1);
	assert_int_equal(rec_of(&p, st_s2)->ns, 200);
	gt_prof_free(&p);

	/* sched: only the wake-up with a waker's stack (the others had none) */
	p = prof(GT_PROF_SCHED, INT64_MIN, INT64_MAX);
	assert_int_equal(p.n, 1);
	assert_int_equal(p.recs[0].stack, st_s2);
	assert_int_equal(p.recs[0].ns, 50);
	gt_prof_free(&p);

	p = prof(GT_PROF_CPU, INT64_MIN, INT64_MAX);
	assert_int_equal(p.count, 3);
	assert_int_equal(p.ns, 3 * (int64_t)GT_PROF_CPU_PERIOD);
	assert_int_equal(rec_of(&p, st_a)->count, 2);
	assert_int_equal(rec_of(&p, 0)->count, 1); /* a sample without a stack */
	gt_prof_free(&p);

	assert_int_equal(gt_prof_kind_parse("syscall"), GT_PROF_SYSCALL);
	assert_int_equal(gt_prof_kind_parse("block"), -1);
	assert_string_equal(gt_prof_kind_name(GT_PROF_SCHED), "sched");
}

static void test_windows(void **state)
{
	(void)state;
	/* sync [200, 500) split at 400; syscall g2 [250, 450), g1 [1100, 1300) */
	struct gt_prof a = prof(GT_PROF_SYNC, INT64_MIN, 400), b = prof(GT_PROF_SYNC, 400, INT64_MAX);
	assert_int_equal(a.ns, 200);
	assert_int_equal(b.ns, 100);
	assert_int_equal(a.count + b.count, 2); /* in both parts */
	gt_prof_free(&a), gt_prof_free(&b);
	a = prof(GT_PROF_SYSCALL, 0, 400), b = prof(GT_PROF_SYSCALL, 400, 5000);
	assert_int_equal(a.ns, 150);
	assert_int_equal(b.ns, 250);
	gt_prof_free(&a), gt_prof_free(&b);
	a = prof(GT_PROF_SYNC, 500, 1000); /* touches the wait's end only */
	assert_int_equal(a.count, 0);
	gt_prof_free(&a);
	a = prof(GT_PROF_CPU, 125, 2000);
	assert_int_equal(a.count, 2);
	gt_prof_free(&a);
}

static const struct gt_prof_func *func_of(const struct gt_prof_func *v, size_t n, gt_str f)
{
	for (size_t i = 0; i < n; i++)
		if (v[i].func == f)
			return &v[i];
	return NULL;
}

static void test_functions(void **state)
{
	(void)state;
	struct gt_prof p = prof(GT_PROF_SYSCALL, INT64_MIN, INT64_MAX);
	struct gt_prof_func *f;
	size_t n;
	assert_int_equal(gt_prof_funcs(m, &p, &f, &n), 0);
	assert_int_equal(n, 3);
	assert_int_equal(f[0].func, f_read); /* by flat first */
	assert_int_equal(f[0].flat, 400);
	assert_int_equal(f[0].cum, 400);
	assert_int_equal(f[0].flat_n, 2);
	assert_int_equal(func_of(f, n, f_main)->flat, 0);
	assert_int_equal(func_of(f, n, f_main)->cum, 200);
	free(f);

	assert_int_equal(gt_prof_neighbours(m, &p, f_read, 1, &f, &n), 0);
	assert_int_equal(n, 2);
	assert_int_equal(func_of(f, n, f_main)->cum, 200);
	assert_int_equal(func_of(f, n, f_main)->flat, 200); /* read is innermost */
	assert_int_equal(func_of(f, n, f_worker)->cum_n, 1);
	free(f);
	assert_int_equal(gt_prof_neighbours(m, &p, f_read, 0, &f, &n), 0);
	assert_int_equal(n, 0); /* innermost: no callees */
	free(f);
	assert_int_equal(gt_prof_neighbours(m, &p, f_worker, 0, &f, &n), 0);
	assert_int_equal(n, 1);
	assert_int_equal(f[0].func, f_read);
	assert_int_equal(f[0].cum, 200);
	free(f);

	size_t *ix;
	assert_int_equal(gt_prof_stacks(m, &p, f_worker, &ix, &n), 0);
	assert_int_equal(n, 1);
	assert_int_equal(p.recs[ix[0]].stack, st_s2);
	free(ix);
	assert_int_equal(gt_prof_stacks(m, &p, 0, &ix, &n), 0);
	assert_int_equal(n, 2);
	free(ix);
	assert_int_equal(gt_prof_stacks(m, &p, f_other, &ix, &n), 0);
	assert_int_equal(n, 0);
	free(ix);
	gt_prof_free(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_kinds),
		cmocka_unit_test(test_windows),
		cmocka_unit_test(test_functions),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
