/* model_progress.c: gt_model_load's progress reports (the viewer's
 * loading line) on traces big enough to have them: the corpus's v1
 * churn_go119 (v1 reports come from the loader, per blocks of records)
 * and v2 esbuild_watch_go122 (the v2 reader reports itself), on one
 * thread and on two, and through both ways the decoders hand events
 * over (GTVIEW_LOAD_RECS: rec/rec.h's record path, or every event
 * through the sink).  Offsets must never go back or past the file, one
 * must come at least every 65536 events before the end, and the last
 * must be the whole file (SHOW=1 prints the counts).  A report that asks
 * to stop ends the load before the next report, with status GT_STOPPED. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tests/unit/slurp.h"

#include "model/model.h"

struct seen {
	uint64_t calls, before_end, last, total;
	uint64_t stop_at;       /* nonzero: ask to stop at this call */
	int back, past;
};

static int on_progress(void *ctx, uint64_t done, uint64_t total)
{
	struct seen *s = ctx;
	s->calls++;
	if (done < s->last)
		s->back = 1;
	if (done > total)
		s->past = 1;
	if (done < total)
		s->before_end++;
	s->last = done;
	s->total = total;
	return s->stop_at && s->calls >= s->stop_at;
}

static void check(const char *name)
{
	const char *corpus = getenv("GT_CORPUS");
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", corpus ? corpus : "../shared/corpus", name);
	size_t len = 0;
	uint8_t *buf = slurp(path, &len);
	if (!buf) {
		print_message("# %s: no corpus here, not checked\n", path);
		skip();
	}
	static const int ways[][2] = {{1, 0}, {2, 0}, {1, 1}, {2, 1}}; /* threads, no records */
	for (size_t w = 0; w < sizeof ways / sizeof ways[0]; w++) {
		struct gt_load_opts o;
		gt_load_opts_init(&o);
		o.threads = ways[w][0];
		o.no_records = ways[w][1];
		struct seen s = {0};
		struct gt_decode_result res;
		struct gt_model *m = gt_model_load_with(buf, len, 0, &o, on_progress, &s, &res);
		assert_non_null(m);
		assert_int_equal(res.status, GT_OK);
		/* a report every 65536 events (both decoders' step) */
		uint64_t want = res.events / 65536;
		if (getenv("SHOW") || s.before_end < want || s.back || s.past || s.last != len || s.total != len)
			print_message("# %s threads %d no records %d: %llu calls, %llu before the end, "
			              "last %llu of %llu, back %d, past %d\n",
			              name, ways[w][0], ways[w][1], (unsigned long long)s.calls,
			              (unsigned long long)s.before_end, (unsigned long long)s.last,
			              (unsigned long long)len, s.back, s.past);
		assert_true(want >= 3);
		assert_true(s.before_end >= want);
		assert_false(s.back);
		assert_false(s.past);
		assert_int_equal(s.last, len);
		assert_int_equal(s.total, len);
		uint64_t all = res.events;
		gt_model_free(m);
		/* asked to stop at the second report: it stops before the next
		 * one, keeping what came before, and says so */
		struct seen t = {.stop_at = 2};
		m = gt_model_load(buf, len, 0, on_progress, &t, &res);
		assert_non_null(m);
		assert_int_equal(res.status, GT_STOPPED);
		assert_int_equal(t.calls, 2);
		assert_true(res.events > 0 && res.events < all);
		struct gt_trace_info info;
		gt_model_info(m, &info);
		assert_true(info.events > 0 && info.events <= res.events);
		gt_model_free(m);
	}
	free(buf);
}

static void test_v1(void **state)
{
	(void)state;
	check("v1/churn_go119.trace");
}

static void test_v2(void **state)
{
	(void)state;
	check("v2/esbuild_watch_go122.trace");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_v1),
		cmocka_unit_test(test_v2),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
