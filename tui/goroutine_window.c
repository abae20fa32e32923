/* goroutine_window.c: the goroutine list's rows over a range
 * (goroutine_window.h), built on a thread of their own: one pass over the
 * goroutines (on two threads, model/gpar.h) asks each for its time in the
 * window (gt_model_g_window), keeps the rows as bits and, as exceptions,
 * those whose times there are not the trace's; then, once the index has
 * its orders, one read of each trace order marks the rows' places, and
 * one read of the rows' places finds the runs of equal keys. */
#include "tui/goroutine_window.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "model/gpar.h"
#include "tui/util.h"

#define SIGN (UINT64_C(1) << 63) /* an int64 xor this sorts as a uint64 */
#define BLOCK 8                  /* words per rank entry */

/* ---- bits with rank and select ------------------------------------------- */

static size_t bits_blocks(uint32_t nbits)
{
	return ((size_t)nbits + 64 * BLOCK - 1) / (64 * BLOCK);
}

static void bits_init(struct tui_gwbits *b, uint32_t nbits)
{
	b->nbits = nbits;
	b->ones = 0;
	b->w = tui_xcalloc(bits_blocks(nbits) * BLOCK + 1, sizeof *b->w);
	b->rank = tui_xcalloc(bits_blocks(nbits) + 1, sizeof *b->rank);
}

static void bits_free(struct tui_gwbits *b)
{
	free(b->w);
	free(b->rank);
}

static void bits_set(struct tui_gwbits *b, uint32_t i)
{
	b->w[i / 64] |= UINT64_C(1) << (i % 64);
}

static int bits_get(const struct tui_gwbits *b, size_t i)
{
	return b->w[i / 64] >> (i % 64) & 1;
}

static uint32_t ones(uint64_t v)
{
	return (uint32_t)__builtin_popcountll(v);
}

/* The ranks, once the bits are set. */
static void bits_count(struct tui_gwbits *b)
{
	size_t nb = bits_blocks(b->nbits);
	uint32_t c = 0;
	for (size_t k = 0; k < nb; k++) {
		b->rank[k] = c;
		for (size_t i = k * BLOCK; i < (k + 1) * BLOCK; i++)
			c += ones(b->w[i]);
	}
	b->rank[nb] = b->ones = c;
}

/* The ones before place i (<= nbits). */
static uint32_t bits_rank(const struct tui_gwbits *b, size_t i)
{
	size_t wi = i / 64;
	uint32_t c = b->rank[wi / BLOCK];
	for (size_t j = wi / BLOCK * BLOCK; j < wi; j++)
		c += ones(b->w[j]);
	return i % 64 ? c + ones(b->w[wi] & ((UINT64_C(1) << (i % 64)) - 1)) : c;
}

/* The place of one number j (< ones). */
static uint32_t bits_select(const struct tui_gwbits *b, uint32_t j)
{
	size_t lo = 0, hi = bits_blocks(b->nbits);
	while (hi - lo > 1) { /* the block holding it: the last whose rank is <= j */
		size_t mid = (lo + hi) / 2;
		if (b->rank[mid] <= j)
			lo = mid;
		else
			hi = mid;
	}
	j -= b->rank[lo];
	for (size_t i = lo * BLOCK;; i++) {
		uint64_t v = b->w[i];
		uint32_t c = ones(v);
		if (j < c) {
			for (; j; j--)
				v &= v - 1;
			return (uint32_t)(i * 64 + (size_t)__builtin_ctzll(v));
		}
		j -= c;
	}
}

/* ---- the pass: rows and exceptions --------------------------------------- */

struct exrow {
	uint32_t g;
	uint8_t differs;        /* bit k: ns[k] is not the trace's */
	int64_t ns[2];          /* running, waiting in the window */
};

/* One thread's rows of the pass (gpar.h: chunks in rising order, so its
 * exceptions come by goroutine index). */
struct part {
	struct tui_gwin *w;
	struct tui_gwbits rows;
	struct exrow *ex;
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
	if (!x->sigs[tui_gsig_of(x, gi)].listed || !gt_model_g_window(w->m, gi, w->t0, w->t1, ns, NULL, NULL))
		return 0;
	bits_set(&p->rows, gi);
	struct gt_goroutine g;
	gt_model_g(w->m, gi, &g);
	uint8_t differs = (uint8_t)((ns[GT_GS_RUNNING] != g.ns[GT_GS_RUNNING]) |
	                            (ns[GT_GS_WAITING] != g.ns[GT_GS_WAITING]) << 1);
	if (!differs)
		return 0;
	if (p->n == p->cap) {
		p->cap = p->cap ? p->cap * 2 : 1024;
		p->ex = tui_xreallocarray(p->ex, p->cap, sizeof *p->ex);
	}
	p->ex[p->n++] = (struct exrow){gi, differs, {ns[GT_GS_RUNNING], ns[GT_GS_WAITING]}};
	return 0;
}

