/* stats_model.c: the per-goroutine figures of `gtview stats` read from the
 * loaded model instead of tallied per event (stats.h), in the one pass over
 * the goroutines that also sums the headlines' times (report.h).  The text
 * summary builds the model anyway; tallying goroutines a second time on the
 * decoder's thread cost it a fifth of its time and 180 MB on a trace of
 * 3.8 M goroutines.  The tally keeps, per Go id, its last transition; a
 * model goroutine is one lifetime of an id (one seen only as a context has
 * none), so an id with several lifetimes takes its last with a transition. */
#include "model/model_int.h"
#include "model/report.h"
#include "model/stats.h"

#include <stdlib.h>
#include <string.h>

struct tally {
	struct gt_stats *s;
	const struct gt_tables *t;
	uint32_t cap;
};

/* g's last transition counted as its id's. */
static int tally_one(struct tally *y, const struct gt_goroutine *g)
{
	struct gt_stats *s = y->s;
	if (g->end_state < GT_GS__COUNT)
		s->final_states[g->end_state]++;
	if (g->end_state != GT_GS_WAITING)
		return 0;
	if (s->nblocked == y->cap) {
		uint32_t cap = y->cap ? y->cap * 2 : 64;
		struct gt_stats_blocked *b = realloc(s->blocked, cap * sizeof *b);
		if (!b)
			return -1;
		s->blocked = b;
		y->cap = cap;
	}
	gt_str fn = 0;
	if (gt_stack_depth(y->t, g->end_stack)) {
		const struct gt_frame *f = gt_frame_get(y->t, gt_stack_frames(y->t, g->end_stack)[0]);
		fn = f ? f->func : 0;
	}
	s->blocked[s->nblocked++] = (struct gt_stats_blocked){g->id, g->end_reason, fn};
	return 0;
}

static int by_g(const void *a, const void *b)
{
	const struct gt_stats_blocked *x = a, *y = b;
	return (x->g > y->g) - (x->g < y->g);
}

/* Distinct Go ids among the n lifetimes (the id order is a cache the
 * model builds at its first lookup by id); 0 when out of memory. */
static uint32_t distinct_ids(const struct gt_model *m, uint32_t n)
{
	if (!n || gt_model_g_by_id(m, 0) == UINT32_MAX || !m->gsorted)
		return 0;
	uint32_t d = 1;
	for (uint32_t r = 1; r < n; r++)
		d += m->gsorted[r] != m->gsorted[r - 1];
	return d;
}

/* Ids with several lifetimes (rare: the goroutine of a cgo callback's
 * extra M): in id order, each id's last lifetime with a transition. */
static int tally_by_id(struct tally *y, const struct gt_model *m, uint32_t n)
{
	for (uint32_t r = 0; r < n;) {
		int64_t id = m->gsorted[r];
		uint32_t best = UINT32_MAX;
		struct gt_goroutine g, x;
		for (; r < n && m->gsorted[r] == id; r++) {
			uint32_t gi = m->gperm[r];
			if (gt_model_g(m, gi, &x) == 0 && x.end_since != INT64_MIN &&
			    (best == UINT32_MAX || gi > best)) {
				best = gi; /* lifetimes are numbered as they appear */
				g = x;
			}
		}
		if (best != UINT32_MAX && tally_one(y, &g) < 0)
			return -1;
	}
	return 0;
}

int gt_stats_finish_model(struct gt_stats *s, const struct gt_model *m, struct gt_gtotals *tot)
{
	struct tally y = {s, gt_model_tables(m), 0};
	uint32_t n = gt_model_g_count(m);
	memset(tot, 0, sizeof *tot);
	memset(s->final_states, 0, sizeof s->final_states);
	free(s->blocked);
	s->blocked = NULL;
	s->nblocked = 0;
	s->goroutines = distinct_ids(m, n);
	if (n && !s->goroutines)
		return -1;
	int one_each = s->goroutines == n;
	for (uint32_t gi = 0; gi < n; gi++) {
		struct gt_goroutine g;
		if (gt_model_g(m, gi, &g) < 0)
			continue;
		gt_report_gtotals_add(tot, &g);
		if (one_each && g.end_since != INT64_MIN && tally_one(&y, &g) < 0)
			return -1;
	}
	if (!one_each && tally_by_id(&y, m, n) < 0)
		return -1;
	qsort(s->blocked, s->nblocked, sizeof *s->blocked, by_g);
	return 0;
}
