/* util.c: Unicode spaces as Go sees them, uvarints, and
 * the growing byte buffer of the text form (text_int.h). */
#include "decode/text/int.h"

#include <stdlib.h>
#include <string.h>

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
