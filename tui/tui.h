/* tui.h: the interactive viewer, as cmd/view.c starts it.
 *
 * tui_run loads the trace (showing a progress bar when that takes a
 * while), then runs the viewer until the user quits.  If loading fails with
 * nothing kept it prints "gtview: FILE: offset N: what" and returns 1
 * without ever touching the terminal; if something was kept the viewer
 * opens it and shows the error on the status line.
 *
 * Environment for tests: GTVIEW_SCRIPT=FILE runs headless (curses on
 * /dev/null, LINES/COLUMNS from the environment) with keys from FILE
 * (tui/script.h) and exits at its end.
 */
#ifndef GT_TUI_TUI_H
#define GT_TUI_TUI_H

#include <stddef.h>
#include <stdint.h>

#include "keymaps/config.h"

struct gt_load_opts; /* model/model.h */

struct tui_run_opts {
	const char *file_name;      /* as shown in messages and the header */
	const uint8_t *buf;         /* the trace's bytes */
	size_t len;
	int mapped;                 /* buf is a read-only file mapping */
	int keys_from_tty;          /* the trace came on stdin: keys from /dev/tty */
	struct gt_config *config;   /* keymap and settings; not owned */
	const struct gt_load_opts *load; /* how to load (NULL: the defaults) */
	unsigned load_delay_us;     /* tests: a pause per progress report */
	const char *load_hold;      /* tests: a file's whole load waits at
	                               its progress reports until this path
	                               exists (the first frame lasts); NULL */
	unsigned mlanes_delay_ms;   /* tests: a pause before building the
	                               thread lanes (mbuild.h) */
	int stream;                 /* read the trace from stream_fd as it
	                               comes (a pipe, a FIFO), not from buf */
	int stream_fd;              /* non-blocking; closed by tui_run */
	int stream_fifo;            /* a named FIFO: a writer may not have
	                               opened it yet */
	int stream_follow;          /* a file still being written (--follow):
	                               its end is not the stream's */
	int stream_spool;           /* an unlinked file for the stream's bytes
	                               (model/stream.h: gt_stream_spool), closed
	                               by tui_run; -1: none, they stay on the heap */
	const char *show_log;       /* bench: a file to append when each model
	                               and key was shown to (live.h); NULL */
	size_t first_prefix;        /* a file: bytes looked in for the first
	                               frame's prefix (gt_stream_file); 0: none,
	                               the whole load before the first frame */
};

/* Returns the exit status: 0, 1 (trace unreadable), 2 (terminal error),
 * or 128+N after signal N. */
int tui_run(const struct tui_run_opts *o);

#endif
