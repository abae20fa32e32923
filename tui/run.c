/* run.c: loading with a progress bar, then the poll loop (ppoll with
 * the signals unblocked only while waiting, termkey's Escape timeout), and
 * headless runs driven by GTVIEW_SCRIPT with its :commands. */
#define _GNU_SOURCE /* ppoll */
#include "tui/app.h"
#include "tui/tui.h"

#include <curses.h>
#include <errno.h>
#include <langinfo.h>
#include <locale.h>
#include <malloc.h>
#include <poll.h>
#include <signal.h>
#include <stdatomic.h>
#include <sys/resource.h>
#include <stdio.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>

#include "tui/colors.h"
#include "tui/draw.h"
#include "tui/dump.h"
#include "tui/glyphs.h"
#include "tui/live.h"
#include "tui/script.h"
#include "tui/signals.h"
#include "tui/util.h"
#include "report/escape.h"

/* ---- script commands (headless tests) ------------------------------------ */

/* ":bench-frames N FILE": draws N frames of the current view at random
 * (but repeatable) zooms and cursor positions; writes ms per frame. */
static int bench_frames(struct tui_app *a, int n, const char *path)
{
	uint64_t seed = 0x9E3779B97F4A7C15ull;
	int64_t full = a->info.max_ts + 1 - a->info.min_ts;
	double total = 0, worst = 0;
	struct tui_timeline saved = a->tl;
	for (int i = 0; i < n; i++) {
		seed = seed * 6364136223846793005ull + 1442695040888963407ull;
		int zoom = (int)(seed >> 58);          /* 0..63 halvings */
		int64_t span = full >> (zoom % 40);
		if (span < 100)
			span = 100;
		double pos = (double)((seed >> 20) & 0xFFFFF) / 0x100000;
		a->tl.t0 = a->info.min_ts + (int64_t)(pos * (double)(full - span));
		a->tl.t1 = a->tl.t0 + span;
		a->tl.cursor = a->tl.t0 + span / 2;
		a->tl.cursor_set = 1;
		double t0 = tui_now_ms();
		tui_draw(a, TUI_REDRAW_ALL);
		double ms = tui_now_ms() - t0;
		total += ms;
		if (ms > worst)
			worst = ms;
	}
	a->tl = saved;
	FILE *f = fopen(path, "w");
	if (!f)
		tui_die("bench-frames %s: %s", path, strerror(errno));
	fprintf(f, "%s %dx%d view=%s frames=%d mean_ms=%.3f max_ms=%.3f\n", a->file_name, COLS, LINES,
	        tui_view_name(tui_current(a)), n, n ? total / n : 0, worst);
	fclose(f);
	return TUI_REDRAW_ALL;
}

/* ":save-rows FILE": the goroutine list's rows, one a line, with the
 * values its columns sort by (tests check the order). */
static void save_rows(struct tui_app *a, const char *path)
{
	tui_goroutines_sync(a); /* a script waits for a range's rows */
	tui_goroutines_settle(a);
	FILE *f = fopen(path, "w");
	if (!f)
		tui_die("save-rows %s: %s", path, strerror(errno));
	for (size_t i = 0; i < a->gl.nrows; i++) {
		uint32_t r = tui_goroutines_row(a, i);
		if (r & TUI_GROW_GROUP && a->gl.by_func) { /* with its figures */
			const struct gt_ggroup *g = &tui_goroutines_byfunc(a)->group[a->gl.groups[r & ~TUI_GROW_GROUP].index];
			fprintf(f, "group %u\t%u\t%s\t%lld\t%lld\t%lld\t%lld\n", r & ~TUI_GROW_GROUP, g->count,
			        gt_model_str(a->m, g->start_func), (long long)g->ns[GT_GS_RUNNING],
			        (long long)g->ns[GT_GS_RUNNABLE], (long long)g->ns[GT_GS_SYSCALL],
			        (long long)g->ns[GT_GS_WAITING]);
			continue;
		}
		if (r & TUI_GROW_GROUP) {
			fprintf(f, "group %u\n", r & ~TUI_GROW_GROUP);
			continue;
		}
		struct gt_goroutine g = tui_g(a, r);
		int64_t run, wait; /* in the marked range when there is one */
		tui_goroutines_times(a, r, &g, &run, &wait);
		fprintf(f, "%lld\t%u\t%lld\t%lld\t%s\t%s\n", (long long)g.id, g.end_state,
		        (long long)run, (long long)wait,
		        gt_model_str(a->m, tui_goroutines_reason(a, r)), gt_model_str(a->m, g.start_func));
	}
	if (fclose(f))
		tui_die("save-rows %s: %s", path, strerror(errno));
}

