/* tables_basic.c: decode/tables.c: interning strings, frames and stacks
 * gives stable, deduplicated ids; string pointers never move. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "decode/tables.h"

static void strings_dedup(void **state)
{
	(void)state;
	struct gt_tables *t = gt_tables_new();
	assert_non_null(t);
	assert_int_equal(gt_str_intern(t, "", 0), 0);
	assert_string_equal(gt_str_get(t, 0), "");
	gt_str a = gt_str_intern(t, "runtime.gopark", 14);
	const char *pa = gt_str_get(t, a);
	char buf[32];
	for (int i = 0; i < 100000; i++) {
		int n = snprintf(buf, sizeof buf, "s%d", i);
		assert_int_equal(gt_str_intern(t, buf, (size_t)n), a + 1 + (gt_str)i);
	}
	/* the first string did not move, and interning again finds it */
	assert_ptr_equal(gt_str_get(t, a), pa);
	assert_int_equal(gt_str_intern(t, "runtime.gopark", 14), a);
	assert_int_equal(gt_str_intern(t, "s99999", 6), a + 100000);
	assert_int_equal(gt_str_len(t, a), 14);
	/* embedded NULs and a long string */
	assert_int_not_equal(gt_str_intern(t, "a\0b", 3), gt_str_intern(t, "a\0c", 3));
	static char big[200000];
	memset(big, 'x', sizeof big);
	gt_str b = gt_str_intern(t, big, sizeof big);
	assert_int_equal(gt_str_len(t, b), sizeof big);
	assert_int_equal(gt_str_intern(t, big, sizeof big), b);
	assert_int_equal(gt_str_count(t), b + 1);
	/* out of range ids read as "" */
	assert_string_equal(gt_str_get(t, b + 1000), "");
	gt_tables_free(t);
}

static void frames_and_stacks(void **state)
{
	(void)state;
	struct gt_tables *t = gt_tables_new();
	assert_non_null(t);
	gt_str fn = gt_str_intern(t, "main.main", 9), file = gt_str_intern(t, "main.go", 7);
	struct gt_frame f = {0x401000, fn, file, 12};
	uint32_t f1 = gt_frame_intern(t, &f);
	assert_int_equal(f1, 1);
	assert_int_equal(gt_frame_intern(t, &f), f1);
	f.line = 13;
	uint32_t f2 = gt_frame_intern(t, &f);
	assert_int_not_equal(f2, f1);
	assert_int_equal(gt_frame_get(t, f2)->line, 13);
	assert_null(gt_frame_get(t, 0));

	assert_int_equal(gt_stack_intern(t, NULL, 0), 0);
	assert_int_equal(gt_stack_depth(t, 0), 0);
	uint32_t s1[] = {f1, f2}, s2[] = {f2, f1};
	gt_stack a = gt_stack_intern(t, s1, 2), b = gt_stack_intern(t, s2, 2);
	assert_int_not_equal(a, 0);
	assert_int_not_equal(a, b);
	assert_int_equal(gt_stack_intern(t, s1, 2), a);
	assert_int_equal(gt_stack_intern(t, s1, 1), gt_stack_intern(t, s1, 1));
	assert_int_equal(gt_stack_depth(t, a), 2);
	assert_int_equal(gt_stack_frames(t, b)[0], f2);
	/* many stacks: ids stay dense and lookups stable */
	uint32_t fr[8];
	for (uint32_t i = 0; i < 50000; i++) {
		for (int k = 0; k < 8; k++)
			fr[k] = i + (uint32_t)k;
		gt_stack s = gt_stack_intern(t, fr, 1 + i % 8);
		assert_int_equal(gt_stack_intern(t, fr, 1 + i % 8), s);
		assert_int_equal(gt_stack_frames(t, s)[0], i);
	}
	assert_true(gt_stack_count(t) >= 50000);
	assert_true(gt_tables_bytes(t) > 50000 * 4);
	gt_tables_free(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(strings_dedup),
		cmocka_unit_test(frames_and_stacks),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
