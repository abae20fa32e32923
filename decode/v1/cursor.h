/* cursor.h: the per-P cursors' hot paths (v1_order.c), inline here so
 * that the first run's merge (v1_order.c) and the second run's loop
 * (v1_deliver_all, v1_convert.c) each decode events without a call:
 * fast_event reads the common records straight into struct v1_ev,
 * prepare resolves goroutines (and, merging, the ordering rule), and
 * v1_replay_next takes the next event of the order log.  Anything
 * unusual goes to v1_cursor_slow. */
#ifndef GT_DECODE_V1_CURSOR_H
#define GT_DECODE_V1_CURSOR_H

#include "decode/v1/int.h"

#define HOT static inline __attribute__((always_inline))

#define NOSEQ UINT64_MAX
#define SEQINC (UINT64_MAX - 1)
#define GARBAGE (UINT64_MAX - 1)

/* v1_order.c: reports out of memory at off (-1). */
int v1_nomem(struct v1_ctx *c, uint64_t off);
/* v1_order.c: cursor_raw's general path (batch starts and ends, records
 * other than inline events, CPU samples). */
int v1_cursor_slow(struct v1_ctx *c, struct v1_proc *p, struct v1_ev *ev, uint32_t *dp);

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
	D_FULL = 1u << 24, /* the first run needs the whole event (GoSysExit*,
	                    * which it may keep as moved; 1.5: all, flat) */
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

/* The goroutine index of ev's goroutine (p caches the last). */
HOT int resolve_g(struct v1_ctx *c, struct v1_proc *p, struct v1_ev *ev)
{
	if (p->cache_gi == UINT32_MAX || p->cache_g != ev->g) {
		uint32_t gi = g_index(c, ev->g);
		if (gi == UINT32_MAX)
			return v1_nomem(c, ev->off);
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
	ev->type = (uint8_t)D_FOLD(d);
	if (!merge || (d & D_FULL)) {
		ev->pi = pi;
		ev->ti = UINT32_MAX;
	}
	if (!merge) {
		if ((d & D_TI) && (ev->ti = g_index(c, ev->args[0])) == UINT32_MAX)
			return v1_nomem(c, ev->off);
		return 0;
	}
	p->pd = d;
	if (!(d & D_ORD))
		return 0;
	unsigned tk = D_TG(d), sk = D_SEQ(d);
	uint64_t tg = tk == T_SELF ? ev->g : tk == T_ARG0 ? ev->args[0] : GARBAGE;
	ev->ti = tg == ev->g ? ev->gi : g_index(c, tg);
	if (ev->ti == UINT32_MAX)
		return v1_nomem(c, ev->off);
	uint64_t sv = sk == S_ARG ? ev->args[D_ARG(d)] : sk;
	p->iseq = sk <= S_ARG ? sv : NOSEQ;
	return 0;
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
 * decoded straight into ev (pass 1 checked its argument count), for
 * p->pos within c->fast_lim.  0 leaves it to the general path (batch
 * ends, other records, errors).  lean (the merge): only the fields the first run reads
 * (ts, off, g, args[0..1]; prepare adds type, gi, ti), but all of them
 * for the D_FULL types (a GoSysExit may be kept whole, as moved). */
HOT uint32_t fast_event(struct v1_ctx *c, struct v1_proc *p, struct v1_ev *ev, int lean)
{
	uint64_t off = p->pos; /* the caller checked it against c->fast_lim */
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
	ev->off = off;
	ev->args[0] = a1;
	ev->args[1] = a2;
	if (!lean || (h & D_FULL)) {
		ev->seq = 0;
		ev->stk = (uint32_t)stk;
		ev->p = p->pid;
		ev->args[2] = a3;
		ev->args[3] = a4;
	}
	/* the goroutine (selects, not branches: types are unpredictable) */
	uint64_t lg = p->last_g, kept = h & D_GCLR ? 0 : lg;
	ev->g = h & (D_GSET | D_GARG) ? a1 : lg;
	p->last_g = h & D_GSET ? a1 : kept;
	return h; /* the type is set by prepare, from h */
}

/* Reads the next event of p into *ev, goroutines not resolved, its type
 * left to prepare (*dp: c->hot of its wire type): 1, 0 no more, -1 error. */
HOT int cursor_raw(struct v1_ctx *c, struct v1_proc *p, struct v1_ev *ev, uint32_t *dp,
                   int lean)
{
	if (p->pos - 1 < c->fast_lim && (*dp = fast_event(c, p, ev, lean)))
		return 1;
	return v1_cursor_slow(c, p, ev, dp);
}

/* Loads the next event of procs[pi] into *ev: 1, 0 no more, -1 error.
 * merge: the first run (ordering requirements wanted). */
HOT int cursor_next(struct v1_ctx *c, uint32_t pi, struct v1_ev *ev, int merge)
{
	struct v1_proc *p = &c->procs[pi];
	uint32_t d;
	int rc = cursor_raw(c, p, ev, &d, merge);
	if (rc != 1)
		return rc;
	return prepare(c, p, pi, ev, d, merge) ? -1 : 1;
}

/* The second run (1.7+): event i of the order, from the log, read in
 * order from 0 (*w: the caller's copy of the log word being read, 16
 * events with 4 bits each). */
HOT int v1_replay_next(struct v1_ctx *c, uint64_t i, uint64_t *w, struct v1_ev *ev)
{
	if (i >= c->olog_n)
		return 0;
	uint32_t pi;
	if (c->olog_bits == 4) {
		if (i % 16 == 0)
			*w = v1_ld64(c->olog + i / 2);
		pi = (uint32_t)(*w >> (i % 16 * 4)) & 15;
	} else
		pi = c->olog_bits == 8 ? c->olog[i] : (uint32_t)c->olog[2 * i] | (uint32_t)c->olog[2 * i + 1] << 8;
	if (pi >= c->nproc)
		return v1_fail(c, 0, "merge order log damaged");
	int rc = cursor_next(c, pi, ev, 0);
	if (rc <= 0)
		return rc < 0 ? -1 : v1_fail(c, 0, "ordering changed between passes");
	return 1;
}

#endif
