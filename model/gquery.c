/* gquery.c: goroutine queries over the packed logs (glog.h). */
#include "model/gwalk.h"
#include "model/cols.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

uint32_t gt_model_g_count(const struct gt_model *m) { return (uint32_t)m->gids.n; }

int64_t gt_model_g_id(const struct gt_model *m, uint32_t gi)
{
	return gi < m->gids.n ? gt_idseq_get(&m->gids, gi) : GT_NONE;
}

int64_t *gt_model_g_ids(const struct gt_model *m)
{
	int64_t *ids = malloc((m->gids.n ? m->gids.n : 1) * sizeof *ids);
	if (ids)
		gt_idseq_all(&m->gids, ids);
	return ids;
}

/* The index entries' keys searched on (entries are sorted by goroutine,
 * then by chunk: start times and first record numbers ascend within a
 * goroutine's). */
enum gix_key { GIX_GI, GIX_START, GIX_REC0 };

/* The first of e[a..b) whose key exceeds v (a binary search). */
static size_t gix_after(const struct gt_gix *e, size_t a, size_t b, enum gix_key k, int64_t v)
{
	while (a < b) {
		size_t mid = (a + b) / 2;
		int64_t x = k == GIX_GI ? (int64_t)e[mid].gi : k == GIX_START ? e[mid].first_start
		                                                               : (int64_t)e[mid].rec0;
		if (x <= v)
			a = mid + 1;
		else
			b = mid;
	}
	return a;
}

/* Index entries of goroutine gi: [*lo, *hi) in m->gix. */
static void gix_range(const struct gt_model *m, uint32_t gi, size_t *lo, size_t *hi)
{
	size_t a = 0, z = m->gix.n;
	if (m->gixblk) { /* within gi's block */
		a = m->gixblk[gi / GT_GIX_BLOCK];
		z = m->gixblk[gi / GT_GIX_BLOCK + 1];
	}
	*lo = gix_after(m->gix.v, a, z, GIX_GI, (int64_t)gi - 1);
	*hi = gix_after(m->gix.v, *lo, z, GIX_GI, gi);
}


/* gt_model_g, and with rs its Waiting time by reason over the whole
 * trace in the same walk (then every chunk is read: the index's totals
 * have no reasons). */
static int g_facts(const struct gt_model *m, uint32_t gi, struct gt_goroutine *out,
                   struct gt_rsum *rs)
{
	if (gi >= m->gids.n)
		return -1;
	memset(out, 0, sizeof *out);
	out->id = gt_idseq_get(&m->gids, gi);
	out->created = INT64_MIN;
	out->creator = GT_NONE;
	out->first_ts = INT64_MIN;
	out->end_since = INT64_MIN;
	uint32_t head = GT_VEC_AT(m->gheads, uint32_t, gi);
	if (!head)
		return 0;
	struct gt_gcur c;
	uint8_t flags = 0;
	gt_gcur_open(&c, &m->garena, gt_gbase(m, gi), head, 0, 1, &flags, &out->creator,
	             &out->create_stack);
	struct gt_grec r, last = {0, 0, 0};
	int have = 0;
	/* The first chunk: creation, first time, start function. */
	const uint8_t *first_end = c.end;
	while (c.p < first_end && gt_gcur_next(&c, &r)) {
		const struct gt_gkey *k = gt_gkey_at(m, r.key);
		if (!have)
			out->first_ts = r.start;
		if (!out->start_func && k->stack)
			out->start_func = gt_model_stack_start_func(m, k->stack);
		out->ns[k->state] += r.end - r.start;
		out->intervals += k->state != GT_GS_NOTEXIST;
		if (rs && k->state == GT_GS_WAITING)
			gt_rsum_add(rs, k->reason, r.end - r.start);
		last = r;
		have = 1;
	}
	if (flags & GT_GH_CREATED)
		out->created = out->first_ts;
	/* The rest: from the last index entry (its totals) when there is one. */
	size_t lo, hi;
	gix_range(m, gi, &lo, &hi);
	if (hi > lo && !rs) {
		const struct gt_gix *e = &GT_VEC_AT(m->gix, struct gt_gix, hi - 1);
		memcpy(out->ns, e->cum, sizeof out->ns);
		gt_gcur_open(&c, &m->garena, gt_gbase(m, gi), e->ref, e->rec0, 0, NULL, NULL, NULL);
		out->intervals = e->rec0; /* markers only end a log */
	}
	while (gt_gcur_next(&c, &r)) {
		const struct gt_gkey *k = gt_gkey_at(m, r.key);
		out->ns[k->state] += r.end - r.start;
		out->intervals += k->state != GT_GS_NOTEXIST;
		if (rs && k->state == GT_GS_WAITING)
			gt_rsum_add(rs, k->reason, r.end - r.start);
		last = r;
		have = 1;
	}
	const struct gt_initial *ig = (flags & GT_GH_CREATED) ? NULL : gt_model_g_initial(m, gi);
	if (ig && ig->start)
		out->start_func = gt_model_stack_root_func(m, ig->start);
	else if (!out->start_func && hi > lo) /* rare: named after the first chunk */
		out->start_func = gt_model_g_start_func(m, gi);
	if (have) {
		const struct gt_gkey *k = gt_gkey_at(m, last.key);
		out->end_since = last.start;
		out->end_state = k->state;
		out->end_reason = k->reason;
		out->end_stack = k->stack;
	}
	uint32_t ek = gt_ids_get(&m->gendkey, gi);
	if (ek != UINT32_MAX) {
		const struct gt_gkey *k = gt_gkey_at(m, ek);
		out->end_state = k->state;
		out->end_reason = k->reason;
		out->end_stack = k->stack;
	}
	const char *f = gt_str_get(m->tables, out->start_func);
	out->gc_worker = !strcmp(f, "runtime.gcBgMarkWorker");
	/* as Go's IsSystemGoroutine: runtime.main runs the program's main */
	out->system = !strncmp(f, "runtime.", 8) && strcmp(f, "runtime.main");
	return 0;
}

