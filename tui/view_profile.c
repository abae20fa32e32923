/* view_profile.c: the blocking and CPU profiles (model/profile.h, the
 * figures `gtview pprof` writes) as a top-like table of functions, flat
 * and cumulative (rows with equal flat time by cumulative, as `pprof
 * -top`); Enter (or right) opens a function's callers and callees (Enter
 * on one of them goes there), Tab then the stacks through it with the
 * selected one's frames below, Tab again its waits longest first
 * (model/waits.h, the list `gtview waits` gives) where Enter opens the
 * waiting goroutine at the wait's start; Esc steps back.  f cycles the
 * kinds: net, sync, syscall, sched, cpu. */
#include "tui/app.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/profile.h"
#include "model/waits.h"
#include "tui/colors.h"
#include "tui/draw.h"
#include "tui/glyphs.h"
#include "tui/util.h"

enum mode { M_TOP, M_PEEK, M_STACKS, M_WAITS };
enum sortcol { S_FLAT, S_CUM, S_COUNT, S_NAME, S__COUNT };
static const char *const sort_names[S__COUNT] = {"flat", "cum", "count", "name"};

struct place { enum mode mode; gt_str focus; size_t sel, top; };

struct tui_profile {
	enum gt_prof_kind kind;
	int state;                 /* 0 not computed, 1 ready */
	int64_t t0, t1;            /* the window computed: the marked range,
	                              or all of the trace */
	struct gt_prof prof;
	struct gt_prof_func *funcs; size_t nfuncs;
	enum sortcol sort; int desc;
	struct place at;           /* where the view is */
	struct place hist[32]; int nhist;
	/* M_PEEK: callers, the function itself, callees; M_STACKS: records */
	struct gt_prof_func *callers, *callees; size_t ncallers, ncallees;
	struct gt_prof_func self;
	size_t *stacks; size_t nstacks;
	size_t common;             /* innermost frames all the stacks share */
	struct gt_waits waits;     /* M_WAITS: the longest WAITS_MAX */
};

#define WAITS_MAX 10000

static void free_focus(struct tui_profile *p)
{
	free(p->callers), free(p->callees), free(p->stacks);
	p->callers = p->callees = NULL;
	p->stacks = NULL;
	p->ncallers = p->ncallees = p->nstacks = 0;
	p->common = 0;
	gt_waits_free(&p->waits);
}

static void free_prof(struct tui_profile *p)
{
	free_focus(p);
	free(p->funcs);
	p->funcs = NULL;
	p->nfuncs = 0;
	gt_prof_free(&p->prof);
	p->state = 0;
}

void tui_profile_free(struct tui_app *a)
{
	if (!a->prof)
		return;
	free_prof(a->prof);
	free(a->prof);
	a->prof = NULL;
}

static const struct gt_model *sort_m;
static enum sortcol sort_col;
static int sort_desc;

static int cmp_funcs(const void *x, const void *y)
{
	const struct gt_prof_func *f = x, *g = y;
	int c = 0;
	int by_cum = (f->cum > g->cum) - (f->cum < g->cum);
	switch (sort_col) { /* equal ones by cumulative time, as pprof -top */
	case S_FLAT: c = (f->flat > g->flat) - (f->flat < g->flat); c = c ? c : by_cum; break;
	case S_CUM: c = by_cum ? by_cum : (f->flat > g->flat) - (f->flat < g->flat); break;
	case S_COUNT: c = (f->flat_n > g->flat_n) - (f->flat_n < g->flat_n); c = c ? c : by_cum; break;
	default: c = -strcmp(gt_model_str(sort_m, f->func), gt_model_str(sort_m, g->func)); break;
	}
	if (sort_desc)
		c = -c;
	return c ? c : strcmp(gt_model_str(sort_m, f->func), gt_model_str(sort_m, g->func));
}

