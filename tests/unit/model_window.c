/* model_window.c: the window queries agree with each other and add up
 * (and give the same on one thread and on two):
 * gt_model_window_stats' goroutine time equals the sum of the groups of
 * gt_model_groups_by_func and of gt_model_g_window over the same window;
 * for three adjacent windows, every additive figure of the parts sums to
 * the union's; the top lists are sorted and within the window. */
#include "model/model.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tests/unit/slurp.h"

static void agree(const struct gt_model *m, int64_t t0, int64_t t1, struct gt_wstats *w)
{
	assert_int_equal(gt_model_window_stats(m, t0, t1, w), 0);
	struct gt_ggroups gs;
	assert_int_equal(gt_model_groups_by_func(m, t0, t1, &gs), 0);
	int64_t ns[GT_GS__COUNT] = {0}, one[GT_GS__COUNT];
	uint32_t count = 0;
	for (uint32_t k = 0; k < gs.n; k++) {
		count += gs.group[k].count;
		for (int s = 0; s < GT_GS__COUNT; s++)
			ns[s] += gs.group[k].ns[s];
	}
	assert_int_equal(count, w->goroutines);
	for (int s = 0; s < GT_GS__COUNT; s++)
		assert_true(ns[s] == w->g_ns[s]);
	for (int i = 0; i < GT_WSTATS_TOP; i++) {
		if (w->ran[i].gi == UINT32_MAX)
			break;
		gt_model_g_window(m, w->ran[i].gi, t0, t1, one, NULL, NULL);
		assert_true(one[GT_GS_RUNNING] == w->ran[i].ns);
		assert_true(i == 0 || w->ran[i - 1].ns >= w->ran[i].ns);
		assert_true(w->ran[i].ns <= w->t1 - w->t0);
	}
	for (uint32_t i = 1; i < w->nwaits; i++)
		assert_true(w->waits[i - 1].ns >= w->waits[i].ns);
	gt_ggroups_free(&gs);
}

/* The groups on one thread and on two (forced) are the same. */
static void same_on_two_threads(const struct gt_model *m, int64_t t0, int64_t t1)
{
	struct gt_ggroups g[2];
	struct gt_wstats w[2];
	for (int k = 0; k < 2; k++) {
		setenv("GTVIEW_LOAD_THREADS", k ? "2" : "1", 1);
		assert_int_equal(gt_model_groups_by_func(m, t0, t1, &g[k]), 0);
		assert_int_equal(gt_model_window_stats(m, t0, t1, &w[k]), 0);
	}
	unsetenv("GTVIEW_LOAD_THREADS");
	assert_int_equal(g[0].n, g[1].n);
	uint32_t members = 0, reasons = 0;
	for (uint32_t i = 0; i < g[0].n; i++) {
		assert_memory_equal(&g[0].group[i], &g[1].group[i], sizeof g[0].group[i]);
		members += g[0].group[i].count;
		reasons += g[0].group[i].nreasons;
	}
	assert_memory_equal(g[0].member, g[1].member, members * sizeof *g[0].member);
	/* the figures alone: the same groups and reasons, no members */
	struct gt_ggroups f;
	assert_int_equal(gt_model_groups_by_func_figures(m, t0, t1, &f), 0);
	assert_int_equal(f.n, g[0].n);
	assert_null(f.member);
	for (uint32_t i = 0; i < f.n; i++) {
		assert_true(f.group[i].start_func == g[0].group[i].start_func &&
		            f.group[i].count == g[0].group[i].count && f.group[i].members == 0 &&
		            f.group[i].reasons == g[0].group[i].reasons &&
		            f.group[i].nreasons == g[0].group[i].nreasons);
		assert_memory_equal(f.group[i].ns, g[0].group[i].ns, sizeof f.group[i].ns);
	}
	for (uint32_t i = 0; i < reasons; i++)
		assert_true(f.reason[i].reason == g[0].reason[i].reason &&
		            f.reason[i].group == g[0].reason[i].group && f.reason[i].ns == g[0].reason[i].ns);
	gt_ggroups_free(&f);
	for (uint32_t i = 0; i < reasons; i++)
		assert_true(g[0].reason[i].reason == g[1].reason[i].reason &&
		            g[0].reason[i].group == g[1].reason[i].group &&
		            g[0].reason[i].ns == g[1].reason[i].ns);
	/* field by field: struct gt_wtop has padding */
	assert_int_equal(w[0].goroutines, w[1].goroutines);
	assert_memory_equal(w[0].g_ns, w[1].g_ns, sizeof w[0].g_ns);
	assert_memory_equal(w[0].transitions, w[1].transitions, sizeof w[0].transitions);
	for (int i = 0; i < GT_WSTATS_TOP; i++)
		assert_true(w[0].ran[i].gi == w[1].ran[i].gi && w[0].ran[i].ns == w[1].ran[i].ns &&
		            w[0].waited[i].gi == w[1].waited[i].gi && w[0].waited[i].ns == w[1].waited[i].ns);
	assert_int_equal(w[0].nwaits, w[1].nwaits);
	assert_memory_equal(w[0].waits, w[1].waits, w[0].nwaits * sizeof w[0].waits[0]);
	gt_ggroups_free(&g[0]);
	gt_ggroups_free(&g[1]);
}

/* A goroutine's reasons, as fn hears them. */
struct heard {
	gt_str reason[256];
	int64_t ns[256];
	int n;
};

