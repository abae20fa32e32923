/* draw.h: text drawing helpers that clip to a width in columns, so that no
 * view ever writes past its box.  Text from the trace is shown as UTF-8
 * when the terminal is UTF-8, else with '?' for anything not ASCII. */
#ifndef GT_TUI_DRAW_H
#define GT_TUI_DRAW_H

void tui_draw_init(int utf8);
/* Draws s at (y, x), at most w columns; text that does not fit ends in
 * an ellipsis (… or ~) in its last column.  Returns the columns used. */
int tui_put(int y, int x, int w, int attr, const char *s);
/* Same, right-aligned in [x, x+w). */
int tui_put_right(int y, int x, int w, int attr, const char *s);
int tui_printf(int y, int x, int w, int attr, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
/* Fills w columns at (y, x) with glyph g (a one-column string). */
void tui_fill(int y, int x, int w, int attr, const char *g);
/* Columns s takes. */
int tui_width(const char *s);
/* Case-insensitive substring (ASCII case folding). */
const char *tui_strcasestr(const char *hay, const char *needle);

#endif
