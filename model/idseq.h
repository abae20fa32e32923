/* idseq.h: an append-only sequence of int64 ids, packed: zigzag varint
 * deltas with a plain checkpoint every GT_IDSEQ_STEP ids.  Goroutine ids
 * in order of first appearance are nearly increasing, so ~1-2 bytes an id
 * instead of 8 (millions of goroutines in a big trace). */
#ifndef GT_MODEL_IDSEQ_H
#define GT_MODEL_IDSEQ_H

#include <stddef.h>
#include <stdint.h>

#include "model/varint.h"

#define GT_IDSEQ_STEP 32

struct gt_idseq {
	int64_t *base;     /* first id of each step */
	uint32_t *off;     /* byte offset of the deltas after it */
	size_t nck, capck;
	uint8_t *bytes;
	size_t len, cap;
	size_t n;
	int64_t last;
};

int gt_idseq_add_slow(struct gt_idseq *s, int64_t id);
/* Appends id; -1: no memory. */
static inline int gt_idseq_add(struct gt_idseq *s, int64_t id)
{
	if (s->n % GT_IDSEQ_STEP == 0 || s->len + 10 > s->cap)
		return gt_idseq_add_slow(s, id);
	int64_t d = id - s->last;
	/* 10 bytes of room: enough for gt_put_uv_slack's slack too */
	s->len += gt_put_uv_slack(s->bytes + s->len, gt_zz(d));
	s->last = id;
	s->n++;
	return 0;
}
int64_t gt_idseq_get(const struct gt_idseq *s, size_t i);
/* All ids into out[0..n). */
void gt_idseq_all(const struct gt_idseq *s, int64_t *out);
void gt_idseq_free(struct gt_idseq *s);
size_t gt_idseq_bytes(const struct gt_idseq *s);
#endif
