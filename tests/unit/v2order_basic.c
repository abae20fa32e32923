/* v2order_basic.c: the v2 orderer (decode/v2/order*.c) on event sequences
 * taken from Go's trace tests (golang/exp trace/testdata/tests) and from
 * order.go's cases: successes with the events Go delivers, and failures
 * with Go's messages. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include "tests/unit/v2order_sim.h"

static struct sim S;

static int setup(void **state)
{
	(void)state;
	S.t = gt_tables_new();
	return S.t ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	gt_tables_free(S.t);
	return 0;
}

#define RUN(ver, evs, strs) sim_run(&S, ver, evs, (int)(sizeof evs / sizeof evs[0]), strs)
#define STR(id) gt_str_get(S.t, id)

static void expect_trans(int i, int res, int64_t id, int from, int to)
{
	assert_true(i < S.nout);
	const struct gt_event *e = &S.out[i];
	assert_int_equal(e->kind, GT_EV_STATE_TRANSITION);
	assert_int_equal(e->u.trans.resource, res);
	assert_int_equal(e->u.trans.id, id);
	assert_int_equal(e->u.trans.from, from);
	assert_int_equal(e->u.trans.to, to);
}

static void expect_ctx(int i, int64_t g, int64_t p, int64_t m)
{
	assert_int_equal(S.out[i].g, g);
	assert_int_equal(S.out[i].p, p);
	assert_int_equal(S.out[i].m, m);
}

/* go122-go-create-without-running-g: a P without a G may create. */
static void test_create_without_g(void **state)
{
	(void)state;
	static const struct sim_str strs[] = { { 1, 1, "whatever" }, { 0, 0, NULL } };
	static const struct tev evs[] = {
		{ 1, 0, 1, ProcStatus, { 0, 1 } },
		{ 1, 0, 2, GoCreate, { 5, 0, 0 } },
		{ 1, 0, 3, GoStart, { 5, 1 } },
		{ 1, 0, 4, GoStop, { 1, 0 } },
	};
	assert_int_equal(RUN(22, evs, strs), 0);
	assert_int_equal(S.nout, 4);
	expect_trans(0, GT_RES_PROC, 0, GT_PS_UNDETERMINED, GT_PS_RUNNING);
	expect_ctx(0, -1, -1, 0);
	expect_trans(1, GT_RES_GOROUTINE, 5, GT_GS_NOTEXIST, GT_GS_RUNNABLE);
	expect_ctx(1, -1, 0, 0);
	expect_trans(2, GT_RES_GOROUTINE, 5, GT_GS_RUNNABLE, GT_GS_RUNNING);
	expect_trans(3, GT_RES_GOROUTINE, 5, GT_GS_RUNNING, GT_GS_RUNNABLE);
	expect_ctx(3, 5, 0, 0);
	assert_string_equal(STR(S.out[3].u.trans.reason), "whatever");
}

/* go122-fail-first-gen-first: GoCreate without a P. */
static void test_fail_no_proc(void **state)
{
	(void)state;
	static const struct tev evs[] = { { 1, 0, 0, GoCreate, { 1, 0, 0 } } };
	assert_int_equal(RUN(22, evs, NULL), -1);
	assert_string_equal(S.err, "expected a proc but didn't have one");
}

/* go122-syscall-steal-proc-simple: M1 steals M0's P while M0's G is in a
 * syscall; M0's GoSyscallEndBlocked must wait for the steal. */
static void test_steal_simple(void **state)
{
	(void)state;
	static const struct tev evs[] = {
		{ 1, 0, 1, ProcStatus, { 0, 1 } },
		{ 1, 0, 2, GoStatus, { 1, 0, 2 } },
		{ 1, 0, 3, GoSyscallBegin, { 1, 0 } },
		{ 1, 0, 4, GoSyscallEndBlocked, { 0 } },
		{ 1, 1, 1, ProcStatus, { 2, 1 } },
		{ 1, 1, 2, GoStatus, { 2, 1, 2 } },
		{ 1, 1, 3, ProcSteal, { 0, 2, 0 } },
	};
	assert_int_equal(RUN(22, evs, NULL), 0);
	assert_int_equal(S.nout, 7);
	/* The steal comes before the end, though its time is earlier. */
	expect_trans(5, GT_RES_PROC, 0, GT_PS_RUNNING, GT_PS_IDLE);
	expect_ctx(5, 2, 2, 1);
	expect_trans(6, GT_RES_GOROUTINE, 1, GT_GS_SYSCALL, GT_GS_RUNNABLE);
	expect_ctx(6, 1, -1, 0);
}

