/* signals.c: handlers that only set flags (see signals.h). */
#include "tui/signals.h"

#include <string.h>

volatile sig_atomic_t tui_sig_winch;
volatile sig_atomic_t tui_sig_cont;
volatile sig_atomic_t tui_sig_quit;
volatile sig_atomic_t tui_sig_tstp;

static sigset_t old_mask;
static int installed;

static void on_signal(int sig)
{
	switch (sig) {
	case SIGWINCH: tui_sig_winch = 1; break;
	case SIGCONT: tui_sig_cont = 1; break;
	case SIGTSTP: tui_sig_tstp = 1; break;
	default: tui_sig_quit = sig; break;
	}
}

static const int handled[] = {SIGWINCH, SIGCONT, SIGTSTP, SIGINT, SIGTERM, SIGHUP};

void tui_signals_install(sigset_t *unblocked)
{
	sigset_t block;
	sigemptyset(&block);
	for (size_t i = 0; i < sizeof handled / sizeof handled[0]; i++) {
		struct sigaction sa;
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = on_signal;
		sigemptyset(&sa.sa_mask);
		sigaction(handled[i], &sa, NULL);
		sigaddset(&block, handled[i]);
	}
	sigprocmask(SIG_BLOCK, &block, &old_mask);
	*unblocked = old_mask;
	for (size_t i = 0; i < sizeof handled / sizeof handled[0]; i++)
		sigdelset(unblocked, handled[i]);
	installed = 1;
}

void tui_signals_restore(void)
{
	if (!installed)
		return;
	for (size_t i = 0; i < sizeof handled / sizeof handled[0]; i++)
		signal(handled[i], SIG_DFL);
	sigprocmask(SIG_SETMASK, &old_mask, NULL);
	installed = 0;
}

void tui_signals_stop_self(void)
{
	/* Our SIGTSTP handler only sets a flag: stop with the default action,
	 * unblocked, then take the signal back. */
	struct sigaction dfl, old;
	memset(&dfl, 0, sizeof dfl);
	dfl.sa_handler = SIG_DFL;
	sigemptyset(&dfl.sa_mask);
	sigaction(SIGTSTP, &dfl, &old);
	sigset_t m, prev;
	sigemptyset(&m);
	sigaddset(&m, SIGTSTP);
	sigprocmask(SIG_UNBLOCK, &m, &prev);
	kill(0, SIGTSTP);
	sigprocmask(SIG_SETMASK, &prev, NULL);
	sigaction(SIGTSTP, &old, NULL);
	tui_sig_tstp = 0;
}