/* ":key-times FILE": from then on, each key's handling and the frame it
 * asks for, timed, one "KEY<TAB>ms" line a key (make bench's key walk).
 * ":key-times off" stops. */
static FILE *key_times;

static void set_key_times(const char *path)
{
	if (key_times)
		fclose(key_times);
	key_times = NULL;
	if (strcmp(path, "off") && !(key_times = fopen(path, "a")))
		tui_die("key-times %s: %s", path, strerror(errno));
}

/* ":peak-rss FILE": the process's peak resident size so far, appended
 * as "peak_rss_kb N rss_kb M" (getrusage; M: resident now, /proc). */
static void peak_rss(const char *path)
{
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	FILE *f = fopen(path, "a");
	if (!f)
		tui_die("peak-rss %s: %s", path, strerror(errno));
	long pages = 0, size;
	FILE *st = fopen("/proc/self/statm", "r");
	if (!st || fscanf(st, "%ld %ld", &size, &pages) != 2)
		pages = 0;
	if (st)
		fclose(st);
	fprintf(f, "peak_rss_kb %ld rss_kb %ld\n", ru.ru_maxrss, pages * (sysconf(_SC_PAGESIZE) / 1024));
	fclose(f);
}

/* Work on the list between keys (tui_goroutines_idle), timed under
 * :key-times as a key named "idle" with its frame. */
static int idle_step(struct tui_app *a)
{
	double t0 = tui_now_ms();
	int flags = tui_goroutines_idle(a);
	if (flags && key_times) {
		tui_draw(a, flags);
		fprintf(key_times, "idle\t%.3f\n", tui_now_ms() - t0);
		return 0;
	}
	return flags;
}

/* A scripted key; timed under :key-times. */
static int script_key(struct tui_app *a, TermKey *tk, TermKeyKey *key)
{
	if (!key_times)
		return tui_handle_key(a, tk, key);
	double t0 = tui_now_ms();
	int flags = tui_handle_key(a, tk, key);
	if (flags && !(flags & TUI_QUIT))
		tui_draw(a, flags);
	char name[64];
	termkey_strfkey(tk, name, sizeof name, key, TERMKEY_FORMAT_VIM);
	fprintf(key_times, "%s\t%.3f\n", name, tui_now_ms() - t0);
	return flags & (TUI_QUIT | TUI_SUSPEND);
}

