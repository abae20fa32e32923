/* series.h: a delta-packed series of (time, value) points: a checkpoint
 * per GT_SERIES_STEP points (its first point, plain, and the largest value
 * among them), the other points as varint time deltas and zigzag value
 * deltas.  ~4-6 bytes a point instead of 16. */
#ifndef GT_MODEL_SERIES_H
#define GT_MODEL_SERIES_H

#include <stddef.h>
#include <stdint.h>

#include "model/varint.h"

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
	size_t lim;  /* the common push's room ends here (<= cap, see series.c) */
	size_t n;
	int64_t last_ts;
	uint64_t last_v;
};

int gt_series_add(struct gt_series *s, int64_t ts, uint64_t v); /* -1: no memory */

/* Room a point may take: two varints of 10 bytes and gt_put_uv_slack's
 * slack (3). */
#define GT_SERIES_ROOM 23

/* A point's bytes at p, (ts, v) after (lt, lv): the time's varint
 * delta and the value's zigzag one; returns their length (it may write
 * 3 bytes more: gt_put_uv_slack). */
static inline size_t gt_series_enc(uint8_t *p, int64_t lt, uint64_t lv, int64_t ts, uint64_t v)
{
	int64_t dv = (int64_t)(v - lv);
	size_t n = gt_put_uv_slack(p, (uint64_t)(ts - lt));
	return n + gt_put_uv_slack(p + n, gt_zz(dv));
}

/* Appends a point inside the current chunk; the caller made room for
 * GT_SERIES_ROOM bytes. */
static inline void gt_series_put(struct gt_series *s, int64_t ts, uint64_t v)
{
	s->len += gt_series_enc(s->bytes + s->len, s->last_ts, s->last_v, ts, v);
	if (v > s->ck[s->nck - 1].max)
		s->ck[s->nck - 1].max = v;
	s->n++;
	s->last_ts = ts;
	s->last_v = v;
}

/* gt_series_add, its common case inline: a point inside a chunk with
 * room for it (loading adds millions). */
static inline int gt_series_push(struct gt_series *s, int64_t ts, uint64_t v)
{
	if (s->n % GT_SERIES_STEP == 0 || s->len + GT_SERIES_ROOM > s->lim)
		return gt_series_add(s, ts, v);
	gt_series_put(s, ts, v);
	return 0;
}
/* A point waiting to be pushed (the loader collects a metric's points
 * and pushes them a run at a time: see gt_series_push_run). */
struct gt_spoint {
	int64_t ts;
	uint64_t v;
};

/* gt_series_push of pt[0..n) in turn, the same bytes, but the points
 * between two checkpoints go through a loop that keeps the series' state
 * in registers (a store through s->bytes may alias any field of s, so
 * one push per call reloads them all).  -1: no memory. */
static inline int gt_series_push_run(struct gt_series *s, const struct gt_spoint *pt, size_t n)
{
	size_t i = 0;
	while (i < n) {
		size_t in_ck = s->n % GT_SERIES_STEP;
		if (in_ck == 0 || s->len + GT_SERIES_ROOM > s->lim) {
			if (gt_series_add(s, pt[i].ts, pt[i].v) < 0)
				return -1;
			i++;
			continue;
		}
		/* points before the next checkpoint, each sure of its room:
		 * a point takes at most GT_SERIES_ROOM - 3 bytes */
		size_t k = GT_SERIES_STEP - in_ck, fit = (s->lim - s->len) / GT_SERIES_ROOM;
		k = k < fit ? k : fit;
		k = k < n - i ? k : n - i;
		uint8_t *b = s->bytes;
		size_t len = s->len;
		int64_t lt = s->last_ts;
		uint64_t lv = s->last_v, mx = s->ck[s->nck - 1].max;
		for (const struct gt_spoint *p = pt + i, *e = p + k; p < e; p++) {
			int64_t ts = p->ts;
			uint64_t v = p->v;
			len += gt_series_enc(b + len, lt, lv, ts, v);
			mx = v > mx ? v : mx;
			lt = ts;
			lv = v;
		}
		s->len = len;
		s->last_ts = lt;
		s->last_v = lv;
		s->ck[s->nck - 1].max = mx;
		s->n += k;
		i += k;
	}
	return 0;
}
/* gt_series_push_run compiled for BMI2 (gbuild_bmi2.c): call only when
 * the CPU has it (gt_series_pusher picks). */
int gt_series_push_run_bmi2(struct gt_series *s, const struct gt_spoint *pt, size_t n);
typedef int (*gt_series_run_fn)(struct gt_series *s, const struct gt_spoint *pt, size_t n);
gt_series_run_fn gt_series_pusher(void);
void gt_series_free(struct gt_series *s);
size_t gt_series_bytes(const struct gt_series *s);
int gt_series_get(const struct gt_series *s, size_t i, int64_t *ts, uint64_t *v);
size_t gt_series_at(const struct gt_series *s, int64_t t); /* SIZE_MAX none */
void gt_series_columns(const struct gt_series *s, int64_t t0, int64_t t1,
                       uint32_t ncols, uint64_t *out);
#endif
