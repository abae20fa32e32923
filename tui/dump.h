/* dump.h: save-screen: writes what curses shows, as text, one line per
 * row with trailing blanks removed (for screen tests). */
#ifndef GT_TUI_DUMP_H
#define GT_TUI_DUMP_H

/* Returns 0, or -1 with errno set. */
int tui_dump_screen(const char *path);

#endif
