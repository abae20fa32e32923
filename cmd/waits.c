/* waits.c: `gtview waits --kind net|sync|syscall|sched [--json]
 * [--window FROM:TO] [--limit N] TRACE`: the single waits a blocking
 * profile of that kind counts, longest first (report/waits.c, on
 * model/waits.h: the enumeration `gtview pprof` sums).  Exit 1 when the
 * trace is invalid or truncated (the list then covers what came before),
 * 2 for a usage error. */
#include "cmd/args.h"
#include "cmd/commands.h"
#include "cmd/input.h"
#include "model/profile.h"
#include "report/escape.h"
#include "report/report.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define USAGE gt_cmd_usage("waits")

/* --kind and --limit out of argv; 0, or exit status 2. */
static int waits_args(int *argc, char **argv, int *kind, size_t *limit)
{
	const char *k, *l;
	int r = gt_cmd_take_opt(argc, argv, "--kind", "a KIND", "waits", USAGE, &k);
	if (!r)
		r = gt_cmd_take_opt(argc, argv, "--limit", "a number", "waits", USAGE, &l);
	if (r)
		return r;
	for (int i = 1; i < *argc; i++)
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
			return -1; /* the common parser prints the usage */
	if (!k) {
		gt_esc_fprintf(stderr, "gtview: waits: --kind is needed (net, sync, syscall or sched)\n"
		        "usage: %s\n", USAGE);
		return GT_EXIT_USAGE;
	}
	*kind = gt_prof_kind_parse(k);
	if (*kind < 0 || *kind == GT_PROF_CPU) {
		gt_esc_fprintf(stderr, "gtview: waits: unknown kind %s (net, sync, syscall or sched)\n"
		        "usage: %s\n", k, USAGE);
		return GT_EXIT_USAGE;
	}
	*limit = 0;
	if (l) {
		char *end;
		errno = 0;
		unsigned long long v = strtoull(l, &end, 10);
		if (!*l || *end || errno || l[0] == '-' || l[0] == '+' || v == 0 || v > SIZE_MAX) {
			gt_esc_fprintf(stderr, "gtview: waits: --limit %s: not a positive number "
			        "(a count of waits, 1 or more)\nusage: %s\n", l, USAGE);
			return GT_EXIT_USAGE;
		}
		*limit = (size_t)v;
	}
	return 0;
}

int cmd_waits(int argc, char **argv)
{
	static const struct gt_cmd_flag fl[] = {{"--json", GT_REPORT_JSON}};
	int kind = GT_PROF_NET, flags;
	size_t limit = 0;
	const char *path;
	struct gt_window w;
	int r = waits_args(&argc, argv, &kind, &limit);
	if (r > 0)
		return r;
	r = gt_cmd_args_window(argc, argv, "waits", USAGE, fl, 1, &flags, &path, &w);
	if (r >= 0)
		return r;
	struct gt_input in;
	if (gt_input_open(&in, path) < 0)
		return GT_EXIT_USAGE;
	int bad;
	struct gt_model *m = gt_cmd_report_load("waits", &in, &bad);
	int rc = !m ? GT_EXIT_USAGE : bad ? GT_EXIT_BAD_TRACE : GT_EXIT_OK;
	if (m && gt_report_waits(stdout, m, flags & GT_REPORT_JSON, kind, limit, w.t0, w.t1) < 0) {
		gt_esc_fprintf(stderr, "gtview: waits: out of memory or cannot write standard output\n");
		rc = GT_EXIT_USAGE;
	}
	gt_model_free(m);
	gt_input_close(&in);
	return rc;
}
