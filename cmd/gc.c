/* gc.c: `gtview gc [--json] [--window FROM:TO] TRACE`: GC cycles, stop-the-world pauses,
 * their distribution and minimum mutator utilization; the
 * figures come from report/gc.c.  Exit 1 when the trace is
 * invalid or truncated (figures then cover what came before the error). */
#include "cmd/args.h"
#include "cmd/commands.h"
#include "report/report.h"

#include <stdio.h>

int cmd_gc(int argc, char **argv)
{
	static const struct gt_cmd_flag fl[] = {{"--json", GT_REPORT_JSON}};
	int flags;
	const char *path;
	struct gt_window w;
	int r = gt_cmd_args_window(argc, argv, "gc", gt_cmd_usage("gc"),
	                           fl, 1, &flags, &path, &w);
	if (r >= 0)
		return r;
	return gt_cmd_report_window("gc", path, flags, w, gt_report_gc_window, NULL);
}
