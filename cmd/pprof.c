/* pprof.c: `gtview pprof [--kind KIND] [--window FROM:TO] TRACE`: a
 * blocking or CPU profile (model/profile.h) as a gzipped pprof file on
 * standard output (cmd/pprof_write.h).  Like gzip, it will not write
 * binary data to a terminal (exit 2).  Exit 1 when the trace is invalid
 * or truncated (the profile then covers what came before the error). */
#include "cmd/args.h"
#include "cmd/commands.h"
#include "cmd/pprof_write.h"
#include "report/escape.h"

#include <string.h>
#include <unistd.h>

#define USAGE gt_cmd_usage("pprof")

/* --kind K into *kind (left as it is without one); 0, or exit status 2. */
static int kind_arg(int *argc, char **argv, int *kind)
{
	const char *v;
	int r = gt_cmd_take_opt(argc, argv, "--kind", "a KIND", "pprof", USAGE, &v);
	if (r || !v)
		return r;
	if ((*kind = gt_prof_kind_parse(v)) < 0) {
		gt_esc_fprintf(stderr, "gtview: pprof: unknown kind %s (net, sync, syscall, sched or cpu)\n"
		        "usage: %s\n", v, USAGE);
		return GT_EXIT_USAGE;
	}
	return 0;
}

/* The report of gt_cmd_report_window, with the kind for flags. */
static int write_profile(FILE *fp, const struct gt_model *m, int kind, int64_t w0, int64_t w1)
{
	struct gt_prof p;
	int r = gt_prof_compute(m, (enum gt_prof_kind)kind, w0, w1, &p);
	if (r < 0) {
		gt_esc_fprintf(stderr, "gtview: pprof: out of memory\n");
		return -1;
	}
	struct gt_trace_info info;
	gt_model_info(m, &info);
	int64_t t0 = w0 > info.min_ts ? w0 : info.min_ts;
	int64_t t1 = w1 < info.max_ts ? w1 : info.max_ts;
	r = gt_pprof_write(fp, m, &p, t1 > t0 ? t1 - t0 : 0);
	gt_prof_free(&p);
	if (!r && fflush(fp))
		r = -2;
	if (r)
		gt_esc_fprintf(stderr, "gtview: pprof: %s\n", r == -1 ? "out of memory" :
		        "cannot write the profile to standard output");
	return r ? -1 : 0;
}

int cmd_pprof(int argc, char **argv)
{
	int kind = GT_PROF_SYNC, flags, r;
	const char *path;
	struct gt_window w;
	if ((r = kind_arg(&argc, argv, &kind)))
		return r;
	r = gt_cmd_args_window(argc, argv, "pprof", USAGE, NULL, 0, &flags, &path, &w);
	if (r >= 0)
		return r;
	if (isatty(STDOUT_FILENO)) {
		gt_esc_fprintf(stderr, "gtview: pprof: a gzipped profile is not written to a terminal; "
		        "redirect standard output (gtview pprof TRACE > prof.pb.gz)\n");
		return GT_EXIT_USAGE;
	}
	return gt_cmd_report_window("pprof", path, kind, w, write_profile, NULL);
}
