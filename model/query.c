/* query.c: read-only accessors and window queries of the model. */
#include "model/model_int.h"
#include "model/cols.h"

#include <limits.h>
#include <string.h>

void gt_model_info(const struct gt_model *m, struct gt_trace_info *out)
{
	*out = m->info;
	size_t b = gt_lanes_bytes(&m->lanes) + gt_barena_bytes(&m->garena) +
	           gt_ids_bytes(&m->gendkey) + gt_ids_bytes(&m->pmap) + gt_ids_bytes(&m->mmap) +
	           (size_t)GT_CB * 4 * sizeof *m->cbuckets;
	b += gt_idseq_bytes(&m->gids) + m->gheads.cap * sizeof(uint32_t) + m->gblk.cap * sizeof(struct gt_gblock) +
	     m->gix.cap * sizeof(struct gt_gix) + (m->gperm ? m->gids.n * 4 : 0) + (m->gsorted ? m->gids.n + (m->gids.n / GT_SIDS_STEP + 1) * 4 + m->gsorted->nbig * 8 : 0) +
	     (m->gixtop ? m->gix.n / GT_GIX_GROUP * sizeof *m->gixtop : 0) +
	     (m->gixblk ? (m->gids.n / GT_GIX_BLOCK + 2) * sizeof *m->gixblk : 0);
	b += gt_barena_bytes(&m->larena) + m->lheads.cap * sizeof(uint32_t);
	b += m->keys.cap * sizeof(struct gt_gkey);
	for (int i = 0; i < GT_RS__COUNT; i++)
		b += m->ranges[i].cap * sizeof(struct gt_range);
	for (int i = 0; i < GT_METRIC_OTHER; i++)
		b += gt_series_bytes(&m->metrics[i]);
	b += m->regions.cap * sizeof(struct gt_region) + m->logs.cap * sizeof(struct gt_log) +
	     m->tasks.cap * sizeof(struct gt_task) + m->samples.cap * sizeof(struct gt_sample) +
	     m->labels.cap * sizeof(struct gt_label);
	out->model_bytes = b;
}

const struct gt_tables *gt_model_tables(const struct gt_model *m) { return m->tables; }

const char *gt_model_str(const struct gt_model *m, gt_str s) { return gt_str_get(m->tables, s); }

static gt_str frame_func(const struct gt_model *m, uint32_t fid)
{
	const struct gt_frame *f = fid ? gt_frame_get(m->tables, fid) : NULL;
	return f ? f->func : 0;
}

gt_str gt_model_stack_top_func(const struct gt_model *m, gt_stack st)
{
	if (!st || !gt_stack_depth(m->tables, st))
		return 0;
	return frame_func(m, gt_stack_frames(m->tables, st)[0]);
}

gt_str gt_model_stack_root_func(const struct gt_model *m, gt_stack st)
{
	size_t n = st ? gt_stack_depth(m->tables, st) : 0;
	if (!n)
		return 0;
	return frame_func(m, gt_stack_frames(m->tables, st)[n - 1]);
}

int gt_model_func_is_user(const char *func)
{
	if (!func || !*func)
		return 0;
	if (!strncmp(func, "main.", 5))
		return 1;
	/* The import path's first element is up to the first '/' or '.'
	 * after it; a dot before any '/' means a domain (github.com/…). */
	const char *slash = strchr(func, '/');
	const char *dot = strchr(func, '.');
	return slash && dot && dot < slash;
}

uint32_t gt_model_stack_user_frame(const struct gt_model *m, gt_stack st)
{
	size_t n = st ? gt_stack_depth(m->tables, st) : 0;
	const uint32_t *fr = n ? gt_stack_frames(m->tables, st) : NULL;
	for (size_t i = 0; i < n; i++) {
		const struct gt_frame *f = gt_frame_get(m->tables, fr[i]);
		if (f && gt_model_func_is_user(gt_str_get(m->tables, f->func)))
			return fr[i];
	}
	return 0;
}

