/* fuzz_check.c: the invariants of fuzz_check.h. */
#include "fuzz/fuzz_check.h"

#include "decode/decode.h"
#include "decode/tables.h"
#ifdef GT_FUZZ_MODEL
#include "model/model.h"
#include "model/cols.h"
#include "report/escape.h"
#include "decode/utf8.h"
#endif

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void fz_fail(const char *file, int line, const char *cond, const char *fmt, ...)
{
	va_list ap;
	fprintf(stderr, "%s:%d: invariant broken: %s: ", file, line, cond);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}

struct seen {
	size_t len;
	uint64_t events;
	int64_t last_ts;
};

static void check_str(const struct gt_tables *t, gt_str s, const char *what)
{
	FZ_ASSERT(s < gt_str_count(t), "%s string id %u of %u", what, s, gt_str_count(t));
	const char *p = gt_str_get(t, s);
	FZ_ASSERT(p != NULL, "%s string %u", what, s);
	FZ_ASSERT(strlen(p) <= gt_str_len(t, s), "%s string %u length", what, s);
}

static void check_stack(const struct gt_tables *t, gt_stack st, const char *what)
{
	FZ_ASSERT(st < gt_stack_count(t), "%s stack id %u of %u", what, st, gt_stack_count(t));
	size_t n = gt_stack_depth(t, st);
	const uint32_t *fr = gt_stack_frames(t, st);
	FZ_ASSERT(n == 0 || fr != NULL, "%s stack %u frames", what, st);
	for (size_t i = 0; i < n; i++) {
		const struct gt_frame *f = gt_frame_get(t, fr[i]);
		FZ_ASSERT(f != NULL, "%s stack %u frame %zu id %u", what, st, i, fr[i]);
		check_str(t, f->func, "frame func");
		check_str(t, f->file, "frame file");
	}
}

static int on_event(void *ctx, const struct gt_event *ev, const struct gt_tables *t)
{
	struct seen *s = ctx;
	FZ_ASSERT(ev->kind > GT_EV_BAD && ev->kind < GT_EV__COUNT, "kind %u", ev->kind);
	/* <= : the final Sync stands at the end of the file. */
	FZ_ASSERT(ev->offset <= s->len, "event offset %llu, file %zu",
	          (unsigned long long)ev->offset, s->len);
	if (s->events) {
		if (ev->kind == GT_EV_SYNC)
			FZ_ASSERT(ev->ts >= s->last_ts, "Sync at %lld after %lld",
			          (long long)ev->ts, (long long)s->last_ts);
		else
			FZ_ASSERT(ev->ts > s->last_ts, "%s at %lld after %lld",
			          gt_kind_name(ev->kind), (long long)ev->ts, (long long)s->last_ts);
	}
	s->last_ts = ev->ts;
	s->events++;
	check_stack(t, ev->stack, "event");
	switch (ev->kind) {
	case GT_EV_STATE_TRANSITION:
		if (ev->u.trans.resource == GT_RES_GOROUTINE) {
			FZ_ASSERT(ev->u.trans.from < GT_GS__COUNT && ev->u.trans.to < GT_GS__COUNT,
			          "goroutine states %u->%u", ev->u.trans.from, ev->u.trans.to);
		} else {
			FZ_ASSERT(ev->u.trans.resource == GT_RES_PROC, "resource %u", ev->u.trans.resource);
			FZ_ASSERT(ev->u.trans.from < GT_PS__COUNT && ev->u.trans.to < GT_PS__COUNT,
			          "proc states %u->%u", ev->u.trans.from, ev->u.trans.to);
		}
		check_str(t, ev->u.trans.reason, "transition reason");
		check_stack(t, ev->u.trans.stack, "transition");
		break;
	case GT_EV_RANGE_BEGIN: case GT_EV_RANGE_ACTIVE: case GT_EV_RANGE_END:
		FZ_ASSERT(ev->u.range.rkind <= GT_RANGE_OTHER, "range kind %u", ev->u.range.rkind);
		FZ_ASSERT(ev->u.range.scope <= GT_RES_THREAD, "range scope %u", ev->u.range.scope);
		check_str(t, ev->u.range.name, "range name");
		check_str(t, ev->u.range.reason, "range reason");
		break;
	case GT_EV_TASK_BEGIN: case GT_EV_TASK_END:
		check_str(t, ev->u.task.type, "task type");
		break;
	case GT_EV_REGION_BEGIN: case GT_EV_REGION_END:
		check_str(t, ev->u.region.type, "region type");
		break;
	case GT_EV_LOG:
		check_str(t, ev->u.log.category, "log category");
		check_str(t, ev->u.log.message, "log message");
		break;
	case GT_EV_METRIC:
		FZ_ASSERT(ev->u.metric.mkind <= GT_METRIC_OTHER, "metric kind %u", ev->u.metric.mkind);
		check_str(t, ev->u.metric.name, "metric name");
		break;
	case GT_EV_LABEL:
		check_str(t, ev->u.label.label, "label");
		break;
	case GT_EV_EXPERIMENTAL:
		check_str(t, ev->u.exp.name, "experimental name");
		check_str(t, ev->u.exp.experiment, "experiment");
		FZ_ASSERT(ev->u.exp.nargs <= 5, "experimental nargs %u", ev->u.exp.nargs);
		break;
	default:
		break;
	}
	return 0;
}

