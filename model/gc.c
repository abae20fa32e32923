/* gc.c: a GC cycle's figures (assists, pauses, heap, trigger) and the
 * range lanes' coverage per column: the one place the CLI, the JSON and the
 * viewer take them from (definitions in model.h). */
#include "model/model_int.h"

#include <stdlib.h>

#include "model/cols.h"

/* Time goroutine spans spend Running inside [t0, t1). */
struct running { int64_t t0, t1, ns; };
static int add_running(void *ctx, const struct gt_gspan *s)
{
	struct running *r = ctx;
	if (s->state != GT_GS_RUNNING)
		return 0;
	int64_t a = s->start > r->t0 ? s->start : r->t0;
	int64_t z = s->end < r->t1 ? s->end : r->t1;
	if (z > a)
		r->ns = gt_sat_add(r->ns, gt_sat_sub(z, a));
	return 0;
}

static uint64_t metric_in_force(const struct gt_model *m, enum gt_metric_kind k, int64_t t)
{
	struct gt_point p;
	size_t i = gt_model_metric_at(m, k, t);
	if (i == SIZE_MAX || gt_model_metric_get(m, k, i, &p) < 0)
		return UINT64_MAX;
	return p.value;
}

static void assists_of(const struct gt_model *m, struct gt_gc_cycle *c)
{
	size_t n;
	const struct gt_range *a = gt_model_ranges(m, GT_RS_ASSIST, &n);
	for (size_t i = gt_model_ranges_from(m, GT_RS_ASSIST, c->start); i < n && a[i].start < c->end; i++) {
		if (a[i].end <= c->start && !(a[i].start == a[i].end && a[i].start >= c->start))
			continue;
		c->assists++;
		uint32_t gi = gt_model_g_find(m, a[i].who);
		if (gi == UINT32_MAX)
			continue; /* no goroutine to have run it */
		struct running r = {a[i].start > c->start ? a[i].start : c->start,
		                    a[i].end < c->end ? a[i].end : c->end, 0};
		if (r.t1 > r.t0)
			gt_model_g_spans(m, gi, r.t0, r.t1, add_running, &r);
		c->assist_ns = gt_sat_add(c->assist_ns, r.ns);
	}
}

void gt_model_gc_assists(const struct gt_model *m, int64_t t0, int64_t t1, uint32_t *count,
                         int64_t *ns)
{
	struct gt_gc_cycle w = {.start = t0, .end = t1};
	assists_of(m, &w);
	*count = w.assists;
	*ns = w.assist_ns;
}

static void pauses_of(const struct gt_model *m, struct gt_gc_cycle *c, int64_t *last_end)
{
	size_t n;
	const struct gt_range *s = gt_model_ranges(m, GT_RS_STW, &n);
	size_t i = gt_model_ranges_from(m, GT_RS_STW, c->start);
	/* ranges_from steps back over overlaps only: a pause ending exactly
	 * at the cycle's start also touches it */
	while (i > 0 && s[i - 1].end >= c->start)
		i--;
	c->stw_first = i;
	*last_end = c->end;
	for (; i < n && s[i].start <= c->end; i++) {
		if (s[i].end < c->start) {
			if (!c->stw_count)
				c->stw_first = i + 1;
			continue;
		}
		c->stw_count = i + 1 - c->stw_first;
		c->stw_ns = gt_sat_add(c->stw_ns, gt_sat_sub(s[i].end, s[i].start));
		if (s[i].end > *last_end)
			*last_end = s[i].end;
	}
}

int gt_model_gc_cycle(const struct gt_model *m, size_t i, struct gt_gc_cycle *out)
{
	size_t n;
	const struct gt_range *r = gt_model_ranges(m, GT_RS_GC, &n);
	if (i >= n)
		return -1;
	*out = (struct gt_gc_cycle){.start = r[i].start, .end = r[i].end, .trigger_g = GT_NONE};
	assists_of(m, out);
	int64_t after;
	pauses_of(m, out, &after);
	size_t ns;
	const struct gt_range *s = gt_model_ranges(m, GT_RS_STW, &ns);
	int64_t c0 = out->stw_count && s[out->stw_first].start < out->start ?
	             s[out->stw_first].start : out->start;
	gt_model_gc_cpu(m, c0, after > out->end ? after : out->end, &out->cpu);
	out->heap_before = metric_in_force(m, GT_METRIC_HEAP_ALLOC, out->start);
	out->heap_after = metric_in_force(m, GT_METRIC_HEAP_ALLOC, after);
	out->heap_goal = metric_in_force(m, GT_METRIC_HEAP_GOAL, out->start);
	if (!r[i].active_at_start) {
		/* the begins are in time order: the one at this start */
		const struct gt_gc_began *b = m->gcbegan.v;
		size_t lo = 0, hi = m->gcbegan.n;
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;
			if (b[mid].ts < out->start)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo < m->gcbegan.n && b[lo].ts == out->start) {
			out->trigger_g = b[lo].g;
			out->trigger_stack = b[lo].stack;
			out->trigger_frame = gt_model_stack_user_frame(m, b[lo].stack);
		}
	}
	return 0;
}

/* The union of the ranges in [t0, t1) as a sweep over them in start order,
 * each covered piece split over the columns it crosses (cols.h). */
void gt_model_range_columns(const struct gt_model *m, enum gt_range_set set,
                            int64_t t0, int64_t t1, uint32_t ncols, int64_t *out)
{
	for (uint32_t c = 0; c < ncols; c++)
		out[c] = 0;
	if (t1 <= t0 || !ncols)
		return;
	struct gt_cols cs = gt_cols(t0, t1, ncols);
	size_t n;
	const struct gt_range *r = gt_model_ranges(m, set, &n);
	int64_t done = t0; /* covered up to here */
	uint32_t c = 0;
	for (size_t i = gt_model_ranges_from(m, set, t0); i < n && r[i].start < t1; i++) {
		int64_t a = r[i].start > done ? r[i].start : done;
		int64_t z = r[i].end < t1 ? r[i].end : t1;
		if (z <= a)
			continue;
		done = z;
		/* pieces come in time order: the column only moves right */
		while (a < z) {
			while (c + 1 < ncols && gt_col_at(&cs, c + 1) <= a)
				c++;
			int64_t ce = gt_col_at(&cs, c + 1);
			int64_t e = z < ce ? z : ce;
			out[c] = gt_sat_add(out[c], gt_sat_sub(e, a));
			a = e;
		}
	}
}
