/* goroutine_index.c: the goroutine list's signatures and orders
 * (goroutine_index.h), built on a thread of their own after the load:
 * one pass over the goroutines on two threads (model/gpar.h) for the
 * signatures, one read of the id order for the selections of the
 * columns a signature decides, and for the running and waiting times a
 * radix sort of (time, place in id order) packed in one u64 (ties by id
 * for free, no second array). */
#define _GNU_SOURCE /* pthread_timedjoin_np */
#include "tui/goroutine_index.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "model/gpar.h"
#include "tui/util.h"

/* ---- signatures: an open-addressing table per thread, merged after ---- */

struct sigtab {
	struct tui_gsig *v;
	uint32_t n, cap;
	uint32_t *slot;         /* id + 1; 0 empty */
	uint32_t nslot;         /* a power of two, > 2n */
};

static uint32_t sig_hash(const struct tui_gsig *s)
{
	uint64_t h = (uint64_t)s->func * 0x9E3779B97F4A7C15ull;
	h = (h ^ s->pcframe) * 0xC2B2AE3D27D4EB4Full;
	h = (h ^ s->reason) * 0x9E3779B97F4A7C15ull;
	h = (h ^ s->stack) * 0xC2B2AE3D27D4EB4Full;
	h = (h ^ ((uint64_t)s->state << 1 | s->listed)) * 0x9E3779B97F4A7C15ull;
	return (uint32_t)(h >> 32);
}

static int sig_eq(const struct tui_gsig *a, const struct tui_gsig *b)
{
	return a->func == b->func && a->pcframe == b->pcframe && a->reason == b->reason &&
	       a->stack == b->stack && a->state == b->state && a->listed == b->listed;
}

/* The id of s in t (added when new), its count raised by count. */
static uint32_t sig_put(struct sigtab *t, const struct tui_gsig *s, uint32_t count)
{
	if (2 * (t->n + 1) >= t->nslot) {
		uint32_t ns = t->nslot ? t->nslot * 2 : 1024;
		uint32_t *slot = tui_xcalloc(ns, sizeof *slot);
		for (uint32_t i = 0; i < t->n; i++) {
			uint32_t h = sig_hash(&t->v[i]) & (ns - 1);
			while (slot[h])
				h = (h + 1) & (ns - 1);
			slot[h] = i + 1;
		}
		free(t->slot);
		t->slot = slot;
		t->nslot = ns;
	}
	uint32_t h = sig_hash(s) & (t->nslot - 1);
	while (t->slot[h]) {
		struct tui_gsig *o = &t->v[t->slot[h] - 1];
		if (sig_eq(o, s)) {
			o->count += count;
			o->lo = s->lo < o->lo ? s->lo : o->lo;
			o->hi = s->hi > o->hi ? s->hi : o->hi;
			return t->slot[h] - 1;
		}
		h = (h + 1) & (t->nslot - 1);
	}
	if (t->n == t->cap) {
		t->cap = t->cap ? t->cap * 2 : 256;
		t->v = tui_xreallocarray(t->v, t->cap, sizeof *t->v);
	}
	t->v[t->n] = *s;
	t->v[t->n].count = count;
	t->slot[h] = ++t->n;
	return t->n - 1;
}

struct sig_pass {
	struct tui_gindex *x;
	struct sigtab tab;
	uint32_t tag;           /* high bit for the second thread's ids */
};

static int sig_of(void *ctx, uint32_t gi, const struct gt_goroutine *g)
{
	struct sig_pass *p = ctx;
	if (atomic_load_explicit(&p->x->cancel, memory_order_relaxed))
		return -1;
	struct tui_gsig s;
	memset(&s, 0, sizeof s);
	if (g->intervals) {
		const struct gt_model *m = p->x->m;
		s.listed = 1;
		s.state = g->end_state;
		s.func = g->start_func;
		uint8_t unknown;
		s.reason = gt_model_g_wait_reason(m, gi, g, &unknown);
		s.stack = g->end_stack;
		if (!s.func) { /* no symbols: named by an outermost PC */
			const struct gt_tables *t = gt_model_tables(m);
			gt_stack st = gt_stack_depth(t, g->end_stack) ? g->end_stack : g->create_stack;
			size_t d = gt_stack_depth(t, st);
			s.pcframe = d ? gt_stack_frames(t, st)[d - 1] : 0;
		}
	}
	s.lo = s.hi = gi;
	p->x->gsig[gi] = sig_put(&p->tab, &s, 1) | p->tag;
	return 0;
}

