/* wstats.c: a time window's statistics (the viewer's marked range, the
 * headless reports' --window): goroutine time per state and who ran or
 * waited most, GC, STW and assists, and what happened, by kind. */
#include "model/gpar.h"
#include "decode/ids.h"
#include "model/gwalk.h"

#include <stdlib.h>
#include <string.h>

/* One thread's sums (gt_model_g_par). */
struct part {
	const struct gt_model *m;
	int64_t t0, t1;
	uint32_t goroutines;
	int64_t ns[GT_GS__COUNT];
	uint32_t began[GT_GS__COUNT];
	struct gt_wtop ran[GT_WSTATS_TOP], waited[GT_WSTATS_TOP];
	struct gt_ids wkey;  /* reason << 32 | stack -> wait slot */
	struct gt_vec waits; /* struct gt_wwait */
	int64_t last_key;    /* the last wait's key and slot: a goroutine */
	uint32_t last_slot;  /* mostly waits where it waited before */
	int64_t gns[GT_GS__COUNT];
	int nomem;
};

/* Keeps top[0..GT_WSTATS_TOP) the largest ns first (ties: lower index). */
static void top_offer(struct gt_wtop *top, uint32_t gi, int64_t ns)
{
	if (ns <= 0)
		return;
	int i = GT_WSTATS_TOP;
	while (i > 0 && (top[i - 1].gi == UINT32_MAX || top[i - 1].ns < ns ||
	                 (top[i - 1].ns == ns && top[i - 1].gi > gi)))
		i--;
	if (i == GT_WSTATS_TOP)
		return;
	memmove(top + i + 1, top + i, (GT_WSTATS_TOP - 1 - i) * sizeof *top);
	top[i] = (struct gt_wtop){gi, ns};
}

static int span(void *ctx, const struct gt_gspan *s)
{
	struct part *p = ctx;
	int64_t d = gt_gspan_clip(s, p->t0, p->t1);
	if (d < 0 || s->state >= GT_GS__COUNT)
		return 0;
	p->gns[s->state] += d;
	if (s->start >= p->t0)
		p->began[s->state]++;
	if (s->state != GT_GS_WAITING)
		return 0;
	int64_t key = (int64_t)((uint64_t)s->reason << 32 | s->stack);
	uint32_t k = key == p->last_key ? p->last_slot : gt_ids_get(&p->wkey, key);
	if (k == UINT32_MAX) {
		struct gt_wwait *w = gt_vec_push(&p->waits, sizeof *w);
		if (!w || gt_ids_put(&p->wkey, key, (uint32_t)(p->waits.n - 1)) < 0) {
			p->nomem = 1;
			return 1;
		}
		w->reason = s->reason;
		w->stack = s->stack;
		k = (uint32_t)(p->waits.n - 1);
	}
	GT_VEC_AT(p->waits, struct gt_wwait, k).ns += d;
	p->last_key = key;
	p->last_slot = k;
	return 0;
}

/* Goroutine gi's intervals in the window into p (no facts read: over a
 * small window most goroutines have none). */
static int each_g(void *ctx, uint32_t gi)
{
	struct part *p = ctx;
	memset(p->gns, 0, sizeof p->gns);
	uint32_t began[GT_GS__COUNT];
	memcpy(began, p->began, sizeof began);
	gt_g_spans_inline(p->m, gi, p->t0, p->t1, span, p);
	if (p->nomem)
		return -1;
	int any = memcmp(began, p->began, sizeof began) != 0;
	for (int s = 0; s < GT_GS__COUNT; s++) {
		any |= p->gns[s] > 0;
		p->ns[s] += p->gns[s];
	}
	p->goroutines += any;
	top_offer(p->ran, gi, p->gns[GT_GS_RUNNING]);
	top_offer(p->waited, gi, p->gns[GT_GS_WAITING]);
	return 0;
}

static int by_ns(const void *a, const void *b)
{
	const struct gt_wwait *x = a, *y = b;
	if (x->ns != y->ns)
		return x->ns < y->ns ? 1 : -1;
	if (x->reason != y->reason)
		return x->reason < y->reason ? -1 : 1;
	return x->stack < y->stack ? -1 : x->stack > y->stack;
}

/* Time-ordered events at [t0, t1): how many (binary searches). */
static uint32_t samples_in(const struct gt_model *m, int64_t t0, int64_t t1)
{
	size_t n, lo[2];
	const struct gt_sample *s = gt_model_samples(m, &n);
	for (int e = 0; e < 2; e++) {
		int64_t t = e ? t1 : t0;
		size_t a = 0, b = n;
		while (a < b) {
			size_t mid = a + (b - a) / 2;
			if (s[mid].ts < t)
				a = mid + 1;
			else
				b = mid;
		}
		lo[e] = a;
	}
	return (uint32_t)(lo[1] - lo[0]);
}

static uint32_t ranges_in(const struct gt_model *m, enum gt_range_set set, int64_t t0, int64_t t1)
{
	size_t n;
	uint32_t c = 0;
	const struct gt_range *r = gt_model_ranges(m, set, &n);
	for (size_t i = gt_model_ranges_from(m, set, t0); i < n && r[i].start < t1; i++)
		c += r[i].end > t0 || (r[i].start == r[i].end && r[i].start >= t0);
	return c;
}

