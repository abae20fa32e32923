/* lane.c: see lane.h. */
#include "model/lane.h"
#include "model/cols.h"
#include "model/bigblock.h"
#include "model/varint.h"

#include <stdlib.h>
#include <string.h>

#define BLOCK_SHIFT 20                      /* 1 MiB arena blocks */
#define UNITS_SHIFT (BLOCK_SHIFT - 3)       /* refs count 8-byte units */
_Static_assert(UNITS_SHIFT == GT_LANE_USHIFT, "lane.h's inline append");
_Static_assert(GT_BIGBLOCK == (size_t)1 << BLOCK_SHIFT, "arena blocks");
#define UNITS_PER_BLOCK (1u << UNITS_SHIFT)
#define HDR GT_LANE_HDR                     /* u32 next, u16 used, u16 cap */
#define MIN_CHUNK 32
#define MAX_CHUNK 1024

static uint8_t *at(const struct gt_lanes *ls, uint32_t ref)
{
	return ls->blocks[ref >> UNITS_SHIFT] + ((size_t)(ref & (UNITS_PER_BLOCK - 1)) << 3);
}

static uint32_t alloc_chunk(struct gt_lanes *ls, uint32_t bytes)
{
	uint32_t units = bytes >> 3;
	if (!ls->nblocks || ls->next + units > UNITS_PER_BLOCK) {
		if (ls->nblocks == ls->cap_blocks) {
			size_t cap = ls->cap_blocks ? ls->cap_blocks * 2 : 16;
			uint8_t **nb = realloc(ls->blocks, cap * sizeof *nb);
			if (!nb)
				return 0;
			ls->blocks = nb;
			ls->cap_blocks = cap;
		}
		if (ls->nblocks >= (1u << (32 - UNITS_SHIFT)) - 1)
			return 0;
		uint8_t *b = gt_bigblock_alloc();
		if (!b)
			return 0;
		ls->blocks[ls->nblocks++] = b;
		ls->next = ls->nblocks == 1 ? 1 : 0; /* ref 0 means none */
	}
	uint32_t ref = (uint32_t)((ls->nblocks - 1) << UNITS_SHIFT) + ls->next;
	ls->next += units;
	uint8_t *c = at(ls, ref);
	uint32_t zero = 0;
	uint16_t used = 0, cap = (uint16_t)(bytes - HDR);
	memcpy(c, &zero, 4);
	memcpy(c + 4, &used, 2);
	memcpy(c + 6, &cap, 2);
	return ref;
}


/* The span recorded at *p (gt_lane_encode, in units of 2^shift ns) after
 * one that ended at prev_end with value prev_val; moves *p past it. */
static inline __attribute__((always_inline)) void decode(const uint8_t **p, int64_t prev_end,
                                                        uint32_t prev_val, unsigned shift,
                                                        struct gt_span_rec *s)
{
	uint64_t v = gt_get_uv(p);
	s->val = prev_val + (uint32_t)gt_unzz(v >> 3);
	s->cls = (uint8_t)(v & 3);
	int64_t unit = v & 4 ? 1 : (int64_t)1 << shift;
	s->start = prev_end + gt_unzz(gt_get_uv(p)) * unit;
	s->end = s->start + (int64_t)gt_get_uv(p) * unit;
}

#define MAX_REC GT_LANE_MAX_REC

/* The tail chunk's top span into its pending index entry. */
static void put_top(struct gt_lanes *ls, struct gt_lane *l)
{
	struct gt_lane_ix *e = &ls->pend[l->pend].e;
	e->top_start = l->top_start;
	e->top_end = l->top_start + l->top_len;
	e->top_val = l->top_val;
	e->top_cls = l->top_cls;
}

/* Writes the tail chunk's used count (the inline append keeps it in l->wp). */
static void sync_used(struct gt_lanes *ls, struct gt_lane *l)
{
	if (!l->tail)
		return;
	uint16_t used = (uint16_t)(l->wp - (at(ls, l->tail) + HDR));
	memcpy(at(ls, l->tail) + 4, &used, 2);
}

