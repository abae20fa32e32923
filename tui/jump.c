/* jump.c: following causes through the trace.  Who woke or created a
 * goroutine (the model's histories, read from the moment asked:
 * gt_model_g_transitions_from, gt_model_g_last_cause), jumps to a
 * goroutine at a moment, and the history of jumps that go-back walks
 * back, across views, as a browser's back button does. */
#include "tui/app.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "tui/util.h"

/* What a jump leaves, to come back to. */
struct tui_jump {
	enum tui_view_id stack[16];
	int depth, after;       /* view stack; its depth right after the jump */
	uint32_t gd_g;          /* the goroutine view's */
	size_t gd_sel, gd_top;
	int gd_pane;
	struct tui_timeline tl; /* the timeline's window and cursor */
	struct tui_sel insp;    /* the inspector's selection and line */
	size_t insp_cur, insp_top;
};
#define MAX_JUMPS 64

struct find_cause {
	int64_t t;
	int state;              /* the transition at t into state (-1: the
	                           last one with a cause at or before t, not
	                           through find_cause) */
	struct gt_gtrans found;
	int ok;
};

static int find_cause(void *ctx, const struct gt_gtrans *tr)
{
	struct find_cause *f = ctx;
	if (tr->ts > f->t)
		return 1;
	if (tr->ts == f->t && tr->to == f->state) {
		f->found = *tr;
		f->ok = 1;
	}
	return 0;
}

int tui_cause_find(const struct tui_app *a, uint32_t gi, int64_t t, int state, struct gt_gtrans *out)
{
	/* the last answer again: views ask at every frame */
	static const struct gt_model *lm;
	static uint32_t lgi;
	static int64_t lt;
	static int lstate;
	static struct find_cause last;
	if (lm != a->m || lgi != gi || lt != t || lstate != state) {
		struct find_cause f = {t, state, {0}, 0};
		if (state >= 0) /* the transition at t: read from there on */
			gt_model_g_transitions_from(a->m, gi, t, find_cause, &f);
		else /* the last cause at or before t: read back to it */
			f.ok = gt_model_g_last_cause(a->m, gi, t, &f.found);
		last = f;
		lm = a->m;
		lgi = gi;
		lt = t;
		lstate = state;
	}
	if (!last.ok || last.found.by_g == GT_NONE)
		return 0;
	*out = last.found;
	return 1;
}

/* The transition at t into state, when it ends a wait no goroutine
 * ended: the wait's reason, kept from the transition that began it. */
struct find_wake { int64_t t; int state; gt_str reason; int found; };

static int find_wake(void *ctx, const struct gt_gtrans *tr)
{
	struct find_wake *f = ctx;
	if (tr->to == GT_GS_WAITING && (tr->from != GT_GS_WAITING || !f->reason))
		f->reason = tr->reason;
	if (tr->ts < f->t)
		return 0;
	f->found = tr->ts == f->t && tr->to == f->state && tr->from == GT_GS_WAITING &&
	           tr->to == GT_GS_RUNNABLE && tr->by_g == GT_NONE;
	return 1;
}

int tui_waker_text(const struct tui_app *a, uint32_t gi, int64_t t, int state, char *buf, size_t n)
{
	if (state != GT_GS_RUNNABLE)
		return 0;
	struct find_wake f = {t, state, 0, 0};
	gt_model_g_transitions(a->m, gi, find_wake, &f);
	if (!f.found)
		return 0;
	snprintf(buf, n, "%s", gt_waker_text(gt_waker_of(gt_model_str(a->m, f.reason))));
	return 1;
}

void tui_cause_text(const struct tui_app *a, const struct gt_gtrans *tr, char *buf, size_t n)
{
	char fr[512], t[32];
	uint32_t bi = gt_model_g_find(a->m, tr->by_g);
	struct gt_goroutine g = tui_g(a, bi);
	tui_fmt_time(a, t, sizeof t, tr->ts);
	gt_report_frame(fr, sizeof fr, a->m, tr->by_stack);
	snprintf(buf, n, "%s by G%lld %s at %s%s%s", gt_report_cause(tr), (long long)tr->by_g,
	         bi != UINT32_MAX ? tui_g_func(a, &g) : "?", *fr ? fr : t, *fr ? ", " : "",
	         *fr ? t : "");
}

