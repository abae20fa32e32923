/* v1_order.c: the ordered event stream of an old-format trace.
 *
 * Go 1.7+: per-P cursors over the file are merged as Go's parser does: the
 * head of each P is "ready" when its goroutine's sequence number and state
 * match (stateTransition/transitionReady); among ready heads the earliest
 * wins.  Go 1.5 has no such numbers: all events are sorted by their global
 * sequence number (a flat array; 1.5 traces are small).
 */
#include "decode/v1_int.h"

#include <stdlib.h>
#include <string.h>

enum { G_DEAD, G_RUNNABLE, G_RUNNING, G_WAITING };
#define NOSEQ UINT64_MAX
#define SEQINC (UINT64_MAX - 1)
#define GARBAGE (UINT64_MAX - 1)

struct trans {
	int ordered;
	uint64_t g, iseq, nseq;
	uint8_t ist, nst;
};

static void state_transition(const struct v1_ev *ev, struct trans *t)
{
	t->ordered = 1;
	switch (ev->type) {
	case V1_GO_CREATE:
		*t = (struct trans){1, ev->args[0], 0, 1, G_DEAD, G_RUNNABLE};
		return;
	case V1_GO_WAITING: case V1_GO_INSYSCALL:
		*t = (struct trans){1, ev->g, 1, 2, G_RUNNABLE, G_WAITING};
		return;
	case V1_GO_START: case V1_GO_START_LABEL:
		*t = (struct trans){1, ev->g, ev->args[1], ev->args[1] + 1, G_RUNNABLE, G_RUNNING};
		return;
	case V1_GO_START_LOCAL:
		*t = (struct trans){1, ev->g, NOSEQ, SEQINC, G_RUNNABLE, G_RUNNING};
		return;
	case V1_GO_BLOCK: case V1_GO_BLOCK_SEND: case V1_GO_BLOCK_RECV:
	case V1_GO_BLOCK_SELECT: case V1_GO_BLOCK_SYNC: case V1_GO_BLOCK_COND:
	case V1_GO_BLOCK_NET: case V1_GO_SLEEP: case V1_GO_SYSBLOCK: case V1_GO_BLOCK_GC:
		*t = (struct trans){1, ev->g, NOSEQ, NOSEQ, G_RUNNING, G_WAITING};
		return;
	case V1_GO_SCHED: case V1_GO_PREEMPT:
		*t = (struct trans){1, ev->g, NOSEQ, NOSEQ, G_RUNNING, G_RUNNABLE};
		return;
	case V1_GO_UNBLOCK: case V1_GO_SYSEXIT:
		*t = (struct trans){1, ev->args[0], ev->args[1], ev->args[1] + 1, G_WAITING, G_RUNNABLE};
		return;
	case V1_GO_UNBLOCK_LOCAL: case V1_GO_SYSEXIT_LOCAL:
		*t = (struct trans){1, ev->args[0], NOSEQ, SEQINC, G_WAITING, G_RUNNABLE};
		return;
	case V1_GC_START:
		*t = (struct trans){1, GARBAGE, ev->args[0], ev->args[0] + 1, G_DEAD, G_DEAD};
		return;
	default:
		t->ordered = 0;
	}
}

/* Whether p's head may be merged now (Go's transitionReady). */
static inline int ready(const struct v1_ctx *c, const struct v1_proc *p)
{
	if (!p->tord)
		return 1;
	const struct v1_g *g = &c->gs[p->head.ti];
	return (p->iseq == NOSEQ || p->iseq == g->oseq) && p->ist == g->ostatus;
}

static int nomem(struct v1_ctx *c, uint64_t off)
{
	c->res->status = GT_NOMEM;
	return v1_fail(c, off, "out of memory");
}

/* Resolves the goroutines of p's new head to indices and caches its
 * ordering requirement. */
