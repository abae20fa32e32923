/* view_gfuncs.c: the goroutine list grouped by start function (F): a row
 * per function with its goroutines and their time running, runnable, in
 * syscalls and waiting (the model's gt_model_groups_by_func, the figures
 * of `gtview goroutines --by-func`), most time first; the pane below
 * splits the selected group's waiting time by reason.  Enter lists the
 * group's goroutines (the list, filtered to that function); Esc comes
 * back to the groups.  With a range marked, the groups over it
 * (`--by-func --window`). */
#include "tui/app.h"

#include <curses.h>
#include <stdio.h>

#include "tui/colors.h"
#include "tui/draw.h"
#include "tui/glyphs.h"
#include "tui/util.h"

static const char *const heads[] = {"goroutines", "running", "runnable", "syscall", "waiting"};
static const int states[] = {-1, GT_GS_RUNNING, GT_GS_RUNNABLE, GT_GS_SYSCALL, GT_GS_WAITING};
#define NUM_W 11

static const struct gt_ggroup *model_group(const struct tui_app *a, size_t r)
{
	return &tui_goroutines_byfunc(a)->group[a->gl.groups[r].index];
}

void tui_gfuncs_draw(struct tui_app *a, int y, int rows)
{
	struct tui_goroutines *gl = &a->gl;
	char title[512];
	uint32_t ng = 0;
	for (size_t r = 0; r < gl->ngroups; r++)
		ng += gl->groups[r].count;
	char rng[80], in[128] = "";
	if (gl->windowed && tui_range_text(a, rng, sizeof rng, gl->win->t0, gl->win->t1)) /* m on the timeline */
		snprintf(in, sizeof in, "; in %s (%s: the whole trace)", rng, tui_key_of(a, GT_ACTION_FILTER_CLEAR));
	snprintf(title, sizeof title, "%zu start function%s, %u goroutines%s, most time first%s%s%s%s",
	         gl->ngroups, gl->ngroups == 1 ? "" : "s", ng, tui_so_far(a), gl->text[0] ? ", matching \"" : "",
	         gl->text, gl->text[0] ? "\"" : "", in);
	tui_put(y++, 0, a->cols, tui_attr(TUI_C_TITLE), title);
	int x = 0;
	for (size_t c = 0; c < sizeof heads / sizeof heads[0]; c++, x += NUM_W)
		tui_put_right(y, x, NUM_W - 1, tui_attr(TUI_C_DIM) | A_UNDERLINE, heads[c]);
	tui_put(y++, x, a->cols - x, tui_attr(TUI_C_DIM) | A_UNDERLINE, "start function");
	if (!gl->ngroups)
		tui_put(y, 2, a->cols - 2, tui_attr(TUI_C_DIM), "no start function matches");
	for (int i = 0; i < rows && gl->top + (size_t)i < gl->nrows; i++) {
		size_t r = gl->top + (size_t)i;
		const struct gt_ggroup *g = model_group(a, r);
		int sel = r == gl->sel;
		int base = sel ? tui_attr(TUI_C_SELECTED) : 0;
		if (sel)
			tui_fill(y + i, 0, a->cols, base, " ");
		x = 0;
		tui_printf(y + i, x, NUM_W - 1, base, "%s%*u", sel ? ">" : " ", NUM_W - 2, g->count);
		for (size_t c = 1; c < sizeof heads / sizeof heads[0]; c++) {
			char d[32];
			x += NUM_W;
			tui_fmt_dur(d, sizeof d, g->ns[states[c]]);
			tui_put_right(y + i, x, NUM_W - 1, base, d);
		}
		x += NUM_W;
		const char *fn = gt_model_str(a->m, g->start_func);
		tui_put(y + i, x, a->cols - x, sel ? base : tui_attr(TUI_C_FUNC), *fn ? fn : "?");
	}
	/* the selected group's waiting time by reason */
	y += rows;
	int prow = a->rows - 1 - y;
	if (prow < 2 || !gl->nrows)
		return;
	const struct gt_ggroup *g = model_group(a, gl->sel);
	tui_fill(y, 0, a->cols, tui_attr(TUI_C_DIM), tui_glyph(TUI_G_HLINE));
	char head[512], d[32];
	tui_fmt_dur(d, sizeof d, g->ns[GT_GS_WAITING]);
	snprintf(head, sizeof head, " %s: waiting %s, by reason (Enter: its goroutines) ",
	         gt_model_str(a->m, g->start_func), d);
	tui_put(y, 2, a->cols - 4, tui_attr(TUI_C_TITLE), head);
	const struct gt_reason_time *rt = tui_goroutines_byfunc(a)->reason + g->reasons;
	for (uint32_t i = 0; i < g->nreasons && (int)i < prow - 1; i++) {
		const char *rs = gt_model_str(a->m, rt[i].reason);
		tui_fmt_dur(d, sizeof d, rt[i].ns);
		tui_put_right(y + 1 + (int)i, 0, NUM_W * 2 - 1, 0, d);
		tui_put(y + 1 + (int)i, NUM_W * 2, a->cols - NUM_W * 2, 0, *rs ? rs : "(no reason)");
	}
}
