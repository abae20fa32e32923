/* jbuf.h: JSON Lines written fast, for listings of millions of rows: the
 * bytes gather in a buffer written out by the megabyte, integers are
 * formatted here, and a model string's JSON literal is escaped once (by
 * gt_json_strn) and copied after.  The output is byte for byte what the
 * stdio calls (gt_json_str, "%" PRId64) would write. */
#ifndef GT_REPORT_JBUF_H
#define GT_REPORT_JBUF_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "model/model.h"

#define GT_JBUF_FLUSH (1u << 20)

struct gt_jbuf {
	FILE *fp;
	const struct gt_model *m;
	char *p;
	size_t n, cap;
	int err;                /* out of memory or a failed write */
	uint32_t nstr;          /* the model's strings */
	uint32_t *soff, *slen;  /* string -> its literal in lits (len 0: not yet) */
	char *lits;
	size_t nlits, caplits;
};

void gt_jbuf_init(struct gt_jbuf *b, FILE *fp, const struct gt_model *m);
/* Writes what is left, frees b: 0, or -1 if anything failed. */
int gt_jbuf_end(struct gt_jbuf *b);

void gt_jbuf_raw_slow(struct gt_jbuf *b, const char *s, size_t n);
void gt_jbuf_i64_slow(struct gt_jbuf *b, int64_t v);

/* The buffer keeps 64 bytes of room past its flush mark: short writes
 * go in with one test. */
static inline void gt_jbuf_raw(struct gt_jbuf *b, const char *s, size_t n)
{
	if (n <= 64 && b->n < GT_JBUF_FLUSH && !b->err) {
		memcpy(b->p + b->n, s, n);
		b->n += n;
		return;
	}
	gt_jbuf_raw_slow(b, s, n);
}
#define GT_JBUF_LIT(b, s) gt_jbuf_raw((b), "" s, sizeof(s) - 1)

static inline void gt_jbuf_i64(struct gt_jbuf *b, int64_t v)
{
	if (v < 0 || b->n >= GT_JBUF_FLUSH || b->err) {
		gt_jbuf_i64_slow(b, v);
		return;
	}
	char tmp[20], *e = tmp + sizeof tmp, *p = e;
	uint64_t u = (uint64_t)v;
	do {
		*--p = (char)('0' + u % 10);
		u /= 10;
	} while (u);
	size_t n = (size_t)(e - p);
	memcpy(b->p + b->n, p, n);
	b->n += n;
}
/* String s of the model as a JSON string literal (gt_json_str's). */
void gt_jbuf_str(struct gt_jbuf *b, gt_str s);

#endif
