/* xorshift.h: the unit tests' random numbers (Marsaglia's xorshift64):
 * the same sequence from the same seed on every machine, no libc state. */
#ifndef GT_TESTS_XORSHIFT_H
#define GT_TESTS_XORSHIFT_H

#include <stdint.h>

static inline uint64_t xorshift64(uint64_t *s)
{
	uint64_t x = *s;
	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	return *s = x;
}

#endif
