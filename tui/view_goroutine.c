/* view_goroutine.c: one goroutine: its own timeline (state per column over
 * its life) above the list of its state intervals, each entered by a
 * transition with a reason and a stack.  Enter opens the inspector. */
#include "tui/app.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui/colors.h"
#include "tui/draw.h"
#include "tui/glook.h"
#include "tui/glyphs.h"
#include "tui/util.h"

#define MAX_COLS 1024

/* The goroutine's intervals, counted first so that the arrays have room
 * for all of them; a Syscall interval waits for the one after it, which
 * tells whether it blocked (gt_syscall_blocked): one that did not, right
 * after a Running row, joins that row with the Running after it. */
struct collect {
	struct tui_gspan *v; size_t n, cap;
	struct tui_gsys *sys; size_t nsys;
	struct gt_gspan pend; int have_pend, pend_folds;
};

static int count_span(void *ctx, const struct gt_gspan *s)
{
	(void)s;
	((struct collect *)ctx)->n++;
	return 0;
}

static int push_row(struct collect *c, const struct gt_gspan *s, int blocked)
{
	if (c->n == c->cap)
		return 1;
	int32_t p = s->p >= INT32_MIN && s->p <= INT32_MAX ? (int32_t)s->p : GT_NONE;
	c->v[c->n++] = (struct tui_gspan){s->start, s->end, s->reason, s->stack, p, s->state,
	                                  (int8_t)blocked, (uint32_t)c->nsys, 0};
	return 0;
}

static int collect_span(void *ctx, const struct gt_gspan *s)
{
	struct collect *c = ctx;
	if (c->have_pend) {
		int blocked = gt_syscall_blocked(&c->pend, s);
		c->have_pend = 0;
		if (blocked == 0 && c->pend_folds) {
			if (c->nsys == c->cap)
				return 1;
			struct tui_gspan *r = &c->v[c->n - 1];
			c->sys[c->nsys++] = (struct tui_gsys){c->pend.start, c->pend.end, c->pend.stack};
			r->nsys++;
			r->end = s->end;
			return 0;
		}
		if (push_row(c, &c->pend, blocked))
			return 1;
	}
	if (s->state == GT_GS_SYSCALL) {
		c->pend = *s;
		c->have_pend = 1;
		c->pend_folds = c->n && c->v[c->n - 1].state == GT_GS_RUNNING && c->v[c->n - 1].end == s->start;
		return 0;
	}
	return push_row(c, s, -1);
}

void tui_goroutine_load(struct tui_app *a, uint32_t gi)
{
	struct tui_goroutine *gd = &a->gd;
	tui_goroutine_free(a);
	gd->g = gi;
	struct collect c = {0};
	gt_model_g_spans(a->m, gi, INT64_MIN, INT64_MAX, count_span, &c);
	c.v = c.n ? tui_xreallocarray(NULL, c.n, sizeof *c.v) : NULL;
	c.sys = c.n ? tui_xreallocarray(NULL, c.n, sizeof *c.sys) : NULL;
	c.cap = c.n;
	c.n = 0;
	gt_model_g_spans(a->m, gi, INT64_MIN, INT64_MAX, collect_span, &c);
	if (c.have_pend)
		push_row(&c, &c.pend, gt_syscall_blocked(&c.pend, NULL));
	gd->spans = c.v;
	gd->nspans = c.n;
	gd->sys = c.sys;
	gd->nsys = c.nsys;
	gd->sel = gd->top = gd->stack_top = 0;
	gd->pane = 0;
	const struct gt_goroutine g_ = tui_g(a, gi), *g = &g_;
	gd->t0 = tui_time_bound(g->first_ts);
	gd->t1 = tui_time_bound(c.n ? c.v[c.n - 1].end : a->info.max_ts);
	if (gd->t1 <= gd->t0)
		gd->t1 = gd->t0 + 1;
	/* start at the first interval at or after the timeline cursor */
	if (a->tl.cursor_set)
		for (size_t i = 0; i < c.n; i++)
			if (c.v[i].end > a->tl.cursor) {
				gd->sel = i;
				break;
			}
}

