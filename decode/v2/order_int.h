/* order_int.h: the orderer's private state (decode/v2/order*.c, and
 * the reader's loop for gt_v2o_advance_bound()).
 *
 * Goroutines, Ps, Ms and active tasks live in pools of fixed-size records,
 * found through open-addressing maps (id -> pool index): no allocation per
 * event once the pools have grown to the trace's working set.
 */
#ifndef GT_DECODE_V2_ORDER_INT_H
#define GT_DECODE_V2_ORDER_INT_H

#include <stdarg.h>
#include "decode/v2/order.h"

/* Wire event types of Go's tracev2 (the same numbers in 1.22-1.26). */
enum {
	W_PROCS_CHANGE = 9, W_PROC_START, W_PROC_STOP, W_PROC_STEAL,
	W_PROC_STATUS, W_GO_CREATE, W_GO_CREATE_SYSCALL, W_GO_START,
	W_GO_DESTROY, W_GO_DESTROY_SYSCALL, W_GO_STOP, W_GO_BLOCK,
	W_GO_UNBLOCK, W_GO_SYSCALL_BEGIN, W_GO_SYSCALL_END,
	W_GO_SYSCALL_END_BLOCKED, W_GO_STATUS, W_STW_BEGIN, W_STW_END,
	W_GC_ACTIVE, W_GC_BEGIN, W_GC_END, W_GC_SWEEP_ACTIVE,
	W_GC_SWEEP_BEGIN, W_GC_SWEEP_END, W_GC_MARK_ASSIST_ACTIVE,
	W_GC_MARK_ASSIST_BEGIN, W_GC_MARK_ASSIST_END, W_HEAP_ALLOC,
	W_HEAP_GOAL, W_GO_LABEL, W_USER_TASK_BEGIN, W_USER_TASK_END,
	W_USER_REGION_BEGIN, W_USER_REGION_END, W_USER_LOG, W_GO_SWITCH,
	W_GO_SWITCH_DESTROY, W_GO_CREATE_BLOCKED, W_GO_STATUS_STACK,
	W_EXPERIMENTAL_BATCH, W_SYNC, W_CLOCK_SNAPSHOT, W_END_OF_GENERATION,
	W_SPAN = 128, W_SPAN_ALLOC, W_SPAN_FREE, W_HEAP_OBJECT,
	W_HEAP_OBJECT_ALLOC, W_HEAP_OBJECT_FREE, W_GOROUTINE_STACK,
	W_GOROUTINE_STACK_ALLOC, W_GOROUTINE_STACK_FREE
};

/* tracev2.GoStatus and tracev2.ProcStatus (wire values). */
enum { GS_BAD, GS_RUNNABLE, GS_RUNNING, GS_SYSCALL, GS_WAITING, GS__N };
enum { PS_BAD, PS_RUNNING, PS_IDLE, PS_SYSCALL, PS_ABANDONED, PS__N };

/* What the event converter knows about one wire type (tracev2 spec). */
struct w_info {
	const char *name;
	uint8_t kind;        /* enum gt_kind */
	uint8_t nargs;       /* arguments after dt */
	int8_t stack;        /* arg index of the event's own stack, -1 none */
	int8_t stack2;       /* another stack arg to validate, -1 none */
	int8_t str[2];       /* arg indices of string ids, -1 none */
	uint8_t start;       /* for ends and actives: the begin type */
	uint8_t ids;         /* any stack or string id to resolve */
};
const struct w_info *gt_v2o_info(unsigned type); /* never NULL */
const char *gt_v2o_name(int version, unsigned type);
const char *gt_v2o_gostatus_name(uint64_t s);
const char *gt_v2o_procstatus_name(uint64_t s);

/* A sequence number qualified by its generation (Go's seqCounter). */
struct seq { uint64_t gen, n; };
static inline int seq_succeeds(struct seq a, struct seq b)
{
	return a.gen == b.gen && a.n == b.n + 1;
}

