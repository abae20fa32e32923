/* view_timeline.c: one lane per P (or, toggled, per thread: M), then GC, STW, mark assists, heap and
 * goroutine counts, then goroutine lanes (pinned goroutines, the one
 * followed or running at the cursor, the goroutines that woke it and
 * that it woke in the window), over a zoomable time window with a
 * cursor.
 *
 * Every lane is drawn from per-column summaries (gt_model_lane_columns,
 * gt_model_gcounts, binary searches in the range and metric series), so a
 * frame costs O(columns x lanes on screen), whatever the zoom. */
#include "tui/app.h"

#include "model/cols.h"

#include <curses.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui/colors.h"
#include "tui/draw.h"
#include "tui/glook.h"
#include "tui/glyphs.h"
#include "tui/util.h"

#define LABEL_W 10
#define MAX_COLS 1024
#define MIN_SPAN 100 /* ns: the deepest zoom */

static const char *const extra_names[TUI_LANE__COUNT] = {
	"GC", "STW", "Assist", "Heap", "Goal", "Running", "Runnable", "Waiting",
};

/* Lanes at the top: one per P, or per M (a->tl.threads), in id order. */
static int ntop(const struct tui_app *a)
{
	return (int)(a->tl.threads ? gt_model_m_count(a->m) : gt_model_p_count(a->m));
}

/* Goroutine lanes (indices), made again at every frame and action
 * (glanes_build); lane nprocs + TUI_LANE__COUNT + k is gl[k]. */
#define GL_MAX 48
static uint32_t gl[GL_MAX];
static int ngl;
static int gl_first(const struct tui_app *a) { return ntop(a) + TUI_LANE__COUNT; }
static int nlanes(const struct tui_app *a) { return gl_first(a) + ngl; }
static int plot_w(const struct tui_app *a)
{
	int w = a->cols - LABEL_W;
	return w > MAX_COLS ? MAX_COLS : w;
}
/* Rows for P lanes: the body less the axis, the pinned lanes, the detail,
 * and up to 4 goroutine lanes. */
static int p_rows(const struct tui_app *a)
{
	int r = tui_body_rows(a) - 2 - TUI_LANE__COUNT - (ngl < 4 ? ngl : 4);
	return r < 1 ? 1 : r;
}

/* Rows for goroutine lanes: what the P lanes leave, less 2 for what is
 * at the cursor, GL_ROWS at most (each costs as a P lane does). */
#define GL_ROWS 8
static int g_rows(const struct tui_app *a)
{
	int pr = p_rows(a), np = ntop(a);
	int r = tui_body_rows(a) - 2 - TUI_LANE__COUNT - (pr < np ? pr : np) - 2;
	if (r > GL_ROWS)
		r = GL_ROWS;
	return r < 0 ? 0 : r > ngl ? ngl : r;
}

static int64_t col_t(const struct tui_timeline *tl, int w, int c)
{
	/* rounded up, so that cursor_col(col_t(c)) == c exactly */
	return tl->t0 + (int64_t)(((__int128)(tl->t1 - tl->t0) * c + w - 1) / w);
}

static int cursor_col(const struct tui_timeline *tl, int w)
{
	if (tl->cursor < tl->t0 || tl->cursor >= tl->t1)
		return -1;
	return (int)((__int128)(tl->cursor - tl->t0) * w / (tl->t1 - tl->t0));
}

/* Keeps the window inside the trace and the cursor inside the window. */
static void clamp(struct tui_app *a)
{
	struct tui_timeline *tl = &a->tl;
	int64_t lo = a->info.min_ts, hi = a->info.max_ts + 1;
	int64_t span = tl->t1 - tl->t0;
	if (span > hi - lo)
		span = hi - lo;
	if (span < MIN_SPAN)
		span = MIN_SPAN;
	if (tl->t0 < lo)
		tl->t0 = lo;
	tl->t1 = tl->t0 + span;
	if (tl->t1 > hi) {
		tl->t1 = hi;
		tl->t0 = hi - span;
	}
	if (tl->cursor < lo)
		tl->cursor = lo;
	if (tl->cursor >= hi)
		tl->cursor = hi - 1;
	if (tl->cursor < tl->t0 || tl->cursor >= tl->t1) {
		int64_t s = tl->cursor - span / 2;
		tl->t0 = s < lo ? lo : s;
		tl->t1 = tl->t0 + span;
		if (tl->t1 > hi) {
			tl->t1 = hi;
			tl->t0 = hi - span;
		}
	}
	int n = nlanes(a);
	if (tl->lane >= n)
		tl->lane = n - 1;
	if (tl->lane < 0)
		tl->lane = 0;
	int np = ntop(a), pr = p_rows(a);
	if (tl->lane < np) {
		if (tl->lane < tl->top)
			tl->top = tl->lane;
		if (tl->lane >= tl->top + pr)
			tl->top = tl->lane - pr + 1;
	}
	if (tl->top > np - pr)
		tl->top = np - pr;
	if (tl->top < 0)
		tl->top = 0;
	/* the goroutine lanes scroll likewise */
	int gr = g_rows(a), k = tl->lane - gl_first(a);
	if (k >= 0 && gr > 0) {
		if (k < tl->gtop)
			tl->gtop = k;
		if (k >= tl->gtop + gr)
			tl->gtop = k - gr + 1;
	}
	if (tl->gtop > ngl - gr)
		tl->gtop = ngl - gr;
	if (tl->gtop < 0)
		tl->gtop = 0;
}

static const struct tui_app *order_app;
static int cmp_pid(const void *x, const void *y)
{
	int64_t p = gt_model_p(order_app->m, *(const uint32_t *)x)->id;
	int64_t q = gt_model_p(order_app->m, *(const uint32_t *)y)->id;
	return (p > q) - (p < q);
}

/* P index of lane l (lanes show Ps in id order). */
static uint32_t lane_p(const struct tui_app *a, int l) { return a->tl.porder[l]; }
/* M index of lane l with the thread lanes shown (in id order too). */
static uint32_t lane_m(const struct tui_app *a, int l) { return a->tl.morder[l]; }

static int cmp_mid(const void *x, const void *y)
{
	int64_t p = gt_model_m(order_app->m, *(const uint32_t *)x)->id;
	int64_t q = gt_model_m(order_app->m, *(const uint32_t *)y)->id;
	return (p > q) - (p < q);
}

void tui_timeline_free(struct tui_app *a)
{
	tui_mbuild_free(&a->mbuild); /* before the model it reads goes */
	free(a->tl.porder);
	a->tl.porder = NULL;
	free(a->tl.morder);
	a->tl.morder = NULL;
	tui_inspector_free_lines(&a->preview);
}

void tui_timeline_fit(struct tui_app *a)
{
	struct tui_timeline *tl = &a->tl;
	if (!tl->porder) {
		uint32_t np = gt_model_p_count(a->m);
		tl->porder = tui_xcalloc(np, sizeof *tl->porder);
		for (uint32_t i = 0; i < np; i++)
			tl->porder[i] = i;
		order_app = a;
		qsort(tl->porder, np, sizeof *tl->porder, cmp_pid);
	}
	if (!tl->morder) {
		uint32_t nm = gt_model_m_count(a->m);
		tl->morder = tui_xcalloc(nm ? nm : 1, sizeof *tl->morder);
		for (uint32_t i = 0; i < nm; i++)
			tl->morder[i] = i;
		order_app = a;
		qsort(tl->morder, nm, sizeof *tl->morder, cmp_mid);
	}
	tl->t0 = a->info.min_ts;
	tl->t1 = a->info.max_ts + 1;
	if (!tl->cursor_set)
		tl->cursor = tl->t0;
	if (!tl->heap_max) {
		for (int k = GT_METRIC_HEAP_ALLOC; k <= GT_METRIC_HEAP_GOAL; k++) {
			uint64_t v = 0;
			gt_model_metric_columns(a->m, (enum gt_metric_kind)k, a->info.min_ts,
			                        a->info.max_ts + 1, 1, &v);
			if (v > tl->heap_max)
				tl->heap_max = v;
		}
	}
	clamp(a);
}

void tui_timeline_show(struct tui_app *a, int64_t start, int64_t end, int lane)
{
	struct tui_timeline *tl = &a->tl;
	start = tui_time_bound(start);
	end = tui_time_bound(end);
	int64_t d = end - start;
	if (d < MIN_SPAN)
		d = MIN_SPAN;
	tl->t0 = start - d;
	tl->t1 = end + d;
	tl->cursor = start;
	tl->cursor_set = 1;
	if (lane >= 0 && tl->threads) /* lanes below the top ones, counted past the Ps */
		lane = lane - (int)gt_model_p_count(a->m) + ntop(a);
	if (lane >= 0)
		tl->lane = lane;
	clamp(a);
}

/* Short name of a function: its last path element ("bundler.(*x).f"). */
static const char *short_func(const char *f)
{
	const char *s = strrchr(f, '/');
	return s ? s + 1 : f;
}

static const char *density(double frac)
{
	return frac >= 0.75 ? tui_glyph(TUI_G_FULL) : frac >= 0.5 ? tui_glyph(TUI_G_DARK)
		: frac >= 0.25 ? tui_glyph(TUI_G_MEDIUM) : tui_glyph(TUI_G_LIGHT);
}

/* An axis label: t (ns from the trace's start) in the unit of its size,
 * with as many decimals as the tick step needs ("128.2us", "128.4us"),
 * so that neighbouring ticks never read the same. */
