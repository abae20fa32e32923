/* order_user.c: user annotations (tasks, regions, logs, labels),
 * ProcsChange, and the experimental alloc/free events: Go's order.go
 * advanceUser* / advanceAnnotation / advanceAllocFree. */
#include <stdlib.h>
#include "decode/v2/order_int.h"

int gt_v2o_annotation(struct gt_v2_order *o, const struct gt_v2_base *ev,
                      struct ctx *c, struct ctx *nc)
{
	(void)nc;
	if (gt_v2o_validate(o, *c, MUST, MUST, MUST) < 0)
		return -1;
	return gt_v2o_push_as(o, ev, *c);
}

int gt_v2o_alloc_free(struct gt_v2_order *o, const struct gt_v2_base *ev,
                      struct ctx *c, struct ctx *nc)
{
	(void)nc;
	if (gt_v2o_validate(o, *c, MUST, MAY, MAY) < 0)
		return -1;
	return gt_v2o_push_as(o, ev, *c);
}

/* Tasks: no Begin is needed to reference a task, an End may come more
 * than once, ids may be reused; only a Begin of an active id is wrong. */
int gt_v2o_task_begin(struct gt_v2_order *o, const struct gt_v2_base *ev,
                      struct ctx *c, struct ctx *nc)
{
	(void)nc;
	uint64_t id = ev->args[0];
	if (gt_v2o_idmap_get(&o->tmap, id) != UINT32_MAX)
		return gt_v2o_fail(o, "task ID conflict: %llu", (unsigned long long)id);
	uint64_t parent = ev->args[1];
	if (parent == 0) /* 0 means no parent here, not the background task */
		parent = GT_NO_TASK;
	gt_str name;
	if (gt_v2o_resolve_str(o, ev->args[2], &name) < 0)
		return gt_v2o_fail(o, "invalid string ID %llu for %u event",
		                   (unsigned long long)ev->args[2], ev->type);
	uint32_t i;
	if (o->tfree) {
		i = o->tfree - 1;
		o->tfree = o->tasks[i].next_free;
	} else {
		if (o->nt == o->tcap) {
			uint32_t ncap = o->tcap ? o->tcap * 2 : 64;
			struct task *nt = realloc(o->tasks, sizeof *nt * ncap);
			if (!nt)
				return gt_v2o_fail(o, "out of memory");
			o->tasks = nt;
			o->tcap = ncap;
		}
		i = o->nt++;
	}
	if (gt_v2o_idmap_put(&o->tmap, id, i) < 0)
		return gt_v2o_fail(o, "out of memory");
	o->tasks[i] = (struct task){ id, parent, name, 0 };
	if (gt_v2o_validate(o, *c, MUST, MUST, MUST) < 0)
		return -1;
	struct gt_v2_base e = *ev;
	e.args[1] = parent;
	return gt_v2o_push(o, &e, *c, 0, 0) < 0 ? -1 : 1;
}

int gt_v2o_task_end(struct gt_v2_order *o, const struct gt_v2_base *ev,
                    struct ctx *c, struct ctx *nc)
{
	(void)nc;
	uint64_t parent = GT_NO_TASK;
	gt_str name = 0;
	uint64_t id = ev->args[0];
	uint32_t i = gt_v2o_idmap_get(&o->tmap, id);
	if (i != UINT32_MAX) {
		/* The end may be in another generation: carry the type over. */
		parent = o->tasks[i].parent;
		name = o->tasks[i].name;
		gt_v2o_idmap_del(&o->tmap, id);
		o->tasks[i].next_free = o->tfree;
		o->tfree = i + 1;
	}
	if (gt_v2o_validate(o, *c, MUST, MUST, MUST) < 0)
		return -1;
	return gt_v2o_push(o, ev, *c, parent, name) < 0 ? -1 : 1;
}

void gt_v2o_regions_free(struct gt_v2_order *o, struct gcold *g)
{
	while (g->regions) {
		uint32_t i = g->regions - 1;
		g->regions = o->regs[i].next;
		o->regs[i].next = o->rfree;
		o->rfree = i + 1;
	}
}

static int region_common(struct gt_v2_order *o, const struct gt_v2_base *ev,
                         struct ctx c, const char *what, struct ghot **g, gt_str *name)
{
	if (gt_v2o_validate(o, c, MUST, MUST, MUST) < 0)
		return -1;
	if (gt_v2o_resolve_str(o, ev->args[1], name) < 0)
		return gt_v2o_fail(o, "invalid string ID %llu for %u event",
		                   (unsigned long long)ev->args[1], ev->type);
	*g = gt_v2o_g(o, c.g);
	if (!*g)
		return gt_v2o_fail(o, "encountered %s without known state for current goroutine %lld",
		                   what, (long long)c.g);
	return 0;
}

int gt_v2o_region_begin(struct gt_v2_order *o, const struct gt_v2_base *ev,
                        struct ctx *c, struct ctx *nc)
{
	(void)nc;
	struct ghot *h;
	gt_str name;
	if (region_common(o, ev, *c, "EvUserRegionBegin", &h, &name) < 0)
		return -1;
	struct gcold *g = gt_v2o_gcold(o, c->g, h);
	if (!g)
		return -1;
	uint32_t i;
	if (o->rfree) {
		i = o->rfree - 1;
		o->rfree = o->regs[i].next;
	} else {
		if (o->nr == o->rcap) {
			uint32_t ncap = o->rcap ? o->rcap * 2 : 64;
			struct region *nr = realloc(o->regs, sizeof *nr * ncap);
			if (!nr)
				return gt_v2o_fail(o, "out of memory");
			o->regs = nr;
			o->rcap = ncap;
		}
		i = o->nr++;
	}
	o->regs[i] = (struct region){ ev->args[0], name, g->regions };
	g->regions = i + 1;
	return gt_v2o_push_as(o, ev, *c);
}

int gt_v2o_region_end(struct gt_v2_order *o, const struct gt_v2_base *ev,
                      struct ctx *c, struct ctx *nc)
{
	(void)nc;
	struct ghot *h;
	gt_str name;
	if (region_common(o, ev, *c, "EvUserRegionEnd", &h, &name) < 0)
		return -1;
	/* Regions begun before tracing started are unknown: accept. */
	struct gcold *g = gt_v2o_gcold_find(o, c->g, h);
	if (g && g->regions) {
		uint32_t i = g->regions - 1;
		struct region *r = &o->regs[i];
		if (r->task != ev->args[0] || r->name != name)
			return gt_v2o_fail(o, "misuse of region in goroutine %lld: region end {%llu %s} when the inner-most active region start event is {%llu %s}",
			                   (long long)g->id, (unsigned long long)ev->args[0],
			                   gt_v2o_str(o, name), (unsigned long long)r->task,
			                   gt_v2o_str(o, r->name));
		g->regions = r->next;
		r->next = o->rfree;
		o->rfree = i + 1;
	}
	return gt_v2o_push_as(o, ev, *c);
}
