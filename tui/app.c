/* app.c: loading with a progress bar, the poll loop, key dispatch, the
 * header and the status line.  Views draw the body (view_*.c). */
#define _GNU_SOURCE /* ppoll */
#include "tui/app.h"
#include "tui/tui.h"

#include <curses.h>
#include <errno.h>
#include <langinfo.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tui/colors.h"
#include "tui/draw.h"
#include "tui/dump.h"
#include "tui/glyphs.h"
#include "tui/script.h"
#include "tui/signals.h"
#include "tui/util.h"

#define MIN_COLS 60
#define MIN_ROWS 16

/* ---- views ------------------------------------------------------------- */

static const struct {
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
		{GT_ACTION_OPEN_SELECTION, GT_ACTION_NEXT_PANE, GT_ACTION_GO_BACK,
		 GT_ACTION_SHOW_HELP, GT_ACTION_QUIT}, tui_goroutine_click},
	[TUI_V_INSPECTOR] = {"inspector", tui_inspector_draw, tui_inspector_action,
		{GT_ACTION_MOVE_DOWN, GT_ACTION_OPEN_SELECTION, GT_ACTION_GO_BACK,
		 GT_ACTION_SHOW_HELP, GT_ACTION_QUIT}, tui_inspector_click},
	[TUI_V_SEARCH] = {"search", tui_search_draw, tui_search_action,
		{GT_ACTION_OPEN_SELECTION, GT_ACTION_SEARCH_NEXT, GT_ACTION_SEARCH_PREV,
		 GT_ACTION_SEARCH, GT_ACTION_GO_BACK, GT_ACTION_QUIT}, tui_search_click},
	[TUI_V_HELP] = {"help", tui_help_draw, tui_help_action,
		{GT_ACTION_MOVE_DOWN, GT_ACTION_GO_BACK}},
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
	int64_t rel = ts - a->info.min_ts;
	int64_t span = a->tl.t1 - a->tl.t0;
	int prec = span < 10000 ? 9 : 6;
	snprintf(buf, len, "%.*fs", prec, (double)rel / 1e9);
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

/* ---- header and status line -------------------------------------------- */

