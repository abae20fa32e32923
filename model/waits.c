/* waits.c: the single waits (waits.h): the intervals of each goroutine's
 * log that a blocking profile's kind counts, and the list of them longest
 * first. */
#include "model/waits.h"
#include "model/bigblock.h"
#include "model/gpar.h"
#include "model/gwalk.h"
#include "model/profile.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

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

/* The gathered waits stay where the walk wrote them, in runs (no growing
 * array copied, no page touched twice); the list is their order, each
 * named by its run and place, run << RUN_BITS | i.  A run holds up to
 * RUN_MAX waits, 10 MiB: five huge pages. */
#define RUN_BITS 18
#define RUN_MAX ((size_t)1 << RUN_BITS)
struct gt_waits_run {
	struct gt_wait *v;
	size_t n, cap;
};

static const struct gt_wait *wait_at(const struct gt_waits_run *runs, uint32_t at)
{
	return &runs[at >> RUN_BITS].v[at & (RUN_MAX - 1)];
}

const struct gt_wait *gt_waits_at(const struct gt_waits *w, size_t i)
{
	return wait_at(w->runs, w->order[i]);
}

size_t gt_waits_copy(const struct gt_waits *w, size_t from, struct gt_wait *out, size_t max)
{
	size_t n = from < w->n ? w->n - from : 0;
	n = n < max ? n : max;
	for (size_t i = 0; i < n; i++) {
		if (i + 8 < n)
			__builtin_prefetch(gt_waits_at(w, from + i + 8));
		out[i] = *gt_waits_at(w, from + i);
	}
	return n;
}

/* What the order reads of a wait: the list's rule, longest first, then by
 * start, then by goroutine index (before: whether a comes before b), as
 * one unsigned 128-bit number (~ns, then the start with its sign bit
 * flipped), compared without branches, and gi. */
#define SIGN ((uint64_t)1 << 63)
struct key {
	uint64_t hi, lo;
	uint32_t gi, at;
};

static struct key key_of(const struct gt_wait *w, uint32_t at)
{
	return (struct key){~(uint64_t)w->ns, (uint64_t)w->start ^ SIGN, w->gi, at};
}

static int before(const struct key *a, const struct key *b)
{
	unsigned __int128 x = (unsigned __int128)a->hi << 64 | a->lo;
	unsigned __int128 y = (unsigned __int128)b->hi << 64 | b->lo;
	return x < y || (x == y && a->gi < b->gi);
}

static void sift_down(struct key *h, size_t n, size_t i)
{
	for (;;) {
		size_t l = 2 * i + 1, r = l + 1, last = i;
		if (l < n && before(&h[last], &h[l]))
			last = l;
		if (r < n && before(&h[last], &h[r]))
			last = r;
		if (last == i)
			return;
		struct key t = h[i];
		h[i] = h[last], h[last] = t;
		i = last;
	}
}

static void sift_up(struct key *h, size_t i)
{
	while (i) {
		size_t p = (i - 1) / 2;
		if (!before(&h[p], &h[i]))
			return;
		struct key t = h[i];
		h[i] = h[p], h[p] = t;
		i = p;
	}
}

/* v[0..n) in list order: a quicksort with the comparison inline (qsort's
 * calls and copies through a buffer cost seconds over millions),
 * insertion sort for short runs, and a heap sort below a depth that only
 * bad pivots reach. */
static void swap_k(struct key *a, struct key *b)
{
	struct key t = *a;
	*a = *b, *b = t;
}

static void heap_sort(struct key *v, size_t n)
{
	for (size_t i = n / 2; i-- > 0;)
		sift_down(v, n, i);
	for (size_t e = n; e > 1; e--) { /* the root is the last in order */
		swap_k(&v[0], &v[e - 1]);
		sift_down(v, e - 1, 0);
	}
}

static void sort_keys(struct key *v, size_t n, int depth)
{
	while (n > 16) {
		if (depth-- == 0) {
			heap_sort(v, n);
			return;
		}
		struct key *a = &v[0], *b = &v[n / 2], *c = &v[n - 1];
		if (before(b, a))
			swap_k(a, b);
		if (before(c, b)) {
			swap_k(b, c);
			if (before(b, a))
				swap_k(a, b);
		}
		struct key pivot = *b;
		size_t i = 0, j = n - 1;
		for (;;) {
			while (before(&v[i], &pivot))
				i++;
			while (before(&pivot, &v[j]))
				j--;
			if (i >= j)
				break;
			swap_k(&v[i], &v[j]);
			i++, j--;
		}
		/* [0, j] and [j + 1, n): the shorter one first, the other by the loop */
		if (j + 1 < n - j - 1) {
			sort_keys(v, j + 1, depth);
			v += j + 1, n -= j + 1;
		} else {
			sort_keys(v + j + 1, n - j - 1, depth);
			n = j + 1;
		}
	}
	for (size_t i = 1; i < n; i++) {
		struct key t = v[i];
		size_t k = i;
		for (; k && before(&t, &v[k - 1]); k--)
			v[k] = v[k - 1];
		v[k] = t;
	}
}

