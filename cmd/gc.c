/* gc.c: `gtview gc [--json] TRACE`: GC cycles, stop-the-world pauses,
 * their distribution and minimum mutator utilization; the
 * figures come from model/report_gc.c.  Exit 1 when the trace is
 * invalid or truncated (figures then cover what came before the error). */
#include "cmd/commands.h"
#include "cmd/input.h"
#include "model/report.h"

#include <stdio.h>
#include <string.h>

static void usage(FILE *fp)
{
	fprintf(fp, "usage: gtview gc [--json] TRACE\n");
}

int cmd_gc(int argc, char **argv)
{
	int flags = 0;
	const char *path = NULL;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--json")) {
			flags |= GT_REPORT_JSON;
		} else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			usage(stdout);
			return GT_EXIT_OK;
		} else if (argv[i][0] == '-' && argv[i][1]) {
			fprintf(stderr, "gtview: gc: unknown option %s\n", argv[i]);
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
	int bad;
	struct gt_model *m = gt_report_load("gc", in.name, in.data, in.len, in.mapped, &bad);
	int rc = !m || gt_report_gc(stdout, m, flags) < 0 ? GT_EXIT_USAGE :
	         bad ? GT_EXIT_BAD_TRACE : GT_EXIT_OK;
	gt_model_free(m);
	gt_input_close(&in);
	return rc;
}
