/* v1_order.c: the ordered event stream of an old-format trace.
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
#include "decode/v1_int.h"

#include <stdlib.h>
#include <string.h>

enum { G_DEAD, G_RUNNABLE, G_RUNNING, G_WAITING };
#define NOSEQ UINT64_MAX
#define SEQINC (UINT64_MAX - 1)
#define GARBAGE (UINT64_MAX - 1)

#define HOT static inline __attribute__((always_inline))

/* Whether p's head, ordering goroutine gord[ti], may be merged now (Go's
 * transitionReady). */
HOT int ready_ti(const struct v1_ctx *c, const struct v1_proc *p, uint32_t ti)
{
	const struct v1_gord *g = &c->gord[ti];
	return (p->iseq == NOSEQ || p->iseq == g->seq) && p->ist == g->status;
}

HOT int ready(const struct v1_ctx *c, const struct v1_proc *p)
{
	return !p->tord || ready_ti(c, p, p->head.ti);
}

static int nomem(struct v1_ctx *c, uint64_t off)
{
	c->res->status = GT_NOMEM;
	return v1_fail(c, off, "out of memory");
}

/* Index in gs of goroutine id: the direct table first (v1_g_index
 * creates the goroutine when new). */
HOT uint32_t g_index(struct v1_ctx *c, uint64_t id)
{
	if (id < c->capgdirect && c->gdirect[id] != UINT32_MAX)
		return c->gdirect[id];
	return v1_g_index(c, id);
}

/* Per wire type (c->hot): how the hot paths read an event, for this
 * trace's version (the D_EV... bits), and what it orders, as Go's
 * stateTransition (the rule bits, for every version). */
enum {
	D_EV = 1, D_STK = 2, D_GSET = 4, D_GCLR = 8, D_GARG = 16, D_LP = 32,
	D_TI = 64,      /* the replay resolves args[0] (GoCreate, GoUnblock) */
	D_ORD = 128,    /* orders a goroutine, as the fields below say */
};
enum { T_SELF, T_ARG0, T_GARBAGE };             /* the goroutine */
enum { S_ZERO, S_ONE, S_ARG, S_ANY, S_ANYINC }; /* the sequence number */
#define D_TG(d)   ((d) >> 8 & 3)
#define D_SEQ(d)  ((d) >> 10 & 7)
#define D_ARG(d)  ((d) >> 13 & 1)  /* S_ARG: args[0] or args[1] */
#define D_IST(d)  ((d) >> 14 & 3)
#define D_NST(d)  ((d) >> 16 & 3)
#define D_FOLD(d) ((d) >> 18 & 63) /* the type delivered ("Local" folded) */
#define RULE(tg, seq, arg, ist, nst) \
	(D_ORD | (tg) << 8 | (seq) << 10 | (arg) << 13 | (ist) << 14 | (nst) << 16)

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

/* The goroutine index of ev's goroutine (p caches the last). */
HOT int resolve_g(struct v1_ctx *c, struct v1_proc *p, struct v1_ev *ev)
{
	if (p->cache_gi == UINT32_MAX || p->cache_g != ev->g) {
		uint32_t gi = g_index(c, ev->g);
		if (gi == UINT32_MAX)
			return nomem(c, ev->off);
		p->cache_g = ev->g;
		p->cache_gi = gi;
	}
	ev->gi = p->cache_gi;
	return 0;
}

/* Resolves the goroutines of event ev of p (procs[pi]) to indices, sets
 * its type (d = c->hot[its wire type]), folding
 * "Local" types (they only order), and, when merging, caches its ordering
 * requirement in p.  The replay needs only what v1_postprocess reads: gi,
 * pi, and ti of GoCreate / GoUnblock (all goroutines exist by then: the
 * merge resolved the same ids). */
