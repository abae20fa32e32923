/* job.c: work on a background thread (job.h). */
#include "tui/job.h"

#include "tui/util.h"

static void *run(void *arg)
{
	struct tui_job *j = arg;
	j->fn(j->arg);
	atomic_store(&j->done, 1);
	return NULL;
}

int tui_job_start(struct tui_job *j, void (*fn)(void *), void *arg)
{
	tui_job_join(j);
	j->fn = fn;
	j->arg = arg;
	atomic_init(&j->done, 0);
	atomic_init(&j->cancel, 0);
	if (tui_thread_start(&j->th, run, j) != 0) { /* no thread: the work here */
		run(j);
		j->state = 2;
		return 0;
	}
	j->state = 1;
	return 1;
}

int tui_job_started(const struct tui_job *j) { return j->state != 0; }
int tui_job_pending(const struct tui_job *j) { return j->state == 1; }
int tui_job_busy(const struct tui_job *j) { return j->state == 1 && !atomic_load(&j->done); }

int tui_job_done(const struct tui_job *j)
{
	return j->state == 2 || (j->state == 1 && atomic_load(&j->done));
}

int tui_job_cancelled(const struct tui_job *j) { return atomic_load(&j->cancel); }
const atomic_int *tui_job_cancel_flag(const struct tui_job *j) { return &j->cancel; }

void tui_job_join(struct tui_job *j)
{
	if (j->state == 1) {
		pthread_join(j->th, NULL);
		j->state = 2;
	}
}

void tui_job_reset(struct tui_job *j)
{
	if (j->state == 1)
		atomic_store(&j->cancel, 1);
	tui_job_join(j);
	j->state = 0;
}
