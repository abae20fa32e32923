/* gbuild_bmi2.c: gbuild.c's block loop again, compiled for BMI2 (x86-64
 * only): its varints (goroutine logs, lanes) spread their 7-bit groups
 * with one pdep.  gt_model_add_recs calls it when the CPU has BMI2, so
 * the binary still runs on any x86-64; the bytes written are the same. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(GT_NO_BMI2)
#ifdef __clang__
#pragma clang attribute push(__attribute__((target("bmi2"))), apply_to = function)
#else
#pragma GCC target("bmi2")
#endif
#define GT_GB_BMI2 1
#define GT_VARINT_PDEP 1
#include "model/gbuild.c"
#ifdef __clang__
#pragma clang attribute pop
#endif
#else
typedef int gt_gbuild_bmi2_empty; /* ISO C: no empty translation unit */
#endif