static void check_result(const struct gt_decode_result *res, enum gt_status st,
                         const struct seen *s)
{
	FZ_ASSERT(st == res->status, "returned %d, res says %d", st, res->status);
	FZ_ASSERT(st >= GT_OK && st <= GT_NOMEM, "status %d", st);
	FZ_ASSERT(st != GT_STOPPED, "stopped though the sink never asked");
	FZ_ASSERT(memchr(res->msg, 0, sizeof res->msg) != NULL, "msg not NUL-terminated");
	if (st != GT_OK) {
		FZ_ASSERT(res->msg[0] != 0, "status %s without a message", gt_status_name(st));
		FZ_ASSERT(res->offset <= s->len, "error offset %llu, file %zu",
		          (unsigned long long)res->offset, s->len);
	}
	FZ_ASSERT(res->events == s->events, "result counts %llu events, sink saw %llu",
	          (unsigned long long)res->events, (unsigned long long)s->events);
	FZ_ASSERT(res->bytes_kept <= s->len, "bytes_kept %llu, file %zu",
	          (unsigned long long)res->bytes_kept, s->len);
	FZ_ASSERT(res->format >= 0 && res->format <= 2, "format %d", res->format);
}

#ifdef GT_FUZZ_MODEL
struct span_walk {
	int64_t lo, hi, prev_end;
	const char *what;
};

static int on_gspan(void *ctx, const struct gt_gspan *sp)
{
	struct span_walk *w = ctx;
	FZ_ASSERT(sp->start <= sp->end, "%s span [%lld, %lld)", w->what,
	          (long long)sp->start, (long long)sp->end);
	FZ_ASSERT(sp->start >= w->prev_end, "%s span at %lld overlaps the one ending %lld",
	          w->what, (long long)sp->start, (long long)w->prev_end);
	FZ_ASSERT(sp->start >= w->lo && sp->end <= w->hi, "%s span [%lld, %lld) outside [%lld, %lld]",
	          w->what, (long long)sp->start, (long long)sp->end, (long long)w->lo, (long long)w->hi);
	FZ_ASSERT(sp->state < GT_GS__COUNT, "%s span state %u", w->what, sp->state);
	w->prev_end = sp->end;
	return 0;
}

static int on_pspan(void *ctx, const struct gt_pspan *sp)
{
	struct span_walk *w = ctx;
	FZ_ASSERT(sp->start <= sp->end, "%s span [%lld, %lld)", w->what,
	          (long long)sp->start, (long long)sp->end);
	FZ_ASSERT(sp->start >= w->prev_end, "%s span at %lld overlaps the one ending %lld",
	          w->what, (long long)sp->start, (long long)w->prev_end);
	FZ_ASSERT(sp->start >= w->lo && sp->end <= w->hi, "%s span [%lld, %lld) outside [%lld, %lld]",
	          w->what, (long long)sp->start, (long long)sp->end, (long long)w->lo, (long long)w->hi);
	w->prev_end = sp->end;
	return 0;
}

