/* mmu.c: minimum mutator utilization (Go's MMU, with STW, background mark
 * workers and mark assists taking mutator time).  Utilization is a step
 * function of time; the mean over a sliding window of width w is piecewise
 * linear in the window's position, so its minimum lies where a window edge
 * meets a step: we evaluate those positions only, and only in the bands of
 * time whose lower bound can still beat the least found so far (bands in
 * the manner of Go's MMUCurve, see mmu_window).  The step function is
 * built once per model (the first query), under mmu_mu. */
#include "model/mmu.h"
#include "model/model_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* 16 bytes a change, so that the changes and the sort's copy of them (or
 * the changes and the steps built from them) are not the largest thing
 * the viewer holds beside the model: 453 k changes on churn_go119, 24
 * bytes each took 22 MB at once.  A GOMAXPROCS change (rare) keeps its
 * value in a side array. */
struct change {
	int64_t t;
	int8_t stw, gc; /* deltas */
	uint32_t procs; /* 1 + index of the new GOMAXPROCS in procs, or 0 */
};

struct collect {
	struct change *v;
	size_t n, cap;
	int64_t *procs;
	uint32_t nprocs, capprocs;
	int fail;
};

static void add(struct collect *c, int64_t t, int stw, int gc, int64_t procs)
{
	if (c->n == c->cap) {
		size_t cap = c->cap ? c->cap * 2 : 1024;
		struct change *nv = realloc(c->v, cap * sizeof *nv);
		if (!nv) {
			c->fail = 1;
			return;
		}
		c->v = nv;
		c->cap = cap;
	}
	uint32_t pk = 0;
	if (procs) {
		if (c->nprocs == c->capprocs) {
			uint32_t cap = c->capprocs ? c->capprocs * 2 : 16;
			int64_t *np = cap > c->capprocs ? realloc(c->procs, (size_t)cap * sizeof *np) : NULL;
			if (!np) {
				c->fail = 1;
				return;
			}
			c->procs = np;
			c->capprocs = cap;
		}
		c->procs[c->nprocs++] = procs;
		pk = c->nprocs;
	}
	c->v[c->n++] = (struct change){t, (int8_t)stw, (int8_t)gc, pk};
}

static int gc_span(void *ctx, const struct gt_pspan *s)
{
	struct collect *c = ctx;
	if (s->gc == 1) {
		add(c, s->start, 0, 1, 0);
		add(c, s->end, 0, -1, 0);
	}
	return 0;
}

struct clip {
	struct collect *c;
	int64_t t0, t1;
};

static int assist_span(void *ctx, const struct gt_gspan *s)
{
	struct clip *k = ctx;
	if (s->state != GT_GS_RUNNING && s->state != GT_GS_SYSCALL)
		return 0;
	int64_t a = s->start > k->t0 ? s->start : k->t0;
	int64_t z = s->end < k->t1 ? s->end : k->t1;
	if (z > a) {
		add(k->c, a, 0, 1, 0);
		add(k->c, z, 0, -1, 0);
	}
	return 0;
}

/* Sorts the changes by time, stably (a GOMAXPROCS change later in the
 * list wins at equal times): radix passes of 16 bits over t - least t. */
static int sort_changes(struct collect *c)
{
	if (c->n < 2)
		return 0;
	struct change *tmp = malloc(c->n * sizeof *tmp);
	size_t *count = malloc(65536 * sizeof *count);
	if (!tmp || !count) {
		free(tmp);
		free(count);
		return -1;
	}
	int64_t lo = c->v[0].t, hi = lo;
	for (size_t i = 1; i < c->n; i++) {
		lo = c->v[i].t < lo ? c->v[i].t : lo;
		hi = c->v[i].t > hi ? c->v[i].t : hi;
	}
	uint64_t span = (uint64_t)hi - (uint64_t)lo;
	struct change *from = c->v, *to = tmp;
	for (int shift = 0; shift < 64 && (span >> shift); shift += 16) {
		memset(count, 0, 65536 * sizeof *count);
		for (size_t i = 0; i < c->n; i++)
			count[(((uint64_t)from[i].t - (uint64_t)lo) >> shift) & 0xffff]++;
		size_t at = 0;
		for (size_t d = 0; d < 65536; d++) {
			size_t k = count[d];
			count[d] = at;
			at += k;
		}
		for (size_t i = 0; i < c->n; i++)
			to[count[(((uint64_t)from[i].t - (uint64_t)lo) >> shift) & 0xffff]++] = from[i];
		struct change *x = from;
		from = to;
		to = x;
	}
	if (from != c->v)
		memcpy(c->v, from, c->n * sizeof *c->v);
	free(tmp);
	free(count);
	return 0;
}

