/* order_conv.h: from a wire event (plus what ordering learnt) to
 * struct gt_event, as Go's event.go Kind/Stack/Range/StateTransition/
 * Task/Region/Log/Metric/Label/Experimental, written straight into the
 * delivery queue; and the wire type table (names, kinds, which args are
 * stacks and strings).  For decode/v2/order*.c only.
 *
 * Everything is inline so that a handler queueing a constant type gets a
 * conversion with the table look-ups and the switch folded away (the hot
 * GoStart/GoBlock/HeapAlloc... paths); gt_v2o_push() is the generic one.
 */
#ifndef GT_DECODE_V2_ORDER_CONV_H
#define GT_DECODE_V2_ORDER_CONV_H

#include <string.h>
#include "decode/v2/order_int.h"

#define ST GT_EV_STATE_TRANSITION
#define I(nm, k, n, stk, stk2, s0, s1, st) \
	{ nm, k, n, stk, stk2, { s0, s1 }, st, (stk) >= 0 || (stk2) >= 0 || (s0) >= 0 || (s1) >= 0 }
static const struct w_info gt_v2o_infos[W_GOROUTINE_STACK_FREE + 1] = {
	[1] = I("EventBatch", GT_EV_BAD, 4, -1, -1, -1, -1, 0),
	[2] = I("Stacks", GT_EV_BAD, 0, -1, -1, -1, -1, 0),
	[3] = I("Stack", GT_EV_BAD, 2, -1, -1, -1, -1, 0),
	[4] = I("Strings", GT_EV_BAD, 0, -1, -1, -1, -1, 0),
	[5] = I("String", GT_EV_BAD, 1, -1, -1, -1, -1, 0),
	[6] = I("CPUSamples", GT_EV_BAD, 0, -1, -1, -1, -1, 0),
	[7] = I("CPUSample", GT_EV_STACK_SAMPLE, 5, -1, -1, -1, -1, 0),
	[8] = I("Frequency", GT_EV_BAD, 1, -1, -1, -1, -1, 0),
	[W_PROCS_CHANGE] = I("ProcsChange", GT_EV_METRIC, 2, 1, -1, -1, -1, 0),
	[W_PROC_START] = I("ProcStart", ST, 2, -1, -1, -1, -1, 0),
	[W_PROC_STOP] = I("ProcStop", ST, 0, -1, -1, -1, -1, 0),
	[W_PROC_STEAL] = I("ProcSteal", ST, 3, -1, -1, -1, -1, 0),
	[W_PROC_STATUS] = I("ProcStatus", ST, 2, -1, -1, -1, -1, 0),
	[W_GO_CREATE] = I("GoCreate", ST, 3, 2, 1, -1, -1, 0),
	[W_GO_CREATE_SYSCALL] = I("GoCreateSyscall", ST, 1, -1, -1, -1, -1, 0),
	[W_GO_START] = I("GoStart", ST, 2, -1, -1, -1, -1, 0),
	[W_GO_DESTROY] = I("GoDestroy", ST, 0, -1, -1, -1, -1, 0),
	[W_GO_DESTROY_SYSCALL] = I("GoDestroySyscall", ST, 0, -1, -1, -1, -1, 0),
	[W_GO_STOP] = I("GoStop", ST, 2, 1, -1, 0, -1, 0),
	[W_GO_BLOCK] = I("GoBlock", ST, 2, 1, -1, 0, -1, 0),
	[W_GO_UNBLOCK] = I("GoUnblock", ST, 3, 2, -1, -1, -1, 0),
	[W_GO_SYSCALL_BEGIN] = I("GoSyscallBegin", ST, 2, 1, -1, -1, -1, 0),
	[W_GO_SYSCALL_END] = I("GoSyscallEnd", ST, 0, -1, -1, -1, -1, W_GO_SYSCALL_BEGIN),
	[W_GO_SYSCALL_END_BLOCKED] = I("GoSyscallEndBlocked", ST, 0, -1, -1, -1, -1, W_GO_SYSCALL_BEGIN),
	[W_GO_STATUS] = I("GoStatus", ST, 3, -1, -1, -1, -1, 0),
	[W_STW_BEGIN] = I("STWBegin", GT_EV_RANGE_BEGIN, 2, 1, -1, 0, -1, 0),
	[W_STW_END] = I("STWEnd", GT_EV_RANGE_END, 0, -1, -1, -1, -1, W_STW_BEGIN),
	[W_GC_ACTIVE] = I("GCActive", GT_EV_RANGE_ACTIVE, 1, -1, -1, -1, -1, W_GC_BEGIN),
	[W_GC_BEGIN] = I("GCBegin", GT_EV_RANGE_BEGIN, 2, 1, -1, -1, -1, 0),
	[W_GC_END] = I("GCEnd", GT_EV_RANGE_END, 1, -1, -1, -1, -1, W_GC_BEGIN),
	[W_GC_SWEEP_ACTIVE] = I("GCSweepActive", GT_EV_RANGE_ACTIVE, 1, -1, -1, -1, -1, W_GC_SWEEP_BEGIN),
	[W_GC_SWEEP_BEGIN] = I("GCSweepBegin", GT_EV_RANGE_BEGIN, 1, 0, -1, -1, -1, 0),
	[W_GC_SWEEP_END] = I("GCSweepEnd", GT_EV_RANGE_END, 2, -1, -1, -1, -1, W_GC_SWEEP_BEGIN),
	[W_GC_MARK_ASSIST_ACTIVE] = I("GCMarkAssistActive", GT_EV_RANGE_ACTIVE, 1, -1, -1, -1, -1, W_GC_MARK_ASSIST_BEGIN),
	[W_GC_MARK_ASSIST_BEGIN] = I("GCMarkAssistBegin", GT_EV_RANGE_BEGIN, 1, 0, -1, -1, -1, 0),
	[W_GC_MARK_ASSIST_END] = I("GCMarkAssistEnd", GT_EV_RANGE_END, 0, -1, -1, -1, -1, W_GC_MARK_ASSIST_BEGIN),
	[W_HEAP_ALLOC] = I("HeapAlloc", GT_EV_METRIC, 1, -1, -1, -1, -1, 0),
	[W_HEAP_GOAL] = I("HeapGoal", GT_EV_METRIC, 1, -1, -1, -1, -1, 0),
	[W_GO_LABEL] = I("GoLabel", GT_EV_LABEL, 1, -1, -1, 0, -1, 0),
	[W_USER_TASK_BEGIN] = I("UserTaskBegin", GT_EV_TASK_BEGIN, 4, 3, -1, 2, -1, 0),
	[W_USER_TASK_END] = I("UserTaskEnd", GT_EV_TASK_END, 2, 1, -1, -1, -1, 0),
	[W_USER_REGION_BEGIN] = I("UserRegionBegin", GT_EV_REGION_BEGIN, 3, 2, -1, 1, -1, 0),
	[W_USER_REGION_END] = I("UserRegionEnd", GT_EV_REGION_END, 3, 2, -1, 1, -1, W_USER_REGION_BEGIN),
	[W_USER_LOG] = I("UserLog", GT_EV_LOG, 4, 3, -1, 1, 2, 0),
	[W_GO_SWITCH] = I("GoSwitch", ST, 2, -1, -1, -1, -1, 0),
	[W_GO_SWITCH_DESTROY] = I("GoSwitchDestroy", ST, 2, -1, -1, -1, -1, 0),
	[W_GO_CREATE_BLOCKED] = I("GoCreateBlocked", ST, 3, 2, 1, -1, -1, 0),
	[W_GO_STATUS_STACK] = I("GoStatusStack", ST, 4, 3, -1, -1, -1, 0),
	[W_EXPERIMENTAL_BATCH] = I("ExperimentalBatch", GT_EV_BAD, 4, -1, -1, -1, -1, 0),
	[W_SYNC] = I("Sync", GT_EV_BAD, 0, -1, -1, -1, -1, 0),
	[W_CLOCK_SNAPSHOT] = I("ClockSnapshot", GT_EV_BAD, 3, -1, -1, -1, -1, 0),
	[W_END_OF_GENERATION] = I("EndOfGeneration", GT_EV_BAD, 0, -1, -1, -1, -1, 0),
	[W_SPAN] = I("Span", GT_EV_EXPERIMENTAL, 3, -1, -1, -1, -1, 0),
	[W_SPAN_ALLOC] = I("SpanAlloc", GT_EV_EXPERIMENTAL, 3, -1, -1, -1, -1, 0),
	[W_SPAN_FREE] = I("SpanFree", GT_EV_EXPERIMENTAL, 1, -1, -1, -1, -1, 0),
	[W_HEAP_OBJECT] = I("HeapObject", GT_EV_EXPERIMENTAL, 2, -1, -1, -1, -1, 0),
	[W_HEAP_OBJECT_ALLOC] = I("HeapObjectAlloc", GT_EV_EXPERIMENTAL, 2, -1, -1, -1, -1, 0),
	[W_HEAP_OBJECT_FREE] = I("HeapObjectFree", GT_EV_EXPERIMENTAL, 1, -1, -1, -1, -1, 0),
	[W_GOROUTINE_STACK] = I("GoroutineStack", GT_EV_EXPERIMENTAL, 2, -1, -1, -1, -1, 0),
	[W_GOROUTINE_STACK_ALLOC] = I("GoroutineStackAlloc", GT_EV_EXPERIMENTAL, 2, -1, -1, -1, -1, 0),
	[W_GOROUTINE_STACK_FREE] = I("GoroutineStackFree", GT_EV_EXPERIMENTAL, 1, -1, -1, -1, -1, 0),
};
#undef I
#undef ST