/* The spans of a lane (struct gt_pspan or gt_gspan), as its walk gave them. */
struct spans {
	void *v;
	size_t n, cap;
};

static void *spans_next(struct spans *a, size_t elsize)
{
	if (a->n == a->cap) {
		a->cap = a->cap ? 2 * a->cap : 64;
		a->v = realloc(a->v, a->cap * elsize);
		FZ_ASSERT(a->v != NULL, "out of memory");
	}
	return (char *)a->v + elsize * a->n++;
}

static int keep_pspan(void *ctx, const struct gt_pspan *sp)
{
	memcpy(spans_next(ctx, sizeof *sp), sp, sizeof *sp);
	return 0;
}

static int keep_gspan(void *ctx, const struct gt_gspan *sp)
{
	memcpy(spans_next(ctx, sizeof *sp), sp, sizeof *sp);
	return 0;
}

/* Lane (kind, idx) over a window wider than int64 (a hostile trace's
 * span nearly is one; the viewer never asks it): its columns hold the
 * time one column over the whole trace [lo, hi1) holds.  And the
 * goroutine counts and the metrics over that window, for the sanitizers. */
static void check_wide(const struct gt_model *m, enum gt_lane_kind kind, uint32_t idx, int64_t lo,
                       int64_t hi1)
{
	struct gt_col one, wide[7];
	gt_model_lane_columns(m, kind, idx, lo, hi1, 1, &one);
	gt_model_lane_columns(m, kind, idx, INT64_MIN, INT64_MAX, 7, wide);
	for (int k = 0; k < GT_COL_CLASSES; k++) {
		int64_t sum = 0;
		for (int i = 0; i < 7; i++)
			sum += wide[i].ns[k];
		FZ_ASSERT(sum == one.ns[k], "lane %d/%u class %d: %lld ns over all of int64, %lld over the trace",
		          kind, idx, k, (long long)sum, (long long)one.ns[k]);
	}
}

static void check_wide_rest(const struct gt_model *m)
{
	struct gt_gcount c[7];
	gt_model_gcounts(m, INT64_MIN, INT64_MAX, 7, c);
	for (int i = 0; i < 7; i++)
		FZ_ASSERT(c[i].running == c[i].running && c[i].runnable == c[i].runnable,
		          "goroutine counts column %d is NaN", i);
	uint64_t v[7];
	for (int k = 0; k < GT_METRIC_OTHER; k++)
		gt_model_metric_columns(m, (enum gt_metric_kind)k, INT64_MIN, INT64_MAX, 7, v);
}

/* P lane pi's column summaries of [t0, t1) against its spans: time per
 * class, spans starting in each column, and the top (the first span of
 * the longest time inside the column; one overlapping it or, of no
 * length, starting in it).  At most 64 columns: one batch, so the
 * columns split [t0, t1) as below. */
static void check_p_columns(const struct gt_model *m, uint32_t pi, int64_t t0, int64_t t1,
                            const struct spans *a, uint32_t ncols)
{
	struct gt_col cols[64];
	gt_model_lane_columns(m, GT_LANE_P, pi, t0, t1, ncols, cols);
	struct gt_cols cs = gt_cols(t0, t1, ncols); /* as the model splits them */
	for (uint32_t i = 0; i < ncols; i++) {
		int64_t c0 = gt_col_at(&cs, i), c1 = gt_col_at(&cs, i + 1);
		int64_t ns[GT_COL_CLASSES] = {0}, best = 0;
		uint32_t spans = 0, top = UINT32_MAX;
		for (size_t k = 0; k < a->n; k++) {
			const struct gt_pspan *sp = (const struct gt_pspan *)a->v + k;
			int64_t x = sp->start > c0 ? sp->start : c0, z = sp->end < c1 ? sp->end : c1;
			spans += sp->start >= c0 && sp->start < c1;
			if (z > x)
				ns[sp->gc] += z - x;
			if (sp->start >= c1 || (z <= x && sp->start < c0))
				continue;
			if (top == UINT32_MAX || (z > x ? z - x : 0) > best) {
				best = z > x ? z - x : 0;
				top = sp->g;
			}
		}
		for (int k = 0; k < GT_COL_CLASSES; k++)
			FZ_ASSERT(cols[i].ns[k] == ns[k], "P %u column %u/%u class %d: %lld ns, spans say %lld",
			          pi, i, ncols, k, (long long)cols[i].ns[k], (long long)ns[k]);
		FZ_ASSERT(cols[i].spans == spans, "P %u column %u/%u: %u spans start, spans say %u", pi, i,
		          ncols, cols[i].spans, spans);
		FZ_ASSERT(cols[i].top == top, "P %u column %u/%u: top %u, spans say %u", pi, i, ncols,
		          cols[i].top, top);
	}
}

