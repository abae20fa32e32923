/* view_goroutines.c: the goroutine list: sortable columns, filters by state
 * and text, and the blocked filter that groups the goroutines blocked at
 * the end of the trace by reason and stack.  A preview pane below shows the
 * selected goroutine's (or group's) stack.  With a range marked on the
 * timeline, the rows and their times are the range's (goroutine_window.h).
 *
 * Rows are rebuilt (O(goroutines log goroutines)) only when a filter or
 * the sort changes; drawing touches only the rows on screen. */
#include "tui/app.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui/colors.h"
#include "tui/draw.h"
#include "tui/glyphs.h"
#include "tui/util.h"

static const char *const col_names[TUI_GCOL__COUNT] = {
	"goroutine", "state", "running", "waited", "reason", "start function",
};
/* Not a sort column: how long a goroutine has been blocked, at the end of
 * the trace (or at the cursor, with the state there), beside its time
 * waited in all; shown where there is room, and always in the blocked
 * view, where it is the question. */
#define BLOCKED_W 12
#define BLOCKED_COLS 100
static const int col_w[TUI_GCOL__COUNT] = {11, 10, 9, 9, 18, 0};
/* A new sort column starts descending for times, ascending otherwise. */
static const int col_desc[TUI_GCOL__COUNT] = {0, 0, 1, 1, 0, 0};

/* Why a goroutine waits: the model's answer (gt_model_g_wait_reason). */
gt_str tui_g_wait_reason(const struct tui_app *a, uint32_t gi, const struct gt_goroutine *g)
{
	uint8_t unknown;
	return gt_model_g_wait_reason(a->m, gi, g, &unknown);
}

int tui_goroutines_free(struct tui_app *a)
{
	struct tui_goroutines *gl = &a->gl;
	tui_gwin_drop(gl->win);
	gl->win = NULL;
	/* a range's build may wait for the index's first steps: those end at
	 * once when told to, then the range's, before the index goes */
	if (gl->ix.m)
		atomic_store(&gl->ix.cancel, 1);
	if (tui_gwin_wait_dropped() < 0 || tui_gindex_free(&gl->ix) < 0)
		return -1;
	free(gl->rows);
	free(gl->groups);
	free(gl->spass);
	gl->rows = NULL;
	gl->groups = NULL;
	gl->spass = NULL;
	gl->nrows = gl->ngroups = gl->nmat = gl->cap = 0;
	return 0;
}

/* Before a change of the filters or the sort: the selected goroutine
 * stays selected if the new rows have it; text_only: the text filter
 * changed alone (rows found for it may be narrowed). */
static void touch(struct tui_app *a, int text_only)
{
	struct tui_goroutines *gl = &a->gl;
	tui_goroutines_keep_sel(a);
	if (!text_only)
		gl->narrow_ok = 0;
	gl->dirty = 1;
}

int tui_goroutines_filter_text(struct tui_app *a, const char *text)
{
	touch(a, 1);
	snprintf(a->gl.text, sizeof a->gl.text, "%s", text);
	return TUI_REDRAW;
}

static int list_rows(struct tui_app *a)
{
	const struct tui_goroutines *gl = &a->gl;
	int body = tui_body_rows(a);
	int preview = body / 3;
	if (preview < 5)
		preview = 5;
	/* a short stack leaves its blank rows to the list */
	if (gl->sel < gl->nrows && gl->by_func) {
		uint32_t nr = tui_goroutines_byfunc(a)->group[gl->groups[gl->sel].index].nreasons;
		int want = (int)(nr < 2 ? 2 : nr) + 1;
		if (want < preview)
			preview = want < 3 ? 3 : want;
	} else if (gl->sel < gl->nrows) {
		uint32_t row = tui_goroutines_row((struct tui_app *)a, gl->sel);
		gt_stack st = row & TUI_GROW_GROUP ? gl->groups[row & ~TUI_GROW_GROUP].mg.stack
		              : gl->raw ? tui_g(a, row).end_stack : gl->ix.sigs[tui_gsig_of(&gl->ix, row)].stack;
		size_t depth = st ? gt_stack_depth(gt_model_tables(a->m), st) : 0;
		int want = (int)(depth < 2 ? 2 : depth) + 1;
		if (want < preview)
			preview = want < 3 ? 3 : want;
	}
	int r = body - 2 - preview; /* title, column header */
	return r < 3 ? 3 : r;
}

