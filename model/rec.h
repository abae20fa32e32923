/* rec.h: what the loader hands from the decoder's thread to the model's:
 * narrow records, not events.
 *
 * Why: at 25M events a load, every byte and branch per event counts on
 * both threads.  The common kinds (goroutine and P transitions, metrics)
 * travel as 32-byte records holding only what the model reads of them;
 * the execution context travels inside the records that read it (the P
 * of a goroutine transition, the M of a P transition) and, as GT_R_CTX,
 * only when a (P, M) pair is new to the encoder's small cache of pairs
 * sent (the model counts Ps and Ms when first seen as a context: every
 * new id comes in a new pair, so at the same record as before), and the
 * creator of a goroutine where it is read (GT_R_CREATE); what the model needs of a
 * transition stack (its root function: struct gt_hint) travels once per
 * stack (GT_R_STACK), as the tables it comes from grow on the decoder's
 * thread.  Other kinds travel whole (GT_R_FULL: an index into the block's
 * side array of events with their hints). */
#ifndef GT_MODEL_REC_H
#define GT_MODEL_REC_H

#include <stdint.h>
#include <stdlib.h>

#include "decode/event.h"
#include "decode/tables.h"

/* What the model needs from the tables for one event, worked out on the
 * decoder's thread (the tables grow there while loading). */
struct gt_hint {
	gt_str root_func;  /* transition stack's outermost function */
	uint8_t gc_worker; /* root_func is runtime.gcBgMarkWorker */
	uint8_t gc_label;  /* a Label "GC (dedicated|fractional)" */
};
void gt_model_hint(const struct gt_tables *t, const struct gt_event *ev, struct gt_hint *h);

/* An event with its hint (GT_R_FULL). */
struct gt_qev {
	struct gt_event ev;
	struct gt_hint h;
};

enum gt_rkind {
	GT_R_GTRANS, /* goroutine transition: ts, id = goroutine, u = reason,
	                v = transition stack, w = the event's P (int32), from, to */
	GT_R_PTRANS, /* P transition: ts, id = P, u | v << 32 = the event's M, to */
	GT_R_METRIC, /* ts, id = value, from = metric kind */
	GT_R_CTX,    /* a context (P and M) seen: id = m, u | v << 32 = p */
	GT_R_CREATE, /* right after a GT_R_GTRANS from NotExist (its payload):
	                id = the event's goroutine (the creator), u = the
	                event's stack */
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
#define GT_RCTX_HASH(p, m) (((uint64_t)(m) * 0x9E3779B97F4A7C15u + (uint64_t)(p)) >> (64 - GT_RCTX_BITS))

/* Encoder state (decoder side): gt_renc_init. */
struct gt_renc {
	int keep;           /* remember stacks sent (0: send every time) */
	/* the pair of the last event that went through gt_renc_ctx (lvalid),
	 * in its place in ctx[] since: the common case of the next event's */
	int lvalid;
	int64_t lp, lm;
	struct gt_rctx ctx[1 << GT_RCTX_BITS]; /* by GT_RCTX_HASH of the pair */
	uint8_t *sent;      /* by stack id: its GT_R_STACK was sent */
	size_t nsent;
};
#define GT_REC_MAX 4    /* records one event may take */

/* The slow paths (load.c): GT_R_STACK for transition stack st into *r
 * (returns 1; 0 for stack 0, which needs none); GT_R_FULL for ev into *r
 * and full[*nfull]. */
uint32_t gt_renc_stack(struct gt_renc *e, const struct gt_tables *t, gt_stack st, struct gt_rec *r);
void gt_renc_full(const struct gt_tables *t, const struct gt_event *ev, struct gt_rec *r,
                  struct gt_qev *full, uint32_t *nfull);
void gt_renc_free(struct gt_renc *e);

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
}

/* The decoder has just written *ev field by field: a wide (vector) load
 * spanning several of those stores cannot be forwarded from them and
 * stalls, so the encoder loads each field alone, as an opaque scalar. */
#define GT_REC_SCALAR(x) __asm__("" : "+r"(x))

/* Whether a goroutine transition's P fits its record (else it travels whole). */
static inline int gt_renc_pfits(const struct gt_event *ev)
{
	return ev->p == (int32_t)ev->p;
}

#define GT_REC_INLINE static inline __attribute__((always_inline))

/* How an event is encoded: the common kinds (a metric, a goroutine
 * transition whose stack was sent and whose P fits, a P transition) by
 * gt_renc_common_put without a call; anything else (GT_RENC_RARE) may
 * need a stack record or travel whole.  The loader's sink branches on
 * it, so the tests come in the order of the kinds' frequency. */
enum gt_renc_way { GT_RENC_RARE, GT_RENC_METRIC, GT_RENC_GTRANS, GT_RENC_PTRANS };

