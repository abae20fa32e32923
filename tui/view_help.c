/* view_help.c: the help overlay, generated from the action table
 * (keymaps/actions.def) and the keymap in use: per group, each action's
 * keys and help line.  Moving keys scroll it; any other key closes it. */
#include "tui/app.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "tui/colors.h"
#include "tui/draw.h"
#include "tui/glook.h"
#include "tui/glyphs.h"

#define MAX_LINES (GT_ACTION_COUNT + GT_GROUP_COUNT * 2 + 5 + TUI_GL__COUNT + 7)

struct help_line { int role; char text[256]; };

static int build(struct tui_app *a, struct help_line *out)
{
	int n = 0;
	/* the key column as wide as the widest key list (within reason), so
	 * that the names and help lines stay aligned */
	int kw = 20;
	for (int act = 1; act < GT_ACTION_COUNT; act++) {
		char keys[128] = "";
		gt_keymap_keys_of(a->config->keymap, (enum gt_action)act, ", ", keys, sizeof keys);
		int w = (int)strlen(keys);
		if (w > kw)
			kw = w > 32 ? 32 : w;
	}
	snprintf(out[n].text, sizeof out[n].text, "gtview keys (keymap \"%s\"); any other key closes this",
	         a->config->keymap_name);
	out[n++].role = TUI_C_TITLE;
	if (a->ascii_why[0]) {
		snprintf(out[n].text, sizeof out[n].text, "%s", a->ascii_why);
		out[n++].role = TUI_C_DIM;
	}
	for (int g = 0; g < GT_GROUP_COUNT; g++) {
		out[n].text[0] = 0;
		out[n++].role = 0;
		snprintf(out[n].text, sizeof out[n].text, "%s", gt_group_title((enum gt_action_group)g));
		out[n++].role = TUI_C_TITLE;
		for (int act = 1; act < GT_ACTION_COUNT; act++) {
			if ((int)gt_action_group((enum gt_action)act) != g)
				continue;
			char keys[128] = "";
			gt_keymap_keys_of(a->config->keymap, (enum gt_action)act, ", ", keys, sizeof keys);
			snprintf(out[n].text, sizeof out[n].text, "  %-*s %-16s %s", kw, *keys ? keys : "(unbound)",
			         gt_action_name((enum gt_action)act), gt_action_help((enum gt_action)act));
			out[n++].role = *keys ? 0 : TUI_C_DIM;
		}
	}
	/* what the cells of goroutine lanes mean */
	out[n].text[0] = 0;
	out[n++].role = 0;
	snprintf(out[n].text, sizeof out[n].text, "Goroutine lanes (timeline, goroutine view): a cell shows what ran "
	         "in it, else its longest wait's class");
	out[n++].role = TUI_C_TITLE;
	for (int k = 0; k < TUI_GL__COUNT; k++) {
		snprintf(out[n].text, sizeof out[n].text, "  %s  %-12s %s", tui_glook_glyph(k), tui_glook_name(k),
		         tui_glook_help(k));
		out[n++].role = 0;
	}
	snprintf(out[n].text, sizeof out[n].text, "  %s%s%s  %-10s running, syscall or runnable for that share of "
	         "the cell (eighths), in its colour", tui_glyph(TUI_G_PART1), tui_glyph(TUI_G_PART4),
	         tui_glyph(TUI_G_PART7), "part");
	out[n++].role = 0;
	/* what the goroutine list's marks mean */
	out[n].text[0] = 0;
	out[n++].role = 0;
	snprintf(out[n].text, sizeof out[n].text, "Goroutine list (2)");
	out[n++].role = TUI_C_TITLE;
	snprintf(out[n].text, sizeof out[n].text, "  %-14s a reason read from the goroutine's stack: the "
	         "trace gives none (blocked before tracing began, Go 1.23+)", "reason" TUI_READ_MARK);
	out[n++].role = 0;
	return n;
}

void tui_help_draw(struct tui_app *a)
{
	static struct help_line lines[MAX_LINES];
	int n = build(a, lines);
	int y = tui_body_top(a), rows = tui_body_rows(a);
	if (a->help_top + (size_t)rows > (size_t)n)
		a->help_top = n > rows ? (size_t)(n - rows) : 0;
	for (int i = 0; i < rows && a->help_top + (size_t)i < (size_t)n; i++) {
		const struct help_line *l = &lines[a->help_top + (size_t)i];
		tui_put(y + i, 1, a->cols - 1, tui_attr((enum tui_color)l->role), l->text);
	}
}

int tui_help_action(struct tui_app *a, enum gt_action act)
{
	int rows = tui_body_rows(a);
	switch (act) {
	case GT_ACTION_MOVE_DOWN: a->help_top++; break;
	case GT_ACTION_MOVE_UP: if (a->help_top) a->help_top--; break;
	case GT_ACTION_PAGE_DOWN: case GT_ACTION_HALF_PAGE_DOWN: a->help_top += (size_t)rows / 2; break;
	case GT_ACTION_PAGE_UP: case GT_ACTION_HALF_PAGE_UP:
		a->help_top = a->help_top > (size_t)rows / 2 ? a->help_top - (size_t)rows / 2 : 0;
		break;
	case GT_ACTION_QUIT:
		return TUI_QUIT;
	default:
		tui_pop(a);
		break;
	}
	return TUI_REDRAW;
}
