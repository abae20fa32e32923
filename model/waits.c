/* waits.c: the single waits (waits.h): the intervals of each goroutine's
 * log that a blocking profile's kind counts, and the list of them longest
 * first. */
#include "model/waits.h"
#include "model/gpar.h"
#include "model/gwalk.h"
#include "model/profile.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* ---- Which intervals a kind counts ------------------------------------- */

/* Waits Go 1.19 counts as sync: the reasons decode/v1/convert.c gives
 * GoBlockSend, Recv, Select, Sync, Cond and GC. */
static int v1_sync_reason(const char *r)
{
	static const char *const ok[] = {"chan send", "chan receive", "select", "sync",
	                                 "sync.(*Cond).Wait", "GC mark assist wait for work"};
	for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++)
		if (!strcmp(r, ok[i]))
			return 1;
	return 0;
}

static int v2_sync_reason(const char *r)
{
	return strstr(r, "chan") || strstr(r, "sync") || strstr(r, "select");
}

static int net_reason(const char *r)
{
	return !strcmp(r, "network");
}

struct rule {
	uint8_t state;              /* the state an interval is in */
	int (*reason)(const char *); /* its entering reason; NULL any */
	uint8_t from;               /* bit mask of states it may come from; 0 any */
	uint8_t to;                 /* the state it must end in; 0 any */
};
#define BIT(s) (uint8_t)(1u << (s))

static struct rule rule_of(enum gt_prof_kind k, int v1)
{
	struct rule r = {0, NULL, 0, 0};
	switch (k) {
	case GT_PROF_NET:
		r.state = GT_GS_WAITING, r.reason = net_reason;
		break;
	case GT_PROF_SYNC:
		r.state = GT_GS_WAITING, r.reason = v1 ? v1_sync_reason : v2_sync_reason;
		break;
	case GT_PROF_SYSCALL: /* Go 1.19 links a GoSysCall to its GoSysExit only */
		r.state = GT_GS_SYSCALL, r.to = v1 ? GT_GS_RUNNABLE : 0;
		break;
	case GT_PROF_SCHED: /* Go 1.19: GoUnblock and GoCreate to their GoStart */
		r.state = GT_GS_RUNNABLE;
		if (v1)
			r.from = BIT(GT_GS_WAITING) | BIT(GT_GS_NOTEXIST), r.to = GT_GS_RUNNING;
		break;
	default:
		break;
	}
	return r;
}

/* ---- One thread's pass over goroutines ---------------------------------- */

#define NCACHE 64 /* reasons remembered: a trace has a few dozen */

struct walk {
	const struct gt_model *m;
	struct rule rule;
	int64_t t0, t1;
	gt_wait_fn fn;
	void *ctx;
	int failed;
	gt_str creason[NCACHE];
	uint8_t cok[NCACHE];
	unsigned ncache;
	/* the goroutine being walked */
	uint32_t gi;
	uint8_t on;      /* an interval is being tracked */
	gt_stack stack;  /* ...its stack */
	gt_str reason;
	int64_t start;
	uint8_t v1;      /* an old-format trace */
	const struct gt_initial *init; /* its GoCreate at tracing's start,
	                                  until its first transition */
};

static int reason_ok(struct walk *a, gt_str reason)
{
	if (!a->rule.reason)
		return 1;
	for (unsigned i = 0; i < a->ncache; i++)
		if (a->creason[i] == reason)
			return a->cok[i];
	int ok = a->rule.reason(gt_model_str(a->m, reason));
	if (a->ncache < NCACHE)
		a->creason[a->ncache] = reason, a->cok[a->ncache++] = (uint8_t)ok;
	return ok;
}

/* The tracked wait, ended at e by the event of goroutine by_g. */
static int emit(struct walk *a, int64_t e, int64_t by_g)
{
	int64_t s = a->start > a->t0 ? a->start : a->t0;
	if (e > a->t1)
		e = a->t1;
	if (e <= s) /* Go counts only intervals with time in the window */
		return 0;
	struct gt_wait w = {s, e - s, by_g, a->gi, a->reason, a->stack};
	if (a->fn(a->ctx, &w) < 0) {
		a->failed = 1;
		return 1;
	}
	return 0;
}

