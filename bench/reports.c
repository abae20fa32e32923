/* reports.c: how long the aggregate reports take on a loaded model (`make
 * bench` runs it): the goroutine groups by start function, a window's
 * statistics, the four blocking profiles (`gtview pprof --kind`) and the
 * annotations, over the whole trace and over a window
 * of 1% of it in the middle, and the per-goroutine rows and the regions
 * and gc reports as the commands print them (to /dev/null); the rows'
 * queries alone (their facts and window figures, no output), and what the
 * GC view works out in the background when it opens (every cycle's
 * figures and the MMU).  Each query runs 3 times; the best wall clock is
 * printed, in ms, and the best CPU time of the process (both threads of
 * the two-thread passes: on a busy host, the steadier figure).  The MMU's utilization steps are built at the first MMU
 * query and kept with the model: that first call is timed apart (once),
 * before the gc report and the GC view's figures, which then reuse them
 * (a command or a viewer pays it once, at its first MMU).  Then the
 * search query (gt_model_find, counts only) for a text in some stacks and
 * for one in nearly every stack.  Last, the threads' figures (`gtview
 * threads`) and the viewer's thread lanes, built at the first M lane
 * query and kept with the model: timed once, as the MMU steps.  Then
 * the single sched waits (`gtview waits --kind sched`): the whole list,
 * longest first, and its first 10.
 * Target: each well under a second on the big traces.
 *
 *   bench-reports [--only PREFIX] TRACE...
 *
 * --only: just the queries whose name begins with PREFIX (while working
 * on one of them).
 */
#include "model/model.h"
#include "model/profile.h"
#include "model/waits.h"
#include "report/report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench/map_file.h"

