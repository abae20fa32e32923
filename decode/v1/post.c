/* post.c: what Go's old parsers do once events are in order.
 *
 * v1_analyse() is the first run over the ordered stream: the time-order
 * check, syscall exits moved back to their real time (Go's lastSysBlock
 * pass and stable re-sort), futile wakeups to drop (Go 1.19's
 * removeFutile, pre-1.11 traces), and whether each GoSysCall blocked (the
 * converter's look-ahead).  v1_postprocess() is Go's postProcessTrace: the
 * goroutine / P / GC / task / region state machine every event must obey.
 * The common events take hot() in v1_convert.c instead, which makes the
 * same checks (and leaves any failure to this function to report).  This
 * is the reference: gt_decode_opts.v1_reference sends every event here,
 * and tests/v1-reference.t checks that both give the same events and
 * model on every v1 fixture and corpus trace.
 */
#include "decode/v1/analyse.h"
#include "decode/v1/pipe.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { G_DEAD, G_RUNNABLE, G_RUNNING, G_WAITING };

static int nomem(struct v1_ctx *c, uint64_t off)
{
	c->res->status = GT_NOMEM;
	return v1_fail(c, off, "out of memory");
}

static int cmp_moved(const void *a, const void *b, void *arg)
{
	const struct v1_moved *m = arg;
	const struct v1_moved *x = &m[*(const uint32_t *)a], *y = &m[*(const uint32_t *)b];
	if (x->ev.ts != y->ev.ts)
		return x->ev.ts < y->ev.ts ? -1 : 1;
	return x->idx < y->idx ? -1 : x->idx > y->idx;
}

/* Insertion sort keeps this free of qsort_r; moved exits are few and
 * nearly sorted already. */
static void sort_moved(struct v1_ctx *c)
{
	for (uint32_t i = 1; i < c->nmoved; i++) {
		uint32_t v = c->moved_by_ts[i], j = i;
		while (j > 0 && cmp_moved(&v, &c->moved_by_ts[j - 1], c->moved) < 0) {
			c->moved_by_ts[j] = c->moved_by_ts[j - 1];
			j--;
		}
		c->moved_by_ts[j] = v;
	}
}

static int futile_mark(struct v1_ctx *c, uint64_t off)
{
	uint32_t *s = gt_ids_put_slot(&c->futile, off);
	if (!s)
		return nomem(c, off);
	*s = 1;
	return 0;
}

/* removeFutile, phase 1, for one event. */
static int futile_step(struct v1_ctx *c, const struct v1_ev *ev)
{
	struct v1_g *g;
	switch (ev->type) {
	case V1_GO_UNBLOCK:
		if (!(g = v1_g_get(c, ev->args[0])))
			return nomem(c, ev->off);
		g->wake_n = 0;
		break;
	case V1_GO_START: case V1_GO_PREEMPT: case V1_FUTILE_WAKEUP:
		if (!(g = v1_g_get(c, ev->g)))
			return nomem(c, ev->off);
		if (ev->type == V1_FUTILE_WAKEUP)
			g->futile = 1;
		break;
	case V1_GO_BLOCK: case V1_GO_BLOCK_SEND: case V1_GO_BLOCK_RECV:
	case V1_GO_BLOCK_SELECT: case V1_GO_BLOCK_SYNC: case V1_GO_BLOCK_COND:
		if (!(g = v1_g_get(c, ev->g)))
			return nomem(c, ev->off);
		if (g->futile) {
			if (futile_mark(c, ev->off))
				return -1;
			for (uint32_t i = 0; i < g->wake_n; i++)
				if (futile_mark(c, g->wake[i]))
					return -1;
		}
		g->futile = 0;
		g->wake_n = 0;
		return 0;
	default:
		return 0;
	}
	if (v1_grow((void **)&g->wake, &g->wake_cap, sizeof *g->wake, g->wake_n + 1ULL))
		return nomem(c, ev->off);
	g->wake[g->wake_n++] = ev->off;
	return 0;
}

