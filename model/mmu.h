/* mmu.h: the mutator utilization behind the MMU queries (model.h), as a
 * step function: what the tests' reference computation reads. */
#ifndef GT_MODEL_MMU_H
#define GT_MODEL_MMU_H

#include "model/model.h"

struct gt_mmu_steps {
	int64_t *ts;            /* util[i] holds over [ts[i], ts[i+1]) */
	double *util, *cum;     /* cum[i]: the integral of util up to ts[i] */
	size_t n;
	int64_t t0, t1;         /* the trace's time (both among ts) */
	/* bands of window starts, [t0 + b bw, t0 + (b+1) bw) for b < nb:
	 * bmin, the least utilization in band b (0 from nb on), and bcum,
	 * the integral up to its start (nb + 2 of each) */
	int64_t bw;
	size_t nb;
	double *bmin, *bcum;
};

/* m's utilization steps (built at the first MMU query, kept with the
 * model; thread-safe), NULL without data or memory. */
const struct gt_mmu_steps *gt_model_mmu_steps(const struct gt_model *m);

#endif
