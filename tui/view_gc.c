/* view_gc.c: the GC cycles and stop-the-world pauses as one sortable table;
 * Enter shows the row's place on the timeline, Tab opens the inspector. */
#include "tui/app.h"

#include "report/report.h"

#include <curses.h>
#include <math.h>
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

/* Whether r overlaps the view's window, as `gtview gc --window` lists
 * the cycles and pauses (whole, with their own figures). */
static int in_window(const struct tui_gcview *gv, const struct gt_range *r)
{
	return r->end > gv->t0 && r->start < gv->t1;
}

/* Pause durations' bucket bounds (1-2-5 steps) from 1 us; bucket 0 also
 * holds the shorter ones. */
static int64_t bucket_lo(int b)
{
	static const int64_t step[3] = {1, 2, 5};
	int64_t v = 1000;
	for (int k = 0; k < b / 3; k++)
		v *= 10;
	return v * step[b % 3];
}

static const struct gt_range *stw_of(const struct tui_app *a, size_t i)
{
	size_t n;
	return &gt_model_ranges(a->m, GT_RS_STW, &n)[i];
}

static void rebuild(struct tui_app *a)
{
	struct tui_gcview *gv = &a->gc;
	size_t ngc, nstw;
	const struct gt_range *gcs = gt_model_ranges(a->m, GT_RS_GC, &ngc);
	const struct gt_range *stws = gt_model_ranges(a->m, GT_RS_STW, &nstw);
	free(gv->rows);
	gv->rows = tui_xcalloc(ngc + nstw, sizeof *gv->rows);
	size_t k = 0;
	tui_range_window(a, &gv->t0, &gv->t1);
	gv->win_gc = gv->win_stw = gv->win_longest = 0;
	gv->win_stw_ns = 0;
	int64_t longest = -1;
	for (size_t i = 0; i < ngc; i++) {
		if (!in_window(gv, &gcs[i]))
			continue;
		gv->win_gc++;
		if (gv->only != 1)
			gv->rows[k++] = (struct tui_gcrow){GT_RS_GC, (uint32_t)i};
	}
	for (size_t i = 0; i < nstw; i++) { /* the title's figures, once */
		if (!in_window(gv, &stws[i]))
			continue;
		gv->win_stw++;
		int64_t d = tui_dur(stws[i].start, stws[i].end);
		gv->win_stw_ns = tui_add(gv->win_stw_ns, d);
		if (d > longest) {
			longest = d;
			gv->win_longest = i;
		}
		if (gv->only != 2)
			gv->rows[k++] = (struct tui_gcrow){GT_RS_STW, (uint32_t)i};
	}
	gv->nrows = k;
	gt_model_gc_cpu(a->m, gv->t0, gv->t1, &gv->cpu);
	if (!tui_gcfig_started(&gv->fig)) { /* the figures, once: the model's definitions */
		tui_gcfig_start(&gv->fig, a->m);
		memset(gv->hist, 0, sizeof gv->hist);
		for (size_t i = 0; i < nstw; i++) { /* the pauses' histogram */
			if (stws[i].active_at_start || stws[i].open_at_end)
				continue;
			int64_t d = stws[i].end - stws[i].start;
			int b = 0;
			while (b + 1 < TUI_GC_HIST && d >= bucket_lo(b + 1))
				b++;
			gv->hist[b]++;
		}
	}
	sort_app = a;
	qsort(gv->rows, k, sizeof *gv->rows, cmp_rows);
	gv->sel = gv->top = 0;
	gv->built = 1;
}

void tui_gc_free(struct tui_app *a)
{
	free(a->gc.rows);
	tui_gcfig_free(&a->gc.fig);
	a->gc.drawn_unready = 0;
	a->gc.rows = NULL;
	a->gc.nrows = 0;
	a->gc.built = 0;
	a->gc.lab_have = 0; /* the GC lane's share: of this model only */
}

/* The table's width: all of it, less a side panel on a wide terminal. */
#define TABLE_W 128
#define SIDE_MIN 44
static int table_w(const struct tui_app *a)
{
	return a->cols >= TABLE_W + 1 + SIDE_MIN ? TABLE_W : a->cols;
}

/* Without the side panel the last row says where the histogram and the
 * MMU curve went. */
static int list_rows(const struct tui_app *a)
{
	return tui_body_rows(a) - 3 - (table_w(a) == a->cols);
}

