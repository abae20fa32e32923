/* job.h: one piece of work on a background thread, so that a key never
 * waits for a pass over the whole model (a range's statistics, a search,
 * the thread lanes, the GC view's figures).  The job runs fn(arg) on a
 * thread of its own (signals blocked there: the loop's ppoll gets them),
 * or right there when no thread can be made; the loop polls whether it
 * is done and joins it then.  A cancel flag asks the work to stop early:
 * the work reads it (tui_job_cancelled), the caller decides when to set
 * it (another model under the views, a quit, a new search). */
#ifndef GT_TUI_JOB_H
#define GT_TUI_JOB_H

#include <pthread.h>
#include <stdatomic.h>

struct tui_job {
	pthread_t th;
	int state;              /* 0 none; 1 a thread runs or ran (to join);
	                           2 done and joined, or done in place */
	atomic_int done;        /* fn has returned */
	atomic_int cancel;      /* asked to stop early */
	void (*fn)(void *);
	void *arg;
};

/* Runs fn(arg) on a thread (waiting first for the job before, if any):
 * 1; or, when no thread can be made, here: 0, fn done. */
int tui_job_start(struct tui_job *j, void (*fn)(void *), void *arg);
/* Started since the last reset (running, or done). */
int tui_job_started(const struct tui_job *j);
/* A thread to join: running, or done and not joined yet. */
int tui_job_pending(const struct tui_job *j);
/* Running: started, fn not returned yet. */
int tui_job_busy(const struct tui_job *j);
/* fn has returned (joined or not). */
int tui_job_done(const struct tui_job *j);
/* For fn: whether it is asked to stop; the flag, for the model's
 * queries that take one. */
int tui_job_cancelled(const struct tui_job *j);
const atomic_int *tui_job_cancel_flag(const struct tui_job *j);
/* Waits for the thread, if any, to end. */
void tui_job_join(struct tui_job *j);
/* Asks fn to stop (if it runs), waits for it, and forgets the job: not
 * started any more. */
void tui_job_reset(struct tui_job *j);

#endif
