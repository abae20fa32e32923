/* rec.h: narrow records, the compact form of the common events (goroutine
 * and P transitions, metrics) in which the model's loader hands events
 * from the decoder's thread to the model's, and their encoder.
 *
 * Why: at 25M events a load, every byte and branch per event counts on
 * both threads.  The common kinds travel as 32-byte records holding only
 * what the model reads of them; the execution context travels inside the
 * records that read it (the P of a goroutine transition, the M of a P
 * transition) and, as GT_R_CTX, only when a (P, M) pair is new to the
 * encoder's small cache of pairs sent (the model counts Ps and Ms when
 * first seen as a context: every new id comes in a new pair, so at the
 * same record as before), and the creator of a goroutine where it is read
 * (GT_R_CREATE); what the model needs of a transition stack travels once
 * per stack (GT_R_STACK), as the tables it comes from grow on the
 * decoder's thread.  Other kinds travel whole (GT_R_FULL).
 *
 * Where: this header is the one home of the format and of its encoder,
 * between decode/ (which writes records) and model/ (which reads them),
 * and it knows neither side's insides: only the event model (event.h)
 * and the ids of the tables (tables.h), as every stage does.  A sink may
 * offer a record buffer (struct gt_rsink, the optional recs of struct
 * gt_sink, decode.h), and a decoder with an event of a common kind ready
 * writes its records there itself (gt_rsink_takes, gt_rsink_trans),
 * instead of building a struct gt_event for the sink to encode
 * (decode/v2/order_conv.h: half the decoder thread's cost per event was
 * that hand-over); the sink encodes the events handed to it as events
 * with the same encoder (gt_renc_common_put).  What a record carries
 * beyond the event is the reader's business and is worked out on the
 * sink's side, never in decode/: the summary of a transition stack in
 * GT_R_STACK, the events that travel whole (model/rec.h: gt_hint,
 * gt_renc_stack, gt_renc_full).  decode/ and model/ are the only
 * includers: the rest of the program sees events. */
#ifndef GT_REC_REC_H
#define GT_REC_REC_H

#include <stdint.h>
#include <stdlib.h>

#include "decode/event.h"

enum gt_rkind {
	GT_R_GTRANS, /* goroutine transition: ts, id = goroutine, u = reason,
	                v = transition stack, w = the event's P (int32), from, to */
	GT_R_PTRANS, /* P transition: ts, id = P, u | v << 32 = the event's M, to */
	GT_R_METRIC, /* ts, id = value, from = metric kind */
	GT_R_CTX,    /* a context (P and M) seen: id = m, u | v << 32 = p */
	GT_R_CREATE, /* right after a GT_R_GTRANS whose flags are 1 (its
	                payload): a transition from NotExist, or one made by
	                an event of another goroutine (an unblock...): id =
	                the event's goroutine (the creator, the waker), u =
	                the event's stack */
	GT_R_STACK,  /* transition stack id: u = root func, flags = gc worker */
	GT_R_FULL    /* any other event: id = index in the side array */
};

struct gt_rec {
	int64_t ts;
	int64_t id;
	uint32_t u, v, w;
	uint8_t kind, from, to, flags;
};
_Static_assert(sizeof(struct gt_rec) == 32, "struct gt_rec: half a cache line");

/* A context sent. */
struct gt_rctx {
	int64_t p, m;
};
#define GT_RCTX_BITS 6
#define GT_RCTX_PM 64
#define GT_RCTX_HASH(p, m) (((uint64_t)(m) * 0x9E3779B97F4A7C15u + (uint64_t)(p)) >> (64 - GT_RCTX_BITS))

/* Encoder state (decoder side): gt_renc_init. */
struct gt_renc {
	int keep;           /* remember stacks sent (0: send every time) */
	/* the pair of the last event that went through gt_renc_ctx (lvalid),
	 * in its place in ctx[] since: the common case of the next event's */
	int lvalid;
	int64_t lp, lm;
	struct gt_rctx ctx[1 << GT_RCTX_BITS]; /* by GT_RCTX_HASH of the pair */
	/* by P id (small ones): the M of the last pair sent or met with it;
	 * a P met with another M goes again, cached or not, so that the
	 * model sees a P change threads without a P transition (an old
	 * trace's goroutine back from a syscall: decode/v1/convert.c) */
	int64_t pm[GT_RCTX_PM];
	uint8_t *sent;      /* by stack id: its GT_R_STACK was sent */
	size_t nsent;
};
#define GT_REC_MAX 4    /* records one event may take */

