/* rsplit.c: a region's or task's time split as a bar and figures
 * (rsplit.h). */
#include "tui/rsplit.h"

#include <curses.h>
#include <stdio.h>

#include "tui/colors.h"
#include "tui/draw.h"
#include "tui/util.h"

int64_t tui_rsplit_looks(const struct gt_rtime *rt, int64_t ns[TUI_GL__COUNT])
{
	ns[TUI_GL_RUNNING] = rt->ns[GT_GS_RUNNING];
	ns[TUI_GL_SYSCALL] = rt->ns[GT_GS_SYSCALL];
	ns[TUI_GL_RUNNABLE] = rt->ns[GT_GS_RUNNABLE];
	for (int c = 0; c < GT_WC__COUNT; c++)
		ns[TUI_GL_WAIT + c] = rt->wait[c];
	int64_t total = 0;
	for (int k = 0; k < TUI_GL__COUNT; k++)
		total += ns[k] > 0 ? ns[k] : 0;
	return total;
}

void tui_rsplit_bar(int y, int x, int w, const struct gt_rtime *rt)
{
	if (w <= 0)
		return;
	int64_t ns[TUI_GL__COUNT];
	int64_t total = tui_rsplit_looks(rt, ns);
	if (total <= 0) {
		tui_put(y, x, w, tui_attr(TUI_C_DIM), "no time");
		return;
	}
	double cum = 0;
	int at = 0;
	for (int k = 0; k < TUI_GL__COUNT; k++) {
		if (ns[k] <= 0)
			continue;
		cum += (double)ns[k];
		int end = (int)(cum / (double)total * w + 0.5);
		if (end > w)
			end = w;
		for (; at < end; at++)
			tui_put(y, x + at, 1, tui_glook_attr(k), tui_glook_glyph(k));
	}
}

void tui_rsplit_text(char *buf, size_t n, const struct gt_rtime *rt)
{
	int64_t ns[TUI_GL__COUNT];
	int64_t total = tui_rsplit_looks(rt, ns);
	size_t at = 0;
	buf[0] = 0;
	if (total <= 0) {
		snprintf(buf, n, "no time counted: still open at the end, or no goroutine time in it");
		return;
	}
	static const int order[] = {GT_GS_RUNNING, GT_GS_RUNNABLE, GT_GS_SYSCALL, GT_GS_WAITING};
	static const char *const names[] = {"running", "runnable", "syscall", "waiting"};
	for (int i = 0; i < 4 && at < n; i++) {
		int64_t v = rt->ns[order[i]];
		if (v <= 0)
			continue;
		char d[32];
		tui_fmt_dur(d, sizeof d, v);
		int r = snprintf(buf + at, n - at, "%s%s %s %.1f%%", at ? "  " : "", names[i], d,
		                 100.0 * (double)v / (double)total);
		at += r > 0 ? (size_t)r : 0;
	}
	int first = 1;
	for (int c = 0; c < GT_WC__COUNT && at < n; c++) {
		if (rt->wait[c] <= 0)
			continue;
		char d[32];
		tui_fmt_dur(d, sizeof d, rt->wait[c]);
		int r = snprintf(buf + at, n - at, "%s%s %s", first ? ": " : ", ",
		                 gt_wait_class_name((enum gt_wait_class)c), d);
		at += r > 0 ? (size_t)r : 0;
		first = 0;
	}
}
