/* range_stats.c: a range's statistics on a background thread
 * (range_stats.h). */
#include "tui/range_stats.h"

#include <string.h>

#include "tui/util.h"

static void work(void *arg)
{
	struct tui_rstats *r = arg;
	double t = tui_now_ms();
	r->rc = gt_model_window_stats(r->m, r->t0, r->t1, &r->w);
	r->ms = tui_now_ms() - t;
}

void tui_rstats_wait(struct tui_rstats *r)
{
	tui_job_join(&r->job);
}

int tui_rstats_busy(const struct tui_rstats *r)
{
	return tui_job_busy(&r->job);
}

int tui_rstats_get(struct tui_rstats *r, const struct gt_model *m, int64_t t0, int64_t t1,
                   const struct gt_wstats **out)
{
	if (tui_job_started(&r->job) && r->m == m && r->t0 == t0 && r->t1 == t1) {
		if (!tui_job_done(&r->job))
			return 0;
		tui_job_join(&r->job);
		*out = &r->w;
		return 1;
	}
	tui_job_join(&r->job); /* another range's: it cannot stop midway */
	r->m = m;
	r->t0 = t0;
	r->t1 = t1;
	if (tui_job_start(&r->job, work, r))
		return 0;
	*out = &r->w; /* no thread: done here */
	return 1;
}

void tui_rstats_free(struct tui_rstats *r)
{
	tui_job_join(&r->job);
	memset(r, 0, sizeof *r);
}
