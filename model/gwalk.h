/* gwalk.h: the loops that read goroutine logs (glog.h) interval by
 * interval and transition by transition, inline, so that the passes over
 * every goroutine of a trace (window statistics, groups by start
 * function, blocking profiles: 34 M intervals on the biggest traces) get
 * their visitor inlined into the decoding loop; gt_model_g_spans and
 * gt_model_g_transitions are these with a call per item. */
#ifndef GT_MODEL_GWALK_H
#define GT_MODEL_GWALK_H

#include "model/model_int.h"

/* gt_model_g_spans. */
static inline __attribute__((always_inline)) void
gt_g_spans_inline(const struct gt_model *m, uint32_t gi, int64_t t0, int64_t t1, gt_gspan_fn fn,
                  void *ctx)
{
	if (gi >= m->gids.n || !GT_VEC_AT(m->gheads, uint32_t, gi))
		return;
	struct gt_gcur c;
	gt_g_seek(m, gi, t0, &c, NULL);
	const struct gt_gkey *keys = m->keys.v;
	struct gt_grec r;
	while (gt_gcur_next(&c, &r)) {
		if (r.start >= t1)
			break;
		if (r.end <= t0 && r.start < t0)
			continue;
		const struct gt_gkey *k = &keys[r.key];
		if (k->state == GT_GS_NOTEXIST)
			continue; /* the end marker */
		struct gt_gspan s = {r.start, r.end, k->state, k->reason, k->stack, k->p};
		if (fn(ctx, &s))
			break;
	}
}

/* The transition of the same-state note n (at seq), to fn. */
static inline int gt_g_same_note(const struct gt_model *m, const struct gt_gnote *n,
                                 uint32_t seq, gt_gtrans_fn fn, void *ctx)
{
	const struct gt_gkey *k = gt_gkey_at(m, n->key);
	struct gt_gtrans t = {.ts = n->ts, .seq = seq, .from = k->state, .to = k->state,
	                      .reason = k->reason, .stack = k->stack,
	                      .by_g = n->f & GT_GN_BY ? n->by_g : GT_NONE,
	                      .by_stack = n->f & GT_GN_BY ? n->by_stack : 0};
	return fn(ctx, &t);
}

/* gt_model_g_transitions.  The goroutine's Go id (a walk through the
 * packed ids) is read only when a cause counts from it. */
static inline __attribute__((always_inline)) uint32_t
gt_g_transitions_inline(const struct gt_model *m, uint32_t gi, gt_gtrans_fn fn, void *ctx)
{
	if (gi >= m->gids.n)
		return 0;
	uint32_t head = GT_VEC_AT(m->gheads, uint32_t, gi);
	if (!head)
		return 0;
	struct gt_gcur c, same0;
	uint8_t flags = 0;
	int64_t creator = GT_NONE;
	gt_stack cstack = 0;
	gt_gcur_open(&c, &m->garena, gt_gbase(m, gi), head, 0, 1, &flags, &creator, &cstack);
	int64_t id = 0;
	int have_id = 0;
	struct gt_gtrans t = {.from = GT_GS_UNDETERMINED, .by_g = GT_NONE};
	if (flags & GT_GH_CREATED) {
		t.from = GT_GS_NOTEXIST;
		t.by_g = creator;
		t.by_stack = creator != GT_NONE ? cstack : 0;
	}
	uint32_t seq = 0;
	int64_t last_by = GT_NONE, same_by = GT_NONE; /* the last cause read */
	gt_stack last_bs = 0, same_bs = 0;
	int last_known = 0, same_known = 0;
	int have_same = 0; /* same-state notes wait for their interval's record */
	struct gt_grec r;
	struct gt_gnote n = {0};
	for (;;) {
		while (c.p >= c.end && c.next)
			gt_gcur_load(&c, c.next);
		if (!have_same && c.p < c.end && c.p[0] == GT_GK_EXC)
			same0 = c; /* a same-state note may begin here */
		int k = gt_gcur_step(&c, &r, &n);
		if (!k)
			break;
		if (k == 2) {
			if ((n.f & GT_GN_SAME) && !have_same) {
				same_by = last_by;
				same_bs = last_bs;
				same_known = last_known;
				have_same = 1;
			}
			if ((n.f & (GT_GN_BY | GT_GN_AGAIN)) == GT_GN_BY && !have_id) {
				id = gt_model_g_id(m, gi);
				have_id = 1;
			}
			/* from the head, a repeated cause always has its first */
			gt_gnote_cause(&n, id, &last_by, &last_bs, &last_known);
			if (n.f & GT_GN_FROM)
				t.from = n.from;
			if ((n.f & (GT_GN_SAME | GT_GN_BY)) == GT_GN_BY) {
				t.by_g = n.by_g;
				t.by_stack = n.by_stack;
			}
			continue;
		}
		const struct gt_gkey *key = gt_gkey_at(m, r.key);
		t.ts = r.start;
		t.seq = seq++;
		t.to = key->state;
		t.reason = key->reason;
		t.stack = key->stack;
		if (fn(ctx, &t))
			return seq;
		t.from = key->state;
		t.by_g = GT_NONE;
		t.by_stack = 0;
		if (have_same) { /* the notes again, after the record that opens their interval */
			struct gt_gcur after = c;
			c = same0;
			while (gt_gcur_step(&c, &r, &n) == 2) {
				gt_gnote_cause(&n, id, &same_by, &same_bs, &same_known);
				if ((n.f & GT_GN_SAME) && gt_g_same_note(m, &n, seq++, fn, ctx))
					return seq;
			}
			c = after;
			have_same = 0;
		}
	}
	return seq;
}

#endif
