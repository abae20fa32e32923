/* threads.c: `gtview threads [--json]`: per thread (M) its running and
 * syscall time, the goroutines it ran and its syscalls
 * (gt_model_threads). */
#include "report/report.h"
#include "report/escape.h"
#include "report/int.h"

#include <inttypes.h>
#include <stdlib.h>

static void row_json(FILE *fp, const struct gt_model *m, const struct gt_mfig *f)
{
	fprintf(fp, "{\"m\":%" PRId64 ",\"running_ns\":%" PRId64 ",\"syscall_ns\":%" PRId64
	        ",\"goroutines\":%u,\"syscalls\":{\"count\":%u,\"blocked\":%u", f->m, f->running_ns,
	        f->syscall_ns, f->goroutines, f->syscalls, f->blocked);
	if (f->longest_gi != UINT32_MAX) {
		fprintf(fp, ",\"longest\":{\"ns\":%" PRId64 ",\"start_ns\":%" PRId64 ",\"g\":%" PRId64
		        ",\"func\":", f->longest_ns, f->longest_start, gt_model_g_id(m, f->longest_gi));
		gt_json_str(fp, gt_model_str(m, gt_model_syscall_func(m, f->longest_stack)));
		fputs(",\"stack\":", fp);
		gt_json_stack(fp, m, f->longest_stack);
		fputc('}', fp);
	}
	fputs("}}\n", fp);
}

static void row_text(FILE *fp, const struct gt_model *m, const struct gt_mfig *f)
{
	char id[32], a[32], b[32], c[32];
	if (f->m == GT_NONE)
		snprintf(id, sizeof id, "unknown");
	else
		snprintf(id, sizeof id, "M%" PRId64, f->m);
	fprintf(fp, "%-10s %10s %10s %10u %8u %8u", id, gt_report_dur(a, sizeof a, f->running_ns),
	        gt_report_dur(b, sizeof b, f->syscall_ns), f->goroutines, f->syscalls, f->blocked);
	if (f->longest_gi == UINT32_MAX) {
		fputs("  -\n", fp);
		return;
	}
	const char *fn = gt_model_str(m, gt_model_syscall_func(m, f->longest_stack));
	fprintf(fp, "  %s G%" PRId64 " ", gt_report_dur(c, sizeof c, f->longest_ns),
	        gt_model_g_id(m, f->longest_gi));
	gt_esc_puts(fp, *fn ? fn : "(no stack)");
	fputc('\n', fp);
}

int gt_report_threads(FILE *fp, const struct gt_model *m, int flags, int64_t t0, int64_t t1)
{
	struct gt_mfig *f;
	uint32_t n;
	if (gt_model_threads(m, t0, t1, &f, &n) < 0)
		return -1;
	if (flags & GT_REPORT_JSON) {
		for (uint32_t i = 0; i < n; i++)
			row_json(fp, m, &f[i]);
	} else {
		fprintf(fp, "%-10s %10s %10s %10s %8s %8s  %s\n", "THREAD", "RUNNING", "SYSCALL",
		        "GOROUTINES", "SYSCALLS", "BLOCKED", "LONGEST SYSCALL");
		for (uint32_t i = 0; i < n; i++)
			row_text(fp, m, &f[i]);
		/* the longest syscalls' stacks, after the table */
		for (uint32_t i = 0; i < n; i++) {
			if (f[i].longest_gi == UINT32_MAX)
				continue;
			if (f[i].m == GT_NONE)
				fputs("\nunknown thread, longest syscall:\n", fp);
			else
				fprintf(fp, "\nM%" PRId64 ", longest syscall:\n", f[i].m);
			gt_text_stack(fp, m, f[i].longest_stack, "  ");
		}
	}
	free(f);
	return ferror(fp) ? -1 : 0;
}
