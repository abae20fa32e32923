/* export.c: the selection as text (its stacks in full, as `gtview
 * goroutines` writes them; or a goroutine's history), copied to the
 * clipboard with OSC 52 or written to a file.
 *
 * OSC 52 asks the terminal to set its clipboard: it travels with the rest
 * of the output, so it works over SSH, and tmux (set-clipboard on) keeps
 * it in its paste buffer and passes it on. */
#include "tui/app.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "report/escape.h"
#include "tui/util.h"

/* Terminals drop longer OSC 52 strings (xterm's limit is about 1 MB
 * encoded, some far less); past it the text is cut. */
#define OSC52_MAX (384 * 1024)

/* A goroutine's intervals, one a line: the view's list as text, the
 * trace's strings escaped (report/escape.h). */
static char *history_text(struct tui_app *a, size_t *nlines)
{
	const struct tui_goroutine *gd = &a->gd;
	const struct gt_goroutine g = tui_g(a, gd->g);
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	if (!f)
		tui_die("out of memory");
	fprintf(f, "G%lld ", (long long)g.id);
	gt_esc_puts(f, tui_g_func(a, &g));
	fprintf(f, ": %zu intervals\n", gd->nspans);
	for (size_t i = 0; i < gd->nspans; i++) {
		const struct tui_gspan *s = &gd->spans[i];
		char t[32], d[32], p[32] = "";
		tui_fmt_time(a, t, sizeof t, s->start);
		tui_fmt_dur(d, sizeof d, tui_dur(s->start, s->end));
		if (s->p != GT_NONE)
			snprintf(p, sizeof p, "P%lld", (long long)s->p);
		const char *where = gt_model_str(a->m, gt_model_stack_top_func(a->m, s->stack));
		fprintf(f, "%s  %-9s %9s  ", t, gt_gostate_name((enum gt_gostate)s->state), d);
		gt_esc_pad(f, gt_model_str(a->m, s->reason), 20);
		fprintf(f, " %s%s", p, *p && *where ? " " : "");
		gt_esc_puts(f, where);
		char sys[256];
		if (tui_goroutine_sys_text(a, i, sys, sizeof sys))
			gt_esc_puts(f, sys);
		fputc('\n', f);
	}
	if (fclose(f) != 0 || !text)
		tui_die("out of memory");
	*nlines = gd->nspans + 1;
	return text;
}

/* The text for what is selected in the current view, and a file name
 * for it; NULL (with a status) when there is nothing. */
static char *selection_text(struct tui_app *a, size_t *nlines, char *name, size_t namelen)
{
	struct tui_sel s;
	memset(&s, 0, sizeof s);
	switch (tui_current(a)) {
	case TUI_V_INSPECTOR:
		s = a->insp.sel;
		break;
	case TUI_V_TIMELINE:
		s = a->preview.sel; /* what the rows below the lanes show */
		if (!a->preview.nlines)
			s.kind = TUI_SEL_NONE;
		break;
	case TUI_V_GOROUTINES: {
		struct tui_goroutines *gl = &a->gl;
		if (gl->dirty || gl->by_func || gl->sel >= gl->nrows)
			break;
		uint32_t row = tui_goroutines_row(a, gl->sel);
		if (row & TUI_GROW_GROUP) {
			const struct tui_ggroup *grp = &gl->groups[row & ~TUI_GROW_GROUP];
			s.kind = TUI_SEL_GROUP;
			s.reason = grp->mg.why;
			s.stack = grp->mg.stack;
			s.count = grp->count;
			s.index = grp->index;
		} else {
			s.kind = TUI_SEL_GOROUTINE;
			s.g = row;
		}
		break;
	}
	case TUI_V_GOROUTINE:
		if (a->gd.pane == 1 || !a->gd.nspans) {
			snprintf(name, namelen, "gtview-G%lld-history.txt", (long long)tui_g(a, a->gd.g).id);
			return history_text(a, nlines);
		}
		tui_goroutine_sel(a, &s);
		break;
	case TUI_V_GC:
		if (a->gc.built && a->gc.sel < a->gc.nrows) {
			s.kind = TUI_SEL_RANGE;
			s.set = a->gc.rows[a->gc.sel].set;
			s.index = a->gc.rows[a->gc.sel].index;
		}
		break;
	default:
		break;
	}
	if (s.kind == TUI_SEL_NONE) {
		tui_status(a, "nothing selected to copy here");
		return NULL;
	}
	if (s.kind == TUI_SEL_GOROUTINE || s.kind == TUI_SEL_GSPAN || s.kind == TUI_SEL_PSPAN)
		snprintf(name, namelen, "gtview-G%lld.txt", (long long)tui_g(a, s.g).id);
	else
		snprintf(name, namelen, "gtview-%s.txt", s.kind == TUI_SEL_GROUP ? "blocked" : "selection");
	return tui_inspector_text(a, &s, nlines);
}

