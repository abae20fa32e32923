/* order_ranges.c: GC mark phase (global, with gcSeq), STW and mark
 * assist ranges on goroutines, sweep ranges on Ps, heap metrics: Go's
 * order.go advanceGC* / advanceGoRange* / rangeState. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "decode/v2/order_conv.h"

enum { GC_UNDETERMINED, GC_NOT_RUNNING, GC_RUNNING };

/* makeRangeType: ends and actives are named by their begin type. */
static inline uint8_t range_type(unsigned type)
{
	uint8_t s = gt_v2o_info_k(type)->start;
	return s ? s : (uint8_t)type;
}

static int has_range(struct rangestate *rs, uint8_t typ, gt_str desc)
{
	struct rng *r = rs_at(rs);
	for (uint32_t i = 0; i < rs->n; i++)
		if (r[i].typ == typ && r[i].desc == desc)
			return 1;
	return 0;
}

static int add_range(struct gt_v2_order *o, struct rangestate *rs, uint8_t typ, gt_str desc)
{
	uint32_t cap = rs->cap ? rs->cap : GT_V2O_INLINE_RANGES;
	if (rs->n == cap) {
		struct rng *nb = realloc(rs->big, sizeof *nb * cap * 2);
		if (!nb)
			return gt_v2o_fail(o, "out of memory");
		if (!rs->cap)
			memcpy(nb, rs->inl, sizeof rs->inl);
		rs->big = nb;
		rs->cap = cap * 2;
	}
	struct rng *r = rs_at(rs);
	r[rs->n].typ = typ;
	r[rs->n].desc = desc;
	rs->n++;
	return 0;
}

int gt_v2o_begin_range(struct gt_v2_order *o, struct rangestate *rs, uint8_t typ, gt_str desc)
{
	if (has_range(rs, typ, desc))
		return gt_v2o_fail(o, "discovered event already in-flight for when starting event %s",
		                   gt_v2o_name(o->version, typ));
	return add_range(o, rs, typ, desc);
}

/* Active in the first generation: now known in flight; later: must be. */
static int active_range(struct gt_v2_order *o, struct rangestate *rs, uint8_t typ)
{
	if (o->gen == o->initial_gen) {
		if (has_range(rs, typ, 0))
			return gt_v2o_fail(o, "found named active range already in first gen: {%u 0}", typ);
		return add_range(o, rs, typ, 0);
	}
	if (!has_range(rs, typ, 0)) {
		char list[128];
		size_t n = 0;
		list[0] = 0;
		struct rng *r = rs_at(rs);
		for (uint32_t i = 0; i < rs->n && n < sizeof list - 24; i++)
			n += (size_t)snprintf(list + n, sizeof list - n, "%s{%u %u}", i ? " " : "",
			                      r[i].typ, r[i].desc);
		return gt_v2o_fail(o, "resource is missing active range: %s [%s]",
		                   gt_v2o_name(o->version, typ), list);
	}
	return 0;
}

int gt_v2o_end_range(struct gt_v2_order *o, struct rangestate *rs, unsigned endtype, gt_str *desc)
{
	uint8_t st = gt_v2o_info_k(endtype)->start;
	struct rng *r = rs_at(rs);
	for (uint32_t i = 0; i < rs->n; i++) {
		if (r[i].typ != st)
			continue;
		*desc = r[i].desc;
		r[i] = r[rs->n - 1];
		rs->n--;
		return 0;
	}
	return gt_v2o_fail(o, "tried to end event %s, but not in-flight", gt_v2o_name(o->version, st));
}

int gt_v2o_gc_active(struct gt_v2_order *o, const struct gt_v2_base *ev,
                     struct ctx *c, struct ctx *nc)
{
	(void)nc;
	uint64_t seq = ev->args[0];
	if (o->gen == o->initial_gen) {
		if (o->gc_state != GC_UNDETERMINED)
			return gt_v2o_fail(o, "GCActive in the first generation isn't first GC event");
		o->gc_seq = seq;
		o->gc_state = GC_RUNNING;
		return gt_v2o_push_as(o, ev, *c);
	}
	if (seq != o->gc_seq + 1)
		return 0; /* not this GC cycle yet */
	if (o->gc_state != GC_RUNNING)
		return gt_v2o_fail(o, "encountered GCActive while GC was not in progress");
	o->gc_seq = seq;
	if (gt_v2o_validate(o, *c, MUST, MUST, MUST) < 0)
		return -1;
	return gt_v2o_push_as(o, ev, *c);
}

int gt_v2o_gc_begin(struct gt_v2_order *o, const struct gt_v2_base *ev,
                    struct ctx *c, struct ctx *nc)
{
	(void)nc;
	uint64_t seq = ev->args[0];
	if (o->gc_state == GC_UNDETERMINED) {
		o->gc_seq = seq;
		o->gc_state = GC_RUNNING;
		return gt_v2o_push_as(o, ev, *c);
	}
	if (seq != o->gc_seq + 1)
		return 0;
	if (o->gc_state == GC_RUNNING)
		return gt_v2o_fail(o, "encountered GCBegin while GC was already in progress");
	o->gc_seq = seq;
	o->gc_state = GC_RUNNING;
	if (gt_v2o_validate(o, *c, MUST, MUST, MUST) < 0)
		return -1;
	return gt_v2o_push_as(o, ev, *c);
}

