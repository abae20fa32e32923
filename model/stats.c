/* stats.c: the oracle figures of a trace (stats.h) from the event stream. */
#include "model/stats.h"
#include "decode/ids.h"
#include "model/model_int.h"

#include <stdlib.h>
#include <string.h>

struct ginfo {
	int64_t g;
	uint8_t has_trans, to;
	gt_str reason;
	gt_stack stack;
};

/* Goroutine id -> index: a direct array for the small, dense ids the
 * runtime hands out (grown with the count seen, so a hostile id cannot
 * make it huge), a hash map for the rest. */
struct gidx {
	uint32_t *dense; /* UINT32_MAX: none */
	size_t ndense;
	struct gt_ids sparse;
};

static uint32_t gidx_get(const struct gidx *x, int64_t id)
{
	if (id >= 0 && (uint64_t)id < x->ndense) {
		uint32_t v = x->dense[id];
		if (v != UINT32_MAX || !x->sparse.len)
			return v;
	}
	return gt_ids_get(&x->sparse, id);
}

static int gidx_put(struct gidx *x, int64_t id, uint32_t v, uint32_t count)
{
	if (id >= 0 && (uint64_t)id >= x->ndense && (uint64_t)id < 8 * (uint64_t)count + 65536) {
		size_t n = x->ndense ? x->ndense : 4096;
		while (n <= (uint64_t)id)
			n *= 2;
		uint32_t *d = realloc(x->dense, n * sizeof *d);
		if (d) {
			memset(d + x->ndense, 0xff, (n - x->ndense) * sizeof *d);
			x->dense = d;
			x->ndense = n;
		}
	}
	if (id >= 0 && (uint64_t)id < x->ndense) {
		x->dense[id] = v;
		return 0;
	}
	return gt_ids_put(&x->sparse, id, v);
}

struct gt_stats_priv {
	struct gidx gmap;
	struct gt_ids pset, mset;
	struct ginfo *gs;
	uint32_t ngs, capgs;
	uint8_t *stack_seen;
	uint32_t capstack;
	int64_t last_g, last_p, last_m; /* skip lookups of repeated ids */
	int oom;
	int no_goroutines; /* gt_stats_init_counts: the model has them */
};

static uint32_t note_g(struct gt_stats *s, int64_t g)
{
	struct gt_stats_priv *p = s->priv;
	uint32_t i = gidx_get(&p->gmap, g);
	if (i != UINT32_MAX)
		return i;
	if (p->ngs == p->capgs) {
		uint32_t cap = p->capgs ? p->capgs * 2 : 1024;
		struct ginfo *q = realloc(p->gs, sizeof *q * cap);
		if (!q) {
			p->oom = 1;
			return UINT32_MAX;
		}
		p->gs = q;
		p->capgs = cap;
	}
	i = p->ngs++;
	memset(&p->gs[i], 0, sizeof p->gs[i]);
	p->gs[i].g = g;
	if (gidx_put(&p->gmap, g, i, p->ngs)) {
		p->oom = 1;
		p->ngs--;
		return UINT32_MAX;
	}
	s->goroutines++;
	return i;
}

static void note_in(struct gt_stats *s, struct gt_ids *set, uint64_t *count, int64_t id)
{
	if (gt_ids_get(set, id) != UINT32_MAX)
		return;
	if (gt_ids_put(set, id, 0))
		s->priv->oom = 1;
	else
		(*count)++;
}

static void note_stack(struct gt_stats *s, gt_stack st)
{
	struct gt_stats_priv *p = s->priv;
	if (st >= p->capstack) {
		uint32_t cap = p->capstack ? p->capstack : 4096;
		while (cap <= st)
			cap *= 2;
		uint8_t *q = realloc(p->stack_seen, cap);
		if (!q) {
			p->oom = 1;
			return;
		}
		memset(q + p->capstack, 0, cap - p->capstack);
		p->stack_seen = q;
		p->capstack = cap;
	}
	if (!p->stack_seen[st]) {
		p->stack_seen[st] = 1;
		s->stacks_distinct++;
	}
}

