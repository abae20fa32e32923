/* report_goroutines.c: `gtview goroutines [--blocked] [--json]`. */
#include "model/gpar.h"
#include "model/report.h"
#include "model/report_int.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

struct reasons {
	FILE *fp;
	const struct gt_model *m;
	int first;
};

static void json_reason(void *ctx, gt_str reason, int64_t ns)
{
	struct reasons *r = ctx;
	if (!r->first)
		fputc(',', r->fp);
	r->first = 0;
	gt_json_str(r->fp, gt_model_str(r->m, reason));
	fprintf(r->fp, ":%" PRId64, ns);
}

static void row_json(FILE *fp, const struct gt_model *m, uint32_t gi,
                     const struct gt_goroutine *g)
{
	fprintf(fp, "{\"g\":%" PRId64 ",\"start_func\":", g->id);
	gt_json_str(fp, gt_model_str(m, g->start_func));
	fputs(",\"end_state\":", fp);
	gt_json_str(fp, gt_gostate_name(g->end_state));
	fputs(",\"end_reason\":", fp);
	gt_json_str(fp, gt_model_str(m, g->end_reason));
	fprintf(fp, ",\"running_ns\":%" PRId64 ",\"runnable_ns\":%" PRId64
	        ",\"syscall_ns\":%" PRId64 ",\"waiting_ns\":%" PRId64 ",\"waiting_by_reason\":{",
	        g->ns[GT_GS_RUNNING], g->ns[GT_GS_RUNNABLE], g->ns[GT_GS_SYSCALL],
	        g->ns[GT_GS_WAITING]);
	struct reasons r = {fp, m, 1};
	gt_model_g_waiting_by_reason(m, gi, json_reason, &r);
	fputs("},\"top_frame\":", fp);
	gt_json_str(fp, gt_model_str(m, gt_model_stack_top_func(m, g->end_stack)));
	fputs(",\"user_frame\":", fp);
	gt_json_str(fp, gt_frame_func_name(m, gt_model_stack_user_frame(m, g->end_stack)));
	if (g->created != INT64_MIN)
		fprintf(fp, ",\"created_ns\":%" PRId64 ",\"creator\":%" PRId64, g->created, g->creator);
	fputs("}\n", fp);
}

static void row_text(FILE *fp, const struct gt_model *m, const struct gt_goroutine *g)
{
	char a[32], b[32], c[32], d[32];
	const char *fn = gt_model_str(m, g->start_func);
	fprintf(fp, "%8" PRId64 "  %-40s %-9s %-24s %10s %10s %10s %10s\n", g->id,
	        *fn ? fn : "?", gt_gostate_name(g->end_state),
	        *gt_model_str(m, g->end_reason) ? gt_model_str(m, g->end_reason) : "-",
	        gt_report_dur(a, sizeof a, g->ns[GT_GS_RUNNING]),
	        gt_report_dur(b, sizeof b, g->ns[GT_GS_RUNNABLE]),
	        gt_report_dur(c, sizeof c, g->ns[GT_GS_SYSCALL]),
	        gt_report_dur(d, sizeof d, g->ns[GT_GS_WAITING]));
}

/* ---- --blocked: goroutines waiting at the end, grouped ------------------- */

struct blocked {
	int64_t id, since;
	gt_str reason;
	gt_stack stack, create_stack;
};

static const struct gt_model *sort_m;

static int by_group(const void *a, const void *b)
{
	const struct blocked *x = a, *y = b;
	int c = strcmp(gt_model_str(sort_m, x->reason), gt_model_str(sort_m, y->reason));
	if (c)
		return c;
	if (x->stack != y->stack)
		return x->stack < y->stack ? -1 : 1;
	return (x->id > y->id) - (x->id < y->id);
}

struct group {
	uint32_t first, count;
};

static int by_size(const void *a, const void *b)
{
	const struct group *x = a, *y = b;
	if (x->count != y->count)
		return x->count < y->count ? 1 : -1;
	return x->first < y->first ? -1 : x->first > y->first;
}

