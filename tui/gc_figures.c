/* gc_figures.c: the GC view's figures on a background thread
 * (gc_figures.h). */
#include "tui/gc_figures.h"

#include <stdlib.h>
#include <string.h>

#include "tui/util.h"

static void *work(void *arg)
{
	struct tui_gcfig *f = arg;
	static const int64_t w3[3] = {1000000, 10000000, 100000000};
	/* the MMU first: the steps it builds once serve both queries */
	f->mmu_n = gt_model_mmu_curve(f->m, f->mmu_w, f->mmu_u, GT_MMU_CURVE_POINTS);
	gt_model_mmus(f->m, w3, 3, f->mmu3);
	for (size_t i = 0; i < f->ncyc && !atomic_load(&f->stop); i++)
		gt_model_gc_cycle(f->m, i, &f->cyc[i]);
	atomic_store(&f->done, 1);
	return NULL;
}

void tui_gcfig_start(struct tui_gcfig *f, const struct gt_model *m)
{
	if (f->started)
		return;
	f->m = m;
	size_t n;
	gt_model_ranges(m, GT_RS_GC, &n);
	f->ncyc = n;
	f->cyc = tui_xcalloc(n ? n : 1, sizeof *f->cyc);
	f->mmu_n = -1;
	for (int k = 0; k < 3; k++)
		f->mmu3[k] = -1;
	atomic_init(&f->done, 0);
	atomic_init(&f->stop, 0);
	f->started = 1;
	if (tui_thread_start(&f->th, work, f) != 0) { /* no thread: the work here */
		f->started = 2;
		work(f);
	}
}

int tui_gcfig_ready(const struct tui_gcfig *f)
{
	return f->started && atomic_load(&f->done);
}

void tui_gcfig_wait(struct tui_gcfig *f)
{
	if (f->started == 1) {
		pthread_join(f->th, NULL);
		f->started = 2;
	}
}

void tui_gcfig_free(struct tui_gcfig *f)
{
	if (f->started == 1) {
		atomic_store(&f->stop, 1);
		pthread_join(f->th, NULL);
	}
	free(f->cyc);
	memset(f, 0, sizeof *f);
}
