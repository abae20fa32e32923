/* stack.c: stacks laid out for the screen's width (see stack.h). */
#include "tui/stack.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "tui/app.h"
#include "tui/colors.h"
#include "tui/draw.h"
#include "tui/glyphs.h"

#define LINE_MAX_BYTES 2048

/* The import path part of a function name: up to the first '.' after the
 * last '/' ("github.com/a/b/pkg.(*T).f" -> "github.com/a/b/pkg"); its
 * length, 0 for the standard library (no '/'). */
static size_t import_path_len(const char *f)
{
	const char *slash = strrchr(f, '/');
	if (!slash)
		return 0;
	const char *dot = strchr(slash, '.');
	return dot ? (size_t)(dot - f) : strlen(f);
}

/* Longest common prefix of *p (*n bytes; SIZE_MAX: not set yet) and s's
 * first len bytes. */
static void common(const char **p, size_t *n, const char *s, size_t len)
{
	if (*n == SIZE_MAX) {
		*p = s;
		*n = len;
		return;
	}
	size_t i = 0;
	while (i < *n && i < len && (*p)[i] == s[i])
		i++;
	*n = i;
}

/* Cuts a prefix back to its last '/' (kept); 0 when what is left is too
 * short to be worth a legend line (under two path elements). */
static size_t at_slash(const char *p, size_t n)
{
	if (n == SIZE_MAX)
		return 0;
	while (n && p[n - 1] != '/')
		n--;
	size_t slashes = 0;
	for (size_t i = 0; i < n; i++)
		slashes += p[i] == '/';
	return slashes >= 2 && n >= 12 ? n : 0;
}

struct prefixes { const char *fn, *file; size_t nfn, nfile; };

/* The prefixes shared by the functions outside the standard library and
 * by their files (often the same string; not with absolute file paths). */
static void shared_prefixes(const struct gt_tables *t, const uint32_t *fr, size_t n, struct prefixes *p)
{
	size_t nfn = SIZE_MAX, nfile = SIZE_MAX, users = 0;
	const char *fn = NULL, *file = NULL;
	for (size_t i = 0; i < n; i++) {
		const struct gt_frame *f = gt_frame_get(t, fr[i]);
		if (!f || !f->func)
			continue;
		const char *name = gt_str_get(t, f->func);
		size_t ip = import_path_len(name);
		if (!ip)
			continue;
		users++;
		common(&fn, &nfn, name, ip);
		const char *path = gt_str_get(t, f->file);
		common(&file, &nfile, path, strlen(path));
	}
	if (users && nfn != SIZE_MAX && nfile != SIZE_MAX) {
		/* files named by import path (-trimpath, module cache): one
		 * prefix for both, so one legend */
		size_t both = 0;
		while (both < nfn && both < nfile && fn[both] == file[both])
			both++;
		if (at_slash(fn, both)) {
			nfn = nfile = both;
			file = fn;
		}
	}
	p->fn = fn;
	p->file = file;
	p->nfn = users ? at_slash(fn, nfn) : 0;
	p->nfile = users ? at_slash(file, nfile) : 0;
}

/* s with its first n bytes (a shared prefix) written as the ellipsis. */
static const char *shorten(char *buf, size_t len, const char *s, const char *prefix, size_t n)
{
	if (!n || strlen(s) <= n || strncmp(s, prefix, n))
		return s;
	snprintf(buf, len, "%s/%s", tui_glyph(TUI_G_ELLIPSIS), s + n);
	return buf;
}

/* text cut at its start to w columns: "…" then its end.  One pass: a
 * hostile trace's file names may be kilobytes long. */
static void fit_left(char *text, int w)
{
	int tw = tui_width(text);
	if (tw <= w || w < 2)
		return;
	char *s = text;
	while (*s && tw > w - 1) {
		char one[8] = {0};
		size_t n = 1;
		while (n < sizeof one - 1 && (((unsigned char)s[n]) & 0xC0) == 0x80)
			n++;
		memcpy(one, s, n);
		tw -= tui_width(one);
		s += n;
	}
	char tmp[LINE_MAX_BYTES];
	snprintf(tmp, sizeof tmp, "%s%s", tui_glyph(TUI_G_ELLIPSIS), s);
	memcpy(text, tmp, strlen(tmp) + 1);
}

static int uses(const struct gt_frame *f, gt_str match)
{
	return match && (f->func == match || f->file == match);
}

