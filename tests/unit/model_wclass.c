/* model_wclass.c: wait classes from Go's wait reasons (gt_wait_class):
 * every reason Go's runtime gives a blocked goroutine (traceBlockReason,
 * Go 1.22+) and the old formats' conversion gives (decode/v1/convert.c)
 * falls in the class gtview(1) names; anything else, or none, is other. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "model/model.h"

static void test_classes(void **state)
{
	(void)state;
	static const struct {
		const char *reason;
		enum gt_wait_class c;
	} want[] = {
		{"chan receive", GT_WC_CHAN}, {"chan send", GT_WC_CHAN}, {"select", GT_WC_CHAN},
		{"forever", GT_WC_CHAN}, {"sync", GT_WC_SYNC}, {"sync.(*Cond).Wait", GT_WC_SYNC},
		{"synctest", GT_WC_SYNC}, {"network", GT_WC_NET}, {"sleep", GT_WC_SLEEP},
		{"GC mark assist wait for work", GT_WC_GC}, {"GC background sweeper wait", GT_WC_GC},
		{"GC weak to strong wait", GT_WC_GC}, {"wait until GC ends", GT_WC_GC},
		{"system goroutine wait", GT_WC_GC}, {"preempted", GT_WC_GC},
		{"wait for debug call", GT_WC_GC}, {"", GT_WC_OTHER}, {"unspecified", GT_WC_OTHER},
		{"chan", GT_WC_OTHER}, {"Sleep", GT_WC_OTHER}, {"runtime.Gosched", GT_WC_OTHER},
	};
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		if (gt_wait_class(want[i].reason) != want[i].c)
			print_message("reason \"%s\"\n", want[i].reason);
		assert_int_equal(gt_wait_class(want[i].reason), want[i].c);
	}
	assert_int_equal(gt_wait_class(NULL), GT_WC_OTHER);
}

static void test_names(void **state)
{
	(void)state;
	static const char *const names[GT_WC__COUNT] = {
		"chan/select", "sync", "network/IO", "sleep/timer", "GC/runtime", "other",
	};
	for (int c = 0; c < GT_WC__COUNT; c++)
		assert_string_equal(gt_wait_class_name((enum gt_wait_class)c), names[c]);
	assert_string_equal(gt_wait_class_name(GT_WC__COUNT), "other");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_classes),
		cmocka_unit_test(test_names),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
