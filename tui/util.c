/* util.c: x*alloc and duration formatting (see util.h). */
#include "tui/util.h"

#include <time.h>

#include "keymaps/action.h"
#include "report/escape.h"

#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void (*tui_die_callback)(void);

void tui_die(const char *fmt, ...)
{
	if (tui_die_callback)
		tui_die_callback();
	va_list ap;
	va_start(ap, fmt);
	fputs("gtview: ", stderr);
	char msg[1024];
	vsnprintf(msg, sizeof msg, fmt, ap);
	gt_esc_puts(stderr, msg);
	fputc('\n', stderr);
	va_end(ap);
	exit(2);
}

void *tui_xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		tui_die("out of memory");
	return p;
}

void *tui_xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (!p)
		tui_die("out of memory");
	return p;
}

void *tui_xreallocarray(void *p, size_t n, size_t size)
{
	if (size && n > SIZE_MAX / size)
		tui_die("out of memory");
	size_t bytes = n * size;
	void *q = realloc(p, bytes ? bytes : 1);
	if (!q)
		tui_die("out of memory");
	return q;
}

char *tui_xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;
	return memcpy(tui_xmalloc(n), s, n);
}

int64_t tui_time_bound(int64_t t)
{
	return t < -TUI_TIME_BOUND ? -TUI_TIME_BOUND : t > TUI_TIME_BOUND ? TUI_TIME_BOUND : t;
}

int64_t tui_dur(int64_t start, int64_t end)
{
	int64_t d;
	return __builtin_sub_overflow(end, start, &d) ? (end > start ? INT64_MAX : INT64_MIN) : d;
}

int64_t tui_add(int64_t a, int64_t b)
{
	int64_t r;
	return __builtin_add_overflow(a, b, &r) ? (b > 0 ? INT64_MAX : INT64_MIN) : r;
}

void tui_fmt_dur(char *buf, size_t len, int64_t ns)
{
	const char *sign = ns < 0 ? "-" : "";
	uint64_t v = ns < 0 ? (uint64_t)-ns : (uint64_t)ns;
	/* a unit up where three digits would round to 1000 ("1e+03us") */
	if (v >= 99950000000ull)
		snprintf(buf, len, "%s%.0fs", sign, (double)v / 1e9);
	else if (v >= 999500000ull)
		snprintf(buf, len, "%s%.3gs", sign, (double)v / 1e9);
	else if (v >= 999500)
		snprintf(buf, len, "%s%.3gms", sign, (double)v / 1e6);
	else if (v >= 1000)
		snprintf(buf, len, "%s%.3gus", sign, (double)v / 1e3);
	else
		snprintf(buf, len, "%s%lluns", sign, (unsigned long long)v);
}

void tui_fmt_bytes(char *buf, size_t len, uint64_t b)
{
	if (b >= 1ull << 30)
		snprintf(buf, len, "%.1fGiB", (double)b / (1ull << 30));
	else if (b >= 1ull << 20)
		snprintf(buf, len, "%.1fMiB", (double)b / (1ull << 20));
	else if (b >= 1ull << 10)
		snprintf(buf, len, "%.1fKiB", (double)b / (1ull << 10));
	else
		snprintf(buf, len, "%lluB", (unsigned long long)b);
}

size_t tui_move_sel(size_t cur, long d, size_t n)
{
	if (!n)
		return 0;
	long s = (long)cur + d;
	if (s < 0)
		s = 0;
	if (s >= (long)n)
		s = (long)n - 1;
	return (size_t)s;
}

int tui_list_step(int act, int rows, size_t n, long *d)
{
	switch (act) {
	case GT_ACTION_MOVE_UP: *d = -1; return 1;
	case GT_ACTION_MOVE_DOWN: *d = 1; return 1;
	case GT_ACTION_PAGE_UP: *d = -rows; return 1;
	case GT_ACTION_PAGE_DOWN: *d = rows; return 1;
	case GT_ACTION_HALF_PAGE_UP: *d = -rows / 2; return 1;
	case GT_ACTION_HALF_PAGE_DOWN: *d = rows / 2; return 1;
	case GT_ACTION_GOTO_FIRST: *d = -(long)n; return 1;
	case GT_ACTION_GOTO_LAST: *d = (long)n; return 1;
	default: return 0;
	}
}

void tui_list_fit(size_t *sel, size_t *top, size_t n, int rows)
{
	if (*sel >= n)
		*sel = n ? n - 1 : 0;
	if (*sel < *top)
		*top = *sel;
	if (rows > 0 && *sel >= *top + (size_t)rows)
		*top = *sel - (size_t)rows + 1;
}

int tui_thread_start(pthread_t *th, void *(*fn)(void *), void *arg)
{
	sigset_t all, old;
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	int rc = pthread_create(th, NULL, fn, arg);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return rc;
}

double tui_now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}