/* Ranges in flight on a goroutine or a P: begin type and STW reason, in
 * Go's slice order (ends swap-remove).  Up to 4 inline; more (only hostile
 * traces) spill to `big`, freed with the goroutine or the orderer. */
#define GT_V2O_INLINE_RANGES 4
struct rng { uint8_t typ; gt_str desc; };
struct rangestate {
	uint32_t n, cap;      /* cap 0: inline */
	struct rng inl[GT_V2O_INLINE_RANGES];
	struct rng *big;
};
static inline struct rng *rs_at(struct rangestate *rs)
{
	return rs->cap ? rs->big : rs->inl;
}

#define GT_V2O_LIKELY(x) __builtin_expect(!!(x), 1)
#define GT_V2O_UNLIKELY(x) __builtin_expect(!!(x), 0)

/* Goroutines.  The hot part (status, sequence number) is a 16-byte
 * record; goroutine ids are dense (the runtime hands them out in order),
 * so records sit in pages of GT_V2O_PAGE consecutive ids found through a
 * small page map: neighbours created together share cache lines, and no
 * per-goroutine hashing.  Ids far from the others (when the page budget
 * is spent) go to a sparse pool found through `gsparse`; a page mapped
 * later does not take them back, so a look-up that finds no live record
 * in a page still asks the sparse pool (when it holds any).  Ranges and
 * regions (rare: STW, mark assist, user regions) live in a cold record
 * (struct gcold, through gmap), flagged in the hot one. */
struct ghot {
	uint64_t n;           /* sequence number... */
	uint32_t gen;         /* ...and its generation (compact id, o->genid) */
	uint8_t status;       /* GS_*; GS_FREE: no such goroutine */
	uint8_t cold;         /* has a struct gcold */
	uint8_t sparse;       /* lives in the sparse pool, not in a page */
	uint8_t pad;
};
#define GS_FREE 0xff
#define GT_V2O_PAGE_BITS 8
#define GT_V2O_PAGE (1u << GT_V2O_PAGE_BITS)
#define GT_V2O_DIR_BITS 18
struct gpage {
	struct ghot r[GT_V2O_PAGE]; /* first: a record finds its page */
	uint64_t pn;          /* page number (id >> GT_V2O_PAGE_BITS) */
	uint32_t live;        /* records in use */
	uint32_t idx;         /* in o->pages */
	uint8_t listed;       /* on the empty-page stack */
};
/* Page map slot: pg NULL (and pn UINT64_MAX) when empty. */
struct v2o_pslot { uint64_t pn; struct gpage *pg; };

struct gcold {
	int64_t id;
	uint32_t regions;     /* head of the region stack (node index + 1) */
	uint32_t next_free;
	struct rangestate rs;
};

struct pstate {
	int64_t id;
	uint8_t status;       /* PS_* */
	struct seq seq;
	struct rangestate rs;
};

struct mstate { int64_t id, g, p; };

struct task { uint64_t id, parent; gt_str name; uint32_t next_free; };

struct region { uint64_t task; gt_str name; uint32_t next; };

/* id -> index map; linear probing with backward-shift deletion.  Keys
 * and values side by side: one cache line per probe. */
struct v2o_slot { uint64_t key; uint32_t val; };
struct v2o_idmap { struct v2o_slot *s; uint32_t cap, n; };
#define GT_V2O_EMPTY UINT32_MAX
/* Sequential ids (goroutines, tasks) go to nearby slots three apart:
 * a new goroutine's slot is usually in a cache line just used (a mixing
 * hash cost a cache miss per creation), and runs stay short at half
 * load.  High bits are folded in so that ids far apart still spread. */