static void print_stack(FILE *fp, const struct gt_model *m, gt_stack st, const char *indent)
{
	const struct gt_tables *t = gt_model_tables(m);
	size_t n = st ? gt_stack_depth(t, st) : 0;
	const uint32_t *fr = n ? gt_stack_frames(t, st) : NULL;
	for (size_t i = 0; i < n; i++) {
		const struct gt_frame *f = gt_frame_get(t, fr[i]);
		if (!f)
			continue;
		fprintf(fp, "%s%s()\n%s    %s:%u\n", indent, gt_model_str(m, f->func), indent,
		        gt_model_str(m, f->file), f->line);
	}
	if (!n)
		fprintf(fp, "%s(no stack)\n", indent);
}

static void json_stack(FILE *fp, const struct gt_model *m, gt_stack st)
{
	const struct gt_tables *t = gt_model_tables(m);
	size_t n = st ? gt_stack_depth(t, st) : 0;
	const uint32_t *fr = n ? gt_stack_frames(t, st) : NULL;
	fputc('[', fp);
	for (size_t i = 0; i < n; i++) {
		const struct gt_frame *f = gt_frame_get(t, fr[i]);
		if (!f)
			continue;
		fputs(i ? ",{\"func\":" : "{\"func\":", fp);
		gt_json_str(fp, gt_model_str(m, f->func));
		fputs(",\"file\":", fp);
		gt_json_str(fp, gt_model_str(m, f->file));
		fprintf(fp, ",\"line\":%u}", f->line);
	}
	fputc(']', fp);
}

/* One thread's goroutines waiting at the end (gpar.h). */
struct waiting {
	struct blocked *v;
	uint32_t n, cap;
};

static int add_waiting(void *ctx, uint32_t gi, const struct gt_goroutine *g)
{
	struct waiting *w = ctx;
	(void)gi;
	if (!g->intervals || g->end_state != GT_GS_WAITING)
		return 0;
	if (w->n == w->cap) {
		uint32_t cap = w->cap ? w->cap * 2 : 64;
		struct blocked *nv = realloc(w->v, cap * sizeof *nv);
		if (!nv)
			return -1;
		w->v = nv;
		w->cap = cap;
	}
	w->v[w->n++] = (struct blocked){g->id, g->end_since, g->end_reason, g->end_stack, g->create_stack};
	return 0;
}

