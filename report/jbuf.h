/* jbuf.h: JSON Lines (and text rows) written fast, for listings of
 * millions of rows: the bytes gather in a buffer written out by the
 * megabyte, integers are formatted here, and a model string's JSON
 * literal is escaped once (by gt_json_strn) and copied after (a gt_jcache;
 * text rows keep their padded fields the same way).  The output is byte
 * for byte what the stdio calls (gt_json_str, "%" PRId64) would write.
 * Without a FILE the
 * buffer grows instead, and gt_jbuf_out writes the bytes up to a
 * position (a thread's blocks of rows, each written out in its turn). */
#ifndef GT_REPORT_JBUF_H
#define GT_REPORT_JBUF_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "model/model.h"

#define GT_JBUF_FLUSH (1u << 20)

/* Bytes made once per string of the model (its JSON literal, a padded
 * text field), kept with 64 spare bytes after them. */
struct gt_jcache {
	uint32_t nstr;          /* the model's strings */
	uint32_t *off, *len;    /* string -> its bytes in v (len 0: not yet) */
	char *v;
	size_t n, cap;
};
/* 0, or -1 out of memory (then c is empty, and gt_jcache_free is fine). */
int gt_jcache_init(struct gt_jcache *c, const struct gt_model *m);
void gt_jcache_free(struct gt_jcache *c);
/* Keeps s[0..n), n > 0, as string id's bytes: 0, or -1 out of memory. */
int gt_jcache_put(struct gt_jcache *c, gt_str id, const char *s, size_t n);

struct gt_jbuf {
	FILE *fp;
	const struct gt_model *m;
	char *p;
	size_t n, cap;
	size_t mark;            /* flush (or grow) when n reaches it */
	size_t start;           /* without a FILE: p[start..n) not written yet */
	uint64_t gone;          /* bytes written and dropped from p */
	int err;                /* out of memory or a failed write */
	struct gt_jcache lits;  /* the strings' JSON literals */
};

/* fp NULL: the bytes stay in the buffer until gt_jbuf_out. */
void gt_jbuf_init(struct gt_jbuf *b, FILE *fp, const struct gt_model *m);
/* Writes what is left, frees b: 0, or -1 if anything failed. */
int gt_jbuf_end(struct gt_jbuf *b);
/* Without a FILE: how many bytes b has gathered in all (a position for
 * gt_jbuf_out). */
static inline uint64_t gt_jbuf_pos(const struct gt_jbuf *b)
{
	return b->gone + b->n;
}
/* Without a FILE: writes onto fp the bytes not written yet up to
 * position pos (gt_jbuf_pos), and drops them: 0, or -1 if anything
 * failed. */
int gt_jbuf_out(struct gt_jbuf *b, FILE *fp, uint64_t pos);

void gt_jbuf_raw_slow(struct gt_jbuf *b, const char *s, size_t n);
void gt_jbuf_i64_slow(struct gt_jbuf *b, int64_t v);

/* The buffer keeps 64 bytes of room past its mark: short writes go in
 * with one test (after an error the mark is 0: every write takes the
 * slow path, which drops it). */
static inline void gt_jbuf_raw(struct gt_jbuf *b, const char *s, size_t n)
{
	if (n <= 64 && b->n < b->mark) {
		memcpy(b->p + b->n, s, n);
		b->n += n;
		return;
	}
	gt_jbuf_raw_slow(b, s, n);
}
#define GT_JBUF_LIT(b, s) gt_jbuf_raw((b), "" s, sizeof(s) - 1)

/* Decimal digits of u (1 for 0). */
static inline unsigned gt_jbuf_digits(uint64_t u)
{
	static const uint64_t pow10[20] = {
		1ull, 10ull, 100ull, 1000ull, 10000ull, 100000ull, 1000000ull, 10000000ull,
		100000000ull, 1000000000ull, 10000000000ull, 100000000000ull, 1000000000000ull,
		10000000000000ull, 100000000000000ull, 1000000000000000ull, 10000000000000000ull,
		100000000000000000ull, 1000000000000000000ull, 10000000000000000000ull};
	uint64_t v = u | 1; /* as many digits, and a bit set */
	unsigned t = (unsigned)(64 - __builtin_clzll(v)) * 1233 >> 12; /* ~log10 */
	return t + (v >= pow10[t]);
}

/* u's digits ending at e (gt_jbuf_digits(u) of them before it), two at
 * a time; eight at a time from independent halves, for timestamps. */
static inline void gt_jbuf_put_digits(char *e, uint64_t u)
{
	static const char two[201] = "00010203040506070809101112131415161718192021222324"
	                             "25262728293031323334353637383940414243444546474849"
	                             "50515253545556575859606162636465666768697071727374"
	                             "75767778798081828384858687888990919293949596979899";
	while (u >= 100000000) {
		uint32_t v = (uint32_t)(u % 100000000), a = v / 10000, b = v % 10000;
		u /= 100000000;
		e -= 8;
		memcpy(e, two + a / 100 * 2, 2);
		memcpy(e + 2, two + a % 100 * 2, 2);
		memcpy(e + 4, two + b / 100 * 2, 2);
		memcpy(e + 6, two + b % 100 * 2, 2);
	}
	while (u >= 100) {
		e -= 2;
		memcpy(e, two + u % 100 * 2, 2);
		u /= 100;
	}
	if (u >= 10)
		memcpy(e - 2, two + u * 2, 2);
	else
		e[-1] = (char)('0' + u);
}

static inline void gt_jbuf_i64(struct gt_jbuf *b, int64_t v)
{
	if (v < 0 || b->n >= b->mark) {
		gt_jbuf_i64_slow(b, v);
		return;
	}
	unsigned n = gt_jbuf_digits((uint64_t)v);
	gt_jbuf_put_digits(b->p + b->n + n, (uint64_t)v);
	b->n += n;
}
/* String s of the model as a JSON string literal (gt_json_str's). */
void gt_jbuf_str(struct gt_jbuf *b, gt_str s);
/* String id's bytes in c (there: gt_jcache_put). */
void gt_jbuf_cached(struct gt_jbuf *b, const struct gt_jcache *c, gt_str id);

#endif