static void axis_label(char *buf, size_t len, double t, double step)
{
	static const struct { double ns; const char *name; } units[] = {
		{1e9, "s"}, {1e6, "ms"}, {1e3, "us"}, {1, "ns"},
	};
	int u = 0;
	while (u < 3 && (t ? t : step) < units[u].ns) /* 0 in the step's unit */
		u++;
	if (t == 0) {
		snprintf(buf, len, "0%s", units[u].name);
		return;
	}
	int dec = 0;
	for (double q = units[u].ns; q > step * 1.0001 && dec < 9; q /= 10)
		dec++;
	snprintf(buf, len, "%.*f%s", dec, t / units[u].ns, units[u].name);
}

static void draw_axis(struct tui_app *a, int y, int w)
{
	struct tui_timeline *tl = &a->tl;
	tui_fill(y, LABEL_W, w, tui_attr(TUI_C_DIM), tui_glyph(TUI_G_HLINE));
	double span = (double)(tl->t1 - tl->t0);
	double want = span / (w / 14.0 > 1 ? w / 14.0 : 1);
	double step = 1;
	while (step * 10 <= want)
		step *= 10;
	if (step * 5 <= want)
		step *= 5;
	else if (step * 2 <= want)
		step *= 2;
	double rel0 = (double)(tl->t0 - a->info.min_ts);
	/* a step whose labels all fit, so that every tick is labelled and
	 * they stay regular (not 0, 40s, 60s... where 20s had no room) */
	for (int k = 0; k < 64 && step < span; k++) {
		int widest = 0;
		for (int i = 0; i <= w; i++) { /* every tick's label, units vary */
			double t = (floor(rel0 / step) + i) * step;
			if (t > rel0 + span)
				break;
			char lab[32];
			axis_label(lab, sizeof lab, t, step);
			int lw = tui_width(lab);
			widest = lw > widest ? lw : widest;
		}
		if (step * w / span >= widest + 3)
			break;
		double m = step / pow(10, floor(log10(step)));
		step *= m < 1.5 ? 2 : m < 3.5 ? 2.5 : 2;
	}
	double first = ((int64_t)(rel0 / step) + 1) * step;
	if (rel0 == 0)
		first = 0;
	int next_free = 0;
	static unsigned char text[MAX_COLS]; /* columns holding a label */
	memset(text, 0, (size_t)w);
	/* tick i from first, not a running sum: where a double's ulp passes
	 * step (times past 2^53 ns from the start: a hostile trace's) the sum
	 * stood still and the loop never ended */
	for (int i = 0; i <= 4 * w; i++) {
		double t = first + i * step;
		if (!(t < rel0 + span))
			break;
		int x = (int)((t - rel0) * w / span);
		if (x < next_free)
			continue;
		char lab[32];
		axis_label(lab, sizeof lab, t, step);
		if (x + tui_width(lab) + 1 > w)
			break;
		tui_put(y, LABEL_W + x, 1, tui_attr(TUI_C_DIM), tui_glyph(TUI_G_VLINE));
		int lw = tui_put(y, LABEL_W + x + 1, w - x - 1, tui_attr(TUI_C_DIM), lab);
		memset(text + x + 1, 1, (size_t)lw);
		next_free = x + lw + 3;
	}
	tui_range_mark_axis(a, y, LABEL_W, w); /* range.c */
	/* the cursor: its line, or on a label, that letter reversed (the
	 * label stays readable) */
	int cc = cursor_col(tl, w);
	if (cc >= 0 && text[cc])
		mvchgat(y, LABEL_W + cc, 1, A_REVERSE | A_BOLD, (short)PAIR_NUMBER(tui_attr(TUI_C_CURSOR)), NULL);
	else if (cc >= 0)
		tui_put(y, LABEL_W + cc, 1, tui_attr(TUI_C_CURSOR), tui_glyph(TUI_G_CURSOR));
}

static void draw_label(struct tui_app *a, int y, int lane, const char *name)
{
	int sel = lane == a->tl.lane;
	int attr = sel ? tui_attr(TUI_C_SELECTED) : tui_attr(TUI_C_LANE_LABEL);
	char buf[32];
	snprintf(buf, sizeof buf, "%s%-*s", sel ? ">" : " ", LABEL_W - 2, name);
	tui_put(y, 0, LABEL_W - 1, attr, buf);
}

/* The cursor over a busy cell at (y, x): the cell reversed, keeping its
 * character; without colour a reversed busy glyph would look empty, so
 * the cursor's line is drawn there, reversed. */
static void cursor_over(int y, int x, int attr)
{
	if (!tui_colors_mode()) {
		tui_put(y, x, 1, A_REVERSE | A_BOLD, tui_glyph(TUI_G_CURSOR));
		return;
	}
	attr_t a = (attr_t)(attr ^ A_REVERSE);
	mvchgat(y, x, 1, a & ~A_COLOR, (short)PAIR_NUMBER(a), NULL);
}

/* Cell at the cursor column: a line when idle, reversed when busy. */
static void put_cell(int y, int x, int attr, const char *g, int at_cursor)
{
	tui_put(y, x, 1, attr, g);
	if (at_cursor) {
		if (!strcmp(g, " "))
			tui_put(y, x, 1, tui_attr(TUI_C_CURSOR), tui_glyph(TUI_G_CURSOR));
		else
			cursor_over(y, x, attr);
	}
}

/* A run of n busy columns at (y, x) named lab; cc: the cursor's column
 * in it, or -1.  The name stops a column short of the run's end, so that
 * the names of two runs side by side never read as one.  Without colour
 * the run is glyphs fill (busy ones: a reversed blank would look like an
 * empty cell) with the name inside. */
static void label_run_of(int y, int x, int n, int attr, const char *lab, int cc, const char *fill)
{
	if (tui_colors_mode()) {
		tui_fill(y, x, n, attr, " ");
		tui_put(y, x, n - 1, attr, lab);
	} else {
		tui_fill(y, x, n, attr, fill);
		int used = tui_put(y, x + 1, n - 2, attr, lab);
		if (cc >= 1 && cc <= used) { /* on the name: reverse its letter */
			mvchgat(y, x + cc, 1, (attr_t)(attr ^ A_REVERSE) & ~A_COLOR, 0, NULL);
			return;
		}
	}
	if (cc >= 0 && cc < n)
		cursor_over(y, x + cc, attr);
}

static void label_run(int y, int x, int n, int attr, const char *lab, int cc)
{
	label_run_of(y, x, n, attr, lab, cc, tui_glyph(TUI_G_FULL));
}

/* Cells of the P lanes on screen where the followed goroutine runs: one
 * byte per (row, column).  Walks its spans in the window, at most
 * FOLLOW_MAX of them (beyond that, the cells it dominates still show). */
#define FOLLOW_MAX 4096
struct follow_ctx {
	struct tui_app *a;
	uint8_t *marks;
	int w, rows;
	int64_t *pids;          /* P id of each row on screen */
	size_t seen;
};

static int follow_span(void *ctx, const struct gt_gspan *s)
{
	struct follow_ctx *f = ctx;
	const struct tui_timeline *tl = &f->a->tl;
	if (++f->seen > FOLLOW_MAX)
		return 1;
	if (s->state != GT_GS_RUNNING || s->p == GT_NONE)
		return 0;
	int r = 0;
	while (r < f->rows && f->pids[r] != s->p)
		r++;
	if (r == f->rows)
		return 0;
	int64_t span = tl->t1 - tl->t0;
	int64_t a0 = s->start < tl->t0 ? tl->t0 : s->start;
	int64_t a1 = s->end > tl->t1 ? tl->t1 : s->end;
	if (a1 <= a0)
		a1 = a0 + 1;
	int c0 = (int)((__int128)(a0 - tl->t0) * f->w / span);
	int c1 = (int)((__int128)(a1 - 1 - tl->t0) * f->w / span);
	for (int c = c0 < 0 ? 0 : c0; c <= c1 && c < f->w; c++)
		f->marks[(size_t)r * (size_t)f->w + (size_t)c] = 1;
	return 0;
}

void tui_timeline_follow(struct tui_app *a, uint32_t gi, int64_t pid)
{
	a->tl.following = 1;
	a->tl.follow = gi;
	if (pid == GT_NONE || !a->tl.porder || a->tl.threads)
		return;
	for (int l = 0; l < ntop(a); l++)
		if (gt_model_p(a->m, lane_p(a, l))->id == pid) {
			a->tl.lane = l;
			clamp(a);
			break;
		}
}

static void draw_p_lane(struct tui_app *a, int y, uint32_t pi, int w, struct gt_col *cols,
                        const uint8_t *mark)
{
	struct tui_timeline *tl = &a->tl;
	gt_model_lane_columns(a->m, GT_LANE_P, pi, tl->t0, tl->t1, (uint32_t)w, cols);
	int cc = cursor_col(tl, w);
	for (int c = 0; c < w;) {
		/* the busy part: a goroutine ran, GC worker or not */
		double busy = gt_col_share(&cols[c], 3);
		if (busy <= 0) {
			put_cell(y, LABEL_W + c, 0, " ", c == cc);
			c++;
			continue;
		}
		int gc = cols[c].ns[1] > cols[c].ns[0];
		uint32_t g = cols[c].top;
		int attr = gc ? tui_attr(TUI_C_GC_WORKER)
			: tui_attr(g != UINT32_MAX && (g & 1) ? TUI_C_RUNNING_ALT : TUI_C_RUNNING);
		int fol = (mark && mark[c]) || (a->tl.following && g == a->tl.follow);
		if (fol)
			attr = tui_attr(TUI_C_FOLLOW);
		/* A run of full columns of one span gets a label. */
		int e = c + 1;
		if (busy >= 0.95 && g != UINT32_MAX) {
			while (e < w && cols[e].top == g && cols[e].spans == 0 &&
			       gt_col_share(&cols[e], 3) >= 0.95 && (mark && mark[e]) == (mark && mark[c]))
				e++;
		}
		if (e - c >= 4 && g != UINT32_MAX) {
			const struct gt_goroutine gr_ = tui_g(a, g), *gr = &gr_;
			char lab[256];
			snprintf(lab, sizeof lab, "G%lld %s", gr ? (long long)gr->id : -1LL,
			         gr ? short_func(tui_g_func(a, gr)) : "");
			label_run(y, LABEL_W + c, e - c, attr, lab, cc >= c ? cc - c : -1);
			c = e;
			continue;
		}
		const char *glyph = gc ? tui_glyph(TUI_G_GCCELL) : density(busy);
		put_cell(y, LABEL_W + c, attr, glyph, c == cc);
		c++;
	}
}