/* go122-syscall-steal-proc-sitting-in-syscall: a P in SyscallAbandoned
 * stolen; a G sitting in a syscall on an unseen M. */
static void test_steal_sitting(void **state)
{
	(void)state;
	static const struct tev evs[] = {
		{ 1, 0, 1, ProcStatus, { 0, 4 } },
		{ 1, 0, 2, ProcSteal, { 0, 1, 1 } },
		{ 1, NOM, 1, GoStatus, { 1, 1, 3 } },
	};
	assert_int_equal(RUN(22, evs, NULL), 0);
	assert_int_equal(S.nout, 3);
	expect_trans(0, GT_RES_PROC, 0, GT_PS_UNDETERMINED, GT_PS_IDLE);
	expect_trans(1, GT_RES_GOROUTINE, 1, GT_GS_UNDETERMINED, GT_GS_SYSCALL);
	expect_ctx(1, -1, -1, 1);
	expect_trans(2, GT_RES_PROC, 0, GT_PS_IDLE, GT_PS_IDLE);
}

/* go122-create-syscall-reuse-thread-id: the steal (earlier in time)
 * happens while the goroutine is in its syscall, so GoDestroySyscall has
 * no P left to drop. */
#define REUSE_EVS(steal_t) { \
		{ 1, 0, 1, GoCreateSyscall, { 4 } }, \
		{ 1, 0, 2, GoSyscallEndBlocked, { 0 } }, \
		{ 1, 0, 3, ProcStatus, { 0, 2 } }, \
		{ 1, 0, 4, ProcStart, { 0, 1 } }, \
		{ 1, 0, 5, GoStatus, { 4, NOTHREAD, 1 } }, \
		{ 1, 0, 6, GoStart, { 4, 1 } }, \
		{ 1, 0, 7, GoSyscallBegin, { 2, 0 } }, \
		{ 1, 0, 8, GoDestroySyscall, { 0 } }, \
		{ 1, 1, 1, ProcStatus, { 1, 2 } }, \
		{ 1, 1, 2, ProcStart, { 1, 1 } }, \
		{ 1, 1, steal_t, ProcSteal, { 0, 3, 0 } }, \
	}
static void test_create_syscall_reuse(void **state)
{
	(void)state;
	static const struct tev evs[] = REUSE_EVS(3);
	assert_int_equal(RUN(22, evs, NULL), 0);
	assert_int_equal(S.nout, 11);
	assert_int_equal(S.out[9].wire, ProcSteal);
	expect_trans(9, GT_RES_PROC, 0, GT_PS_RUNNING, GT_PS_IDLE);
	expect_ctx(9, -1, 1, 1);
	assert_int_equal(S.out[10].wire, GoDestroySyscall);
	expect_trans(10, GT_RES_GOROUTINE, 4, GT_GS_SYSCALL, GT_GS_NOTEXIST);
	expect_ctx(10, 4, -1, 0);
}

/* The same with the steal after GoDestroySyscall: the destroy drops the
 * P (an extra self ProcSteal first, P SyscallAbandoned), and the real
 * steal then advances on SyscallAbandoned: Idle -> Idle. */
static void test_destroy_syscall_extra_steal(void **state)
{
	(void)state;
	static const struct tev evs[] = REUSE_EVS(9);
	assert_int_equal(RUN(22, evs, NULL), 0);
	assert_int_equal(S.nout, 12);
	assert_int_equal(S.out[9].wire, ProcSteal);
	expect_trans(9, GT_RES_PROC, 0, GT_PS_RUNNING, GT_PS_IDLE);
	expect_ctx(9, 4, 0, 0);
	assert_int_equal(S.out[10].wire, GoDestroySyscall);
	expect_ctx(10, 4, 0, 0);
	assert_int_equal(S.out[11].wire, ProcSteal);
	expect_trans(11, GT_RES_PROC, 0, GT_PS_IDLE, GT_PS_IDLE);
	expect_ctx(11, -1, 1, 1);
}

