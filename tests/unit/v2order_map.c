/* v2order_map.c: the orderer's id -> index map (decode/v2/order_map.c)
 * against a plain array, under random inserts and deletes that make
 * long probe runs and wrap around the table. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>
#include "decode/v2/order_int.h"

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

/* Goroutine-like ids: a sliding window of sequential ids over a few
 * long-lived ones, deleted out of order, the window wrapping the table
 * many times. */
static void test_sliding_window(void **state)
{
	(void)state;
	struct v2o_idmap m = { 0 };
	enum { W = 1500, N = 200000 };
	for (uint64_t k = 1; k <= 20; k++)
		assert_int_equal(gt_v2o_idmap_put(&m, k << 40, (uint32_t)k), 0);
	for (uint64_t id = 100; id < N; id++) {
		assert_int_equal(gt_v2o_idmap_put(&m, id, (uint32_t)id), 0);
		if (id >= 100 + W) {
			/* Delete an id from the window's older half, scrambled. */
			uint64_t d = id - W + ((id * 7) % 3);
			if (gt_v2o_idmap_get(&m, d) != UINT32_MAX)
				gt_v2o_idmap_del(&m, d);
			assert_int_equal(gt_v2o_idmap_get(&m, d), UINT32_MAX);
		}
		if (id % 4099 == 0) {
			for (uint64_t k = 1; k <= 20; k++)
				assert_int_equal(gt_v2o_idmap_get(&m, k << 40), (uint32_t)k);
			for (uint64_t j = id - W + 3; j <= id; j++)
				assert_int_equal(gt_v2o_idmap_get(&m, j), (uint32_t)j);
		}
	}
	assert_true(m.n <= W + 40);
	gt_v2o_idmap_free(&m);
}

int main(void)
{
	const struct CMUnitTest tests[] = { cmocka_unit_test(test_random_ops),
	                                    cmocka_unit_test(test_sliding_window) };
	return cmocka_run_group_tests(tests, NULL, NULL);
}
