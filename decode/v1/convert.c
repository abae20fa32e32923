/* convert.c: old events into the event model (event.h), as golang/exp
 * trace/tracev1.go converts them: goroutines that existed when tracing
 * started become GoStatus-like transitions from Undetermined, the first
 * Gomaxprocs ends that initial phase, first sight of a P is a ProcStatus,
 * GoSysCall becomes a syscall range (1 ns unless a GoSysBlock follows),
 * GC / STW / sweep / assist become ranges, tasks, regions, logs, labels and
 * metrics keep their meaning.  No two events share a timestamp.
 *
 * v1_process() is the second run's step for one event: time into ns, the
 * checks of v1_postprocess, conversion, delivery.  The common events
 * (goroutine start / block / unblock, heap metrics, sweeps, assists) take
 * hot(), which does all of it in one switch; anything it does not expect
 * (another type, a fake P, the phase before the first Gomaxprocs, a
 * failed check) goes, untouched, to the general path, which reports.
 * The general path is the reference: with gt_decode_opts.v1_reference
 * every event takes it, and tests/v1-reference.t checks that both paths
 * give the same events and model on every v1 fixture and corpus trace. */
#include "decode/v1/cursor.h"
#include "decode/v1/pipe.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

enum { R_FOREVER, R_PREEMPTED, R_GOSCHED, R_SLEEP, R_SEND, R_RECV, R_NET,
       R_SYNC, R_COND, R_SELECT, R_EMPTY, R_ASSIST, R_STW0 };
static const char *const reasons[] = {
	"forever", "preempted", "runtime.Gosched", "sleep", "chan send",
	"chan receive", "network", "sync", "sync.(*Cond).Wait", "select", "",
	"GC mark assist wait for work",
	/* STW reasons, Go's STWReason order */
	"", "GC mark termination", "GC sweep termination", "write heap dump",
	"goroutine profile", "goroutine profile cleanup", "all goroutine stack trace",
	"read mem stats", "AllThreadsSyscall", "GOMAXPROCS", "start trace",
	"stop trace", "CountPagesInUse (test)", "ReadMetricsSlow (test)",
	"ReadMemStatsSlow (test)", "PageCachePagesLeaked (test)", "ResetDebugLog (test)",
};
#define NREASONS (sizeof reasons / sizeof reasons[0])
#define NSTW 17
_Static_assert(R_STW0 + NSTW <= 32, "s_reason and s_stwname hold every STW reason");

static int nomem(struct v1_ctx *c, uint64_t off)
{
	c->res->status = GT_NOMEM;
	return v1_fail(c, off, "out of memory");
}

static gt_str intern(struct v1_ctx *c, const char *s)
{
	return gt_str_intern(c->tab, s, strlen(s));
}

int v1_convert_init(struct v1_ctx *c)
{
	for (size_t i = 0; i < NREASONS; i++)
		if (!(c->s_reason[i] = intern(c, reasons[i])) && reasons[i][0])
			return nomem(c, 0);
	c->s_gc = intern(c, "GC concurrent mark phase");
	c->s_sweep = intern(c, "GC incremental sweep");
	c->s_assist = intern(c, "GC mark assist");
	c->s_heap = intern(c, "/memory/classes/heap/objects:bytes");
	c->s_goal = intern(c, "/gc/heap/goal:bytes");
	c->s_procs = intern(c, "/sched/gomaxprocs:threads");
	if (!c->s_gc || !c->s_sweep || !c->s_assist || !c->s_heap || !c->s_goal || !c->s_procs)
		return nomem(c, 0);
	c->preinit = 1;
	c->last_ts = -1;
	c->sink_event = c->sink ? c->sink->event : NULL;
	c->sink_ctx = c->sink ? c->sink->ctx : NULL;
	c->recs = c->sink ? c->sink->recs : NULL;
	c->last_stw = c->s_reason[R_STW0];
	c->last_stw_k = R_STW0;
	memset(c->s_stwname, 0, sizeof c->s_stwname);
	c->syscall_k = 0;
	for (uint32_t i = 0; i < c->ng; i++)
		c->gs[i].preinit = 0;
	for (uint32_t i = 0; i < c->nproc; i++)
		c->procs[i].seen = c->procs[i].has_m = 0, c->procs[i].m1 = 0, c->procs[i].sys_g = 0;
	gt_ids_free(&c->sys_m);
	memset(&c->sys_m, 0, sizeof c->sys_m);
	for (uint32_t i = 0; i < c->ntask; i++)
		c->tasks[i].clive = 0;
	return 0;
}

static int deliver(struct v1_ctx *c, struct gt_event *e)
{
	c->res->events++;
	if (c->sink_event && c->sink_event(c->sink_ctx, e, c->tab)) {
		c->stopped = 1;
		return -1;
	}
	return 0;
}

/* Delivers e with Go's rule that timestamps strictly increase. */
static int out(struct v1_ctx *c, struct gt_event *e)
{
	if (e->ts <= c->last_ts)
		e->ts = c->last_ts + 1;
	c->last_ts = e->ts;
	return deliver(c, e);
}

int v1_emit_sync(struct v1_ctx *c, int64_t ts, uint64_t off)
{
	struct gt_event e;
	memset(&e, 0, sizeof e);
	e.kind = GT_EV_SYNC;
	e.ts = ts;
	e.g = e.p = e.m = GT_NONE;
	e.offset = off;
	e.u.sync.n = ++c->nsync;
	return deliver(c, &e);
}

