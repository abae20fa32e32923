/* rsplit.h: where a region's or task's time went (gt_rtime: its
 * goroutines' states inside it, the waits by class) drawn as a stacked
 * bar, one character per 1/width of the time, in the looks the lanes
 * draw (glook.h), and as figures. */
#ifndef GT_TUI_RSPLIT_H
#define GT_TUI_RSPLIT_H

#include <stddef.h>

#include "model/model.h"
#include "tui/glook.h"

/* The time of each look (running, syscall, runnable, waits by class) in
 * rt; returns their sum. */
int64_t tui_rsplit_looks(const struct gt_rtime *rt, int64_t ns[TUI_GL__COUNT]);
/* The bar in w columns at (y, x): look k takes the columns from its
 * share's start to its end, each rounded (so the columns add up to w);
 * "no time" dim when rt has none. */
void tui_rsplit_bar(int y, int x, int w, const struct gt_rtime *rt);
/* "running 34.8ms 10.9%  runnable ...  waiting 281ms 87.8%: chan/select
 * 2.36ms, sync 279ms": the states with time, then the classes with some. */
void tui_rsplit_text(char *buf, size_t n, const struct gt_rtime *rt);

#endif