static int run_command(struct tui_app *a, const char *cmd)
{
	char arg[1024];
	int c, r;
	/* dumps show the list as it ends up, not as shown meanwhile */
	if (!strncmp(cmd, "save-", 5)) {
		int f = tui_goroutines_settle(a);
		if (f)
			tui_draw(a, f);
	}
	if (sscanf(cmd, "save-screen %1023s", arg) == 1) {
		if (tui_gc_settle(a) | tui_range_settle(a) | tui_search_settle(a) | tui_timeline_settle(a)) /* what the threads left to show */
			tui_draw(a, TUI_REDRAW);
		if (tui_dump_screen(arg) < 0)
			tui_die("save-screen %s: %s", arg, strerror(errno));
		return 0;
	}
	if (sscanf(cmd, "save-attrs %1023s", arg) == 1) {
		if (tui_gc_settle(a) | tui_range_settle(a) | tui_search_settle(a) | tui_timeline_settle(a))
			tui_draw(a, TUI_REDRAW);
		if (tui_dump_attrs(arg) < 0)
			tui_die("save-attrs %s: %s", arg, strerror(errno));
		return 0;
	}
	if (sscanf(cmd, "save-colors %1023s", arg) == 1) {
		if (tui_dump_colors(arg) < 0)
			tui_die("save-colors %s: %s", arg, strerror(errno));
		return 0;
	}
	int b;
	if (sscanf(cmd, "mouse %d %d %d", &b, &r, &c) == 3) {
		/* an SGR mouse press at 1-based (r, c), decoded by termkey as a
		 * terminal's would be */
		char seq[64];
		int code = b >= 4 ? 64 + b - 4 : b - 1;
		snprintf(seq, sizeof seq, "\033[<%d;%d;%dM", code, c, r);
		termkey_push_bytes(a->keys_tk, seq, strlen(seq));
		TermKeyKey key;
		int flags = 0;
		while (termkey_getkey(a->keys_tk, &key) == TERMKEY_RES_KEY)
			flags |= tui_handle_key(a, a->keys_tk, &key);
		return flags;
	}
	if (sscanf(cmd, "bench-frames %d %1023s", &c, arg) == 2)
		return bench_frames(a, c, arg);
	if (sscanf(cmd, "save-rows %1023s", arg) == 1) {
		save_rows(a, arg);
		return 0;
	}
	if (sscanf(cmd, "key-times %1023s", arg) == 1) {
		set_key_times(arg);
		return 0;
	}
	if (sscanf(cmd, "wait-index %1023s", arg) == 1) {
		/* the goroutine list's index, built in the background */
		double t0 = tui_now_ms();
		tui_gindex_wait(&a->gl.ix, TUI_GCOL__COUNT);
		FILE *f = fopen(arg, "a");
		if (!f)
			tui_die("wait-index %s: %s", arg, strerror(errno));
		fprintf(f, "index_build_ms %.1f waited_ms %.1f\n", a->gl.ix.build_ms, tui_now_ms() - t0);
		fclose(f);
		return 0;
	}
	if (sscanf(cmd, "wait-range %1023s", arg) == 1) {
		/* the goroutine list's rows of the marked range (goroutine_window.h) */
		double t0 = tui_now_ms();
		tui_goroutines_follow_range(a);
		if (a->gl.win)
			tui_gwin_wait(a->gl.win);
		FILE *f = fopen(arg, "a");
		if (!f)
			tui_die("wait-range %s: %s", arg, strerror(errno));
		const struct tui_gwin *w = a->gl.win;
		fprintf(f, "range_rows %u build_ms %.1f waited_ms %.1f exceptions %u %u\n", w ? w->n : 0,
		        w ? w->build_ms : 0, tui_now_ms() - t0, w ? w->exc[0].n : 0, w ? w->exc[1].n : 0);
		fclose(f);
		return 0;
	}
	if (!strcmp(cmd, "early-keys")) {
		a->gl.wait_index = 0; /* keys as typed by hand: no wait */
		return 0;
	}
	if (sscanf(cmd, "index-ready %1023s", arg) == 1) {
		tui_gindex_cap(&a->gl.ix, strcmp(arg, "all") ? atoi(arg) : INT_MAX);
		return 0;
	}
	if (sscanf(cmd, "peak-rss %1023s", arg) == 1) {
		peak_rss(arg);
		return 0;
	}
	if (sscanf(cmd, "resize %dx%d", &c, &r) == 2) {
		resizeterm(r, c);
		return TUI_REDRAW_ALL;
	}
	tui_die("script: unknown command ':%s'", cmd);
}

/* ---- the loop ------------------------------------------------------------ */

