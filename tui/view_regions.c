/* view_regions.c: the user annotations.  Pane 0: region and task types
 * with count and durations (gt_model_annotations, the figures of `gtview
 * regions`), over the marked range when one is (`m` on the timeline),
 * else the whole trace; Enter opens a type's instances (pane 1), longest
 * first, still open ones on top; there Enter opens the instance's
 * goroutine at its begin and 0 shows it on the timeline.  Each type and
 * instance shows where its time went (the "time" of `regions --json`:
 * gt_annotations_time, gt_model_region_time_add, gt_model_task_times) as
 * a bar on its row where it fits, and as a bar and figures under the
 * list for the selected one.  Tab: the logs (pane 2), filtered by `&` on
 * category or message. */
#include "tui/app.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui/colors.h"
#include "tui/draw.h"
#include "tui/rsplit.h"
#include "tui/util.h"

static void free_times(struct tui_regions *r)
{
	free(r->task_time), free(r->type_time), free(r->type_done);
	r->task_time = r->type_time = NULL;
	r->type_done = NULL;
}

static void rebuild(struct tui_app *a)
{
	struct tui_regions *r = &a->rg;
	gt_annotations_free(&r->an);
	free_times(r);
	tui_range_window(a, &r->t0, &r->t1);
	if (gt_model_annotations(a->m, r->t0, r->t1, &r->an) < 0)
		tui_status(a, "out of memory: no annotations");
	size_t nt = (size_t)r->an.nregion + r->an.ntask;
	if (gt_model_task_times(a->m, &r->task_time) < 0)
		tui_die("out of memory");
	r->type_time = tui_xcalloc(nt ? nt : 1, sizeof *r->type_time);
	r->type_done = tui_xcalloc(nt ? nt : 1, 1);
	r->sel = r->top = r->isel = r->itop = 0;
	if (r->pane == 1)
		r->pane = 0;
	tui_regions_filter_text(a, r->text);
	r->built = 1;
}

void tui_regions_free(struct tui_app *a)
{
	gt_annotations_free(&a->rg.an);
	free_times(&a->rg);
	free(a->rg.logs);
	a->rg.logs = NULL;
	a->rg.nlogs = 0;
	a->rg.built = 0;
}

int tui_regions_filter_text(struct tui_app *a, const char *text)
{
	struct tui_regions *r = &a->rg;
	if (text != r->text)
		snprintf(r->text, sizeof r->text, "%s", text);
	size_t n;
	const struct gt_log *l = gt_model_logs(a->m, &n);
	free(r->logs);
	r->logs = tui_xcalloc(n ? n : 1, sizeof *r->logs);
	r->nlogs = 0;
	for (size_t i = 0; i < n; i++) {
		if (l[i].ts < r->t0 || l[i].ts >= r->t1)
			continue;
		if (r->text[0] && !tui_strcasestr(gt_model_str(a->m, l[i].category), r->text) &&
		    !tui_strcasestr(gt_model_str(a->m, l[i].message), r->text))
			continue;
		r->logs[r->nlogs++] = (uint32_t)i;
	}
	r->lsel = r->ltop = 0;
	return TUI_REDRAW;
}

static size_t ntypes(const struct tui_regions *r) { return (size_t)r->an.nregion + r->an.ntask; }

/* Type row k: a region type, then the task types. */
static const struct gt_atype *type_at(const struct tui_regions *r, size_t k, int *task)
{
	*task = k >= r->an.nregion;
	return *task ? &r->an.task[k - r->an.nregion] : &r->an.region[k];
}

static size_t ninst(const struct tui_regions *r)
{
	int task;
	if (r->sel >= ntypes(r))
		return 0;
	const struct gt_atype *t = type_at(r, r->sel, &task);
	return (size_t)t->count + t->open;
}

/* Instance i of the selected type: its begin, end, Go goroutine id. */
static void inst_at(const struct tui_app *a, size_t i, int64_t *start, int64_t *end, int64_t *g,
                    int *open, uint32_t *index)
{
	const struct tui_regions *r = &a->rg;
	int task;
	const struct gt_atype *t = type_at(r, r->sel, &task);
	size_t n;
	if (task) {
		uint32_t k = r->an.task_inst[t->first + i];
		const struct gt_task *v = gt_model_tasks(a->m, &n);
		*start = v[k].start;
		*end = v[k].end;
		*g = v[k].g_start;
		*open = v[k].end == INT64_MAX;
		*index = k;
	} else {
		uint32_t k = r->an.region_inst[t->first + i];
		const struct gt_region *v = gt_model_regions(a->m, &n);
		*start = v[k].start;
		*end = v[k].end;
		*g = v[k].g;
		*open = v[k].open_at_end;
		*index = k;
	}
}