/* A metric event's fields, for a sink's record path. */
struct gt_rmetric {
	int64_t ts, p, m;
	uint64_t value;
	uint64_t off; /* the event's byte offset (as full()'s off) */
	uint8_t kind; /* enum gt_metric_kind */
};

/* A sink's record buffer.  Whoever encodes (the decoder for the events it
 * hands over as records, the sink for the others) writes at wr and moves
 * it on; past lim, full() must be called before the next event (it hands
 * the records over and sets wr and lim anew; off: the byte offset of the
 * last event written, for a progress report, or UINT64_MAX when the
 * decoder reports its progress itself; nonzero: stop decoding). */
struct gt_rsink {
	struct gt_renc enc;
	struct gt_rec *wr, *lim;
	int (*full)(void *ctx, uint64_t off);
	/* a metric event (what the sink does with one is its own: the
	 * loader adds it to its series on the decoder's thread); nonzero
	 * stops decoding */
	int (*metric)(void *ctx, const struct gt_rmetric *mt);
	void *ctx;
};

/* keep 0: every record travels every time (a fresh encoder per event). */
static inline void gt_renc_init(struct gt_renc *e, int keep)
{
	e->keep = keep;
	e->lvalid = 0;
	e->lp = e->lm = 0;
	e->sent = NULL;
	e->nsent = 0;
	/* no pair sent: each entry holds a pair that hashes elsewhere */
	for (uint32_t i = 0; i < 1u << GT_RCTX_BITS; i++) {
		e->ctx[i].p = (int64_t)((uint64_t)(i ^ 1) << (64 - GT_RCTX_BITS));
		e->ctx[i].m = 0;
	}
	for (uint32_t i = 0; i < GT_RCTX_PM; i++)
		e->pm[i] = INT64_MIN;
}

/* The decoder has just written *ev field by field: a wide (vector) load
 * spanning several of those stores cannot be forwarded from them and
 * stalls, so the encoder loads each field alone, as an opaque scalar. */
#define GT_REC_SCALAR(x) __asm__("" : "+r"(x))

/* Whether a goroutine transition's P fits its record (else it travels whole). */
static inline int gt_renc_pfits(int64_t p)
{
	return p == (int32_t)p;
}

#define GT_REC_INLINE static inline __attribute__((always_inline))

/* A goroutine's first status, in a syscall (one in a syscall when
 * tracing began): the only transition whose thread the model reads from
 * the context (the records carry the P), so its context goes again,
 * whatever the caches say (gt_renc_forget): the model sees the thread it
 * is on (doc/threads.md). */
GT_REC_INLINE int gt_renc_sys_status(unsigned from, unsigned to)
{
	return __builtin_expect(from == GT_GS_UNDETERMINED, 0) && to == GT_GS_SYSCALL;
}

/* Pair (p, m) as never sent. */
GT_REC_INLINE void gt_renc_forget(struct gt_renc *e, int64_t p, int64_t m)
{
	uint32_t h = (uint32_t)GT_RCTX_HASH(p, m);
	e->lvalid = 0;
	e->ctx[h].p = (int64_t)((uint64_t)(h ^ 1) << (64 - GT_RCTX_BITS));
	e->ctx[h].m = 0;
}

/* How an event is encoded: the common kinds (a metric, a goroutine
 * transition whose stack was sent and whose P fits, a P transition) by
 * gt_renc_common_put without a call; anything else (GT_RENC_RARE) may
 * need a stack record or travel whole.  The loader's sink branches on
 * it, so the tests come in the order of the kinds' frequency. */
enum gt_renc_way { GT_RENC_RARE, GT_RENC_METRIC, GT_RENC_GTRANS, GT_RENC_PTRANS };

/* Whether the record of transition stack st was sent. */
GT_REC_INLINE int gt_renc_sent(const struct gt_renc *e, gt_stack st)
{
	return st < e->nsent && e->sent[st];
}

/* Whether a goroutine transition with transition stack tstack on P p
 * goes as a common record: its stack's record was sent and its P fits
 * (else GT_RENC_RARE: the stack's record first, or the event whole). */
GT_REC_INLINE int gt_renc_gcommon(const struct gt_renc *e, gt_stack tstack, int64_t p)
{
	return gt_renc_sent(e, tstack) && gt_renc_pfits(p);
}