/* The distribution of the pauses that ended, one row per bucket. */
static int draw_histogram(struct tui_app *a, int y, int x, int w, int rows)
{
	enum { NB = TUI_GC_HIST };
	const struct tui_gcview *gv = &a->gc;
	size_t cnt[NB], most = 0, total = 0;
	int b0 = NB, b1 = -1;
	for (int b = 0; b < NB; b++) {
		cnt[b] = gv->hist[b];
		total += cnt[b];
		if (cnt[b]) {
			b0 = b < b0 ? b : b0;
			b1 = b;
		}
	}
	tui_printf(y, x, w, tui_attr(TUI_C_TITLE), "STW pauses by duration: %zu", total);
	if (!total)
		return 1;
	int cut = 0;
	while (b1 - b0 + 1 > rows - 1 && b1 > b0) { /* few rows: the long tail shows */
		cnt[b0 + 1] += cnt[b0];
		b0++;
		cut = 1;
	}
	for (int b = b0; b <= b1; b++)
		most = cnt[b] > most ? cnt[b] : most;
	int bw = w - 18;
	for (int b = b0, r = 1; b <= b1; b++, r++) {
		char lo[32];
		/* the first row holds all below its upper bound (pauses under
		 * 1 us, or the rows folded for want of room) */
		int below = b == b0 && (cut || b == 0);
		tui_fmt_dur(lo, sizeof lo, bucket_lo(below ? b + 1 : b));
		tui_printf(y + r, x, 10, 0, "%s%7s", below ? " <" : ">=", lo);
		int len = most ? (int)((double)cnt[b] * bw / (double)most + 0.999) : 0;
		for (int k = 0; k < len; k++)
			tui_put(y + r, x + 10 + k, 1, tui_attr(TUI_C_STW), tui_glyph(TUI_G_FULL));
		tui_printf(y + r, x + 11 + len, w - 11 - len, tui_attr(TUI_C_DIM), "%zu", cnt[b]);
	}
	return b1 - b0 + 2;
}

/* The MMU curve as bars over a log scale of window widths, with the 1, 10
 * and 100 ms values (the CLI's) marked below. */
static void draw_mmu(struct tui_app *a, int y, int x, int w, int rows)
{
	const struct tui_gcfig *gv = &a->gc.fig;
	static const char *const names[3] = {"1ms", "10ms", "100ms"};
	static const int64_t w3[3] = {1000000, 10000000, 100000000};
	int at = tui_printf(y, x, w, tui_attr(TUI_C_TITLE), "Minimum mutator utilization:");
	if (!tui_gcfig_ready(gv)) {
		tui_printf(y, x + at, w - at, tui_attr(TUI_C_DIM), "  computing%s", tui_glyph(TUI_G_ELLIPSIS));
		return;
	}
	for (int k = 0; k < 3; k++)
		at += gv->mmu3[k] < 0 ? tui_printf(y, x + at, w - at, 0, "  %s -", names[k])
		                      : tui_printf(y, x + at, w - at, 0, "  %s %.1f%%", names[k], gv->mmu3[k] * 100);
	int h = rows - 3 > 12 ? 12 : rows - 3, pw = w - 5;
	if (gv->mmu_n < 2 || h < 2 || pw < 10)
		return;
	double l0 = log((double)gv->mmu_w[0]), l1 = log((double)gv->mmu_w[gv->mmu_n - 1]);
	for (int r = 0; r < h; r++)
		tui_printf(y + 1 + r, x, 5, tui_attr(TUI_C_DIM), r == 0 ? "100%%" : r == h - 1 ? "  0%%" : "");
	for (int c = 0; c < pw; c++) {
		double lw = l0 + (l1 - l0) * c / (pw - 1);
		int k = 0; /* the curve's point at or below this width */
		while (k + 1 < gv->mmu_n && log((double)gv->mmu_w[k + 1]) <= lw + 1e-9)
			k++;
		double u = gv->mmu_u[k];
		for (int r = 0; r < h; r++) {
			double f = u * h - (h - 1 - r);
			tui_put(y + 1 + r, x + 5 + c, 1, tui_attr(TUI_C_GC), tui_glyph_bar(f > 1 ? 1 : f));
		}
	}
	/* the axis: the ends, and the marked widths */
	char lo[32], hi[32];
	tui_fmt_dur(lo, sizeof lo, gv->mmu_w[0]);
	tui_fmt_dur(hi, sizeof hi, gv->mmu_w[gv->mmu_n - 1]);
	tui_put(y + 1 + h, x + 5, pw, tui_attr(TUI_C_DIM), lo);
	tui_put_right(y + 1 + h, x + 5, pw, tui_attr(TUI_C_DIM), hi);
	for (int k = 0; k < 3; k++) {
		double lw = log((double)w3[k]);
		if (lw < l0 || lw > l1)
			continue;
		int c = (int)((lw - l0) / (l1 - l0) * (pw - 1) + 0.5);
		tui_put(y + 1 + h, x + 5 + c, 1, tui_attr(TUI_C_TITLE), tui_glyph(TUI_G_VLINE));
		tui_put(y + 2 + h, x + 5 + c - (int)strlen(names[k]) / 2, (int)strlen(names[k]), tui_attr(TUI_C_TITLE), names[k]);
	}
}

