/* jbuf.c: fast JSON Lines output (jbuf.h). */
#include "report/jbuf.h"
#include "report/int.h"

#include <stdlib.h>
#include <string.h>

void gt_jbuf_init(struct gt_jbuf *b, FILE *fp, const struct gt_model *m)
{
	memset(b, 0, sizeof *b);
	b->fp = fp;
	b->m = m;
	b->cap = GT_JBUF_FLUSH + 64;
	b->p = malloc(b->cap);
	b->nstr = gt_str_count(gt_model_tables(m));
	b->soff = calloc(b->nstr ? b->nstr : 1, sizeof *b->soff);
	b->slen = calloc(b->nstr ? b->nstr : 1, sizeof *b->slen);
	if (!b->p || !b->soff || !b->slen)
		b->err = 1;
}

static void flush(struct gt_jbuf *b)
{
	if (b->n && fwrite(b->p, 1, b->n, b->fp) != b->n)
		b->err = 1;
	b->n = 0;
}

int gt_jbuf_end(struct gt_jbuf *b)
{
	if (!b->err)
		flush(b);
	free(b->p);
	free(b->soff);
	free(b->slen);
	free(b->lits);
	int rc = b->err ? -1 : 0;
	memset(b, 0, sizeof *b);
	return rc;
}

void gt_jbuf_raw_slow(struct gt_jbuf *b, const char *s, size_t n)
{
	if (b->err)
		return;
	if (b->n + n > b->cap) {
		flush(b);
		if (n > b->cap) { /* longer than the buffer: straight out */
			if (fwrite(s, 1, n, b->fp) != n)
				b->err = 1;
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

/* The literal of string s, escaped by gt_json_strn into lits. */
static int literal(struct gt_jbuf *b, gt_str s)
{
	char *mem = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&mem, &len);
	if (!f)
		return -1;
	gt_json_str(f, gt_model_str(b->m, s));
	if (fclose(f) != 0) {
		free(mem);
		return -1;
	}
	if (b->nlits + len > b->caplits) {
		size_t cap = b->caplits ? b->caplits * 2 : 1 << 16;
		while (cap < b->nlits + len)
			cap *= 2;
		char *nl = realloc(b->lits, cap);
		if (!nl) {
			free(mem);
			return -1;
		}
		b->lits = nl;
		b->caplits = cap;
	}
	memcpy(b->lits + b->nlits, mem, len);
	b->soff[s] = (uint32_t)b->nlits;
	b->slen[s] = (uint32_t)len;
	b->nlits += len;
	free(mem);
	return 0;
}

void gt_jbuf_str(struct gt_jbuf *b, gt_str s)
{
	if (b->err)
		return;
	if (s >= b->nstr)
		s = 0; /* gt_model_str's "" for what is not in the table */
	if (!b->slen[s] && literal(b, s) < 0) {
		b->err = 1;
		return;
	}
	gt_jbuf_raw(b, b->lits + b->soff[s], b->slen[s]);
}