static void go_trans(struct gt_event *e, int64_t id, int from, int to, gt_str reason, gt_stack st)
{
	e->kind = GT_EV_STATE_TRANSITION;
	e->u.trans.resource = GT_RES_GOROUTINE;
	e->u.trans.id = id;
	e->u.trans.from = (uint8_t)from;
	e->u.trans.to = (uint8_t)to;
	e->u.trans.reason = reason;
	e->u.trans.stack = st;
}

static void proc_trans(struct gt_event *e, int64_t id, int from, int to)
{
	e->kind = GT_EV_STATE_TRANSITION;
	e->u.trans.resource = GT_RES_PROC;
	e->u.trans.id = id;
	e->u.trans.from = (uint8_t)from;
	e->u.trans.to = (uint8_t)to;
}

static void range(struct gt_event *e, int kind, int rk, int scope, int64_t sid, gt_str name)
{
	e->kind = (uint16_t)kind;
	e->u.range.rkind = (uint8_t)rk;
	e->u.range.scope = (uint8_t)scope;
	e->u.range.scope_id = sid;
	e->u.range.name = name;
}

static void metric(struct gt_event *e, int mk, gt_str name, uint64_t v)
{
	e->kind = GT_EV_METRIC;
	e->u.metric.mkind = (uint8_t)mk;
	e->u.metric.name = name;
	e->u.metric.value = v;
}

/* Goroutines created before the first Gomaxprocs and never seen since
 * existed, runnable, when tracing began. */
static int end_preinit(struct v1_ctx *c, const struct v1_ev *ev)
{
	c->preinit = 0;
	for (uint32_t i = 0; i < c->ng; i++) {
		if (!c->gs[i].preinit)
			continue;
		c->gs[i].preinit = 0;
		if (c->pipe && v1_pipe_pre(c, c->gs[i].id))
			return -1;
		struct gt_event e;
		memset(&e, 0, sizeof e);
		e.ts = ev->ts;
		e.g = e.p = e.m = GT_NONE;
		e.offset = ev->off;
		e.wire = ev->type;
		go_trans(&e, (int64_t)c->gs[i].id, GT_GS_UNDETERMINED, GT_GS_RUNNABLE, c->s_reason[R_EMPTY], 0);
		if (out(c, &e))
			return -1;
	}
	return 0;
}

static int clear_preinit(struct v1_ctx *c, uint64_t id, uint64_t off)
{
	struct v1_g *g = v1_g_get(c, id);
	if (!g)
		return nomem(c, off);
	g->preinit = 0;
	return 0;
}

/* Hands the sink what a GoCreate of the initial phase tells (Go's
 * converter drops the event): the goroutine's start stack and who
 * started tracing. */
static int initial(struct v1_ctx *c, const struct v1_ev *ev, gt_stack stk)
{
	if (!c->sink || !c->sink->initial)
		return 0;
	struct gt_initial ig = {
		.g = (int64_t)ev->args[0], .ts = ev->ts, .stack = stk,
		.start = ev->args[1] <= UINT32_MAX ? v1_stack(c, (uint32_t)ev->args[1]) : 0};
	if (c->sink->initial(c->sink->ctx, &ig)) {
		c->stopped = 1;
		return -1;
	}
	return 0;
}

static int stw_reason(const struct v1_ctx *c, uint64_t kind)
{
	if (c->ver < 21)
		return kind <= 1 ? (int)kind + 1 : 0;
	return kind < NSTW ? (int)kind : 0;
}

/* The message of a UserLog, stored inline after its arguments. */
static gt_str log_message(struct v1_ctx *c, uint64_t off)
{
	struct v1_raw r;
	uint64_t pos = off;
	if (v1_read_raw(c, &pos, &r, 0) != 1 || !r.str)
		return 0;
	return gt_str_intern(c->tab, (const char *)r.str, (size_t)r.slen);
}

/* Goroutine g starts on P p.  Go's converter credits the P's events to
 * the thread of its last ProcStart; but a goroutine back from a syscall
 * may take its P straight from another goroutine's syscall (Go 1.19's
 * exitsyscallfast_reacquired writes GoSysBlock for that one, GoSysExit and
 * GoStart for itself, no ProcStart), and then runs on the thread it made
 * its own syscall on, while the P's last thread is still in the other
 * syscall.  From here on p's events are on that thread (unknown when the
 * trace does not say which it was). */
static void start_on(struct v1_ctx *c, struct v1_proc *p, uint64_t g)
{
	if (!p->sys_g || p->sys_g == g)
		return;
	p->sys_g = 0;
	uint32_t m1 = gt_ids_get(&c->sys_m, (int64_t)g);
	p->has_m = m1 != UINT32_MAX && m1 != 0;
	p->m = p->has_m ? (int64_t)m1 - 1 : 0;
	p->m1 = p->has_m ? m1 : 0;
}