static void draw_side(struct tui_app *a, int y, int x, int w, int rows)
{
	int hr = rows / 2 - 1;
	int used = draw_histogram(a, y, x, w, hr < 3 ? 3 : hr);
	draw_mmu(a, y + used + 1, x, w, rows - used - 1);
}

void tui_gc_draw(struct tui_app *a)
{
	struct tui_gcview *gv = &a->gc;
	if (!gv->built) {
		gv->sort = TUI_GCCOL_START;
		rebuild(a);
	} else if (tui_range_moved(a, gv->t0, gv->t1)) {
		rebuild(a); /* a range marked or cleared since */
	}
	int y = tui_body_top(a);
	size_t ngc = gv->win_gc, nstw = gv->win_stw, li = gv->win_longest;
	int64_t total = gv->win_stw_ns, longest = nstw ? tui_dur(stw_of(a, li)->start, stw_of(a, li)->end) : -1;
	char t[32], l[32], title[600];
	tui_fmt_dur(t, sizeof t, total);
	tui_fmt_dur(l, sizeof l, longest < 0 ? 0 : longest);
	const char *only = gv->only == 1 ? "Pauses only: " : gv->only == 2 ? "Cycles only: " : "";
	char cpu[160], rest[400];
	gt_report_gc_cpu(cpu, sizeof cpu, &gv->cpu);
	if (nstw)
		snprintf(rest, sizeof rest, "%zu STW pauses%s, %s in all, longest %s (%s); %zu GC cycles",
		         nstw, tui_so_far(a), t, l, gt_model_str(a->m, stw_of(a, li)->reason), ngc);
	else
		snprintf(rest, sizeof rest, "%zu GC cycles%s, no stop-the-world pauses", ngc, tui_so_far(a));
	char rng[80];
	if (tui_range_text(a, rng, sizeof rng, gv->t0, gv->t1)) { /* m on the timeline */
		size_t tl = strlen(rest);
		snprintf(rest + tl, sizeof rest - tl, "; in %s", rng);
	}
	/* the GC's share of the CPU first where it all fits, else last */
	if (strlen(only) + strlen(cpu) + 2 + strlen(rest) <= (size_t)a->cols)
		snprintf(title, sizeof title, "%s%s; %s", only, cpu, rest);
	else
		snprintf(title, sizeof title, "%s%s; %s", only, rest, cpu);
	tui_put(y++, 0, a->cols, tui_attr(TUI_C_TITLE), title);
	static const int cw[] = {10, 6, 14, 10};
	int tw = table_w(a);
	char hdr[256];
	snprintf(hdr, sizeof hdr, " %-*s%-*s%-*s%*s  %10s %9s %9s %8s %11s %6s %7s  %s", cw[0], "kind", cw[1], "#",
	         cw[2], "start", cw[3], "duration", "heap before", "after", "goal", "assists", "assist time",
	         "pauses", "GC CPU", "reason / goroutine");
	tui_put(y, 0, tw, tui_attr(TUI_C_DIM) | A_UNDERLINE, hdr);
	/* mark the sort column */
	int sx = gv->sort == TUI_GCCOL_KIND ? 1 + 4 : gv->sort == TUI_GCCOL_START ? 1 + cw[0] + cw[1] + 5
		: 1 + cw[0] + cw[1] + cw[2] + cw[3];
	tui_put(y, sx, 1, tui_attr(TUI_C_DIM) | A_UNDERLINE, tui_glyph(gv->desc ? TUI_G_ARROW_DN : TUI_G_ARROW_UP));
	y++;
	int rows = list_rows(a);
	tui_list_fit(&gv->sel, &gv->top, gv->nrows, rows);
	if (!gv->nrows)
		tui_put(y, 2, a->cols - 2, tui_attr(TUI_C_DIM), "no GC cycle or pause in this trace");
	for (int i = 0; i < rows && gv->top + (size_t)i < gv->nrows; i++) {
		size_t k = gv->top + (size_t)i;
		const struct tui_gcrow *row = &gv->rows[k];
		const struct gt_range *r = range_of(a, row);
		int sel = k == gv->sel;
		int base = sel ? tui_attr(TUI_C_SELECTED) : 0;
		if (sel)
			tui_fill(y + i, 0, tw, base, " ");
		char s[32], d[32], who[256];
		tui_fmt_time(a, s, sizeof s, r->start);
		tui_fmt_dur(d, sizeof d, tui_dur(r->start, r->end));
		if (row->set == GT_RS_STW) {
			uint32_t gi = r->who == GT_NONE ? UINT32_MAX : gt_model_g_find(a->m, r->who);
			if (gi != UINT32_MAX)
				snprintf(who, sizeof who, "%s  (G%lld)", gt_model_str(a->m, r->reason), (long long)r->who);
			else
				snprintf(who, sizeof who, "%s", gt_model_str(a->m, r->reason));
		} else if (!tui_gcfig_ready(&gv->fig)) {
			snprintf(who, sizeof who, "%9s%s %9s %9s %8s %11s %6s %7s  mark phase%s%s", "computing",
			         tui_glyph(TUI_G_ELLIPSIS), "", "", "", "", "", "", r->active_at_start ? ", began before the trace" : "",
			         r->open_at_end ? ", not ended" : "");
		} else {
			const struct gt_gc_cycle *c = &gv->fig.cyc[row->index];
			char hb[32], ha[32], hg[32], at[32];
			tui_fmt_dur(at, sizeof at, c->assist_ns);
			snprintf(who, sizeof who, "%10s %9s %9s %8u %11s %6zu %6.1f%%  mark phase%s%s",
			         gt_report_mib(hb, sizeof hb, c->heap_before), gt_report_mib(ha, sizeof ha, c->heap_after),
			         gt_report_mib(hg, sizeof hg, c->heap_goal), c->assists, at, c->stw_count,
			         c->cpu.fraction * 100,
			         r->active_at_start ? ", began before the trace" : "", r->open_at_end ? ", not ended" : "");
		}
		int x = tui_printf(y + i, 0, 1 + cw[0], sel ? base : tui_attr(row->set == GT_RS_STW ? TUI_C_STW : TUI_C_GC),
		                   "%s%s", sel ? ">" : " ", row->set == GT_RS_STW ? "STW" : "GC");
		tui_fill(y + i, x, 1 + cw[0] - x, base, " ");
		tui_printf(y + i, 1 + cw[0], tw - 1 - cw[0], base, "%-*u%-*s%*s  %s", cw[1], row->index + 1, cw[2], s, cw[3], d, who);
	}
	if (tw < a->cols)
		draw_side(a, tui_body_top(a) + 1, tw + 1, a->cols - tw - 1, tui_body_rows(a) - 2);
	else
		tui_printf(y + rows, 1, a->cols - 1, tui_attr(TUI_C_DIM),
		           "The pause histogram and the MMU curve show from %d columns (here %d); "
		           "`gtview gc` prints them", TABLE_W + 1 + SIDE_MIN, a->cols);
	if (!tui_gcfig_ready(&gv->fig))
		gv->drawn_unready = 1;
}