static void build_sigs(struct tui_gindex *x)
{
	x->gsig = tui_xmalloc((x->n ? x->n : 1) * sizeof *x->gsig);
	struct sig_pass p[2] = {{.x = x, .tag = 0}, {.x = x, .tag = 1u << 31}};
	void *ctx[2] = {&p[0], &p[1]};
	if (gt_model_g_par(x->m, sig_of, ctx, NULL, NULL) < 0) { /* cancelled */
		for (int k = 0; k < 2; k++) {
			free(p[k].tab.v);
			free(p[k].tab.slot);
		}
		return;
	}
	/* the second thread's signatures join the first's table */
	uint32_t *remap = tui_xmalloc((p[1].tab.n ? p[1].tab.n : 1) * sizeof *remap);
	for (uint32_t i = 0; i < p[1].tab.n; i++)
		remap[i] = sig_put(&p[0].tab, &p[1].tab.v[i], p[1].tab.v[i].count);
	if (p[1].tab.n)
		for (uint32_t gi = 0; gi < x->n; gi++)
			if (x->gsig[gi] >> 31)
				x->gsig[gi] = remap[x->gsig[gi] & ~(1u << 31)];
	free(remap);
	free(p[1].tab.v);
	free(p[1].tab.slot);
	free(p[0].tab.slot);
	x->sigs = p[0].tab.v;
	x->nsig = p[0].tab.n;
	if (x->nsig <= 65536) { /* nearly always: half the bytes */
		x->gsig16 = tui_xmalloc((x->n ? x->n : 1) * sizeof *x->gsig16);
		for (uint32_t gi = 0; gi < x->n; gi++)
			x->gsig16[gi] = (uint16_t)x->gsig[gi];
		free(x->gsig);
		x->gsig = NULL;
	}
	for (uint32_t s = 0; s < x->nsig; s++)
		x->nlisted += x->sigs[s].listed ? x->sigs[s].count : 0;
}

/* ---- orders ------------------------------------------------------------- */

void tui_gorder_add_tie(struct tui_gorder *o, size_t *cap, size_t s, size_t e)
{
	if (e - s < 2)
		return;
	if (o->nties == *cap) {
		*cap = *cap ? *cap * 2 : 64;
		o->ties = tui_xreallocarray(o->ties, *cap, sizeof *o->ties);
	}
	o->ties[o->nties++] = (struct tui_gtie){(uint32_t)s, (uint32_t)e};
}

/* The id order: the model's, listed goroutines only. */
static void build_id(struct tui_gindex *x)
{
	struct tui_gorder *o = &x->order[TUI_GCOL_ID];
	const uint32_t *perm = x->perm = gt_model_g_order(x->m);
	if (x->n && !perm)
		tui_die("out of memory");
	if (x->nlisted == x->n) { /* all listed: the model's own */
		o->v = (uint32_t *)perm;
		x->id_is_model = 1;
		for (uint32_t r = 1; r < x->n; r++)
			if (gt_model_g_rank_same(x->m, r)) {
				size_t cap = o->nties, s = r - 1, e = r + 1;
				while (e < x->n && gt_model_g_rank_same(x->m, (uint32_t)e))
					e++;
				tui_gorder_add_tie(o, &cap, s, e);
				r = (uint32_t)e - 1;
			}
		return;
	}
	o->v = tui_xmalloc((x->nlisted ? x->nlisted : 1) * sizeof *o->v);
	size_t k = 0, cap = 0, run = 0;
	for (uint32_t r = 0; perm && r < x->n; r++) {
		uint32_t gi = perm[r];
		if (!x->sigs[tui_gsig_of(x, gi)].listed)
			continue;
		/* a reused id: one entry per lifetime, ties */
		if (k && gt_model_g_id(x->m, o->v[k - 1]) != gt_model_g_id(x->m, gi)) {
			tui_gorder_add_tie(o, &cap, run, k);
			run = k;
		}
		o->v[k++] = gi;
	}
	tui_gorder_add_tie(o, &cap, run, k);
}

static const char *sig_str(const struct tui_gindex *x, uint32_t s, enum tui_gcol col)
{
	return gt_model_str(x->m, col == TUI_GCOL_FUNC ? x->sigs[s].func : x->sigs[s].reason);
}

/* qsort has no context: the signature sort runs on the build thread only */
static const struct tui_gindex *by_str_x;
static enum tui_gcol by_str_col;
static int by_str(const void *a, const void *b)
{
	return strcmp(sig_str(by_str_x, *(const uint32_t *)a, by_str_col),
	              sig_str(by_str_x, *(const uint32_t *)b, by_str_col));
}