static void sort_funcs(struct tui_app *a)
{
	struct tui_profile *p = a->prof;
	sort_m = a->m, sort_col = p->sort, sort_desc = p->desc;
	if (p->nfuncs)
		qsort(p->funcs, p->nfuncs, sizeof *p->funcs, cmp_funcs);
}

/* Row k's stack in the stacks or the waits. */
static gt_stack row_stack(const struct tui_profile *p, size_t k)
{
	return p->at.mode == M_WAITS ? gt_waits_at(&p->waits, k)->stack : p->prof.recs[p->stacks[k]].stack;
}

/* The innermost frames (by function) that all the stacks listed share. */
static size_t common_frames(struct tui_app *a, const struct tui_profile *p, size_t nrows)
{
	if (nrows < 2)
		return 0;
	const struct gt_tables *t = gt_model_tables(a->m);
	gt_stack s0 = row_stack(p, 0);
	const uint32_t *f0 = gt_stack_frames(t, s0);
	size_t n = gt_stack_depth(t, s0);
	for (size_t k = 1; k < nrows && n; k++) {
		gt_stack s = row_stack(p, k);
		const uint32_t *f = gt_stack_frames(t, s);
		size_t d = gt_stack_depth(t, s), i = 0;
		while (i < n && i < d) {
			const struct gt_frame *x = gt_frame_get(t, f0[i]), *y = gt_frame_get(t, f[i]);
			if (!x || !y || x->func != y->func)
				break;
			i++;
		}
		n = i;
	}
	return n;
}

/* The focus's figures from the function table. */
static void load_focus(struct tui_app *a)
{
	struct tui_profile *p = a->prof;
	free_focus(p);
	memset(&p->self, 0, sizeof p->self);
	p->self.func = p->at.focus;
	for (size_t i = 0; i < p->nfuncs; i++)
		if (p->funcs[i].func == p->at.focus)
			p->self = p->funcs[i];
	int r = 0;
	if (p->at.mode == M_PEEK) {
		r |= gt_prof_neighbours(a->m, &p->prof, p->at.focus, 1, &p->callers, &p->ncallers);
		r |= gt_prof_neighbours(a->m, &p->prof, p->at.focus, 0, &p->callees, &p->ncallees);
	} else if (p->at.mode == M_STACKS) {
		r |= gt_prof_stacks(a->m, &p->prof, p->at.focus, &p->stacks, &p->nstacks);
		p->common = common_frames(a, p, p->nstacks);
	} else if (p->at.mode == M_WAITS && p->kind != GT_PROF_CPU) {
		r |= gt_waits_list(a->m, p->kind, p->t0, p->t1, p->at.focus, WAITS_MAX, &p->waits);
		p->common = common_frames(a, p, p->waits.n);
	}
	if (r)
		tui_die("out of memory");
}

static void compute(struct tui_app *a)
{
	struct tui_profile *p = a->prof;
	free_prof(p);
	tui_range_window(a, &p->t0, &p->t1);
	if (gt_prof_compute(a->m, p->kind, p->t0, p->t1, &p->prof) < 0 ||
	    gt_prof_funcs(a->m, &p->prof, &p->funcs, &p->nfuncs) < 0)
		tui_die("out of memory");
	sort_funcs(a);
	p->state = 1;
	p->at = (struct place){M_TOP, 0, 0, 0};
	p->nhist = 0;
}

static struct tui_profile *prof_of(struct tui_app *a)
{
	if (!a->prof) {
		a->prof = tui_xcalloc(1, sizeof *a->prof);
		a->prof->kind = GT_PROF_SYNC;
		a->prof->sort = S_FLAT;
		a->prof->desc = 1;
	}
	/* a range marked or cleared since: the profile of what is marked now */
	if (!a->prof->state || tui_range_moved(a, a->prof->t0, a->prof->t1))
		compute(a);
	return a->prof;
}

