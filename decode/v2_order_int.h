/* v2_order_int.h: the orderer's private state (decode/v2_order*.c only).
 *
 * Goroutines, Ps, Ms and active tasks live in pools of fixed-size records,
 * found through open-addressing maps (id -> pool index): no allocation per
 * event once the pools have grown to the trace's working set.
 */
#ifndef GT_DECODE_V2_ORDER_INT_H
#define GT_DECODE_V2_ORDER_INT_H

#include <stdarg.h>
#include "decode/v2_order.h"

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

/* Ranges in flight on a goroutine or a P: begin type and STW reason. */
#define GT_V2O_MAX_RANGES 6
struct rng { uint8_t typ; gt_str desc; };
struct rangestate { uint8_t n; struct rng r[GT_V2O_MAX_RANGES]; };

struct gstate {
	int64_t id;
	uint8_t status;       /* GS_* */
	struct seq seq;
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

/* id -> index map; linear probing with backward-shift deletion. */
struct v2o_idmap { uint64_t *keys; uint32_t *vals; uint32_t cap, n; };
uint32_t gt_v2o_idmap_get(const struct v2o_idmap *m, uint64_t key); /* UINT32_MAX: none */
int gt_v2o_idmap_put(struct v2o_idmap *m, uint64_t key, uint32_t val);
void gt_v2o_idmap_del(struct v2o_idmap *m, uint64_t key);
void gt_v2o_idmap_free(struct v2o_idmap *m);

struct ctx { int64_t g, p, m; };

/* A queued event before conversion: Go's Event{ctx, base} plus what
 * ordering smuggles into it. */
struct qev {
	uint8_t type;
	int64_t time;
	uint64_t offset;
	uint64_t args[GT_V2_MAX_ARGS];
	struct ctx ctx;
	uint64_t x0;     /* ProcStatus: old state; ProcSteal: old status;
	                    GoStatus: old state; TaskEnd: parent */
	gt_str xstr;     /* STWEnd: reason; TaskEnd: type (global ids) */
};

struct gt_v2_order {
	int version;
	uint64_t initial_gen;
	uint64_t gen;
	const struct gt_v2_gen_view *gv;
	char *err; size_t errsz;

	struct gstate *gs; uint32_t ng, gcap, gfree; struct v2o_idmap gmap;
	struct pstate *ps; uint32_t np, pcap; struct v2o_idmap pmap;
	struct mstate *ms; uint32_t nm, mcap, mlast; struct v2o_idmap mmap;
	struct task *tasks; uint32_t nt, tcap, tfree; struct v2o_idmap tmap;
	struct region *regs; uint32_t nr, rcap, rfree;

	uint64_t gc_seq;
	uint8_t gc_state; /* 0 undetermined, 1 not running, 2 running */

	struct gt_event *q; uint32_t qcap, qhead, qlen;

