/* glook.h: how a goroutine's state looks in a lane cell (the timeline's
 * goroutine lanes, a goroutine's own timeline) and in their legends:
 * running, syscall, runnable, and Waiting by wait class (gt_wait_class),
 * each with a colour role and a glyph of its own, distinct in Unicode and
 * in ASCII; busy states are dense glyphs, waits light ones in a dim
 * attribute without colour (what is busy looks busy, issue 24). */
#ifndef GT_TUI_GLOOK_H
#define GT_TUI_GLOOK_H

#include <stddef.h>

#include "model/model.h"

enum tui_glook {
	TUI_GL_RUNNING, TUI_GL_SYSCALL, TUI_GL_RUNNABLE,
	TUI_GL_WAIT, /* + enum gt_wait_class */
	TUI_GL__COUNT = TUI_GL_WAIT + GT_WC__COUNT
};

/* The look of a goroutine lane's column c (gt_model_lane_columns
 * GT_LANE_G): its state as tui_gcol_state picks it (what ran shows,
 * however short) and, Waiting, the class of the reason of its longest
 * span (gt_col.reason); -1 when it holds nothing. */
int tui_glook_col(const struct gt_model *m, const struct gt_col *c);
/* The look of state entered with reason; -1 for none (not existing). */
int tui_glook_of(const struct gt_model *m, int state, gt_str reason);
int tui_glook_attr(int look);
const char *tui_glook_glyph(int look);
/* The glyph of column c drawn as look (tui_glook_col): a busy look
 * (running, syscall, runnable) shows the share of the column its state
 * took (gt_col_eighths): its own glyph when it took all of it (15/16 or
 * more), else the left part of a block that many eighths wide ▏▎▍▌▋▊▉
 * (ASCII: "," under half, ";" from half); a wait its glyph. */
const char *tui_glook_col_glyph(const struct gt_col *c, int look);
/* "running", "syscall", "runnable", then the wait classes' names. */
const char *tui_glook_name(int look);
/* What it means, in a line (the help overlay). */
const char *tui_glook_help(int look);
/* "█ running  ▓ syscall  ▒ runnable  waiting: ─ chan/select  ...", with
 * shorter names when that is wider than width columns (73 columns), then
 * "  ▏▌▉ part of a cell" (" ▏▌▉ part") where it fits; returns its
 * width. */
int tui_glook_legend(char *buf, size_t n, int width);

/* What a state entered with reason waits on, for a line that names the
 * state: " (chan/select: chan receive)" for Waiting (the class, then the
 * trace's reason), " (reason)" for another state with one, else "". */
void tui_gstate_why(const struct gt_model *m, char *buf, size_t n, int state, gt_str reason);

#endif
