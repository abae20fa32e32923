/* v2_order_map.c: the orderer's id -> index map.  Open addressing with
 * linear probing and backward-shift deletion (no tombstones), so a map
 * that sees many goroutines come and go keeps short probe runs. */
#include <stdlib.h>
#include "decode/v2_order_int.h"

#define EMPTY UINT32_MAX

static uint32_t slot_of(uint64_t key, uint32_t mask)
{
	key ^= key >> 33;
	key *= 0xff51afd7ed558ccdULL;
	key ^= key >> 33;
	return (uint32_t)key & mask;
}

uint32_t gt_v2o_idmap_get(const struct v2o_idmap *m, uint64_t key)
{
	if (!m->cap)
		return EMPTY;
	uint32_t mask = m->cap - 1;
	for (uint32_t i = slot_of(key, mask);; i = (i + 1) & mask) {
		if (m->vals[i] == EMPTY)
			return EMPTY;
		if (m->keys[i] == key)
			return m->vals[i];
	}
}

static int grow(struct v2o_idmap *m)
{
	uint32_t ncap = m->cap ? m->cap * 2 : 64;
	uint64_t *keys = malloc(sizeof *keys * ncap);
	uint32_t *vals = malloc(sizeof *vals * ncap);
	if (!keys || !vals) {
		free(keys);
		free(vals);
		return -1;
	}
	for (uint32_t i = 0; i < ncap; i++)
		vals[i] = EMPTY;
	uint32_t mask = ncap - 1;
	for (uint32_t i = 0; i < m->cap; i++) {
		if (m->vals[i] == EMPTY)
			continue;
		uint32_t j = slot_of(m->keys[i], mask);
		while (vals[j] != EMPTY)
			j = (j + 1) & mask;
		keys[j] = m->keys[i];
		vals[j] = m->vals[i];
	}
	free(m->keys);
	free(m->vals);
	m->keys = keys;
	m->vals = vals;
	m->cap = ncap;
	return 0;
}

int gt_v2o_idmap_put(struct v2o_idmap *m, uint64_t key, uint32_t val)
{
	if ((m->n + 1) * 4 > m->cap * 3 && grow(m) < 0)
		return -1;
	uint32_t mask = m->cap - 1, i = slot_of(key, mask);
	while (m->vals[i] != EMPTY && m->keys[i] != key)
		i = (i + 1) & mask;
	if (m->vals[i] == EMPTY)
		m->n++;
	m->keys[i] = key;
	m->vals[i] = val;
	return 0;
}

void gt_v2o_idmap_del(struct v2o_idmap *m, uint64_t key)
{
	if (!m->cap)
		return;
	uint32_t mask = m->cap - 1, i = slot_of(key, mask);
	for (;; i = (i + 1) & mask) {
		if (m->vals[i] == EMPTY)
			return;
		if (m->keys[i] == key)
			break;
	}
	m->n--;
	/* Shift back later entries of the run that would no longer be found. */
	for (uint32_t j = (i + 1) & mask; m->vals[j] != EMPTY; j = (j + 1) & mask) {
		uint32_t h = slot_of(m->keys[j], mask);
		/* Entry j may move to i when its home h is not in (i, j]. */
		if (i <= j ? (h <= i || h > j) : (h <= i && h > j)) {
			m->keys[i] = m->keys[j];
			m->vals[i] = m->vals[j];
			i = j;
		}
	}
	m->vals[i] = EMPTY;
}

void gt_v2o_idmap_free(struct v2o_idmap *m)
{
	free(m->keys);
	free(m->vals);
	m->keys = NULL;
	m->vals = NULL;
	m->cap = m->n = 0;
}
