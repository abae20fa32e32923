/* term.c: terminal start-up and shut-down in the order STYLE.md gives. */
#include "tui/term.h"
#include "tui/signals.h"

#include <curses.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <term.h>
#include <unistd.h>

struct tui_term *tui_term_active;

/* ncurses' xterm entries say kmous=\E[< (SGR mouse); libtermkey 0.22's
 * terminfo driver then takes "\E[<" for an X10 mouse prefix and reads
 * the SGR report as garbage.  Declaring the X10 prefix leaves SGR reports
 * to termkey's CSI driver, which decodes them right. */
static const char *fix_terminfo(const char *name, const char *value, void *data)
{
	(void)data;
	if (!strcmp(name, "key_mouse"))
		return "\033[M";
	return value;
}

TermKey *tui_termkey_abstract(void)
{
	TermKey *tk = termkey_new_abstract("xterm", TERMKEY_FLAG_UTF8 | TERMKEY_FLAG_NOSTART);
	if (!tk)
		return NULL;
	termkey_hook_terminfo_getstr(tk, fix_terminfo, NULL);
	termkey_start(tk);
	return tk;
}

int tui_term_check(char *err, size_t errlen)
{
	const char *term = getenv("TERM");
	const char *fix = "set TERM to your terminal's type, e.g. TERM=xterm-256color";
	if (!term || !*term) {
		snprintf(err, errlen, "TERM is not set, so the terminal's type is unknown; %s", fix);
		return -1;
	}
	int found = 0;
	if (setupterm(term, -1, &found) != OK) {
		snprintf(err, errlen, "TERM=%s: no such terminal type here (no terminfo entry); %s",
		         term, fix);
		return -1;
	}
	const char *cup = tigetstr("cup");
	int hard = tigetflag("hc") > 0;
	del_curterm(cur_term);
	if (!cup || cup == (char *)-1 || hard) {
		snprintf(err, errlen, "TERM=%s: this terminal cannot move the cursor, which gtview "
		         "needs; %s (or use gtview's commands: gtview stats, goroutines, gc)", term, fix);
		return -1;
	}
	return 0;
}

static void curses_modes(void)
{
	noecho();
	raw(); /* with TERMKEY_FLAG_CTRLC: Ctrl-C is a key, not SIGINT */
	nonl();
	curs_set(0);
	typeahead(-1); /* keys belong to termkey: never let doupdate poll them */
	leaveok(stdscr, TRUE);
}

int tui_term_open(struct tui_term *t, int headless, int use_dev_tty, int ascii,
                  char *err, size_t errlen)
{
	memset(t, 0, sizeof *t);
	t->tty_fd = -1;
	t->headless = headless;
	t->utf8 = !ascii;
	const char *term = getenv("TERM");
	if (!term || !*term)
		term = "dumb";
	if (headless) {
		t->out = fopen("/dev/null", "w");
		t->in = fopen("/dev/null", "r");
		if (!t->out || !t->in) {
			snprintf(err, errlen, "/dev/null: %s", strerror(errno));
			goto fail;
		}
	} else {
		int fd = 0;
		if (use_dev_tty || !isatty(0)) {
			fd = open("/dev/tty", O_RDWR | O_CLOEXEC);
			if (fd < 0) {
				snprintf(err, errlen, "/dev/tty: %s", strerror(errno));
				goto fail;
			}
			t->own_tty = 1;
		}
		t->tty_fd = fd;
		int flags = t->utf8 ? TERMKEY_FLAG_UTF8 : TERMKEY_FLAG_RAW;
		/* CTRLC: Ctrl-C arrives as a key, so that bindings such as
		 * emacs' <C-x><C-c> work; unbound, it acts as SIGINT (keys.c). */
		t->tk = termkey_new(fd, flags | TERMKEY_FLAG_NOSTART | TERMKEY_FLAG_CTRLC);
		if (!t->tk) {
			snprintf(err, errlen, "cannot start the terminal (termkey: %s)",
			         strerror(errno));
			goto fail;
		}
		termkey_hook_terminfo_getstr(t->tk, fix_terminfo, NULL);
		if (!termkey_start(t->tk)) {
			snprintf(err, errlen, "cannot start the terminal (termkey: %s)",
			         strerror(errno));
			goto fail;
		}
		termkey_set_canonflags(t->tk, TERMKEY_CANON_DELBS);
		termkey_set_waittime(t->tk, 50);
		/* Curses writes where keys come from: the tty, even with a pipe
		 * on stdout. */
		int ofd = dup(fd);
		t->out = ofd >= 0 ? fdopen(ofd, "w") : NULL;
		int ifd = dup(fd);
		t->in = ifd >= 0 ? fdopen(ifd, "r") : NULL;
		if (!t->out || !t->in) {
			snprintf(err, errlen, "tty: %s", strerror(errno));
			goto fail;
		}
	}
	SCREEN *s = newterm(term, t->out, t->in);
	if (!s) {
		snprintf(err, errlen, "cannot start curses on terminal TERM=%s", term);
		goto fail;
	}
	t->screen = s;
	set_term(s);
	curses_modes();
	t->started = 1;
	tui_term_active = t;
	return 0;
fail:
	tui_term_close(t);
	return -1;
}

static void mouse_codes(struct tui_term *t, int on)
{
	if (t->headless || !t->out)
		return;
	fputs(on ? "\033[?1000h\033[?1006h" : "\033[?1006l\033[?1000l", t->out);
	fflush(t->out);
}

void tui_term_mouse(struct tui_term *t, int on)
{
	t->mouse = on && !t->headless;
	mouse_codes(t, t->mouse);
}

void tui_term_close(struct tui_term *t)
{
	if (t->started && t->mouse)
		mouse_codes(t, 0);
	if (t->started) {
		endwin(); /* first: back to termkey's modes … */
		t->started = 0;
	}
	if (t->tk) {  /* … then termkey puts back the shell's */
		termkey_destroy(t->tk);
		t->tk = NULL;
	}
	if (t->screen) {
		delscreen(t->screen);
		t->screen = NULL;
	}
	if (t->out)
		fclose(t->out);
	if (t->in)
		fclose(t->in);
	t->out = t->in = NULL;
	if (t->own_tty && t->tty_fd >= 0)
		close(t->tty_fd);
	t->tty_fd = -1;
	if (tui_term_active == t)
		tui_term_active = NULL;
}

void tui_term_suspend(struct tui_term *t)
{
	if (t->headless || !t->started)
		return;
	if (t->mouse)
		mouse_codes(t, 0);
	endwin();
	termkey_stop(t->tk);
	tui_signals_stop_self(); /* until `fg` */
	termkey_start(t->tk);
	curses_modes();
	if (t->mouse)
		mouse_codes(t, 1);
	tui_term_resize(t); /* the size may have changed while stopped */
	clearok(curscr, TRUE);
}

void tui_term_resize(struct tui_term *t)
{
	struct winsize ws;
	if (t->headless || t->tty_fd < 0)
		return;
	if (ioctl(t->tty_fd, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0 && ws.ws_col > 0)
		resizeterm(ws.ws_row, ws.ws_col);
}
