/* goroutines.c: `gtview goroutines [--blocked] [--by-func] [--json]`; the
 * per-goroutine rows are grows.c's. */
#include "report/report.h"
#include "report/int.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* ---- --blocked: goroutines waiting at the end, grouped (gt_model_blocked) -- */

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
		uint32_t af = gt_model_bgroup_apart_frame(m, g);
		const struct gt_frame *apart = af ? gt_frame_get(gt_model_tables(m), af) : NULL;
		if (json) {
			fprintf(fp, "{\"count\":%u,\"reason\":", g->count);
			gt_json_str(fp, why);
			fprintf(fp, ",\"reason_known\":%s,\"reason_from_stack\":%s,\"runtime\":%s,"
			        "\"user\":%s,\"top_frame\":",
			        g->why && g->unknown != GT_WHY_STACK ? "true" : "false",
			        g->unknown == GT_WHY_STACK ? "true" : "false", g->runtime ? "true" : "false",
			        g->user ? "true" : "false");
			gt_json_str(fp, gt_model_str(m, gt_model_stack_top_func(m, g->stack)));
			fputs(",\"user_frame\":", fp);
			gt_json_str(fp, gt_frame_func_name(m, gt_model_stack_user_frame(m, g->stack)));
			fprintf(fp, ",\"waited_min_ns\":%" PRId64 ",\"waited_max_ns\":%" PRId64
			        ",\"goroutines\":[", g->waited_min, g->waited_max);
			for (uint32_t i = 0; i < g->count; i++)
				fprintf(fp, "%s%" PRId64, i ? "," : "", gt_model_g_id(m, b.gi[g->first + i]));
			fputs("],\"stack\":", fp);
			gt_json_stack(fp, m, g->stack);
			if (g->start_func) { /* no stack: what they have in common */
				fputs(",\"start_func\":", fp);
				gt_json_str(fp, gt_model_str(m, g->start_func));
			}
			if (apart) { /* what tells it from groups that begin alike */
				fprintf(fp, ",\"apart\":{\"index\":%u,\"func\":", g->apart - 1);
				gt_json_str(fp, gt_model_str(m, apart->func));
				fputs(",\"file\":", fp);
				gt_json_str(fp, gt_model_str(m, apart->file));
				fprintf(fp, ",\"line\":%u}", apart->line);
			}
			fputs("}\n", fp);
			continue;
		}
		char a[32], c[32];
		/* how long they had been blocked when the trace ended */
		fprintf(fp, "\n%u: ", g->count);
		gt_esc_puts(fp, why);
		fprintf(fp, "%s [blocked for %s", gt_why_mark(g->unknown),
		        gt_report_dur(a, sizeof a, g->waited_min));
		if (g->waited_max != g->waited_min)
			fprintf(fp, "..%s", gt_report_dur(c, sizeof c, g->waited_max));
		fputs("]\n", fp);
		if (!g->runtime) {
			gt_text_stack(fp, m, g->stack, "    ");
			if (apart) {
				fprintf(fp, "    told apart by frame %u: ", g->apart);
				gt_esc_puts(fp, gt_model_str(m, apart->func));
				fputs("()\n        ", fp);
				gt_esc_puts(fp, gt_model_str(m, apart->file));
				fprintf(fp, ":%u\n", apart->line);
			}
			if (g->start_func) {
				fputs("    started in ", fp);
				gt_esc_puts(fp, gt_model_str(m, g->start_func));
				fputs("()\n", fp);
			}
			const struct gt_tables *t = gt_model_tables(m);
			if (g0.create_stack && gt_stack_depth(t, g0.create_stack)) {
				const struct gt_frame *f = gt_frame_get(t, gt_stack_frames(t, g0.create_stack)[0]);
				if (f) {
					fputs("    created by ", fp);
					gt_esc_puts(fp, gt_model_str(m, f->func));
					fputs("\n        ", fp);
					gt_esc_puts(fp, gt_model_str(m, f->file));
					fprintf(fp, ":%u\n", f->line);
				}
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

/* ---- --by-func: groups by start function ---------------------------------- */

static void group_json(FILE *fp, const struct gt_model *m, const struct gt_ggroups *gs,
                       const struct gt_ggroup *g)
{
	fputs("{\"start_func\":", fp);
	gt_json_str(fp, gt_model_str(m, g->start_func));
	fprintf(fp, ",\"count\":%u,\"running_ns\":%" PRId64 ",\"runnable_ns\":%" PRId64
	        ",\"syscall_ns\":%" PRId64 ",\"waiting_ns\":%" PRId64 ",\"waiting_by_reason\":{",
	        g->count, g->ns[GT_GS_RUNNING], g->ns[GT_GS_RUNNABLE], g->ns[GT_GS_SYSCALL],
	        g->ns[GT_GS_WAITING]);
	for (uint32_t i = 0; i < g->nreasons; i++) {
		const struct gt_reason_time *r = &gs->reason[g->reasons + i];
		if (i)
			fputc(',', fp);
		gt_json_str(fp, gt_model_str(m, r->reason));
		fprintf(fp, ":%" PRId64, r->ns);
	}
	fputs("}}\n", fp);
}

static const struct gt_ggroups *sort_gs;

/* most time first (running + runnable + syscall + waiting), then name */
static int by_total(const void *a, const void *b)
{
	const struct gt_ggroup *x = &sort_gs->group[*(const uint32_t *)a];
	const struct gt_ggroup *y = &sort_gs->group[*(const uint32_t *)b];
	int64_t tx = 0, ty = 0;
	for (int s = 0; s < GT_GS__COUNT; s++) {
		tx += x->ns[s];
		ty += y->ns[s];
	}
	if (tx != ty)
		return tx < ty ? 1 : -1;
	return *(const uint32_t *)a < *(const uint32_t *)b ? -1 : 1;
}

/* The figures first, the function last: start functions are long. */
static void group_text(FILE *fp, const struct gt_model *m, const struct gt_ggroups *gs,
                       const struct gt_ggroup *g)
{
	char a[32], b[32], c[32], d[32];
	const char *fn = gt_model_str(m, g->start_func);
	fprintf(fp, "%8u %11s %11s %11s %11s  ", g->count,
	        gt_report_dur(a, sizeof a, g->ns[GT_GS_RUNNING]),
	        gt_report_dur(b, sizeof b, g->ns[GT_GS_RUNNABLE]),
	        gt_report_dur(c, sizeof c, g->ns[GT_GS_SYSCALL]),
	        gt_report_dur(d, sizeof d, g->ns[GT_GS_WAITING]));
	gt_esc_puts(fp, *fn ? fn : "?");
	fputc('\n', fp);
	for (uint32_t i = 0; i < g->nreasons; i++) {
		const struct gt_reason_time *r = &gs->reason[g->reasons + i];
		const char *rs = gt_model_str(m, r->reason);
		fprintf(fp, "%8s %11s %11s %11s %11s    waiting: ", "", "", "", "",
		        gt_report_dur(a, sizeof a, r->ns));
		gt_esc_puts(fp, *rs ? rs : "(no reason)");
		fputc('\n', fp);
	}
}

static int report_by_func(FILE *fp, const struct gt_model *m, int json, int64_t t0, int64_t t1)
{
	struct gt_ggroups gs;
	if (gt_model_groups_by_func(m, t0, t1, &gs) < 0)
		return -1;
	if (json) {
		for (uint32_t k = 0; k < gs.n; k++)
			group_json(fp, m, &gs, &gs.group[k]);
		gt_ggroups_free(&gs);
		return 0;
	}
	uint32_t *ord = malloc(((size_t)gs.n + 1) * sizeof *ord);
	if (!ord) {
		gt_ggroups_free(&gs);
		return -1;
	}
	for (uint32_t k = 0; k < gs.n; k++)
		ord[k] = k;
	sort_gs = &gs;
	qsort(ord, gs.n, sizeof *ord, by_total);
	fprintf(fp, "%8s %11s %11s %11s %11s  %s\n", "COUNT", "RUNNING", "RUNNABLE", "SYSCALL",
	        "WAITING", "START FUNCTION");
	for (uint32_t k = 0; k < gs.n; k++)
		group_text(fp, m, &gs, &gs.group[ord[k]]);
	free(ord);
	gt_ggroups_free(&gs);
	return 0;
}

int gt_report_goroutines(FILE *fp, const struct gt_model *m, int flags)
{
	return gt_report_goroutines_window(fp, m, flags, INT64_MIN, INT64_MAX);
}

int gt_report_goroutines_window(FILE *fp, const struct gt_model *m, int flags, int64_t t0,
                                int64_t t1)
{
	if (flags & GT_REPORT_BLOCKED)
		return report_blocked(fp, m, flags & GT_REPORT_JSON);
	if (flags & GT_REPORT_BY_FUNC)
		return report_by_func(fp, m, flags & GT_REPORT_JSON, t0, t1);
	return gt_report_grows(fp, m, flags & GT_REPORT_JSON, t0, t1);
}
