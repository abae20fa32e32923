/* view_search.c: search over the trace's string table (function and file
 * names, labels, task/region names, log messages, STW reasons).  While the
 * bar is open the list shows the strings containing the text, updated as
 * you type; Enter picks one and lists the goroutines and events that use
 * it; Enter on a result opens the inspector; n/N step through results,
 * from any view. */
#include "tui/app.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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
	if (sr->matched[0] && tui_strcasestr(sr->text, sr->matched)) {
		/* typed on: the strings that matched before, fewer */
		for (size_t i = 0; i < sr->nmatched; i++)
			if (tui_strcasestr(gt_str_get(t, sr->matches[i]), sr->text))
				sr->matches[sr->nmatches++] = sr->matches[i];
	} else {
		uint32_t n = gt_str_count(t);
		size_t cap = 0;
		for (uint32_t i = 1; i < n; i++) {
			if (!tui_strcasestr(gt_str_get(t, i), sr->text))
				continue;
			if (sr->nmatches == cap) {
				cap = cap ? cap * 2 : 256;
				sr->matches = tui_xreallocarray(sr->matches, cap, sizeof *sr->matches);
			}
			sr->matches[sr->nmatches++] = i;
		}
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
	free(a->search.own_gs);
	a->search.own_gs = NULL;
	free(a->search.matches);
	a->search.matches = NULL;
	a->search.nmatches = a->search.nmatched = 0;
	a->search.matched[0] = 0;
}

/* Goroutines whose last or creation stack uses s: the model's index
 * covers the intervals' transitions, not always these. */
static void scan_goroutines(struct tui_app *a, gt_str s)
{
	struct tui_search *sr = &a->search;
	const struct gt_tables *t = gt_model_tables(a->m);
	uint32_t n = gt_model_g_count(a->m);
	size_t cap = 0;
	sr->ngs = 0;
	for (uint32_t gi = 0; gi < n; gi++) {
		struct gt_goroutine g = tui_g(a, gi);
		if (!gt_stack_uses(t, g.end_stack, s) && !gt_stack_uses(t, g.create_stack, s))
			continue;
		if (sr->ngs == cap) {
			cap = cap ? cap * 2 : 64;
			sr->own_gs = tui_xreallocarray(sr->own_gs, cap, sizeof *sr->own_gs);
		}
		sr->own_gs[sr->ngs++] = gi;
	}
	sr->gs = sr->own_gs;
}

int tui_search_choose(struct tui_app *a)
{
	struct tui_search *sr = &a->search;
	/* a goroutine id: G39, g39, or 39 when no string has it */
	uint32_t gi = tui_find_goroutine_text(a, sr->text, !sr->nmatches);
	if (gi != UINT32_MAX) {
		if (tui_current(a) == TUI_V_SEARCH)
			tui_pop(a);
		return tui_jump_to(a, gi, INT64_MIN);
	}
	if (!sr->nmatches) {
		tui_status(a, "no string contains \"%s\"", sr->text);
		if (tui_current(a) == TUI_V_SEARCH)
			tui_pop(a);
		return TUI_REDRAW;
	}
	sr->chosen = sr->matches[sr->msel];
	free(sr->own_gs);
	sr->gs = sr->own_gs = gt_model_str_goroutines(a->m, sr->chosen, &sr->ngs);
	if (!sr->ngs)
		scan_goroutines(a, sr->chosen);
	sr->refs = gt_model_str_events(a->m, sr->chosen, &sr->nrefs);
	sr->rsel = sr->rtop = 0;
	sr->results = 1;
	if (tui_current(a) != TUI_V_SEARCH)
		tui_push(a, TUI_V_SEARCH);
	if (!sr->ngs && !sr->nrefs)
		tui_status(a, "nothing uses \"%s\"", gt_model_str(a->m, sr->chosen));
	return TUI_REDRAW;
}

static size_t nresults(const struct tui_app *a) { return a->search.ngs + a->search.nrefs; }

