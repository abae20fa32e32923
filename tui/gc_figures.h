/* gc_figures.h: the GC view's costly figures, the model's per-cycle
 * figures (gt_model_gc_cycle) and MMU (gt_model_mmu_curve, gt_model_mmus
 * at 1, 10 and 100 ms), worked out once on a background thread so that
 * opening the view never waits for them: it shows what is ready and
 * "computing…" for the rest, and is drawn again when they are. */
#ifndef GT_TUI_GC_FIGURES_H
#define GT_TUI_GC_FIGURES_H

#include <stddef.h>

#include "model/model.h"
#include "tui/job.h"

struct tui_gcfig {
	const struct gt_model *m;
	struct tui_job job;      /* the work, for m */
	/* valid once done: */
	struct gt_gc_cycle *cyc;        /* per GC cycle */
	size_t ncyc;
	int64_t mmu_w[GT_MMU_CURVE_POINTS];
	double mmu_u[GT_MMU_CURVE_POINTS], mmu3[3];
	int mmu_n;                      /* the curve's points; -1 without data */
};

/* Starts the work for m if not started yet. */
void tui_gcfig_start(struct tui_gcfig *f, const struct gt_model *m);
/* Whether the work was started (since the last free). */
int tui_gcfig_started(const struct tui_gcfig *f);
/* Whether the figures are there (never blocks). */
int tui_gcfig_ready(const struct tui_gcfig *f);
/* Waits for them if the work was started (for scripted screen shots). */
void tui_gcfig_wait(struct tui_gcfig *f);
/* Stops the work (between cycles; an MMU query runs to its end) and
 * frees the figures. */
void tui_gcfig_free(struct tui_gcfig *f);

#endif
