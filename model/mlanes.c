/* mlanes.c: what each thread (M) ran, as lanes: the goroutine runs and
 * the syscalls gt_model_threads puts on it (its definition in model.h),
 * for the viewer's M lanes (gt_model_m_runs, gt_model_lane_columns).
 *
 * Why lazily: the syscalls' threads come from a walk over every
 * goroutine's intervals (which M held the P it ran on just before), too
 * long to pay at each frame and not worth paying at each load; the
 * first query (or gt_model_m_runs_build, which the viewer calls on a
 * thread of its own) builds the lanes once, under mact_mu, and every
 * later one costs what a P lane's does (lane.h).  The walk runs on two
 * threads (gt_threads_syscalls), each gathering its syscalls, sorted
 * together after.  The runs come from each M's P-holding spans and the
 * P lanes in them, in time order, so only the syscalls are held in
 * memory meanwhile. */
#include "model/model_int.h"

#include <stdlib.h>
#include <string.h>

struct gt_mact {
	struct gt_lanes ls;
	struct gt_lane *l;     /* by M index */
	uint32_t n;
};

struct msys { int64_t start, end; uint32_t mi, gi; };
struct sysv { struct msys *v; size_t n, cap; }; /* one walking thread's */

struct mb {
	const struct gt_model *m;
	const _Atomic int *cancel;
	struct gt_mact *a;
	struct msys *sys;
	size_t nsys;
	size_t next;           /* the current M's next syscall */
	size_t end;            /* ...and the end of its syscalls */
	uint32_t mi;
	int64_t hold0, hold1;  /* the P-holding span being walked */
	int nomem;
};

static int add_sys(void *ctx, uint32_t mi, uint32_t gi, int64_t start, int64_t end)
{
	struct sysv *s = ctx;
	if (s->n == s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 1024;
		struct msys *ns = realloc(s->v, cap * sizeof *ns);
		if (!ns)
			return 1;
		s->v = ns;
		s->cap = cap;
	}
	s->v[s->n++] = (struct msys){start, end, mi, gi};
	return 0;
}

/* By thread, then time; a total order (the walk's is none). */
static int sys_cmp(const void *x, const void *y)
{
	const struct msys *p = x, *q = y;
	if (p->mi != q->mi)
		return p->mi < q->mi ? -1 : 1;
	if (p->start != q->start)
		return p->start < q->start ? -1 : 1;
	if (p->gi != q->gi)
		return p->gi < q->gi ? -1 : 1;
	return (p->end > q->end) - (p->end < q->end);
}

static int cancelled(const struct mb *b)
{
	return b->cancel && atomic_load_explicit(b->cancel, memory_order_relaxed);
}

/* Every syscall on a known thread into b->sys, sorted. */
static int gather(struct mb *b)
{
	struct sysv s[2] = {{0}};
	if (gt_threads_syscalls(b->m, add_sys, (void *[2]){&s[0], &s[1]}, b->cancel) < 0)
		goto fail;
	if (s[1].n) {
		struct msys *v = realloc(s[0].v, (s[0].n + s[1].n) * sizeof *v);
		if (!v)
			goto fail;
		memcpy(v + s[0].n, s[1].v, s[1].n * sizeof *v);
		s[0].v = v;
		s[0].n += s[1].n;
	}
	free(s[1].v);
	b->sys = s[0].v;
	b->nsys = s[0].n;
	if (b->nsys)
		qsort(b->sys, b->nsys, sizeof *b->sys, sys_cmp);
	return 0;
fail:
	free(s[0].v);
	free(s[1].v);
	return -1;
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
	if (cancelled(b))
		return b->nomem = 1;
	gt_model_p_spans(b->m, h->g, h->start, h->end, on_run, b);
	return b->nomem;
}

/* The lanes, or NULL when out of memory or cancelled. */
static struct gt_mact *build(const struct gt_model *m, const _Atomic int *cancel)
{
	uint32_t nm = gt_model_m_count(m);
	struct gt_mact *a = calloc(1, sizeof *a);
	struct mb b = {.m = m, .cancel = cancel, .a = a};
	if (!a || !(a->l = calloc(nm ? nm : 1, sizeof *a->l)))
		goto fail;
	a->n = nm;
	a->ls.tshift = m->lanes.tshift;
	if (gather(&b) < 0 || cancelled(&b))
		goto fail;
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

static const struct gt_mact *mact_built(const struct gt_model *m, const _Atomic int *cancel)
{
	struct gt_model *mm = (struct gt_model *)m; /* the cache only */
	if (atomic_load(&mm->mact_built))
		return mm->mact;
	pthread_mutex_lock(&mm->mact_mu);
	if (!mm->mact && (mm->mact = build(m, cancel)))
		atomic_store(&mm->mact_built, 1);
	pthread_mutex_unlock(&mm->mact_mu);
	return mm->mact;
}

static const struct gt_mact *mact(const struct gt_model *m)
{
	return mact_built(m, NULL);
}

int gt_model_m_runs_build(const struct gt_model *m, const _Atomic int *cancel)
{
	return mact_built(m, cancel) ? 0 : -1;
}

int gt_model_m_runs_built(const struct gt_model *m)
{
	return atomic_load(&((struct gt_model *)m)->mact_built);
}

void gt_model_mact_free(struct gt_model *m)
{
	if (!m->mact)
		return;
	gt_lanes_free(&m->mact->ls);
	free(m->mact->l);
	free(m->mact);
	m->mact = NULL;
	atomic_store(&m->mact_built, 0);
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