int gt_lane_append_slow(struct gt_lanes *ls, struct gt_lane *l, int64_t start,
                        int64_t end, uint32_t val, uint8_t cls)
{
	uint8_t tmp[32];
	if (end < start)
		end = start;
	size_t n = 0;
	uint8_t *c = NULL;
	uint16_t used = 0, cap = 0;
	if (l->tail) {
		c = at(ls, l->tail);
		used = (uint16_t)(l->wp - (c + HDR));
		memcpy(&cap, c + 6, 2);
		if (used + MAX_REC <= cap) {
			/* room for any record: encode in place (the common case) */
			n = gt_lane_encode(c + HDR + used, l->prev_end, l->prev_val, start, end, val, cls,
			                   ls->tshift);
			goto done;
		}
		n = gt_lane_encode(tmp, l->prev_end, l->prev_val, start, end, val, cls, ls->tshift);
	}
	if (!l->tail || used + n > cap) {
		if (ls->npend == ls->cap_pend) {
			size_t nc = ls->cap_pend ? ls->cap_pend * 2 : 1024;
			struct gt_lane_pending *nv = realloc(ls->pend, nc * sizeof *nv);
			if (!nv)
				return -1;
			ls->pend = nv;
			ls->cap_pend = nc;
		}
		uint32_t bytes = (uint32_t)MIN_CHUNK << (l->nchunks < 5 ? l->nchunks : 5);
		uint32_t ref = alloc_chunk(ls, bytes);
		if (!ref)
			return -1;
		if (l->tail)
			put_top(ls, l);
		struct gt_lane_pending *pe = &ls->pend[ls->npend++];
		pe->e.first_start = start;
		pe->e.ref = ref;
		pe->e.rec0 = l->nrec;
		memcpy(pe->e.cum, l->cum, sizeof l->cum);
		pe->lane = l->id;
		if (l->tail) {
			memcpy(c + 4, &used, 2); /* the chunk left */
			memcpy(c, &ref, 4);
		}
		l->tail = ref;
		l->pend = (uint32_t)(ls->npend - 1);
		l->top_len = -1;
		l->nchunks++;
		c = at(ls, ref);
		used = 0;
		memcpy(&cap, c + 6, 2);
		n = gt_lane_encode(tmp, 0, 0, start, end, val, cls, ls->tshift);
	}
	memcpy(c + HDR + used, tmp, n);
done:
	used = (uint16_t)(used + n);
	memcpy(c + 4, &used, 2);
	l->wp = c + HDR + used;
	/* the inline append needs room for a whole record and the slack */
	l->wlim = cap >= MAX_REC ? c + HDR + cap - MAX_REC + 1 : c;
	l->prev_end = end;
	l->prev_val = val;
	l->nrec++;
	l->cum[cls] += end - start;
	if (end - start > l->top_len) {
		l->top_start = start;
		l->top_len = end - start;
		l->top_val = val;
		l->top_cls = cls;
	}
	return 0;
}

/* Of chunks a < b of one lane (tlen: its entries' top lengths), the one
 * with the first longest top span. */
static uint32_t first_longest(const int64_t *tlen, uint32_t a, uint32_t b)
{
	return tlen[b] > tlen[a] ? b : a;
}

static uint32_t floor_log2(uint32_t x)
{
	return 31u - (uint32_t)__builtin_clz(x);
}

/* The sparse table of lane l (more than GT_LANE_GROUP chunks) at st. */
static void build_st(const struct gt_lanes *ls, const struct gt_lane *l, uint32_t *st)
{
	const int64_t *ix = ls->tlen + l->ix;
	uint32_t ng = (l->nchunks + GT_LANE_GROUP - 1) / GT_LANE_GROUP;
	for (uint32_t g = 0; g < ng; g++) {
		uint32_t best = g * GT_LANE_GROUP;
		for (uint32_t k = best + 1; k < (g + 1) * GT_LANE_GROUP && k < l->nchunks; k++)
			best = first_longest(ix, best, k);
		st[g] = best;
	}
	for (uint32_t k = 1; (1u << k) <= ng; k++) {
		uint32_t *lo = st + (size_t)(k - 1) * ng, *hi = st + (size_t)k * ng;
		for (uint32_t g = 0; g + (1u << k) <= ng; g++)
			hi[g] = first_longest(ix, lo[g], lo[g + (1u << (k - 1))]);
	}
}

static size_t st_size(uint32_t nchunks)
{
	if (nchunks <= GT_LANE_GROUP)
		return 0;
	uint32_t ng = (nchunks + GT_LANE_GROUP - 1) / GT_LANE_GROUP;
	return (size_t)(floor_log2(ng) + 1) * ng;
}

/* Chunk of lane l among chunks [a, z) (a < z) with the first longest top
 * span: at most 2 * GT_LANE_GROUP entries and two table entries read. */
