/* stats_model.c: the per-goroutine figures of `gtview stats` read from the
 * loaded model instead of tallied per event (stats.h), in the one pass over
 * the goroutines that also sums the headlines' times (report.h).  The text
 * summary builds the model anyway; tallying goroutines a second time on the
 * decoder's thread cost it a fifth of its time and 180 MB on a trace of
 * 3.8 M goroutines.  The tally keeps, per Go id, its last transition; a
 * model goroutine is one lifetime of an id (one seen only as a context has
 * none), so an id with several lifetimes takes its last with a transition.
 * On a big model the pass runs on two threads (gpar.h), the second working
 * out the headlines' MMU first; their sums add up and the blocked list is
 * sorted by id at the end, so the figures do not depend on who took what. */
#include "model/gpar.h"
#include "report/report.h"
#include "model/stats.h"

#include <stdlib.h>
#include <string.h>

/* Counts goroutines' last transitions into s. */
struct tally {
	struct gt_stats *s;
	const struct gt_tables *t;
	uint32_t cap;
};

static int push_blocked(struct tally *y, struct gt_stats_blocked b)
{
	struct gt_stats *s = y->s;
	if (s->nblocked == y->cap) {
		uint32_t cap = y->cap ? y->cap * 2 : 64;
		struct gt_stats_blocked *v = realloc(s->blocked, cap * sizeof *v);
		if (!v)
			return -1;
		s->blocked = v;
		y->cap = cap;
	}
	s->blocked[s->nblocked++] = b;
	return 0;
}

/* g's last transition counted as its id's. */
static int tally_one(struct tally *y, const struct gt_goroutine *g)
{
	if (g->end_state < GT_GS__COUNT)
		y->s->final_states[g->end_state]++;
	if (g->end_state != GT_GS_WAITING)
		return 0;
	gt_str fn = 0;
	if (gt_stack_depth(y->t, g->end_stack)) {
		const struct gt_frame *f = gt_frame_get(y->t, gt_stack_frames(y->t, g->end_stack)[0]);
		fn = f ? f->func : 0;
	}
	return push_blocked(y, (struct gt_stats_blocked){g->id, g->end_reason, fn});
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
	if (!n || !gt_model_g_order(m))
		return 0;
	uint32_t d = 1;
	for (uint32_t r = 1; r < n; r++)
		d += !gt_model_g_rank_same(m, r);
	return d;
}

/* Ids with several lifetimes (rare: the goroutine of a cgo callback's
 * extra M): in id order, each id's last lifetime with a transition. */
static int tally_by_id(struct tally *y, const struct gt_model *m, uint32_t n)
{
	const uint32_t *perm = gt_model_g_order(m); /* distinct_ids made it */
	for (uint32_t r = 0; r < n;) {
		uint32_t best = UINT32_MAX, r0 = r;
		struct gt_goroutine g, x;
		for (; r < n && (r == r0 || gt_model_g_rank_same(m, r)); r++) {
			uint32_t gi = perm[r];
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

/* A thread's share of the pass (gpar.h): its tally and its sums. */
struct share {
	struct tally y;
	struct gt_gtotals tot;
};

static int each(void *ctx, uint32_t gi, const struct gt_goroutine *g)
{
	struct share *sh = ctx;
	(void)gi;
	gt_report_gtotals_add(&sh->tot, g);
	return g->end_since != INT64_MIN ? tally_one(&sh->y, g) : 0;
}

struct mmu_job {
	const struct gt_model *m;
	struct gt_gtotals *tot;
};

static void mmu_first(void *arg)
{
	struct mmu_job *j = arg;
	j->tot->mmu_10ms = gt_model_mmu(j->m, 10000000);
	j->tot->have_mmu = 1;
}

/* The second share into the first. */
static int join_share(struct share *a, const struct share *b)
{
	for (int k = 0; k < GT_GS__COUNT; k++) {
		a->y.s->final_states[k] += b->y.s->final_states[k];
		a->tot.by_state[k] += b->tot.by_state[k];
		a->tot.ns[k] += b->tot.ns[k];
	}
	for (uint32_t i = 0; i < b->y.s->nblocked; i++)
		if (push_blocked(&a->y, b->y.s->blocked[i]) < 0)
			return -1;
	return 0;
}

/* Resets what tally_one counted (the tally by id starts over). */
static void untally(struct gt_stats *s)
{
	memset(s->final_states, 0, sizeof s->final_states);
	s->nblocked = 0;
}

int gt_stats_finish_model(struct gt_stats *s, const struct gt_model *m, struct gt_gtotals *tot)
{
	const struct gt_tables *t = gt_model_tables(m);
	uint32_t n = gt_model_g_count(m);
	untally(s);
	free(s->blocked);
	s->blocked = NULL;
	/* Each lifetime is tallied as its id's, which holds unless an id has
	 * several (then the tally by id starts over): the id order this
	 * needs is built meanwhile (by the MMU's lookups of assists, or
	 * below), not before. */
	struct gt_stats part;
	memset(&part, 0, sizeof part);
	struct share sh[2];
	memset(sh, 0, sizeof sh);
	sh[0].y = (struct tally){s, t, 0};
	sh[1].y = (struct tally){&part, t, 0};
	/* the MMU goes to the first share's totals, in fields the
	 * goroutines' sums do not touch */
	struct mmu_job job = {m, &sh[0].tot};
	void *ctx[2] = {&sh[0], &sh[1]};
	int rc = gt_model_g_par(m, each, ctx, mmu_first, &job) < 0 ? -1 : 0;
	if (!rc)
		rc = join_share(&sh[0], &sh[1]);
	free(part.blocked);
	*tot = sh[0].tot;
	s->goroutines = distinct_ids(m, n);
	if (n && !s->goroutines)
		rc = -1;
	if (!rc && s->goroutines != n) {
		untally(s);
		rc = tally_by_id(&sh[0].y, m, n);
	}
	if (s->nblocked)
		qsort(s->blocked, s->nblocked, sizeof *s->blocked, by_g);
	return rc;
}