GT_REC_INLINE enum gt_renc_way gt_renc_way(const struct gt_renc *e, const struct gt_event *ev)
{
	if (ev->kind != GT_EV_STATE_TRANSITION)
		return ev->kind == GT_EV_METRIC ? GT_RENC_METRIC : GT_RENC_RARE;
	unsigned res = ev->u.trans.resource;
	if (res == GT_RES_GOROUTINE)
		return __builtin_expect(gt_renc_gcommon(e, ev->u.trans.stack, ev->p), 1)
		       ? GT_RENC_GTRANS : GT_RENC_RARE;
	return res == GT_RES_PROC ? GT_RENC_PTRANS : GT_RENC_RARE;
}

/* Whether (p, m) is the pair of the last event encoded (most events: an
 * M's events come in runs): three fused compare-and-branches (lvalid is
 * 0 only before the first event). */
GT_REC_INLINE int gt_renc_same_pair(const struct gt_renc *e, int64_t p, int64_t m)
{
	return __builtin_expect(p == e->lp, 1) && __builtin_expect(m == e->lm, 1) &&
	       __builtin_expect(e->lvalid, 1);
}

/* gt_renc_ctx_pm past its first test: the pair (p, m) is not the last
 * event's.  That happens at a third of v2's events (whenever the next
 * event comes from another M), and the pair is nearly always in the
 * cache then (99% on esbuild): the hit returns before any store to r. */
GT_REC_INLINE struct gt_rec *gt_renc_ctx_new(struct gt_renc *e, int64_t p, int64_t m,
                                             struct gt_rec *r)
{
	e->lp = p;
	e->lm = m;
	e->lvalid = 1;
	struct gt_rctx *c = &e->ctx[GT_RCTX_HASH(p, m)];
	int64_t *pm = (uint64_t)p < GT_RCTX_PM ? &e->pm[p] : NULL;
	if (__builtin_expect(c->p == p, 1) && __builtin_expect(c->m == m, 1) &&
	    (!pm || __builtin_expect(*pm == m, 1)))
		return r;
	if (pm)
		*pm = m;
	c->p = p;
	c->m = m;
	r->id = m;
	r->u = (uint32_t)(uint64_t)p;
	r->v = (uint32_t)((uint64_t)p >> 32);
	r->kind = GT_R_CTX;
	return r + 1;
}

/* The context record, written (r advanced) only when its pair is not
 * in the cache of pairs sent.  The pair of the event before, when the
 * same (most events: an M's events come in runs), is in the cache
 * (nothing was written there since) and needs nothing: that test goes
 * first, as the hashed one puts a long chain of loads before the next
 * record's place. */
GT_REC_INLINE struct gt_rec *gt_renc_ctx_pm(struct gt_renc *e, int64_t p, int64_t m,
                                            struct gt_rec *r)
{
	if (gt_renc_same_pair(e, p, m))
		return r;
	return gt_renc_ctx_new(e, p, m, r);
}

GT_REC_INLINE struct gt_rec *gt_renc_ctx(struct gt_renc *e, const struct gt_event *ev,
                                         struct gt_rec *r)
{
	int64_t p = ev->p, m = ev->m;
	GT_REC_SCALAR(p);
	GT_REC_SCALAR(m);
	if (ev->kind == GT_EV_STATE_TRANSITION && ev->u.trans.resource == GT_RES_GOROUTINE &&
	    gt_renc_sys_status(ev->u.trans.from, ev->u.trans.to))
		gt_renc_forget(e, p, m);
	return gt_renc_ctx_pm(e, p, m, r);
}

/* A transition's fields, as the records take them: the event's time,
 * goroutine (the creator, for a creation), P, M and stack; the
 * transition's resource id, reason, stack and states. */
struct gt_rtrans {
	int64_t ts, g, p, m, id;
	gt_str reason;
	gt_stack tstack, stack;
	uint8_t from, to;
};

/* Whether a goroutine transition carries its GT_R_CREATE payload: from
 * NotExist (the creation facts), or caused by an event of another
 * goroutine (g: the event's goroutine, id: the transition's). */
GT_REC_INLINE int gt_renc_caused(int64_t g, int64_t id, uint8_t from)
{
	return (from == GT_GS_NOTEXIST) | ((g != id) & (g != GT_NONE));
}

/* A goroutine transition (its stack sent); the creation record after it
 * (its payload, not a record of its own for the model's dispatch) kept
 * only when gt_renc_caused, as above (flags says so). */
