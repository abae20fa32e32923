/* colors.c: colour roles to curses attributes (see colors.h). */
#include "tui/colors.h"

#include <curses.h>

static const struct role {
	short f256, b256, f8, b8;
	int attr, mono;
} roles[] = {
#define TUI_X(id, f2, b2, f8, b8, a, m) {f2, b2, f8, b8, a, m},
	TUI_COLOR_ROLES(TUI_X)
#undef TUI_X
};

static int mode;
static int attrs[TUI_C__COUNT];

void tui_colors_init(int want_color)
{
	/* want_color already has NO_COLOR and the config applied (config.h) */
	mode = 0;
	if (want_color && has_colors() && start_color() == OK) {
		use_default_colors();
		mode = COLORS >= 256 ? 256 : 8;
	}
	for (int i = 0; i < TUI_C__COUNT; i++) {
		const struct role *r = &roles[i];
		if (!mode) {
			attrs[i] = r->mono;
			continue;
		}
		short f = mode == 256 ? r->f256 : r->f8;
		short b = mode == 256 ? r->b256 : r->b8;
		if (i == 0 || COLOR_PAIRS <= i) {
			attrs[i] = r->attr;
			continue;
		}
		init_pair((short)i, f, b);
		attrs[i] = (int)COLOR_PAIR(i) | r->attr;
	}
}

int tui_colors_mode(void) { return mode; }

int tui_attr(enum tui_color r)
{
	return (unsigned)r < TUI_C__COUNT ? attrs[r] : 0;
}
