/* goroutines.c: `gtview goroutines [--blocked] [--json] TRACE`: one row
 * per goroutine (or the goroutines blocked at the end, grouped); the
 * figures come from model/report_goroutines.c.  Exit 1 when the trace is
 * invalid or truncated (rows then cover what came before the error). */
#include "cmd/args.h"
#include "cmd/commands.h"
#include "cmd/input.h"
#include "model/report.h"

#include <stdio.h>
#include <string.h>

int cmd_goroutines(int argc, char **argv)
{
	static const struct gt_cmd_flag fl[] = {
		{"--json", GT_REPORT_JSON}, {"--blocked", GT_REPORT_BLOCKED}};
	int flags;
	const char *path;
	int r = gt_cmd_args(argc, argv, "goroutines", "gtview goroutines [--blocked] [--json] TRACE",
	                    fl, 2, &flags, &path);
	if (r >= 0)
		return r;
	struct gt_input in;
	if (gt_input_open(&in, path) < 0)
		return GT_EXIT_USAGE;
	int bad;
	struct gt_model *m = gt_report_load("goroutines", in.name, in.data, in.len, in.mapped, &bad);
	int rc = !m || gt_report_goroutines(stdout, m, flags) < 0 ? GT_EXIT_USAGE :
	         bad ? GT_EXIT_BAD_TRACE : GT_EXIT_OK;
	gt_model_free(m);
	gt_input_close(&in);
	return rc;
}
