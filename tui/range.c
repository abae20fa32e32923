/* range.c: a time range of the timeline and its statistics.  `m` marks
 * one end at the cursor, `m` again the other and opens the statistics
 * (gt_model_window_stats, the figures `gtview gc --window` and the
 * windowed reports take too) in the inspector; `M` opens those of the
 * time the timeline shows.  Goroutine lines open the goroutine; 0 shows
 * the range on the timeline. */
#include "tui/app.h"

#include <curses.h>
#include <stdio.h>

#include "tui/colors.h"
#include "tui/glyphs.h"
#include "tui/util.h"

static int open_stats(struct tui_app *a, int64_t t0, int64_t t1)
{
	struct tui_sel s = {.kind = TUI_SEL_WINDOW, .start = t0, .end = t1};
	a->range = (struct tui_range){.set = 1, .t0 = t0, .t1 = t1};
	a->rg.built = 0; /* the regions view narrows to the range */
	tui_goroutines_follow_range(a); /* the goroutine list too, in the background */
	tui_open_inspector(a, &s);
	return TUI_REDRAW;
}

int tui_range_action(struct tui_app *a, enum gt_action act)
{
	if (tui_current(a) != TUI_V_TIMELINE) {
		tui_status(a, "%s: on the timeline (%s)", gt_action_name(act),
		           tui_key_of(a, GT_ACTION_VIEW_TIMELINE));
		return TUI_REDRAW_STATUS;
	}
	if (act == GT_ACTION_WINDOW_STATS)
		return open_stats(a, a->tl.t0, a->tl.t1);
	int64_t c = a->tl.cursor;
	if (!a->range.marking) {
		a->range.marking = 1;
		a->range.mark = c;
		char t[32];
		tui_fmt_time(a, t, sizeof t, c);
		tui_status(a, "range from %s: move the cursor, %s again for its statistics", t,
		           tui_key_of(a, GT_ACTION_MARK_RANGE));
		return TUI_REDRAW;
	}
	int64_t t0 = a->range.mark < c ? a->range.mark : c;
	int64_t t1 = a->range.mark < c ? c : a->range.mark;
	if (t1 == t0) { /* the same place twice: a range of one column */
		int64_t w = (a->tl.t1 - a->tl.t0) / (a->cols > 1 ? a->cols : 1);
		t1 = tui_add(t0, w > 0 ? w : 1);
	}
	return open_stats(a, t0, t1);
}

void tui_range_mark_axis(struct tui_app *a, int y, int x, int w)
{
	const struct tui_timeline *tl = &a->tl;
	int64_t r0, r1;
	if (a->range.marking) {
		r0 = a->range.mark < tl->cursor ? a->range.mark : tl->cursor;
		r1 = a->range.mark < tl->cursor ? tl->cursor : a->range.mark;
	} else if (a->range.set) {
		r0 = a->range.t0;
		r1 = a->range.t1;
	} else {
		return;
	}
	if (r1 <= tl->t0 || r0 >= tl->t1 || tl->t1 <= tl->t0 || w <= 0)
		return;
	int64_t span = tl->t1 - tl->t0;
	int c0 = r0 <= tl->t0 ? 0 : (int)((__int128)(r0 - tl->t0) * w / span);
	int c1 = r1 >= tl->t1 ? w : (int)((__int128)(r1 - tl->t0) * w / span) + 1;
	if (c1 > w)
		c1 = w;
	/* the axis keeps its text; the range takes the match colour */
	int attr = tui_attr(TUI_C_MATCH);
	mvchgat(y, x + c0, c1 - c0, (attr_t)(attr & ~A_COLOR), (short)PAIR_NUMBER(attr), NULL);
}

static void add_ns(struct tui_app *a, const char *label, int64_t ns, int64_t whole)
{
	char d[32];
	tui_fmt_dur(d, sizeof d, ns);
	if (whole > 0)
		tui_inspector_add(a, 0, UINT32_MAX, "  %-22s %10s  %5.1f%%", label, d,
		                  100.0 * (double)ns / (double)whole);
	else
		tui_inspector_add(a, 0, UINT32_MAX, "  %-22s %10s", label, d);
}

