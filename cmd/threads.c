/* threads.c: `gtview threads [--json] [--window FROM:TO] TRACE`: per
 * thread its running and syscall time, goroutines and syscalls
 * (report/threads.c).  Exit 1 when the trace is invalid or truncated
 * (figures then cover what came before). */
#include "cmd/args.h"
#include "cmd/commands.h"
#include "report/report.h"

int cmd_threads(int argc, char **argv)
{
	static const struct gt_cmd_flag fl[] = {{"--json", GT_REPORT_JSON}};
	int flags;
	const char *path;
	struct gt_window w;
	int r = gt_cmd_args_window(argc, argv, "threads", gt_cmd_usage("threads"), fl, 1, &flags,
	                           &path, &w);
	if (r >= 0)
		return r;
	return gt_cmd_report_window("threads", path, flags, w, gt_report_threads, NULL);
}
