/* search_find.h: a search's results (gt_model_find) on a background
 * thread, so that Enter in the search bar never waits for the pass over
 * every goroutine's transitions (seconds on the biggest traces): the
 * results pane shows the matching strings at once and the goroutines
 * walked so far, and is drawn again when the counts are there.  A new
 * search stops the one running (gt_find_opts.cancel) and waits for it. */
#ifndef GT_TUI_SEARCH_FIND_H
#define GT_TUI_SEARCH_FIND_H

#include <stdatomic.h>
#include <stdint.h>

#include "model/model.h"
#include "tui/job.h"

/* Events the viewer keeps for stepping and highlighting (32 bytes each,
 * in time order): when more match, those of the goroutines walked first
 * (gt_find_result.ev_over; the counts are of all). */
#define TUI_FIND_MAX_EVENTS ((size_t)1 << 20)

struct tui_find {
	const struct gt_model *m;
	char text[128];
	struct tui_job job;      /* the search (its cancel: gt_find_opts's) */
	atomic_uint walked;     /* goroutines walked so far */
	int rc;                 /* gt_model_find's */
	struct gt_find_result r;
	uint32_t *by_g;         /* r.ev indices by (goroutine, time): a lane's */
	double ms;              /* how long it took */
};

/* Starts searching text (the one before stopped and freed). */
void tui_find_start(struct tui_find *f, const struct gt_model *m, const char *text);
/* Whether results are there (1: f->r, f->by_g; rc < 0 out of memory),
 * joining the thread once they are; 0 while being computed or when no
 * search was started. */
int tui_find_ready(struct tui_find *f);
/* Running; pending: running, or done and not joined yet (its results
 * not looked at). */
int tui_find_busy(const struct tui_find *f);
int tui_find_pending(const struct tui_find *f);
void tui_find_wait(struct tui_find *f);
void tui_find_free(struct tui_find *f);

#endif