static void draw_header(struct tui_app *a)
{
	int attr = tui_attr(TUI_C_HEADER);
	tui_fill(0, 0, a->cols, attr, " ");
	char dur[32], w0[32], w1[32], cur[32], right[160];
	tui_fmt_dur(dur, sizeof dur, a->info.max_ts - a->info.min_ts);
	tui_fmt_time(a, w0, sizeof w0, a->tl.t0);
	tui_fmt_time(a, w1, sizeof w1, a->tl.t1);
	tui_fmt_time(a, cur, sizeof cur, a->tl.cursor);
	snprintf(right, sizeof right, " go1.%d  %s  window %s-%s  cursor %s ",
	         a->info.version, dur, w0, w1, cur);
	int rw = tui_width(right);
	int lw = a->cols - rw;
	if (lw < 12) { /* narrow: drop the window, keep the cursor */
		snprintf(right, sizeof right, " go1.%d  %s  cursor %s ", a->info.version, dur, cur);
		rw = tui_width(right);
		lw = a->cols - rw;
	}
	int x = tui_put(0, 0, lw, attr, " gtview ");
	/* a long path keeps its end: the file's name matters most */
	const char *name = a->file_name;
	int room = lw - x - 1;
	if (tui_width(name) > room && room > 4) {
		while (*name && tui_width(name) > room - 1)
			name++;
		x += tui_put(0, x, 1, attr, tui_glyph(TUI_G_ELLIPSIS));
	}
	tui_put(0, x, lw - x, attr, name);
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
		const char *lead = a->prompt.kind == 0 ? "/" : "filter: ";
		int x = tui_put(y, 0, w, kattr, lead);
		x += tui_put(y, x, w - x, attr, a->prompt.text);
		tui_put(y, x, w - x, tui_attr(TUI_C_CURSOR) | A_REVERSE, " ");
		return;
	}
	if (a->status[0]) {
		tui_put(y, 0, w, a->status_error ? tui_attr(TUI_C_ERROR) : attr, a->status);
		return;
	}
	if (a->load_error[0]) {
		tui_put(y, 0, w, tui_attr(TUI_C_ERROR), a->load_error);
		return;
	}
	int x = 0;
	for (int i = 0; i < 8 && views[v].hints[i]; i++) {
		enum gt_action act = views[v].hints[i];
		const char *k = tui_key_of(a, act);
		if (!*k)
			continue;
		const char *name = gt_action_name(act);
		const char *dash = strchr(name, '-');
		const char *word = act == GT_ACTION_SHOW_HELP ? "help"
			: act == GT_ACTION_OPEN_SELECTION ? "open"
			: act == GT_ACTION_GO_BACK ? "back"
			: act == GT_ACTION_NEXT_PANE ? (v == TUI_V_GC ? "inspect" : "pane")
			: act == GT_ACTION_TOGGLE_BLOCKED ? "blocked"
			: act == GT_ACTION_FILTER_STATE ? (v == TUI_V_GC ? "kind" : "state")
			: act == GT_ACTION_FILTER_TEXT ? "filter"
			: act == GT_ACTION_MOVE_DOWN ? "scroll"
			: act == GT_ACTION_SEARCH_NEXT ? "next"
			: act == GT_ACTION_SEARCH_PREV ? "prev"
			: act == GT_ACTION_ZOOM_IN ? "zoom in"
			: act == GT_ACTION_ZOOM_OUT ? "out"
			: act == GT_ACTION_ZOOM_FIT ? "fit"
			: act == GT_ACTION_PAN_RIGHT ? "pan"
			: act == GT_ACTION_SORT_NEXT ? "sort"
			: act == GT_ACTION_SORT_REVERSE ? "reverse"
			: act == GT_ACTION_VIEW_TIMELINE ? "timeline"
			: dash ? dash + 1 : name;
		char item[64];
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
	         a->cols, a->rows, MIN_COLS, MIN_ROWS);
	int y = a->rows / 2;
	int len = tui_width(msg);
	if (len <= a->cols) {
		tui_put(y, (a->cols - len) / 2, a->cols, tui_attr(TUI_C_ERROR), msg);
	} else {
		/* even the message does not fit: wrap it */
		char l2[64];
		snprintf(l2, sizeof l2, "%dx%d, need %dx%d", a->cols, a->rows, MIN_COLS, MIN_ROWS);
		const char *lines[] = {"Terminal too small", l2};
		for (int i = 0; i < 2 && y - 1 + i < a->rows; i++)
			tui_put(y - 1 + i > 0 ? y - 1 + i : 0, 0, a->cols, tui_attr(TUI_C_ERROR), lines[i]);
	}
	if (a->rows > 1)
		tui_put(a->rows - 1 < y + 2 ? a->rows - 1 : y + 2, 0, a->cols, 0, "q quits");
}

static void draw(struct tui_app *a, int flags)
{
	a->rows = LINES;
	a->cols = COLS;
	if (flags & TUI_REDRAW_ALL)
		clearok(curscr, TRUE);
	erase();
	if (a->cols < MIN_COLS || a->rows < MIN_ROWS) {
		draw_too_small(a);
	} else {
		draw_header(a);
		views[tui_current(a)].draw(a);
		draw_status(a);
	}
	wnoutrefresh(stdscr);
	doupdate();
}

/* ---- prompt (search bar, text filter) ----------------------------------- */

static void prompt_open(struct tui_app *a, int kind)
{
	gt_keymap_cancel(a->config->keymap);
	a->prompt.open = 1;
	a->prompt.kind = kind;
	a->prompt.text[0] = 0;
	a->prompt.len = 0;
	if (kind == 1) {
		snprintf(a->prompt.text, sizeof a->prompt.text, "%s", a->gl.text);
		a->prompt.len = strlen(a->prompt.text);
	}
}

static void prompt_changed(struct tui_app *a)
{
	if (a->prompt.kind == 0) {
		snprintf(a->search.text, sizeof a->search.text, "%s", a->prompt.text);
		a->search.len = a->prompt.len;
		tui_search_update(a);
	} else {
		tui_goroutines_filter_text(a, a->prompt.text);
	}
}

