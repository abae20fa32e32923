/* window.h: `--window FROM:TO`, the time range a headless report covers.
 *
 * FROM and TO are nanoseconds on the model's clock (the `min_ts`/`max_ts`
 * of `gtview stats --json`), decimal, signed: the clock of an old-format
 * trace starts at -1, so its min_ts is a window's FROM.  The window is
 * half-open, [FROM, TO), so two adjacent windows A:B and B:C add up to
 * A:C.  An end left out is open: `FROM:` runs to the end of the trace,
 * `:TO` from its start, `:` is the whole trace (as no --window).  FROM
 * must be below TO. */
#ifndef GT_CMD_WINDOW_H
#define GT_CMD_WINDOW_H

#include <stdint.h>

struct gt_window {
	int64_t t0, t1; /* [t0, t1); open ends are INT64_MIN / INT64_MAX */
};

/* The whole trace: [INT64_MIN, INT64_MAX). */
struct gt_window gt_window_all(void);

/* Parses s ("FROM:TO") into *w.  Returns 0, or -1 with *why set to a
 * static message ("FROM is not a number" …) for the caller's usage error
 * (exit status 2). */
int gt_window_parse(const char *s, struct gt_window *w, const char **why);

#endif
