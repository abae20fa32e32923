/* dump.h: save-screen: writes what curses shows, as text, one line per
 * row with trailing blanks removed (for screen tests). */
#ifndef GT_TUI_DUMP_H
#define GT_TUI_DUMP_H

/* Returns 0, or -1 with errno set. */
int tui_dump_screen(const char *path);
/* The same screen's video attributes, a letter per cell: r reverse, b
 * bold, u underline, d dim (the first that applies), c colour only, '.'
 * none; trailing '.' removed.  Monochrome tests read it beside the text. */
int tui_dump_attrs(const char *path);
/* Its colours: per cell, space-separated, the foreground colour's number
 * (-1 the terminal's default) then b if bold, d if dim; trailing plain
 * cells removed.  Colour tests read it beside the text. */
int tui_dump_colors(const char *path);

#endif
