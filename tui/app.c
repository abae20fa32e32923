/* app.c: the views (a table: name, draw, action, click, status hints),
 * moving between them, and the frame: header, the view's body, the status
 * line.  The main loop (run.c) calls tui_draw; keys arrive via keys.c. */
#include "tui/app.h"
#include "tui/live.h"

#include <curses.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "tui/colors.h"
#include "tui/draw.h"
#include "tui/glyphs.h"
#include "tui/util.h"

/* ---- views ------------------------------------------------------------- */

static const struct view {
	const char *name;
	void (*draw)(struct tui_app *a);
	int (*action)(struct tui_app *a, enum gt_action act);
	const enum gt_action hints[8];
	int (*click)(struct tui_app *a, int y, int x);
} views[TUI_V__COUNT] = {
	[TUI_V_TIMELINE] = {"timeline", tui_timeline_draw, tui_timeline_action,
		{GT_ACTION_ZOOM_IN, GT_ACTION_ZOOM_OUT, GT_ACTION_ZOOM_FIT, GT_ACTION_PAN_RIGHT,
		 GT_ACTION_OPEN_SELECTION, GT_ACTION_SEARCH, GT_ACTION_SHOW_HELP, GT_ACTION_QUIT}, tui_timeline_click},
	[TUI_V_GOROUTINES] = {"goroutines", tui_goroutines_draw, tui_goroutines_action,
		{GT_ACTION_TOGGLE_BLOCKED, GT_ACTION_SORT_NEXT, GT_ACTION_FILTER_STATE,
		 GT_ACTION_FILTER_TEXT, GT_ACTION_OPEN_SELECTION, GT_ACTION_NEXT_PANE,
		 GT_ACTION_SHOW_HELP, GT_ACTION_QUIT}, tui_goroutines_click},
	[TUI_V_GC] = {"gc", tui_gc_draw, tui_gc_action,
		{GT_ACTION_SORT_NEXT, GT_ACTION_SORT_REVERSE, GT_ACTION_FILTER_STATE,
		 GT_ACTION_OPEN_SELECTION, GT_ACTION_NEXT_PANE, GT_ACTION_SHOW_HELP, GT_ACTION_QUIT}, tui_gc_click},
	[TUI_V_GOROUTINE] = {"goroutine", tui_goroutine_draw, tui_goroutine_action,
		{GT_ACTION_OPEN_SELECTION, GT_ACTION_ZOOM_FIT, GT_ACTION_NEXT_PANE, GT_ACTION_GO_BACK,
		 GT_ACTION_SHOW_HELP, GT_ACTION_QUIT}, tui_goroutine_click},
	[TUI_V_INSPECTOR] = {"inspector", tui_inspector_draw, tui_inspector_action,
		{GT_ACTION_MOVE_DOWN, GT_ACTION_OPEN_SELECTION, GT_ACTION_ZOOM_FIT, GT_ACTION_GO_BACK,
		 GT_ACTION_SHOW_HELP, GT_ACTION_QUIT}, tui_inspector_click},
	[TUI_V_SEARCH] = {"search", tui_search_draw, tui_search_action,
		{GT_ACTION_OPEN_SELECTION, GT_ACTION_SEARCH_NEXT, GT_ACTION_SEARCH_PREV,
		 GT_ACTION_SEARCH, GT_ACTION_GO_BACK, GT_ACTION_QUIT}, tui_search_click},
	[TUI_V_REGIONS] = {"regions", tui_regions_draw, tui_regions_action,
		{GT_ACTION_OPEN_SELECTION, GT_ACTION_NEXT_PANE, GT_ACTION_FILTER_TEXT, GT_ACTION_ZOOM_FIT,
		 GT_ACTION_GO_BACK, GT_ACTION_SHOW_HELP, GT_ACTION_QUIT}, tui_regions_click},
	[TUI_V_PROFILE] = {"profile", tui_profile_draw, tui_profile_action,
		{GT_ACTION_FILTER_STATE, GT_ACTION_SORT_NEXT, GT_ACTION_OPEN_SELECTION,
		 GT_ACTION_NEXT_PANE, GT_ACTION_GO_BACK, GT_ACTION_SHOW_HELP, GT_ACTION_QUIT}, tui_profile_click},
	[TUI_V_HELP] = {"help", tui_help_draw, tui_help_action,
		{GT_ACTION_MOVE_DOWN, GT_ACTION_GO_BACK}, NULL},
};