/* The integral up to t: i is the step in force at the previous t asked
 * (or 0); the callers' t mostly grow a little, so a few steps are walked,
 * else a binary search finds it.  Returns the integral, *i the step in
 * force at t (0 when t comes before the first step, where it is 0). */
static double integral_at(const struct gt_mmu_steps *s, int64_t t, size_t *i)
{
	size_t k = *i;
	if (k + 8 < s->n && s->ts[k + 8] > t) {
		while (k + 1 < s->n && s->ts[k + 1] <= t)
			k++;
	} else { /* far: the last step at or before t */
		size_t lo = k, hi = s->n;
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;
			if (s->ts[mid] <= t)
				lo = mid + 1;
			else
				hi = mid;
		}
		k = lo ? lo - 1 : 0;
	}
	*i = k;
	if (s->ts[k] > t)
		return 0;
	return s->cum[k] + s->util[k] * (double)(t - s->ts[k]);
}

static void steps_free(struct gt_mmu_steps *s)
{
	free(s->ts);
	free(s->util);
	free(s->cum);
	free(s->bmin);
	free(s->bcum);
}

/* Bands of time for the windows' lower bounds: at most GT_MMU_BANDS of
 * them, no more than there are steps. */
#define GT_MMU_BANDS 1000

static int build_bands(struct gt_mmu_steps *s)
{
	int64_t d = s->t1 - s->t0;
	size_t nb = s->n < GT_MMU_BANDS ? s->n : GT_MMU_BANDS;
	if (!nb)
		nb = 1;
	s->bw = (int64_t)((uint64_t)d / nb + ((uint64_t)d % nb != 0));
	if (s->bw < 1)
		s->bw = 1;
	s->nb = nb;
	/* a band that holds a window's start [lo, ...] with lo <= t1 - w
	 * reads bcum up to the band holding t1 (nb at most) and bmin one
	 * further */
	s->bmin = malloc((nb + 2) * sizeof *s->bmin);
	s->bcum = malloc((nb + 2) * sizeof *s->bcum);
	if (!s->bmin || !s->bcum)
		return -1;
	size_t at = 0;
	for (size_t b = 0; b < nb + 2; b++) {
		int64_t bs = gt_sat_add(s->t0, (int64_t)b * s->bw);
		s->bcum[b] = integral_at(s, bs, &at);
		if (b >= nb) { /* past the trace: no bound */
			s->bmin[b] = 0;
			continue;
		}
		double lo = s->ts[at] <= bs ? s->util[at] : 0;
		for (size_t k = at + 1; k < s->n && s->ts[k] < gt_sat_add(bs, s->bw); k++)
			lo = s->util[k] < lo ? s->util[k] : lo;
		s->bmin[b] = lo;
	}
	return 0;
}

/* The utilization of m as a step function over [t0, t1]; 0, or -1 when
 * there is no time (or more than a quarter of int64's: a hostile trace's
 * span, where the bands' arithmetic could overflow) or no memory. */
