/* gc.c: `gtview gc [--json]`: GC cycles with their mark assists,
 * stop-the-world pauses, the pause distribution and MMU. */
#include "report/report.h"
#include "report/int.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

struct pauses {
	size_t count;
	int64_t min, p50, p90, p99, max, total;
};

static int cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
	return (x > y) - (x < y);
}

/* Nearest-rank percentile of sorted v[0..n). */
static int64_t pct(const int64_t *v, size_t n, int p)
{
	size_t r = (size_t)((p * n + 99) / 100);
	return v[r ? r - 1 : 0];
}

/* Whether range r overlaps the window [t0, t1) (an instant one: lies in it). */
static int in_window(const struct gt_range *r, int64_t t0, int64_t t1)
{
	return r->start < t1 && (r->end > t0 || (r->start == r->end && r->start >= t0));
}

/* Pauses: STWs that began within the trace and ended within it, and
 * overlap the window. */
static int pause_stats(const struct gt_model *m, struct pauses *ps, int64_t t0, int64_t t1)
{
	size_t n;
	const struct gt_range *r = gt_model_ranges(m, GT_RS_STW, &n);
	memset(ps, 0, sizeof *ps);
	int64_t *d = malloc((n ? n : 1) * sizeof *d);
	if (!d)
		return -1;
	for (size_t i = 0; i < n; i++)
		if (!r[i].active_at_start && !r[i].open_at_end && in_window(&r[i], t0, t1))
			d[ps->count++] = r[i].end - r[i].start;
	qsort(d, ps->count, sizeof *d, cmp_i64);
	for (size_t i = 0; i < ps->count; i++)
		ps->total += d[i];
	if (ps->count) {
		ps->min = d[0];
		ps->max = d[ps->count - 1];
		ps->p50 = pct(d, ps->count, 50);
		ps->p90 = pct(d, ps->count, 90);
		ps->p99 = pct(d, ps->count, 99);
	}
	free(d);
	return 0;
}

/* With a window (not the whole trace): its GC figures, which add up over
 * adjacent windows (gt_model_window_stats). */
static void window_json(FILE *fp, const struct gt_model *m, int64_t t0, int64_t t1)
{
	struct gt_wstats w;
	if ((t0 == INT64_MIN && t1 == INT64_MAX) || gt_model_window_stats_gc(m, t0, t1, &w) < 0)
		return;
	fprintf(fp, "\"window\":{\"t0\":%" PRId64 ",\"t1\":%" PRId64 ",\"gc_ns\":%" PRId64
	        ",\"stw_ns\":%" PRId64 ",\"assist_ns\":%" PRId64 ",\"gc_cycles\":%u,\"stws\":%u"
	        ",\"assists\":%u},", w.t0, w.t1, w.gc_ns, w.stw_ns, w.assist_ns, w.gc_cycles, w.stws,
	        w.assists);
}

static void window_text(FILE *fp, const struct gt_model *m, int64_t t0, int64_t t1)
{
	struct gt_wstats w;
	if ((t0 == INT64_MIN && t1 == INT64_MAX) || gt_model_window_stats_gc(m, t0, t1, &w) < 0)
		return;
	char a[32], b[32], c[32], d[32];
	fprintf(fp, "Window of %s: GC %s, STW %s, %u assists %s; below, the %u of the"
	        " trace's cycles and %u of its pauses that overlap it\n\n",
	        gt_report_dur(a, sizeof a, w.t1 - w.t0), gt_report_dur(b, sizeof b, w.gc_ns),
	        gt_report_dur(c, sizeof c, w.stw_ns), w.assists, gt_report_dur(d, sizeof d, w.assist_ns),
	        w.gc_cycles, w.stws);
}

const char *gt_report_gc_cpu(char *buf, size_t size, const struct gt_gc_cpu *c)
{
	double k = c->capacity_ns > 0 ? 100.0 / (double)c->capacity_ns : 0;
	snprintf(buf, size, "GC used %.1f%% of the CPU: workers %.1f, assists %.1f, pauses %.1f",
	         c->fraction * 100, (double)c->workers_ns * k, (double)c->assist_ns * k,
	         (double)c->pause_ns * k);
	return buf;
}

