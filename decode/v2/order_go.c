/* order_go.c: the goroutine state machine's less common parts, as
 * Go's order.go advanceGo*: status at generation starts, the cgo-callback
 * Create/DestroySyscall, GoSyscallEndBlocked, coroutine switches (create,
 * start, stop/block/destroy, unblock and syscalls are inline in
 * v2_order.c). */
#include <string.h>
#include "decode/v2/order_conv.h"

#define NAME(ev) gt_v2o_name(o->version, (ev)->type)

int gt_v2o_cur_g_fail(struct gt_v2_order *o, const struct gt_v2_base *ev, int64_t cg,
                      const struct ghot *g, const char *want_name)
{
	if (!g)
		return gt_v2o_fail(o, "event %s for goroutine (%lld) that doesn't exist",
		                   NAME(ev), (long long)cg);
	return gt_v2o_fail(o, "%s event for goroutine that's not %s", NAME(ev), want_name);
}

/* The current goroutine, which must exist and be in `want`. */
static struct ghot *cur_g(struct gt_v2_order *o, const struct gt_v2_base *ev,
                          struct ctx c, uint8_t want, const char *want_name)
{
	struct ghot *g = gt_v2o_g(o, c.g);
	if (!g || g->status != want) {
		gt_v2o_cur_g_fail(o, ev, c.g, g, want_name);
		return NULL;
	}
	return g;
}

int gt_v2o_go_status(struct gt_v2_order *o, const struct gt_v2_base *ev,
                     struct ctx *c, struct ctx *nc)
{
	/* tracev2GoStatus2GoState */
	static const uint8_t map[GS__N] = {
		[GS_BAD] = GT_GS_UNDETERMINED, [GS_RUNNABLE] = GT_GS_RUNNABLE,
		[GS_RUNNING] = GT_GS_RUNNING, [GS_SYSCALL] = GT_GS_SYSCALL,
		[GS_WAITING] = GT_GS_WAITING,
	};
	int64_t gid = (int64_t)ev->args[0];
	int64_t mid = (int64_t)ev->args[1];
	uint64_t status = ev->args[2];
	if (status >= GS__N)
		return gt_v2o_fail(o, "invalid status for goroutine %lld: %llu",
		                   (long long)gid, (unsigned long long)status);
	uint8_t old = map[status];
	struct ghot *s = gt_v2o_g(o, gid);
	if (s) {
		if (s->status != status)
			return gt_v2o_fail(o, "inconsistent status for goroutine %lld: old %s vs. new %s",
			                   (long long)gid, gt_v2o_gostatus_name(s->status),
			                   gt_v2o_gostatus_name(status));
		s->gen = o->genid;
		s->n = 0;
	} else if (o->gen == o->initial_gen) {
		int exists;
		s = gt_v2o_g_add(o, gid, &exists);
		if (!s)
			return gt_v2o_fail(o, "out of memory");
		s->status = (uint8_t)status;
		s->gen = o->genid;
		s->n = 0;
		old = GT_GS_UNDETERMINED;
	} else {
		return gt_v2o_fail(o, "found goroutine status for new goroutine after the first generation: id=%lld status=%s",
		                   (long long)gid, gt_v2o_gostatus_name(status));
	}
	struct ctx ec = *c; /* the event's context */

	if (status == GS_RUNNING) {
		nc->g = gid;
	} else if (status == GS_SYSCALL) {
		if (mid == GT_NONE)
			return gt_v2o_fail(o, "found goroutine %lld in syscall without a thread", (long long)gid);
		if (mid == c->m) {
			/* After the first generation we must have seen the binding. */
			if (o->gen != o->initial_gen && c->g != gid)
				return gt_v2o_fail(o, "inconsistent thread for syscalling goroutine %lld: thread has goroutine %lld",
				                   (long long)gid, (long long)c->g);
			nc->g = gid;
		} else {
			/* A goroutine sitting in a syscall on another M for the
			 * whole generation: that M has no P. */
			struct mstate *ms = gt_v2o_m(o, mid);
			if (ms) {
				if (ms->g != gid)
					return gt_v2o_fail(o, "inconsistent thread for syscalling goroutine %lld: thread has goroutine %lld",
					                   (long long)gid, (long long)ms->g);
				ec.g = ms->g;
			} else {
				/* This event binds it: ctx stays the "before". */
				ms = gt_v2o_m_new(o, mid);
				if (!ms)
					return gt_v2o_fail(o, "out of memory");
				ms->g = gid;
			}
			ec.m = mid;
		}
	}
	return gt_v2o_push(o, ev, ec, old, 0) < 0 ? -1 : 1;
}

/* GoSwitch(Destroy): unblock the next goroutine, block (destroy) this
 * one, start the next: three events. */
