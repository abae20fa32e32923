/* stats.c: `gtview stats [--json] TRACE`: the trace's headline figures
 * (model/stats.h), as one JSON object with the corpus oracle's fields, or
 * as a summary for people.  Exit 1 when the trace is invalid or truncated
 * (the figures then cover what came before the error). */
#include "cmd/args.h"
#include "cmd/commands.h"
#include "cmd/input.h"
#include "cmd/load_opts.h"
#include "model/model.h"
#include "report/report.h"
#include "model/stats.h"
#include "report/escape.h"

#include <stdio.h>
#include <string.h>

int cmd_stats(int argc, char **argv)
{
	static const struct gt_cmd_flag fl[] = {{"--json", 1}};
	int json;
	const char *path;
	int r = gt_cmd_args(argc, argv, "stats", gt_cmd_usage("stats"), fl, 1, &json, &path);
	if (r >= 0)
		return r;
	struct gt_input in;
	if (gt_input_open(&in, path) < 0)
		return GT_EXIT_USAGE;
	struct gt_stats s;
	memset(&s, 0, sizeof s);
	struct gt_decode_result res;
	struct gt_tables *t = NULL;
	struct gt_model *m = NULL;
	struct gt_gtotals tot;
	int fail;
	if (json) {
		struct gt_cmd_load l;
		gt_cmd_load_init(&l);
		t = gt_tables_new();
		fail = !t || gt_stats_compute(in.data, in.len, t, &l.opts.decode, &s, &res);
		gt_cmd_decode_notes(&l);
	} else {
		/* one decoding pass: the counts, and the model that gives the
		 * per-goroutine figures and the headlines */
		fail = gt_stats_init_counts(&s) < 0;
		if (!fail)
			m = gt_cmd_load_model(in.data, in.len, in.mapped, &s, &res);
		fail = fail || !m || gt_stats_finish(&s, gt_model_tables(m)) ||
		       gt_stats_finish_model(&s, m, &tot);
	}
	if (fail) {
		gt_esc_fprintf(stderr, "gtview: out of memory\n");
		gt_stats_free(&s);
		gt_tables_free(t);
		gt_model_free(m);
		gt_input_close(&in);
		return GT_EXIT_USAGE;
	}
	if (json) {
		gt_stats_write_json(stdout, &s, t, &res);
	} else {
		gt_stats_write_text(stdout, &s, gt_model_tables(m), &res);
		gt_report_stats_headlines(stdout, m, &tot); /* report/gc.c */
	}
	int rc = GT_EXIT_OK;
	if (res.status != GT_OK) {
		gt_esc_fprintf(stderr, "gtview: %s: offset %llu: %s\n", in.name,
		        (unsigned long long)res.offset, res.msg);
		rc = res.status == GT_NOMEM ? GT_EXIT_USAGE : GT_EXIT_BAD_TRACE;
	}
	if (fflush(stdout) || ferror(stdout)) {
		gt_esc_fprintf(stderr, "gtview: write error\n");
		rc = GT_EXIT_USAGE;
	}
	gt_stats_free(&s);
	gt_tables_free(t);
	gt_model_free(m);
	gt_input_close(&in);
	return rc;
}
