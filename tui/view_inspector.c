/* view_inspector.c: everything about the selection (a goroutine, a state
 * interval, a P span, a GC cycle, a pause, a group of blocked goroutines,
 * a task/region/log) as lines of text, with full stacks one frame per line
 * "function  file:line" (bare PCs as 0x… for Go 1.5/1.6 traces).
 *
 * The lines are built once when the inspector opens; drawing shows the
 * lines on screen.  Enter on a line that names a goroutine opens it. */
#include "tui/app.h"

#include "report/escape.h"
#include "report/report.h"

#include <curses.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui/colors.h"
#include "tui/draw.h"
#include "tui/glook.h"
#include "tui/stack.h"
#include "tui/util.h"

#define MAX_LIST 500 /* goroutines listed for a group */

static void add(struct tui_app *a, int role, uint32_t g, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void vadd(struct tui_app *a, int role, uint32_t g, const char *fmt, va_list ap)
	__attribute__((format(printf, 4, 0)));

static void add(struct tui_app *a, int role, uint32_t g, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vadd(a, role, g, fmt, ap);
	va_end(ap);
}

void tui_inspector_add(struct tui_app *a, int role, uint32_t g, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vadd(a, role, g, fmt, ap);
	va_end(ap);
}

static void vadd(struct tui_app *a, int role, uint32_t g, const char *fmt, va_list ap)
{
	struct tui_inspector *in = &a->insp;
	if (in->nlines == in->cap) {
		in->cap = in->cap ? in->cap * 2 : 64;
		in->lines = tui_xreallocarray(in->lines, in->cap, sizeof *in->lines);
		in->line_role = tui_xreallocarray(in->line_role, in->cap, sizeof *in->line_role);
		in->line_g = tui_xreallocarray(in->line_g, in->cap, sizeof *in->line_g);
		in->line_t = tui_xreallocarray(in->line_t, in->cap, sizeof *in->line_t);
	}
	char buf[2048];
	vsnprintf(buf, sizeof buf, fmt, ap);
	in->lines[in->nlines] = tui_xstrdup(buf);
	in->line_role[in->nlines] = role;
	in->line_g[in->nlines] = g;
	in->line_t[in->nlines] = INT64_MIN;
	in->nlines++;
}

/* The last line added names its goroutine at time t (jump-cause). */
static void at_time(struct tui_app *a, int64_t t)
{
	a->insp.line_t[a->insp.nlines - 1] = t;
}

/* "woken by G14 ... at func file:line" under a transition into state at
 * t of goroutine gi, when another goroutine caused it; 1 if it did. */
static int add_cause(struct tui_app *a, uint32_t gi, int64_t t, int state, const char *label,
                     struct gt_gtrans *tr)
{
	if (!tui_cause_find(a, gi, t, state, tr))
		return 0;
	char buf[768];
	tui_cause_text(a, tr, buf, sizeof buf);
	add(a, 0, gt_model_g_find(a->m, tr->by_g), "  %-12s %s", label, buf);
	at_time(a, tr->ts);
	return 1;
}

/* What goroutine g (index gi) woke and created, each line opening it at
 * that moment (the model's reverse links), the first MAX_LIST. */
static void add_caused(struct tui_app *a, const struct gt_goroutine *g)
{
	static struct gt_gcause c[MAX_LIST];
	size_t n = gt_model_g_caused(a->m, g->id, 0, MAX_LIST, c);
	add(a, 0, UINT32_MAX, "%s", "");
	add(a, TUI_C_TITLE, UINT32_MAX, "Woke and created (%zu; %s on a line goes there):", n,
	    tui_key_of(a, GT_ACTION_JUMP_CAUSE));
	if (!n)
		add(a, TUI_C_DIM, UINT32_MAX, "    (none)");
	for (size_t i = 0; i < n && i < MAX_LIST; i++) {
		struct gt_goroutine o = tui_g(a, c[i].gi);
		char t[32];
		tui_fmt_time(a, t, sizeof t, c[i].ts);
		const char *what = c[i].from == GT_GS_NOTEXIST ? "created" :
		                   c[i].to == GT_GS_RUNNABLE ? "woke" : "made";
		add(a, 0, c[i].gi, "  %s  %-7s G%lld %s", t, what, (long long)o.id, tui_g_func(a, &o));
		at_time(a, c[i].ts);
	}
	if (n > MAX_LIST)
		add(a, TUI_C_DIM, UINT32_MAX, "    ... and %zu more", n - MAX_LIST);
}

void tui_inspector_free(struct tui_app *a)
{
	tui_inspector_free_lines(&a->insp);
}

void tui_inspector_free_lines(struct tui_inspector *in)
{
	for (size_t i = 0; i < in->nlines; i++)
		free(in->lines[i]);
	free(in->lines);
	free(in->line_role);
	free(in->line_g);
	free(in->line_t);
	in->lines = NULL;
	in->line_role = NULL;
	in->line_g = NULL;
	in->line_t = NULL;
	in->nlines = in->cap = 0;
}

static const char *fn_of(struct tui_app *a, gt_str s) { return gt_model_str(a->m, s); }

static void add_stack_line(void *ctx, int role, const char *text)
{
	add(ctx, role, UINT32_MAX, "%s", text);
}

/* The frames laid out for the inspector's width (stack.h); a frame
 * using the string `match` is marked. */
static void add_stack(struct tui_app *a, gt_stack st, gt_str match)
{
	tui_stack_lines(gt_model_tables(a->m), st, a->insp.width, 4, match, add_stack_line, a);
}

static void add_time(struct tui_app *a, const char *label, int64_t start, int64_t end)
{
	char s[32], e[32], d[32];
	tui_fmt_time(a, s, sizeof s, start);
	if (end > start) {
		tui_fmt_time(a, e, sizeof e, end);
		tui_fmt_dur(d, sizeof d, tui_dur(start, end));
		add(a, 0, UINT32_MAX, "  %-12s %s - %s (%s)", label, s, e, d);
	} else {
		add(a, 0, UINT32_MAX, "  %-12s %s", label, s);
	}
}

/* The syscalls that did not block (gt_syscall_blocked) within a Running
 * interval [t0, t1) of goroutine g: the view shows that interval as one
 * row, these as its events; counted first, then listed. */
struct sys_walk {
	struct tui_app *a;
	int64_t t0;
	size_t n;
	int list;
	struct gt_gspan pend;
	int have_pend;
};

static int sys_event(void *ctx, const struct gt_gspan *sp)
{
	struct sys_walk *w = ctx;
	if (w->have_pend && gt_syscall_blocked(&w->pend, sp) == 0) {
		w->n++;
		if (w->list) {
			char t[32], d[32];
			tui_fmt_time(w->a, t, sizeof t, w->pend.start);
			tui_fmt_dur(d, sizeof d, tui_dur(w->pend.start, w->pend.end));
			gt_str f = gt_model_syscall_func(w->a->m, w->pend.stack);
			add(w->a, 0, UINT32_MAX, "  %s  %8s  %s", t, d, f ? fn_of(w->a, f) : "(no stack)");
		}
	}
	w->pend = *sp;
	w->have_pend = sp->state == GT_GS_SYSCALL && sp->start > w->t0;
	return 0;
}

static void add_syscalls(struct tui_app *a, uint32_t g, int64_t t0, int64_t t1)
{
	struct sys_walk w = {.a = a, .t0 = t0};
	gt_model_g_spans(a->m, g, t0, t1, sys_event, &w);
	if (!w.n)
		return;
	add(a, 0, UINT32_MAX, "%s", "");
	add(a, TUI_C_TITLE, UINT32_MAX, "Syscalls that did not block in it (%zu):", w.n);
	w = (struct sys_walk){.a = a, .t0 = t0, .list = 1};
	gt_model_g_spans(a->m, g, t0, t1, sys_event, &w);
}

static void add_g_line(struct tui_app *a, const char *label, int64_t goid)
{
	uint32_t gi = goid == GT_NONE ? UINT32_MAX : gt_model_g_find(a->m, goid);
	struct gt_goroutine g_ = tui_g(a, gi);
	const struct gt_goroutine *g = gi != UINT32_MAX && g_.id >= 0 ? &g_ : NULL;
	if (!g)
		add(a, 0, UINT32_MAX, "  %-12s %s", label, goid == GT_NONE ? "-" : "?");
	else
		add(a, 0, gi, "  %-12s G%lld %s", label, (long long)g->id, tui_g_func(a, g));
}

/* The first interval of gi whose transition uses string s. */
struct find_use { struct tui_app *a; gt_str s; struct gt_gspan found; int ok; };
static int find_use(void *ctx, const struct gt_gspan *sp)
{
	struct find_use *f = ctx;
	if (sp->reason == f->s || gt_stack_uses(gt_model_tables(f->a->m), sp->stack, f->s)) {
		f->found = *sp;
		f->ok = 1;
		return 1;
	}
	return 0;
}

struct first_span { struct gt_gspan s; int ok; };
static int first_span(void *ctx, const struct gt_gspan *sp)
{
	struct first_span *f = ctx;
	f->s = *sp;
	f->ok = 1;
	return 1;
}

static void build_goroutine(struct tui_app *a, uint32_t gi, gt_str match)
{
	const struct gt_goroutine g_ = tui_g(a, gi), *g = &g_;
	add(a, TUI_C_TITLE, gi, "Goroutine G%lld", (long long)g->id);
	add(a, 0, gi, "  %-12s %s", "function", tui_g_func(a, g));
	if (g->created != INT64_MIN)
		add_time(a, "created", g->created, g->created);
	else
		add(a, 0, UINT32_MAX, "  %-12s before the trace", "created");
	if (g->creator != GT_NONE)
		add_g_line(a, "created by", g->creator);
	char since[32];
	tui_fmt_time(a, since, sizeof since, g->end_since);
	uint8_t unknown;
	gt_str why = gt_model_g_wait_reason(a->m, gi, g, &unknown);
	const char *wtxt = why ? fn_of(a, why) : g->end_state == GT_GS_WAITING ? gt_why_unknown_text(unknown) : "";
	add(a, 0, UINT32_MAX, "  %-12s %s%s%s%s%s since %s", "at the end",
	    gt_gostate_name((enum gt_gostate)g->end_state), *wtxt ? " (" : "", wtxt,
	    why ? gt_why_mark(unknown) : "", *wtxt ? ")" : "", since);
	if (g->end_state == GT_GS_WAITING) { /* stuck: who woke it last, if anyone */
		char fr[512];
		add(a, 0, UINT32_MAX, "  %-12s %s", "waits in",
		    *gt_report_frame(fr, sizeof fr, a->m, g->end_stack) ? fr : "(no stack)");
		struct gt_gtrans tr;
		if (!add_cause(a, gi, INT64_MAX, -1, "last woken", &tr))
			add(a, 0, UINT32_MAX, "  %-12s never, within the trace", "last woken");
	}
	char r[32], q[32], w[32], s[32];
	tui_fmt_dur(r, sizeof r, g->ns[GT_GS_RUNNING]);
	tui_fmt_dur(q, sizeof q, g->ns[GT_GS_RUNNABLE]);
	tui_fmt_dur(w, sizeof w, g->ns[GT_GS_WAITING]);
	tui_fmt_dur(s, sizeof s, g->ns[GT_GS_SYSCALL]);
	add(a, 0, UINT32_MAX, "  %-12s running %s, runnable %s, waiting %s, syscall %s", "time", r, q, w, s);
	add(a, 0, UINT32_MAX, "  %-12s %u%s%s", "transitions", g->intervals,
	    g->gc_worker ? ", GC mark worker" : "", g->system ? ", runtime goroutine" : "");
	if (match) {
		struct find_use f = {a, match, {0}, 0};
		gt_model_g_spans(a->m, gi, INT64_MIN, INT64_MAX, find_use, &f);
		if (f.ok) {
			add(a, 0, UINT32_MAX, "%s", "");
			char t[32];
			tui_fmt_time(a, t, sizeof t, f.found.start);
			add(a, TUI_C_TITLE, UINT32_MAX, "Uses \"%s\" at %s, entering %s%s%s%s:", fn_of(a, match), t,
			    gt_gostate_name((enum gt_gostate)f.found.state), f.found.reason ? " (" : "",
			    fn_of(a, f.found.reason), f.found.reason ? ")" : "");
			add_stack(a, f.found.stack, match);
		} else if (gt_stack_uses(gt_model_tables(a->m), g->create_stack, match)) {
			add(a, 0, UINT32_MAX, "%s", "");
			add(a, TUI_C_TITLE, UINT32_MAX, "Uses \"%s\" where it was created:", fn_of(a, match));
			add_stack(a, g->create_stack, match);
		}
	}
	add(a, 0, UINT32_MAX, "%s", "");
	add(a, TUI_C_TITLE, UINT32_MAX, "Stack at its last transition:");
	add_stack(a, g->end_stack, match);
	add(a, 0, UINT32_MAX, "%s", "");
	add(a, TUI_C_TITLE, UINT32_MAX, "Created at:");
	add_stack(a, g->create_stack, match);
	add_caused(a, g);
}

/* A GC cycle's figures, from the model's one definition of each
 * (gt_model_gc_cycle): the same as `gtview gc` and its JSON. */
static void add_cycle(struct tui_app *a, size_t i)
{
	struct gt_gc_cycle c;
	if (gt_model_gc_cycle(a->m, i, &c) < 0)
		return;
	char d[32], b0[32], b1[32], b2[32];
	tui_fmt_dur(d, sizeof d, c.assist_ns);
	add(a, 0, UINT32_MAX, "  %-12s %u, %s running on Ps in the cycle", "mark assists", c.assists, d);
	add(a, 0, UINT32_MAX, "  %-12s before %s, after %s, goal %s", "heap",
	    gt_report_mib(b0, sizeof b0, c.heap_before), gt_report_mib(b1, sizeof b1, c.heap_after),
	    gt_report_mib(b2, sizeof b2, c.heap_goal));
	if (c.trigger_frame || c.trigger_g != GT_NONE) {
		const struct gt_frame *f = c.trigger_frame ? gt_frame_get(gt_model_tables(a->m), c.trigger_frame) : NULL;
		if (f)
			add(a, 0, UINT32_MAX, "  %-12s G%lld in %s  %s:%u", "started by", (long long)c.trigger_g,
			    fn_of(a, f->func), fn_of(a, f->file), f->line);
		else
			add(a, 0, UINT32_MAX, "  %-12s G%lld", "started by", (long long)c.trigger_g);
	}
	size_t ns;
	const struct gt_range *stw = gt_model_ranges(a->m, GT_RS_STW, &ns);
	tui_fmt_dur(d, sizeof d, c.stw_ns);
	add(a, 0, UINT32_MAX, "%s", "");
	add(a, TUI_C_TITLE, UINT32_MAX, "Pauses of this cycle: %zu, %s in all", c.stw_count, d);
	for (size_t k = c.stw_first; k < c.stw_first + c.stw_count; k++) {
		char t[32];
		tui_fmt_time(a, t, sizeof t, stw[k].start);
		tui_fmt_dur(d, sizeof d, tui_dur(stw[k].start, stw[k].end));
		add(a, 0, UINT32_MAX, "  %s  %8s  %s", t, d, fn_of(a, stw[k].reason));
	}
	if (!c.stw_count)
		add(a, TUI_C_DIM, UINT32_MAX, "  none");
	/* the assists: each one's running time in the cycle is the model's
	 * sum over them; listed as the ranges, the first few */
	size_t na;
	const struct gt_range *as = gt_model_ranges(a->m, GT_RS_ASSIST, &na);
	add(a, 0, UINT32_MAX, "%s", "");
	add(a, TUI_C_TITLE, UINT32_MAX, "Mark assists of this cycle: %u", c.assists);
	size_t listed = 0;
	for (size_t k = gt_model_ranges_from(a->m, GT_RS_ASSIST, c.start); k < na && as[k].start < c.end && listed < MAX_LIST; k++) {
		if (as[k].end <= c.start && !(as[k].start == as[k].end && as[k].start >= c.start))
			continue;
		char t[32];
		tui_fmt_time(a, t, sizeof t, as[k].start);
		tui_fmt_dur(d, sizeof d, tui_dur(as[k].start, as[k].end));
		uint32_t gi = gt_model_g_find(a->m, as[k].who);
		const struct gt_goroutine g = tui_g(a, gi);
		add(a, 0, gi, "  %s  %8s  G%lld %s", t, d, (long long)as[k].who,
		    gi == UINT32_MAX ? "" : tui_g_func(a, &g));
		listed++;
	}
}

static void build_range(struct tui_app *a, enum gt_range_set set, size_t i)
{
	size_t n;
	const struct gt_range *r = gt_model_ranges(a->m, set, &n);
	if (i >= n)
		return;
	const struct gt_range *x = &r[i];
	switch (set) {
	case GT_RS_GC: add(a, TUI_C_TITLE, UINT32_MAX, "GC cycle #%zu (concurrent mark phase)", i + 1); break;
	case GT_RS_STW: add(a, TUI_C_TITLE, UINT32_MAX, "Stop-the-world pause (%s)", fn_of(a, x->reason)); break;
	case GT_RS_ASSIST: add(a, TUI_C_TITLE, UINT32_MAX, "GC mark assist"); break;
	default: add(a, TUI_C_TITLE, UINT32_MAX, "GC sweep"); break;
	}
	add(a, 0, UINT32_MAX, "  %-12s %s", "kind", set == GT_RS_GC ? "RangeBegin/RangeEnd: GC concurrent mark phase"
	    : set == GT_RS_STW ? "RangeBegin/RangeEnd: stop-the-world" : "RangeBegin/RangeEnd");
	add_time(a, "time", x->start, x->end);
	if (x->active_at_start)
		add(a, 0, UINT32_MAX, "  %-12s began before the trace", "note");
	if (x->open_at_end)
		add(a, 0, UINT32_MAX, "  %-12s had not ended when the trace ended", "note");
	if (set == GT_RS_STW || set == GT_RS_ASSIST)
		add_g_line(a, "goroutine", x->who);
	if (set == GT_RS_STW && x->reason)
		add(a, 0, UINT32_MAX, "  %-12s %s", "reason", fn_of(a, x->reason));
	if (set == GT_RS_GC)
		add_cycle(a, i);
	add(a, 0, UINT32_MAX, "%s", "");
	add(a, TUI_C_DIM, UINT32_MAX, "Press %s to show it on the timeline.", tui_key_of(a, GT_ACTION_ZOOM_FIT));
}

/* The M holding P index pi at t (one span query per M); GT_NONE. */
struct holder { uint32_t pi; int found; };
static int is_holder(void *ctx, const struct gt_pspan *s)
{
	struct holder *h = ctx;
	if (s->g == h->pi)
		h->found = 1;
	return h->found;
}

static int64_t thread_holding(struct tui_app *a, uint32_t pi, int64_t t)
{
	uint32_t n = gt_model_m_count(a->m);
	for (uint32_t mi = 0; mi < n; mi++) {
		struct holder h = {pi, 0};
		gt_model_m_spans(a->m, mi, t, t + 1, is_holder, &h);
		if (h.found)
			return gt_model_m(a->m, mi)->id;
	}
	return GT_NONE;
}

void tui_inspector_build(struct tui_app *a)
{
	struct tui_inspector *in = &a->insp;
	struct tui_sel *s = &in->sel;
	for (size_t i = 0; i < in->nlines; i++)
		free(in->lines[i]);
	in->nlines = 0;
	in->top = in->cur = 0;
	switch (s->kind) {
	case TUI_SEL_GOROUTINE:
		build_goroutine(a, s->g, s->match);
		break;
	case TUI_SEL_WINDOW:
		tui_range_build(a, s->start, s->end);
		break;
	case TUI_SEL_GSPAN: {
		const struct gt_goroutine g_ = tui_g(a, s->g), *g = &g_;
		add(a, TUI_C_TITLE, s->g, "State transition of G%lld %s", (long long)g->id, tui_g_func(a, g));
		add(a, 0, UINT32_MAX, "  %-12s StateTransition (Goroutine)", "kind");
		add_time(a, "time", s->start, s->end);
		if (s->on_m) {
			/* from a thread's lane: that thread, the P it held */
			char pt[32] = "-";
			if (s->pid != GT_NONE)
				snprintf(pt, sizeof pt, "P%lld", (long long)s->pid);
			add(a, 0, s->g, "  %-12s G%lld / %s / M%lld", "G / P / M", (long long)g->id, pt,
			    (long long)s->mid);
		} else if (s->pid != GT_NONE) {
			/* the thread that held its P then (gt_model_threads's rule) */
			int64_t mid = GT_NONE;
			for (uint32_t pi = 0; pi < gt_model_p_count(a->m) && mid == GT_NONE; pi++)
				if (gt_model_p(a->m, pi)->id == s->pid)
					mid = thread_holding(a, pi, s->start);
			char mt[32] = "-";
			if (mid != GT_NONE)
				snprintf(mt, sizeof mt, "M%lld", (long long)mid);
			add(a, 0, s->g, "  %-12s G%lld / P%lld / %s", "G / P / M", (long long)g->id,
			    (long long)s->pid, mt);
		} else
			add(a, 0, s->g, "  %-12s G%lld / - / -", "G / P / M", (long long)g->id);
		if (s->from >= 0)
			add(a, 0, UINT32_MAX, "  %-12s %s -> %s", "state", gt_gostate_name((enum gt_gostate)s->from),
			    gt_gostate_name((enum gt_gostate)s->state));
		else
			add(a, 0, UINT32_MAX, "  %-12s -> %s", "state", gt_gostate_name((enum gt_gostate)s->state));
		add(a, 0, UINT32_MAX, "  %-12s %s", "reason", s->reason ? fn_of(a, s->reason) : "-");
		if (s->state == GT_GS_SYSCALL) {
			gt_str sf = gt_model_syscall_func(a->m, s->stack);
			add(a, 0, UINT32_MAX, "  %-12s %s", "syscall in", sf ? fn_of(a, sf) : "(no stack)");
		}
		if (s->state == GT_GS_WAITING)
			add(a, 0, UINT32_MAX, "  %-12s %s", "waits on",
			    tui_glook_name(tui_glook_of(a->m, s->state, s->reason)));
		struct gt_gtrans tr;
		int caused = add_cause(a, s->g, s->start, s->state, "cause", &tr);
		if (s->state == GT_GS_RUNNING)
			add_syscalls(a, s->g, s->start, s->end);
		add(a, 0, UINT32_MAX, "%s", "");
		add(a, TUI_C_TITLE, UINT32_MAX, "Stack:");
		add_stack(a, s->stack, 0);
		if (caused) {
			add(a, 0, UINT32_MAX, "%s", "");
			add(a, TUI_C_TITLE, UINT32_MAX, "Stack of G%lld then:", (long long)tr.by_g);
			add_stack(a, tr.by_stack, 0);
		}
		break;
	}
	case TUI_SEL_PSPAN: {
		const struct gt_goroutine g_ = tui_g(a, s->g), *g = &g_;
		const struct gt_proc *p = gt_model_p(a->m, s->p);
		int64_t mid = s->on_m ? s->mid : thread_holding(a, s->p, s->start);
		add(a, TUI_C_TITLE, s->g, "G%lld %s running on P%lld", (long long)g->id, tui_g_func(a, g),
		    (long long)p->id);
		add(a, 0, UINT32_MAX, "  %-12s a run on a P: from its StateTransition to Running to the next one", "kind");
		add_time(a, "time", s->start, s->end);
		if (mid != GT_NONE)
			add(a, 0, s->g, "  %-12s G%lld / P%lld / M%lld", "G / P / M", (long long)g->id,
			    (long long)p->id, (long long)mid);
		else
			add(a, 0, s->g, "  %-12s G%lld / P%lld / -", "G / P / M", (long long)g->id, (long long)p->id);
		if (g->gc_worker)
			add(a, 0, UINT32_MAX, "  %-12s GC mark worker", "note");
		struct first_span f = {{0}, 0};
		gt_model_g_spans(a->m, s->g, s->end, s->end + 1, first_span, &f);
		if (f.ok && f.s.start >= s->end) {
			char why[256];
			tui_gstate_why(a->m, why, sizeof why, f.s.state, f.s.reason);
			add(a, 0, UINT32_MAX, "  %-12s %s%s", "then", gt_gostate_name((enum gt_gostate)f.s.state), why);
			add(a, 0, UINT32_MAX, "%s", "");
			add(a, TUI_C_TITLE, UINT32_MAX, "Stack where it stopped running:");
			add_stack(a, f.s.stack, 0);
		}
		struct first_span b = {{0}, 0};
		gt_model_g_spans(a->m, s->g, s->start, s->start + 1, first_span, &b);
		if (b.ok && b.s.stack) {
			add(a, 0, UINT32_MAX, "%s", "");
			add(a, TUI_C_TITLE, UINT32_MAX, "Stack where it started running:");
			add_stack(a, b.s.stack, 0);
		}
		add(a, 0, UINT32_MAX, "%s", "");
		add(a, TUI_C_DIM, s->g, "Press %s on a goroutine line to open the goroutine.",
		    tui_key_of(a, GT_ACTION_OPEN_SELECTION));
		break;
	}
	case TUI_SEL_RANGE:
		build_range(a, s->set, s->index);
		break;
	case TUI_SEL_GROUP: {
		/* the model's group (gt_model_blocked), whole: the list may
		 * have shown part of it through a filter */
		struct gt_blocked b;
		if (gt_model_blocked(a->m, &b) < 0)
			tui_die("out of memory");
		if (s->index >= b.ngroups) {
			gt_model_blocked_free(&b);
			break;
		}
		const struct gt_bgroup *grp = &b.groups[s->index];
		add(a, TUI_C_TITLE, UINT32_MAX, "%u goroutine%s blocked at the end: %s%s", grp->count,
		    grp->count == 1 ? "" : "s", gt_model_bgroup_why(a->m, grp), gt_why_mark(grp->unknown));
		add(a, 0, UINT32_MAX, "%s", "");
		if (!grp->runtime) {
			add(a, TUI_C_TITLE, UINT32_MAX, "Stack:");
			add_stack(a, grp->stack, 0);
			add(a, 0, UINT32_MAX, "%s", "");
		}
		add(a, TUI_C_TITLE, UINT32_MAX, "Goroutines:");
		uint32_t listed = 0;
		for (; listed < grp->count && listed < MAX_LIST; listed++) {
			uint32_t i = b.gi[grp->first + listed];
			const struct gt_goroutine g_ = tui_g(a, i), *g = &g_;
			char since[32];
			tui_fmt_time(a, since, sizeof since, g->end_since);
			add(a, 0, i, "  G%-8lld %s  since %s", (long long)g->id, tui_g_func(a, g), since);
		}
		if (listed < grp->count)
			add(a, TUI_C_DIM, UINT32_MAX, "  … and %u more", grp->count - listed);
		gt_model_blocked_free(&b);
		break;
	}
	case TUI_SEL_REF: {
		size_t n;
		uint32_t k = s->ref.index;
		switch (s->ref.what) {
		case GT_REF_TASK: {
			const struct gt_task *t = gt_model_tasks(a->m, &n);
			if (k >= n)
				break;
			add(a, TUI_C_TITLE, UINT32_MAX, "Task %llu %s", (unsigned long long)t[k].id, fn_of(a, t[k].type));
			add(a, 0, UINT32_MAX, "  %-12s TaskBegin/TaskEnd", "kind");
			if (t[k].start != INT64_MIN)
				add_time(a, "time", t[k].start, t[k].end == INT64_MAX ? t[k].start : t[k].end);
			if (t[k].parent != GT_NO_TASK)
				add(a, 0, UINT32_MAX, "  %-12s %llu", "parent", (unsigned long long)t[k].parent);
			add_g_line(a, "begun by", t[k].g_start);
			add_g_line(a, "ended by", t[k].g_end);
			break;
		}
		case GT_REF_REGION: {
			const struct gt_region *r = gt_model_regions(a->m, &n);
			if (k >= n)
				break;
			add(a, TUI_C_TITLE, UINT32_MAX, "Region %s", fn_of(a, r[k].type));
			add(a, 0, UINT32_MAX, "  %-12s RegionBegin/RegionEnd, task %llu, depth %u", "kind",
			    (unsigned long long)r[k].task, r[k].depth);
			if (r[k].start != INT64_MIN)
				add_time(a, "time", r[k].start, r[k].end);
			add_g_line(a, "goroutine", r[k].g);
			add(a, 0, UINT32_MAX, "%s", "");
			add(a, TUI_C_TITLE, UINT32_MAX, "Stack:");
			add_stack(a, r[k].stack, s->match);
			break;
		}
		case GT_REF_LOG: {
			const struct gt_log *l = gt_model_logs(a->m, &n);
			if (k >= n)
				break;
			add(a, TUI_C_TITLE, UINT32_MAX, "Log [%s] %s", fn_of(a, l[k].category), fn_of(a, l[k].message));
			add(a, 0, UINT32_MAX, "  %-12s Log, task %llu", "kind", (unsigned long long)l[k].task);
			add_time(a, "time", l[k].ts, l[k].ts);
			add_g_line(a, "goroutine", l[k].g);
			add(a, 0, UINT32_MAX, "%s", "");
			add(a, TUI_C_TITLE, UINT32_MAX, "Stack:");
			add_stack(a, l[k].stack, s->match);
			break;
		}
		case GT_REF_STW:
			build_range(a, GT_RS_STW, k);
			break;
		default:
			break;
		}
		break;
	}
	default:
		add(a, TUI_C_DIM, UINT32_MAX, "nothing selected");
		break;
	}
}

static int rows_of(const struct tui_app *a) { return tui_body_rows(a); }

void tui_inspector_draw_lines(struct tui_app *a, const struct tui_inspector *in, size_t from,
                              int y, int rows, size_t cur)
{
	for (int i = 0; i < rows && from + (size_t)i < in->nlines; i++) {
		size_t k = from + (size_t)i;
		int attr = tui_attr((enum tui_color)in->line_role[k]);
		if (k == cur) {
			attr = tui_attr(TUI_C_SELECTED);
			tui_fill(y + i, 0, a->cols, attr, " ");
		}
		const char *line = in->lines[k];
		/* "func  file:line": the file part dimmer */
		const char *sep = in->line_role[k] == TUI_C_FUNC ? strstr(line + 4, "  ") : NULL;
		if (sep && k != cur) {
			char head[1024];
			size_t hn = (size_t)(sep - line) < sizeof head - 1 ? (size_t)(sep - line) : sizeof head - 1;
			memcpy(head, line, hn);
			head[hn] = 0;
			int x = tui_put(y + i, 0, a->cols, attr, head);
			tui_put(y + i, x, a->cols - x, tui_attr(TUI_C_FILELINE), sep);
		} else {
			tui_put(y + i, 0, a->cols, attr, line);
		}
	}
}

void tui_inspector_draw(struct tui_app *a)
{
	struct tui_inspector *in = &a->insp;
	int y = tui_body_top(a), rows = rows_of(a);
	if (tui_stack_relayout(in->width, a->cols)) {
		/* resized across a layout: lay the stacks out again, near the
		 * same line */
		size_t cur = in->cur, n = in->nlines;
		in->width = a->cols;
		tui_inspector_build(a);
		in->cur = n ? (size_t)((double)cur * (double)in->nlines / (double)n) : 0;
	}
	tui_list_fit(&in->cur, &in->top, in->nlines, rows);
	tui_inspector_draw_lines(a, in, in->top, y, rows, in->cur);
}

/* The inspector's lines for s into dst, stacks laid out for width. */
static void build_into(struct tui_app *a, struct tui_inspector *dst, const struct tui_sel *s, int width)
{
	/* the builder writes a->insp: lend it dst's buffers for the time */
	struct tui_inspector saved = a->insp;
	a->insp = *dst;
	a->insp.sel = *s;
	a->insp.width = width;
	tui_inspector_build(a);
	*dst = a->insp;
	a->insp = saved;
}

char *tui_inspector_text(struct tui_app *a, const struct tui_sel *s, size_t *nlines)
{
	struct tui_inspector t;
	memset(&t, 0, sizeof t);
	build_into(a, &t, s, TUI_STACK_EXPORT);
	size_t len = 1;
	/* hints about keys mean nothing in a file */
	while (t.nlines && (!strncmp(t.lines[t.nlines - 1], "Press ", 6) || !t.lines[t.nlines - 1][0]))
		free(t.lines[--t.nlines]);
	/* each line escaped (report/escape.h): the text goes to the
	 * clipboard or a file, never a raw control byte of the trace's */
	for (size_t i = 0; i < t.nlines; i++)
		len += gt_esc_buf(NULL, 0, t.lines[i], strlen(t.lines[i]), 0) + 1;
	char *text = tui_xmalloc(len), *p = text;
	for (size_t i = 0; i < t.nlines; i++) {
		size_t n = gt_esc_buf(p, len - (size_t)(p - text), t.lines[i], strlen(t.lines[i]), 0);
		p[n] = '\n';
		p += n + 1;
	}
	*p = 0;
	*nlines = t.nlines;
	tui_inspector_free_lines(&t);
	return text;
}

int tui_inspector_stale(const struct tui_app *a, const struct tui_inspector *in)
{
	return tui_stack_relayout(in->width, a->cols);
}

void tui_inspector_build_into(struct tui_app *a, struct tui_inspector *dst, const struct tui_sel *s)
{
	build_into(a, dst, s, a->cols);
	struct tui_inspector *in = dst;
	/* hints about keys of the inspector mean nothing elsewhere */
	while (in->nlines && !strncmp(in->lines[in->nlines - 1], "Press ", 6)) {
		free(in->lines[--in->nlines]);
		if (in->nlines && !in->lines[in->nlines - 1][0])
			free(in->lines[--in->nlines]);
	}
	/* nor does the event's kind, in a preview */
	size_t k = 0;
	for (size_t i = 0; i < in->nlines; i++) {
		if (!strncmp(in->lines[i], "  kind ", 7) || !in->lines[i][0]) {
			free(in->lines[i]);
			continue;
		}
		in->lines[k] = in->lines[i];
		in->line_role[k] = in->line_role[i];
		in->line_g[k] = in->line_g[i];
		in->line_t[k] = in->line_t[i];
		k++;
	}
	in->nlines = k;
}

int tui_inspector_action(struct tui_app *a, enum gt_action act)
{
	struct tui_inspector *in = &a->insp;
	long d = 0;
	int rows = rows_of(a);
	switch (act) {
	case GT_ACTION_MOVE_UP: d = -1; break;
	case GT_ACTION_MOVE_DOWN: d = 1; break;
	case GT_ACTION_PAGE_UP: d = -rows; break;
	case GT_ACTION_PAGE_DOWN: d = rows; break;
	case GT_ACTION_HALF_PAGE_UP: d = -rows / 2; break;
	case GT_ACTION_HALF_PAGE_DOWN: d = rows / 2; break;
	case GT_ACTION_GOTO_FIRST: d = -(long)in->nlines; break;
	case GT_ACTION_GOTO_LAST: d = (long)in->nlines; break;
	case GT_ACTION_OPEN_SELECTION: {
		uint32_t g = in->nlines ? in->line_g[in->cur] : UINT32_MAX;
		if (g == UINT32_MAX) {
			/* not a goroutine line: the selection's goroutine, if any */
			if (in->sel.kind == TUI_SEL_GSPAN || in->sel.kind == TUI_SEL_PSPAN ||
			    (in->sel.kind == TUI_SEL_GOROUTINE))
				g = in->sel.g;
		}
		if (g == UINT32_MAX) {
			tui_status(a, "no goroutine on this line");
			return TUI_REDRAW_STATUS;
		}
		tui_open_goroutine(a, g);
		return TUI_REDRAW;
	}
	case GT_ACTION_ZOOM_FIT:
	case GT_ACTION_ZOOM_IN: {
		/* show the selection on the timeline */
		const struct tui_sel *s = &in->sel;
		int np = (int)gt_model_p_count(a->m);
		if (s->kind == TUI_SEL_RANGE || (s->kind == TUI_SEL_REF && s->ref.what == GT_REF_STW)) {
			enum gt_range_set set = s->kind == TUI_SEL_RANGE ? s->set : GT_RS_STW;
			size_t idx = s->kind == TUI_SEL_RANGE ? s->index : s->ref.index, n;
			const struct gt_range *r = gt_model_ranges(a->m, set, &n);
			if (idx < n) {
				int lane = np + (set == GT_RS_GC ? TUI_LANE_GC : set == GT_RS_STW ? TUI_LANE_STW : TUI_LANE_ASSIST);
				tui_timeline_show(a, r[idx].start, r[idx].end, lane);
				tui_push(a, TUI_V_TIMELINE); /* Esc comes back here */
			}
			return TUI_REDRAW;
		}
		if (s->kind == TUI_SEL_WINDOW) {
			tui_timeline_show(a, s->start, s->end, -1);
			tui_push(a, TUI_V_TIMELINE); /* Esc comes back here */
			return TUI_REDRAW;
		}
		if (s->kind == TUI_SEL_PSPAN || s->kind == TUI_SEL_GSPAN) {
			tui_timeline_show(a, s->start, s->end, -1);
			tui_timeline_follow(a, s->g, s->kind == TUI_SEL_GSPAN ? s->pid : gt_model_p(a->m, s->p)->id);
			tui_push(a, TUI_V_TIMELINE); /* Esc comes back here */
			return TUI_REDRAW;
		}
		return TUI_UNHANDLED;
	}
	default:
		return TUI_UNHANDLED;
	}
	in->cur = tui_move_sel(in->cur, d, in->nlines);
	return TUI_REDRAW;
}

int tui_inspector_click(struct tui_app *a, int y, int x)
{
	(void)x;
	struct tui_inspector *in = &a->insp;
	int r = y - tui_body_top(a);
	if (r < 0 || r >= rows_of(a) || in->top + (size_t)r >= in->nlines)
		return 0;
	in->cur = in->top + (size_t)r;
	return TUI_REDRAW;
}