static int build_steps(const struct gt_model *m, struct gt_mmu_steps *s)
{
	int64_t t0 = m->info.min_ts, t1 = m->info.max_ts;
	memset(s, 0, sizeof *s);
	if (t1 <= t0 || gt_sat_sub(t1, t0) > INT64_MAX / 4)
		return -1;
	s->t0 = t0;
	s->t1 = t1;
	struct collect c = {0};
	for (uint32_t pi = 0; pi < gt_model_p_count(m); pi++)
		gt_model_p_spans(m, pi, INT64_MIN, INT64_MAX, gc_span, &c);
	size_t n;
	const struct gt_range *r = gt_model_ranges(m, GT_RS_STW, &n);
	for (size_t i = 0; i < n; i++) {
		add(&c, r[i].start, 1, 0, 0);
		add(&c, r[i].end, -1, 0, 0);
	}
	/* An assist takes mutator time only while its goroutine executes
	 * (runs or is in a syscall), as in Go's MutatorUtilizationV2. */
	r = gt_model_ranges(m, GT_RS_ASSIST, &n);
	for (size_t i = 0; i < n; i++) {
		uint32_t gi = gt_model_g_find(m, r[i].who);
		if (gi == UINT32_MAX) {
			add(&c, r[i].start, 0, 1, 0);
			add(&c, r[i].end, 0, -1, 0);
			continue;
		}
		struct clip k = {&c, r[i].start, r[i].end};
		gt_model_g_spans(m, gi, r[i].start, r[i].end, assist_span, &k);
	}
	n = gt_model_metric_count(m, GT_METRIC_GOMAXPROCS);
	struct gt_point pt0 = {0, 0};
	for (size_t i = 0; i < n; i++) {
		struct gt_point pt;
		gt_model_metric_get(m, GT_METRIC_GOMAXPROCS, i, &pt);
		if (!i)
			pt0 = pt;
		add(&c, pt.ts, 0, 0, pt.value ? (int64_t)pt.value : 1);
	}
	add(&c, t0, 0, 0, 0);
	add(&c, t1, 0, 0, 0);
	if (c.fail || sort_changes(&c) < 0) {
		free(c.v);
		free(c.procs);
		return -1;
	}

	/* The times go over the changes as they are read (step k's 8 bytes
	 * end before change k + 1's 16 begin), then the array shrinks. */
	s->util = malloc(c.n * sizeof *s->util);
	s->cum = malloc(c.n * sizeof *s->cum);
	if (!s->util || !s->cum) {
		free(c.v);
		free(c.procs);
		steps_free(s);
		return -1;
	}
	int64_t *ts = (int64_t *)(void *)c.v;
	int64_t procs = m->ps.n ? (int64_t)m->ps.n : 1, stw = 0, gc = 0;
	if (n)
		procs = pt0.value ? (int64_t)pt0.value : 1;
	for (size_t i = 0; i < c.n;) {
		int64_t t = c.v[i].t;
		for (; i < c.n && c.v[i].t == t; i++) {
			stw += c.v[i].stw;
			gc += c.v[i].gc;
			if (c.v[i].procs)
				procs = c.procs[c.v[i].procs - 1];
		}
		int64_t busy = gc > procs ? procs : gc > 0 ? gc : 0;
		double u = stw > 0 ? 0 : 1.0 - (double)busy / (double)procs;
		if (u < 0)
			u = 0;
		s->cum[s->n] = s->n ? s->cum[s->n - 1] + s->util[s->n - 1] * (double)(t - ts[s->n - 1]) : 0;
		ts[s->n] = t;
		s->util[s->n] = u;
		s->n++;
	}
	free(c.procs);
	int64_t *fit = realloc(ts, s->n * sizeof *ts); /* NULL: keep ts */
	s->ts = fit ? fit : ts;
	if (build_bands(s) < 0) {
		steps_free(s);
		return -1;
	}
	return 0;
}

struct band { double bound; size_t b; };

static int by_bound(const void *a, const void *b)
{
	const struct band *x = a, *y = b;
	if (x->bound != y->bound)
		return x->bound > y->bound ? 1 : -1;
	return (x->b > y->b) - (x->b < y->b);
}

/* The least mean over [x, x + w] for x in band b's part of [t0, t1 - w],
 * or best if none is lower.  Evaluated at the positions where an edge
 * meets a step (the only places a minimum can lie), starting from the
 * last such position at or before the band and ending with the first at
 * or after it, so that every value is one the whole sweep would take.
 * The mean's slope is at most 1/w: from a mean mu, no position closer
 * than (mu - best) w can go below best, and those are skipped. */