size_t tui_stack_lines(const struct gt_tables *t, gt_stack st, int w, int indent, gt_str match,
                       tui_stack_line_fn fn, void *ctx)
{
	size_t n = st ? gt_stack_depth(t, st) : 0;
	char line[LINE_MAX_BYTES];
	if (indent > 16)
		indent = 16;
	if (!n) {
		snprintf(line, sizeof line, "%*s(no stack)", indent, "");
		fn(ctx, TUI_C_DIM, line);
		return 1;
	}
	const uint32_t *fr = gt_stack_frames(t, st);
	int wide = w >= TUI_STACK_WIDE, export = w == TUI_STACK_EXPORT;
	struct prefixes p = {NULL, NULL, 0, 0};
	size_t lines = 0;
	if (!wide && !export) {
		shared_prefixes(t, fr, n, &p);
		if (p.nfn || p.nfile) {
			const char *e = tui_glyph(TUI_G_ELLIPSIS);
			if (p.nfn && p.nfile && (p.nfn != p.nfile || strncmp(p.fn, p.file, p.nfn)))
				snprintf(line, sizeof line, "%*s%s/ = %.*s (functions), %.*s (files)", indent, "", e,
				         (int)p.nfn, p.fn, (int)p.nfile, p.file);
			else
				snprintf(line, sizeof line, "%*s%s/ = %.*s", indent, "", e,
				         (int)(p.nfn ? p.nfn : p.nfile), p.nfn ? p.fn : p.file);
			fn(ctx, TUI_C_DIM, line);
			lines++;
		}
	}
	for (size_t i = 0; i < n; i++) {
		const struct gt_frame *f = gt_frame_get(t, fr[i]);
		if (!f)
			continue;
		const char *mark = uses(f, match) ? "> " : "";
		int pad = indent - (*mark ? 2 : 0);
		if (pad < 0)
			pad = 0;
		if (!f->func && !f->file) { /* no symbols (Go 1.5/1.6) */
			snprintf(line, sizeof line, "%*s%s0x%llx", pad, "", mark, (unsigned long long)f->pc);
			fn(ctx, TUI_C_FUNC, line);
			lines++;
			continue;
		}
		const char *name = gt_str_get(t, f->func), *file = gt_str_get(t, f->file);
		if (wide) {
			snprintf(line, sizeof line, "%*s%s%s  %s:%u", pad, "", mark, name, file, f->line);
			fn(ctx, TUI_C_FUNC, line);
			lines++;
			continue;
		}
		char sn[LINE_MAX_BYTES], sf[LINE_MAX_BYTES];
		if (!export) {
			name = shorten(sn, sizeof sn, name, p.fn, import_path_len(name) ? p.nfn : 0);
			file = shorten(sf, sizeof sf, file, p.file, p.nfile);
		}
		snprintf(line, sizeof line, "%*s%s%s%s", pad, "", mark, name, export ? "()" : "");
		fn(ctx, TUI_C_FUNC, line);
		snprintf(line, sizeof line, "%*s%s:%u", indent + 4, "", file, f->line);
		if (!export) {
			/* the end of a path matters most: cut its start */
			int room = w - (indent + 4);
			fit_left(line + indent + 4, room);
		}
		fn(ctx, TUI_C_FILELINE, line);
		lines += 2;
	}
	return lines;
}

int tui_stack_relayout(int w1, int w2)
{
	return w1 != w2 && (w1 < TUI_STACK_WIDE || w2 < TUI_STACK_WIDE);
}

/* ---- a stack pane --------------------------------------------------------- */

struct pane { int y, rows; size_t top, n; int cols; };

static void pane_line(void *ctx, int role, const char *text)
{
	struct pane *p = ctx;
	size_t i = p->n++;
	if (i >= p->top && i < p->top + (size_t)p->rows)
		tui_put(p->y + (int)(i - p->top), 0, p->cols, tui_attr((enum tui_color)role), text);
}

static void count_line(void *ctx, int role, const char *text)
{
	(void)ctx, (void)role, (void)text;
}

void tui_draw_stack(struct tui_app *a, int y, int rows, gt_stack st, size_t *top)
{
	const struct gt_tables *t = gt_model_tables(a->m);
	size_t top0 = 0;
	if (!top) /* a pane that does not scroll: from the first line */
		top = &top0;
	if (rows <= 0)
		return;
	size_t n = tui_stack_lines(t, st, a->cols, 2, 0, count_line, NULL);
	if (*top + (size_t)rows > n)
		*top = n > (size_t)rows ? n - (size_t)rows : 0;
	struct pane p = {y, rows, *top, 0, a->cols};
	tui_stack_lines(t, st, a->cols, 2, 0, pane_line, &p);
	/* more lines below: say so on the last row */
	if (*top + (size_t)rows < n) {
		char more[48];
		snprintf(more, sizeof more, " %s %zu more ", tui_glyph(TUI_G_ARROW_DN), n - *top - (size_t)rows);
		tui_put_right(y + rows - 1, 0, a->cols, tui_attr(TUI_C_DIM) | A_REVERSE, more);
	}
}