/* The first syscall goroutine gi was in over [t0, t1): the function it
 * made it from (gt_model_syscall_func), 0 when unknown; its span in *out
 * (state GT_GS__COUNT: none). */
static int syscall_span(void *ctx, const struct gt_gspan *s)
{
	if (s->state != GT_GS_SYSCALL)
		return 0;
	*(struct gt_gspan *)ctx = *s;
	return 1;
}

static gt_str syscall_at(struct tui_app *a, uint32_t gi, int64_t t0, int64_t t1, struct gt_gspan *out)
{
	struct gt_gspan sp = {.state = GT_GS__COUNT};
	gt_model_g_spans(a->m, gi, t0, t1 > t0 ? t1 : t0 + 1, syscall_span, &sp);
	if (out)
		*out = sp;
	return sp.state == GT_GS_SYSCALL ? gt_model_syscall_func(a->m, sp.stack) : 0;
}

/* A thread's lane (gt_model_lane_columns, GT_LANE_M): the goroutine it
 * runs as a P lane shows it, its syscalls in their own glyph and colour
 * (the glyph no density uses, so that they tell apart without colour; a
 * run of them named by the function that made the syscall), and the
 * time it holds no P dotted; blank: it holds a P and runs no
 * goroutine. */
static void draw_m_lane(struct tui_app *a, int y, uint32_t mi, int w, struct gt_col *cols)
{
	struct tui_timeline *tl = &a->tl;
	gt_model_lane_columns(a->m, GT_LANE_M, mi, tl->t0, tl->t1, (uint32_t)w, cols);
	int cc = cursor_col(tl, w);
	const unsigned busy_mask = 1u << GT_MRUN_RUNNING | 1u << GT_MRUN_SYSCALL;
	for (int c = 0; c < w;) {
		double busy = gt_col_share(&cols[c], busy_mask);
		if (busy <= 0) {
			/* holding no P at all over the cell: the thread is parked
			 * (or spinning without one) */
			int nop = gt_col_share(&cols[c], 1) <= 0;
			put_cell(y, LABEL_W + c, nop ? tui_attr(TUI_C_IDLE) : 0,
			         nop ? tui_glyph(TUI_G_IDLE) : " ", c == cc);
			c++;
			continue;
		}
		uint32_t g = cols[c].top;
		int sys = cols[c].top_class == GT_MRUN_SYSCALL;
		int attr = sys ? tui_attr(TUI_C_M_SYSCALL)
			: tui_attr(g != UINT32_MAX && (g & 1) ? TUI_C_RUNNING_ALT : TUI_C_RUNNING);
		if (!sys && a->tl.following && g == a->tl.follow)
			attr = tui_attr(TUI_C_FOLLOW);
		int e = c + 1;
		if (busy >= 0.95 && g != UINT32_MAX)
			while (e < w && cols[e].top == g && cols[e].top_class == cols[c].top_class &&
			       cols[e].spans == 0 && gt_col_share(&cols[e], busy_mask) >= 0.95)
				e++;
		if (e - c >= 4 && g != UINT32_MAX) {
			const struct gt_goroutine gr = tui_g(a, g);
			char lab[256];
			if (sys) {
				gt_str f = syscall_at(a, g, col_t(tl, w, c), col_t(tl, w, c + 1), NULL);
				snprintf(lab, sizeof lab, "syscall %s%sG%lld", f ? short_func(gt_model_str(a->m, f)) : "",
				         f ? " " : "", (long long)gr.id);
			} else {
				snprintf(lab, sizeof lab, "G%lld %s", (long long)gr.id, short_func(tui_g_func(a, &gr)));
			}
			label_run_of(y, LABEL_W + c, e - c, attr, lab, cc >= c ? cc - c : -1,
			             tui_glyph(sys ? TUI_G_SYSCALL : TUI_G_FULL));
			c = e;
			continue;
		}
		put_cell(y, LABEL_W + c, attr, sys ? tui_glyph(TUI_G_SYSCALL) : density(busy), c == cc);
		c++;
	}
}

/* Whether the thread lanes are built; when not, their build is started
 * (mbuild.h), and until it is done nothing asks for them (the query
 * would wait for the build). */
static int m_ready(struct tui_app *a)
{
	if (gt_model_m_runs_built(a->m))
		return 1;
	tui_mbuild_start(&a->mbuild, a->m);
	return 0;
}

/* Why the thread lanes are not shown: being built, or out of memory. */
static const char *m_unready(const struct tui_app *a)
{
	return a->mbuild.m == a->m && tui_mbuild_done(&a->mbuild) && a->mbuild.rc < 0 ?
	       "out of memory for the thread lanes" : "building the thread lanes";
}

/* A thread's lane while the lanes are built: what is coming. */
static void draw_m_unready(struct tui_app *a, int y, int w)
{
	char buf[64];
	snprintf(buf, sizeof buf, " %s%s", m_unready(a), tui_glyph(TUI_G_ELLIPSIS));
	tui_fill(y, LABEL_W, w, 0, " ");
	tui_put(y, LABEL_W, w, tui_attr(TUI_C_DIM), buf);
}

/* What thread mi does at the cursor: the run or syscall there, else the
 * longest one in the cursor's cell (what the cell shows). */
struct find_mrun { struct gt_mrun r; int found, seen; };
static int take_mrun(void *ctx, const struct gt_mrun *r)
{
	struct find_mrun *f = ctx;
	if (!f->found || tui_dur(r->start, r->end) > tui_dur(f->r.start, f->r.end))
		f->r = *r;
	f->found = 1;
	return ++f->seen >= 64;
}

static int64_t cell_end(const struct tui_app *a);
static int mrun_at(struct tui_app *a, uint32_t mi, int64_t t, struct gt_mrun *out)
{
	struct find_mrun f = {.found = 0};
	if (!m_ready(a))
		return 0;
	gt_model_m_runs(a->m, mi, t, t + 1, take_mrun, &f);
	if (!f.found)
		gt_model_m_runs(a->m, mi, t, cell_end(a), take_mrun, &f);
	if (f.found)
		*out = f.r;
	return f.found;
}

/* The P index thread mi holds at t; UINT32_MAX none. */
static int take_hold(void *ctx, const struct gt_pspan *s)
{
	*(uint32_t *)ctx = s->g;
	return 1;
}

static uint32_t m_holds(struct tui_app *a, uint32_t mi, int64_t t)
{
	uint32_t pi = UINT32_MAX;
	gt_model_m_spans(a->m, mi, t, t + 1, take_hold, &pi);
	return pi;
}

/* The longest range of set in [c0, c1), SIZE_MAX if none (the first 16
 * looked at: it names the cell, the shade is the model's union). */
static size_t range_longest(const struct tui_app *a, enum gt_range_set set, int64_t c0, int64_t c1)
{
	size_t n, longest = SIZE_MAX;
	const struct gt_range *r = gt_model_ranges(a->m, set, &n);
	int64_t best = -1;
	for (size_t i = gt_model_ranges_from(a->m, set, c0), k = 0; i < n && r[i].start < c1 && k < 16; i++, k++) {
		int64_t d = tui_dur(r[i].start, r[i].end);
		if (r[i].end > c0 && d > best) {
			best = d;
			longest = i;
		}
	}
	return longest;
}

/* The GC lane's label: "GC 8.4%", the GC's share of the CPU
 * (gt_model_gc_cpu) over the marked range or the whole trace, worked out
 * again only when that range changes. */
static const char *gc_label(struct tui_app *a)
{
	static char lab[16];
	struct tui_gcview *gv = &a->gc;
	int64_t t0, t1;
	tui_range_window(a, &t0, &t1);
	if (!gv->lab_have || gv->lab_t0 != t0 || gv->lab_t1 != t1) {
		struct gt_gc_cpu c;
		gt_model_gc_cpu(a->m, t0, t1, &c);
		gv->lab_t0 = t0, gv->lab_t1 = t1, gv->lab_have = 1;
		gv->lab_frac = c.fraction;
	}
	if (!a->info.gc_cycles)
		return "GC";
	snprintf(lab, sizeof lab, "GC %.1f%%", gv->lab_frac * 100);
	return lab;
}