/* Rows of the current mode's list. */
static size_t nrows(const struct tui_profile *p)
{
	switch (p->at.mode) {
	case M_PEEK: return p->ncallers + 1 + p->ncallees;
	case M_STACKS: return p->nstacks;
	case M_WAITS: return p->waits.n;
	default: return p->nfuncs;
	}
}

static int list_rows(const struct tui_app *a)
{
	int r = tui_body_rows(a) - 2;
	if (a->prof && (a->prof->at.mode == M_STACKS || a->prof->at.mode == M_WAITS))
		r = r / 2 > 3 ? r / 2 : r; /* the frames of the selected stack below */
	return r;
}

static const char *func_name(const struct tui_app *a, gt_str f)
{
	const char *s = gt_model_str(a->m, f);
	return *s ? s : "(unknown)";
}

static double pct(int64_t v, int64_t total)
{
	return total ? 100.0 * (double)v / (double)total : 0.0;
}

static const char *noun(enum gt_prof_kind k)
{
	return k == GT_PROF_CPU ? "samples" : k == GT_PROF_SCHED ? "delays" : "waits";
}

/* One table row: flat, flat%, cum, cum%, count, then text. */
static void draw_row(struct tui_app *a, int y, int sel, const struct gt_prof_func *f,
                     int64_t total, int show_flat, const char *lead, const char *text)
{
	int base = sel ? tui_attr(TUI_C_SELECTED) : 0;
	if (sel)
		tui_fill(y, 0, a->cols, base, " ");
	char fl[32], cu[32], cols[160];
	tui_fmt_dur(fl, sizeof fl, f->flat);
	tui_fmt_dur(cu, sizeof cu, f->cum);
	if (show_flat)
		snprintf(cols, sizeof cols, "%s%9s %5.1f%% %9s %5.1f%% %8llu  ", sel ? ">" : " ", fl,
		         pct(f->flat, total), cu, pct(f->cum, total), (unsigned long long)f->cum_n);
	else
		snprintf(cols, sizeof cols, "%s%9s %6s %9s %5.1f%% %8llu  ", sel ? ">" : " ", "", "", cu,
		         pct(f->cum, total), (unsigned long long)f->cum_n);
	int x = tui_put(y, 0, a->cols, base, cols);
	x += tui_put(y, x, a->cols - x, base | tui_attr(TUI_C_DIM), lead);
	tui_put(y, x, a->cols - x, sel ? base : tui_attr(TUI_C_FUNC), text);
}

/* A stack's functions on one line, innermost first ("a < b < c"); when
 * they do not fit, the `skip` innermost ones that every row shares go
 * ("+3 < d < e"), so that the frames that tell the rows apart show. */
static void draw_frames(struct tui_app *a, int y, int x, int attr, gt_stack st, size_t skip)
{
	const struct gt_tables *t = gt_model_tables(a->m);
	const uint32_t *fr = gt_stack_frames(t, st);
	size_t d = gt_stack_depth(t, st), from = 0;
	if (!d)
		tui_put(y, x, a->cols - x, tui_attr(TUI_C_DIM), "(no stack)");
	if (skip && skip < d) {
		int w = 0;
		for (size_t i = 0; i < d; i++) {
			const struct gt_frame *f = gt_frame_get(t, fr[i]);
			w += tui_width(func_name(a, f ? f->func : 0)) + (i ? 3 : 0);
		}
		if (x + w > a->cols) {
			char lead[32];
			snprintf(lead, sizeof lead, "+%zu < ", skip);
			x += tui_put(y, x, a->cols - x, tui_attr(TUI_C_DIM), lead);
			from = skip;
		}
	}
	for (size_t i = from; i < d && x < a->cols; i++) {
		const struct gt_frame *f = gt_frame_get(t, fr[i]);
		if (i > from)
			x += tui_put(y, x, a->cols - x, tui_attr(TUI_C_DIM), " < ");
		x += tui_put(y, x, a->cols - x, attr, func_name(a, f ? f->func : 0));
	}
}

