/* order_proc.c: P state machine (ProcStatus/Steal), as Go's order.go
 * advanceProc* (ProcStart/Stop are inline in v2_order.c). */
#include "decode/v2/order_conv.h"

/* tracev2ProcStatus2ProcState. */
static uint8_t proc_state(uint64_t status)
{
	static const uint8_t map[PS__N] = {
		[PS_BAD] = GT_PS_UNDETERMINED, [PS_RUNNING] = GT_PS_RUNNING,
		[PS_IDLE] = GT_PS_IDLE, [PS_SYSCALL] = GT_PS_RUNNING,
		[PS_ABANDONED] = GT_PS_IDLE,
	};
	return map[status];
}

int gt_v2o_proc_status(struct gt_v2_order *o, const struct gt_v2_base *ev,
                       struct ctx *c, struct ctx *nc)
{
	int64_t pid = (int64_t)ev->args[0];
	uint64_t status = ev->args[1];
	if (status >= PS__N)
		return gt_v2o_fail(o, "invalid status for proc %lld: %llu",
		                   (long long)pid, (unsigned long long)status);
	uint8_t old = proc_state(status);
	struct gt_v2_base e = *ev; /* its status may be promoted */
	struct ctx ec = *c;
	struct pstate *s = gt_v2o_p(o, pid);
	if (s) {
		if (status == PS_ABANDONED && s->status == PS_SYSCALL) {
			/* Nothing lost while we were in ProcSyscall: promote. */
			old = GT_PS_RUNNING;
			e.args[1] = PS_SYSCALL;
		} else if (status == PS_ABANDONED && s->status == PS_ABANDONED) {
			old = GT_PS_IDLE;
			e.args[1] = PS_ABANDONED;
		} else if (s->status != status) {
			return gt_v2o_fail(o, "inconsistent status for proc %lld: old %s vs. new %s",
			                   (long long)pid, gt_v2o_procstatus_name(s->status),
			                   gt_v2o_procstatus_name(status));
		}
		s->seq = (struct seq){ o->gen, 0 };
	} else {
		s = gt_v2o_p_new(o, pid);
		if (!s)
			return gt_v2o_fail(o, "out of memory");
		s->status = (uint8_t)status;
		s->seq = (struct seq){ o->gen, 0 };
		old = o->gen == o->initial_gen ? GT_PS_UNDETERMINED : GT_PS_NOTEXIST;
	}

	if (status == PS_RUNNING || status == PS_SYSCALL)
		nc->p = pid;
	/* Running -> Running through SyscallAbandoned: the P is about to be
	 * stolen, and this status likely comes from another thread; emit it
	 * in the context of the M it is bound to. */
	if (status == PS_ABANDONED && old == GT_PS_RUNNING) {
		int found = 0;
		for (uint32_t i = 0; i < o->nm; i++) {
			if (o->ms[i].p == pid) {
				ec.m = o->ms[i].id;
				ec.p = pid;
				ec.g = o->ms[i].g;
				found = 1;
			}
		}
		if (!found)
			return gt_v2o_fail(o, "failed to find sched context for proc %lld that's about to be stolen",
			                   (long long)pid);
	}
	return gt_v2o_push(o, &e, ec, old, 0) < 0 ? -1 : 1;
}

int gt_v2o_proc_steal(struct gt_v2_order *o, const struct gt_v2_base *ev,
                      struct ctx *c, struct ctx *nc)
{
	int64_t pid = (int64_t)ev->args[0];
	struct seq seq = { o->gen, ev->args[1] };
	struct pstate *s = gt_v2o_p(o, pid);
	if (!s || (s->status != PS_SYSCALL && s->status != PS_ABANDONED) ||
	    !seq_succeeds(seq, s->seq))
		return 0;
	if (gt_v2o_validate(o, *c, MUST, MAY, MAY) < 0)
		return -1;
	/* The status that let us advance: SyscallAbandoned makes this an
	 * Idle -> Idle transition. */
	uint8_t old = s->status;
	s->status = PS_IDLE;
	s->seq = seq;
	if (old == PS_ABANDONED)
		return gt_v2o_push(o, ev, *c, old, 0) < 0 ? -1 : 1;

	int64_t mid = (int64_t)ev->args[2];
	if (mid == c->m) {
		/* Stealing from ourselves: like a ProcStop. */
		if (c->p != pid)
			return gt_v2o_fail(o, "tried to self-steal proc %lld (thread %lld), but got proc %lld instead",
			                   (long long)pid, (long long)mid, (long long)c->p);
		nc->p = GT_NONE;
		return gt_v2o_push(o, ev, *c, old, 0) < 0 ? -1 : 1;
	}
	struct mstate *ms = gt_v2o_m(o, mid);
	if (!ms)
		return gt_v2o_fail(o, "stole proc from non-existent thread %lld", (long long)mid);
	if (ms->p != pid)
		return gt_v2o_fail(o, "tried to steal proc %lld from thread %lld, but got proc %lld instead",
		                   (long long)pid, (long long)mid, (long long)ms->p);
	/* The other M is leaving its syscall: it has no P any more, so its
	 * GoSyscallEndBlocked can advance. */
	ms->p = GT_NONE;
	return gt_v2o_push(o, ev, *c, old, 0) < 0 ? -1 : 1;
}
