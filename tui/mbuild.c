/* mbuild.c: the thread lanes built on a background thread (mbuild.h). */
#include "tui/mbuild.h"

#include <time.h>

#include "tui/util.h"

static void *work(void *arg)
{
	struct tui_mbuild *b = arg;
	double t = tui_now_ms();
	/* the tests' slow build: in steps, so that a quit still stops it at once */
	for (unsigned ms = 0; ms < b->delay_ms && !atomic_load(&b->cancel); ms += 10)
		nanosleep(&(struct timespec){0, 10 * 1000000L}, NULL);
	b->rc = atomic_load(&b->cancel) ? -1 : gt_model_m_runs_build(b->m, &b->cancel);
	b->ms = tui_now_ms() - t;
	atomic_store(&b->done, 1);
	return NULL;
}

void tui_mbuild_wait(struct tui_mbuild *b)
{
	if (b->started == 1) {
		pthread_join(b->th, NULL);
		b->started = 2;
	}
}

int tui_mbuild_pending(const struct tui_mbuild *b)
{
	return b->started == 1;
}

int tui_mbuild_done(const struct tui_mbuild *b)
{
	return b->started == 2 || (b->started == 1 && atomic_load(&b->done));
}

void tui_mbuild_start(struct tui_mbuild *b, const struct gt_model *m)
{
	if (b->started && b->m == m)
		return;
	if (gt_model_m_runs_built(m))
		return;
	tui_mbuild_free(b);
	b->m = m;
	b->rc = 0;
	atomic_init(&b->done, 0);
	atomic_init(&b->cancel, 0);
	if (tui_thread_start(&b->th, work, b) != 0) { /* no thread: the work here */
		work(b);
		b->started = 2;
		return;
	}
	b->started = 1;
}

void tui_mbuild_free(struct tui_mbuild *b)
{
	if (b->started == 1)
		atomic_store(&b->cancel, 1);
	tui_mbuild_wait(b);
	b->m = NULL;
	b->started = 0;
	b->rc = 0;
}