/* The two threads' rows into w->rows; their exceptions merged by goroutine
 * index into *ex (*n of them). */
static void merge(struct tui_gwin *w, struct part *p, struct exrow **ex, size_t *n)
{
	w->rows = p[0].rows;
	for (size_t i = 0; i < bits_blocks(w->rows.nbits) * BLOCK; i++)
		w->rows.w[i] |= p[1].rows.w[i];
	bits_free(&p[1].rows);
	bits_count(&w->rows);
	w->n = w->rows.ones;
	*n = p[0].n + p[1].n;
	*ex = tui_xmalloc((*n ? *n : 1) * sizeof **ex);
	for (size_t i = 0, j = 0; i + j < *n;) {
		int k = j == p[1].n || (i < p[0].n && p[0].ex[i].g < p[1].ex[j].g) ? 0 : 1;
		(*ex)[i + j] = k ? p[1].ex[j] : p[0].ex[i];
		*(k ? &j : &i) += 1;
	}
}

/* ---- the orders ---------------------------------------------------------- */

static int is_time(enum tui_gcol col)
{
	return col == TUI_GCOL_RUN || col == TUI_GCOL_WAIT;
}

/* Goroutine g's running (k 0) or waiting (1) time in the trace, as a key. */
static uint64_t trace_key(const struct gt_model *m, int k, uint32_t g)
{
	struct gt_goroutine gr;
	gt_model_g(m, g, &gr);
	return (uint64_t)gr.ns[k ? GT_GS_WAITING : GT_GS_RUNNING] ^ SIGN;
}

static uint64_t id_key(const struct gt_model *m, uint32_t g)
{
	return (uint64_t)gt_model_g_id(m, g) ^ SIGN;
}

/* The exceptions of time sort k among ex, sorted by (time, id, index). */
static void build_exc(struct tui_gwin *w, int k, const struct exrow *ex, size_t nex)
{
	struct tui_gwexc *e = &w->exc[k];
	size_t n = 0;
	for (size_t i = 0; i < nex; i++)
		n += ex[i].differs >> k & 1;
	uint32_t *byg = tui_xmalloc((n ? n : 1) * sizeof *byg);
	int64_t *ns = tui_xmalloc((n ? n : 1) * sizeof *ns);
	uint64_t *key = tui_xmalloc((n ? n : 1) * sizeof *key);
	e->g = tui_xmalloc((n ? n : 1) * sizeof *e->g);
	for (size_t i = 0, j = 0; i < nex; i++)
		if (ex[i].differs >> k & 1) {
			e->g[j] = byg[j] = ex[i].g;
			ns[j] = ex[i].ns[k];
			key[j++] = (uint64_t)ex[i].ns[k] ^ SIGN;
		}
	tui_gsort_keyed(w->m, key, 0, 0, e->g, n);
	free(key);
	e->ns = tui_xmalloc((n ? n : 1) * sizeof *e->ns);
	for (size_t p = 0; p < n; p++) { /* byg: goroutine indices, then places */
		size_t lo = 0, hi = n;
		while (lo < hi) {
			size_t mid = (lo + hi) / 2;
			if (byg[mid] < e->g[p])
				lo = mid + 1;
			else
				hi = mid;
		}
		e->ns[p] = ns[lo];
		ns[lo] = (int64_t)p;
	}
	for (size_t i = 0; i < n; i++)
		byg[i] = (uint32_t)ns[i];
	free(ns);
	e->byg = byg;
	e->n = (uint32_t)n;
	e->before = tui_xmalloc((n ? n : 1) * sizeof *e->before);
}

/* Whether the trace order col's place q goes before exception i. */
static int place_before(const struct tui_gwin *w, enum tui_gcol col, size_t q, size_t i)
{
	const struct tui_gwexc *e = &w->exc[col == TUI_GCOL_WAIT];
	uint32_t g = w->ix->order[col].v[q], eg = e->g[i];
	uint64_t k = trace_key(w->m, col == TUI_GCOL_WAIT, g), ek = (uint64_t)e->ns[i] ^ SIGN;
	if (k != ek)
		return k < ek;
	uint64_t id = id_key(w->m, g), eid = id_key(w->m, eg);
	return id != eid ? id < eid : g < eg;
}

