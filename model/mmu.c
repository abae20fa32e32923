/* mmu.c: minimum mutator utilization (Go's MMU, with STW, background mark
 * workers and mark assists taking mutator time).  Utilization is a step
 * function of time; the mean over a sliding window of width w is piecewise
 * linear in the window's position, so its minimum lies where a window edge
 * meets a step: we evaluate exactly those positions. */
#include "model/model_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct change {
	int64_t t;
	int8_t stw, gc; /* deltas */
	int64_t procs;  /* new GOMAXPROCS, or 0 */
};

struct collect {
	struct change *v;
	size_t n, cap;
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
	c->v[c->n++] = (struct change){t, (int8_t)stw, (int8_t)gc, procs};
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

static int by_time(const void *a, const void *b)
{
	const struct change *x = a, *y = b;
	return (x->t > y->t) - (x->t < y->t);
}

/* Step function: util[i] holds over [ts[i], ts[i+1]); cum[i] = integral
 * up to ts[i]. */
struct steps {
	int64_t *ts;
	double *util, *cum;
	size_t n;
};

/* The integral up to t, with *at the number of steps starting at or
 * before the previous t: the callers' t only grow, so finding the step
 * costs nothing but the steps passed. */
static double integral_from(const struct steps *s, int64_t t, size_t *at)
{
	size_t lo = *at;
	while (lo < s->n && s->ts[lo] <= t)
		lo++;
	*at = lo;
	if (!lo)
		return 0;
	size_t i = lo - 1;
	return s->cum[i] + s->util[i] * (double)(t - s->ts[i]);
}

static void steps_free(struct steps *s)
{
	free(s->ts);
	free(s->util);
	free(s->cum);
}

/* The utilization of m as a step function over [t0, t1]; 0, or -1 when
 * there is no time or no memory. */
static int build_steps(const struct gt_model *m, struct steps *s)
{
	int64_t t0 = m->info.min_ts, t1 = m->info.max_ts;
	memset(s, 0, sizeof *s);
	if (t1 <= t0)
		return -1;
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
	if (c.fail) {
		free(c.v);
		return -1;
	}
	qsort(c.v, c.n, sizeof *c.v, by_time);

	s->ts = malloc(c.n * sizeof *s->ts);
	s->util = malloc(c.n * sizeof *s->util);
	s->cum = malloc(c.n * sizeof *s->cum);
	if (!s->ts || !s->util || !s->cum) {
		free(c.v);
		steps_free(s);
		return -1;
	}
	int64_t procs = m->ps.n ? (int64_t)m->ps.n : 1, stw = 0, gc = 0;
	if (n)
		procs = pt0.value ? (int64_t)pt0.value : 1;
	for (size_t i = 0; i < c.n;) {
		int64_t t = c.v[i].t;
		for (; i < c.n && c.v[i].t == t; i++) {
			stw += c.v[i].stw;
			gc += c.v[i].gc;
			if (c.v[i].procs)
				procs = c.v[i].procs;
		}
		int64_t busy = gc > procs ? procs : gc > 0 ? gc : 0;
		double u = stw > 0 ? 0 : 1.0 - (double)busy / (double)procs;
		if (u < 0)
			u = 0;
		s->ts[s->n] = t;
		s->util[s->n] = u;
		s->cum[s->n] = s->n ? s->cum[s->n - 1] + s->util[s->n - 1] * (double)(t - s->ts[s->n - 1]) : 0;
		s->n++;
	}
	free(c.v);
	return 0;
}

/* The least mean utilization of a window of width w inside [t0, t1]. */
static double min_window(const struct steps *s, int64_t t0, int64_t t1, int64_t w)
{
	if (w >= t1 - t0) {
		size_t a = 0, z = 0;
		return (integral_from(s, t1, &z) - integral_from(s, t0, &a)) / (double)(t1 - t0);
	}
	/* Windows that start at a step, then windows that end at one: in
	 * each sweep both edges only move right. */
	double res = 1;
	for (int k = 0; k < 2; k++) {
		size_t a = 0, z = 0;
		for (size_t i = 0; i < s->n; i++) {
			int64_t x = k ? s->ts[i] - w : s->ts[i];
			if (x < t0)
				x = t0;
			if (x > t1 - w)
				x = t1 - w;
			double hi = integral_from(s, x + w, &z), lo = integral_from(s, x, &a);
			double u = (hi - lo) / (double)w;
			if (u < res)
				res = u;
		}
	}
	return res < 0 ? 0 : res;
}

int gt_model_mmus(const struct gt_model *m, const int64_t *w, size_t n, double *out)
{
	struct steps s;
	for (size_t k = 0; k < n; k++)
		out[k] = -1;
	if (build_steps(m, &s) < 0)
		return -1;
	for (size_t k = 0; k < n; k++)
		if (w[k] > 0)
			out[k] = min_window(&s, m->info.min_ts, m->info.max_ts, w[k]);
	steps_free(&s);
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
