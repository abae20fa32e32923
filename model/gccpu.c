/* gccpu.c: the GC's share of the CPU (model.h: gt_model_gc_cpu), counted
 * as runtime/metrics' /cpu/classes/gc/total:cpu-seconds is: the mark
 * workers' time on Ps outside stop-the-world pauses, the mark assists'
 * running time inside the mark phase, and each GC pause times GOMAXPROCS. */
#include "model/model_int.h"

#include <string.h>

/* Whether STW range r is one of the GC's (its reason names the GC: "GC
 * sweep termination", "GC mark termination"; not "start trace" ...). */
static int gc_pause(const struct gt_model *m, const struct gt_range *r)
{
	return !strncmp(gt_model_str(m, r->reason), "GC", 2);
}

/* GOMAXPROCS in force at t: the point at or before it, else the first
 * one, else the Ps the trace shows. */
static int64_t procs_at(const struct gt_model *m, int64_t t)
{
	struct gt_point p;
	size_t i = gt_model_metric_at(m, GT_METRIC_GOMAXPROCS, t);
	if (i == SIZE_MAX)
		i = 0;
	if (gt_model_metric_get(m, GT_METRIC_GOMAXPROCS, i, &p) == 0 && p.value)
		return (int64_t)p.value;
	return gt_model_p_count(m) ? gt_model_p_count(m) : 1;
}

/* GOMAXPROCS x time over [t0, t1). */
static int64_t capacity(const struct gt_model *m, int64_t t0, int64_t t1)
{
	int64_t ns = 0, t = t0;
	size_t n = gt_model_metric_count(m, GT_METRIC_GOMAXPROCS);
	size_t i = gt_model_metric_at(m, GT_METRIC_GOMAXPROCS, t0);
	i = i == SIZE_MAX ? 0 : i + 1; /* the next change after t0 */
	while (t < t1) {
		struct gt_point p;
		int64_t e = t1;
		if (i < n && gt_model_metric_get(m, GT_METRIC_GOMAXPROCS, i, &p) == 0 && p.ts < t1)
			e = p.ts > t ? p.ts : t;
		ns = gt_sat_add(ns, gt_sat_sub(e, t) * procs_at(m, t));
		t = e;
		i++;
		if (i > n)
			break;
	}
	return ns;
}

/* The part of [a, z) outside the stop-the-world ranges. */
static int64_t outside_stw(const struct gt_model *m, int64_t a, int64_t z)
{
	size_t n;
	const struct gt_range *s = gt_model_ranges(m, GT_RS_STW, &n);
	int64_t ns = z - a;
	for (size_t i = gt_model_ranges_from(m, GT_RS_STW, a); i < n && s[i].start < z; i++) {
		int64_t x = s[i].start > a ? s[i].start : a, y = s[i].end < z ? s[i].end : z;
		if (y > x)
			ns -= y - x;
	}
	return ns > 0 ? ns : 0;
}

struct workers { const struct gt_model *m; int64_t t0, t1, ns; };

static int worker_span(void *ctx, const struct gt_pspan *s)
{
	struct workers *w = ctx;
	if (!s->gc)
		return 0;
	int64_t a = s->start > w->t0 ? s->start : w->t0, z = s->end < w->t1 ? s->end : w->t1;
	if (z > a)
		w->ns = gt_sat_add(w->ns, outside_stw(w->m, a, z));
	return 0;
}

void gt_model_gc_cpu(const struct gt_model *m, int64_t t0, int64_t t1, struct gt_gc_cpu *out)
{
	memset(out, 0, sizeof *out);
	if (t0 < m->info.min_ts)
		t0 = m->info.min_ts;
	if (t1 > m->info.max_ts)
		t1 = m->info.max_ts;
	if (t1 <= t0)
		return;
	struct workers w = {m, t0, t1, 0};
	for (uint32_t pi = 0; pi < gt_model_p_count(m); pi++)
		gt_model_p_spans(m, pi, t0, t1, worker_span, &w);
	out->workers_ns = w.ns;
	/* assists inside the mark phase: the cycles' parts in the window */
	size_t n;
	const struct gt_range *c = gt_model_ranges(m, GT_RS_GC, &n);
	for (size_t i = gt_model_ranges_from(m, GT_RS_GC, t0); i < n && c[i].start < t1; i++) {
		int64_t a = c[i].start > t0 ? c[i].start : t0, z = c[i].end < t1 ? c[i].end : t1;
		if (z <= a)
			continue;
		uint32_t count;
		int64_t ns;
		gt_model_gc_assists(m, a, z, &count, &ns);
		out->assist_ns = gt_sat_add(out->assist_ns, ns);
	}
	const struct gt_range *s = gt_model_ranges(m, GT_RS_STW, &n);
	for (size_t i = gt_model_ranges_from(m, GT_RS_STW, t0); i < n && s[i].start < t1; i++) {
		int64_t a = s[i].start > t0 ? s[i].start : t0, z = s[i].end < t1 ? s[i].end : t1;
		if (z > a && gc_pause(m, &s[i]))
			out->pause_ns = gt_sat_add(out->pause_ns, (z - a) * procs_at(m, s[i].start));
	}
	out->total_ns = gt_sat_add(gt_sat_add(out->workers_ns, out->assist_ns), out->pause_ns);
	out->capacity_ns = capacity(m, t0, t1);
	out->fraction = out->capacity_ns > 0 ? (double)out->total_ns / (double)out->capacity_ns : 0;
}