static int loop(struct tui_app *a, struct tui_script *script, const sigset_t *unblocked)
{
	int flags = TUI_REDRAW_ALL, pending_esc = 0;
	size_t idled = SIZE_MAX; /* the scripted key the list's work went before */
	TermKey *tk = a->keys_tk;
	for (;;) {
		if (tui_sig_quit)
			return 128 + tui_sig_quit;
		if (tui_sig_winch) {
			tui_sig_winch = 0;
			tui_term_resize(&a->term);
			flags |= TUI_REDRAW_ALL;
		}
		if (tui_sig_tstp) /* kill -TSTP: suspend as Ctrl-Z does */
			flags |= TUI_SUSPEND;
		if (tui_sig_cont) {
			tui_sig_cont = 0;
			tui_term_resize(&a->term);
			flags |= TUI_REDRAW_ALL;
		}
		if (flags & TUI_QUIT)
			return 0;
		if (flags & TUI_SUSPEND) {
			tui_term_suspend(&a->term);
			tui_sig_cont = 0;
			flags = TUI_REDRAW_ALL;
		}
		if (flags) {
			tui_draw(a, flags);
			tui_live_log_frame(a);
		}
		flags = 0;
		if (a->term.headless) {
			/* one share of the list's work between two scripted keys */
			if (script->next < script->n && !script->items[script->next].is_cmd &&
			    idled != script->next) {
				idled = script->next;
				if ((flags = idle_step(a)))
					continue;
			}
			if (script->next >= script->n)
				return 0;
			struct tui_script_item *it = &script->items[script->next++];
			if (it->is_cmd)
				flags = run_command(a, it->cmd);
			else
				flags = script_key(a, tk, &it->key);
			continue;
		}
		struct pollfd pfds[2] = {{.fd = a->term.tty_fd, .events = POLLIN},
		                         {.fd = tui_live_poll_fd(a->live), .events = POLLIN}};
		struct pollfd *pfd = &pfds[0];
		struct timespec wait;
		/* figures coming from a background thread: look every 50 ms;
		 * the list computing a range's rows: its progress, then its
		 * rows; the list's work between keys: a share when no key waits
		 * (a count), or a look every 50 ms (the index's background build) */
		int bg = tui_gc_waiting(a) || tui_range_waiting(a) || tui_search_waiting(a) ||
		         tui_timeline_waiting(a);
		int computing = tui_current(a) == TUI_V_GOROUTINES && tui_goroutines_computing(a);
		int busy = tui_goroutines_busy(a);
		int ms = busy && a->gl.counting ? 0 : bg || busy ? 50 : computing ? 100 : -1;
		int lms = tui_live_timeout(a->live); /* a trace still arriving */
		if (lms >= 0 && (ms < 0 || lms < ms))
			ms = lms;
		if (pending_esc)
			ms = termkey_get_waittime(tk);
		if (ms >= 0) {
			wait.tv_sec = ms / 1000;
			wait.tv_nsec = (long)(ms % 1000) * 1000000L;
		}
		int r = ppoll(pfds, 2, ms >= 0 ? &wait : NULL, unblocked);
		if (bg)
			flags |= tui_gc_settled(a) | tui_range_settled(a) | tui_search_settled(a) |
			         tui_timeline_settled(a);
		if (a->live) {
			/* the header says how much came; a new model is shown */
			if (tui_live_read(a->live, r > 0 && pfds[1].revents))
				flags |= TUI_REDRAW_STATUS;
			flags |= tui_live_swap(a);
			if (r > 0 && !pfd->revents)
				continue;
		}
		if (r < 0) {
			if (errno == EINTR)
				continue;
			return 2;
		}
		TermKeyKey key;
		if (r == 0 && !pending_esc) {
			flags |= (computing ? TUI_REDRAW : 0) | tui_goroutines_idle(a);
			continue;
		}
		if (r == 0 && pending_esc) {
			pending_esc = 0;
			if (termkey_getkey_force(tk, &key) == TERMKEY_RES_KEY)
				flags |= tui_handle_key(a, tk, &key);
			continue;
		}
		if (pfd->revents & (POLLIN | POLLHUP | POLLERR))
			termkey_advisereadable(tk);
		TermKeyResult ret;
		while ((ret = termkey_getkey(tk, &key)) == TERMKEY_RES_KEY) {
			if (a->live && a->live->log && !a->live->key_t)
				a->live->key_t = tui_live_now();
			flags |= tui_handle_key(a, tk, &key);
			if (flags & (TUI_QUIT | TUI_SUSPEND))
				break;
		}
		pending_esc = ret == TERMKEY_RES_AGAIN;
		if (ret == TERMKEY_RES_EOF)
			return 0;
	}
}

/* ---- loading ------------------------------------------------------------- */

struct load_ctx {
	sigset_t unblocked;
	int stop;           /* the user quit while loading: exit status, or
	                       -1 for 0 */
};

static int locale_utf8(void)
{
	const char *cs = nl_langinfo(CODESET);
	return cs && (!strcmp(cs, "UTF-8") || !strcmp(cs, "utf8"));
}

/* Why lines are ASCII when the user did not ask for it: the locale is
 * not UTF-8, or the one asked for is not installed ("" when Unicode). */
