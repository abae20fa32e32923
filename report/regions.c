/* regions.c: `gtview regions [--json]`: region and task types with
 * their durations, log categories (gt_model_annotations). */
#include "report/report.h"
#include "report/int.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* "time": where a type's counted instances spent their time
 * (gt_annotations_time). */
static void time_json(FILE *fp, const struct gt_model *m, const struct gt_annotations *a,
                      int task, uint32_t k, const struct gt_rtime *task_times)
{
	struct gt_rtime rt;
	gt_annotations_time(m, a, task, k, task_times, &rt);
	fprintf(fp, ",\"time\":{\"running\":%" PRId64 ",\"runnable\":%" PRId64 ",\"syscall\":%"
	        PRId64 ",\"waiting\":%" PRId64 ",\"waiting_by_class\":{", rt.ns[GT_GS_RUNNING],
	        rt.ns[GT_GS_RUNNABLE], rt.ns[GT_GS_SYSCALL], rt.ns[GT_GS_WAITING]);
	for (int c = 0; c < GT_WC__COUNT; c++)
		fprintf(fp, "%s\"%s\":%" PRId64, c ? "," : "", gt_wait_class_name((enum gt_wait_class)c),
		        rt.wait[c]);
	fputs("}}", fp);
}

static void types_json(FILE *fp, const struct gt_model *m, const struct gt_annotations *a,
                       int task, const struct gt_rtime *task_times)
{
	const char *name = task ? "tasks" : "regions";
	const struct gt_atype *t = task ? a->task : a->region;
	uint32_t n = task ? a->ntask : a->nregion;
	fprintf(fp, "\"%s\":[", name);
	for (uint32_t i = 0; i < n; i++) {
		fputs(i ? ",{\"type\":" : "{\"type\":", fp);
		gt_json_str(fp, gt_model_str(m, t[i].type));
		fprintf(fp, ",\"count\":%u,\"total_ns\":%" PRId64 ",\"min_ns\":%" PRId64
		        ",\"p50_ns\":%" PRId64 ",\"p90_ns\":%" PRId64 ",\"p99_ns\":%" PRId64
		        ",\"max_ns\":%" PRId64 ",\"open_at_end\":%u,\"begun_before\":%u",
		        t[i].count, t[i].total_ns, t[i].min_ns, t[i].p50_ns, t[i].p90_ns, t[i].p99_ns,
		        t[i].max_ns, t[i].open, t[i].before);
		time_json(fp, m, a, task, i, task_times);
		fputc('}', fp);
	}
	fputc(']', fp);
}

static void types_text(FILE *fp, const struct gt_model *m, const char *title,
                       const struct gt_atype *t, uint32_t n)
{
	fprintf(fp, "%s: %u types\n", title, n);
	if (!n)
		return;
	fprintf(fp, "  %-32s %7s %10s %10s %10s %10s %10s %10s %6s\n", "TYPE", "COUNT", "TOTAL",
	        "MIN", "P50", "P90", "P99", "MAX", "OPEN");
	for (uint32_t i = 0; i < n; i++) {
		char a[32], b[32], c[32], d[32], e[32], f[32];
		const char *ty = gt_model_str(m, t[i].type);
		fputs("  ", fp);
		gt_esc_pad(fp, *ty ? ty : "(none)", 32);
		fprintf(fp, " %7u %10s %10s %10s %10s %10s %10s %6u\n", t[i].count, gt_report_dur(a, sizeof a, t[i].total_ns),
		        gt_report_dur(b, sizeof b, t[i].min_ns), gt_report_dur(c, sizeof c, t[i].p50_ns),
		        gt_report_dur(d, sizeof d, t[i].p90_ns), gt_report_dur(e, sizeof e, t[i].p99_ns),
		        gt_report_dur(f, sizeof f, t[i].max_ns), t[i].open);
	}
}

int gt_report_regions(FILE *fp, const struct gt_model *m, int flags, int64_t t0, int64_t t1)
{
	struct gt_annotations a;
	if (gt_model_annotations(m, t0, t1, &a) < 0)
		return -1;
	if (flags & GT_REPORT_JSON) {
		struct gt_rtime *tt;
		if (gt_model_task_times(m, &tt) < 0) {
			gt_annotations_free(&a);
			return -1;
		}
		fputc('{', fp);
		types_json(fp, m, &a, 0, NULL);
		fputc(',', fp);
		types_json(fp, m, &a, 1, tt);
		free(tt);
		fputs(",\"logs\":[", fp);
		for (uint32_t i = 0; i < a.nlog; i++) {
			fputs(i ? ",{\"category\":" : "{\"category\":", fp);
			gt_json_str(fp, gt_model_str(m, a.log[i].type));
			fprintf(fp, ",\"count\":%u}", a.log[i].count);
		}
		fputs("]}\n", fp);
	} else {
		types_text(fp, m, "Regions", a.region, a.nregion);
		types_text(fp, m, "\nTasks", a.task, a.ntask);
		fprintf(fp, "\nLogs: %u categories\n", a.nlog);
		for (uint32_t i = 0; i < a.nlog; i++) {
			const char *c = gt_model_str(m, a.log[i].type);
			fputs("  ", fp);
			gt_esc_pad(fp, *c ? c : "(none)", 32);
			fprintf(fp, " %7u\n", a.log[i].count);
		}
	}
	gt_annotations_free(&a);
	return 0;
}
