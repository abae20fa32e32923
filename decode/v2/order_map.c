/* order_map.c: the orderer's id -> index map (look-ups are inline in
 * v2_order_int.h).  Open addressing with linear probing and backward-
 * shift deletion (no tombstones), so a map that sees many goroutines come
 * and go keeps short probe runs; at most half full. */
#include <stdlib.h>
#include "decode/v2/order_int.h"

static int grow(struct v2o_idmap *m)
{
	uint32_t ncap = m->cap ? m->cap * 2 : 64;
	struct v2o_slot *s = malloc(sizeof *s * ncap);
	if (!s)
		return -1;
	for (uint32_t i = 0; i < ncap; i++)
		s[i] = (struct v2o_slot){ 0, GT_V2O_EMPTY };
	uint32_t mask = ncap - 1;
	for (uint32_t i = 0; i < m->cap; i++) {
		if (m->s[i].val == GT_V2O_EMPTY)
			continue;
		uint32_t j = gt_v2o_slot_of(m->s[i].key, mask);
		while (s[j].val != GT_V2O_EMPTY)
			j = (j + 1) & mask;
		s[j] = m->s[i];
	}
	free(m->s);
	m->s = s;
	m->cap = ncap;
	return 0;
}

int gt_v2o_idmap_put(struct v2o_idmap *m, uint64_t key, uint32_t val)
{
	if ((m->n + 1) * 2 > m->cap && grow(m) < 0)
		return -1;
	uint32_t mask = m->cap - 1, i = gt_v2o_slot_of(key, mask);
	while (m->s[i].val != GT_V2O_EMPTY && m->s[i].key != key)
		i = (i + 1) & mask;
	if (m->s[i].val == GT_V2O_EMPTY)
		m->n++;
	m->s[i].key = key;
	m->s[i].val = val;
	return 0;
}

void gt_v2o_idmap_del(struct v2o_idmap *m, uint64_t key)
{
	if (!m->cap)
		return;
	uint32_t mask = m->cap - 1, i = gt_v2o_slot_of(key, mask);
	for (;; i = (i + 1) & mask) {
		if (m->s[i].val == GT_V2O_EMPTY)
			return;
		if (m->s[i].key == key)
			break;
	}
	m->n--;
	/* Shift back later entries of the run that would no longer be found. */
	for (uint32_t j = (i + 1) & mask; m->s[j].val != GT_V2O_EMPTY; j = (j + 1) & mask) {
		uint32_t h = gt_v2o_slot_of(m->s[j].key, mask);
		/* Entry j may move to i when its home h is not in (i, j]. */
		if (i <= j ? (h <= i || h > j) : (h <= i && h > j)) {
			m->s[i] = m->s[j];
			i = j;
		}
	}
	m->s[i].val = GT_V2O_EMPTY;
}

void gt_v2o_idmap_free(struct v2o_idmap *m)
{
	free(m->s);
	m->s = NULL;
	m->cap = m->n = 0;
}
