/* ggroups.c: goroutines' time within a window, and their groups by start
 * function (`gtview goroutines --by-func`, the viewer's grouped list). */
#include "model/gpar.h"
#include "model/ids.h"
#include "model/model_int.h"

#include <stdlib.h>
#include <string.h>

/* ---- one goroutine's time in [t0, t1) ------------------------------------ */

struct gwin {
	int64_t t0, t1;
	int64_t *ns;
	uint32_t spans;
	/* Waiting by reason, in first-seen order */
	gt_str reason[32];
	int64_t rns[32];
	int nr;
	gt_reason_ns_fn fn;
	void *ctx;
};

int64_t gt_gspan_clip(const struct gt_gspan *s, int64_t t0, int64_t t1)
{
	int64_t a = s->start > t0 ? s->start : t0;
	int64_t z = s->end < t1 ? s->end : t1;
	if (z > a)
		return z - a;
	/* an instant interval inside counts; one touching an edge does not */
	return s->start == s->end && s->start >= t0 && s->start < t1 ? 0 : -1;
}

static int gwin_span(void *ctx, const struct gt_gspan *s)
{
	struct gwin *w = ctx;
	int64_t d = gt_gspan_clip(s, w->t0, w->t1);
	if (d < 0)
		return 0;
	w->spans++;
	if (s->state < GT_GS__COUNT)
		w->ns[s->state] += d;
	if (s->state != GT_GS_WAITING || !w->fn)
		return 0;
	int i;
	for (i = 0; i < w->nr && w->reason[i] != s->reason; i++)
		;
	if (i == w->nr) {
		if (w->nr == 32) { /* many reasons is rare: hand these out */
			for (int k = 0; k < w->nr; k++)
				w->fn(w->ctx, w->reason[k], w->rns[k]);
			w->nr = i = 0;
		}
		w->reason[i] = s->reason;
		w->rns[w->nr++] = 0;
	}
	w->rns[i] += d;
	return 0;
}

uint32_t gt_model_g_window(const struct gt_model *m, uint32_t gi, int64_t t0, int64_t t1,
                           int64_t ns[GT_GS__COUNT], gt_reason_ns_fn fn, void *ctx)
{
	struct gwin w = {.t0 = t0, .t1 = t1, .ns = ns, .fn = fn, .ctx = ctx};
	memset(ns, 0, GT_GS__COUNT * sizeof *ns);
	gt_model_g_spans(m, gi, t0, t1, gwin_span, &w);
	for (int k = 0; k < w.nr; k++)
		fn(ctx, w.reason[k], w.rns[k]);
	return w.spans;
}

int gt_model_g_in_window(const struct gt_goroutine *g, int64_t t0, int64_t t1)
{
	if (!g->intervals || g->first_ts >= t1)
		return 0;
	/* it ended (NotExist) at end_since: nothing of it after that */
	return !(g->end_state == GT_GS_NOTEXIST && g->end_since <= t0);
}

/* ---- groups by start function --------------------------------------------- */

struct acc {
	const struct gt_model *m;
	struct gt_ids funcs;      /* start_func -> group */
	struct gt_ids rkey;       /* group << 32 | reason -> reason slot */
	struct gt_vec groups;     /* struct gt_ggroup */
	struct gt_vec reasons;    /* struct gt_reason_time */
	uint32_t *gof;            /* per goroutine index: its group, or UINT32_MAX */
	uint32_t cur;             /* the group of the goroutine being added */
	int nomem;
};

static void add_reason(void *ctx, gt_str reason, int64_t ns)
{
	struct acc *a = ctx;
	int64_t key = (int64_t)((uint64_t)a->cur << 32 | reason);
	uint32_t k = gt_ids_get(&a->rkey, key);
	if (k == UINT32_MAX) {
		k = (uint32_t)a->reasons.n;
		struct gt_reason_time *r = gt_vec_push(&a->reasons, sizeof *r);
		if (!r || gt_ids_put(&a->rkey, key, k) < 0) {
			a->nomem = 1;
			return;
		}
		*r = (struct gt_reason_time){reason, a->cur, 0};
	}
	GT_VEC_AT(a->reasons, struct gt_reason_time, k).ns += ns;
}

#define GROUPS(a) ((struct gt_ggroup *)(a)->groups.v)
#define REASONS(a) ((struct gt_reason_time *)(a)->reasons.v)

static const struct gt_model *sort_m;
static const struct gt_ggroup *sort_groups;

static int by_name(const void *x, const void *y)
{
	const uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
	return strcmp(gt_model_str(sort_m, sort_groups[a].start_func),
	              gt_model_str(sort_m, sort_groups[b].start_func));
}

/* group index, then reason text */
static int by_group_reason(const void *x, const void *y)
{
	const struct gt_reason_time *a = x, *b = y;
	if (a->group != b->group)
		return a->group < b->group ? -1 : 1;
	return strcmp(gt_model_str(sort_m, a->reason), gt_model_str(sort_m, b->reason));
}

