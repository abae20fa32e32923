/* draw.c: clipped text drawing (see draw.h). */
#include "tui/draw.h"
#include "report/escape.h"

#include <ctype.h>
#include <curses.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <wchar.h>

static int utf8;

void tui_draw_init(int u) { utf8 = u; }

/* Length in bytes and width in columns of the character at s. */
static size_t next_char(const char *s, int *cols)
{
	unsigned char c = (unsigned char)*s;
	if (c < 0x80 || !utf8) {
		*cols = 1;
		return 1;
	}
	mbstate_t st;
	memset(&st, 0, sizeof st);
	wchar_t wc;
	size_t n = mbrtowc(&wc, s, strnlen(s, MB_LEN_MAX), &st);
	if (n == (size_t)-1 || n == (size_t)-2 || n == 0) {
		*cols = 1;
		return 1;
	}
	int w = wcwidth(wc);
	*cols = w < 0 ? 1 : w;
	return n;
}

int tui_width(const char *s)
{
	int w = 0, c;
	while (*s) {
		s += next_char(s, &c);
		w += c;
	}
	return w;
}

int tui_put(int y, int x, int w, int attr, const char *s)
{
	if (w <= 0 || y < 0 || y >= LINES || x >= COLS)
		return 0;
	if (x + w > COLS)
		w = COLS - x;
	/* text cut short ends in an ellipsis, so that a cut name never
	 * reads as a whole one */
	int cut = tui_width(s) > w;
	int room = cut ? w - 1 : w;
	attrset(attr);
	move(y, x);
	int used = 0;
	while (*s) {
		int c;
		size_t n = next_char(s, &c);
		if (used + c > room)
			break;
		/* the viewer's rule for what does not pass (report/escape.h):
		 * a control character, C1 or a byte that is not UTF-8 is a '?' */
		unsigned char b = (unsigned char)*s;
		size_t len;
		if ((!utf8 && b >= 0x80) || !gt_esc_passes(s, strnlen(s, MB_LEN_MAX), &len))
			addch('?' | (chtype)attr);
		else if (c == 0)
			; /* combining or zero-width: skip */
		else
			addnstr(s, (int)n);
		s += n;
		used += c;
	}
	if (cut) {
		addstr(utf8 ? "\xe2\x80\xa6" : "~");
		used++;
	}
	attrset(0);
	return used;
}

int tui_put_right(int y, int x, int w, int attr, const char *s)
{
	int sw = tui_width(s);
	if (sw > w)
		sw = w;
	return tui_put(y, x + w - sw, sw, attr, s);
}

int tui_printf(int y, int x, int w, int attr, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	return tui_put(y, x, w, attr, buf);
}

void tui_fill(int y, int x, int w, int attr, const char *g)
{
	if (y < 0 || y >= LINES)
		return;
	if (x + w > COLS)
		w = COLS - x;
	attrset(attr);
	for (int i = 0; i < w; i++)
		mvaddstr(y, x + i, g);
	attrset(0);
}

const char *tui_strcasestr(const char *hay, const char *needle)
{
	size_t n = strlen(needle);
	if (!n)
		return hay;
	for (; *hay; hay++) {
		size_t i = 0;
		while (i < n && hay[i] &&
		       tolower((unsigned char)hay[i]) == tolower((unsigned char)needle[i]))
			i++;
		if (i == n)
			return hay;
	}
	return NULL;
}