int gt_model_g(const struct gt_model *m, uint32_t gi, struct gt_goroutine *out)
{
	return g_facts(m, gi, out, NULL);
}

int gt_model_g_reasons(const struct gt_model *m, uint32_t gi, struct gt_goroutine *out,
                       gt_reason_ns_fn fn, void *ctx)
{
	struct gt_rsum rs;
	rs.n = 0;
	rs.fn = fn;
	rs.ctx = ctx;
	int rc = g_facts(m, gi, out, &rs);
	if (!rc)
		gt_rsum_end(&rs);
	return rc;
}

gt_str gt_model_g_start_func(const struct gt_model *m, uint32_t gi)
{
	uint32_t head = gi < m->gids.n ? GT_VEC_AT(m->gheads, uint32_t, gi) : 0;
	if (!head)
		return 0;
	const struct gt_initial *ig = gt_model_g_initial(m, gi);
	if (ig && ig->start)
		return gt_model_stack_root_func(m, ig->start);
	struct gt_gcur c;
	struct gt_grec r;
	gt_str f = 0;
	gt_gcur_open(&c, &m->garena, gt_gbase(m, gi), head, 0, 1, NULL, NULL, NULL);
	while (!f && gt_gcur_next(&c, &r))
		f = gt_model_stack_start_func(m, gt_gkey_at(m, r.key)->stack);
	return f;
}

/* ---- lookup by Go id: a permutation sorted by id, built on first use ---- */

static void sift(const int64_t *id, uint32_t *v, size_t i, size_t n)
{
	for (;;) {
		size_t c = 2 * i + 1;
		if (c >= n)
			return;
		if (c + 1 < n && id[v[c + 1]] > id[v[c]])
			c++;
		if (id[v[c]] <= id[v[i]])
			return;
		uint32_t t = v[c];
		v[c] = v[i];
		v[i] = t;
		i = c;
	}
}

/* Ids arrive nearly sorted (creation order), so insertion sort with a
 * budget; heapsort when it runs out.  Both in place. */
static void sort_perm(const int64_t *id, uint32_t *v, size_t n)
{
	size_t budget = 32 * n + 1024;
	for (size_t i = 1; i < n; i++) {
		uint32_t x = v[i];
		size_t j = i;
		while (j > 0 && id[v[j - 1]] > id[x]) {
			v[j] = v[j - 1];
			j--;
			if (!budget--)
				goto heap;
		}
		v[j] = x;
	}
	return;
heap:
	for (size_t i = 0; i < n; i++)
		v[i] = (uint32_t)i;
	for (size_t i = n / 2; i-- > 0;)
		sift(id, v, i, n);
	for (size_t e = n; e-- > 1;) {
		uint32_t t = v[0];
		v[0] = v[e];
		v[e] = t;
		sift(id, v, 0, e);
	}
}

