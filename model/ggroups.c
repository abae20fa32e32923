/* ggroups.c: goroutines' time within a window, and their groups by start
 * function (`gtview goroutines --by-func`, the viewer's grouped list). */
#include "model/gpar.h"
#include "decode/ids.h"
#include "model/gwalk.h"

#include <stdlib.h>
#include <string.h>

/* ---- one goroutine's time in [t0, t1) ------------------------------------ */

struct gwin {
	int64_t t0, t1;
	int64_t *ns;
	uint32_t spans;
	struct gt_rsum rs; /* Waiting by reason (rs.fn NULL: not wanted) */
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
	if (s->state == GT_GS_WAITING && w->rs.fn)
		gt_rsum_add(&w->rs, s->reason, d);
	return 0;
}

uint32_t gt_model_g_window(const struct gt_model *m, uint32_t gi, int64_t t0, int64_t t1,
                           int64_t ns[GT_GS__COUNT], gt_reason_ns_fn fn, void *ctx)
{
	struct gwin w; /* not zeroed whole: its reasons' arrays are big */
	w.t0 = t0;
	w.t1 = t1;
	w.ns = ns;
	w.spans = 0;
	w.rs.n = 0;
	w.rs.fn = fn;
	w.rs.ctx = ctx;
	memset(ns, 0, GT_GS__COUNT * sizeof *ns);
	gt_g_spans_inline(m, gi, t0, t1, gwin_span, &w);
	if (fn)
		gt_rsum_end(&w.rs);
	return w.spans;
}

/* ---- groups by start function --------------------------------------------- */

struct acc {                  /* one thread's (gpar.h) */
	const struct gt_model *m;
	int64_t t0, t1;
	uint32_t tag;             /* ORed into its gof entries: 0, or TAG1 */
	struct gt_ids funcs;      /* start_func -> group */
	struct gt_ids rkey;       /* group << 32 | reason -> reason slot */
	struct gt_vec groups;     /* struct gt_ggroup */
	struct gt_vec reasons;    /* struct gt_reason_time */
	struct gt_vec tmp;        /* the goroutine's reasons (keep_reason) */
	uint32_t *gof;            /* per goroutine index (shared): its group | tag,
	                             or UINT32_MAX */
	uint32_t cur;             /* the group of the goroutine being added */
	int nomem;
};

/* A goroutine's Waiting time by reason, kept aside until its group is
 * known (its facts are read only when it has time in the window). */
static void keep_reason(void *ctx, gt_str reason, int64_t ns)
{
	struct acc *a = ctx;
	struct gt_reason_time *r = gt_vec_push(&a->tmp, sizeof *r);
	if (!r) {
		a->nomem = 1;
		return;
	}
	*r = (struct gt_reason_time){reason, 0, ns};
}