static int prompt_key(struct tui_app *a, TermKeyKey *key)
{
	struct tui_prompt *p = &a->prompt;
	if (key->type == TERMKEY_TYPE_KEYSYM) {
		switch (key->code.sym) {
		case TERMKEY_SYM_ESCAPE:
			p->open = 0;
			if (p->kind == 0) {
				if (tui_current(a) == TUI_V_SEARCH && !a->search.results)
					tui_pop(a);
			} else {
				tui_goroutines_filter_text(a, "");
			}
			return TUI_REDRAW;
		case TERMKEY_SYM_ENTER:
			p->open = 0;
			if (p->kind == 0)
				return tui_search_choose(a) | TUI_REDRAW;
			return TUI_REDRAW;
		case TERMKEY_SYM_BACKSPACE:
		case TERMKEY_SYM_DEL:
			if (p->len) {
				do
					p->len--;
				while (p->len && ((unsigned char)p->text[p->len] & 0xC0) == 0x80);
				p->text[p->len] = 0;
				prompt_changed(a);
			}
			return TUI_REDRAW;
		case TERMKEY_SYM_UP:
			return tui_search_action(a, GT_ACTION_MOVE_UP);
		case TERMKEY_SYM_DOWN:
		case TERMKEY_SYM_TAB:
			return tui_search_action(a, GT_ACTION_MOVE_DOWN);
		case TERMKEY_SYM_SPACE:
			break;
		default:
			return 0;
		}
	}
	if (key->type == TERMKEY_TYPE_UNICODE && (key->modifiers & TERMKEY_KEYMOD_CTRL)) {
		if (key->code.codepoint == 'n')
			return tui_search_action(a, GT_ACTION_MOVE_DOWN);
		if (key->code.codepoint == 'p')
			return tui_search_action(a, GT_ACTION_MOVE_UP);
		if (key->code.codepoint == 'u') {
			p->len = 0;
			p->text[0] = 0;
			prompt_changed(a);
			return TUI_REDRAW;
		}
		return 0;
	}
	const char *utf = key->type == TERMKEY_TYPE_KEYSYM ? " " : key->utf8;
	if (key->type != TERMKEY_TYPE_UNICODE && key->type != TERMKEY_TYPE_KEYSYM)
		return 0;
	size_t n = strlen(utf);
	if (key->modifiers & ~TERMKEY_KEYMOD_SHIFT)
		return 0;
	if (p->len + n + 1 > sizeof p->text)
		return 0;
	memcpy(p->text + p->len, utf, n + 1);
	p->len += n;
	prompt_changed(a);
	return TUI_REDRAW;
}

/* ---- actions ------------------------------------------------------------ */

static int run_action(struct tui_app *a, enum gt_action act)
{
	enum tui_view_id v = tui_current(a);
	if (v == TUI_V_HELP)
		return tui_help_action(a, act);
	switch (act) {
	case GT_ACTION_QUIT:
		return TUI_QUIT;
	case GT_ACTION_SHOW_HELP:
		a->help_top = 0;
		tui_push(a, TUI_V_HELP);
		return TUI_REDRAW;
	case GT_ACTION_REDRAW:
		return TUI_REDRAW_ALL;
	case GT_ACTION_SUSPEND:
		return TUI_SUSPEND;
	case GT_ACTION_VIEW_TIMELINE:
		tui_switch(a, TUI_V_TIMELINE);
		return TUI_REDRAW;
	case GT_ACTION_VIEW_GOROUTINES:
		tui_switch(a, TUI_V_GOROUTINES);
		return TUI_REDRAW;
	case GT_ACTION_VIEW_GC:
		tui_switch(a, TUI_V_GC);
		return TUI_REDRAW;
	case GT_ACTION_SEARCH:
	case GT_ACTION_SEARCH_REVERSE:
		prompt_open(a, 0);
		a->search.text[0] = 0;
		a->search.len = 0;
		a->search.results = 0;
		tui_search_update(a);
		tui_push(a, TUI_V_SEARCH);
		return TUI_REDRAW;
	case GT_ACTION_SEARCH_NEXT:
	case GT_ACTION_SEARCH_PREV:
		if (v == TUI_V_SEARCH)
			break;
		return tui_search_step(a, act == GT_ACTION_SEARCH_NEXT ? 1 : -1);
	case GT_ACTION_FILTER_TEXT:
		if (v != TUI_V_GOROUTINES)
			tui_switch(a, TUI_V_GOROUTINES);
		prompt_open(a, 1);
		return TUI_REDRAW;
	case GT_ACTION_TOGGLE_BLOCKED:
	case GT_ACTION_FILTER_STATE:
		if (v != TUI_V_GOROUTINES && !(v == TUI_V_GC && act == GT_ACTION_FILTER_STATE)) {
			tui_switch(a, TUI_V_GOROUTINES);
			v = TUI_V_GOROUTINES;
		}
		break;
	default:
		break;
	}
	int r = views[v].action(a, act);
	if (r & TUI_UNHANDLED) {
		if (act == GT_ACTION_GO_BACK) {
			if (a->depth > 1)
				tui_pop(a);
			return TUI_REDRAW;
		}
		r &= ~TUI_UNHANDLED;
	}
	return r;
}

