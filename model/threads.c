/* threads.c: the threads' figures over a window (gt_model_threads, its
 * definition in model.h): each goroutine's Running time goes to the M
 * that held its P then, each Syscall interval to the M its goroutine ran
 * on when it entered it.  One walk over the goroutines' intervals in the
 * window, on two threads for a big model (gpar.h: each thread its own
 * figures, added up after), with the Ms' P-holding spans sorted by P for
 * the lookups. */
#include "model/model_int.h"
#include "model/gpar.h"
#include "decode/ids.h"

#include <stdlib.h>
#include <string.h>

struct hold { uint32_t pi, mi; int64_t start, end; };

/* What both threads read. */
struct tshared {
	const struct gt_model *m;
	int64_t t0, t1;
	struct hold *h;
	size_t nh, caph;
	uint32_t *pfirst;          /* by P index: first hold of it (+ npi: end) */
	uint32_t unknown;          /* the unknown row's index */
	uint32_t np;               /* P indices: below np */
	gt_msys_fn emit;           /* gt_threads_syscalls: no figures, each
	                              Syscall interval on a known thread here */
	const _Atomic int *cancel;
	int nomem;                 /* (the holds') */
};

/* One thread's walk (a cache line of its own: the two are side by side
 * and written at every interval). */
struct tq {
	_Alignas(64) const struct tshared *sh;
	const struct gt_model *m;
	int64_t t0, t1;
	struct gt_mfig *fig;       /* by M index, then the unknown row */
	uint32_t *seen;            /* by row: 1 + the last goroutine counted */
	uint32_t gi;
	struct gt_gspan prev;      /* the goroutine's interval before */
	int have_prev, nomem;      /* nomem: also cancelled */
	struct gt_gspan sys;       /* a Syscall interval waiting for what follows */
	uint32_t sys_t;            /* its thread row */
	int have_sys;
	void *ectx;                /* emit's, this thread's */
};

