/* report_goroutines.c: `gtview goroutines [--blocked] [--json]`. */
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

/* ---- --blocked: goroutines waiting at the end, grouped (gt_model_blocked) -- */

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

static int report_blocked(FILE *fp, const struct gt_model *m, int json)
{
	struct gt_blocked b;
	if (gt_model_blocked(m, &b) < 0)
		return -1;
	if (!json)
		fprintf(fp, "%u goroutines waiting at the end of the trace, in %zu groups\n", b.n, b.ngroups);
	for (size_t k = 0; k < b.ngroups; k++) {
		const struct gt_bgroup *g = &b.groups[k];
		struct gt_goroutine g0;
		gt_model_g(m, b.gi[g->first], &g0);
		const char *why = gt_model_bgroup_why(m, g);
		if (json) {
			fprintf(fp, "{\"count\":%u,\"reason\":", g->count);
			gt_json_str(fp, why);
			fprintf(fp, ",\"reason_known\":%s,\"runtime\":%s,\"user\":%s,\"top_frame\":",
			        g->why ? "true" : "false", g->runtime ? "true" : "false", g->user ? "true" : "false");
			gt_json_str(fp, gt_model_str(m, gt_model_stack_top_func(m, g->stack)));
			fputs(",\"user_frame\":", fp);
			gt_json_str(fp, gt_frame_func_name(m, gt_model_stack_user_frame(m, g->stack)));
			fprintf(fp, ",\"waited_min_ns\":%" PRId64 ",\"waited_max_ns\":%" PRId64
			        ",\"goroutines\":[", g->waited_min, g->waited_max);
			for (uint32_t i = 0; i < g->count; i++)
				fprintf(fp, "%s%" PRId64, i ? "," : "", gt_model_g_id(m, b.gi[g->first + i]));
			fputs("],\"stack\":", fp);
			gt_json_stack(fp, m, g->stack);
			fputs("}\n", fp);
			continue;
		}
		char a[32], c[32];
		fprintf(fp, "\n%u: %s [%s", g->count, why, gt_report_dur(a, sizeof a, g->waited_min));
		if (g->waited_max != g->waited_min)
			fprintf(fp, "..%s", gt_report_dur(c, sizeof c, g->waited_max));
		fputs("]\n", fp);
		if (!g->runtime) {
			print_stack(fp, m, g->stack, "    ");
			const struct gt_tables *t = gt_model_tables(m);
			if (g0.create_stack && gt_stack_depth(t, g0.create_stack)) {
				const struct gt_frame *f = gt_frame_get(t, gt_stack_frames(t, g0.create_stack)[0]);
				if (f)
					fprintf(fp, "    created by %s\n        %s:%u\n", gt_model_str(m, f->func),
					        gt_model_str(m, f->file), f->line);
			}
		}
		fputs("    goroutines:", fp);
		for (uint32_t i = 0; i < g->count; i++)
			fprintf(fp, " %" PRId64, gt_model_g_id(m, b.gi[g->first + i]));
		fputc('\n', fp);
	}
	gt_model_blocked_free(&b);
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
