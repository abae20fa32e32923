/* range_stats.h: a marked range's statistics (gt_model_window_stats) on a
 * background thread, so that marking a range never waits for the pass
 * over the goroutines (0.3 s and more for a range over most of a trace
 * with millions of them): the inspector says they are being computed
 * and is built again when they are there (range.c).  One range at a
 * time: asking for another while one is computed waits for that one
 * (the pass cannot stop midway). */
#ifndef GT_TUI_RANGE_STATS_H
#define GT_TUI_RANGE_STATS_H

#include <stdint.h>

#include "model/model.h"
#include "tui/job.h"

struct tui_rstats {
	const struct gt_model *m;
	int64_t t0, t1;
	struct tui_job job;      /* started: for m, t0, t1 */
	int rc;                 /* gt_model_window_stats's */
	struct gt_wstats w;
	double ms;              /* how long it took */
};

/* The statistics of [t0, t1) in *out when they are there (1; rc < 0:
 * out of memory), else 0 and they are being computed (started when
 * not yet). */
int tui_rstats_get(struct tui_rstats *r, const struct gt_model *m, int64_t t0, int64_t t1,
                   const struct gt_wstats **out);
/* Whether a computation runs (its result not taken yet). */
int tui_rstats_busy(const struct tui_rstats *r);
/* Waits for the one being computed (scripted screen shots). */
void tui_rstats_wait(struct tui_rstats *r);
void tui_rstats_free(struct tui_rstats *r);

#endif