static void draw_range_lane(struct tui_app *a, int y, enum gt_range_set set, int role, int w)
{
	struct tui_timeline *tl = &a->tl;
	int cc = cursor_col(tl, w);
	size_t n;
	const struct gt_range *r = gt_model_ranges(a->m, set, &n);
	int attr = tui_attr((enum tui_color)role);
	/* a cell's shade: the share of its time the ranges cover (their
	 * union, gt_model_range_columns), over the model's column bounds */
	static int64_t cover[MAX_COLS];
	gt_model_range_columns(a->m, set, tl->t0, tl->t1, (uint32_t)w, cover);
	struct gt_cols cs = gt_cols(tl->t0, tl->t1, (uint32_t)w);
	for (int c = 0; c < w;) {
		int64_t c0 = gt_col_at(&cs, (uint32_t)c), c1 = gt_col_at(&cs, (uint32_t)c + 1);
		size_t li = cover[c] > 0 ? range_longest(a, set, c0, c1) : SIZE_MAX;
		if (cover[c] <= 0 || li == SIZE_MAX) {
			put_cell(y, LABEL_W + c, 0, " ", c == cc);
			c++;
			continue;
		}
		/* a range wider than a few columns gets its name written in */
		int e = c + 1;
		while (e < w && r[li].end >= col_t(tl, w, e + 1) && r[li].start <= col_t(tl, w, e))
			e++;
		if (e - c >= 5 && set != GT_RS_ASSIST) {
			char lab[160];
			if (set == GT_RS_STW)
				snprintf(lab, sizeof lab, "STW %s", gt_model_str(a->m, r[li].reason));
			else
				snprintf(lab, sizeof lab, "GC #%zu", li + 1);
			label_run(y, LABEL_W + c, e - c, attr, lab, cc >= c ? cc - c : -1);
			c = e;
			continue;
		}
		put_cell(y, LABEL_W + c, attr, density((double)cover[c] / ((double)c1 - (double)c0)), c == cc);
		c++;
	}
}

static uint64_t metric_at(const struct tui_app *a, enum gt_metric_kind k, int64_t t)
{
	size_t i = gt_model_metric_at(a->m, k, t);
	struct gt_point p;
	if (i == SIZE_MAX || gt_model_metric_get(a->m, k, i, &p) < 0)
		return 0;
	return p.value;
}

/* The heap plot's full height: the smallest of 1, 2 or 5 KiB, MiB, GiB
 * ... (times ten) at or above the largest heap or goal of the trace, so
 * that the label states it exactly ("Heap 20M"); its label in *lab. */
static uint64_t heap_scale(uint64_t max, char *lab, size_t n)
{
	static const char units[] = "KMGTPE";
	static const unsigned steps[] = {1, 2, 5};
	uint64_t unit = 1024;
	for (int u = 0; units[u]; u++, unit *= 1024)
		for (uint64_t dec = 1; dec <= 100; dec *= 10)
			for (int k = 0; k < 3; k++) {
				uint64_t v = steps[k] * dec;
				if (v * unit >= max || (!units[u + 1] && dec == 100 && k == 2)) {
					snprintf(lab, n, "Heap%3u%c", (unsigned)(v % 1000), units[u]);
					return v * unit;
				}
			}
	return max; /* not reached */
}

/* The Heap and Goal lanes, rows y and y + 1: one plot two rows high of the
 * heap in use (bars, 16 eighths), on the scale its label states, with the
 * heap goal drawn over it as a line (▔ ─ ▁ where it falls in the row's
 * cell); where the heap's bar reaches the goal's cell, the bar takes the
 * goal's colour.  The label of the lower row names the line. */
static void draw_heap_lanes(struct tui_app *a, int y, int w, char *label, size_t label_n)
{
	struct tui_timeline *tl = &a->tl;
	int cc = cursor_col(tl, w);
	static uint64_t heap[MAX_COLS], goal[MAX_COLS];
	gt_model_metric_columns(a->m, GT_METRIC_HEAP_ALLOC, tl->t0, tl->t1, (uint32_t)w, heap);
	gt_model_metric_columns(a->m, GT_METRIC_HEAP_GOAL, tl->t0, tl->t1, (uint32_t)w, goal);
	double scale = (double)heap_scale(tl->heap_max ? tl->heap_max : 1, label, label_n);
	int hattr = tui_attr(TUI_C_HEAP), gattr = tui_attr(TUI_C_HEAP_GOAL);
	uint64_t lo = UINT64_MAX, hi = 0;
	for (int c = 0; c < w; c++) {
		/* the heap in eighths of a row, from the bottom of the lower one */
		int h = (int)((double)heap[c] / scale * 16 + 0.5);
		if (heap[c] && h < 1)
			h = 1;
		double gp = (double)goal[c] / scale * 16; /* the goal, likewise */
		for (int r = 0; r < 2; r++) { /* r 0: the lower row */
			int part = h - 8 * r, row = y + 1 - r;
			part = part < 0 ? 0 : part > 8 ? 8 : part;
			const char *g = part ? tui_glyph_bar(part / 8.0) : " ";
			int attr = hattr;
			double in = gp - 8 * r; /* the goal within this row's cell, 0 to 8 */
			if (goal[c] && in > 0 && (in <= 8 || (r == 1 && in > 8))) {
				if (!part) /* in ASCII the lines read as bars: the goal's mark */
					g = tui_glyph(in >= 5.5 ? TUI_G_WGC : in >= 2.5 ? TUI_G_HLINE : TUI_G_WSLEEP);
				if (!part && (unsigned char)g[0] < 0x80)
					g = tui_glyph(TUI_G_GOAL);
				attr = gattr;
			}
			put_cell(row, LABEL_W + c, attr, g, c == cc);
		}
		if (heap[c] && heap[c] < lo)
			lo = heap[c];
		if (heap[c] > hi)
			hi = heap[c];
	}
	/* what its tallest and shortest bars in view stand for, in MiB
	 * (2^20 bytes), at its right end */
	if (hi && w >= 60) {
		char sc[64];
		int n = snprintf(sc, sizeof sc, " max %.1f MiB, min %.1f MiB ", (double)hi / 1048576.0,
		                 (double)lo / 1048576.0);
		if (n > 0 && n < w)
			tui_put(y, LABEL_W + w - n, n, tui_attr(TUI_C_DIM), sc);
	}
}

static void draw_count_lanes(struct tui_app *a, int y, int w)
{
	struct tui_timeline *tl = &a->tl;
	struct gt_gcount counts[MAX_COLS];
	gt_model_gcounts(a->m, tl->t0, tl->t1, (uint32_t)w, counts);
	int cc = cursor_col(tl, w);
	static const int roles[3] = {TUI_C_G_RUNNING, TUI_C_G_RUNNABLE, TUI_C_G_WAITING};
	for (int k = 0; k < 3; k++) {
		float max = 0;
		for (int c = 0; c < w; c++) {
			float v = k == 0 ? counts[c].running : k == 1 ? counts[c].runnable : counts[c].waiting;
			if (v > max)
				max = v;
		}
		for (int c = 0; c < w; c++) {
			float v = k == 0 ? counts[c].running : k == 1 ? counts[c].runnable : counts[c].waiting;
			put_cell(y + k, LABEL_W + c, tui_attr((enum tui_color)roles[k]),
			         tui_glyph_bar(max > 0 ? v / max : 0), c == cc);
		}
	}
}

/* The P span at the cursor: the longest one in the cursor's cell, so that
 * what the detail names is what the cell shows (at most 64 looked at). */
struct find_span { struct gt_pspan s; int found, seen; };
static int take_pspan(void *ctx, const struct gt_pspan *s)
{
	struct find_span *f = ctx;
	if (!f->found || tui_dur(s->start, s->end) > tui_dur(f->s.start, f->s.end))
		f->s = *s;
	f->found = 1;
	return ++f->seen >= 64;
}

/* End of the cursor's cell. */
static int64_t cell_end(const struct tui_app *a)
{
	const struct tui_timeline *tl = &a->tl;
	int w = plot_w(a), c = cursor_col(tl, w);
	int64_t e = c < 0 ? tl->cursor + 1 : col_t(tl, w, c + 1);
	return e > tl->cursor ? e : tl->cursor + 1;
}

static int pspan_at(struct tui_app *a, uint32_t pi, int64_t t, struct gt_pspan *out)
{
	struct find_span f = {.found = 0};
	gt_model_p_spans(a->m, pi, t, t + 1, take_pspan, &f);
	if (!f.found)
		gt_model_p_spans(a->m, pi, t, cell_end(a), take_pspan, &f);
	if (f.found)
		*out = f.s;
	return f.found;
}

/* ---- goroutine lanes ------------------------------------------------------ */

static void gl_add(uint32_t gi)
{
	if (gi == UINT32_MAX || ngl == GL_MAX)
		return;
	for (int i = 0; i < ngl; i++)
		if (gl[i] == gi)
			return;
	gl[ngl++] = gi;
}

/* The goroutine the lanes are about: the one followed, else the one
 * running at the cursor on the selected P; UINT32_MAX none. */
static uint32_t gl_focus(struct tui_app *a)
{
	const struct tui_timeline *tl = &a->tl;
	struct gt_pspan ps;
	if (tl->following)
		return tl->follow;
	struct gt_mrun r;
	if (tl->threads)
		return tl->lane < ntop(a) && mrun_at(a, lane_m(a, tl->lane), tl->cursor, &r) ? r.g : UINT32_MAX;
	if (tl->lane < ntop(a) && pspan_at(a, lane_p(a, tl->lane), tl->cursor, &ps))
		return ps.g;
	return UINT32_MAX;
}

struct gl_wakers { struct tui_app *a; };
static int gl_waker(void *ctx, const struct gt_gtrans *t)
{
	struct gl_wakers *w = ctx;
	const struct tui_timeline *tl = &w->a->tl;
	if (t->ts >= tl->t1 || ngl == GL_MAX)
		return 1;
	if (t->by_g != GT_NONE)
		gl_add(gt_model_g_find(w->a->m, t->by_g));
	return 0;
}