/* The reasons kept into group a->cur's sums. */
static void add_reasons(struct acc *a)
{
	for (size_t i = 0; i < a->tmp.n && !a->nomem; i++) {
		const struct gt_reason_time *t = &GT_VEC_AT(a->tmp, struct gt_reason_time, i);
		int64_t key = (int64_t)((uint64_t)a->cur << 32 | t->reason);
		uint32_t k = gt_ids_get(&a->rkey, key);
		if (k == UINT32_MAX) {
			k = (uint32_t)a->reasons.n;
			struct gt_reason_time *r = gt_vec_push(&a->reasons, sizeof *r);
			if (!r || gt_ids_put(&a->rkey, key, k) < 0) {
				a->nomem = 1;
				return;
			}
			*r = (struct gt_reason_time){t->reason, a->cur, 0};
		}
		GT_VEC_AT(a->reasons, struct gt_reason_time, k).ns += t->ns;
	}
	a->tmp.n = 0;
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
	if (a->gof)
		out->member = malloc(((size_t)ng + 1) * sizeof *out->member);
	if (!rank || !perm || !out->group || (a->gof && !out->member)) {
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
		out->group[i].members = a->gof ? at : 0;
		at += out->group[i].count;
	}
	uint32_t *fill = perm; /* reused: next free slot per group rank */
	for (uint32_t i = 0; i < a->groups.n; i++)
		fill[i] = out->group[i].members;
	for (uint32_t r = 0; a->gof && r < ng; r++) {
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

#define TAG1 (UINT32_C(1) << 31) /* a group of the second thread's */

/* The group of start function f in a, made when new; UINT32_MAX when out
 * of memory. */
static uint32_t group_of(struct acc *a, gt_str f)
{
	uint32_t k = gt_ids_get(&a->funcs, f);
	if (k != UINT32_MAX)
		return k;
	k = (uint32_t)a->groups.n;
	struct gt_ggroup *nw = gt_vec_push(&a->groups, sizeof *nw);
	if (!nw || gt_ids_put(&a->funcs, f, k) < 0)
		return UINT32_MAX;
	nw->start_func = f;
	return k;
}

static int each_g(void *ctx, uint32_t gi)
{
	struct acc *a = ctx;
	/* its intervals in the window first: over a small window most
	 * goroutines have none, and their facts are not read */
	int64_t ns[GT_GS__COUNT];
	a->tmp.n = 0;
	/* an interval in the window is one of its state intervals: no need
	 * of its facts but the start function */
	if (!gt_model_g_window(a->m, gi, a->t0, a->t1, ns, keep_reason, a))
		return a->nomem ? -1 : 0;
	uint32_t k = group_of(a, gt_model_g_start_func(a->m, gi));
	if (k == UINT32_MAX)
		return -1;
	a->cur = k;
	add_reasons(a);
	if (a->nomem)
		return -1;
	if (a->gof)
		a->gof[gi] = a->tag | k;
	struct gt_ggroup *gr = &GROUPS(a)[k];
	gr->count++;
	for (int s = 0; s < GT_GS__COUNT; s++)
		gr->ns[s] += ns[s];
	return 0;
}

/* The second thread's groups and reasons into the first's; its members'
 * gof entries renamed.  0, or -1 out of memory. */
static int merge(struct acc *a, struct acc *b, uint32_t ng)
{
	uint32_t *remap = malloc((b->groups.n + 1) * sizeof *remap);
	if (!remap)
		return -1;
	for (size_t j = 0; j < b->groups.n; j++) {
		const struct gt_ggroup *g = &GROUPS(b)[j];
		uint32_t k = group_of(a, g->start_func);
		if (k == UINT32_MAX) {
			free(remap);
			return -1;
		}
		remap[j] = k;
		struct gt_ggroup *d = &GROUPS(a)[k];
		d->count += g->count;
		for (int s = 0; s < GT_GS__COUNT; s++)
			d->ns[s] += g->ns[s];
	}
	for (size_t i = 0; i < b->reasons.n && !a->nomem; i++) {
		const struct gt_reason_time *r = &REASONS(b)[i];
		a->tmp.n = 0;
		keep_reason(a, r->reason, r->ns);
		a->cur = remap[r->group];
		add_reasons(a);
	}
	for (uint32_t gi = 0; a->gof && gi < ng; gi++)
		if (a->gof[gi] != UINT32_MAX && (a->gof[gi] & TAG1))
			a->gof[gi] = remap[a->gof[gi] & ~TAG1];
	free(remap);
	return a->nomem ? -1 : 0;
}

static void acc_free(struct acc *a)
{
	gt_vec_free(&a->groups);
	gt_vec_free(&a->reasons);
	gt_vec_free(&a->tmp);
	gt_ids_free(&a->funcs);
	gt_ids_free(&a->rkey);
}

/* members: with member (gof, a u32 per goroutine, tells each one's group
 * while they are found), or the figures alone. */
static int groups_by_func(const struct gt_model *m, int64_t t0, int64_t t1, int members,
                          struct gt_ggroups *out)
{
	memset(out, 0, sizeof *out);
	uint32_t ng = gt_model_g_count(m);
	const uint32_t *order = members ? gt_model_g_order(m) : NULL;
	uint32_t *gof = members ? malloc(((size_t)ng + 1) * sizeof *gof) : NULL;
	struct acc a[2] = {{.m = m, .t0 = t0, .t1 = t1, .tag = 0, .gof = gof},
	                   {.m = m, .t0 = t0, .t1 = t1, .tag = TAG1, .gof = gof}};
	void *ctx[2] = {&a[0], &a[1]};
	int rc = members && (!gof || (ng && !order)) ? -1 : 0;
	if (!rc) {
		if (gof)
			memset(gof, 0xff, (size_t)ng * sizeof *gof);
		rc = gt_model_gi_par(m, t0, t1, each_g, ctx) < 0 || merge(&a[0], &a[1], ng) < 0 ||
		     finish(&a[0], order, ng, out) < 0 ? -1 : 0;
	}
	free(gof);
	acc_free(&a[0]);
	acc_free(&a[1]);
	if (rc)
		gt_ggroups_free(out);
	return rc;
}

int gt_model_groups_by_func(const struct gt_model *m, int64_t t0, int64_t t1,
                            struct gt_ggroups *out)
{
	return groups_by_func(m, t0, t1, 1, out);
}

int gt_model_groups_by_func_figures(const struct gt_model *m, int64_t t0, int64_t t1,
                                    struct gt_ggroups *out)
{
	return groups_by_func(m, t0, t1, 0, out);
}

void gt_ggroups_free(struct gt_ggroups *g)
{
	free(g->group);
	free(g->reason);
	free(g->member);
	memset(g, 0, sizeof *g);
}
