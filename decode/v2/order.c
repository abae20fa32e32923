/* order.c: the orderer's entry points (Go's ordering.Advance/Next):
 * per-M context, one table jump on the wire type to an entry with the
 * handler inline for the common types (goroutine and P transitions, heap
 * metrics, sweeps: ~97% of real events), the others through dispatch[]. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "decode/v2/order_conv.h"

#define NONE_IDX UINT32_MAX
#define NAME(ev) gt_v2o_name(o->version, (ev)->type)

/* The less common types (the hot ones are cases of the switch below). */
static const gt_v2o_handler dispatch[256] = {
	[W_PROCS_CHANGE] = gt_v2o_annotation,
	[W_PROC_STEAL] = gt_v2o_proc_steal,
	[W_PROC_STATUS] = gt_v2o_proc_status,
	[W_GO_CREATE_SYSCALL] = gt_v2o_go_create_syscall,
	[W_GO_DESTROY_SYSCALL] = gt_v2o_go_destroy_syscall,
	[W_GO_SYSCALL_END_BLOCKED] = gt_v2o_go_syscall_end_blocked,
	[W_GO_STATUS] = gt_v2o_go_status,
	[W_STW_BEGIN] = gt_v2o_stw_begin,
	[W_STW_END] = gt_v2o_stw_end,
	[W_GC_ACTIVE] = gt_v2o_gc_active,
	[W_GC_BEGIN] = gt_v2o_gc_begin,
	[W_GC_END] = gt_v2o_gc_end,
	[W_GC_SWEEP_ACTIVE] = gt_v2o_sweep_active,
	[W_GC_MARK_ASSIST_ACTIVE] = gt_v2o_go_range_active,
	[W_GC_MARK_ASSIST_BEGIN] = gt_v2o_assist_begin,
	[W_GC_MARK_ASSIST_END] = gt_v2o_assist_end,
	[W_GO_LABEL] = gt_v2o_annotation,
	[W_USER_TASK_BEGIN] = gt_v2o_task_begin,
	[W_USER_TASK_END] = gt_v2o_task_end,
	[W_USER_REGION_BEGIN] = gt_v2o_region_begin,
	[W_USER_REGION_END] = gt_v2o_region_end,
	[W_USER_LOG] = gt_v2o_annotation,
	[W_GO_SWITCH] = gt_v2o_go_switch,
	[W_GO_SWITCH_DESTROY] = gt_v2o_go_switch,
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
	for (unsigned i = 0; i < GT_V2O_MCACHE; i++)
		o->mcache[i].id = GT_NONE; /* never looked up */
	o->mnone = (struct mstate){ GT_NONE, GT_NONE, GT_NONE };
	if (gt_v2o_grow_queue(o) < 0) { /* never an empty queue (pointer arithmetic) */
		free(o);
		return NULL;
	}
	if (gt_v2o_pages_init(o) < 0) {
		free(o->q.ev);
		free(o);
		return NULL;
	}
	return o;
}