static char *base64(const char *s, size_t n)
{
	static const char tab[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	char *out = tui_xmalloc((n + 2) / 3 * 4 + 1), *o = out;
	for (size_t i = 0; i < n; i += 3) {
		uint32_t v = (uint32_t)(unsigned char)s[i] << 16;
		if (i + 1 < n)
			v |= (uint32_t)(unsigned char)s[i + 1] << 8;
		if (i + 2 < n)
			v |= (unsigned char)s[i + 2];
		*o++ = tab[v >> 18 & 63];
		*o++ = tab[v >> 12 & 63];
		*o++ = i + 1 < n ? tab[v >> 6 & 63] : '=';
		*o++ = i + 2 < n ? tab[v & 63] : '=';
	}
	*o = 0;
	return out;
}

int tui_export_copy(struct tui_app *a)
{
	size_t nlines;
	char name[64];
	char *text = selection_text(a, &nlines, name, sizeof name);
	if (!text)
		return TUI_REDRAW_STATUS;
	size_t n = strlen(text);
	int cut = n > OSC52_MAX;
	if (cut) { /* whole lines */
		n = OSC52_MAX;
		while (n && text[n - 1] != '\n')
			n--;
	}
	char *b64 = base64(text, n);
	if (a->term.out) {
		fprintf(a->term.out, "\033]52;c;%s\a", b64);
		fflush(a->term.out);
	}
	free(b64);
	free(text);
	tui_status(a, "copied %zu lines to the clipboard (OSC 52)%s", nlines, cut ? ", cut at 384KB" : "");
	return TUI_REDRAW_STATUS;
}

void tui_export_default_name(struct tui_app *a, char *buf, size_t len)
{
	size_t nlines;
	char name[64];
	char *text = selection_text(a, &nlines, name, sizeof name);
	buf[0] = 0;
	if (!text)
		return;
	free(text);
	a->status[0] = 0;
	/* a name that is not taken yet */
	snprintf(buf, len, "%s", name);
	char *dot = strrchr(name, '.');
	for (int i = 2; i < 100 && access(buf, F_OK) == 0; i++)
		snprintf(buf, len, "%.*s-%d%s", (int)(dot - name), name, i, dot);
}

int tui_export_save(struct tui_app *a, const char *path)
{
	size_t nlines;
	char name[64];
	if (!*path) {
		tui_status(a, "not saved: no file name");
		return TUI_REDRAW_STATUS;
	}
	char *text = selection_text(a, &nlines, name, sizeof name);
	if (!text)
		return TUI_REDRAW_STATUS;
	/* never over a file that exists: the name was typed in a hurry */
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	size_t n = strlen(text);
	int ok = fd >= 0 && write(fd, text, n) == (ssize_t)n;
	int err = errno;
	if (fd >= 0 && close(fd) < 0 && ok) {
		ok = 0;
		err = errno;
	}
	free(text);
	if (!ok && fd >= 0)
		unlink(path); /* not half a file */
	if (!ok) {
		tui_status(a, "%s: %s", path, strerror(err));
		a->status_error = 1;
	} else {
		tui_status(a, "wrote %zu lines to %s", nlines, path);
	}
	return TUI_REDRAW_STATUS;
}