/* The same order by a stable radix sort of 32-bit keys (ids minus the
 * least), when the ids span less than 2^32: linear, where the sort above
 * turns to heapsort on the shuffled runs of real traces (goroutine ids are
 * handed out in per-P batches).  Frees *ids once copied (so the peak stays
 * that of sort_perm's way); returns the ids in rank order less *base (a
 * u32 each), NULL when it does not apply or memory is short (*ids then
 * still there when it does not apply). */
static uint32_t *radix_perm(int64_t **ids, uint32_t *v, size_t n, int64_t *base)
{
	const int64_t *id = *ids;
	int64_t lo = id[0], hi = id[0];
	for (size_t i = 1; i < n; i++) {
		lo = id[i] < lo ? id[i] : lo;
		hi = id[i] > hi ? id[i] : hi;
	}
	uint64_t span = (uint64_t)hi - (uint64_t)lo;
	if (span >> 32)
		return NULL;
	struct kv {
		uint32_t k, i;
	} *a = malloc(n * sizeof *a), *b;
	if (!a)
		return NULL;
	for (size_t i = 0; i < n; i++)
		a[i] = (struct kv){(uint32_t)((uint64_t)id[i] - (uint64_t)lo), (uint32_t)i};
	free(*ids);
	*ids = NULL;
	if (!(b = malloc(n * sizeof *b))) {
		free(a);
		return NULL;
	}
	for (unsigned shift = 0; shift < 32 && span >> shift; shift += 11) {
		size_t at[2048] = {0};
		for (size_t i = 0; i < n; i++)
			at[a[i].k >> shift & 2047]++;
		for (size_t d = 0, sum = 0; d < 2048; d++) {
			size_t c = at[d];
			at[d] = sum;
			sum += c;
		}
		for (size_t i = 0; i < n; i++)
			b[at[a[i].k >> shift & 2047]++] = a[i];
		struct kv *t = a;
		a = b;
		b = t;
	}
	uint32_t *sorted = (uint32_t *)b; /* b's memory, read no more: ids in rank order */
	for (size_t i = 0; i < n; i++) {
		v[i] = a[i].i;
		sorted[i] = a[i].k;
	}
	free(a);
	*base = lo;
	uint32_t *fit = realloc(sorted, (n ? n : 1) * sizeof *sorted);
	return fit ? fit : sorted;
}

void gt_sids_free(struct gt_sids *s)
{
	if (!s)
		return;
	free(s->d);
	free(s->ck);
	free(s->big);
	free(s->bigd);
	free(s);
}

/* The ids in rank order v[0..n) (less base, ascending) packed (struct
 * gt_sids); NULL when memory is short. */
static struct gt_sids *sids_pack(const uint32_t *v, size_t n, int64_t base)
{
	struct gt_sids *s = calloc(1, sizeof *s);
	if (!s)
		return NULL;
	s->base = base;
	s->d = malloc(n ? n : 1);
	s->ck = malloc((n / GT_SIDS_STEP + 1) * sizeof *s->ck);
	size_t nbig = 0;
	for (size_t r = 1; r < n; r++)
		nbig += r % GT_SIDS_STEP && v[r] - v[r - 1] >= 255;
	s->big = malloc((nbig ? nbig : 1) * sizeof *s->big);
	s->bigd = malloc((nbig ? nbig : 1) * sizeof *s->bigd);
	if (!s->d || !s->ck || !s->big || !s->bigd) {
		gt_sids_free(s);
		return NULL;
	}
	for (size_t r = 0; r < n; r++) {
		if (r % GT_SIDS_STEP == 0) {
			s->ck[r / GT_SIDS_STEP] = v[r];
			s->d[r] = 0;
			continue;
		}
		uint32_t d = v[r] - v[r - 1];
		s->d[r] = (uint8_t)(d < 255 ? d : 255);
		if (d >= 255) {
			s->big[s->nbig] = (uint32_t)r;
			s->bigd[s->nbig++] = d;
		}
	}
	return s;
}

/* The step to rank r's id from the rank before's (r not a block's
 * first). */
