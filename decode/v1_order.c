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

/* Whether p's head may be merged now (Go's transitionReady). */
static inline int ready(const struct v1_ctx *c, const struct v1_proc *p)
{
	if (!p->tord)
		return 1;
	const struct v1_gord *g = &c->gord[p->head.ti];
	return (p->iseq == NOSEQ || p->iseq == g->seq) && p->ist == g->status;
}

static int nomem(struct v1_ctx *c, uint64_t off)
{
	c->res->status = GT_NOMEM;
	return v1_fail(c, off, "out of memory");
}

/* Index in gs of goroutine id: the direct table first (v1_g_index
 * creates the goroutine when new). */
static inline uint32_t g_index(struct v1_ctx *c, uint64_t id)
{
	if (id < c->capgdirect && c->gdirect[id] != UINT32_MAX)
		return c->gdirect[id];
	return v1_g_index(c, id);
}

#define HOT static inline __attribute__((always_inline))

/* Resolves the goroutines of event ev of p (procs[pi]) to indices and,
 * when merging, caches its ordering requirement in p.  The replay needs
 * only what v1_postprocess reads: gi, pi, and ti of GoCreate / GoUnblock. */
HOT int prepare(struct v1_ctx *c, struct v1_proc *p, uint32_t pi, struct v1_ev *ev, int merge)
{
	if (p->cache_gi == UINT32_MAX || p->cache_g != ev->g) {
		uint32_t gi = g_index(c, ev->g);
		if (gi == UINT32_MAX)
			return nomem(c, ev->off);
		p->cache_g = ev->g;
		p->cache_gi = gi;
	}
	ev->gi = p->cache_gi;
	ev->pi = pi;
	ev->ti = UINT32_MAX;
	if (!merge) {
		switch (ev->type) {
		case V1_GO_CREATE: case V1_GO_UNBLOCK: case V1_GO_UNBLOCK_LOCAL:
			if ((ev->ti = g_index(c, ev->args[0])) == UINT32_MAX)
				return nomem(c, ev->off);
		}
		return 0;
	}
	/* Go's stateTransition, written straight into p */
	uint64_t tg = ev->g, iseq, nseq;
	uint8_t ist, nst;
	switch (ev->type) {
	case V1_GO_CREATE:
		tg = ev->args[0], iseq = 0, nseq = 1, ist = G_DEAD, nst = G_RUNNABLE;
		break;
	case V1_GO_WAITING: case V1_GO_INSYSCALL:
		iseq = 1, nseq = 2, ist = G_RUNNABLE, nst = G_WAITING;
		break;
	case V1_GO_START: case V1_GO_START_LABEL:
		iseq = ev->args[1], nseq = ev->args[1] + 1, ist = G_RUNNABLE, nst = G_RUNNING;
		break;
	case V1_GO_START_LOCAL:
		iseq = NOSEQ, nseq = SEQINC, ist = G_RUNNABLE, nst = G_RUNNING;
		break;
	case V1_GO_BLOCK: case V1_GO_BLOCK_SEND: case V1_GO_BLOCK_RECV:
	case V1_GO_BLOCK_SELECT: case V1_GO_BLOCK_SYNC: case V1_GO_BLOCK_COND:
	case V1_GO_BLOCK_NET: case V1_GO_SLEEP: case V1_GO_SYSBLOCK: case V1_GO_BLOCK_GC:
		iseq = NOSEQ, nseq = NOSEQ, ist = G_RUNNING, nst = G_WAITING;
		break;
	case V1_GO_SCHED: case V1_GO_PREEMPT:
		iseq = NOSEQ, nseq = NOSEQ, ist = G_RUNNING, nst = G_RUNNABLE;
		break;
	case V1_GO_UNBLOCK: case V1_GO_SYSEXIT:
		tg = ev->args[0], iseq = ev->args[1], nseq = ev->args[1] + 1, ist = G_WAITING, nst = G_RUNNABLE;
		break;
	case V1_GO_UNBLOCK_LOCAL: case V1_GO_SYSEXIT_LOCAL:
		tg = ev->args[0], iseq = NOSEQ, nseq = SEQINC, ist = G_WAITING, nst = G_RUNNABLE;
		break;
	case V1_GC_START:
		tg = GARBAGE, iseq = ev->args[0], nseq = ev->args[0] + 1, ist = G_DEAD, nst = G_DEAD;
		break;
	default:
		p->tord = 0;
		return 0;
	}
	p->tord = 1;
	ev->ti = tg == ev->g ? ev->gi : g_index(c, tg);
	if (ev->ti == UINT32_MAX)
		return nomem(c, ev->off);
	p->iseq = iseq;
	p->nseq = nseq;
	p->ist = ist;
	p->nst = nst;
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

/* Hot-path flags per wire type (c->hot), for this trace's version. */
enum { H_EV = 1, H_STK = 2, H_GSET = 4, H_GCLR = 8, H_GARG = 16, H_LP = 32 };

static void hot_init(struct v1_ctx *c)
{
	for (unsigned t = 0; t < 64; t++) {
		uint8_t h = 0;
		c->hot[t] = 0;
		if (c->ver < 7 || t <= V1_BATCH || t >= V1_COUNT || v1_descs[t].min_ver > c->ver)
			continue;
		switch (t) {
		case V1_STRING: case V1_CPU_SAMPLE: case V1_FREQUENCY:
		case V1_TIMER_GOROUTINE: case V1_STACK:
			continue;
		case V1_GO_START: case V1_GO_START_LOCAL: case V1_GO_START_LABEL:
			h = H_GSET;
			break;
		case V1_GO_END: case V1_GO_STOP: case V1_GO_SCHED: case V1_GO_PREEMPT:
		case V1_GO_SLEEP: case V1_GO_BLOCK: case V1_GO_BLOCK_SEND: case V1_GO_BLOCK_RECV:
		case V1_GO_BLOCK_SELECT: case V1_GO_BLOCK_SYNC: case V1_GO_BLOCK_COND:
		case V1_GO_BLOCK_NET: case V1_GO_SYSBLOCK: case V1_GO_BLOCK_GC:
			h = H_GCLR;
			break;
		case V1_GO_SYSEXIT: case V1_GO_WAITING: case V1_GO_INSYSCALL:
			h = H_GARG;
			break;
		}
		if (t != V1_LOG) /* a UserLog's message follows its arguments */
			h |= H_LP;
		c->hot[t] = (uint8_t)(h | H_EV | (v1_descs[t].stack ? H_STK : 0));
	}
}

/* Go's binary.Uvarint over a record known to lie 32+ bytes before the
 * end; NULL on overflow (the slow path reports it). */
HOT const uint8_t *uvar(const uint8_t *q, uint64_t *out)
{
	uint64_t v = q[0];
	if (v < 0x80) {
		*out = v;
		return q + 1;
	}
	uint64_t x = q[1];
	v = (v & 0x7f) | (x & 0x7f) << 7;
	if (x < 0x80) {
		*out = v;
		return q + 2;
	}
	for (unsigned k = 2, s = 14;; k++, s += 7) {
		x = q[k];
		if (k == 9) {
			if (x > 1)
				return NULL;
			*out = v | x << 63;
			return q + 10;
		}
		v |= (x & 0x7f) << s;
		if (x < 0x80) {
			*out = v;
			return q + k + 1;
		}
	}
}

/* The common record of a 1.7+ trace: an event with inline arguments,
 * decoded straight into ev (pass 1 checked its argument count).  0 leaves
 * it to the general path (batch ends, other records, the file's last 32
 * bytes, errors). */
HOT int fast_event(struct v1_ctx *c, struct v1_proc *p, struct v1_ev *ev)
{
	uint64_t off = p->pos;
	if (c->end - off < 64)
		return 0;
	const uint8_t *q = c->buf + off;
	unsigned typ = q[0] & 0x3f, n = (q[0] >> 6) + 1u, h = c->hot[typ];
	uint64_t a0, a1 = 0, a2 = 0, a3 = 0, a4 = 0;
	if (!(h & H_EV))
		return 0;
	if (n < 4) {
		if (!(q = uvar(q + 1, &a0)))
			return 0;
		if (n > 1 && !(q = uvar(q, &a1)))
			return 0;
		if (n > 2 && !(q = uvar(q, &a2)))
			return 0;
	} else {
		/* length-prefixed arguments (GoUnblock, GoCreate…): short ones */
		uint64_t ln, a[5] = {0, 0, 0, 0, 0};
		if (!(h & H_LP) || !(q = uvar(q + 1, &ln)) || ln > 40)
			return 0;
		const uint8_t *e = q + ln;
		for (n = 0; q < e; n++)
			if (n == 5 || !(q = uvar(q, &a[n])))
				return 0;
		if (q != e || n == 0)
			return 0;
		a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3], a4 = a[4];
	}
	ev->stk = 0;
	if (h & H_STK) {
		switch (n) {
		case 2: ev->stk = (uint32_t)a1, a1 = 0; break;
		case 3: ev->stk = (uint32_t)a2, a2 = 0; break;
		case 4: ev->stk = (uint32_t)a3, a3 = 0; break;
		case 5: ev->stk = (uint32_t)a4, a4 = 0; break;
		default: return 0;
		}
	}
	p->pos = (uint64_t)(q - c->buf);
	p->last_ts = (int64_t)((uint64_t)p->last_ts + a0);
	ev->ts = p->last_ts;
	ev->seq = 0;
	ev->off = off;
	ev->type = (uint8_t)typ;
	ev->p = p->pid;
	ev->args[0] = a1;
	ev->args[1] = a2;
	ev->args[2] = a3;
	ev->args[3] = a4;
	/* the goroutine (selects, not branches: types are unpredictable) */
	uint64_t lg = p->last_g, kept = h & H_GCLR ? 0 : lg;
	ev->g = h & (H_GSET | H_GARG) ? a1 : lg;
	p->last_g = h & H_GSET ? a1 : kept;
	return 1;
}