int gt_model_window_stats_gc(const struct gt_model *m, int64_t t0, int64_t t1,
                             struct gt_wstats *out)
{
	memset(out, 0, sizeof *out);
	struct gt_trace_info info;
	gt_model_info(m, &info);
	out->t0 = t0 > info.min_ts ? t0 : info.min_ts;
	out->t1 = t1 < info.max_ts ? t1 : info.max_ts;
	if (out->t1 < out->t0)
		out->t1 = out->t0;
	t0 = out->t0;
	t1 = out->t1;
	if (t1 > t0) {
		gt_model_range_columns(m, GT_RS_GC, t0, t1, 1, &out->gc_ns);
		gt_model_range_columns(m, GT_RS_STW, t0, t1, 1, &out->stw_ns);
	}
	out->gc_cycles = ranges_in(m, GT_RS_GC, t0, t1);
	out->stws = ranges_in(m, GT_RS_STW, t0, t1);
	gt_model_gc_assists(m, t0, t1, &out->assists, &out->assist_ns);
	out->samples = samples_in(m, t0, t1);
	size_t n;
	const struct gt_region *r = gt_model_regions(m, &n);
	for (size_t i = 0; i < n; i++)
		out->regions += r[i].start >= t0 && r[i].start < t1;
	const struct gt_task *tk = gt_model_tasks(m, &n);
	for (size_t i = 0; i < n; i++)
		out->tasks += tk[i].start >= t0 && tk[i].start < t1;
	const struct gt_log *l = gt_model_logs(m, &n);
	for (size_t i = 0; i < n; i++)
		out->logs += l[i].ts >= t0 && l[i].ts < t1;
	for (int i = 0; i < GT_WSTATS_TOP; i++)
		out->ran[i].gi = out->waited[i].gi = UINT32_MAX;
	return 0;
}

int gt_model_window_stats(const struct gt_model *m, int64_t t0, int64_t t1,
                          struct gt_wstats *out)
{
	gt_model_window_stats_gc(m, t0, t1, out);
	t0 = out->t0;
	t1 = out->t1;
	struct part pt[2];
	for (int k = 0; k < 2; k++) {
		memset(&pt[k], 0, sizeof pt[k]);
		pt[k].m = m;
		pt[k].t0 = t0;
		pt[k].t1 = t1;
		pt[k].last_key = -1; /* no key: reasons and stacks are u32 */
		for (int i = 0; i < GT_WSTATS_TOP; i++)
			pt[k].ran[i].gi = pt[k].waited[i].gi = UINT32_MAX;
	}
	void *ctx[2] = {&pt[0], &pt[1]};
	int rc = t1 > t0 ? gt_model_gi_par(m, t0, t1, each_g, ctx) : 0;
	/* the second thread's sums into the first's */
	struct part *a = &pt[0], *b = &pt[1];
	for (size_t i = 0; rc >= 0 && i < b->waits.n; i++) {
		const struct gt_wwait *w = &GT_VEC_AT(b->waits, struct gt_wwait, i);
		int64_t key = (int64_t)((uint64_t)w->reason << 32 | w->stack);
		uint32_t k = gt_ids_get(&a->wkey, key);
		if (k == UINT32_MAX) {
			struct gt_wwait *nw = gt_vec_push(&a->waits, sizeof *nw);
			if (!nw || gt_ids_put(&a->wkey, key, (uint32_t)(a->waits.n - 1)) < 0) {
				rc = -1;
				break;
			}
			*nw = *w;
		} else
			GT_VEC_AT(a->waits, struct gt_wwait, k).ns += w->ns;
	}
	if (rc >= 0) {
		out->goroutines = a->goroutines + b->goroutines;
		for (int s = 0; s < GT_GS__COUNT; s++) {
			out->g_ns[s] = a->ns[s] + b->ns[s];
			out->transitions[s] = a->began[s] + b->began[s];
		}
		for (int i = 0; i < GT_WSTATS_TOP; i++) {
			out->ran[i] = a->ran[i];
			out->waited[i] = a->waited[i];
		}
		for (int i = 0; i < GT_WSTATS_TOP; i++) {
			if (b->ran[i].gi != UINT32_MAX)
				top_offer(out->ran, b->ran[i].gi, b->ran[i].ns);
			if (b->waited[i].gi != UINT32_MAX)
				top_offer(out->waited, b->waited[i].gi, b->waited[i].ns);
		}
		if (a->waits.n)
			qsort(a->waits.v, a->waits.n, sizeof(struct gt_wwait), by_ns);
		out->nwaits = a->waits.n < GT_WSTATS_TOP ? (uint32_t)a->waits.n : GT_WSTATS_TOP;
		for (uint32_t i = 0; i < out->nwaits; i++)
			out->waits[i] = GT_VEC_AT(a->waits, struct gt_wwait, i);
	}
	for (int k = 0; k < 2; k++) {
		gt_ids_free(&pt[k].wkey);
		gt_vec_free(&pt[k].waits);
	}
	return rc < 0 ? -1 : 0;
}
