/* v2order_map.c: the orderer's id -> index map (decode/v2_order_map.c)
 * against a plain array, under random inserts and deletes that make
 * long probe runs and wrap around the table. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>
#include "decode/v2_order_int.h"

#define KEYS 3000

static void test_random_ops(void **state)
{
	(void)state;
	static uint32_t ref[KEYS]; /* UINT32_MAX: absent */
	struct v2o_idmap m = { 0 };
	for (int i = 0; i < KEYS; i++)
		ref[i] = UINT32_MAX;
	uint64_t x = 88172645463325252ULL;
	for (int step = 0; step < 200000; step++) {
		x ^= x << 13; x ^= x >> 7; x ^= x << 17;
		int k = (int)(x % KEYS);
		/* Keys far apart and near each other, and the all-ones id. */
		uint64_t kk = k == 0 ? UINT64_MAX : (uint64_t)k * 7919;
		if ((x >> 20) % 3 == 0) {
			gt_v2o_idmap_del(&m, kk);
			ref[k] = UINT32_MAX;
		} else {
			uint32_t v = (uint32_t)(x >> 32) % 1000000;
			assert_int_equal(gt_v2o_idmap_put(&m, kk, v), 0);
			ref[k] = v;
		}
		if (step % 997 == 0) {
			uint32_t n = 0;
			for (int i = 0; i < KEYS; i++) {
				uint64_t ki = i == 0 ? UINT64_MAX : (uint64_t)i * 7919;
				assert_int_equal(gt_v2o_idmap_get(&m, ki), ref[i]);
				n += ref[i] != UINT32_MAX;
			}
			assert_int_equal(m.n, n);
		}
	}
	gt_v2o_idmap_free(&m);
}

int main(void)
{
	const struct CMUnitTest tests[] = { cmocka_unit_test(test_random_ops) };
	return cmocka_run_group_tests(tests, NULL, NULL);
}