/* The general conversion of one event (after v1_postprocess). */
static int convert(struct v1_ctx *c, const struct v1_ev *ev)
{
	struct gt_event e;
	struct v1_proc *p = ev->pi < c->nproc && c->procs[ev->pi].pid == ev->p ?
	                    &c->procs[ev->pi] : v1_proc_get(c, ev->p);
	if (!p)
		return nomem(c, ev->off);
	memset(&e, 0, sizeof e);
	e.ts = ev->ts;
	e.g = ev->g == 0 ? GT_NONE : (int64_t)ev->g;
	e.p = ev->p;
	e.m = GT_NONE;
	e.offset = ev->off;
	e.wire = ev->type;
	gt_stack stk = v1_stack(c, ev->stk);
	int64_t self = e.g;
	int stop_m = 0, reason = -1, to = GT_GS_WAITING;

	switch (ev->type) {
	case V1_GOMAXPROCS:
		if (c->preinit)
			return end_preinit(c, ev);
		metric(&e, GT_METRIC_GOMAXPROCS, c->s_procs, ev->args[0]);
		e.stack = stk;
		break;
	case V1_PROC_START:
		p->m = (int64_t)ev->args[0];
		p->has_m = 1;
		p->m1 = ev->p != -1 ? ev->args[0] + 1 : 0;
		p->sys_g = 0;
		proc_trans(&e, ev->p, p->seen ? GT_PS_IDLE : GT_PS_UNDETERMINED, GT_PS_RUNNING);
		p->seen = 1;
		break;
	case V1_PROC_STOP:
		proc_trans(&e, ev->p, p->seen ? GT_PS_RUNNING : GT_PS_UNDETERMINED, GT_PS_IDLE);
		p->seen = 1;
		p->sys_g = 0;
		stop_m = 1;
		break;
	case V1_GC_START:
		range(&e, GT_EV_RANGE_BEGIN, GT_RANGE_GC_MARK, GT_RES_NONE, 0, c->s_gc);
		e.stack = stk;
		break;
	case V1_GC_DONE:
		range(&e, GT_EV_RANGE_END, GT_RANGE_GC_MARK, GT_RES_NONE, 0, c->s_gc);
		break;
	case V1_STW_START: case V1_STW_DONE: {
		if (ev->type == V1_STW_START) {
			c->last_stw_k = R_STW0 + (unsigned)stw_reason(c, ev->args[0]);
			c->last_stw = c->s_reason[c->last_stw_k];
		}
		gt_str s = c->s_stwname[c->last_stw_k]; /* named once per reason */
		if (!s) {
			char name[128];
			snprintf(name, sizeof name, "stop-the-world (%s)", gt_str_get(c->tab, c->last_stw));
			if (!(s = c->s_stwname[c->last_stw_k] = intern(c, name)))
				return nomem(c, ev->off);
		}
		range(&e, ev->type == V1_STW_START ? GT_EV_RANGE_BEGIN : GT_EV_RANGE_END,
		      GT_RANGE_STW, GT_RES_GOROUTINE, e.g, s);
		e.u.range.reason = c->last_stw;
		break;
	}
	case V1_SWEEP_START:
		range(&e, GT_EV_RANGE_BEGIN, GT_RANGE_SWEEP, GT_RES_PROC, e.p, c->s_sweep);
		e.stack = stk;
		break;
	case V1_SWEEP_DONE:
		range(&e, GT_EV_RANGE_END, GT_RANGE_SWEEP, GT_RES_PROC, e.p, c->s_sweep);
		e.u.range.swept = ev->args[0];
		e.u.range.reclaimed = ev->args[1];
		break;
	case V1_MARK_ASSIST_START:
		range(&e, GT_EV_RANGE_BEGIN, GT_RANGE_MARK_ASSIST, GT_RES_GOROUTINE, e.g, c->s_assist);
		e.stack = stk;
		break;
	case V1_MARK_ASSIST_DONE:
		range(&e, GT_EV_RANGE_END, GT_RANGE_MARK_ASSIST, GT_RES_GOROUTINE, e.g, c->s_assist);
		break;
	case V1_GO_CREATE:
		if (c->preinit) {
			struct v1_g *g = v1_g_get(c, ev->args[0]);
			if (!g)
				return nomem(c, ev->off);
			g->preinit = 1;
			return initial(c, ev, stk);
		}
		go_trans(&e, (int64_t)ev->args[0], GT_GS_NOTEXIST, GT_GS_RUNNABLE, 0,
		         ev->args[1] <= UINT32_MAX ? v1_stack(c, (uint32_t)ev->args[1]) : 0);
		e.stack = stk;
		break;
	case V1_GO_START:
		if (c->preinit) {
			go_trans(&e, (int64_t)ev->args[0], GT_GS_UNDETERMINED, GT_GS_RUNNING, 0, 0);
			if (clear_preinit(c, ev->args[0], ev->off))
				return -1;
		} else {
			start_on(c, p, ev->args[0]);
			go_trans(&e, (int64_t)ev->args[0], GT_GS_RUNNABLE, GT_GS_RUNNING, 0, 0);
		}
		break;
	case V1_GO_START_LABEL: {
		/* Go builds this context itself: raw G, M 0 when unknown */
		start_on(c, p, ev->args[0]);
		e.g = (int64_t)ev->g;
		e.m = p->has_m ? p->m : 0;
		go_trans(&e, (int64_t)ev->args[0], GT_GS_RUNNABLE, GT_GS_RUNNING, 0, 0);
		if (out(c, &e))
			return -1;
		memset(&e.u, 0, sizeof e.u);
		e.ts = ev->ts;
		e.kind = GT_EV_LABEL;
		e.u.label.label = v1_string(c, ev->args[2]);
		e.u.label.g = e.g;
		return out(c, &e);
	}
	case V1_GO_END:
		go_trans(&e, self, GT_GS_RUNNING, GT_GS_NOTEXIST, 0, 0);
		break;
	case V1_GO_STOP: reason = R_FOREVER; break;
	case V1_GO_SCHED: reason = R_GOSCHED; to = GT_GS_RUNNABLE; break;
	case V1_GO_PREEMPT: reason = R_PREEMPTED; to = GT_GS_RUNNABLE; break;
	case V1_GO_SLEEP: reason = R_SLEEP; break;
	case V1_GO_BLOCK: reason = R_EMPTY; break;
	case V1_GO_BLOCK_SEND: reason = R_SEND; break;
	case V1_GO_BLOCK_RECV: reason = R_RECV; break;
	case V1_GO_BLOCK_SELECT: reason = R_SELECT; break;
	case V1_GO_BLOCK_SYNC: reason = R_SYNC; break;
	case V1_GO_BLOCK_COND: reason = R_COND; break;
	case V1_GO_BLOCK_NET: reason = R_NET; break;
	case V1_GO_BLOCK_GC: reason = R_ASSIST; break;
	case V1_GO_UNBLOCK:
		go_trans(&e, (int64_t)ev->args[0], GT_GS_WAITING, GT_GS_RUNNABLE, 0, 0);
		e.stack = stk;
		break;
	case V1_GO_SYSCALL: {
		uint64_t k = c->syscall_k++;
		/* (atomic: pipelined, the first run sets other bits of the byte) */
		int blocked = k < c->nsyscall &&
		              (__atomic_load_n(&c->sysblocked[k / 8], __ATOMIC_RELAXED) >> (k % 8) & 1);
		if (!blocked) {
			/* an instant syscall: a 1 ns range in its own context */
			e.g = (int64_t)ev->g;
			e.m = p->has_m ? p->m : 0;
			go_trans(&e, e.g, GT_GS_RUNNING, GT_GS_SYSCALL, 0, stk);
			e.stack = stk;
			if (out(c, &e))
				return -1;
			memset(&e.u, 0, sizeof e.u);
			e.ts = ev->ts + 1;
			e.stack = 0;
			go_trans(&e, e.g, GT_GS_SYSCALL, GT_GS_RUNNING, 0, 0);
			return out(c, &e);
		}
		/* its thread, for when it takes a P back without a ProcStart */
		if (ev->p != -1 && ev->g) {
			if (!p->has_m || p->m < 0 || p->m >= UINT32_MAX - 1)
				gt_ids_del(&c->sys_m, (int64_t)ev->g);
			else if (gt_ids_put(&c->sys_m, (int64_t)ev->g, (uint32_t)p->m + 1) < 0)
				return nomem(c, ev->off);
			p->sys_g = ev->g;
		}
		go_trans(&e, self, GT_GS_RUNNING, GT_GS_SYSCALL, 0, stk);
		e.stack = stk;
		break;
	}
	case V1_GO_SYSEXIT:
		go_trans(&e, self, GT_GS_SYSCALL, GT_GS_RUNNABLE, 0, 0);
		break;
	case V1_GO_SYSBLOCK:
		return 0;
	case V1_GO_WAITING: case V1_GO_INSYSCALL:
		go_trans(&e, (int64_t)ev->args[0], GT_GS_UNDETERMINED,
		         ev->type == V1_GO_WAITING ? GT_GS_WAITING : GT_GS_SYSCALL, 0, 0);
		if (clear_preinit(c, ev->args[0], ev->off))
			return -1;
		if (ev->type == V1_GO_INSYSCALL && ev->args[0] <= INT64_MAX) {
			/* its thread, as its syscall's end tells it (pass 1,
			 * v1_exitm_note); Go's converter leaves it unknown */
			uint32_t m1 = gt_ids_get(&c->exit_m, (int64_t)ev->args[0]);
			if (m1 != UINT32_MAX)
				e.m = (int64_t)m1 - 1;
		}
		break;
	case V1_HEAP_ALLOC:
		metric(&e, GT_METRIC_HEAP_ALLOC, c->s_heap, ev->args[0]);
		break;
	case V1_HEAP_GOAL:
		metric(&e, GT_METRIC_HEAP_GOAL, c->s_goal, ev->args[0]);
		break;
	case V1_TASK_CREATE: {
		struct v1_task *t = NULL;
		uint32_t *ti = gt_ids_slot(&c->taskmap, ev->args[0]);
		if (ti)
			t = &c->tasks[*ti];
		e.kind = GT_EV_TASK_BEGIN;
		e.u.task.id = ev->args[0];
		e.u.task.parent = ev->args[1] ? ev->args[1] : GT_NO_TASK;
		e.u.task.type = v1_string(c, ev->args[2]);
		e.stack = stk;
		if (t) {
			t->clive = 1;
			t->parent = ev->args[1];
			t->name = e.u.task.type;
		}
		break;
	}
	case V1_TASK_END: {
		uint32_t *ti = gt_ids_slot(&c->taskmap, ev->args[0]);
		struct v1_task *t = ti ? &c->tasks[*ti] : NULL;
		e.kind = GT_EV_TASK_END;
		e.u.task.id = ev->args[0];
		e.u.task.parent = GT_NO_TASK;
		if (t && t->clive) {
			t->clive = 0;
			e.u.task.parent = t->parent;
			e.u.task.type = t->name;
		}
		e.stack = stk;
		break;
	}
	case V1_REGION:
		e.kind = ev->args[1] == 0 ? GT_EV_REGION_BEGIN : GT_EV_REGION_END;
		e.u.region.task = ev->args[0];
		e.u.region.type = v1_string(c, ev->args[2]);
		e.stack = stk;
		break;
	case V1_LOG:
		e.kind = GT_EV_LOG;
		e.u.log.task = ev->args[0];
		e.u.log.category = v1_string(c, ev->args[1]);
		e.u.log.message = log_message(c, ev->off);
		e.stack = stk;
		break;
	case V1_CPU_SAMPLE:
		e.kind = GT_EV_STACK_SAMPLE;
		e.stack = stk;
		return out(c, &e); /* samples carry no thread */
	case V1_FUTILE_WAKEUP:
		if (c->ver < 11)
			return 0; /* Go 1.19 drops futile wakeups; no new-model event */
		return v1_fail(c, ev->off, "unexpected event type FutileWakeup");
	default:
		return v1_fail(c, ev->off, "unexpected event type %s", v1_descs[ev->type].name);
	}
	if (reason >= 0) {
		go_trans(&e, self, GT_GS_RUNNING, to, c->s_reason[reason], stk);
		e.stack = stk;
	}
	if (e.m == GT_NONE && ev->p != -1 && p->has_m && ev->type != V1_GO_START_LABEL)
		e.m = p->m;
	if (stop_m)
		p->has_m = 0, p->m1 = 0;
	return out(c, &e);
}