static int on_event(void *ctx, const struct gt_event *ev, const struct gt_tables *t)
{
	struct gt_stats *s = ctx;
	struct gt_stats_priv *p = s->priv;
	if (!s->events || ev->ts < s->min_ts)
		s->min_ts = ev->ts;
	if (!s->events || ev->ts > s->max_ts)
		s->max_ts = ev->ts;
	s->events++;
	if (ev->kind < GT_EV__COUNT)
		s->by_kind[ev->kind]++;
	if (ev->g != GT_NONE && ev->g != p->last_g && !p->no_goroutines) {
		note_g(s, ev->g);
		p->last_g = ev->g;
	}
	if (ev->p != GT_NONE && ev->p != p->last_p) {
		note_in(s, &p->pset, &s->procs, ev->p);
		p->last_p = ev->p;
	}
	if (ev->m != GT_NONE && ev->m != p->last_m) {
		note_in(s, &p->mset, &s->threads, ev->m);
		p->last_m = ev->m;
	}
	if (ev->stack)
		note_stack(s, ev->stack);
	switch (ev->kind) {
	case GT_EV_STATE_TRANSITION:
		if (ev->u.trans.resource == GT_RES_GOROUTINE) {
			s->trans_goroutine++;
			uint32_t i = p->no_goroutines ? UINT32_MAX : note_g(s, ev->u.trans.id);
			if (i != UINT32_MAX) {
				struct ginfo *gi = &p->gs[i];
				gi->has_trans = 1;
				gi->to = ev->u.trans.to;
				gi->reason = ev->u.trans.reason;
				gi->stack = ev->u.trans.stack;
			}
			if (ev->u.trans.stack)
				note_stack(s, ev->u.trans.stack);
		} else if (ev->u.trans.resource == GT_RES_PROC) {
			s->trans_proc++;
			if (ev->u.trans.id != GT_NONE)
				note_in(s, &p->pset, &s->procs, ev->u.trans.id);
		}
		break;
	case GT_EV_RANGE_BEGIN: {
		const char *name = gt_str_get(t, ev->u.range.name);
		if (!strcmp(name, "GC concurrent mark phase"))
			s->gc_cycles++;
		else if (!strncmp(name, "stop-the-world", 14))
			s->stw++;
		break;
	}
	case GT_EV_TASK_BEGIN: s->tasks++; break;
	case GT_EV_REGION_BEGIN: s->regions++; break;
	case GT_EV_LOG: s->logs++; break;
	default: break;
	}
	return 0;
}

int gt_stats_init(struct gt_stats *s, struct gt_sink *sink)
{
	memset(s, 0, sizeof *s);
	s->priv = calloc(1, sizeof *s->priv);
	if (!s->priv)
		return -1;
	s->priv->last_g = s->priv->last_p = s->priv->last_m = GT_NONE;
	memset(sink, 0, sizeof *sink);
	sink->ctx = s;
	sink->event = on_event;
	return 0;
}

int gt_stats_init_counts(struct gt_stats *s)
{
	struct gt_sink sink;
	if (gt_stats_init(s, &sink) < 0)
		return -1;
	s->priv->no_goroutines = 1;
	return 0;
}

void gt_stats_counts_sink(struct gt_stats *s, struct gt_sink *sink)
{
	memset(sink, 0, sizeof *sink);
	sink->ctx = s;
	sink->event = on_event;
}

void gt_stats_reset_counts(struct gt_stats *s)
{
	struct gt_stats_priv *p = s->priv;
	/* its sets start empty again; what it allocated is kept or freed */
	gt_ids_free(&p->pset);
	gt_ids_free(&p->mset);
	if (p->stack_seen)
		memset(p->stack_seen, 0, p->capstack);
	p->last_g = p->last_p = p->last_m = GT_NONE;
	p->oom = 0;
	free(s->blocked);
	memset(s, 0, sizeof *s);
	s->priv = p;
}

static int cmp_blocked(const void *a, const void *b)
{
	const struct gt_stats_blocked *x = a, *y = b;
	return (x->g > y->g) - (x->g < y->g);
}

int gt_stats_finish(struct gt_stats *s, const struct gt_tables *t)
{
	struct gt_stats_priv *p = s->priv;
	uint32_t nw = 0;
	for (uint32_t i = 0; i < p->ngs; i++) {
		if (!p->gs[i].has_trans)
			continue;
		if (p->gs[i].to < GT_GS__COUNT)
			s->final_states[p->gs[i].to]++;
		nw += p->gs[i].to == GT_GS_WAITING;
	}
	free(s->blocked);
	s->blocked = malloc(sizeof *s->blocked * (nw ? nw : 1));
	if (!s->blocked)
		return -1;
	s->nblocked = 0;
	for (uint32_t i = 0; i < p->ngs; i++) {
		const struct ginfo *gi = &p->gs[i];
		if (!gi->has_trans || gi->to != GT_GS_WAITING)
			continue;
		gt_str fn = 0;
		if (gt_stack_depth(t, gi->stack)) {
			const struct gt_frame *f = gt_frame_get(t, gt_stack_frames(t, gi->stack)[0]);
			fn = f ? f->func : 0;
		}
		s->blocked[s->nblocked++] = (struct gt_stats_blocked){gi->g, gi->reason, fn};
	}
	qsort(s->blocked, s->nblocked, sizeof *s->blocked, cmp_blocked);
	return p->oom ? -1 : 0;
}

void gt_stats_free(struct gt_stats *s)
{
	if (s->priv) {
		free(s->priv->gmap.dense);
		gt_ids_free(&s->priv->gmap.sparse);
		gt_ids_free(&s->priv->pset);
		gt_ids_free(&s->priv->mset);
		free(s->priv->gs);
		free(s->priv->stack_seen);
		free(s->priv);
	}
	free(s->blocked);
	memset(s, 0, sizeof *s);
}

int gt_stats_compute(const uint8_t *buf, size_t len, struct gt_tables *t,
                     const struct gt_decode_opts *o, struct gt_stats *s,
                     struct gt_decode_result *res)
{
	struct gt_sink sink;
	if (gt_stats_init(s, &sink))
		return -1;
	gt_decode_opts(buf, len, t, &sink, o, res);
	return gt_stats_finish(s, t);
}

/* ---- output -------------------------------------------------------------- */