static void open_result(struct tui_app *a, size_t i)
{
	struct tui_search *sr = &a->search;
	struct tui_sel s;
	memset(&s, 0, sizeof s);
	s.match = sr->chosen;
	if (i < sr->ngs) {
		s.kind = TUI_SEL_GOROUTINE;
		s.g = sr->gs[i];
	} else {
		s.kind = TUI_SEL_REF;
		s.ref = sr->refs[i - sr->ngs];
	}
	tui_open_inspector(a, &s);
}

int tui_search_step(struct tui_app *a, int dir)
{
	struct tui_search *sr = &a->search;
	size_t n = nresults(a);
	if (!sr->chosen || !n) {
		tui_status(a, "no search results: press %s to search", tui_key_of(a, GT_ACTION_SEARCH));
		return TUI_REDRAW_STATUS;
	}
	const char *wrap = "";
	if (dir > 0 && sr->rsel + 1 >= n) {
		wrap = " (wrapped to the first)";
		sr->rsel = 0;
	} else if (dir < 0 && sr->rsel == 0) {
		wrap = " (wrapped to the last)";
		sr->rsel = n - 1;
	} else {
		sr->rsel = dir > 0 ? sr->rsel + 1 : sr->rsel - 1;
	}
	if (tui_current(a) == TUI_V_INSPECTOR)
		tui_pop(a);
	open_result(a, sr->rsel);
	tui_status(a, "\"%s\": match %zu of %zu%s", gt_model_str(a->m, sr->chosen), sr->rsel + 1, n, wrap);
	return TUI_REDRAW;
}

static int list_rows(const struct tui_app *a) { return tui_body_rows(a) - 1; }

static const char *ref_kind(uint32_t what)
{
	switch (what) {
	case GT_REF_TASK: return "task";
	case GT_REF_REGION: return "region";
	case GT_REF_LOG: return "log";
	case GT_REF_STW: return "STW";
	default: return "event";
	}
}

static void ref_text(struct tui_app *a, const struct gt_ref *r, char *buf, size_t len)
{
	size_t n;
	char t[32] = "";
	switch (r->what) {
	case GT_REF_TASK: {
		const struct gt_task *x = gt_model_tasks(a->m, &n);
		if (r->index < n)
			snprintf(buf, len, "task %llu %s", (unsigned long long)x[r->index].id, gt_model_str(a->m, x[r->index].type));
		return;
	}
	case GT_REF_REGION: {
		const struct gt_region *x = gt_model_regions(a->m, &n);
		if (r->index < n) {
			if (x[r->index].start != INT64_MIN)
				tui_fmt_time(a, t, sizeof t, x[r->index].start);
			snprintf(buf, len, "region %s  G%lld  %s", gt_model_str(a->m, x[r->index].type),
			         (long long)x[r->index].g, t);
		}
		return;
	}
	case GT_REF_LOG: {
		const struct gt_log *x = gt_model_logs(a->m, &n);
		if (r->index < n) {
			tui_fmt_time(a, t, sizeof t, x[r->index].ts);
			snprintf(buf, len, "log [%s] %s  G%lld  %s", gt_model_str(a->m, x[r->index].category),
			         gt_model_str(a->m, x[r->index].message), (long long)x[r->index].g, t);
		}
		return;
	}
	case GT_REF_STW: {
		const struct gt_range *x = gt_model_ranges(a->m, GT_RS_STW, &n);
		if (r->index < n) {
			char d[32];
			tui_fmt_time(a, t, sizeof t, x[r->index].start);
			tui_fmt_dur(d, sizeof d, tui_dur(x[r->index].start, x[r->index].end));
			snprintf(buf, len, "stop-the-world (%s) %s at %s", gt_model_str(a->m, x[r->index].reason), d, t);
		}
		return;
	}
	default:
		snprintf(buf, len, "%s", ref_kind(r->what));
	}
}

