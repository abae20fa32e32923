/* window.c: parses `--window FROM:TO` (see window.h). */
#include "cmd/window.h"

#include <stdint.h>
#include <string.h>

struct gt_window gt_window_all(void)
{
	return (struct gt_window){INT64_MIN, INT64_MAX};
}

/* One end: an optional minus sign and digits (no plus, no spaces, no
 * units), within int64: the clock of an old-format trace starts at -1
 * (stats' min_ts), so a window may start there.  An empty end keeps *v
 * (the open end).  0, or -1 with *why. */
static int parse_end(const char *s, size_t n, int64_t *v, const char *name,
                     const char **why)
{
	static const char *bad[2][3] = {
		{"FROM is not a number of nanoseconds", "FROM is too large", "FROM is too small"},
		{"TO is not a number of nanoseconds", "TO is too large", "TO is too small"},
	};
	int which = name[0] == 'T';
	if (n == 0)
		return 0;
	int neg = s[0] == '-';
	if (neg && n == 1) {
		*why = bad[which][0];
		return -1;
	}
	/* the magnitude, up to INT64_MAX, or 2^63 below zero */
	uint64_t x = 0, lim = neg ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
	for (size_t i = (size_t)neg; i < n; i++) {
		if (s[i] < '0' || s[i] > '9') {
			*why = bad[which][0];
			return -1;
		}
		unsigned d = (unsigned)(s[i] - '0');
		if (x > (lim - d) / 10) {
			*why = bad[which][1 + neg];
			return -1;
		}
		x = x * 10 + d;
	}
	*v = !neg ? (int64_t)x : x ? -(int64_t)(x - 1) - 1 : 0;
	return 0;
}

int gt_window_parse(const char *s, struct gt_window *w, const char **why)
{
	struct gt_window r = gt_window_all();
	const char *colon = s ? strchr(s, ':') : NULL;
	if (!colon || strchr(colon + 1, ':')) {
		*why = "want FROM:TO (nanoseconds; either may be left out)";
		return -1;
	}
	if (parse_end(s, (size_t)(colon - s), &r.t0, "FROM", why) < 0 ||
	    parse_end(colon + 1, strlen(colon + 1), &r.t1, "TO", why) < 0)
		return -1;
	if (r.t0 >= r.t1) {
		*why = "FROM must be below TO";
		return -1;
	}
	*w = r;
	return 0;
}
