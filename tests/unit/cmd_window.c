/* cmd_window.c: cmd/window.c: `--window FROM:TO` parsing, its open ends
 * and what it refuses. */
#include "cmd/window.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

static struct gt_window ok(const char *s)
{
	struct gt_window w = {0, 0};
	const char *why = NULL;
	assert_int_equal(gt_window_parse(s, &w, &why), 0);
	return w;
}

static const char *bad(const char *s)
{
	struct gt_window w = {7, 9};
	const char *why = NULL;
	assert_int_equal(gt_window_parse(s, &w, &why), -1);
	assert_non_null(why);
	assert_true(w.t0 == 7 && w.t1 == 9); /* left alone */
	return why;
}

static void both_ends(void **state)
{
	(void)state;
	struct gt_window w = ok("100:250");
	assert_true(w.t0 == 100 && w.t1 == 250);
	w = ok("0:9223372036854775807");
	assert_true(w.t0 == 0 && w.t1 == INT64_MAX);
}

/* The clock of an old-format trace starts at -1 (stats' min_ts): a
 * window may start, or end, below zero. */
static void negative_ends(void **state)
{
	(void)state;
	struct gt_window w = ok("-1:250");
	assert_true(w.t0 == -1 && w.t1 == 250);
	w = ok("-5:-2");
	assert_true(w.t0 == -5 && w.t1 == -2);
	w = ok("-1:");
	assert_true(w.t0 == -1 && w.t1 == INT64_MAX);
	w = ok("-9223372036854775808:-9223372036854775807");
	assert_true(w.t0 == INT64_MIN && w.t1 == INT64_MIN + 1);
	w = ok("-0:1");
	assert_true(w.t0 == 0 && w.t1 == 1);
}

static void open_ends(void **state)
{
	(void)state;
	struct gt_window w = ok("100:");
	assert_true(w.t0 == 100 && w.t1 == INT64_MAX);
	w = ok(":250");
	assert_true(w.t0 == INT64_MIN && w.t1 == 250);
	w = ok(":");
	assert_true(w.t0 == INT64_MIN && w.t1 == INT64_MAX);
	struct gt_window all = gt_window_all();
	assert_true(all.t0 == INT64_MIN && all.t1 == INT64_MAX);
}

static void refused(void **state)
{
	(void)state;
	assert_string_equal(bad("5:-10"), "FROM must be below TO");
	assert_string_equal(bad("-:10"), "FROM is not a number of nanoseconds");
	assert_string_equal(bad("--1:10"), "FROM is not a number of nanoseconds");
	assert_string_equal(bad("-9223372036854775809:"), "FROM is too small");
	assert_string_equal(bad(":-99999999999999999999"), "TO is too small");
	assert_string_equal(bad("10:10"), "FROM must be below TO");
	assert_string_equal(bad("20:10"), "FROM must be below TO");
	assert_string_equal(bad("9223372036854775808:"), "FROM is too large");
	assert_string_equal(bad(":99999999999999999999"), "TO is too large");
	assert_string_equal(bad("1e9:2e9"), "FROM is not a number of nanoseconds");
	assert_string_equal(bad("1: 2"), "TO is not a number of nanoseconds");
	assert_string_equal(bad("+1:2"), "FROM is not a number of nanoseconds");
	bad("12");
	bad("");
	bad("1:2:3");
	bad(NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(both_ends),
		cmocka_unit_test(open_ends),
		cmocka_unit_test(negative_ends),
		cmocka_unit_test(refused),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