/* One wait: duration, start, goroutine, waker, reason, stack. */
static void draw_wait(struct tui_app *a, int y, int sel, const struct gt_wait *w, size_t common)
{
	int base = sel ? tui_attr(TUI_C_SELECTED) : 0;
	if (sel)
		tui_fill(y, 0, a->cols, base, " ");
	char d[32], st[32], by[32];
	tui_fmt_dur(d, sizeof d, w->ns);
	tui_fmt_time(a, st, sizeof st, w->start);
	if (w->by_g == GT_NONE)
		snprintf(by, sizeof by, "-");
	else
		snprintf(by, sizeof by, "G%lld", (long long)w->by_g);
	int x = tui_printf(y, 0, a->cols, base, "%s%10s %14s  G%-9lld %9s  %-14.14s  ", sel ? ">" : " ", d, st,
	                   (long long)gt_model_g_id(a->m, w->gi), by, gt_model_str(a->m, w->reason));
	draw_frames(a, y, x, sel ? base : tui_attr(TUI_C_FUNC), w->stack, common);
}

static void draw_label(struct tui_app *a, int y, const char *s)
{
	tui_put(y, 2, a->cols - 2, tui_attr(TUI_C_DIM), s);
}

void tui_profile_draw(struct tui_app *a)
{
	struct tui_profile *p = prof_of(a);
	int y = tui_body_top(a);
	char title[512], tot[32];
	tui_fmt_dur(tot, sizeof tot, p->prof.ns);
	const char *kind = gt_prof_kind_name(p->kind);
	if (p->at.mode == M_TOP)
		snprintf(title, sizeof title, "%s profile: %llu %s, %s in all%s; by function, sorted by %s",
		         kind, (unsigned long long)p->prof.count, noun(p->kind), tot, tui_so_far(a),
		         sort_names[p->sort]);
	else if (p->at.mode == M_WAITS) {
		char wt[32];
		tui_fmt_dur(wt, sizeof wt, p->waits.ns);
		snprintf(title, sizeof title, "%s profile (%s in all%s): %llu %s through %s, %s, longest first%s",
		         kind, tot, tui_so_far(a), (unsigned long long)p->waits.count, noun(p->kind),
		         p->at.focus ? func_name(a, p->at.focus) : "any function", wt,
		         p->waits.n < p->waits.count ? " (the first 10000)" : "");
	} else
		snprintf(title, sizeof title, "%s profile (%s in all%s): %s %s", kind, tot, tui_so_far(a),
		         p->at.mode == M_PEEK ? "callers and callees of" : "stacks through",
		         p->at.focus ? func_name(a, p->at.focus) : "any function");
	char rng[80];
	if (tui_range_text(a, rng, sizeof rng, p->t0, p->t1)) { /* m on the timeline */
		size_t tl = strlen(title);
		snprintf(title + tl, sizeof title - tl, "; in %s", rng);
	}
	tui_put(y++, 0, a->cols, tui_attr(TUI_C_TITLE), title);
	const char *hdr = p->at.mode == M_STACKS ? "       time      %    count  stack, innermost function first"
	                  : p->at.mode == M_WAITS ? "   duration          start  goroutine   woken by  reason          stack"
	                                         : "       flat  flat%       cum   cum%    count  function";
	tui_put(y++, 0, a->cols, tui_attr(TUI_C_DIM) | A_UNDERLINE, hdr);
	size_t n = nrows(p);
	int rows = list_rows(a);
	if (p->at.sel >= n)
		p->at.sel = n ? n - 1 : 0;
	if (p->at.sel < p->at.top)
		p->at.top = p->at.sel;
	if (p->at.sel >= p->at.top + (size_t)rows)
		p->at.top = p->at.sel - (size_t)rows + 1;
	if (!n) {
		size_t ns;
		gt_model_samples(a->m, &ns);
		if (p->at.mode == M_WAITS && p->kind == GT_PROF_CPU)
			snprintf(title, sizeof title, "CPU samples are not waits: f for a kind of wait");
		else if (p->kind == GT_PROF_CPU && !ns)
			snprintf(title, sizeof title, "no CPU samples: the program did not run the CPU "
			         "profiler during the trace (f: another kind)");
		else
			snprintf(title, sizeof title, "no %s %s (f: another kind)", noun(p->kind),
			         p->prof.count ? "here" : a->range.set ? "in the marked range" : "in this trace");
		draw_label(a, y, title);
		return;
	}
	for (int i = 0; i < rows && p->at.top + (size_t)i < n; i++) {
		size_t k = p->at.top + (size_t)i;
		int sel = k == p->at.sel;
		if (p->at.mode == M_TOP) {
			draw_row(a, y + i, sel, &p->funcs[k], p->prof.ns, 1, "", func_name(a, p->funcs[k].func));
		} else if (p->at.mode == M_PEEK) {
			if (k < p->ncallers)
				draw_row(a, y + i, sel, &p->callers[k], p->prof.ns, 0, "caller  ",
				         func_name(a, p->callers[k].func));
			else if (k == p->ncallers)
				draw_row(a, y + i, sel, &p->self, p->prof.ns, 1, "", func_name(a, p->self.func));
			else
				draw_row(a, y + i, sel, &p->callees[k - p->ncallers - 1], p->prof.ns, 0,
				         "  callee  ", func_name(a, p->callees[k - p->ncallers - 1].func));
		} else if (p->at.mode == M_WAITS) {
			draw_wait(a, y + i, sel, gt_waits_at(&p->waits, k), p->common);
		} else {
			const struct gt_prof_rec *r = &p->prof.recs[p->stacks[k]];
			int base = sel ? tui_attr(TUI_C_SELECTED) : 0;
			if (sel)
				tui_fill(y + i, 0, a->cols, base, " ");
			char d[32];
			tui_fmt_dur(d, sizeof d, r->ns);
			int x = tui_printf(y + i, 0, a->cols, base, "%s%10s %5.1f%% %8llu  ", sel ? ">" : " ", d,
			                   pct(r->ns, p->prof.ns), (unsigned long long)r->count);
			draw_frames(a, y + i, x, sel ? base : tui_attr(TUI_C_FUNC), r->stack, p->common);
		}
	}
	if (p->at.mode == M_STACKS || p->at.mode == M_WAITS) {
		int sy = y + rows;
		int left = tui_body_top(a) + tui_body_rows(a) - sy;
		if (left > 1) {
			tui_put(sy, 0, a->cols, tui_attr(TUI_C_DIM) | A_UNDERLINE, p->at.mode == M_WAITS
			        ? " the wait's stack, innermost first (Enter: the goroutine at its start)"
			        : " stack, innermost first");
			tui_draw_stack(a, sy + 1, left - 1, p->at.mode == M_WAITS ? gt_waits_at(&p->waits, p->at.sel)->stack
			               : p->prof.recs[p->stacks[p->at.sel]].stack, 0);
		}
	}
}

