/* order.c: the ordered event stream of an old-format trace.
 *
 * Go 1.7+: per-P cursors over the file are merged as Go's parser does: the
 * head of each P is "ready" when its goroutine's sequence number and state
 * match (stateTransition/transitionReady); among ready heads the earliest
 * wins.  Go 1.5 has no such numbers: all events are sorted by their global
 * sequence number (a flat array; 1.5 traces are small).
 *
 * Speed: the first run (merge) writes the P of every event it yields to a
 * log, the second (replay) reads it back; both decode each event once from
 * the file.  In the merge, usually only the P merged last changed: its new
 * head is read into registers and, when it is ready and earlier than the
 * frontier, delivered at once (the general step would push and pop it).
 */
#include "decode/v1/analyse.h"
#include "decode/v1/cursor.h"
#include "decode/v1/pipe.h"

#include <stdlib.h>
#include <string.h>

enum { G_DEAD, G_RUNNABLE, G_RUNNING, G_WAITING };

int v1_nomem(struct v1_ctx *c, uint64_t off)
{
	c->res->status = GT_NOMEM;
	return v1_fail(c, off, "out of memory");
}

/* Whether p's head, ordering goroutine gord[ti], may be merged now (Go's
 * transitionReady). */
HOT int ready_ti(const struct v1_ctx *c, const struct v1_proc *p, uint32_t ti)
{
	const struct v1_gord *g = &c->gord[ti];
	return (p->iseq == NOSEQ || p->iseq == g->seq) && D_IST(p->pd) == g->status;
}

HOT int ready(const struct v1_ctx *c, const struct v1_proc *p)
{
	return !(p->pd & D_ORD) || ready_ti(c, p, p->head.ti);
}

static uint32_t rule(unsigned t)
{
	switch (t) {
	case V1_GO_CREATE:
		return RULE(T_ARG0, S_ZERO, 0, G_DEAD, G_RUNNABLE);
	case V1_GO_WAITING: case V1_GO_INSYSCALL:
		return RULE(T_SELF, S_ONE, 0, G_RUNNABLE, G_WAITING);
	case V1_GO_START: case V1_GO_START_LABEL:
		return RULE(T_SELF, S_ARG, 1, G_RUNNABLE, G_RUNNING);
	case V1_GO_START_LOCAL:
		return RULE(T_SELF, S_ANYINC, 0, G_RUNNABLE, G_RUNNING);
	case V1_GO_BLOCK: case V1_GO_BLOCK_SEND: case V1_GO_BLOCK_RECV:
	case V1_GO_BLOCK_SELECT: case V1_GO_BLOCK_SYNC: case V1_GO_BLOCK_COND:
	case V1_GO_BLOCK_NET: case V1_GO_SLEEP: case V1_GO_SYSBLOCK: case V1_GO_BLOCK_GC:
		return RULE(T_SELF, S_ANY, 0, G_RUNNING, G_WAITING);
	case V1_GO_SCHED: case V1_GO_PREEMPT:
		return RULE(T_SELF, S_ANY, 0, G_RUNNING, G_RUNNABLE);
	case V1_GO_UNBLOCK: case V1_GO_SYSEXIT:
		return RULE(T_ARG0, S_ARG, 1, G_WAITING, G_RUNNABLE);
	case V1_GO_UNBLOCK_LOCAL: case V1_GO_SYSEXIT_LOCAL:
		return RULE(T_ARG0, S_ANYINC, 0, G_WAITING, G_RUNNABLE);
	case V1_GC_START:
		return RULE(T_GARBAGE, S_ARG, 0, G_DEAD, G_DEAD);
	}
	return 0;
}

