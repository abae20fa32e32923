/* ghist.c: a goroutine's history (its transitions, each with its cause)
 * from its packed log and notes (glog.h), and the reverse links (what a
 * goroutine woke or created) from their own streams (glink.h). */
#include "model/gwalk.h"

#include <stdlib.h>
#include <string.h>


uint32_t gt_model_g_transitions(const struct gt_model *m, uint32_t gi, gt_gtrans_fn fn, void *ctx)
{
	return gt_g_transitions_inline(m, gi, fn, ctx);
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
	size_t lo = gt_model_g_rank_lower(m, by_g); /* gt_model_g_find's rank */
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