static void gc_cpu_json(FILE *fp, const struct gt_gc_cpu *c)
{
	fprintf(fp, "\"gc_cpu_ns\":%" PRId64 ",\"gc_cpu_fraction\":%.6f,\"gc_cpu\":{\"workers_ns\":%"
	        PRId64 ",\"assist_ns\":%" PRId64 ",\"pause_ns\":%" PRId64 ",\"capacity_ns\":%" PRId64
	        "}", c->total_ns, c->fraction, c->workers_ns, c->assist_ns, c->pause_ns,
	        c->capacity_ns);
}

static const int64_t mmu_windows[3] = {1000000, 10000000, 100000000};
static const char *const mmu_names[3] = {"1ms", "10ms", "100ms"};

static void bytes_json(FILE *fp, const char *name, uint64_t v)
{
	if (v == UINT64_MAX)
		fprintf(fp, ",\"%s\":null", name);
	else
		fprintf(fp, ",\"%s\":%" PRIu64, name, v);
}

/* One cycle's figures (gt_model_gc_cycle) as a JSON object. */
static void cycle_json(FILE *fp, const struct gt_model *m, size_t i, int open_at_end)
{
	struct gt_gc_cycle c;
	gt_model_gc_cycle(m, i, &c);
	fprintf(fp, "{\"start\":%" PRId64 ",\"duration_ns\":%" PRId64 ",\"assists\":%" PRIu32
	        ",\"assist_ns\":%" PRId64 ",\"open_at_end\":%s",
	        c.start, c.end - c.start, c.assists, c.assist_ns, open_at_end ? "true" : "false");
	bytes_json(fp, "heap_before", c.heap_before);
	bytes_json(fp, "heap_after", c.heap_after);
	bytes_json(fp, "heap_goal", c.heap_goal);
	size_t ns;
	const struct gt_range *s = gt_model_ranges(m, GT_RS_STW, &ns);
	fputs(",\"pauses\":[", fp);
	for (size_t k = c.stw_first; k < c.stw_first + c.stw_count; k++) {
		fprintf(fp, "%s{\"reason\":", k > c.stw_first ? "," : "");
		gt_json_str(fp, gt_model_str(m, s[k].reason));
		fprintf(fp, ",\"start\":%" PRId64 ",\"duration_ns\":%" PRId64 "}", s[k].start, s[k].end - s[k].start);
	}
	fprintf(fp, "],\"pause_ns\":%" PRId64 ",", c.stw_ns);
	gc_cpu_json(fp, &c.cpu);
	fputs(",\"trigger\":", fp);
	if (c.trigger_g == GT_NONE && !c.trigger_stack) {
		fputs("null}", fp);
		return;
	}
	fputs("{\"g\":", fp);
	if (c.trigger_g == GT_NONE)
		fputs("null", fp);
	else
		fprintf(fp, "%" PRId64, c.trigger_g);
	fputs(",\"user_frame\":", fp);
	gt_json_str(fp, gt_frame_func_name(m, c.trigger_frame));
	fputs(",\"stack\":", fp);
	gt_json_stack(fp, m, c.trigger_stack);
	fputs("}}", fp);
}