/* State of goroutine gi at t (the state column follows the timeline cursor
 * once the user has placed it). */
struct state_at { uint8_t state; gt_str reason; int found; };
static int take_state(void *ctx, const struct gt_gspan *s)
{
	struct state_at *st = ctx;
	st->state = s->state;
	st->reason = s->reason;
	st->found = 1;
	return 1;
}

static int state_role(int s)
{
	switch (s) {
	case GT_GS_RUNNING: return TUI_C_G_RUNNING;
	case GT_GS_RUNNABLE: return TUI_C_G_RUNNABLE;
	case GT_GS_WAITING: return TUI_C_G_WAITING;
	case GT_GS_SYSCALL: return TUI_C_G_SYSCALL;
	default: return TUI_C_DIM;
	}
}

/* The id column: wide enough for the ids on screen (a 7-digit id, in
 * the blocked filter's indented rows, ran into the state column). */
static int id_width(struct tui_app *a, int rows)
{
	const struct tui_goroutines *gl = &a->gl;
	int w = col_w[TUI_GCOL_ID];
	for (size_t r = gl->top; r < gl->nrows && r < gl->top + (size_t)rows; r++) {
		uint32_t row = tui_goroutines_row(a, r);
		if (row & TUI_GROW_GROUP)
			continue;
		char id[32];
		/* ">" or " ", the blocked filter's indent, "G", the id, a space */
		int n = snprintf(id, sizeof id, "G%lld", (long long)gt_model_g_id(a->m, row)) + 2 + (gl->blocked ? 2 : 0);
		if (n > w)
			w = n;
	}
	return w;
}

/* For a group whose header would read as another's (their stacks begin
 * alike): "  at F:LINE", the first frame that tells it apart
 * (gt_model_bgroup_apart_frame), F without its package path; "" when that is the
 * function the header shows already (shown). */
static void apart_text(const struct tui_app *a, const struct gt_bgroup *g, gt_str shown,
                       char *buf, size_t size)
{
	uint32_t fi = gt_model_bgroup_apart_frame(a->m, g);
	const struct gt_frame *f = fi ? gt_frame_get(gt_model_tables(a->m), fi) : NULL;
	if (!f || f->func == shown) /* the header's "from" says it already */
		return;
	const char *fn = gt_model_str(a->m, f->func), *slash = strrchr(fn, '/');
	snprintf(buf, size, "  at %s:%u", slash ? slash + 1 : fn, f->line);
}

/* The range's rows being computed: how far, and how to leave. */
static void draw_computing(struct tui_app *a)
{
	char rng[80], line[256];
	tui_range_text(a, rng, sizeof rng, a->gl.win->t0, a->gl.win->t1);
	if (tui_gwin_ready(a->gl.win, 0)) /* F: the groups come after the rows */
		snprintf(line, sizeof line, "Goroutines in %s: grouping them by start function%s", rng,
		         tui_glyph(TUI_G_ELLIPSIS));
	else
		snprintf(line, sizeof line, "Goroutines in %s: computing their time in the range%s %u%%", rng,
		         tui_glyph(TUI_G_ELLIPSIS), tui_gwin_permille(a->gl.win) / 10);
	int y = tui_body_top(a);
	tui_put(y, 0, a->cols, tui_attr(TUI_C_TITLE), line);
	snprintf(line, sizeof line, "%s: the whole trace", tui_key_of(a, GT_ACTION_FILTER_CLEAR));
	tui_put(y + 2, 2, a->cols - 2, tui_attr(TUI_C_DIM), line);
}