static void hear(void *ctx, gt_str reason, int64_t ns)
{
	struct heard *h = ctx;
	assert_true(h->n < 256);
	h->reason[h->n] = reason;
	h->ns[h->n++] = ns;
}

/* gt_model_g_reasons, one walk for a row of `goroutines --json`, against
 * the two it stands for: gt_model_g's facts and gt_model_g_window's
 * Waiting time by reason over the whole trace, in its order. */
static void reasons_in_one_walk(const struct gt_model *m)
{
	for (uint32_t gi = 0, n = gt_model_g_count(m); gi < n; gi++) {
		struct gt_goroutine a, b;
		struct heard ha = {.n = 0}, hb = {.n = 0};
		int64_t ns[GT_GS__COUNT];
		assert_int_equal(gt_model_g(m, gi, &a), 0);
		gt_model_g_window(m, gi, INT64_MIN, INT64_MAX, ns, hear, &ha);
		assert_int_equal(gt_model_g_reasons(m, gi, &b, hear, &hb), 0);
		assert_memory_equal(&a, &b, sizeof a);
		assert_memory_equal(ns, b.ns, sizeof ns);
		assert_int_equal(ha.n, hb.n);
		assert_memory_equal(ha.reason, hb.reason, (size_t)ha.n * sizeof ha.reason[0]);
		assert_memory_equal(ha.ns, hb.ns, (size_t)ha.n * sizeof ha.ns[0]);
	}
}

/* The ids in rank order (packed, gquery.c) are the ranks' goroutines'
 * ids, ascending. */
static void rank_ids(const struct gt_model *m)
{
	for (uint32_t r = 0, n = gt_model_g_count(m); r < n; r++) {
		int64_t id = gt_model_g_rank_id(m, r);
		assert_true(id == gt_model_g_id(m, gt_model_g_by_id(m, r)));
		assert_true(r == 0 || gt_model_g_rank_id(m, r - 1) <= id);
	}
}

static void check(const char *path)
{
	size_t len;
	uint8_t *buf = slurp(path, &len);
	if (!buf) {
		print_message("# %s: absent, not checked\n", path);
		skip();
	}
	struct gt_decode_result res;
	struct gt_model *m = gt_model_load(buf, len, 0, NULL, NULL, &res);
	assert_non_null(m);
	struct gt_trace_info info;
	gt_model_info(m, &info);
	int64_t d = info.max_ts - info.min_ts;
	int64_t e[4] = {info.min_ts, info.min_ts + d / 3, info.min_ts + d / 3 + d / 5, info.max_ts + 1};
	struct gt_wstats all, part[3];
	agree(m, e[0], e[3], &all);
	int64_t g[GT_GS__COUNT] = {0}, gc = 0, stw = 0, assist = 0;
	uint32_t tr[GT_GS__COUNT] = {0}, regions = 0, tasks = 0, logs = 0, samples = 0;
	for (int k = 0; k < 3; k++) {
		agree(m, e[k], e[k + 1], &part[k]);
		for (int s = 0; s < GT_GS__COUNT; s++) {
			g[s] += part[k].g_ns[s];
			tr[s] += part[k].transitions[s];
		}
		gc += part[k].gc_ns;
		stw += part[k].stw_ns;
		assist += part[k].assist_ns;
		regions += part[k].regions;
		tasks += part[k].tasks;
		logs += part[k].logs;
		samples += part[k].samples;
	}
	for (int s = 0; s < GT_GS__COUNT; s++) {
		assert_true(g[s] == all.g_ns[s]);
		assert_int_equal(tr[s], all.transitions[s]);
	}
	assert_true(gc == all.gc_ns && stw == all.stw_ns && assist == all.assist_ns);
	assert_int_equal(regions, all.regions);
	assert_int_equal(tasks, all.tasks);
	assert_int_equal(logs, all.logs);
	assert_int_equal(samples, all.samples);
	assert_int_equal(all.samples, info.cpu_samples);
	assert_true(all.gc_ns <= all.t1 - all.t0 && all.stw_ns <= all.t1 - all.t0);
	assert_true(all.goroutines > 0 && all.ran[0].gi != UINT32_MAX);
	reasons_in_one_walk(m);
	rank_ids(m);
	same_on_two_threads(m, e[0], e[3]);
	same_on_two_threads(m, e[1], e[2]);
	/* an empty window: nothing */
	struct gt_wstats none;
	assert_int_equal(gt_model_window_stats(m, info.max_ts + 10, info.max_ts + 20, &none), 0);
	assert_int_equal(none.goroutines, 0);
	assert_true(none.gc_ns == 0 && none.ran[0].gi == UINT32_MAX);
	gt_model_free(m);
	free(buf);
}

static void basic(void **state) { (void)state; check("tests/fixtures/v1/basic_go119.trace"); }
static void cpu(void **state) { (void)state; check("tests/fixtures/v1/cpu_go119.trace"); }
static void esbuild(void **state) { (void)state; check("tests/fixtures/esbuild_go126.trace"); }

static void corpus(void **state)
{
	(void)state;
	const char *c = getenv("GT_CORPUS");
	char path[4096];
	snprintf(path, sizeof path, "%s/v1/stress_1_19_good.trace", c ? c : "../shared/corpus");
	check(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(basic),
		cmocka_unit_test(cpu),
		cmocka_unit_test(esbuild),
		cmocka_unit_test(corpus),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