static void add_tops(struct tui_app *a, const char *title, const struct gt_wtop *top)
{
	tui_inspector_add(a, TUI_C_TITLE, UINT32_MAX, "%s", title);
	if (top[0].gi == UINT32_MAX)
		tui_inspector_add(a, TUI_C_DIM, UINT32_MAX, "  (none)");
	for (int i = 0; i < GT_WSTATS_TOP && top[i].gi != UINT32_MAX; i++) {
		struct gt_goroutine g = tui_g(a, top[i].gi);
		char d[32];
		tui_fmt_dur(d, sizeof d, top[i].ns);
		tui_inspector_add(a, 0, top[i].gi, "  %10s  G%lld %s", d, (long long)g.id, tui_g_func(a, &g));
	}
}

int tui_range_waiting(const struct tui_app *a)
{
	return a->rstats_unready;
}

int tui_range_settled(struct tui_app *a)
{
	if (!a->rstats_unready || tui_rstats_busy(&a->rstats))
		return 0;
	a->rstats_unready = 0;
	if (a->insp.sel.kind != TUI_SEL_WINDOW)
		return 0;
	tui_inspector_build(a);
	return TUI_REDRAW;
}

int tui_range_settle(struct tui_app *a)
{
	tui_rstats_wait(&a->rstats);
	return tui_range_settled(a);
}

