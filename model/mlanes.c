/* mlanes.c: what each thread (M) ran, as lanes: the goroutine runs and
 * the syscalls gt_model_threads puts on it (its definition in model.h),
 * for the viewer's M lanes (gt_model_m_runs, gt_model_lane_columns).
 *
 * Why lazily: the syscalls' threads come from a walk over every
 * goroutine's intervals (which M held the P it ran on just before), too
 * long to pay at each frame and not worth paying at each load; the
 * first query builds the lanes once, under mact_mu, and every later one
 * costs what a P lane's does (lane.h).  The runs come from each M's
 * P-holding spans and the P lanes in them, in time order, so only the
 * syscalls are held in memory meanwhile. */
#include "model/model_int.h"

#include <stdlib.h>
#include <string.h>

struct gt_mact {
	struct gt_lanes ls;
	struct gt_lane *l;     /* by M index */
	uint32_t n;
};

struct msys { int64_t start, end; uint32_t mi, gi; };

struct mb {
	const struct gt_model *m;
	struct gt_mact *a;
	struct msys *sys;
	size_t nsys, capsys;
	size_t next;           /* the current M's next syscall */
	size_t end;            /* ...and the end of its syscalls */
	uint32_t mi;
	int64_t hold0, hold1;  /* the P-holding span being walked */
	int nomem;
};

static int add_sys(void *ctx, uint32_t mi, uint32_t gi, int64_t start, int64_t end)
{
	struct mb *b = ctx;
	if (b->nsys == b->capsys) {
		size_t cap = b->capsys ? b->capsys * 2 : 1024;
		struct msys *ns = realloc(b->sys, cap * sizeof *ns);
		if (!ns)
			return 1;
		b->sys = ns;
		b->capsys = cap;
	}
	b->sys[b->nsys++] = (struct msys){start, end, mi, gi};
	return 0;
}

static int sys_cmp(const void *x, const void *y)
{
	const struct msys *p = x, *q = y;
	if (p->mi != q->mi)
		return p->mi < q->mi ? -1 : 1;
	return (p->start > q->start) - (p->start < q->start);
}

/* Appends [start, end) to the current M's lane, cut where it would
 * overlap the span before (lanes hold no overlaps; the rule gives none
 * but where the trace contradicts itself). */
static void put(struct mb *b, int64_t start, int64_t end, uint32_t gi, uint8_t cls)
{
	struct gt_lane *l = &b->a->l[b->mi];
	if (l->nrec && start < l->prev_end)
		start = l->prev_end;
	if (end <= start || b->nomem)
		return;
	if (gt_lane_append(&b->a->ls, l, start, end, gi, cls) < 0)
		b->nomem = 1;
}

/* The current M's syscalls that begin before t. */
static void flush_sys(struct mb *b, int64_t t)
{
	for (; b->next < b->end && b->sys[b->next].start < t; b->next++)
		put(b, b->sys[b->next].start, b->sys[b->next].end, b->sys[b->next].gi, GT_MRUN_SYSCALL);
}

static int on_run(void *ctx, const struct gt_pspan *s)
{
	struct mb *b = ctx;
	int64_t a = s->start > b->hold0 ? s->start : b->hold0;
	int64_t z = s->end < b->hold1 ? s->end : b->hold1;
	if (z <= a)
		return 0;
	flush_sys(b, a);
	put(b, a, z, s->g, GT_MRUN_RUNNING);
	return b->nomem;
}

static int on_hold(void *ctx, const struct gt_pspan *h)
{
	struct mb *b = ctx;
	b->hold0 = h->start;
	b->hold1 = h->end;
	gt_model_p_spans(b->m, h->g, h->start, h->end, on_run, b);
	return b->nomem;
}

static struct gt_mact *build(const struct gt_model *m)
{
	uint32_t nm = gt_model_m_count(m);
	struct gt_mact *a = calloc(1, sizeof *a);
	struct mb b = {.m = m, .a = a};
	if (!a || !(a->l = calloc(nm ? nm : 1, sizeof *a->l)))
		goto fail;
	a->n = nm;
	a->ls.tshift = m->lanes.tshift;
	if (gt_threads_syscalls(m, add_sys, &b) < 0)
		goto fail;
	if (b.nsys)
		qsort(b.sys, b.nsys, sizeof *b.sys, sys_cmp);
	for (uint32_t mi = 0; mi < nm; mi++) {
		a->l[mi].id = mi;
		b.mi = mi;
		b.end = b.next;
		while (b.end < b.nsys && b.sys[b.end].mi == mi)
			b.end++;
		gt_model_m_spans(m, mi, INT64_MIN, INT64_MAX, on_hold, &b);
		flush_sys(&b, INT64_MAX);
		if (b.nomem)
			goto fail;
	}
	free(b.sys);
	b.sys = NULL;
	struct gt_lane **ptr = malloc((nm ? nm : 1) * sizeof *ptr);
	if (!ptr)
		goto fail;
	for (uint32_t mi = 0; mi < nm; mi++)
		ptr[mi] = &a->l[mi];
	int r = gt_lanes_finish(&a->ls, ptr, nm);
	free(ptr);
	if (r < 0)
		goto fail;
	return a;
fail:
	free(b.sys);
	if (a) {
		gt_lanes_free(&a->ls);
		free(a->l);
		free(a);
	}
	return NULL;
}

static const struct gt_mact *mact(const struct gt_model *m)
{
	struct gt_model *mm = (struct gt_model *)m; /* the cache only */
	pthread_mutex_lock(&mm->mact_mu);
	if (!mm->mact)
		mm->mact = build(m);
	pthread_mutex_unlock(&mm->mact_mu);
	return mm->mact;
}

int gt_model_m_runs_built(const struct gt_model *m)
{
	struct gt_model *mm = (struct gt_model *)m; /* the cache only */
	pthread_mutex_lock(&mm->mact_mu);
	int built = mm->mact != NULL;
	pthread_mutex_unlock(&mm->mact_mu);
	return built;
}

void gt_model_mact_free(struct gt_model *m)
{
	if (!m->mact)
		return;
	gt_lanes_free(&m->mact->ls);
	free(m->mact->l);
	free(m->mact);
	m->mact = NULL;
}

struct rq { gt_mrun_fn fn; void *ctx; };

static int run_rec(void *ctx, const struct gt_span_rec *s)
{
	struct rq *q = ctx;
	struct gt_mrun r = {s->start, s->end, s->val, s->cls};
	return q->fn(q->ctx, &r);
}

void gt_model_m_runs(const struct gt_model *m, uint32_t mi, int64_t t0, int64_t t1,
                     gt_mrun_fn fn, void *ctx)
{
	const struct gt_mact *a = mact(m);
	if (!a || mi >= a->n)
		return;
	struct rq q = {fn, ctx};
	gt_lane_query(&a->ls, &a->l[mi], t0, t1, run_rec, &q);
}

int gt_model_m_runs_columns(const struct gt_model *m, uint32_t mi, const struct gt_cols *cs,
                            uint32_t first, uint32_t ncols, struct gt_lane_col *out)
{
	const struct gt_mact *a = mact(m);
	if (!a || mi >= a->n)
		return -1;
	gt_lane_columns_of(&a->ls, &a->l[mi], cs, first, ncols, out);
	return 0;
}