/* The stack of the event that made transition t: the causing
 * goroutine's for an unblock or a creation (none when no goroutine
 * caused it), else the goroutine's own. */
static gt_stack event_stack(const struct gt_gtrans *t)
{
	if (t->from == GT_GS_WAITING || t->from == GT_GS_NOTEXIST)
		return t->by_g != GT_NONE ? t->by_stack : 0;
	return t->stack;
}

/* Go's walk: a transition into the state (of the reason, from the
 * states, with a stack) starts an interval; same-state transitions go
 * on with it; the next transition out ends it (when it goes where the
 * rule wants). */
static int trans(void *ctx, const struct gt_gtrans *t)
{
	struct walk *a = ctx;
	if (a->init) {
		/* Go 1.19 counts a goroutine runnable (or running) when tracing
		 * began as waiting from the GoCreate tracing's start wrote for
		 * it to its first GoStart, on that GoCreate's stack */
		const struct gt_initial *ig = a->init;
		a->init = NULL;
		if (t->from == GT_GS_UNDETERMINED && ig->stack &&
		    (t->to == GT_GS_RUNNING || t->to == GT_GS_RUNNABLE)) {
			a->stack = ig->stack;
			a->start = ig->ts;
			a->reason = 0;
			if (t->to == GT_GS_RUNNABLE) {
				a->on = 1;
				return 0;
			}
			if (emit(a, t->ts, GT_NONE))
				return 1;
		}
	}
	if (a->on) {
		if (t->to == a->rule.state)
			return 0;
		a->on = 0;
		if ((!a->rule.to || t->to == a->rule.to) && emit(a, t->ts, t->by_g))
			return 1;
	}
	if (t->ts >= a->t1)
		return 1; /* what begins from here has no time in the window */
	if (t->to != a->rule.state || (a->rule.from && !(BIT(t->from) & a->rule.from)))
		return 0;
	gt_stack st = a->rule.state == GT_GS_RUNNABLE ? event_stack(t) : t->stack;
	if (st && reason_ok(a, t->reason)) {
		a->on = 1;
		a->stack = st;
		a->reason = t->reason;
		a->start = t->ts;
	}
	return 0;
}

static int each_g(void *ctx, uint32_t gi)
{
	struct walk *a = ctx;
	a->on = 0; /* one still on at the end of the trace never ended */
	a->gi = gi;
	a->init = a->v1 && a->rule.state == GT_GS_RUNNABLE ? gt_model_g_initial(a->m, gi) : NULL;
	gt_g_transitions_inline(a->m, gi, trans, a);
	return a->failed ? -1 : 0;
}

int gt_waits_each(const struct gt_model *m, enum gt_prof_kind k, int64_t t0, int64_t t1,
                  gt_wait_fn fn, void *ctx[2])
{
	if ((unsigned)k >= GT_PROF_CPU)
		return -1;
	struct gt_trace_info info;
	gt_model_info(m, &info);
	struct walk a[2];
	for (int i = 0; i < 2; i++)
		a[i] = (struct walk){.m = m, .rule = rule_of(k, info.format == 1), .t0 = t0,
		                     .t1 = t1, .fn = fn, .ctx = ctx[i], .v1 = info.format == 1};
	return gt_model_gi_par(m, t0, t1, each_g, (void *[2]){&a[0], &a[1]}) < 0 ? -1 : 0;
}

/* ---- The list, longest first ---------------------------------------------- */

/* Whether a comes before b in the list. */
static int before(const struct gt_wait *a, const struct gt_wait *b)
{
	if (a->ns != b->ns)
		return a->ns > b->ns;
	if (a->start != b->start)
		return a->start < b->start;
	return a->gi < b->gi;
}

/* The whole list is sorted by buckets of duration, longest first, then
 * each bucket on its own: a duration under 2048 ns is its own bucket,
 * a longer one shares its bucket with those of the same leading 12 bits
 * (the same power of two and the 11 bits after its top one), so a
 * bucket's waits differ by under 1/2048 of their time and a bucket is
 * small and sorted in cache.  The threads count their waits by bucket as
 * they gather them, place them in one pass and sort halves of the
 * buckets: no sort of millions of waits across memory, no merge (a
 * quicksort and a merge of esbuild_go126's 8 million sched waits were
 * most of the list's time). */
