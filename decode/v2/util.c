/* util.c: small pieces the v2 reader shares: errors with offsets,
 * array growth, and the u64 id -> u32 maps of a generation's tables. */
#include "decode/v2/int.h"

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

static int idmap_rehash(struct v2_idmap *m, uint32_t ncap)
{
	struct v2_idmap_ent *e = calloc(ncap, sizeof *e);
	if (!e)
		return -1;
	for (uint32_t i = 0; m->e && i <= m->mask; i++) {
		if (m->e[i].used != m->stamp)
			continue;
		uint32_t j = v2_idhash(m->e[i].key, ncap - 1);
		while (e[j].used)
			j = (j + 1) & (ncap - 1);
		e[j] = m->e[i];
		e[j].used = 1;
	}
	free(m->e);
	m->e = e;
	m->mask = ncap - 1;
	m->stamp = 1;
	return 0;
}

int v2_idmap_put(struct v2_idmap *m, uint64_t key, uint32_t val)
{
	if (!m->e || (m->count + 1) * 2 > m->mask + 1)
		if (idmap_rehash(m, m->e ? (m->mask + 1) * 2 : 64))
			return -1;
	uint32_t i = v2_idhash(key, m->mask);
	for (; m->e[i].used == m->stamp; i = (i + 1) & m->mask)
		if (m->e[i].key == key)
			return 1;
	m->e[i] = (struct v2_idmap_ent){key, val, m->stamp};
	m->count++;
	return 0;
}

void v2_idmap_reset(struct v2_idmap *m)
{
	if (m->count && m->e && ++m->stamp == 0) { /* wrapped: clear for real */
		memset(m->e, 0, ((size_t)m->mask + 1) * sizeof *m->e);
		m->stamp = 1;
	}
	m->count = 0;
}

int v2_idmap_set(struct v2_idmap *m, uint64_t key, uint32_t val)
{
	if (!m->count)
		return 0;
	for (uint32_t i = v2_idhash(key, m->mask); m->e[i].used == m->stamp; i = (i + 1) & m->mask)
		if (m->e[i].key == key) {
			m->e[i].val = val;
			return 1;
		}
	return 0;
}

void v2_idmap_free(struct v2_idmap *m)
{
	free(m->e);
	memset(m, 0, sizeof *m);
}