/* The syscall and futile bookkeeping of one event of the first run. */
int v1_an_rare(struct v1_ctx *c, struct v1_an *a, const struct v1_ev *ev)
{
	/* a GoSysCall blocked when its goroutine's next event is a
	 * GoSysBlock */
	if (a->npend && c->gs[ev->gi].sys_k) {
		struct v1_g *g = &c->gs[ev->gi];
		if (ev->type == V1_GO_SYSBLOCK) {
			uint8_t *b = &c->sysblocked[(g->sys_k - 1) / 8], bit = (uint8_t)(1u << ((g->sys_k - 1) % 8));
			if (c->pipe) /* the second run reads the byte's settled bits */
				__atomic_fetch_or(b, bit, __ATOMIC_RELAXED);
			else
				*b |= bit;
		}
		g->sys_k = 0;
		a->npend--;
	}
	if (V1_SYS_TYPES >> ev->type & 1) {
		struct v1_g *g = &c->gs[ev->gi];
		switch (ev->type) {
		case V1_GO_SYSCALL:
			if (c->pipe && c->nsyscall / 8 + 1 > a->capsys) /* (sized up front) */
				return v1_fail(c, ev->off, "syscall table full");
			if (v1_grow((void **)&c->sysblocked, &a->capsys, 1, c->nsyscall / 8 + 1))
				return nomem(c, ev->off);
			if (c->nsyscall % 8 == 0)
				c->sysblocked[c->nsyscall / 8] = 0;
			g->sys_k = (uint32_t)++c->nsyscall;
			a->npend++;
			if (c->pipe && v1_pipe_syscall(c, a->n, ev->gi, g->sys_k))
				return -1;
			break;
		case V1_GO_SYSBLOCK: case V1_GO_INSYSCALL:
			g->sysblock = ev->ts;
			break;
		case V1_GO_SYSEXIT: {
			int64_t ts = (int64_t)ev->args[2];
			if (ts == 0 || c->ver < 7)
				break;
			if (g->sysblock == 0)
				return v1_fail(c, ev->off, "stray syscall exit");
			if (ts < g->sysblock)
				return v1_fail(c, ev->off, "time stamps out of order (syscall exit before its block)");
			if (c->pipe) {
				if (v1_pipe_moved(c, ev, ts, a->n))
					return -1;
				break;
			}
			if (v1_grow((void **)&c->moved, &a->capmoved, sizeof *c->moved, c->nmoved + 1ULL))
				return nomem(c, ev->off);
			c->moved[c->nmoved].ev = *ev;
			c->moved[c->nmoved].ev.ts = ts;
			c->moved[c->nmoved].idx = a->n;
			c->nmoved++;
			break;
		}
		}
	}
	if (a->futile && futile_step(c, ev))
		return -1;
	return 0;
}

int v1_keep_before_gap(struct v1_ctx *c, int rc)
{
	if (rc != -2 || !c->truncated)
		return rc;
	/* keep what could be ordered before the first gap */
	size_t l = strlen(c->why);
	snprintf(c->why + l, sizeof c->why - l,
	         "; kept the events before the first gap (at offset %llu: "
	         "the events it waits for were never written)",
	         (unsigned long long)c->err_off);
	c->gap_off = c->err_off;
	c->err[0] = 0;
	return 0;
}

int v1_analyse(struct v1_ctx *c)
{
	struct v1_an a = {0, INT64_MIN, 0, 0, 0, c->nfutile && c->ver < 11};
	if (v1_order_start(c))
		return -1;
	if (v1_keep_before_gap(c, v1_order_analyse(c, &a)))
		return -1;
	uint64_t n = a.n;
	c->nordered = n;
	if (c->nmoved) {
		c->moved_by_ts = malloc(c->nmoved * sizeof *c->moved_by_ts);
		if (!c->moved_by_ts)
			return nomem(c, 0);
		for (uint32_t i = 0; i < c->nmoved; i++)
			c->moved_by_ts[i] = i;
		sort_moved(c);
		int64_t t = c->moved[c->moved_by_ts[0]].ev.ts;
		if (t < c->min_ts)
			c->min_ts = t;
	}
	for (uint32_t i = 0; i < c->ng; i++) {
		free(c->gs[i].wake);
		c->gs[i].wake = NULL;
		c->gs[i].wake_n = c->gs[i].wake_cap = 0;
	}
	return 0;
}