HOT int prepare(struct v1_ctx *c, struct v1_proc *p, uint32_t pi, struct v1_ev *ev,
                uint32_t d, int merge)
{
	if (resolve_g(c, p, ev))
		return -1;
	ev->pi = pi;
	ev->ti = UINT32_MAX;
	ev->type = (uint8_t)D_FOLD(d);
	if (!merge) {
		if ((d & D_TI) && (ev->ti = g_index(c, ev->args[0])) == UINT32_MAX)
			return nomem(c, ev->off);
		return 0;
	}
	p->tord = d & D_ORD ? 1 : 0;
	if (!(d & D_ORD))
		return 0;
	unsigned tk = D_TG(d), sk = D_SEQ(d);
	uint64_t tg = tk == T_SELF ? ev->g : tk == T_ARG0 ? ev->args[0] : GARBAGE;
	ev->ti = tg == ev->g ? ev->gi : g_index(c, tg);
	if (ev->ti == UINT32_MAX)
		return nomem(c, ev->off);
	uint64_t sv = sk == S_ARG ? ev->args[D_ARG(d)] : sk;
	p->iseq = sk <= S_ARG ? sv : NOSEQ;
	p->nseq = sk <= S_ARG ? sv + 1 : sk == S_ANY ? NOSEQ : SEQINC;
	p->ist = (uint8_t)D_IST(d);
	p->nst = (uint8_t)D_NST(d);
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


/* Go's binary.Uvarint over a record known to lie 32+ bytes before the
 * end, for values of up to 8 bytes (one or two bytes: most; the others
 * in a few word operations); NULL for longer ones (the slow path reads
 * them). */
HOT const uint8_t *uvar(const uint8_t *q, uint64_t *out)
{
	if (q[0] < 0x80) {
		*out = q[0];
		return q + 1;
	}
	if (q[1] < 0x80) {
		*out = (q[0] & 0x7fu) | (uint64_t)q[1] << 7;
		return q + 2;
	}
	uint64_t w = v1_ld64(q), stop = ~w & 0x8080808080808080ULL;
	if (!stop)
		return NULL;
	/* the bytes up to the first without a continuation bit, 7 bits each */
	uint64_t x = w & (stop ^ (stop - 1)) & 0x7f7f7f7f7f7f7f7fULL;
	x = (x & 0x007f007f007f007fULL) | (x >> 1 & 0x3f803f803f803f80ULL);
	x = (x & 0x00003fff00003fffULL) | (x >> 2 & 0x0fffc0000fffc000ULL);
	x = (x & 0x000000000fffffffULL) | (x >> 4 & 0x00fffffff0000000ULL);
	*out = x;
	return q + ((unsigned)(__builtin_ctzll(stop) + 1) >> 3);
}

/* The common record of a 1.7+ trace: an event with inline arguments,
 * decoded straight into ev (pass 1 checked its argument count).  0 leaves
 * it to the general path (batch ends, other records, the file's last 64
 * bytes, errors). */
HOT uint32_t fast_event(struct v1_ctx *c, struct v1_proc *p, struct v1_ev *ev)
{
	uint64_t off = p->pos;
	if (c->end - off < 64)
		return 0;
	const uint8_t *q = c->buf + off;
	unsigned n = (q[0] >> 6) + 1u;
	uint32_t h = c->hot[q[0] & 0x3f];
	uint64_t a0, a1 = 0, a2 = 0, a3 = 0, a4 = 0, stk = 0;
	if (!(h & D_EV))
		return 0;
	if (n < 4) {
		if (!(q = uvar(q + 1, &a0)))
			return 0;
		if (n > 1 && !(q = uvar(q, &a1)))
			return 0;
		if (n > 2 && !(q = uvar(q, &a2)))
			return 0;
		if (h & D_STK) {
			/* the stack is the last argument (selects: n varies) */
			if (n == 1)
				return 0;
			stk = n == 2 ? a1 : a2;
			a1 = n == 2 ? 0 : a1;
			a2 = 0;
		}
	} else {
		/* length-prefixed arguments (GoUnblock, GoCreate…): short ones */
		uint64_t ln, a[5] = {0, 0, 0, 0, 0};
		if (!(h & D_LP) || !(q = uvar(q + 1, &ln)) || ln > 40)
			return 0;
		const uint8_t *e = q + ln;
		for (n = 0; q < e; n++)
			if (n == 5 || !(q = uvar(q, &a[n])))
				return 0;
		if (q != e || n == 0)
			return 0;
		a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3], a4 = a[4];
		if (h & D_STK) {
			switch (n) {
			case 2: stk = a1, a1 = 0; break;
			case 3: stk = a2, a2 = 0; break;
			case 4: stk = a3, a3 = 0; break;
			case 5: stk = a4, a4 = 0; break;
			default: return 0;
			}
		}
	}
	p->pos = (uint64_t)(q - c->buf);
	p->last_ts = (int64_t)((uint64_t)p->last_ts + a0);
	ev->ts = p->last_ts;
	ev->seq = 0;
	ev->off = off;
	ev->stk = (uint32_t)stk;
	ev->p = p->pid;
	ev->args[0] = a1;
	ev->args[1] = a2;
	ev->args[2] = a3;
	ev->args[3] = a4;
	/* the goroutine (selects, not branches: types are unpredictable) */
	uint64_t lg = p->last_g, kept = h & D_GCLR ? 0 : lg;
	ev->g = h & (D_GSET | D_GARG) ? a1 : lg;
	p->last_g = h & D_GSET ? a1 : kept;
	return h; /* the type is set by prepare, from h */
}

