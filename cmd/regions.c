/* regions.c: `gtview regions [--json] [--window FROM:TO] TRACE`: the user
 * annotations' statistics (report/regions.c).  Exit 1 when the
 * trace is invalid or truncated (figures then cover what came before). */
#include "cmd/args.h"
#include "cmd/commands.h"
#include "report/report.h"

int cmd_regions(int argc, char **argv)
{
	static const struct gt_cmd_flag fl[] = {{"--json", GT_REPORT_JSON}};
	int flags;
	const char *path;
	struct gt_window w;
	int r = gt_cmd_args_window(argc, argv, "regions",
	                           gt_cmd_usage("regions"), fl, 1, &flags,
	                           &path, &w);
	if (r >= 0)
		return r;
	return gt_cmd_report_window("regions", path, flags, w, gt_report_regions, NULL);
}
