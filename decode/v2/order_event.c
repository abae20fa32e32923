/* order_event.c: the out-of-line parts of the conversion to struct
 * gt_event (v2_order_conv.h): type names, stack look-ups through the gen
 * view, STW names, the queue's growth, and the generic gt_v2o_push(). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "decode/v2/order_conv.h"

const struct w_info *gt_v2o_info(unsigned type)
{
	static const struct w_info none = { NULL, GT_EV_BAD, 0, -1, -1, { -1, -1 }, 0, 0 };
	if (type < sizeof gt_v2o_infos / sizeof gt_v2o_infos[0] && gt_v2o_infos[type].name)
		return &gt_v2o_infos[type];
	return &none;
}

/* Version.EventName: types later than the version are Invalid(N). */
const char *gt_v2o_name(int version, unsigned type)
{
	static _Thread_local char buf[24];
	unsigned last = version <= 22 ? W_USER_LOG
	              : version <= 23 ? W_EXPERIMENTAL_BATCH
	              : version <= 25 ? W_CLOCK_SNAPSHOT : W_GOROUTINE_STACK_FREE;
	const struct w_info *in = gt_v2o_info(type);
	if (type <= last && in->name)
		return in->name;
	snprintf(buf, sizeof buf, "Invalid(%u)", type);
	return buf;
}

const char *gt_v2o_gostatus_name(uint64_t s)
{
	static const char *const n[GS__N] = { "Bad", "Runnable", "Running", "Syscall", "Waiting" };
	return s < GS__N ? n[s] : "Bad";
}

const char *gt_v2o_procstatus_name(uint64_t s)
{
	/* As tracev2.ProcStatus.String: SyscallAbandoned prints as Bad. */
	static const char *const n[PS__N] = { "Bad", "Running", "Idle", "Syscall", "Bad" };
	return s < PS__N ? n[s] : "Bad";
}

/* Through the gen view, remembering what resolved (see o->smemo). */
int gt_v2o_resolve_str_slow(struct gt_v2_order *o, uint64_t id, gt_str *out)
{
	int ok = 1;
	*out = o->gv->str(o->gv->ctx, id, &ok);
	if (!ok)
		return -1;
	struct v2o_stack_memo *mm = &o->smemo[id & (GT_V2O_STR_CACHE - 1)];
	mm->id = id;
	mm->v = *out;
	return 0;
}

/* Through the gen view, remembering what resolved (see o->memo). */
int gt_v2o_resolve_stack_slow(struct gt_v2_order *o, unsigned type, uint64_t id, gt_stack *out)
{
	int ok = 1;
	*out = o->gv->stack(o->gv->ctx, id, &ok);
	if (GT_V2O_UNLIKELY(!ok))
		return gt_v2o_fail(o, "found invalid stack ID %llu for event %s",
		                   (unsigned long long)id, gt_v2o_name(o->version, type));
	struct v2o_stack_memo *mm = &o->memo[id & (GT_V2O_STACK_CACHE - 1)];
	mm->id = id;
	mm->v = *out;
	return 0;
}

/* "stop-the-world (REASON)", interned. */
gt_str gt_v2o_stw_name(struct gt_v2_order *o, gt_str reason)
{
	static const char pre[] = "stop-the-world (";
	size_t rl = gt_str_len(o->gv->tables, reason);
	size_t n = sizeof pre - 1 + rl + 1;
	if (n > o->bufcap) {
		char *nb = realloc(o->buf, n);
		if (!nb)
			return 0;
		o->buf = nb;
		o->bufcap = n;
	}
	memcpy(o->buf, pre, sizeof pre - 1);
	memcpy(o->buf + sizeof pre - 1, gt_str_get(o->gv->tables, reason), rl);
	o->buf[n - 1] = ')';
	return gt_str_intern(o->gv->tables, o->buf, n);
}

/* Room for GT_V2O_QROOM more events at wr: the queued events move to the
 * front, or the buffer doubles (events handed out before this advance
 * may move: next() pointers last only until the next advance). */
int gt_v2o_grow_queue(struct gt_v2_order *o)
{
	struct gt_v2_order_queue *q = &o->q;
	size_t n = q->ev ? (size_t)(q->wr - q->rd) : 0;
	size_t cap = q->ev ? (size_t)(q->end - q->ev) : 0;
	if (cap >= 2 * (n + GT_V2O_QROOM)) {
		memmove(q->ev, q->rd, n * sizeof *q->ev);
	} else {
		size_t ncap = cap ? cap * 2 : 64;
		while (ncap < 2 * (n + GT_V2O_QROOM))
			ncap *= 2;
		struct gt_event *nq = malloc(sizeof *nq * ncap);
		if (!nq)
			return -1;
		if (n)
			memcpy(nq, q->rd, n * sizeof *nq);
		free(q->ev);
		q->ev = nq;
		q->end = nq + ncap;
	}
	q->rd = q->ev;
	q->wr = q->ev + n;
	return 0;
}

int gt_v2o_bad_str(struct gt_v2_order *o, unsigned type, uint64_t id)
{
	return gt_v2o_fail(o, "found invalid string ID %llu for event %s",
	                   (unsigned long long)id, gt_v2o_name(o->version, type));
}

int gt_v2o_push(struct gt_v2_order *o, const struct gt_v2_base *ev, struct ctx c,
                uint64_t x0, gt_str xstr)
{
	return gt_v2o_push_k(o, ev, ev->type, c, x0, xstr);
}