/* Pinned lanes, then the focus, the goroutines that woke or made it in
 * the window (its transitions from the window's start on, found through
 * its log's index: gt_model_g_transitions_from) and, when it is
 * followed, the ones it woke or created there (the reverse links).
 * What the lanes were last found for: a frame that shows the same lanes
 * (a redraw, a key that moves nothing) keeps them. */
static struct gl_key {
	const struct gt_model *m;
	uint32_t focus;
	int64_t t0, t1;
	int following, npins;
	uint32_t pins[8];
} gl_key;

static void glanes_build(struct tui_app *a)
{
	struct tui_timeline *tl = &a->tl;
	uint32_t f = gl_focus(a);
	struct gl_key k;
	memset(&k, 0, sizeof k); /* padding too: compared with memcmp */
	k.m = a->m;
	k.focus = f;
	k.t0 = tl->t0;
	k.t1 = tl->t1;
	k.following = tl->following;
	k.npins = tl->npins;
	_Static_assert(sizeof k.pins == sizeof tl->pins, "gl_key.pins holds the pins");
	memcpy(k.pins, tl->pins, (size_t)tl->npins * sizeof *k.pins);
	if (!memcmp(&k, &gl_key, sizeof k))
		return;
	gl_key = k;
	ngl = 0;
	for (int i = 0; i < tl->npins; i++)
		gl_add(tl->pins[i]);
	if (f == UINT32_MAX)
		return;
	gl_add(f);
	struct gl_wakers w = {a};
	gt_model_g_transitions_from(a->m, f, tl->t0, gl_waker, &w);
	if (!tl->following)
		return;
	enum { CAUSED = 64 };
	struct gt_gcause c[CAUSED];
	int64_t id = gt_model_g_id(a->m, f);
	size_t n = gt_model_g_caused(a->m, id, 0, 0, NULL);
	/* from the first in the window on, while in it: what the screen
	 * shows, not the causer's whole list */
	for (size_t from = gt_model_g_caused_at(a->m, id, tl->t0); from < n && ngl < GL_MAX;
	     from += CAUSED) {
		size_t got = gt_model_g_caused(a->m, id, from, CAUSED, c) - from;
		got = got < CAUSED ? got : CAUSED;
		size_t i = 0;
		for (; i < got && c[i].ts < tl->t1; i++)
			gl_add(c[i].gi);
		if (i < got)
			break;
	}
}

static void draw_g_lane(struct tui_app *a, int y, uint32_t gi, int w, struct gt_col *cols)
{
	struct tui_timeline *tl = &a->tl;
	gt_model_lane_columns(a->m, GT_LANE_G, gi, tl->t0, tl->t1, (uint32_t)w, cols);
	int cc = cursor_col(tl, w);
	static uint8_t match[MAX_COLS]; /* cells holding a search's matches */
	memset(match, 0, (size_t)w);
	int any = tui_search_marks(a, gi, tl->t0, tl->t1, w, match);
	for (int c = 0; c < w; c++) {
		int lk = tui_glook_col(a->m, &cols[c]);
		const char *glyph = tui_glook_col_glyph(&cols[c], lk);
		put_cell(y, LABEL_W + c, any && match[c] ? tui_attr(TUI_C_MATCH) : tui_glook_attr(lk),
		         any && match[c] && !strcmp(glyph, " ") ? tui_glyph(TUI_G_FULL) : glyph, c == cc);
	}
}

/* The goroutine lanes in rows [y, y + g_rows). */
static void draw_g_lanes(struct tui_app *a, int y, int w, struct gt_col *cols)
{
	const struct tui_timeline *tl = &a->tl;
	int gr = g_rows(a);
	for (int i = 0; i < gr && tl->gtop + i < ngl; i++) {
		uint32_t gi = gl[tl->gtop + i];
		int pinned = 0;
		for (int k = 0; k < tl->npins; k++)
			pinned |= tl->pins[k] == gi;
		char name[24];
		snprintf(name, sizeof name, "%sG%lld", pinned ? "*" : "", (long long)gt_model_g_id(a->m, gi));
		draw_label(a, y + i, gl_first(a) + tl->gtop + i, name);
		draw_g_lane(a, y + i, gi, w, cols);
	}
	if (gr > 0 && tl->gtop > 0)
		tui_put(y, LABEL_W - 2, 1, tui_attr(TUI_C_DIM), tui_glyph(TUI_G_ARROW_UP));
	if (gr > 0 && tl->gtop + gr < ngl)
		tui_put(y + gr - 1, LABEL_W - 2, 1, tui_attr(TUI_C_DIM), tui_glyph(TUI_G_ARROW_DN));
}

static struct gt_gspan gspan_found;
static int take_gspan(void *ctx, const struct gt_gspan *s)
{
	*(int *)ctx = 1;
	gspan_found = *s;
	return 1;
}

/* pin-goroutine: the goroutine at the cursor (its lane's, or the one
 * running on the selected P) pinned, or unpinned. */
static int pin_toggle(struct tui_app *a)
{
	struct tui_timeline *tl = &a->tl;
	int k = tl->lane - gl_first(a);
	uint32_t gi = k >= 0 && k < ngl ? gl[k] : gl_focus(a);
	if (gi == UINT32_MAX) {
		tui_status(a, "no goroutine at the cursor");
		return TUI_REDRAW_STATUS;
	}
	for (int i = 0; i < tl->npins; i++)
		if (tl->pins[i] == gi) {
			memmove(tl->pins + i, tl->pins + i + 1, (size_t)(tl->npins - i - 1) * sizeof *tl->pins);
			tl->npins--;
			tui_status(a, "G%lld unpinned", (long long)gt_model_g_id(a->m, gi));
			return TUI_REDRAW;
		}
	if (tl->npins == (int)(sizeof tl->pins / sizeof tl->pins[0])) {
		tui_status(a, "%d goroutines pinned already", tl->npins);
		return TUI_REDRAW_STATUS;
	}
	tl->pins[tl->npins++] = gi;
	tui_status(a, "G%lld pinned", (long long)gt_model_g_id(a->m, gi));
	return TUI_REDRAW;
}

static int range_at(struct tui_app *a, enum gt_range_set set, int64_t t, size_t *idx)
{
	size_t n;
	const struct gt_range *r = gt_model_ranges(a->m, set, &n);
	int64_t e = cell_end(a), best = -1;
	/* the range at t, else the longest one starting in the cell */
	for (size_t i = gt_model_ranges_from(a->m, set, t), k = 0; i < n && k < 64; i++, k++) {
		if (r[i].start >= e)
			break;
		if (r[i].end <= t)
			continue;
		if (r[i].start <= t) {
			*idx = i;
			return 1;
		}
		int64_t d = tui_dur(r[i].start, r[i].end);
		if (d > best) {
			best = d;
			*idx = i;
		}
	}
	return best >= 0;
}

/* The detail line on a thread's lane: what it runs, the syscall it is in
 * (with the function that made it) and the P it holds at the cursor. */
static const char *m_detail(struct tui_app *a, uint32_t mi, char *buf, size_t len)
{
	const struct tui_timeline *tl = &a->tl;
	long long id = (long long)gt_model_m(a->m, mi)->id;
	if (!m_ready(a)) {
		snprintf(buf, len, "M%lld: %s%s (once; keys work meanwhile)", id, m_unready(a),
		         tui_glyph(TUI_G_ELLIPSIS));
		return buf;
	}
	struct gt_mrun r;
	int found = mrun_at(a, mi, tl->cursor, &r);
	/* the P it holds then: at the cursor, or where what the cell
	 * shows begins */
	uint32_t pi = m_holds(a, mi, found && r.start > tl->cursor ? r.start : tl->cursor);
	char hold[48] = "holds no P";
	if (pi != UINT32_MAX)
		snprintf(hold, sizeof hold, "holds P%lld", (long long)gt_model_p(a->m, pi)->id);
	if (!found) {
		snprintf(buf, len, "M%lld runs no goroutine at the cursor, %s", id, hold);
		return buf;
	}
	char d[32], s0[32];
	const struct gt_goroutine g = tui_g(a, r.g);
	tui_fmt_dur(d, sizeof d, tui_dur(r.start, r.end));
	tui_fmt_time(a, s0, sizeof s0, r.start);
	if (r.what == GT_MRUN_SYSCALL) {
		gt_str f = syscall_at(a, r.g, r.start, r.start + 1, NULL);
		snprintf(buf, len, "M%lld in a syscall from %s of G%lld for %s from %s, %s", id,
		         f ? gt_model_str(a->m, f) : "(no stack)", (long long)g.id, d, s0, hold);
	} else {
		snprintf(buf, len, "M%lld runs G%lld %s for %s from %s, %s", id, (long long)g.id,
		         tui_g_func(a, &g), d, s0, hold);
	}
	return buf;
}

