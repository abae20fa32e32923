/* view.c: `gtview [options] TRACE|-|--demo`: the interactive viewer.
 * Options come from cmd/options.c; the viewer itself is tui/. */
#define _GNU_SOURCE /* O_TMPFILE */
#include "cmd/commands.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd/embedded.h"
#include "cmd/input.h"
#include "cmd/load_opts.h"
#include "cmd/options.h"
#include "tui/tui.h"
#include "report/escape.h"

/* A stream's bytes go to an unlinked file in $TMPDIR (or /tmp): their
 * pages are the file's, given back as a build decodes them, as a mapped
 * trace's are (model/stream.h).  -1 when none can be made. */
static int spool_file(void)
{
	const char *dir = getenv("TMPDIR");
	if (!dir || !*dir)
		dir = "/tmp";
	int fd = open(dir, O_TMPFILE | O_RDWR | O_EXCL | O_CLOEXEC, 0600);
	if (fd >= 0)
		return fd;
	char path[4096];
	if (snprintf(path, sizeof path, "%s/gtview-spool.XXXXXX", dir) >= (int)sizeof path)
		return -1;
	fd = mkstemp(path);
	if (fd >= 0)
		unlink(path);
	return fd;
}

int cmd_view(int argc, char **argv)
{
	struct gt_options o;
	int rc = gt_options_parse(argc, argv, &o);
	if (rc != GT_OPTIONS_RUN)
		return rc;
	struct tui_run_opts run;
	memset(&run, 0, sizeof run);
	run.stream_spool = -1;
	run.config = &o.config;
	struct gt_cmd_load load;
	gt_cmd_load_init(&load);
	run.load = &load.opts;
	struct gt_input in;
	int have_input = 0;
	if (o.demo) {
		size_t len = 0;
		const unsigned char *demo = gt_embedded("demo.trace", &len);
		if (!demo || !len) {
			gt_esc_fprintf(stderr, "gtview: --demo: no demo trace in this build\n");
			gt_options_free(&o);
			return GT_EXIT_USAGE;
		}
		run.buf = demo;
		run.len = len;
		run.file_name = "demo.trace";
	} else {
		if (gt_input_open_stream(&in, o.trace, o.follow) < 0) {
			gt_options_free(&o);
			return GT_EXIT_USAGE;
		}
		have_input = 1;
		run.buf = in.data;
		run.len = in.len;
		run.mapped = in.mapped;
		run.file_name = in.name;
		run.keys_from_tty = !strcmp(o.trace, "-");
		run.stream = in.fd >= 0;
		run.stream_fd = in.fd; /* tui_run closes it */
		run.stream_fifo = in.fifo;
		run.stream_follow = in.follow;
		run.stream_spool = run.stream ? spool_file() : -1;
	}
	/* tests of quitting while a trace loads need a load that lasts */
	const char *delay = getenv("GTVIEW_TEST_LOAD_DELAY_US");
	run.load_delay_us = delay ? (unsigned)strtoul(delay, NULL, 10) : 0;
	/* ...and of a first frame's views: one that lasts until told */
	run.load_hold = getenv("GTVIEW_TEST_LOAD_HOLD");
	/* ...and of keys while the thread lanes are built */
	const char *mdelay = getenv("GTVIEW_TEST_MLANES_DELAY_MS");
	run.mlanes_delay_ms = mdelay ? (unsigned)strtoul(mdelay, NULL, 10) : 0;
	/* the first frame of a big file: a prefix looked for in its first
	 * 8 MiB (an old-format trace's: a time prefix of a quarter as many
	 * bytes of events); tests set a smaller one to see that frame at
	 * once */
	run.show_log = getenv("GTVIEW_TEST_SHOW_LOG"); /* make bench */
	const char *first = getenv("GTVIEW_FIRST_PREFIX");
	run.first_prefix = first ? (size_t)strtoull(first, NULL, 10) : (size_t)8 << 20;
	rc = tui_run(&run);
	gt_cmd_load_notes(&load);
	if (have_input)
		gt_input_close(&in);
	gt_options_free(&o);
	return rc;
}
