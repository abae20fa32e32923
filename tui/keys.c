/* keys.c: what a key does: the prompt (search bar, text filter) takes
 * keys first, then the keymap turns key sequences into actions; global
 * actions run here, the rest go to the current view.  Mouse reports
 * (decoded by termkey) select and open what is under the pointer. */
#include "tui/app.h"

#include <signal.h>
#include <curses.h>
#include <stdio.h>
#include <string.h>

/* ---- prompt (search bar, text filter) ----------------------------------- */

static void prompt_open(struct tui_app *a, int kind)
{
	gt_keymap_cancel(a->config->keymap);
	a->prompt.open = 1;
	a->prompt.kind = kind;
	a->prompt.text[0] = 0;
	a->prompt.len = 0;
	if (kind == 1 || kind == 2)
		snprintf(a->prompt.text, sizeof a->prompt.text, "%s", kind == 1 ? a->gl.text : a->rg.text);
	if (kind == 3)
		tui_export_default_name(a, a->prompt.text, sizeof a->prompt.text);
	a->prompt.len = strlen(a->prompt.text);
	a->prompt.suggested = kind == 3 && a->prompt.len;
}

static void prompt_changed(struct tui_app *a)
{
	if (a->prompt.kind == 3)
		return; /* a file name: used on Enter */
	if (a->prompt.kind == 0) {
		snprintf(a->search.text, sizeof a->search.text, "%s", a->prompt.text);
		a->search.len = a->prompt.len;
		tui_search_update(a);
	} else if (a->prompt.kind == 2) {
		tui_regions_filter_text(a, a->prompt.text);
	} else {
		tui_goroutines_filter_text(a, a->prompt.text);
	}
}

static int prompt_key(struct tui_app *a, TermKeyKey *key)
{
	struct tui_prompt *p = &a->prompt;
	/* a suggested name: typing replaces it, Backspace or Ctrl-U edit it */
	int suggested = p->suggested;
	p->suggested = 0;
	if (key->type == TERMKEY_TYPE_KEYSYM) {
		switch (key->code.sym) {
		case TERMKEY_SYM_ESCAPE:
			p->open = 0;
			if (p->kind == 0) {
				if (tui_current(a) == TUI_V_SEARCH && !a->search.results)
					tui_pop(a);
			} else if (p->kind == 1) {
				tui_goroutines_filter_text(a, "");
			}
			return TUI_REDRAW;
		case TERMKEY_SYM_ENTER:
			p->open = 0;
			if (p->kind == 0)
				return tui_search_choose(a) | TUI_REDRAW;
			if (p->kind == 3)
				return tui_export_save(a, p->text) | TUI_REDRAW;
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
			if (p->kind == 3)
				return 0;
			return tui_search_action(a, GT_ACTION_MOVE_UP);
		case TERMKEY_SYM_DOWN:
		case TERMKEY_SYM_TAB:
			if (p->kind == 3)
				return 0;
			return tui_search_action(a, GT_ACTION_MOVE_DOWN);
		case TERMKEY_SYM_SPACE:
			break;
		default:
			return 0;
		}
	}
	if (key->type == TERMKEY_TYPE_UNICODE && (key->modifiers & TERMKEY_KEYMOD_CTRL)) {
		if (p->kind == 3 && key->code.codepoint != 'u')
			return 0;
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
	if (suggested) {
		p->len = 0;
		p->text[0] = 0;
	}
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
	case GT_ACTION_VIEW_REGIONS:
		tui_switch(a, TUI_V_REGIONS);
		return TUI_REDRAW;
	case GT_ACTION_MARK_RANGE:
	case GT_ACTION_WINDOW_STATS:
		return tui_range_action(a, act);
	case GT_ACTION_VIEW_PROFILE:
		tui_switch(a, TUI_V_PROFILE);
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
	case GT_ACTION_JUMP_CAUSE:
		return tui_jump_cause(a);
	case GT_ACTION_LIST_CAUSED:
		return tui_list_caused(a);
	case GT_ACTION_SEARCH_NEXT:
	case GT_ACTION_SEARCH_PREV:
		if (v == TUI_V_SEARCH)
			break;
		return tui_search_step(a, act == GT_ACTION_SEARCH_NEXT ? 1 : -1);
	case GT_ACTION_COPY_TEXT:
		return tui_export_copy(a);
	case GT_ACTION_SAVE_TEXT: {
		char name[128];
		tui_export_default_name(a, name, sizeof name);
		if (!name[0]) /* nothing selected: the status says so */
			return TUI_REDRAW_STATUS;
		prompt_open(a, 3);
		return TUI_REDRAW;
	}
	case GT_ACTION_FILTER_TEXT:
		if (v == TUI_V_REGIONS) { /* the logs */
			tui_regions_action(a, act);
			prompt_open(a, 2);
			return TUI_REDRAW;
		}
		if (v != TUI_V_GOROUTINES)
			tui_switch(a, TUI_V_GOROUTINES);
		prompt_open(a, 1);
		return TUI_REDRAW;
	case GT_ACTION_TOGGLE_BLOCKED:
	case GT_ACTION_GROUP_BY_FUNC:
	case GT_ACTION_FILTER_STATE:
		if (v != TUI_V_GOROUTINES && !((v == TUI_V_GC || v == TUI_V_PROFILE) &&
		                               act == GT_ACTION_FILTER_STATE)) {
			tui_switch(a, TUI_V_GOROUTINES);
			v = TUI_V_GOROUTINES;
		}
		break;
	default:
		break;
	}
	int r = tui_view_action(a, v, act);
	if (r & TUI_UNHANDLED) {
		if (act == GT_ACTION_GO_BACK) {
			if (tui_jump_back(a))
				return TUI_REDRAW;
			if (a->depth > 1)
				tui_pop(a);
			return TUI_REDRAW;
		}
		r &= ~TUI_UNHANDLED;
	}
	return r;
}

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
			tui_view_click(a, v, y, x);
			return run_action(a, button == 4 ? GT_ACTION_ZOOM_IN : GT_ACTION_ZOOM_OUT);
		}
		return run_action(a, button == 4 ? GT_ACTION_MOVE_UP : GT_ACTION_MOVE_DOWN);
	}
	if (button != 1)
		return 0;
	static int last_y = -1, last_x = -1;
	static enum tui_view_id last_v;
	int again = v == last_v && y == last_y && (v != TUI_V_TIMELINE || x == last_x);
	last_y = y;
	last_x = x;
	last_v = v;
	int r = tui_view_click(a, v, y, x);
	if (r && again && v != TUI_V_TIMELINE)
		return run_action(a, GT_ACTION_OPEN_SELECTION);
	return r;
}

