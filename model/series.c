/* series.c: see series.h. */
#include "model/series.h"
#include "model/cols.h"
#include "model/varint.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* Room for a point.  A big series (a heap metric gets millions of points)
 * has its pages populated ahead, a window at a time: one madvise instead
 * of a page fault per page on the loader's busiest thread.  lim: where
 * the populated window ends, or cap. */
#define POP_FROM ((size_t)1 << 20)
#define POP_WINDOW ((size_t)256 << 10)
static int room(struct gt_series *s)
{
	if (gt_bytes_room(&s->bytes, &s->cap, s->len, GT_SERIES_ROOM) < 0)
		return -1;
	s->lim = s->cap;
#ifdef MADV_POPULATE_WRITE
	if (s->cap >= POP_FROM) {
		uintptr_t pg = (uintptr_t)sysconf(_SC_PAGESIZE);
		uintptr_t base = (uintptr_t)s->bytes;
		uintptr_t a = (base + s->len + pg - 1) & ~(pg - 1);
		uintptr_t z = (base + s->cap) & ~(pg - 1);
		if (z > a + POP_WINDOW)
			z = a + POP_WINDOW;
		if (z > a && madvise((void *)a, z - a, MADV_POPULATE_WRITE) == 0 &&
		    z - base >= s->len + GT_SERIES_ROOM)
			s->lim = z - base;
	}
#endif
	return 0;
}

int gt_series_add(struct gt_series *s, int64_t ts, uint64_t v)
{
	if (s->n % GT_SERIES_STEP == 0) { /* a chunk starts: the point is its head */
		if (s->nck == s->capck) {
			size_t cap = s->capck ? s->capck * 2 : 16;
			struct gt_series_ck *nc = realloc(s->ck, cap * sizeof *nc);
			if (!nc)
				return -1;
			s->ck = nc;
			s->capck = cap;
		}
		s->ck[s->nck++] = (struct gt_series_ck){ts, v, v, s->len};
		s->n++;
		s->last_ts = ts;
		s->last_v = v;
		return 0;
	}
	if (s->len + GT_SERIES_ROOM > s->lim && room(s) < 0)
		return -1;
	gt_series_put(s, ts, v);
	return 0;
}

static int push_any(struct gt_series *s, const struct gt_spoint *pt, size_t n)
{
	return gt_series_push_run(s, pt, n);
}

gt_series_run_fn gt_series_pusher(void)
{
#if defined(__x86_64__) && defined(__GNUC__) && !defined(GT_NO_BMI2)
	if (__builtin_cpu_supports("bmi2"))
		return gt_series_push_run_bmi2;
#endif
	return push_any;
}

void gt_series_free(struct gt_series *s)
{
	free(s->ck);
	free(s->bytes);
	memset(s, 0, sizeof *s);
}

size_t gt_series_bytes(const struct gt_series *s)
{
	return s->capck * sizeof *s->ck + s->cap;
}

/* Walks chunk c from its first point; calls back per point until fn != 0. */
struct walk {
	const uint8_t *p;
	int64_t ts;
	uint64_t v;
	size_t left; /* points after the current one in the chunk */
};

static void walk_open(const struct gt_series *s, size_t c, struct walk *w)
{
	w->p = s->bytes ? s->bytes + s->ck[c].off : NULL; /* all points in chunk heads */
	w->ts = s->ck[c].ts;
	w->v = s->ck[c].value;
	size_t first = c * GT_SERIES_STEP;
	size_t n = s->n - first < GT_SERIES_STEP ? s->n - first : GT_SERIES_STEP;
	w->left = n - 1;
}

static int walk_next(struct walk *w)
{
	if (!w->left)
		return 0;
	w->ts += (int64_t)gt_get_uv(&w->p);
	w->v += (uint64_t)gt_unzz(gt_get_uv(&w->p));
	w->left--;
	return 1;
}

int gt_series_get(const struct gt_series *s, size_t i, int64_t *ts, uint64_t *v)
{
	if (i >= s->n)
		return -1;
	struct walk w;
	walk_open(s, i / GT_SERIES_STEP, &w);
	for (size_t k = i % GT_SERIES_STEP; k > 0; k--)
		walk_next(&w);
	*ts = w.ts;
	*v = w.v;
	return 0;
}

size_t gt_series_at(const struct gt_series *s, int64_t t)
{
	size_t lo = 0, hi = s->nck;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (s->ck[mid].ts <= t)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo)
		return SIZE_MAX;
	size_t c = lo - 1, idx = c * GT_SERIES_STEP;
	struct walk w;
	walk_open(s, c, &w);
	while (walk_next(&w) && w.ts <= t)
		idx++;
	return idx;
}

/* Column i's value: the largest of the value at c0 (the last point at or
 * before it) and the points in (c0, c1).  One walk per column: the
 * chunk holding c0 from its start, whole chunks inside by their max,
 * the last one partly. */
void gt_series_columns(const struct gt_series *s, int64_t t0, int64_t t1,
                       uint32_t ncols, uint64_t *out)
{
	memset(out, 0, ncols * sizeof *out);
	if (!ncols || t1 <= t0 || !s->n)
		return;
	struct gt_cols cs = gt_cols(t0, t1, ncols);
	for (uint32_t i = 0; i < ncols; i++) {
		int64_t c0 = gt_col_at(&cs, i), c1 = gt_col_at(&cs, i + 1);
		size_t lo = 0, hi = s->nck; /* chunks starting at or before c0 */
		while (lo < hi) {
			size_t mid = (lo + hi) / 2;
			if (s->ck[mid].ts <= c0)
				lo = mid + 1;
			else
				hi = mid;
		}
		uint64_t best = 0;
		size_t c = lo ? lo - 1 : 0;
		for (; c < s->nck && s->ck[c].ts < c1; c++) {
			if (s->ck[c].ts > c0 && c + 1 < s->nck && s->ck[c + 1].ts < c1) {
				if (s->ck[c].max > best) /* whole chunk inside */
					best = s->ck[c].max;
				continue;
			}
			struct walk wk;
			walk_open(s, c, &wk);
			do {
				if (wk.ts <= c0)
					best = wk.v; /* the value at c0 so far */
				else if (wk.ts < c1 && wk.v > best)
					best = wk.v;
			} while (walk_next(&wk) && wk.ts < c1);
		}
		out[i] = best;
	}
}