static int run_action(struct tui_app *a, enum gt_action act);

/* Wheel: up/down (zoom on the timeline, around the pointer); click:
 * select what is under the pointer; a second click on it opens it. */
static int mouse(struct tui_app *a, TermKey *tk, TermKeyKey *key)
{
	TermKeyMouseEvent ev;
	int button, line, col;
	if (termkey_interpret_mouse(tk, key, &ev, &button, &line, &col) != TERMKEY_RES_KEY)
		return 0;
	if (ev != TERMKEY_MOUSE_PRESS || a->prompt.open)
		return 0;
	int y = line - 1, x = col - 1;
	enum tui_view_id v = tui_current(a);
	if (v == TUI_V_HELP)
		return run_action(a, button == 5 ? GT_ACTION_MOVE_DOWN : button == 4 ? GT_ACTION_MOVE_UP : GT_ACTION_GO_BACK);
	if (button == 4 || button == 5) {
		if (v == TUI_V_TIMELINE) {
			if (views[v].click)
				views[v].click(a, y, x);
			return run_action(a, button == 4 ? GT_ACTION_ZOOM_IN : GT_ACTION_ZOOM_OUT);
		}
		return run_action(a, button == 4 ? GT_ACTION_MOVE_UP : GT_ACTION_MOVE_DOWN);
	}
	if (button != 1 || !views[v].click)
		return 0;
	static int last_y = -1, last_x = -1;
	static enum tui_view_id last_v;
	int again = v == last_v && y == last_y && (v != TUI_V_TIMELINE || x == last_x);
	last_y = y;
	last_x = x;
	last_v = v;
	int r = views[v].click(a, y, x);
	if (r && again && v != TUI_V_TIMELINE)
		return run_action(a, GT_ACTION_OPEN_SELECTION);
	return r;
}

static int handle_key(struct tui_app *a, TermKey *tk, TermKeyKey *key)
{
	if (key->type == TERMKEY_TYPE_MOUSE)
		return a->config->settings.mouse ? mouse(a, tk, key) : 0;
	if (key->type == TERMKEY_TYPE_POSITION ||
	    key->type == TERMKEY_TYPE_MODEREPORT || key->type == TERMKEY_TYPE_UNKNOWN_CSI ||
	    key->type == TERMKEY_TYPE_DCS || key->type == TERMKEY_TYPE_OSC) {
		if (key->type == TERMKEY_TYPE_UNKNOWN_CSI) {
			long args[16];
			size_t n = 16;
			unsigned long cmd;
			termkey_interpret_csi(tk, key, args, &n, &cmd);
		}
		return 0;
	}
	int had_status = a->status[0] != 0;
	a->status[0] = 0;
	if (a->cols < MIN_COLS || a->rows < MIN_ROWS) {
		/* too small: only quitting makes sense */
		if (key->type == TERMKEY_TYPE_UNICODE && key->code.codepoint == 'q' && !key->modifiers)
			return TUI_QUIT;
	}
	if (a->prompt.open)
		return prompt_key(a, key) | (had_status ? TUI_REDRAW_STATUS : 0);
	enum gt_action act = GT_ACTION_NONE;
	switch (gt_keymap_feed_termkey(a->config->keymap, tk, key, &act)) {
	case GT_FEED_ACTION:
		return run_action(a, act) | TUI_REDRAW_STATUS;
	case GT_FEED_PENDING:
		return TUI_REDRAW_STATUS;
	case GT_FEED_NONE:
		if (tui_current(a) == TUI_V_HELP)
			return tui_help_action(a, GT_ACTION_NONE);
		break;
	}
	return TUI_REDRAW_STATUS;
}

/* ---- script commands (headless tests) ------------------------------------ */

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* ":bench-frames N FILE": draws N frames of the current view at random
 * (but repeatable) zooms and cursor positions; writes ms per frame. */
