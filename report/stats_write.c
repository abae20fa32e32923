/* stats_write.c: `gtview stats` (model/stats.h's figures) as text or
 * JSON, with the meanings of the corpus oracle. */
#include "report/report.h"
#include "report/int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void json_gstr(FILE *out, const struct gt_tables *t, gt_str id)
{
	gt_json_strn(out, gt_str_get(t, id), gt_str_len(t, id));
}

/* by_kind keys, sorted by name as the oracle writes them. */
struct kv { const char *k; uint64_t v; };

static int cmp_kv(const void *a, const void *b)
{
	return strcmp(((const struct kv *)a)->k, ((const struct kv *)b)->k);
}

static size_t kind_counts(const struct gt_stats *s, struct kv *kv)
{
	size_t n = 0;
	for (int k = 0; k < GT_EV__COUNT; k++)
		if (s->by_kind[k])
			kv[n++] = (struct kv){gt_kind_name(k), s->by_kind[k]};
	if (s->trans_goroutine)
		kv[n++] = (struct kv){"StateTransition/Goroutine", s->trans_goroutine};
	if (s->trans_proc)
		kv[n++] = (struct kv){"StateTransition/Proc", s->trans_proc};
	qsort(kv, n, sizeof *kv, cmp_kv);
	return n;
}

static size_t state_counts(const struct gt_stats *s, struct kv *kv)
{
	size_t n = 0;
	for (int k = 0; k < GT_GS__COUNT; k++)
		if (s->final_states[k])
			kv[n++] = (struct kv){gt_gostate_name(k), s->final_states[k]};
	qsort(kv, n, sizeof *kv, cmp_kv);
	return n;
}

static void json_obj(FILE *out, const struct kv *kv, size_t n)
{
	if (!n) {
		fputs("{}", out);
		return;
	}
	fputs("{\n", out);
	for (size_t i = 0; i < n; i++) {
		fputs("  ", out);
		gt_json_strn(out, kv[i].k, strlen(kv[i].k));
		fprintf(out, ": %llu%s\n", (unsigned long long)kv[i].v, i + 1 < n ? "," : "");
	}
	fputs(" }", out);
}

void gt_stats_write_json(FILE *out, const struct gt_stats *s, const struct gt_tables *t,
                         const struct gt_decode_result *res)
{
	struct kv kv[GT_EV__COUNT + GT_GS__COUNT + 4];
	const char *err = res->status == GT_OK ? "" : res->msg;
	fprintf(out, "{\n \"ok\": %s,\n \"error\": ", res->status == GT_OK ? "true" : "false");
	gt_json_strn(out, err, strlen(err));
	fprintf(out, ",\n \"version\": %d,\n \"events\": %llu,\n \"by_kind\": ", res->version,
	        (unsigned long long)s->events);
	json_obj(out, kv, kind_counts(s, kv));
	fprintf(out, ",\n \"goroutines\": %llu,\n \"procs\": %llu,\n \"threads\": %llu,\n"
	        " \"gc_cycles\": %llu,\n \"stw\": %llu,\n \"tasks\": %llu,\n"
	        " \"regions\": %llu,\n \"logs\": %llu,\n \"stacks_distinct\": %llu,\n"
	        " \"final_goroutine_states\": ",
	        (unsigned long long)s->goroutines, (unsigned long long)s->procs,
	        (unsigned long long)s->threads, (unsigned long long)s->gc_cycles,
	        (unsigned long long)s->stw, (unsigned long long)s->tasks,
	        (unsigned long long)s->regions, (unsigned long long)s->logs,
	        (unsigned long long)s->stacks_distinct);
	json_obj(out, kv, state_counts(s, kv));
	fputs(",\n \"blocked_at_end\": [", out);
	for (uint32_t i = 0; i < s->nblocked; i++) {
		const struct gt_stats_blocked *b = &s->blocked[i];
		fprintf(out, "%s\n  {\"g\": %lld, \"reason\": ", i ? "," : "", (long long)b->g);
		json_gstr(out, t, b->reason);
		fputs(", \"state\": \"Waiting\", \"top_frame\": ", out);
		json_gstr(out, t, b->top_frame);
		fputc('}', out);
	}
	fprintf(out, "%s],\n \"min_ts\": %lld,\n \"max_ts\": %lld", s->nblocked ? "\n " : "",
	        (long long)s->min_ts, (long long)s->max_ts);
	if (res->format == 1) {
		fputs(",\n \"v1_by_type\": {", out);
		int first = 1;
		for (int i = 0; i < GT_V1_MAX_TYPES; i++) {
			if (!res->v1_type_names[i] || !res->v1_by_type[i])
				continue;
			fprintf(out, "%s\n  ", first ? "" : ",");
			gt_json_strn(out, res->v1_type_names[i], strlen(res->v1_type_names[i]));
			fprintf(out, ": %llu", (unsigned long long)res->v1_by_type[i]);
			first = 0;
		}
		fputs(first ? "}" : "\n }", out);
	}
	fputs("\n}\n", out);
}

