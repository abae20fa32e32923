/* goroutines.c: `gtview goroutines [--blocked | --by-func] [--json]
 * [--window FROM:TO] TRACE`: one row per goroutine, the goroutines
 * blocked at the end grouped, or the groups by start function; the
 * figures come from report/goroutines.c.  Exit 1 when the trace is
 * invalid or truncated (rows then cover what came before the error). */
#include "cmd/args.h"
#include "cmd/commands.h"
#include "report/report.h"
#include "report/escape.h"

#include <stdio.h>

int cmd_goroutines(int argc, char **argv)
{
	const char *usage = gt_cmd_usage("goroutines");
	static const struct gt_cmd_flag fl[] = {
		{"--json", GT_REPORT_JSON}, {"--blocked", GT_REPORT_BLOCKED},
		{"--by-func", GT_REPORT_BY_FUNC}};
	int flags;
	const char *path;
	struct gt_window w;
	int r = gt_cmd_args_window(argc, argv, "goroutines", usage, fl, 3, &flags, &path, &w);
	if (r >= 0)
		return r;
	if ((flags & GT_REPORT_BLOCKED) && (flags & GT_REPORT_BY_FUNC)) {
		gt_esc_fprintf(stderr, "gtview: goroutines: --blocked and --by-func do not go together\n"
		        "usage: %s\n", usage);
		return GT_EXIT_USAGE;
	}
	/* the groups of gt_model_blocked are the goroutines waiting at the
	 * trace's end, and so far only there */
	if ((flags & GT_REPORT_BLOCKED) && (w.t0 != INT64_MIN || w.t1 != INT64_MAX)) {
		gt_esc_fprintf(stderr, "gtview: goroutines: --blocked is at the trace's end: no --window\n"
		        "usage: %s\n", usage);
		return GT_EXIT_USAGE;
	}
	return gt_cmd_report_window("goroutines", path, flags, w, gt_report_goroutines_window, NULL);
}