/* The whole list is ordered by buckets of duration, longest first, then
 * each bucket on its own: a duration under 2048 ns is its own bucket,
 * a longer one shares its bucket with those of the same leading 12 bits
 * (the same power of two and the 11 bits after its top one), so a
 * bucket's waits differ by under 1/2048 of their time and a bucket is
 * small and sorted in cache.  The threads count their waits by bucket as
 * they gather them, place their names in one pass and sort halves of the
 * buckets: no sort of millions of waits across memory, no merge. */
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

/* One thread's waits, in runs: all of them (with their number by
 * bucket), or (limit) the first limit, their keys in a heap with the
 * last of them at its root (a wait that comes before it takes the
 * root's place in the runs). */
struct gather {
	const uint8_t *through; /* by stack: has a frame in the function; NULL all */
	size_t limit;
	struct gt_waits_run *runs;
	size_t nruns, n;
	uint64_t count;
	int64_t ns;
	uint32_t *hist;         /* not limit: NBUCKETS counts */
	struct key *heap;       /* limit: n of them, room for cap */
	size_t cap;
};

/* Room for one more wait: its run, or NULL when out of memory. */
static struct gt_waits_run *room(struct gather *g)
{
	struct gt_waits_run *r = g->nruns ? &g->runs[g->nruns - 1] : NULL;
	if (r && r->n < r->cap)
		return r;
	if (g->nruns == (size_t)1 << (32 - RUN_BITS))
		return NULL; /* no names left */
	size_t cap = !r ? 1024 : r->cap < RUN_MAX ? 2 * r->cap : RUN_MAX;
	struct gt_waits_run *rs = realloc(g->runs, (g->nruns + 1) * sizeof *rs);
	if (!rs)
		return NULL;
	g->runs = rs;
	r = &rs[g->nruns];
	if (!(r->v = gt_populated_alloc(cap * sizeof *r->v)))
		return NULL;
	r->n = 0, r->cap = cap;
	g->nruns++;
	return r;
}

static int gather(void *ctx, const struct gt_wait *w)
{
	struct gather *g = ctx;
	if (g->through && !g->through[w->stack])
		return 0;
	g->count++;
	g->ns += w->ns;
	if (g->limit && g->n == g->limit) {
		struct key k = key_of(w, g->heap[0].at);
		if (before(&k, &g->heap[0])) {
			g->runs[k.at >> RUN_BITS].v[k.at & (RUN_MAX - 1)] = *w;
			g->heap[0] = k;
			sift_down(g->heap, g->n, 0);
		}
		return 0;
	}
	struct gt_waits_run *r = room(g);
	if (!r)
		return -1;
	uint32_t at = (uint32_t)((g->nruns - 1) << RUN_BITS | r->n);
	r->v[r->n++] = *w;
	if (g->limit) {
		if (g->n == g->cap) {
			size_t nc = g->cap ? 2 * g->cap : 64;
			struct key *h = realloc(g->heap, (nc < g->limit ? nc : g->limit) * sizeof *h);
			if (!h)
				return -1;
			g->heap = h, g->cap = nc < g->limit ? nc : g->limit;
		}
		g->heap[g->n] = key_of(w, at);
		sift_up(g->heap, g->n);
	} else
		g->hist[bucket_of(w->ns)]++;
	g->n++;
	return 0;
}

/* ---- The order ------------------------------------------------------------ */

struct order_job {
	const struct gt_waits_run *runs; /* both threads' */
	size_t r0, r1;             /* place: this thread's runs [r0, r1) */
	uint32_t *at;              /* ...per bucket, where its next name goes */
	uint32_t *order;
	const size_t *begin;       /* sort: the buckets' starts, NBUCKETS + 1 */
	uint32_t b0, b1;           /* ...the buckets [b0, b1) */
	struct key *keys, *tmp;    /* ...room for the biggest bucket, twice */
	uint32_t *cnt;             /* ...SUB_MAX + 1 counts */
};

