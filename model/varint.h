/* varint.h: the unsigned LEB128 varints model/ packs its data with
 * (goroutine logs, lanes, series, id sequences).  Only for bytes the model
 * wrote itself: no bounds checks. */
#ifndef GT_MODEL_VARINT_H
#define GT_MODEL_VARINT_H

#include <stddef.h>
#include <stdint.h>

static inline size_t gt_put_uv(uint8_t *p, uint64_t v)
{
	size_t n = 0;
	while (v >= 0x80) {
		p[n++] = (uint8_t)(v | 0x80);
		v >>= 7;
	}
	p[n++] = (uint8_t)v;
	return n;
}

static inline uint64_t gt_get_uv(const uint8_t **pp)
{
	const uint8_t *p = *pp;
	uint64_t v = 0;
	unsigned s = 0;
	for (;;) {
		uint8_t b = *p++;
		v |= (uint64_t)(b & 0x7f) << s;
		if (!(b & 0x80) || s > 56)
			break;
		s += 7;
	}
	*pp = p;
	return v;
}

#endif