/* Goroutine gi's column summaries of [t0, t1) against its intervals: time
 * per state and the top (the state of the first interval of the longest
 * time inside the column), whichever chunks the log was cut into. */
static void check_g_columns(const struct gt_model *m, uint32_t gi, int64_t t0, int64_t t1,
                            const struct spans *a, uint32_t ncols)
{
	struct gt_col cols[64];
	gt_model_lane_columns(m, GT_LANE_G, gi, t0, t1, ncols, cols);
	struct gt_cols cs = gt_cols(t0, t1, ncols);
	for (uint32_t i = 0; i < ncols; i++) {
		int64_t c0 = gt_col_at(&cs, i), c1 = gt_col_at(&cs, i + 1);
		int64_t ns[GT_COL_CLASSES] = {0}, best = 0;
		uint32_t top = UINT32_MAX;
		for (size_t k = 0; k < a->n; k++) {
			const struct gt_gspan *sp = (const struct gt_gspan *)a->v + k;
			int64_t x = sp->start > c0 ? sp->start : c0, z = sp->end < c1 ? sp->end : c1;
			if (z <= x)
				continue;
			if (sp->state < GT_COL_CLASSES)
				ns[sp->state] += z - x;
			if (z - x > best) {
				best = z - x;
				top = sp->state;
			}
		}
		for (int k = 0; k < GT_GS__COUNT && k < GT_COL_CLASSES; k++)
			FZ_ASSERT(cols[i].ns[k] == ns[k], "g %u column %u/%u state %d: %lld ns, spans say %lld",
			          gi, i, ncols, k, (long long)cols[i].ns[k], (long long)ns[k]);
		FZ_ASSERT(cols[i].top == top, "g %u column %u/%u: top %u, spans say %u", gi, i, ncols,
		          cols[i].top, top);
	}
}

/* The GC figures every view shows (model.h): each cycle's assist time
 * bounded by its duration x Ps, range coverage within each column, the
 * MMU curve growing and never falling, the blocked groups adding up with
 * the runtime's last. */
