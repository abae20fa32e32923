/* goroutine_window.c: the goroutine list's rows over a range
 * (goroutine_window.h), built on a thread of their own: one pass over the
 * goroutines (on two threads, model/gpar.h) asks each for its time in the
 * window (gt_model_g_window), then the orders: by id a sort of (id, row), the
 * columns a signature decides a stable counting sort of the id order by
 * the index's ranks, the times a sort of (time, place in the id order),
 * so that ties go by id as in the whole trace's orders. */
#include "tui/goroutine_window.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "model/gpar.h"
#include "tui/util.h"

#define SIGN (UINT64_C(1) << 63) /* an int64 xor this sorts as a uint64 */

struct pair { uint64_t key; uint32_t second; };
static int by_pair(const void *a, const void *b)
{
	const struct pair *p = a, *q = b;
	if (p->key != q->key)
		return p->key < q->key ? -1 : 1;
	return (p->second > q->second) - (p->second < q->second);
}

/* Runs of 2+ equal keys of an order: key(ctx, place). */
static void find_ties(struct tui_gorder *o, size_t n, uint64_t (*key)(const void *, size_t),
                      const void *ctx)
{
	size_t cap = 0;
	for (size_t s = 0, e; s < n; s = e) {
		uint64_t k = key(ctx, s);
		for (e = s + 1; e < n && key(ctx, e) == k; e++)
			;
		if (e - s < 2)
			continue;
		if (o->nties == cap) {
			cap = cap ? cap * 2 : 64;
			o->ties = tui_xreallocarray(o->ties, cap, sizeof *o->ties);
		}
		o->ties[o->nties++] = (struct tui_gtie){(uint32_t)s, (uint32_t)e};
	}
}

static uint64_t pair_key(const void *ctx, size_t p)
{
	return ((const struct pair *)ctx)[p].key;
}

/* Sorts pr (keys, seconds) and makes it order o: seconds through map
 * (NULL: the seconds are the rows). */
static void order_from(struct tui_gorder *o, struct pair *pr, size_t n, const uint32_t *map)
{
	qsort(pr, n, sizeof *pr, by_pair);
	find_ties(o, n, pair_key, pr);
	o->v = tui_xmalloc((n ? n : 1) * sizeof *o->v);
	for (size_t i = 0; i < n; i++)
		o->v[i] = map ? map[pr[i].second] : pr[i].second;
}

/* A row's rank by a column a signature decides (the index's skey). */
struct sig_key { const struct tui_gwin *w; const uint32_t *rank, *v; };
static uint32_t row_rank(const struct sig_key *k, uint32_t r)
{
	return k->rank[k->w->ix->gsig[k->w->gi[r]]];
}

static uint64_t place_rank(const void *ctx, size_t p)
{
	const struct sig_key *k = ctx;
	return row_rank(k, k->v[p]);
}

static void build_orders(struct tui_gwin *w)
{
	const struct tui_gindex *x = w->ix;
	size_t n = w->n;
	struct pair *pr = tui_xmalloc((n ? n : 1) * sizeof *pr);
	for (uint32_t r = 0; r < n; r++)
		pr[r] = (struct pair){(uint64_t)gt_model_g_id(w->m, w->gi[r]) ^ SIGN, r};
	order_from(&w->order[TUI_GCOL_ID], pr, n, NULL);
	const uint32_t *id = w->order[TUI_GCOL_ID].v;
	/* the times: (time, place in the id order) */
	for (int k = 0; k < 2; k++) {
		for (uint32_t p = 0; p < n; p++)
			pr[p] = (struct pair){(uint64_t)w->ns[id[p]][k] ^ SIGN, p};
		order_from(&w->order[k ? TUI_GCOL_WAIT : TUI_GCOL_RUN], pr, n, id);
	}
	free(pr);
	/* the columns a signature decides: the id order, stably by rank */
	static const enum tui_gcol by_sig[] = {TUI_GCOL_STATE, TUI_GCOL_REASON, TUI_GCOL_FUNC};
	for (size_t c = 0; c < sizeof by_sig / sizeof by_sig[0]; c++) {
		struct sig_key k = {w, x->skey[by_sig[c]], NULL};
		struct tui_gorder *o = &w->order[by_sig[c]];
		uint32_t nk = 0;
		for (uint32_t s = 0; s < x->nsig; s++)
			nk = k.rank[s] + 1 > nk ? k.rank[s] + 1 : nk;
		size_t *at = tui_xcalloc((size_t)nk + 1, sizeof *at);
		for (uint32_t p = 0; p < n; p++)
			at[row_rank(&k, id[p]) + 1]++;
		for (uint32_t r = 0; r < nk; r++)
			at[r + 1] += at[r];
		o->v = tui_xmalloc((n ? n : 1) * sizeof *o->v);
		for (uint32_t p = 0; p < n; p++)
			o->v[at[row_rank(&k, id[p])]++] = id[p];
		free(at);
		k.v = o->v;
		find_ties(o, n, place_rank, &k);
	}
}