/* Decodes the event record r (at off) of proc p into ev. */
static void parse_event(struct v1_ctx *c, struct v1_proc *p, const struct v1_raw *r,
                        uint64_t off, struct v1_ev *ev)
{
	ev->args[0] = ev->args[1] = ev->args[2] = ev->args[3] = 0;
	ev->stk = 0;
	ev->seq = 0;
	ev->type = r->type;
	ev->p = p->pid;
	ev->g = p->last_g;
	ev->off = off;
	unsigned ao = 1, n = r->nargs < V1_RAW_ARGS ? r->nargs : V1_RAW_ARGS;
	if (c->ver < 7) {
		p->last_seq = (int64_t)((uint64_t)p->last_seq + r->args[0]);
		ev->seq = p->last_seq;
		p->last_ts = (int64_t)((uint64_t)p->last_ts + r->args[1]);
		ao = 2;
	} else
		p->last_ts = (int64_t)((uint64_t)p->last_ts + r->args[0]);
	ev->ts = p->last_ts;
	for (unsigned i = ao; i < n; i++) {
		if (i == n - 1 && v1_descs[r->type].stack)
			ev->stk = (uint32_t)r->args[i];
		else if (i - ao < 4)
			ev->args[i - ao] = r->args[i];
	}
	switch (r->type) {
	case V1_GO_START: case V1_GO_START_LOCAL: case V1_GO_START_LABEL:
		p->last_g = ev->args[0];
		ev->g = p->last_g;
		break;
	case V1_GO_END: case V1_GO_STOP: case V1_GO_SCHED: case V1_GO_PREEMPT:
	case V1_GO_SLEEP: case V1_GO_BLOCK: case V1_GO_BLOCK_SEND: case V1_GO_BLOCK_RECV:
	case V1_GO_BLOCK_SELECT: case V1_GO_BLOCK_SYNC: case V1_GO_BLOCK_COND:
	case V1_GO_BLOCK_NET: case V1_GO_SYSBLOCK: case V1_GO_BLOCK_GC:
		p->last_g = 0;
		break;
	case V1_GO_SYSEXIT: case V1_GO_WAITING: case V1_GO_INSYSCALL:
		ev->g = ev->args[0];
		break;
	}
}

static void hot_init(struct v1_ctx *c)
{
	c->fast_lim = c->end >= 64 ? c->end - 64 : 0;
	for (unsigned t = 0; t < 64; t++) {
		uint32_t h = 0, d = rule(t) | (uint32_t)t << 18;
		switch (t) {
		case V1_GO_START_LOCAL: d = (d & ~(63u << 18)) | V1_GO_START << 18; break;
		case V1_GO_UNBLOCK_LOCAL: d = (d & ~(63u << 18)) | V1_GO_UNBLOCK << 18; break;
		case V1_GO_SYSEXIT_LOCAL: d = (d & ~(63u << 18)) | V1_GO_SYSEXIT << 18; break;
		}
		switch (t) {
		case V1_GO_CREATE: case V1_GO_UNBLOCK: case V1_GO_UNBLOCK_LOCAL:
			d |= D_TI;
		}
		if (D_FOLD(d) == V1_GO_SYSEXIT || c->ver < 7)
			d |= D_FULL;
		c->hot[t] = d;
		if (c->ver < 7 || t <= V1_BATCH || t >= V1_COUNT || v1_descs[t].min_ver > c->ver)
			continue;
		switch (t) {
		case V1_STRING: case V1_CPU_SAMPLE: case V1_FREQUENCY:
		case V1_TIMER_GOROUTINE: case V1_STACK:
			continue;
		case V1_GO_START: case V1_GO_START_LOCAL: case V1_GO_START_LABEL:
			h = D_GSET;
			break;
		case V1_GO_END: case V1_GO_STOP: case V1_GO_SCHED: case V1_GO_PREEMPT:
		case V1_GO_SLEEP: case V1_GO_BLOCK: case V1_GO_BLOCK_SEND: case V1_GO_BLOCK_RECV:
		case V1_GO_BLOCK_SELECT: case V1_GO_BLOCK_SYNC: case V1_GO_BLOCK_COND:
		case V1_GO_BLOCK_NET: case V1_GO_SYSBLOCK: case V1_GO_BLOCK_GC:
			h = D_GCLR;
			break;
		case V1_GO_SYSEXIT: case V1_GO_WAITING: case V1_GO_INSYSCALL:
			h = D_GARG;
			break;
		}
		if (t != V1_LOG) /* a UserLog's message follows its arguments */
			h |= D_LP;
		c->hot[t] = d | h | D_EV | (v1_descs[t].stack ? D_STK : 0);
	}
}


/* cursor_raw's general path: batch starts and ends, records other than
 * inline events, CPU samples. */