static int hold_add(void *ctx, const struct gt_pspan *s)
{
	struct tshared *q = ctx;
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
static size_t hold_at(const struct tshared *q, uint32_t pi, int64_t t)
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

/* Goroutine gi met on row: counted once (a goroutine's intervals are
 * walked together, on one thread). */
static void pair(struct tq *q, uint32_t row, uint32_t gi)
{
	if (q->seen[row] != gi + 1) {
		q->seen[row] = gi + 1;
		q->fig[row].goroutines++;
	}
}

/* Running [a, b) on P pi: to the Ms that held it, the rest unknown. */
static void run_on(struct tq *q, uint32_t pi, int64_t a, int64_t b)
{
	const struct tshared *sh = q->sh;
	int64_t covered = 0;
	if (pi < sh->np) {
		size_t end = sh->pfirst[pi + 1];
		for (size_t i = hold_at(sh, pi, a); i < end && sh->h[i].start < b; i++) {
			int64_t s = sh->h[i].start > a ? sh->h[i].start : a;
			int64_t e = sh->h[i].end < b ? sh->h[i].end : b;
			if (e <= s)
				continue;
			q->fig[sh->h[i].mi].running_ns += e - s;
			covered += e - s;
			pair(q, sh->h[i].mi, q->gi);
		}
	}
	if (b - a > covered) {
		q->fig[sh->unknown].running_ns += b - a - covered;
		pair(q, sh->unknown, q->gi);
	}
}

/* The thread row a goroutine entered a syscall on at t, from the Running
 * interval r just before. */
static uint32_t sys_thread(const struct tshared *q, const struct gt_gspan *r, int64_t t)
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
	if (q->sh->emit) {
		if (q->sys_t != q->sh->unknown && q->sh->emit(q->ectx, q->sys_t, q->gi, s->start, s->end))
			q->nomem = 1;
		q->have_sys = 0;
		return;
	}
	struct gt_mfig *f = &q->fig[q->sys_t];
	f->syscall_ns += gt_gspan_clip(s, q->t0, q->t1);
	f->syscalls++;
	f->blocked += blocked;
	/* the longest; of two as long, the lower goroutine index's (the
	 * threads take goroutines in no fixed order) */
	if (s->end - s->start > f->longest_ns ||
	    (s->end - s->start == f->longest_ns && q->gi < f->longest_gi)) {
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
	if (q->sh->cancel && atomic_load_explicit(q->sh->cancel, memory_order_relaxed))
		return q->nomem = 1;
	if (q->have_sys)
		sys_done(q, gt_syscall_blocked(&q->sys, s) == 1);
	if (gt_gspan_clip(s, q->t0, q->t1) >= 0) {
		if (s->state == GT_GS_RUNNING && !q->sh->emit) {
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
			uint32_t unknown = q->sh->unknown;
			q->sys_t = r.state == GT_GS_RUNNING && r.end == s->start ?
			           sys_thread(q->sh, &r, s->start) : unknown;
			if (r.state != GT_GS_RUNNING) { /* its first status? */
				uint32_t mi = gt_model_gsys0_m(q->m, q->gi, s->start);
				q->sys_t = mi < unknown ? mi : unknown;
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

/* One goroutine's intervals in the window (gt_model_gi_par's each). */
static int each_g(void *ctx, uint32_t gi)
{
	struct tq *q = ctx;
	if (!gt_model_g_may_meet(q->m, gi, q->t0, q->t1))
		return 0;
	q->gi = gi;
	q->have_prev = q->have_sys = 0;
	gt_model_g_spans(q->m, gi, q->t0, q->t1, on_span, q);
	if (q->nomem)
		return -1;
	if (q->have_sys) {
		/* what its goroutine did next, past the window */
		struct gt_gspan nx = {.start = q->sys.end, .state = GT_GS__COUNT};
		if (q->sys.end < INT64_MAX)
			gt_model_g_spans(q->m, gi, q->sys.end, q->sys.end + 1, next_span, &nx);
		sys_done(q, gt_syscall_blocked(&q->sys, &nx) == 1);
	}
	return q->nomem ? -1 : 0;
}

/* The second thread's figures into the first's. */
static void add_figs(struct gt_mfig *f, const struct gt_mfig *g, uint32_t rows)
{
	for (uint32_t i = 0; i < rows; i++) {
		f[i].running_ns += g[i].running_ns;
		f[i].syscall_ns += g[i].syscall_ns;
		f[i].syscalls += g[i].syscalls;
		f[i].blocked += g[i].blocked;
		f[i].goroutines += g[i].goroutines; /* (each on one thread) */
		if (g[i].longest_ns > f[i].longest_ns ||
		    (g[i].longest_ns == f[i].longest_ns && g[i].longest_gi < f[i].longest_gi)) {
			f[i].longest_ns = g[i].longest_ns;
			f[i].longest_gi = g[i].longest_gi;
			f[i].longest_start = g[i].longest_start;
			f[i].longest_stack = g[i].longest_stack;
		}
	}
}

/* gt_model_threads, or with emit the Syscall intervals only (all of
 * them: the window is the whole trace), ectx[k] emit's context on
 * thread k. */
static int walk(const struct gt_model *m, int64_t t0, int64_t t1, struct gt_mfig **out,
                uint32_t *n, gt_msys_fn emit, void *ectx[2], const _Atomic int *cancel)
{
	*out = NULL;
	*n = 0;
	uint32_t nm = gt_model_m_count(m), np = gt_model_p_count(m);
	struct tshared sh = {.m = m, .t0 = t0, .t1 = t1, .unknown = nm, .np = np, .emit = emit,
	                     .cancel = cancel};
	struct tq q[2];
	for (int k = 0; k < 2; k++) {
		q[k] = (struct tq){.sh = &sh, .m = m, .t0 = t0, .t1 = t1, .ectx = ectx ? ectx[k] : NULL};
		/* (64 bytes more each: the threads' never share a cache line) */
		q[k].fig = calloc((size_t)nm + 3, sizeof *q[k].fig);
		q[k].seen = calloc((size_t)nm + 1 + 16, sizeof *q[k].seen);
	}
	sh.pfirst = calloc((size_t)np + 2, sizeof *sh.pfirst);
	if (!q[0].fig || !q[1].fig || !q[0].seen || !q[1].seen || !sh.pfirst)
		goto nomem;
	for (int k = 0; k < 2; k++)
		for (uint32_t mi = 0; mi <= nm; mi++) {
			q[k].fig[mi].m = mi < nm ? gt_model_m(m, mi)->id : GT_NONE;
			q[k].fig[mi].longest_ns = -1;
			q[k].fig[mi].longest_gi = UINT32_MAX;
		}
	/* every P-holding span: a syscall in the window may have begun before it */
	for (uint32_t mi = 0; mi < nm; mi++) {
		size_t from = sh.nh;
		gt_model_m_spans(m, mi, INT64_MIN, INT64_MAX, hold_add, &sh);
		for (size_t i = from; i < sh.nh; i++)
			sh.h[i].mi = mi;
		if (sh.nomem)
			goto nomem;
	}
	if (sh.nh)
		qsort(sh.h, sh.nh, sizeof *sh.h, hold_cmp);
	for (size_t i = 0, pi = 0; pi <= np; pi++) {
		while (i < sh.nh && sh.h[i].pi < pi)
			i++;
		sh.pfirst[pi] = (uint32_t)i;
	}
	sh.pfirst[np + 1] = (uint32_t)sh.nh;
	if (gt_model_gi_par(m, t0, t1, each_g, (void *[2]){&q[0], &q[1]}) < 0)
		goto nomem;
	struct gt_mfig *f = q[0].fig;
	add_figs(f, q[1].fig, nm + 1);
	/* by M id, the unknown row last when it holds anything */
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
	free(sh.h);
	free(sh.pfirst);
	free(q[0].seen);
	free(q[1].seen);
	free(q[1].fig);
	*out = f;
	*n = rows;
	return 0;
nomem:
	free(sh.h);
	free(sh.pfirst);
	for (int k = 0; k < 2; k++) {
		free(q[k].seen);
		free(q[k].fig);
	}
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
	return walk(m, t0, t1, out, n, NULL, NULL, NULL);
}

int gt_threads_syscalls(const struct gt_model *m, gt_msys_fn fn, void *ctx[2],
                        const _Atomic int *cancel)
{
	struct gt_mfig *f;
	uint32_t n;
	if (walk(m, INT64_MIN, INT64_MAX, &f, &n, fn, ctx, cancel) < 0)
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
