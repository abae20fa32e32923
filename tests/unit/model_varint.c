/* model_varint.c: the model's varint writers (model/varint.h) agree byte
 * for byte: gt_put_uv_slack (the portable bit spreading, and the BMI2
 * pdep form that gbuild_bmi2.c compiles, when this CPU has BMI2) against
 * the plain loop gt_put_uv, read back by gt_get_uv; every value below
 * 2^21, the edges of every length, and pseudo-random values. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
/* this file's varint.h is the pdep one (as in gbuild_bmi2.c); only called
 * when the CPU has BMI2 */
#pragma GCC target("bmi2")
#define GT_VARINT_PDEP 1
#define HAVE_PDEP 1
#endif
#include "model/varint.h"

/* Writes v both ways and reads it back; the slack form may write past its
 * varint, so it gets its own buffer. */
static void check(uint64_t v)
{
	uint8_t a[16], b[16];
	memset(a, 0xee, sizeof a);
	memset(b, 0xee, sizeof b);
	size_t na = gt_put_uv(a, v);
	size_t nb = gt_put_uv_slack(b, v);
	assert_int_equal(na, nb);
	assert_memory_equal(a, b, na);
	const uint8_t *p = b;
	assert_true(gt_get_uv(&p) == v);
	assert_ptr_equal(p, b + nb);
}

static int can_run(void)
{
#ifdef HAVE_PDEP
	return __builtin_cpu_supports("bmi2");
#else
	return 1; /* the portable spreading */
#endif
}

static void test_all_small(void **state)
{
	(void)state;
	if (!can_run())
		skip();
	for (uint64_t v = 0; v < ((uint64_t)1 << 21); v++)
		check(v);
}

static void test_edges_random(void **state)
{
	(void)state;
	if (!can_run())
		skip();
	for (int s = 1; s < 64; s++) {
		uint64_t e = (uint64_t)1 << s;
		check(e - 1);
		check(e);
		check(e + 1);
	}
	check(UINT64_MAX);
	uint64_t x = 0x9E3779B97F4A7C15ull;
	for (int i = 0; i < 2000000; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		check(x >> (x & 63)); /* every length */
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_all_small),
		cmocka_unit_test(test_edges_random),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