/* skey[col]: each signature's rank by the column's key (equal keys,
 * equal ranks); *nk: the ranks. */
static void sig_keys(struct tui_gindex *x, enum tui_gcol col, uint32_t *nk)
{
	uint32_t *key = x->skey[col] = tui_xmalloc((x->nsig ? x->nsig : 1) * sizeof *key);
	if (col == TUI_GCOL_STATE) {
		for (uint32_t s = 0; s < x->nsig; s++)
			key[s] = x->sigs[s].state;
		*nk = GT_GS__COUNT;
		return;
	}
	uint32_t *by = tui_xmalloc((x->nsig ? x->nsig : 1) * sizeof *by);
	for (uint32_t s = 0; s < x->nsig; s++)
		by[s] = s;
	by_str_x = x;
	by_str_col = col;
	qsort(by, x->nsig, sizeof *by, by_str);
	uint32_t r = 0;
	for (uint32_t i = 0; i < x->nsig; i++) {
		if (i && by_str(&by[i - 1], &by[i]))
			r++;
		key[by[i]] = r;
	}
	*nk = x->nsig ? r + 1 : 0;
	free(by);
}

/* ---- the columns a signature decides: selections over the id order ---- */

static int is_sel(enum tui_gcol col)
{
	return col == TUI_GCOL_STATE || col == TUI_GCOL_REASON || col == TUI_GCOL_FUNC;
}

static const enum tui_gcol sel_cols[] = {TUI_GCOL_STATE, TUI_GCOL_REASON, TUI_GCOL_FUNC};
#define NSEL (sizeof sel_cols / sizeof sel_cols[0])

/* The key of rank r's goroutine in col; UINT32_MAX when not listed. */
static uint32_t rank_key(const struct tui_gindex *x, enum tui_gcol col, size_t r)
{
	uint32_t s = tui_gsig_of(x, x->perm[r]);
	return x->sigs[s].listed ? x->skey[col][s] : UINT32_MAX;
}

/* Each selection's keys, their places, and which keys keep samples. */
static void sel_layout(struct tui_gindex *x, enum tui_gcol col)
{
	struct tui_gsel *e = &x->sel[col];
	sig_keys(x, col, &e->nk);
	uint32_t nk = e->nk;
	e->start = tui_xcalloc((size_t)nk + 1, sizeof *e->start);
	e->sat = tui_xcalloc((size_t)nk + 1, sizeof *e->sat);
	e->fat = tui_xcalloc((size_t)nk + 1, sizeof *e->fat);
	e->big = tui_xcalloc(nk ? nk : 1, 1);
	e->cur = tui_xcalloc(1, sizeof *e->cur);
	for (uint32_t s = 0; s < x->nsig; s++)
		if (x->sigs[s].listed)
			e->start[x->skey[col][s] + 1] += x->sigs[s].count;
	for (uint32_t k = 0; k < nk; k++) {
		uint32_t c = e->start[k + 1];
		/* many: at least 1/256 of the list (a sample's run is at most
		 * 64 * 256 ranks long), and worth sampling */
		e->big[k] = (uint64_t)c * 256 >= x->nlisted && c >= 4 * TUI_GSEL_STEP;
		e->sat[k + 1] = e->sat[k] + (e->big[k] ? (c + TUI_GSEL_STEP - 1) / TUI_GSEL_STEP : 0);
		e->fat[k + 1] = e->fat[k] + (e->big[k] ? 0 : c);
		e->start[k + 1] += e->start[k];
	}
	e->samples = tui_xmalloc((e->sat[nk] ? e->sat[nk] : 1) * sizeof *e->samples);
	e->few = tui_xmalloc((e->fat[nk] ? e->fat[nk] : 1) * sizeof *e->few);
}

/* The selections of state, reason and start function: one read of the
 * id order. */
static void build_sels(struct tui_gindex *x)
{
	uint32_t *occ[NSEL];
	for (size_t c = 0; c < NSEL; c++) {
		sel_layout(x, sel_cols[c]);
		occ[c] = tui_xcalloc(x->sel[sel_cols[c]].nk + 1, sizeof *occ[c]);
	}
	for (uint32_t r = 0; r < x->n; r++) {
		if (!(r & 0xffff) && atomic_load_explicit(&x->cancel, memory_order_relaxed))
			break;
		uint32_t s = tui_gsig_of(x, x->perm[r]);
		if (!x->sigs[s].listed)
			continue;
		for (size_t c = 0; c < NSEL; c++) {
			struct tui_gsel *e = &x->sel[sel_cols[c]];
			uint32_t k = x->skey[sel_cols[c]][s], j = occ[c][k]++;
			if (!e->big[k])
				e->few[e->fat[k] + j] = r;
			else if (j % TUI_GSEL_STEP == 0)
				e->samples[e->sat[k] + j / TUI_GSEL_STEP] = r;
		}
	}
	for (size_t c = 0; c < NSEL; c++)
		free(occ[c]);
}