/* Where type row k's time went (its instances begun and ended). */
static const struct gt_rtime *type_time(struct tui_app *a, size_t k)
{
	struct tui_regions *r = &a->rg;
	if (!r->type_done[k]) {
		int task;
		type_at(r, k, &task);
		uint32_t i = (uint32_t)(task ? k - r->an.nregion : k);
		gt_annotations_time(a->m, &r->an, task, i, r->task_time, &r->type_time[k]);
		r->type_done[k] = 1;
	}
	return &r->type_time[k];
}

/* Where instance i of the selected type's time went. */
static void inst_time(struct tui_app *a, size_t i, struct gt_rtime *out)
{
	struct tui_regions *r = &a->rg;
	int task, open;
	type_at(r, r->sel, &task);
	int64_t s, e, g;
	uint32_t index;
	inst_at(a, i, &s, &e, &g, &open, &index);
	memset(out, 0, sizeof *out);
	size_t n;
	if (task)
		*out = open || s == INT64_MIN ? *out : r->task_time[index];
	else
		gt_model_region_time_add(a->m, &gt_model_regions(a->m, &n)[index], out);
}

/* The split of the selected row, under the list: its bar, figures and
 * the looks' legend. */
#define SPLIT_ROWS 4

static void draw_split(struct tui_app *a, int y, const char *what, const struct gt_rtime *rt)
{
	char text[512];
	tui_put(y, 0, a->cols, tui_attr(TUI_C_DIM) | A_UNDERLINE, what);
	tui_rsplit_bar(y + 1, 2, a->cols - 4, rt);
	tui_rsplit_text(text, sizeof text, rt);
	tui_put(y + 2, 2, a->cols - 2, 0, text);
	tui_glook_legend(text, sizeof text, a->cols - 2);
	tui_put(y + 3, 2, a->cols - 2, tui_attr(TUI_C_DIM), text);
}

static int list_rows(const struct tui_app *a)
{
	int n = tui_body_rows(a) - 2;
	return a->rg.pane == 2 || n - (SPLIT_ROWS + 1) < 3 ? n : n - (SPLIT_ROWS + 1);
}

static void keep_in_view(size_t *sel, size_t *top, size_t n, int rows)
{
	if (*sel >= n)
		*sel = n ? n - 1 : 0;
	if (*sel < *top)
		*top = *sel;
	if (rows > 0 && *sel >= *top + (size_t)rows)
		*top = *sel - (size_t)rows + 1;
}

static void row_attr(struct tui_app *a, int y, int sel, int *base)
{
	*base = sel ? tui_attr(TUI_C_SELECTED) : 0;
	if (sel)
		tui_fill(y, 0, a->cols, *base, " ");
}

static void draw_types(struct tui_app *a, int y, int rows)
{
	struct tui_regions *r = &a->rg;
	char hdr[256];
	snprintf(hdr, sizeof hdr, "  %-6s %-24s %6s %8s %8s %8s %8s %8s %8s %5s%s", "kind", "type", "count",
	         "total", "min", "p50", "p90", "p99", "max", "open", a->cols >= 113 ? "  time split" : "");
	tui_put(y++, 0, a->cols, tui_attr(TUI_C_DIM) | A_UNDERLINE, hdr);
	size_t n = ntypes(r);
	keep_in_view(&r->sel, &r->top, n, rows);
	if (!n)
		tui_put(y, 2, a->cols - 2, tui_attr(TUI_C_DIM), "no regions or tasks here");
	for (int i = 0; i < rows && r->top + (size_t)i < n; i++) {
		size_t k = r->top + (size_t)i;
		int task, base;
		const struct gt_atype *t = type_at(r, k, &task);
		row_attr(a, y + i, k == r->sel, &base);
		char v[6][32];
		const int64_t f[6] = {t->total_ns, t->min_ns, t->p50_ns, t->p90_ns, t->p99_ns, t->max_ns};
		for (int j = 0; j < 6; j++)
			tui_fmt_dur(v[j], sizeof v[j], f[j]);
		const char *name = gt_model_str(a->m, t->type);
		int x = tui_printf(y + i, 0, a->cols, base, "%s %-6s %-24.24s %6u %8s %8s %8s %8s %8s %8s %5u",
		                   k == r->sel ? ">" : " ", task ? "task" : "region", *name ? name : "(none)",
		                   t->count, v[0], v[1], v[2], v[3], v[4], v[5], t->open);
		if (a->cols - x - 3 >= 10)
			tui_rsplit_bar(y + i, x + 2, a->cols - x - 3, type_time(a, k));
	}
	if (r->sel < n) {
		int task;
		const struct gt_atype *t = type_at(r, r->sel, &task);
		const char *name = gt_model_str(a->m, t->type);
		char what[256];
		snprintf(what, sizeof what, " where the time of %s %s went (%s, in its %u ended %s)",
		         task ? "task" : "region", *name ? name : "(none)",
		         task ? "the goroutines in its regions" : "its goroutine", t->count,
		         task ? "tasks" : "regions");
		draw_split(a, y + rows + 1, what, type_time(a, r->sel));
	}
}

