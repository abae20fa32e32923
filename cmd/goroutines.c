/* goroutines.c: `gtview goroutines [--blocked] [--json] TRACE`: one row
 * per goroutine (or the goroutines blocked at the end, grouped); the
 * figures come from model/report_goroutines.c.  Exit 1 when the trace is
 * invalid or truncated (rows then cover what came before the error). */
#include "cmd/args.h"
#include "cmd/commands.h"
#include "model/report.h"

#include <stdio.h>

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
	return gt_cmd_report("goroutines", path, flags, gt_report_goroutines);
}