/* The rank of the j-th goroutine of key k (j < its count). */
static uint32_t sel_rank(const struct tui_gindex *x, enum tui_gcol col, uint32_t k, uint32_t j)
{
	const struct tui_gsel *e = &x->sel[col];
	if (!e->big[k])
		return e->few[e->fat[k] + j];
	struct tui_gsel_cur *c = e->cur;
	uint32_t at, r;
	if (c->valid && c->k == k && c->j <= j && c->j >= j - j % TUI_GSEL_STEP) {
		at = c->j; /* read on from the last one found */
		r = c->r;
	} else {
		at = j - j % TUI_GSEL_STEP;
		r = e->samples[e->sat[k] + j / TUI_GSEL_STEP];
	}
	while (at < j)
		if (rank_key(x, col, ++r) == k)
			at++;
	*c = (struct tui_gsel_cur){k, j, r, 1};
	return r;
}

/* The key holding ascending place q of col's order. */
static uint32_t sel_key_at(const struct tui_gsel *e, size_t q)
{
	uint32_t lo = 0, hi = e->nk; /* the first key starting after q, less one */
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		if (e->start[mid + 1] <= q)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static uint32_t sel_at(const struct tui_gindex *x, enum tui_gcol col, int desc, size_t p)
{
	const struct tui_gsel *e = &x->sel[col];
	/* descending: the keys from the last, each one's goroutines by id */
	uint32_t k = sel_key_at(e, desc ? x->nlisted - 1 - p : p);
	size_t first = desc ? x->nlisted - e->start[k + 1] : e->start[k];
	return x->perm[sel_rank(x, col, k, (uint32_t)(p - first))];
}

/* The rank of goroutine g in the id order (a binary search by id, then
 * its lifetime among a reused id's). */
static size_t rank_of(const struct tui_gindex *x, uint32_t g)
{
	size_t lo = gt_model_g_rank_lower(x->m, gt_model_g_id(x->m, g));
	while (lo < x->n && x->perm[lo] != g)
		lo++;
	return lo;
}

static size_t sel_find(const struct tui_gindex *x, enum tui_gcol col, int desc, uint32_t g)
{
	const struct tui_gsel *e = &x->sel[col];
	uint32_t s = tui_gsig_of(x, g);
	size_t r = rank_of(x, g);
	if (!x->sigs[s].listed || r >= x->n)
		return SIZE_MAX;
	uint32_t k = x->skey[col][s], j;
	if (!e->big[k]) { /* its place among the key's ranks */
		uint32_t lo = e->fat[k], hi = e->fat[k + 1];
		while (lo < hi) {
			uint32_t mid = lo + (hi - lo) / 2;
			if (e->few[mid] < r)
				lo = mid + 1;
			else
				hi = mid;
		}
		j = lo - e->fat[k];
	} else { /* the last sample at or before r, then read on to r */
		uint32_t lo = e->sat[k], hi = e->sat[k + 1];
		while (hi - lo > 1) {
			uint32_t mid = lo + (hi - lo) / 2;
			if (e->samples[mid] <= r)
				lo = mid;
			else
				hi = mid;
		}
		j = (lo - e->sat[k]) * TUI_GSEL_STEP;
		for (size_t q = e->samples[lo] + 1; q <= r; q++)
			j += rank_key(x, col, q) == k;
	}
	return desc ? x->nlisted - e->start[k + 1] + j : e->start[k] + j;
}

/* The running or waiting time of each listed goroutine, by goroutine
 * index (the pass over the goroutines, on two threads). */
struct time_pass {
	const struct tui_gindex *x;
	int state;
	uint64_t *out;
	int64_t min, max;
};

static int time_of(void *ctx, uint32_t gi, const struct gt_goroutine *g)
{
	struct time_pass *p = ctx;
	if (atomic_load_explicit(&p->x->cancel, memory_order_relaxed))
		return -1;
	if (!g->intervals)
		return 0;
	int64_t v = g->ns[p->state];
	p->out[gi] = (uint64_t)v;
	p->min = v < p->min ? v : p->min;
	p->max = v > p->max ? v : p->max;
	return 0;
}

/* Sorts v (values below 2^(shift + 8)) in place: an MSD radix sort a
 * byte at a time (American flag sort: no second array, the transient
 * memory that peaked the index's build), insertion sort for short runs. */
static void radix64(uint64_t *v, size_t n, int shift)
{
	if (n < 64) {
		for (size_t i = 1; i < n; i++) {
			uint64_t x = v[i];
			size_t j = i;
			for (; j && v[j - 1] > x; j--)
				v[j] = v[j - 1];
			v[j] = x;
		}
		return;
	}
	size_t cnt[256] = {0}, next[256], end[256];
	for (size_t i = 0; i < n; i++)
		cnt[v[i] >> shift & 255]++;
	for (size_t b = 0, sum = 0; b < 256; b++) {
		next[b] = sum;
		sum += cnt[b];
		end[b] = sum;
	}
	for (size_t b = 0; b < 256; b++)
		while (next[b] < end[b]) { /* carry each value to its bucket */
			uint64_t x = v[next[b]];
			size_t d = x >> shift & 255;
			while (d != b) {
				uint64_t y = v[next[d]];
				v[next[d]++] = x;
				x = y;
				d = x >> shift & 255;
			}
			v[next[b]++] = x;
		}
	if (shift == 0)
		return;
	for (size_t b = 0, at = 0; b < 256; at += cnt[b++])
		if (cnt[b] > 1)
			radix64(v + at, cnt[b], shift - 8);
}

static unsigned bits_of(uint64_t v)
{
	unsigned b = 0;
	while (b < 64 && v >> b)
		b++;
	return b;
}

struct pair { uint64_t key; uint32_t place; };
static int by_pair(const void *a, const void *b)
{
	const struct pair *p = a, *q = b;
	if (p->key != q->key)
		return p->key < q->key ? -1 : 1;
	return (p->place > q->place) - (p->place < q->place);
}

/* Sorts v[0..n) (any u64) by the value, its bits below 2^bits. */
static void radix_bits(uint64_t *v, size_t n, unsigned bits)
{
	radix64(v, n, bits > 8 ? (int)((bits + 7) / 8 * 8 - 8) : 0);
}

/* The order by running or waiting time: (time, goroutine index) packed
 * in a u64 and sorted, then each run of equal times sorted again by
 * (id, index); the u64s become the order's u32s in place.  Only that
 * array lives beside the orders (the build's peak). */
static void build_by_time(struct tui_gindex *x, enum tui_gcol col)
{
	size_t n = x->nlisted;
	struct tui_gorder *o = &x->order[col];
	uint64_t *v = tui_xmalloc((x->n ? x->n : 1) * sizeof *v);
	struct time_pass p[2];
	for (int k = 0; k < 2; k++)
		p[k] = (struct time_pass){x, col == TUI_GCOL_RUN ? GT_GS_RUNNING : GT_GS_WAITING, v,
		                          INT64_MAX, INT64_MIN};
	void *ctx[2] = {&p[0], &p[1]};
	if (!n || gt_model_g_par(x->m, time_of, ctx, NULL, NULL) < 0) {
		free(v);
		o->v = tui_xmalloc(sizeof *o->v);
		return;
	}
	int64_t min = p[0].min < p[1].min ? p[0].min : p[1].min;
	int64_t max = p[0].max > p[1].max ? p[0].max : p[1].max;
	int64_t maxid = 0, minid = 0;
	for (uint32_t gi = 0; gi < x->n; gi++) {
		int64_t id = gt_model_g_id(x->m, gi);
		maxid = id > maxid ? id : maxid;
		minid = id < minid ? id : minid;
	}
	unsigned gb = bits_of(x->n - 1), kb = min >= 0 ? bits_of((uint64_t)max) : 64;
	unsigned ib = minid >= 0 ? bits_of((uint64_t)maxid) : 64;
	uint64_t mask = gb ? (UINT64_C(1) << gb) - 1 : 0;
	size_t k = 0, cap = 0;
	if (kb + gb <= 64 && ib + gb <= 64) {
		for (uint32_t gi = 0; gi < x->n; gi++)
			if (x->sigs[tui_gsig_of(x, gi)].listed)
				v[k++] = gb ? v[gi] << gb | gi : v[gi];
		radix_bits(v, n, kb + gb);
		for (size_t s = 0, e; s < n; s = e) { /* equal times: by id */
			for (e = s + 1; e < n && v[e] >> gb == v[s] >> gb; e++)
				;
			if (e - s < 2)
				continue;
			tui_gorder_add_tie(o, &cap, s, e);
			for (size_t i = s; i < e; i++)
				v[i] = (uint64_t)gt_model_g_id(x->m, (uint32_t)(v[i] & mask)) << gb | (v[i] & mask);
			radix_bits(v + s, e - s, ib + gb);
		}
	} else { /* times or ids with no room for the index: by comparison */
		struct pair *pr = tui_xmalloc(n * sizeof *pr);
		for (uint32_t gi = 0; gi < x->n; gi++)
			if (x->sigs[tui_gsig_of(x, gi)].listed)
				pr[k++] = (struct pair){v[gi] ^ (UINT64_C(1) << 63), gi};
		qsort(pr, n, sizeof *pr, by_pair);
		for (size_t s = 0, e; s < n; s = e) {
			for (e = s + 1; e < n && pr[e].key == pr[s].key; e++)
				;
			tui_gorder_add_tie(o, &cap, s, e);
			for (size_t i = s; i < e; i++)
				pr[i].key = (uint64_t)gt_model_g_id(x->m, pr[i].place) ^ (UINT64_C(1) << 63);
			qsort(pr + s, e - s, sizeof *pr, by_pair);
		}
		for (size_t i = 0; i < n; i++)
			v[i] = pr[i].place;
		mask = UINT32_MAX;
		free(pr);
	}
	uint32_t *out = (uint32_t *)v; /* the u32 at i lies in the u64 at i / 2, read */
	for (size_t i = 0; i < n; i++)
		out[i] = (uint32_t)(v[i] & mask);
	o->v = tui_xreallocarray(out, n, sizeof *out);
}

/* ---- the build thread ---------------------------------------------------- */

/* Steps, in build order, and the step after which each column is ready:
 * 1 signatures and the id order, 2 the selections, 3 blocked groups,
 * 4 groups by function, 5 the search index, 6 and 7 the time orders.
 * The steps with a transient array (groups by function, the search
 * index, the time orders) come while the least is resident beside them. */
enum { STEP_IDS = 1, STEP_SELS, STEP_BLOCKED, STEP_BYFUNC, STEP_SEARCH, STEP_RUN, STEP_WAIT, STEPS = STEP_WAIT };
static const int col_step[TUI_GCOL__COUNT] = {STEP_IDS, STEP_SELS, STEP_RUN, STEP_WAIT, STEP_SELS, STEP_SELS};

static void step_done(struct tui_gindex *x, int step)
{
	pthread_mutex_lock(&x->mu);
	x->ready = step;
	pthread_cond_broadcast(&x->cv);
	pthread_mutex_unlock(&x->mu);
}

static void *build(void *arg)
{
	struct tui_gindex *x = arg;
	/* below the keys' thread (and its pass's threads, which inherit it):
	 * a key answers first on a busy machine; failing that, as is */
	if (x->started)
		(void)setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), 5);
	double t0 = tui_now_ms();
	build_sigs(x);
	if (!atomic_load(&x->cancel))
		build_id(x);
	step_done(x, STEP_IDS);
	if (!atomic_load(&x->cancel))
		build_sels(x);
	step_done(x, STEP_SELS);
	if (!atomic_load(&x->cancel) && gt_model_blocked(x->m, &x->blocked) < 0)
		tui_die("out of memory");
	step_done(x, STEP_BLOCKED);
	/* the figures alone: a group's goroutines come from the orders */
	if (!atomic_load(&x->cancel) &&
	    gt_model_groups_by_func_figures(x->m, INT64_MIN, INT64_MAX, &x->byfunc) < 0)
		tui_die("out of memory");
	step_done(x, STEP_BYFUNC);
	/* the search bar's index too (the model's, built at its first use) */
	if (!atomic_load(&x->cancel))
		gt_model_str_goroutine_count(x->m, 0);
	step_done(x, STEP_SEARCH);
	if (!atomic_load(&x->cancel))
		build_by_time(x, TUI_GCOL_RUN);
	step_done(x, STEP_RUN);
	if (!atomic_load(&x->cancel))
		build_by_time(x, TUI_GCOL_WAIT);
	x->build_ms = tui_now_ms() - t0;
	step_done(x, STEP_WAIT);
	return NULL;
}