static int bench_frames(struct tui_app *a, int n, const char *path)
{
	uint64_t seed = 0x9E3779B97F4A7C15ull;
	int64_t full = a->info.max_ts + 1 - a->info.min_ts;
	double total = 0, worst = 0;
	struct tui_timeline saved = a->tl;
	for (int i = 0; i < n; i++) {
		seed = seed * 6364136223846793005ull + 1442695040888963407ull;
		int zoom = (int)(seed >> 58);          /* 0..63 halvings */
		int64_t span = full >> (zoom % 40);
		if (span < 100)
			span = 100;
		double pos = (double)((seed >> 20) & 0xFFFFF) / 0x100000;
		a->tl.t0 = a->info.min_ts + (int64_t)(pos * (double)(full - span));
		a->tl.t1 = a->tl.t0 + span;
		a->tl.cursor = a->tl.t0 + span / 2;
		a->tl.cursor_set = 1;
		double t0 = now_ms();
		draw(a, TUI_REDRAW_ALL);
		double ms = now_ms() - t0;
		total += ms;
		if (ms > worst)
			worst = ms;
	}
	a->tl = saved;
	FILE *f = fopen(path, "w");
	if (!f)
		tui_die("bench-frames %s: %s", path, strerror(errno));
	fprintf(f, "%s %dx%d view=%s frames=%d mean_ms=%.3f max_ms=%.3f\n", a->file_name, COLS, LINES,
	        views[tui_current(a)].name, n, n ? total / n : 0, worst);
	fclose(f);
	return TUI_REDRAW_ALL;
}

static int run_command(struct tui_app *a, const char *cmd)
{
	char arg[1024];
	int c, r;
	(void)a;
	if (sscanf(cmd, "save-screen %1023s", arg) == 1) {
		if (tui_dump_screen(arg) < 0)
			tui_die("save-screen %s: %s", arg, strerror(errno));
		return 0;
	}
	int b;
	if (sscanf(cmd, "mouse %d %d %d", &b, &r, &c) == 3) {
		/* an SGR mouse press at 1-based (r, c), decoded by termkey as a
		 * terminal's would be */
		char seq[64];
		int code = b >= 4 ? 64 + b - 4 : b - 1;
		snprintf(seq, sizeof seq, "\033[<%d;%d;%dM", code, c, r);
		termkey_push_bytes(a->keys_tk, seq, strlen(seq));
		TermKeyKey key;
		int flags = 0;
		while (termkey_getkey(a->keys_tk, &key) == TERMKEY_RES_KEY)
			flags |= handle_key(a, a->keys_tk, &key);
		return flags;
	}
	if (sscanf(cmd, "bench-frames %d %1023s", &c, arg) == 2)
		return bench_frames(a, c, arg);
	if (sscanf(cmd, "resize %dx%d", &c, &r) == 2) {
		resizeterm(r, c);
		return TUI_REDRAW_ALL;
	}
	tui_die("script: unknown command ':%s'", cmd);
}

/* ---- the loop ------------------------------------------------------------ */

static int loop(struct tui_app *a, struct tui_script *script, const sigset_t *unblocked)
{
	int flags = TUI_REDRAW_ALL, pending_esc = 0;
	TermKey *tk = a->keys_tk;
	for (;;) {
		if (tui_sig_quit)
			return 128 + tui_sig_quit;
		if (tui_sig_winch) {
			tui_sig_winch = 0;
			tui_term_resize(&a->term);
			flags |= TUI_REDRAW_ALL;
		}
		if (tui_sig_tstp) /* kill -TSTP: suspend as Ctrl-Z does */
			flags |= TUI_SUSPEND;
		if (tui_sig_cont) {
			tui_sig_cont = 0;
			tui_term_resize(&a->term);
			flags |= TUI_REDRAW_ALL;
		}
		if (flags & TUI_QUIT)
			return 0;
		if (flags & TUI_SUSPEND) {
			tui_term_suspend(&a->term);
			tui_sig_cont = 0;
			flags = TUI_REDRAW_ALL;
		}
		if (flags)
			draw(a, flags);
		flags = 0;
		if (a->term.headless) {
			if (script->next >= script->n)
				return 0;
			struct tui_script_item *it = &script->items[script->next++];
			if (it->is_cmd)
				flags = run_command(a, it->cmd);
			else
				flags = handle_key(a, tk, &it->key);
			continue;
		}
		struct pollfd pfd = {.fd = a->term.tty_fd, .events = POLLIN};
		struct timespec wait;
		if (pending_esc) {
			int ms = termkey_get_waittime(tk);
			wait.tv_sec = ms / 1000;
			wait.tv_nsec = (long)(ms % 1000) * 1000000L;
		}
		int r = ppoll(&pfd, 1, pending_esc ? &wait : NULL, unblocked);
		if (r < 0) {
			if (errno == EINTR)
				continue;
			return 2;
		}
		TermKeyKey key;
		if (r == 0 && pending_esc) {
			pending_esc = 0;
			if (termkey_getkey_force(tk, &key) == TERMKEY_RES_KEY)
				flags |= handle_key(a, tk, &key);
			continue;
		}
		if (pfd.revents & (POLLIN | POLLHUP | POLLERR))
			termkey_advisereadable(tk);
		TermKeyResult ret;
		while ((ret = termkey_getkey(tk, &key)) == TERMKEY_RES_KEY) {
			flags |= handle_key(a, tk, &key);
			if (flags & (TUI_QUIT | TUI_SUSPEND))
				break;
		}
		pending_esc = ret == TERMKEY_RES_AGAIN;
		if (ret == TERMKEY_RES_EOF)
			return 0;
	}
}