static void check_gc(const struct gt_model *m, int64_t lo, int64_t hi)
{
	size_t ngc, nstw;
	gt_model_ranges(m, GT_RS_GC, &ngc);
	gt_model_ranges(m, GT_RS_STW, &nstw);
	double ps = gt_model_p_count(m) ? (double)gt_model_p_count(m) : 1;
	for (size_t i = 0; i < ngc; i++) {
		struct gt_gc_cycle c;
		FZ_ASSERT(gt_model_gc_cycle(m, i, &c) == 0, "cycle %zu of %zu", i, ngc);
		FZ_ASSERT(c.assist_ns >= 0 && (double)c.assist_ns <= ((double)c.end - (double)c.start) * ps,
		          "cycle %zu assist_ns %lld over [%lld, %lld) x %.0f Ps", i, (long long)c.assist_ns,
		          (long long)c.start, (long long)c.end, ps);
		FZ_ASSERT(c.stw_first + c.stw_count <= nstw && c.stw_ns >= 0, "cycle %zu pauses", i);
	}
	if (hi > lo) {
		struct gt_cols cs = gt_cols(lo, hi, 7);
		for (int set = 0; set < GT_RS__COUNT; set++) {
			int64_t cov[7];
			gt_model_range_columns(m, (enum gt_range_set)set, lo, hi, 7, cov);
			for (uint32_t c = 0; c < 7; c++)
				FZ_ASSERT(cov[c] >= 0 && cov[c] <= gt_col_at(&cs, c + 1) - gt_col_at(&cs, c),
				          "set %d column %u covered %lld", set, c, (long long)cov[c]);
		}
	}
	int64_t w[GT_MMU_CURVE_POINTS];
	double u[GT_MMU_CURVE_POINTS];
	int nc = gt_model_mmu_curve(m, w, u, GT_MMU_CURVE_POINTS);
	for (int k = 0; k < nc; k++)
		FZ_ASSERT(u[k] >= 0 && u[k] <= 1 && (!k || (w[k] > w[k - 1] && u[k] >= u[k - 1])),
		          "mmu curve point %d: %lld %f", k, (long long)w[k], u[k]);
	struct gt_blocked b;
	if (gt_model_blocked(m, &b) == 0) {
		uint32_t sum = 0;
		for (size_t i = 0; i < b.ngroups; i++) {
			FZ_ASSERT(b.groups[i].first == sum && b.groups[i].count, "blocked group %zu", i);
			FZ_ASSERT(!b.groups[i].runtime || i + 1 == b.ngroups, "runtime group %zu not last", i);
			sum += b.groups[i].count;
		}
		FZ_ASSERT(sum == b.n, "blocked groups hold %u of %u", sum, b.n);
		gt_model_blocked_free(&b);
	}
}

/* s[0..n), a string escaped by the text (json 0) or JSON rule, holds
 * only valid UTF-8 and no C0, DEL or C1 character (decoded here, not by
 * the rule's own test). */
static void check_clean(const char *s, size_t n, gt_str id, int json)
{
	for (size_t i = 0, w; i < n; i += w) {
		uint32_t r = gt_utf8_decode((const uint8_t *)s + i, n - i, &w);
		FZ_ASSERT(!(r == GT_RUNE_ERROR && w == 1), "%s of string %u: byte %zu not UTF-8",
		          json ? "JSON" : "text", id, i);
		FZ_ASSERT(r >= 0x20 && !(r >= 0x7f && r <= 0x9f), "%s of string %u: U+%04X at %zu",
		          json ? "JSON" : "text", id, (unsigned)r, i);
	}
}

/* Every string of the trace, escaped for a terminal (report/escape.h),
 * as text and as JSON, is clean; a string with nothing to escape comes
 * out as it is. */
static void check_escaped(const struct gt_model *m)
{
	const struct gt_tables *t = gt_model_tables(m);
	for (gt_str id = 0; id < gt_str_count(t); id++) {
		const char *p = gt_str_get(t, id);
		size_t n = gt_str_len(t, id);
		char *e = gt_esc_dup(p, n, 0);
		FZ_ASSERT(e != NULL, "escape of string %u", id);
		size_t en = strlen(e);
		check_clean(e, en, id, 0);
		size_t w = 0;
		int plain = 1;
		for (size_t i = 0; i < n && plain; i += w)
			plain = gt_esc_passes(p + i, n - i, &w) && p[i] != '\\';
		FZ_ASSERT(!plain || (en == n && !memcmp(e, p, n)), "plain string %u changed", id);
		free(e);
		char *j = NULL;
		size_t jn = 0;
		FILE *f = open_memstream(&j, &jn);
		FZ_ASSERT(f != NULL, "memstream");
		gt_json_strn(f, p, n);
		FZ_ASSERT(fclose(f) == 0, "memstream");
		check_clean(j, jn, id, 1);
		free(j);
	}
}

