/* view_search.c: the search bar and its results (issue 31).  While the
 * bar is open the list shows the strings the text matches (gt_text_in:
 * smart case), their number in the title, updated as you type.  Enter
 * searches the whole trace (gt_model_find, on a thread: search_find.h)
 * and shows the results: the counts per kind, the matching strings, the
 * goroutines with their counts of matching events, then the events in
 * time order.  Enter on a result opens it; n / N, from any view, step
 * through the matching events in time order on the timeline, whose
 * goroutine lanes highlight the cells holding matches.  A goroutine's
 * name ("G123", "g123", "#123") opens that goroutine instead. */
#include "tui/app.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "report/report.h"
#include "tui/colors.h"
#include "tui/draw.h"
#include "tui/util.h"

static const struct tui_app *rank_app;
static const char *rank_text;

/* Exact match first, then names ending in ".TEXT" (a function), then
 * prefixes, then the rest; shorter first within each. */
static int rank(const char *s)
{
	size_t n = strlen(s), t = strlen(rank_text);
	if (!strcasecmp(s, rank_text))
		return 0;
	if (n > t && s[n - t - 1] == '.' && !strcasecmp(s + n - t, rank_text))
		return 1;
	if (!strncasecmp(s, rank_text, t))
		return 2;
	return 3;
}

static int cmp_match(const void *x, const void *y)
{
	gt_str p = *(const gt_str *)x, q = *(const gt_str *)y;
	const char *s = gt_model_str(rank_app->m, p), *t = gt_model_str(rank_app->m, q);
	int c = rank(s) - rank(t);
	if (c)
		return c;
	size_t a = strlen(s), b = strlen(t);
	if (a != b)
		return a < b ? -1 : 1;
	return (p > q) - (p < q);
}

void tui_search_update(struct tui_app *a)
{
	struct tui_search *sr = &a->search;
	sr->nmatches = 0;
	sr->msel = sr->mtop = 0;
	sr->results = 0;
	if (!sr->text[0]) {
		sr->matched[0] = 0;
		return;
	}
	const struct gt_tables *t = gt_model_tables(a->m);
	size_t tn = strlen(sr->text);
	int fold = gt_text_fold(sr->text, tn);
	/* typed on (the text before is in it, same case rule): the strings
	 * that matched before, fewer */
	if (sr->matched[0] && strstr(sr->text, sr->matched) &&
	    fold == gt_text_fold(sr->matched, strlen(sr->matched))) {
		for (size_t i = 0; i < sr->nmatched; i++)
			if (gt_text_in(gt_str_get(t, sr->matches[i]), gt_str_len(t, sr->matches[i]), sr->text,
			               tn, fold))
				sr->matches[sr->nmatches++] = sr->matches[i];
	} else {
		struct gt_find_strs fs;
		if (gt_model_find_strings(a->m, sr->text, tn, &fs) < 0)
			tui_die("out of memory");
		free(sr->matches);
		sr->matches = fs.v;
		sr->nmatches = fs.n;
	}
	snprintf(sr->matched, sizeof sr->matched, "%s", sr->text);
	sr->nmatched = sr->nmatches;
	rank_app = a;
	rank_text = sr->text;
	if (sr->nmatches > 1)
		qsort(sr->matches, sr->nmatches, sizeof *sr->matches, cmp_match);
}

void tui_search_free(struct tui_app *a)
{
	tui_find_free(&a->search.find);
	free(a->search.matches);
	a->search.matches = NULL;
	a->search.nmatches = a->search.nmatched = 0;
	a->search.matched[0] = 0;
}

/* The results when they are there, else NULL. */
static const struct gt_find_result *ready(struct tui_app *a)
{
	struct tui_find *f = &a->search.find;
	return tui_find_ready(f) && f->rc == 0 ? &f->r : NULL;
}

/* running, or done and not drawn yet */
int tui_search_waiting(const struct tui_app *a) { return tui_find_pending(&a->search.find); }