void tui_push(struct tui_app *a, enum tui_view_id v)
{
	if (a->depth > 0 && tui_current(a) == v)
		return;
	if (a->depth == (int)(sizeof a->stack / sizeof a->stack[0])) {
		memmove(a->stack + 1, a->stack + 2, (size_t)(a->depth - 2) * sizeof a->stack[0]);
		a->depth--;
	}
	a->stack[a->depth++] = v;
}

void tui_pop(struct tui_app *a)
{
	if (a->depth > 1)
		a->depth--;
}

void tui_switch(struct tui_app *a, enum tui_view_id v)
{
	a->depth = 0;
	tui_push(a, v);
}

void tui_status(struct tui_app *a, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(a->status, sizeof a->status, fmt, ap);
	va_end(ap);
	a->status_error = 0;
}

void tui_open_inspector(struct tui_app *a, const struct tui_sel *s)
{
	a->insp.sel = *s;
	a->insp.top = 0;
	a->insp.width = a->cols;
	tui_inspector_build(a);
	tui_push(a, TUI_V_INSPECTOR);
}

void tui_open_goroutine(struct tui_app *a, uint32_t gi)
{
	tui_goroutine_load(a, gi);
	tui_push(a, TUI_V_GOROUTINE);
}

void tui_fmt_time(const struct tui_app *a, char *buf, size_t len, int64_t ts)
{
	int64_t rel = tui_dur(a->info.min_ts, ts);
	int64_t span = a->tl.t1 - a->tl.t0;
	int prec = span < 10000 ? 9 : 6;
	snprintf(buf, len, "%.*fs", prec, (double)rel / 1e9);
}

const char *tui_g_func(const struct tui_app *a, const struct gt_goroutine *g)
{
	if (g->start_func)
		return gt_model_str(a->m, g->start_func);
	/* no symbols (Go 1.5/1.6): the outermost frame's PC */
	const struct gt_tables *t = gt_model_tables(a->m);
	gt_stack st = gt_stack_depth(t, g->end_stack) ? g->end_stack : g->create_stack;
	size_t n = gt_stack_depth(t, st);
	if (!n)
		return "";
	const struct gt_frame *f = gt_frame_get(t, gt_stack_frames(t, st)[n - 1]);
	if (!f)
		return "";
	if (f->func)
		return gt_str_get(t, f->func);
	/* per thread: the goroutine list's filter runs on two */
	static _Thread_local char bufs[4][24];
	static _Thread_local int next;
	char *b = bufs[next++ & 3];
	snprintf(b, sizeof bufs[0], "0x%llx", (unsigned long long)f->pc);
	return b;
}

const char *tui_key_of(struct tui_app *a, enum gt_action act)
{
	static char keys[GT_ACTION_COUNT][GT_KEY_NAME_MAX];
	static unsigned char done[GT_ACTION_COUNT];
	if ((unsigned)act >= GT_ACTION_COUNT)
		return "";
	if (!done[act]) {
		char buf[GT_KEY_SEQ_TEXT_MAX * 4];
		buf[0] = 0;
		gt_keymap_keys_of(a->config->keymap, act, "\n", buf, sizeof buf);
		size_t n = strcspn(buf, "\n");
		if (n >= sizeof keys[act])
			n = sizeof keys[act] - 1;
		memcpy(keys[act], buf, n);
		keys[act][n] = 0;
		done[act] = 1;
	}
	return keys[act];
}


const char *tui_view_name(enum tui_view_id v) { return views[v].name; }

int tui_view_action(struct tui_app *a, enum tui_view_id v, enum gt_action act)
{
	return views[v].action(a, act);
}

int tui_view_click(struct tui_app *a, enum tui_view_id v, int y, int x)
{
	return views[v].click ? views[v].click(a, y, x) : 0;
}

/* ---- header and status line -------------------------------------------- */

