/* utf8.c: UTF-8 as Go's unicode/utf8 reads and writes it (utf8.h). */
#include "decode/utf8.h"

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

size_t gt_utf8_len(const char *s, size_t n)
{
	size_t w;
	uint32_t r = gt_utf8_decode((const uint8_t *)s, n, &w);
	return r == GT_RUNE_ERROR && w == 1 ? 0 : w;
}
