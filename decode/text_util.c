/* text_util.c: UTF-8 and Unicode spaces as Go sees them, uvarints, and
 * the growing byte buffer of the text form (text_int.h). */
#include "decode/text_int.h"

#include <stdlib.h>
#include <string.h>

uint32_t gt_utf8_decode(const uint8_t *s, size_t n, size_t *width)
{
	if (n == 0) {
		*width = 0;
		return GT_RUNE_ERROR;
	}
	uint8_t b0 = s[0];
	*width = 1;
	if (b0 < 0x80)
		return b0;
	/* Lead byte: sequence length and the allowed range of the 2nd byte
	 * (tighter for E0, ED, F0, F4: no overlongs, surrogates, > 10FFFF). */
	size_t len;
	uint8_t lo = 0x80, hi = 0xBF;
	uint32_t r;
	if (b0 >= 0xC2 && b0 <= 0xDF) {
		len = 2;
		r = b0 & 0x1F;
	} else if (b0 >= 0xE0 && b0 <= 0xEF) {
		len = 3;
		r = b0 & 0x0F;
		if (b0 == 0xE0)
			lo = 0xA0;
		else if (b0 == 0xED)
			hi = 0x9F;
	} else if (b0 >= 0xF0 && b0 <= 0xF4) {
		len = 4;
		r = b0 & 0x07;
		if (b0 == 0xF0)
			lo = 0x90;
		else if (b0 == 0xF4)
			hi = 0x8F;
	} else {
		return GT_RUNE_ERROR;
	}
	if (n < len || s[1] < lo || s[1] > hi)
		return GT_RUNE_ERROR;
	for (size_t i = 1; i < len; i++) {
		if (i > 1 && (s[i] < 0x80 || s[i] > 0xBF))
			return GT_RUNE_ERROR;
		r = r << 6 | (s[i] & 0x3F);
	}
	*width = len;
	return r;
}

size_t gt_utf8_encode(uint32_t r, uint8_t *out)
{
	if (r > 0x10FFFF || (r >= 0xD800 && r <= 0xDFFF))
		r = GT_RUNE_ERROR;
	if (r < 0x80) {
		out[0] = (uint8_t)r;
		return 1;
	}
	if (r < 0x800) {
		out[0] = (uint8_t)(0xC0 | r >> 6);
		out[1] = (uint8_t)(0x80 | (r & 0x3F));
		return 2;
	}
	if (r < 0x10000) {
		out[0] = (uint8_t)(0xE0 | r >> 12);
		out[1] = (uint8_t)(0x80 | (r >> 6 & 0x3F));
		out[2] = (uint8_t)(0x80 | (r & 0x3F));
		return 3;
	}
	out[0] = (uint8_t)(0xF0 | r >> 18);
	out[1] = (uint8_t)(0x80 | (r >> 12 & 0x3F));
	out[2] = (uint8_t)(0x80 | (r >> 6 & 0x3F));
	out[3] = (uint8_t)(0x80 | (r & 0x3F));
	return 4;
}

/* unicode.IsSpace: Latin-1 spaces plus the White_Space property. */
int gt_text_isspace(uint32_t r)
{
	switch (r) {
	case '\t': case '\n': case '\v': case '\f': case '\r': case ' ':
	case 0x85: case 0xA0: case 0x1680: case 0x2028: case 0x2029:
	case 0x202F: case 0x205F: case 0x3000:
		return 1;
	}
	return r >= 0x2000 && r <= 0x200A;
}

void gt_bytes_put(struct gt_bytes *b, const void *p, size_t n)
{
	if (b->failed || n == 0)
		return;
	if (b->cap - b->len < n) {
		size_t cap = b->cap ? b->cap : 256;
		while (cap - b->len < n) {
			if (cap > SIZE_MAX / 2) {
				b->failed = 1;
				return;
			}
			cap *= 2;
		}
		uint8_t *np = realloc(b->p, cap);
		if (!np) {
			b->failed = 1;
			return;
		}
		b->p = np;
		b->cap = cap;
	}
	memcpy(b->p + b->len, p, n);
	b->len += n;
}

unsigned gt_uvarint_len(uint64_t v)
{
	unsigned n = 1;
	while (v >= 0x80) {
		v >>= 7;
		n++;
	}
	return n;
}

void gt_bytes_uvarint_padded(struct gt_bytes *b, uint64_t v, unsigned width)
{
	uint8_t tmp[10];
	unsigned n = 0;
	if (width > 10)
		width = 10;
	do {
		tmp[n++] = (uint8_t)(v & 0x7F) | 0x80;
		v >>= 7;
	} while (v || n < width);
	tmp[n - 1] &= 0x7F;
	gt_bytes_put(b, tmp, n);
}

void gt_bytes_uvarint(struct gt_bytes *b, uint64_t v)
{
	gt_bytes_uvarint_padded(b, v, 1);
}
