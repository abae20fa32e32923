/* rtime.c: where a region's time went (model.h: gt_model_region_time):
 * its goroutine's states inside it, from the goroutine's intervals
 * clipped to the region (gt_model_g_window), the waits by class. */
#include "model/model_int.h"

struct by_class { const struct gt_model *m; struct gt_rtime *out; };

static void add_wait(void *ctx, gt_str reason, int64_t ns)
{
	struct by_class *c = ctx;
	enum gt_wait_class k = gt_wait_class(gt_model_str(c->m, reason));
	c->out->wait[k] = gt_sat_add(c->out->wait[k], ns);
}

void gt_model_region_time_add(const struct gt_model *m, const struct gt_region *r,
                              struct gt_rtime *out)
{
	if (r->open_at_end || r->start == INT64_MIN || r->end <= r->start)
		return;
	uint32_t gi = gt_model_g_find(m, r->g);
	if (gi == UINT32_MAX)
		return;
	int64_t ns[GT_GS__COUNT] = {0};
	struct by_class c = {m, out};
	gt_model_g_window(m, gi, r->start, r->end, ns, add_wait, &c);
	for (int s = 0; s < GT_GS__COUNT; s++)
		out->ns[s] = gt_sat_add(out->ns[s], ns[s]);
}