enum { G_DEAD, G_RUNNABLE, G_RUNNING, G_WAITING }; /* v1_postprocess's */

/* Per wire type, for hot(): the goroutine state a running goroutine
 * leaves for, and the reason, of GoSched / GoPreempt / GoSleep / GoBlock*
 * (0: not one of them). */
#define LEAVE(st, r) (uint8_t)((st) << 5 | (r))
static const uint8_t leave[V1_COUNT] = {
	[V1_GO_SCHED] = LEAVE(G_RUNNABLE, R_GOSCHED),
	[V1_GO_PREEMPT] = LEAVE(G_RUNNABLE, R_PREEMPTED),
	[V1_GO_SLEEP] = LEAVE(G_WAITING, R_SLEEP),
	[V1_GO_BLOCK] = LEAVE(G_WAITING, R_EMPTY),
	[V1_GO_BLOCK_SEND] = LEAVE(G_WAITING, R_SEND),
	[V1_GO_BLOCK_RECV] = LEAVE(G_WAITING, R_RECV),
	[V1_GO_BLOCK_SELECT] = LEAVE(G_WAITING, R_SELECT),
	[V1_GO_BLOCK_SYNC] = LEAVE(G_WAITING, R_SYNC),
	[V1_GO_BLOCK_COND] = LEAVE(G_WAITING, R_COND),
	[V1_GO_BLOCK_NET] = LEAVE(G_WAITING, R_NET),
	[V1_GO_BLOCK_GC] = LEAVE(G_WAITING, R_ASSIST),
};