/* go122-create-syscall-with-p: the P is lost with GoDestroySyscall. */
static void test_create_syscall_with_p(void **state)
{
	(void)state;
	static const struct tev evs[] = {
		{ 1, 0, 1, GoCreateSyscall, { 4 } },
		{ 1, 0, 2, ProcStatus, { 0, 2 } },
		{ 1, 0, 3, ProcStart, { 0, 1 } },
		{ 1, 0, 4, GoSyscallEndBlocked, { 0 } },
		{ 1, 0, 5, GoStart, { 4, 1 } },
		{ 1, 0, 6, GoSyscallBegin, { 2, 0 } },
		{ 1, 0, 7, GoDestroySyscall, { 0 } },
		{ 1, 0, 8, GoCreateSyscall, { 4 } },
		{ 1, 0, 9, GoSyscallEnd, { 0 } },
	};
	assert_int_equal(RUN(22, evs, NULL), -1);
	assert_string_equal(S.err, "expected a proc but didn't have one");
}

/* go122-task-across-generations: the end in gen 2 knows the type. */
static void test_task_across_gens(void **state)
{
	(void)state;
	static const struct sim_str strs[] = { { 1, 1, "my task" }, { 0, 0, NULL } };
	static const struct tev evs[] = {
		{ 1, 0, 1, ProcStatus, { 0, 1 } },
		{ 1, 0, 2, GoStatus, { 1, 0, 2 } },
		{ 1, 0, 3, UserTaskBegin, { 2, 0, 1, 0 } },
		{ 2, 0, 6, ProcStatus, { 0, 1 } },
		{ 2, 0, 7, GoStatus, { 1, 0, 2 } },
		{ 2, 0, 8, UserTaskEnd, { 2, 0 } },
	};
	assert_int_equal(RUN(22, evs, strs), 0);
	assert_int_equal(S.nout, 6);
	assert_int_equal(S.out[2].kind, GT_EV_TASK_BEGIN);
	assert_int_equal(S.out[2].u.task.parent, GT_NO_TASK);
	assert_int_equal(S.out[5].kind, GT_EV_TASK_END);
	assert_int_equal(S.out[5].u.task.id, 2);
	assert_int_equal(S.out[5].u.task.parent, GT_NO_TASK);
	assert_string_equal(STR(S.out[5].u.task.type), "my task");
	/* Known in gen 1, so NotExist would be wrong: Running -> Running. */
	expect_trans(3, GT_RES_PROC, 0, GT_PS_RUNNING, GT_PS_RUNNING);
	expect_trans(4, GT_RES_GOROUTINE, 1, GT_GS_RUNNING, GT_GS_RUNNING);
}

/* A goroutine status for an unknown G after the first generation. */
static void test_status_new_g_later_gen(void **state)
{
	(void)state;
	static const struct tev evs[] = {
		{ 1, 0, 1, ProcStatus, { 0, 1 } },
		{ 2, 0, 5, ProcStatus, { 0, 1 } },
		{ 2, 0, 6, GoStatus, { 9, NOTHREAD, 1 } },
	};
	assert_int_equal(RUN(22, evs, NULL), -1);
	assert_string_equal(S.err,
		"found goroutine status for new goroutine after the first generation: id=9 status=Runnable");
}

/* GoSwitch: unblock next, block current (no reason), start next. */
static void test_go_switch(void **state)
{
	(void)state;
	static const struct tev evs[] = {
		{ 1, 0, 1, ProcStatus, { 0, 1 } },
		{ 1, 0, 2, GoStatus, { 1, 0, 2 } },
		{ 1, 0, 3, GoCreateBlocked, { 7, 3, 4 } },
		{ 1, 0, 4, GoSwitch, { 7, 1 } },
		{ 1, 0, 5, GoSwitchDestroy, { 1, 1 } },
	};
	assert_int_equal(RUN(23, evs, NULL), 0);
	assert_int_equal(S.nout, 9);
	expect_trans(2, GT_RES_GOROUTINE, 7, GT_GS_NOTEXIST, GT_GS_WAITING);
	assert_true(S.out[2].stack != 0);
	assert_true(S.out[2].u.trans.stack != 0);
	assert_true(S.out[2].stack != S.out[2].u.trans.stack);
	expect_trans(3, GT_RES_GOROUTINE, 7, GT_GS_WAITING, GT_GS_RUNNABLE);
	expect_trans(4, GT_RES_GOROUTINE, 1, GT_GS_RUNNING, GT_GS_WAITING);
	expect_ctx(4, 1, 0, 0);
	assert_int_equal(S.out[4].u.trans.reason, 0);
	expect_trans(5, GT_RES_GOROUTINE, 7, GT_GS_RUNNABLE, GT_GS_RUNNING);
	expect_ctx(5, -1, 0, 0);
	expect_trans(6, GT_RES_GOROUTINE, 1, GT_GS_WAITING, GT_GS_RUNNABLE);
	expect_trans(7, GT_RES_GOROUTINE, 7, GT_GS_RUNNING, GT_GS_NOTEXIST);
	expect_trans(8, GT_RES_GOROUTINE, 1, GT_GS_RUNNABLE, GT_GS_RUNNING);
}