static void *place_job(void *arg)
{
	struct order_job *j = arg;
	for (size_t r = j->r0; r < j->r1; r++)
		for (size_t i = 0; i < j->runs[r].n; i++)
			j->order[j->at[bucket_of(j->runs[r].v[i].ns)]++] = (uint32_t)(r << RUN_BITS | i);
	return NULL;
}

/* A big bucket is split first: its keys relative to its least, ~ns
 * then start, fit in 64 bits (a bucket's waits differ by under 1/2048
 * of their time, and a trace lasts under 2^40 ns) and their high bits
 * make sub-buckets in order (a counting sort), each then sorted on its
 * own: a quicksort's comparisons over buckets of hundreds or hundreds
 * of thousands of waits were half the list's time.  v's n keys in
 * order, in v or in tmp (returned). */
#define SPLIT_MIN 128
#define SUB_MAX ((size_t)1 << 16)
static unsigned bits(uint64_t v)
{
	return v ? 64 - (unsigned)__builtin_clzll(v) : 0;
}

static struct key *sort_bucket(struct key *v, struct key *tmp, uint32_t *cnt, size_t n)
{
	uint64_t h0 = v[0].hi, h1 = h0, l0 = v[0].lo, l1 = l0;
	for (size_t i = 1; i < n && n >= SPLIT_MIN; i++) {
		h0 = v[i].hi < h0 ? v[i].hi : h0, h1 = v[i].hi > h1 ? v[i].hi : h1;
		l0 = v[i].lo < l0 ? v[i].lo : l0, l1 = v[i].lo > l1 ? v[i].lo : l1;
	}
	unsigned lb = bits(l1 - l0);
	if (n < SPLIT_MIN || bits(h1 - h0) + lb > 64) {
		sort_keys(v, n, 64);
		return v;
	}
#define REL(k) ((lb < 64 ? ((k).hi - h0) << lb : 0) | ((k).lo - l0))
	size_t nsub = 64;
	while (nsub < SUB_MAX && nsub < n / 4)
		nsub *= 2;
	unsigned sh = 0;
	uint64_t most = (lb < 64 ? (h1 - h0) << lb : 0) | (l1 - l0);
	while ((most >> sh) >= nsub)
		sh++;
	memset(cnt, 0, (nsub + 1) * sizeof *cnt);
	for (size_t i = 0; i < n; i++)
		cnt[(REL(v[i]) >> sh) + 1]++;
	for (size_t b = 1; b <= nsub; b++)
		cnt[b] += cnt[b - 1];
	for (size_t i = 0; i < n; i++)
		tmp[cnt[REL(v[i]) >> sh]++] = v[i];
#undef REL
	/* cnt[b] is now where sub-bucket b + 1 begins */
	for (size_t b = 0, from = 0; b < nsub; from = cnt[b++])
		if (cnt[b] - from > 1)
			sort_keys(tmp + from, cnt[b] - from, 64);
	return tmp;
}

/* Each bucket's waits read once (where they are: the loads issued
 * ahead), sorted by key in cache, and their names written back in
 * order. */