int gt_v2o_gc_end(struct gt_v2_order *o, const struct gt_v2_base *ev,
                  struct ctx *c, struct ctx *nc)
{
	(void)nc;
	uint64_t seq = ev->args[0];
	if (seq != o->gc_seq + 1)
		return 0;
	if (o->gc_state == GC_NOT_RUNNING)
		return gt_v2o_fail(o, "encountered GCEnd when GC was not in progress");
	if (o->gc_state == GC_UNDETERMINED)
		return gt_v2o_fail(o, "encountered GCEnd when GC was in an undetermined state");
	o->gc_seq = seq;
	o->gc_state = GC_NOT_RUNNING;
	if (gt_v2o_validate(o, *c, MUST, MUST, MUST) < 0)
		return -1;
	return gt_v2o_push_as(o, ev, *c);
}

int gt_v2o_sweep_active(struct gt_v2_order *o, const struct gt_v2_base *ev,
                        struct ctx *c, struct ctx *nc)
{
	(void)nc;
	/* May name a P other than ours: no context checks, as in Go. */
	int64_t pid = (int64_t)ev->args[0];
	struct pstate *p = gt_v2o_p(o, pid);
	if (!p)
		return gt_v2o_fail(o, "encountered GCSweepActive for unknown proc %lld", (long long)pid);
	if (active_range(o, &p->rs, range_type(ev->type)) < 0)
		return -1;
	return gt_v2o_push_as(o, ev, *c);
}

/* STWBegin and GCMarkAssistBegin (type, a constant). */
static inline __attribute__((always_inline)) int
go_range_begin(struct gt_v2_order *o, const struct gt_v2_base *ev, struct ctx *c, unsigned type)
{
	if (gt_v2o_validate(o, *c, MUST, MUST, MUST) < 0)
		return -1;
	gt_str desc = 0;
	if (type == W_STW_BEGIN && gt_v2o_resolve_str(o, ev->args[0], &desc) < 0)
		return gt_v2o_fail(o, "found invalid string ID %llu for event %s",
		                   (unsigned long long)ev->args[0], gt_v2o_name(o->version, type));
	struct ghot *g = gt_v2o_g(o, c->g);
	if (GT_V2O_UNLIKELY(!g))
		return gt_v2o_fail(o, "encountered event of type %u without known state for current goroutine %lld",
		                   type, (long long)c->g);
	struct gcold *gc = gt_v2o_gcold(o, c->g, g);
	if (!gc || gt_v2o_begin_range(o, &gc->rs, range_type(type), desc) < 0)
		return -1;
	return gt_v2o_push_as_k(o, ev, type, *c);
}

int gt_v2o_stw_begin(struct gt_v2_order *o, const struct gt_v2_base *ev,
                     struct ctx *c, struct ctx *nc)
{
	(void)nc;
	return go_range_begin(o, ev, c, W_STW_BEGIN);
}

int gt_v2o_assist_begin(struct gt_v2_order *o, const struct gt_v2_base *ev,
                        struct ctx *c, struct ctx *nc)
{
	(void)nc;
	return go_range_begin(o, ev, c, W_GC_MARK_ASSIST_BEGIN);
}

int gt_v2o_go_range_active(struct gt_v2_order *o, const struct gt_v2_base *ev,
                           struct ctx *c, struct ctx *nc)
{
	(void)nc;
	/* Like GoStatus, may name a goroutine that is not running. */
	int64_t gid = (int64_t)ev->args[0];
	struct ghot *g = gt_v2o_g(o, gid);
	if (!g)
		return gt_v2o_fail(o, "uninitialized goroutine %lld found during %s", (long long)gid,
		                   gt_v2o_name(o->version, ev->type));
	struct gcold *gc = gt_v2o_gcold(o, gid, g);
	if (!gc || active_range(o, &gc->rs, range_type(ev->type)) < 0)
		return -1;
	return gt_v2o_push_as(o, ev, *c);
}

/* STWEnd and GCMarkAssistEnd (type, a constant). */
static inline __attribute__((always_inline)) int
go_range_end(struct gt_v2_order *o, const struct gt_v2_base *ev, struct ctx *c, unsigned type)
{
	if (gt_v2o_validate(o, *c, MUST, MUST, MUST) < 0)
		return -1;
	struct ghot *g = gt_v2o_g(o, c->g);
	if (GT_V2O_UNLIKELY(!g))
		return gt_v2o_fail(o, "encountered event of type %u without known state for current goroutine %lld",
		                   type, (long long)c->g);
	gt_str desc = 0;
	struct gcold *gc = gt_v2o_gcold_find(o, c->g, g);
	struct rangestate none = { 0, 0, { { 0, 0 } }, NULL };
	if (gt_v2o_end_range(o, gc ? &gc->rs : &none, type, &desc) < 0)
		return -1;
	/* The STW reason, carried over from its begin. */
	return gt_v2o_push_k(o, ev, type, *c, 0, desc) < 0 ? -1 : 1;
}

int gt_v2o_stw_end(struct gt_v2_order *o, const struct gt_v2_base *ev,
                   struct ctx *c, struct ctx *nc)
{
	(void)nc;
	return go_range_end(o, ev, c, W_STW_END);
}

int gt_v2o_assist_end(struct gt_v2_order *o, const struct gt_v2_base *ev,
                      struct ctx *c, struct ctx *nc)
{
	(void)nc;
	return go_range_end(o, ev, c, W_GC_MARK_ASSIST_END);
}