void tui_goroutines_draw(struct tui_app *a)
{
	struct tui_goroutines *gl = &a->gl;
	if (!tui_goroutines_sync(a)) {
		draw_computing(a);
		return;
	}
	int y = tui_body_top(a), rows = list_rows(a);
	tui_list_fit(&gl->sel, &gl->top, gl->nrows, rows);
	if (gl->by_func) {
		tui_gfuncs_draw(a, y, rows);
		return;
	}
	int cw[TUI_GCOL__COUNT];
	memcpy(cw, col_w, sizeof cw);
	cw[TUI_GCOL_ID] = id_width(a, rows);
	/* title: what is shown */
	char title[512], rng[80], in[128] = "";
	const char *st = gl->state_filter >= 0 ? gt_gostate_name((enum gt_gostate)gl->state_filter) : "";
	if (gl->windowed && tui_range_text(a, rng, sizeof rng, gl->win->t0, gl->win->t1)) /* m on the timeline */
		snprintf(in, sizeof in, "; in %s (%s: the whole trace)", rng, tui_key_of(a, GT_ACTION_FILTER_CLEAR));
	/* before the index has what is asked: what is shown meanwhile */
	const char *early = gl->raw ? "  (indexing: as they appeared, unfiltered, unsorted)"
	                    : gl->pending ? "  (indexing: by goroutine until sorted)" : "";
	/* a partial model: its end is only where the loaded part ends */
	snprintf(title, sizeof title, "%s%s%s%s%s%s%s%zu of %u goroutines%s%s%s%s%s%s%s%s%s",
	         gl->blocked ? "Blocked at the end" : "", gl->blocked ? tui_so_far(a) : "",
	         gl->blocked ? ": " : "", gl->func_on ? "Started by " : "",
	         gl->func_on ? gt_model_str(a->m, gl->func) : "", gl->func_on ? ": " : "",
	         gl->counting ? "at least " : "", gl->nrows - gl->ngroups,
	         gl->windowed ? gl->win->n : gt_model_g_count(a->m), gl->blocked ? "" : tui_so_far(a),
	         gl->blocked ? ", grouped by reason and stack" : "",
	         *st ? ", state " : "", st,
	         gl->text[0] ? ", matching \"" : "", gl->text, gl->text[0] ? "\"" : "", in,
	         gl->counting ? " (counting)" : early);
	tui_put(y++, 0, a->cols, tui_attr(TUI_C_TITLE), title);
	/* column headers */
	int x = 0;
	int at_cursor = a->tl.cursor_set;
	int blk = a->cols >= BLOCKED_COLS || gl->blocked;
	for (int c = 0; c < TUI_GCOL__COUNT; c++) {
		int w = cw[c] ? cw[c] : a->cols - x;
		char h[48];
		const char *name = c == TUI_GCOL_STATE && at_cursor ? "state@cur" : col_names[c];
		snprintf(h, sizeof h, "%s%s", name,
		         (int)gl->sort == c ? tui_glyph(gl->desc ? TUI_G_ARROW_DN : TUI_G_ARROW_UP) : "");
		if (c == TUI_GCOL_RUN || c == TUI_GCOL_WAIT)
			tui_put_right(y, x, w - 1, tui_attr(TUI_C_DIM) | A_UNDERLINE, h);
		else
			tui_put(y, x + (c == 0 ? 1 : 0), w - 1, tui_attr(TUI_C_DIM) | A_UNDERLINE, h);
		x += w;
		if (c == TUI_GCOL_WAIT && blk) {
			tui_put_right(y, x, BLOCKED_W - 1, tui_attr(TUI_C_DIM) | A_UNDERLINE,
			              at_cursor ? "blocked@cur" : "blocked for");
			x += BLOCKED_W;
		}
	}
	y++;
	if (!gl->nrows)
		tui_put(y, 2, a->cols - 2, tui_attr(TUI_C_DIM),
		        gl->pending ? "indexing the goroutines..." : gl->counting ? "looking..."
		        : gl->blocked ? "no goroutine is blocked at the end of the trace" : "no goroutine matches");
	for (int i = 0; i < rows && gl->top + (size_t)i < gl->nrows; i++) {
		size_t r = gl->top + (size_t)i;
		uint32_t row = tui_goroutines_row(a, r);
		int sel = r == gl->sel;
		int base = sel ? tui_attr(gl->pane == 0 ? TUI_C_SELECTED : TUI_C_DIM) : 0;
		if (sel)
			tui_fill(y + i, 0, a->cols, base, " ");
		if (row & TUI_GROW_GROUP) {
			const struct tui_ggroup *grp = &gl->groups[row & ~TUI_GROW_GROUP];
			gt_stack gst = grp->mg.stack;
			const char *fn = gt_model_str(a->m, gt_model_stack_top_func(a->m, gst));
			uint32_t uf = gt_model_stack_user_frame(a->m, gst);
			const struct gt_frame *f = uf ? gt_frame_get(gt_model_tables(a->m), uf) : NULL;
			int from = f && f->func != gt_model_stack_top_func(a->m, gst);
			char line[768], apart[320] = "";
			apart_text(a, &grp->mg, from ? f->func : 0, apart, sizeof apart);
			/* no stack: the start function tells the groups apart */
			snprintf(line, sizeof line, "%s%u x %s%s%s%s%s%s%s", sel ? ">" : " ", grp->count,
			         gt_model_bgroup_why(a->m, &grp->mg), gt_why_mark(grp->mg.unknown),
			         grp->mg.runtime ? "" : "  in ",
			         grp->mg.runtime ? "" : *fn ? fn : "(no stack)",
			         from ? "  from " : grp->mg.start_func ? "  started in " : "",
			         from ? gt_model_str(a->m, f->func)
			              : grp->mg.start_func ? gt_model_str(a->m, grp->mg.start_func) : "",
			         apart);
			tui_put(y + i, 0, a->cols, sel ? base : tui_attr(TUI_C_TITLE), line);
			continue;
		}
		const struct gt_goroutine g_ = tui_g(a, row), *g = &g_;
		int state = g->end_state;
		gt_str reason = tui_goroutines_reason(a, row);
		int64_t blocked = !blk ? -1 : gt_model_g_blocked_for(a->m, row, g, at_cursor ? a->tl.cursor
		                                                                            : INT64_MAX);
		if (at_cursor) {
			/* state and reason both at the cursor, so that they agree */
			struct state_at s = {0, 0, 0};
			gt_model_g_spans(a->m, row, a->tl.cursor, a->tl.cursor + 1, take_state, &s);
			state = s.found ? s.state : -1; /* before its first transition */
			reason = s.found ? s.reason : 0;
		}
		char run[32], wait[32];
		int64_t run_ns, wait_ns; /* in the range when one is marked */
		tui_goroutines_times(a, row, g, &run_ns, &wait_ns);
		tui_fmt_dur(run, sizeof run, run_ns);
		tui_fmt_dur(wait, sizeof wait, wait_ns);
		x = 0;
		tui_printf(y + i, x, cw[0], base, "%s%sG%lld", sel ? ">" : " ", gl->blocked ? "  " : "",
		           (long long)g->id);
		x += cw[0];
		tui_put(y + i, x, cw[1] - 1, sel ? base : tui_attr((enum tui_color)state_role(state)),
		        state < 0 ? "-" : gt_gostate_name((enum gt_gostate)state));
		x += cw[1];
		tui_put_right(y + i, x, cw[2] - 1, base, run);
		x += cw[2];
		tui_put_right(y + i, x, cw[3] - 1, base, wait);
		x += cw[3];
		if (blk) {
			char b[32] = "-";
			if (blocked >= 0)
				tui_fmt_dur(b, sizeof b, blocked);
			tui_put_right(y + i, x, BLOCKED_W - 1, blocked >= 0 ? base : tui_attr(TUI_C_DIM), b);
			x += BLOCKED_W;
		}
		/* a reason matters most for a goroutine that waits: why it left
		 * the CPU (preempted, Gosched) is dimmer */
		/* a reason read from the stack (the trace gives none) is marked
		 * READ_MARK, as `goroutines --blocked` marks it; ? says so */
		char rs[160];
		uint8_t unknown = GT_WHY_GIVEN;
		if (reason && !at_cursor && state == GT_GS_WAITING)
			gt_model_g_wait_reason(a->m, row, g, &unknown);
		const char *mark = unknown == GT_WHY_STACK ? TUI_READ_MARK : "", *rt = gt_model_str(a->m, reason);
		int rw = cw[4] - 1 - (int)strlen(mark); /* the mark shows, however long */
		if (*mark && (int)strlen(rt) > rw && rw > 1)
			snprintf(rs, sizeof rs, "%.*s%s%s", rw - 1, rt, tui_glyph(TUI_G_ELLIPSIS), mark);
		else
			snprintf(rs, sizeof rs, "%s%s", rt, mark);
		tui_put(y + i, x, cw[4] - 1, sel || state == GT_GS_WAITING ? base : tui_attr(TUI_C_DIM), rs);
		x += cw[4];
		const char *fn = tui_g_func(a, g), *slash = strrchr(fn, '/');
		tui_put(y + i, x, a->cols - x, sel ? base : tui_attr(TUI_C_FUNC), slash ? slash + 1 : fn);
	}
	/* preview of the selection's stack */
	y += rows;
	int prow = a->rows - 1 - y;
	if (prow < 2 || !gl->nrows)
		return;
	tui_fill(y, 0, a->cols, tui_attr(gl->pane == 1 ? TUI_C_SELECTED : TUI_C_DIM), tui_glyph(TUI_G_HLINE));
	uint32_t row = tui_goroutines_row(a, gl->sel);
	gt_stack stack;
	char head[512];
	if (row & TUI_GROW_GROUP) {
		const struct tui_ggroup *grp = &gl->groups[row & ~TUI_GROW_GROUP];
		stack = grp->mg.stack;
		snprintf(head, sizeof head, " %u goroutine%s blocked: %s%s ", grp->count,
		         grp->count == 1 ? "" : "s", gt_model_bgroup_why(a->m, &grp->mg),
		         gt_why_mark(grp->mg.unknown));
	} else {
		const struct gt_goroutine g_ = tui_g(a, row), *g = &g_;
		uint8_t unknown;
		gt_str why = gt_model_g_wait_reason(a->m, row, g, &unknown);
		stack = g->end_stack;
		char since[32];
		tui_fmt_time(a, since, sizeof since, g->end_since);
		snprintf(head, sizeof head, " G%lld %s since %s%s%s%s%s ", (long long)g->id,
		         gt_gostate_name((enum gt_gostate)g->end_state), since,
		         why ? " (" : "", gt_model_str(a->m, why), why ? gt_why_mark(unknown) : "",
		         why ? ")" : "");
	}
	tui_put(y, 2, a->cols - 4, tui_attr(TUI_C_TITLE), head);
	tui_draw_stack(a, y + 1, prow - 1, stack, &gl->preview_top);
}

