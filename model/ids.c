/* ids.c: see ids.h.  Linear probing with a 64-bit mixer. */
#include "model/ids.h"

#include <stdlib.h>

static size_t slot_of(int64_t key, size_t mask)
{
	uint64_t x = (uint64_t)key;
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdULL;
	x ^= x >> 33;
	return (size_t)x & mask;
}

void gt_ids_free(struct gt_ids *h)
{
	free(h->keys);
	free(h->vals);
	h->keys = NULL;
	h->vals = NULL;
	h->cap = h->len = 0;
}

uint32_t gt_ids_get(const struct gt_ids *h, int64_t key)
{
	if (!h->cap)
		return UINT32_MAX;
	size_t mask = h->cap - 1;
	for (size_t i = slot_of(key, mask);; i = (i + 1) & mask) {
		if (h->vals[i] == UINT32_MAX)
			return UINT32_MAX;
		if (h->keys[i] == key)
			return h->vals[i];
	}
}

static void insert(int64_t *keys, uint32_t *vals, size_t mask, int64_t key, uint32_t val)
{
	size_t i = slot_of(key, mask);
	while (vals[i] != UINT32_MAX && keys[i] != key)
		i = (i + 1) & mask;
	keys[i] = key;
	vals[i] = val;
}

static int grow(struct gt_ids *h)
{
	size_t cap = h->cap ? h->cap * 2 : 64;
	int64_t *keys = malloc(cap * sizeof *keys);
	uint32_t *vals = malloc(cap * sizeof *vals);
	if (!keys || !vals) {
		free(keys);
		free(vals);
		return -1;
	}
	for (size_t i = 0; i < cap; i++)
		vals[i] = UINT32_MAX;
	for (size_t i = 0; i < h->cap; i++)
		if (h->vals[i] != UINT32_MAX)
			insert(keys, vals, cap - 1, h->keys[i], h->vals[i]);
	free(h->keys);
	free(h->vals);
	h->keys = keys;
	h->vals = vals;
	h->cap = cap;
	return 0;
}

int gt_ids_put(struct gt_ids *h, int64_t key, uint32_t val)
{
	if ((h->len + 1) * 4 > h->cap * 3 && grow(h) < 0)
		return -1;
	size_t mask = h->cap - 1;
	size_t i = slot_of(key, mask);
	while (h->vals[i] != UINT32_MAX && h->keys[i] != key)
		i = (i + 1) & mask;
	if (h->vals[i] == UINT32_MAX)
		h->len++;
	h->keys[i] = key;
	h->vals[i] = val;
	return 0;
}

size_t gt_ids_bytes(const struct gt_ids *h)
{
	return h->cap * (sizeof *h->keys + sizeof *h->vals);
}

void gt_ids_del(struct gt_ids *h, int64_t key)
{
	if (!h->cap)
		return;
	size_t mask = h->cap - 1;
	size_t i = slot_of(key, mask);
	for (;; i = (i + 1) & mask) {
		if (h->vals[i] == UINT32_MAX)
			return;
		if (h->keys[i] == key)
			break;
	}
	/* Backward-shift deletion keeps probe chains whole without tombstones. */
	size_t j = i;
	for (;;) {
		j = (j + 1) & mask;
		if (h->vals[j] == UINT32_MAX)
			break;
		size_t k = slot_of(h->keys[j], mask);
		if ((j > i && (k <= i || k > j)) || (j < i && (k <= i && k > j))) {
			h->keys[i] = h->keys[j];
			h->vals[i] = h->vals[j];
			i = j;
		}
	}
	h->vals[i] = UINT32_MAX;
	h->len--;
}