static void draw_header(struct tui_app *a)
{
	int attr = tui_attr(TUI_C_HEADER);
	tui_fill(0, 0, a->cols, attr, " ");
	char dur[32], w0[32], w1[32], cur[32], right[192];
	tui_fmt_dur(dur, sizeof dur, a->info.max_ts - a->info.min_ts);
	tui_fmt_time(a, w0, sizeof w0, a->tl.t0);
	tui_fmt_time(a, w1, sizeof w1, a->tl.t1);
	tui_fmt_time(a, cur, sizeof cur, a->tl.cursor);
	/* a trace that is not all there says so at every width, on every
	 * view: the mark has its room before anything but the name */
	const char *mark = !a->load_error[0] ? ""
		: a->info.status == GT_TRUNCATED ? " [truncated]" : " [partial]";
	/* a trace still arriving says how far it got, and its figures so
	 * far where the window's times still fit */
	char live[160];
	tui_live_mark(a, live, sizeof live, 1);
	int live_mark = !*mark && live[0];
	if (live_mark) {
		mark = live;
		snprintf(right, sizeof right, " go1.%d  %s  window %s-%s  cursor %s ",
		         a->info.version, dur, w0, w1, cur);
		if (a->cols - tui_width(right) - tui_width(live) - 8 - tui_width(a->file_name) < 12)
			tui_live_mark(a, live, sizeof live, 0);
	}
	int mw = tui_width(mark);
	/* the right part, shorter as the screen narrows: the window goes
	 * first, then the duration, then the trace's format (its version
	 * names the format, not the Go that wrote it: Go 1.23 writes 1.23,
	 * a later Go may still write it) */
	int rw = 0;
	for (int level = 0; level < 4; level++) {
		if (level == 0)
			snprintf(right, sizeof right, " trace format 1.%d  %s  window %s-%s  cursor %s ",
			         a->info.version, dur, w0, w1, cur);
		else if (level == 1)
			snprintf(right, sizeof right, " trace format 1.%d  %s  cursor %s ", a->info.version, dur, cur);
		else if (level == 2)
			snprintf(right, sizeof right, " trace format 1.%d  cursor %s ", a->info.version, cur);
		else
			snprintf(right, sizeof right, " cursor %s ", cur);
		rw = tui_width(right);
		if (a->cols - rw - mw >= 12)
			break;
	}
	int lw = a->cols - rw;
	int x = tui_put(0, 0, lw, attr, " gtview ");
	/* a long path keeps its end: the file's name matters most */
	const char *name = a->file_name;
	int room = lw - x - mw - 1;
	if (tui_width(name) > room && room > 4) {
		while (*name && tui_width(name) > room - 1)
			name++;
		x += tui_put(0, x, 1, attr, tui_glyph(TUI_G_ELLIPSIS));
	}
	x += tui_put(0, x, room > 0 ? room : 0, attr, name);
	if (mw) /* what was kept is shown; say that it is partial */
		tui_put(0, x, lw - x, tui_attr(live_mark ? TUI_C_TITLE : TUI_C_ERROR), mark);
	tui_put_right(0, 0, a->cols, attr, right);
}

