/* mbuild.h: the timeline's thread lanes (gt_model_m_runs) built on a
 * background thread, so that `t` never waits for their walk over every
 * goroutine (seconds on a trace with millions of them): the lanes show
 * their labels and that they are being built, keys work meanwhile, and
 * the timeline is drawn again once they are there (run.c polls
 * tui_timeline_settled).  Another model under the views (live.c) or a
 * quit stops the build (gt_model_m_runs_build's cancel: it leaves off
 * within a goroutine's walk) and waits for its thread before the model
 * it reads is freed. */
#ifndef GT_TUI_MBUILD_H
#define GT_TUI_MBUILD_H

#include "model/model.h"
#include "tui/job.h"

struct tui_mbuild {
	const struct gt_model *m;
	struct tui_job job;      /* the build, for m */
	int rc;                 /* gt_model_m_runs_build's (< 0: out of memory) */
	unsigned delay_ms;      /* tests: a pause before the build, cut short
	                           by cancel (GTVIEW_TEST_MLANES_DELAY_MS) */
	double ms;              /* how long it took */
};

/* Starts building m's thread lanes unless they are built or being built
 * for m (or failed for m: rc < 0). */
void tui_mbuild_start(struct tui_mbuild *b, const struct gt_model *m);
/* Whether a build's thread is to be joined (running, or done and not
 * joined yet); tui_mbuild_done: and has finished. */
int tui_mbuild_pending(const struct tui_mbuild *b);
int tui_mbuild_done(const struct tui_mbuild *b);
/* Waits for the build under way (scripted screen shots). */
void tui_mbuild_wait(struct tui_mbuild *b);
/* Stops the build under way, waits for its thread, forgets the model;
 * the delay stays. */
void tui_mbuild_free(struct tui_mbuild *b);

#endif