static uint32_t longest_in(const struct gt_lanes *ls, const struct gt_lane *l, uint32_t a, uint32_t z)
{
	const int64_t *ix = ls->tlen + l->ix;
	uint32_t best = a;
	uint32_t ga = (a + GT_LANE_GROUP - 1) / GT_LANE_GROUP, gz = z / GT_LANE_GROUP;
	if (l->nchunks <= GT_LANE_GROUP || ga >= gz || !ls->st) { /* (!st: finish ran out of memory) */
		for (uint32_t k = a + 1; k < z; k++)
			best = first_longest(ix, best, k);
		return best;
	}
	for (uint32_t k = a + 1; k < ga * GT_LANE_GROUP; k++)
		best = first_longest(ix, best, k);
	uint32_t ng = (l->nchunks + GT_LANE_GROUP - 1) / GT_LANE_GROUP;
	uint32_t lv = floor_log2(gz - ga);
	const uint32_t *row = ls->st + l->st + (size_t)lv * ng;
	best = first_longest(ix, best, first_longest(ix, row[ga], row[gz - (1u << lv)]));
	for (uint32_t k = gz * GT_LANE_GROUP; k < z; k++)
		best = first_longest(ix, best, k);
	return best;
}

int gt_lanes_finish(struct gt_lanes *ls, struct gt_lane *const *lanes, size_t n)
{
	size_t next = 0, nst = 0;
	for (size_t i = 0; i < n; i++) {
		sync_used(ls, lanes[i]);
		if (lanes[i]->tail && ls->pend)
			put_top(ls, lanes[i]);
		lanes[i]->ix = (uint32_t)next;
		next += lanes[i]->nchunks;
		lanes[i]->st = (uint32_t)nst;
		nst += st_size(lanes[i]->nchunks);
	}
	free(ls->ix);
	ls->ix = malloc((next ? next : 1) * sizeof *ls->ix);
	if (!ls->ix)
		return -1;
	ls->nix = next;
	/* Counting sort by lane, stable: each lane's chunks stay in order. */
	uint32_t *fill = calloc(n ? n : 1, sizeof *fill);
	if (!fill)
		return -1;
	for (size_t i = 0; i < ls->npend; i++) {
		uint32_t lane = ls->pend[i].lane;
		if (lane >= n)
			continue;
		ls->ix[lanes[lane]->ix + fill[lane]++] = ls->pend[i].e;
	}
	free(fill);
	free(ls->pend);
	ls->pend = NULL;
	ls->npend = ls->cap_pend = 0;
	free(ls->first);
	free(ls->tlen);
	ls->first = malloc((next ? next : 1) * sizeof *ls->first);
	ls->tlen = malloc((next ? next : 1) * sizeof *ls->tlen);
	if (!ls->first || !ls->tlen) {
		free(ls->first);
		free(ls->tlen);
		ls->first = ls->tlen = NULL; /* queries see an unfinished lane */
		return -1;
	}
	for (size_t k = 0; k < next; k++) {
		ls->first[k] = ls->ix[k].first_start;
		ls->tlen[k] = ls->ix[k].top_end - ls->ix[k].top_start;
	}
	free(ls->st);
	ls->st = malloc((nst ? nst : 1) * sizeof *ls->st);
	if (!ls->st)
		return -1;
	ls->nst = nst;
	for (size_t i = 0; i < n; i++)
		if (st_size(lanes[i]->nchunks))
			build_st(ls, lanes[i], ls->st + lanes[i]->st);
	return 0;
}

void gt_lanes_free(struct gt_lanes *ls)
{
	for (size_t i = 0; i < ls->nblocks; i++)
		gt_bigblock_free(ls->blocks[i]);
	free(ls->blocks);
	free(ls->ix);
	free(ls->pend);
	free(ls->st);
	free(ls->first);
	free(ls->tlen);
	memset(ls, 0, sizeof *ls);
}

size_t gt_lanes_bytes(const struct gt_lanes *ls)
{
	return (ls->nblocks << BLOCK_SHIFT) + ls->nix * sizeof *ls->ix +
	       ls->cap_pend * sizeof *ls->pend + ls->nst * sizeof *ls->st +
	       (ls->first ? ls->nix * (sizeof *ls->first + sizeof *ls->tlen) : 0);
}

/* A decoding position inside one lane. */
struct cursor {
	const struct gt_lanes *ls;
	const struct gt_lane *l;
	uint32_t e;              /* entry (chunk) index within the lane */
	const uint8_t *p, *end;  /* bytes of that chunk */
	int64_t prev_end;
	uint32_t prev_val;
	uint32_t rec;            /* span number of the next record */
	int64_t cum[GT_LANE_CLASSES]; /* class totals before the next record */
};

