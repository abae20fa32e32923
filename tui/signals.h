/* signals.h: signal flags for the poll loop.
 *
 * Handlers only set flags.  The signals stay blocked except inside ppoll,
 * so a signal can never slip between checking the flags and sleeping.
 */
#ifndef GT_TUI_SIGNALS_H
#define GT_TUI_SIGNALS_H

#include <signal.h>

extern volatile sig_atomic_t tui_sig_winch; /* SIGWINCH seen */
extern volatile sig_atomic_t tui_sig_cont;  /* SIGCONT seen */
extern volatile sig_atomic_t tui_sig_quit;  /* SIGINT/SIGTERM/SIGHUP: its number */
extern volatile sig_atomic_t tui_sig_tstp;  /* SIGTSTP from outside (kill -TSTP) */

/* Installs the handlers and blocks the signals; *unblocked receives the mask
 * to give ppoll.  Call before termkey_new and newterm. */
void tui_signals_install(sigset_t *unblocked);
/* Stops the process group as a plain SIGTSTP would (for suspend). */
void tui_signals_stop_self(void);
/* Puts back the default handlers and the old mask. */
void tui_signals_restore(void);

#endif