__attribute__((noinline)) int v1_cursor_slow(struct v1_ctx *c, struct v1_proc *p,
                                             struct v1_ev *ev, uint32_t *dp)
{
	struct v1_raw r;
	if (p->pid == V1_PROFILE_P && p->first == UINT32_MAX) {
		if (c->sample_i >= c->nsample)
			return 0;
		*ev = c->samples[c->sample_i++];
		*dp = c->hot[ev->type & 63];
		return 1;
	}
	for (;;) {
		if (p->pos == 0) {
			uint32_t nb = p->cur == UINT32_MAX ? p->first : c->batches[p->cur].next;
			if (nb == UINT32_MAX)
				return 0;
			p->cur = nb;
			uint64_t pos = c->batches[nb].off;
			if (v1_read_raw(c, &pos, &r, 0) != 1)
				return v1_fail(c, c->batches[nb].off, "cannot re-read batch header");
			if (c->ver < 7) {
				p->last_seq = (int64_t)r.args[1];
				p->last_ts = (int64_t)r.args[2];
			} else
				p->last_ts = (int64_t)r.args[1];
			p->pos = pos;
			if (pos - 1 < c->fast_lim && (*dp = fast_event(c, p, ev, 0)))
				return 1;
		}
		uint64_t off = p->pos;
		int rc = v1_fast_raw(c, &p->pos, &r) ? 1 : v1_read_raw(c, &p->pos, &r, 0);
		if (rc == 0) {
			p->pos = 0;
			continue;
		}
		if (rc < 0)
			return v1_fail(c, off, "malformed record");
		switch (r.type) {
		case V1_BATCH:
			p->pos = 0;
			continue;
		case V1_STRING: case V1_CPU_SAMPLE: case V1_FREQUENCY:
		case V1_TIMER_GOROUTINE: case V1_STACK:
			continue;
		}
		parse_event(c, p, &r, off, ev);
		*dp = c->hot[r.type & 63];
		return 1;
	}
}

/* The frontier: Ps whose head was ready, kept sorted from the latest
 * to the earliest (time, then P index), so the next to merge is the last
 * one (as from Go's heap).  A new head usually lands near the end. */
static void front_push(struct v1_ctx *c, uint32_t pi)
{
	int64_t ts = c->procs[pi].head.ts;
	uint32_t i = c->nheap++;
	while (i > 0) {
		int64_t t = c->front_ts[i - 1];
		if (t > ts || (t == ts && c->heap[i - 1] > pi))
			break;
		c->heap[i] = c->heap[i - 1];
		c->front_ts[i] = t;
		i--;
	}
	c->heap[i] = pi;
	c->front_ts[i] = ts;
}

static int cmp_seq(const void *a, const void *b)
{
	const struct v1_ev *x = a, *y = b;
	if (x->seq != y->seq)
		return x->seq < y->seq ? -1 : 1;
	return x->off < y->off ? -1 : x->off > y->off;
}

/* Go 1.5: every event, sorted by sequence number, then checked for time. */
static int build_flat(struct v1_ctx *c)
{
	uint32_t cap = 0;
	for (uint32_t i = 0; i < c->nproc; i++) {
		struct v1_proc *p = &c->procs[i];
		int rc;
		while ((rc = cursor_next(c, i, &p->head, 1)) == 1) {
			if (v1_grow((void **)&c->flat, &cap, sizeof *c->flat, c->nflat + 1)) {
				c->res->status = GT_NOMEM;
				return v1_fail(c, p->head.off, "out of memory");
			}
			struct v1_ev *ev = &c->flat[c->nflat++];
			*ev = p->head;
			if (ev->type == V1_GO_SYSEXIT) {
				/* emitted late: give it its real seq and time */
				ev->seq = (int64_t)ev->args[1];
				if (ev->args[2])
					ev->ts = (int64_t)ev->args[2];
			}
		}
		if (rc < 0)
			return -1;
	}
	if (c->nflat)
		qsort(c->flat, c->nflat, sizeof *c->flat, cmp_seq);
	for (uint64_t i = 1; i < c->nflat; i++)
		if (c->flat[i].ts < c->flat[i - 1].ts)
			return v1_fail(c, c->flat[i].off, "time stamps out of order");
	return 0;
}