/* The table entry of a type a handler queues (always in the table). */
static inline const struct w_info *gt_v2o_info_k(unsigned type)
{
	return &gt_v2o_infos[type < sizeof gt_v2o_infos / sizeof gt_v2o_infos[0] ? type : 0];
}

int gt_v2o_resolve_stack_slow(struct gt_v2_order *o, unsigned type, uint64_t id, gt_stack *out);
gt_str gt_v2o_stw_name(struct gt_v2_order *o, gt_str reason);
int gt_v2o_grow_queue(struct gt_v2_order *o);
int gt_v2o_bad_str(struct gt_v2_order *o, unsigned type, uint64_t id) __attribute__((cold));

static inline int gt_v2o_resolve_stack(struct gt_v2_order *o, unsigned type, uint64_t id, gt_stack *out)
{
	if (!id) {
		*out = 0;
		return 0;
	}
	const struct v2o_stack_memo *mm = &o->memo[id & (GT_V2O_STACK_CACHE - 1)];
	if (GT_V2O_LIKELY(mm->id == id)) {
		*out = mm->v;
		return 0;
	}
	return gt_v2o_resolve_stack_slow(o, type, id, out);
}

static inline void gt_v2o_range(struct gt_event *out, uint8_t rk, gt_str name, uint8_t scope, int64_t id)
{
	out->u.range.rkind = rk;
	out->u.range.name = name;
	out->u.range.scope = scope;
	out->u.range.scope_id = id;
}