int tui_goroutine_sys_text(const struct tui_app *a, size_t k, char *buf, size_t n)
{
	const struct tui_goroutine *gd = &a->gd;
	const struct tui_gspan *s = &gd->spans[k];
	if (!s->nsys)
		return 0;
	size_t len = (size_t)snprintf(buf, n, "  +%u syscall%s:", s->nsys, s->nsys == 1 ? "" : "s");
	gt_str seen[3];
	size_t nseen = 0;
	for (uint32_t i = 0; i < s->nsys && len < n; i++) {
		gt_str f = gt_model_syscall_func(a->m, gd->sys[s->sys0 + i].stack);
		size_t j = 0;
		while (j < nseen && seen[j] != f)
			j++;
		if (j < nseen)
			continue;
		if (nseen == sizeof seen / sizeof seen[0]) {
			len += (size_t)snprintf(buf + len, n - len, ", ...");
			break;
		}
		seen[nseen++] = f;
		len += (size_t)snprintf(buf + len, n - len, "%s %s", nseen > 1 ? "," : "",
		                        f ? gt_model_str(a->m, f) : "?");
	}
	return 1;
}

void tui_goroutine_free(struct tui_app *a)
{
	free(a->gd.spans);
	free(a->gd.sys);
	a->gd.spans = NULL;
	a->gd.sys = NULL;
	a->gd.nspans = a->gd.nsys = 0;
}

int tui_gcol_state(const struct gt_col *c)
{
	/* where work happened it shows, however short: running first */
	static const int prec[] = {GT_GS_RUNNING, GT_GS_SYSCALL, GT_GS_RUNNABLE, GT_GS_WAITING};
	for (int k = 0; k < 4; k++)
		if (c->ns[prec[k]] > 0)
			return prec[k];
	return -1;
}

/* Rows of the interval list: the body less the title, its timeline, the
 * legend and the column header, and the stack pane below (its title and
 * at least 6 frames; all the room a short list leaves). */
static int list_rows(const struct tui_app *a)
{
	int avail = tui_body_rows(a) - 4;
	int want = (int)(a->gd.nspans < 3 ? 3 : a->gd.nspans > (size_t)avail ? (size_t)avail : a->gd.nspans);
	int most = avail - 7;
	if (most > avail * 2 / 3)
		most = avail * 2 / 3;
	if (want > most)
		want = most;
	return want < 3 ? 3 : want;
}

/* Who woke the goroutine into interval k, when k ends a wait: "woken by
 * G14" or, when no goroutine did, who did (gt_waker_of the wait's
 * reason: interval k-1's, the reason it began with); 0 for others. */
static int row_waker(const struct tui_app *a, size_t k, char *buf, size_t n)
{
	const struct tui_goroutine *gd = &a->gd;
	const struct tui_gspan *s = &gd->spans[k];
	if (!k || s->state != GT_GS_RUNNABLE || gd->spans[k - 1].state != GT_GS_WAITING ||
	    gd->spans[k - 1].end != s->start)
		return 0;
	struct gt_gtrans tr;
	if (tui_cause_find(a, gd->g, s->start, s->state, &tr))
		snprintf(buf, n, "  woken by G%lld", (long long)tr.by_g);
	else
		snprintf(buf, n, "  woken %s",
		         gt_waker_text(gt_waker_of(gt_model_str(a->m, gd->spans[k - 1].reason))));
	return 1;
}

