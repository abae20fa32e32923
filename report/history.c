/* history.c: `gtview goroutine`: the history of some goroutines,
 * one line (or JSON object) per state transition, from
 * gt_model_g_transitions. */
#include "report/report.h"
#include "report/int.h"

#include <inttypes.h>
#include <string.h>

struct hist_out {
	FILE *fp;
	const struct gt_model *m;
	int64_t id, min_ts;
	int json;
};

/* "func file:line" of st's innermost frame into buf ("" without one). */
const char *gt_report_frame(char *buf, size_t size, const struct gt_model *m, gt_stack st)
{
	const struct gt_tables *t = gt_model_tables(m);
	const struct gt_frame *f = st && gt_stack_depth(t, st) ?
	                           gt_frame_get(t, gt_stack_frames(t, st)[0]) : NULL;
	if (!f)
		snprintf(buf, size, "%s", "");
	else
		snprintf(buf, size, "%s %s:%u", gt_model_str(m, f->func), gt_model_str(m, f->file),
		         f->line);
	return buf;
}

const char *gt_report_cause(const struct gt_gtrans *t)
{
	return t->from == GT_GS_NOTEXIST ? "created" : t->to == GT_GS_RUNNABLE ? "woken" : "made";
}

void gt_put_right(FILE *fp, const char *s, int w)
{
	int cols = 0;
	for (const char *p = s; *p; p++)
		cols += ((unsigned char)*p & 0xC0) != 0x80;
	fprintf(fp, "%*s%s", w > cols ? w - cols : 0, "", s);
}

static int hist_line(void *ctx, const struct gt_gtrans *t)
{
	struct hist_out *o = ctx;
	FILE *fp = o->fp;
	if (o->json) {
		fprintf(fp, "{\"g\":%" PRId64 ",\"ts\":%" PRId64 ",\"from\":\"%s\",\"to\":\"%s\",\"reason\":",
		        o->id, t->ts, gt_gostate_name(t->from), gt_gostate_name(t->to));
		gt_json_str(fp, gt_model_str(o->m, t->reason));
		fputs(",\"stack\":", fp);
		gt_json_stack(fp, o->m, t->stack);
		if (t->by_g == GT_NONE)
			fputs(",\"by_g\":null", fp);
		else
			fprintf(fp, ",\"by_g\":%" PRId64, t->by_g);
		fputs(",\"by_stack\":", fp);
		gt_json_stack(fp, o->m, t->by_stack);
		fputs("}\n", fp);
		return 0;
	}
	char d[32], w[512], by[512], line[1280];
	char tr[40];
	snprintf(tr, sizeof tr, "%s -> %s", gt_gostate_name(t->from), gt_gostate_name(t->to));
	gt_put_right(fp, gt_report_dur(d, sizeof d, t->ts - o->min_ts), 12);
	int n = snprintf(line, sizeof line, "  %-26s %-16s %s", tr, gt_model_str(o->m, t->reason),
	                 gt_report_frame(w, sizeof w, o->m, t->stack));
	if (t->by_g != GT_NONE && n >= 0 && (size_t)n < sizeof line)
		snprintf(line + n, sizeof line - (size_t)n, "%s%s by G%" PRId64 " at %s",
		         *w ? "; " : "", gt_report_cause(t), t->by_g,
		         *gt_report_frame(by, sizeof by, o->m, t->by_stack) ? by : "(no stack)");
	size_t len = strlen(line);
	while (len && line[len - 1] == ' ')
		len--;
	fprintf(fp, "%.*s\n", (int)len, line);
	return 0;
}

int gt_report_history(FILE *fp, const struct gt_model *m, const uint32_t *gis, size_t n, int flags)
{
	struct gt_trace_info in;
	gt_model_info(m, &in);
	struct hist_out o = {fp, m, 0, in.min_ts, !!(flags & GT_REPORT_JSON)};
	for (size_t i = 0; i < n; i++) {
		o.id = gt_model_g_id(m, gis[i]);
		if (!o.json) {
			struct gt_goroutine g;
			gt_model_g(m, gis[i], &g);
			const char *fn = gt_model_str(m, g.start_func);
			fprintf(fp, "%sG%" PRId64 " %s\n%12s  %-26s %-16s %s\n", i ? "\n" : "", o.id,
			        *fn ? fn : "?", "TIME", "TRANSITION", "REASON", "WHERE; CAUSE");
		}
		gt_model_g_transitions(m, gis[i], hist_line, &o);
	}
	return ferror(fp) ? -1 : 0;
}