/* An event's stack and string ids, resolved (Go's validateTableIDs). */
struct v2o_ids { gt_stack stack, stack2; gt_str s[2]; };

/* Resolves ev's ids in Go's order (stack, other stack, strings), through
 * the gen view when not remembered: 0, or -1 with the message. */
static inline __attribute__((always_inline)) int
gt_v2o_ids(struct gt_v2_order *o, unsigned type, const uint64_t *a, struct v2o_ids *ids)
{
	const struct w_info *in = gt_v2o_info_k(type);
	ids->stack = ids->stack2 = 0;
	ids->s[0] = ids->s[1] = 0;
	if (!in->ids)
		return 0;
	if (in->stack >= 0 && gt_v2o_resolve_stack(o, type, a[in->stack], &ids->stack) < 0)
		return -1;
	if (in->stack2 >= 0 && gt_v2o_resolve_stack(o, type, a[in->stack2], &ids->stack2) < 0)
		return -1;
	/* Not a loop: constant types fold the table reads away. */
	if (in->str[0] >= 0 && gt_v2o_resolve_str(o, a[in->str[0]], &ids->s[0]) < 0)
		return gt_v2o_bad_str(o, type, a[in->str[0]]);
	if (in->str[1] >= 0 && gt_v2o_resolve_str(o, a[in->str[1]], &ids->s[1]) < 0)
		return gt_v2o_bad_str(o, type, a[in->str[1]]);
	return 0;
}

/* The same from the memos alone: 0 when all were there, 1 when one must
 * go through the gen view (the fast handlers then take the slow path, so
 * that errors come in Go's order). */
