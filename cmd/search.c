/* search.c: `gtview search [--json] [--count] [--window FROM:TO] TEXT
 * TRACE`: what TEXT finds in the trace (report/search.c).  Exit 0 when
 * an event matched, 1 when none did, 2 on usage errors (an empty TEXT
 * among them) or when out of memory.  A trace that is invalid or
 * truncated is searched as far as it goes (its error on stderr). */
#include "cmd/args.h"
#include "cmd/commands.h"
#include "cmd/input.h"
#include "report/escape.h"
#include "report/report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define USAGE gt_cmd_usage("search")

int cmd_search(int argc, char **argv)
{
	/* the first operand is TEXT (after "--", whatever it is); the rest
	 * is the reports' line */
	char **rest = malloc(((size_t)argc + 1) * sizeof *rest);
	if (!rest)
		return GT_EXIT_USAGE;
	const char *text = NULL;
	int nrest = 0;
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];
		if (i && !text && !strcmp(a, "--") && i + 1 < argc) {
			text = argv[++i];
			continue;
		}
		if (i && !text && (a[0] != '-' || !a[1])) {
			text = a;
			continue;
		}
		rest[nrest++] = argv[i];
		if (!strcmp(a, "--window") && i + 1 < argc)
			rest[nrest++] = argv[++i];
	}
	static const struct gt_cmd_flag fl[] = {{"--json", GT_REPORT_JSON},
	                                        {"--count", GT_REPORT_COUNT}};
	int flags;
	const char *path;
	struct gt_window w;
	int r = gt_cmd_args_window(nrest, rest, "search", USAGE, fl, 2, &flags, &path, &w);
	free(rest);
	if (r >= 0)
		return r;
	if (!text || !*text) {
		gt_esc_fprintf(stderr, "gtview: search: %s\nusage: %s\n",
		        text ? "empty TEXT: give the text to search for" : "no TEXT", USAGE);
		return GT_EXIT_USAGE;
	}
	struct gt_input in;
	if (gt_input_open(&in, path) < 0)
		return GT_EXIT_USAGE;
	int bad;
	struct gt_model *m = gt_cmd_report_load("search", &in, &bad);
	int rc = GT_EXIT_USAGE;
	if (m) {
		int found = gt_report_search(stdout, m, text, flags, w.t0, w.t1);
		if (found < 0)
			fprintf(stderr, "gtview: search: out of memory or a write failed\n");
		else
			rc = found ? GT_EXIT_OK : 1;
	}
	gt_model_free(m);
	gt_input_close(&in);
	return rc;
}
