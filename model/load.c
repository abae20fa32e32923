/* load.c: gt_model_load(): decode a file straight into a model, dropping
 * the file pages already decoded so the resident size stays near the
 * model's own. */
#include "model/model_int.h"

#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define DROP_STEP (2u << 20) /* drop decoded file pages 2 MiB at a time */

struct loader {
	struct gt_model *m;
	const uint8_t *buf;
	size_t len;
	int mapped;
	size_t dropped;        /* bytes at the start already given back */
	int decoder_reports;   /* the decoder calls progress itself */
	gt_model_progress_fn progress;
	void *ctx;
};

static void drop_before(struct loader *ld, uint64_t done)
{
	if (!ld->mapped || done < ld->dropped + DROP_STEP)
		return;
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t upto = (size_t)done & ~(page - 1);
	/* A private read-only file mapping refaults from the file if touched
	 * again, so this is only ever a hint, never a loss. */
	madvise((void *)(ld->buf + ld->dropped), upto - ld->dropped, MADV_DONTNEED);
	ld->dropped = upto;
}

static void on_progress(void *ctx, uint64_t done, uint64_t total)
{
	struct loader *ld = ctx;
	ld->decoder_reports = 1;
	drop_before(ld, done);
	if (ld->progress)
		ld->progress(ld->ctx, done, total);
}

static int on_event(void *ctx, const struct gt_event *ev, const struct gt_tables *t)
{
	(void)t;
	struct loader *ld = ctx;
	if (gt_model_add(ld->m, ev) < 0) {
		ld->m->nomem = 1;
		return 1;
	}
	if (!ld->decoder_reports && (ld->m->info.events & 0xfffff) == 0 && ld->mapped) {
		/* A decoder without progress reports (v1: events come in time
		 * order from all over the file) gets its file pages dropped now
		 * and then: the few it still reads come back from the page
		 * cache, the rest stop counting against the resident size. */
		madvise((void *)ld->buf, ld->len, MADV_DONTNEED);
	}
	if (!ld->decoder_reports && ld->progress && (ld->m->info.events & 0xffff) == 0)
		ld->progress(ld->ctx, ev->offset < ld->len ? ev->offset : ld->len, ld->len);
	return 0;
}

struct gt_model *gt_model_load(const uint8_t *buf, size_t len, int mapped,
                               gt_model_progress_fn progress, void *ctx,
                               struct gt_decode_result *res)
{
	struct gt_model *m = gt_model_new();
	if (!m) {
		memset(res, 0, sizeof *res);
		res->status = GT_NOMEM;
		strcpy(res->msg, "out of memory");
		return NULL;
	}
	struct loader ld = {m, buf, len, mapped, 0, 0, progress, ctx};
	struct gt_sink sink = {.ctx = &ld, .event = on_event, .progress = on_progress};
	gt_decode(buf, len, m->tables, &sink, res);
	if (m->nomem && (res->status == GT_OK || res->status == GT_STOPPED)) {
		res->status = GT_NOMEM;
		strcpy(res->msg, "out of memory while building the model");
	}
	gt_model_finish(m);
	if (progress)
		progress(ctx, len, len);
	m->info.format = res->format;
	m->info.version = res->version;
	m->info.status = res->status;
	return m;
}
