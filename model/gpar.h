/* gpar.h: every goroutine of a model through gt_model_g, on two threads
 * when the model is big (the reports' passes over millions of goroutines
 * come after the load, when both cores are free). */
#ifndef GT_MODEL_GPAR_H
#define GT_MODEL_GPAR_H

#include "model/model.h"

/* Calls each(ctx[k], gi, &g) for every goroutine index gi, where k is the
 * thread (0 the caller's, 1 the second's), in chunks taken in no fixed
 * order: callers keep per-thread results and combine them so the outcome
 * does not depend on who took what.  With first, the second thread runs
 * first(first_ctx) before it takes chunks (work to do alongside).  One
 * thread below 65536 goroutines with less than 8 MiB of logs, or on one
 * CPU; the load's option threads (gt_load_opts: 1 or 2) forces one or
 * two, as for the load.  Returns the number of threads used
 * (first has run by then), or -1 when a call returned < 0. */
int gt_model_g_par(const struct gt_model *m,
                   int (*each)(void *ctx, uint32_t gi, const struct gt_goroutine *g),
                   void *ctx[2], void (*first)(void *), void *first_ctx);

/* gt_model_g_par without reading the goroutines' facts, for passes over
 * the intervals of a window [t0, t1): each(ctx[k], gi) for every index
 * but those that have none there for certain (their block of goroutines
 * has none: gt_gblock_meets, model_int.h; over a small window, most). */
int gt_model_gi_par(const struct gt_model *m, int64_t t0, int64_t t1,
                    int (*each)(void *ctx, uint32_t gi), void *ctx[2]);

/* Calls each(ctx[k], lo, hi) for the blocks [lo, lo + block) of 0..n
 * (the last one shorter), k the thread, on two threads as
 * gt_model_g_par decides but from 8192 goroutines; and out(ctx[k]) once
 * for each block each(ctx[k], ...) had, in the order of the blocks, one
 * call at a time: each formats a block of rows into its thread's buffer,
 * out writes the thread's oldest block not written yet, so the output is
 * the one thread's.  A thread runs up to GT_BLOCKS_AHEAD blocks ahead of
 * the writing (the other may be slow, or off its CPU).  Returns the
 * number of threads used, or -1 when a call returned < 0 (no out after
 * it). */
#define GT_BLOCKS_AHEAD 8
int gt_model_blocks_par(const struct gt_model *m, uint32_t n, uint32_t block,
                        int (*each)(void *ctx, uint32_t lo, uint32_t hi),
                        int (*out)(void *ctx), void *ctx[2]);

/* The goroutine indices in Go id order (gt_model_g_count of them; the
 * model's own cache, built at the first call), NULL when out of memory:
 * for passes that want id order without a lookup per goroutine. */
const uint32_t *gt_model_g_order(const struct gt_model *m);

#endif
