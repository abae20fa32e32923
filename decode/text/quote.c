/* quote.c: Go's strconv.Quote and strconv.Unquote, byte for byte, for
 * the data="…" lines of the text form. */
#include "decode/text/int.h"
#include "decode/text/text.h"

#include <stdlib.h>
#include <string.h>

static const char hexdig[] = "0123456789abcdef";

static void put_hex(struct gt_bytes *b, char esc, uint32_t v, int digits)
{
	char tmp[10];
	tmp[0] = '\\';
	tmp[1] = esc;
	for (int i = 0; i < digits; i++)
		tmp[2 + i] = hexdig[(v >> (4 * (digits - 1 - i))) & 0xF];
	gt_bytes_put(b, tmp, (size_t)digits + 2);
}

void gt_text_quote(struct gt_bytes *b, const uint8_t *s, size_t n)
{
	gt_bytes_put(b, "\"", 1);
	for (size_t i = 0; i < n;) {
		size_t w;
		uint32_t r = gt_utf8_decode(s + i, n - i, &w);
		if (w == 1 && r == GT_RUNE_ERROR) {
			put_hex(b, 'x', s[i], 2); /* a byte that is not UTF-8 */
			i++;
			continue;
		}
		const char *esc = NULL;
		switch (r) {
		case '"': esc = "\\\""; break;
		case '\\': esc = "\\\\"; break;
		case '\a': esc = "\\a"; break;
		case '\b': esc = "\\b"; break;
		case '\f': esc = "\\f"; break;
		case '\n': esc = "\\n"; break;
		case '\r': esc = "\\r"; break;
		case '\t': esc = "\\t"; break;
		case '\v': esc = "\\v"; break;
		}
		if (esc)
			gt_bytes_put(b, esc, 2);
		else if (gt_text_isprint(r))
			gt_bytes_put(b, s + i, w);
		else if (r < ' ' || r == 0x7F)
			put_hex(b, 'x', r, 2);
		else if (r < 0x10000)
			put_hex(b, 'u', r, 4);
		else
			put_hex(b, 'U', r, 8);
		i += w;
	}
	gt_bytes_put(b, "\"", 1);
}

void gt_text_fquote(FILE *out, const char *s, size_t n)
{
	struct gt_bytes b = {0};
	gt_text_quote(&b, (const uint8_t *)s, n);
	if (b.failed)
		fputs("\"\"", out); /* out of memory: nothing of the string */
	else
		fwrite(b.p, 1, b.len, out);
	free(b.p);
}

static int unhex(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* strconv.UnquoteChar: one character or escape of s[*i..n) inside a literal
 * quoted with q; appends its bytes.  Returns -1 on a syntax error. */
static int unquote_char(struct gt_bytes *b, const char *s, size_t n, size_t *i, char q)
{
	const uint8_t *u = (const uint8_t *)s;
	uint8_t c = u[*i];
	if (c == q || c == '\n')
		return -1;
	if (c >= 0x80) {
		/* A UTF-8 sequence; a stray byte becomes U+FFFD, as in Go. */
		size_t w;
		uint32_t r = gt_utf8_decode(u + *i, n - *i, &w);
		uint8_t enc[4];
		gt_bytes_put(b, enc, gt_utf8_encode(r, enc));
		*i += w;
		return 0;
	}
	if (c != '\\') {
		gt_bytes_put(b, &c, 1);
		(*i)++;
		return 0;
	}
	if (n - *i < 2)
		return -1;
	char e = s[*i + 1];
	*i += 2;
	uint8_t out;
	switch (e) {
	case 'a': out = '\a'; break;
	case 'b': out = '\b'; break;
	case 'f': out = '\f'; break;
	case 'n': out = '\n'; break;
	case 'r': out = '\r'; break;
	case 't': out = '\t'; break;
	case 'v': out = '\v'; break;
	case '\\': out = '\\'; break;
	case '\'': case '"':
		if (e != q)
			return -1;
		out = (uint8_t)e;
		break;
	case 'x': case 'u': case 'U': {
		size_t digits = e == 'x' ? 2 : e == 'u' ? 4 : 8;
		if (n - *i < digits)
			return -1;
		uint32_t v = 0;
		for (size_t j = 0; j < digits; j++) {
			int h = unhex(s[*i + j]);
			if (h < 0)
				return -1;
			v = v << 4 | (uint32_t)h;
		}
		*i += digits;
		if (e == 'x') {
			out = (uint8_t)v; /* a raw byte, maybe not UTF-8 */
			break;
		}
		if (v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
			return -1;
		uint8_t enc[4];
		gt_bytes_put(b, enc, gt_utf8_encode(v, enc));
		return 0;
	}
	case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': {
		uint32_t v = (uint32_t)(e - '0');
		if (n - *i < 2)
			return -1;
		for (size_t j = 0; j < 2; j++) {
			char d = s[*i + j];
			if (d < '0' || d > '7')
				return -1;
			v = v << 3 | (uint32_t)(d - '0');
		}
		*i += 2;
		if (v > 255)
			return -1;
		out = (uint8_t)v;
		break;
	}
	default:
		return -1;
	}
	gt_bytes_put(b, &out, 1);
	return 0;
}

int gt_text_unquote(struct gt_bytes *b, const char *s, size_t n)
{
	if (n < 2 || s[n - 1] != s[0])
		return -1;
	char q = s[0];
	const char *body = s + 1;
	size_t blen = n - 2;
	if (q == '`') {
		/* Raw string: no backquote inside; carriage returns dropped. */
		if (memchr(body, '`', blen))
			return -1;
		for (size_t i = 0; i < blen; i++)
			if (body[i] != '\r')
				gt_bytes_put(b, body + i, 1);
		return 0;
	}
	if (q != '"' && q != '\'')
		return -1;
	size_t i = 0;
	while (i < blen) {
		if (unquote_char(b, body, blen, &i, q) < 0)
			return -1;
		if (q == '\'')
			break; /* a rune literal holds one character */
	}
	return i == blen ? 0 : -1; /* Go accepts '' as "" */
}