static void ascii_reason(struct tui_app *a, const struct tui_run_opts *o)
{
	a->ascii_why[0] = 0;
	if (locale_utf8() || o->config->settings.ascii)
		return;
	const char *var = "LC_ALL", *want = getenv(var);
	if (!want || !*want)
		want = getenv(var = "LC_CTYPE");
	if (!want || !*want)
		want = getenv(var = "LANG");
	const char *have = setlocale(LC_CTYPE, NULL);
	if (want && *want && have && !strcmp(have, "C") && strcmp(want, "C") && strcmp(want, "POSIX"))
		snprintf(a->ascii_why, sizeof a->ascii_why,
		         "ASCII lines: the locale %s=%s is not installed here; for Unicode "
		         "install it (locale-gen) or set LC_ALL=C.UTF-8", var, want);
	else
		snprintf(a->ascii_why, sizeof a->ascii_why,
		         "ASCII lines: the locale %s%s%s is not UTF-8; for Unicode set LC_ALL=C.UTF-8 "
		         "(or another UTF-8 locale)", want && *want ? var : "", want && *want ? "=" : "",
		         want && *want ? want : "C");
}

static void done_display(void)
{
	if (tui_term_active)
		tui_term_close(tui_term_active);
	tui_signals_restore();
}

static int start_terminal(struct tui_app *a, const struct tui_run_opts *o, int headless,
                          sigset_t *unblocked, char *err, size_t errlen)
{
	int utf8 = locale_utf8() && !o->config->settings.ascii;
	tui_signals_install(unblocked);
	if (tui_term_open(&a->term, headless, o->keys_from_tty, !utf8, err, errlen) < 0) {
		tui_signals_restore();
		return -1;
	}
	tui_die_callback = done_display;
	tui_glyphs_init(utf8);
	tui_draw_init(utf8);
	tui_colors_init(o->config->settings.color);
	if (a->term.tk)
		termkey_set_waittime(a->term.tk, o->config->settings.escape_delay_ms);
	tui_term_mouse(&a->term, o->config->settings.mouse);
	return 0;
}

static void draw_progress(struct tui_app *a, uint64_t done, uint64_t total, int64_t ms)
{
	erase();
	int y = LINES / 2, w = COLS - 20;
	if (w < 10)
		w = COLS;
	int x = (COLS - w) / 2;
	tui_printf(y - 1, x, w, tui_attr(TUI_C_TITLE), "Loading %s", a->file_name);
	double frac = total ? (double)done / (double)total : 0;
	int fill = (int)(frac * (w - 7));
	tui_fill(y, x, fill, tui_attr(TUI_C_RUNNING), tui_glyph(TUI_G_FULL));
	tui_fill(y, x + fill, w - 7 - fill, tui_attr(TUI_C_DIM), tui_glyph(TUI_G_LIGHT));
	tui_printf(y, x + w - 6, 6, 0, "%4.0f%%", frac * 100);
	/* what it is doing, so that a long load never looks stuck */
	char d[32], t[32];
	tui_fmt_bytes(d, sizeof d, done);
	tui_fmt_bytes(t, sizeof t, total);
	tui_printf(y + 1, x, w, tui_attr(TUI_C_DIM), "%s of %s decoded into the model  ·  %.1f s  ·  q quits",
	           d, t, (double)ms / 1000);
	wnoutrefresh(stdscr);
	doupdate();
}

/* q or Ctrl-C typed while loading (the terminal is raw by then, so
 * Ctrl-C comes as a key): the exit status to stop with, else 0. */
static int quit_key(struct tui_app *a)
{
	TermKey *tk = a->term.tk;
	struct pollfd pfd = {.fd = a->term.tty_fd, .events = POLLIN};
	if (!tk || a->term.tty_fd < 0 || poll(&pfd, 1, 0) <= 0)
		return 0;
	termkey_advisereadable(tk);
	TermKeyKey key;
	while (termkey_getkey(tk, &key) == TERMKEY_RES_KEY) {
		if (key.type != TERMKEY_TYPE_UNICODE)
			continue;
		if (key.code.codepoint == 'q' && !key.modifiers)
			return -1; /* exit 0: a quit, as after the load */
		if (key.code.codepoint == 'c' && key.modifiers == TERMKEY_KEYMOD_CTRL)
			return 128 + SIGINT;
	}
	return 0;
}

/* Tests: a load slow enough to interrupt (a pause per progress report,
 * on the load's thread), or held until a file exists or the viewer
 * quits (load_quit, set before the stream is freed). */
static atomic_int load_quit;

static int load_delay(void *ctx, uint64_t done, uint64_t total)
{
	(void)done, (void)total;
	const struct tui_run_opts *o = ctx;
	if (o->load_delay_us)
		usleep((useconds_t)o->load_delay_us);
	while (o->load_hold && *o->load_hold && access(o->load_hold, F_OK) < 0 &&
	       !atomic_load(&load_quit))
		usleep(20000);
	return 0;
}

