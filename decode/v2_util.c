/* v2_util.c: small pieces the v2 reader shares: errors with offsets,
 * array growth, and the u64 id -> u32 maps of a generation's tables. */
#include "decode/v2_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int v2_fail(struct v2_err *e, uint64_t off, int at_eof, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(e->msg, sizeof e->msg, fmt, ap);
	va_end(ap);
	e->offset = off;
	e->at_eof = at_eof;
	return -1;
}

int v2_grow(void **p, uint32_t *cap, size_t elem, uint64_t need)
{
	if (need <= *cap)
		return 0;
	if (need > UINT32_MAX / 2)
		return -1;
	uint32_t ncap = *cap ? *cap : 16;
	while (ncap < need)
		ncap *= 2;
	void *q = realloc(*p, elem * ncap);
	if (!q)
		return -1;
	*p = q;
	*cap = ncap;
	return 0;
}



/* ---- id maps ------------------------------------------------------------ */

static inline uint32_t idhash(uint64_t k, uint32_t mask)
{
	k *= 0x9E3779B97F4A7C15ull;
	return (uint32_t)(k >> 32 ^ k) & mask;
}

static int idmap_rehash(struct v2_idmap *m, uint32_t ncap)
{
	uint64_t *keys = malloc(sizeof *keys * ncap);
	uint32_t *vals = malloc(sizeof *vals * ncap);
	uint8_t *used = calloc(ncap, 1);
	if (!keys || !vals || !used) {
		free(keys), free(vals), free(used);
		return -1;
	}
	for (uint32_t i = 0; m->used && i <= m->mask; i++) {
		if (!m->used[i])
			continue;
		uint32_t j = idhash(m->keys[i], ncap - 1);
		while (used[j])
			j = (j + 1) & (ncap - 1);
		used[j] = 1, keys[j] = m->keys[i], vals[j] = m->vals[i];
	}
	free(m->keys), free(m->vals), free(m->used);
	m->keys = keys, m->vals = vals, m->used = used;
	m->mask = ncap - 1;
	return 0;
}

int v2_idmap_put(struct v2_idmap *m, uint64_t key, uint32_t val)
{
	if (!m->used || (m->count + 1) * 2 > m->mask + 1)
		if (idmap_rehash(m, m->used ? (m->mask + 1) * 2 : 64))
			return -1;
	uint32_t i = idhash(key, m->mask);
	for (; m->used[i]; i = (i + 1) & m->mask)
		if (m->keys[i] == key)
			return 1;
	m->used[i] = 1, m->keys[i] = key, m->vals[i] = val;
	m->count++;
	return 0;
}

int v2_idmap_get(const struct v2_idmap *m, uint64_t key, uint32_t *val)
{
	if (!m->count)
		return 0;
	for (uint32_t i = idhash(key, m->mask); m->used[i]; i = (i + 1) & m->mask)
		if (m->keys[i] == key) {
			*val = m->vals[i];
			return 1;
		}
	return 0;
}

void v2_idmap_reset(struct v2_idmap *m)
{
	if (m->count && m->used)
		memset(m->used, 0, (size_t)m->mask + 1);
	m->count = 0;
}

int v2_idmap_set(struct v2_idmap *m, uint64_t key, uint32_t val)
{
	if (!m->count)
		return 0;
	for (uint32_t i = idhash(key, m->mask); m->used[i]; i = (i + 1) & m->mask)
		if (m->keys[i] == key) {
			m->vals[i] = val;
			return 1;
		}
	return 0;
}

void v2_idmap_free(struct v2_idmap *m)
{
	free(m->keys), free(m->vals), free(m->used);
	memset(m, 0, sizeof *m);
}