static inline uint32_t gt_v2o_slot_of(uint64_t key, uint32_t mask)
{
	key ^= key >> 16 ^ key >> 32;
	return (uint32_t)(key * 3) & mask;
}
static inline uint32_t gt_v2o_idmap_get(const struct v2o_idmap *m, uint64_t key) /* GT_V2O_EMPTY: none */
{
	if (GT_V2O_UNLIKELY(!m->cap))
		return GT_V2O_EMPTY;
	uint32_t mask = m->cap - 1;
	for (uint32_t i = gt_v2o_slot_of(key, mask);; i = (i + 1) & mask) {
		const struct v2o_slot *s = &m->s[i];
		if (s->key == key || s->val == GT_V2O_EMPTY)
			return s->val;
	}
}
int gt_v2o_idmap_put(struct v2o_idmap *m, uint64_t key, uint32_t val);
void gt_v2o_idmap_del(struct v2o_idmap *m, uint64_t key);
void gt_v2o_idmap_free(struct v2o_idmap *m);

struct ctx { int64_t g, p, m; };

/* Ps with small ids (all real ones: 0..GOMAXPROCS-1) are found through a
 * dense table; others through pmap. */
#define GT_V2O_DENSE_P 256
#define GT_V2O_MCACHE 64
/* Events one advance may queue at most (GoSwitch: 3), made room for
 * before the handler runs. */
#define GT_V2O_QROOM 4

/* Stack and string ids resolved in this generation, direct-mapped (only
 * successful look-ups are kept, so errors still go through the gen view). */
#define GT_V2O_STACK_CACHE 4096
#define GT_V2O_STR_CACHE 256
struct v2o_stack_memo { uint64_t id; gt_stack v; };

struct gt_v2_order {
	/* First: gt_v2_order_next() (inline, v2_order.h) sees only this.
	 * Events are converted in place; next hands out a pointer. */
	struct gt_v2_order_queue q;
	int version;
	uint64_t initial_gen;
	uint64_t gen;
	uint32_t genid;       /* compact id of gen (ghot.gen), via genmap */
	uint32_t ngens;
	struct v2o_idmap genmap;
	const struct gt_v2_gen_view *gv;
	char *err; size_t errsz;

	/* Goroutines: pages through the page map, the sparse pool, cold
	 * records (see struct ghot). */
	struct gpage **dir; uint64_t ndir;
	struct v2o_pslot *pm; uint32_t pmask, npm;
	struct gpage **pages; uint32_t npages, cappages;
	uint32_t *empty; uint32_t nempty, capempty; /* page indices */
	uint32_t glive;       /* goroutines in pages and in the sparse pool */
	struct ghot *gsp; uint32_t nsp, capsp, spfree; struct v2o_idmap gsparse;
	uint32_t nsparse;     /* live sparse records */
	uint8_t gslow;        /* hashed pages or sparse records exist: the
	                       * directory alone does not say "no such id" */
	struct gcold *gc; uint32_t ngc, gccap, gcfree; struct v2o_idmap gmap;

	struct pstate *ps; uint32_t np, pcap; struct v2o_idmap pmap;
	uint32_t pdense[GT_V2O_DENSE_P];
	struct mstate *ms; uint32_t nm, mcap; struct v2o_idmap mmap;
	/* Ms are never removed: a direct-mapped cache of id -> record (reset
	 * when the pool moves); mnone: the context of events without an M. */
	struct { int64_t id; struct mstate *ms; } mcache[GT_V2O_MCACHE];
	struct mstate mnone;
	struct task *tasks; uint32_t nt, tcap, tfree; struct v2o_idmap tmap;
	struct region *regs; uint32_t nr, rcap, rfree;

	uint64_t gc_seq;
	uint8_t gc_state; /* 0 undetermined, 1 not running, 2 running */

	/* The memos are for this generation view (gen number, ctx). */
	uint64_t memo_gen; void *memo_ctx; int memo_valid;
	struct v2o_stack_memo memo[GT_V2O_STACK_CACHE];
	struct v2o_stack_memo smemo[GT_V2O_STR_CACHE];

	/* Interned names, for the tables they were interned in. */
	struct gt_tables *names_for;
	gt_str n_gcmark, n_sweep, n_assist, n_gomaxprocs, n_heapalloc,
	       n_heapgoal, n_allocfree, n_types[16];
	char *buf; size_t bufcap;
};