void gt_model_gcounts(const struct gt_model *m, int64_t t0, int64_t t1,
                      uint32_t ncols, struct gt_gcount *out)
{
	memset(out, 0, ncols * sizeof *out);
	if (!ncols || t1 <= t0)
		return;
	int64_t base = m->info.min_ts;
	uint64_t cw = (uint64_t)m->cw;
	struct gt_cols cs = gt_cols(t0, t1, ncols);
	for (uint32_t i = 0; i < ncols; i++) {
		int64_t a = gt_col_at(&cs, i), z = gt_col_at(&cs, i + 1);
		if (z <= base)
			continue; /* before the trace */
		if (a < base)
			a = base;
		if (z > m->info.max_ts)
			z = m->info.max_ts;
		if (z <= a) {
			if (a >= base && a < m->info.max_ts)
				z = a + 1;
			else
				continue;
		}
		double sum[4] = {0};
		/* buckets overlapping [a, z), weighted by overlap; times as
		 * offsets from base (unsigned: they may pass INT64_MAX) */
		uint64_t ao = (uint64_t)a - (uint64_t)base, zo = (uint64_t)z - (uint64_t)base;
		uint64_t bend = (zo - 1) / cw + 1; /* the buckets that begin before z */
		for (uint64_t b = ao / cw; b < GT_CB && b < bend; b++) {
			uint64_t b0 = b * cw; /* < zo: no wrap */
			uint64_t o0 = ao > b0 ? ao : b0, o1 = zo - b0 < cw ? zo : b0 + cw;
			double f = (double)(o1 - o0) / (double)cw;
			for (int k = 0; k < 4; k++)
				sum[k] += m->cbuckets[b * 4 + k] * f;
		}
		double d = (double)(zo - ao);
		out[i].runnable = (float)(sum[0] / d);
		out[i].running = (float)(sum[1] / d);
		out[i].waiting = (float)(sum[2] / d);
		out[i].syscall = (float)(sum[3] / d);
	}
}

/* ---- Ps and Ms ------------------------------------------------------------ */

uint32_t gt_model_p_count(const struct gt_model *m) { return (uint32_t)m->ps.n; }

const struct gt_proc *gt_model_p(const struct gt_model *m, uint32_t pi)
{
	return pi < m->ps.n ? &GT_VEC_AT(m->ps, struct gt_proc, pi) : NULL;
}

uint32_t gt_model_m_count(const struct gt_model *m) { return (uint32_t)m->ms.n; }

const struct gt_thread *gt_model_m(const struct gt_model *m, uint32_t mi)
{
	return mi < m->ms.n ? &GT_VEC_AT(m->ms, struct gt_thread, mi) : NULL;
}

struct pq {
	gt_pspan_fn fn;
	void *ctx;
};

static int p_rec(void *ctx, const struct gt_span_rec *s)
{
	struct pq *q = ctx;
	struct gt_pspan p = {s->start, s->end, s->val, s->cls};
	return q->fn(q->ctx, &p);
}

void gt_model_p_spans(const struct gt_model *m, uint32_t pi, int64_t t0,
                      int64_t t1, gt_pspan_fn fn, void *ctx)
{
	if (pi >= m->planes.n)
		return;
	struct pq q = {fn, ctx};
	gt_lane_query(&m->lanes, &GT_VEC_AT(m->planes, struct gt_lane, pi), t0, t1, p_rec, &q);
}

void gt_model_m_spans(const struct gt_model *m, uint32_t mi, int64_t t0,
                      int64_t t1, gt_pspan_fn fn, void *ctx)
{
	if (mi >= m->mlanes.n)
		return;
	struct pq q = {fn, ctx};
	gt_lane_query(&m->lanes, &GT_VEC_AT(m->mlanes, struct gt_lane, mi), t0, t1, p_rec, &q);
}