/* Each exception's rows before it: where it goes in the trace's order
 * (a galloping search from the last one's place), then the rows there. */
static void place_exc(struct tui_gwin *w, enum tui_gcol col)
{
	const struct tui_gwexc *e = &w->exc[col == TUI_GCOL_WAIT];
	size_t nl = w->ix->nlisted, q = 0;
	for (size_t i = 0; i < e->n; i++) {
		size_t lo = q, hi = q, step = 1;
		while (hi < nl && place_before(w, col, hi, i)) {
			lo = hi + 1;
			hi += step;
			step *= 2;
		}
		hi = hi < nl ? hi : nl;
		while (lo < hi) {
			size_t mid = (lo + hi) / 2;
			if (place_before(w, col, mid, i))
				lo = mid + 1;
			else
				hi = mid;
		}
		q = lo;
		e->before[i] = bits_rank(&w->col[col].in, q);
	}
}

/* The places of the trace's orders that are rows: the id and time orders
 * read as they are, the columns a signature decides through one read of
 * the id order (their keys' goroutines by id, as the index finds them). */
static void mark_places(struct tui_gwin *w)
{
	const struct tui_gindex *x = w->ix;
	struct tui_gwbits exb[2];
	for (int k = 0; k < 2; k++) {
		bits_init(&exb[k], x->n);
		for (uint32_t i = 0; i < w->exc[k].n; i++)
			bits_set(&exb[k], w->exc[k].g[i]);
	}
	static const enum tui_gcol kept[] = {TUI_GCOL_ID, TUI_GCOL_RUN, TUI_GCOL_WAIT};
	for (size_t c = 0; c < 3; c++) {
		struct tui_gwbits *b = &w->col[kept[c]].in;
		const uint32_t *v = x->order[kept[c]].v;
		const struct tui_gwbits *not = is_time(kept[c]) ? &exb[kept[c] == TUI_GCOL_WAIT] : NULL;
		bits_init(b, x->nlisted);
		for (uint32_t q = 0; q < x->nlisted; q++)
			if (bits_get(&w->rows, v[q]) && !(not && bits_get(not, v[q])))
				bits_set(b, q);
		bits_count(b);
	}
	for (int k = 0; k < 2; k++)
		bits_free(&exb[k]);
	static const enum tui_gcol by_sig[] = {TUI_GCOL_STATE, TUI_GCOL_REASON, TUI_GCOL_FUNC};
	uint32_t *occ[3];
	for (size_t c = 0; c < 3; c++) {
		occ[c] = tui_xmalloc(((size_t)x->sel[by_sig[c]].nk + 1) * sizeof *occ[c]);
		memcpy(occ[c], x->sel[by_sig[c]].start, ((size_t)x->sel[by_sig[c]].nk + 1) * sizeof *occ[c]);
		bits_init(&w->col[by_sig[c]].in, x->nlisted);
	}
	for (uint32_t r = 0; r < x->n; r++) {
		uint32_t g = x->perm[r], s = tui_gsig_of(x, g);
		if (!x->sigs[s].listed)
			continue;
		int row = bits_get(&w->rows, g);
		for (size_t c = 0; c < 3; c++) {
			uint32_t q = occ[c][x->skey[by_sig[c]][s]]++;
			if (row)
				bits_set(&w->col[by_sig[c]].in, q);
		}
	}
	for (size_t c = 0; c < 3; c++) {
		bits_count(&w->col[by_sig[c]].in);
		free(occ[c]);
	}
}

/* One place of the rows' order of col, while its runs are found. */
struct elem {
	int exc;                /* an exception (of index i), else a row at q */
	size_t i, q, run;       /* run: the trace's run holding q, SIZE_MAX none */
};

static uint64_t elem_key(const struct tui_gwin *w, enum tui_gcol col, const struct elem *el)
{
	const struct tui_gwexc *e = &w->exc[col == TUI_GCOL_WAIT];
	if (el->exc)
		return (uint64_t)e->ns[el->i] ^ SIGN;
	return trace_key(w->m, col == TUI_GCOL_WAIT, w->ix->order[col].v[el->q]);
}