static void draw_instances(struct tui_app *a, int y, int rows)
{
	struct tui_regions *r = &a->rg;
	char hdr[128];
	snprintf(hdr, sizeof hdr, "  %-14s %10s  %-10s %s", "begin", "duration", "goroutine", "time split");
	tui_put(y++, 0, a->cols, tui_attr(TUI_C_DIM) | A_UNDERLINE, hdr);
	size_t n = ninst(r);
	keep_in_view(&r->isel, &r->itop, n, rows);
	for (int i = 0; i < rows && r->itop + (size_t)i < n; i++) {
		size_t k = r->itop + (size_t)i;
		int64_t s, e, g;
		int open, base;
		uint32_t index;
		inst_at(a, k, &s, &e, &g, &open, &index);
		row_attr(a, y + i, k == r->isel, &base);
		char st[32], d[32], gs[32];
		tui_fmt_time(a, st, sizeof st, s);
		if (open)
			snprintf(d, sizeof d, "open");
		else
			tui_fmt_dur(d, sizeof d, tui_dur(s, e));
		if (g == GT_NONE)
			snprintf(gs, sizeof gs, "-");
		else
			snprintf(gs, sizeof gs, "G%lld", (long long)g);
		int x = tui_printf(y + i, 0, a->cols, base, "%s %-14s %10s  %-10s", k == r->isel ? ">" : " ",
		                   st, d, gs);
		struct gt_rtime rt;
		inst_time(a, k, &rt);
		tui_rsplit_bar(y + i, x + 1, a->cols - x - 2 < 60 ? a->cols - x - 2 : 60, &rt);
	}
	if (r->isel < n) {
		struct gt_rtime rt;
		inst_time(a, r->isel, &rt);
		int task;
		type_at(r, r->sel, &task);
		draw_split(a, y + rows + 1, task ? " where this task's time went (the goroutines in its regions)"
		                                 : " where this region's time went (its goroutine)", &rt);
	}
}

static void draw_logs(struct tui_app *a, int y, int rows)
{
	struct tui_regions *r = &a->rg;
	char hdr[128];
	snprintf(hdr, sizeof hdr, "  %-14s %-10s %-20s %s", "time", "goroutine", "category", "message");
	tui_put(y++, 0, a->cols, tui_attr(TUI_C_DIM) | A_UNDERLINE, hdr);
	keep_in_view(&r->lsel, &r->ltop, r->nlogs, rows);
	if (!r->nlogs)
		tui_put(y, 2, a->cols - 2, tui_attr(TUI_C_DIM), r->text[0] ? "no log matches" : "no logs here");
	size_t n;
	const struct gt_log *l = gt_model_logs(a->m, &n);
	for (int i = 0; i < rows && r->ltop + (size_t)i < r->nlogs; i++) {
		size_t k = r->ltop + (size_t)i;
		const struct gt_log *lg = &l[r->logs[k]];
		int base;
		row_attr(a, y + i, k == r->lsel, &base);
		char t[32];
		tui_fmt_time(a, t, sizeof t, lg->ts);
		tui_printf(y + i, 0, a->cols, base, "%s %-14s G%-9lld %-20s %s", k == r->lsel ? ">" : " ", t,
		           (long long)lg->g, gt_model_str(a->m, lg->category), gt_model_str(a->m, lg->message));
	}
}

void tui_regions_draw(struct tui_app *a)
{
	struct tui_regions *r = &a->rg;
	if (!r->built || tui_range_moved(a, r->t0, r->t1))
		rebuild(a);
	int y = tui_body_top(a);
	char where[112] = "the whole trace", rng[80];
	if (tui_range_text(a, rng, sizeof rng, r->t0, r->t1))
		snprintf(where, sizeof where, "begun in the marked range %s", rng);
	char title[512];
	if (r->pane == 2) {
		snprintf(title, sizeof title, "Logs: %zu%s%s%s%s (%s)", r->nlogs, tui_so_far(a),
		         r->text[0] ? " matching \"" : "", r->text, r->text[0] ? "\"" : "",
		         a->range.set ? "in the marked range" : "the whole trace");
		tui_put(y, 0, a->cols, tui_attr(TUI_C_TITLE), title);
		draw_logs(a, y + 1, list_rows(a));
		return;
	}
	if (r->pane == 1 && r->sel < ntypes(r)) {
		int task;
		const struct gt_atype *t = type_at(r, r->sel, &task);
		snprintf(title, sizeof title, "%s %s: %u ended, %u open%s, longest first (%s)",
		         task ? "Task" : "Region", gt_model_str(a->m, t->type), t->count, t->open,
		         tui_so_far(a), where);
		tui_put(y, 0, a->cols, tui_attr(TUI_C_TITLE), title);
		draw_instances(a, y + 1, list_rows(a));
		return;
	}
	snprintf(title, sizeof title, "%u region types, %u task types, %u log categories%s (%s)",
	         r->an.nregion, r->an.ntask, r->an.nlog, tui_so_far(a), where);
	tui_put(y, 0, a->cols, tui_attr(TUI_C_TITLE), title);
	draw_types(a, y + 1, list_rows(a));
}