static void snap(struct tui_app *a, struct tui_jump *j)
{
	memcpy(j->stack, a->stack, sizeof j->stack);
	j->depth = a->depth;
	j->gd_g = a->gd.g;
	j->gd_sel = a->gd.sel;
	j->gd_top = a->gd.top;
	j->gd_pane = a->gd.pane;
	j->tl = a->tl;
	j->insp = a->insp.sel;
	j->insp_cur = a->insp.cur;
	j->insp_top = a->insp.top;
}

int tui_jump_to(struct tui_app *a, uint32_t gi, int64_t t)
{
	if (gi >= gt_model_g_count(a->m))
		return TUI_REDRAW_STATUS;
	if (!a->jumps)
		a->jumps = tui_xcalloc(MAX_JUMPS, sizeof *a->jumps);
	if (a->njumps == MAX_JUMPS) { /* the oldest goes */
		memmove(a->jumps, a->jumps + 1, (MAX_JUMPS - 1) * sizeof *a->jumps);
		a->njumps--;
	}
	struct tui_jump *j = &a->jumps[a->njumps++];
	snap(a, j);
	char tb[32] = "its start";
	if (t != INT64_MIN) {
		/* the goroutine view opens at the interval at t */
		a->tl.cursor = t;
		a->tl.cursor_set = 1;
		if (t < a->tl.t0 || t >= a->tl.t1) { /* the timeline's window follows */
			int64_t w = a->tl.t1 - a->tl.t0;
			a->tl.t0 = t - w / 2;
			a->tl.t1 = a->tl.t0 + w;
		}
		tui_fmt_time(a, tb, sizeof tb, t);
	}
	int had = a->tl.cursor_set;
	if (t == INT64_MIN)
		a->tl.cursor_set = 0;
	tui_open_goroutine(a, gi);
	a->tl.cursor_set = had;
	j->after = a->depth;
	tui_status(a, "G%lld at %s (%s: back)", (long long)gt_model_g_id(a->m, gi), tb,
	           tui_key_of(a, GT_ACTION_GO_BACK));
	return TUI_REDRAW;
}

int tui_jump_back(struct tui_app *a)
{
	if (!a->njumps || a->depth > a->jumps[a->njumps - 1].after)
		return 0;
	const struct tui_jump *j = &a->jumps[--a->njumps];
	memcpy(a->stack, j->stack, sizeof a->stack);
	a->depth = j->depth;
	tui_goroutine_load(a, j->gd_g);
	if (j->gd_sel < a->gd.nspans)
		a->gd.sel = j->gd_sel;
	a->gd.top = j->gd_top;
	a->gd.pane = j->gd_pane;
	uint32_t *porder = a->tl.porder, *morder = a->tl.morder; /* the timeline's own, not the copy's */
	a->tl = j->tl;
	a->tl.porder = porder;
	a->tl.morder = morder;
	for (int i = 0; i < a->depth; i++)
		if (a->stack[i] == TUI_V_INSPECTOR) {
			a->insp.sel = j->insp;
			tui_inspector_build(a);
			a->insp.cur = j->insp_cur < a->insp.nlines ? j->insp_cur : 0;
			a->insp.top = j->insp_top;
		}
	tui_status(a, "back");
	return 1;
}

void tui_jumps_free(struct tui_app *a)
{
	free(a->jumps);
	a->jumps = NULL;
	a->njumps = 0;
}

/* The selection of the current view, as (goroutine, time, state): the
 * transition whose cause to follow (state -1: the last cause at or
 * before the time). */