void gt_v2_order_free(struct gt_v2_order *o)
{
	if (!o)
		return;
	gt_v2o_pages_free(o);
	for (uint32_t i = 0; i < o->np; i++)
		free(o->ps[i].rs.big);
	free(o->ps);
	free(o->ms);
	free(o->tasks);
	free(o->regs);
	free(o->q.ev);
	free(o->buf);
	gt_v2o_idmap_free(&o->genmap);
	gt_v2o_idmap_free(&o->pmap);
	gt_v2o_idmap_free(&o->mmap);
	gt_v2o_idmap_free(&o->tmap);
	free(o);
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

/* A new generation view (or the first): names, the memos, the compact
 * generation id (equal ids for equal generation numbers, so that
 * goroutine sequence numbers compare as Go's {gen, seq} pairs do). */
static int __attribute__((noinline, cold)) set_view(struct gt_v2_order *o, const struct gt_v2_gen_view *gv)
{
	o->gv = gv;
	if (!gv->tables) {
		o->gv = NULL; /* so that the next call checks again */
		return gt_v2o_fail(o, "internal error: generation view without tables");
	}
	if (!o->ngens || gv->gen != o->gen) {
		uint32_t id = gt_v2o_idmap_get(&o->genmap, gv->gen);
		if (id == GT_V2O_EMPTY) {
			if (o->ngens == UINT32_MAX - 1 ||
			    gt_v2o_idmap_put(&o->genmap, gv->gen, o->ngens) < 0) {
				o->gv = NULL;
				return gt_v2o_fail(o, "out of memory");
			}
			id = o->ngens++;
		}
		o->genid = id;
	}
	o->gen = gv->gen;
	if (o->names_for != gv->tables) {
		intern_names(o, gv->tables);
		o->memo_valid = 0;
	}
	if (!o->memo_valid || o->memo_gen != gv->gen || o->memo_ctx != gv->ctx) {
		/* Another generation: its ids mean other stacks and strings. */
		memset(o->memo, 0, sizeof o->memo);
		memset(o->smemo, 0, sizeof o->smemo);
		o->memo_gen = gv->gen;
		o->memo_ctx = gv->ctx;
		o->memo_valid = 1;
	}
	if (o->initial_gen == 0)
		o->initial_gen = gv->gen;
	return 0;
}

void gt_v2_order_new_gen(struct gt_v2_order *o)
{
	o->memo_valid = 0;
	o->gv = NULL; /* the next advance goes through set_view */
}

/* ---- the common types' handlers (Go's order.go), inline ---------------
 * Each returns 1 advanced (nc: the new context), 0 not yet, -1 error. */
#define HOT static inline __attribute__((always_inline)) int

/* The current goroutine, which must exist and be in `want`. */
static inline __attribute__((always_inline)) struct ghot *
cur_g(struct gt_v2_order *o, const struct gt_v2_base *ev, struct ctx c, uint8_t want,
      const char *want_name)
{
	struct ghot *g = gt_v2o_g(o, c.g);
	if (GT_V2O_UNLIKELY(!g || g->status != want)) {
		gt_v2o_cur_g_fail(o, ev, c.g, g, want_name);
		return NULL;
	}
	return g;
}

static int __attribute__((cold, noinline))
create_fail(struct gt_v2_order *o, const struct gt_v2_base *ev, int what)
{
	if (what == 0)
		return gt_v2o_fail(o, "%s event for goroutine that's not Running", NAME(ev));
	if (what == 1)
		return gt_v2o_fail(o, "tried to create goroutine (%lld) that already exists",
		                   (long long)ev->args[0]);
	return gt_v2o_fail(o, "out of memory");
}

/* GoCreate and GoCreateBlocked. */
HOT go_create(struct gt_v2_order *o, const struct gt_v2_base *ev, struct ctx c, unsigned type)
{
	if (gt_v2o_validate(o, c, MUST, MUST, MAY) < 0)
		return -1;
	const struct ghot *cur = gt_v2o_g(o, c.g);
	if (GT_V2O_UNLIKELY(cur && cur->status != GS_RUNNING))
		return create_fail(o, ev, 0);
	int exists;
	struct ghot *s = gt_v2o_g_add(o, (int64_t)ev->args[0], &exists);
	if (GT_V2O_UNLIKELY(!s))
		return create_fail(o, ev, exists ? 1 : 2);
	s->status = type == W_GO_CREATE_BLOCKED ? GS_WAITING : GS_RUNNABLE;
	s->gen = o->genid;
	s->n = 0;
	return gt_v2o_push_as_k(o, ev, type, c);
}

/* GoStop, GoBlock and GoDestroy: the running goroutine stops. */
HOT go_stop(struct gt_v2_order *o, const struct gt_v2_base *ev, struct ctx c, struct ctx *nc,
            unsigned type)
{
	if (gt_v2o_validate(o, c, MUST, MUST, MUST) < 0)
		return -1;
	struct ghot *s = cur_g(o, ev, c, GS_RUNNING, "Running");
	if (GT_V2O_UNLIKELY(!s))
		return -1;
	if (type == W_GO_DESTROY)
		gt_v2o_g_del(o, c.g, s);
	else
		s->status = type == W_GO_STOP ? GS_RUNNABLE : GS_WAITING;
	nc->g = GT_NONE;
	return gt_v2o_push_as_k(o, ev, type, c);
}

HOT go_start(struct gt_v2_order *o, const struct gt_v2_base *ev, struct ctx c, struct ctx *nc)
{
	int64_t gid = (int64_t)ev->args[0];
	struct ghot *s = gt_v2o_g(o, gid);
	if (!s || s->status != GS_RUNNABLE || !gt_v2o_g_seq_next(o, s, ev->args[1]))
		return 0;
	if (gt_v2o_validate(o, c, MUST, MUST, NO) < 0)
		return -1;
	s->status = GS_RUNNING;
	s->n = ev->args[1];
	nc->g = gid;
	return gt_v2o_push_as_k(o, ev, W_GO_START, c);
}

HOT go_unblock(struct gt_v2_order *o, const struct gt_v2_base *ev, struct ctx c)
{
	struct ghot *s = gt_v2o_g(o, (int64_t)ev->args[0]);
	if (!s || s->status != GS_WAITING || !gt_v2o_g_seq_next(o, s, ev->args[1]))
		return 0;
	/* Anything may unblock a goroutine (sysmon too): no context check. */
	s->status = GS_RUNNABLE;
	s->n = ev->args[1];
	return gt_v2o_push_as_k(o, ev, W_GO_UNBLOCK, c);
}

static int __attribute__((cold, noinline))
syscall_fail(struct gt_v2_order *o, const struct gt_v2_base *ev, struct ctx c,
             const struct pstate *p, struct seq pseq)
{
	if (!p)
		return gt_v2o_fail(o, "uninitialized proc %lld found during %s", (long long)c.p, NAME(ev));
	if (ev->type == W_GO_SYSCALL_BEGIN)
		return gt_v2o_fail(o, "failed to advance %s: can't make sequence: %llu (gen=%llu) -> %llu (gen=%llu)",
		                   NAME(ev), (unsigned long long)p->seq.n, (unsigned long long)p->seq.gen,
		                   (unsigned long long)pseq.n, (unsigned long long)pseq.gen);
	return gt_v2o_fail(o, "expected proc %lld in state Syscall, but got %s instead",
	                   (long long)c.p, gt_v2o_procstatus_name(p->status));
}

HOT go_syscall_begin(struct gt_v2_order *o, const struct gt_v2_base *ev, struct ctx c)
{
	if (gt_v2o_validate(o, c, MUST, MUST, MUST) < 0)
		return -1;
	struct ghot *s = cur_g(o, ev, c, GS_RUNNING, "Running");
	if (GT_V2O_UNLIKELY(!s))
		return -1;
	s->status = GS_SYSCALL;
	struct pstate *p = gt_v2o_p(o, c.p);
	struct seq pseq = { o->gen, ev->args[0] };
	if (GT_V2O_UNLIKELY(!p))
		return syscall_fail(o, ev, c, p, pseq);
	p->status = PS_SYSCALL;
	/* The P seq disambiguates which syscall a ProcSteal steals from; the P
	 * is running, so the seq must line up now. */
	if (GT_V2O_UNLIKELY(!seq_succeeds(pseq, p->seq)))
		return syscall_fail(o, ev, c, p, pseq);
	p->seq = pseq;
	return gt_v2o_push_as_k(o, ev, W_GO_SYSCALL_BEGIN, c);
}

HOT go_syscall_end(struct gt_v2_order *o, const struct gt_v2_base *ev, struct ctx c)
{
	if (gt_v2o_validate(o, c, MUST, MUST, MUST) < 0)
		return -1;
	/* Go's message says Running here too. */
	struct ghot *s = cur_g(o, ev, c, GS_SYSCALL, "Running");
	if (GT_V2O_UNLIKELY(!s))
		return -1;
	s->status = GS_RUNNING;
	struct pstate *p = gt_v2o_p(o, c.p);
	if (GT_V2O_UNLIKELY(!p || p->status != PS_SYSCALL))
		return syscall_fail(o, ev, c, p, (struct seq){ 0, 0 });
	p->status = PS_RUNNING;
	return gt_v2o_push_as_k(o, ev, W_GO_SYSCALL_END, c);
}

HOT proc_start(struct gt_v2_order *o, const struct gt_v2_base *ev, struct ctx c, struct ctx *nc)
{
	int64_t pid = (int64_t)ev->args[0];
	struct seq seq = { o->gen, ev->args[1] };
	struct pstate *s = gt_v2o_p(o, pid);
	/* Not yet: the P's status or the right point may still be ahead. */
	if (!s || s->status != PS_IDLE || !seq_succeeds(seq, s->seq) || c.p != GT_NONE)
		return 0;
	if (gt_v2o_validate(o, c, MUST, NO, MAY) < 0)
		return -1;
	s->status = PS_RUNNING;
	s->seq = seq;
	nc->p = pid;
	return gt_v2o_push_as_k(o, ev, W_PROC_START, c);
}

static int __attribute__((cold, noinline))
proc_stop_fail(struct gt_v2_order *o, const struct gt_v2_base *ev, struct ctx c,
               const struct pstate *s)
{
	if (!s)
		return gt_v2o_fail(o, "event %s for proc (%lld) that doesn't exist",
		                   NAME(ev), (long long)c.p);
	return gt_v2o_fail(o, "%s event for proc that's not Running or Syscall", NAME(ev));
}

HOT proc_stop(struct gt_v2_order *o, const struct gt_v2_base *ev, struct ctx c, struct ctx *nc)
{
	struct pstate *s = gt_v2o_p(o, c.p);
	if (GT_V2O_UNLIKELY(!s || (s->status != PS_RUNNING && s->status != PS_SYSCALL)))
		return proc_stop_fail(o, ev, c, s);
	if (gt_v2o_validate(o, c, MUST, MUST, MAY) < 0)
		return -1;
	s->status = PS_IDLE;
	nc->p = GT_NONE;
	return gt_v2o_push_as_k(o, ev, W_PROC_STOP, c);
}

static int __attribute__((cold, noinline))
uninit_proc(struct gt_v2_order *o, const struct gt_v2_base *ev, int64_t pid)
{
	return gt_v2o_fail(o, "uninitialized proc %lld found during %s", (long long)pid, NAME(ev));
}

/* GCSweepBegin and GCSweepEnd: a range on the current P. */
HOT sweep(struct gt_v2_order *o, const struct gt_v2_base *ev, struct ctx c, unsigned type)
{
	if (gt_v2o_validate(o, c, MUST, MUST, MAY) < 0)
		return -1;
	struct pstate *p = gt_v2o_p(o, c.p);
	if (GT_V2O_UNLIKELY(!p))
		return uninit_proc(o, ev, c.p);
	gt_str desc = 0;
	if (type == W_GC_SWEEP_BEGIN) {
		/* Go's rangeState.beginRange: not already in flight. */
		struct rng *r = rs_at(&p->rs);
		for (uint32_t i = 0; i < p->rs.n; i++)
			if (r[i].typ == W_GC_SWEEP_BEGIN && r[i].desc == 0)
				return gt_v2o_begin_range(o, &p->rs, W_GC_SWEEP_BEGIN, 0);
		if (GT_V2O_LIKELY(p->rs.n < GT_V2O_INLINE_RANGES && !p->rs.cap))
			p->rs.inl[p->rs.n++] = (struct rng){ W_GC_SWEEP_BEGIN, 0 };
		else if (gt_v2o_begin_range(o, &p->rs, W_GC_SWEEP_BEGIN, 0) < 0)
			return -1;
	} else if (gt_v2o_end_range(o, &p->rs, W_GC_SWEEP_END, &desc) < 0) {
		return -1;
	}
	return gt_v2o_push_as_k(o, ev, type, c);
}

/* ---- advancing -----------------------------------------------------------
 * One table jump per wire type: each entry runs a handler in the context
 * of M record ms (o->mnone, reset each time, when the event has no M) and
 * stores the new context back. */
typedef gt_v2o_entry_fn entry_fn;

#define ENTRY(name, call)                                                         \
	static int __attribute__((noinline)) name(struct gt_v2_order *o, const struct gt_v2_base *ev,       \
	                struct mstate *ms, int64_t m)                             \
	{                                                                         \
		struct ctx c = { ms->g, ms->p, m }, nc = c;                       \
		int r = call;                                                     \
		if (r == 1) {                                                     \
			ms->g = nc.g;                                             \
			ms->p = nc.p;                                             \
		}                                                                 \
		return r;                                                         \
	}
ENTRY(s_go_create, go_create(o, ev, c, W_GO_CREATE))
ENTRY(s_go_create_blocked, go_create(o, ev, c, W_GO_CREATE_BLOCKED))
ENTRY(s_go_start, go_start(o, ev, c, &nc))
ENTRY(s_go_stop, go_stop(o, ev, c, &nc, W_GO_STOP))
ENTRY(s_go_block, go_stop(o, ev, c, &nc, W_GO_BLOCK))
ENTRY(s_go_destroy, go_stop(o, ev, c, &nc, W_GO_DESTROY))
ENTRY(s_go_unblock, go_unblock(o, ev, c))
ENTRY(s_go_syscall_begin, go_syscall_begin(o, ev, c))
ENTRY(s_go_syscall_end, go_syscall_end(o, ev, c))
ENTRY(s_proc_start, proc_start(o, ev, c, &nc))
ENTRY(s_proc_stop, proc_stop(o, ev, c, &nc))
ENTRY(s_sweep_begin, sweep(o, ev, c, W_GC_SWEEP_BEGIN))
ENTRY(s_sweep_end, sweep(o, ev, c, W_GC_SWEEP_END))
#undef ENTRY

/* The other types, through dispatch[] (their handlers may grow the M
 * pool: ms is kept as an index). */
static int e_cold(struct gt_v2_order *o, const struct gt_v2_base *ev, struct mstate *ms, int64_t m)
{
	gt_v2o_handler h = dispatch[ev->type];
	uint32_t mi = ms == &o->mnone ? NONE_IDX : (uint32_t)(ms - o->ms);
	struct ctx c = { ms->g, ms->p, m }, nc = c;
	int r = h(o, ev, &c, &nc);
	if (r == 1 && mi != NONE_IDX) {
		o->ms[mi].g = nc.g;
		o->ms[mi].p = nc.p;
	}
	return r;
}

/* ---- the fast entries --------------------------------------------------
 * The same handlers for the common case, written to stay leaf functions
 * without a stack frame: goroutines only in directory pages (!gslow), ids
 * in the memos, queue room made by advance.  Anything else (including
 * every error) goes to the s_* entry or a cold function by a tail call,
 * before any state has changed. */
#define FAST static int

static inline __attribute__((always_inline)) int
f_go_create_t(struct gt_v2_order *o, const struct gt_v2_base *ev, struct mstate *ms,
                   int64_t m, unsigned type)
{
	struct ctx c = { ms->g, ms->p, m };
	GT_V2O_VALIDATE(o, c, MUST, MUST, MAY);
	const struct ghot *cur = gt_v2o_g_dense(o, c.g);
	struct v2o_ids ids;
	uint64_t pn = ev->args[0] >> GT_V2O_PAGE_BITS;
	if (GT_V2O_UNLIKELY(o->gslow || (cur && cur->status != GS_RUNNING) ||
	                    gt_v2o_ids_memo(o, type, ev->args, &ids) || pn >= o->ndir ||
	                    !o->dir[pn]))
		return type == W_GO_CREATE ? s_go_create(o, ev, ms, m)
		                           : s_go_create_blocked(o, ev, ms, m);
	struct gpage *pg = o->dir[pn];
	struct ghot *h = &pg->r[ev->args[0] & (GT_V2O_PAGE - 1)];
	if (GT_V2O_UNLIKELY(h->status != GS_FREE))
		return create_fail(o, ev, 1);
	pg->live++;
	o->glive++;
	h->status = type == W_GO_CREATE_BLOCKED ? GS_WAITING : GS_RUNNABLE;
	h->cold = 0;
	h->sparse = 0;
	h->gen = o->genid;
	h->n = 0;
	gt_v2o_push_fast(o, ev, type, c, &ids);
	return 1;
}
FAST f_go_create(struct gt_v2_order *o, const struct gt_v2_base *ev, struct mstate *ms, int64_t m)
{
	return f_go_create_t(o, ev, ms, m, W_GO_CREATE);
}
FAST f_go_create_blocked(struct gt_v2_order *o, const struct gt_v2_base *ev, struct mstate *ms,
                         int64_t m)
{
	return f_go_create_t(o, ev, ms, m, W_GO_CREATE_BLOCKED);
}

static inline __attribute__((always_inline)) int
f_go_stop_t(struct gt_v2_order *o, const struct gt_v2_base *ev, struct mstate *ms, int64_t m,
            unsigned type)
{
	struct ctx c = { ms->g, ms->p, m };
	GT_V2O_VALIDATE(o, c, MUST, MUST, MUST);
	struct ghot *h = gt_v2o_g_dense(o, c.g);
	struct v2o_ids ids;
	if (GT_V2O_UNLIKELY(o->gslow || !h || h->status != GS_RUNNING ||
	                    (type == W_GO_DESTROY && h->cold) ||
	                    gt_v2o_ids_memo(o, type, ev->args, &ids)))
		return type == W_GO_STOP ? s_go_stop(o, ev, ms, m)
		     : type == W_GO_BLOCK ? s_go_block(o, ev, ms, m) : s_go_destroy(o, ev, ms, m);
	ms->g = GT_NONE;
	if (type != W_GO_DESTROY) {
		h->status = type == W_GO_STOP ? GS_RUNNABLE : GS_WAITING;
		gt_v2o_push_fast(o, ev, type, c, &ids);
		return 1;
	}
	h->status = GS_FREE;
	o->glive--;
	struct gpage *pg = gt_v2o_page_of(h, c.g);
	gt_v2o_push_fast(o, ev, type, c, &ids);
	if (GT_V2O_UNLIKELY(--pg->live == 0))
		return gt_v2o_page_emptied_1(o, pg);
	return 1;
}
FAST f_go_stop(struct gt_v2_order *o, const struct gt_v2_base *ev, struct mstate *ms, int64_t m)
{
	return f_go_stop_t(o, ev, ms, m, W_GO_STOP);
}
FAST f_go_block(struct gt_v2_order *o, const struct gt_v2_base *ev, struct mstate *ms, int64_t m)
{
	return f_go_stop_t(o, ev, ms, m, W_GO_BLOCK);
}
FAST f_go_destroy(struct gt_v2_order *o, const struct gt_v2_base *ev, struct mstate *ms, int64_t m)
{
	return f_go_stop_t(o, ev, ms, m, W_GO_DESTROY);
}

FAST f_go_start(struct gt_v2_order *o, const struct gt_v2_base *ev, struct mstate *ms, int64_t m)
{
	struct ctx c = { ms->g, ms->p, m };
	int64_t gid = (int64_t)ev->args[0];
	if (GT_V2O_UNLIKELY(o->gslow))
		return s_go_start(o, ev, ms, m);
	struct ghot *h = gt_v2o_g_dense(o, gid);
	if (!h || h->status != GS_RUNNABLE || !gt_v2o_g_seq_next(o, h, ev->args[1]))
		return 0;
	GT_V2O_VALIDATE(o, c, MUST, MUST, NO);
	h->status = GS_RUNNING;
	h->n = ev->args[1];
	ms->g = gid;
	struct v2o_ids ids = { 0, 0, { 0, 0 } };
	gt_v2o_push_fast(o, ev, W_GO_START, c, &ids);
	return 1;
}

FAST f_go_unblock(struct gt_v2_order *o, const struct gt_v2_base *ev, struct mstate *ms, int64_t m)
{
	struct ctx c = { ms->g, ms->p, m };
	if (GT_V2O_UNLIKELY(o->gslow))
		return s_go_unblock(o, ev, ms, m);
	struct ghot *h = gt_v2o_g_dense(o, (int64_t)ev->args[0]);
	if (!h || h->status != GS_WAITING || !gt_v2o_g_seq_next(o, h, ev->args[1]))
		return 0;
	struct v2o_ids ids;
	if (GT_V2O_UNLIKELY(gt_v2o_ids_memo(o, W_GO_UNBLOCK, ev->args, &ids)))
		return s_go_unblock(o, ev, ms, m);
	h->status = GS_RUNNABLE;
	h->n = ev->args[1];
	gt_v2o_push_fast(o, ev, W_GO_UNBLOCK, c, &ids);
	return 1;
}

/* The P of a fast path: dense ids only (others take the general path). */
static inline struct pstate *p_dense(struct gt_v2_order *o, int64_t id)
{
	return (uint64_t)id < GT_V2O_DENSE_P && o->pdense[id] != NONE_IDX ? &o->ps[o->pdense[id]] : NULL;
}

FAST f_go_syscall_begin(struct gt_v2_order *o, const struct gt_v2_base *ev, struct mstate *ms,
                        int64_t m)
{
	struct ctx c = { ms->g, ms->p, m };
	GT_V2O_VALIDATE(o, c, MUST, MUST, MUST);
	struct ghot *h = gt_v2o_g_dense(o, c.g);
	struct pstate *p = p_dense(o, c.p);
	struct seq pseq = { o->gen, ev->args[0] };
	struct v2o_ids ids;
	if (GT_V2O_UNLIKELY(o->gslow || !h || h->status != GS_RUNNING || !p ||
	                    !seq_succeeds(pseq, p->seq) ||
	                    gt_v2o_ids_memo(o, W_GO_SYSCALL_BEGIN, ev->args, &ids)))
		return s_go_syscall_begin(o, ev, ms, m);
	h->status = GS_SYSCALL;
	p->status = PS_SYSCALL;
	p->seq = pseq;
	gt_v2o_push_fast(o, ev, W_GO_SYSCALL_BEGIN, c, &ids);
	return 1;
}

FAST f_go_syscall_end(struct gt_v2_order *o, const struct gt_v2_base *ev, struct mstate *ms,
                      int64_t m)
{
	struct ctx c = { ms->g, ms->p, m };
	GT_V2O_VALIDATE(o, c, MUST, MUST, MUST);
	struct ghot *h = gt_v2o_g_dense(o, c.g);
	struct pstate *p = p_dense(o, c.p);
	if (GT_V2O_UNLIKELY(o->gslow || !h || h->status != GS_SYSCALL || !p ||
	                    p->status != PS_SYSCALL))
		return s_go_syscall_end(o, ev, ms, m);
	h->status = GS_RUNNING;
	p->status = PS_RUNNING;
	struct v2o_ids ids = { 0, 0, { 0, 0 } };
	gt_v2o_push_fast(o, ev, W_GO_SYSCALL_END, c, &ids);
	return 1;
}

static inline __attribute__((always_inline)) int
f_heap_t(struct gt_v2_order *o, const struct gt_v2_base *ev, struct mstate *ms, int64_t m,
         unsigned type)
{
	struct ctx c = { ms->g, ms->p, m };
	GT_V2O_VALIDATE(o, c, MUST, MUST, MAY);
	struct v2o_ids ids = { 0, 0, { 0, 0 } };
	gt_v2o_push_fast(o, ev, type, c, &ids);
	return 1;
}
FAST f_heap_alloc(struct gt_v2_order *o, const struct gt_v2_base *ev, struct mstate *ms, int64_t m)
{
	return f_heap_t(o, ev, ms, m, W_HEAP_ALLOC);
}
FAST f_heap_goal(struct gt_v2_order *o, const struct gt_v2_base *ev, struct mstate *ms, int64_t m)
{
	return f_heap_t(o, ev, ms, m, W_HEAP_GOAL);
}

/* GCSweepBegin/End: the P's range list inline (not spilled). */
static inline __attribute__((always_inline)) int
f_sweep_t(struct gt_v2_order *o, const struct gt_v2_base *ev, struct mstate *ms, int64_t m,
          unsigned type)
{
	struct ctx c = { ms->g, ms->p, m };
	GT_V2O_VALIDATE(o, c, MUST, MUST, MAY);
	struct pstate *p = p_dense(o, c.p);
	struct v2o_ids ids;
	if (GT_V2O_UNLIKELY(!p || p->rs.cap || gt_v2o_ids_memo(o, type, ev->args, &ids)))
		goto slow;
	uint32_t n = p->rs.n, i;
	for (i = 0; i < n; i++)
		if (p->rs.inl[i].typ == W_GC_SWEEP_BEGIN)
			break;
	if (type == W_GC_SWEEP_BEGIN) {
		/* In flight already (even with another desc: the slow path
		 * compares), or no room inline. */
		if (i < n || n == GT_V2O_INLINE_RANGES)
			goto slow;
		p->rs.inl[n] = (struct rng){ W_GC_SWEEP_BEGIN, 0 };
		p->rs.n = n + 1;
	} else {
		if (i == n)
			goto slow;
		p->rs.inl[i] = p->rs.inl[n - 1];
		p->rs.n = n - 1;
	}
	gt_v2o_push_fast(o, ev, type, c, &ids);
	return 1;
slow:
	return type == W_GC_SWEEP_BEGIN ? s_sweep_begin(o, ev, ms, m) : s_sweep_end(o, ev, ms, m);
}
FAST f_sweep_begin(struct gt_v2_order *o, const struct gt_v2_base *ev, struct mstate *ms, int64_t m)
{
	return f_sweep_t(o, ev, ms, m, W_GC_SWEEP_BEGIN);
}
FAST f_sweep_end(struct gt_v2_order *o, const struct gt_v2_base *ev, struct mstate *ms, int64_t m)
{
	return f_sweep_t(o, ev, ms, m, W_GC_SWEEP_END);
}

const gt_v2o_entry_fn gt_v2o_entries[256] = {
	[W_GO_CREATE] = f_go_create,
	[W_GO_CREATE_BLOCKED] = f_go_create_blocked,
	[W_GO_START] = f_go_start,
	[W_GO_STOP] = f_go_stop,
	[W_GO_BLOCK] = f_go_block,
	[W_GO_DESTROY] = f_go_destroy,
	[W_GO_UNBLOCK] = f_go_unblock,
	[W_GO_SYSCALL_BEGIN] = f_go_syscall_begin,
	[W_GO_SYSCALL_END] = f_go_syscall_end,
	[W_HEAP_ALLOC] = f_heap_alloc,
	[W_HEAP_GOAL] = f_heap_goal,
	[W_PROC_START] = s_proc_start,
	[W_PROC_STOP] = s_proc_stop,
	[W_GC_SWEEP_BEGIN] = f_sweep_begin,
	[W_GC_SWEEP_END] = f_sweep_end,
	[W_PROCS_CHANGE] = e_cold, [W_PROC_STEAL] = e_cold, [W_PROC_STATUS] = e_cold,
	[W_GO_CREATE_SYSCALL] = e_cold, [W_GO_DESTROY_SYSCALL] = e_cold,
	[W_GO_SYSCALL_END_BLOCKED] = e_cold, [W_GO_STATUS] = e_cold,
	[W_STW_BEGIN] = e_cold, [W_STW_END] = e_cold, [W_GC_ACTIVE] = e_cold,
	[W_GC_BEGIN] = e_cold, [W_GC_END] = e_cold, [W_GC_SWEEP_ACTIVE] = e_cold,
	[W_GC_MARK_ASSIST_ACTIVE] = e_cold, [W_GC_MARK_ASSIST_BEGIN] = e_cold,
	[W_GC_MARK_ASSIST_END] = e_cold, [W_GO_LABEL] = e_cold,
	[W_USER_TASK_BEGIN] = e_cold, [W_USER_TASK_END] = e_cold,
	[W_USER_REGION_BEGIN] = e_cold, [W_USER_REGION_END] = e_cold,
	[W_USER_LOG] = e_cold, [W_GO_SWITCH] = e_cold, [W_GO_SWITCH_DESTROY] = e_cold,
	[W_GO_STATUS_STACK] = e_cold,
	[W_SPAN] = e_cold, [W_SPAN_ALLOC] = e_cold, [W_SPAN_FREE] = e_cold,
	[W_HEAP_OBJECT] = e_cold, [W_HEAP_OBJECT_ALLOC] = e_cold,
	[W_HEAP_OBJECT_FREE] = e_cold, [W_GOROUTINE_STACK] = e_cold,
	[W_GOROUTINE_STACK_ALLOC] = e_cold, [W_GOROUTINE_STACK_FREE] = e_cold,
};

static int __attribute__((cold, noinline)) bad_type(struct gt_v2_order *o, unsigned type)
{
	return gt_v2o_fail(o, "bad event type found while ordering: %u", type);
}

/* M m's record, when not in the cache: NULL when out of memory. */
static struct mstate *__attribute__((noinline)) m_slow(struct gt_v2_order *o, int64_t m, unsigned ci)
{
	uint32_t mi = gt_v2o_idmap_get(&o->mmap, (uint64_t)m);
	if (mi == NONE_IDX) {
		if (!gt_v2o_m_new(o, m)) {
			gt_v2o_fail(o, "out of memory");
			return NULL;
		}
		mi = o->nm - 1;
	}
	o->mcache[ci].id = m;
	o->mcache[ci].ms = &o->ms[mi];
	return &o->ms[mi];
}

/* Everything that is not the common case: a new generation view, an
 * event without an M, an M not in the cache, a queue to make room in. */
static int __attribute__((noinline))
advance_slow(struct gt_v2_order *o, const struct gt_v2_base *ev, int64_t m,
             const struct gt_v2_gen_view *gv)
{
	if ((gv != o->gv || gv->gen != o->gen || gv->ctx != o->memo_ctx ||
	     gv->tables != o->names_for) && set_view(o, gv) < 0)
		return -1;
	struct mstate *ms;
	if (m != GT_NONE) {
		unsigned ci = (unsigned)((uint64_t)m ^ (uint64_t)m >> 6) & (GT_V2O_MCACHE - 1);
		ms = o->mcache[ci].ms;
		if (o->mcache[ci].id != m && !(ms = m_slow(o, m, ci)))
			return -1;
	} else {
		ms = &o->mnone;
		ms->g = ms->p = GT_NONE;
	}
	if (o->q.end - o->q.wr < GT_V2O_QROOM && gt_v2o_grow_queue(o) < 0)
		return gt_v2o_fail(o, "out of memory");
	entry_fn f = gt_v2o_entries[ev->type];
	if (!f)
		return bad_type(o, ev->type);
	return f(o, ev, ms, m);
}

int gt_v2_order_advance(struct gt_v2_order *o, const struct gt_v2_base *ev,
                        int64_t m, const struct gt_v2_gen_view *gv,
                        char *err, size_t errsz)
{
	o->err = err;
	o->errsz = errsz;
	/* The common case without a call (a leaf but for the tail jump). */
	unsigned ci = (unsigned)((uint64_t)m ^ (uint64_t)m >> 6) & (GT_V2O_MCACHE - 1);
	if (GT_V2O_UNLIKELY(gv != o->gv || gv->gen != o->gen || gv->ctx != o->memo_ctx ||
	                    gv->tables != o->names_for || m == GT_NONE ||
	                    o->mcache[ci].id != m || o->q.end - o->q.wr < GT_V2O_QROOM))
		return advance_slow(o, ev, m, gv);
	entry_fn f = gt_v2o_entries[ev->type];
	if (GT_V2O_UNLIKELY(!f))
		return bad_type(o, ev->type);
	return f(o, ev, o->mcache[ci].ms, m);
}