/* ---- loading ------------------------------------------------------------- */

struct load_ctx {
	struct tui_app *a;
	struct timespec t0;
	int64_t last_draw_ms;
	int tried;          /* tried to start the terminal */
	int ascii, color;
	const struct tui_run_opts *o;
	sigset_t unblocked;
};

static int64_t elapsed_ms(const struct timespec *t0)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (int64_t)(now.tv_sec - t0->tv_sec) * 1000 + (now.tv_nsec - t0->tv_nsec) / 1000000;
}

static int locale_utf8(void)
{
	const char *cs = nl_langinfo(CODESET);
	return cs && (!strcmp(cs, "UTF-8") || !strcmp(cs, "utf8"));
}

static void done_display(void)
{
	if (tui_term_active)
		tui_term_close(tui_term_active);
	tui_signals_restore();
}

static int start_terminal(struct tui_app *a, const struct tui_run_opts *o, int headless,
                          sigset_t *unblocked, char *err, size_t errlen)
{
	int utf8 = locale_utf8() && !o->config->settings.ascii;
	tui_signals_install(unblocked);
	if (tui_term_open(&a->term, headless, o->keys_from_tty, !utf8, err, errlen) < 0) {
		tui_signals_restore();
		return -1;
	}
	tui_die_callback = done_display;
	tui_glyphs_init(utf8);
	tui_draw_init(utf8);
	tui_colors_init(o->config->settings.color);
	if (a->term.tk)
		termkey_set_waittime(a->term.tk, o->config->settings.escape_delay_ms);
	tui_term_mouse(&a->term, o->config->settings.mouse);
	return 0;
}

static void draw_progress(struct tui_app *a, uint64_t done, uint64_t total)
{
	erase();
	int y = LINES / 2, w = COLS - 20;
	if (w < 10)
		w = COLS;
	int x = (COLS - w) / 2;
	tui_printf(y - 1, x, w, tui_attr(TUI_C_TITLE), "Loading %s", a->file_name);
	double frac = total ? (double)done / (double)total : 0;
	int fill = (int)(frac * (w - 7));
	tui_fill(y, x, fill, tui_attr(TUI_C_RUNNING), tui_glyph(TUI_G_FULL));
	tui_fill(y, x + fill, w - 7 - fill, tui_attr(TUI_C_DIM), tui_glyph(TUI_G_LIGHT));
	tui_printf(y, x + w - 6, 6, 0, "%4.0f%%", frac * 100);
	wnoutrefresh(stdscr);
	doupdate();
}

static void on_progress(void *ctx, uint64_t done, uint64_t total)
{
	struct load_ctx *l = ctx;
	struct tui_app *a = l->a;
	int64_t ms = elapsed_ms(&l->t0);
	if (!a->term.started) {
		if (l->tried || ms < 150 || done == 0)
			return;
		l->tried = 1;
		char err[256];
		if (start_terminal(a, l->o, 0, &l->unblocked, err, sizeof err) < 0)
			return; /* load on without a progress bar */
	}
	/* Let pending signals in now: a quit during loading quits. */
	sigset_t old;
	sigprocmask(SIG_SETMASK, &l->unblocked, &old);
	sigprocmask(SIG_SETMASK, &old, NULL);
	if (tui_sig_quit) {
		int sig = tui_sig_quit;
		done_display();
		exit(128 + sig);
	}
	if (tui_sig_winch) {
		tui_sig_winch = 0;
		tui_term_resize(&a->term);
	}
	if (ms - l->last_draw_ms < 50)
		return;
	l->last_draw_ms = ms;
	draw_progress(a, done, total);
}

