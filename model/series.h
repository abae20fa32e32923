/* series.h: a delta-packed series of (time, value) points: a checkpoint
 * per GT_SERIES_STEP points (its first point, plain, and the largest value
 * among them), the other points as varint time deltas and zigzag value
 * deltas.  ~4-6 bytes a point instead of 16. */
#ifndef GT_MODEL_SERIES_H
#define GT_MODEL_SERIES_H

#include <stddef.h>
#include <stdint.h>

#define GT_SERIES_STEP 128

struct gt_series_ck {
	int64_t ts;
	uint64_t value, max;
	size_t off; /* bytes of the points after the first */
};

struct gt_series {
	struct gt_series_ck *ck;
	size_t nck, capck;
	uint8_t *bytes;
	size_t len, cap;
	size_t n;
	int64_t last_ts;
	uint64_t last_v;
};

int gt_series_add(struct gt_series *s, int64_t ts, uint64_t v); /* -1: no memory */
void gt_series_free(struct gt_series *s);
size_t gt_series_bytes(const struct gt_series *s);
int gt_series_get(const struct gt_series *s, size_t i, int64_t *ts, uint64_t *v);
size_t gt_series_at(const struct gt_series *s, int64_t t); /* SIZE_MAX none */
void gt_series_columns(const struct gt_series *s, int64_t t0, int64_t t1,
                       uint32_t ncols, uint64_t *out);
#endif