static int prepare(struct v1_ctx *c, struct v1_proc *p)
{
	struct v1_ev *ev = &p->head;
	if (p->cache_gi == UINT32_MAX || p->cache_g != ev->g) {
		uint32_t gi = v1_g_index(c, ev->g);
		if (gi == UINT32_MAX)
			return nomem(c, ev->off);
		p->cache_g = ev->g;
		p->cache_gi = gi;
	}
	ev->gi = p->cache_gi;
	ev->pi = (uint32_t)(p - c->procs);
	ev->ti = UINT32_MAX;
	struct trans t;
	state_transition(ev, &t);
	p->tord = (uint8_t)t.ordered;
	if (t.ordered) {
		ev->ti = t.g == ev->g ? ev->gi : v1_g_index(c, t.g);
		if (ev->ti == UINT32_MAX)
			return nomem(c, ev->off);
		p->iseq = t.iseq;
		p->nseq = t.nseq;
		p->ist = t.ist;
		p->nst = t.nst;
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

/* Re-reads a record pass 1 has validated, when its arguments are inline
 * (most are); 0 leaves it to v1_read_raw. */
static inline int fast_raw(const struct v1_ctx *c, uint64_t *pos, struct v1_raw *r)
{
	const uint8_t *q = c->buf + *pos;
	if (c->end - *pos < 32 || c->ver < 7)
		return 0;
	unsigned typ = q[0] & 0x3f, n = (q[0] >> 6) + 1u;
	if (n == 4 || typ == V1_STRING || typ >= V1_COUNT)
		return 0;
	q++;
	for (unsigned i = 0; i < n; i++) {
		uint64_t v = 0;
		for (unsigned k = 0, s = 0;; k++, s += 7) {
			if (k == 10)
				return 0;
			uint8_t x = *q++;
			v |= (uint64_t)(x & 0x7f) << s;
			if (x < 0x80)
				break;
		}
		r->args[i] = v;
	}
	r->type = (uint8_t)typ;
	r->nargs = n;
	r->data = r->str = NULL;
	*pos = (uint64_t)(q - c->buf);
	return 1;
}

/* Loads the next event of p into p->head: 1, 0 no more, -1 error. */
static int cursor_next(struct v1_ctx *c, struct v1_proc *p)
{
	struct v1_raw r;
	if (p->pid == V1_PROFILE_P && p->first == UINT32_MAX) {
		if (c->sample_i >= c->nsample)
			return 0;
		p->head = c->samples[c->sample_i++];
		return prepare(c, p) ? -1 : 1;
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
		}
		uint64_t off = p->pos;
		int rc = fast_raw(c, &p->pos, &r) ? 1 : v1_read_raw(c, &p->pos, &r, 0);
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
		parse_event(c, p, &r, off, &p->head);
		return prepare(c, p) ? -1 : 1;
	}
}

static int head_less(const struct v1_ctx *c, uint32_t a, uint32_t b)
{
	const struct v1_ev *x = &c->procs[a].head, *y = &c->procs[b].head;
	return x->ts != y->ts ? x->ts < y->ts : a < b;
}

static void heap_push(struct v1_ctx *c, uint32_t pi)
{
	uint32_t j = c->nheap++;
	c->heap[j] = pi;
	while (j > 0) {
		uint32_t i = (j - 1) / 2;
		if (!head_less(c, c->heap[j], c->heap[i]))
			break;
		uint32_t t = c->heap[i];
		c->heap[i] = c->heap[j];
		c->heap[j] = t;
		j = i;
	}
}

static uint32_t heap_pop(struct v1_ctx *c)
{
	uint32_t top = c->heap[0], n = --c->nheap;
	c->heap[0] = c->heap[n];
	for (uint32_t i = 0;;) {
		uint32_t l = 2 * i + 1, r = l + 1, m = i;
		if (l < n && head_less(c, c->heap[l], c->heap[m]))
			m = l;
		if (r < n && head_less(c, c->heap[r], c->heap[m]))
			m = r;
		if (m == i)
			break;
		uint32_t t = c->heap[i];
		c->heap[i] = c->heap[m];
		c->heap[m] = t;
		i = m;
	}
	return top;
}

static void fold_local(struct v1_ev *ev)
{
	switch (ev->type) {
	case V1_GO_START_LOCAL: ev->type = V1_GO_START; break;
	case V1_GO_UNBLOCK_LOCAL: ev->type = V1_GO_UNBLOCK; break;
	case V1_GO_SYSEXIT_LOCAL: ev->type = V1_GO_SYSEXIT; break;
	}
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
		while ((rc = cursor_next(c, p)) == 1) {
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
	qsort(c->flat, c->nflat, sizeof *c->flat, cmp_seq);
	for (uint64_t i = 1; i < c->nflat; i++)
		if (c->flat[i].ts < c->flat[i - 1].ts)
			return v1_fail(c, c->flat[i].off, "time stamps out of order");
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
		p->done = p->has_head = p->in_front = 0;
	}
	for (uint32_t i = 0; i < c->ng; i++) {
		c->gs[i].oseq = 0;
		c->gs[i].ostatus = G_DEAD;
	}
	c->sample_i = 0;
	c->flat_i = 0;
	if (c->ver < 7)
		return c->flat ? 0 : build_flat(c);
	free(c->heap);
	free(c->avail);
	c->heap = malloc((c->nproc + 1) * sizeof *c->heap);
	c->avail = malloc((c->nproc + 1) * sizeof *c->avail);
	if (!c->heap || !c->avail) {
		c->res->status = GT_NOMEM;
		return v1_fail(c, 0, "out of memory");
	}
	c->nheap = c->navail = 0;
	for (uint32_t i = 0; i < c->nproc; i++)
		c->avail[c->navail++] = i;
	return 0;
}

int v1_order_next(struct v1_ctx *c, struct v1_ev *ev)
{
	if (c->ver < 7) {
		if (c->flat_i >= c->nflat)
			return 0;
		*ev = c->flat[c->flat_i++];
		return 1;
	}
	uint32_t pi;
	struct v1_proc *p;
	/* Fast path: only the P that gave the last event needs a new head
	 * and, ready and earliest, it is next without going through the heap
	 * (the same choice the loop below makes). */
	if (c->navail == 1) {
		pi = c->avail[0];
		p = &c->procs[pi];
		if (!p->has_head) {
			int rc = cursor_next(c, p);
			if (rc < 0)
				return -1;
			if (rc == 0) {
				p->done = 1;
				c->navail = 0;
			} else
				p->has_head = 1;
		}
		if (c->navail && ready(c, p) && (c->nheap == 0 || head_less(c, pi, c->heap[0])))
			goto take;
	}
	for (uint32_t i = 0; i < c->navail; i++) {
		pi = c->avail[i];
		p = &c->procs[pi];
		if (!p->has_head) {
			int rc = cursor_next(c, p);
			if (rc < 0)
				return -1;
			if (rc == 0) {
				p->done = 1;
				c->avail[i--] = c->avail[--c->navail];
				continue;
			}
			p->has_head = 1;
		}
		if (!ready(c, p))
			continue;
		heap_push(c, pi);
		c->avail[i--] = c->avail[--c->navail];
	}
	if (c->nheap == 0) {
		if (c->navail) {
			v1_fail(c, c->procs[c->avail[0]].head.off,
			        "no consistent ordering of events possible");
			return -2;
		}
		return 0;
	}
	pi = heap_pop(c);
	p = &c->procs[pi];
	c->avail[c->navail++] = pi;
take:
	*ev = p->head;
	p->has_head = 0;
	fold_local(ev);
	if (p->tord) {
		struct v1_g *g = &c->gs[ev->ti];
		if (!((p->iseq == NOSEQ || p->iseq == g->oseq) && p->ist == g->ostatus))
			return v1_fail(c, ev->off, "encountered impossible goroutine state transition");
		uint64_t seq = p->nseq == NOSEQ ? g->oseq : p->nseq == SEQINC ? g->oseq + 1 : p->nseq;
		g->oseq = seq;
		g->ostatus = p->nst;
	}
	return 1;
}

void v1_order_free(struct v1_ctx *c)
{
	free(c->heap);
	free(c->avail);
	free(c->flat);
	c->heap = c->avail = NULL;
	c->flat = NULL;
}