/* Opens mode m for function f, remembering where the view was. */
static void go(struct tui_app *a, enum mode m, gt_str f)
{
	struct tui_profile *p = a->prof;
	if (p->nhist == (int)(sizeof p->hist / sizeof p->hist[0])) {
		memmove(p->hist, p->hist + 1, sizeof p->hist - sizeof p->hist[0]);
		p->nhist--;
	}
	p->hist[p->nhist++] = p->at;
	p->at = (struct place){m, f, 0, 0};
	load_focus(a);
	if (m == M_PEEK) /* start on the function itself, callers above */
		p->at.sel = p->ncallers;
}

/* The function of the selected row (0 none). */
static gt_str selected_func(const struct tui_app *a)
{
	const struct tui_profile *p = a->prof;
	size_t k = p->at.sel;
	if (k >= nrows(p))
		return 0;
	switch (p->at.mode) {
	case M_TOP: return p->funcs[k].func;
	case M_PEEK:
		return k < p->ncallers ? p->callers[k].func : k == p->ncallers ? p->self.func
		       : p->callees[k - p->ncallers - 1].func;
	case M_WAITS: return p->at.focus;
	default: return gt_model_stack_top_func(a->m, p->prof.recs[p->stacks[k]].stack);
	}
}

int tui_profile_action(struct tui_app *a, enum gt_action act)
{
	struct tui_profile *p = prof_of(a);
	long d;
	int rows = list_rows(a);
	if (tui_list_step(act, rows, nrows(p), &d)) {
		p->at.sel = tui_move_sel(p->at.sel, d, nrows(p));
		return TUI_REDRAW;
	}
	switch (act) {
	case GT_ACTION_FILTER_STATE: /* the next kind of profile, in enum order */
		p->kind = (enum gt_prof_kind)((p->kind + 1) % GT_PROF__COUNT);
		compute(a);
		tui_status(a, "%s profile (f: net, sync, syscall, sched, cpu)", gt_prof_kind_name(p->kind));
		return TUI_REDRAW;
	case GT_ACTION_SORT_NEXT:
	case GT_ACTION_SORT_REVERSE:
		if (p->at.mode != M_TOP)
			return TUI_REDRAW_STATUS;
		if (act == GT_ACTION_SORT_NEXT) {
			p->sort = (enum sortcol)((p->sort + 1) % S__COUNT);
			p->desc = p->sort != S_NAME;
		} else {
			p->desc = !p->desc;
		}
		sort_funcs(a);
		p->at.sel = p->at.top = 0;
		tui_status(a, "sorted by %s", sort_names[p->sort]);
		return TUI_REDRAW;
	case GT_ACTION_OPEN_SELECTION:
	case GT_ACTION_MOVE_RIGHT:
	case GT_ACTION_NEXT_PANE: {
		if (p->state != 1)
			return TUI_REDRAW_STATUS;
		if (act == GT_ACTION_NEXT_PANE && p->at.mode != M_TOP) {
			/* a function's pages in turn: callers and callees, stacks, waits */
			enum mode next = p->at.mode == M_PEEK ? M_STACKS : p->at.mode == M_STACKS ? M_WAITS : M_PEEK;
			if (next == M_WAITS && p->kind == GT_PROF_CPU)
				next = M_PEEK;
			go(a, next, p->at.focus);
			return TUI_REDRAW;
		}
		if (!nrows(p))
			return TUI_REDRAW_STATUS;
		if (p->at.mode == M_WAITS) {
			const struct gt_wait *w = gt_waits_at(&p->waits, p->at.sel);
			return tui_jump_to(a, w->gi, w->start);
		}
		gt_str f = selected_func(a);
		if (act == GT_ACTION_NEXT_PANE || (p->at.mode == M_PEEK && f == p->at.focus))
			go(a, M_STACKS, f);
		else
			go(a, M_PEEK, f);
		return TUI_REDRAW;
	}
	case GT_ACTION_GO_BACK:
		if (!p->nhist)
			return TUI_UNHANDLED;
		p->at = p->hist[--p->nhist];
		load_focus(a);
		return TUI_REDRAW;
	default:
		return TUI_UNHANDLED;
	}
}

int tui_profile_click(struct tui_app *a, int y, int x)
{
	(void)x;
	struct tui_profile *p = prof_of(a);
	int r = y - (tui_body_top(a) + 2);
	if (r < 0 || r >= list_rows(a) || p->at.top + (size_t)r >= nrows(p))
		return 0;
	p->at.sel = p->at.top + (size_t)r;
	return TUI_REDRAW;
}
