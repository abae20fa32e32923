/* rtime.c: where a region's time went (model.h: gt_model_region_time):
 * its goroutine's states inside it, from the goroutine's intervals
 * clipped to the region (gt_model_g_window), the waits by class. */
#include "model/model_int.h"

#include <stdlib.h>
#include <string.h>

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

/* ---- Tasks: over their regions ------------------------------------------ */

struct tspan { uint32_t task, gi; int64_t s, e; };

static int by_task_g_start(const void *a, const void *b)
{
	const struct tspan *x = a, *y = b;
	if (x->task != y->task)
		return x->task < y->task ? -1 : 1;
	if (x->gi != y->gi)
		return x->gi < y->gi ? -1 : 1;
	return (x->s > y->s) - (x->s < y->s);
}

struct task_ix { uint64_t id; uint32_t i; };

static int by_id(const void *a, const void *b)
{
	const struct task_ix *x = a, *y = b;
	return (x->id > y->id) - (x->id < y->id);
}

/* The spans of regions that have a duration and belong to a task of the
 * trace, as (task index, goroutine index, begin, end); NULL when out of
 * memory. */
static struct tspan *task_spans(const struct gt_model *m, size_t *ns)
{
	size_t nt, nr;
	const struct gt_task *t = gt_model_tasks(m, &nt);
	const struct gt_region *r = gt_model_regions(m, &nr);
	struct task_ix *ix = malloc((nt ? nt : 1) * sizeof *ix);
	struct tspan *v = malloc((nr ? nr : 1) * sizeof *v);
	if (!ix || !v) {
		free(ix), free(v);
		return NULL;
	}
	for (size_t i = 0; i < nt; i++)
		ix[i] = (struct task_ix){t[i].id, (uint32_t)i};
	qsort(ix, nt, sizeof *ix, by_id);
	*ns = 0;
	for (size_t i = 0; i < nr; i++) {
		if (r[i].open_at_end || r[i].start == INT64_MIN || r[i].end <= r[i].start)
			continue;
		struct task_ix key = {r[i].task, 0};
		const struct task_ix *k = nt ? bsearch(&key, ix, nt, sizeof *ix, by_id) : NULL;
		uint32_t gi = k ? gt_model_g_find(m, r[i].g) : UINT32_MAX;
		if (gi != UINT32_MAX)
			v[(*ns)++] = (struct tspan){k->i, gi, r[i].start, r[i].end};
	}
	free(ix);
	qsort(v, *ns, sizeof *v, by_task_g_start);
	return v;
}

int gt_model_task_times(const struct gt_model *m, struct gt_rtime **out)
{
	size_t nt, n;
	gt_model_tasks(m, &nt);
	*out = calloc(nt ? nt : 1, sizeof **out);
	struct tspan *v = *out ? task_spans(m, &n) : NULL;
	if (!v) {
		free(*out);
		*out = NULL;
		return -1;
	}
	/* each goroutine's regions of a task merged where they overlap (a
	 * region nested in another counts once), then its states there */
	for (size_t i = 0; i < n;) {
		struct tspan u = v[i++];
		while (i < n && v[i].task == u.task && v[i].gi == u.gi && v[i].s <= u.e) {
			if (v[i].e > u.e)
				u.e = v[i].e;
			i++;
		}
		struct gt_rtime *o = &(*out)[u.task];
		int64_t ns[GT_GS__COUNT] = {0};
		struct by_class c = {m, o};
		gt_model_g_window(m, u.gi, u.s, u.e, ns, add_wait, &c);
		for (int s = 0; s < GT_GS__COUNT; s++)
			o->ns[s] = gt_sat_add(o->ns[s], ns[s]);
	}
	free(v);
	return 0;
}

void gt_annotations_time(const struct gt_model *m, const struct gt_annotations *a, int task,
                         uint32_t k, const struct gt_rtime *task_times, struct gt_rtime *out)
{
	memset(out, 0, sizeof *out);
	const struct gt_atype *t = task ? &a->task[k] : &a->region[k];
	const uint32_t *inst = task ? a->task_inst : a->region_inst;
	size_t n;
	const struct gt_region *r = gt_model_regions(m, &n);
	for (uint32_t i = t->first + t->open; i < t->first + t->open + t->count; i++) {
		if (!task) {
			if (inst[i] < n)
				gt_model_region_time_add(m, &r[inst[i]], out);
			continue;
		}
		if (!task_times)
			continue;
		const struct gt_rtime *x = &task_times[inst[i]];
		for (int s = 0; s < GT_GS__COUNT; s++)
			out->ns[s] = gt_sat_add(out->ns[s], x->ns[s]);
		for (int c = 0; c < GT_WC__COUNT; c++)
			out->wait[c] = gt_sat_add(out->wait[c], x->wait[c]);
	}
}
