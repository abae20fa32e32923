/* waits.c: `gtview waits`: the single waits of one kind (model/waits.h),
 * longest first, as a table or JSON Lines. */
#include "report/report.h"
#include "report/escape.h"
#include "report/int.h"
#include "model/profile.h"
#include "model/waits.h"

#include <inttypes.h>
#include <stdlib.h>

/* The Go id of goroutine gi: from ids, all of them, for a long list. */
static int64_t g_id(const struct gt_model *m, const int64_t *ids, uint32_t gi)
{
	return ids ? ids[gi] : gt_model_g_id(m, gi);
}

static void json_wait(FILE *fp, const struct gt_model *m, const int64_t *ids,
                      const struct gt_wait *w)
{
	fprintf(fp, "{\"g\":%" PRId64 ",\"start\":%" PRId64 ",\"duration_ns\":%" PRId64
	        ",\"reason\":", g_id(m, ids, w->gi), w->start, w->ns);
	gt_json_str(fp, gt_model_str(m, w->reason));
	fputs(",\"stack\":", fp);
	gt_json_stack(fp, m, w->stack);
	if (w->by_g == GT_NONE)
		fputs(",\"by_g\":null}\n", fp);
	else
		fprintf(fp, ",\"by_g\":%" PRId64 "}\n", w->by_g);
}

static void text_wait(FILE *fp, const struct gt_model *m, const int64_t *ids,
                      const struct gt_wait *w, int64_t min_ts)
{
	char d[32], g[24], by[24], fr[512];
	gt_put_right(fp, gt_report_dur(d, sizeof d, w->start - min_ts), 12);
	fputc(' ', fp);
	gt_put_right(fp, gt_report_dur(d, sizeof d, w->ns), 10);
	snprintf(g, sizeof g, "G%" PRId64, g_id(m, ids, w->gi));
	if (w->by_g == GT_NONE)
		snprintf(by, sizeof by, "-");
	else
		snprintf(by, sizeof by, "G%" PRId64, w->by_g);
	fprintf(fp, " %9s %9s  ", g, by);
	gt_esc_pad(fp, gt_model_str(m, w->reason), 24);
	fputc(' ', fp);
	gt_esc_puts(fp, gt_report_frame(fr, sizeof fr, m, w->stack));
	fputc('\n', fp);
}

int gt_report_waits(FILE *fp, const struct gt_model *m, int json, int kind, size_t limit,
                    int64_t t0, int64_t t1)
{
	struct gt_waits ws;
	if (gt_waits_list(m, (enum gt_prof_kind)kind, t0, t1, 0, limit, &ws) < 0)
		return -1;
	struct gt_trace_info in;
	gt_model_info(m, &in);
	if (!json) {
		char d[32];
		fprintf(fp, "%" PRIu64 " %s waits, %s in all (as `gtview pprof --kind %s`)",
		        ws.count, gt_prof_kind_name((enum gt_prof_kind)kind),
		        gt_report_dur(d, sizeof d, ws.ns), gt_prof_kind_name((enum gt_prof_kind)kind));
		if (ws.n < ws.count)
			fprintf(fp, "; the %zu longest", ws.n);
		fprintf(fp, "\n");
		if (ws.n)
			fprintf(fp, "%12s %10s %9s %9s  %-24s %s\n", "START", "DURATION", "G", "WOKEN BY",
			        "REASON", "WHERE");
	}
	int64_t *ids = ws.n >= 65536 ? gt_model_g_ids(m) : NULL; /* NULL: one by one */
	struct gt_wait b[256];
	for (size_t i = 0, k; (k = gt_waits_copy(&ws, i, b, 256)) > 0; i += k)
		for (size_t j = 0; j < k; j++)
			if (json)
				json_wait(fp, m, ids, &b[j]);
			else
				text_wait(fp, m, ids, &b[j], in.min_ts);
	free(ids);
	gt_waits_free(&ws);
	return ferror(fp) ? -1 : 0;
}
