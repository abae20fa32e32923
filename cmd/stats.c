/* stats.c: `gtview stats [--json] TRACE`: the trace's headline figures
 * (model/stats.h), as one JSON object with the corpus oracle's fields, or
 * as a summary for people.  Exit 1 when the trace is invalid or truncated
 * (the figures then cover what came before the error). */
#include "cmd/commands.h"
#include "cmd/input.h"
#include "model/report.h"
#include "model/stats.h"

#include <stdio.h>
#include <string.h>

static void usage(FILE *fp)
{
	fprintf(fp, "usage: gtview stats [--json] TRACE\n");
}

int cmd_stats(int argc, char **argv)
{
	int json = 0;
	const char *path = NULL;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--json")) {
			json = 1;
		} else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			usage(stdout);
			return GT_EXIT_OK;
		} else if (argv[i][0] == '-' && argv[i][1]) {
			fprintf(stderr, "gtview: stats: unknown option %s\n", argv[i]);
			usage(stderr);
			return GT_EXIT_USAGE;
		} else if (path) {
			usage(stderr);
			return GT_EXIT_USAGE;
		} else {
			path = argv[i];
		}
	}
	if (!path) {
		usage(stderr);
		return GT_EXIT_USAGE;
	}
	struct gt_input in;
	if (gt_input_open(&in, path) < 0)
		return GT_EXIT_USAGE;
	struct gt_tables *t = gt_tables_new();
	struct gt_stats s;
	memset(&s, 0, sizeof s);
	struct gt_decode_result res;
	if (!t || gt_stats_compute(in.data, in.len, t, &s, &res)) {
		fprintf(stderr, "gtview: out of memory\n");
		gt_stats_free(&s);
		gt_tables_free(t);
		gt_input_close(&in);
		return GT_EXIT_USAGE;
	}
	if (json) {
		gt_stats_write_json(stdout, &s, t, &res);
	} else {
		gt_stats_write_text(stdout, &s, t, &res);
		gt_report_stats_headlines(stdout, in.data, in.len); /* model/report_gc.c */
	}
	int rc = GT_EXIT_OK;
	if (res.status != GT_OK) {
		fprintf(stderr, "gtview: %s: offset %llu: %s\n", in.name,
		        (unsigned long long)res.offset, res.msg);
		rc = res.status == GT_NOMEM ? GT_EXIT_USAGE : GT_EXIT_BAD_TRACE;
	}
	if (fflush(stdout) || ferror(stdout)) {
		fprintf(stderr, "gtview: write error\n");
		rc = GT_EXIT_USAGE;
	}
	gt_stats_free(&s);
	gt_tables_free(t);
	gt_input_close(&in);
	return rc;
}
