/* check.c: `gtview check TRACE`: decode and validate the whole trace.
 * Exit 0 when valid; 1 when invalid or truncated, with
 * "gtview: TRACE: offset N: what" on stderr; 2 on usage or I/O errors. */
#include "cmd/args.h"
#include "cmd/commands.h"
#include "cmd/input.h"
#include "cmd/load_opts.h"
#include "decode/decode.h"
#include "report/escape.h"

#include <stdio.h>
#include <string.h>

static int count_event(void *ctx, const struct gt_event *ev, const struct gt_tables *t)
{
	(void)ctx, (void)ev, (void)t;
	return 0;
}

int cmd_check(int argc, char **argv)
{
	const char *path;
	int none;
	int r = gt_cmd_args(argc, argv, "check", gt_cmd_usage("check"), NULL, 0, &none, &path);
	if (r >= 0)
		return r;
	struct gt_input in;
	if (gt_input_open(&in, path) < 0)
		return GT_EXIT_USAGE;
	struct gt_tables *t = gt_tables_new();
	if (!t) {
		gt_esc_fprintf(stderr, "gtview: out of memory\n");
		gt_input_close(&in);
		return GT_EXIT_USAGE;
	}
	struct gt_sink sink = {.ctx = NULL, .event = count_event, .progress = NULL};
	struct gt_decode_result res;
	enum gt_status st = gt_cmd_decode(in.data, in.len, t, &sink, &res);
	int rc = GT_EXIT_OK;
	if (st != GT_OK) {
		gt_esc_fprintf(stderr, "gtview: %s: offset %llu: %s\n", in.name,
		        (unsigned long long)res.offset, res.msg);
		if (st == GT_TRUNCATED)
			gt_esc_fprintf(stderr, "gtview: %s: truncated: %llu events kept, %llu bytes lost\n",
			        in.name, (unsigned long long)res.events,
			        (unsigned long long)(in.len - res.bytes_kept));
		rc = st == GT_NOMEM ? GT_EXIT_USAGE : GT_EXIT_BAD_TRACE;
	}
	gt_tables_free(t);
	gt_input_close(&in);
	return rc;
}