void tui_search_draw(struct tui_app *a)
{
	struct tui_search *sr = &a->search;
	int y = tui_body_top(a), rows = list_rows(a);
	if (!sr->results) {
		char title[256];
		if (!sr->text[0])
			snprintf(title, sizeof title, "Type to search function and file names, labels, tasks, regions, logs, STW reasons");
		else
			snprintf(title, sizeof title, "%zu string%s \"%s\"%s", sr->nmatches,
			         sr->nmatches == 1 ? " contains" : "s contain", sr->text,
			         sr->nmatches ? "; Enter lists what uses the selected one" : "");
		tui_put(y++, 0, a->cols, tui_attr(TUI_C_TITLE), title);
		tui_list_fit(&sr->msel, &sr->mtop, sr->nmatches, rows);
		for (int i = 0; i < rows && sr->mtop + (size_t)i < sr->nmatches; i++) {
			size_t k = sr->mtop + (size_t)i;
			int sel = k == sr->msel;
			int attr = sel ? tui_attr(TUI_C_SELECTED) : 0;
			if (sel)
				tui_fill(y + i, 0, a->cols, attr, " ");
			/* how far each string leads: goroutines and events using it */
			size_t ng = gt_model_str_goroutine_count(a->m, sr->matches[k]), ne;
			gt_model_str_events(a->m, sr->matches[k], &ne);
			char uses[64] = "";
			if (ng || ne)
				snprintf(uses, sizeof uses, " %zu goroutine%s%s%zu event%s ", ng, ng == 1 ? "" : "s",
				         ", ", ne, ne == 1 ? "" : "s");
			int uw = tui_width(uses);
			tui_put(y + i, 0, 2, attr, sel ? ">" : " ");
			tui_put(y + i, 2, a->cols - 3 - uw, attr, gt_model_str(a->m, sr->matches[k]));
			tui_put_right(y + i, 0, a->cols, sel ? attr : tui_attr(TUI_C_DIM), uses);
		}
		return;
	}
	char title[512];
	snprintf(title, sizeof title, "\"%s\": %zu goroutine%s, %zu event%s", gt_model_str(a->m, sr->chosen),
	         sr->ngs, sr->ngs == 1 ? "" : "s", sr->nrefs, sr->nrefs == 1 ? "" : "s");
	tui_put(y++, 0, a->cols, tui_attr(TUI_C_TITLE), title);
	size_t n = nresults(a);
	tui_list_fit(&sr->rsel, &sr->rtop, n, rows);
	for (int i = 0; i < rows && sr->rtop + (size_t)i < n; i++) {
		size_t k = sr->rtop + (size_t)i;
		int sel = k == sr->rsel;
		int attr = sel ? tui_attr(TUI_C_SELECTED) : 0;
		if (sel)
			tui_fill(y + i, 0, a->cols, attr, " ");
		char line[1024];
		if (k < sr->ngs) {
			const struct gt_goroutine g_ = tui_g(a, sr->gs[k]), *g = &g_;
			snprintf(line, sizeof line, "%sgoroutine G%lld %s  (%s at the end)", sel ? ">" : " ", (long long)g->id,
			         tui_g_func(a, g), gt_gostate_name((enum gt_gostate)g->end_state));
		} else {
			char r[900] = "";
			ref_text(a, &sr->refs[k - sr->ngs], r, sizeof r);
			snprintf(line, sizeof line, "%s%s", sel ? ">" : " ", r);
		}
		tui_put(y + i, 0, a->cols, attr, line);
	}
	if (!n)
		tui_put(y, 2, a->cols - 2, tui_attr(TUI_C_DIM), "no goroutine or event uses this string");
}

int tui_search_action(struct tui_app *a, enum gt_action act)
{
	struct tui_search *sr = &a->search;
	size_t *sel = sr->results ? &sr->rsel : &sr->msel;
	size_t n = sr->results ? nresults(a) : sr->nmatches;
	long d = 0;
	int rows = list_rows(a);
	switch (act) {
	case GT_ACTION_MOVE_UP: case GT_ACTION_SEARCH_PREV: d = -1; break;
	case GT_ACTION_MOVE_DOWN: case GT_ACTION_SEARCH_NEXT: d = 1; break;
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
	size_t *sel = sr->results ? &sr->rsel : &sr->msel;
	size_t top = sr->results ? sr->rtop : sr->mtop;
	size_t n = sr->results ? nresults(a) : sr->nmatches;
	if (r < 0 || r >= list_rows(a) || top + (size_t)r >= n)
		return 0;
	*sel = top + (size_t)r;
	return TUI_REDRAW;
}