static inline __attribute__((always_inline)) int
gt_v2o_ids_memo(const struct gt_v2_order *o, unsigned type, const uint64_t *a, struct v2o_ids *ids)
{
	const struct w_info *in = gt_v2o_info_k(type);
	ids->stack = ids->stack2 = 0;
	ids->s[0] = ids->s[1] = 0;
	if (!in->ids)
		return 0;
#define MEMO(tab, n, idx, dst)                                                   \
	do {                                                                     \
		uint64_t id_ = a[idx];                                           \
		const struct v2o_stack_memo *mm_ = &o->tab[id_ & ((n) - 1)];    \
		if (id_ && GT_V2O_UNLIKELY(mm_->id != id_))                      \
			return 1;                                                \
		dst = id_ ? mm_->v : 0;                                          \
	} while (0)
	if (in->stack >= 0)
		MEMO(memo, GT_V2O_STACK_CACHE, in->stack, ids->stack);
	if (in->stack2 >= 0)
		MEMO(memo, GT_V2O_STACK_CACHE, in->stack2, ids->stack2);
	if (in->str[0] >= 0)
		MEMO(smemo, GT_V2O_STR_CACHE, in->str[0], ids->s[0]);
	if (in->str[1] >= 0)
		MEMO(smemo, GT_V2O_STR_CACHE, in->str[1], ids->s[1]);
#undef MEMO
	return 0;
}

/* The state transition that a transition type stands for: 1 with *t,
 * or 0 for other types.  The one definition: gt_v2o_fill and the record
 * path (gt_v2o_push_fast) both read it. */
struct v2o_tr {
	int64_t id;
	gt_str reason;
	gt_stack stack;
	uint8_t res, from, to;
};
static inline __attribute__((always_inline)) int
gt_v2o_tr(unsigned type, struct ctx c, const uint64_t *a, uint64_t x0, const struct v2o_ids *ids,
          struct v2o_tr *t)
{
	const uint8_t G = GT_RES_GOROUTINE, P = GT_RES_PROC;
	gt_stack stack2 = ids->stack2;
	const gt_str *s = ids->s;
	t->reason = 0;
	t->stack = 0;
#define TR(r, i, f, to_) (t->res = (r), t->id = (i), t->from = (f), t->to = (to_))
	switch (type) {
	case W_PROC_START:
		TR(P, (int64_t)a[0], GT_PS_IDLE, GT_PS_RUNNING);
		return 1;
	case W_PROC_STOP:
		TR(P, c.p, GT_PS_RUNNING, GT_PS_IDLE);
		return 1;
	case W_PROC_STEAL:
		TR(P, (int64_t)a[0], x0 == PS_ABANDONED ? GT_PS_IDLE : GT_PS_RUNNING, GT_PS_IDLE);
		return 1;
	case W_PROC_STATUS: {
		static const uint8_t map[PS__N] = { GT_PS_UNDETERMINED, GT_PS_RUNNING, GT_PS_IDLE,
		                                    GT_PS_RUNNING, GT_PS_IDLE };
		TR(P, (int64_t)a[0], (uint8_t)x0, map[a[1] < PS__N ? a[1] : 0]);
		return 1;
	}
	case W_GO_CREATE:
	case W_GO_CREATE_BLOCKED:
		TR(G, (int64_t)a[0], GT_GS_NOTEXIST,
		      type == W_GO_CREATE ? GT_GS_RUNNABLE : GT_GS_WAITING);
		t->stack = stack2;
		return 1;
	case W_GO_CREATE_SYSCALL:
		TR(G, (int64_t)a[0], GT_GS_NOTEXIST, GT_GS_SYSCALL);
		return 1;
	case W_GO_START:
		TR(G, (int64_t)a[0], GT_GS_RUNNABLE, GT_GS_RUNNING);
		return 1;
	case W_GO_DESTROY:
		TR(G, c.g, GT_GS_RUNNING, GT_GS_NOTEXIST);
		return 1;
	case W_GO_DESTROY_SYSCALL:
		TR(G, c.g, GT_GS_SYSCALL, GT_GS_NOTEXIST);
		return 1;
	case W_GO_STOP:
	case W_GO_BLOCK:
		TR(G, c.g, GT_GS_RUNNING,
		      type == W_GO_STOP ? GT_GS_RUNNABLE : GT_GS_WAITING);
		t->reason = s[0];
		t->stack = ids->stack;
		return 1;
	case W_GO_UNBLOCK:
	case W_GO_SWITCH:
	case W_GO_SWITCH_DESTROY:
		TR(G, (int64_t)a[0], GT_GS_WAITING, GT_GS_RUNNABLE);
		return 1;
	case W_GO_SYSCALL_BEGIN:
		TR(G, c.g, GT_GS_RUNNING, GT_GS_SYSCALL);
		t->stack = ids->stack;
		return 1;
	case W_GO_SYSCALL_END:
		TR(G, c.g, GT_GS_SYSCALL, GT_GS_RUNNING);
		return 1;
	case W_GO_SYSCALL_END_BLOCKED:
		TR(G, c.g, GT_GS_SYSCALL, GT_GS_RUNNABLE);
		return 1;
	case W_GO_STATUS:
	case W_GO_STATUS_STACK: {
		static const uint8_t map[GS__N] = { GT_GS_UNDETERMINED, GT_GS_RUNNABLE, GT_GS_RUNNING,
		                                    GT_GS_SYSCALL, GT_GS_WAITING };
		TR(G, (int64_t)a[0], (uint8_t)x0, map[a[2] < GS__N ? a[2] : 0]);
		t->stack = ids->stack;
		return 1;
	}
	}
#undef TR
	return 0;
}