static void cur_seek(struct cursor *c, uint32_t e)
{
	const struct gt_lane_ix *ix = &c->ls->ix[c->l->ix + e];
	const uint8_t *ch = at(c->ls, ix->ref);
	uint16_t used;
	memcpy(&used, ch + 4, 2);
	c->e = e;
	c->p = ch + HDR;
	c->end = c->p + used;
	c->prev_end = 0;
	c->prev_val = 0;
	c->rec = ix->rec0;
	memcpy(c->cum, ix->cum, sizeof c->cum);
}

/* Whether a record follows the cursor: at a chunk's end it moves to the
 * next chunk; 0 at the lane's end. */
static int cur_more(struct cursor *c)
{
	if (c->p == c->end) {
		if (c->e + 1 >= c->l->nchunks)
			return 0;
		cur_seek(c, c->e + 1);
	}
	return 1;
}

/* Decodes the record at the cursor into *s without moving; 0 at the end. */
static int cur_peek(struct cursor *c, struct gt_span_rec *s, const uint8_t **after)
{
	if (!cur_more(c))
		return 0;
	*after = c->p;
	decode(after, c->prev_end, c->prev_val, c->ls->tshift, s);
	return 1;
}

static void cur_take(struct cursor *c, const struct gt_span_rec *s, const uint8_t *after)
{
	c->p = after;
	c->prev_end = s->end;
	c->prev_val = s->val;
	c->rec++;
	c->cum[s->cls] += s->end - s->start;
}

/* Last chunk of l whose first span starts at or before t; -1 if none. */
static int64_t find_chunk(const struct gt_lanes *ls, const struct gt_lane *l, int64_t t)
{
	const int64_t *first = ls->first + l->ix;
	int64_t lo = 0, hi = (int64_t)l->nchunks - 1, r = -1;
	while (lo <= hi) {
		int64_t mid = (lo + hi) / 2;
		if (first[mid] <= t) {
			r = mid;
			lo = mid + 1;
		} else {
			hi = mid - 1;
		}
	}
	return r;
}

void gt_lane_query(const struct gt_lanes *ls, const struct gt_lane *l,
                   int64_t t0, int64_t t1, gt_span_rec_fn fn, void *ctx)
{
	if (!l->nchunks || !ls->first)
		return;
	int64_t e = find_chunk(ls, l, t0);
	struct cursor c = {.ls = ls, .l = l};
	cur_seek(&c, (uint32_t)(e < 0 ? 0 : e));
	struct gt_span_rec s;
	const uint8_t *after;
	while (cur_peek(&c, &s, &after)) {
		if (s.start >= t1)
			break;
		cur_take(&c, &s, after);
		if (s.end > t0 || s.start >= t0)
			if (fn(ctx, &s))
				break;
	}
}

/* Offers span s to column [c0, c1) as a candidate for its top. */
static void offer(struct gt_lane_col *col, int64_t *best, const struct gt_span_rec *s,
                  int64_t c0, int64_t c1)
{
	int64_t a = s->start > c0 ? s->start : c0;
	int64_t z = s->end < c1 ? s->end : c1;
	if (s->start >= c1 || (z <= a && s->start < c0))
		return;
	if (col->top == UINT32_MAX || z - a > *best) {
		*best = z - a;
		col->top = s->val;
		col->top_cls = s->cls;
	}
}

/* The cursor jumps from its chunk (or, not placed yet, from before the
 * lane's first) to chunk e, inside column [c0, b): the spans it skips are
 * offered to col all the same, those left in its chunk one by one, the
 * chunks between by their longest span (they all lie inside the column:
 * they start after the span the cursor is at, which does not end before
 * c0, or after c0 when the lane starts after it, and they end before
 * chunk e's first start). */