/* The common events, checked as v1_postprocess checks them and converted
 * as convert() does, in one step.  1: left to the general path, with
 * nothing changed yet (a failed check is reported there). */
static inline __attribute__((always_inline)) int hot(struct v1_ctx *c, const struct v1_ev *ev)
{
	unsigned type = ev->type;
	if (ev->pi >= c->nproc || ev->gi >= c->capgpost)
		return 1;
	struct v1_proc *p = &c->procs[ev->pi];
	struct v1_gpost *g = &c->gpost[ev->gi];
	if (p->pid != ev->p)
		return 1;
	/* a goroutine transition's fields go to t (for the record path, or
	 * an event made of them), another kind's to e */
	struct gt_rtrans t = {.g = ev->g == 0 ? GT_NONE : (int64_t)ev->g};
	int trans = 1;
	struct gt_event e;
	switch (type) {
	case V1_GO_START:
		if (c->preinit || g->pstate != G_RUNNABLE || p->run_g || p->sys_g)
			return 1;
		g->pstate = G_RUNNING;
		g->plast = 0;
		g->present = 1;
		p->run_g = ev->g;
		t.id = (int64_t)ev->args[0];
		t.from = GT_GS_RUNNABLE;
		t.to = GT_GS_RUNNING;
		break;
	case V1_GO_UNBLOCK: {
		/* timer goroutines and the network poller unblock on fake Ps */
		if (ev->ti >= c->capgpost)
			return 1;
		struct v1_gpost *g1 = &c->gpost[ev->ti];
		if (g->pstate != G_RUNNING || p->run_g != ev->g || c->timers.len ||
		    g1->pstate != G_WAITING || g1->plast == V1_GO_BLOCK_NET)
			return 1;
		g1->pstate = G_RUNNABLE;
		g1->plast = V1_GO_UNBLOCK;
		g1->present = 1;
		t.stack = v1_stack(c, ev->stk);
		t.id = (int64_t)ev->args[0];
		t.from = GT_GS_WAITING;
		t.to = GT_GS_RUNNABLE;
		break;
	}
	case V1_GO_SCHED: case V1_GO_PREEMPT: case V1_GO_SLEEP: case V1_GO_BLOCK:
	case V1_GO_BLOCK_SEND: case V1_GO_BLOCK_RECV: case V1_GO_BLOCK_SELECT:
	case V1_GO_BLOCK_SYNC: case V1_GO_BLOCK_COND: case V1_GO_BLOCK_NET:
	case V1_GO_BLOCK_GC: {
		unsigned l = leave[type];
		if (g->pstate != G_RUNNING || p->run_g != ev->g || ev->g == 0)
			return 1;
		g->pstate = (uint8_t)(l >> 5);
		g->plast = (uint8_t)type;
		g->present = 1;
		p->run_g = 0;
		t.stack = t.tstack = v1_stack(c, ev->stk);
		t.id = t.g;
		t.from = GT_GS_RUNNING;
		t.to = l >> 5 == G_RUNNABLE ? GT_GS_RUNNABLE : GT_GS_WAITING;
		t.reason = c->s_reason[l & 31];
		break;
	}
	case V1_HEAP_ALLOC:
		trans = 0;
		memset(&e.u, 0, sizeof e.u);
		e.stack = 0;
		e.kind = GT_EV_METRIC;
		e.u.metric.mkind = GT_METRIC_HEAP_ALLOC;
		e.u.metric.name = c->s_heap;
		e.u.metric.value = ev->args[0];
		break;
	case V1_SWEEP_START: case V1_SWEEP_DONE:
		if (p->sweep == (type == V1_SWEEP_START))
			return 1;
		trans = 0;
		memset(&e.u, 0, sizeof e.u);
		e.stack = 0;
		p->sweep = type == V1_SWEEP_START;
		e.u.range.rkind = GT_RANGE_SWEEP;
		e.u.range.scope = GT_RES_PROC;
		e.u.range.scope_id = ev->p;
		e.u.range.name = c->s_sweep;
		if (type == V1_SWEEP_START) {
			e.kind = GT_EV_RANGE_BEGIN;
			e.stack = v1_stack(c, ev->stk);
		} else {
			e.kind = GT_EV_RANGE_END;
			e.u.range.swept = ev->args[0];
			e.u.range.reclaimed = ev->args[1];
		}
		break;
	case V1_MARK_ASSIST_START: case V1_MARK_ASSIST_DONE:
		if (type == V1_MARK_ASSIST_START && g->assist)
			return 1;
		trans = 0;
		memset(&e.u, 0, sizeof e.u);
		e.stack = 0;
		if (type == V1_MARK_ASSIST_START) {
			e.kind = GT_EV_RANGE_BEGIN;
			e.stack = v1_stack(c, ev->stk);
		} else
			e.kind = GT_EV_RANGE_END;
		g->assist = type == V1_MARK_ASSIST_START;
		g->present = 1;
		e.u.range.rkind = GT_RANGE_MARK_ASSIST;
		e.u.range.scope = GT_RES_GOROUTINE;
		e.u.range.scope_id = t.g;
		e.u.range.name = c->s_assist;
		break;
	default:
		return 1;
	}
	c->res->v1_by_type[type]++;
	if (ev->off > c->res->bytes_kept)
		c->res->bytes_kept = ev->off;
	/* Go's rule that timestamps strictly increase */
	int64_t ts = ev->ts;
	if (ts <= c->last_ts)
		ts = c->last_ts + 1;
	c->last_ts = ts;
	c->res->events++;
	int64_t m = (int64_t)(p->m1 - 1);
	/* the sink's record path (rec/rec.h) when it takes the event:
	 * no event made, no call through the sink */
	struct gt_rsink *rs = c->recs;
	if (trans) {
		t.ts = ts;
		t.p = ev->p;
		t.m = m;
		if (rs && gt_rsink_takes(rs, 1, t.tstack, t.p)) {
			if (gt_rsink_trans(rs, &t, 1, ev->off))
				goto stop;
			return 0;
		}
		memset(&e.u, 0, sizeof e.u);
		e.kind = GT_EV_STATE_TRANSITION;
		e.stack = t.stack;
		e.u.trans.resource = GT_RES_GOROUTINE;
		e.u.trans.id = t.id;
		e.u.trans.from = t.from;
		e.u.trans.to = t.to;
		e.u.trans.reason = t.reason;
		e.u.trans.stack = t.tstack;
	} else if (rs && e.kind == GT_EV_METRIC) {
		struct gt_rmetric mt = {.ts = ts, .p = ev->p, .m = m, .value = e.u.metric.value,
		                        .off = ev->off, .kind = e.u.metric.mkind};
		if (rs->metric(rs->ctx, &mt))
			goto stop;
		return 0;
	}
	e.ts = ts;
	e.g = t.g;
	e.p = ev->p;
	e.m = m;
	e.offset = ev->off;
	e.wire = (uint16_t)type;
	if (c->sink_event && c->sink_event(c->sink_ctx, &e, c->tab))
		goto stop;
	return 0;
stop:
	c->stopped = 1;
	return -1;
}

