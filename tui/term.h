/* term.h: the terminal: libtermkey reads keys, ncurses draws.
 *
 * Start-up order (STYLE.md): signals are installed by tui/signals.c first,
 * then termkey_new, then newterm with typeahead(-1).  Shut-down is the
 * reverse: endwin, then termkey_destroy, so the shell gets back the modes
 * it had.  In headless mode (screen tests) there is no termkey and curses
 * writes to /dev/null; LINES and COLUMNS come from the environment.
 */
#ifndef GT_TUI_TERM_H
#define GT_TUI_TERM_H

#include <stdio.h>
#include <termkey.h>

struct tui_term {
	TermKey *tk;       /* NULL when headless */
	void *screen;      /* SCREEN * */
	FILE *out, *in;    /* curses streams */
	int tty_fd;        /* fd keys come from; -1 when headless */
	int own_tty;       /* tty_fd was opened here (trace on stdin) */
	int headless;
	int utf8;          /* draw with Unicode glyphs */
	int started;       /* between tui_term_open and tui_term_close */
	int mouse;         /* mouse reporting is on */
};

/* Opens the terminal.  use_dev_tty: read keys from /dev/tty (the trace came
 * on stdin).  Returns 0, or -1 with a message in err (nothing touched). */
int tui_term_open(struct tui_term *t, int headless, int use_dev_tty, int ascii,
                  char *err, size_t errlen);
/* Whether $TERM names a terminal gtview can draw on (one that addresses
 * the cursor): 0, or -1 with a message naming TERM in err.  Checked
 * before the trace loads, and without touching the terminal. */
int tui_term_check(char *err, size_t errlen);
/* Restores the terminal.  Safe to call twice. */
void tui_term_close(struct tui_term *t);
/* Ctrl-Z: give the terminal back, stop, and take it again on resume. */
void tui_term_suspend(struct tui_term *t);
/* Mouse reporting (xterm 1000 + SGR 1006), decoded by termkey; curses'
 * mousemask is never used.  Turned off again by suspend and close. */
void tui_term_mouse(struct tui_term *t, int on);
/* After SIGWINCH: asks the tty for its size and tells curses. */
void tui_term_resize(struct tui_term *t);

/* A termkey for decoding without a terminal (headless scripts), set up
 * like the real one.  NULL when out of memory. */
TermKey *tui_termkey_abstract(void);

/* The process-wide terminal, so a fatal signal or die() can restore it. */
extern struct tui_term *tui_term_active;

#endif
