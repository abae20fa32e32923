/* cols.h: the bounds of n equal columns over a window [t0, t1), as every
 * per-column query splits it: column i begins at t0 + (int64_t)(w * i).
 * A window over a hostile trace may span more than int64 (its times run
 * from near INT64_MIN to near INT64_MAX): the width is then worked out in
 * double and the bound added unsigned; a bound never passes t1. */
#ifndef GT_MODEL_COLS_H
#define GT_MODEL_COLS_H

#include <stdint.h>

struct gt_cols {
	int64_t t0, t1;
	double w; /* a column's width */
	uint32_t n;
};

static inline struct gt_cols gt_cols(int64_t t0, int64_t t1, uint32_t n)
{
	int64_t span;
	double d = __builtin_sub_overflow(t1, t0, &span) ? (double)t1 - (double)t0 : (double)span;
	return (struct gt_cols){t0, t1, d / n, n};
}

/* Where column i begins (i >= n: t1). */
static inline int64_t gt_col_at(const struct gt_cols *c, uint32_t i)
{
	double x = c->w * i;
	if (i >= c->n || !(x < 18446744073709549568.0)) /* the last double below 2^64 */
		return c->t1;
	uint64_t xu = (uint64_t)x, room = (uint64_t)c->t1 - (uint64_t)c->t0;
	return xu >= room ? c->t1 : (int64_t)((uint64_t)c->t0 + xu);
}

#endif
