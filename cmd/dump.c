/* dump.c: `gtview dump [--raw] TRACE`.
 *
 * Without --raw: the validated event stream, one event a line, in the
 * format of the corpus' expected/dump files: `TIME Kind G= P= M=`, the
 * kind's details, and ` @ FUNC FILE:LINE` for the event's innermost frame.
 * With --raw: the textual wire form of a v2 trace (decode/text/text.h).
 */
#include "cmd/args.h"
#include "cmd/commands.h"
#include "cmd/input.h"
#include "cmd/load_opts.h"
#include "decode/decode.h"
#include "decode/text/text.h"
#include "report/escape.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

struct dumper {
	FILE *out;
	const struct gt_tables *t;
};

static void qstr(struct dumper *d, gt_str id)
{
	gt_text_fquote(d->out, gt_str_get(d->t, id), gt_str_len(d->t, id));
}

static void frame(struct dumper *d, gt_stack st)
{
	const struct gt_frame *f = gt_frame_get(d->t, gt_stack_frames(d->t, st)[0]);
	if (!f)
		return;
	/* unquoted, as Go's dump has them: the text rule (escape.h) */
	gt_esc_putn(d->out, gt_str_get(d->t, f->func), gt_str_len(d->t, f->func), 0);
	fputc(' ', d->out);
	gt_esc_putn(d->out, gt_str_get(d->t, f->file), gt_str_len(d->t, f->file), 0);
	fprintf(d->out, ":%u", f->line);
}

static void scope(struct dumper *d, int res, int64_t id)
{
	static const char *const names[] = {"None", "Goroutine", "Proc", "Thread"};
	if (res <= 0 || res > 3)
		fputs("None", d->out);
	else
		fprintf(d->out, "%s(%lld)", names[res], (long long)id);
}