GT_REC_INLINE struct gt_rec *gt_renc_gtrans_t(const struct gt_rtrans *t, struct gt_rec *r)
{
	int cause = gt_renc_caused(t->g, t->id, t->from);
	r->ts = t->ts;
	r->id = t->id;
	r->u = t->reason;
	r->v = t->tstack;
	r->w = (uint32_t)t->p;
	r->kind = GT_R_GTRANS;
	r->from = t->from;
	r->to = t->to;
	r->flags = (uint8_t)cause;
	r[1].id = t->g;
	r[1].u = t->stack;
	r[1].kind = GT_R_CREATE;
	return r + 1 + cause;
}

GT_REC_INLINE struct gt_rec *gt_renc_gtrans(const struct gt_event *ev, struct gt_rec *r)
{
	struct gt_rtrans t = {.ts = ev->ts, .g = ev->g, .p = ev->p, .id = ev->u.trans.id,
	                      .reason = ev->u.trans.reason, .tstack = ev->u.trans.stack,
	                      .stack = ev->stack, .from = ev->u.trans.from, .to = ev->u.trans.to};
	GT_REC_SCALAR(t.g);
	GT_REC_SCALAR(t.id);
	GT_REC_SCALAR(t.ts);
	GT_REC_SCALAR(t.p);
	return gt_renc_gtrans_t(&t, r);
}

/* A P transition. */
GT_REC_INLINE struct gt_rec *gt_renc_ptrans_t(const struct gt_rtrans *t, struct gt_rec *r)
{
	r->ts = t->ts;
	r->id = t->id;
	r->u = (uint32_t)(uint64_t)t->m;
	r->v = (uint32_t)((uint64_t)t->m >> 32);
	r->kind = GT_R_PTRANS;
	r->to = t->to;
	return r + 1;
}

GT_REC_INLINE struct gt_rec *gt_renc_ptrans(const struct gt_event *ev, struct gt_rec *r)
{
	struct gt_rtrans t = {.ts = ev->ts, .m = ev->m, .id = ev->u.trans.id, .to = ev->u.trans.to};
	GT_REC_SCALAR(t.id);
	GT_REC_SCALAR(t.ts);
	GT_REC_SCALAR(t.m);
	return gt_renc_ptrans_t(&t, r);
}

/* Whether a transition (of a goroutine when gor, else of a P) with
 * transition stack tstack on P p may take a decoder's record path: the
 * kinds gt_renc_way finds common (else the sink encodes it). */
GT_REC_INLINE int gt_rsink_takes(const struct gt_rsink *s, int gor, gt_stack tstack, int64_t p)
{
	return !gor || gt_renc_gcommon(&s->enc, tstack, p);
}

/* A decoder's record path: the records of transition t (of a goroutine
 * when gor, else of a P) at s->wr; the caller checked gt_rsink_takes and
 * calls full() when wr passed lim before the next event. */
GT_REC_INLINE void gt_rsink_write(struct gt_rsink *s, const struct gt_rtrans *t, int gor)
{
	if (gor && gt_renc_sys_status(t->from, t->to))
		gt_renc_forget(&s->enc, t->p, t->m);
	struct gt_rec *r = gt_renc_ctx_pm(&s->enc, t->p, t->m, s->wr);
	s->wr = gor ? gt_renc_gtrans_t(t, r) : gt_renc_ptrans_t(t, r);
}

/* gt_rsink_write, then full() when needed (off: the event's offset): 0,
 * or full()'s nonzero. */
GT_REC_INLINE int gt_rsink_trans(struct gt_rsink *s, const struct gt_rtrans *t, int gor,
                                 uint64_t off)
{
	gt_rsink_write(s, t, gor);
	if (__builtin_expect(s->wr > s->lim, 0))
		return s->full(s->ctx, off);
	return 0;
}

/* Encodes ev, of a common kind (gt_renc_way), into out: returns how
 * many records (at most GT_REC_MAX; it may write them all). */
GT_REC_INLINE uint32_t gt_renc_common_put(struct gt_renc *e, const struct gt_event *ev,
                                          struct gt_rec *out)
{
	struct gt_rec *r = gt_renc_ctx(e, ev, out);
	if (ev->kind == GT_EV_METRIC) {
		uint64_t v = ev->u.metric.value;
		int64_t ts = ev->ts;
		GT_REC_SCALAR(v);
		GT_REC_SCALAR(ts);
		r->ts = ts;
		r->id = (int64_t)v;
		r->kind = GT_R_METRIC;
		r->from = ev->u.metric.mkind;
		r++;
	} else if (ev->u.trans.resource == GT_RES_GOROUTINE) {
		r = gt_renc_gtrans(ev, r);
	} else {
		r = gt_renc_ptrans(ev, r);
	}
	return (uint32_t)(r - out);
}

#endif
