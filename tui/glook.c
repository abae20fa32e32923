/* glook.c: the looks of goroutine states in lane cells (glook.h). */
#include "tui/glook.h"

#include <stdio.h>
#include <string.h>

#include "tui/app.h"
#include "tui/colors.h"
#include "tui/glyphs.h"

static const struct look {
	enum tui_color role;
	enum tui_glyph glyph;
} looks[TUI_GL__COUNT] = {
	[TUI_GL_RUNNING] = {TUI_C_G_RUNNING, TUI_G_FULL},
	[TUI_GL_SYSCALL] = {TUI_C_G_SYSCALL, TUI_G_DARK},
	[TUI_GL_RUNNABLE] = {TUI_C_G_RUNNABLE, TUI_G_MEDIUM},
	[TUI_GL_WAIT + GT_WC_CHAN] = {TUI_C_G_WCHAN, TUI_G_WCHAN},
	[TUI_GL_WAIT + GT_WC_SYNC] = {TUI_C_G_WSYNC, TUI_G_WSYNC},
	[TUI_GL_WAIT + GT_WC_NET] = {TUI_C_G_WNET, TUI_G_WNET},
	[TUI_GL_WAIT + GT_WC_SLEEP] = {TUI_C_G_WSLEEP, TUI_G_WSLEEP},
	[TUI_GL_WAIT + GT_WC_GC] = {TUI_C_G_WGC, TUI_G_WGC},
	[TUI_GL_WAIT + GT_WC_OTHER] = {TUI_C_G_WOTHER, TUI_G_LIGHT},
};

/* The class of reason r: the last one asked again (a lane's columns
 * mostly repeat it). */
static enum gt_wait_class wclass(const struct gt_model *m, gt_str r)
{
	static const struct gt_model *lm;
	static gt_str lr;
	static enum gt_wait_class lc;
	if (m != lm || r != lr) {
		lc = gt_wait_class(gt_model_str(m, r));
		lm = m;
		lr = r;
	}
	return lc;
}

int tui_glook_of(const struct gt_model *m, int state, gt_str reason)
{
	switch (state) {
	case GT_GS_RUNNING: return TUI_GL_RUNNING;
	case GT_GS_SYSCALL: return TUI_GL_SYSCALL;
	case GT_GS_RUNNABLE: return TUI_GL_RUNNABLE;
	case GT_GS_WAITING: return TUI_GL_WAIT + (int)wclass(m, reason);
	default: return -1;
	}
}

int tui_glook_col(const struct gt_model *m, const struct gt_col *c)
{
	int st = tui_gcol_state(c);
	if (st != GT_GS_WAITING)
		return st < 0 ? -1 : tui_glook_of(m, st, 0);
	/* its longest span is not a wait (an undetermined stretch): unsaid */
	return tui_glook_of(m, st, c->top == GT_GS_WAITING ? c->reason : 0);
}

int tui_glook_attr(int look)
{
	return (unsigned)look < TUI_GL__COUNT ? tui_attr(looks[look].role) : 0;
}

const char *tui_glook_glyph(int look)
{
	return (unsigned)look < TUI_GL__COUNT ? tui_glyph(looks[look].glyph) : " ";
}

const char *tui_glook_col_glyph(const struct gt_col *c, int look)
{
	static const int state[TUI_GL_WAIT] = {
		[TUI_GL_RUNNING] = GT_GS_RUNNING, [TUI_GL_SYSCALL] = GT_GS_SYSCALL,
		[TUI_GL_RUNNABLE] = GT_GS_RUNNABLE,
	};
	if (look < 0 || look >= TUI_GL_WAIT)
		return tui_glook_glyph(look);
	unsigned e = gt_col_eighths(c, 1u << state[look]);
	return e >= 8 || e == 0 ? tui_glook_glyph(look) : tui_glyph((enum tui_glyph)(TUI_G_PART1 + (int)e - 1));
}