	/* Interned names, for the tables they were interned in. */
	struct gt_tables *names_for;
	gt_str n_gcmark, n_sweep, n_assist, n_gomaxprocs, n_heapalloc,
	       n_heapgoal, n_allocfree, n_types[16];
	char *buf; size_t bufcap;
};

/* v2_order.c */
int gt_v2o_fail(struct gt_v2_order *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
enum { NO = 0, MAY = 1, MUST = 2 };
int gt_v2o_validate(struct gt_v2_order *o, struct ctx c, int m, int p, int g);
int gt_v2o_push(struct gt_v2_order *o, const struct qev *e);
void gt_v2o_qev(struct qev *e, const struct gt_v2_base *ev, struct ctx c);
struct gstate *gt_v2o_g(struct gt_v2_order *o, int64_t id);
struct gstate *gt_v2o_g_new(struct gt_v2_order *o, int64_t id);
void gt_v2o_g_del(struct gt_v2_order *o, int64_t id);
struct pstate *gt_v2o_p(struct gt_v2_order *o, int64_t id);
struct pstate *gt_v2o_p_new(struct gt_v2_order *o, int64_t id);
struct mstate *gt_v2o_m(struct gt_v2_order *o, int64_t id);
struct mstate *gt_v2o_m_new(struct gt_v2_order *o, int64_t id);
const char *gt_v2o_str(struct gt_v2_order *o, gt_str s);

/* Handlers: return 1 advanced (*nc is the new context), 0 not yet,
 * -1 error (in o->err).  c is the current context (may be changed). */
typedef int (*gt_v2o_handler)(struct gt_v2_order *o, const struct gt_v2_base *ev,
                              struct ctx *c, struct ctx *nc);
int gt_v2o_proc_status(struct gt_v2_order *, const struct gt_v2_base *, struct ctx *, struct ctx *);
int gt_v2o_proc_start(struct gt_v2_order *, const struct gt_v2_base *, struct ctx *, struct ctx *);
int gt_v2o_proc_stop(struct gt_v2_order *, const struct gt_v2_base *, struct ctx *, struct ctx *);
int gt_v2o_proc_steal(struct gt_v2_order *, const struct gt_v2_base *, struct ctx *, struct ctx *);
int gt_v2o_go_status(struct gt_v2_order *, const struct gt_v2_base *, struct ctx *, struct ctx *);
int gt_v2o_go_create(struct gt_v2_order *, const struct gt_v2_base *, struct ctx *, struct ctx *);
int gt_v2o_go_stop_exec(struct gt_v2_order *, const struct gt_v2_base *, struct ctx *, struct ctx *);
int gt_v2o_go_start(struct gt_v2_order *, const struct gt_v2_base *, struct ctx *, struct ctx *);
int gt_v2o_go_unblock(struct gt_v2_order *, const struct gt_v2_base *, struct ctx *, struct ctx *);
int gt_v2o_go_switch(struct gt_v2_order *, const struct gt_v2_base *, struct ctx *, struct ctx *);
int gt_v2o_go_syscall_begin(struct gt_v2_order *, const struct gt_v2_base *, struct ctx *, struct ctx *);
int gt_v2o_go_syscall_end(struct gt_v2_order *, const struct gt_v2_base *, struct ctx *, struct ctx *);
int gt_v2o_go_syscall_end_blocked(struct gt_v2_order *, const struct gt_v2_base *, struct ctx *, struct ctx *);
int gt_v2o_go_create_syscall(struct gt_v2_order *, const struct gt_v2_base *, struct ctx *, struct ctx *);
int gt_v2o_go_destroy_syscall(struct gt_v2_order *, const struct gt_v2_base *, struct ctx *, struct ctx *);
int gt_v2o_gc_active(struct gt_v2_order *, const struct gt_v2_base *, struct ctx *, struct ctx *);
int gt_v2o_gc_begin(struct gt_v2_order *, const struct gt_v2_base *, struct ctx *, struct ctx *);
int gt_v2o_gc_end(struct gt_v2_order *, const struct gt_v2_base *, struct ctx *, struct ctx *);
int gt_v2o_heap_metric(struct gt_v2_order *, const struct gt_v2_base *, struct ctx *, struct ctx *);
int gt_v2o_sweep_begin(struct gt_v2_order *, const struct gt_v2_base *, struct ctx *, struct ctx *);
int gt_v2o_sweep_active(struct gt_v2_order *, const struct gt_v2_base *, struct ctx *, struct ctx *);
int gt_v2o_sweep_end(struct gt_v2_order *, const struct gt_v2_base *, struct ctx *, struct ctx *);
int gt_v2o_go_range_begin(struct gt_v2_order *, const struct gt_v2_base *, struct ctx *, struct ctx *);
int gt_v2o_go_range_active(struct gt_v2_order *, const struct gt_v2_base *, struct ctx *, struct ctx *);
int gt_v2o_go_range_end(struct gt_v2_order *, const struct gt_v2_base *, struct ctx *, struct ctx *);
int gt_v2o_annotation(struct gt_v2_order *, const struct gt_v2_base *, struct ctx *, struct ctx *);
int gt_v2o_task_begin(struct gt_v2_order *, const struct gt_v2_base *, struct ctx *, struct ctx *);
int gt_v2o_task_end(struct gt_v2_order *, const struct gt_v2_base *, struct ctx *, struct ctx *);
int gt_v2o_region_begin(struct gt_v2_order *, const struct gt_v2_base *, struct ctx *, struct ctx *);
int gt_v2o_region_end(struct gt_v2_order *, const struct gt_v2_base *, struct ctx *, struct ctx *);
int gt_v2o_alloc_free(struct gt_v2_order *, const struct gt_v2_base *, struct ctx *, struct ctx *);

/* v2_order_user.c: frees a goroutine's region stack. */
void gt_v2o_regions_free(struct gt_v2_order *o, struct gstate *g);

/* v2_order_event.c: converts a queued event into *out; -1 on a bad
 * string or stack id (message in o->err). */
int gt_v2o_convert(struct gt_v2_order *o, const struct qev *e, struct gt_event *out);
/* Resolves a generation-local string id; -1 when unknown (no message). */
int gt_v2o_resolve_str(struct gt_v2_order *o, uint64_t id, gt_str *out);

#endif
