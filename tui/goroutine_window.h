/* goroutine_window.h: the goroutine list's rows over a time range (the
 * range marked on the timeline): the goroutines with an interval in
 * [t0, t1) and their running and waiting time there, each by
 * gt_model_g_window (the rows and figures of `gtview goroutines --window`),
 * and the groups by start function over it (gt_model_groups_by_func, those
 * of `goroutines --by-func --window`).
 *
 * Built once per range on a thread of its own (a pass over the goroutines
 * asks each for its intervals in the window; the groups, another pass,
 * come after the rows), beside the whole trace's
 * index (goroutine_index.h), whose signatures and key ranks it reuses:
 * the filters are still decided per signature, the sorts by the same keys
 * but the times of the window.  Then every key of the list costs what it
 * costs on the whole trace.  Memory: per row, its goroutine index, two
 * times and one u32 per sort order (44 bytes); per signature, 12 bytes. */
#ifndef GT_TUI_GOROUTINE_WINDOW_H
#define GT_TUI_GOROUTINE_WINDOW_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "model/model.h"
#include "tui/goroutine_index.h"

struct tui_gwsig { uint32_t count, lo, hi; }; /* rows of a signature: how
                           many, the first and the last (row numbers) */

struct tui_gwin {
	const struct gt_model *m;
	struct tui_gindex *ix;  /* the whole trace's: signatures, key ranks */
	int64_t t0, t1;
	uint32_t n;             /* rows: goroutines with an interval in [t0, t1) */
	uint32_t *gi;           /* each row's goroutine index, ascending */
	int64_t (*ns)[2];       /* each row's running, waiting time in the window */
	struct tui_gwsig *sig;  /* per signature of ix */
	struct tui_gorder order[TUI_GCOL__COUNT]; /* rows (numbers) by column */
	struct gt_ggroups byfunc; /* gt_model_groups_by_func(t0, t1) */
	double build_ms;        /* the build's time, once ready */
	/* the build: done goroutines of the pass (of ix->n), ready once all is */
	pthread_t th;
	int started;
	atomic_int handoff;     /* the build's end and tui_gwin_drop: the second
	                           frees w */
	atomic_uint done;
	atomic_int ready;       /* 1: the rows and orders; 2: the groups too */
	atomic_int cancel;
};

/* A new w, being built for [t0, t1) (a thread; ix's build goes on
 * beside). */
struct tui_gwin *tui_gwin_start(const struct gt_model *m, struct tui_gindex *ix, int64_t t0,
                                int64_t t1);
/* Whether the rows are built (groups: the groups by start function
 * too, built after them); tui_gwin_wait waits for all of it. */
int tui_gwin_ready(const struct tui_gwin *w, int groups);
void tui_gwin_wait(struct tui_gwin *w);
/* How far the rows' build is, in per mille. */
unsigned tui_gwin_permille(const struct tui_gwin *w);
/* Frees w (NULL: nothing), at once: a build still running is told to
 * stop and frees w when it ends (gt_model_groups_by_func, its last step,
 * cannot be stopped), so that marking another range never waits. */
void tui_gwin_drop(struct tui_gwin *w);
/* Before the model and the index go: waits up to 100 ms for dropped
 * builds still running; 0 when none is, else -1 (leave the model and the
 * index to the process's exit). */
int tui_gwin_wait_dropped(void);

/* The goroutine at place p (< n) of col's order, descending or not. */
uint32_t tui_gwin_at(const struct tui_gwin *w, enum tui_gcol col, int desc, size_t p);
/* The place of goroutine g in that order; SIZE_MAX if not in the window. */
size_t tui_gwin_find(const struct tui_gwin *w, enum tui_gcol col, int desc, uint32_t g);
/* The row of goroutine g; UINT32_MAX when it is not in the window. */
uint32_t tui_gwin_row(const struct tui_gwin *w, uint32_t g);
/* Sorts goroutines g[0..k) (rows of w) as col's order has them. */
void tui_gwin_sort(const struct tui_gwin *w, enum tui_gcol col, int desc, uint32_t *g, size_t k);

#endif
