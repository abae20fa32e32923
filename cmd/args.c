/* args.c: one parser for the report subcommands' flags and TRACE. */
#include "cmd/args.h"
#include "cmd/commands.h"
#include "cmd/input.h"
#include "cmd/load_opts.h"
#include "report/report.h"
#include "report/escape.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* --window FROM:TO or --window=FROM:TO at argv[*i] into *w: 1 taken
 * (*i moved past its value), 0 not --window, or the exit status 2. */
static int window_arg(int argc, char **argv, int *i, const char *cmd,
                      const char *usage, struct gt_window *w)
{
	const char *a = argv[*i], *v;
	if (!strncmp(a, "--window=", 9))
		v = a + 9;
	else if (!strcmp(a, "--window")) {
		if (*i + 1 >= argc) {
			gt_esc_fprintf(stderr, "gtview: %s: --window needs FROM:TO\nusage: %s\n", cmd, usage);
			return GT_EXIT_USAGE;
		}
		v = argv[++*i];
	} else
		return 0;
	const char *why;
	if (gt_window_parse(v, w, &why) < 0) {
		gt_esc_fprintf(stderr, "gtview: %s: --window %s: %s\nusage: %s\n", cmd, v, why, usage);
		return GT_EXIT_USAGE;
	}
	return 1;
}

int gt_cmd_take_opt(int *argc, char **argv, const char *name, const char *what,
                    const char *cmd, const char *usage, const char **val)
{
	size_t len = strlen(name);
	int o = 1;
	*val = NULL;
	for (int i = 1; i < *argc; i++) {
		if (!strncmp(argv[i], name, len) && argv[i][len] == '=')
			*val = argv[i] + len + 1;
		else if (!strcmp(argv[i], name)) {
			if (i + 1 >= *argc) {
				gt_esc_fprintf(stderr, "gtview: %s: %s needs %s\nusage: %s\n", cmd, name, what,
				        usage);
				return GT_EXIT_USAGE;
			}
			*val = argv[++i];
		} else
			argv[o++] = argv[i];
	}
	*argc = o;
	return 0;
}

int gt_cmd_args(int argc, char **argv, const char *cmd, const char *usage,
                const struct gt_cmd_flag *flagv, int nflag, int *flags,
                const char **path)
{
	return gt_cmd_args_window(argc, argv, cmd, usage, flagv, nflag, flags, path, NULL);
}

int gt_cmd_args_window(int argc, char **argv, const char *cmd, const char *usage,
                       const struct gt_cmd_flag *flagv, int nflag, int *flags,
                       const char **path, struct gt_window *w)
{
	*flags = 0;
	*path = NULL;
	if (w)
		*w = gt_window_all();
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		int known = 0;
		if (w) {
			int r = window_arg(argc, argv, &i, cmd, usage, w);
			if (r == 1)
				continue;
			if (r)
				return r;
		}
		for (int f = 0; f < nflag; f++)
			if (!strcmp(a, flagv[f].name)) {
				*flags |= flagv[f].bit;
				known = 1;
			}
		if (known)
			continue;
		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			printf("usage: %s\n", usage);
			return GT_EXIT_OK;
		}
		if (!strcmp(a, "--follow") || !strcmp(a, "-f")) {
			gt_esc_fprintf(stderr, "gtview: %s: %s is for the viewer (gtview --follow TRACE): a "
			        "report needs the whole trace, so run it once the file is complete\n",
			        cmd, a);
			return GT_EXIT_USAGE;
		}
		if (a[0] == '-' && a[1]) {
			gt_esc_fprintf(stderr, "gtview: %s: unknown option %s\nusage: %s\n", cmd, a, usage);
			return GT_EXIT_USAGE;
		}
		if (*path) {
			gt_esc_fprintf(stderr, "gtview: %s: one TRACE only\nusage: %s\n", cmd, usage);
			return GT_EXIT_USAGE;
		}
		*path = a;
	}
	if (!*path) {
		gt_esc_fprintf(stderr, "usage: %s\n", usage);
		return GT_EXIT_USAGE;
	}
	return -1;
}

struct gt_model *gt_cmd_report_load(const char *cmd, const struct gt_input *in, int *bad)
{
	struct gt_decode_result res;
	struct gt_model *m = gt_cmd_load_model(in->data, in->len, in->mapped, NULL, &res);
	*bad = 0;
	if (!m) {
		gt_esc_fprintf(stderr, "gtview: %s: out of memory\n", cmd);
		return NULL;
	}
	if (res.status != GT_OK) {
		gt_esc_fprintf(stderr, "gtview: %s: %s: offset %" PRIu64 ": %s\n", cmd, in->name,
		        res.offset, res.msg);
		*bad = 1;
	}
	return m;
}

int gt_cmd_report(const char *cmd, const char *path, int flags,
                  int (*report)(FILE *, const struct gt_model *, int))
{
	return gt_cmd_report_window(cmd, path, flags, gt_window_all(), NULL, report);
}

int gt_cmd_report_window(const char *cmd, const char *path, int flags, struct gt_window w,
                         gt_cmd_window_report report_w,
                         int (*report)(FILE *, const struct gt_model *, int))
{
	struct gt_input in;
	if (gt_input_open(&in, path) < 0)
		return GT_EXIT_USAGE;
	int bad;
	struct gt_model *m = gt_cmd_report_load(cmd, &in, &bad);
	int rc = !m || (report_w ? report_w(stdout, m, flags, w.t0, w.t1) :
	                          report(stdout, m, flags)) < 0 ? GT_EXIT_USAGE :
	         bad ? GT_EXIT_BAD_TRACE : GT_EXIT_OK;
	gt_model_free(m);
	gt_input_close(&in);
	return rc;
}
