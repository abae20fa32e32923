/* report_dur.c: gt_report_dur's fast path writes what its snprintf
 * reference (gt_report_dur_ref) writes: every duration below 2 ms, the
 * values half-way between two figures at each scale and their
 * neighbours, the edges of each scale, negative ones, and pseudo-random
 * durations of every magnitude. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "report/int.h"
#include "report/report.h"
#include "xorshift.h"

static void check(int64_t ns)
{
	char a[32], b[32];
	memset(a, 'x', sizeof a);
	memset(b, 'y', sizeof b);
	const char *fa = gt_report_dur(a, sizeof a, ns);
	const char *fb = gt_report_dur_ref(b, sizeof b, ns);
	assert_ptr_equal(fa, a);
	if (strcmp(fa, fb))
		fail_msg("%lld ns: \"%s\", reference \"%s\"", (long long)ns, fa, fb);
}

static void test_all_small(void **state)
{
	(void)state;
	for (int64_t ns = 0; ns < 2000000; ns++)
		check(ns);
}

static void test_halves_edges(void **state)
{
	(void)state;
	static const int64_t unit[3] = {100, 10000, 1000000};
	static const int64_t top[3] = {1000000, 1000000000, INT64_C(1) << 53};
	uint64_t s = 0x2545F4914F6CDD1Dull;
	for (int k = 0; k < 3; k++) {
		for (int i = 0; i < 200000; i++) {
			int64_t ns = (int64_t)(xorshift64(&s) % (uint64_t)(top[k] / unit[k])) * unit[k] +
			             unit[k] / 2;
			for (int64_t d = -1; d <= 1; d++)
				check(ns + d);
		}
		for (int64_t d = -3; d <= 3; d++)
			check(top[k] + d);
	}
	check(INT64_MAX);
	check(INT64_MIN);
	check(-1);
	check(-1500);
	char small[8], ref[8];
	assert_string_equal(gt_report_dur(small, sizeof small, 123456789012),
	                    gt_report_dur_ref(ref, sizeof ref, 123456789012));
}

static void test_random(void **state)
{
	(void)state;
	uint64_t s = 0x9E3779B97F4A7C15ull;
	for (int i = 0; i < 2000000; i++) {
		uint64_t x = xorshift64(&s);
		check((int64_t)(x >> (x & 63))); /* every magnitude, some negative */
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_all_small),
		cmocka_unit_test(test_halves_edges),
		cmocka_unit_test(test_random),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