static void move_sel(struct tui_app *a, long d)
{
	struct tui_goroutines *gl = &a->gl;
	if (gl->pane == 1) {
		long t = (long)gl->preview_top + d;
		gl->preview_top = t < 0 ? 0 : (size_t)t;
		return;
	}
	gl->sel = tui_move_sel(gl->sel, d, gl->nrows);
	gl->preview_top = 0;
	gl->to_end = 0;
}

int tui_goroutines_action(struct tui_app *a, enum gt_action act)
{
	struct tui_goroutines *gl = &a->gl;
	int built = tui_goroutines_sync(a);
	if (!built && act != GT_ACTION_FILTER_CLEAR && act != GT_ACTION_GROUP_BY_FUNC) { /* no rows yet */
		tui_status(a, "computing the range's goroutines (%s: the whole trace)",
		           tui_key_of(a, GT_ACTION_FILTER_CLEAR));
		return act == GT_ACTION_GO_BACK ? TUI_UNHANDLED : TUI_REDRAW_STATUS;
	}
	/* Enter typed ahead on a list still empty for its index: on what is
	 * about to be shown */
	if (act == GT_ACTION_OPEN_SELECTION && gl->pending && !gl->nrows)
		tui_goroutines_settle(a);
	int page = list_rows(a);
	switch (act) {
	case GT_ACTION_MOVE_UP: move_sel(a, -1); break;
	case GT_ACTION_MOVE_DOWN: move_sel(a, 1); break;
	case GT_ACTION_PAGE_UP: move_sel(a, -page); break;
	case GT_ACTION_PAGE_DOWN: move_sel(a, page); break;
	case GT_ACTION_HALF_PAGE_UP: move_sel(a, -page / 2); break;
	case GT_ACTION_HALF_PAGE_DOWN: move_sel(a, page / 2); break;
	case GT_ACTION_GOTO_FIRST: move_sel(a, -(long)gl->nrows - 1000000); break;
	case GT_ACTION_GOTO_LAST: /* while counting: the last row as they come */
		move_sel(a, (long)gl->nrows + 1000000);
		gl->to_end = gl->counting;
		break;
	case GT_ACTION_NEXT_PANE:
	case GT_ACTION_PREV_PANE:
		gl->pane = !gl->pane;
		break;
	case GT_ACTION_SORT_NEXT:
		touch(a, 0);
		gl->sort = (enum tui_gcol)((gl->sort + 1) % TUI_GCOL__COUNT);
		gl->desc = col_desc[gl->sort];
		tui_status(a, "sorted by %s", col_names[gl->sort]);
		break;
	case GT_ACTION_SORT_REVERSE:
		touch(a, 0);
		gl->desc = !gl->desc;
		break;
	case GT_ACTION_GROUP_BY_FUNC:
		touch(a, 0);
		gl->by_func = !gl->by_func;
		gl->blocked = gl->func_on = gl->from_groups = 0;
		gl->text[0] = 0;
		break;
	case GT_ACTION_TOGGLE_BLOCKED:
		touch(a, 0);
		gl->by_func = 0;
		gl->blocked = !gl->blocked;
		/* the groups open at the first (the longest blocked), as the
		 * CLI lists them: kept, a goroutine of a later group would
		 * scroll the first ones above the screen */
		if (gl->blocked)
			gl->keep_g = UINT32_MAX;
		break;
	case GT_ACTION_FILTER_STATE:
		touch(a, 0);
		/* all, then each state a goroutine can end in, then all again */
		switch (gl->state_filter) {
		case -1: gl->state_filter = GT_GS_RUNNABLE; break;
		case GT_GS_SYSCALL: gl->state_filter = GT_GS_NOTEXIST; break;
		case GT_GS_NOTEXIST: gl->state_filter = -1; break;
		default: gl->state_filter++; break;
		}
		break;
	case GT_ACTION_FILTER_CLEAR:
		if (a->range.set) { /* as in the regions view: the whole trace again */
			a->range = (struct tui_range){0};
			tui_status(a, "the whole trace");
		}
		touch(a, 0);
		gl->blocked = gl->by_func = gl->func_on = gl->from_groups = 0;
		gl->state_filter = -1;
		gl->text[0] = 0;
		break;
	case GT_ACTION_GO_BACK:
		if (gl->pane == 1) {
			gl->pane = 0;
			break;
		}
		if (gl->from_groups) { /* from a group's goroutines to the groups */
			touch(a, 0);
			gl->from_groups = 0;
			gl->by_func = 1;
			gl->text[0] = 0;
			break;
		}
		return TUI_UNHANDLED;
	case GT_ACTION_OPEN_SELECTION: {
		if (!gl->nrows)
			return TUI_REDRAW_STATUS;
		if (gl->by_func) { /* the group's goroutines */
			gt_str f = tui_goroutines_byfunc(a)->group[gl->groups[gl->sel].index].start_func;
			touch(a, 0);
			gl->keep_g = UINT32_MAX;
			gl->by_func = 0;
			gl->func_on = gl->from_groups = 1;
			gl->func = f;
			gl->text[0] = 0;
			break;
		}
		uint32_t row = tui_goroutines_row(a, gl->sel);
		if (gl->pane == 1 && !(row & TUI_GROW_GROUP)) {
			/* from the stack preview: the goroutine in the inspector */
			struct tui_sel s;
			memset(&s, 0, sizeof s);
			s.kind = TUI_SEL_GOROUTINE;
			s.g = row;
			tui_open_inspector(a, &s);
		} else if (row & TUI_GROW_GROUP) {
			const struct tui_ggroup *grp = &gl->groups[row & ~TUI_GROW_GROUP];
			struct tui_sel s;
			memset(&s, 0, sizeof s);
			s.kind = TUI_SEL_GROUP;
			s.g = tui_goroutines_row(a, gl->sel + 1); /* its first goroutine */
			s.reason = grp->mg.why;
			s.stack = grp->mg.stack;
			s.count = grp->count;
			s.index = grp->index;
			tui_open_inspector(a, &s);
		} else {
			tui_open_goroutine(a, row);
		}
		break;
	}
	default:
		return TUI_UNHANDLED;
	}
	return TUI_REDRAW;
}

int tui_goroutines_click(struct tui_app *a, int y, int x)
{
	(void)x;
	struct tui_goroutines *gl = &a->gl;
	int r = y - (tui_body_top(a) + 2);
	if (r < 0 || r >= list_rows(a) || gl->top + (size_t)r >= gl->nrows)
		return 0;
	gl->pane = 0;
	gl->sel = gl->top + (size_t)r;
	gl->preview_top = 0;
	return TUI_REDRAW;
}
