/* search.c: `gtview search`: what a text finds in a trace
 * (gt_model_find), as counts, or as the matching strings, goroutines
 * and events; and the one phrase of counts the viewer shows too. */
#include "report/report.h"
#include "report/int.h"
#include "report/escape.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static const char *plural(uint64_t n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

const char *gt_report_search_summary(char *buf, size_t size, const struct gt_find_result *r)
{
	int n = snprintf(buf, size, "%" PRIu64 " %s in %" PRIu32 " %s", r->events,
	                 plural(r->events, "event", "events"), r->goroutines,
	                 plural(r->goroutines, "goroutine", "goroutines"));
	const struct { uint64_t n; const char *one, *many; } part[] = {
		{r->strs.functions, "function", "functions"},
		{r->strs.files, "file", "files"},
		{r->strs.other, "other string", "other strings"},
		{r->regions, "region", "regions"},
		{r->tasks, "task", "tasks"},
		{r->logs, "log", "logs"},
	};
	for (size_t i = 0; i < sizeof part / sizeof part[0]; i++)
		if (part[i].n && n >= 0 && (size_t)n < size)
			n += snprintf(buf + n, size - (size_t)n, " \xc2\xb7 %" PRIu64 " %s", part[i].n,
			              plural(part[i].n, part[i].one, part[i].many));
	return buf;
}

/* A trace string in a text line.  The one place this report writes a
 * trace's string for people (issue 35 gives text lines their escaping
 * rule: it goes here). */
static void count_json(FILE *fp, const char *text, const struct gt_find_result *r)
{
	fputs("{\"text\":", fp);
	gt_json_str(fp, text);
	fprintf(fp,
	        ",\"strings\":%zu,\"functions\":%" PRIu32 ",\"files\":%" PRIu32 ",\"events\":%" PRIu64
	        ",\"goroutines\":%" PRIu32 ",\"regions\":%" PRIu32 ",\"tasks\":%" PRIu32
	        ",\"logs\":%" PRIu32 "}\n",
	        r->strs.n, r->strs.functions, r->strs.files, r->events, r->goroutines, r->regions,
	        r->tasks, r->logs);
}

static const char *const use_names[8] = {"function", "file", "reason", "region", "task",
                                         "log", "label", "range"};

/* What an event is beyond its kind: a transition's states, a range's set. */
static void what_text(char *buf, size_t size, const struct gt_fevent *e)
{
	if (e->kind == GT_FK_TRANSITION)
		snprintf(buf, size, "%s->%s", gt_gostate_name((enum gt_gostate)e->from),
		         gt_gostate_name((enum gt_gostate)e->to));
	else
		snprintf(buf, size, "%s", "");
}

static void event_json(FILE *fp, const struct gt_model *m, const char *text, size_t tn,
                       const struct gt_fevent *e)
{
	fprintf(fp, "{\"type\":\"event\",\"ts\":%" PRId64 ",\"g\":", e->ts);
	if (e->gi == UINT32_MAX)
		fputs("null", fp);
	else
		fprintf(fp, "%" PRId64, gt_model_g_id(m, e->gi));
	fprintf(fp, ",\"kind\":\"%s\"", gt_fkind_name(e->kind));
	if (e->kind == GT_FK_TRANSITION)
		fprintf(fp, ",\"from\":\"%s\",\"to\":\"%s\"", gt_gostate_name((enum gt_gostate)e->from),
		        gt_gostate_name((enum gt_gostate)e->to));
	if (e->str) {
		fputs(",\"string\":", fp);
		gt_json_str(fp, gt_model_str(m, e->str));
	} else {
		const struct gt_tables *t = gt_model_tables(m);
		const struct gt_frame *f = gt_frame_get(t, gt_model_find_frame(m, e->stack, text, tn));
		fputs(",\"frame\":{\"func\":", fp);
		gt_json_str(fp, f ? gt_model_str(m, f->func) : "");
		fputs(",\"file\":", fp);
		gt_json_str(fp, f ? gt_model_str(m, f->file) : "");
		fprintf(fp, ",\"line\":%u}", f ? f->line : 0);
	}
	fputs("}\n", fp);
}

