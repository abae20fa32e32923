/* v2_order.c: the orderer's entry points (Go's ordering.Advance/Next):
 * per-M context, dispatch by wire type, the output ring, state pools. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "decode/v2_order_int.h"

#define NONE_IDX UINT32_MAX

static const gt_v2o_handler dispatch[256] = {
	[W_PROCS_CHANGE] = gt_v2o_annotation,
	[W_PROC_START] = gt_v2o_proc_start,
	[W_PROC_STOP] = gt_v2o_proc_stop,
	[W_PROC_STEAL] = gt_v2o_proc_steal,
	[W_PROC_STATUS] = gt_v2o_proc_status,
	[W_GO_CREATE] = gt_v2o_go_create,
	[W_GO_CREATE_SYSCALL] = gt_v2o_go_create_syscall,
	[W_GO_START] = gt_v2o_go_start,
	[W_GO_DESTROY] = gt_v2o_go_destroy,
	[W_GO_DESTROY_SYSCALL] = gt_v2o_go_destroy_syscall,
	[W_GO_STOP] = gt_v2o_go_stop,
	[W_GO_BLOCK] = gt_v2o_go_block,
	[W_GO_UNBLOCK] = gt_v2o_go_unblock,
	[W_GO_SYSCALL_BEGIN] = gt_v2o_go_syscall_begin,
	[W_GO_SYSCALL_END] = gt_v2o_go_syscall_end,
	[W_GO_SYSCALL_END_BLOCKED] = gt_v2o_go_syscall_end_blocked,
	[W_GO_STATUS] = gt_v2o_go_status,
	[W_STW_BEGIN] = gt_v2o_stw_begin,
	[W_STW_END] = gt_v2o_stw_end,
	[W_GC_ACTIVE] = gt_v2o_gc_active,
	[W_GC_BEGIN] = gt_v2o_gc_begin,
	[W_GC_END] = gt_v2o_gc_end,
	[W_GC_SWEEP_ACTIVE] = gt_v2o_sweep_active,
	[W_GC_SWEEP_BEGIN] = gt_v2o_sweep_begin,
	[W_GC_SWEEP_END] = gt_v2o_sweep_end,
	[W_GC_MARK_ASSIST_ACTIVE] = gt_v2o_go_range_active,
	[W_GC_MARK_ASSIST_BEGIN] = gt_v2o_assist_begin,
	[W_GC_MARK_ASSIST_END] = gt_v2o_assist_end,
	[W_HEAP_ALLOC] = gt_v2o_heap_alloc,
	[W_HEAP_GOAL] = gt_v2o_heap_goal,
	[W_GO_LABEL] = gt_v2o_annotation,
	[W_USER_TASK_BEGIN] = gt_v2o_task_begin,
	[W_USER_TASK_END] = gt_v2o_task_end,
	[W_USER_REGION_BEGIN] = gt_v2o_region_begin,
	[W_USER_REGION_END] = gt_v2o_region_end,
	[W_USER_LOG] = gt_v2o_annotation,
	[W_GO_SWITCH] = gt_v2o_go_switch,
	[W_GO_SWITCH_DESTROY] = gt_v2o_go_switch,
	[W_GO_CREATE_BLOCKED] = gt_v2o_go_create_blocked,
	[W_GO_STATUS_STACK] = gt_v2o_go_status,
	[W_SPAN] = gt_v2o_alloc_free,
	[W_SPAN_ALLOC] = gt_v2o_alloc_free,
	[W_SPAN_FREE] = gt_v2o_alloc_free,
	[W_HEAP_OBJECT] = gt_v2o_alloc_free,
	[W_HEAP_OBJECT_ALLOC] = gt_v2o_alloc_free,
	[W_HEAP_OBJECT_FREE] = gt_v2o_alloc_free,
	[W_GOROUTINE_STACK] = gt_v2o_alloc_free,
	[W_GOROUTINE_STACK_ALLOC] = gt_v2o_alloc_free,
	[W_GOROUTINE_STACK_FREE] = gt_v2o_alloc_free,
};

struct gt_v2_order *gt_v2_order_new(int version)
{
	struct gt_v2_order *o = calloc(1, sizeof *o);
	if (!o)
		return NULL;
	o->version = version;
	for (unsigned i = 0; i < GT_V2O_DENSE_P; i++)
		o->pdense[i] = NONE_IDX;
	return o;
}

void gt_v2_order_free(struct gt_v2_order *o)
{
	if (!o)
		return;
	for (uint32_t i = 0; i < o->ng; i++)
		if (o->gs[i].status != GS_FREE)
			free(o->gs[i].rs.big);
	for (uint32_t i = 0; i < o->np; i++)
		free(o->ps[i].rs.big);
	free(o->gs);
	free(o->ps);
	free(o->ms);
	free(o->tasks);
	free(o->regs);
	free(o->q.ev);
	free(o->buf);
	gt_v2o_idmap_free(&o->gmap);
	gt_v2o_idmap_free(&o->pmap);
	gt_v2o_idmap_free(&o->mmap);
	gt_v2o_idmap_free(&o->tmap);
	free(o);
}

int gt_v2o_fail(struct gt_v2_order *o, const char *fmt, ...)
{
	if (o->errsz) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(o->err, o->errsz, fmt, ap);
		va_end(ap);
	}
	return -1;
}

/* Go's validateCtx messages, first failing check first. */
int gt_v2o_validate_fail(struct gt_v2_order *o, struct ctx c, int m, int p, int g)
{
	if (m == MUST && c.m == GT_NONE)
		return gt_v2o_fail(o, "expected a thread but didn't have one");
	if (m == NO && c.m != GT_NONE)
		return gt_v2o_fail(o, "expected no thread but had one");
	if (p == MUST && c.p == GT_NONE)
		return gt_v2o_fail(o, "expected a proc but didn't have one");
	if (p == NO && c.p != GT_NONE)
		return gt_v2o_fail(o, "expected no proc but had one");
	if (g == MUST && c.g == GT_NONE)
		return gt_v2o_fail(o, "expected a goroutine but didn't have one");
	if (g == NO && c.g != GT_NONE)
		return gt_v2o_fail(o, "expected no goroutine but had one");
	return 0;
}