int gt_v2o_go_switch(struct gt_v2_order *o, const struct gt_v2_base *ev,
                     struct ctx *c, struct ctx *nc)
{
	if (gt_v2o_validate(o, *c, MUST, MUST, MUST) < 0)
		return -1;
	struct ghot *cur = cur_g(o, ev, *c, GS_RUNNING, "Running");
	if (!cur)
		return -1;
	int64_t next = (int64_t)ev->args[0];
	struct ghot *ns = gt_v2o_g(o, next);
	if (!ns || ns->status != GS_WAITING || !gt_v2o_g_seq_next(o, ns, ev->args[1]))
		return 0;
	if (gt_v2o_push_as(o, ev, *c) < 0)
		return -1;

	struct gt_v2_base e;
	memset(&e, 0, sizeof e);
	e.time = ev->time;
	e.offset = ev->offset;
	if (ev->type == W_GO_SWITCH) {
		cur->status = GS_WAITING;
		e.type = W_GO_BLOCK; /* no reason, no stack */
	} else {
		gt_v2o_g_del(o, c->g, cur);
		e.type = W_GO_DESTROY;
	}
	if (gt_v2o_push(o, &e, *c, 0, 0) < 0)
		return -1;
	ns->status = GS_RUNNING;
	ns->n = ev->args[1];
	nc->g = next;

	struct ctx sc = *c;
	e.type = W_GO_START;
	sc.g = GT_NONE;
	e.args[0] = (uint64_t)next;
	e.args[1] = ev->args[1];
	return gt_v2o_push(o, &e, sc, 0, 0) < 0 ? -1 : 1;
}

int gt_v2o_go_syscall_end_blocked(struct gt_v2_order *o, const struct gt_v2_base *ev,
                                  struct ctx *c, struct ctx *nc)
{
	/* Wait while we hold a P still in a syscall: we know we will lose it
	 * (ProcStop or ProcSteal) before this can happen. */
	if (c->p != GT_NONE) {
		struct pstate *p = gt_v2o_p(o, c->p);
		if (!p)
			return gt_v2o_fail(o, "uninitialized proc %lld found during %s", (long long)c->p, NAME(ev));
		if (p->status == PS_SYSCALL)
			return 0;
	}
	if (gt_v2o_validate(o, *c, MUST, MAY, MUST) < 0)
		return -1;
	struct ghot *s = cur_g(o, ev, *c, GS_SYSCALL, "Running");
	if (!s)
		return -1;
	nc->g = GT_NONE;
	s->status = GS_RUNNABLE;
	return gt_v2o_push_as(o, ev, *c);
}

int gt_v2o_go_create_syscall(struct gt_v2_order *o, const struct gt_v2_base *ev,
                             struct ctx *c, struct ctx *nc)
{
	if (gt_v2o_validate(o, *c, MUST, MAY, NO) < 0)
		return -1;
	int64_t gid = (int64_t)ev->args[0];
	int exists;
	struct ghot *s = gt_v2o_g_add(o, gid, &exists);
	if (exists)
		return gt_v2o_fail(o, "tried to create goroutine (%lld) in syscall that already exists", (long long)gid);
	if (!s)
		return gt_v2o_fail(o, "out of memory");
	s->status = GS_SYSCALL;
	s->gen = o->genid;
	s->n = 0;
	nc->g = gid;
	return gt_v2o_push_as(o, ev, *c);
}

int gt_v2o_go_destroy_syscall(struct gt_v2_order *o, const struct gt_v2_base *ev,
                              struct ctx *c, struct ctx *nc)
{
	if (gt_v2o_validate(o, *c, MUST, MAY, MUST) < 0)
		return -1;
	struct ghot *s = gt_v2o_g(o, c->g);
	if (!s)
		return gt_v2o_fail(o, "event %s for goroutine (%lld) that doesn't exist", NAME(ev), (long long)c->g);
	if (s->status != GS_SYSCALL)
		return gt_v2o_fail(o, "%s event for goroutine that's not Syscall", NAME(ev));
	gt_v2o_g_del(o, c->g, s);
	nc->g = GT_NONE;
	/* Drop our P too: the thread id may be reused, and the new M must not
	 * look like it steals this P from itself. */
	if (c->p != GT_NONE) {
		struct pstate *p = gt_v2o_p(o, c->p);
		if (!p)
			return gt_v2o_fail(o, "found invalid proc %lld during %s", (long long)c->p, NAME(ev));
		if (p->status != PS_SYSCALL)
			return gt_v2o_fail(o, "proc %lld in unexpected state %s during %s", (long long)c->p,
			                   gt_v2o_procstatus_name(p->status), NAME(ev));
		p->status = PS_ABANDONED;
		nc->p = GT_NONE;
		struct gt_v2_base e;
		memset(&e, 0, sizeof e);
		e.type = W_PROC_STEAL; /* an extra self-steal */
		e.time = ev->time;
		e.offset = ev->offset;
		e.args[0] = (uint64_t)c->p;
		if (gt_v2o_push(o, &e, *c, PS_SYSCALL, 0) < 0)
			return -1;
	}
	return gt_v2o_push_as(o, ev, *c);
}