/* STW, GC, sweep, assist: names, scopes, the reason carried to the end,
 * and ranges active across a generation boundary. */
static void test_ranges(void **state)
{
	(void)state;
	static const struct sim_str strs[] = {
		{ 1, 3, "GC mark termination" }, { 0, 0, NULL } };
	static const struct tev evs[] = {
		{ 1, 0, 1, ProcStatus, { 0, 1 } },
		{ 1, 0, 2, GoStatus, { 1, 0, 2 } },
		{ 1, 0, 3, GCActive, { 10 } },
		{ 1, 0, 4, GCMarkAssistActive, { 1 } },
		{ 1, 0, 5, GCSweepBegin, { 1 } },
		{ 1, 0, 6, STWBegin, { 3, 2 } },
		{ 1, 0, 7, STWEnd, { 0 } },
		{ 1, 0, 8, GCSweepEnd, { 100, 50 } },
		{ 2, 0, 20, ProcStatus, { 0, 1 } },
		{ 2, 0, 21, GoStatus, { 1, 0, 2 } },
		{ 2, 0, 22, GCMarkAssistActive, { 1 } },
		{ 2, 0, 23, GCActive, { 11 } },
		{ 2, 0, 24, GCMarkAssistEnd, { 0 } },
		{ 2, 0, 25, GCEnd, { 12 } },
		{ 2, 0, 26, HeapGoal, { 4096 } },
	};
	assert_int_equal(RUN(22, evs, strs), 0);
	assert_int_equal(S.nout, 15);
	assert_int_equal(S.out[2].kind, GT_EV_RANGE_ACTIVE);
	assert_string_equal(STR(S.out[2].u.range.name), "GC concurrent mark phase");
	assert_int_equal(S.out[2].u.range.scope, GT_RES_NONE);
	assert_string_equal(STR(S.out[3].u.range.name), "GC mark assist");
	assert_int_equal(S.out[3].u.range.scope_id, 1);
	assert_string_equal(STR(S.out[4].u.range.name), "GC incremental sweep");
	assert_int_equal(S.out[4].u.range.scope, GT_RES_PROC);
	assert_true(S.out[4].stack != 0);
	assert_int_equal(S.out[5].kind, GT_EV_RANGE_BEGIN);
	assert_string_equal(STR(S.out[5].u.range.name), "stop-the-world (GC mark termination)");
	assert_int_equal(S.out[6].kind, GT_EV_RANGE_END);
	assert_string_equal(STR(S.out[6].u.range.name), "stop-the-world (GC mark termination)");
	assert_int_equal(S.out[6].u.range.scope_id, 1);
	assert_int_equal(S.out[7].u.range.swept, 100);
	assert_int_equal(S.out[7].u.range.reclaimed, 50);
	assert_int_equal(S.out[12].kind, GT_EV_RANGE_END);
	assert_string_equal(STR(S.out[12].u.range.name), "GC mark assist");
	assert_int_equal(S.out[13].kind, GT_EV_RANGE_END);
	assert_int_equal(S.out[14].kind, GT_EV_METRIC);
	assert_string_equal(STR(S.out[14].u.metric.name), "/gc/heap/goal:bytes");
	assert_int_equal(S.out[14].u.metric.value, 4096);
}

static void test_range_missing_active(void **state)
{
	(void)state;
	static const struct tev evs[] = {
		{ 1, 0, 1, ProcStatus, { 0, 1 } },
		{ 1, 0, 2, GoStatus, { 1, 0, 2 } },
		{ 2, 0, 20, ProcStatus, { 0, 1 } },
		{ 2, 0, 21, GoStatus, { 1, 0, 2 } },
		{ 2, 0, 22, GCMarkAssistActive, { 1 } },
	};
	assert_int_equal(RUN(22, evs, NULL), -1);
	assert_non_null(strstr(S.err, "resource is missing active range: GCMarkAssistBegin"));
}