void tui_gindex_start(struct tui_gindex *x, const struct gt_model *m)
{
	memset(x, 0, sizeof *x);
	x->m = m;
	x->n = gt_model_g_count(m);
	x->cap = INT_MAX;
	atomic_init(&x->cancel, 0);
	pthread_mutex_init(&x->mu, NULL);
	pthread_cond_init(&x->cv, NULL);
	x->started = 1;
	if (pthread_create(&x->th, NULL, build, x) != 0) {
		x->started = 0;
		build(x); /* no thread: now */
	}
}

static void wait_step(struct tui_gindex *x, int step);

void tui_gindex_wait(struct tui_gindex *x, int col)
{
	wait_step(x, col < 0 ? 1 : col >= TUI_GCOL__COUNT ? STEPS : col_step[col]);
}

static void wait_step(struct tui_gindex *x, int step)
{
	pthread_mutex_lock(&x->mu);
	while (x->ready < step)
		pthread_cond_wait(&x->cv, &x->mu);
	pthread_mutex_unlock(&x->mu);
}

/* The realtime clock ms milliseconds from now (timed waits' deadlines). */
static struct timespec in_ms(long ms)
{
	struct timespec t;
	clock_gettime(CLOCK_REALTIME, &t);
	t.tv_nsec += ms * 1000000L;
	if (t.tv_nsec >= 1000000000L) {
		t.tv_sec++;
		t.tv_nsec -= 1000000000L;
	}
	return t;
}