static void gc_json(FILE *fp, const struct gt_model *m, const struct pauses *ps, int64_t t0,
                    int64_t t1)
{
	size_t n;
	const struct gt_range *c = gt_model_ranges(m, GT_RS_GC, &n);
	int first = 1;
	fputc('{', fp);
	window_json(fp, m, t0, t1);
	struct gt_gc_cpu cpu;
	gt_model_gc_cpu(m, t0, t1, &cpu);
	gc_cpu_json(fp, &cpu);
	fputc(',', fp);
	fputs("\"cycles\":[", fp);
	for (size_t i = 0; i < n; i++) {
		if (c[i].active_at_start || !in_window(&c[i], t0, t1))
			continue;
		fputs(first ? "" : ",", fp);
		cycle_json(fp, m, i, c[i].open_at_end);
		first = 0;
	}
	size_t ns;
	const struct gt_range *s = gt_model_ranges(m, GT_RS_STW, &ns);
	fputs("],\"stw\":[", fp);
	first = 1;
	for (size_t i = 0; i < ns; i++) {
		if (s[i].active_at_start || !in_window(&s[i], t0, t1))
			continue;
		fprintf(fp, "%s{\"reason\":", first ? "" : ",");
		gt_json_str(fp, gt_model_str(m, s[i].reason));
		fprintf(fp, ",\"start\":%" PRId64 ",\"duration_ns\":%" PRId64 ",\"open_at_end\":%s}",
		        s[i].start, s[i].end - s[i].start, s[i].open_at_end ? "true" : "false");
		first = 0;
	}
	fputs("],\"active_at_start\":[", fp);
	first = 1;
	for (int set = 0; set < 2; set++) {
		const struct gt_range *r = set ? s : c;
		size_t nr = set ? ns : n;
		for (size_t i = 0; i < nr; i++) {
			if (!r[i].active_at_start || !in_window(&r[i], t0, t1))
				continue;
			fprintf(fp, "%s{\"kind\":\"%s\",\"reason\":", first ? "" : ",", set ? "stw" : "gc");
			gt_json_str(fp, gt_model_str(m, r[i].reason));
			fprintf(fp, ",\"end\":%" PRId64 "}", r[i].end);
			first = 0;
		}
	}
	fprintf(fp, "],\"pauses\":{\"count\":%zu,\"min_ns\":%" PRId64 ",\"p50_ns\":%" PRId64
	        ",\"p90_ns\":%" PRId64 ",\"p99_ns\":%" PRId64 ",\"max_ns\":%" PRId64
	        ",\"total_ns\":%" PRId64 "},\"mmu\":{",
	        ps->count, ps->min, ps->p50, ps->p90, ps->p99, ps->max, ps->total);
	double mmu[3];
	gt_model_mmus(m, mmu_windows, 3, mmu);
	for (int k = 0; k < 3; k++) {
		double u = mmu[k];
		if (u < 0)
			fprintf(fp, "%s\"%s\":null", k ? "," : "", mmu_names[k]);
		else
			fprintf(fp, "%s\"%s\":%.6f", k ? "," : "", mmu_names[k], u);
	}
	fputs("},\"mmu_curve\":[", fp);
	int64_t w[GT_MMU_CURVE_POINTS];
	double u[GT_MMU_CURVE_POINTS];
	int nc = gt_model_mmu_curve(m, w, u, GT_MMU_CURVE_POINTS);
	for (int k = 0; k < nc; k++)
		fprintf(fp, "%s[%" PRId64 ",%.6f]", k ? "," : "", w[k], u[k]);
	fputs("]}\n", fp);
}

static void gc_text(FILE *fp, const struct gt_model *m, const struct pauses *ps, int64_t t0,
                    int64_t t1)
{
	struct gt_trace_info info;
	gt_model_info(m, &info);
	char a[32], b[32], c2[32], d[32], e[32], f[32];
	size_t n;
	const struct gt_range *c = gt_model_ranges(m, GT_RS_GC, &n);
	window_text(fp, m, t0, t1);
	struct gt_gc_cpu cpu;
	char line[160];
	gt_model_gc_cpu(m, t0, t1, &cpu);
	fprintf(fp, "%s\n\n", gt_report_gc_cpu(line, sizeof line, &cpu));
	fprintf(fp, "GC cycles: %u\n", info.gc_cycles);
	if (n)
		fprintf(fp, "  %5s %12s %12s %8s %12s %7s %11s %11s %11s %7s\n", "#", "START", "DURATION",
		        "ASSISTS", "ASSIST TIME", "PAUSES", "HEAP BEFORE", "HEAP AFTER", "HEAP GOAL",
		        "GC CPU");
	for (size_t i = 0; i < n; i++) {
		if (!in_window(&c[i], t0, t1))
			continue;
		struct gt_gc_cycle cy;
		gt_model_gc_cycle(m, i, &cy);
		char hb[32], ha[32], hg[32];
		fprintf(fp, "  %5zu %12s %12s %8" PRIu32 " %12s %7zu %11s %11s %11s %6.1f%%%s\n", i + 1,
		        gt_report_dur(a, sizeof a, c[i].start - info.min_ts),
		        gt_report_dur(b, sizeof b, c[i].end - c[i].start), cy.assists,
		        gt_report_dur(c2, sizeof c2, cy.assist_ns), cy.stw_count,
		        gt_report_mib(hb, sizeof hb, cy.heap_before), gt_report_mib(ha, sizeof ha, cy.heap_after),
		        gt_report_mib(hg, sizeof hg, cy.heap_goal), cy.cpu.fraction * 100,
		        c[i].active_at_start ? "  (active at start)" :
		        c[i].open_at_end ? "  (not ended)" : "");
	}
	size_t ns;
	const struct gt_range *s = gt_model_ranges(m, GT_RS_STW, &ns);
	fprintf(fp, "\nStop-the-world pauses: %u\n", info.stws);
	if (ns)
		fprintf(fp, "  %12s %12s  %s\n", "START", "DURATION", "REASON");
	for (size_t i = 0; i < ns; i++)
		if (in_window(&s[i], t0, t1))
{
			fprintf(fp, "  %12s %12s  ", gt_report_dur(a, sizeof a, s[i].start - info.min_ts),
			        gt_report_dur(b, sizeof b, s[i].end - s[i].start));
			gt_esc_puts(fp, gt_model_str(m, s[i].reason));
			fputs(s[i].active_at_start ? " (active at start)\n" :
			      s[i].open_at_end ? " (not ended)\n" : "\n", fp);
		}
	fprintf(fp, "\nPauses: %zu", ps->count);
	if (ps->count)
		fprintf(fp, "  min %s  p50 %s  p90 %s  p99 %s  max %s  total %s",
		        gt_report_dur(a, sizeof a, ps->min), gt_report_dur(b, sizeof b, ps->p50),
		        gt_report_dur(c2, sizeof c2, ps->p90), gt_report_dur(d, sizeof d, ps->p99),
		        gt_report_dur(e, sizeof e, ps->max), gt_report_dur(f, sizeof f, ps->total));
	fputs("\nMinimum mutator utilization:", fp);
	double mmu[3];
	gt_model_mmus(m, mmu_windows, 3, mmu);
	for (int k = 0; k < 3; k++) {
		double u = mmu[k];
		if (u < 0)
			fprintf(fp, "  %s -", mmu_names[k]);
		else
			fprintf(fp, "  %s %.1f%%", mmu_names[k], u * 100);
	}
	fputc('\n', fp);
}