static double secs(int64_t ns) { return (double)ns / 1e9; }

void gt_stats_write_text(FILE *out, const struct gt_stats *s, const struct gt_tables *t,
                         const struct gt_decode_result *res)
{
	struct kv kv[GT_EV__COUNT + GT_GS__COUNT + 4];
	fprintf(out, "trace:       go 1.%d (%s format)%s%s\n", res->version,
	        res->format == 1 ? "old" : res->format == 2 ? "new" : "unknown",
	        res->status == GT_OK ? "" : ", ", res->status == GT_OK ? "" : gt_status_name(res->status));
	if (res->status != GT_OK)
	{
		fprintf(out, "error:       offset %llu: ", (unsigned long long)res->offset);
		gt_esc_puts(out, res->msg);
		fputc('\n', out);
	}
	if (res->status == GT_TRUNCATED)
		fprintf(out, "kept:        the events of the first %llu bytes; the figures cover them\n",
		        (unsigned long long)res->bytes_kept);
	fprintf(out, "events:      %llu\n", (unsigned long long)s->events);
	if (s->events)
		/* the span, then its ends as the trace's clock gives them, in
		 * whole ns: the Sync that a converted old trace starts with lies
		 * 1 ns before its first event, which read "-0.000000 s" */
		fprintf(out, "time:        %.9f s, from %lld ns to %lld ns\n", secs(s->max_ts - s->min_ts),
		        (long long)s->min_ts, (long long)s->max_ts);
	fprintf(out, "goroutines:  %llu\nprocs:       %llu\nthreads:     %llu\n",
	        (unsigned long long)s->goroutines, (unsigned long long)s->procs,
	        (unsigned long long)s->threads);
	fprintf(out, "gc cycles:   %llu\nstw pauses:  %llu\n", (unsigned long long)s->gc_cycles,
	        (unsigned long long)s->stw);
	fprintf(out, "tasks:       %llu\nregions:     %llu\nlogs:        %llu\n",
	        (unsigned long long)s->tasks, (unsigned long long)s->regions,
	        (unsigned long long)s->logs);
	fprintf(out, "stacks:      %llu distinct\n", (unsigned long long)s->stacks_distinct);
	size_t n = kind_counts(s, kv);
	fputs("by kind:\n", out);
	for (size_t i = 0; i < n; i++)
		fprintf(out, "  %-26s %llu\n", kv[i].k, (unsigned long long)kv[i].v);
	n = state_counts(s, kv);
	fputs("goroutines at end:\n", out);
	for (size_t i = 0; i < n; i++)
		fprintf(out, "  %-26s %llu\n", kv[i].k, (unsigned long long)kv[i].v);
	if (s->nblocked) {
		fputs("blocked at end:\n", out);
		for (uint32_t i = 0; i < s->nblocked; i++) {
			const struct gt_stats_blocked *b = &s->blocked[i];
			const char *reason = gt_str_get(t, b->reason);
			fprintf(out, "  g%-8lld ", (long long)b->g);
			gt_esc_pad(out, *reason ? reason : "(no reason)", 28);
			fputc(' ', out);
			gt_esc_putn(out, gt_str_get(t, b->top_frame), gt_str_len(t, b->top_frame), 0);
			fputc('\n', out);
		}
	}
}
