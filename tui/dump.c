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

/* The cell's foreground colour number (-1 the default) and b, d for bold
 * and dim, after a space but at a line's start; whether it is not plain. */
static int put_color(char *line, size_t *len, attr_t a, short pair)
{
	short f = -1, b = -1;
	if (pair)
		pair_content(pair, &f, &b);
	int n = sprintf(line + *len, "%s%d%s%s", *len ? " " : "", f, a & A_BOLD ? "b" : "",
	                a & A_DIM ? "d" : "");
	*len += (size_t)(n > 0 ? n : 0);
	return f != -1 || (a & (A_BOLD | A_DIM));
}

/* mode: 0 text, 1 attributes, 2 colours */
static int dump(const char *path, int mode)
{
	FILE *f = fopen(path, "w");
	if (!f)
		return -1;
	/* newscr holds what the next doupdate shows; after doupdate it equals
	 * curscr.  Read it cell by cell so wide and multibyte cells survive. */
	WINDOW *w = newscr ? newscr : stdscr;
	char *line = malloc((size_t)COLS * (MB_LEN_MAX * 2 + 8) + 1);
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
			if (mode == 2 ? put_color(line, &len, a, pair)
			    : mode ? put_attr(line, &len, a, pair) : put_text(line, &len, wch))
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
int tui_dump_colors(const char *path) { return dump(path, 2); }