/* The merge-order log: 4, 8 or 16 bits an event, sized up front for
 * every event pass 1 counted (which bounds what the merge yields). */
static uint64_t log_bytes(uint64_t cap, int bits)
{
	return cap * (unsigned)bits / 8 + 10; /* the replay reads 8 bytes at a time */
}

static int log_init(struct v1_ctx *c)
{
	free(c->olog);
	c->olog_bits = c->nproc <= 16 ? 4 : c->nproc <= 256 ? 8 : 16;
	c->olog_n = 0;
	c->olog_cap = c->nevents + c->nsample + 1;
	c->olog = calloc(log_bytes(c->olog_cap, c->olog_bits), 1);
	return c->olog ? 0 : -1;
}

static __attribute__((noinline)) int log_slow(struct v1_ctx *c, uint32_t pi, uint64_t off)
{
	uint64_t i = c->olog_n;
	if (i >= c->olog_cap) {
		/* cannot happen (the merge yields events pass 1 counted): grow,
		 * unless the second run reads the log meanwhile */
		if (c->pipe)
			return v1_fail(c, off, "merge order log full");
		uint64_t cap = c->olog_cap * 2, have = log_bytes(c->olog_cap, c->olog_bits);
		uint64_t want = log_bytes(cap, c->olog_bits);
		uint8_t *n = realloc(c->olog, want);
		if (!n)
			return v1_nomem(c, off);
		memset(n + have, 0, want - have);
		c->olog = n;
		c->olog_cap = cap;
	}
	c->olog_n = i + 1;
	if (c->olog_bits == 8)
		c->olog[i] = (uint8_t)pi;
	else if (c->olog_bits == 16) {
		c->olog[2 * i] = (uint8_t)pi;
		c->olog[2 * i + 1] = (uint8_t)(pi >> 8);
	} else
		c->olog[i / 2] |= (uint8_t)(pi << (i % 2 * 4));
	return 0;
}

/* The log's writer during the merge: with 4 bits an event (at most 16
 * Ps), 16 entries are gathered in a register and stored as one word
 * (n: entries, lim: 0 when every entry goes to log_slow); log_end stores
 * the rest and sets c->olog_n. */
struct mlog {
	uint64_t acc, n, lim;
};

HOT void log_begin(const struct v1_ctx *c, struct mlog *l)
{
	l->acc = 0;
	l->n = c->olog_n;
	l->lim = c->olog_bits == 4 && l->n % 16 == 0 ? c->olog_cap : 0;
}

HOT void log_end(struct v1_ctx *c, struct mlog *l)
{
	if (!l->lim)
		return;
	for (uint64_t i = l->n & ~(uint64_t)15; i < l->n; i += 2)
		c->olog[i / 2] |= (uint8_t)(l->acc >> (i % 16 * 4));
	c->olog_n = l->n;
	l->acc = 0;
	l->lim = 0;
}

/* Records that the merge's next event came from procs[pi]. */
HOT int log_put(struct v1_ctx *c, struct mlog *l, uint32_t pi, uint64_t off)
{
	uint64_t i = l->n;
	if (i >= l->lim) {
		log_end(c, l); /* (the log is full: cannot happen) */
		return log_slow(c, pi, off);
	}
	l->acc |= (uint64_t)pi << (i % 16 * 4);
	l->n = ++i;
	if (i % 16 == 0) {
		uint64_t w = l->acc;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
		w = __builtin_bswap64(w);
#endif
		memcpy(c->olog + (i - 16) / 2, &w, 8);
		l->acc = 0;
	}
	return 0;
}