static const char *detail(struct tui_app *a, char *buf, size_t len)
{
	struct tui_timeline *tl = &a->tl;
	int np = ntop(a);
	char d[32], s0[32];
	if (tl->lane < np && tl->threads)
		return m_detail(a, lane_m(a, tl->lane), buf, len);
	if (tl->lane < np) {
		const struct gt_proc *p = gt_model_p(a->m, lane_p(a, tl->lane));
		struct gt_pspan s;
		if (!pspan_at(a, lane_p(a, tl->lane), tl->cursor, &s)) {
			snprintf(buf, len, "P%lld idle at the cursor", (long long)p->id);
			return buf;
		}
		const struct gt_goroutine g_ = tui_g(a, s.g), *g = &g_;
		tui_fmt_dur(d, sizeof d, tui_dur(s.start, s.end));
		tui_fmt_time(a, s0, sizeof s0, s.start);
		snprintf(buf, len, "P%lld runs G%lld %s%s for %s from %s", (long long)p->id,
		         (long long)g->id, tui_g_func(a, g),
		         s.gc ? " (GC worker)" : "", d, s0);
		return buf;
	}
	int k = tl->lane - gl_first(a);
	if (k >= 0 && k < ngl) { /* a goroutine lane: its state at the cursor */
		const struct gt_goroutine g = tui_g(a, gl[k]);
		int found = 0;
		gt_model_g_spans(a->m, gl[k], tl->cursor, tl->cursor + 1, take_gspan, &found);
		if (!found) {
			snprintf(buf, len, "G%lld %s: no state at the cursor", (long long)g.id, tui_g_func(a, &g));
			return buf;
		}
		tui_fmt_dur(d, sizeof d, tui_dur(gspan_found.start, gspan_found.end));
		tui_fmt_time(a, s0, sizeof s0, gspan_found.start);
		char why[256];
		tui_gstate_why(a->m, why, sizeof why, gspan_found.state, gspan_found.reason);
		snprintf(buf, len, "G%lld %s %s%s for %s from %s", (long long)g.id, tui_g_func(a, &g),
		         gt_gostate_name((enum gt_gostate)gspan_found.state), why, d, s0);
		return buf;
	}
	enum tui_lane l = (enum tui_lane)(tl->lane - np);
	size_t n, i;
	switch (l) {
	case TUI_LANE_GC:
	case TUI_LANE_STW:
	case TUI_LANE_ASSIST: {
		enum gt_range_set set = l == TUI_LANE_GC ? GT_RS_GC : l == TUI_LANE_STW ? GT_RS_STW : GT_RS_ASSIST;
		const struct gt_range *r = gt_model_ranges(a->m, set, &n);
		/* how to step between them: h/l move by range in these lanes */
		char keys[64] = "";
		if (n)
			snprintf(keys, sizeof keys, "  [%s/%s: previous/next]", tui_key_of(a, GT_ACTION_MOVE_LEFT),
			         tui_key_of(a, GT_ACTION_MOVE_RIGHT));
		if (!range_at(a, set, tl->cursor, &i)) {
			snprintf(buf, len, "%s: nothing at the cursor (%zu in the trace)%s", extra_names[l], n, keys);
			return buf;
		}
		tui_fmt_dur(d, sizeof d, tui_dur(r[i].start, r[i].end));
		tui_fmt_time(a, s0, sizeof s0, r[i].start);
		if (set == GT_RS_GC)
			snprintf(buf, len, "GC cycle #%zu of %zu: mark phase %s from %s%s", i + 1, n, d, s0, keys);
		else if (set == GT_RS_STW)
			snprintf(buf, len, "stop-the-world (%s) %s from %s, pause %zu of %zu%s",
			         gt_model_str(a->m, r[i].reason), d, s0, i + 1, n, keys);
		else
			snprintf(buf, len, "mark assist by G%lld, %s from %s%s", (long long)r[i].who, d, s0, keys);
		return buf;
	}
	case TUI_LANE_HEAP:
	case TUI_LANE_GOAL: {
		char h[32], g[32];
		tui_fmt_bytes(h, sizeof h, metric_at(a, GT_METRIC_HEAP_ALLOC, tl->cursor));
		tui_fmt_bytes(g, sizeof g, metric_at(a, GT_METRIC_HEAP_GOAL, tl->cursor));
		snprintf(buf, len, "heap in use %s, heap goal %s", h, g);
		return buf;
	}
	default: {
		struct gt_gcount c;
		gt_model_gcounts(a->m, tl->cursor, tl->cursor + 1, 1, &c);
		/* counts at an instant (a 1 ns window): whole numbers */
		snprintf(buf, len, "goroutines at the cursor: running %.0f, runnable %.0f, waiting %.0f, syscall %.0f",
		         c.running, c.runnable, c.waiting, c.syscall);
		return buf;
	}
	}
}

static void draw_preview(struct tui_app *a, int y, int rows);

void tui_timeline_draw(struct tui_app *a)
{
	struct tui_timeline *tl = &a->tl;
	glanes_build(a);
	clamp(a);
	int w = plot_w(a), y = tui_body_top(a);
	static struct gt_col cols[MAX_COLS];
	draw_axis(a, y++, w);
	int np = ntop(a), pr = p_rows(a);
	if (pr > np)
		pr = np;
	uint8_t *marks = NULL;
	int64_t *pids = NULL;
	if (tl->following && pr > 0 && !tl->threads) {
		marks = tui_xcalloc((size_t)pr * (size_t)w, 1);
		pids = tui_xcalloc((size_t)pr, sizeof *pids);
		for (int i = 0; i < pr; i++)
			pids[i] = tl->top + i < np ? gt_model_p(a->m, lane_p(a, tl->top + i))->id : GT_NONE;
		struct follow_ctx f = {a, marks, w, pr, pids, 0};
		gt_model_g_spans(a->m, tl->follow, tl->t0, tl->t1, follow_span, &f);
	}
	int mready = tl->threads && m_ready(a);
	for (int i = 0; i < pr; i++) {
		int lane = tl->top + i;
		if (lane < np && tl->threads) {
			char name[24];
			snprintf(name, sizeof name, "M%lld", (long long)gt_model_m(a->m, lane_m(a, lane))->id);
			draw_label(a, y + i, lane, name);
			if (mready)
				draw_m_lane(a, y + i, lane_m(a, lane), w, cols);
			else
				draw_m_unready(a, y + i, w);
		} else if (lane < np) {
			char name[24];
			snprintf(name, sizeof name, "P%lld", (long long)gt_model_p(a->m, lane_p(a, lane))->id);
			draw_label(a, y + i, lane, name);
			draw_p_lane(a, y + i, lane_p(a, lane), w, cols, marks ? marks + (size_t)i * (size_t)w : NULL);
		}
	}
	free(marks);
	free(pids);
	/* more P lanes above or below the ones shown */
	if (tl->top > 0)
		tui_put(y, LABEL_W - 2, 1, tui_attr(TUI_C_DIM), tui_glyph(TUI_G_ARROW_UP));
	if (tl->top + pr < np)
		tui_put(y + pr - 1, LABEL_W - 2, 1, tui_attr(TUI_C_DIM), tui_glyph(TUI_G_ARROW_DN));
	y += pr;
	char heap_label[32], goal_label[32];
	draw_range_lane(a, y + TUI_LANE_GC, GT_RS_GC, TUI_C_GC, w);
	draw_range_lane(a, y + TUI_LANE_STW, GT_RS_STW, TUI_C_STW, w);
	draw_range_lane(a, y + TUI_LANE_ASSIST, GT_RS_ASSIST, TUI_C_ASSIST, w);
	_Static_assert(TUI_LANE_GOAL == TUI_LANE_HEAP + 1, "the heap plot's two rows");
	draw_heap_lanes(a, y + TUI_LANE_HEAP, w, heap_label, sizeof heap_label);
	snprintf(goal_label, sizeof goal_label, "%s goal",
	         tui_glyph((unsigned char)tui_glyph(TUI_G_HLINE)[0] < 0x80 ? TUI_G_GOAL : TUI_G_HLINE));
	for (int l = 0; l < TUI_LANE__COUNT; l++)
		draw_label(a, y + l, np + l, l == TUI_LANE_HEAP ? heap_label : l == TUI_LANE_GOAL ? goal_label
		           : l == TUI_LANE_GC ? gc_label(a) : extra_names[l]);
	draw_count_lanes(a, y + TUI_LANE_RUNNING, w);
	y += TUI_LANE__COUNT;
	draw_g_lanes(a, y, w, cols);
	y += g_rows(a);
	/* the model shown is a part (a file loading, a stream): an edge where
	 * it ends, the rest of the trace beyond */
	int unloaded = a->partial && tl->t1 >= a->info.max_ts + 1 && w > 0;
	for (int r = tui_body_top(a); unloaded && r < y; r++)
		tui_put(r, LABEL_W + w - 1, 1, tui_attr(TUI_C_HEAP_GOAL), tui_glyph(TUI_G_UNLOADED));
	char buf[512];
	tui_put(y, 0, a->cols, tui_attr(tl->preview_focus ? TUI_C_SELECTED : TUI_C_TITLE), detail(a, buf, sizeof buf));
	y++;
	/* the rows the lanes leave free: what is at the cursor (its stack),
	 * then a legend on the last row */
	int last = a->rows - 2;
	int legend = last - y >= 2;
	/* the goroutine lanes' looks above it, when they are shown */
	int glegend = legend && g_rows(a) > 0 && last - y >= 4;
	draw_preview(a, y, last - y + 1 - (legend ? 2 : 0) - glegend);
	if (glegend) {
		static const char pre[] = "G lanes: "; /* when there is room */
		int lw = tui_glook_legend(buf, sizeof buf, a->cols - (int)strlen(pre));
		int x = lw + (int)strlen(pre) <= a->cols ? tui_put(last - 1, 0, a->cols, tui_attr(TUI_C_DIM), pre) : 0;
		tui_put(last - 1, x, a->cols - x, tui_attr(TUI_C_DIM), buf);
	}
	if (legend && tl->threads)
		snprintf(buf, sizeof buf, "%s%s%s%s%s%s running  %s syscall  %s holds no P  blank: holds a P, "
		         "runs nothing  G<id> func: a goroutine running  (%s: P lanes)",
		         a->partial ? tui_glyph(TUI_G_UNLOADED) : "",
		         a->partial ? " loaded so far  " : "",
		         tui_glyph(TUI_G_FULL), tui_glyph(TUI_G_DARK), tui_glyph(TUI_G_MEDIUM),
		         tui_glyph(TUI_G_LIGHT), tui_glyph(TUI_G_SYSCALL), tui_glyph(TUI_G_IDLE),
		         tui_key_of(a, GT_ACTION_TOGGLE_THREADS));
	else if (legend)
		snprintf(buf, sizeof buf, "%s%s%s%s%s%s busy part of a cell  %s GC worker  blank: idle  "
		         "G<id> func: a goroutine running",
		         a->partial ? tui_glyph(TUI_G_UNLOADED) : "",
		         a->partial ? " loaded so far  " : "",
		         tui_glyph(TUI_G_FULL), tui_glyph(TUI_G_DARK), tui_glyph(TUI_G_MEDIUM),
		         tui_glyph(TUI_G_LIGHT), tui_glyph(TUI_G_GCCELL));
	if (legend) {
		int x = 0;
		if (tl->following) { /* first: the legend may be cut */
			const struct gt_goroutine g = tui_g(a, tl->follow);
			char fb[96];
			snprintf(fb, sizeof fb, " G%lld ", (long long)g.id);
			x += tui_put(last, x, a->cols - x, tui_attr(TUI_C_FOLLOW), fb);
			snprintf(fb, sizeof fb, " followed (%s clears)   ", tui_key_of(a, GT_ACTION_FILTER_CLEAR));
			x += tui_put(last, x, a->cols - x, tui_attr(TUI_C_DIM), fb);
		}
		tui_put(last, x, a->cols - x, tui_attr(TUI_C_DIM), buf);
	}
}

