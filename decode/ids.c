/* ids.c: see ids.h.  Linear probing with a 64-bit mixer. */
#include "decode/ids.h"

#include <stdlib.h>
#include <string.h>

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

uint32_t *gt_ids_slot(const struct gt_ids *h, int64_t key)
{
	if (!h->cap)
		return NULL;
	size_t mask = h->cap - 1;
	for (size_t i = slot_of(key, mask);; i = (i + 1) & mask) {
		if (h->vals[i] == UINT32_MAX)
			return NULL;
		if (h->keys[i] == key)
			return &h->vals[i];
	}
}

uint32_t gt_ids_get(const struct gt_ids *h, int64_t key)
{
	const uint32_t *v = gt_ids_slot(h, key);
	return v ? *v : UINT32_MAX;
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

uint32_t *gt_ids_put_slot(struct gt_ids *h, int64_t key)
{
	if ((h->len + 1) * 4 > h->cap * 3 && grow(h) < 0)
		return NULL;
	size_t mask = h->cap - 1;
	size_t i = slot_of(key, mask);
	while (h->vals[i] != UINT32_MAX && h->keys[i] != key)
		i = (i + 1) & mask;
	if (h->vals[i] == UINT32_MAX) {
		h->len++;
		h->keys[i] = key;
	}
	return &h->vals[i];
}

int gt_ids_put(struct gt_ids *h, int64_t key, uint32_t val)
{
	uint32_t *v = gt_ids_put_slot(h, key);
	if (!v)
		return -1;
	*v = val;
	return 0;
}

int gt_ids_copy(struct gt_ids *d, const struct gt_ids *s)
{
	*d = (struct gt_ids){0};
	if (!s->cap)
		return 0;
	d->keys = malloc(s->cap * sizeof *d->keys);
	d->vals = malloc(s->cap * sizeof *d->vals);
	if (!d->keys || !d->vals) {
		gt_ids_free(d);
		return -1;
	}
	memcpy(d->keys, s->keys, s->cap * sizeof *d->keys);
	memcpy(d->vals, s->vals, s->cap * sizeof *d->vals);
	d->cap = s->cap;
	d->len = s->len;
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