static void *sort_buckets(void *arg)
{
	struct order_job *j = arg;
	for (uint32_t b = j->b0; b < j->b1; b++) {
		size_t n = j->begin[b + 1] - j->begin[b];
		uint32_t *o = j->order + j->begin[b];
		if (n < 2)
			continue;
		for (size_t i = 0; i < n; i++) {
			if (i + 8 < n)
				__builtin_prefetch(wait_at(j->runs, o[i + 8]));
			j->keys[i] = key_of(wait_at(j->runs, o[i]), o[i]);
		}
		const struct key *k = sort_bucket(j->keys, j->tmp, j->cnt, n);
		for (size_t i = 0; i < n; i++)
			o[i] = k[i].at;
	}
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

/* The order of the n waits of runs (g[0]'s runs, then g[1]'s) by their
 * counts by bucket; 0, or -1 when out of memory. */
static int bucket_order(const struct gt_model *m, const struct gather *g,
                        const struct gt_waits_run *runs, uint32_t *order, size_t n)
{
	size_t *begin = malloc((NBUCKETS + 1) * sizeof *begin);
	uint32_t *at0 = malloc(NBUCKETS * sizeof *at0), *at1 = malloc(NBUCKETS * sizeof *at1);
	struct key *kt[2] = {NULL, NULL};
	uint32_t *cn[2] = {NULL, NULL};
	int rc = -1;
	if (begin && at0 && at1) {
		size_t k = 0, half = NBUCKETS, most = 1;
		for (uint32_t b = 0; b < NBUCKETS; b++) { /* each bucket: g[0]'s, then g[1]'s */
			size_t nb = (size_t)g[0].hist[b] + g[1].hist[b];
			begin[b] = k;
			at0[b] = (uint32_t)k;
			at1[b] = (uint32_t)(k + g[0].hist[b]);
			k += nb;
			most = nb > most ? nb : most;
			if (half == NBUCKETS && k >= n / 2)
				half = b + 1;
		}
		begin[NBUCKETS] = k;
		for (int i = 0; i < 2; i++)
			kt[i] = malloc(2 * most * sizeof *kt[i]), cn[i] = malloc((SUB_MAX + 1) * sizeof *cn[i]);
		if (kt[0] && kt[1] && cn[0] && cn[1]) {
			size_t r = g[0].nruns, nr = r + g[1].nruns;
			struct order_job j[2] = {
				{runs, 0, r, at0, order, begin, 0, (uint32_t)half, kt[0], kt[0] + most, cn[0]},
				{runs, r, nr, at1, order, begin, (uint32_t)half, NBUCKETS, kt[1], kt[1] + most, cn[1]}};
			two(m, place_job, &j[0], &j[1], n);
			two(m, sort_buckets, &j[0], &j[1], n);
			rc = 0;
		}
	}
	free(begin), free(at0), free(at1), free(kt[0]), free(kt[1]), free(cn[0]), free(cn[1]);
	return rc;
}

/* The first limit of both heaps' n waits (keys of g[0], then g[1]'s,
 * their runs numbered after g[0]'s) in order. */
static int heap_order(const struct gather *g, uint32_t *order, size_t n, size_t limit)
{
	struct key *k = malloc(n * sizeof *k);
	if (!k)
		return -1;
	memcpy(k, g[0].heap, g[0].n * sizeof *k);
	for (size_t i = 0; i < g[1].n; i++) {
		k[g[0].n + i] = g[1].heap[i];
		k[g[0].n + i].at += (uint32_t)(g[0].nruns << RUN_BITS);
	}
	sort_keys(k, n, 64);
	for (size_t i = 0; i < n && i < limit; i++)
		order[i] = k[i].at;
	free(k);
	return 0;
}

static void free_runs(struct gt_waits_run *r, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(r[i].v);
	free(r);
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
	struct gather g[2] = {{.through = through, .limit = limit}, {.through = through, .limit = limit}};
	int rc = 0;
	for (int i = 0; i < 2 && !limit; i++)
		if (!(g[i].hist = calloc(NBUCKETS, sizeof *g[i].hist)))
			rc = -1;
	if (!rc)
		rc = gt_waits_each(m, k, t0, t1, gather, (void *[2]){&g[0], &g[1]});
	/* both threads' runs in one list, g[0]'s first */
	size_t n = g[0].n + g[1].n, nr = g[0].nruns + g[1].nruns;
	struct gt_waits_run *runs = malloc((nr + 1) * sizeof *runs);
	for (int i = 0; i < 2; i++) {
		if (runs && g[i].nruns)
			memcpy(runs + (i ? g[0].nruns : 0), g[i].runs, g[i].nruns * sizeof *runs);
		if (!runs)
			free_runs(g[i].runs, g[i].nruns);
		else
			free(g[i].runs);
	}
	if (!runs || nr > (size_t)1 << (32 - RUN_BITS) || n >= UINT32_MAX)
		rc = -1;
	uint32_t *order = NULL;
	if (!rc && n) {
		size_t no = limit && limit < n ? limit : n;
		if (!(order = gt_populated_alloc(no * sizeof *order)))
			rc = -1;
		else if (limit)
			rc = heap_order(g, order, n, limit);
		else
			rc = bucket_order(m, g, runs, order, n);
	}
	free(g[0].hist), free(g[1].hist), free(g[0].heap), free(g[1].heap), free(through);
	if (rc) {
		if (runs)
			free_runs(runs, nr);
		free(order);
		return -1;
	}
	out->runs = runs;
	out->nruns = nr;
	out->order = order;
	out->n = limit && n > limit ? limit : n;
	out->count = g[0].count + g[1].count;
	out->ns = g[0].ns + g[1].ns;
	return 0;
}

void gt_waits_free(struct gt_waits *w)
{
	if (w->runs)
		free_runs(w->runs, w->nruns);
	free(w->order);
	memset(w, 0, sizeof *w);
}
