/* gbuild_bmi2.c: gbuild.c's block loop again, compiled for BMI2 (x86-64
 * only): its varints (goroutine logs, lanes) spread their 7-bit groups
 * with one pdep.  gt_model_add_recs calls it when the CPU has BMI2, so
 * the binary still runs on any x86-64; the bytes written are the same.
 * Also the series push the loader calls for runs of heap metric points
 * on the decoder's thread (a fifth of a v2 trace's events;
 * gt_series_pusher picks it). */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(GT_NO_BMI2)
#ifdef __clang__
#pragma clang attribute push(__attribute__((target("bmi2"))), apply_to = function)
#else
#pragma GCC target("bmi2")
#endif
#define GT_GB_BMI2 1
#define GT_VARINT_PDEP 1
#include "model/gbuild.c"

int gt_series_push_run_bmi2(struct gt_series *s, const struct gt_spoint *pt, size_t n)
{
	return gt_series_push_run(s, pt, n);
}
#ifdef __clang__
#pragma clang attribute pop
#endif
#else
typedef int gt_gbuild_bmi2_empty; /* ISO C: no empty translation unit */
#endif