/* GC seq orders GCEnd after GCBegin even when its time is earlier. */
static void test_gc_seq(void **state)
{
	(void)state;
	static const struct tev evs[] = {
		{ 1, 0, 1, ProcStatus, { 0, 1 } },
		{ 1, 0, 2, GoStatus, { 1, 0, 2 } },
		{ 1, 0, 10, GCBegin, { 1, 0 } },
		{ 1, 1, 1, ProcStatus, { 1, 1 } },
		{ 1, 1, 2, GoStatus, { 2, 1, 2 } },
		{ 1, 1, 5, GCEnd, { 2 } },
	};
	assert_int_equal(RUN(22, evs, NULL), 0);
	assert_int_equal(S.out[S.nout - 2].wire, GCBegin);
	assert_int_equal(S.out[S.nout - 1].wire, GCEnd);
}

/* Regions must nest per goroutine; unknown begins are tolerated. */
static void test_regions(void **state)
{
	(void)state;
	static const struct sim_str strs[] = {
		{ 1, 1, "outer" }, { 1, 2, "inner" }, { 1, 3, "k" }, { 1, 4, "v" }, { 0, 0, NULL } };
	static const struct tev evs[] = {
		{ 1, 0, 1, ProcStatus, { 0, 1 } },
		{ 1, 0, 2, GoStatus, { 1, 0, 2 } },
		{ 1, 0, 3, UserRegionEnd, { 0, 2, 0 } },
		{ 1, 0, 4, UserRegionBegin, { 5, 1, 0 } },
		{ 1, 0, 5, UserLog, { 5, 3, 4, 0 } },
		{ 1, 0, 6, UserRegionBegin, { 5, 2, 0 } },
		{ 1, 0, 7, UserRegionEnd, { 5, 1, 0 } },
	};
	assert_int_equal(RUN(22, evs, strs), -1);
	assert_string_equal(S.err,
		"misuse of region in goroutine 1: region end {5 outer} when the inner-most active region start event is {5 inner}");
	assert_int_equal(S.nout, 6);
	assert_int_equal(S.out[4].kind, GT_EV_LOG);
	assert_string_equal(STR(S.out[4].u.log.category), "k");
	assert_string_equal(STR(S.out[4].u.log.message), "v");
	assert_int_equal(S.out[3].kind, GT_EV_REGION_BEGIN);
	assert_string_equal(STR(S.out[3].u.region.type), "outer");
}

static void test_bad_ids(void **state)
{
	(void)state;
	static const struct tev evs[] = {
		{ 1, 0, 1, ProcStatus, { 0, 1 } },
		{ 1, 0, 2, GoStatus, { 1, 0, 2 } },
		{ 1, 0, 3, GoBlock, { 0, 500 } },
	};
	assert_int_equal(RUN(22, evs, NULL), -1);
	assert_string_equal(S.err, "found invalid stack ID 500 for event GoBlock");
	static const struct tev evs2[] = {
		{ 1, 0, 1, ProcStatus, { 0, 1 } },
		{ 1, 0, 2, GoStatus, { 1, 0, 2 } },
		{ 1, 0, 3, GoLabel, { 42 } },
	};
	assert_int_equal(RUN(22, evs2, NULL), -1);
	assert_string_equal(S.err, "found invalid string ID 42 for event GoLabel");
	static const struct tev evs3[] = { { 1, 0, 1, 77, { 0 } } };
	assert_int_equal(RUN(22, evs3, NULL), -1);
	assert_string_equal(S.err, "bad event type found while ordering: 77");
}

/* Sequence numbers: a GoStart with a seq from the future waits. */
static void test_seq_wait_and_fail(void **state)
{
	(void)state;
	static const struct tev evs[] = {
		{ 1, 0, 1, ProcStatus, { 0, 1 } },
		{ 1, 0, 2, GoStatus, { 1, 0, 2 } },
		{ 1, 0, 3, GoBlock, { 0, 0 } },
		{ 1, 0, 4, GoStart, { 1, 2 } },
		{ 1, 1, 1, ProcStatus, { 1, 1 } },
		{ 1, 1, 6, GoUnblock, { 1, 1, 0 } },
	};
	assert_int_equal(RUN(22, evs, NULL), 0);
	assert_int_equal(S.out[S.nout - 2].wire, GoUnblock);
	assert_int_equal(S.out[S.nout - 1].wire, GoStart);
	static const struct tev bad[] = {
		{ 1, 0, 1, ProcStatus, { 0, 1 } },
		{ 1, 0, 2, GoStatus, { 1, 0, 2 } },
		{ 1, 0, 3, GoSyscallBegin, { 5, 0 } },
	};
	assert_int_equal(RUN(22, bad, NULL), -1);
	assert_string_equal(S.err,
		"failed to advance GoSyscallBegin: can't make sequence: 0 (gen=1) -> 5 (gen=1)");
}