static int report_blocked(FILE *fp, const struct gt_model *m, int json)
{
	struct gt_trace_info info;
	gt_model_info(m, &info);
	uint32_t nb = 0, ng = 0;
	/* the two threads' lists, then one (sorted below: the order they
	 * were found in does not matter) */
	struct waiting wt[2] = {{NULL, 0, 0}, {NULL, 0, 0}};
	void *ctx[2] = {&wt[0], &wt[1]};
	int rc = gt_model_g_par(m, add_waiting, ctx, NULL, NULL);
	struct blocked *v = rc < 0 ? NULL : realloc(wt[0].v, ((size_t)wt[0].n + wt[1].n + 1) * sizeof *v);
	if (!v) {
		free(wt[0].v);
		free(wt[1].v);
		return -1;
	}
	if (wt[1].n)
		memcpy(v + wt[0].n, wt[1].v, wt[1].n * sizeof *v);
	nb = wt[0].n + wt[1].n;
	free(wt[1].v);
	struct group *gr = malloc((nb ? nb : 1) * sizeof *gr);
	if (!gr) {
		free(v);
		return -1;
	}
	sort_m = m;
	if (nb)
		qsort(v, nb, sizeof *v, by_group);
	for (uint32_t i = 0; i < nb; i++) {
		if (!i || v[i - 1].stack != v[i].stack || v[i - 1].reason != v[i].reason)
			gr[ng++] = (struct group){i, 0};
		gr[ng - 1].count++;
	}
	if (ng)
		qsort(gr, ng, sizeof *gr, by_size);
	if (!json)
		fprintf(fp, "%u goroutines waiting at the end of the trace, in %u groups\n", nb, ng);
	for (uint32_t k = 0; k < ng; k++) {
		const struct blocked *b0 = &v[gr[k].first];
		int64_t wmin = INT64_MAX, wmax = 0;
		for (uint32_t i = gr[k].first; i < gr[k].first + gr[k].count; i++) {
			int64_t w = v[i].since == INT64_MIN ? 0 : info.max_ts - v[i].since;
			if (w < wmin)
				wmin = w;
			if (w > wmax)
				wmax = w;
		}
		const char *reason = gt_model_str(m, b0->reason);
		if (json) {
			fprintf(fp, "{\"count\":%u,\"reason\":", gr[k].count);
			gt_json_str(fp, reason);
			fputs(",\"top_frame\":", fp);
			gt_json_str(fp, gt_model_str(m, gt_model_stack_top_func(m, b0->stack)));
			fputs(",\"user_frame\":", fp);
			gt_json_str(fp, gt_frame_func_name(m, gt_model_stack_user_frame(m, b0->stack)));
			fprintf(fp, ",\"waited_min_ns\":%" PRId64 ",\"waited_max_ns\":%" PRId64
			        ",\"goroutines\":[", wmin, wmax);
			for (uint32_t i = 0; i < gr[k].count; i++)
				fprintf(fp, "%s%" PRId64, i ? "," : "", v[gr[k].first + i].id);
			fputs("],\"stack\":", fp);
			json_stack(fp, m, b0->stack);
			fputs("}\n", fp);
			continue;
		}
		char a[32], b[32];
		/* how long they had been blocked when the trace ended */
		fprintf(fp, "\n%u: %s [blocked for %s", gr[k].count, *reason ? reason : "waiting",
		        gt_report_dur(a, sizeof a, wmin));
		if (wmax != wmin)
			fprintf(fp, "..%s", gt_report_dur(b, sizeof b, wmax));
		fputs("]\n", fp);
		print_stack(fp, m, b0->stack, "    ");
		const struct gt_tables *t = gt_model_tables(m);
		if (b0->create_stack && gt_stack_depth(t, b0->create_stack)) {
			const struct gt_frame *f = gt_frame_get(t, gt_stack_frames(t, b0->create_stack)[0]);
			if (f)
				fprintf(fp, "    created by %s\n        %s:%u\n", gt_model_str(m, f->func),
				        gt_model_str(m, f->file), f->line);
		}
		fputs("    goroutines:", fp);
		for (uint32_t i = 0; i < gr[k].count; i++)
			fprintf(fp, " %" PRId64, v[gr[k].first + i].id);
		fputc('\n', fp);
	}
	free(v);
	free(gr);
	return 0;
}

static int report_rows(FILE *fp, const struct gt_model *m, int flags);

int gt_report_goroutines(FILE *fp, const struct gt_model *m, int flags)
{
	if (flags & GT_REPORT_BLOCKED)
		return report_blocked(fp, m, flags & GT_REPORT_JSON);
	/* one lock for the whole listing, not one per character written
	 * (millions of rows) */
	flockfile(fp);
	int rc = report_rows(fp, m, flags);
	funlockfile(fp);
	return rc;
}

static int report_rows(FILE *fp, const struct gt_model *m, int flags)
{
	uint32_t n = gt_model_g_count(m);
	if (!(flags & GT_REPORT_JSON))
		fprintf(fp, "%8s  %-40s %-9s %-24s %10s %10s %10s %10s\n", "G", "START FUNCTION",
		        "END", "REASON", "RUNNING", "RUNNABLE", "SYSCALL", "WAITING");
	for (uint32_t r = 0; r < n; r++) {
		uint32_t gi = gt_model_g_by_id(m, r);
		struct gt_goroutine g;
		if (gi == UINT32_MAX)
			return -1;
		gt_model_g(m, gi, &g);
		if (!g.intervals)
			continue; /* seen only as an event's context: no states */
		if (flags & GT_REPORT_JSON)
			row_json(fp, m, gi, &g);
		else
			row_text(fp, m, &g);
	}
	return 0;
}