int tui_load_result(struct tui_app *a, const struct gt_decode_result *res)
{
	a->load_error[0] = 0;
	if (res->status == GT_OK || res->status == GT_STOPPED)
		return 0;
	uint64_t kept = 0; /* Sync events alone show nothing */
	for (int k = 0; k < GT_EV__COUNT; k++)
		if (k != GT_EV_SYNC)
			kept += a->info.by_kind[k];
	if (kept == 0)
		return -1;
	snprintf(a->load_error, sizeof a->load_error, "%s at offset %llu: %s (kept %llu events)",
	         res->status == GT_TRUNCATED ? "truncated" : "error",
	         (unsigned long long)res->offset, res->msg, (unsigned long long)res->events);
	return 0;
}

/* ---- a trace still arriving (live.h) -------------------------------------- */

static void draw_stream_loading(struct tui_app *a)
{
	char lines[3][160];
	tui_live_lines(a->live, a->file_name, lines);
	erase();
	int y = LINES / 2 - 2, w = COLS - 4;
	tui_printf(y, 2, w, tui_attr(TUI_C_TITLE), "%s", lines[0]);
	tui_printf(y + 1, 2, w, 0, "%s", lines[1]);
	tui_printf(y + 2, 2, w, tui_attr(TUI_C_DIM), "%s", lines[2]);
	tui_printf(y + 4, 2, w, tui_attr(TUI_C_DIM), "q quits");
	wnoutrefresh(stdscr);
	doupdate();
}

/* Until the stream has given a model to show: the loading screen, keys
 * (q, Ctrl-C quit) and the stream, each looked at as it is ready.
 * Returns the model (its load's result in *res), or NULL with *stop the
 * exit status (-1 for 0) after a quit. */
static struct gt_model *stream_first(struct tui_app *a, const struct tui_run_opts *o,
                                     sigset_t *unblocked, struct gt_decode_result *res, int *stop)
{
	struct tui_live *l = a->live;
	double drawn = 0;
	int tried = a->term.started;
	for (;;) {
		struct gt_model *m = gt_stream_take(l->s, res);
		if (m)
			return m;
		if (!a->term.started) {
			/* a file: the terminal is left alone by a quick load (a
			 * trace that cannot load is said on it as it was) */
			if (!tried && tui_live_now() - l->t0 >= 0.15) {
				char err[256];
				tried = 1;
				if (start_terminal(a, o, 0, unblocked, err, sizeof err) == 0)
					continue;
			}
			nanosleep(&(struct timespec){0, 5 * 1000000L}, NULL);
			continue;
		}
		if (tui_sig_quit) {
			*stop = 128 + tui_sig_quit;
			return NULL;
		}
		if ((*stop = quit_key(a)))
			return NULL;
		if (tui_sig_winch) {
			tui_sig_winch = 0;
			tui_term_resize(&a->term);
			drawn = 0;
		}
		double t = tui_live_now();
		if (t - drawn >= 0.1) {
			struct gt_stream_info si;
			gt_stream_info(l->s, &si);
			if (si.file) /* a file: its load's progress */
				draw_progress(a, si.done, si.total, (int64_t)((t - l->t0) * 1000));
			else
				draw_stream_loading(a);
			drawn = t;
		}
		struct pollfd pfd[2] = {{.fd = a->term.tty_fd, .events = POLLIN},
		                        {.fd = tui_live_poll_fd(l), .events = POLLIN}};
		/* a file's model comes from a thread, unpolled: looked for often */
		struct timespec wait = {0, l->more ? 0 : l->fd < 0 ? 20 * 1000000L : 100 * 1000000L};
		int r = ppoll(pfd, 2, &wait, unblocked);
		if (r < 0 && errno != EINTR)
			return NULL;
		if (tui_live_read(l, r > 0 && pfd[1].revents))
			drawn = 0;
	}
}