static void wall(FILE *out, uint64_t sec, uint64_t nsec)
{
	/* Go's time.Unix(sec, nsec), printed in UTC with nanoseconds. */
	int64_t s = (int64_t)sec, ns = (int64_t)nsec;
	s += ns / 1000000000;
	ns %= 1000000000;
	if (ns < 0)
		ns += 1000000000, s--;
	time_t tt = (time_t)s;
	struct tm tm;
	char buf[64];
	if (gmtime_r(&tt, &tm) && strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%S", &tm))
		fprintf(out, "%s.%09lldZ", buf, (long long)ns);
	else
		fprintf(out, "%lld.%09lld", (long long)s, (long long)ns);
}

static int dump_event(void *ctx, const struct gt_event *ev, const struct gt_tables *t)
{
	struct dumper *d = ctx;
	FILE *out = d->out;
	d->t = t;
	fprintf(out, "%lld %s G=%lld P=%lld M=%lld", (long long)ev->ts, gt_kind_name(ev->kind),
	        (long long)ev->g, (long long)ev->p, (long long)ev->m);
	switch (ev->kind) {
	case GT_EV_SYNC:
		fprintf(out, " N=%llu", (unsigned long long)ev->u.sync.n);
		if (ev->u.sync.has_clock) {
			fprintf(out, " clock_trace=%lld clock_mono=%llu clock_wall=",
			        (long long)ev->u.sync.clock_trace,
			        (unsigned long long)ev->u.sync.clock_mono);
			wall(out, ev->u.sync.clock_wall_sec, ev->u.sync.clock_wall_nsec);
		}
		break;
	case GT_EV_STATE_TRANSITION: {
		int gor = ev->u.trans.resource == GT_RES_GOROUTINE;
		fprintf(out, " %s %lld %s->%s reason=", gor ? "Goroutine" : "Proc",
		        (long long)ev->u.trans.id,
		        gor ? gt_gostate_name(ev->u.trans.from) : gt_procstate_name(ev->u.trans.from),
		        gor ? gt_gostate_name(ev->u.trans.to) : gt_procstate_name(ev->u.trans.to));
		qstr(d, ev->u.trans.reason);
		if (gt_stack_depth(t, ev->u.trans.stack)) {
			fputs(" tstack=", out);
			frame(d, ev->u.trans.stack);
		}
		break;
	}
	case GT_EV_RANGE_BEGIN:
	case GT_EV_RANGE_ACTIVE:
	case GT_EV_RANGE_END:
		fputs(" name=", out);
		qstr(d, ev->u.range.name);
		fputs(" scope=", out);
		scope(d, ev->u.range.scope, ev->u.range.scope_id);
		if (ev->kind == GT_EV_RANGE_END && ev->u.range.rkind == GT_RANGE_SWEEP)
			fprintf(out, " attrs=[\"bytes swept\"=%llu \"bytes reclaimed\"=%llu]",
			        (unsigned long long)ev->u.range.swept,
			        (unsigned long long)ev->u.range.reclaimed);
		break;
	case GT_EV_TASK_BEGIN:
	case GT_EV_TASK_END:
		fprintf(out, " id=%llu parent=%llu type=", (unsigned long long)ev->u.task.id,
		        (unsigned long long)ev->u.task.parent);
		qstr(d, ev->u.task.type);
		break;
	case GT_EV_REGION_BEGIN:
	case GT_EV_REGION_END:
		fprintf(out, " task=%llu type=", (unsigned long long)ev->u.region.task);
		qstr(d, ev->u.region.type);
		break;
	case GT_EV_LOG:
		fprintf(out, " task=%llu key=", (unsigned long long)ev->u.log.task);
		qstr(d, ev->u.log.category);
		fputs(" value=", out);
		qstr(d, ev->u.log.message);
		break;
	case GT_EV_METRIC:
		fputc(' ', out);
		gt_esc_putn(out, gt_str_get(t, ev->u.metric.name), gt_str_len(t, ev->u.metric.name), 0);
		fprintf(out, "=%llu", (unsigned long long)ev->u.metric.value);
		break;
	case GT_EV_LABEL:
		fputs(" label=", out);
		qstr(d, ev->u.label.label);
		fprintf(out, " resource=Goroutine(%lld)", (long long)ev->u.label.g);
		break;
	case GT_EV_EXPERIMENTAL:
		fputs(" name=", out);
		qstr(d, ev->u.exp.name);
		fputs(" experiment=", out);
		qstr(d, ev->u.exp.experiment);
		fputs(" args=[", out);
		for (int i = 0; i < ev->u.exp.nargs && i < 5; i++)
			fprintf(out, "%s%llu", i ? " " : "", (unsigned long long)ev->u.exp.args[i]);
		fputc(']', out);
		break;
	default:
		break;
	}
	if (gt_stack_depth(t, ev->stack)) {
		fputs(" @ ", out);
		frame(d, ev->stack);
	}
	fputc('\n', out);
	return ferror(out) ? 1 : 0;
}

int cmd_dump(int argc, char **argv)
{
	static const struct gt_cmd_flag fl[] = {{"--raw", 1}};
	int raw;
	const char *path;
	int r = gt_cmd_args(argc, argv, "dump", gt_cmd_usage("dump"), fl, 1, &raw, &path);
	if (r >= 0)
		return r;
	struct gt_input in;
	if (gt_input_open(&in, path) < 0)
		return GT_EXIT_USAGE;
	int rc = GT_EXIT_OK;
	if (raw) {
		char err[256];
		if (gt_text_write(in.data, in.len, stdout, err, sizeof err)) {
			fflush(stdout);
			gt_esc_fprintf(stderr, "gtview: %s: %s\n", in.name, err);
			rc = strncmp(err, "write error", 11) ? GT_EXIT_BAD_TRACE : GT_EXIT_USAGE;
		}
		if (fflush(stdout) && rc == GT_EXIT_OK) {
			gt_esc_fprintf(stderr, "gtview: write error\n");
			rc = GT_EXIT_USAGE;
		}
		gt_input_close(&in);
		return rc;
	}
	struct gt_tables *t = gt_tables_new();
	if (!t) {
		gt_esc_fprintf(stderr, "gtview: out of memory\n");
		gt_input_close(&in);
		return GT_EXIT_USAGE;
	}
	struct dumper d = {stdout, t};
	struct gt_sink sink = {.ctx = &d, .event = dump_event, .progress = NULL};
	struct gt_decode_result res;
	enum gt_status st = gt_cmd_decode(in.data, in.len, t, &sink, &res);
	if (fflush(stdout) || ferror(stdout)) {
		gt_esc_fprintf(stderr, "gtview: write error\n");
		rc = GT_EXIT_USAGE;
	} else if (st != GT_OK) {
		gt_esc_fprintf(stderr, "gtview: %s: offset %llu: %s\n", in.name,
		        (unsigned long long)res.offset, res.msg);
		rc = st == GT_NOMEM ? GT_EXIT_USAGE : GT_EXIT_BAD_TRACE;
	}
	gt_tables_free(t);
	gt_input_close(&in);
	return rc;
}