static uint32_t sids_step(const struct gt_sids *s, uint32_t r)
{
	if (s->d[r] != 255)
		return s->d[r];
	size_t lo = 0, hi = s->nbig;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (s->big[mid] < r)
			lo = mid + 1;
		else
			hi = mid;
	}
	return s->bigd[lo];
}

/* The id of rank r from s. */
static int64_t sids_get(const struct gt_sids *s, uint32_t r)
{
	uint64_t id = s->ck[r / GT_SIDS_STEP];
	for (uint32_t i = r / GT_SIDS_STEP * GT_SIDS_STEP + 1; i <= r; i++)
		id += sids_step(s, i);
	return s->base + (int64_t)id;
}

static void ensure_perm(const struct gt_model *cm)
{
	struct gt_model *m = (struct gt_model *)cm; /* the permutation is a cache */
	size_t n = m->gids.n;
	pthread_mutex_lock(&m->search_mu);
	if (!m->gperm && n) {
		uint32_t *perm = malloc(n * sizeof *perm), *sorted = NULL;
		int64_t *ids = malloc(n * sizeof *ids), base = 0;
		if (perm && ids) {
			gt_idseq_all(&m->gids, ids);
			sorted = radix_perm(&ids, perm, n, &base);
		}
		if (perm && ids && !sorted) { /* ids spanning 2^32: read from gids */
			for (size_t i = 0; i < n; i++)
				perm[i] = (uint32_t)i;
			sort_perm(ids, perm, n);
		}
		if (perm && (sorted || ids)) {
			/* without memory to pack them, ids are read from gids */
			m->gsorted = sorted ? sids_pack(sorted, n, base) : NULL;
			m->gperm = perm;
			perm = NULL;
		}
		free(sorted);
		free(perm);
		free(ids);
	}
	pthread_mutex_unlock(&m->search_mu);
}

uint32_t gt_model_g_by_id(const struct gt_model *m, uint32_t r)
{
	ensure_perm(m);
	return m->gperm && r < m->gids.n ? m->gperm[r] : UINT32_MAX;
}

int64_t gt_model_g_rank_id(const struct gt_model *m, uint32_t r)
{
	if (!m->gperm || r >= m->gids.n)
		return GT_NONE;
	return m->gsorted ? sids_get(m->gsorted, r) : gt_model_g_id(m, m->gperm[r]);
}

