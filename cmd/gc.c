/* gc.c: `gtview gc [--json] TRACE`: GC cycles, stop-the-world pauses,
 * their distribution and minimum mutator utilization; the
 * figures come from model/report_gc.c.  Exit 1 when the trace is
 * invalid or truncated (figures then cover what came before the error). */
#include "cmd/args.h"
#include "cmd/commands.h"
#include "cmd/input.h"
#include "model/report.h"

#include <stdio.h>
#include <string.h>

int cmd_gc(int argc, char **argv)
{
	static const struct gt_cmd_flag fl[] = {{"--json", GT_REPORT_JSON}};
	int flags;
	const char *path;
	int r = gt_cmd_args(argc, argv, "gc", "gtview gc [--json] TRACE", fl, 1, &flags, &path);
	if (r >= 0)
		return r;
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