/* One thread's rows of the pass (gpar.h: chunks in rising order, so its
 * rows come by goroutine index). */
struct part {
	struct tui_gwin *w;
	uint32_t *gi;
	int64_t (*ns)[2];
	size_t n, cap;
};

static int row_of(void *ctx, uint32_t gi)
{
	struct part *p = ctx;
	struct tui_gwin *w = p->w;
	const struct tui_gindex *x = w->ix;
	if (!(gi & 4095)) {
		atomic_fetch_add_explicit(&w->done, 4096, memory_order_relaxed);
		if (atomic_load_explicit(&w->cancel, memory_order_relaxed))
			return -1;
	}
	int64_t ns[GT_GS__COUNT];
	/* the rows of `goroutines --window`: an interval in the window, of a
	 * goroutine with states (the list's: its signature listed) */
	if (!x->sigs[x->gsig[gi]].listed || !gt_model_g_window(w->m, gi, w->t0, w->t1, ns, NULL, NULL))
		return 0;
	if (p->n == p->cap) {
		p->cap = p->cap ? p->cap * 2 : 1024;
		p->gi = tui_xreallocarray(p->gi, p->cap, sizeof *p->gi);
		p->ns = tui_xreallocarray(p->ns, p->cap, sizeof *p->ns);
	}
	p->gi[p->n] = gi;
	p->ns[p->n][0] = ns[GT_GS_RUNNING];
	p->ns[p->n][1] = ns[GT_GS_WAITING];
	p->n++;
	return 0;
}

/* The two threads' rows, merged by goroutine index into w. */
static void merge(struct tui_gwin *w, struct part *p)
{
	size_t n = p[0].n + p[1].n;
	w->gi = tui_xmalloc((n ? n : 1) * sizeof *w->gi);
	w->ns = tui_xmalloc((n ? n : 1) * sizeof *w->ns);
	for (size_t i = 0, j = 0; i + j < n;) {
		int k = j == p[1].n || (i < p[0].n && p[0].gi[i] < p[1].gi[j]) ? 0 : 1;
		size_t *at = k ? &j : &i;
		w->gi[i + j] = p[k].gi[*at];
		memcpy(w->ns[i + j], p[k].ns[*at], sizeof w->ns[0]);
		(*at)++;
	}
	w->n = (uint32_t)n;
}

/* Builds running, dropped or not (tui_gwin_wait_dropped). */
static atomic_int live;

static void release(struct tui_gwin *w)
{
	for (int c = 0; c < TUI_GCOL__COUNT; c++) {
		free(w->order[c].v);
		free(w->order[c].ties);
	}
	free(w->gi);
	free(w->ns);
	free(w->sig);
	gt_ggroups_free(&w->byfunc);
	free(w);
}

static void build_steps(struct tui_gwin *w);

static void *build(void *arg)
{
	struct tui_gwin *w = arg;
	build_steps(w);
	if (atomic_fetch_add(&w->handoff, 1) == 1) /* dropped meanwhile */
		release(w);
	atomic_fetch_sub(&live, 1);
	return NULL;
}