static void draw_status(struct tui_app *a)
{
	int y = a->rows - 1;
	int attr = tui_attr(TUI_C_STATUS), kattr = tui_attr(TUI_C_STATUS_KEY);
	tui_fill(y, 0, a->cols, attr, " ");
	enum tui_view_id v = tui_current(a);
	char right[64];
	const char *pending = gt_keymap_pending(a->config->keymap);
	snprintf(right, sizeof right, "%s%s[%s] ", pending, *pending ? " " : "", views[v].name);
	int rw = tui_width(right);
	tui_put_right(y, 0, a->cols, attr, right);
	int w = a->cols - rw - 1;
	if (a->prompt.open) {
		const char *lead = a->prompt.kind == 0 ? "/" : a->prompt.kind == 3 ? "save to: " : "filter: ";
		int x = tui_put(y, 0, w, kattr, lead);
		/* a suggestion shows selected: what is typed replaces it */
		x += tui_put(y, x, w - x, a->prompt.suggested ? tui_attr(TUI_C_SELECTED) : attr, a->prompt.text);
		tui_put(y, x, w - x, tui_attr(TUI_C_CURSOR) | A_REVERSE, " ");
		return;
	}
	if (a->status[0]) {
		tui_put(y, 0, w, a->status_error ? tui_attr(TUI_C_ERROR) : attr, a->status);
		return;
	}
	int x = 0;
	for (int i = 0; i < 8 && views[v].hints[i]; i++) {
		enum gt_action act = views[v].hints[i];
		const char *k = tui_key_of(a, act);
		if (!*k)
			continue;
		char both[2 * GT_KEY_NAME_MAX + 8];
		if (act == GT_ACTION_PAN_RIGHT && *tui_key_of(a, GT_ACTION_PAN_LEFT)) {
			/* "L pan" alone reads as if one could only pan one way */
			snprintf(both, sizeof both, "%s/%s", tui_key_of(a, GT_ACTION_PAN_LEFT), k);
			k = both;
		}
		const char *name = gt_action_name(act);
		const char *dash = strchr(name, '-');
		const char *word = act == GT_ACTION_SHOW_HELP ? "help"
			: act == GT_ACTION_OPEN_SELECTION ? "open"
			: act == GT_ACTION_GO_BACK ? "back"
			: act == GT_ACTION_NEXT_PANE ? (v == TUI_V_GC ? "inspect" : v == TUI_V_REGIONS ? "logs" : v == TUI_V_PROFILE ? "pages" : "pane")
			: act == GT_ACTION_TOGGLE_BLOCKED ? "blocked"
			: act == GT_ACTION_FILTER_STATE ? (v == TUI_V_GC || v == TUI_V_PROFILE ? "kind" : "state")
			: act == GT_ACTION_FILTER_TEXT ? "filter"
			: act == GT_ACTION_MOVE_DOWN ? "scroll"
			: act == GT_ACTION_SEARCH_NEXT ? "next"
			: act == GT_ACTION_SEARCH_PREV ? "prev"
			: act == GT_ACTION_ZOOM_IN ? "zoom in"
			: act == GT_ACTION_ZOOM_OUT ? "out"
			: act == GT_ACTION_ZOOM_FIT ? (v == TUI_V_TIMELINE ? "fit" : "on timeline")
			: act == GT_ACTION_PAN_RIGHT ? "pan"
			: act == GT_ACTION_SORT_NEXT ? "sort"
			: act == GT_ACTION_SORT_REVERSE ? "reverse"
			: act == GT_ACTION_VIEW_TIMELINE ? "timeline"
			: dash ? dash + 1 : name;
		char item[160];
		snprintf(item, sizeof item, "%s %s", k, word);
		if (x + tui_width(item) + 2 > w)
			break;
		x += tui_put(y, x, w - x, kattr, k);
		x += tui_put(y, x, w - x, attr, item + strlen(k));
		x += tui_put(y, x, w - x, attr, "  ");
	}
}

static void draw_too_small(struct tui_app *a)
{
	char msg[96];
	snprintf(msg, sizeof msg, "Terminal too small: %dx%d (gtview needs %dx%d)",
	         a->cols, a->rows, TUI_MIN_COLS, TUI_MIN_ROWS);
	int y = a->rows / 2;
	int len = tui_width(msg);
	if (len <= a->cols) {
		tui_put(y, (a->cols - len) / 2, a->cols, tui_attr(TUI_C_ERROR), msg);
	} else {
		/* even the message does not fit: wrap it */
		char l2[64];
		snprintf(l2, sizeof l2, "%dx%d, need %dx%d", a->cols, a->rows, TUI_MIN_COLS, TUI_MIN_ROWS);
		const char *lines[] = {"Terminal too small", l2};
		for (int i = 0; i < 2 && y - 1 + i < a->rows; i++)
			tui_put(y - 1 + i > 0 ? y - 1 + i : 0, 0, a->cols, tui_attr(TUI_C_ERROR), lines[i]);
	}
	if (a->rows > 1)
		tui_put(a->rows - 1 < y + 2 ? a->rows - 1 : y + 2, 0, a->cols, 0, "q quits");
}

void tui_draw(struct tui_app *a, int flags)
{
	a->rows = LINES;
	a->cols = COLS;
	if (flags & TUI_REDRAW_ALL)
		clearok(curscr, TRUE);
	erase();
	if (a->cols < TUI_MIN_COLS || a->rows < TUI_MIN_ROWS) {
		draw_too_small(a);
	} else {
		draw_header(a);
		views[tui_current(a)].draw(a);
		draw_status(a);
	}
	wnoutrefresh(stdscr);
	doupdate();
}