static double band_min(const struct gt_mmu_steps *s, size_t b, int64_t w, double best,
                       int64_t *at)
{
	int64_t last = s->t1 - w;
	int64_t lo = s->t0 + (int64_t)b * s->bw, hi = gt_sat_add(lo, s->bw);
	if (hi > last)
		hi = last;
	size_t l = 0, r = 0;
	integral_at(s, lo, &l);
	integral_at(s, lo + w, &r);
	/* the last position at or before lo */
	int64_t x = s->ts[l] > lo ? s->t0 : s->ts[l];
	int64_t xr = s->ts[r] > lo + w ? s->t0 : s->ts[r] - w;
	x = xr > x ? xr : x;
	if (x < s->t0)
		x = s->t0;
	l = r = 0;
	for (;;) {
		double hi_i = integral_at(s, x + w, &r), lo_i = integral_at(s, x, &l);
		double mu = (hi_i - lo_i) / (double)w;
		if (mu < best) {
			best = mu;
			*at = x;
		}
		if (x >= hi || best <= 0)
			break;
		/* the next position where an edge meets a step */
		int64_t nl = l + 1 < s->n ? s->ts[l + 1] : INT64_MAX;
		if (s->ts[l] > x)
			nl = s->ts[l];
		int64_t nr = r + 1 < s->n ? s->ts[r + 1] - w : INT64_MAX;
		if (s->ts[r] > x + w)
			nr = s->ts[r] - w;
		int64_t next = nl < nr ? nl : nr;
		double gap = (mu - best) * (double)w - 2; /* 2 ns for rounding */
		if (gap > 1 && (double)next < (double)x + gap) {
			/* skip: the first position at or after x + gap */
			int64_t y = x + (int64_t)gap;
			if (y > last)
				y = last;
			size_t l2 = l, r2 = r;
			integral_at(s, y, &l2);
			integral_at(s, y + w, &r2);
			nl = s->ts[l2] >= y ? s->ts[l2] : l2 + 1 < s->n ? s->ts[l2 + 1] : INT64_MAX;
			nr = s->ts[r2] >= y + w ? s->ts[r2] - w : r2 + 1 < s->n ? s->ts[r2 + 1] - w : INT64_MAX;
			next = nl < nr ? nl : nr;
		}
		if (next > last)
			next = last;
		if (next <= x)
			break;
		x = next;
	}
	return best;
}

/* The least mean utilization of a window of width w inside [t0, t1]:
 * each band of window starts gets a lower bound (the bands every one of
 * its windows covers whole, plus the rest of the width at the least
 * utilization of the bands its edges can reach), and bands are searched
 * from the lowest bound up until the bound reaches the least found.
 * *at: where the least window of the previous width began (INT64_MIN for
 * none), then where this one's does: the band there is searched first,
 * so the least is close from the start and the bounds cut more. */
static double mmu_window(const struct gt_mmu_steps *s, int64_t w, struct band *bands,
                         int64_t *at)
{
	if (w >= s->t1 - s->t0) {
		size_t a = 0, z = 0;
		double hi = integral_at(s, s->t1, &z), lo = integral_at(s, s->t0, &a);
		return (hi - lo) / (double)(s->t1 - s->t0);
	}
	size_t nb = (size_t)((s->t1 - w - s->t0) / s->bw) + 1; /* bands with starts */
	if (nb > s->nb)
		nb = s->nb;
	int64_t full = w / s->bw >= 1 ? w / s->bw - 1 : 0; /* bands covered whole */
	double rest = (double)(w - full * s->bw);
	for (size_t b = 0; b < nb; b++) {
		size_t f = b + (size_t)full;
		double least = s->bmin[b];
		least = s->bmin[f + 1] < least ? s->bmin[f + 1] : least;
		least = s->bmin[f + 2] < least ? s->bmin[f + 2] : least;
		double sum = (full ? s->bcum[f + 1] - s->bcum[b + 1] : 0) + rest * least;
		/* a margin for rounding: a band is searched rather than missed */
		bands[b] = (struct band){sum / (double)w - 1e-9, b};
	}
	qsort(bands, nb, sizeof *bands, by_bound);
	double best = 1;
	size_t first = SIZE_MAX;
	if (*at != INT64_MIN) {
		int64_t x = *at > s->t1 - w ? s->t1 - w : *at;
		first = (size_t)((x - s->t0) / s->bw);
		best = band_min(s, first, w, best, at);
	}
	/* no window goes below 0 */
	for (size_t k = 0; k < nb && bands[k].bound < best && best > 0; k++)
		if (bands[k].b != first)
			best = band_min(s, bands[k].b, w, best, at);
	return best < 0 ? 0 : best;
}

