/* dmap.h: id -> uint32 map for ids that are mostly small and dense
 * (goroutine ids: Go hands them out counting up).  Ids in [0, 2^28) live
 * in pages of 4096 direct slots, allocated on first use and freed when
 * their last id is deleted, so the ids of dead goroutines cost nothing;
 * other ids fall back to a hash map (ids.h), and so do ids whose page
 * would make the pages too sparse (a hostile trace with ids far apart
 * must not cost a page per goroutine).  A lookup of a small id is
 * two loads, where the hash map probes and compares. */
#ifndef GT_MODEL_DMAP_H
#define GT_MODEL_DMAP_H
#include <stddef.h>
#include <stdint.h>

#include "decode/ids.h"

#define GT_DMAP_PBITS 12
#define GT_DMAP_LIMIT ((int64_t)1 << 28)

struct gt_dmap {
	uint32_t **pages;  /* by id >> GT_DMAP_PBITS: value + 1, 0 absent */
	uint32_t *npage;   /* ids present per page */
	size_t ndir;
	size_t npages, n;  /* pages allocated, ids held in them */
	struct gt_ids big; /* the other ids */
	uint32_t *spare;   /* the page freed last, all zero: when goroutines
	                      end before the next begins, the page at the front
	                      empties and is needed again at once */
};

static inline uint32_t gt_dmap_get(const struct gt_dmap *d, int64_t id)
{
	if ((uint64_t)id < (uint64_t)GT_DMAP_LIMIT) {
		size_t pg = (size_t)id >> GT_DMAP_PBITS;
		uint32_t v = pg < d->ndir && d->pages[pg] ? d->pages[pg][id & ((1 << GT_DMAP_PBITS) - 1)] : 0;
		if (v || !d->big.len)
			return v - 1;
	}
	return gt_ids_get(&d->big, id);
}
int gt_dmap_put_slow(struct gt_dmap *d, int64_t id, uint32_t val);
void gt_dmap_del_slow(struct gt_dmap *d, int64_t id);
/* Adds id (absent) with val (val < UINT32_MAX).  -1 when out of memory. */
static inline int gt_dmap_put(struct gt_dmap *d, int64_t id, uint32_t val)
{
	size_t pg = (size_t)id >> GT_DMAP_PBITS;
	uint32_t *s;
	if ((uint64_t)id < (uint64_t)GT_DMAP_LIMIT && pg < d->ndir && d->pages[pg] &&
	    !*(s = &d->pages[pg][id & ((1 << GT_DMAP_PBITS) - 1)])) {
		d->npage[pg]++;
		d->n++;
		*s = val + 1;
		return 0;
	}
	return gt_dmap_put_slow(d, id, val);
}
static inline void gt_dmap_del(struct gt_dmap *d, int64_t id)
{
	size_t pg = (size_t)id >> GT_DMAP_PBITS;
	uint32_t *s;
	if ((uint64_t)id < (uint64_t)GT_DMAP_LIMIT && pg < d->ndir && d->pages[pg] &&
	    *(s = &d->pages[pg][id & ((1 << GT_DMAP_PBITS) - 1)]) && d->npage[pg] > 1) {
		*s = 0;
		d->n--;
		d->npage[pg]--;
		return;
	}
	gt_dmap_del_slow(d, id);
}
void gt_dmap_free(struct gt_dmap *d);
#endif