static int current_point(struct tui_app *a, uint32_t *gi, int64_t *t, int *state)
{
	const struct tui_sel *s = NULL;
	switch (tui_current(a)) {
	case TUI_V_GOROUTINE:
		if (!a->gd.nspans)
			return 0;
		*gi = a->gd.g;
		*t = a->gd.spans[a->gd.sel].start;
		*state = a->gd.spans[a->gd.sel].state;
		return 1;
	case TUI_V_INSPECTOR:
		s = &a->insp.sel;
		break;
	case TUI_V_TIMELINE:
		s = &a->preview.sel;
		break;
	case TUI_V_GOROUTINES: {
		if (a->gl.dirty || a->gl.by_func || a->gl.sel >= a->gl.nrows)
			return 0;
		uint32_t row = tui_goroutines_row(a, a->gl.sel);
		if (row & TUI_GROW_GROUP)
			return 0;
		*gi = row;
		*t = INT64_MAX;
		*state = -1;
		return 1;
	}
	default:
		return 0;
	}
	switch (s->kind) {
	case TUI_SEL_GSPAN:
		*gi = s->g;
		*t = s->start;
		*state = s->state;
		return 1;
	case TUI_SEL_PSPAN: /* running: who made it runnable before */
		*gi = s->g;
		*t = s->start;
		*state = -1;
		return 1;
	case TUI_SEL_GOROUTINE:
		*gi = s->g;
		*t = INT64_MAX;
		*state = -1;
		return 1;
	default:
		return 0;
	}
}

int tui_jump_cause(struct tui_app *a)
{
	/* an inspector line naming a goroutine at a time: there */
	if (tui_current(a) == TUI_V_INSPECTOR && a->insp.nlines && a->insp.line_t &&
	    a->insp.line_t[a->insp.cur] != INT64_MIN && a->insp.line_g[a->insp.cur] != UINT32_MAX)
		return tui_jump_to(a, a->insp.line_g[a->insp.cur], a->insp.line_t[a->insp.cur]);
	uint32_t gi;
	int64_t t;
	int state;
	struct gt_gtrans tr;
	if (!current_point(a, &gi, &t, &state)) {
		tui_status(a, "no goroutine transition selected");
		return TUI_REDRAW_STATUS;
	}
	if (!tui_cause_find(a, gi, t, state, &tr)) {
		char wk[64];
		if (tui_waker_text(a, gi, t, state, wk, sizeof wk))
			tui_status(a, "G%lld was woken %s: no goroutine to go to",
			           (long long)gt_model_g_id(a->m, gi), wk);
		else
			tui_status(a, "no other goroutine caused this (G%lld)",
			           (long long)gt_model_g_id(a->m, gi));
		return TUI_REDRAW_STATUS;
	}
	uint32_t bi = gt_model_g_find(a->m, tr.by_g);
	if (bi == UINT32_MAX) {
		tui_status(a, "G%lld has no events in the trace", (long long)tr.by_g);
		return TUI_REDRAW_STATUS;
	}
	return tui_jump_to(a, bi, tr.ts);
}

int tui_list_caused(struct tui_app *a)
{
	uint32_t gi;
	int64_t t;
	int state;
	if (!current_point(a, &gi, &t, &state)) {
		tui_status(a, "no goroutine selected");
		return TUI_REDRAW_STATUS;
	}
	struct tui_sel sel;
	memset(&sel, 0, sizeof sel);
	sel.kind = TUI_SEL_GOROUTINE;
	sel.g = gi;
	tui_open_inspector(a, &sel);
	/* at its list of what it woke and created */
	for (size_t i = 0; i < a->insp.nlines; i++)
		if (!strncmp(a->insp.lines[i], "Woke and created", 16)) {
			a->insp.cur = i + 1 < a->insp.nlines ? i + 1 : i;
			a->insp.top = i;
			break;
		}
	return TUI_REDRAW;
}

uint32_t tui_find_goroutine_text(const struct tui_app *a, const char *text, int bare)
{
	const char *p = text;
	while (*p == ' ')
		p++;
	int prefixed = *p == 'g' || *p == 'G';
	if (prefixed)
		p++;
	else if (!bare)
		return UINT32_MAX;
	if (!isdigit((unsigned char)*p))
		return UINT32_MAX;
	char *e;
	long long id = strtoll(p, &e, 10);
	while (*e == ' ')
		e++;
	if (*e)
		return UINT32_MAX;
	return gt_model_g_find(a->m, id);
}