/* Headless (a script's test): the whole stream, then its model. */
static struct gt_model *stream_all(struct tui_live *l, struct gt_decode_result *res)
{
	while (l->fd >= 0) {
		struct pollfd pfd = {.fd = l->fd, .events = POLLIN};
		if (poll(&pfd, 1, -1) < 0 && errno != EINTR)
			break;
		long n = gt_stream_read(l->s, l->fd);
		if (n == 0 && l->fifo_wait) { /* no writer yet */
			nanosleep(&(struct timespec){0, 50 * 1000000L}, NULL);
			continue;
		}
		if (n > 0)
			l->fifo_wait = 0;
		if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR)) {
			gt_stream_end(l->s);
			close(l->fd);
			l->fd = -1;
		}
	}
	gt_stream_step(l->s, tui_live_now());
	gt_stream_wait(l->s);
	return gt_stream_take(l->s, res);
}

/* ---- entry --------------------------------------------------------------- */

static void app_free(struct tui_app *a)
{
	int busy = tui_goroutines_free(a) < 0; /* its thread still reads the model */
	tui_timeline_free(a);
	tui_goroutine_free(a);
	tui_gc_free(a);
	tui_rstats_free(&a->rstats);
	tui_profile_free(a);
	tui_inspector_free(a);
	tui_search_free(a);
	tui_jumps_free(a);
	tui_regions_free(a);
	if (a->live) {
		atomic_store(&load_quit, 1); /* a held load (tests) ends */
		tui_live_free(a->live);
		free(a->live);
		a->live = NULL;
	}
	if (a->keys_tk && a->own_keys_tk)
		termkey_destroy(a->keys_tk);
	a->keys_tk = NULL;
	if (a->m && !busy)
		gt_model_free(a->m);
	if (!busy)
		a->m = NULL;
}

