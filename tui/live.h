/* live.h: the viewer on a trace that is still arriving (a pipe, `gtview
 * -`, a FIFO): model/stream.h reads it and builds the model of its
 * complete generations; each new model replaces the one shown, the user's
 * place kept (views keep indices, which a longer prefix keeps: goroutines,
 * Ps, strings and stacks are numbered in order of appearance). */
#ifndef GT_TUI_LIVE_H
#define GT_TUI_LIVE_H

#include <stdio.h>

#include "model/stream.h"

struct tui_app;

struct tui_live {
	struct gt_stream *s;
	int fd;                 /* -1 once the writer is done */
	int fifo_wait;          /* no writer has opened the FIFO yet */
	int follow;             /* a file followed as it is written (--follow):
	                           its end is only where it is now */
	int more;               /* the last read stopped with data left */
	int flushed;            /* a quiet spell's build was asked for */
	double t0;              /* when reading began (s, monotonic) */
	double last_data;       /* when bytes last came */
	int err;                /* errno of a failed read; 0 */
	struct gt_model *pending; /* built, not shown yet (a thread still
	                           reads the model shown) */
	struct gt_decode_result pres;
	uint32_t shown_gens;    /* generations of the model shown */
	int final;              /* the model shown holds every byte */
#define TUI_LIVE_PARKED 64
	struct gt_model *parked[TUI_LIVE_PARKED]; /* replaced while a thread
	                           read them: freed at the end */
	int nparked;
	/* make bench (GTVIEW_TEST_SHOW_LOG): when each model and each key's
	 * frame was shown, CLOCK_MONOTONIC seconds */
	FILE *log;
	const struct gt_model *logged; /* the model last logged as shown */
	double key_t;           /* a key handled, its frame not drawn yet; 0 */
};

double tui_live_now(void);
/* The descriptor to poll for data (-1: none; a FIFO no writer opened
 * yet is tried at each timeout instead: it polls as ended). */
int tui_live_poll_fd(const struct tui_live *l);
/* Reads what fd has now when ready (a bounded amount, so keys stay
 * quick) and starts a build when one is due.  Returns 1 when something
 * changed that the screen shows (bytes, the end of the stream). */
int tui_live_read(struct tui_live *l, int ready);
/* A built model to show, if one is ready: it goes to a->m (the old one
 * freed) unless a thread still reads the old one (then it waits in
 * pending).  Redraw flags when the model changed. */
int tui_live_swap(struct tui_app *a);
/* What the header says while the trace is incomplete ("" at the end):
 * how far it got, and with full the GC cycles, pauses and heap so far. */
void tui_live_mark(const struct tui_app *a, char *buf, size_t n, int full);
/* The model in a->m was just shown: whether it holds every byte (the
 * stream's final model), into l->final and a->partial. */
void tui_live_shown(struct tui_app *a);
/* The loading screen's lines before the first model: what was read and
 * what is waited for. */
void tui_live_lines(const struct tui_live *l, const char *name, char lines[3][160]);
/* The poll timeout (ms) while work is under way, else -1. */
int tui_live_timeout(const struct tui_live *l);
void tui_live_free(struct tui_live *l);
/* After a frame: logs a model shown for the first time, and the key whose
 * frame it was (GTVIEW_TEST_SHOW_LOG). */
void tui_live_log_frame(struct tui_app *a);

#endif