/* The runs of equal keys of the rows' order of col: rows in one run of
 * the trace's order (runs[0..nruns), by place) have equal keys, rows in
 * two do not; an exception's key is compared with its neighbour's. */
static void find_ties(struct tui_gwin *w, enum tui_gcol col, const struct tui_gtie *runs, size_t nruns)
{
	const struct tui_gwexc *e = is_time(col) ? &w->exc[col == TUI_GCOL_WAIT] : NULL;
	const struct tui_gwbits *b = &w->col[col].in;
	struct tui_gorder *o = &w->col[col].ord;
	size_t cap = 0, a = 0, rs = 0, ti = 0, i = 0, ne = e ? e->n : 0;
	size_t nw = ((size_t)b->nbits + 63) / 64, wi = 0;
	uint64_t v = nw ? b->w[0] : 0;
	uint32_t j = 0;         /* rows read (not exceptions) */
	struct elem prev = {0, 0, 0, SIZE_MAX}, cur;
	for (;; a++) {
		while (!v && wi + 1 < nw)
			v = b->w[++wi];
		if (i < ne && (!v || e->before[i] <= j)) {
			cur = (struct elem){1, i++, 0, SIZE_MAX};
		} else if (v) {
			size_t q = wi * 64 + (size_t)__builtin_ctzll(v);
			v &= v - 1;
			j++;
			while (ti < nruns && runs[ti].e <= q)
				ti++;
			cur = (struct elem){0, 0, q, ti < nruns && runs[ti].s <= q ? ti : SIZE_MAX};
		} else {
			break;
		}
		int same = a && (!prev.exc && !cur.exc ? prev.run != SIZE_MAX && prev.run == cur.run
		                                       : elem_key(w, col, &prev) == elem_key(w, col, &cur));
		if (a && !same) {
			tui_gorder_add_tie(o, &cap, rs, a);
			rs = a;
		}
		prev = cur;
	}
	tui_gorder_add_tie(o, &cap, rs, a);
}

static void build_orders(struct tui_gwin *w)
{
	const struct tui_gindex *x = w->ix;
	mark_places(w);
	place_exc(w, TUI_GCOL_RUN);
	place_exc(w, TUI_GCOL_WAIT);
	for (int col = 0; col < TUI_GCOL__COUNT; col++) {
		if (x->order[col].v) { /* an order the index keeps: its ties */
			find_ties(w, col, x->order[col].ties, x->order[col].nties);
			continue;
		}
		const struct tui_gsel *s = &x->sel[col]; /* the runs: the keys */
		struct tui_gtie *runs = tui_xmalloc((s->nk ? s->nk : 1) * sizeof *runs);
		for (uint32_t k = 0; k < s->nk; k++)
			runs[k] = (struct tui_gtie){s->start[k], s->start[k + 1]};
		find_ties(w, col, runs, s->nk);
		free(runs);
	}
}

/* Builds running, dropped or not (tui_gwin_wait_dropped). */
static atomic_int live;