static void test_experimental(void **state)
{
	(void)state;
	static const struct tev evs[] = {
		{ 1, 0, 1, ProcStatus, { 0, 1 } },
		{ 1, 0, 2, SpanAlloc, { 0x1000, 4, 7 } },
	};
	assert_int_equal(RUN(26, evs, NULL), 0);
	assert_int_equal(S.out[1].kind, GT_EV_EXPERIMENTAL);
	assert_string_equal(STR(S.out[1].u.exp.name), "SpanAlloc");
	assert_string_equal(STR(S.out[1].u.exp.experiment), "AllocFree");
	assert_int_equal(S.out[1].u.exp.nargs, 3);
	assert_int_equal(S.out[1].u.exp.args[2], 7);
	/* ProcsChange needs a goroutine. */
	static const struct tev evs2[] = {
		{ 1, 0, 1, ProcStatus, { 0, 1 } },
		{ 1, 0, 3, ProcsChange, { 8, 0 } },
	};
	assert_int_equal(RUN(26, evs2, NULL), -1);
	assert_string_equal(S.err, "expected a goroutine but didn't have one");
}

/* Many STWs in flight on one goroutine (hostile, but Go accepts it):
 * each end takes the first in flight, then swap-removes it, as Go's
 * rangeState does: reasons end as 1, 10, 9, ..., 2. */
static void test_many_ranges(void **state)
{
	(void)state;
	static const struct sim_str strs[] = {
		{ 1, 1, "r1" }, { 1, 2, "r2" }, { 1, 3, "r3" }, { 1, 4, "r4" }, { 1, 5, "r5" },
		{ 1, 6, "r6" }, { 1, 7, "r7" }, { 1, 8, "r8" }, { 1, 9, "r9" }, { 1, 10, "r10" },
		{ 0, 0, NULL } };
	struct tev evs[2 + 20];
	int n = 0;
	evs[n++] = (struct tev){ 1, 0, 1, ProcStatus, { 0, 1 } };
	evs[n++] = (struct tev){ 1, 0, 2, GoStatus, { 1, 0, 2 } };
	for (int i = 1; i <= 10; i++)
		evs[n++] = (struct tev){ 1, 0, 2 + i, STWBegin, { (uint64_t)i, 0 } };
	for (int i = 1; i <= 10; i++)
		evs[n++] = (struct tev){ 1, 0, 20 + i, STWEnd, { 0 } };
	assert_int_equal(sim_run(&S, 22, evs, n, strs), 0);
	assert_int_equal(S.nout, 22);
	static const char *const want[] = { "r1", "r10", "r9", "r8", "r7", "r6", "r5", "r4", "r3", "r2" };
	for (int i = 0; i < 10; i++) {
		const struct gt_event *e = &S.out[12 + i];
		assert_int_equal(e->kind, GT_EV_RANGE_END);
		assert_string_equal(STR(e->u.range.reason), want[i]);
	}
	/* Beginning one already in flight is an error. */
	evs[12] = (struct tev){ 1, 0, 13, STWBegin, { 3, 0 } };
	assert_int_equal(sim_run(&S, 22, evs, 13, strs), -1);
	assert_string_equal(S.err, "discovered event already in-flight for when starting event STWBegin");
}