static int settled(struct tui_app *a, int wait)
{
	struct tui_find *f = &a->search.find;
	if (!tui_find_pending(f) || (tui_find_busy(f) && !wait))
		return 0;
	tui_find_wait(f);
	if (f->rc < 0)
		tui_status(a, "search: out of memory");
	return TUI_REDRAW;
}

int tui_search_settled(struct tui_app *a) { return settled(a, 0); }
int tui_search_settle(struct tui_app *a) { return settled(a, 1); }

int tui_search_choose(struct tui_app *a)
{
	struct tui_search *sr = &a->search;
	/* a goroutine id: G39, g39, #39, or 39 when no string has it */
	const char *gt = sr->text[0] == '#' ? sr->text + 1 : sr->text;
	uint32_t gi = tui_find_goroutine_text(a, gt, !sr->nmatches || gt != sr->text);
	if (gi != UINT32_MAX) {
		if (tui_current(a) == TUI_V_SEARCH)
			tui_pop(a);
		return tui_jump_to(a, gi, INT64_MIN);
	}
	if (!sr->text[0]) {
		if (tui_current(a) == TUI_V_SEARCH)
			tui_pop(a);
		tui_status(a, "search: no text");
		return TUI_REDRAW;
	}
	tui_find_start(&sr->find, a->m, sr->text);
	sr->rsel = sr->rtop = 0;
	sr->results = 1;
	sr->stepped = sr->moved = 0;
	if (tui_current(a) != TUI_V_SEARCH)
		tui_push(a, TUI_V_SEARCH);
	if (a->term.headless) /* scripted keys: what they see is settled */
		tui_search_settle(a);
	return TUI_REDRAW;
}

/* The results' rows: the strings, the goroutines, then the events (only
 * the strings while the rest is being counted). */
static size_t nresults(struct tui_app *a, size_t *nstr, size_t *ng)
{
	const struct gt_find_result *r = ready(a);
	*nstr = a->search.nmatches;
	*ng = r ? r->ngs : 0;
	return *nstr + *ng + (r ? r->nev : 0);
}

/* The timeline at event i of the results, its goroutine followed. */
static void show_event(struct tui_app *a, size_t i)
{
	const struct gt_fevent *e = &a->search.find.r.ev[i];
	struct tui_timeline *tl = &a->tl;
	while (tui_current(a) != TUI_V_TIMELINE && a->depth > 1)
		tui_pop(a);
	tui_switch(a, TUI_V_TIMELINE);
	if (e->ts < tl->t0 || e->ts >= tl->t1 || tl->t1 <= tl->t0) {
		int64_t half = tl->t1 > tl->t0 ? (tl->t1 - tl->t0) / 2 : 1000000;
		tui_timeline_show(a, e->ts - half / 2, e->ts + half / 2, -1);
	}
	tl->cursor = e->ts;
	tl->cursor_set = 1;
	if (e->gi != UINT32_MAX)
		tui_timeline_follow(a, e->gi, GT_NONE);
	a->search.ecur = i;
	a->search.stepped = 1;
}

static void event_text(struct tui_app *a, const struct gt_fevent *e, char *buf, size_t len)
{
	char t[32], g[32] = "-", what[64] = "", m[300] = "";
	tui_fmt_time(a, t, sizeof t, e->ts);
	if (e->gi != UINT32_MAX)
		snprintf(g, sizeof g, "G%lld", (long long)gt_model_g_id(a->m, e->gi));
	if (e->kind == GT_FK_TRANSITION)
		snprintf(what, sizeof what, "%s->%s", gt_gostate_name((enum gt_gostate)e->from),
		         gt_gostate_name((enum gt_gostate)e->to));
	if (e->str) {
		snprintf(m, sizeof m, "\"%s\"", gt_model_str(a->m, e->str));
	} else {
		const struct gt_tables *tb = gt_model_tables(a->m);
		const char *text = a->search.find.text;
		const struct gt_frame *f = gt_frame_get(tb, gt_model_find_frame(a->m, e->stack, text, strlen(text)));
		if (f)
			snprintf(m, sizeof m, "%s %s:%u", gt_model_str(a->m, f->func), gt_model_str(a->m, f->file),
			         f->line);
	}
	snprintf(buf, len, "%12s  %-9s %-15s %-18s %s", t, g, gt_fkind_name(e->kind), what, m);
}