/* Pools.  Records are found by id through the maps (inline look-ups in
 * v2_order_int.h); pointers into a pool stay valid only until the next
 * *_new on that pool. */
static int grow_pool(void **p, uint32_t *cap, size_t size)
{
	uint32_t ncap = *cap ? *cap * 2 : 64;
	void *np = realloc(*p, size * ncap);
	if (!np)
		return -1;
	*p = np;
	*cap = ncap;
	return 0;
}

struct gstate *gt_v2o_g_new(struct gt_v2_order *o, int64_t id)
{
	uint32_t i;
	if (o->gfree) {
		i = o->gfree - 1;
		o->gfree = o->gs[i].next_free;
		/* Goroutines come in bursts: have the next free record in cache
		 * by the next creation (it was freed long ago, maybe). */
		if (o->gfree)
			__builtin_prefetch(&o->gs[o->gfree - 1], 1);
	} else {
		if (o->ng == o->gcap && grow_pool((void **)&o->gs, &o->gcap, sizeof *o->gs) < 0)
			return NULL;
		i = o->ng++;
	}
	if (gt_v2o_idmap_put(&o->gmap, (uint64_t)id, i) < 0) {
		/* Back on the free list, so the record is not lost. */
		o->gs[i].status = GS_FREE;
		o->gs[i].rs.big = NULL;
		o->gs[i].next_free = o->gfree;
		o->gfree = i + 1;
		return NULL;
	}
	struct gstate *g = &o->gs[i];
	memset(g, 0, sizeof *g);
	g->id = id;
	return g;
}

void gt_v2o_g_del_at(struct gt_v2_order *o, struct gstate *g)
{
	uint32_t i = (uint32_t)(g - o->gs);
	if (GT_V2O_UNLIKELY(g->regions))
		gt_v2o_regions_free(o, g);
	if (GT_V2O_UNLIKELY(g->rs.big != NULL)) {
		free(g->rs.big);
		g->rs.big = NULL;
	}
	gt_v2o_idmap_del(&o->gmap, (uint64_t)g->id);
	g->status = GS_FREE;
	g->next_free = o->gfree;
	o->gfree = i + 1;
}

void gt_v2o_g_del(struct gt_v2_order *o, int64_t id)
{
	struct gstate *g = gt_v2o_g(o, id);
	if (g)
		gt_v2o_g_del_at(o, g);
}

struct pstate *gt_v2o_p_new(struct gt_v2_order *o, int64_t id)
{
	if (o->np == o->pcap && grow_pool((void **)&o->ps, &o->pcap, sizeof *o->ps) < 0)
		return NULL;
	if ((uint64_t)id < GT_V2O_DENSE_P)
		o->pdense[id] = o->np;
	else if (gt_v2o_idmap_put(&o->pmap, (uint64_t)id, o->np) < 0)
		return NULL;
	struct pstate *p = &o->ps[o->np++];
	memset(p, 0, sizeof *p);
	p->id = id;
	return p;
}

