/* series_bmi2.c: gt_series_push again, compiled for BMI2 (x86-64 only):
 * its two varints spread their 7-bit groups with one pdep each, as
 * gbuild_bmi2.c's do.  The loader adds the heap metrics (a fifth of a v2
 * trace's events) to their series on the decoder's thread, which sets
 * the pace, and calls this copy when the CPU has BMI2.  Same bytes. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(GT_NO_BMI2)
#ifdef __clang__
#pragma clang attribute push(__attribute__((target("bmi2"))), apply_to = function)
#else
#pragma GCC target("bmi2")
#endif
#define GT_VARINT_PDEP 1
#include "model/series.h"

int gt_series_push_bmi2(struct gt_series *s, int64_t ts, uint64_t v)
{
	return gt_series_push(s, ts, v);
}
#ifdef __clang__
#pragma clang attribute pop
#endif
#else
typedef int gt_series_bmi2_empty; /* ISO C: no empty translation unit */
#endif