static inline int64_t to_ns(const struct v1_ctx *c, int64_t ts)
{
	/* as Go: float64(ts-minTs) * (1e9/float64(freq)) */
	double d = (double)(int64_t)((uint64_t)ts - (uint64_t)c->min_ts) * c->ns_per_tick;
	if (!(d > -9.2e18))
		return d != d ? 0 : INT64_MIN;
	if (d > 9.2e18)
		return INT64_MAX / 2;
	return (int64_t)d;
}

static int is_timer(const struct v1_ctx *c, uint64_t g)
{
	return c->timers.len && gt_ids_slot(&c->timers, g) != NULL;
}

/* ref (a constant where inlined): the reference path only, without hot()
 * (gt_decode_opts.v1_reference): the delivery loops are compiled once for
 * each, so the fast path pays no test for the switch. */
static inline __attribute__((always_inline)) int process(struct v1_ctx *c, struct v1_ev *ev,
                                                         const int ref)
{
	if (c->nfutile && c->ver < 11 && gt_ids_slot(&c->futile, ev->off))
		return 0;
	ev->ts = to_ns(c, ev->ts);
	int rc = ref ? 1 : hot(c, ev);
	if (rc != 1)
		return rc;
	/* the general path: move to Go's fake Ps, validate, convert */
	if (ev->type == V1_GO_UNBLOCK && is_timer(c, ev->g))
		ev->p = V1_TIMER_P;
	if (ev->type == V1_GO_SYSEXIT)
		ev->p = V1_SYSCALL_P;
	if (v1_postprocess(c, ev))
		return -1;
	c->ngeneral++;
	c->res->v1_by_type[ev->type]++;
	if (ev->off > c->res->bytes_kept)
		c->res->bytes_kept = ev->off;
	return convert(c, ev);
}

/* Tells the sink how far the second run has got: no P will read the file
 * below the returned offset again (the loader may give those pages back). */
static void report(struct v1_ctx *c)
{
	if (!c->sink || !c->sink->progress)
		return;
	uint64_t low = c->end;
	for (uint32_t i = 0; i < c->nproc; i++) {
		const struct v1_proc *p = &c->procs[i];
		uint64_t at;
		if (p->pos)
			at = p->pos;
		else {
			uint32_t nb = p->cur == UINT32_MAX ? p->first : c->batches[p->cur].next;
			if (nb == UINT32_MAX)
				continue;
			at = c->batches[nb].off;
		}
		if (at < low)
			low = at;
	}
	c->sink->progress(c->sink->ctx, low, c->len);
}