/* Writes ev (as `type`, in context c, ids resolved) into out: 0, or -1
 * for a type without a conversion (never for the handlers' types). */
static inline __attribute__((always_inline)) int
gt_v2o_fill(struct gt_v2_order *o, const struct gt_v2_base *e, unsigned type, struct ctx c,
            uint64_t x0, gt_str xstr, const struct v2o_ids *ids, struct gt_event *out)
{
	/* Handlers only queue types the table knows (dispatch[] and
	 * synthetic events are a subset of the table). */
	const struct w_info *in = gt_v2o_info_k(type);
	const uint64_t *a = e->args;
	out->ts = e->time;
	out->g = c.g;
	out->p = c.p;
	out->m = c.m;
	out->offset = e->offset;
	out->stack = ids->stack;
	out->kind = in->kind;
	out->wire = type;
	/* The union only (a whole-struct memset becomes a slow rep stos). */
	memset(&out->u, 0, sizeof out->u);
	const gt_str *s = ids->s;
	struct v2o_tr t;
	if (gt_v2o_tr(type, c, a, x0, ids, &t)) {
		out->u.trans.resource = t.res;
		out->u.trans.id = t.id;
		out->u.trans.from = t.from;
		out->u.trans.to = t.to;
		out->u.trans.reason = t.reason;
		out->u.trans.stack = t.stack;
		return 0;
	}

	const uint8_t G = GT_RES_GOROUTINE, P = GT_RES_PROC;
	switch (type) {
	case W_STW_BEGIN:
	case W_STW_END: {
		gt_str reason = type == W_STW_BEGIN ? s[0] : xstr;
		gt_v2o_range(out, GT_RANGE_STW, gt_v2o_stw_name(o, reason), G, c.g);
		out->u.range.reason = reason;
		break;
	}
	case W_GC_BEGIN:
	case W_GC_ACTIVE:
	case W_GC_END:
		gt_v2o_range(out, GT_RANGE_GC_MARK, o->n_gcmark, GT_RES_NONE, 0);
		break;
	case W_GC_SWEEP_BEGIN:
	case W_GC_SWEEP_ACTIVE:
	case W_GC_SWEEP_END:
		gt_v2o_range(out, GT_RANGE_SWEEP, o->n_sweep, P,
		      type == W_GC_SWEEP_ACTIVE ? (int64_t)a[0] : c.p);
		if (type == W_GC_SWEEP_END) {
			out->u.range.swept = a[0];
			out->u.range.reclaimed = a[1];
		}
		break;
	case W_GC_MARK_ASSIST_BEGIN:
	case W_GC_MARK_ASSIST_ACTIVE:
	case W_GC_MARK_ASSIST_END:
		gt_v2o_range(out, GT_RANGE_MARK_ASSIST, o->n_assist, G,
		      type == W_GC_MARK_ASSIST_ACTIVE ? (int64_t)a[0] : c.g);
		break;
	case W_PROCS_CHANGE:
		out->u.metric.mkind = GT_METRIC_GOMAXPROCS;
		out->u.metric.name = o->n_gomaxprocs;
		out->u.metric.value = a[0];
		break;
	case W_HEAP_ALLOC:
		out->u.metric.mkind = GT_METRIC_HEAP_ALLOC;
		out->u.metric.name = o->n_heapalloc;
		out->u.metric.value = a[0];
		break;
	case W_HEAP_GOAL:
		out->u.metric.mkind = GT_METRIC_HEAP_GOAL;
		out->u.metric.name = o->n_heapgoal;
		out->u.metric.value = a[0];
		break;
	case W_GO_LABEL:
		out->u.label.label = s[0];
		out->u.label.g = c.g;
		break;
	case W_USER_TASK_BEGIN:
		out->u.task.id = a[0];
		out->u.task.parent = a[1];
		out->u.task.type = s[0];
		break;
	case W_USER_TASK_END:
		out->u.task.id = a[0];
		out->u.task.parent = x0;
		out->u.task.type = xstr;
		break;
	case W_USER_REGION_BEGIN:
	case W_USER_REGION_END:
		out->u.region.task = a[0];
		out->u.region.type = s[0];
		break;
	case W_USER_LOG:
		out->u.log.task = a[0];
		out->u.log.category = s[0];
		out->u.log.message = s[1];
		break;
	default:
		if (in->kind == GT_EV_EXPERIMENTAL) {
			out->u.exp.name = o->n_types[type - W_SPAN];
			out->u.exp.experiment = o->n_allocfree;
			out->u.exp.nargs = in->nargs;
			for (unsigned i = 0; i < in->nargs && i < 5; i++)
				out->u.exp.args[i] = a[i];
			break;
		}
		return gt_v2o_fail(o, "internal error: no conversion for event %s",
		                   gt_v2o_name(o->version, type));
	}
	return 0;
}

