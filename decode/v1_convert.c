/* v1_convert.c: old events into the event model (event.h), as golang/exp
 * trace/tracev1.go converts them: goroutines that existed when tracing
 * started become GoStatus-like transitions from Undetermined, the first
 * Gomaxprocs ends that initial phase, first sight of a P is a ProcStatus,
 * GoSysCall becomes a syscall range (1 ns unless a GoSysBlock follows),
 * GC / STW / sweep / assist become ranges, tasks, regions, logs, labels and
 * metrics keep their meaning.  No two events share a timestamp. */
#include "decode/v1_int.h"

#include <stdio.h>
#include <string.h>

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
	c->last_stw = c->s_reason[R_STW0];
	c->syscall_k = 0;
	for (uint32_t i = 0; i < c->ng; i++)
		c->gs[i].preinit = 0;
	for (uint32_t i = 0; i < c->nproc; i++)
		c->procs[i].seen = c->procs[i].has_m = 0;
	for (uint32_t i = 0; i < c->ntask; i++)
		c->tasks[i].clive = 0;
	return 0;
}

static int deliver(struct v1_ctx *c, struct gt_event *e)
{
	c->res->events++;
	if (c->sink && c->sink->event && c->sink->event(c->sink->ctx, e, c->tab)) {
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

int v1_convert(struct v1_ctx *c, const struct v1_ev *ev, uint64_t ord)
{
	(void)ord;
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
		proc_trans(&e, ev->p, p->seen ? GT_PS_IDLE : GT_PS_UNDETERMINED, GT_PS_RUNNING);
		p->seen = 1;
		break;
	case V1_PROC_STOP:
		proc_trans(&e, ev->p, p->seen ? GT_PS_RUNNING : GT_PS_UNDETERMINED, GT_PS_IDLE);
		p->seen = 1;
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
		if (ev->type == V1_STW_START)
			c->last_stw = c->s_reason[R_STW0 + stw_reason(c, ev->args[0])];
		char name[128];
		snprintf(name, sizeof name, "stop-the-world (%s)", gt_str_get(c->tab, c->last_stw));
		gt_str s = intern(c, name);
		if (!s)
			return nomem(c, ev->off);
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
			return 0;
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
		} else
			go_trans(&e, (int64_t)ev->args[0], GT_GS_RUNNABLE, GT_GS_RUNNING, 0, 0);
		break;
	case V1_GO_START_LABEL: {
		/* Go builds this context itself: raw G, M 0 when unknown */
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
		int blocked = k < c->nsyscall && (c->sysblocked[k / 8] >> (k % 8) & 1);
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
		break;
	case V1_HEAP_ALLOC:
		metric(&e, GT_METRIC_HEAP_ALLOC, c->s_heap, ev->args[0]);
		break;
	case V1_HEAP_GOAL:
		metric(&e, GT_METRIC_HEAP_GOAL, c->s_goal, ev->args[0]);
		break;
	case V1_TASK_CREATE: {
		struct v1_task *t = NULL;
		uint32_t *ti = v1_map_get(&c->taskmap, ev->args[0]);
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
		uint32_t *ti = v1_map_get(&c->taskmap, ev->args[0]);
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
		p->has_m = 0;
	return out(c, &e);
}