static void offer_skipped(const struct cursor *c, uint32_t e, struct gt_lane_col *col,
                          int64_t *best, int64_t c0, int64_t b)
{
	const uint8_t *p = c->p;
	struct gt_span_rec s = {.end = c->prev_end, .val = c->prev_val};
	uint32_t from = p ? c->e + 1 : 0;
	if (p && p < c->end) {
		/* the span the cursor is at, then the rest: the chunk's longest
		 * when that comes later (the first longest of the chunk is the
		 * first longest of any part holding it), else each span */
		decode(&p, s.end, s.val, c->ls->tshift, &s);
		offer(col, best, &s, c0, b);
		const struct gt_lane_ix *ix = &c->ls->ix[c->l->ix + c->e];
		if (ix->top_start > s.start) {
			struct gt_span_rec top = {ix->top_start, ix->top_end, ix->top_val, ix->top_cls};
			offer(col, best, &top, c0, b);
			p = c->end;
		}
	}
	while (p && p < c->end) {
		decode(&p, s.end, s.val, c->ls->tshift, &s);
		offer(col, best, &s, c0, b);
	}
	if (from < e) {
		const struct gt_lane_ix *ix = &c->ls->ix[c->l->ix + longest_in(c->ls, c->l, from, e)];
		struct gt_span_rec top = {ix->top_start, ix->top_end, ix->top_val, ix->top_cls};
		offer(col, best, &top, c0, b);
	}
}

/* Moves the cursor to boundary b (monotonic calls); gives class totals and
 * the number of spans starting before b.  Spans passed are offered to col
 * (the column [c0, b)) for its top. */
static void cur_to(struct cursor *c, int64_t b, int64_t cum[GT_LANE_CLASSES],
                   uint32_t *spans, struct gt_lane_col *col, int64_t *best, int64_t c0)
{
	int64_t e = find_chunk(c->ls, c->l, b);
	if (e < 0) {
		memset(cum, 0, GT_LANE_CLASSES * sizeof *cum);
		*spans = 0;
		return;
	}
	if (col && (c->p == NULL || (uint32_t)e > c->e))
		offer_skipped(c, (uint32_t)e, col, best, c0, b);
	if (c->p == NULL || (uint32_t)e > c->e)
		cur_seek(c, (uint32_t)e);
	struct gt_span_rec s;
	int straddle = 0;
	while (cur_more(c)) {
		/* the chunk's spans before b, the cursor in locals */
		const uint8_t *p = c->p, *q = p, *end = c->end;
		int64_t pe = c->prev_end;
		uint32_t pv = c->prev_val, rec = c->rec;
		int stop = 0;
		while (p < end) {
			q = p;
			decode(&q, pe, pv, c->ls->tshift, &s);
			if (col)
				offer(col, best, &s, c0, b);
			if (!(s.start < b && s.end <= b)) {
				straddle = s.start < b;
				stop = 1;
				break;
			}
			p = q;
			pe = s.end;
			pv = s.val;
			rec++;
			c->cum[s.cls] += s.end - s.start;
		}
		c->p = p;
		c->prev_end = pe;
		c->prev_val = pv;
		c->rec = rec;
		if (stop)
			break;
	}
	memcpy(cum, c->cum, GT_LANE_CLASSES * sizeof *cum);
	*spans = c->rec;
	if (straddle) {
		cum[s.cls] += b - s.start;
		(*spans)++;
	}
}

void gt_lane_columns(const struct gt_lanes *ls, const struct gt_lane *l,
                     int64_t t0, int64_t t1, uint32_t ncols,
                     struct gt_lane_col *out)
{
	struct gt_cols cs = gt_cols(t0, t1, ncols);
	gt_lane_columns_of(ls, l, &cs, 0, ncols, out);
}

void gt_lane_columns_of(const struct gt_lanes *ls, const struct gt_lane *l,
                        const struct gt_cols *cs, uint32_t first, uint32_t ncols,
                        struct gt_lane_col *out)
{
	for (uint32_t i = 0; i < ncols; i++) {
		memset(&out[i], 0, sizeof out[i]);
		out[i].top = UINT32_MAX;
	}
	int64_t t0 = gt_col_at(cs, first), t1 = gt_col_at(cs, first + ncols);
	if (!ncols || !l->nchunks || !ls->first || t1 <= t0)
		return;
	struct cursor c = {.ls = ls, .l = l};
	int64_t prev[GT_LANE_CLASSES], cur[GT_LANE_CLASSES];
	uint32_t pspans, cspans;
	int64_t best = 0;
	cur_to(&c, t0, prev, &pspans, NULL, &best, t0);
	for (uint32_t i = 0; i < ncols; i++) {
		int64_t c0 = gt_col_at(cs, first + i), c1 = gt_col_at(cs, first + i + 1);
		best = 0;
		cur_to(&c, c1, cur, &cspans, &out[i], &best, c0);
		for (int k = 0; k < GT_LANE_CLASSES; k++)
			out[i].ns[k] = cur[k] - prev[k];
		out[i].spans = cspans - pspans;
		memcpy(prev, cur, sizeof prev);
		pspans = cspans;
	}
}