/* cursor_next's general path: batch starts and ends, records other
 * than inline events, CPU samples. */
static __attribute__((noinline)) int cursor_slow(struct v1_ctx *c, struct v1_proc *p, uint32_t pi,
                                                 struct v1_ev *ev, int merge)
{
	struct v1_raw r;
	if (p->pid == V1_PROFILE_P && p->first == UINT32_MAX) {
		if (c->sample_i >= c->nsample)
			return 0;
		*ev = c->samples[c->sample_i++];
		return prepare(c, p, pi, ev, merge) ? -1 : 1;
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
			if (fast_event(c, p, ev))
				return prepare(c, p, pi, ev, merge) ? -1 : 1;
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
		return prepare(c, p, pi, ev, merge) ? -1 : 1;
	}
}

/* Loads the next event of procs[pi] into *ev: 1, 0 no more, -1 error.
 * merge: the first run (ordering requirements wanted). */
HOT int cursor_next(struct v1_ctx *c, uint32_t pi, struct v1_ev *ev, int merge)
{
	struct v1_proc *p = &c->procs[pi];
	if (p->pos && fast_event(c, p, ev))
		return prepare(c, p, pi, ev, merge) ? -1 : 1;
	return cursor_slow(c, p, pi, ev, merge);
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

static uint32_t front_pop(struct v1_ctx *c)
{
	return c->heap[--c->nheap];
}

/* "Local" events only order; they are delivered as their plain kind. */
static void fold_local(struct v1_ev *ev)
{
	static const uint8_t plain[3] = {V1_GO_START, V1_GO_UNBLOCK, V1_GO_SYSEXIT};
	unsigned d = (unsigned)ev->type - V1_GO_START_LOCAL;
	ev->type = d < 3 ? plain[d] : ev->type;
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

int v1_order_start(struct v1_ctx *c)
{
	for (uint32_t i = 0; i < c->nproc; i++) {
		struct v1_proc *p = &c->procs[i];
		p->cur = UINT32_MAX;
		p->pos = 0;
		p->last_ts = p->last_seq = 0;
		p->last_g = 0;
		p->done = p->has_head = 0;
	}
	for (uint32_t i = 0; i < c->ng; i++) {
		c->gord[i].seq = 0;
		c->gord[i].status = G_DEAD;
	}
	c->sample_i = 0;
	c->flat_i = 0;
	c->olog_i = 0;
	hot_init(c);
	if (c->ver < 7)
		return c->flat ? 0 : build_flat(c);
	free(c->heap);
	free(c->avail);
	free(c->front_ts);
	c->heap = malloc((c->nproc + 1) * sizeof *c->heap);
	c->avail = malloc((c->nproc + 1) * sizeof *c->avail);
	c->front_ts = malloc((c->nproc + 1) * sizeof *c->front_ts);
	if (!c->heap || !c->avail || !c->front_ts) {
		c->res->status = GT_NOMEM;
		return v1_fail(c, 0, "out of memory");
	}
	c->nheap = c->navail = 0;
	for (uint32_t i = 0; i < c->nproc; i++)
		c->avail[c->navail++] = i;
	return 0;
}

/* v1_order_log's slow path: sizes the log (first call: for every event
 * pass 1 counted), or grows it. */
int v1_order_log_grow(struct v1_ctx *c, const struct v1_ev *ev)
{
	if (!c->olog_bits)
		c->olog_bits = c->nproc <= 16 ? 4 : c->nproc <= 256 ? 8 : 16;
	uint64_t need = ((c->olog_n + 1) * (unsigned)c->olog_bits >> 3) + 2;
	if (need > c->olog_cap) {
		uint64_t want = (c->nevents + c->nsample + 1) * (uint64_t)c->olog_bits / 8 + 2;
		uint64_t cap = c->olog_cap ? c->olog_cap * 2 : want > (1 << 16) ? want : 1 << 16;
		while (cap < need)
			cap *= 2;
		uint8_t *n = realloc(c->olog, cap);
		if (!n)
			return nomem(c, ev->off);
		memset(n + c->olog_cap, 0, cap - c->olog_cap);
		c->olog = n;
		c->olog_cap = cap;
	}
	return v1_order_log(c, ev); /* now it fits */
}

/* The second run: the same order, from the log. */
static int replay_next(struct v1_ctx *c, struct v1_ev *ev)
{
	if (c->olog_i >= c->olog_n)
		return 0;
	uint64_t i = c->olog_i++;
	uint32_t pi = c->olog_bits == 4 ? (uint32_t)(c->olog[i / 2] >> (i % 2 * 4)) & 15 :
	              c->olog_bits == 8 ? c->olog[i] :
	              (uint32_t)c->olog[2 * i] | (uint32_t)c->olog[2 * i + 1] << 8;
	if (pi >= c->nproc)
		return v1_fail(c, 0, "merge order log damaged");
	int rc = cursor_next(c, pi, ev, 0);
	if (rc <= 0)
		return rc < 0 ? -1 : v1_fail(c, 0, "ordering changed between passes");
	fold_local(ev);
	return 1;
}

int v1_order_next(struct v1_ctx *c, struct v1_ev *ev)
{
	if (c->ver < 7) {
		if (c->flat_i >= c->nflat)
			return 0;
		*ev = c->flat[c->flat_i++];
		return 1;
	}
	if (c->replay)
		return replay_next(c, ev);
	uint32_t pi;
	struct v1_proc *p;
	for (uint32_t i = 0; i < c->navail; i++) {
		pi = c->avail[i];
		p = &c->procs[pi];
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
		if (!ready(c, p))
			continue;
		front_push(c, pi);
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
	pi = front_pop(c);
	p = &c->procs[pi];
	c->avail[c->navail++] = pi;
	*ev = p->head;
	p->has_head = 0;
	fold_local(ev);
	if (p->tord) {
		struct v1_gord *g = &c->gord[ev->ti];
		if (!((p->iseq == NOSEQ || p->iseq == g->seq) && p->ist == g->status))
			return v1_fail(c, ev->off, "encountered impossible goroutine state transition");
		uint64_t seq = p->nseq == NOSEQ ? g->seq : p->nseq == SEQINC ? g->seq + 1 : p->nseq;
		g->seq = seq;
		g->status = p->nst;
	}
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