int v1_gpost_grow(struct v1_ctx *c, uint32_t gi, uint64_t off)
{
	uint32_t old = c->capgpost;
	uint64_t need = (uint64_t)gi + 1 > c->ng ? (uint64_t)gi + 1 : c->ng;
	if (v1_grow((void **)&c->gpost, &c->capgpost, sizeof *c->gpost, need))
		return nomem(c, off);
	memset(c->gpost + old, 0, (c->capgpost - old) * sizeof *c->gpost);
	return 0;
}

int v1_post_reset(struct v1_ctx *c)
{
	if (c->ng && v1_gpost_fit(c, c->ng - 1, 0))
		return -1;
	if (c->capgpost)
		memset(c->gpost, 0, c->capgpost * sizeof *c->gpost);
	for (uint32_t i = 0; i < c->ng; i++)
		c->gs[i].regions = 0;
	for (uint32_t i = 0; i < c->nproc; i++) {
		struct v1_proc *p = &c->procs[i];
		p->running = p->sweep = p->stw = 0;
		p->run_g = 0;
	}
	c->gc_on = c->stw_on = 0;
	c->nregion = 1; /* region 0 means none */
	c->freeregion = 0;
	return 0;
}

static const char *name(const struct v1_ev *ev)
{
	return v1_descs[ev->type].name;
}

static int check_running(struct v1_ctx *c, const struct v1_proc *p, const struct v1_gpost *g,
                         const struct v1_ev *ev, int allow_g0)
{
	if (g->pstate != G_RUNNING)
		return v1_fail(c, ev->off, "g %llu is not running while %s (time %lld)",
		               (unsigned long long)ev->g, name(ev), (long long)ev->ts);
	if (p->run_g != ev->g)
		return v1_fail(c, ev->off, "p %d is not running g %llu while %s (time %lld)",
		               ev->p, (unsigned long long)ev->g, name(ev), (long long)ev->ts);
	if (!allow_g0 && ev->g == 0)
		return v1_fail(c, ev->off, "g 0 did %s (time %lld)", name(ev), (long long)ev->ts);
	return 0;
}

static struct v1_task *task_get(struct v1_ctx *c, uint64_t id)
{
	uint32_t *slot = gt_ids_put_slot(&c->taskmap, id);
	if (!slot)
		return NULL;
	if (*slot == UINT32_MAX) {
		if (v1_grow((void **)&c->tasks, &c->captask, sizeof *c->tasks, c->ntask + 1ULL))
			return NULL;
		memset(&c->tasks[c->ntask], 0, sizeof *c->tasks);
		*slot = c->ntask++;
	}
	return &c->tasks[*slot];
}

static int region(struct v1_ctx *c, struct v1_g *g, const struct v1_ev *ev)
{
	uint64_t mode = ev->args[1];
	if (mode == 0) {
		uint32_t r = c->freeregion;
		if (r)
			c->freeregion = c->regions[r].prev;
		else {
			if (v1_grow((void **)&c->regions, &c->capregion, sizeof *c->regions, c->nregion + 1ULL))
				return nomem(c, ev->off);
			r = c->nregion++;
		}
		c->regions[r] = (struct v1_region){ev->args[0], ev->args[2], g->regions};
		g->regions = r;
		return 0;
	}
	if (mode != 1)
		return v1_fail(c, ev->off, "invalid user region mode: %llu", (unsigned long long)mode);
	uint32_t r = g->regions;
	if (!r)
		return 0; /* its start is before the trace began */
	if (c->regions[r].task != ev->args[0] || c->regions[r].name != ev->args[2])
		return v1_fail(c, ev->off, "misuse of region in goroutine %llu: span end when the inner-most active span start is another",
		               (unsigned long long)ev->g);
	g->regions = c->regions[r].prev;
	c->regions[r].prev = c->freeregion;
	c->freeregion = r;
	return 0;
}

static void regions_flush(struct v1_ctx *c, struct v1_g *g)
{
	while (g->regions) {
		uint32_t r = g->regions;
		g->regions = c->regions[r].prev;
		c->regions[r].prev = c->freeregion;
		c->freeregion = r;
	}
}

