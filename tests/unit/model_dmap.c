/* model_dmap.c: the goroutine id map (model/dmap.h): dense ids in direct
 * pages, pages freed when emptied (the last one kept for reuse), sparse (hostile) ids kept in the hash
 * so memory stays bounded, negative and huge ids, lookups always right. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "model/dmap.h"

static void test_dense(void **state)
{
	(void)state;
	struct gt_dmap d = {0};
	for (int64_t id = 1; id <= 20000; id++)
		assert_int_equal(gt_dmap_put(&d, id, (uint32_t)(id * 3)), 0);
	assert_int_equal(d.big.len, 0);      /* all direct */
	assert_int_equal(d.npages, 5);       /* ids 0..20479 */
	for (int64_t id = 1; id <= 20000; id++)
		assert_int_equal(gt_dmap_get(&d, id), (uint32_t)(id * 3));
	assert_int_equal(gt_dmap_get(&d, 0), UINT32_MAX);
	assert_int_equal(gt_dmap_get(&d, 20001), UINT32_MAX);
	for (int64_t id = 1; id < 8192; id++) /* empties pages 0 and 1 */
		gt_dmap_del(&d, id);
	assert_int_equal(d.npages, 3);
	assert_null(d.pages[0]);
	assert_int_equal(gt_dmap_get(&d, 100), UINT32_MAX);
	assert_int_equal(gt_dmap_get(&d, 8192), 8192 * 3);
	gt_dmap_free(&d);
}

static void test_sparse_and_odd(void **state)
{
	(void)state;
	struct gt_dmap d = {0};
	/* one id per page, 5000 pages' worth: most must go to the hash */
	for (int64_t i = 0; i < 5000; i++)
		assert_int_equal(gt_dmap_put(&d, i * 4096 + 7, (uint32_t)i), 0);
	/* pages: at most 16 plus one per 256 ids (64 bytes an id) */
	assert_true(d.npages * 4096 <= 16 * 5001 + 16 * 4096);
	assert_true(d.big.len >= 5000 - 36);
	int64_t odd[] = {-1, -4096, INT64_MIN, INT64_MAX, GT_DMAP_LIMIT, GT_DMAP_LIMIT - 1};
	for (size_t k = 0; k < sizeof odd / sizeof *odd; k++)
		assert_int_equal(gt_dmap_put(&d, odd[k], (uint32_t)(100000 + k)), 0);
	for (int64_t i = 0; i < 5000; i++)
		assert_int_equal(gt_dmap_get(&d, i * 4096 + 7), (uint32_t)i);
	for (size_t k = 0; k < sizeof odd / sizeof *odd; k++)
		assert_int_equal(gt_dmap_get(&d, odd[k]), (uint32_t)(100000 + k));
	/* a page made later for a neighbour must not hide an id in the hash */
	int64_t in_hash = 4999 * 4096 + 7;
	assert_int_equal(gt_dmap_get(&d, in_hash + 1), UINT32_MAX);
	for (int64_t i = 0; i < 5000; i++)
		gt_dmap_del(&d, i * 4096 + 7);
	assert_int_equal(d.npages, 0);
	assert_int_equal(gt_dmap_put(&d, in_hash + 1, 42), 0); /* page again */
	assert_int_equal(gt_dmap_get(&d, in_hash + 1), 42);
	assert_int_equal(gt_dmap_get(&d, in_hash), UINT32_MAX);
	for (size_t k = 0; k < sizeof odd / sizeof *odd; k++) {
		gt_dmap_del(&d, odd[k]);
		assert_int_equal(gt_dmap_get(&d, odd[k]), UINT32_MAX);
	}
	gt_dmap_free(&d);
}

/* Goroutines that end before the next begins: the front page empties at
 * every step and comes back as the spare, whose slots must all read
 * absent; one page stays allocated throughout. */
static void test_one_at_a_time(void **state)
{
	(void)state;
	struct gt_dmap d = {0};
	for (int64_t id = 1; id < 20000; id++) {
		assert_int_equal(gt_dmap_put(&d, id, (uint32_t)id * 3), 0);
		assert_int_equal(gt_dmap_get(&d, id), (uint32_t)id * 3);
		for (int64_t k = id - 2; k <= id + 2; k++)
			if (k != id)
				assert_int_equal(gt_dmap_get(&d, k), UINT32_MAX);
		assert_int_equal(d.npages, 1);
		gt_dmap_del(&d, id);
		assert_int_equal(gt_dmap_get(&d, id), UINT32_MAX);
		assert_int_equal(d.npages, 0);
		assert_int_equal(d.big.len, 0);
	}
	/* a whole page filled after the spare came back: every slot clean */
	for (int64_t id = 40960; id < 40960 + 4096; id++)
		assert_int_equal(gt_dmap_get(&d, id), UINT32_MAX);
	for (int64_t id = 40960; id < 40960 + 4096; id += 2)
		assert_int_equal(gt_dmap_put(&d, id, 7), 0);
	for (int64_t id = 40960; id < 40960 + 4096; id++)
		assert_int_equal(gt_dmap_get(&d, id), id % 2 ? UINT32_MAX : 7u);
	gt_dmap_free(&d);
}

static void test_hash_then_page(void **state)
{
	(void)state;
	struct gt_dmap d = {0};
	/* fill the page allowance with sparse ids, so the next goes to the hash */
	for (int64_t i = 0; i < 40; i++)
		assert_int_equal(gt_dmap_put(&d, i * 4096, (uint32_t)i), 0);
	int64_t x = 50 * 4096 + 1;
	assert_int_equal(gt_dmap_put(&d, x, 7), 0);
	assert_null(x >> GT_DMAP_PBITS < (int64_t)d.ndir ? d.pages[x >> GT_DMAP_PBITS] : NULL);
	/* dense ids make pages allowed again, one lands on x's page */
	for (int64_t id = 1000000; id < 1100000; id++)
		assert_int_equal(gt_dmap_put(&d, id, 1), 0);
	assert_int_equal(gt_dmap_put(&d, x + 1, 8), 0);
	assert_non_null(d.pages[x >> GT_DMAP_PBITS]);
	assert_int_equal(gt_dmap_get(&d, x), 7);   /* still found, in the hash */
	assert_int_equal(gt_dmap_get(&d, x + 1), 8);
	gt_dmap_del(&d, x);
	assert_int_equal(gt_dmap_get(&d, x), UINT32_MAX);
	assert_int_equal(gt_dmap_get(&d, x + 1), 8);
	gt_dmap_free(&d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dense),
		cmocka_unit_test(test_sparse_and_odd),
		cmocka_unit_test(test_hash_then_page),
		cmocka_unit_test(test_one_at_a_time),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