static void build_steps(struct tui_gwin *w)
{
	struct tui_gindex *x = w->ix;
	struct timespec t0, t1;
	tui_gindex_wait(x, TUI_GCOL_FUNC); /* signatures and their ranks */
	clock_gettime(CLOCK_MONOTONIC, &t0);
	if (atomic_load(&w->cancel))
		return;
	struct part p[2] = {{.w = w}, {.w = w}};
	void *ctx[2] = {&p[0], &p[1]};
	int rc = gt_model_gi_par(w->m, w->t0, w->t1, row_of, ctx);
	if (rc >= 0)
		merge(w, p);
	for (int k = 0; k < 2; k++) {
		free(p[k].gi);
		free(p[k].ns);
	}
	if (rc < 0) /* cancelled */
		return;
	atomic_store(&w->done, x->n);
	w->sig = tui_xcalloc(x->nsig ? x->nsig : 1, sizeof *w->sig);
	for (uint32_t r = 0; r < w->n; r++) {
		struct tui_gwsig *s = &w->sig[x->gsig[w->gi[r]]];
		if (!s->count++)
			s->lo = r;
		s->hi = r;
	}
	build_orders(w);
	atomic_store(&w->ready, 1); /* the list can show its rows */
	if (atomic_load(&w->cancel))
		return;
	if (gt_model_groups_by_func(w->m, w->t0, w->t1, &w->byfunc) < 0)
		tui_die("out of memory");
	free(w->byfunc.member); /* a group's goroutines come from the orders */
	w->byfunc.member = NULL;
	clock_gettime(CLOCK_MONOTONIC, &t1);
	w->build_ms = (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
	atomic_store(&w->ready, 2);
}

struct tui_gwin *tui_gwin_start(const struct gt_model *m, struct tui_gindex *ix, int64_t t0,
                                int64_t t1)
{
	struct tui_gwin *w = tui_xcalloc(1, sizeof *w);
	w->m = m;
	w->ix = ix;
	w->t0 = t0;
	w->t1 = t1;
	atomic_init(&w->handoff, 0);
	atomic_init(&w->done, 0);
	atomic_init(&w->ready, 0);
	atomic_init(&w->cancel, 0);
	atomic_fetch_add(&live, 1);
	w->started = pthread_create(&w->th, NULL, build, w) == 0;
	if (!w->started) { /* no thread: now */
		build_steps(w);
		atomic_store(&w->handoff, 1);
		atomic_fetch_sub(&live, 1);
	}
	return w;
}

int tui_gwin_ready(const struct tui_gwin *w, int groups)
{
	return atomic_load(&w->ready) >= (groups ? 2 : 1);
}

void tui_gwin_wait(struct tui_gwin *w)
{
	if (w->started) {
		pthread_join(w->th, NULL);
		w->started = 0;
	}
}

unsigned tui_gwin_permille(const struct tui_gwin *w)
{
	uint32_t n = w->ix ? w->ix->n : 0;
	/* the pass is most of it; the orders and the groups the rest */
	uint64_t done = atomic_load(&w->done);
	return n ? (unsigned)((done < n ? done : n) * 900 / n) : 0;
}

void tui_gwin_drop(struct tui_gwin *w)
{
	if (!w)
		return;
	atomic_store(&w->cancel, 1);
	if (w->started) {
		pthread_detach(w->th);
		w->started = 0;
	}
	if (atomic_fetch_add(&w->handoff, 1) == 1) /* its build has ended */
		release(w);
}

int tui_gwin_wait_dropped(void)
{
	for (int i = 0; i < 100 && atomic_load(&live); i++)
		nanosleep(&(struct timespec){0, 1000000L}, NULL);
	return atomic_load(&live) ? -1 : 0;
}

uint32_t tui_gwin_at(const struct tui_gwin *w, enum tui_gcol col, int desc, size_t p)
{
	const struct tui_gorder *o = &w->order[col];
	return w->gi[o->v[desc ? tui_gorder_flip(o, w->n, p) : p]];
}

/* What orders row r in col's order: (key, Go id, goroutine index), every
 * order ascending by it (ties by id, as goroutine_index.h's). */
struct rkey { uint64_t key, id; uint32_t g; };
static struct rkey rkey_of(const struct tui_gwin *w, enum tui_gcol col, uint32_t r)
{
	uint32_t g = w->gi[r];
	uint64_t key = col == TUI_GCOL_ID ? 0
	             : col == TUI_GCOL_RUN || col == TUI_GCOL_WAIT ? (uint64_t)w->ns[r][col == TUI_GCOL_WAIT] ^ SIGN
	             : w->ix->skey[col][w->ix->gsig[g]];
	return (struct rkey){key, (uint64_t)gt_model_g_id(w->m, g) ^ SIGN, g};
}

static int rkey_less(struct rkey a, struct rkey b)
{
	return a.key != b.key ? a.key < b.key : a.id != b.id ? a.id < b.id : a.g < b.g;
}

size_t tui_gwin_find(const struct tui_gwin *w, enum tui_gcol col, int desc, uint32_t g)
{
	uint32_t r = tui_gwin_row(w, g);
	if (r == UINT32_MAX)
		return SIZE_MAX;
	const struct tui_gorder *o = &w->order[col];
	struct rkey k = rkey_of(w, col, r);
	size_t lo = 0, hi = w->n;
	while (lo < hi) { /* a binary search: every order is by its rkey */
		size_t mid = (lo + hi) / 2;
		if (rkey_less(rkey_of(w, col, o->v[mid]), k))
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo >= w->n || o->v[lo] != r)
		return SIZE_MAX;
	return desc ? tui_gorder_unflip(o, w->n, lo) : lo;
}

uint32_t tui_gwin_row(const struct tui_gwin *w, uint32_t g)
{
	size_t lo = 0, hi = w->n;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (w->gi[mid] < g)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < w->n && w->gi[lo] == g ? (uint32_t)lo : UINT32_MAX;
}

void tui_gwin_sort(const struct tui_gwin *w, enum tui_gcol col, int desc, uint32_t *g, size_t k)
{
	if (col != TUI_GCOL_RUN && col != TUI_GCOL_WAIT) { /* the whole trace's keys */
		tui_gindex_sort(w->ix, col, desc, g, k);
		return;
	}
	uint64_t *key = tui_xmalloc((k ? k : 1) * sizeof *key);
	for (size_t i = 0; i < k; i++) {
		uint32_t r = tui_gwin_row(w, g[i]);
		key[i] = (uint64_t)(r == UINT32_MAX ? 0 : w->ns[r][col == TUI_GCOL_WAIT]) ^ SIGN;
	}
	tui_gsort_keyed(w->m, key, 0, desc, g, k);
	free(key);
}