const struct gt_mmu_steps *gt_model_mmu_steps(const struct gt_model *m)
{
	struct gt_model *mm = (struct gt_model *)m; /* the cache only */
	pthread_mutex_lock(&mm->mmu_mu);
	if (!mm->mmu) {
		struct gt_mmu_steps *s = malloc(sizeof *s);
		if (s && build_steps(m, s) == 0)
			mm->mmu = s;
		else
			free(s);
	}
	pthread_mutex_unlock(&mm->mmu_mu);
	return mm->mmu;
}

void gt_model_mmu_free(struct gt_model *m)
{
	if (m->mmu)
		steps_free(m->mmu);
	free(m->mmu);
	m->mmu = NULL;
}

int gt_model_mmus(const struct gt_model *m, const int64_t *w, size_t n, double *out)
{
	for (size_t k = 0; k < n; k++)
		out[k] = -1;
	const struct gt_mmu_steps *s = gt_model_mmu_steps(m);
	if (!s)
		return -1;
	struct band *bands = malloc(s->nb * sizeof *bands);
	if (!bands)
		return -1;
	int64_t at = INT64_MIN;
	for (size_t k = 0; k < n; k++)
		if (w[k] > 0)
			out[k] = mmu_window(s, w[k], bands, &at);
	free(bands);
	return 0;
}

double gt_model_mmu(const struct gt_model *m, int64_t w)
{
	double u;
	gt_model_mmus(m, &w, 1, &u);
	return u;
}

int gt_model_mmu_curve(const struct gt_model *m, int64_t *w, double *u, size_t max)
{
	int64_t whole = gt_sat_sub(m->info.max_ts, m->info.min_ts);
	if (whole <= 0 || !max)
		return -1;
	/* from the shortest pause that ended (1 us without one) */
	size_t ns;
	const struct gt_range *s = gt_model_ranges(m, GT_RS_STW, &ns);
	int64_t lo = INT64_MAX;
	for (size_t i = 0; i < ns; i++)
		if (!s[i].active_at_start && !s[i].open_at_end && gt_sat_sub(s[i].end, s[i].start) < lo)
			lo = gt_sat_sub(s[i].end, s[i].start);
	if (lo == INT64_MAX)
		lo = 1000;
	if (lo < 1)
		lo = 1;
	if (lo > whole / 16) /* a short trace: still a curve */
		lo = whole / 16 > 0 ? whole / 16 : 1;
	size_t n = 0;
	double step = max > 1 ? log((double)whole / (double)lo) / (double)(max - 1) : 0;
	for (size_t k = 0; k < max; k++) {
		int64_t x = k + 1 == max ? whole : (int64_t)llround((double)lo * exp(step * (double)k));
		if (n && x <= w[n - 1])
			continue; /* windows only grow */
		if (x > whole)
			x = whole;
		w[n++] = x;
	}
	if (gt_model_mmus(m, w, n, u) < 0)
		return -1;
	/* the least over every window at least this wide: a curve that
	 * cannot fall as the window grows */
	for (size_t k = n - 1; k-- > 0;)
		if (u[k + 1] < u[k])
			u[k] = u[k + 1];
	return (int)n;
}
