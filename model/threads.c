/* threads.c: the threads' figures over a window (gt_model_threads, its
 * definition in model.h): each goroutine's Running time goes to the M
 * that held its P then, each Syscall interval to the M its goroutine ran
 * on when it entered it.  One walk over the goroutines' intervals in the
 * window, with the Ms' P-holding spans sorted by P for the lookups. */
#include "model/model_int.h"
#include "decode/ids.h"

#include <stdlib.h>
#include <string.h>

struct hold { uint32_t pi, mi; int64_t start, end; };

struct tq {
	const struct gt_model *m;
	int64_t t0, t1;
	struct hold *h;
	size_t nh, caph;
	uint32_t *pfirst;          /* by P index: first hold of it (+ npi: end) */
	struct gt_mfig *fig;       /* by M index, then the unknown row */
	uint32_t unknown;          /* its index */
	uint32_t np;               /* P indices: below np */
	uint64_t *pairs;           /* (thread << 32 | gi) met, deduplicated later */
	size_t npair, cappair;
	uint32_t gi;
	struct gt_gspan prev;      /* the goroutine's interval before */
	int have_prev, nomem;
	struct gt_gspan sys;       /* a Syscall interval waiting for what follows */
	uint32_t sys_t;            /* its thread row */
	int have_sys;
	gt_msys_fn emit;           /* gt_threads_syscalls: no figures, each
	                              Syscall interval on a known thread here */
	void *ectx;
};

static int hold_add(void *ctx, const struct gt_pspan *s)
{
	struct tq *q = ctx;
	if (q->nh == q->caph) {
		size_t cap = q->caph ? q->caph * 2 : 256;
		struct hold *nh = realloc(q->h, cap * sizeof *nh);
		if (!nh)
			return q->nomem = 1;
		q->h = nh;
		q->caph = cap;
	}
	q->h[q->nh++] = (struct hold){.pi = s->g, .mi = q->unknown, .start = s->start, .end = s->end};
	return 0;
}

static int hold_cmp(const void *a, const void *b)
{
	const struct hold *x = a, *y = b;
	if (x->pi != y->pi)
		return x->pi < y->pi ? -1 : 1;
	return (x->start > y->start) - (x->start < y->start);
}