const char *tui_glook_name(int look)
{
	switch (look) {
	case TUI_GL_RUNNING: return "running";
	case TUI_GL_SYSCALL: return "syscall";
	case TUI_GL_RUNNABLE: return "runnable";
	default:
		return look >= TUI_GL_WAIT && look < TUI_GL__COUNT
		       ? gt_wait_class_name((enum gt_wait_class)(look - TUI_GL_WAIT)) : "";
	}
}

const char *tui_glook_help(int look)
{
	static const char *const help[TUI_GL__COUNT] = {
		"running on a P",
		"in a system call",
		"runnable: ready, waiting for a P",
		"waiting on a channel: chan send, chan receive, select, forever (nil channel, empty select)",
		"waiting in sync: Mutex, RWMutex, WaitGroup (sync), sync.(*Cond).Wait",
		"waiting on the network poller: sockets, pipes, deadlines (network)",
		"waiting in time.Sleep or on a timer (sleep)",
		"waiting for the GC or in the runtime: mark assist, sweeper, system goroutines, preempted",
		"waiting for another reason, or the trace gives none",
	};
	return (unsigned)look < TUI_GL__COUNT ? help[look] : "";
}

/* Short names, for a legend in a narrow terminal. */
static const char *const short_names[TUI_GL__COUNT] = {
	"run", "syscall", "runnable", "chan", "sync", "net", "sleep", "GC", "other",
};

static size_t legend(char *buf, size_t n, int shorter)
{
	size_t at = 0, cols = 0;
	buf[0] = 0;
	for (int k = 0; k < TUI_GL__COUNT && at < n; k++) {
		const char *name = shorter ? short_names[k] : tui_glook_name(k);
		const char *sep = shorter ? k == TUI_GL_WAIT ? " wait: " : k ? " " : ""
		                          : k == TUI_GL_WAIT ? "  waiting: " : k ? "  " : "";
		int w = snprintf(buf + at, n - at, "%s%s %s", sep, tui_glook_glyph(k), name);
		if (w < 0 || (size_t)w >= n - at)
			break;
		at += (size_t)w;
	}
	for (size_t i = 0; i < at; i++) /* columns: one a character */
		cols += ((unsigned char)buf[i] & 0xC0) != 0x80;
	return cols;
}

int tui_glook_legend(char *buf, size_t n, int width)
{
	/* the busy looks' parts of a cell after them, where they fit: the
	 * short names rather than none */
	char part[2][96];
	int pw[2], pcols[2] = {0, 0};
	for (int k = 0; k < 2; k++) {
		pw[k] = snprintf(part[k], sizeof part[k], "%s%s%s%s %s", k ? " " : "  ", tui_glyph(TUI_G_PART1),
		                 tui_glyph(TUI_G_PART4), tui_glyph(TUI_G_PART7), k ? "part" : "part of a cell");
		for (int i = 0; i < pw[k]; i++) /* columns: one a character */
			pcols[k] += ((unsigned char)part[k][i] & 0xC0) != 0x80;
	}
	int full = (int)legend(buf, n, 0);
	int shorter = full + pcols[0] > width && (full > width || (int)legend(buf, n, 1) + pcols[1] <= width);
	int cols = (int)legend(buf, n, shorter);
	size_t at = strlen(buf);
	if (cols + pcols[shorter] <= width && at + (size_t)pw[shorter] < n) {
		memcpy(buf + at, part[shorter], (size_t)pw[shorter] + 1);
		cols += pcols[shorter];
	}
	return cols;
}

void tui_gstate_why(const struct gt_model *m, char *buf, size_t n, int state, gt_str reason)
{
	const char *r = gt_model_str(m, reason);
	if (state == GT_GS_WAITING)
		snprintf(buf, n, " (%s: %s)", tui_glook_name(tui_glook_of(m, state, reason)),
		         *r ? r : "no reason given");
	else
		snprintf(buf, n, "%s%s%s", *r ? " (" : "", r, *r ? ")" : "");
}
