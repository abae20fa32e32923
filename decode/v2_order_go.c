/* v2_order_go.c: goroutine state machine, as Go's order.go advanceGo*:
 * status at generation starts, create/start/stop/block/unblock/destroy,
 * syscalls (and the cgo-callback Create/DestroySyscall), coroutine
 * switches. */
#include <string.h>
#include "decode/v2_order_conv.h"

#define NAME(ev) gt_v2o_name(o->version, (ev)->type)

/* The current goroutine, which must exist and be in `want`. */
static void __attribute__((cold, noinline))
cur_g_fail(struct gt_v2_order *o, const struct gt_v2_base *ev, struct ctx c,
           const struct gstate *g, const char *want_name)
{
	if (!g)
		gt_v2o_fail(o, "event %s for goroutine (%lld) that doesn't exist",
		            NAME(ev), (long long)c.g);
	else
		gt_v2o_fail(o, "%s event for goroutine that's not %s", NAME(ev), want_name);
}

static inline struct gstate *cur_g(struct gt_v2_order *o, const struct gt_v2_base *ev,
                                   struct ctx c, uint8_t want, const char *want_name)
{
	struct gstate *g = gt_v2o_g(o, c.g);
	if (GT_V2O_UNLIKELY(!g || g->status != want)) {
		cur_g_fail(o, ev, c, g, want_name);
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
	struct gstate *s = gt_v2o_g(o, gid);
	if (s) {
		if (s->status != status)
			return gt_v2o_fail(o, "inconsistent status for goroutine %lld: old %s vs. new %s",
			                   (long long)gid, gt_v2o_gostatus_name(s->status),
			                   gt_v2o_gostatus_name(status));
		s->seq = (struct seq){ o->gen, 0 };
	} else if (o->gen == o->initial_gen) {
		s = gt_v2o_g_new(o, gid);
		if (!s)
			return gt_v2o_fail(o, "out of memory");
		s->status = (uint8_t)status;
		s->seq = (struct seq){ o->gen, 0 };
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

/* GoCreate and GoCreateBlocked (type, a constant: see v2_order_conv.h). */
static inline __attribute__((always_inline)) int
go_create(struct gt_v2_order *o, const struct gt_v2_base *ev, struct ctx *c, unsigned type)
{
	if (gt_v2o_validate(o, *c, MUST, MUST, MAY) < 0)
		return -1;
	struct gstate *cur = gt_v2o_g(o, c->g);
	if (GT_V2O_UNLIKELY(cur && cur->status != GS_RUNNING))
		return gt_v2o_fail(o, "%s event for goroutine that's not Running", NAME(ev));
	int64_t gid = (int64_t)ev->args[0];
	if (GT_V2O_UNLIKELY(gt_v2o_g(o, gid) != NULL))
		return gt_v2o_fail(o, "tried to create goroutine (%lld) that already exists", (long long)gid);
	struct gstate *s = gt_v2o_g_new(o, gid);
	if (GT_V2O_UNLIKELY(!s))
		return gt_v2o_fail(o, "out of memory");
	s->status = type == W_GO_CREATE_BLOCKED ? GS_WAITING : GS_RUNNABLE;
	s->seq = (struct seq){ o->gen, 0 };
	return gt_v2o_push_as_k(o, ev, type, *c);
}

int gt_v2o_go_create(struct gt_v2_order *o, const struct gt_v2_base *ev,
                     struct ctx *c, struct ctx *nc)
{
	(void)nc;
	return go_create(o, ev, c, W_GO_CREATE);
}

int gt_v2o_go_create_blocked(struct gt_v2_order *o, const struct gt_v2_base *ev,
                             struct ctx *c, struct ctx *nc)
{
	(void)nc;
	return go_create(o, ev, c, W_GO_CREATE_BLOCKED);
}

/* GoStop, GoBlock and GoDestroy: the running goroutine stops. */
static inline __attribute__((always_inline)) int
go_stop(struct gt_v2_order *o, const struct gt_v2_base *ev, struct ctx *c, struct ctx *nc,
        unsigned type)
{
	if (gt_v2o_validate(o, *c, MUST, MUST, MUST) < 0)
		return -1;
	struct gstate *s = cur_g(o, ev, *c, GS_RUNNING, "Running");
	if (GT_V2O_UNLIKELY(!s))
		return -1;
	if (type == W_GO_DESTROY)
		gt_v2o_g_del_at(o, s);
	else
		s->status = type == W_GO_STOP ? GS_RUNNABLE : GS_WAITING;
	nc->g = GT_NONE;
	return gt_v2o_push_as_k(o, ev, type, *c);
}

int gt_v2o_go_stop(struct gt_v2_order *o, const struct gt_v2_base *ev,
                   struct ctx *c, struct ctx *nc)
{
	return go_stop(o, ev, c, nc, W_GO_STOP);
}

int gt_v2o_go_block(struct gt_v2_order *o, const struct gt_v2_base *ev,
                    struct ctx *c, struct ctx *nc)
{
	return go_stop(o, ev, c, nc, W_GO_BLOCK);
}

int gt_v2o_go_destroy(struct gt_v2_order *o, const struct gt_v2_base *ev,
                      struct ctx *c, struct ctx *nc)
{
	return go_stop(o, ev, c, nc, W_GO_DESTROY);
}

int gt_v2o_go_start(struct gt_v2_order *o, const struct gt_v2_base *ev,
                    struct ctx *c, struct ctx *nc)
{
	int64_t gid = (int64_t)ev->args[0];
	struct seq seq = { o->gen, ev->args[1] };
	struct gstate *s = gt_v2o_g(o, gid);
	if (!s || s->status != GS_RUNNABLE || !seq_succeeds(seq, s->seq))
		return 0;
	if (gt_v2o_validate(o, *c, MUST, MUST, NO) < 0)
		return -1;
	s->status = GS_RUNNING;
	s->seq = seq;
	nc->g = gid;
	return gt_v2o_push_as_k(o, ev, W_GO_START, *c);
}

int gt_v2o_go_unblock(struct gt_v2_order *o, const struct gt_v2_base *ev,
                      struct ctx *c, struct ctx *nc)
{
	(void)nc;
	int64_t gid = (int64_t)ev->args[0];
	struct seq seq = { o->gen, ev->args[1] };
	struct gstate *s = gt_v2o_g(o, gid);
	if (!s || s->status != GS_WAITING || !seq_succeeds(seq, s->seq))
		return 0;
	/* Anything may unblock a goroutine (sysmon too): no context check. */
	s->status = GS_RUNNABLE;
	s->seq = seq;
	return gt_v2o_push_as_k(o, ev, W_GO_UNBLOCK, *c);
}

/* GoSwitch(Destroy): unblock the next goroutine, block (destroy) this
 * one, start the next: three events. */
int gt_v2o_go_switch(struct gt_v2_order *o, const struct gt_v2_base *ev,
                     struct ctx *c, struct ctx *nc)
{
	if (gt_v2o_validate(o, *c, MUST, MUST, MUST) < 0)
		return -1;
	struct gstate *cur = cur_g(o, ev, *c, GS_RUNNING, "Running");
	if (!cur)
		return -1;
	int64_t next = (int64_t)ev->args[0];
	struct seq seq = { o->gen, ev->args[1] };
	struct gstate *ns = gt_v2o_g(o, next);
	if (!ns || ns->status != GS_WAITING || !seq_succeeds(seq, ns->seq))
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
		gt_v2o_g_del_at(o, cur);
		e.type = W_GO_DESTROY;
	}
	if (gt_v2o_push(o, &e, *c, 0, 0) < 0)
		return -1;
	ns->status = GS_RUNNING;
	ns->seq = seq;
	nc->g = next;

	struct ctx sc = *c;
	e.type = W_GO_START;
	sc.g = GT_NONE;
	e.args[0] = (uint64_t)next;
	e.args[1] = ev->args[1];
	return gt_v2o_push(o, &e, sc, 0, 0) < 0 ? -1 : 1;
}

int gt_v2o_go_syscall_begin(struct gt_v2_order *o, const struct gt_v2_base *ev,
                            struct ctx *c, struct ctx *nc)
{
	(void)nc;
	if (gt_v2o_validate(o, *c, MUST, MUST, MUST) < 0)
		return -1;
	struct gstate *s = cur_g(o, ev, *c, GS_RUNNING, "Running");
	if (!s)
		return -1;
	s->status = GS_SYSCALL;
	struct pstate *p = gt_v2o_p(o, c->p);
	if (!p)
		return gt_v2o_fail(o, "uninitialized proc %lld found during %s", (long long)c->p, NAME(ev));
	p->status = PS_SYSCALL;
	/* The P seq disambiguates which syscall a ProcSteal steals from; the P
	 * is running, so the seq must line up now. */
	struct seq pseq = { o->gen, ev->args[0] };
	if (!seq_succeeds(pseq, p->seq))
		return gt_v2o_fail(o, "failed to advance %s: can't make sequence: %llu (gen=%llu) -> %llu (gen=%llu)",
		                   NAME(ev), (unsigned long long)p->seq.n, (unsigned long long)p->seq.gen,
		                   (unsigned long long)pseq.n, (unsigned long long)pseq.gen);
	p->seq = pseq;
	return gt_v2o_push_as_k(o, ev, W_GO_SYSCALL_BEGIN, *c);
}

int gt_v2o_go_syscall_end(struct gt_v2_order *o, const struct gt_v2_base *ev,
                          struct ctx *c, struct ctx *nc)
{
	(void)nc;
	if (gt_v2o_validate(o, *c, MUST, MUST, MUST) < 0)
		return -1;
	/* Go's message says Running here too. */
	struct gstate *s = cur_g(o, ev, *c, GS_SYSCALL, "Running");
	if (!s)
		return -1;
	s->status = GS_RUNNING;
	struct pstate *p = gt_v2o_p(o, c->p);
	if (!p)
		return gt_v2o_fail(o, "uninitialized proc %lld found during %s", (long long)c->p, NAME(ev));
	if (p->status != PS_SYSCALL)
		return gt_v2o_fail(o, "expected proc %lld in state Syscall, but got %s instead",
		                   (long long)c->p, gt_v2o_procstatus_name(p->status));
	p->status = PS_RUNNING;
	return gt_v2o_push_as_k(o, ev, W_GO_SYSCALL_END, *c);
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
	struct gstate *s = cur_g(o, ev, *c, GS_SYSCALL, "Running");
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
	if (gt_v2o_g(o, gid))
		return gt_v2o_fail(o, "tried to create goroutine (%lld) in syscall that already exists", (long long)gid);
	struct gstate *s = gt_v2o_g_new(o, gid);
	if (!s)
		return gt_v2o_fail(o, "out of memory");
	s->status = GS_SYSCALL;
	s->seq = (struct seq){ o->gen, 0 };
	nc->g = gid;
	return gt_v2o_push_as(o, ev, *c);
}

int gt_v2o_go_destroy_syscall(struct gt_v2_order *o, const struct gt_v2_base *ev,
                              struct ctx *c, struct ctx *nc)
{
	if (gt_v2o_validate(o, *c, MUST, MAY, MUST) < 0)
		return -1;
	struct gstate *s = gt_v2o_g(o, c->g);
	if (!s)
		return gt_v2o_fail(o, "event %s for goroutine (%lld) that doesn't exist", NAME(ev), (long long)c->g);
	if (s->status != GS_SYSCALL)
		return gt_v2o_fail(o, "%s event for goroutine that's not Syscall", NAME(ev));
	gt_v2o_g_del_at(o, s);
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