void tui_range_build(struct tui_app *a, int64_t t0, int64_t t1)
{
	const struct gt_wstats *wp;
	if (!tui_rstats_get(&a->rstats, a->m, t0, t1, &wp)) {
		char s[32], e[32];
		tui_fmt_time(a, s, sizeof s, t0 > a->info.min_ts ? t0 : a->info.min_ts);
		tui_fmt_time(a, e, sizeof e, t1 < a->info.max_ts ? t1 : a->info.max_ts);
		tui_inspector_add(a, TUI_C_TITLE, UINT32_MAX, "Range %s - %s", s, e);
		tui_inspector_add(a, TUI_C_DIM, UINT32_MAX, "  computing its statistics%s",
		                  tui_glyph(TUI_G_ELLIPSIS));
		a->rstats_unready = 1;
		return;
	}
	if (a->rstats.rc < 0) {
		tui_inspector_add(a, TUI_C_ERROR, UINT32_MAX, "out of memory");
		return;
	}
	const struct gt_wstats w = *wp;
	char s[32], e[32], d[32];
	tui_fmt_time(a, s, sizeof s, w.t0);
	tui_fmt_time(a, e, sizeof e, w.t1);
	tui_fmt_dur(d, sizeof d, tui_dur(w.t0, w.t1));
	int64_t span = tui_dur(w.t0, w.t1);
	tui_inspector_add(a, TUI_C_TITLE, UINT32_MAX, "Range %s - %s (%s)", s, e, d);
	/* the same window for the headless reports; ends at the trace's own
	 * are left open (its start may be before 0, which --window refuses) */
	char from[24] = "", upto[24] = "";
	if (w.t0 > a->info.min_ts)
		snprintf(from, sizeof from, "%lld", (long long)w.t0);
	if (w.t1 < a->info.max_ts)
		snprintf(upto, sizeof upto, "%lld", (long long)w.t1);
	tui_inspector_add(a, TUI_C_DIM, UINT32_MAX, "  as `gtview goroutines|gc|regions|pprof --window %s:%s`",
	                  from, upto);
	tui_inspector_add(a, 0, UINT32_MAX, "%s", "");
	tui_inspector_add(a, TUI_C_TITLE, UINT32_MAX, "Goroutine time, %u goroutines (%% of their time)",
	                  w.goroutines);
	static const struct { int state; const char *name; } st[] = {
		{GT_GS_RUNNING, "running"}, {GT_GS_RUNNABLE, "runnable"},
		{GT_GS_SYSCALL, "in syscalls"}, {GT_GS_WAITING, "waiting"}};
	int64_t sum = 0;
	for (int k = 0; k < 4; k++)
		sum = tui_add(sum, w.g_ns[st[k].state]);
	for (int k = 0; k < 4; k++)
		add_ns(a, st[k].name, w.g_ns[st[k].state], sum);
	tui_inspector_add(a, 0, UINT32_MAX, "%s", "");
	tui_inspector_add(a, TUI_C_TITLE, UINT32_MAX, "Garbage collection (%% of the range)");
	add_ns(a, "GC mark phase", w.gc_ns, span);
	add_ns(a, "stop-the-world", w.stw_ns, span);
	char ad[32];
	tui_fmt_dur(ad, sizeof ad, w.assist_ns);
	tui_inspector_add(a, 0, UINT32_MAX, "  %-22s %10s  in %u assists", "mark assists", ad, w.assists);
	tui_inspector_add(a, 0, UINT32_MAX, "%s", "");
	add_tops(a, "Ran most (Enter opens)", w.ran);
	add_tops(a, "Waited most", w.waited);
	tui_inspector_add(a, TUI_C_TITLE, UINT32_MAX, "Waited most in (reason, innermost frame)");
	if (!w.nwaits)
		tui_inspector_add(a, TUI_C_DIM, UINT32_MAX, "  (none)");
	for (uint32_t i = 0; i < w.nwaits; i++) {
		char wd[32];
		tui_fmt_dur(wd, sizeof wd, w.waits[i].ns);
		const char *r = gt_model_str(a->m, w.waits[i].reason);
		const char *f = gt_model_str(a->m, gt_model_stack_top_func(a->m, w.waits[i].stack));
		tui_inspector_add(a, 0, UINT32_MAX, "  %10s  %s  %s", wd, *r ? r : "(no reason)",
		                  *f ? f : "(no stack)");
	}
	tui_inspector_add(a, 0, UINT32_MAX, "%s", "");
	tui_inspector_add(a, TUI_C_TITLE, UINT32_MAX, "Events by kind");
	static const char *const to[GT_GS__COUNT] = {
		[GT_GS_RUNNING] = "to running", [GT_GS_RUNNABLE] = "to runnable",
		[GT_GS_SYSCALL] = "to syscall", [GT_GS_WAITING] = "to waiting"};
	for (int k = 0; k < GT_GS__COUNT; k++)
		if (to[k])
			tui_inspector_add(a, 0, UINT32_MAX, "  %-22s %10u", to[k], w.transitions[k]);
	const struct { const char *name; uint32_t n; } ev[] = {
		{"GC cycles", w.gc_cycles}, {"STW pauses", w.stws}, {"mark assists", w.assists},
		{"regions begun", w.regions}, {"tasks begun", w.tasks}, {"logs", w.logs},
		{"CPU samples", w.samples}};
	for (size_t k = 0; k < sizeof ev / sizeof ev[0]; k++)
		tui_inspector_add(a, 0, UINT32_MAX, "  %-22s %10u", ev[k].name, ev[k].n);
}

void tui_range_window(const struct tui_app *a, int64_t *t0, int64_t *t1)
{
	*t0 = a->range.set ? a->range.t0 : INT64_MIN;
	*t1 = a->range.set ? a->range.t1 : INT64_MAX;
}

int tui_range_moved(const struct tui_app *a, int64_t t0, int64_t t1)
{
	int64_t w0, w1;
	tui_range_window(a, &w0, &w1);
	return t0 != w0 || t1 != w1;
}

int tui_range_text(const struct tui_app *a, char *buf, size_t n, int64_t t0, int64_t t1)
{
	buf[0] = 0;
	if (t0 == INT64_MIN && t1 == INT64_MAX)
		return 0;
	char s[32], e[32];
	tui_fmt_time(a, s, sizeof s, t0);
	tui_fmt_time(a, e, sizeof e, t1);
	snprintf(buf, n, "%s-%s", s, e);
	return 1;
}
