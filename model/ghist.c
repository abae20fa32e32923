/* ghist.c: a goroutine's history (its transitions, each with its cause)
 * from its packed log and notes (glog.h), and the reverse links (what a
 * goroutine woke or created) from their own streams (glink.h). */
#include "model/model_int.h"

#include <stdlib.h>
#include <string.h>


/* The transition of the same-state note n (at seq), to fn. */
static int same_note(const struct gt_model *m, const struct gt_gnote *n, uint32_t seq,
                     gt_gtrans_fn fn, void *ctx)
{
	const struct gt_gkey *k = gt_gkey_at(m, n->key);
	struct gt_gtrans t = {.ts = n->ts, .seq = seq, .from = k->state, .to = k->state,
	                      .reason = k->reason, .stack = k->stack,
	                      .by_g = n->f & GT_GN_BY ? n->by_g : GT_NONE,
	                      .by_stack = n->f & GT_GN_BY ? n->by_stack : 0};
	return fn(ctx, &t);
}

uint32_t gt_model_g_transitions(const struct gt_model *m, uint32_t gi, gt_gtrans_fn fn, void *ctx)
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
	int64_t id = gt_model_g_id(m, gi);
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
	struct gt_gnote n;
	for (;;) {
		struct gt_gcur before = c;
		int k = gt_gcur_step(&c, &r, &n);
		if (!k)
			break;
		if (k == 2) {
			if ((n.f & GT_GN_SAME) && !have_same) {
				same0 = before;
				same_by = last_by;
				same_bs = last_bs;
				same_known = last_known;
				have_same = 1;
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
				if ((n.f & GT_GN_SAME) && same_note(m, &n, seq++, fn, ctx))
					return seq;
			}
			c = after;
			have_same = 0;
		}
	}
	return seq;
}

/* ---- reverse links (glink.h) --------------------------------------------- */

/* The goroutine indices with Go id by_g into gis[0..max) (nearly always
 * one: an id seen again after its goroutine ended is a new goroutine),
 * in index order, which is time order: the same id is never live twice
 * at once.  Returns how many there are. */
static size_t gis_of(const struct gt_model *m, int64_t by_g, uint32_t *gis, size_t max)
{
	uint32_t gi = gt_model_g_find(m, by_g);
	if (gi == UINT32_MAX)
		return 0;
	size_t lo = 0, hi = m->gids.n;
	while (lo < hi) { /* gt_model_g_find's rank */
		size_t mid = lo + (hi - lo) / 2;
		if (gt_model_g_rank_id(m, (uint32_t)mid) < by_g)
			lo = mid + 1;
		else
			hi = mid;
	}
	size_t n = 0;
	for (size_t r = lo; r < m->gids.n && gt_model_g_rank_id(m, (uint32_t)r) == by_g && n < max; r++) {
		size_t k = n++;
		for (; k && gis[k - 1] > m->gperm[r]; k--)
			gis[k] = gis[k - 1];
		gis[k] = m->gperm[r];
	}
	return n;
}

#define GIS_MAX 64

/* Walks by_g's links in order, chunk by chunk: for each chunk, skip
 * says (from its count, the link number before it and its first link)
 * whether to step over it; the others' links go to fn, until it says
 * stop.  Returns the number of links in all (when nothing stopped). */
struct lwalk {
	size_t at;              /* links before the current one */
	int (*skip)(struct lwalk *w, uint32_t n, const struct gt_link *first, const struct gt_link *next_first);
	int (*fn)(struct lwalk *w, const struct gt_link *l); /* !0 stops */
	size_t from, max;       /* gt_model_g_caused's */
	struct gt_gcause *out;
	int64_t t;              /* gt_model_g_caused_at's */
	int stopped;
};

static void lwalk_run(const struct gt_model *m, int64_t by_g, struct lwalk *w)
{
	uint32_t gis[GIS_MAX];
	size_t ng = gis_of(m, by_g, gis, GIS_MAX);
	unsigned ts = m->garena.tshift;
	const uint32_t *heads = m->lheads.v;
	for (size_t k = 0; k < ng && !w->stopped; k++) {
		uint32_t gi = gis[k];
		uint32_t ref = gi < m->lheads.n ? heads[gi] : 0;
		struct gt_link base = {.gi = gi, .ts = m->lbase};
		while (ref && !w->stopped) {
			const uint8_t *p, *z;
			uint32_t next;
			uint32_t n = gt_link_chunk(gt_barena_at(&m->larena, ref), &p, &z, &next);
			struct gt_link l, nf, prev = base;
			gt_link_get(&p, &base, &l, ts);
			const struct gt_link *nfp = NULL;
			if (next) { /* the next chunk's first link, for a skip by time */
				const uint8_t *q, *qz;
				uint32_t nn;
				gt_link_chunk(gt_barena_at(&m->larena, next), &q, &qz, &nn);
				gt_link_get(&q, &base, &nf, ts);
				nfp = &nf;
			}
			if (w->skip(w, n, &l, nfp)) {
				w->at += n;
			} else {
				for (uint32_t i = 0;;) {
					if (w->fn(w, &l)) {
						w->stopped = 1;
						break;
					}
					w->at++;
					if (++i == n)
						break;
					prev = l;
					gt_link_get(&p, &prev, &l, ts);
				}
			}
			ref = next;
		}
	}
}

static int skip_before(struct lwalk *w, uint32_t n, const struct gt_link *first,
                       const struct gt_link *next_first)
{
	(void)first;
	(void)next_first;
	return w->at + n <= w->from || w->at >= w->from + w->max;
}

static int keep_link(struct lwalk *w, const struct gt_link *l)
{
	if (w->at >= w->from && w->at < w->from + w->max)
		w->out[w->at - w->from] = (struct gt_gcause){.ts = l->ts, .gi = l->gi, .from = l->from,
		                                             .to = l->to};
	return 0;
}

size_t gt_model_g_caused(const struct gt_model *m, int64_t by_g, size_t from, size_t max,
                         struct gt_gcause *out)
{
	struct lwalk w = {.skip = skip_before, .fn = keep_link, .from = from,
	                  .max = out ? max : 0, .out = out};
	lwalk_run(m, by_g, &w);
	return w.at;
}

/* Time order: a chunk whose successor begins before t ends before it. */
static int skip_earlier(struct lwalk *w, uint32_t n, const struct gt_link *first,
                        const struct gt_link *next_first)
{
	(void)n;
	(void)first;
	return next_first && next_first->ts < w->t;
}

static int stop_at(struct lwalk *w, const struct gt_link *l)
{
	return l->ts >= w->t;
}

size_t gt_model_g_caused_at(const struct gt_model *m, int64_t by_g, int64_t t)
{
	struct lwalk w = {.skip = skip_earlier, .fn = stop_at, .t = t};
	lwalk_run(m, by_g, &w);
	return w.at;
}

uint64_t gt_model_g_caused_unlisted(const struct gt_model *m)
{
	return m->lunlisted;
}