uint32_t gt_model_g_rank_lower(const struct gt_model *m, int64_t id)
{
	uint32_t n = (uint32_t)m->gids.n;
	if (!m->gperm)
		return n;
	const struct gt_sids *s = m->gsorted;
	uint32_t lo = 0, hi = n;
	if (s) { /* the packed ids: the block by its first id, then read on */
		uint32_t a = 0, b = (n + GT_SIDS_STEP - 1) / GT_SIDS_STEP;
		while (a < b) { /* blocks whose first id is below id */
			uint32_t mid = a + (b - a) / 2;
			if (s->base + (int64_t)s->ck[mid] < id)
				a = mid + 1;
			else
				b = mid;
		}
		if (!a)
			return 0;
		lo = (a - 1) * GT_SIDS_STEP;
		hi = a * GT_SIDS_STEP < n ? a * GT_SIDS_STEP : n;
		int64_t at = s->base + (int64_t)s->ck[a - 1]; /* lo's id, below id */
		for (uint32_t r = lo + 1; r < hi; r++) /* the ranks after lo's, in turn */
			if ((at += sids_step(s, r)) >= id)
				return r;
		return hi;
	}
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		if (gt_model_g_rank_id(m, mid) < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

int gt_model_g_rank_same(const struct gt_model *m, uint32_t r)
{
	const struct gt_sids *s = m->gsorted;
	if (s && r % GT_SIDS_STEP)
		return s->d[r] == 0;
	return gt_model_g_rank_id(m, r) == gt_model_g_rank_id(m, r - 1);
}

uint32_t gt_model_g_find(const struct gt_model *m, int64_t id)
{
	size_t n = m->gids.n;
	ensure_perm(m);
	if (!m->gperm)
		return UINT32_MAX;
	uint32_t lo = gt_model_g_rank_lower(m, id);
	return lo < n && gt_model_g_rank_id(m, lo) == id ? m->gperm[lo] : UINT32_MAX;
}

/* ---- intervals --------------------------------------------------------------- */

/* A cursor at the last chunk of gi (its index entries [lo, hi)) starting
 * at or before t; returns its index entry (in m->gix) + 1, 0 for the
 * first chunk. */
static size_t seek_in(const struct gt_model *m, uint32_t gi, size_t lo, size_t hi, int64_t t,
                      struct gt_gcur *c, int64_t cum[GT_GS__COUNT])
{
	const struct gt_gix *e = m->gix.v;
	size_t a = gix_after(e, lo, hi, GIX_START, t); /* past the last starting <= t */
	if (a > lo) {
		gt_gcur_open(c, &m->garena, gt_gbase(m, gi), e[a - 1].ref, e[a - 1].rec0, 0, NULL, NULL, NULL);
		if (cum)
			memcpy(cum, e[a - 1].cum, GT_GS__COUNT * sizeof *cum);
		return a;
	}
	gt_gcur_open(c, &m->garena, gt_gbase(m, gi), GT_VEC_AT(m->gheads, uint32_t, gi), 0, 1,
	             NULL, NULL, NULL);
	if (cum)
		memset(cum, 0, GT_GS__COUNT * sizeof *cum);
	return 0;
}

size_t gt_g_seek(const struct gt_model *m, uint32_t gi, int64_t t, struct gt_gcur *c,
                 int64_t cum[GT_GS__COUNT])
{
	/* most logs are one chunk (no index entries), and a whole-trace pass
	 * starts at the head: no search for those */
	gt_gcur_open(c, &m->garena, gt_gbase(m, gi), GT_VEC_AT(m->gheads, uint32_t, gi), 0, 1,
	             NULL, NULL, NULL);
	if (!c->next || t == INT64_MIN) {
		if (cum)
			memset(cum, 0, GT_GS__COUNT * sizeof *cum);
		return 0;
	}
	size_t lo, hi;
	gix_range(m, gi, &lo, &hi);
	return seek_in(m, gi, lo, hi, t, c, cum);
}

int gt_model_g_may_meet(const struct gt_model *m, uint32_t gi, int64_t t0, int64_t t1)
{
	return gi < m->gids.n && gt_gblock_meets(m, gi, t0, t1);
}

void gt_model_g_spans(const struct gt_model *m, uint32_t gi, int64_t t0,
                      int64_t t1, gt_gspan_fn fn, void *ctx)
{
	gt_g_spans_inline(m, gi, t0, t1, fn, ctx);
}

void gt_model_g_waiting_by_reason(const struct gt_model *m, uint32_t gi,
                                  gt_reason_ns_fn fn, void *ctx)
{
	int64_t ns[GT_GS__COUNT];
	gt_model_g_window(m, gi, INT64_MIN, INT64_MAX, ns, fn, ctx); /* ggroups.c */
}

/* Per-column time per state, from totals at the column edges: at each
 * edge, seek by the index (a later chunk) or decode on within the current
 * one, so the cost is bounded by columns times a chunk. */
struct gcol_cur {
	const struct gt_model *m;
	uint32_t gi;
	size_t lo, hi;             /* its index entries in m->gix */
	struct gt_gcur c;
	int64_t acc[GT_GS__COUNT]; /* totals of the records consumed */
	struct gt_grec r;          /* next record, peeked */
	int have, started;
};

static void gc_peek(struct gcol_cur *g)
{
	g->have = gt_gcur_next(&g->c, &g->r);
}

/* An interval [start, end) of key k offered to col, the column [c0, b),
 * for its top: the state of its longest part of an interval, the first
 * of the longest. */
static void gc_offer(struct gt_col *col, int64_t *best, const struct gt_gkey *k, int64_t start,
                     int64_t end, int64_t c0, int64_t b)
{
	int64_t a = start > c0 ? start : c0;
	int64_t z = end < b ? end : b;
	if (z > a && z - a > *best) {
		*best = z - a;
		col->top = k->state;
		col->reason = k->reason;
	}
}

/* The cursor jumps to chunk pe (seek's index) for the column [c0, b):
 * the records it skips are offered to col, so that the top does not
 * depend on where chunks begin: the rest of the current chunk, decoded,
 * and the chunks between, by their longest record (they lie within the
 * column; each chunk is skipped once in a row of columns). */
static void gc_skip(struct gcol_cur *g, size_t pe, struct gt_col *col, int64_t *best, int64_t c0,
                    int64_t b)
{
	const struct gt_model *m = g->m;
	if (!g->have)
		return;
	uint32_t rec = g->c.rec - 1; /* the peeked record's number */
	struct gt_grec r = g->r;
	for (;;) {
		gc_offer(col, best, gt_gkey_at(m, r.key), r.start, r.end, c0, b);
		if (g->c.p >= g->c.end || !gt_gcur_next(&g->c, &r))
			break;
	}
	const struct gt_gix *e = m->gix.v;
	/* the entry after the peeked record's chunk */
	size_t i = gix_after(e, g->lo, g->hi, GIX_REC0, (int64_t)rec);
	/* entries i .. pe - 2, whole groups through gixtop */
	while (i + 1 < pe) {
		size_t k = i;
		if (i % GT_GIX_GROUP == 0 && i + GT_GIX_GROUP < pe && m->gixtop)
			k = m->gixtop[i / GT_GIX_GROUP], i += GT_GIX_GROUP;
		else
			i++;
		gc_offer(col, best, gt_gkey_at(m, e[k].lkey), 0, e[k].longest, 0, INT64_MAX);
	}
}

/* Totals before time b into cum; records consumed are offered to col. */
static uint32_t gc_to(struct gcol_cur *g, int64_t b, int64_t cum[GT_GS__COUNT],
                      struct gt_col *col, int64_t *best, int64_t c0)
{
	struct gt_gcur probe;
	int64_t pc[GT_GS__COUNT];
	size_t pe = seek_in(g->m, g->gi, g->lo, g->hi, b, &probe, pc);
	if (!g->started || probe.rec > g->c.rec - (g->have ? 1u : 0u)) {
		if (g->started && col)
			gc_skip(g, pe, col, best, c0, b);
		g->c = probe;
		memcpy(g->acc, pc, sizeof g->acc);
		g->started = 1;
		gc_peek(g);
	}
	while (g->have) {
		const struct gt_gkey *k = gt_gkey_at(g->m, g->r.key);
		if (col)
			gc_offer(col, best, k, g->r.start, g->r.end, c0, b);
		if (g->r.start < b && g->r.end <= b) {
			g->acc[k->state] += g->r.end - g->r.start;
			gc_peek(g);
			continue;
		}
		break;
	}
	memcpy(cum, g->acc, sizeof g->acc);
	if (g->have && g->r.start < b)
		cum[gt_gkey_at(g->m, g->r.key)->state] += b - g->r.start;
	/* records starting before b */
	return g->c.rec - (g->have ? 1u : 0u) + (g->have && g->r.start < b);
}

void gt_model_g_columns(const struct gt_model *m, uint32_t gi, int64_t t0, int64_t t1,
                        uint32_t ncols, struct gt_col *out)
{
	struct gt_cols cs = gt_cols(t0, t1, ncols);
	for (uint32_t i = 0; i < ncols; i++) {
		memset(&out[i], 0, sizeof out[i]);
		out[i].top = UINT32_MAX;
		if (t1 > t0)
			out[i].width = gt_col_at(&cs, i + 1) - gt_col_at(&cs, i);
	}
	if (gi >= m->gids.n || !GT_VEC_AT(m->gheads, uint32_t, gi) || t1 <= t0 || !ncols)
		return;
	struct gcol_cur g = {.m = m, .gi = gi};
	gix_range(m, gi, &g.lo, &g.hi);
	int64_t prev[GT_GS__COUNT], cur[GT_GS__COUNT], best = 0;
	uint32_t nprev = gc_to(&g, t0, prev, NULL, &best, t0);
	for (uint32_t i = 0; i < ncols; i++) {
		int64_t c0 = gt_col_at(&cs, i), c1 = gt_col_at(&cs, i + 1);
		best = 0;
		/* the record straddling c0 was peeked, not consumed: offer it
		 * (a column narrower than a nanosecond has no top) */
		if (g.have)
			gc_offer(&out[i], &best, gt_gkey_at(m, g.r.key), g.r.start, g.r.end, c0, c1);
		uint32_t ncur = gc_to(&g, c1, cur, &out[i], &best, c0);
		out[i].spans = ncur - nprev;
		nprev = ncur;
		for (int k = 0; k < GT_GS__COUNT && k < GT_COL_CLASSES; k++)
			out[i].ns[k] = cur[k] - prev[k];
		memcpy(prev, cur, sizeof prev);
	}
}