/* process() for the few GoSysExits moved back in time. */
static __attribute__((noinline)) int process_moved(struct v1_ctx *c, const struct v1_moved *m)
{
	struct v1_ev ev = m->ev;
	return process(c, &ev, c->reference);
}

static inline __attribute__((always_inline)) int deliver_all(struct v1_ctx *c, const int ref)
{
	struct v1_ev ev;
	uint64_t lw = 0; /* the order log's word being read */
	uint32_t mi = 0, mt = 0;
	c->replay = 1;
	c->ns_per_tick = 1e9 / (double)c->freq; /* the same factor Go computes */
	if (v1_order_start(c) || v1_convert_init(c))
		return -1;
	struct v1_g *g0 = v1_g_get(c, 0);
	if (!g0) {
		c->res->status = GT_NOMEM;
		return v1_fail(c, 0, "out of memory");
	}
	if (v1_post_reset(c))
		return -1;
	c->gpost[g0 - c->gs].present = 1;
	c->gpost[g0 - c->gs].pstate = 2; /* g 0 runs */
	if (c->nordered && v1_emit_sync(c, -1, 16))
		return -1;
	/* the moved exits: the next to skip (order index), and the next to
	 * deliver (time, then order index); none: UINT64_MAX / INT64_MAX */
	uint64_t skip_i = c->nmoved ? c->moved[0].idx : UINT64_MAX;
	int64_t next_ts = c->nmoved ? c->moved[c->moved_by_ts[0]].ev.ts : INT64_MAX;
	for (uint64_t i = 0, n = c->nordered; i < n; i++) {
		/* 1.7+: the log's replay, inline (v1_cursor.h) */
		int rc = c->ver < 7 ? v1_order_next(c, &ev) : v1_replay_next(c, i, &lw, &ev);
		if (rc != 1)
			return rc < 0 ? -1 : v1_fail(c, 0, "ordering changed between passes");
		if (i == skip_i) {
			mi++;
			skip_i = mi < c->nmoved ? c->moved[mi].idx : UINT64_MAX;
			continue;
		}
		while (next_ts <= ev.ts && mt < c->nmoved) {
			struct v1_moved *m = &c->moved[c->moved_by_ts[mt]];
			if (m->ev.ts == ev.ts && m->idx > i)
				break;
			mt++;
			next_ts = mt < c->nmoved ? c->moved[c->moved_by_ts[mt]].ev.ts : INT64_MAX;
			if (process_moved(c, m))
				return -1;
		}
		if (process(c, &ev, ref))
			return -1;
		if ((i & 0xffff) == 0xffff && c->ver >= 7)
			report(c);
	}
	for (; mt < c->nmoved; mt++)
		if (process_moved(c, &c->moved[c->moved_by_ts[mt]]))
			return -1;
	if (c->sink && c->sink->progress)
		c->sink->progress(c->sink->ctx, c->len, c->len);
	return v1_emit_sync(c, c->last_ts + 1, c->end);
}

/* The second run while the first still runs (v1_pipe.h): as
 * v1_deliver_all, but it replays only what the first has published, and
 * takes the moved exits as they are found; one found too late (earlier
 * than the last event replayed, or than the first event once its time
 * is the origin) means giving up. */
static int take_moved(struct v1_ctx *c, uint32_t upto, struct v1_moved ***pend,
                      uint32_t *npend, uint32_t *cappend)
{
	struct v1_pipe *pp = c->pipe;
	for (; pp->have < upto; pp->have++) {
		struct v1_moved *m = &pp->mch[pp->have / V1_PIPE_MCN][pp->have % V1_PIPE_MCN];
		/* m goes before the first event later than it (or as late,
		 * from its index on): an event already replayed must not be */
		if ((pp->started && m->ev.ts < pp->done_ts) || (pp->min_set && m->ev.ts < c->min_ts)) {
			pp->why = "a moved syscall exit found too late";
			return -3;
		}
		if (pp->started && m->ev.ts - pp->done_ts < pp->min_slack)
			pp->min_slack = m->ev.ts - pp->done_ts;
		if (!pend)
			continue;
		/* its goroutine's index in this run's table */
		m->ev.gi = g_index(c, m->ev.g);
		if (m->ev.gi == UINT32_MAX)
			return nomem(c, m->ev.off);
		if (*npend == *cappend) {
			uint32_t cap = *cappend ? *cappend * 2 : 64;
			struct v1_moved **n = realloc(*pend, cap * sizeof *n);
			if (!n)
				return nomem(c, m->ev.off);
			*pend = n;
			*cappend = cap;
		}
		/* pending, sorted by (time, index) from the last (the next) */
		uint32_t j = (*npend)++;
		struct v1_moved **q = *pend;
		for (; j > 0 && (q[j - 1]->ev.ts < m->ev.ts ||
		                 (q[j - 1]->ev.ts == m->ev.ts && q[j - 1]->idx < m->idx)); j--)
			q[j] = q[j - 1];
		q[j] = m;
	}
	return 0;
}

int v1_pipe_late(struct v1_ctx *c)
{
	struct v1_pipe *pp = c->pipe;
	return take_moved(c, __atomic_load_n(&pp->nmoved, __ATOMIC_ACQUIRE), NULL, NULL, NULL);
}

int v1_pipe_pre(struct v1_ctx *c, uint64_t id)
{
	struct v1_pipe *pp = c->pipe;
	if (v1_grow((void **)&pp->pre, &pp->cappre, sizeof *pp->pre, pp->npre + 1ULL))
		return nomem(c, 0);
	pp->pre[pp->npre++] = id;
	return 0;
}

