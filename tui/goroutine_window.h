/* goroutine_window.h: the goroutine list's rows over a time range (the
 * range marked on the timeline): the goroutines with an interval in
 * [t0, t1) and their running and waiting time there, each by
 * gt_model_g_window (the rows and figures of `gtview goroutines --window`),
 * and the groups by start function over it (gt_model_groups_by_func, those
 * of `goroutines --by-func --window`).
 *
 * Built once per range on a thread of its own (a pass over the goroutines
 * asks each for its intervals in the window; the groups, another pass,
 * come after the rows), beside the whole trace's index
 * (goroutine_index.h), whose signatures and orders it reuses: the filters
 * are still decided per signature, and each sort's order is the trace's
 * order with the goroutines not in the range left out, so that it is kept
 * as bits over the trace's order (a rank or a select finds a place).
 * Only the time sorts differ: a row whose running (waiting) time in the
 * range is not its time in the trace (it has intervals outside) is an
 * exception, kept with its time, merged into the trace's order where its
 * time puts it.  Every key of the list then costs a few word reads more
 * than on the whole trace.
 * Memory: a bit per goroutine for the rows and per listed goroutine and
 * sort order, 1/16 of that for the ranks; 20 bytes per exception (a range
 * over most of a trace has few: the goroutines that live across its ends);
 * per signature, 12 bytes. */
#ifndef GT_TUI_GOROUTINE_WINDOW_H
#define GT_TUI_GOROUTINE_WINDOW_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "model/model.h"
#include "tui/goroutine_index.h"

struct tui_gwsig { uint32_t count, lo, hi; }; /* rows of a signature: how
                           many, the first and the last (goroutine indices) */

/* Places [0, nbits) as bits, with the ones before each block of 8 words:
 * rank and select in a few word reads. */
struct tui_gwbits {
	uint64_t *w;
	uint32_t *rank;         /* ones before block b, for b <= blocks */
	uint32_t nbits, ones;
};

/* The rows of a time sort whose time in the range is not the trace's. */
struct tui_gwexc {
	uint32_t n;
	uint32_t *g;            /* goroutine indices, by (time, id, index) */
	int64_t *ns;            /* each one's time in the range */
	uint32_t *before;       /* the other rows before each (ones of in) */
	uint32_t *byg;          /* places of g, by goroutine index */
};

struct tui_gwcol {
	struct tui_gwbits in;   /* the trace order's places (ascending) that
	                           are rows (and not exceptions) */
	struct tui_gorder ord;  /* its ties only: runs of equal keys, by row place */
};

struct tui_gwin {
	const struct gt_model *m;
	struct tui_gindex *ix;  /* the whole trace's: signatures, orders */
	int64_t t0, t1;
	uint32_t n;             /* rows: goroutines with an interval in [t0, t1) */
	struct tui_gwbits rows; /* by goroutine index */
	struct tui_gwcol col[TUI_GCOL__COUNT];
	struct tui_gwexc exc[2]; /* running, waiting */
	struct tui_gwsig *sig;  /* per signature of ix */
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
 * beside: the rows' pass waits for its signatures, their orders for all
 * of it). */
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
/* Whether goroutine g is a row. */
int tui_gwin_has(const struct tui_gwin *w, uint32_t g);
/* Row g's running and waiting time in the range: ns[0], ns[1] come in
 * with its times in the trace (gt_goroutine.ns) and are replaced where
 * the range's differ. */
void tui_gwin_times(const struct tui_gwin *w, uint32_t g, int64_t ns[2]);
/* Sorts goroutines g[0..k) (rows of w) as col's order has them. */
void tui_gwin_sort(const struct tui_gwin *w, enum tui_gcol col, int desc, uint32_t *g, size_t k);

#endif