static inline __attribute__((always_inline)) int
gt_v2o_convert(struct gt_v2_order *o, const struct gt_v2_base *e, unsigned type, struct ctx c,
               uint64_t x0, gt_str xstr, struct gt_event *out)
{
	struct v2o_ids ids;
	if (gt_v2o_ids(o, type, e->args, &ids) < 0)
		return -1;
	return gt_v2o_fill(o, e, type, c, x0, xstr, &ids, out);
}

/* Queues ev as `type` (a constant in the hot handlers); 0 or -1. */
static inline __attribute__((always_inline)) int
gt_v2o_push_k(struct gt_v2_order *o, const struct gt_v2_base *ev, unsigned type, struct ctx c,
              uint64_t x0, gt_str xstr)
{
	struct gt_event *out = o->q.wr;
	if (GT_V2O_UNLIKELY(out == o->q.end)) {
		if (gt_v2o_grow_queue(o) < 0)
			return gt_v2o_fail(o, "out of memory");
		out = o->q.wr;
	}
	/* Converted in place: the slot counts once the conversion is whole. */
	if (gt_v2o_convert(o, ev, type, c, x0, xstr, out) < 0)
		return -1;
	o->q.wr = out + 1;
	return 0;
}

/* The fast handlers' tail: room was made before the handler ran (at most
 * GT_V2O_QROOM events an advance), ids came from the memos.  With a record
 * buffer (rec/rec.h) and nothing queued, a transition goes there as
 * records at once, from the handler's values: no struct gt_event, no
 * queue, no call into the sink (see undo in v2_order.h); one whose
 * stack's record was not sent yet or whose P does not fit, and other
 * kinds, are queued as events. */
static inline __attribute__((always_inline)) void
gt_v2o_push_fast(struct gt_v2_order *o, const struct gt_v2_base *ev, unsigned type, struct ctx c,
                 const struct v2o_ids *ids)
{
	struct gt_event *out = o->q.wr;
	struct gt_rsink *rs = o->q.recs;
	struct v2o_tr t;
	if (rs && out == o->q.ev && gt_v2o_tr(type, c, ev->args, 0, ids, &t) &&
	    GT_V2O_LIKELY(gt_rsink_takes(rs, t.res == GT_RES_GOROUTINE, t.stack, c.p))) {
		int64_t ts = gt_v2o_deliver(&o->q, ev->time);
		o->q.undo = rs->wr;
		struct gt_rtrans rt = {.ts = ts, .g = c.g, .p = c.p, .m = c.m, .id = t.id,
		                       .reason = t.reason, .tstack = t.stack, .stack = ids->stack,
		                       .from = t.from, .to = t.to};
		gt_rsink_write(rs, &rt, t.res == GT_RES_GOROUTINE);
		return;
	}
	(void)gt_v2o_fill(o, ev, type, c, 0, 0, ids, out);
	o->q.wr = out + 1;
}

/* Handlers' tail for a constant type: 1 advanced, -1 error. */
static inline __attribute__((always_inline)) int
gt_v2o_push_as_k(struct gt_v2_order *o, const struct gt_v2_base *ev, unsigned type, struct ctx c)
{
	return gt_v2o_push_k(o, ev, type, c, 0, 0) < 0 ? -1 : 1;
}

#endif
