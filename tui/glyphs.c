/* glyphs.c: Unicode or ASCII drawing characters (see glyphs.h). */
#include "tui/glyphs.h"

static const char *const utf8_glyphs[] = {
#define TUI_X(id, u, a) u,
	TUI_GLYPHS(TUI_X)
#undef TUI_X
};
static const char *const ascii_glyphs[] = {
#define TUI_X(id, u, a) a,
	TUI_GLYPHS(TUI_X)
#undef TUI_X
};

static const char *const *glyphs = ascii_glyphs;

void tui_glyphs_init(int utf8) { glyphs = utf8 ? utf8_glyphs : ascii_glyphs; }

const char *tui_glyph(enum tui_glyph g)
{
	return (unsigned)g < TUI_G__COUNT ? glyphs[g] : "?";
}

const char *tui_glyph_bar(double frac)
{
	if (!(frac > 0))
		return " ";
	int i = (int)(frac * 8 + 0.5);
	if (i < 1)
		i = 1;
	if (i > 8)
		i = 8;
	return glyphs[TUI_G_BAR1 + i - 1];
}