static void zoom(struct tui_app *a, double f)
{
	struct tui_timeline *tl = &a->tl;
	double span = (double)(tl->t1 - tl->t0);
	double pos = (double)(tl->cursor - tl->t0) / span;
	double ns = span * f;
	double full = (double)(a->info.max_ts + 1 - a->info.min_ts);
	if (ns > full)
		ns = full;
	if (ns < MIN_SPAN)
		ns = MIN_SPAN;
	tl->t0 = tl->cursor - (int64_t)(pos * ns);
	tl->t1 = tl->t0 + (int64_t)ns;
	clamp(a);
}

static void pan(struct tui_app *a, double f)
{
	struct tui_timeline *tl = &a->tl;
	int64_t d = (int64_t)((double)(tl->t1 - tl->t0) * f);
	if (d == 0)
		d = f < 0 ? -1 : 1;
	int64_t lo = a->info.min_ts, hi = a->info.max_ts + 1;
	if (tl->t0 + d < lo)
		d = lo - tl->t0;
	if (tl->t1 + d > hi)
		d = hi - tl->t1;
	tl->t0 += d;
	tl->t1 += d;
	tl->cursor += d;
	tl->cursor_set = 1;
	clamp(a);
}

static void move_cursor(struct tui_app *a, int cols)
{
	struct tui_timeline *tl = &a->tl;
	int w = plot_w(a);
	int64_t step = (tl->t1 - tl->t0) / w;
	if (step < 1)
		step = 1;
	/* keep the cursor on column boundaries so it steps cell by cell */
	int cc = cursor_col(tl, w);
	if (cc < 0)
		cc = 0;
	int target = cc + cols;
	if (target < 0) {
		pan(a, -0.25);
		target = cursor_col(tl, w) + cols;
		if (target < 0)
			target = 0;
	} else if (target >= w) {
		pan(a, 0.25);
		target = cursor_col(tl, w) + cols;
		if (target >= w)
			target = w - 1;
	}
	tl->cursor = col_t(tl, w, target);
	tl->cursor_set = 1;
	clamp(a);
}

/* On thread mi's lane: its run at the cursor as a run on a P, its
 * syscall as its goroutine's Syscall interval, both naming the thread. */
static int m_sel(struct tui_app *a, uint32_t mi, struct tui_sel *s, const char **why)
{
	struct gt_mrun r;
	if (!m_ready(a)) {
		*why = m_unready(a);
		return 0;
	}
	if (!mrun_at(a, mi, a->tl.cursor, &r)) {
		*why = "this thread runs no goroutine at the cursor";
		return 0;
	}
	s->on_m = 1;
	s->mid = gt_model_m(a->m, mi)->id;
	s->g = r.g;
	/* the P it held then: at the run's start, or in it for a syscall
	 * (a blocking one lets its P go) */
	uint32_t pi = m_holds(a, mi, r.start);
	if (r.what == GT_MRUN_RUNNING && pi != UINT32_MAX) {
		s->kind = TUI_SEL_PSPAN;
		s->p = pi;
		s->start = r.start;
		s->end = r.end;
		return 1;
	}
	struct gt_gspan sp;
	syscall_at(a, r.g, r.start, r.start + 1, &sp);
	if (r.what != GT_MRUN_SYSCALL || sp.state != GT_GS_SYSCALL) {
		*why = "this thread's P at the cursor is unknown";
		return 0;
	}
	s->kind = TUI_SEL_GSPAN;
	s->start = sp.start;
	s->end = sp.end;
	s->state = sp.state;
	s->from = -1;
	s->reason = sp.reason;
	s->stack = sp.stack;
	s->pid = pi != UINT32_MAX ? gt_model_p(a->m, pi)->id : GT_NONE;
	return 1;
}

/* What is under the cursor in the selected lane: 1 and *s, or 0 and a
 * message saying why not. */
static int sel_at_cursor(struct tui_app *a, struct tui_sel *s, const char **why)
{
	struct tui_timeline *tl = &a->tl;
	int np = ntop(a);
	memset(s, 0, sizeof *s);
	if (tl->lane < np && tl->threads)
		return m_sel(a, lane_m(a, tl->lane), s, why);
	if (tl->lane < np) {
		struct gt_pspan ps;
		if (!pspan_at(a, lane_p(a, tl->lane), tl->cursor, &ps)) {
			*why = "nothing runs on this P at the cursor";
			return 0;
		}
		s->kind = TUI_SEL_PSPAN;
		s->p = lane_p(a, tl->lane);
		s->g = ps.g;
		s->start = ps.start;
		s->end = ps.end;
		return 1;
	}
	enum tui_lane l = (enum tui_lane)(tl->lane - np);
	if (l == TUI_LANE_GC || l == TUI_LANE_STW || l == TUI_LANE_ASSIST) {
		enum gt_range_set set = l == TUI_LANE_GC ? GT_RS_GC : l == TUI_LANE_STW ? GT_RS_STW : GT_RS_ASSIST;
		size_t i;
		if (!range_at(a, set, tl->cursor, &i)) {
			*why = "nothing in this lane at the cursor";
			return 0;
		}
		s->kind = TUI_SEL_RANGE;
		s->set = set;
		s->index = i;
		return 1;
	}
	int k = tl->lane - gl_first(a);
	if (k >= 0 && k < ngl) {
		int found = 0;
		gt_model_g_spans(a->m, gl[k], tl->cursor, tl->cursor + 1, take_gspan, &found);
		if (!found) {
			*why = "this goroutine has no state at the cursor";
			return 0;
		}
		s->kind = TUI_SEL_GSPAN;
		s->g = gl[k];
		s->start = gspan_found.start;
		s->end = gspan_found.end;
		s->state = gspan_found.state;
		s->from = -1;
		s->reason = gspan_found.reason;
		s->stack = gspan_found.stack;
		s->pid = gspan_found.p;
		return 1;
	}
	*why = "Enter opens a P, M, GC, STW, assist or goroutine lane";
	return 0;
}

static int open_at_cursor(struct tui_app *a)
{
	struct tui_sel s;
	const char *why;
	if (!sel_at_cursor(a, &s, &why)) {
		tui_status(a, "%s", why);
		return TUI_REDRAW_STATUS;
	}
	tui_open_inspector(a, &s);
	return TUI_REDRAW;
}

static int same_sel(const struct tui_sel *x, const struct tui_sel *y)
{
	return x->kind == y->kind && x->g == y->g && x->p == y->p && x->start == y->start &&
	       x->end == y->end && x->set == y->set && x->index == y->index && x->on_m == y->on_m &&
	       x->mid == y->mid;
}

/* The inspector's lines for what is at the cursor, in rows [y, y+rows):
 * built only when the selection changes, so a frame stays cheap. */
static void draw_preview(struct tui_app *a, int y, int rows)
{
	struct tui_sel s;
	const char *why;
	struct tui_inspector *pv = &a->preview;
	if (rows <= 0 || !sel_at_cursor(a, &s, &why))
		return;
	if (!pv->nlines || !same_sel(&pv->sel, &s) || tui_inspector_stale(a, pv)) {
		tui_inspector_build_into(a, pv, &s);
		pv->sel = s;
		pv->top = 0;
	}
	/* line 0 is the title, which the detail line already says; the rest
	 * scrolls (Tab gives it the keys) */
	size_t n = pv->nlines - 1;
	if (pv->top + (size_t)rows > n)
		pv->top = n > (size_t)rows ? n - (size_t)rows : 0;
	tui_inspector_draw_lines(a, pv, 1 + pv->top, y, rows, SIZE_MAX);
	if (pv->top + (size_t)rows < n) {
		char more[64];
		snprintf(more, sizeof more, " %s %zu more (%s) ", tui_glyph(TUI_G_ARROW_DN), n - pv->top - (size_t)rows,
		         a->tl.preview_focus ? "j/k" : "Tab");
		tui_put_right(y + rows - 1, 0, a->cols, tui_attr(TUI_C_DIM) | A_REVERSE, more);
	}
}