int v1_order_start(struct v1_ctx *c)
{
	for (uint32_t i = 0; i < c->nproc; i++) {
		struct v1_proc *p = &c->procs[i];
		p->cur = UINT32_MAX;
		p->pos = 0;
		p->last_ts = p->last_seq = 0;
		p->last_g = 0;
		p->done = p->has_head = p->waiting = 0;
	}
	for (uint32_t i = 0; i < c->ng; i++) {
		c->gord[i].seq = 0;
		c->gord[i].status = G_DEAD;
		c->gord[i].nwait = 0;
	}
	c->sample_i = 0;
	c->flat_i = 0;
	hot_init(c);
	if (c->ver < 7)
		return c->flat ? 0 : build_flat(c);
	free(c->heap);
	free(c->avail);
	free(c->front_ts);
	c->heap = malloc((c->nproc + 1) * sizeof *c->heap);
	c->avail = malloc((c->nproc + 1) * sizeof *c->avail);
	c->front_ts = malloc((c->nproc + 1) * sizeof *c->front_ts);
	if (!c->heap || !c->avail || !c->front_ts || (!c->replay && log_init(c))) {
		c->res->status = GT_NOMEM;
		return v1_fail(c, 0, "out of memory");
	}
	c->nheap = c->navail = 0;
	c->m_last = UINT32_MAX;
	for (uint32_t i = 0; i < c->nproc; i++)
		c->avail[c->navail++] = i;
	return 0;
}

/* The first run's general step: every P without a head reads one, every
 * P whose head is ready joins the frontier (as Go's order1007 loop). */
static int merge_scan(struct v1_ctx *c)
{
	for (uint32_t i = 0; i < c->navail; i++) {
		uint32_t pi = c->avail[i];
		struct v1_proc *p = &c->procs[pi];
		if (!p->has_head) {
			int rc = cursor_next(c, pi, &p->head, 1);
			if (rc < 0)
				return -1;
			if (rc == 0) {
				p->done = 1;
				c->avail[i--] = c->avail[--c->navail];
				continue;
			}
			p->has_head = 1;
		}
		if (!ready(c, p)) {
			if (!p->waiting) {
				p->waiting = 1;
				c->gord[p->head.ti].nwait++;
			}
			continue;
		}
		if (p->waiting) {
			p->waiting = 0;
			c->gord[p->head.ti].nwait--;
		}
		front_push(c, pi);
		c->avail[i--] = c->avail[--c->navail];
	}
	return 0;
}

/* The first run's next event: *evp points at the head slot of the P it
 * came from, valid until the next call (no event is copied: the P merged
 * last decodes its next head straight into its own slot). */
HOT int merge_next(struct v1_ctx *c, struct mlog *l, const struct v1_ev **evp)
{
	uint32_t pi = c->m_last;
	struct v1_proc *p;
	if (pi != UINT32_MAX && !c->m_dirty) {
		/* Only the P merged last lacks a head (the last of avail), and
		 * no other waiting P can have become ready: merge_scan would
		 * just read and place that head. */
		p = &c->procs[pi];
		struct v1_ev *ev = &p->head;
		int rc = cursor_next(c, pi, ev, 1);
		if (rc < 0)
			return -1;
		if (rc == 0) {
			p->done = 1;
			c->navail--;
		} else if (!(p->pd & D_ORD) || ready_ti(c, p, ev->ti)) {
			uint32_t n = c->nheap;
			int64_t *f = c->front_ts, ts = ev->ts;
			uint32_t *h = c->heap;
			if (n == 0 || f[n - 1] > ts || (f[n - 1] == ts && h[n - 1] > pi))
				goto merged_ready; /* it would be pushed and popped again
				                    * (c->m_last is pi already) */
			/* pushed, then the frontier's last is popped: it takes
			 * p's place at the end of avail and p goes in before it */
			p->has_head = 1;
			uint32_t q = h[n - 1], i = n - 1;
			for (; i > 0 && (f[i - 1] < ts || (f[i - 1] == ts && h[i - 1] < pi)); i--) {
				h[i] = h[i - 1];
				f[i] = f[i - 1];
			}
			h[i] = pi;
			f[i] = ts;
			pi = q;
			p = &c->procs[pi];
			c->avail[c->navail - 1] = pi;
			p->has_head = 0;
			goto merged;
		} else {
			p->has_head = 1;
			p->waiting = 1;
			c->gord[ev->ti].nwait++;
		}
	} else if (merge_scan(c))
		return -1;
	if (c->nheap == 0) {
		c->m_last = UINT32_MAX;
		if (c->navail) {
			v1_fail(c, c->procs[c->avail[0]].head.off,
			        "no consistent ordering of events possible");
			return -2;
		}
		return 0;
	}
	pi = c->heap[--c->nheap];
	p = &c->procs[pi];
	c->avail[c->navail++] = pi;
	p->has_head = 0;
merged:
	c->m_last = pi;
	if (p->pd & D_ORD) {
		if (!ready_ti(c, p, p->head.ti))
			return v1_fail(c, p->head.off, "encountered impossible goroutine state transition");
	}
merged_ready: /* p's head, known to be ready, is merged */
	*evp = &p->head;
	c->m_dirty = 0;
	uint32_t pd = p->pd;
	if (pd & D_ORD) {
		struct v1_gord *g = &c->gord[p->head.ti];
		unsigned sk = D_SEQ(pd);
		uint64_t nseq = sk <= S_ARG ? p->iseq + 1 : sk == S_ANY ? NOSEQ : SEQINC;
		g->seq = nseq == NOSEQ ? g->seq : nseq == SEQINC ? g->seq + 1 : nseq;
		g->status = (uint8_t)D_NST(pd);
		/* a waiting P's readiness depends on its goroutine's state alone */
		c->m_dirty = g->nwait != 0;
	}
	return log_put(c, l, pi, p->head.off) ? -1 : 1;
}

