/* args.c: one parser for the report subcommands' flags and TRACE. */
#include "cmd/args.h"
#include "cmd/commands.h"
#include "cmd/input.h"
#include "cmd/load_opts.h"
#include "model/report.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

int gt_cmd_args(int argc, char **argv, const char *cmd, const char *usage,
                const struct gt_cmd_flag *flagv, int nflag, int *flags,
                const char **path)
{
	*flags = 0;
	*path = NULL;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		int known = 0;
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
		if (a[0] == '-' && a[1]) {
			fprintf(stderr, "gtview: %s: unknown option %s\nusage: %s\n", cmd, a, usage);
			return GT_EXIT_USAGE;
		}
		if (*path) {
			fprintf(stderr, "gtview: %s: one TRACE only\nusage: %s\n", cmd, usage);
			return GT_EXIT_USAGE;
		}
		*path = a;
	}
	if (!*path) {
		fprintf(stderr, "usage: %s\n", usage);
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
		fprintf(stderr, "gtview: %s: out of memory\n", cmd);
		return NULL;
	}
	if (res.status != GT_OK) {
		fprintf(stderr, "gtview: %s: %s: offset %" PRIu64 ": %s\n", cmd, in->name,
		        res.offset, res.msg);
		*bad = 1;
	}
	return m;
}

int gt_cmd_report(const char *cmd, const char *path, int flags,
                  int (*report)(FILE *, const struct gt_model *, int))
{
	struct gt_input in;
	if (gt_input_open(&in, path) < 0)
		return GT_EXIT_USAGE;
	int bad;
	struct gt_model *m = gt_cmd_report_load(cmd, &in, &bad);
	int rc = !m || report(stdout, m, flags) < 0 ? GT_EXIT_USAGE :
	         bad ? GT_EXIT_BAD_TRACE : GT_EXIT_OK;
	gt_model_free(m);
	gt_input_close(&in);
	return rc;
}
