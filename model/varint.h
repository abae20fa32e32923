/* varint.h: the unsigned LEB128 varints model/ packs its data with
 * (goroutine logs, lanes, series, id sequences).  Only for bytes the model
 * wrote itself: no bounds checks. */
#ifndef GT_MODEL_VARINT_H
#define GT_MODEL_VARINT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <stdlib.h>

/* Signed values as varints: zigzag (0, -1, 1, -2 ... as 0, 1, 2, 3 ...). */
static inline uint64_t gt_zz(int64_t v)
{
	return (uint64_t)v << 1 ^ (uint64_t)(v >> 63);
}

static inline int64_t gt_unzz(uint64_t z)
{
	return (int64_t)(z >> 1) ^ -(int64_t)(z & 1);
}

/* Times packed in units of 2^shift ns (a trace's clock tick): nonzero
 * when t (a gap, a length, or several or-ed) is not whole units. */
static inline uint64_t gt_off_unit(uint64_t t, unsigned shift)
{
	return t & (((uint64_t)1 << shift) - 1);
}

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

/* gt_put_uv without a loop for values below 2^28 (most deltas and
 * indices): the bytes are spread and stored at once, no branch depends
 * on the value's length.  It may write 3 bytes past the varint: p needs
 * that much room beyond it. */
static inline size_t gt_put_uv_slack(uint8_t *p, uint64_t v)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	if (__builtin_expect(v < (1u << 28), 1)) {
		static const uint32_t more[4] = {0, 0x80, 0x8080, 0x808080};
#ifdef GT_VARINT_PDEP
		/* (a file compiled for BMI2, see gbuild_bmi2.c) each 7-bit
		 * group to its own byte in one instruction */
		uint32_t x = __builtin_ia32_pdep_si((uint32_t)v, 0x7f7f7f7fu);
#else
		uint32_t x = (uint32_t)v;
		/* each 7-bit group to its own byte: adding the bits above a
		 * group's top shifts them up by one */
		x += x & ~0x7fu;
		x += x & ~0x7fffu;
		x += x & ~0x7fffffu;
#endif
		uint32_t n = (uint32_t)(31 ^ __builtin_clz(x | 1)) >> 3; /* bytes - 1 (31 ^ clz: one bsr) */
		x |= more[n];
		memcpy(p, &x, 4);
		return n + 1;
	}
#endif
	return gt_put_uv(p, v);
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

/* Room for need more bytes after len in a growable varint buffer
 * (doubling from 4 KiB); -1 when out of memory. */
static inline int gt_bytes_room(uint8_t **bytes, size_t *cap, size_t len, size_t need)
{
	if (len + need <= *cap)
		return 0;
	size_t nc = *cap ? *cap * 2 : 4096;
	while (nc < len + need)
		nc *= 2;
	uint8_t *nb = realloc(*bytes, nc);
	if (!nb)
		return -1;
	*bytes = nb;
	*cap = nc;
	return 0;
}

#endif
