/* v1_map.c: a u64 -> u32 open-addressing hash map (linear probing, no
 * deletion: the decoder's maps only grow) and a growable-array helper. */
#include "decode/v1_int.h"

#include <stdlib.h>
#include <string.h>

#define EMPTY UINT32_MAX

static inline uint32_t hash64(uint64_t k)
{
	k ^= k >> 33;
	k *= 0xff51afd7ed558ccdULL;
	k ^= k >> 33;
	return (uint32_t)k;
}

uint32_t *v1_map_get(const struct v1_map *m, uint64_t key)
{
	if (!m->keys)
		return NULL;
	for (uint32_t i = hash64(key) & m->mask;; i = (i + 1) & m->mask) {
		if (m->vals[i] == EMPTY)
			return NULL;
		if (m->keys[i] == key)
			return &m->vals[i];
	}
}

static int rehash(struct v1_map *m, uint32_t cap)
{
	uint64_t *keys = malloc((size_t)cap * sizeof *keys);
	uint32_t *vals = malloc((size_t)cap * sizeof *vals);
	if (!keys || !vals) {
		free(keys);
		free(vals);
		return -1;
	}
	memset(vals, 0xff, (size_t)cap * sizeof *vals);
	uint32_t mask = cap - 1;
	for (uint32_t j = 0; m->keys && j <= m->mask; j++) {
		if (m->vals[j] == EMPTY)
			continue;
		uint32_t i = hash64(m->keys[j]) & mask;
		while (vals[i] != EMPTY)
			i = (i + 1) & mask;
		keys[i] = m->keys[j];
		vals[i] = m->vals[j];
	}
	free(m->keys);
	free(m->vals);
	m->keys = keys;
	m->vals = vals;
	m->mask = mask;
	return 0;
}

uint32_t *v1_map_put(struct v1_map *m, uint64_t key)
{
	if (!m->keys || (uint64_t)(m->count + 1) * 2 > (uint64_t)m->mask + 1) {
		uint32_t cap = m->keys ? (m->mask + 1) * 2 : 64;
		if (cap == 0 || rehash(m, cap))
			return NULL;
	}
	uint32_t i = hash64(key) & m->mask;
	for (; m->vals[i] != EMPTY; i = (i + 1) & m->mask)
		if (m->keys[i] == key)
			return &m->vals[i];
	m->keys[i] = key;
	m->count++;
	return &m->vals[i]; /* still EMPTY: the caller sets it */
}

void v1_map_free(struct v1_map *m)
{
	free(m->keys);
	free(m->vals);
	memset(m, 0, sizeof *m);
}

int v1_grow(void **p, uint32_t *cap, size_t elem, uint64_t need)
{
	if (need <= *cap)
		return 0;
	if (need > UINT32_MAX / 2)
		return -1;
	uint64_t n = *cap ? *cap : 16;
	while (n < need)
		n *= 2;
	void *q = realloc(*p, (size_t)n * elem);
	if (!q)
		return -1;
	*p = q;
	*cap = (uint32_t)n;
	return 0;
}