/* The first hold of P pi ending after t. */
static size_t hold_at(const struct tq *q, uint32_t pi, int64_t t)
{
	size_t lo = q->pfirst[pi], hi = q->pfirst[pi + 1];
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (q->h[mid].end <= t)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static uint32_t p_index(const struct gt_model *m, int64_t p)
{
	if (p == GT_NONE)
		return UINT32_MAX;
	if (p >= 0 && p < GT_PDIRECT && m->pdirect[p])
		return m->pdirect[p] - 1;
	return gt_ids_get(&m->pmap, p);
}

static void pair(struct tq *q, uint32_t row, uint32_t gi)
{
	uint64_t v = (uint64_t)row << 32 | gi;
	if (q->npair && q->pairs[q->npair - 1] == v)
		return;
	if (q->npair == q->cappair) {
		size_t cap = q->cappair ? q->cappair * 2 : 1024;
		uint64_t *np = realloc(q->pairs, cap * sizeof *np);
		if (!np) {
			q->nomem = 1;
			return;
		}
		q->pairs = np;
		q->cappair = cap;
	}
	q->pairs[q->npair++] = v;
}

/* Running [a, b) on P pi: to the Ms that held it, the rest unknown. */
static void run_on(struct tq *q, uint32_t pi, int64_t a, int64_t b)
{
	int64_t covered = 0;
	if (pi < q->np) {
		size_t end = q->pfirst[pi + 1];
		for (size_t i = hold_at(q, pi, a); i < end && q->h[i].start < b; i++) {
			int64_t s = q->h[i].start > a ? q->h[i].start : a;
			int64_t e = q->h[i].end < b ? q->h[i].end : b;
			if (e <= s)
				continue;
			q->fig[q->h[i].mi].running_ns += e - s;
			covered += e - s;
			pair(q, q->h[i].mi, q->gi);
		}
	}
	if (b - a > covered) {
		q->fig[q->unknown].running_ns += b - a - covered;
		pair(q, q->unknown, q->gi);
	}
}

/* The thread row a goroutine entered a syscall on at t, from the Running
 * interval r just before. */
static uint32_t sys_thread(const struct tq *q, const struct gt_gspan *r, int64_t t)
{
	uint32_t pi = p_index(q->m, r->p);
	if (pi >= q->np)
		return q->unknown;
	int64_t at = t > r->start ? t - 1 : t;
	size_t i = hold_at(q, pi, at);
	return i < q->pfirst[pi + 1] && q->h[i].start <= at ? q->h[i].mi : q->unknown;
}

static void sys_done(struct tq *q, int blocked)
{
	const struct gt_gspan *s = &q->sys;
	if (q->emit) {
		if (q->sys_t != q->unknown && q->emit(q->ectx, q->sys_t, q->gi, s->start, s->end))
			q->nomem = 1;
		q->have_sys = 0;
		return;
	}
	struct gt_mfig *f = &q->fig[q->sys_t];
	f->syscall_ns += gt_gspan_clip(s, q->t0, q->t1);
	f->syscalls++;
	f->blocked += blocked;
	if (s->end - s->start > f->longest_ns) {
		f->longest_ns = s->end - s->start;
		f->longest_gi = q->gi;
		f->longest_start = s->start;
		f->longest_stack = s->stack;
	}
	pair(q, q->sys_t, q->gi);
	q->have_sys = 0;
}

static int look_back(void *ctx, const struct gt_gspan *s)
{
	struct gt_gspan *r = ctx;
	*r = *s;
	return 0;
}

static int on_span(void *ctx, const struct gt_gspan *s)
{
	struct tq *q = ctx;
	if (q->have_sys)
		sys_done(q, gt_syscall_blocked(&q->sys, s) == 1);
	if (gt_gspan_clip(s, q->t0, q->t1) >= 0) {
		if (s->state == GT_GS_RUNNING && !q->emit) {
			int64_t a = s->start > q->t0 ? s->start : q->t0;
			int64_t b = s->end < q->t1 ? s->end : q->t1;
			if (b > a)
				run_on(q, p_index(q->m, s->p), a, b);
		} else if (s->state == GT_GS_SYSCALL) {
			struct gt_gspan r = {.state = GT_GS__COUNT};
			if (q->have_prev && q->prev.end == s->start)
				r = q->prev;
			else if (s->start > INT64_MIN)
				gt_model_g_spans(q->m, q->gi, s->start - 1, s->start, look_back, &r);
			q->sys = *s;
			q->sys_t = r.state == GT_GS_RUNNING && r.end == s->start ?
			           sys_thread(q, &r, s->start) : q->unknown;
			if (r.state != GT_GS_RUNNING) { /* its first status? */
				uint32_t mi = gt_model_gsys0_m(q->m, q->gi, s->start);
				q->sys_t = mi < q->unknown ? mi : q->unknown;
			}
			q->have_sys = 1;
		}
	}
	q->prev = *s;
	q->have_prev = 1;
	return q->nomem;
}

static int next_span(void *ctx, const struct gt_gspan *s)
{
	struct gt_gspan *n = ctx;
	if (s->start >= n->start && n->state == GT_GS__COUNT)
		*n = *s;
	return 0;
}

static int pair_cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

/* gt_model_threads, or with emit the Syscall intervals only (all of
 * them: the window is the whole trace). */
static int walk(const struct gt_model *m, int64_t t0, int64_t t1, struct gt_mfig **out,
                uint32_t *n, gt_msys_fn emit, void *ectx)
{
	*out = NULL;
	*n = 0;
	uint32_t nm = gt_model_m_count(m), np = gt_model_p_count(m), ng = gt_model_g_count(m);
	struct tq q = {.m = m, .t0 = t0, .t1 = t1, .unknown = nm, .np = np, .emit = emit, .ectx = ectx};
	q.fig = calloc((size_t)nm + 1, sizeof *q.fig);
	q.pfirst = calloc((size_t)np + 2, sizeof *q.pfirst);
	if (!q.fig || !q.pfirst)
		goto nomem;
	for (uint32_t mi = 0; mi <= nm; mi++) {
		q.fig[mi].m = mi < nm ? gt_model_m(m, mi)->id : GT_NONE;
		q.fig[mi].longest_ns = -1;
		q.fig[mi].longest_gi = UINT32_MAX;
	}
	/* every P-holding span: a syscall in the window may have begun before it */
	for (uint32_t mi = 0; mi < nm; mi++) {
		size_t from = q.nh;
		gt_model_m_spans(m, mi, INT64_MIN, INT64_MAX, hold_add, &q);
		for (size_t i = from; i < q.nh; i++)
			q.h[i].mi = mi;
		if (q.nomem)
			goto nomem;
	}
	if (q.nh)
		qsort(q.h, q.nh, sizeof *q.h, hold_cmp);
	for (size_t i = 0, pi = 0; pi <= np; pi++) {
		while (i < q.nh && q.h[i].pi < pi)
			i++;
		q.pfirst[pi] = (uint32_t)i;
	}
	q.pfirst[np + 1] = (uint32_t)q.nh;
	for (uint32_t gi = 0; gi < ng; gi++) {
		if (!gt_model_g_may_meet(m, gi, t0, t1))
			continue;
		q.gi = gi;
		q.have_prev = q.have_sys = 0;
		gt_model_g_spans(m, gi, t0, t1, on_span, &q);
		if (q.nomem)
			goto nomem;
		if (q.have_sys) {
			/* what its goroutine did next, past the window */
			struct gt_gspan nx = {.start = q.sys.end, .state = GT_GS__COUNT};
			if (q.sys.end < INT64_MAX)
				gt_model_g_spans(m, gi, q.sys.end, q.sys.end + 1, next_span, &nx);
			sys_done(&q, gt_syscall_blocked(&q.sys, &nx) == 1);
			if (q.nomem)
				goto nomem;
		}
	}
	if (q.npair)
		qsort(q.pairs, q.npair, sizeof *q.pairs, pair_cmp);
	for (size_t i = 0; i < q.npair; i++)
		if (!i || q.pairs[i] != q.pairs[i - 1])
			q.fig[q.pairs[i] >> 32].goroutines++;
	/* by M id, the unknown row last when it holds anything */
	struct gt_mfig *f = q.fig;
	uint32_t rows = nm;
	const struct gt_mfig *u = &f[nm];
	if (u->running_ns || u->syscall_ns || u->syscalls || u->goroutines)
		rows++;
	for (uint32_t i = 1; i < nm; i++) /* (Ms are few: insertion) */
		for (uint32_t j = i; j > 0 && f[j - 1].m > f[j].m; j--) {
			struct gt_mfig t = f[j];
			f[j] = f[j - 1];
			f[j - 1] = t;
		}
	free(q.h);
	free(q.pfirst);
	free(q.pairs);
	*out = f;
	*n = rows;
	return 0;
nomem:
	free(q.h);
	free(q.pfirst);
	free(q.pairs);
	free(q.fig);
	return -1;
}

uint32_t gt_model_gsys0_m(const struct gt_model *m, uint32_t gi, int64_t ts)
{
	const struct gt_gsys0 *v = m->gsys0.v;
	int64_t id = gt_model_g_id(m, gi);
	for (size_t i = 0; i < m->gsys0.n; i++) /* (a few) */
		if (v[i].g == id && v[i].ts == ts)
			return gt_ids_get(&m->mmap, v[i].m);
	return UINT32_MAX;
}

int gt_model_threads(const struct gt_model *m, int64_t t0, int64_t t1, struct gt_mfig **out,
                     uint32_t *n)
{
	return walk(m, t0, t1, out, n, NULL, NULL);
}

int gt_threads_syscalls(const struct gt_model *m, gt_msys_fn fn, void *ctx)
{
	struct gt_mfig *f;
	uint32_t n;
	if (walk(m, INT64_MIN, INT64_MAX, &f, &n, fn, ctx) < 0)
		return -1;
	free(f);
	return 0;
}

/* Frames a syscall goes through on its way in, not where it was made. */
static int wrapper(const char *f)
{
	static const char *const pre[] = {
		"runtime.", "internal/runtime/", "syscall.Syscall", "syscall.RawSyscall",
		"syscall.rawSyscall", "syscall.rawVforkSyscall", "syscall.runtime_",
		"internal/syscall/unix.Syscall", "golang.org/x/sys/unix.Syscall",
		"golang.org/x/sys/unix.RawSyscall",
	};
	for (size_t i = 0; i < sizeof pre / sizeof pre[0]; i++)
		if (!strncmp(f, pre[i], strlen(pre[i])))
			return 1;
	return 0;
}

gt_str gt_model_syscall_func(const struct gt_model *m, gt_stack st)
{
	size_t n = st ? gt_stack_depth(m->tables, st) : 0;
	const uint32_t *fr = n ? gt_stack_frames(m->tables, st) : NULL;
	for (size_t i = 0; i < n; i++) {
		const struct gt_frame *f = fr[i] ? gt_frame_get(m->tables, fr[i]) : NULL;
		if (f && f->func && !wrapper(gt_str_get(m->tables, f->func)))
			return f->func;
	}
	return 0;
}

int gt_syscall_blocked(const struct gt_gspan *sys, const struct gt_gspan *next)
{
	if (!next || next->start != sys->end)
		return -1;
	return next->state == GT_GS_RUNNABLE ? 1 : next->state == GT_GS_RUNNING ? 0 : -1;
}
