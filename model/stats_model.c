/* stats_model.c: the per-goroutine figures of `gtview stats` read from the
 * loaded model instead of tallied per event (stats.h), in the one pass over
 * the goroutines that also sums the headlines' times (report.h).  The text
 * summary builds the model anyway; tallying goroutines a second time on the
 * decoder's thread cost it a fifth of its time and 180 MB on a trace of
 * 3.8 M goroutines.  The tally keeps, per Go id, its last transition; a
 * model goroutine is one lifetime of an id (one seen only as a context has
 * none), so an id with several lifetimes takes its last with a transition.
 * On a big model the pass runs on two threads (the load's two are done by
 * then): the second first works out the headlines' MMU, then both take
 * chunks of goroutines; their sums add up and the blocked list is sorted
 * by id at the end, so the figures do not depend on who took what
 * (GTVIEW_LOAD_THREADS=1 or 2 forces one or two, as for the load). */
#include "model/model_int.h"
#include "model/report.h"
#include "model/stats.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* One thread's share: its own figures, added up at the end. */
struct tally {
	struct gt_stats *s;
	const struct gt_tables *t;
	uint32_t cap;
};

#define CHUNK 4096        /* goroutines a thread takes at a time */
#define TWO_THREADS 65536 /* below this many a second thread does not pay */

struct pass {
	const struct gt_model *m;
	uint32_t n;
	atomic_ullong next;   /* first goroutine of the next chunk */
	struct gt_gtotals *tot;
	struct gt_stats part; /* the second thread's figures */
	struct tally y2;
	struct gt_gtotals tot2;
	int fail2;
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

/* Takes chunks until none is left: totals into tot, the tally into y. */
static int scan(struct pass *ps, struct tally *y, struct gt_gtotals *tot)
{
	for (;;) {
		unsigned long long at = atomic_fetch_add(&ps->next, CHUNK);
		if (at >= ps->n)
			return 0;
		uint32_t lo = (uint32_t)at, hi = ps->n - lo < CHUNK ? ps->n : lo + CHUNK;
		for (uint32_t gi = lo; gi < hi; gi++) {
			struct gt_goroutine g;
			if (gt_model_g(ps->m, gi, &g) < 0)
				continue;
			gt_report_gtotals_add(tot, &g);
			if (g.end_since != INT64_MIN && tally_one(y, &g) < 0)
				return -1;
		}
	}
}

static void *second(void *arg)
{
	struct pass *ps = arg;
	ps->tot->mmu_10ms = gt_model_mmu(ps->m, 10000000);
	ps->tot->have_mmu = 1;
	ps->fail2 = scan(ps, &ps->y2, &ps->tot2);
	return NULL;
}

/* The second thread's figures into the first's. */
static int join_part(struct pass *ps, struct tally *y)
{
	struct gt_stats *s = y->s, *q = &ps->part;
	for (int k = 0; k < GT_GS__COUNT; k++) {
		s->final_states[k] += q->final_states[k];
		ps->tot->by_state[k] += ps->tot2.by_state[k];
		ps->tot->ns[k] += ps->tot2.ns[k];
	}
	for (uint32_t i = 0; i < q->nblocked; i++)
		if (push_blocked(y, q->blocked[i]) < 0)
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
	struct tally y = {s, gt_model_tables(m), 0};
	uint32_t n = gt_model_g_count(m);
	memset(tot, 0, sizeof *tot);
	untally(s);
	free(s->blocked);
	s->blocked = NULL;
	/* Each lifetime is tallied as its id's, which holds unless an id has
	 * several (then the tally by id starts over): the id order this
	 * needs is built meanwhile (by the MMU's lookups of assists, or
	 * below), not before. */
	struct pass ps = {.m = m, .n = n, .tot = tot};
	atomic_init(&ps.next, 0);
	ps.y2 = (struct tally){&ps.part, y.t, 0};
	/* GTVIEW_LOAD_THREADS as for the load: "1" one thread, "2" two
	 * whatever the size (tests compare both) */
	const char *env = getenv("GTVIEW_LOAD_THREADS");
	int want = env && !strcmp(env, "2") ? 1 : env && !strcmp(env, "1") ? 0 :
	           n >= TWO_THREADS && sysconf(_SC_NPROCESSORS_ONLN) > 1;
	pthread_t th;
	int two = want && pthread_create(&th, NULL, second, &ps) == 0;
	int rc = scan(&ps, &y, tot);
	if (two) {
		pthread_join(th, NULL);
		if (ps.fail2 || join_part(&ps, &y) < 0)
			rc = -1;
		free(ps.part.blocked);
	}
	s->goroutines = distinct_ids(m, n);
	if (n && !s->goroutines)
		rc = -1;
	if (!rc && s->goroutines != n) {
		untally(s);
		rc = tally_by_id(&y, m, n);
	}
	qsort(s->blocked, s->nblocked, sizeof *s->blocked, by_g);
	return rc;
}
