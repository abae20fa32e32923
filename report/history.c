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
	gt_str wait_reason; /* of the wait going on (gt_waker_of) */
};

/* Who woke it when no goroutine did (gt_waker_of), for a transition
 * that ends a wait; else -1.  Keeps the reason a wait began with. */
static int waker(struct hist_out *o, const struct gt_gtrans *t)
{
	if (t->to == GT_GS_WAITING && (t->from != GT_GS_WAITING || !o->wait_reason))
		o->wait_reason = t->reason;
	if (t->from != GT_GS_WAITING || t->to != GT_GS_RUNNABLE || t->by_g != GT_NONE)
		return -1;
	return (int)gt_waker_of(gt_model_str(o->m, o->wait_reason));
}

/* "func file:line" of st's innermost frame into buf ("" without one),
 * as the trace has it: whoever prints it escapes it (escape.h). */
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
	int wk = waker(o, t);
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
		if (wk >= 0)
			fprintf(fp, ",\"waker\":\"%s\"", gt_waker_key((enum gt_waker)wk));
		fputs("}\n", fp);
		return 0;
	}
	char d[32], w[512], by[512], we[1024], bye[1024], line[2600];
	char tr[40];
	snprintf(tr, sizeof tr, "%s -> %s", gt_gostate_name(t->from), gt_gostate_name(t->to));
	gt_put_right(fp, gt_report_dur(d, sizeof d, t->ts - o->min_ts), 12);
	const char *reason = gt_model_str(o->m, t->reason);
	char r[256];
	size_t rc = gt_esc_cols(reason);
	gt_esc_buf(r, sizeof r, reason, strlen(reason), 0);
	gt_report_frame(w, sizeof w, o->m, t->stack);
	gt_esc_buf(we, sizeof we, w, strlen(w), 0);
	int n = snprintf(line, sizeof line, "  %-26s %s%*s %s", tr, r, rc < 16 ? (int)(16 - rc) : 0,
	                 "", we);
	if (t->by_g != GT_NONE && n >= 0 && (size_t)n < sizeof line) {
		gt_report_frame(by, sizeof by, o->m, t->by_stack);
		gt_esc_buf(bye, sizeof bye, by, strlen(by), 0);
		snprintf(line + n, sizeof line - (size_t)n, "%s%s by G%" PRId64 " at %s",
		         *w ? "; " : "", gt_report_cause(t), t->by_g, *by ? bye : "(no stack)");
	} else if (wk >= 0 && n >= 0 && (size_t)n < sizeof line) {
		snprintf(line + n, sizeof line - (size_t)n, "%swoken %s", *w ? "; " : "",
		         gt_waker_text((enum gt_waker)wk));
	}
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
	struct hist_out o = {fp, m, 0, in.min_ts, !!(flags & GT_REPORT_JSON), 0};
	for (size_t i = 0; i < n; i++) {
		o.id = gt_model_g_id(m, gis[i]);
		o.wait_reason = 0;
		if (!o.json) {
			struct gt_goroutine g;
			gt_model_g(m, gis[i], &g);
			const char *fn = gt_model_str(m, g.start_func);
			fprintf(fp, "%sG%" PRId64 " ", i ? "\n" : "", o.id);
			gt_esc_puts(fp, *fn ? fn : "?");
			fprintf(fp, "\n%12s  %-26s %-16s %s\n", "TIME", "TRANSITION", "REASON",
			        "WHERE; CAUSE");
		}
		gt_model_g_transitions(m, gis[i], hist_line, &o);
	}
	return ferror(fp) ? -1 : 0;
}