/* cursor_raw's general path: batch starts and ends, records other than
 * inline events, CPU samples. */
static __attribute__((noinline)) int cursor_slow(struct v1_ctx *c, struct v1_proc *p,
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
			if ((*dp = fast_event(c, p, ev)))
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

/* Reads the next event of p into *ev, goroutines not resolved, its type
 * left to prepare (*dp: c->hot of its wire type): 1, 0 no more, -1 error. */
HOT int cursor_raw(struct v1_ctx *c, struct v1_proc *p, struct v1_ev *ev, uint32_t *dp)
{
	if (p->pos && (*dp = fast_event(c, p, ev)))
		return 1;
	return cursor_slow(c, p, ev, dp);
}

/* Loads the next event of procs[pi] into *ev: 1, 0 no more, -1 error.
 * merge: the first run (ordering requirements wanted). */
HOT int cursor_next(struct v1_ctx *c, uint32_t pi, struct v1_ev *ev, int merge)
{
	struct v1_proc *p = &c->procs[pi];
	uint32_t d;
	int rc = cursor_raw(c, p, ev, &d);
	if (rc != 1)
		return rc;
	return prepare(c, p, pi, ev, d, merge) ? -1 : 1;
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
static int log_init(struct v1_ctx *c)
{
	free(c->olog);
	c->olog_bits = c->nproc <= 16 ? 4 : c->nproc <= 256 ? 8 : 16;
	c->olog_n = 0;
	c->olog_cap = c->nevents + c->nsample + 1;
	c->olog = calloc(c->olog_cap * (unsigned)c->olog_bits / 8 + 2, 1);
	return c->olog ? 0 : -1;
}

static __attribute__((noinline)) int log_slow(struct v1_ctx *c, uint32_t pi, uint64_t off)
{
	uint64_t i = c->olog_n;
	if (i >= c->olog_cap) {
		/* cannot happen (the merge yields events pass 1 counted): grow */
		uint64_t cap = c->olog_cap * 2, have = c->olog_cap * (unsigned)c->olog_bits / 8 + 2;
		uint64_t want = cap * (unsigned)c->olog_bits / 8 + 2;
		uint8_t *n = realloc(c->olog, want);
		if (!n)
			return nomem(c, off);
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

/* Records that the merge's next event came from procs[pi]. */
HOT int log_put(struct v1_ctx *c, uint32_t pi, uint64_t off)
{
	uint64_t i = c->olog_n;
	if (c->olog_bits != 4 || i >= c->olog_cap)
		return log_slow(c, pi, off);
	c->olog_n = i + 1;
	c->olog[i / 2] |= (uint8_t)(pi << (i % 2 * 4));
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

/* The second run: the same order, from the log. */
static __attribute__((noinline)) int replay_next(struct v1_ctx *c, struct v1_ev *ev)
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
	return 1;
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
HOT int merge_next(struct v1_ctx *c, const struct v1_ev **evp)
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
		} else if (!p->tord || ready_ti(c, p, ev->ti)) {
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
	if (p->tord) {
		const struct v1_gord *g = &c->gord[p->head.ti];
		if (!((p->iseq == NOSEQ || p->iseq == g->seq) && p->ist == g->status))
			return v1_fail(c, p->head.off, "encountered impossible goroutine state transition");
	}
merged_ready: /* p's head, known to be ready, is merged */
	*evp = &p->head;
	c->m_dirty = 0;
	if (p->tord) {
		struct v1_gord *g = &c->gord[p->head.ti];
		g->seq = p->nseq == NOSEQ ? g->seq : p->nseq == SEQINC ? g->seq + 1 : p->nseq;
		g->status = p->nst;
		/* a waiting P's readiness depends on its goroutine's state alone */
		c->m_dirty = g->nwait != 0;
	}
	return log_put(c, pi, p->head.off) ? -1 : 1;
}

int v1_order_first(struct v1_ctx *c, const struct v1_ev **evp)
{
	if (c->ver < 7) {
		if (c->flat_i >= c->nflat)
			return 0;
		*evp = &c->flat[c->flat_i++];
		return 1;
	}
	return merge_next(c, evp);
}

int v1_order_next(struct v1_ctx *c, struct v1_ev *ev)
{
	if (c->ver < 7) {
		if (c->flat_i >= c->nflat)
			return 0;
		*ev = c->flat[c->flat_i++];
		return 1;
	}
	return replay_next(c, ev);
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
