/* util.h: allocation that never returns NULL (the UI has no way to go on
 * without memory; decode/ and model/ report errors instead), and small
 * formatting helpers shared by the views. */
#ifndef GT_TUI_UTIL_H
#define GT_TUI_UTIL_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

void *tui_xmalloc(size_t n);
void *tui_xcalloc(size_t n, size_t size);
void *tui_xreallocarray(void *p, size_t n, size_t size);
char *tui_xstrdup(const char *s);

/* pthread_create(th, fn, arg) with every signal blocked in the new
 * thread: the terminal's signals stay the main thread's.  Its result. */
int tui_thread_start(pthread_t *th, void *(*fn)(void *), void *arg);

/* The monotonic clock in ms: what background work and the load time
 * themselves by. */
double tui_now_ms(void);

/* Called by tui_xmalloc & co. before exiting, to restore the terminal. */
extern void (*tui_die_callback)(void);
void tui_die(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));

/* "1.234s", "12.3ms", "456us", "789ns"; width <= 8. */
void tui_fmt_dur(char *buf, size_t len, int64_t ns);
/* The views' arithmetic on times (windows, pans, zooms: sums of a few
 * of them) stays inside int64 while the times they work with lie within
 * +-2^61 ns (73 years): the trace's bounds and a goroutine's are kept
 * there (a hostile trace's times may lie anywhere in int64; the views
 * then show the part inside). */
#define TUI_TIME_BOUND ((int64_t)1 << 61)
int64_t tui_time_bound(int64_t t);
/* end - start, and a + b, saturating (a duration of a hostile trace, or
 * a sum of them, may pass int64). */
int64_t tui_dur(int64_t start, int64_t end);
int64_t tui_add(int64_t a, int64_t b);
/* A list of n lines shown rows at a time: keeps *sel inside it and *top
 * (the first line shown) so that *sel is on screen.  Every list view
 * calls it before drawing. */
void tui_list_fit(size_t *sel, size_t *top, size_t n, int rows);
/* cur moved by d rows, kept inside a list of n rows (0 when empty). */
size_t tui_move_sel(size_t cur, long d, size_t n);
/* The rows a list moves by for a moving action (move-up/down, pages,
 * half pages, first/last) on a list of n rows, rows shown: 1 with *d set,
 * 0 when act does not move a list. */
int tui_list_step(int act, int rows, size_t n, long *d);
/* Bytes as "12.3MB". */
void tui_fmt_bytes(char *buf, size_t len, uint64_t b);

#endif