/* Broken traces, each with Go's message. */
struct failcase { const char *want; int n; struct tev evs[6]; };
#define PS0R { 1, 0, 1, ProcStatus, { 0, 1 } }
#define GS1R { 1, 0, 2, GoStatus, { 1, 0, 2 } }
static const struct failcase failcases[] = {
	{ "inconsistent status for proc 0: old Running vs. new Idle", 2,
	  { PS0R, { 2, 0, 9, ProcStatus, { 0, 2 } } } },
	{ "inconsistent status for goroutine 1: old Running vs. new Waiting", 4,
	  { PS0R, GS1R, { 2, 0, 9, ProcStatus, { 0, 1 } }, { 2, 0, 10, GoStatus, { 1, 0, 4 } } } },
	{ "invalid status for proc 0: 9", 1, { { 1, 0, 1, ProcStatus, { 0, 9 } } } },
	{ "invalid status for goroutine 3: 7", 1, { { 1, 0, 1, GoStatus, { 3, 0, 7 } } } },
	{ "tried to create goroutine (1) that already exists", 3,
	  { PS0R, GS1R, { 1, 0, 3, GoCreate, { 1, 0, 0 } } } },
	{ "task ID conflict: 2", 4,
	  { PS0R, GS1R, { 1, 0, 3, UserTaskBegin, { 2, 0, 0, 0 } }, { 1, 0, 4, UserTaskBegin, { 2, 0, 0, 0 } } } },
	{ "stole proc from non-existent thread 5", 4,
	  { PS0R, GS1R, { 1, 0, 3, GoSyscallBegin, { 1, 0 } }, { 1, 1, 4, ProcSteal, { 0, 2, 5 } } } },
	{ "tried to steal proc 0 from thread 1, but got proc -1 instead", 5,
	  { PS0R, GS1R, { 1, 1, 1, ProcStatus, { 2, 2 } }, { 1, 0, 3, GoSyscallBegin, { 1, 0 } },
	    { 1, 2, 4, ProcSteal, { 0, 2, 1 } } } },
	{ "tried to self-steal proc 0 (thread 0), but got proc 1 instead", 3,
	  { { 1, 0, 1, ProcStatus, { 0, 3 } }, { 1, 0, 2, ProcStatus, { 1, 1 } }, { 1, 0, 3, ProcSteal, { 0, 1, 0 } } } },
	{ "expected a goroutine but didn't have one", 2, { PS0R, { 1, 0, 2, GoStop, { 0, 0 } } } },
	{ "encountered GCBegin while GC was already in progress", 4,
	  { PS0R, GS1R, { 1, 0, 3, GCActive, { 1 } }, { 1, 0, 4, GCBegin, { 2, 0 } } } },
	{ "encountered GCEnd when GC was in an undetermined state", 3,
	  { PS0R, GS1R, { 1, 0, 3, GCEnd, { 1 } } } },
	{ "GCActive in the first generation isn't first GC event", 4,
	  { PS0R, GS1R, { 1, 0, 3, GCBegin, { 1, 0 } }, { 1, 0, 4, GCActive, { 2 } } } },
	{ "found goroutine 1 in syscall without a thread", 1,
	  { { 1, 0, 1, GoStatus, { 1, NOTHREAD, 3 } } } },
	{ "inconsistent thread for syscalling goroutine 2: thread has goroutine 1", 2,
	  { { 1, NOM, 1, GoStatus, { 1, 7, 3 } }, { 1, NOM, 2, GoStatus, { 2, 7, 3 } } } },
	{ "event ProcStop for proc (-1) that doesn't exist", 1, { { 1, 0, 1, ProcStop, { 0 } } } },
	{ "expected proc 0 in state Syscall, but got Running instead", 3,
	  { { 1, 0, 1, GoStatus, { 1, 0, 3 } }, PS0R, { 1, 0, 3, GoSyscallEnd, { 0 } } } },
	{ "tried to end event GCSweepBegin, but not in-flight", 3,
	  { PS0R, GS1R, { 1, 0, 3, GCSweepEnd, { 0, 0 } } } },
	{ "GoSyscallBegin event for goroutine that's not Running", 4,
	  { PS0R, GS1R, { 1, 0, 3, GoSyscallBegin, { 1, 0 } }, { 1, 0, 4, GoSyscallBegin, { 2, 0 } } } },
	{ "GoDestroySyscall event for goroutine that's not Syscall", 3,
	  { PS0R, GS1R, { 1, 0, 3, GoDestroySyscall, { 0 } } } },
	{ "tried to create goroutine (1) in syscall that already exists", 3,
	  { PS0R, { 1, 0, 2, GoStatus, { 1, NOTHREAD, 1 } }, { 1, 0, 3, GoCreateSyscall, { 1 } } } },
	{ "encountered GCSweepActive for unknown proc 4", 1, { { 1, 0, 1, GCSweepActive, { 4 } } } },
	{ "uninitialized goroutine 4 found during GCMarkAssistActive", 1,
	  { { 1, 0, 1, GCMarkAssistActive, { 4 } } } },
	{ "found named active range already in first gen: {35 0}", 4,
	  { PS0R, GS1R, { 1, 0, 3, GCMarkAssistActive, { 1 } }, { 1, 0, 4, GCMarkAssistActive, { 1 } } } },
};