/* Lays the accumulated groups out sorted by name into out. */
static int finish(struct acc *a, const uint32_t *order, uint32_t ng, struct gt_ggroups *out)
{
	uint32_t *rank = malloc(((size_t)a->groups.n + 1) * sizeof *rank);
	uint32_t *perm = malloc(((size_t)a->groups.n + 1) * sizeof *perm);
	out->group = malloc(((size_t)a->groups.n + 1) * sizeof *out->group);
	out->member = malloc(((size_t)ng + 1) * sizeof *out->member);
	if (!rank || !perm || !out->group || !out->member) {
		free(rank);
		free(perm);
		return -1;
	}
	for (uint32_t i = 0; i < a->groups.n; i++)
		perm[i] = i;
	sort_m = a->m;
	sort_groups = GROUPS(a);
	qsort(perm, a->groups.n, sizeof *perm, by_name);
	for (uint32_t i = 0; i < a->groups.n; i++)
		rank[perm[i]] = i;
	/* members: counting sort by group rank, keeping Go id order */
	uint32_t at = 0;
	for (uint32_t i = 0; i < a->groups.n; i++) {
		out->group[i] = GROUPS(a)[perm[i]];
		out->group[i].members = at;
		at += out->group[i].count;
	}
	uint32_t *fill = perm; /* reused: next free slot per group rank */
	for (uint32_t i = 0; i < a->groups.n; i++)
		fill[i] = out->group[i].members;
	for (uint32_t r = 0; r < ng; r++) {
		uint32_t gi = order[r];
		if (a->gof[gi] != UINT32_MAX)
			out->member[fill[rank[a->gof[gi]]]++] = gi;
	}
	for (uint32_t i = 0; i < a->reasons.n; i++)
		REASONS(a)[i].group = rank[REASONS(a)[i].group];
	if (a->reasons.n)
		qsort(REASONS(a), a->reasons.n, sizeof *REASONS(a), by_group_reason);
	for (uint32_t i = 0; i < a->groups.n; i++)
		out->group[i].nreasons = 0;
	for (size_t i = a->reasons.n; i-- > 0;) {
		struct gt_ggroup *g = &out->group[REASONS(a)[i].group];
		g->reasons = (uint32_t)i;
		g->nreasons++;
	}
	out->n = (uint32_t)a->groups.n;
	out->reason = REASONS(a);
	a->reasons = (struct gt_vec){NULL, 0, 0};
	free(rank);
	free(perm);
	return 0;
}

int gt_model_groups_by_func(const struct gt_model *m, int64_t t0, int64_t t1,
                            struct gt_ggroups *out)
{
	memset(out, 0, sizeof *out);
	uint32_t ng = gt_model_g_count(m);
	const uint32_t *order = gt_model_g_order(m);
	struct acc a = {.m = m};
	a.gof = malloc(((size_t)ng + 1) * sizeof *a.gof);
	if (!a.gof || (ng && !order))
		goto fail;
	for (uint32_t r = 0; r < ng; r++) {
		uint32_t gi = order[r];
		struct gt_goroutine g;
		a.gof[gi] = UINT32_MAX;
		if (gt_model_g(m, gi, &g) < 0 || !gt_model_g_in_window(&g, t0, t1))
			continue;
		uint32_t k = gt_ids_get(&a.funcs, g.start_func);
		if (k == UINT32_MAX) {
			k = (uint32_t)a.groups.n;
			struct gt_ggroup *nw = gt_vec_push(&a.groups, sizeof *nw);
			if (!nw || gt_ids_put(&a.funcs, g.start_func, k) < 0)
				goto fail;
			nw->start_func = g.start_func;
		}
		a.cur = k;
		int64_t ns[GT_GS__COUNT];
		if (!gt_model_g_window(m, gi, t0, t1, ns, add_reason, &a))
			continue; /* alive around the window, no interval in it */
		if (a.nomem)
			goto fail;
		a.gof[gi] = k;
		struct gt_ggroup *gr = &GROUPS(&a)[k];
		gr->count++;
		for (int s = 0; s < GT_GS__COUNT; s++)
			gr->ns[s] += ns[s];
	}
	/* groups that got no member (seen alive, no interval inside) go */
	uint32_t kept = 0;
	uint32_t *remap = malloc(((size_t)a.groups.n + 1) * sizeof *remap);
	if (!remap)
		goto fail;
	for (uint32_t i = 0; i < a.groups.n; i++) {
		remap[i] = GROUPS(&a)[i].count ? kept : UINT32_MAX;
		if (GROUPS(&a)[i].count)
			GROUPS(&a)[kept++] = GROUPS(&a)[i];
	}
	for (uint32_t r = 0; r < ng; r++)
		if (a.gof[order[r]] != UINT32_MAX)
			a.gof[order[r]] = remap[a.gof[order[r]]];
	uint32_t nr = 0;
	for (uint32_t i = 0; i < a.reasons.n; i++)
		if (remap[REASONS(&a)[i].group] != UINT32_MAX) {
			REASONS(&a)[nr] = REASONS(&a)[i];
			REASONS(&a)[nr++].group = remap[REASONS(&a)[i].group];
		}
	a.reasons.n = nr;
	a.groups.n = kept;
	free(remap);
	if (finish(&a, order, ng, out) < 0)
		goto fail;
	free(a.gof);
	gt_vec_free(&a.groups);
	gt_ids_free(&a.funcs);
	gt_ids_free(&a.rkey);
	return 0;
fail:
	free(a.gof);
	gt_vec_free(&a.groups);
	gt_vec_free(&a.reasons);
	gt_ids_free(&a.funcs);
	gt_ids_free(&a.rkey);
	gt_ggroups_free(out);
	return -1;
}

void gt_ggroups_free(struct gt_ggroups *g)
{
	free(g->group);
	free(g->reason);
	free(g->member);
	memset(g, 0, sizeof *g);
}