int tui_search_step(struct tui_app *a, int dir)
{
	struct tui_search *sr = &a->search;
	const struct gt_find_result *r = ready(a);
	if (!r && tui_find_busy(&sr->find)) {
		tui_status(a, "still counting the matches of \"%s\"", sr->find.text);
		return TUI_REDRAW_STATUS;
	}
	if (!r || !r->nev) {
		tui_status(a, "no matching events: press %s to search", tui_key_of(a, GT_ACTION_SEARCH));
		return TUI_REDRAW_STATUS;
	}
	const char *wrap = "";
	size_t i;
	if (sr->reverse)
		dir = -dir;
	if (!sr->stepped) {
		/* the first: from the timeline's cursor on (back from it) */
		int64_t c = a->tl.cursor;
		size_t lo = 0, hi = r->nev;
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;
			if (r->ev[mid].ts < c)
				lo = mid + 1;
			else
				hi = mid;
		}
		i = dir > 0 ? (lo < r->nev ? lo : 0) : (lo ? lo - 1 : r->nev - 1);
	} else if (dir > 0) {
		i = sr->ecur + 1 < r->nev ? sr->ecur + 1 : 0;
		if (!i)
			wrap = " (wrapped to the first)";
	} else {
		i = sr->ecur ? sr->ecur - 1 : r->nev - 1;
		if (i == r->nev - 1)
			wrap = " (wrapped to the last)";
	}
	show_event(a, i);
	char line[512];
	event_text(a, &r->ev[i], line, sizeof line);
	tui_status(a, "match %zu of %zu%s%s: %s", i + 1, r->nev, r->ev_over ? " kept" : "", wrap,
	           line + strspn(line, " "));
	return TUI_REDRAW;
}