int tui_run(const struct tui_run_opts *o)
{
	static struct tui_app app; /* static: reachable from die() */
	struct tui_app *a = &app;
	memset(a, 0, sizeof *a);
	a->config = o->config;
	a->file_name = o->file_name;
	a->mbuild.delay_ms = o->mlanes_delay_ms;
	a->term.tty_fd = -1;

	const char *script_path = getenv("GTVIEW_SCRIPT");
	int headless = script_path && *script_path;
	struct tui_script script = {0};
	char err[512];
	if (headless && tui_script_load(&script, script_path, err, sizeof err) < 0) {
		gt_esc_fprintf(stderr, "gtview: GTVIEW_SCRIPT: %s\n", err);
		return 2;
	}

	if (!headless && tui_term_check(err, sizeof err) < 0) {
		/* before a long load: the terminal would show nothing after it */
		gt_esc_fprintf(stderr, "gtview: %s\n", err);
		tui_script_free(&script);
		return 2;
	}
	struct load_ctx l = {0};
	struct gt_decode_result res;
	memset(&res, 0, sizeof res);
	if (o->stream) {
		/* a pipe or FIFO: shown as it comes, the screen at once */
		a->live = tui_xcalloc(1, sizeof *a->live);
		a->live->fd = o->stream_fd;
		a->live->fifo_wait = o->stream_fifo;
		a->live->follow = o->stream_follow;
		a->live->t0 = tui_live_now();
		a->live->s = gt_stream_new(o->load);
		if (!a->live->s)
			tui_die("out of memory");
		if (o->show_log && (a->live->log = fopen(o->show_log, "a")))
			fprintf(a->live->log, "start %.6f\n", a->live->t0);
		if (o->stream_spool >= 0 && gt_stream_spool(a->live->s, o->stream_spool) < 0)
			close(o->stream_spool); /* the bytes stay on the heap */
		if (headless) {
			a->m = stream_all(a->live, &res);
		} else {
			if (start_terminal(a, o, 0, &l.unblocked, err, sizeof err) < 0) {
				gt_esc_fprintf(stderr, "gtview: %s\n", err);
				app_free(a);
				tui_script_free(&script);
				return 2;
			}
			a->m = stream_first(a, o, &l.unblocked, &res, &l.stop);
		}
		if (!a->m && !l.stop) {
			done_display();
			struct gt_stream_info si;
			gt_stream_info(a->live->s, &si);
			gt_esc_fprintf(stderr, "gtview: %s: %s\n", o->file_name,
			        a->live->err ? strerror(a->live->err) :
			        si.ended && !si.bytes ? "empty file, not a trace" : "out of memory");
			int rc = si.ended && !si.bytes ? 2 : 1;
			app_free(a);
			tui_script_free(&script);
			return rc;
		}
		if (a->m) {
			tui_live_shown(a);
			if (a->partial)
				res.status = GT_OK; /* a prefix's end is no error */
		}
		if (headless) { /* all read: nothing more to come */
			tui_live_free(a->live);
			free(a->live);
			a->live = NULL;
		}
	} else if (!headless) {
		/* a file: loaded on a thread, the screen after 150 ms, a first
		 * frame of a prefix shown while the whole loads (a big file's) */
		a->live = tui_xcalloc(1, sizeof *a->live);
		a->live->fd = -1;
		a->live->t0 = tui_live_now();
		if (o->show_log && (a->live->log = fopen(o->show_log, "a")))
			fprintf(a->live->log, "start %.6f\n", a->live->t0);
		a->live->s = gt_stream_file(o->buf, o->len, o->mapped, o->load, o->first_prefix,
		                            o->load_delay_us || o->load_hold ? load_delay : NULL,
		                            (void *)o);
		if (!a->live->s)
			tui_die("out of memory");
		a->m = stream_first(a, o, &l.unblocked, &res, &l.stop);
		if (a->m) {
			tui_live_shown(a);
			if (a->partial)
				res.status = GT_OK; /* a prefix's end is no error */
		}
	} else {
		a->m = gt_model_load_with(o->buf, o->len, o->mapped, o->load, NULL, NULL, &res);
	}
	if (!a->m && !l.stop) {
		done_display();
		gt_esc_fprintf(stderr, "gtview: %s: out of memory\n", o->file_name);
		tui_script_free(&script);
		return 1;
	}
	if (l.stop) {
		done_display();
		app_free(a);
		tui_script_free(&script);
		return l.stop < 0 ? 0 : l.stop;
	}
	gt_model_info(a->m, &a->info);
	a->info.min_ts = tui_time_bound(a->info.min_ts);
	a->info.max_ts = tui_time_bound(a->info.max_ts);
	if (tui_load_result(a, &res) < 0) {
		/* nothing to show: say why, terminal untouched */
		done_display();
		gt_esc_fprintf(stderr, "gtview: %s: offset %llu: %s\n", o->file_name,
		        (unsigned long long)res.offset, res.msg[0] ? res.msg : gt_status_name(res.status));
		app_free(a);
		tui_script_free(&script);
		return 1;
	}
	if (!a->term.started &&
	    start_terminal(a, o, headless, &l.unblocked, err, sizeof err) < 0) {
		gt_esc_fprintf(stderr, "gtview: %s\n", err);
		app_free(a);
		tui_script_free(&script);
		return 2;
	}
	a->keys_tk = a->term.tk;
	if (!a->keys_tk) {
		a->keys_tk = tui_termkey_abstract();
		if (!a->keys_tk)
			tui_die("out of memory");
		a->own_keys_tk = 1;
	}
	if (gt_config_message_count(a->config)) {
		size_t n = gt_config_message_count(a->config);
		tui_status(a, "%s%s", gt_config_message(a->config, 0), n > 1 ? " (+more)" : "");
		a->status_error = 1;
	}
	ascii_reason(a, o);
	if (a->ascii_why[0]) /* said once here, and in the help */
		tui_status(a, "%s", a->ascii_why);
	if (a->load_error[0]) { /* until the first key; the header keeps a mark */
		tui_status(a, "%s", a->load_error);
		a->status_error = 1;
	}
	a->rows = LINES;
	a->cols = COLS;
	tui_timeline_fit(a);
	/* From now on big arrays come and go (the list's index, search
	 * results): each its own mapping, given back when freed, not heap
	 * that glibc's rising threshold would keep resident */
	mallopt(M_MMAP_THRESHOLD, 1 << 20);
	tui_gindex_start(&a->gl.ix, a->m); /* the list's index, in the background */
	a->gl.dirty = 1;
	a->gl.keep_g = UINT32_MAX;
	a->gl.state_filter = -1;
	a->gl.sort = TUI_GCOL_ID;
	a->gl.wait_index = headless;
	switch (a->config->settings.default_view) {
	case GT_VIEW_GOROUTINES: tui_switch(a, TUI_V_GOROUTINES); break;
	case GT_VIEW_GC: tui_switch(a, TUI_V_GC); break;
	default: tui_switch(a, TUI_V_TIMELINE); break;
	}
	int rc = loop(a, &script, &l.unblocked);
	set_key_times("off");
	done_display();
	tui_die_callback = NULL;
	app_free(a);
	tui_script_free(&script);
	return rc;
}