/* The pipelined second run reads the merge order log once, in order,
 * and nothing reads it after (a run that gives up decodes again from the
 * start, with a new log): the whole pages of the entries before i go
 * back to the system as it goes (the log is 12 MB at 25M events, all of
 * it resident at the end of the load, when the model is at its largest).
 * So do those of the syscalls' blocked bits before the second run's
 * next syscall: the first run set them before lim passed them, and the
 * second reads each once (3 MB on churn_go119).  Every LOG_DROP_STEP
 * entries, whether or not the second run has caught up with the first:
 * when the first runs far ahead, the second may replay millions of
 * entries before it next waits (7 MB of the log stayed resident). */
#define LOG_DROP_STEP (1u << 20) /* entries */
static void drop_pages(const uint8_t *base, uint64_t upto, uint64_t *dropped)
{
	uintptr_t pg = (uintptr_t)sysconf(_SC_PAGESIZE);
	uintptr_t a = ((uintptr_t)base + *dropped + pg - 1) & ~(pg - 1);
	uintptr_t z = ((uintptr_t)base + upto) & ~(pg - 1);
	if (pg && z > a && !madvise((void *)a, z - a, MADV_DONTNEED))
		*dropped = z - (uintptr_t)base;
}

static __attribute__((noinline)) void log_drop(struct v1_ctx *c, uint64_t i, uint64_t dropped[2])
{
	drop_pages(c->olog, i * (unsigned)c->olog_bits / 8, &dropped[0]);
	if (c->sysblocked)
		drop_pages(c->sysblocked, c->syscall_k / 8, &dropped[1]);
}

static inline __attribute__((always_inline)) int deliver_pipe(struct v1_ctx *c, const int ref)
{
	struct v1_pipe *pp = c->pipe;
	struct v1_ev ev;
	uint64_t lw = 0, lim = 0, i = 0, dropped[2] = {0, 0}, drop_at = LOG_DROP_STEP;
	uint64_t stop = 0; /* the next of lim and drop_at */
	uint32_t mi = 0, npend = 0, cappend = 0;
	struct v1_moved **pend = NULL;
	int rc = 0;
	c->replay = 1;
	c->ns_per_tick = 1e9 / (double)c->freq;
	pp->done_ts = INT64_MIN;
	if (v1_order_start(c) || v1_convert_init(c))
		return -1;
	struct v1_g *g0 = v1_g_get(c, 0);
	if (!g0)
		return nomem(c, 0);
	if (v1_post_reset(c))
		return -1;
	c->gpost[g0 - c->gs].present = 1;
	c->gpost[g0 - c->gs].pstate = 2;
	uint64_t skip_i = UINT64_MAX;
	for (;; i++) {
		if (i == stop) {
			if (i >= drop_at) {
				log_drop(c, i, dropped);
				drop_at = i + LOG_DROP_STEP;
			}
			if (i == lim) {
				lim = v1_pipe_wait(c, i);
				uint32_t nm = __atomic_load_n(&pp->nmoved, __ATOMIC_ACQUIRE);
				if ((rc = take_moved(c, nm, &pend, &npend, &cappend)))
					break;
				if (skip_i == UINT64_MAX && mi < pp->have)
					skip_i = pp->mch[mi / V1_PIPE_MCN][mi % V1_PIPE_MCN].idx;
				if (i >= pp->force) {
					pp->why = "told to give up (v1_pipe_give_up)";
					rc = -3;
					break;
				}
				if (lim == i)
					break;
				if (!pp->started) {
					pp->started = 1;
					if (v1_emit_sync(c, -1, 16)) {
						rc = -1;
						break;
					}
				}
			}
			stop = lim < drop_at ? lim : drop_at;
		}
		if ((rc = v1_replay_next(c, i, &lw, &ev)) != 1) {
			rc = rc < 0 ? -1 : v1_fail(c, 0, "ordering changed between passes");
			break;
		}
		rc = 0;
		if (i == 0) {
			/* the time origin: as the first run's */
			c->min_ts = ev.ts;
			if (npend && pend[npend - 1]->ev.ts < c->min_ts)
				c->min_ts = pend[npend - 1]->ev.ts;
			pp->min_set = 1;
		}
		if (i == skip_i) {
			mi++;
			skip_i = mi < pp->have ? pp->mch[mi / V1_PIPE_MCN][mi % V1_PIPE_MCN].idx : UINT64_MAX;
			continue;
		}
		pp->done_ts = ev.ts;
		while (npend) {
			struct v1_moved *m = pend[npend - 1];
			if (m->ev.ts > ev.ts || (m->ev.ts == ev.ts && m->idx > i))
				break;
			npend--;
			if (i < m->idx && m->idx - i > pp->max_back)
				pp->max_back = m->idx - i;
			if (process_moved(c, m)) {
				rc = -1;
				break;
			}
		}
		if (rc || process(c, &ev, ref)) {
			rc = -1;
			break;
		}
		if ((i & 0xffff) == 0xffff)
			report(c);
	}
	if (rc == 0) {
		while (npend && !rc)
			if (process_moved(c, pend[--npend]))
				rc = -1;
		if (!rc) {
			if (c->sink && c->sink->progress)
				c->sink->progress(c->sink->ctx, c->len, c->len);
			rc = v1_emit_sync(c, c->last_ts + 1, c->end);
		}
	}
	free(pend);
	return rc;
}

int v1_deliver_all(struct v1_ctx *c)
{
	return c->reference ? deliver_all(c, 1) : deliver_all(c, 0);
}

int v1_deliver_pipe(struct v1_ctx *c)
{
	return c->reference ? deliver_pipe(c, 1) : deliver_pipe(c, 0);
}