void tui_goroutine_draw(struct tui_app *a)
{
	struct tui_goroutine *gd = &a->gd;
	const struct gt_goroutine g_ = tui_g(a, gd->g), *g = &g_;
	int y = tui_body_top(a);
	char run[32], wait[32], created[48], head[768];
	tui_fmt_dur(run, sizeof run, g->ns[GT_GS_RUNNING]);
	tui_fmt_dur(wait, sizeof wait, g->ns[GT_GS_WAITING]);
	if (g->created == INT64_MIN)
		snprintf(created, sizeof created, "before the trace");
	else
		tui_fmt_time(a, created, sizeof created, g->created);
	char by[40] = "";
	if (g->creator != GT_NONE)
		snprintf(by, sizeof by, " by G%lld", (long long)g->creator);
	snprintf(head, sizeof head, "G%lld %s  created %s%s  ran %s, waited %s, %zu interval%s",
	         (long long)g->id, tui_g_func(a, g), created, by, run, wait, gd->nspans,
	         gd->nspans == 1 ? "" : "s");
	tui_put(y++, 0, a->cols, tui_attr(TUI_C_TITLE), head);
	/* its timeline */
	int w = a->cols - 1;
	if (w > MAX_COLS)
		w = MAX_COLS;
	static struct gt_col cols[MAX_COLS];
	gt_model_lane_columns(a->m, GT_LANE_G, gd->g, gd->t0, gd->t1, (uint32_t)w, cols);
	int selcol = -1;
	if (gd->nspans) {
		int64_t s = gd->spans[gd->sel].start;
		selcol = (int)((double)(s - gd->t0) * w / (double)(gd->t1 - gd->t0));
	}
	for (int c = 0; c < w; c++) {
		int lk = tui_glook_col(a->m, &cols[c]);
		int attr = tui_glook_attr(lk);
		const char *gl = tui_glook_col_glyph(&cols[c], lk);
		/* the selected interval's column: its glyph in the cursor's
		 * colour; without colour the cursor's line (a reversed or
		 * bold busy glyph reads as another state) */
		if (c == selcol)
			tui_put(y, c, 1, tui_attr(TUI_C_CURSOR) | (gd->pane == 1 ? A_REVERSE : 0),
			        lk >= 0 && tui_colors_mode() ? gl : tui_glyph(TUI_G_CURSOR));
		else
			tui_put(y, c, 1, attr, gl);
	}
	y++;
	char legend[256];
	tui_glook_legend(legend, sizeof legend, a->cols);
	tui_put(y++, 0, a->cols, tui_attr(TUI_C_DIM), legend);
	tui_put(y++, 1, a->cols - 1, tui_attr(TUI_C_DIM) | A_UNDERLINE,
	        "time          state      duration  reason              where");
	int rows = list_rows(a);
	tui_list_fit(&gd->sel, &gd->top, gd->nspans, rows);
	for (int i = 0; i < rows && gd->top + (size_t)i < gd->nspans; i++) {
		size_t k = gd->top + (size_t)i;
		const struct tui_gspan *s = &gd->spans[k];
		int sel = k == gd->sel;
		int base = sel ? tui_attr(gd->pane == 0 ? TUI_C_SELECTED : TUI_C_DIM) : 0;
		if (sel)
			tui_fill(y + i, 0, a->cols, base, " ");
		char t[32], d[32];
		tui_fmt_time(a, t, sizeof t, s->start);
		tui_fmt_dur(d, sizeof d, tui_dur(s->start, s->end));
		tui_printf(y + i, 0, 14, base, "%s%s", sel ? ">" : " ", t);
		tui_put(y + i, 14, 10, sel ? base : tui_glook_attr(tui_glook_of(a->m, s->state, s->reason)),
		        gt_gostate_name((enum gt_gostate)s->state));
		tui_put_right(y + i, 24, 9, base, d);
		const char *why = gt_model_str(a->m, s->reason), *where = NULL;
		if (s->state == GT_GS_SYSCALL) {
			/* a syscall: whether it blocked (its goroutine then waited
			 * for a P) and the function that made it */
			if (s->blocked >= 0)
				why = s->blocked ? "blocked" : "did not block";
			gt_str sf = gt_model_syscall_func(a->m, s->stack);
			if (sf)
				where = gt_model_str(a->m, sf);
		}
		tui_put(y + i, 35, 19, base, why);
		if (!where)
			where = gt_model_str(a->m, gt_model_stack_top_func(a->m, s->stack));
		char pc[24];
		const struct gt_tables *tb = gt_model_tables(a->m);
		if (!*where && s->stack && gt_stack_depth(tb, s->stack)) {
			/* no symbols (Go 1.5/1.6): the innermost frame's PC */
			const struct gt_frame *f = gt_frame_get(tb, gt_stack_frames(tb, s->stack)[0]);
			if (f) {
				snprintf(pc, sizeof pc, "0x%llx", (unsigned long long)f->pc);
				where = pc;
			}
		}
		char pb[24] = "";
		if (s->p != GT_NONE)
			snprintf(pb, sizeof pb, "P%lld ", (long long)s->p);
		int x = 55 + tui_put(y + i, 55, a->cols - 55, base, pb);
		x += tui_put(y + i, x, a->cols - x, sel ? base : tui_attr(TUI_C_FUNC), where);
		char woke[256];
		if (row_waker(a, k, woke, sizeof woke) || tui_goroutine_sys_text(a, k, woke, sizeof woke))
			tui_put(y + i, x, a->cols - x, sel ? base : tui_attr(TUI_C_DIM), woke);
	}
	/* the selected interval's stack: where it was when it entered it */
	y += rows;
	int srows = tui_body_top(a) + tui_body_rows(a) - y;
	if (!gd->nspans || srows < 2)
		return;
	const struct tui_gspan *s = &gd->spans[gd->sel];
	char t[32], title[384], became[256];
	tui_fmt_time(a, t, sizeof t, s->start);
	tui_gstate_why(a->m, became, sizeof became, s->state, s->reason);
	snprintf(title, sizeof title, "%s Stack when it became %s%s at %s ", tui_glyph(TUI_G_HLINE),
	         gt_gostate_name((enum gt_gostate)s->state), became, t);
	tui_fill(y, 0, a->cols, tui_attr(gd->pane == 2 ? TUI_C_SELECTED : TUI_C_DIM), tui_glyph(TUI_G_HLINE));
	tui_put(y, 0, a->cols, tui_attr(TUI_C_TITLE), title);
	/* who made it so: its line, and its stack where this one has none */
	struct gt_gtrans tr;
	if (srows >= 3 && tui_cause_find(a, gd->g, s->start, s->state, &tr)) {
		char why[768];
		tui_cause_text(a, &tr, why, sizeof why);
		int x = tui_put(y + 1, 1, a->cols - 1, tui_attr(TUI_C_FUNC), why);
		tui_printf(y + 1, 1 + x, a->cols - 1 - x, tui_attr(TUI_C_DIM), "  (%s: go there)",
		           tui_key_of(a, GT_ACTION_JUMP_CAUSE));
		y++;
		srows--;
		if (!s->stack || !gt_stack_depth(gt_model_tables(a->m), s->stack)) {
			tui_draw_stack(a, y + 1, srows - 1, tr.by_stack, &gd->stack_top);
			return;
		}
	}
	tui_draw_stack(a, y + 1, srows - 1, s->stack, &gd->stack_top);
}