/* v2_order.c */
/* The entry of each wire type (NULL: not a type the orderer takes): runs
 * its handler in the context of M record ms. */
typedef int (*gt_v2o_entry_fn)(struct gt_v2_order *o, const struct gt_v2_base *ev,
                               struct mstate *ms, int64_t m);
extern const gt_v2o_entry_fn gt_v2o_entries[256];

/* For a caller that advances many times in a row with one view and one
 * err buffer (the reader's loop over one cursor): gt_v2o_bind() stores
 * the buffer, as gt_v2_order_advance() does each time, and returns 1 when
 * o is set up for that view already (gt_v2_order_advance()'s own test).
 * Until the view or the buffer changes (a new generation, a call with
 * another buffer), gt_v2o_advance_bound() is then gt_v2_order_advance()
 * without those steps: its common case inline (no call but the entry's
 * tail), the rest through gt_v2_order_advance() itself. */
static inline int gt_v2o_bind(struct gt_v2_order *o, const struct gt_v2_gen_view *gv,
                              char *err, size_t errsz)
{
	o->err = err;
	o->errsz = errsz;
	return gv == o->gv && gv->gen == o->gen && gv->ctx == o->memo_ctx &&
	       gv->tables == o->names_for;
}
/* M m's slot in the M cache: for a caller that advances many events of
 * one M, worked out once (gt_v2o_advance_bound). */
static inline unsigned gt_v2o_mslot(int64_t m)
{
	return (unsigned)((uint64_t)m ^ (uint64_t)m >> 6) & (GT_V2O_MCACHE - 1);
}
/* ci: gt_v2o_mslot(m); m is not GT_NONE (the caller tested it once).
 * The caller drained the queue and set it back to its buffer's start
 * (rd = wr = ev), where there is room for GT_V2O_QROOM events (the buffer
 * holds at least twice that): the fast entries need no test for it. */
static inline int gt_v2o_advance_bound(struct gt_v2_order *o, const struct gt_v2_base *ev,
                                       int64_t m, unsigned ci)
{
	gt_v2o_entry_fn f = gt_v2o_entries[ev->type];
	if (GT_V2O_UNLIKELY(o->mcache[ci].id != m || !f))
		return gt_v2_order_advance(o, ev, m, o->gv, o->err, o->errsz);
	return f(o, ev, o->mcache[ci].ms, m);
}

int gt_v2o_fail(struct gt_v2_order *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3), cold));
enum { NO = 0, MAY = 1, MUST = 2 };
/* Go's validateCtx message for context g/p/m against requirement req
 * (m | p << 2 | g << 4, each NO, MAY or MUST): -1. */
int gt_v2o_validate_fail(struct gt_v2_order *o, int64_t g, int64_t p, int64_t m, int req)
	__attribute__((cold));
static inline int gt_v2o_ctx_bad(struct ctx c, int m, int p, int g)
{
	return (m == MUST && c.m == GT_NONE) || (m == NO && c.m != GT_NONE) ||
	       (p == MUST && c.p == GT_NONE) || (p == NO && c.p != GT_NONE) ||
	       (g == MUST && c.g == GT_NONE) || (g == NO && c.g != GT_NONE);
}
/* Go's validateCtx: 0, or -1 with its message.  Inline so that the
 * constant requirements fold away. */
static inline int gt_v2o_validate(struct gt_v2_order *o, struct ctx c, int m, int p, int g)
{
	if (GT_V2O_UNLIKELY(gt_v2o_ctx_bad(c, m, p, g)))
		return gt_v2o_validate_fail(o, c.g, c.p, c.m, m | p << 2 | g << 4);
	return 0;
}
/* The same as a handler's early return (a tail call). */
#define GT_V2O_VALIDATE(o, c, rm, rp, rg)                                       \
	do {                                                                     \
		if (GT_V2O_UNLIKELY(gt_v2o_ctx_bad(c, rm, rp, rg)))              \
			return gt_v2o_validate_fail(o, (c).g, (c).p, (c).m,      \
			                            (rm) | (rp) << 2 | (rg) << 4); \
	} while (0)