int tui_gc_waiting(const struct tui_app *a) { return a->gc.drawn_unready; }

int tui_gc_settled(struct tui_app *a)
{
	if (!a->gc.drawn_unready || !tui_gcfig_ready(&a->gc.fig))
		return 0;
	a->gc.drawn_unready = 0;
	return TUI_REDRAW;
}

int tui_gc_settle(struct tui_app *a)
{
	tui_gcfig_wait(&a->gc.fig);
	return tui_gc_settled(a);
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
		/* a pause's length and a mark phase's do not compare: by duration
		 * shows one kind, the pauses, until f shows the cycles */
		if (gv->sort == TUI_GCCOL_DUR && !gv->only)
			gv->only = 1;
		rebuild(a);
		if (gv->sort == TUI_GCCOL_DUR)
			tui_status(a, "sorted by duration: %s only (f: %s)", gv->only == 2 ? "GC cycles" : "pauses",
			           gv->only == 2 ? "all rows" : "GC cycles only");
		else
			tui_status(a, "sorted by %s", col_names[gv->sort]);
		return TUI_REDRAW;
	case GT_ACTION_SORT_REVERSE:
		gv->desc = !gv->desc;
		rebuild(a);
		return TUI_REDRAW;
	case GT_ACTION_FILTER_STATE: /* all rows, pauses only, cycles only */
		gv->only = (gv->only + 1) % 3;
		if (!gv->only && gv->sort == TUI_GCCOL_DUR) /* both kinds: by start */
			gv->sort = TUI_GCCOL_START, gv->desc = col_desc[TUI_GCCOL_START];
		rebuild(a);
		return TUI_REDRAW;
	case GT_ACTION_FILTER_CLEAR:
		gv->only = 0;
		if (gv->sort == TUI_GCCOL_DUR)
			gv->sort = TUI_GCCOL_START, gv->desc = col_desc[TUI_GCCOL_START];
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
