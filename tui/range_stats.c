/* range_stats.c: a range's statistics on a background thread
 * (range_stats.h). */
#include "tui/range_stats.h"

#include <string.h>
#include <time.h>

#include "tui/util.h"

static void *work(void *arg)
{
	struct tui_rstats *r = arg;
	double t = tui_now_ms();
	r->rc = gt_model_window_stats(r->m, r->t0, r->t1, &r->w);
	r->ms = tui_now_ms() - t;
	atomic_store(&r->done, 1);
	return NULL;
}

void tui_rstats_wait(struct tui_rstats *r)
{
	if (r->started == 1) {
		pthread_join(r->th, NULL);
		r->started = 2;
	}
}

int tui_rstats_busy(const struct tui_rstats *r)
{
	return r->started == 1 && !atomic_load(&r->done);
}

int tui_rstats_get(struct tui_rstats *r, const struct gt_model *m, int64_t t0, int64_t t1,
                   const struct gt_wstats **out)
{
	if (r->started && r->m == m && r->t0 == t0 && r->t1 == t1) {
		if (!atomic_load(&r->done))
			return 0;
		tui_rstats_wait(r);
		*out = &r->w;
		return 1;
	}
	tui_rstats_wait(r); /* another range's: it cannot stop midway */
	r->m = m;
	r->t0 = t0;
	r->t1 = t1;
	atomic_init(&r->done, 0);
	if (tui_thread_start(&r->th, work, r) != 0) { /* no thread: the work here */
		work(r);
		r->started = 2;
		*out = &r->w;
		return 1;
	}
	r->started = 1;
	return 0;
}

void tui_rstats_free(struct tui_rstats *r)
{
	tui_rstats_wait(r);
	memset(r, 0, sizeof *r);
}