int v1_postprocess(struct v1_ctx *c, struct v1_ev *ev)
{
	struct v1_proc *p = ev->pi < c->nproc && c->procs[ev->pi].pid == ev->p ?
	                    &c->procs[ev->pi] : v1_proc_get(c, ev->p);
	if (!p)
		return nomem(c, ev->off);
	if (v1_gpost_fit(c, ev->gi, ev->off))
		return -1;
	struct v1_gpost *g = &c->gpost[ev->gi];
	long long ts = ev->ts;
	switch (ev->type) {
	case V1_PROC_START:
		if (p->running)
			return v1_fail(c, ev->off, "p %d is running before start (time %lld)", ev->p, ts);
		p->running = 1;
		break;
	case V1_PROC_STOP:
		if (!p->running)
			return v1_fail(c, ev->off, "p %d is not running before stop (time %lld)", ev->p, ts);
		if (p->run_g)
			return v1_fail(c, ev->off, "p %d is running a goroutine %llu during stop (time %lld)",
			               ev->p, (unsigned long long)p->run_g, ts);
		p->running = 0;
		break;
	case V1_GC_START:
		if (c->gc_on)
			return v1_fail(c, ev->off, "previous GC is not ended before a new one (time %lld)", ts);
		c->gc_on = 1;
		ev->p = V1_GC_P;
		break;
	case V1_GC_DONE:
		if (!c->gc_on)
			return v1_fail(c, ev->off, "bogus GC end (time %lld)", ts);
		c->gc_on = 0;
		break;
	case V1_STW_START: case V1_STW_DONE: {
		uint8_t *on = c->ver < 10 ? &p->stw : &c->stw_on; /* per P before 1.10 */
		if (ev->type == V1_STW_START && *on)
			return v1_fail(c, ev->off, "previous STW is not ended before a new one (time %lld)", ts);
		if (ev->type == V1_STW_DONE && !*on)
			return v1_fail(c, ev->off, "bogus STW end (time %lld)", ts);
		*on = ev->type == V1_STW_START;
		break;
	}
	case V1_SWEEP_START:
		if (p->sweep)
			return v1_fail(c, ev->off, "previous sweeping is not ended before a new one (time %lld)", ts);
		p->sweep = 1;
		break;
	case V1_SWEEP_DONE:
		if (!p->sweep)
			return v1_fail(c, ev->off, "bogus sweeping end (time %lld)", ts);
		p->sweep = 0;
		break;
	case V1_MARK_ASSIST_START:
		if (g->assist)
			return v1_fail(c, ev->off, "previous mark assist is not ended before a new one (time %lld)", ts);
		g->assist = 1;
		g->present = 1;
		break;
	case V1_MARK_ASSIST_DONE:
		/* assists may be in progress when tracing starts */
		g->assist = 0;
		g->present = 1;
		break;
	case V1_GO_WAITING: case V1_GO_INSYSCALL:
		if (g->pstate != G_RUNNABLE)
			return v1_fail(c, ev->off, "g %llu is not runnable before %s (time %lld)",
			               (unsigned long long)ev->g,
			               ev->type == V1_GO_WAITING ? "EvGoWaiting" : "EvGoInSyscall", ts);
		g->pstate = G_WAITING;
		g->plast = ev->type;
		g->present = 1;
		break;
	case V1_GO_CREATE: {
		if (check_running(c, p, g, ev, 1))
			return -1;
		if (v1_gpost_fit(c, ev->ti, ev->off))
			return -1;
		struct v1_gpost *n = &c->gpost[ev->ti];
		if (n->present)
			return v1_fail(c, ev->off, "g %llu already exists (time %lld)",
			               (unsigned long long)ev->args[0], ts);
		n->present = 1;
		n->pstate = G_RUNNABLE;
		n->plast = V1_GO_CREATE;
		n->assist = 0;
		break;
	}
	case V1_GO_START: case V1_GO_START_LABEL:
		if (g->pstate != G_RUNNABLE)
			return v1_fail(c, ev->off, "g %llu is not runnable before start (time %lld)",
			               (unsigned long long)ev->g, ts);
		if (p->run_g)
			return v1_fail(c, ev->off, "p %d is already running g %llu while start g %llu (time %lld)",
			               ev->p, (unsigned long long)p->run_g, (unsigned long long)ev->g, ts);
		g->pstate = G_RUNNING;
		g->plast = 0;
		g->present = 1;
		p->run_g = ev->g;
		break;
	case V1_GO_END: case V1_GO_STOP:
		if (check_running(c, p, g, ev, 0))
			return -1;
		g->pstate = G_DEAD;
		g->present = 1;
		p->run_g = 0;
		if (ev->type == V1_GO_END)
			regions_flush(c, &c->gs[ev->gi]);
		break;
	case V1_GO_SCHED: case V1_GO_PREEMPT:
		if (check_running(c, p, g, ev, 0))
			return -1;
		g->pstate = G_RUNNABLE;
		g->plast = ev->type;
		g->present = 1;
		p->run_g = 0;
		break;
	case V1_GO_UNBLOCK: {
		if (g->pstate != G_RUNNING)
			return v1_fail(c, ev->off, "g %llu is not running while unpark (time %lld)",
			               (unsigned long long)ev->g, ts);
		if (ev->p != V1_TIMER_P && p->run_g != ev->g)
			return v1_fail(c, ev->off, "p %d is not running g %llu while unpark (time %lld)",
			               ev->p, (unsigned long long)ev->g, ts);
		if (v1_gpost_fit(c, ev->ti, ev->off))
			return -1;
		g = &c->gpost[ev->gi];
		struct v1_gpost *g1 = &c->gpost[ev->ti];
		if (g1->pstate != G_WAITING)
			return v1_fail(c, ev->off, "g %llu is not waiting before unpark (time %lld)",
			               (unsigned long long)ev->args[0], ts);
		if (g1->plast == V1_GO_BLOCK_NET)
			ev->p = V1_NETPOLL_P;
		g1->pstate = G_RUNNABLE;
		g1->plast = V1_GO_UNBLOCK;
		g1->present = 1;
		break;
	}
	case V1_GO_SYSCALL:
		if (check_running(c, p, g, ev, 0))
			return -1;
		g->plast = V1_GO_SYSCALL;
		g->present = 1;
		break;
	case V1_GO_SYSBLOCK:
		if (check_running(c, p, g, ev, 0))
			return -1;
		g->pstate = G_WAITING;
		g->present = 1;
		p->run_g = 0;
		break;
	case V1_GO_SYSEXIT:
		if (g->pstate != G_WAITING)
			return v1_fail(c, ev->off, "g %llu is not waiting during syscall exit (time %lld)",
			               (unsigned long long)ev->g, ts);
		g->pstate = G_RUNNABLE;
		g->plast = V1_GO_SYSEXIT;
		g->present = 1;
		break;
	case V1_GO_SLEEP: case V1_GO_BLOCK: case V1_GO_BLOCK_SEND: case V1_GO_BLOCK_RECV:
	case V1_GO_BLOCK_SELECT: case V1_GO_BLOCK_SYNC: case V1_GO_BLOCK_COND:
	case V1_GO_BLOCK_NET: case V1_GO_BLOCK_GC:
		if (check_running(c, p, g, ev, 0))
			return -1;
		g->pstate = G_WAITING;
		g->plast = ev->type;
		g->present = 1;
		p->run_g = 0;
		break;
	case V1_TASK_CREATE: case V1_TASK_END: {
		struct v1_task *t = task_get(c, ev->args[0]);
		if (!t)
			return nomem(c, ev->off);
		if (ev->type == V1_TASK_CREATE && t->plive)
			return v1_fail(c, ev->off, "task id conflicts (id:%llu)", (unsigned long long)ev->args[0]);
		t->plive = ev->type == V1_TASK_CREATE;
		break;
	}
	case V1_REGION:
		if (region(c, &c->gs[ev->gi], ev))
			return -1;
		break;
	}
	if (ev->stk && !v1_stack(c, ev->stk))
		ev->stk = 0; /* unknown or empty stacks are no stacks */
	return 0;
}