/* Queues ev (in context c) converted to struct gt_event; x0 and xstr are
 * what ordering learnt (ProcStatus/GoStatus: old state; ProcSteal: old
 * status; TaskEnd: parent and type; STWEnd: reason).  0, or -1 with the
 * message in o->err.  In v2_order_event.c. */
int gt_v2o_push(struct gt_v2_order *o, const struct gt_v2_base *ev, struct ctx c,
                uint64_t x0, gt_str xstr);
/* Handlers' tail: queue ev as is; 1 advanced, -1 error. */
static inline int gt_v2o_push_as(struct gt_v2_order *o, const struct gt_v2_base *ev, struct ctx c)
{
	return gt_v2o_push(o, ev, c, 0, 0) < 0 ? -1 : 1;
}
struct pstate *gt_v2o_p_new(struct gt_v2_order *o, int64_t id);
struct mstate *gt_v2o_m(struct gt_v2_order *o, int64_t id);
struct mstate *gt_v2o_m_new(struct gt_v2_order *o, int64_t id);
const char *gt_v2o_str(struct gt_v2_order *o, gt_str s);

/* Goroutines (v2_order_pool.c; look-ups inline).  pages_init: 0 or -1. */
int gt_v2o_pages_init(struct gt_v2_order *o);
void gt_v2o_pages_free(struct gt_v2_order *o);
/* Record pointers stay
 * valid until the next gt_v2o_g_add (the sparse pool may move). */
static inline uint32_t gt_v2o_pslot_of(uint64_t pn, uint32_t mask)
{
	return (uint32_t)(pn ^ pn >> 20) & mask;
}
struct ghot *gt_v2o_g_sparse(struct gt_v2_order *o, int64_t id);
/* The page of page number pn, NULL when none: small page numbers (ids
 * below 2^(GT_V2O_PAGE_BITS + GT_V2O_DIR_BITS)) through the directory,
 * others through the page map. */
struct gpage *gt_v2o_page_hashed(const struct gt_v2_order *o, uint64_t pn);
static inline struct gpage *gt_v2o_page(const struct gt_v2_order *o, uint64_t pn)
{
	if (GT_V2O_LIKELY(pn < o->ndir))
		return o->dir[pn];
	if (GT_V2O_LIKELY(!o->npm))
		return NULL;
	return gt_v2o_page_hashed(o, pn);
}
/* When !o->gslow: the record of goroutine id, NULL when none. */
static inline struct ghot *gt_v2o_g_dense(const struct gt_v2_order *o, int64_t id)
{
	uint64_t pn = (uint64_t)id >> GT_V2O_PAGE_BITS;
	if (pn >= o->ndir || !o->dir[pn])
		return NULL;
	struct ghot *h = &o->dir[pn]->r[(uint64_t)id & (GT_V2O_PAGE - 1)];
	return h->status != GS_FREE ? h : NULL;
}
static inline struct gpage *gt_v2o_page_of(struct ghot *h, int64_t id)
{
	return (struct gpage *)(void *)(h - ((uint64_t)id & (GT_V2O_PAGE - 1)));
}
/* The record of goroutine id, NULL when none. */
static inline struct ghot *gt_v2o_g(struct gt_v2_order *o, int64_t id)
{
	struct gpage *pg = gt_v2o_page(o, (uint64_t)id >> GT_V2O_PAGE_BITS);
	if (GT_V2O_LIKELY(pg != NULL)) {
		struct ghot *h = &pg->r[(uint64_t)id & (GT_V2O_PAGE - 1)];
		if (GT_V2O_LIKELY(h->status != GS_FREE))
			return h;
	}
	if (GT_V2O_LIKELY(!o->nsparse))
		return NULL;
	return gt_v2o_g_sparse(o, id);
}
struct ghot *gt_v2o_g_add_slow(struct gt_v2_order *o, int64_t id, int *exists);
/* A new goroutine id, with status and seq to fill in: NULL with *exists
 * set when it exists already, NULL alone when out of memory. */