#define NBUCKETS (53u << 11) /* durations up to 2^63 */

static uint32_t bucket_of(int64_t ns)
{
	uint64_t v = (uint64_t)ns;
	uint32_t k;
	if (v < 2048)
		k = (uint32_t)v;
	else {
		int e = 63 - __builtin_clzll(v);
		k = ((uint32_t)(e - 10) << 11) | (uint32_t)((v >> (e - 11)) & 2047);
	}
	return NBUCKETS - 1 - k; /* the longest first */
}

/* One thread's waits: all of them (with their number by bucket), or
 * (limit) a heap of the first limit with the last of them at its root. */
struct gather {
	const uint8_t *through; /* by stack: has a frame in the function; NULL all */
	size_t limit;
	struct gt_wait *v;
	size_t n, cap;
	uint64_t count;
	int64_t ns;
	uint32_t *hist;         /* NBUCKETS counts when not limit */
};

static void sift_down(struct gt_wait *h, size_t n, size_t i)
{
	for (;;) {
		size_t l = 2 * i + 1, r = l + 1, last = i;
		if (l < n && before(&h[last], &h[l]))
			last = l;
		if (r < n && before(&h[last], &h[r]))
			last = r;
		if (last == i)
			return;
		struct gt_wait t = h[i];
		h[i] = h[last], h[last] = t;
		i = last;
	}
}

static void sift_up(struct gt_wait *h, size_t i)
{
	while (i) {
		size_t p = (i - 1) / 2;
		if (!before(&h[p], &h[i]))
			return;
		struct gt_wait t = h[i];
		h[i] = h[p], h[p] = t;
		i = p;
	}
}

/* v[0..n) in list order: a quicksort with the comparison inline (a
 * kind's waits can be millions: qsort's calls and its copies through a
 * buffer took seconds), insertion sort for short runs, and a heap sort
 * below a depth that only bad pivots reach. */
static void swap_w(struct gt_wait *a, struct gt_wait *b)
{
	struct gt_wait t = *a;
	*a = *b, *b = t;
}

static void heap_sort(struct gt_wait *v, size_t n)
{
	for (size_t i = n / 2; i-- > 0;)
		sift_down(v, n, i);
	for (size_t e = n; e > 1; e--) { /* the root is the last in order */
		swap_w(&v[0], &v[e - 1]);
		sift_down(v, e - 1, 0);
	}
}

static void sort_waits(struct gt_wait *v, size_t n, int depth)
{
	while (n > 16) {
		if (depth-- == 0) {
			heap_sort(v, n);
			return;
		}
		struct gt_wait *a = &v[0], *b = &v[n / 2], *c = &v[n - 1];
		if (before(b, a))
			swap_w(a, b);
		if (before(c, b)) {
			swap_w(b, c);
			if (before(b, a))
				swap_w(a, b);
		}
		struct gt_wait pivot = *b;
		size_t i = 0, j = n - 1;
		for (;;) {
			while (before(&v[i], &pivot))
				i++;
			while (before(&pivot, &v[j]))
				j--;
			if (i >= j)
				break;
			swap_w(&v[i], &v[j]);
			i++, j--;
		}
		/* [0, j] and [j + 1, n): the shorter one first, the other by the loop */
		if (j + 1 < n - j - 1) {
			sort_waits(v, j + 1, depth);
			v += j + 1, n -= j + 1;
		} else {
			sort_waits(v + j + 1, n - j - 1, depth);
			n = j + 1;
		}
	}
	for (size_t i = 1; i < n; i++) {
		struct gt_wait t = v[i];
		size_t k = i;
		for (; k && before(&t, &v[k - 1]); k--)
			v[k] = v[k - 1];
		v[k] = t;
	}
}

struct sort_job {
	struct gt_wait *v;
	size_t n;
};

static void *sort_job(void *arg)
{
	struct sort_job *j = arg;
	sort_waits(j->v, j->n, 64);
	return NULL;
}

/* Sorts the runs a and b, b on a second thread when both are long and
 * the model may use two (the passes after the load have both cores). */
static void sort_two(const struct gt_model *m, struct sort_job *a, struct sort_job *b)
{
	pthread_t th;
	int two = m->threads != 1 && a->n >= 65536 && b->n >= 65536 &&
	          pthread_create(&th, NULL, sort_job, b) == 0;
	sort_job(a);
	if (two)
		pthread_join(th, NULL);
	else
		sort_job(b);
}