void gt_model_lane_columns(const struct gt_model *m, enum gt_lane_kind kind,
                           uint32_t index, int64_t t0, int64_t t1,
                           uint32_t ncols, struct gt_col *out)
{
	if (kind == GT_LANE_G) {
		gt_model_g_columns(m, index, t0, t1, ncols, out);
		return;
	}
	const struct gt_vec *v = kind == GT_LANE_P ? &m->planes : &m->mlanes;
	struct gt_lane_col tmp[64], runs[64];
	struct gt_cols cs = gt_cols(t0, t1, ncols);
	for (uint32_t done = 0; done < ncols;) {
		/* columns in batches, at the bounds of the whole split */
		uint32_t n = ncols - done < 64 ? ncols - done : 64;
		if (index < v->n)
			gt_lane_columns_of(&m->lanes, &GT_VEC_AT(*v, struct gt_lane, index), &cs, done, n, tmp);
		else
			for (uint32_t i = 0; i < n; i++) {
				memset(&tmp[i], 0, sizeof tmp[i]);
				tmp[i].top = UINT32_MAX;
			}
		/* an M lane: its P-holding time from the lane above, the rest
		 * from its runs and syscalls */
		if (kind == GT_LANE_M && gt_model_m_runs_columns(m, index, &cs, done, n, runs) == 0)
			for (uint32_t i = 0; i < n; i++) {
				runs[i].ns[0] = tmp[i].ns[0];
				tmp[i] = runs[i];
			}
		else if (kind == GT_LANE_M)
			for (uint32_t i = 0; i < n; i++) {
				tmp[i].spans = 0;
				tmp[i].top = UINT32_MAX;
			}
		for (uint32_t i = 0; i < n; i++) {
			struct gt_col *c = &out[done + i];
			_Static_assert(GT_LANE_CLASSES <= GT_COL_CLASSES, "a lane's classes in a column");
			memset(c->ns, 0, sizeof c->ns);
			memcpy(c->ns, tmp[i].ns, sizeof tmp[i].ns);
			c->spans = tmp[i].spans;
			c->top = tmp[i].top;
			c->top_class = kind == GT_LANE_M && tmp[i].top != UINT32_MAX ? tmp[i].top_cls : 0;
			c->reason = 0;
			c->width = t1 > t0 ? gt_col_at(&cs, done + i + 1) - gt_col_at(&cs, done + i) : 0;
		}
		done += n;
	}
}

/* ---- GC, metrics ------------------------------------------------------------ */

const struct gt_range *gt_model_ranges(const struct gt_model *m,
                                       enum gt_range_set set, size_t *n)
{
	*n = m->ranges[set].n;
	return m->ranges[set].v;
}

size_t gt_model_ranges_from(const struct gt_model *m, enum gt_range_set set, int64_t t)
{
	/* Search on start, then step back over the ranges that may still run
	 * at t: those begun within the set's longest range before it (sweeps
	 * and assists of different Ps and goroutines overlap, so one ending
	 * before t can come after one ending past it). */
	const struct gt_range *r = m->ranges[set].v;
	size_t lo = 0, hi = m->ranges[set].n;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (r[mid].start <= t)
			lo = mid + 1;
		else
			hi = mid;
	}
	int64_t from = gt_sat_sub(t, m->range_longest[set]);
	for (size_t k = lo; k > 0 && r[k - 1].start >= from; k--)
		if (r[k - 1].end > t)
			lo = k - 1;
	return lo;
}

size_t gt_model_metric_count(const struct gt_model *m, enum gt_metric_kind k)
{
	return k < GT_METRIC_OTHER ? m->metrics[k].n : 0;
}

int gt_model_metric_get(const struct gt_model *m, enum gt_metric_kind k,
                        size_t i, struct gt_point *out)
{
	if (k >= GT_METRIC_OTHER)
		return -1;
	return gt_series_get(&m->metrics[k], i, &out->ts, &out->value);
}

size_t gt_model_metric_at(const struct gt_model *m, enum gt_metric_kind k, int64_t t)
{
	return k < GT_METRIC_OTHER ? gt_series_at(&m->metrics[k], t) : SIZE_MAX;
}

void gt_model_metric_columns(const struct gt_model *m, enum gt_metric_kind k,
                             int64_t t0, int64_t t1, uint32_t ncols, uint64_t *out)
{
	if (k >= GT_METRIC_OTHER) {
		memset(out, 0, ncols * sizeof *out);
		return;
	}
	gt_series_columns(&m->metrics[k], t0, t1, ncols, out);
}

/* ---- user annotations ------------------------------------------------------- */

const struct gt_task *gt_model_tasks(const struct gt_model *m, size_t *n)
{
	*n = m->tasks.n;
	return m->tasks.v;
}

const struct gt_region *gt_model_regions(const struct gt_model *m, size_t *n)
{
	*n = m->regions.n;
	return m->regions.v;
}

const struct gt_log *gt_model_logs(const struct gt_model *m, size_t *n)
{
	*n = m->logs.n;
	return m->logs.v;
}

const struct gt_sample *gt_model_samples(const struct gt_model *m, size_t *n)
{
	*n = m->samples.n;
	return m->samples.v;
}

const struct gt_label *gt_model_labels(const struct gt_model *m, size_t *n)
{
	*n = m->labels.n;
	return m->labels.v;
}
