/* view_gc.c: the GC cycles and stop-the-world pauses as one sortable table;
 * Enter shows the row's place on the timeline, Tab opens the inspector. */
#include "tui/app.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui/colors.h"
#include "tui/draw.h"
#include "tui/glyphs.h"
#include "tui/util.h"

static const char *const col_names[TUI_GCCOL__COUNT] = {"kind", "start", "duration"};
static const int col_desc[TUI_GCCOL__COUNT] = {0, 0, 1};

static const struct tui_app *sort_app;

static const struct gt_range *range_of(const struct tui_app *a, const struct tui_gcrow *r)
{
	size_t n;
	const struct gt_range *v = gt_model_ranges(a->m, r->set, &n);
	return r->index < n ? &v[r->index] : NULL;
}

static int cmp_rows(const void *x, const void *y)
{
	const struct tui_gcrow *r = x, *s = y;
	const struct gt_range *p = range_of(sort_app, r), *q = range_of(sort_app, s);
	int c = 0;
	switch (sort_app->gc.sort) {
	case TUI_GCCOL_KIND: c = (int)r->set - (int)s->set; break;
	case TUI_GCCOL_START: c = (p->start > q->start) - (p->start < q->start); break;
	case TUI_GCCOL_DUR: {
		/* a pause and a mark phase are not comparable: pauses first */
		if (r->set != s->set)
			return r->set == GT_RS_STW ? -1 : 1;
		int64_t dp = tui_dur(p->start, p->end), dq = tui_dur(q->start, q->end);
		c = (dp > dq) - (dp < dq);
		break;
	}
	default: break;
	}
	if (sort_app->gc.desc)
		c = -c;
	if (!c)
		c = (p->start > q->start) - (p->start < q->start);
	if (!c)
		c = (int)r->set - (int)s->set;
	return c;
}

static void rebuild(struct tui_app *a)
{
	struct tui_gcview *gv = &a->gc;
	size_t ngc, nstw;
	gt_model_ranges(a->m, GT_RS_GC, &ngc);
	gt_model_ranges(a->m, GT_RS_STW, &nstw);
	free(gv->rows);
	gv->rows = tui_xcalloc(ngc + nstw, sizeof *gv->rows);
	size_t k = 0;
	for (size_t i = 0; i < ngc && gv->only != 1; i++)
		gv->rows[k++] = (struct tui_gcrow){GT_RS_GC, (uint32_t)i};
	for (size_t i = 0; i < nstw && gv->only != 2; i++)
		gv->rows[k++] = (struct tui_gcrow){GT_RS_STW, (uint32_t)i};
	gv->nrows = k;
	sort_app = a;
	qsort(gv->rows, k, sizeof *gv->rows, cmp_rows);
	gv->sel = gv->top = 0;
	gv->built = 1;
}

void tui_gc_free(struct tui_app *a)
{
	free(a->gc.rows);
	a->gc.rows = NULL;
	a->gc.nrows = 0;
	a->gc.built = 0;
}

static int list_rows(const struct tui_app *a) { return tui_body_rows(a) - 3; }

void tui_gc_draw(struct tui_app *a)
{
	struct tui_gcview *gv = &a->gc;
	if (!gv->built) {
		gv->sort = TUI_GCCOL_START;
		rebuild(a);
	}
	int y = tui_body_top(a);
	size_t ngc, nstw;
	gt_model_ranges(a->m, GT_RS_GC, &ngc);
	const struct gt_range *stw = gt_model_ranges(a->m, GT_RS_STW, &nstw);
	int64_t total = 0, longest = -1;
	size_t li = 0;
	for (size_t i = 0; i < nstw; i++) { /* once per frame: pauses are few */
		int64_t d = tui_dur(stw[i].start, stw[i].end);
		total = tui_add(total, d);
		if (d > longest) {
			longest = d;
			li = i;
		}
	}
	char t[32], l[32], title[512];
	tui_fmt_dur(t, sizeof t, total);
	tui_fmt_dur(l, sizeof l, longest < 0 ? 0 : longest);
	const char *only = gv->only == 1 ? "Pauses only: " : gv->only == 2 ? "Cycles only: " : "";
	if (nstw)
		snprintf(title, sizeof title, "%s%zu STW pauses, %s in all, longest %s (%s); %zu GC cycles",
		         only, nstw, t, l, gt_model_str(a->m, stw[li].reason), ngc);
	else
		snprintf(title, sizeof title, "%s%zu GC cycles, no stop-the-world pauses", only, ngc);
	tui_put(y++, 0, a->cols, tui_attr(TUI_C_TITLE), title);
	static const int cw[] = {10, 6, 14, 10};
	char hdr[128];
	snprintf(hdr, sizeof hdr, " %-*s%-*s%-*s%*s  %s", cw[0], "kind", cw[1], "#", cw[2], "start", cw[3],
	         "duration", "reason / goroutine");
	tui_put(y, 0, a->cols, tui_attr(TUI_C_DIM) | A_UNDERLINE, hdr);
	/* mark the sort column */
	int sx = gv->sort == TUI_GCCOL_KIND ? 1 + 4 : gv->sort == TUI_GCCOL_START ? 1 + cw[0] + cw[1] + 5
		: 1 + cw[0] + cw[1] + cw[2] + cw[3];
	tui_put(y, sx, 1, tui_attr(TUI_C_DIM) | A_UNDERLINE, tui_glyph(gv->desc ? TUI_G_ARROW_DN : TUI_G_ARROW_UP));
	y++;
	int rows = list_rows(a);
	if (gv->sel >= gv->nrows)
		gv->sel = gv->nrows ? gv->nrows - 1 : 0;
	if (gv->sel < gv->top)
		gv->top = gv->sel;
	if (gv->sel >= gv->top + (size_t)rows)
		gv->top = gv->sel - (size_t)rows + 1;
	if (!gv->nrows)
		tui_put(y, 2, a->cols - 2, tui_attr(TUI_C_DIM), "no GC cycle or pause in this trace");
	for (int i = 0; i < rows && gv->top + (size_t)i < gv->nrows; i++) {
		size_t k = gv->top + (size_t)i;
		const struct tui_gcrow *row = &gv->rows[k];
		const struct gt_range *r = range_of(a, row);
		int sel = k == gv->sel;
		int base = sel ? tui_attr(TUI_C_SELECTED) : 0;
		if (sel)
			tui_fill(y + i, 0, a->cols, base, " ");
		char s[32], d[32], who[256];
		tui_fmt_time(a, s, sizeof s, r->start);
		tui_fmt_dur(d, sizeof d, tui_dur(r->start, r->end));
		if (row->set == GT_RS_STW) {
			uint32_t gi = r->who == GT_NONE ? UINT32_MAX : gt_model_g_find(a->m, r->who);
			if (gi != UINT32_MAX)
				snprintf(who, sizeof who, "%s  (G%lld)", gt_model_str(a->m, r->reason), (long long)r->who);
			else
				snprintf(who, sizeof who, "%s", gt_model_str(a->m, r->reason));
		} else {
			snprintf(who, sizeof who, "mark phase%s%s", r->active_at_start ? ", began before the trace" : "",
			         r->open_at_end ? ", not ended" : "");
		}
		int x = tui_printf(y + i, 0, 1 + cw[0], sel ? base : tui_attr(row->set == GT_RS_STW ? TUI_C_STW : TUI_C_GC),
		                   "%s%s", sel ? ">" : " ", row->set == GT_RS_STW ? "STW" : "GC");
		tui_fill(y + i, x, 1 + cw[0] - x, base, " ");
		tui_printf(y + i, 1 + cw[0], a->cols, base, "%-*u%-*s%*s  %s", cw[1], row->index + 1, cw[2], s, cw[3], d, who);
	}
}