/* The index in by_g order of goroutine gi's first match at ts or later. */
static size_t first_at(const struct tui_find *f, uint32_t gi, int64_t ts)
{
	size_t lo = 0, hi = f->r.nev;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct gt_fevent *e = &f->r.ev[f->by_g[mid]];
		if (e->gi < gi || (e->gi == gi && e->ts < ts))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

int tui_search_marks(struct tui_app *a, uint32_t gi, int64_t t0, int64_t t1, int w, uint8_t *marks)
{
	struct tui_find *f = &a->search.find;
	if (!ready(a) || !f->by_g || t1 <= t0 || w <= 0)
		return 0;
	int any = 0;
	double colw = (double)(t1 - t0) / w;
	/* a search per marked column, not a step per match: the work grows
	 * with the screen, not with the matches in the window */
	for (size_t i = first_at(f, gi, t0); i < f->r.nev;) {
		const struct gt_fevent *e = &f->r.ev[f->by_g[i]];
		if (e->gi != gi || e->ts >= t1)
			break;
		int c = (int)((double)(e->ts - t0) / colw);
		if (c >= w)
			c = w - 1;
		marks[c] = 1;
		any = 1;
		int64_t next = t0 + (int64_t)((double)(c + 1) * colw);
		if (next <= e->ts)
			next = e->ts + 1;
		i = first_at(f, gi, next);
	}
	return any;
}

static void open_result(struct tui_app *a, size_t i)
{
	struct tui_search *sr = &a->search;
	size_t ns, ng;
	nresults(a, &ns, &ng);
	if (i < ns) { /* a string: search for it alone */
		snprintf(sr->text, sizeof sr->text, "%s", gt_model_str(a->m, sr->matches[i]));
		sr->len = strlen(sr->text);
		sr->matched[0] = 0;
		tui_search_update(a);
		tui_search_choose(a);
		return;
	}
	if (i < ns + ng) { /* its stack marks the best-ranked string */
		struct tui_sel s;
		memset(&s, 0, sizeof s);
		s.kind = TUI_SEL_GOROUTINE;
		s.g = sr->find.r.gs[i - ns].gi;
		s.match = ns ? sr->matches[0] : 0;
		tui_open_inspector(a, &s);
		return;
	}
	show_event(a, i - ns - ng);
}

static int list_rows(const struct tui_app *a) { return tui_body_rows(a) - 1; }

static const char *use_name(uint8_t u)
{
	return u & GT_SU_FUNC ? "function" : u & GT_SU_FILE ? "file" : u & GT_SU_REASON ? "reason" :
	       u & GT_SU_REGION ? "region" : u & GT_SU_TASK ? "task" : u & GT_SU_LOG ? "log" :
	       u & GT_SU_LABEL ? "label" : "range";
}

static void draw_results(struct tui_app *a, int y, int rows)
{
	struct tui_search *sr = &a->search;
	const struct gt_find_result *r = ready(a);
	char title[512];
	if (r) {
		int n = snprintf(title, sizeof title, "\"%s\": ", sr->find.text);
		gt_report_search_summary(title + n, sizeof title - (size_t)n, r);
	} else if (sr->find.rc < 0 && !tui_find_busy(&sr->find)) {
		snprintf(title, sizeof title, "\"%s\": out of memory", sr->find.text);
	} else {
		snprintf(title, sizeof title, "\"%s\": %zu string%s; counting events: %u of %u goroutines",
		         sr->find.text, sr->nmatches, sr->nmatches == 1 ? "" : "s",
		         atomic_load(&sr->find.walked), gt_model_g_count(a->m));
	}
	tui_put(y++, 0, a->cols, tui_attr(TUI_C_TITLE), title);
	size_t ns, ng, n = nresults(a, &ns, &ng);
	if (r && !sr->moved && ng)
		sr->rsel = ns;
	tui_list_fit(&sr->rsel, &sr->rtop, n, rows);
	const uint8_t *u = gt_model_str_uses(a->m);
	for (int i = 0; i < rows && sr->rtop + (size_t)i < n; i++) {
		size_t k = sr->rtop + (size_t)i;
		int sel = k == sr->rsel;
		int attr = sel ? tui_attr(TUI_C_SELECTED) : 0;
		if (sel)
			tui_fill(y + i, 0, a->cols, attr, " ");
		char line[1024];
		if (k < ns) {
			gt_str s = sr->matches[k];
			snprintf(line, sizeof line, "%s%-9s %s", sel ? ">" : " ", u ? use_name(u[s]) : "",
			         gt_model_str(a->m, s));
		} else if (k < ns + ng) {
			const struct gt_gmatch *gm = &r->gs[k - ns];
			const struct gt_goroutine g = tui_g(a, gm->gi);
			char id[32];
			snprintf(id, sizeof id, "G%lld", (long long)g.id);
			snprintf(line, sizeof line, "%sgoroutine %-9s %8u event%s  %s", sel ? ">" : " ", id,
			         gm->events, gm->events == 1 ? " " : "s", tui_g_func(a, &g));
		} else {
			char e[900];
			event_text(a, &r->ev[k - ns - ng], e, sizeof e);
			snprintf(line, sizeof line, "%s%s", sel ? ">" : " ", e);
		}
		tui_put(y + i, 0, a->cols, attr, line);
	}
	if (!n)
		tui_put(y, 2, a->cols - 2, tui_attr(TUI_C_DIM), "nothing matches this text");
}

void tui_search_draw(struct tui_app *a)
{
	struct tui_search *sr = &a->search;
	int y = tui_body_top(a), rows = list_rows(a);
	if (sr->results) {
		draw_results(a, y, rows);
		return;
	}
	char title[256];
	if (!sr->text[0])
		snprintf(title, sizeof title, "Type to search functions, files, reasons, labels, "
		         "tasks, regions, logs, GC and STW ranges; G123 opens a goroutine");
	else
		snprintf(title, sizeof title, "%zu string%s \"%s\"%s", sr->nmatches,
		         sr->nmatches == 1 ? " matches" : "s match", sr->text,
		         sr->nmatches ? "; Enter searches the trace" : "");
	tui_put(y++, 0, a->cols, tui_attr(TUI_C_TITLE), title);
	tui_list_fit(&sr->msel, &sr->mtop, sr->nmatches, rows);
	const uint8_t *u = gt_model_str_uses(a->m);
	for (int i = 0; i < rows && sr->mtop + (size_t)i < sr->nmatches; i++) {
		size_t k = sr->mtop + (size_t)i;
		int sel = k == sr->msel;
		int attr = sel ? tui_attr(TUI_C_SELECTED) : 0;
		if (sel)
			tui_fill(y + i, 0, a->cols, attr, " ");
		tui_put(y + i, 0, 2, attr, sel ? ">" : " ");
		tui_put(y + i, 2, 10, sel ? attr : tui_attr(TUI_C_DIM), u ? use_name(u[sr->matches[k]]) : "");
		tui_put(y + i, 12, a->cols - 12, attr, gt_model_str(a->m, sr->matches[k]));
	}
}

int tui_search_action(struct tui_app *a, enum gt_action act)
{
	struct tui_search *sr = &a->search;
	size_t ns, ng;
	size_t *sel = sr->results ? &sr->rsel : &sr->msel;
	size_t n = sr->results ? nresults(a, &ns, &ng) : sr->nmatches;
	long d = 0;
	int rows = list_rows(a);
	switch (act) {
	case GT_ACTION_MOVE_UP: d = -1; break;
	case GT_ACTION_MOVE_DOWN: d = 1; break;
	case GT_ACTION_SEARCH_NEXT:
	case GT_ACTION_SEARCH_PREV:
		if (sr->results)
			return tui_search_step(a, act == GT_ACTION_SEARCH_NEXT ? 1 : -1);
		d = act == GT_ACTION_SEARCH_NEXT ? 1 : -1;
		break;
	case GT_ACTION_PAGE_UP: d = -rows; break;
	case GT_ACTION_PAGE_DOWN: d = rows; break;
	case GT_ACTION_HALF_PAGE_UP: d = -rows / 2; break;
	case GT_ACTION_HALF_PAGE_DOWN: d = rows / 2; break;
	case GT_ACTION_GOTO_FIRST: d = -(long)n; break;
	case GT_ACTION_GOTO_LAST: d = (long)n; break;
	case GT_ACTION_OPEN_SELECTION:
		if (!sr->results)
			return tui_search_choose(a);
		if (sr->rsel < n)
			open_result(a, sr->rsel);
		return TUI_REDRAW;
	default:
		return TUI_UNHANDLED;
	}
	sr->moved |= sr->results;
	long s = (long)*sel + d;
	if (s < 0)
		s = 0;
	if (n && s >= (long)n)
		s = (long)n - 1;
	*sel = n ? (size_t)s : 0;
	return TUI_REDRAW;
}

int tui_search_click(struct tui_app *a, int y, int x)
{
	(void)x;
	struct tui_search *sr = &a->search;
	int r = y - (tui_body_top(a) + 1);
	size_t ns, ng;
	size_t *sel = sr->results ? &sr->rsel : &sr->msel;
	size_t top = sr->results ? sr->rtop : sr->mtop;
	size_t n = sr->results ? nresults(a, &ns, &ng) : sr->nmatches;
	if (r < 0 || r >= list_rows(a) || top + (size_t)r >= n)
		return 0;
	*sel = top + (size_t)r;
	sr->moved |= sr->results;
	return TUI_REDRAW;
}