/* Enter on an instance: its goroutine, at its begin; 0: the timeline. */
static int open_instance(struct tui_app *a, int timeline)
{
	struct tui_regions *r = &a->rg;
	if (r->isel >= ninst(r))
		return TUI_REDRAW;
	int64_t s, e, g;
	int open;
	uint32_t index;
	inst_at(a, r->isel, &s, &e, &g, &open, &index);
	uint32_t gi = g == GT_NONE ? UINT32_MAX : gt_model_g_find(a->m, g);
	if (timeline) {
		tui_timeline_show(a, s, e > s ? e : s + 1, -1);
		if (gi != UINT32_MAX)
			tui_timeline_follow(a, gi, GT_NONE);
		tui_push(a, TUI_V_TIMELINE); /* Esc comes back here */
		return TUI_REDRAW;
	}
	if (gi == UINT32_MAX) {
		tui_status(a, "no goroutine for this one");
		return TUI_REDRAW_STATUS;
	}
	a->tl.cursor = s;
	a->tl.cursor_set = 1;
	tui_open_goroutine(a, gi);
	return TUI_REDRAW;
}

static int open_log(struct tui_app *a)
{
	struct tui_regions *r = &a->rg;
	if (r->lsel >= r->nlogs)
		return TUI_REDRAW;
	struct tui_sel s = {.kind = TUI_SEL_REF, .ref = {GT_REF_LOG, r->logs[r->lsel]}};
	tui_open_inspector(a, &s);
	return TUI_REDRAW;
}

int tui_regions_action(struct tui_app *a, enum gt_action act)
{
	struct tui_regions *r = &a->rg;
	if (!r->built)
		rebuild(a);
	size_t *sel = r->pane == 0 ? &r->sel : r->pane == 1 ? &r->isel : &r->lsel;
	size_t n = r->pane == 0 ? ntypes(r) : r->pane == 1 ? ninst(r) : r->nlogs;
	long d = 0;
	if (tui_list_step((int)act, list_rows(a), n, &d)) {
		*sel = tui_move_sel(*sel, d, n);
		return TUI_REDRAW;
	}
	switch (act) {
	case GT_ACTION_NEXT_PANE:
	case GT_ACTION_PREV_PANE:
		r->pane = r->pane == 2 ? 0 : 2;
		return TUI_REDRAW;
	case GT_ACTION_FILTER_TEXT: /* keys.c opens the prompt */
		r->pane = 2;
		return TUI_REDRAW;
	case GT_ACTION_FILTER_CLEAR:
		a->range = (struct tui_range){0};
		tui_regions_filter_text(a, "");
		r->built = 0;
		tui_status(a, "the whole trace, all logs");
		return TUI_REDRAW;
	case GT_ACTION_OPEN_SELECTION:
		if (r->pane == 0) {
			if (!n)
				return TUI_REDRAW;
			r->pane = 1;
			r->isel = r->itop = 0;
			return TUI_REDRAW;
		}
		return r->pane == 1 ? open_instance(a, 0) : open_log(a);
	case GT_ACTION_ZOOM_FIT:
		if (r->pane == 1)
			return open_instance(a, 1);
		return TUI_UNHANDLED;
	case GT_ACTION_GO_BACK:
		if (r->pane == 1) {
			r->pane = 0;
			return TUI_REDRAW;
		}
		return TUI_UNHANDLED;
	default:
		return TUI_UNHANDLED;
	}
}

int tui_regions_click(struct tui_app *a, int y, int x)
{
	(void)x;
	struct tui_regions *r = &a->rg;
	int row = y - tui_body_top(a) - 2;
	size_t *sel = r->pane == 0 ? &r->sel : r->pane == 1 ? &r->isel : &r->lsel;
	size_t top = r->pane == 0 ? r->top : r->pane == 1 ? r->itop : r->ltop;
	size_t n = r->pane == 0 ? ntypes(r) : r->pane == 1 ? ninst(r) : r->nlogs;
	if (row < 0 || row >= list_rows(a) || top + (size_t)row >= n)
		return 0;
	*sel = top + (size_t)row;
	return TUI_REDRAW;
}