static inline struct ghot *gt_v2o_g_add(struct gt_v2_order *o, int64_t id, int *exists)
{
	struct gpage *pg = gt_v2o_page(o, (uint64_t)id >> GT_V2O_PAGE_BITS);
	*exists = 0;
	if (GT_V2O_LIKELY(pg != NULL)) {
		struct ghot *h = &pg->r[(uint64_t)id & (GT_V2O_PAGE - 1)];
		if (GT_V2O_UNLIKELY(h->status != GS_FREE ||
		                    (o->nsparse && gt_v2o_g_sparse(o, id)))) {
			*exists = 1;
			return NULL;
		}
		pg->live++;
		o->glive++;
		h->cold = 0;
		h->sparse = 0;
		return h;
	}
	return gt_v2o_g_add_slow(o, id, exists);
}
void gt_v2o_g_del_slow(struct gt_v2_order *o, int64_t id, struct ghot *h);
void gt_v2o_page_emptied(struct gt_v2_order *o, struct gpage *pg);
int gt_v2o_page_emptied_1(struct gt_v2_order *o, struct gpage *pg); /* returns 1 */
/* Goroutine id (its record h) is gone. */
static inline void gt_v2o_g_del(struct gt_v2_order *o, int64_t id, struct ghot *h)
{
	if (GT_V2O_UNLIKELY(h->cold | h->sparse)) {
		gt_v2o_g_del_slow(o, id, h);
		return;
	}
	h->status = GS_FREE;
	struct gpage *pg = gt_v2o_page_of(h, id);
	o->glive--;
	if (GT_V2O_UNLIKELY(--pg->live == 0))
		gt_v2o_page_emptied(o, pg);
}
/* The cold record of goroutine id (record h), made when missing; NULL
 * when out of memory (message set). */
struct gcold *gt_v2o_gcold(struct gt_v2_order *o, int64_t id, struct ghot *h);
/* The cold record if any (NULL: no ranges, no regions). */
static inline struct gcold *gt_v2o_gcold_find(struct gt_v2_order *o, int64_t id, const struct ghot *h)
{
	if (!h->cold)
		return NULL;
	return &o->gc[gt_v2o_idmap_get(&o->gmap, (uint64_t)id)];
}

/* A goroutine's sequence number is next after its last one. */
static inline int gt_v2o_g_seq_next(const struct gt_v2_order *o, const struct ghot *h, uint64_t n)
{
	return h->gen == o->genid && n == h->n + 1;
}

static inline struct pstate *gt_v2o_p(struct gt_v2_order *o, int64_t id)
{
	uint32_t i = (uint64_t)id < GT_V2O_DENSE_P ? o->pdense[id]
	                                          : gt_v2o_idmap_get(&o->pmap, (uint64_t)id);
	return i == GT_V2O_EMPTY ? NULL : &o->ps[i];
}

/* Handlers of the less common types (the hot ones are inline in
 * v2_order.c): return 1 advanced (*nc is the new context), 0 not yet,
 * -1 error (in o->err).  c is the current context (may be changed). */
typedef int (*gt_v2o_handler)(struct gt_v2_order *o, const struct gt_v2_base *ev,
                              struct ctx *c, struct ctx *nc);
