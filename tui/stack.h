/* stack.h: a stack as lines of text that fit the screen.
 *
 * From TUI_STACK_WIDE columns on, a frame is one line "func  file:line".
 * Narrower, a frame takes two lines as Go's panics print it, the file:line
 * indented under its function, and an import path prefix that all the
 * program's own frames share (a module: "github.com/evanw/esbuild/") is
 * written once, in a legend line above the frames, and shown as "…/" in
 * them.  A file:line wider than the screen loses its start, never its end.
 * For export (the clipboard, a file) frames are written as `gtview
 * goroutines` writes them: "func()" then the file:line under it, in full.
 */
#ifndef GT_TUI_STACK_H
#define GT_TUI_STACK_H

#include <stddef.h>

#include "model/model.h"

#define TUI_STACK_WIDE 120
#define TUI_STACK_EXPORT 0 /* width for export: full names */

/* Called once per line with its colour role (enum tui_color). */
typedef void (*tui_stack_line_fn)(void *ctx, int role, const char *text);

/* The lines of stack st for a screen w columns wide (TUI_STACK_EXPORT:
 * for export), each starting with indent spaces; a frame that uses the
 * string match (a function or file name; 0: none) is marked "> " (the
 * mark takes two of the indent's columns).  Returns the number of lines. */
size_t tui_stack_lines(const struct gt_tables *t, gt_stack st, int w, int indent, gt_str match,
                       tui_stack_line_fn fn, void *ctx);

/* Whether lines laid out for width w1 must be laid out again for w2. */
int tui_stack_relayout(int w1, int w2);

#endif