/* Escape then a key within the Escape wait (escape-delay) reads as
 * Alt+key: over SSH one packet may carry both.  An Alt+key that means
 * nothing here is taken as what it most likely was, Escape followed by
 * the key, so that neither is lost (what vim and libtermkey's users do). */
static int is_alt(const TermKeyKey *key)
{
	return (key->modifiers & TERMKEY_KEYMOD_ALT) &&
	       (key->type == TERMKEY_TYPE_UNICODE || key->type == TERMKEY_TYPE_KEYSYM ||
	        key->type == TERMKEY_TYPE_FUNCTION);
}

static int escape_then(struct tui_app *a, TermKey *tk, const TermKeyKey *key)
{
	TermKeyKey esc, k = *key;
	memset(&esc, 0, sizeof esc);
	esc.type = TERMKEY_TYPE_KEYSYM;
	esc.code.sym = TERMKEY_SYM_ESCAPE;
	k.modifiers &= ~TERMKEY_KEYMOD_ALT;
	int r = tui_handle_key(a, tk, &esc);
	if (r & (TUI_QUIT | TUI_SUSPEND))
		return r;
	return r | tui_handle_key(a, tk, &k);
}

int tui_handle_key(struct tui_app *a, TermKey *tk, TermKeyKey *key)
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
	if (a->cols < TUI_MIN_COLS || a->rows < TUI_MIN_ROWS) {
		/* too small: only quitting makes sense */
		if (key->type == TERMKEY_TYPE_UNICODE && key->code.codepoint == 'q' && !key->modifiers)
			return TUI_QUIT;
	}
	if (a->prompt.open) {
		if (is_alt(key)) /* a prompt takes no Alt+key */
			return escape_then(a, tk, key) | TUI_REDRAW_STATUS;
		return prompt_key(a, key) | (had_status ? TUI_REDRAW_STATUS : 0);
	}
	enum gt_action act = GT_ACTION_NONE;
	switch (gt_keymap_feed_termkey(a->config->keymap, tk, key, &act)) {
	case GT_FEED_ACTION:
		return run_action(a, act) | TUI_REDRAW_STATUS;
	case GT_FEED_PENDING:
		return TUI_REDRAW_STATUS;
	case GT_FEED_NONE:
		if (is_alt(key))
			return escape_then(a, tk, key) | TUI_REDRAW_STATUS;
		if (key->type == TERMKEY_TYPE_UNICODE && key->code.codepoint == 'c' &&
		    key->modifiers == TERMKEY_KEYMOD_CTRL) {
			raise(SIGINT); /* an unbound Ctrl-C interrupts, as usual */
			return 0;
		}
		if (tui_current(a) == TUI_V_HELP)
			return tui_help_action(a, GT_ACTION_NONE);
		break;
	}
	return TUI_REDRAW_STATUS;
}