/* In the GC, STW and assist lanes h/l step from range to range (a pause
 * is often narrower than a cell: stepping by columns would miss it or
 * take hundreds of keys).  Returns 0 when the lane has no ranges. */
static int step_range(struct tui_app *a, int dir)
{
	struct tui_timeline *tl = &a->tl;
	enum tui_lane l = (enum tui_lane)(tl->lane - ntop(a));
	enum gt_range_set set = l == TUI_LANE_GC ? GT_RS_GC : l == TUI_LANE_STW ? GT_RS_STW : GT_RS_ASSIST;
	size_t n;
	const struct gt_range *r = gt_model_ranges(a->m, set, &n);
	if (!n)
		return 0;
	size_t i = gt_model_ranges_from(a->m, set, tl->cursor);
	if (dir > 0) {
		while (i < n && r[i].start <= tl->cursor)
			i++;
		if (i >= n) {
			tui_status(a, "no later %s", l == TUI_LANE_GC ? "GC cycle" : l == TUI_LANE_STW ? "pause" : "assist");
			return 1;
		}
	} else {
		/* the last one starting before the cursor */
		if (i > n)
			i = n;
		while (i > 0 && r[i - 1].start >= tl->cursor)
			i--;
		while (i < n && r[i].start < tl->cursor)
			i++;
		if (i == 0) {
			tui_status(a, "no earlier %s", l == TUI_LANE_GC ? "GC cycle" : l == TUI_LANE_STW ? "pause" : "assist");
			return 1;
		}
		i--;
	}
	tl->cursor = r[i].start;
	tl->cursor_set = 1;
	clamp(a);
	return 1;
}

static int in_range_lane(const struct tui_app *a)
{
	int l = a->tl.lane - ntop(a);
	return l == TUI_LANE_GC || l == TUI_LANE_STW || l == TUI_LANE_ASSIST;
}

/* Keys while the rows below the lanes have the focus: up and down scroll
 * them; anything else is the timeline's as usual. */
static int preview_scroll(struct tui_app *a, enum gt_action act)
{
	long d = act == GT_ACTION_MOVE_UP ? -1 : act == GT_ACTION_MOVE_DOWN ? 1
		: act == GT_ACTION_PAGE_UP || act == GT_ACTION_HALF_PAGE_UP ? -8
		: act == GT_ACTION_PAGE_DOWN || act == GT_ACTION_HALF_PAGE_DOWN ? 8 : 0;
	if (!d)
		return 0;
	long t = (long)a->preview.top + d; /* drawing keeps it in range */
	a->preview.top = t < 0 ? 0 : (size_t)t;
	return 1;
}

/* toggle-threads: the top lanes switch between Ps and Ms; the window
 * and the cursor stay, the selected top lane becomes the thread that
 * holds its P at the cursor (or the P that thread holds), a lane below
 * stays the same lane. */
static void toggle_threads(struct tui_app *a)
{
	struct tui_timeline *tl = &a->tl;
	int old = ntop(a), lane = tl->lane;
	uint32_t to = UINT32_MAX; /* the index, P or M, to select */
	if (lane < old && tl->threads) {
		to = m_holds(a, lane_m(a, lane), tl->cursor);
	} else if (lane < old) {
		uint32_t pi = lane_p(a, lane), nm = gt_model_m_count(a->m);
		for (uint32_t mi = 0; mi < nm && to == UINT32_MAX; mi++)
			if (m_holds(a, mi, tl->cursor) == pi)
				to = mi;
	}
	tl->threads = !tl->threads;
	int now = ntop(a);
	tl->top = 0;
	if (lane >= old) {
		tl->lane = lane - old + now;
	} else {
		tl->lane = 0;
		for (int l = 0; l < now && to != UINT32_MAX; l++)
			if ((tl->threads ? lane_m(a, l) : lane_p(a, l)) == to)
				tl->lane = l;
	}
	clamp(a);
	/* the first time, their build starts: a walk over every goroutine
	 * (seconds on a big trace), on a thread of its own */
	if (tl->threads && !m_ready(a))
		tui_status(a, "a lane per thread (M): %s%s", m_unready(a), tui_glyph(TUI_G_ELLIPSIS));
	else
		tui_status(a, tl->threads ? "a lane per thread (M)" : "a lane per processor (P)");
}

int tui_timeline_waiting(const struct tui_app *a)
{
	return tui_mbuild_pending(&a->mbuild);
}

/* The lanes built: shown (and said) when the timeline shows them. */
static int m_settled(struct tui_app *a)
{
	tui_mbuild_wait(&a->mbuild);
	if (!a->tl.threads)
		return 0;
	if (tui_current(a) != TUI_V_TIMELINE)
		return TUI_REDRAW;
	if (a->mbuild.rc < 0)
		tui_status(a, "%s", m_unready(a));
	else
		tui_status(a, "a lane per thread (M): built in %.1f s", a->mbuild.ms / 1e3);
	return TUI_REDRAW;
}

int tui_timeline_settled(struct tui_app *a)
{
	if (!tui_mbuild_pending(&a->mbuild) || !tui_mbuild_done(&a->mbuild))
		return 0;
	return m_settled(a);
}

int tui_timeline_settle(struct tui_app *a)
{
	return tui_mbuild_pending(&a->mbuild) ? m_settled(a) : 0;
}

int tui_timeline_action(struct tui_app *a, enum gt_action act)
{
	struct tui_timeline *tl = &a->tl;
	glanes_build(a);
	if (tl->preview_focus && preview_scroll(a, act))
		return TUI_REDRAW;
	switch (act) {
	case GT_ACTION_MOVE_LEFT:
		if (!in_range_lane(a) || !step_range(a, -1))
			move_cursor(a, -1);
		break;
	case GT_ACTION_MOVE_RIGHT:
		if (!in_range_lane(a) || !step_range(a, 1))
			move_cursor(a, 1);
		break;
	case GT_ACTION_PAN_LEFT: pan(a, -0.25); break;
	case GT_ACTION_PAN_RIGHT: pan(a, 0.25); break;
	case GT_ACTION_HALF_PAGE_UP: pan(a, -0.5); break;
	case GT_ACTION_HALF_PAGE_DOWN: pan(a, 0.5); break;
	case GT_ACTION_ZOOM_IN: zoom(a, 0.5); break;
	case GT_ACTION_ZOOM_OUT: zoom(a, 2); break;
	case GT_ACTION_ZOOM_FIT:
		tl->t0 = a->info.min_ts;
		tl->t1 = a->info.max_ts + 1;
		clamp(a);
		break;
	case GT_ACTION_MOVE_UP: tl->lane--; clamp(a); break;
	case GT_ACTION_MOVE_DOWN:
		if (tl->lane + 1 == gl_first(a) && !tl->following && ngl) {
			/* into the goroutine lanes: they hold still from now */
			uint32_t f = gl_focus(a);
			if (f != UINT32_MAX) {
				tl->following = 1;
				tl->follow = f;
				glanes_build(a);
			}
		}
		tl->lane++;
		clamp(a);
		break;
	case GT_ACTION_PIN_GOROUTINE:
		return pin_toggle(a);
	case GT_ACTION_TOGGLE_THREADS:
		toggle_threads(a);
		break;
	case GT_ACTION_PAGE_UP: tl->lane -= p_rows(a); clamp(a); break;
	case GT_ACTION_PAGE_DOWN: tl->lane += p_rows(a); clamp(a); break;
	case GT_ACTION_GOTO_FIRST:
		tl->cursor = a->info.min_ts;
		tl->cursor_set = 1;
		clamp(a);
		break;
	case GT_ACTION_GOTO_LAST:
		tl->cursor = a->info.max_ts;
		tl->cursor_set = 1;
		clamp(a);
		break;
	case GT_ACTION_OPEN_SELECTION:
		return open_at_cursor(a);
	case GT_ACTION_FILTER_CLEAR:
		if (!tl->following && !tl->npins)
			return TUI_UNHANDLED;
		tl->following = 0;
		tl->npins = 0;
		break;
	case GT_ACTION_NEXT_PANE:
	case GT_ACTION_PREV_PANE: {
		/* the P lanes, the rows below them (what the lane has at the
		 * cursor), the GC/STW/heap/count lanes, the rows below them */
		int at = (tl->lane < ntop(a) ? 0 : 2) + tl->preview_focus;
		at = (at + (act == GT_ACTION_NEXT_PANE ? 1 : 3)) % 4;
		tl->preview_focus = at & 1;
		if ((at >= 2) != (tl->lane >= ntop(a)))
			tl->lane = at < 2 ? tl->top : ntop(a);
		clamp(a);
		break;
	}
	default:
		return TUI_UNHANDLED;
	}
	return TUI_REDRAW;
}

int tui_timeline_click(struct tui_app *a, int y, int x)
{
	struct tui_timeline *tl = &a->tl;
	int w = plot_w(a), np = ntop(a), pr = p_rows(a);
	if (pr > np)
		pr = np;
	int r = y - (tui_body_top(a) + 1);
	if (r < 0 || r >= pr + TUI_LANE__COUNT)
		return 0;
	tl->lane = r < pr ? tl->top + r : np + (r - pr);
	if (x >= LABEL_W && x < LABEL_W + w) {
		tl->cursor = col_t(tl, w, x - LABEL_W);
		tl->cursor_set = 1;
	}
	clamp(a);
	return TUI_REDRAW;
}
