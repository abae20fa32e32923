/* gc_figures.c: the GC view's figures on a background thread
 * (gc_figures.h). */
#include "tui/gc_figures.h"

#include <stdlib.h>
#include <string.h>

#include "tui/util.h"

static void work(void *arg)
{
	struct tui_gcfig *f = arg;
	static const int64_t w3[3] = {1000000, 10000000, 100000000};
	/* the MMU first: the steps it builds once serve both queries */
	f->mmu_n = gt_model_mmu_curve(f->m, f->mmu_w, f->mmu_u, GT_MMU_CURVE_POINTS);
	gt_model_mmus(f->m, w3, 3, f->mmu3);
	for (size_t i = 0; i < f->ncyc && !tui_job_cancelled(&f->job); i++)
		gt_model_gc_cycle(f->m, i, &f->cyc[i]);
}

void tui_gcfig_start(struct tui_gcfig *f, const struct gt_model *m)
{
	if (tui_gcfig_started(f))
		return;
	f->m = m;
	size_t n;
	gt_model_ranges(m, GT_RS_GC, &n);
	f->ncyc = n;
	f->cyc = tui_xcalloc(n ? n : 1, sizeof *f->cyc);
	f->mmu_n = -1;
	for (int k = 0; k < 3; k++)
		f->mmu3[k] = -1;
	tui_job_start(&f->job, work, f);
}

int tui_gcfig_started(const struct tui_gcfig *f)
{
	return tui_job_started(&f->job);
}

int tui_gcfig_ready(const struct tui_gcfig *f)
{
	return tui_job_done(&f->job);
}

void tui_gcfig_wait(struct tui_gcfig *f)
{
	tui_job_join(&f->job);
}

void tui_gcfig_free(struct tui_gcfig *f)
{
	tui_job_reset(&f->job); /* stops between cycles */
	free(f->cyc);
	memset(f, 0, sizeof *f);
}
