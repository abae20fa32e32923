/* dump.c: save-screen and save-attrs from curses' virtual screen (see
 * dump.h). */
#include "tui/dump.h"

#include <curses.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

/* The cell's text (multibyte) at line+*len; whether it is not blank. */
static int put_text(char *line, size_t *len, const wchar_t *wch)
{
	mbstate_t st;
	memset(&st, 0, sizeof st);
	for (int i = 0; wch[i]; i++) {
		size_t n = wcrtomb(line + *len, wch[i], &st);
		if (n == (size_t)-1) {
			line[*len] = '?';
			n = 1;
		}
		*len += n;
	}
	return !(wch[0] == L' ' && !wch[1]);
}

/* The cell's attributes as one letter (dump.h); whether there are any. */
static int put_attr(char *line, size_t *len, attr_t a, short pair)
{
	char c = a & A_REVERSE ? 'r' : a & A_BOLD ? 'b' : a & A_UNDERLINE ? 'u'
		: a & A_DIM ? 'd' : pair ? 'c' : '.';
	line[(*len)++] = c;
	return c != '.';
}

static int dump(const char *path, int attrs)
{
	FILE *f = fopen(path, "w");
	if (!f)
		return -1;
	/* newscr holds what the next doupdate shows; after doupdate it equals
	 * curscr.  Read it cell by cell so wide and multibyte cells survive. */
	WINDOW *w = newscr ? newscr : stdscr;
	char *line = malloc((size_t)COLS * MB_LEN_MAX * 2 + 1);
	if (!line) {
		fclose(f);
		return -1;
	}
	for (int y = 0; y < LINES; y++) {
		size_t len = 0, keep = 0; /* trailing blanks are dropped */
		for (int x = 0; x < COLS; x++) {
			cchar_t cc;
			wchar_t wch[CCHARW_MAX + 1];
			attr_t a;
			short pair;
			if (mvwin_wch(w, y, x, &cc) == ERR)
				break;
			if (getcchar(&cc, wch, &a, &pair, NULL) == ERR)
				continue;
			if (!wch[0])
				continue; /* second half of a wide character */
			if (attrs ? put_attr(line, &len, a, pair) : put_text(line, &len, wch))
				keep = len;
		}
		fwrite(line, 1, keep, f);
		fputc('\n', f);
	}
	free(line);
	return fclose(f);
}

int tui_dump_screen(const char *path) { return dump(path, 0); }
int tui_dump_attrs(const char *path) { return dump(path, 1); }