int tui_gindex_wait_unless(struct tui_gindex *x, int col, atomic_int *stop)
{
	int step = col < 0 ? 1 : col >= TUI_GCOL__COUNT ? STEPS : col_step[col];
	pthread_mutex_lock(&x->mu);
	while (x->ready < step && !atomic_load(stop)) {
		struct timespec until = in_ms(10);
		pthread_cond_timedwait(&x->cv, &x->mu, &until);
	}
	/* stopped: -1 even if they exist (a quit cancels x after the caller) */
	int r = x->ready >= step && !atomic_load(stop) ? 0 : -1;
	pthread_mutex_unlock(&x->mu);
	return r;
}

static int has_step(struct tui_gindex *x, int step)
{
	pthread_mutex_lock(&x->mu);
	int r = x->ready >= step && x->cap >= step;
	pthread_mutex_unlock(&x->mu);
	return r;
}

int tui_gindex_ready(struct tui_gindex *x, int col)
{
	return has_step(x, col < 0 ? STEP_IDS : col >= TUI_GCOL__COUNT ? STEPS : col_step[col]);
}

int tui_gindex_ready_blocked(struct tui_gindex *x) { return has_step(x, STEP_BLOCKED); }
int tui_gindex_ready_byfunc(struct tui_gindex *x) { return has_step(x, STEP_BYFUNC); }