static double clock_s(clockid_t id)
{
	struct timespec ts;
	clock_gettime(id, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static double now(void)
{
	return clock_s(CLOCK_MONOTONIC);
}

enum { GROUPS, WSTATS, PNET, PSYNC, PSYSCALL, PSCHED, ANNOT, ROWS, ROWQ, REGIONS, STEPS, GC,
       GCVIEW, SEARCH_FN, SEARCH_ALL, THREADS, MLANES, WAITS_SCHED, WAITS_SCHED10 };
static const char *const names[] = {
	"groups by func", "window stats", "pprof net", "pprof sync", "pprof syscall",
	"pprof sched", "annotations", "goroutines --json rows",
	"  their queries alone", "regions --json", "MMU steps (1st MMU)", "gc --json",
	"GC view figures", "search chanrecv --count", "search runtime --count",
	"threads --json figures", "thread lanes (1st M lane)",
	"waits sched, the whole list", "waits sched --limit 10"};

static void no_reason(void *ctx, gt_str reason, int64_t ns)
{
	(void)ctx;
	(void)reason;
	(void)ns;
}

static int no_mrun(void *ctx, const struct gt_mrun *r)
{
	(void)ctx;
	(void)r;
	return 1;
}

static int run(const struct gt_model *m, int what, int64_t t0, int64_t t1, FILE *null)
{
	switch (what) {
	case GROUPS: {
		struct gt_ggroups g;
		if (gt_model_groups_by_func(m, t0, t1, &g) < 0)
			return -1;
		gt_ggroups_free(&g);
		return 0;
	}
	case WSTATS: {
		struct gt_wstats w;
		return gt_model_window_stats(m, t0, t1, &w);
	}
	case PNET:
	case PSYNC:
	case PSYSCALL:
	case PSCHED: {
		struct gt_prof p;
		if (gt_prof_compute(m, GT_PROF_NET + (what - PNET), t0, t1, &p) < 0)
			return -1;
		gt_prof_free(&p);
		return 0;
	}
	case ANNOT: {
		struct gt_annotations a;
		if (gt_model_annotations(m, t0, t1, &a) < 0)
			return -1;
		gt_annotations_free(&a);
		return 0;
	}
	case ROWS: return gt_report_goroutines_window(null, m, GT_REPORT_JSON, t0, t1);
	case ROWQ: /* what the rows read, as report/grows.c reads them (one thread) */
		for (uint32_t r = 0, n = gt_model_g_count(m); r < n; r++) {
			uint32_t gi = gt_model_g_by_id(m, r);
			struct gt_goroutine g;
			int64_t ns[GT_GS__COUNT];
			if (gi == UINT32_MAX)
				return -1;
			if (t0 == INT64_MIN) {
				if (gt_model_g_reasons(m, gi, &g, no_reason, NULL) < 0)
					return -1;
				continue;
			}
			if (!gt_model_g_may_meet(m, gi, t0, t1) ||
			    !gt_model_g_window(m, gi, t0, t1, ns, no_reason, NULL))
				continue;
			if (gt_model_g(m, gi, &g) < 0)
				return -1;
		}
		return 0;
	case REGIONS: return gt_report_regions(null, m, GT_REPORT_JSON, t0, t1);
	case STEPS: {
		int64_t w = 1000000;
		double u;
		gt_model_mmus(m, &w, 1, &u); /* without data: nothing to time */
		return 0;
	}
	case GC: return gt_report_gc_window(null, m, GT_REPORT_JSON, t0, t1);
	case SEARCH_FN: /* a function in some stacks; then one in nearly all */
	case SEARCH_ALL: {
		const char *text = what == SEARCH_FN ? "chanrecv" : "runtime";
		struct gt_find_opts o = {.t0 = t0, .t1 = t1};
		struct gt_find_result r;
		if (gt_model_find(m, text, strlen(text), &o, &r) < 0)
			return -1;
		gt_find_result_free(&r);
		return 0;
	}
	case GCVIEW: { /* tui/gc_figures.c's work */
		static const int64_t w3[3] = {1000000, 10000000, 100000000};
		int64_t w[GT_MMU_CURVE_POINTS];
		double u[GT_MMU_CURVE_POINTS], u3[3];
		gt_model_mmu_curve(m, w, u, GT_MMU_CURVE_POINTS);
		gt_model_mmus(m, w3, 3, u3);
		size_t n;
		gt_model_ranges(m, GT_RS_GC, &n);
		for (size_t i = 0; i < n; i++) {
			struct gt_gc_cycle c;
			gt_model_gc_cycle(m, i, &c);
		}
		return 0;
	}
	case THREADS: {
		struct gt_mfig *f;
		uint32_t n;
		if (gt_model_threads(m, t0, t1, &f, &n) < 0)
			return -1;
		free(f);
		return 0;
	}
	case WAITS_SCHED: /* gtview waits --kind sched, view 5's waits */
	case WAITS_SCHED10: {
		struct gt_waits w;
		if (gt_waits_list(m, GT_PROF_SCHED, t0, t1, 0, what == WAITS_SCHED ? 0 : 10, &w) < 0)
			return -1;
		gt_waits_free(&w);
		return 0;
	}
	case MLANES: /* the first query builds every thread's lane */
		gt_model_m_runs(m, 0, t0, t0 + 1, no_mrun, NULL);
		return 0;
	default:
		return -1;
	}
}

int main(int argc, char **argv)
{
	FILE *null = fopen("/dev/null", "w");
	const char *only = "";
	int first = 1;
	if (argc > 2 && !strcmp(argv[1], "--only"))
		only = argv[2], first = 3;
	if (argc <= first || !null) {
		fprintf(stderr, "usage: bench-reports [--only PREFIX] TRACE...\n");
		return 2;
	}
	for (int i = first; i < argc; i++) {
		size_t len;
		void *buf = bench_map_file("bench-reports", argv[i], &len);
		if (!buf)
			return 1;
		struct gt_decode_result res;
		double t = now();
		struct gt_model *m = gt_model_load(buf, len, 1, NULL, NULL, &res);
		if (!m)
			return 1;
		struct gt_trace_info info;
		gt_model_info(m, &info);
		printf("%s: %.1f MB, %u goroutines, loaded in %.0f ms\n", argv[i], (double)len / 1e6,
		       gt_model_g_count(m), (now() - t) * 1e3);
		int64_t d = info.max_ts - info.min_ts, mid = info.min_ts + d / 2;
		for (int what = GROUPS; what <= WAITS_SCHED10; what++) {
			if (strncmp(names[what], only, strlen(only)))
				continue;
			printf("  %-24s", names[what]);
			int once = what == STEPS || what == MLANES;
			for (int w = 0; w < (what == GCVIEW || once ? 1 : 2); w++) {
				int64_t t0 = w ? mid : INT64_MIN, t1 = w ? mid + d / 100 + 1 : INT64_MAX;
				double best = 1e30, best_cpu = 1e30;
				for (int k = 0; k < (once ? 1 : 3); k++) {
					double s = now(), c = clock_s(CLOCK_PROCESS_CPUTIME_ID);
					if (run(m, what, t0, t1, null) < 0) {
						fprintf(stderr, "bench-reports: out of memory\n");
						return 1;
					}
					double e = now() - s, ec = clock_s(CLOCK_PROCESS_CPUTIME_ID) - c;
					best = e < best ? e : best;
					best_cpu = ec < best_cpu ? ec : best_cpu;
				}
				printf("  %s %7.1f ms (cpu %6.1f)", w ? "1% window" : "whole", best * 1e3,
				       best_cpu * 1e3);
			}
			putchar('\n');
		}
		gt_model_free(m);
		munmap(buf, len);
	}
	fclose(null);
	return 0;
}