static void check_model(const uint8_t *buf, size_t len, const struct gt_decode_result *dres)
{
	struct gt_decode_result res;
	struct gt_model *m = gt_model_load(buf, len, 0, NULL, NULL, &res);
	if (!m) {
		FZ_ASSERT(res.status == GT_NOMEM, "no model, status %s", gt_status_name(res.status));
		return;
	}
	struct gt_trace_info in;
	gt_model_info(m, &in);
	FZ_ASSERT(res.status == dres->status, "model load %s, decode %s",
	          gt_status_name(res.status), gt_status_name(dres->status));
	FZ_ASSERT(res.events == dres->events, "model load delivered %llu events, decode %llu",
	          (unsigned long long)res.events, (unsigned long long)dres->events);
	FZ_ASSERT(in.status == res.status, "info status %d, load %d", in.status, res.status);
	check_escaped(m);
	int64_t lo = in.min_ts, hi = in.max_ts;
	if (in.events)
		FZ_ASSERT(lo <= hi, "min_ts %lld > max_ts %lld", (long long)lo, (long long)hi);
	uint64_t by_kind = 0;
	for (int k = 0; k < GT_EV__COUNT; k++)
		by_kind += in.by_kind[k];
	FZ_ASSERT(by_kind == in.events, "by_kind sums to %llu, events %llu",
	          (unsigned long long)by_kind, (unsigned long long)in.events);

	uint32_t ng = gt_model_g_count(m);
	FZ_ASSERT(ng == in.goroutines, "g_count %u, info %u", ng, in.goroutines);
	struct gt_goroutine gbuf;
	FZ_ASSERT(gt_model_g(m, ng, &gbuf) == -1, "gt_model_g(count) did not fail");
	for (uint32_t i = 0; i < ng; i++) {
		FZ_ASSERT(gt_model_g(m, i, &gbuf) == 0, "gt_model_g(%u) failed", i);
		const struct gt_goroutine *g = &gbuf;
		FZ_ASSERT(gt_model_g_id(m, i) == g->id, "g_id(%u) %lld, g %lld", i,
		          (long long)gt_model_g_id(m, i), (long long)g->id);
		/* one entry per lifetime: an id the runtime reused (cgo callbacks
		 * after GoDestroySyscall) has several; find gives one of them */
		uint32_t fi = gt_model_g_find(m, g->id);
		FZ_ASSERT(fi < ng && gt_model_g_id(m, fi) == g->id, "g_find(%lld) gives %u", (long long)g->id, fi);
		FZ_ASSERT(g->end_state < GT_GS__COUNT, "g %lld end state %u", (long long)g->id, g->end_state);
		if (g->intervals) {
			FZ_ASSERT(g->first_ts >= lo && g->first_ts <= hi, "g %lld first interval at %lld outside %lld..%lld",
			          (long long)g->id, (long long)g->first_ts, (long long)lo, (long long)hi);
			if (g->end_since != INT64_MIN)
				FZ_ASSERT(g->end_since >= g->first_ts && g->end_since <= hi,
				          "g %lld last interval from %lld, first %lld, max_ts %lld", (long long)g->id,
				          (long long)g->end_since, (long long)g->first_ts, (long long)hi);
		}
		int64_t total = 0;
		for (int s = 0; s < GT_GS__COUNT; s++) {
			FZ_ASSERT(g->ns[s] >= 0, "g %lld ns[%d] = %lld", (long long)g->id, s, (long long)g->ns[s]);
			total += g->ns[s];
		}
		FZ_ASSERT(total <= hi - lo, "g %lld has %lld ns in a %lld ns trace", (long long)g->id,
		          (long long)total, (long long)(hi - lo));
		struct span_walk w = {lo, hi, INT64_MIN, "goroutine"};
		gt_model_g_spans(m, i, lo, hi + 1, on_gspan, &w);
		struct spans all = {0};
		gt_model_g_spans(m, i, lo, hi + 1, keep_gspan, &all);
		if (i < 8)
			check_wide(m, GT_LANE_G, i, lo, hi < INT64_MAX ? hi + 1 : hi);
		if (hi > lo) {
			check_g_columns(m, i, lo, hi + 1, &all, 1);
			check_g_columns(m, i, lo, hi + 1, &all, 37);
			check_g_columns(m, i, lo + (hi - lo) / 3, lo + (hi - lo) / 2 + 1, &all, 64);
		}
		free(all.v);
	}
	uint32_t np = gt_model_p_count(m);
	for (uint32_t i = 0; i < np; i++) {
		const struct gt_proc *p = gt_model_p(m, i);
		FZ_ASSERT(p->busy_ns >= 0 && p->busy_ns <= hi - lo && p->gc_ns >= 0 && p->gc_ns <= p->busy_ns,
		          "P %lld busy %lld gc %lld", (long long)p->id, (long long)p->busy_ns, (long long)p->gc_ns);
		struct span_walk w = {lo, hi, INT64_MIN, "P"};
		gt_model_p_spans(m, i, lo, hi + 1, on_pspan, &w);
		struct spans all = {0};
		gt_model_p_spans(m, i, lo, hi + 1, keep_pspan, &all);
		check_wide(m, GT_LANE_P, i, lo, hi < INT64_MAX ? hi + 1 : hi);
		if (hi >= lo) {
			check_p_columns(m, i, lo, hi + 1, &all, 1);
			check_p_columns(m, i, lo, hi + 1, &all, 13);
			check_p_columns(m, i, lo + (hi - lo) / 3, hi + 1, &all, 64);
		}
		free(all.v);
	}
	uint32_t nm = gt_model_m_count(m);
	for (uint32_t i = 0; i < nm; i++) {
		struct span_walk w = {lo, hi, INT64_MIN, "M"};
		gt_model_m_spans(m, i, lo, hi + 1, on_pspan, &w);
	}
	for (int set = 0; set < GT_RS__COUNT; set++) {
		size_t n;
		const struct gt_range *r = gt_model_ranges(m, (enum gt_range_set)set, &n);
		for (size_t i = 0; i < n; i++) {
			FZ_ASSERT(r[i].start <= r[i].end && r[i].start >= lo && r[i].end <= hi,
			          "range set %d #%zu [%lld, %lld] outside [%lld, %lld]", set, i,
			          (long long)r[i].start, (long long)r[i].end, (long long)lo, (long long)hi);
			FZ_ASSERT(i == 0 || r[i - 1].start <= r[i].start, "range set %d #%zu out of order", set, i);
		}
	}
	check_wide_rest(m);
	for (int k = 0; k < GT_METRIC_OTHER; k++) {
		size_t n = gt_model_metric_count(m, (enum gt_metric_kind)k);
		struct gt_point prev = {INT64_MIN, 0}, p;
		for (size_t i = 0; i < n; i++) {
			FZ_ASSERT(gt_model_metric_get(m, (enum gt_metric_kind)k, i, &p) == 0, "metric %d point %zu of %zu", k, i, n);
			FZ_ASSERT(prev.ts <= p.ts, "metric %d point %zu out of order", k, i);
			FZ_ASSERT(p.ts >= lo && p.ts <= hi, "metric %d point %zu at %lld outside [%lld, %lld]", k, i,
			          (long long)p.ts, (long long)lo, (long long)hi);
			prev = p;
		}
		FZ_ASSERT(gt_model_metric_get(m, (enum gt_metric_kind)k, n, &p) == -1, "metric %d point past the end", k);
	}
	check_gc(m, lo, hi);
	gt_model_free(m);
}
#endif

void fz_check_trace(const uint8_t *buf, size_t len)
{
	struct gt_tables *t = gt_tables_new();
	FZ_ASSERT(t != NULL, "gt_tables_new");
	struct seen s = {len, 0, 0};
	struct gt_sink sink = {.ctx = &s, .event = on_event, .progress = NULL};
	struct gt_decode_result res;
	enum gt_status st = gt_decode(buf, len, t, &sink, &res);
	check_result(&res, st, &s);
	gt_tables_free(t);
#ifdef GT_FUZZ_MODEL
	check_model(buf, len, &res);
#endif
}

uint8_t *fz_v2_trace(const uint8_t *data, size_t size, size_t *len)
{
	static const char *const hdr[4] = {"go 1.22 trace", "go 1.23 trace",
	                                   "go 1.25 trace", "go 1.26 trace"};
	if (size < 1)
		return NULL;
	uint8_t *buf = malloc(16 + size - 1);
	if (!buf)
		return NULL;
	memset(buf, 0, 16);
	memcpy(buf, hdr[data[0] & 3], strlen(hdr[data[0] & 3]));
	memcpy(buf + 16, data + 1, size - 1);
	*len = 16 + size - 1;
	return buf;
}
