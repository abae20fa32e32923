/* jbuf.c: fast JSON Lines output (jbuf.h). */
#include "report/jbuf.h"
#include "report/int.h"

#include <stdlib.h>
#include <string.h>

static void fail(struct gt_jbuf *b)
{
	b->err = 1;
	b->mark = 0;
}

int gt_jcache_init(struct gt_jcache *c, const struct gt_model *m)
{
	memset(c, 0, sizeof *c);
	uint32_t n = gt_str_count(gt_model_tables(m));
	c->off = calloc(n ? n : 1, sizeof *c->off);
	c->len = calloc(n ? n : 1, sizeof *c->len);
	if (!c->off || !c->len) {
		gt_jcache_free(c);
		return -1;
	}
	c->nstr = n;
	return 0;
}

void gt_jcache_free(struct gt_jcache *c)
{
	free(c->off);
	free(c->len);
	free(c->v);
	memset(c, 0, sizeof *c);
}

int gt_jcache_put(struct gt_jcache *c, gt_str id, const char *s, size_t n)
{
	if (c->n + n > c->cap) {
		size_t cap = c->cap ? c->cap * 2 : 1 << 16;
		while (cap < c->n + n)
			cap *= 2;
		char *nv = realloc(c->v, cap + 64); /* 64: gt_jbuf_cached's copies */
		if (!nv)
			return -1;
		c->v = nv;
		c->cap = cap;
	}
	memcpy(c->v + c->n, s, n);
	c->off[id] = (uint32_t)c->n;
	c->len[id] = (uint32_t)n;
	c->n += n;
	return 0;
}

void gt_jbuf_init(struct gt_jbuf *b, FILE *fp, const struct gt_model *m)
{
	memset(b, 0, sizeof *b);
	b->fp = fp;
	b->m = m;
	b->cap = GT_JBUF_FLUSH + 64;
	b->mark = GT_JBUF_FLUSH;
	b->p = malloc(b->cap);
	if (!b->p || gt_jcache_init(&b->lits, m) < 0)
		fail(b);
}

static void flush(struct gt_jbuf *b)
{
	if (b->n && fwrite(b->p, 1, b->n, b->fp) != b->n)
		fail(b);
	b->n = 0;
}

/* Without a FILE: room for n more bytes and the 64 past the mark. */
static int grow(struct gt_jbuf *b, size_t n)
{
	size_t cap = b->cap;
	while (cap < b->n + n + 64)
		cap *= 2;
	char *np = cap == b->cap ? b->p : realloc(b->p, cap);
	if (!np) {
		fail(b);
		return -1;
	}
	b->p = np;
	b->cap = cap;
	b->mark = cap - 64;
	return 0;
}

int gt_jbuf_out(struct gt_jbuf *b, FILE *fp, uint64_t pos)
{
	size_t upto = (size_t)(pos - b->gone);
	if (b->err || upto > b->n || upto < b->start)
		return -1;
	if (upto > b->start && fwrite(b->p + b->start, 1, upto - b->start, fp) != upto - b->start) {
		fail(b);
		return -1;
	}
	b->start = upto;
	/* what is written goes once it outweighs what is left (each byte is
	 * moved about once) */
	if (b->start >= b->n - b->start) {
		memmove(b->p, b->p + b->start, b->n - b->start);
		b->gone += b->start;
		b->n -= b->start;
		b->start = 0;
	}
	return 0;
}

int gt_jbuf_end(struct gt_jbuf *b)
{
	if (!b->err && b->fp)
		flush(b);
	free(b->p);
	gt_jcache_free(&b->lits);
	int rc = b->err ? -1 : 0;
	memset(b, 0, sizeof *b);
	return rc;
}

void gt_jbuf_raw_slow(struct gt_jbuf *b, const char *s, size_t n)
{
	if (b->err)
		return;
	if (!b->fp) {
		if (grow(b, n) < 0)
			return;
		memcpy(b->p + b->n, s, n);
		b->n += n;
		return;
	}
	if (b->n + n > b->cap) {
		flush(b);
		if (n > b->cap) { /* longer than the buffer: straight out */
			if (fwrite(s, 1, n, b->fp) != n)
				fail(b);
			return;
		}
	}
	memcpy(b->p + b->n, s, n);
	b->n += n;
	if (b->n >= GT_JBUF_FLUSH)
		flush(b);
}

void gt_jbuf_i64_slow(struct gt_jbuf *b, int64_t v)
{
	char tmp[24], *e = tmp + sizeof tmp, *p = e;
	uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
	do {
		*--p = (char)('0' + u % 10);
		u /= 10;
	} while (u);
	if (v < 0)
		*--p = '-';
	gt_jbuf_raw_slow(b, p, (size_t)(e - p));
}

/* The literal of string s, escaped by gt_json_str, into lits. */
static int literal(struct gt_jbuf *b, gt_str s)
{
	char *mem = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&mem, &len);
	if (!f)
		return -1;
	gt_json_str(f, gt_model_str(b->m, s));
	int rc = fclose(f) != 0 ? -1 : gt_jcache_put(&b->lits, s, mem, len);
	free(mem);
	return rc;
}

void gt_jbuf_str(struct gt_jbuf *b, gt_str s)
{
	if (b->err)
		return;
	if (s >= b->lits.nstr)
		s = 0; /* gt_model_str's "" for what is not in the table */
	if (!b->lits.len[s] && literal(b, s) < 0) {
		fail(b);
		return;
	}
	gt_jbuf_cached(b, &b->lits, s);
}

void gt_jbuf_cached(struct gt_jbuf *b, const struct gt_jcache *c, gt_str id)
{
	const char *s = c->v + c->off[id];
	size_t n = c->len[id];
	if (n > 48 || b->n >= b->mark) {
		gt_jbuf_raw(b, s, n);
		return;
	}
	/* by 16 bytes, past its end into the 64 spare ones of both buffers:
	 * no call to memcpy for a few bytes */
	for (size_t i = 0; i < n; i += 16)
		memcpy(b->p + b->n + i, s + i, 16);
	b->n += n;
}