int gt_report_gc(FILE *fp, const struct gt_model *m, int flags)
{
	return gt_report_gc_window(fp, m, flags, INT64_MIN, INT64_MAX);
}

int gt_report_gc_window(FILE *fp, const struct gt_model *m, int flags, int64_t t0, int64_t t1)
{
	struct pauses ps;
	if (pause_stats(m, &ps, t0, t1) < 0)
		return -1;
	if (flags & GT_REPORT_JSON)
		gc_json(fp, m, &ps, t0, t1);
	else
		gc_text(fp, m, &ps, t0, t1);
	return 0;
}

void gt_report_gtotals_add(struct gt_gtotals *t, const struct gt_goroutine *g)
{
	if (!g->intervals)
		return;
	t->by_state[g->end_state < GT_GS__COUNT ? g->end_state : 0]++;
	for (int k = 0; k < GT_GS__COUNT; k++)
		t->ns[k] += g->ns[k];
}

void gt_report_stats_headlines(FILE *fp, const struct gt_model *m, const struct gt_gtotals *tot)
{
	const uint32_t *by_state = tot->by_state;
	const int64_t *ns = tot->ns;
	char a[32], b[32], c[32], d[32];
	fprintf(fp, "goroutine time: running %s, runnable %s, syscall %s, waiting %s\n",
	        gt_report_dur(a, sizeof a, ns[GT_GS_RUNNING]), gt_report_dur(b, sizeof b, ns[GT_GS_RUNNABLE]),
	        gt_report_dur(c, sizeof c, ns[GT_GS_SYSCALL]), gt_report_dur(d, sizeof d, ns[GT_GS_WAITING]));
	fprintf(fp, "goroutines at end: %u waiting, %u runnable, %u running, %u in syscall, %u ended\n",
	        by_state[GT_GS_WAITING], by_state[GT_GS_RUNNABLE], by_state[GT_GS_RUNNING],
	        by_state[GT_GS_SYSCALL], by_state[GT_GS_NOTEXIST]);
	struct pauses ps;
	struct gt_trace_info info;
	gt_model_info(m, &info);
	if (pause_stats(m, &ps, INT64_MIN, INT64_MAX) == 0) {
		fprintf(fp, "GC: %u cycles, %zu STW pauses", info.gc_cycles, ps.count);
		if (ps.count)
			fprintf(fp, " (p50 %s, max %s, total %s)", gt_report_dur(a, sizeof a, ps.p50),
			        gt_report_dur(b, sizeof b, ps.max), gt_report_dur(c, sizeof c, ps.total));
		double u = tot->have_mmu ? tot->mmu_10ms : gt_model_mmu(m, 10000000);
		if (u >= 0)
			fprintf(fp, ", MMU(10ms) %.1f%%", u * 100);
		fputc('\n', fp);
	}
}