/* One event of the first run: the time-order check (prev, n in registers)
 * and, for the few that need it, v1_an_rare. */
HOT int analyse(struct v1_ctx *c, struct v1_an *a, const struct v1_ev *ev, uint64_t rare,
                int64_t *prev, uint64_t *n)
{
	if (ev->ts < *prev)
		return v1_fail(c, ev->off, "time stamps out of order");
	*prev = ev->ts;
	if (*n == 0)
		c->min_ts = ev->ts;
	if ((rare >> ev->type & 1) || (a->npend && c->gs[ev->gi].sys_k)) {
		a->n = *n;
		if (v1_an_rare(c, a, ev))
			return -1;
	}
	++*n;
	return 0;
}

int v1_order_analyse(struct v1_ctx *c, struct v1_an *a)
{
	const struct v1_ev *ev = NULL;
	uint64_t rare = a->futile ? ~0ull : V1_SYS_TYPES, n = a->n;
	int64_t prev = a->prev;
	int rc;
	if (c->ver < 7) {
		for (rc = 0; !rc && c->flat_i < c->nflat;)
			rc = analyse(c, a, &c->flat[c->flat_i++], rare, &prev, &n);
	} else if (c->cut) {
		/* a time prefix (prefix.c): up to the first event at or after
		 * until, which the merge has logged: taken off the log again */
		struct mlog l;
		int past = 0;
		log_begin(c, &l);
		while ((rc = merge_next(c, &l, &ev)) == 1) {
			if (ev->ts >= c->until) {
				past = 1;
				rc = 0;
				break;
			}
			if ((rc = analyse(c, a, ev, rare, &prev, &n)))
				break;
		}
		log_end(c, &l);
		if (past)
			c->olog_n--;
	} else if (!c->pipe) {
		struct mlog l;
		log_begin(c, &l);
		while ((rc = merge_next(c, &l, &ev)) == 1 && !(rc = analyse(c, a, ev, rare, &prev, &n)))
			;
		log_end(c, &l);
	} else {
		/* v1_pipe.c: tells the second run how far it may go, now and then */
		struct mlog l;
		uint64_t step = v1_pipe_step(c), next = n + step;
		log_begin(c, &l);
		while ((rc = merge_next(c, &l, &ev)) == 1 && !(rc = analyse(c, a, ev, rare, &prev, &n)))
			if (n >= next) {
				next = n + step;
				if (v1_pipe_publish(c, n)) {
					rc = v1_fail(c, ev->off, "given up");
					break;
				}
			}
		log_end(c, &l);
	}
	a->n = n;
	a->prev = prev;
	return rc;
}

int v1_order_next(struct v1_ctx *c, struct v1_ev *ev)
{
	if (c->flat_i >= c->nflat)
		return 0;
	*ev = c->flat[c->flat_i++];
	return 1;
}

void v1_order_free(struct v1_ctx *c)
{
	free(c->heap);
	free(c->avail);
	free(c->front_ts);
	free(c->flat);
	free(c->olog);
	c->olog = NULL;
	c->front_ts = NULL;
	c->heap = c->avail = NULL;
	c->flat = NULL;
}