/* Two sorted runs merged into out. */
static void merge_waits(const struct gt_wait *a, size_t na, const struct gt_wait *b, size_t nb,
                        struct gt_wait *out)
{
	size_t i = 0, j = 0, k = 0;
	while (i < na && j < nb)
		out[k++] = before(&b[j], &a[i]) ? b[j++] : a[i++];
	while (i < na)
		out[k++] = a[i++];
	while (j < nb)
		out[k++] = b[j++];
}

/* Pages for [p, p + len) now, in one call rather than a fault a page
 * (millions of waits fill hundreds of MB: the faults cost more than the
 * sort), huge ones where the system gives them on request (fewer TLB
 * misses for the placing pass's scattered writes).  Advice only: an
 * error changes nothing. */
#define BIG_PAGE ((uintptr_t)2 << 20)
static void pages_now(void *p, size_t len, int huge)
{
	uintptr_t pg = 4096, b = (uintptr_t)p;
	if (huge) {
		uintptr_t a = (b + BIG_PAGE - 1) & ~(BIG_PAGE - 1), z = (b + len) & ~(BIG_PAGE - 1);
		if (z > a)
			madvise((void *)a, z - a, MADV_HUGEPAGE);
	}
#ifdef MADV_POPULATE_WRITE
	uintptr_t a = (b + pg - 1) & ~(pg - 1), z = (b + len) & ~(pg - 1);
	if (z > a)
		madvise((void *)a, z - a, MADV_POPULATE_WRITE);
#else
	(void)pg, (void)b, (void)len;
#endif
}

static int gather(void *ctx, const struct gt_wait *w)
{
	struct gather *g = ctx;
	if (g->through && !g->through[w->stack])
		return 0;
	g->count++;
	g->ns += w->ns;
	if (g->limit && g->n == g->limit) {
		if (before(w, &g->v[0])) {
			g->v[0] = *w;
			sift_down(g->v, g->n, 0);
		}
		return 0;
	}
	if (g->n == g->cap) {
		size_t nc = g->cap ? 2 * g->cap : 1024;
		if (g->limit && nc > g->limit)
			nc = g->limit;
		struct gt_wait *v = realloc(g->v, nc * sizeof *v);
		if (!v)
			return -1;
		g->v = v;
		if (nc >= 65536) /* its new part */
			pages_now(v + g->n, (nc - g->n) * sizeof *v, 0);
		g->cap = nc;
	}
	g->v[g->n++] = *w;
	if (g->limit)
		sift_up(g->v, g->n - 1);
	else
		g->hist[bucket_of(w->ns)]++;
	return 0;
}

/* ---- The whole list by buckets ---------------------------------------------- */

struct place_job {
	const struct gt_wait *v;   /* one thread's waits */
	size_t n;
	uint32_t *at;              /* per bucket: where its next wait goes (in
	                              out), then where the bucket begins */
	struct gt_wait *out;
	const size_t *begin;       /* sort: the buckets' starts, NBUCKETS + 1 */
	uint32_t b0, b1;           /* ...the buckets [b0, b1) */
};

static void *place_job(void *arg)
{
	struct place_job *j = arg;
	for (size_t i = 0; i < j->n; i++)
		j->out[j->at[bucket_of(j->v[i].ns)]++] = j->v[i];
	return NULL;
}

static void *sort_buckets(void *arg)
{
	struct place_job *j = arg;
	for (uint32_t b = j->b0; b < j->b1; b++)
		if (j->begin[b + 1] - j->begin[b] > 1)
			sort_waits(j->out + j->begin[b], j->begin[b + 1] - j->begin[b], 64);
	return NULL;
}

/* fn on a and b, b on a second thread when there is much to do and the
 * model may use two (the passes after the load have both cores). */
static void two(const struct gt_model *m, void *(*fn)(void *), void *a, void *b, size_t n)
{
	pthread_t th;
	int par = m->threads != 1 && n >= 131072 && pthread_create(&th, NULL, fn, b) == 0;
	fn(a);
	if (par)
		pthread_join(th, NULL);
	else
		fn(b);
}