void tui_goroutine_sel(struct tui_app *a, struct tui_sel *sel)
{
	const struct tui_goroutine *gd = &a->gd;
	memset(sel, 0, sizeof *sel);
	if (!gd->nspans)
		return;
	const struct tui_gspan *s = &gd->spans[gd->sel];
	sel->kind = TUI_SEL_GSPAN;
	sel->g = gd->g;
	sel->start = s->start;
	sel->end = s->end;
	sel->state = s->state;
	sel->from = gd->sel > 0 && gd->spans[gd->sel - 1].end == s->start ? gd->spans[gd->sel - 1].state : -1;
	sel->reason = s->reason;
	sel->stack = s->stack;
	sel->pid = s->p;
}

int tui_goroutine_action(struct tui_app *a, enum gt_action act)
{
	struct tui_goroutine *gd = &a->gd;
	long d = 0;
	int rows = list_rows(a);
	switch (act) {
	case GT_ACTION_MOVE_UP: case GT_ACTION_MOVE_LEFT: d = -1; break;
	case GT_ACTION_MOVE_DOWN: case GT_ACTION_MOVE_RIGHT: d = 1; break;
	case GT_ACTION_PAGE_UP: d = -rows; break;
	case GT_ACTION_PAGE_DOWN: d = rows; break;
	case GT_ACTION_HALF_PAGE_UP: d = -rows / 2; break;
	case GT_ACTION_HALF_PAGE_DOWN: d = rows / 2; break;
	case GT_ACTION_GOTO_FIRST: d = -(long)gd->nspans; break;
	case GT_ACTION_GOTO_LAST: d = (long)gd->nspans; break;
	case GT_ACTION_NEXT_PANE:
		gd->pane = (gd->pane + 1) % 3;
		return TUI_REDRAW;
	case GT_ACTION_PREV_PANE:
		gd->pane = (gd->pane + 2) % 3;
		return TUI_REDRAW;
	case GT_ACTION_OPEN_SELECTION: {
		if (gd->pane == 1 || !gd->nspans) {
			/* from its timeline pane: the goroutine as a whole */
			struct tui_sel sel;
			memset(&sel, 0, sizeof sel);
			sel.kind = TUI_SEL_GOROUTINE;
			sel.g = gd->g;
			tui_open_inspector(a, &sel);
			return TUI_REDRAW;
		}
		struct tui_sel sel;
		tui_goroutine_sel(a, &sel);
		tui_open_inspector(a, &sel);
		return TUI_REDRAW;
	}
	case GT_ACTION_ZOOM_IN:
	case GT_ACTION_ZOOM_FIT:
		/* show this interval on the main timeline */
		if (gd->nspans) {
			const struct tui_gspan *s = &gd->spans[gd->sel];
			tui_timeline_show(a, s->start, s->end, -1);
			tui_timeline_follow(a, gd->g, s->p);
			tui_push(a, TUI_V_TIMELINE); /* Esc comes back here */
		}
		return TUI_REDRAW;
	default:
		return TUI_UNHANDLED;
	}
	if (gd->pane == 2) { /* the stack pane scrolls (drawing keeps it in range) */
		long t = (long)gd->stack_top + d;
		gd->stack_top = t < 0 ? 0 : (size_t)t;
		return TUI_REDRAW;
	}
	size_t before = gd->sel;
	gd->sel = tui_move_sel(gd->sel, d, gd->nspans);
	if (gd->sel != before)
		gd->stack_top = 0;
	return TUI_REDRAW;
}

int tui_goroutine_click(struct tui_app *a, int y, int x)
{
	struct tui_goroutine *gd = &a->gd;
	int top = tui_body_top(a);
	if (y == top + 1 && gd->nspans) {
		/* on its timeline: the interval at that time */
		int w = a->cols - 1 > MAX_COLS ? MAX_COLS : a->cols - 1;
		int64_t t = gd->t0 + (int64_t)((double)(gd->t1 - gd->t0) * x / w);
		for (size_t i = 0; i < gd->nspans; i++)
			if (gd->spans[i].end > t) {
				gd->sel = i;
				gd->stack_top = 0;
				break;
			}
		return TUI_REDRAW;
	}
	int r = y - (top + 4);
	if (r < 0 || r >= list_rows(a) || gd->top + (size_t)r >= gd->nspans)
		return 0;
	gd->sel = gd->top + (size_t)r;
	gd->stack_top = 0;
	return TUI_REDRAW;
}