void tui_gindex_wait_blocked(struct tui_gindex *x) { wait_step(x, STEP_BLOCKED); }

void tui_gindex_cap(struct tui_gindex *x, int steps)
{
	pthread_mutex_lock(&x->mu);
	x->cap = steps;
	pthread_mutex_unlock(&x->mu);
}
void tui_gindex_wait_byfunc(struct tui_gindex *x) { wait_step(x, STEP_BYFUNC); }

int tui_thread_join_soon(pthread_t th)
{
	struct timespec until = in_ms(100);
	if (pthread_timedjoin_np(th, NULL, &until) != 0) {
		pthread_detach(th);
		return -1;
	}
	return 0;
}

int tui_gindex_free(struct tui_gindex *x)
{
	if (!x->m)
		return 0;
	atomic_store(&x->cancel, 1);
	/* the model's own steps (blocked, by function, search) cannot be
	 * stopped: a quit does not wait for them (see the header) */
	if (x->started && tui_thread_join_soon(x->th) < 0) {
		x->started = 0;
		return -1;
	}
	pthread_mutex_destroy(&x->mu);
	pthread_cond_destroy(&x->cv);
	for (int c = 0; c < TUI_GCOL__COUNT; c++) {
		if (c != TUI_GCOL_ID || !x->id_is_model)
			free(x->order[c].v);
		free(x->order[c].ties);
		free(x->skey[c]);
		struct tui_gsel *e = &x->sel[c];
		free(e->start);
		free(e->sat);
		free(e->samples);
		free(e->fat);
		free(e->few);
		free(e->big);
		free(e->cur);
	}
	free(x->gsig);
	free(x->gsig16);
	free(x->sigs);
	gt_model_blocked_free(&x->blocked);
	gt_ggroups_free(&x->byfunc);
	memset(x, 0, sizeof *x);
	return 0;
}