GT_REC_INLINE enum gt_renc_way gt_renc_way(const struct gt_renc *e, const struct gt_event *ev)
{
	if (ev->kind != GT_EV_STATE_TRANSITION)
		return ev->kind == GT_EV_METRIC ? GT_RENC_METRIC : GT_RENC_RARE;
	unsigned res = ev->u.trans.resource;
	if (res == GT_RES_GOROUTINE) {
		gt_stack st = ev->u.trans.stack;
		if (__builtin_expect(st >= e->nsent || !e->sent[st] || !gt_renc_pfits(ev), 0))
			return GT_RENC_RARE; /* a new stack */
		return GT_RENC_GTRANS;
	}
	return res == GT_RES_PROC ? GT_RENC_PTRANS : GT_RENC_RARE;
}

/* The context record, kept (r advanced) only when its pair is not in
 * the cache of pairs sent.  The pair of the event before, when the same
 * (most events: an M's events come in runs), is in the cache (nothing
 * was written there since) and needs nothing: that test goes first, as
 * the hashed one puts a long chain of loads before the next record's
 * place.  Past it the record is written always and kept without a branch
 * on the hit (misses come in bursts the predictor would not learn); a
 * record not kept is overwritten by the next. */
GT_REC_INLINE struct gt_rec *gt_renc_ctx(struct gt_renc *e, const struct gt_event *ev,
                                         struct gt_rec *r)
{
	int64_t p = ev->p, m = ev->m;
	GT_REC_SCALAR(p);
	GT_REC_SCALAR(m);
	if (__builtin_expect((p == e->lp) & (m == e->lm) & e->lvalid, 1))
		return r;
	e->lp = p;
	e->lm = m;
	e->lvalid = 1;
	r->id = m;
	r->u = (uint32_t)(uint64_t)p;
	r->v = (uint32_t)((uint64_t)p >> 32);
	r->kind = GT_R_CTX;
	struct gt_rctx *c = &e->ctx[GT_RCTX_HASH(p, m)];
	int hit = (c->p == p) & (c->m == m);
	c->p = p;
	c->m = m;
	return r + !hit;
}

/* A goroutine transition (its stack sent); the creation record after it
 * (its payload, not a record of its own for the model's dispatch) kept
 * only for a transition from NotExist, as above. */
GT_REC_INLINE struct gt_rec *gt_renc_gtrans(const struct gt_event *ev, struct gt_rec *r)
{
	int64_t g = ev->g, id = ev->u.trans.id, ts = ev->ts, p = ev->p;
	GT_REC_SCALAR(g);
	GT_REC_SCALAR(id);
	GT_REC_SCALAR(ts);
	GT_REC_SCALAR(p);
	r->ts = ts;
	r->id = id;
	r->u = ev->u.trans.reason;
	r->v = ev->u.trans.stack;
	r->w = (uint32_t)p;
	r->kind = GT_R_GTRANS;
	r->from = ev->u.trans.from;
	r->to = ev->u.trans.to;
	r[1].id = g;
	r[1].u = ev->stack;
	r[1].kind = GT_R_CREATE;
	return r + 1 + (ev->u.trans.from == GT_GS_NOTEXIST);
}

/* A P transition. */
GT_REC_INLINE struct gt_rec *gt_renc_ptrans(const struct gt_event *ev, struct gt_rec *r)
{
	int64_t id = ev->u.trans.id, ts = ev->ts, m = ev->m;
	GT_REC_SCALAR(id);
	GT_REC_SCALAR(ts);
	GT_REC_SCALAR(m);
	r->ts = ts;
	r->id = id;
	r->u = (uint32_t)(uint64_t)m;
	r->v = (uint32_t)((uint64_t)m >> 32);
	r->kind = GT_R_PTRANS;
	r->to = ev->u.trans.to;
	return r + 1;
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

/* gt_renc_put for an event gt_renc_way() found GT_RENC_RARE. */
static inline uint32_t gt_renc_rare_put(struct gt_renc *e, const struct gt_tables *t,
                                        const struct gt_event *ev, struct gt_rec *out,
                                        struct gt_qev *full, uint32_t *nfull)
{
	struct gt_rec *r = gt_renc_ctx(e, ev, out);
	if (ev->kind == GT_EV_STATE_TRANSITION && ev->u.trans.resource == GT_RES_GOROUTINE &&
	    gt_renc_pfits(ev)) {
		r += gt_renc_stack(e, t, ev->u.trans.stack, r);
		r = gt_renc_gtrans(ev, r);
	} else {
		gt_renc_full(t, ev, r, full, nfull);
		r++;
	}
	return (uint32_t)(r - out);
}

/* Encodes any ev into out (at most GT_REC_MAX records; returns how many;
 * it may write them all) and, for other kinds, into full[*nfull] (which
 * the caller keeps room for). */
static inline uint32_t gt_renc_put(struct gt_renc *e, const struct gt_tables *t,
                                   const struct gt_event *ev, struct gt_rec *out,
                                   struct gt_qev *full, uint32_t *nfull)
{
	if (gt_renc_way(e, ev) != GT_RENC_RARE)
		return gt_renc_common_put(e, ev, out);
	return gt_renc_rare_put(e, t, ev, out, full, nfull);
}

#endif
