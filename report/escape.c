/* escape.c: the one escaping rule for a trace's strings (escape.h). */
#include "report/escape.h"
#include "decode/utf8.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

int gt_esc_passes(const char *s, size_t n, size_t *w)
{
	unsigned char c = (unsigned char)s[0];
	if (c < 0x80) {
		*w = 1;
		return c >= 0x20 && c != 0x7f;
	}
	uint32_t r = gt_utf8_decode((const uint8_t *)s, n, w);
	if (r == GT_RUNE_ERROR && *w == 1)
		return 0;
	return r > 0x9f;
}

/* The escape of the character at s[0..n) (n > 0) into e (8 bytes room),
 * its width in *w: the escape's length, 0 when it passes as it is. */
static size_t escape_one(const char *s, size_t n, int json, int flags, char *e, size_t *w)
{
	static const char hex[] = "0123456789abcdef";
	unsigned char c = (unsigned char)s[0];
	if (gt_esc_passes(s, n, w)) {
		if (c == '\\' || (json && c == '"')) {
			e[0] = '\\';
			e[1] = (char)c;
			return 2;
		}
		return 0;
	}
	if ((c == '\n' || c == '\t') && (flags & GT_ESC_LINES) && !json)
		return 0;
	if (c == '\n' || c == '\t' || c == '\r') {
		e[0] = '\\';
		e[1] = c == '\n' ? 'n' : c == '\t' ? 't' : 'r';
		return 2;
	}
	uint32_t v = c; /* the C0 byte, DEL, or a byte that is not UTF-8 */
	if (*w > 1)     /* U+0080..U+009F: two bytes of UTF-8 */
		v = ((uint32_t)c & 0x1f) << 6 | ((unsigned char)s[1] & 0x3f);
	if (json && c >= 0x80 && *w == 1) {
		memcpy(e, "\\ufffd", 6);
		return 6;
	}
	if (json || *w > 1) {
		memcpy(e, "\\u00", 4);
		e[4] = hex[v >> 4];
		e[5] = hex[v & 15];
		return 6;
	}
	e[0] = '\\';
	e[1] = 'x';
	e[2] = hex[v >> 4];
	e[3] = hex[v & 15];
	return 4;
}

/* Where the escaped bytes go: a FILE, or a buffer that keeps what fits
 * (whole pieces only) and counts the rest. */
struct sink {
	FILE *fp;
	char *buf;
	size_t size, len;
	int full;
};

/* p[0..n) to k; a run of characters (whole 0) may be cut between two
 * characters, an escape (whole 1) is never cut. */
static void put(struct sink *k, const char *p, size_t n, int whole)
{
	if (k->fp) {
		fwrite(p, 1, n, k->fp);
	} else if (!k->full && k->len + n < k->size) {
		memcpy(k->buf + k->len, p, n);
	} else if (!k->full && k->size) {
		size_t m = whole ? 0 : k->size - 1 - k->len;
		while (m && ((unsigned char)p[m] & 0xC0) == 0x80)
			m--;
		memcpy(k->buf + k->len, p, m);
		k->buf[k->len + m] = '\0';
		k->full = 1;
	}
	k->len += n;
}

/* s[0..n): runs of characters that pass go out in one piece (most of a
 * listing is these). */
static void escape(struct sink *k, const char *s, size_t n, int json, int flags)
{
	const char *run = s, *p = s, *end = s + n;
	while (p < end) {
		unsigned char c = (unsigned char)*p;
		if (c >= 0x20 && c < 0x7f && c != '\\' && c != '"') {
			p++;
			continue;
		}
		char e[8];
		size_t w, len = escape_one(p, (size_t)(end - p), json, flags, e, &w);
		if (!len) {
			p += w;
			continue;
		}
		if (p > run)
			put(k, run, (size_t)(p - run), 0);
		put(k, e, len, 1);
		p += w;
		run = p;
	}
	if (p > run)
		put(k, run, (size_t)(p - run), 0);
}

void gt_esc_putn(FILE *fp, const char *s, size_t n, int flags)
{
	struct sink k = {.fp = fp};
	escape(&k, s, n, 0, flags);
}

void gt_esc_puts(FILE *fp, const char *s)
{
	if (s)
		gt_esc_putn(fp, s, strlen(s), 0);
}

size_t gt_esc_buf(char *buf, size_t size, const char *s, size_t n, int flags)
{
	struct sink k = {.buf = buf, .size = size};
	escape(&k, s, n, 0, flags);
	if (!k.full && size)
		buf[k.len] = '\0';
	return k.len;
}

char *gt_esc_dup(const char *s, size_t n, int flags)
{
	size_t len = gt_esc_buf(NULL, 0, s, n, flags);
	char *d = malloc(len + 1);
	if (d)
		gt_esc_buf(d, len + 1, s, n, flags);
	return d;
}

size_t gt_esc_cols(const char *s)
{
	size_t cols = 0, n = s ? strlen(s) : 0;
	for (size_t i = 0, w; i < n; i += w) {
		char e[8];
		size_t len = escape_one(s + i, n - i, 0, 0, e, &w);
		cols += len ? len : 1;
	}
	return cols;
}

static void spaces(FILE *fp, size_t n)
{
	static const char sp[] = "                                ";
	for (; n > sizeof sp - 1; n -= sizeof sp - 1)
		fputs(sp, fp);
	fwrite(sp, 1, n, fp);
}

void gt_esc_pad(FILE *fp, const char *s, size_t width)
{
	size_t cols = gt_esc_cols(s);
	gt_esc_puts(fp, s);
	if (cols < width)
		spaces(fp, width - cols);
}

void gt_esc_pad_left(FILE *fp, const char *s, size_t width)
{
	size_t cols = gt_esc_cols(s);
	if (cols < width)
		spaces(fp, width - cols);
	gt_esc_puts(fp, s);
}

void gt_esc_fprintf(FILE *fp, const char *fmt, ...)
{
	char buf[1024], *p = buf;
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n >= sizeof buf && (p = malloc((size_t)n + 1)) != NULL) {
		va_start(ap, fmt);
		vsnprintf(p, (size_t)n + 1, fmt, ap);
		va_end(ap);
	}
	if (!p) { /* out of memory: what fits */
		p = buf;
		n = (int)strlen(buf);
	}
	gt_esc_putn(fp, p, (size_t)n, GT_ESC_LINES);
	if (p != buf)
		free(p);
}

void gt_json_strn(FILE *fp, const char *s, size_t n)
{
	struct sink k = {.fp = fp};
	fputc('"', fp);
	escape(&k, s, n, 1, 0);
	fputc('"', fp);
}

void gt_json_str(FILE *fp, const char *s)
{
	gt_json_strn(fp, s ? s : "", s ? strlen(s) : 0);
}