/* The run of equal keys holding ascending place a, or NULL. */
static const struct tui_gtie *tie_of(const struct tui_gorder *o, size_t a)
{
	size_t lo = 0, hi = o->nties;
	while (lo < hi) { /* the first run starting after a */
		size_t mid = (lo + hi) / 2;
		if (o->ties[mid].s <= a)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo && a < o->ties[lo - 1].e ? &o->ties[lo - 1] : NULL;
}

size_t tui_gorder_flip(const struct tui_gorder *o, size_t n, size_t q)
{
	const struct tui_gtie *t = tie_of(o, n - 1 - q);
	return t ? t->s + t->e - 1 - (n - 1 - q) : n - 1 - q;
}

size_t tui_gorder_unflip(const struct tui_gorder *o, size_t n, size_t a)
{
	const struct tui_gtie *t = tie_of(o, a); /* its run, read descending, keeps its order */
	return t ? n - t->e + (a - t->s) : n - 1 - a;
}

static size_t flip(const struct tui_gindex *x, enum tui_gcol col, size_t q)
{
	return tui_gorder_flip(&x->order[col], x->nlisted, q);
}

uint32_t tui_gindex_at(const struct tui_gindex *x, enum tui_gcol col, int desc, size_t p)
{
	if (is_sel(col))
		return sel_at(x, col, desc, p);
	return x->order[col].v[desc ? flip(x, col, p) : p];
}

/* The number that orders goroutine g as col does (ties: by id). */
static uint64_t key_of(const struct tui_gindex *x, enum tui_gcol col, uint32_t g)
{
	if (col == TUI_GCOL_RUN || col == TUI_GCOL_WAIT) {
		struct gt_goroutine gr;
		gt_model_g(x->m, g, &gr);
		return (uint64_t)gr.ns[col == TUI_GCOL_RUN ? GT_GS_RUNNING : GT_GS_WAITING] ^ (UINT64_C(1) << 63);
	}
	if (col == TUI_GCOL_ID)
		return (uint64_t)gt_model_g_id(x->m, g) ^ (UINT64_C(1) << 63);
	return x->skey[col][tui_gsig_of(x, g)];
}

static uint64_t id_key(const struct tui_gindex *x, uint32_t g)
{
	return (uint64_t)gt_model_g_id(x->m, g) ^ (UINT64_C(1) << 63);
}

size_t tui_gindex_find(const struct tui_gindex *x, enum tui_gcol col, int desc, uint32_t g)
{
	if (is_sel(col))
		return sel_find(x, col, desc, g);
	const uint32_t *v = x->order[col].v;
	uint64_t k = key_of(x, col, g), id = id_key(x, g);
	size_t lo = 0, hi = x->nlisted;
	while (lo < hi) { /* the first place not before (k, id) */
		size_t mid = (lo + hi) / 2;
		uint64_t km = key_of(x, col, v[mid]), im = id_key(x, v[mid]);
		if (km < k || (km == k && im < id))
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < x->nlisted && v[lo] != g; lo++) /* a reused id: its lifetimes */
		if (id_key(x, v[lo]) != id)
			return SIZE_MAX;
	if (lo >= x->nlisted)
		return SIZE_MAX;
	return desc ? tui_gorder_unflip(&x->order[col], x->nlisted, lo) : lo;
}

struct sortee { uint64_t key; uint64_t id; uint32_t g; };
static int by_sortee(const void *a, const void *b)
{
	const struct sortee *p = a, *q = b;
	if (p->key != q->key)
		return p->key < q->key ? -1 : 1;
	if (p->id != q->id)
		return p->id < q->id ? -1 : 1;
	return (p->g > q->g) - (p->g < q->g);
}

void tui_gsort_keyed(const struct gt_model *m, const uint64_t *key, int by_id, int desc, uint32_t *g,
                     size_t k)
{
	struct sortee *s = tui_xmalloc((k ? k : 1) * sizeof *s);
	for (size_t i = 0; i < k; i++) /* by id, the id is the key: descending reverses it */
		s[i] = (struct sortee){desc ? ~key[i] : key[i],
		                       by_id ? 0 : (uint64_t)gt_model_g_id(m, g[i]) ^ (UINT64_C(1) << 63), g[i]};
	qsort(s, k, sizeof *s, by_sortee);
	for (size_t i = 0; i < k; i++)
		g[i] = s[i].g;
	free(s);
}

void tui_gindex_sort(const struct tui_gindex *x, enum tui_gcol col, int desc, uint32_t *g, size_t k)
{
	uint64_t *key = tui_xmalloc((k ? k : 1) * sizeof *key);
	for (size_t i = 0; i < k; i++)
		key[i] = key_of(x, col, g[i]);
	tui_gsort_keyed(x->m, key, col == TUI_GCOL_ID, desc, g, k);
	free(key);
}
