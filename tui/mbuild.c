/* mbuild.c: the thread lanes built on a background thread (mbuild.h). */
#include "tui/mbuild.h"

#include <time.h>

#include "tui/util.h"

static void work(void *arg)
{
	struct tui_mbuild *b = arg;
	double t = tui_now_ms();
	/* the tests' slow build: in steps, so that a quit still stops it at once */
	for (unsigned ms = 0; ms < b->delay_ms && !tui_job_cancelled(&b->job); ms += 10)
		nanosleep(&(struct timespec){0, 10 * 1000000L}, NULL);
	b->rc = tui_job_cancelled(&b->job) ? -1
	        : gt_model_m_runs_build(b->m, tui_job_cancel_flag(&b->job));
	b->ms = tui_now_ms() - t;
}

void tui_mbuild_wait(struct tui_mbuild *b)
{
	tui_job_join(&b->job);
}

int tui_mbuild_pending(const struct tui_mbuild *b)
{
	return tui_job_pending(&b->job);
}

int tui_mbuild_done(const struct tui_mbuild *b)
{
	return tui_job_done(&b->job);
}

void tui_mbuild_start(struct tui_mbuild *b, const struct gt_model *m)
{
	if (tui_job_started(&b->job) && b->m == m)
		return;
	if (gt_model_m_runs_built(m))
		return;
	tui_mbuild_free(b);
	b->m = m;
	b->rc = 0;
	tui_job_start(&b->job, work, b);
}

void tui_mbuild_free(struct tui_mbuild *b)
{
	tui_job_reset(&b->job); /* a build under way stops */
	b->m = NULL;
	b->rc = 0;
}
