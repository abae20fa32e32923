/* rec.h: the model's side of the loader's records (rec/rec.h): what
 * the model needs from the tables for a record (worked out on the
 * decoder's thread, where the tables grow while loading), the events that
 * travel whole, and the encoder's slow paths. */
#ifndef GT_MODEL_REC_H
#define GT_MODEL_REC_H

#include <stdint.h>
#include <stdlib.h>

#include "decode/event.h"
#include "rec/rec.h"
#include "decode/tables.h"

struct gt_hint {
	gt_str root_func;  /* transition stack's outermost function */
	uint8_t gc_worker; /* root_func is runtime.gcBgMarkWorker */
	uint8_t gc_label;  /* a Label "GC (idle)" 1, "GC (dedicated|fractional)" 2 */
};
void gt_model_hint(const struct gt_tables *t, const struct gt_event *ev, struct gt_hint *h);

/* An event with its hint (GT_R_FULL). */
struct gt_qev {
	struct gt_event ev;
	struct gt_hint h;
};

/* The slow paths (load.c): GT_R_STACK for transition stack st into *r
 * (returns 1; 0 for stack 0, which needs none); GT_R_FULL for ev into *r
 * and full[*nfull]. */
uint32_t gt_renc_stack(struct gt_renc *e, const struct gt_tables *t, gt_stack st, struct gt_rec *r);
void gt_renc_full(const struct gt_tables *t, const struct gt_event *ev, struct gt_rec *r,
                  struct gt_qev *full, uint32_t *nfull);
void gt_renc_free(struct gt_renc *e);

/* gt_renc_put for an event gt_renc_way() found GT_RENC_RARE. */
static inline uint32_t gt_renc_rare_put(struct gt_renc *e, const struct gt_tables *t,
                                        const struct gt_event *ev, struct gt_rec *out,
                                        struct gt_qev *full, uint32_t *nfull)
{
	struct gt_rec *r = gt_renc_ctx(e, ev, out);
	if (ev->kind == GT_EV_STATE_TRANSITION && ev->u.trans.resource == GT_RES_GOROUTINE &&
	    gt_renc_pfits(ev->p)) {
		r += gt_renc_stack(e, t, ev->u.trans.stack, r);
		r = gt_renc_gtrans(ev, r);
	} else {
		gt_renc_full(t, ev, r, full, nfull);
		r++;
	}
	return (uint32_t)(r - out);
}

/* Encodes any ev into out (at most GT_REC_MAX records; returns how many;
 * it may write them all) and, for other kinds, into full[*nfull] (which
 * the caller keeps room for). */
static inline uint32_t gt_renc_put(struct gt_renc *e, const struct gt_tables *t,
                                   const struct gt_event *ev, struct gt_rec *out,
                                   struct gt_qev *full, uint32_t *nfull)
{
	if (gt_renc_way(e, ev) != GT_RENC_RARE)
		return gt_renc_common_put(e, ev, out);
	return gt_renc_rare_put(e, t, ev, out, full, nfull);
}

#endif