static void test_failures(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof failcases / sizeof failcases[0]; i++) {
		const struct failcase *f = &failcases[i];
		int rc = sim_run(&S, 22, f->evs, f->n, NULL);
		if (rc != -1 || strcmp(S.err, f->want) != 0)
			fail_msg("case %zu: rc %d, got \"%s\", want \"%s\"", i, rc, S.err, f->want);
	}
}

/* Random events with small ids, straight into the orderer: it must
 * never crash, leak or queue an event it did not advance (checked under
 * ASan by `make asan`). */
static void test_random_robust(void **state)
{
	(void)state;
	static const uint8_t types[] = {
		ProcsChange, ProcStart, ProcStop, ProcSteal, ProcStatus, GoCreate,
		GoCreateSyscall, GoStart, GoDestroy, GoDestroySyscall, GoStop, GoBlock,
		GoUnblock, GoSyscallBegin, GoSyscallEnd, GoSyscallEndBlocked, GoStatus,
		STWBegin, STWEnd, GCActive, GCBegin, GCEnd, GCSweepActive, GCSweepBegin,
		GCSweepEnd, GCMarkAssistActive, GCMarkAssistBegin, GCMarkAssistEnd,
		HeapAlloc, HeapGoal, GoLabel, UserTaskBegin, UserTaskEnd, UserRegionBegin,
		UserRegionEnd, UserLog, GoSwitch, GoSwitchDestroy, GoCreateBlocked,
		GoStatusStack, SpanAlloc, 52, 0, 255,
	};
	static const struct sim_str strs[] = {
		{ 1, 1, "a" }, { 1, 2, "b" }, { 2, 1, "a" }, { 2, 2, "b" }, { 0, 0, NULL } };
	uint64_t x = 0x9e3779b97f4a7c15ULL;
	uint64_t advanced = 0, queued = 0;
	S.strs = strs;
	for (int run = 0; run < 3000; run++) {
		struct gt_v2_order *o = gt_v2_order_new(26);
		assert_non_null(o);
		for (int i = 0; i < 200; i++) {
			x ^= x << 13; x ^= x >> 7; x ^= x << 17;
			S.gen = 1 + (uint64_t)(i > 100);
			struct gt_v2_gen_view gv = { &S, S.gen, S.t, sim_str_cb, sim_stack_cb };
			struct gt_v2_base b = { .type = types[x % sizeof types], .nargs = 5, .time = i };
			for (int k = 0; k < 5; k++)
				b.args[k] = (x >> (8 + 6 * k)) % 5;
			int64_t m = (int64_t)((x >> 50) % 4) - 1;
			int r = gt_v2_order_advance(o, &b, m, &gv, S.err, sizeof S.err);
			assert_true(r >= -1 && r <= 1);
			const struct gt_event *e;
			int n = 0;
			while ((e = gt_v2_order_next(o))) {
				assert_true(e->kind > GT_EV_BAD && e->kind < GT_EV__COUNT);
				n++;
			}
			if (r == 1) {
				advanced++;
				assert_true(n >= 1 && n <= 3);
			} else if (r == 0) {
				assert_int_equal(n, 0);
			}
			queued += (uint64_t)n;
			/* Keep going after errors too: the reader stops, but the
			 * orderer's memory must stay sound either way. */
			if (r < 0)
				assert_true(S.err[0] != 0);
		}
		gt_v2_order_free(o);
	}
	assert_true(advanced > 3000);
	assert_true(queued >= advanced);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_create_without_g),
		cmocka_unit_test(test_fail_no_proc),
		cmocka_unit_test(test_steal_simple),
		cmocka_unit_test(test_steal_sitting),
		cmocka_unit_test(test_create_syscall_reuse),
		cmocka_unit_test(test_destroy_syscall_extra_steal),
		cmocka_unit_test(test_create_syscall_with_p),
		cmocka_unit_test(test_task_across_gens),
		cmocka_unit_test(test_status_new_g_later_gen),
		cmocka_unit_test(test_go_switch),
		cmocka_unit_test(test_ranges),
		cmocka_unit_test(test_range_missing_active),
		cmocka_unit_test(test_gc_seq),
		cmocka_unit_test(test_regions),
		cmocka_unit_test(test_bad_ids),
		cmocka_unit_test(test_seq_wait_and_fail),
		cmocka_unit_test(test_experimental),
		cmocka_unit_test(test_many_ranges),
		cmocka_unit_test(test_failures),
		cmocka_unit_test(test_random_robust),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
