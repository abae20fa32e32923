/* search_find.c: a search on a background thread (search_find.h). */
#include "tui/search_find.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tui/util.h"

static const struct gt_fevent *sort_ev;
static int cmp_by_g(const void *x, const void *y)
{
	uint32_t i = *(const uint32_t *)x, j = *(const uint32_t *)y;
	const struct gt_fevent *a = &sort_ev[i], *b = &sort_ev[j];
	if (a->gi != b->gi)
		return a->gi < b->gi ? -1 : 1;
	return (i > j) - (i < j); /* ev is in time order */
}

static void work(void *arg)
{
	struct tui_find *f = arg;
	double t = tui_now_ms();
	struct gt_find_opts o = {.t0 = INT64_MIN, .t1 = INT64_MAX, .max_events = TUI_FIND_MAX_EVENTS,
	                         .cancel = tui_job_cancel_flag(&f->job), .done = &f->walked};
	f->rc = gt_model_find(f->m, f->text, strlen(f->text), &o, &f->r);
	if (f->rc == 0 && f->r.nev) {
		f->by_g = malloc(f->r.nev * sizeof *f->by_g);
		if (f->by_g) {
			for (size_t i = 0; i < f->r.nev; i++)
				f->by_g[i] = (uint32_t)i;
			/* one search sorts at a time: this thread's */
			sort_ev = f->r.ev;
			qsort(f->by_g, f->r.nev, sizeof *f->by_g, cmp_by_g);
		} else {
			f->rc = -1;
		}
	}
	f->ms = tui_now_ms() - t;
}

void tui_find_wait(struct tui_find *f)
{
	tui_job_join(&f->job);
}

int tui_find_busy(const struct tui_find *f)
{
	return tui_job_busy(&f->job);
}

int tui_find_pending(const struct tui_find *f)
{
	return tui_job_pending(&f->job);
}

int tui_find_ready(struct tui_find *f)
{
	if (!tui_job_done(&f->job))
		return 0;
	tui_job_join(&f->job);
	return 1;
}

void tui_find_free(struct tui_find *f)
{
	tui_job_reset(&f->job); /* a search running stops */
	gt_find_result_free(&f->r);
	free(f->by_g);
	f->by_g = NULL;
	f->rc = 0;
}

void tui_find_start(struct tui_find *f, const struct gt_model *m, const char *text)
{
	tui_find_free(f);
	f->m = m;
	snprintf(f->text, sizeof f->text, "%s", text);
	atomic_init(&f->walked, 0);
	tui_job_start(&f->job, work, f);
}