struct mstate *gt_v2o_m(struct gt_v2_order *o, int64_t id)
{
	uint32_t i = gt_v2o_idmap_get(&o->mmap, (uint64_t)id);
	return i == NONE_IDX ? NULL : &o->ms[i];
}

struct mstate *gt_v2o_m_new(struct gt_v2_order *o, int64_t id)
{
	if (o->nm == o->mcap && grow_pool((void **)&o->ms, &o->mcap, sizeof *o->ms) < 0)
		return NULL;
	if (gt_v2o_idmap_put(&o->mmap, (uint64_t)id, o->nm) < 0)
		return NULL;
	struct mstate *m = &o->ms[o->nm++];
	m->id = id;
	m->g = GT_NONE;
	m->p = GT_NONE;
	return m;
}

const char *gt_v2o_str(struct gt_v2_order *o, gt_str s)
{
	return gt_str_get(o->gv->tables, s);
}

static int intern_names(struct gt_v2_order *o, struct gt_tables *t)
{
#define IN(field, s) o->field = gt_str_intern(t, s, sizeof s - 1)
	IN(n_gcmark, "GC concurrent mark phase");
	IN(n_sweep, "GC incremental sweep");
	IN(n_assist, "GC mark assist");
	IN(n_gomaxprocs, "/sched/gomaxprocs:threads");
	IN(n_heapalloc, "/memory/classes/heap/objects:bytes");
	IN(n_heapgoal, "/gc/heap/goal:bytes");
	IN(n_allocfree, "AllocFree");
#undef IN
	for (unsigned i = 0; i < 9; i++) {
		const char *name = gt_v2o_info(W_SPAN + i)->name;
		o->n_types[i] = gt_str_intern(t, name, strlen(name));
	}
	o->names_for = t;
	return 0;
}

/* A new generation view (or the first): names, the stack memo. */
static int __attribute__((noinline)) set_view(struct gt_v2_order *o, const struct gt_v2_gen_view *gv)
{
	o->gv = gv;
	o->gen = gv->gen;
	if (!gv->tables) {
		o->gv = NULL; /* so that the next call checks again */
		return gt_v2o_fail(o, "internal error: generation view without tables");
	}
	if (o->names_for != gv->tables) {
		intern_names(o, gv->tables);
		o->memo_valid = 0;
	}
	if (!o->memo_valid || o->memo_gen != gv->gen || o->memo_ctx != gv->ctx) {
		/* Another generation: its stack ids mean other stacks. */
		memset(o->memo, 0, sizeof o->memo);
		o->memo_gen = gv->gen;
		o->memo_ctx = gv->ctx;
		o->memo_valid = 1;
	}
	if (o->initial_gen == 0)
		o->initial_gen = gv->gen;
	return 0;
}

int gt_v2_order_advance(struct gt_v2_order *o, const struct gt_v2_base *ev,
                        int64_t m, const struct gt_v2_gen_view *gv,
                        char *err, size_t errsz)
{
	o->err = err;
	o->errsz = errsz;
	if (errsz)
		err[0] = 0;
	if (GT_V2O_UNLIKELY(gv != o->gv || gv->gen != o->gen || gv->ctx != o->memo_ctx ||
	                    gv->tables != o->names_for) && set_view(o, gv) < 0)
		return -1;

	int64_t g = GT_NONE, p = GT_NONE;
	uint32_t mi = NONE_IDX;
	if (m != GT_NONE) {
		/* Ms are never removed: cache the last one (runs of events
		 * come from the same M). */
		mi = o->nm && o->ms[o->mlast].id == m ? o->mlast
		                                      : gt_v2o_idmap_get(&o->mmap, (uint64_t)m);
		if (mi == NONE_IDX) {
			if (!gt_v2o_m_new(o, m))
				return gt_v2o_fail(o, "out of memory");
			mi = o->nm - 1;
		}
		o->mlast = mi;
		p = o->ms[mi].p;
		g = o->ms[mi].g;
	}
	gt_v2o_handler h = dispatch[ev->type];
	if (GT_V2O_UNLIKELY(!h))
		return gt_v2o_fail(o, "bad event type found while ordering: %u", ev->type);
	/* Both from registers, and written back field by field only when
	 * changed: copying a ctx with a wide load right after the handler's
	 * narrow stores stalls store-to-load forwarding. */
	struct ctx c = { g, p, m }, nc = { g, p, m };
	int r = h(o, ev, &c, &nc);
	if (r == 1 && mi != NONE_IDX) {
		/* The handler may have grown the M pool: index, not pointer. */
		if (nc.p != p)
			o->ms[mi].p = nc.p;
		if (nc.g != g)
			o->ms[mi].g = nc.g;
	}
	return r;
}