/* g[0] and g[1]'s waits into out (n of them) in list order; 0, or -1 when
 * out of memory. */
static int bucket_sort(const struct gt_model *m, const struct gather *g, struct gt_wait *out, size_t n)
{
	size_t *begin = malloc((NBUCKETS + 1) * sizeof *begin);
	uint32_t *at0 = malloc(NBUCKETS * sizeof *at0), *at1 = malloc(NBUCKETS * sizeof *at1);
	if (!begin || !at0 || !at1 || n > UINT32_MAX) {
		free(begin), free(at0), free(at1);
		return -1;
	}
	size_t k = 0, half = NBUCKETS;
	for (uint32_t b = 0; b < NBUCKETS; b++) { /* each bucket: g[0]'s, then g[1]'s */
		begin[b] = k;
		at0[b] = (uint32_t)k;
		at1[b] = (uint32_t)(k + g[0].hist[b]);
		k += (size_t)g[0].hist[b] + g[1].hist[b];
		if (half == NBUCKETS && k >= n / 2)
			half = b + 1;
	}
	begin[NBUCKETS] = k;
	struct place_job j[2] = {{g[0].v, g[0].n, at0, out, begin, 0, half},
	                         {g[1].v, g[1].n, at1, out, begin, half, NBUCKETS}};
	two(m, place_job, &j[0], &j[1], n);
	two(m, sort_buckets, &j[0], &j[1], n);
	free(begin), free(at0), free(at1);
	return 0;
}

/* by stack id: 1 when the stack has a frame in function f. */
static uint8_t *stacks_through(const struct gt_model *m, gt_str f)
{
	const struct gt_tables *tab = gt_model_tables(m);
	size_t nst = gt_stack_count(tab);
	uint8_t *v = calloc(nst ? nst : 1, 1);
	if (!v)
		return NULL;
	for (size_t s = 1; s < nst; s++) {
		const uint32_t *fr = gt_stack_frames(tab, (gt_stack)s);
		size_t d = gt_stack_depth(tab, (gt_stack)s);
		for (size_t i = 0; i < d && !v[s]; i++) {
			const struct gt_frame *fp = gt_frame_get(tab, fr[i]);
			v[s] = fp && fp->func == f;
		}
	}
	return v;
}

int gt_waits_list(const struct gt_model *m, enum gt_prof_kind k, int64_t t0, int64_t t1,
                  gt_str f, size_t limit, struct gt_waits *out)
{
	memset(out, 0, sizeof *out);
	uint8_t *through = f ? stacks_through(m, f) : NULL;
	if (f && !through)
		return -1;
	struct gather g[2] = {{through, limit, NULL, 0, 0, 0, 0, NULL},
	                      {through, limit, NULL, 0, 0, 0, 0, NULL}};
	int rc = 0;
	for (int i = 0; i < 2 && !limit; i++)
		if (!(g[i].hist = calloc(NBUCKETS, sizeof *g[i].hist)))
			rc = -1;
	if (!rc)
		rc = gt_waits_each(m, k, t0, t1, gather, (void *[2]){&g[0], &g[1]});
	struct gt_wait *v = NULL;
	size_t n = g[0].n + g[1].n;
	if (!rc && n) {
		v = malloc(n * sizeof *v);
		if (v && !limit && n >= 65536)
			pages_now(v, n * sizeof *v, 1);
		if (!v)
			rc = -1;
		else if (limit) { /* two heaps of at most limit */
			sort_two(m, &(struct sort_job){g[0].v, g[0].n}, &(struct sort_job){g[1].v, g[1].n});
			merge_waits(g[0].v, g[0].n, g[1].v, g[1].n, v);
		} else
			rc = bucket_sort(m, g, v, n);
	}
	free(g[0].v), free(g[1].v), free(g[0].hist), free(g[1].hist), free(through);
	if (rc) {
		free(v);
		v = NULL;
	}
	if (rc)
		return -1;
	out->v = v;
	out->n = limit && n > limit ? limit : n;
	out->count = g[0].count + g[1].count;
	out->ns = g[0].ns + g[1].ns;
	return 0;
}

void gt_waits_free(struct gt_waits *w)
{
	free(w->v);
	memset(w, 0, sizeof *w);
}