/* ---- entry --------------------------------------------------------------- */

static void app_free(struct tui_app *a)
{
	tui_goroutines_free(a);
	tui_timeline_free(a);
	tui_goroutine_free(a);
	tui_gc_free(a);
	tui_inspector_free(a);
	tui_search_free(a);
	if (a->keys_tk && a->own_keys_tk)
		termkey_destroy(a->keys_tk);
	a->keys_tk = NULL;
	if (a->m)
		gt_model_free(a->m);
	a->m = NULL;
}

int tui_run(const struct tui_run_opts *o)
{
	static struct tui_app app; /* static: reachable from die() */
	struct tui_app *a = &app;
	memset(a, 0, sizeof *a);
	a->config = o->config;
	a->file_name = o->file_name;
	a->term.tty_fd = -1;

	const char *script_path = getenv("GTVIEW_SCRIPT");
	int headless = script_path && *script_path;
	struct tui_script script = {0};
	char err[512];
	if (headless && tui_script_load(&script, script_path, err, sizeof err) < 0) {
		fprintf(stderr, "gtview: GTVIEW_SCRIPT: %s\n", err);
		return 2;
	}

	struct load_ctx l = {.a = a, .o = o};
	clock_gettime(CLOCK_MONOTONIC, &l.t0);
	struct gt_decode_result res;
	memset(&res, 0, sizeof res);
	a->m = gt_model_load(o->buf, o->len, o->mapped, headless ? NULL : on_progress, &l, &res);
	if (!a->m) {
		done_display();
		fprintf(stderr, "gtview: %s: out of memory\n", o->file_name);
		tui_script_free(&script);
		return 1;
	}
	gt_model_info(a->m, &a->info);
	if (res.status != GT_OK && res.status != GT_STOPPED) {
		uint64_t kept = 0; /* Sync events alone show nothing */
		for (int k = 0; k < GT_EV__COUNT; k++)
			if (k != GT_EV_SYNC)
				kept += a->info.by_kind[k];
		if (kept == 0) {
			/* nothing to show: say why, terminal untouched */
			done_display();
			fprintf(stderr, "gtview: %s: offset %llu: %s\n", o->file_name,
			        (unsigned long long)res.offset, res.msg[0] ? res.msg : gt_status_name(res.status));
			app_free(a);
			tui_script_free(&script);
			return 1;
		}
		snprintf(a->load_error, sizeof a->load_error, "%s at offset %llu: %s (kept %llu events)",
		         res.status == GT_TRUNCATED ? "truncated" : "error",
		         (unsigned long long)res.offset, res.msg, (unsigned long long)res.events);
	}
	if (!a->term.started &&
	    start_terminal(a, o, headless, &l.unblocked, err, sizeof err) < 0) {
		fprintf(stderr, "gtview: %s\n", err);
		app_free(a);
		tui_script_free(&script);
		return 2;
	}
	a->keys_tk = a->term.tk;
	if (!a->keys_tk) {
		a->keys_tk = tui_termkey_abstract();
		if (!a->keys_tk)
			tui_die("out of memory");
		a->own_keys_tk = 1;
	}
	if (gt_config_message_count(a->config)) {
		size_t n = gt_config_message_count(a->config);
		tui_status(a, "%s%s", gt_config_message(a->config, 0), n > 1 ? " (+more)" : "");
		a->status_error = 1;
	}
	a->rows = LINES;
	a->cols = COLS;
	tui_timeline_fit(a);
	a->gl.dirty = 1;
	a->gl.state_filter = -1;
	a->gl.sort = TUI_GCOL_ID;
	switch (a->config->settings.default_view) {
	case GT_VIEW_GOROUTINES: tui_switch(a, TUI_V_GOROUTINES); break;
	case GT_VIEW_GC: tui_switch(a, TUI_V_GC); break;
	default: tui_switch(a, TUI_V_TIMELINE); break;
	}
	int rc = loop(a, &script, &l.unblocked);
	done_display();
	tui_die_callback = NULL;
	app_free(a);
	tui_script_free(&script);
	return rc;
}