static void event_text(FILE *fp, const struct gt_model *m, int64_t min_ts, const char *text,
                       size_t tn, const struct gt_fevent *e)
{
	char d[32], g[32] = "-", w[64];
	gt_report_dur(d, sizeof d, e->ts - min_ts);
	if (e->gi != UINT32_MAX)
		snprintf(g, sizeof g, "G%" PRId64, gt_model_g_id(m, e->gi));
	what_text(w, sizeof w, e);
	fprintf(fp, "%12s  %-9s %-15s %-20s ", d, g, gt_fkind_name(e->kind), w);
	if (e->str) {
		fputc('"', fp);
		gt_esc_puts(fp, gt_model_str(m, e->str));
		fputc('"', fp);
	} else {
		const struct gt_tables *t = gt_model_tables(m);
		const struct gt_frame *f = gt_frame_get(t, gt_model_find_frame(m, e->stack, text, tn));
		if (f) {
			gt_esc_puts(fp, gt_model_str(m, f->func));
			fputc(' ', fp);
			gt_esc_puts(fp, gt_model_str(m, f->file));
			fprintf(fp, ":%u", f->line);
		}
	}
	fputc('\n', fp);
}

int gt_report_search(FILE *fp, const struct gt_model *m, const char *text, int flags,
                     int64_t t0, int64_t t1)
{
	size_t tn = strlen(text);
	int json = !!(flags & GT_REPORT_JSON), count = !!(flags & GT_REPORT_COUNT);
	struct gt_find_opts o = {.t0 = t0, .t1 = t1, .max_events = count ? 0 : SIZE_MAX};
	struct gt_find_result r;
	if (gt_model_find(m, text, tn, &o, &r) < 0)
		return -1;
	int matched = r.events > 0;
	if (count && json) {
		count_json(fp, text, &r);
	} else if (count) {
		char s[512];
		fputc('"', fp);
		gt_esc_puts(fp, text);
		fprintf(fp, "\": %s\n", gt_report_search_summary(s, sizeof s, &r));
	} else {
		const uint8_t *u = gt_model_str_uses(m);
		struct gt_trace_info in;
		gt_model_info(m, &in);
		if (!json) {
			char s[512];
			fputc('"', fp);
			gt_esc_puts(fp, text);
			fprintf(fp, "\": %s\n\nSTRINGS (%zu)\n", gt_report_search_summary(s, sizeof s, &r),
			        r.strs.n);
		}
		for (size_t i = 0; i < r.strs.n; i++) {
			gt_str s = r.strs.v[i];
			if (json) {
				fputs("{\"type\":\"string\",\"string\":", fp);
				gt_json_str(fp, gt_model_str(m, s));
				fputs(",\"uses\":[", fp);
			} else {
				fputs("  ", fp);
			}
			for (int b = 0, k = 0; b < 8; b++)
				if (u && (u[s] >> b & 1))
					fprintf(fp, json ? "%s\"%s\"" : "%s%s", k++ ? "," : "", use_names[b]);
			if (json) {
				fputs("]}\n", fp);
			} else {
				fputs("  ", fp);
				gt_esc_puts(fp, gt_model_str(m, s));
				fputc('\n', fp);
			}
		}
		if (!json)
			fprintf(fp, "\nGOROUTINES (%" PRIu32 ")\n%9s  %8s  %s\n", r.goroutines, "G", "EVENTS",
			        "START FUNCTION");
		for (size_t i = 0; i < r.ngs; i++) {
			struct gt_goroutine g;
			gt_model_g(m, r.gs[i].gi, &g);
			if (json) {
				fprintf(fp, "{\"type\":\"goroutine\",\"g\":%" PRId64 ",\"events\":%" PRIu32
				            ",\"start_func\":", g.id, r.gs[i].events);
				gt_json_str(fp, gt_model_str(m, g.start_func));
				fputs("}\n", fp);
			} else {
				char id[32];
				snprintf(id, sizeof id, "G%" PRId64, g.id);
				fprintf(fp, "%9s  %8" PRIu32 "  ", id, r.gs[i].events);
				gt_esc_puts(fp, gt_model_str(m, g.start_func));
				fputc('\n', fp);
			}
		}
		if (!json)
			fprintf(fp, "\nEVENTS (%" PRIu64 ")\n%12s  %-9s %-15s %-20s %s\n", r.events, "TIME",
			        "G", "KIND", "", "MATCH");
		for (size_t i = 0; i < r.nev; i++) {
			if (json)
				event_json(fp, m, text, tn, &r.ev[i]);
			else
				event_text(fp, m, in.min_ts, text, tn, &r.ev[i]);
		}
	}
	gt_find_result_free(&r);
	if (ferror(fp))
		return -1;
	return matched;
}