int gt_v2o_proc_status(struct gt_v2_order *, const struct gt_v2_base *, struct ctx *, struct ctx *);
int gt_v2o_proc_steal(struct gt_v2_order *, const struct gt_v2_base *, struct ctx *, struct ctx *);
int gt_v2o_go_status(struct gt_v2_order *, const struct gt_v2_base *, struct ctx *, struct ctx *);
int gt_v2o_go_switch(struct gt_v2_order *, const struct gt_v2_base *, struct ctx *, struct ctx *);
int gt_v2o_go_syscall_end_blocked(struct gt_v2_order *, const struct gt_v2_base *, struct ctx *, struct ctx *);
int gt_v2o_go_create_syscall(struct gt_v2_order *, const struct gt_v2_base *, struct ctx *, struct ctx *);
int gt_v2o_go_destroy_syscall(struct gt_v2_order *, const struct gt_v2_base *, struct ctx *, struct ctx *);
int gt_v2o_gc_active(struct gt_v2_order *, const struct gt_v2_base *, struct ctx *, struct ctx *);
int gt_v2o_gc_begin(struct gt_v2_order *, const struct gt_v2_base *, struct ctx *, struct ctx *);
int gt_v2o_gc_end(struct gt_v2_order *, const struct gt_v2_base *, struct ctx *, struct ctx *);
int gt_v2o_sweep_active(struct gt_v2_order *, const struct gt_v2_base *, struct ctx *, struct ctx *);
int gt_v2o_stw_begin(struct gt_v2_order *, const struct gt_v2_base *, struct ctx *, struct ctx *);
int gt_v2o_assist_begin(struct gt_v2_order *, const struct gt_v2_base *, struct ctx *, struct ctx *);
int gt_v2o_go_range_active(struct gt_v2_order *, const struct gt_v2_base *, struct ctx *, struct ctx *);
int gt_v2o_stw_end(struct gt_v2_order *, const struct gt_v2_base *, struct ctx *, struct ctx *);
int gt_v2o_assist_end(struct gt_v2_order *, const struct gt_v2_base *, struct ctx *, struct ctx *);
int gt_v2o_annotation(struct gt_v2_order *, const struct gt_v2_base *, struct ctx *, struct ctx *);
int gt_v2o_task_begin(struct gt_v2_order *, const struct gt_v2_base *, struct ctx *, struct ctx *);
int gt_v2o_task_end(struct gt_v2_order *, const struct gt_v2_base *, struct ctx *, struct ctx *);
int gt_v2o_region_begin(struct gt_v2_order *, const struct gt_v2_base *, struct ctx *, struct ctx *);
int gt_v2o_region_end(struct gt_v2_order *, const struct gt_v2_base *, struct ctx *, struct ctx *);
int gt_v2o_alloc_free(struct gt_v2_order *, const struct gt_v2_base *, struct ctx *, struct ctx *);

/* v2_order_user.c: frees a goroutine's region stack. */
void gt_v2o_regions_free(struct gt_v2_order *o, struct gcold *g);

/* v2_order_event.c: resolves a generation-local string id; -1 when
 * unknown (no message).  Remembered per view, as stacks are.  Every
 * caller fails the advance when it fails, as with stacks: the reader
 * does not look at the view's error flag after an advance that went on
 * (v2_read.c top_step). */
int gt_v2o_resolve_str_slow(struct gt_v2_order *o, uint64_t id, gt_str *out);
static inline int gt_v2o_resolve_str(struct gt_v2_order *o, uint64_t id, gt_str *out)
{
	if (!id) {
		*out = 0;
		return 0;
	}
	const struct v2o_stack_memo *mm = &o->smemo[id & (GT_V2O_STR_CACHE - 1)];
	if (GT_V2O_LIKELY(mm->id == id)) {
		*out = mm->v;
		return 0;
	}
	return gt_v2o_resolve_str_slow(o, id, out);
}

/* v2_order_go.c: the current goroutine's error (cold). */
int gt_v2o_cur_g_fail(struct gt_v2_order *o, const struct gt_v2_base *ev, int64_t cg,
                      const struct ghot *g, const char *want_name)
	__attribute__((cold));
/* v2_order_ranges.c: Go's rangeState begin/end (0, or -1 with the
 * message); begin_range takes the range type (the begin's). */
int gt_v2o_begin_range(struct gt_v2_order *o, struct rangestate *rs, uint8_t typ, gt_str desc);
int gt_v2o_end_range(struct gt_v2_order *o, struct rangestate *rs, unsigned endtype, gt_str *desc);

#endif