int tui_gc_action(struct tui_app *a, enum gt_action act)
{
	struct tui_gcview *gv = &a->gc;
	if (!gv->built) {
		gv->sort = TUI_GCCOL_START;
		rebuild(a);
	}
	long d = 0;
	int rows = list_rows(a);
	switch (act) {
	case GT_ACTION_MOVE_UP: d = -1; break;
	case GT_ACTION_MOVE_DOWN: d = 1; break;
	case GT_ACTION_PAGE_UP: d = -rows; break;
	case GT_ACTION_PAGE_DOWN: d = rows; break;
	case GT_ACTION_HALF_PAGE_UP: d = -rows / 2; break;
	case GT_ACTION_HALF_PAGE_DOWN: d = rows / 2; break;
	case GT_ACTION_GOTO_FIRST: d = -(long)gv->nrows; break;
	case GT_ACTION_GOTO_LAST: d = (long)gv->nrows; break;
	case GT_ACTION_SORT_NEXT:
		gv->sort = (enum tui_gccol)((gv->sort + 1) % TUI_GCCOL__COUNT);
		gv->desc = col_desc[gv->sort];
		rebuild(a);
		tui_status(a, "sorted by %s%s", col_names[gv->sort], gv->sort == TUI_GCCOL_DUR ? ", longest pauses first, then the GC cycles" : "");
		return TUI_REDRAW;
	case GT_ACTION_SORT_REVERSE:
		gv->desc = !gv->desc;
		rebuild(a);
		return TUI_REDRAW;
	case GT_ACTION_FILTER_STATE: /* all rows, pauses only, cycles only */
		gv->only = (gv->only + 1) % 3;
		rebuild(a);
		return TUI_REDRAW;
	case GT_ACTION_FILTER_CLEAR:
		gv->only = 0;
		rebuild(a);
		return TUI_REDRAW;
	case GT_ACTION_OPEN_SELECTION:
	case GT_ACTION_NEXT_PANE: {
		if (!gv->nrows)
			return TUI_REDRAW_STATUS;
		const struct tui_gcrow *row = &gv->rows[gv->sel];
		const struct gt_range *r = range_of(a, row);
		if (act == GT_ACTION_NEXT_PANE) {
			struct tui_sel s;
			memset(&s, 0, sizeof s);
			s.kind = TUI_SEL_RANGE;
			s.set = row->set;
			s.index = row->index;
			tui_open_inspector(a, &s);
			return TUI_REDRAW;
		}
		int lane = (int)gt_model_p_count(a->m) + (row->set == GT_RS_STW ? TUI_LANE_STW : TUI_LANE_GC);
		tui_timeline_show(a, r->start, r->end, lane);
		tui_push(a, TUI_V_TIMELINE);
		return TUI_REDRAW;
	}
	default:
		return TUI_UNHANDLED;
	}
	gv->sel = tui_move_sel(gv->sel, d, gv->nrows);
	return TUI_REDRAW;
}

int tui_gc_click(struct tui_app *a, int y, int x)
{
	(void)x;
	struct tui_gcview *gv = &a->gc;
	int r = y - (tui_body_top(a) + 2);
	if (r < 0 || r >= list_rows(a) || gv->top + (size_t)r >= gv->nrows)
		return 0;
	gv->sel = gv->top + (size_t)r;
	return TUI_REDRAW;
}