static void release(struct tui_gwin *w)
{
	for (int c = 0; c < TUI_GCOL__COUNT; c++) {
		bits_free(&w->col[c].in);
		free(w->col[c].ord.ties);
	}
	for (int k = 0; k < 2; k++) {
		free(w->exc[k].g);
		free(w->exc[k].ns);
		free(w->exc[k].before);
		free(w->exc[k].byg);
	}
	bits_free(&w->rows);
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
	if (tui_gindex_wait_unless(x, -1, &w->cancel) < 0) /* the signatures */
		return;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	struct part p[2] = {{.w = w}, {.w = w}};
	void *ctx[2] = {&p[0], &p[1]};
	for (int k = 0; k < 2; k++)
		bits_init(&p[k].rows, x->n);
	int rc = gt_model_gi_par(w->m, w->t0, w->t1, row_of, ctx);
	struct exrow *ex = NULL;
	size_t nex = 0;
	if (rc >= 0)
		merge(w, p, &ex, &nex);
	else
		for (int k = 0; k < 2; k++)
			bits_free(&p[k].rows);
	for (int k = 0; k < 2; k++)
		free(p[k].ex);
	if (rc < 0) /* cancelled */
		return;
	for (int k = 0; k < 2; k++)
		build_exc(w, k, ex, nex);
	free(ex);
	atomic_store(&w->done, x->n);
	w->sig = tui_xcalloc(x->nsig ? x->nsig : 1, sizeof *w->sig);
	for (size_t wi = 0; wi * 64 < (size_t)w->rows.nbits; wi++)
		for (uint64_t v = w->rows.w[wi]; v; v &= v - 1) {
			uint32_t g = (uint32_t)(wi * 64 + (size_t)__builtin_ctzll(v));
			struct tui_gwsig *s = &w->sig[tui_gsig_of(x, g)];
			if (!s->count++)
				s->lo = g;
			s->hi = g;
		}
	if (tui_gindex_wait_unless(x, TUI_GCOL__COUNT, &w->cancel) < 0) /* every order */
		return;
	build_orders(w);
	atomic_store(&w->ready, 1); /* the list can show its rows */
	if (atomic_load(&w->cancel))
		return;
	if (gt_model_groups_by_func_figures(w->m, w->t0, w->t1, &w->byfunc) < 0)
		tui_die("out of memory"); /* a group's goroutines come from the orders */
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

/* ---- the queries --------------------------------------------------------- */

/* The exception of time sort k for goroutine g; SIZE_MAX none. */
static size_t exc_of(const struct tui_gwexc *e, uint32_t g)
{
	size_t lo = 0, hi = e->n;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (e->g[e->byg[mid]] < g)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < e->n && e->g[e->byg[lo]] == g ? e->byg[lo] : SIZE_MAX;
}

uint32_t tui_gwin_at(const struct tui_gwin *w, enum tui_gcol col, int desc, size_t p)
{
	const struct tui_gwcol *c = &w->col[col];
	size_t a = desc ? tui_gorder_flip(&c->ord, w->n, p) : p;
	if (is_time(col)) { /* an exception at a, or the rows before it */
		const struct tui_gwexc *e = &w->exc[col == TUI_GCOL_WAIT];
		size_t lo = 0, hi = e->n;
		while (lo < hi) {
			size_t mid = (lo + hi) / 2;
			if (e->before[mid] + mid < a)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo < e->n && e->before[lo] + lo == a)
			return e->g[lo];
		a -= lo;
	}
	return tui_gindex_at(w->ix, col, 0, bits_select(&c->in, (uint32_t)a));
}

size_t tui_gwin_find(const struct tui_gwin *w, enum tui_gcol col, int desc, uint32_t g)
{
	if (!tui_gwin_has(w, g))
		return SIZE_MAX;
	const struct tui_gwcol *c = &w->col[col];
	const struct tui_gwexc *e = is_time(col) ? &w->exc[col == TUI_GCOL_WAIT] : NULL;
	size_t i = e ? exc_of(e, g) : SIZE_MAX, a;
	if (i != SIZE_MAX) {
		a = e->before[i] + i;
	} else {
		size_t q = tui_gindex_find(w->ix, col, 0, g);
		if (q == SIZE_MAX || !bits_get(&c->in, q))
			return SIZE_MAX;
		uint32_t j = bits_rank(&c->in, q);
		size_t lo = 0, hi = e ? e->n : 0;
		while (lo < hi) { /* the exceptions before it */
			size_t mid = (lo + hi) / 2;
			if (e->before[mid] <= j)
				lo = mid + 1;
			else
				hi = mid;
		}
		a = j + lo;
	}
	return desc ? tui_gorder_unflip(&c->ord, w->n, a) : a;
}

int tui_gwin_has(const struct tui_gwin *w, uint32_t g)
{
	return g < w->rows.nbits && bits_get(&w->rows, g);
}

void tui_gwin_times(const struct tui_gwin *w, uint32_t g, int64_t ns[2])
{
	for (int k = 0; k < 2; k++) {
		size_t i = exc_of(&w->exc[k], g);
		if (i != SIZE_MAX)
			ns[k] = w->exc[k].ns[i];
	}
}

void tui_gwin_sort(const struct tui_gwin *w, enum tui_gcol col, int desc, uint32_t *g, size_t k)
{
	if (!is_time(col)) { /* the whole trace's keys */
		tui_gindex_sort(w->ix, col, desc, g, k);
		return;
	}
	int t = col == TUI_GCOL_WAIT;
	uint64_t *key = tui_xmalloc((k ? k : 1) * sizeof *key);
	for (size_t i = 0; i < k; i++) {
		size_t x = exc_of(&w->exc[t], g[i]);
		key[i] = x != SIZE_MAX ? (uint64_t)w->exc[t].ns[x] ^ SIGN : trace_key(w->m, t, g[i]);
	}
	tui_gsort_keyed(w->m, key, 0, desc, g, k);
	free(key);
}
