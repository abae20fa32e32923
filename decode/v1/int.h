/* int.h: internals of the Go 1.5-1.21 ("v1") decoder, shared by
 * decode/v1/ only.
 *
 * The decoder never builds per-event heap objects.  Pass 1 (v1_scan.c)
 * indexes the mmap'd file: per-P batch offsets, strings, stacks, the
 * frequency, timer goroutines and CPU samples.  The ordering source
 * (v1_order.c) then merges per-P cursors over the file into Go's order
 * while the first run analyses it (time order, syscall exits moved back in
 * time, futile wakeups, which syscalls block) and logs which P each event
 * came from (4 bits an event when there are at most 16 Ps); the second run
 * replays that log over fresh cursors to validate (v1_post.c), convert
 * (v1_convert.c) and deliver.  Memory: the log, per-P and per-goroutine
 * state, the strings and stacks; the events stay in the file.
 *
 * Speed: every event is read three times (pass 1 steps over it, the two
 * runs decode it), so the common records have tight paths: pass 1 skips
 * events with short inline or length-prefixed arguments in a loop of its
 * own; the cursors decode them straight into struct v1_ev (fast_event in
 * v1_order.c, per-type flags and ordering rules in c->hot) and resolve
 * goroutines through the direct id table; the frontier stays sorted (the
 * next event is its last entry) and the merge skips it when only the P
 * merged last can have changed and its new head comes first (whether a
 * waiting P may have become ready is a per-goroutine count, gord.nwait);
 * the first run takes events by pointer from their P's head slot (the
 * P merged last decodes straight into it) and analyses them in the merge
 * loop (v1_analyse.h); the merge writes the order log itself, 16 entries
 * a word; the cursors' hot paths are inline (v1_cursor.h), so neither run
 * calls a function for a common event; stacks of dense ids resolve
 * through a direct table.  Pass 1 of a big 1.7+ trace runs on two
 * threads: a tail thread scans the second half of the file from a batch
 * header while the caller scans up to it (v1_scan.c).
 * Anything unusual (batch ends, the file's last bytes, long or malformed
 * records) takes the general path, which checks and reports as before.
 * A big 1.7+ trace loaded by a caller that can start over runs the two
 * runs at once: the first on a thread, the second right behind it on a
 * copy of the context, giving up (GT_RESTART) when it cannot prove its
 * output that of one run after the other (v1_pipe.h).
 */
#ifndef GT_DECODE_V1_INT_H
#define GT_DECODE_V1_INT_H

#include "decode/ids.h"
#include "decode/v1/v1.h"
#include "rec/rec.h"

#include <stdint.h>
#include <stddef.h>
#include <string.h>

/* Old-format event types (Go's runtime/trace.go numbering). */
enum {
	V1_NONE, V1_BATCH, V1_FREQUENCY, V1_STACK, V1_GOMAXPROCS, V1_PROC_START,
	V1_PROC_STOP, V1_GC_START, V1_GC_DONE, V1_STW_START, V1_STW_DONE,
	V1_SWEEP_START, V1_SWEEP_DONE, V1_GO_CREATE, V1_GO_START, V1_GO_END,
	V1_GO_STOP, V1_GO_SCHED, V1_GO_PREEMPT, V1_GO_SLEEP, V1_GO_BLOCK,
	V1_GO_UNBLOCK, V1_GO_BLOCK_SEND, V1_GO_BLOCK_RECV, V1_GO_BLOCK_SELECT,
	V1_GO_BLOCK_SYNC, V1_GO_BLOCK_COND, V1_GO_BLOCK_NET, V1_GO_SYSCALL,
	V1_GO_SYSEXIT, V1_GO_SYSBLOCK, V1_GO_WAITING, V1_GO_INSYSCALL,
	V1_HEAP_ALLOC, V1_HEAP_GOAL, V1_TIMER_GOROUTINE, V1_FUTILE_WAKEUP,
	V1_STRING, V1_GO_START_LOCAL, V1_GO_UNBLOCK_LOCAL, V1_GO_SYSEXIT_LOCAL,
	V1_GO_START_LABEL, V1_GO_BLOCK_GC, V1_MARK_ASSIST_START,
	V1_MARK_ASSIST_DONE, V1_TASK_CREATE, V1_TASK_END, V1_REGION, V1_LOG,
	V1_CPU_SAMPLE, V1_COUNT
};

/* Go's fake P ids. */
#define V1_TIMER_P   1000001
#define V1_NETPOLL_P 1000002
#define V1_SYSCALL_P 1000003
#define V1_GC_P      1000004
#define V1_PROFILE_P 1000005

struct v1_desc {
	const char *name;
	uint8_t min_ver;  /* first header version with this event */
	uint8_t stack;    /* last argument is a stack id */
	uint8_t nargs;    /* named arguments (without ts/seq/stack) */
};
extern const struct v1_desc v1_descs[V1_COUNT];

/* Expected raw argument count (timestamp, seq and stack included) of an
 * event of type typ in a version ver trace, as Go's argNum. */
int v1_arg_num(unsigned typ, int ver);

/* One decoded event, transient (per-P heads, the few moved events). */
struct v1_ev {
	int64_t ts;        /* ticks until the final conversion */
	int64_t seq;       /* 1.5 only: global sequence number */
	uint64_t g;
	uint64_t args[4];
	uint64_t off;      /* byte offset of the record */
	uint32_t stk;      /* v1 stack id (0 none) */
	int32_t p;
	uint32_t gi;       /* index in gs of g */
	uint32_t ti;       /* index in gs of the goroutine it orders, or ~0 */
	uint32_t pi;       /* index in procs of the P it came from */
	uint8_t type;
};

/* A record as read from the wire. */
#define V1_RAW_ARGS 8
struct v1_raw {
	uint8_t type;
	uint32_t nargs;              /* arguments present (all of them) */
	uint64_t args[V1_RAW_ARGS];  /* the first V1_RAW_ARGS */
	const uint8_t *data;         /* length-prefixed: the argument bytes */
	uint64_t dlen;
	const uint8_t *str;          /* String / UserLog value bytes */
	uint64_t slen;
};

/* Growable array helper: ensures room for need elements. 0 ok, -1 OOM. */
int v1_grow(void **p, uint32_t *cap, size_t elem, uint64_t need);

struct v1_batch {
	uint64_t off;
	uint32_t next;  /* next batch of the same P, UINT32_MAX none */
};

/* Per-P state: cursor over its batches plus validation / conversion. */
struct v1_proc {
	int32_t pid;
	uint32_t first;          /* first batch */
	/* cursor */
	uint32_t cur;            /* current batch, UINT32_MAX before first */
	uint64_t pos;            /* read position, 0 when the batch ended */
	int64_t last_ts, last_seq;
	uint64_t last_g;
	uint8_t done, has_head;
	struct v1_ev head;
	uint64_t cache_g;        /* last goroutine looked up, and its index */
	uint32_t cache_gi;
	/* the head's ordering requirement (Go's stateTransition): the rule
	 * bits of c->hot (0 or D_ORD set: it orders) and the sequence
	 * number it needs (v1_cursor.h) */
	uint32_t pd;
	uint8_t waiting;         /* its head waits (counted in gord[ti].nwait) */
	uint64_t iseq;
	/* postprocess */
	uint8_t running, sweep, stw;
	uint64_t run_g;
	/* conversion */
	uint8_t seen, has_m;
	int64_t m;
	uint64_t m1;             /* M of its events + 1 (pid -1 or no M: 0) */
	/* a goroutine that entered a blocking syscall on it, on m, and the
	 * P has not stopped or started since (0 none): while set, m is that
	 * syscall's thread, and a goroutine that starts on the P without a
	 * ProcStart came back from a syscall of its own (convert.c) */
	uint64_t sys_g;
};

/* Per-goroutine state. */
struct v1_g {
	uint64_t id;
	uint8_t preinit, futile;
	uint32_t regions;        /* top of its region stack, 0 none */
	uint32_t sys_k;          /* pending GoSysCall index + 1, 0 none */
	int64_t sysblock;        /* ts of last GoSysBlock / GoInSyscall */
	uint32_t wake_n, wake_cap; /* futile analysis: wakeup offsets */
	uint64_t *wake;
};

/* A goroutine's postprocess state (Go's gdesc), apart from struct v1_g:
 * the second run reads it for most events, so it is kept small
 * (c->gpost, parallel to gs, grown by v1_gpost_fit). */
struct v1_gpost {
	uint8_t present, pstate, plast, assist;
};

/* A goroutine's ordering state, apart from struct v1_g: the merge reads
 * it for every event, so it is kept small and dense. */
struct v1_gord {
	uint64_t seq;
	uint8_t status;
	uint32_t nwait;          /* merge: waiting P heads that order it */
};

struct v1_task {
	uint8_t plive, clive;
	uint64_t parent;
	gt_str name;
};

struct v1_region {
	uint64_t task, name;
	uint32_t prev;
};

struct v1_pipe;

/* Pass 1: the last ProcStart met, for v1_exitm_note (scan.h). */
struct v1_exitm {
	uint64_t end;            /* where its record ends, 0 none */
	uint64_t m;              /* its thread */
	uint64_t seq;            /* before 1.7: the global seq of the last event */
};

struct v1_exit5 { uint64_t g, seq, m; }; /* before 1.7: an exit (v1_exitm_put) */

struct v1_moved {     /* a GoSysExit moved back to its real time */
	struct v1_ev ev;  /* ts already the real one */
	uint64_t idx;     /* position in the merged order */
};

struct v1_ctx {
	const uint8_t *buf;
	size_t len, end;         /* end: usable bytes (cut point) */
	int ver;
	struct gt_tables *tab;
	struct gt_decode_result *res;

	int truncated;
	char why[256];
	uint64_t gap_off;         /* truncated: where ordering stopped, 0 none */
	int64_t freq;
	double ns_per_tick;      /* 1e9 / freq, once */
	uint64_t nfutile;

	struct v1_batch *batches;
	uint32_t nbatch, capbatch;
	struct v1_proc *procs;
	uint32_t nproc, capproc;
	struct gt_ids pmap;      /* pid -> procs index */
	int32_t last_pid;

	struct gt_ids strmap;    /* string id -> gt_str */
	struct gt_ids stkmap;    /* stack id -> gt_stack (0 entries absent) */
	gt_stack *stkdirect;     /* the same for ids < nstkdirect (dense ids) */
	uint32_t nstkdirect;
	struct gt_ids pcmap;     /* pc -> frame id (first definition wins) */
	uint64_t *stack_offs;
	uint32_t nstack, capstack;
	struct gt_ids timers;    /* timer goroutine ids */

	struct v1_ev *samples;   /* CPU samples, sorted by ts */
	uint32_t nsample, capsample;

	struct v1_g *gs;
	struct v1_gord *gord;    /* parallel to gs */
	uint32_t ng, capg, capgord;
	struct gt_ids gmap;
	uint32_t *gdirect;       /* small goroutine ids -> index (~0 none) */
	uint32_t capgdirect;

	struct v1_task *tasks;
	uint32_t ntask, captask;
	struct gt_ids taskmap;

	struct v1_region *regions;
	uint32_t nregion, capregion, freeregion;

	/* 1.5: all events sorted by seq */
	struct v1_ev *flat;
	uint64_t nflat;

	/* ordering source */
	uint32_t hot[64];        /* per wire type: how the hot paths read it */
	uint64_t fast_lim;       /* pos - 1 < fast_lim: a cursor's fast path may
	                          * read at pos (not 0, 64+ bytes before the end) */
	uint64_t nevents;        /* event records pass 1 met (bounds the log) */
	uint32_t *heap;          /* the frontier: proc indices ... */
	int64_t *front_ts;       /* ... and their heads' times */
	uint32_t nheap;
	uint32_t *avail;
	uint32_t navail;
	uint32_t m_last;         /* merge: the P popped last, UINT32_MAX none */
	uint8_t m_dirty;         /* its event may have readied a waiting P */
	uint64_t flat_i, sample_i;
	/* the merge order of the first run, replayed by the second: the P of
	 * each event, in 4, 8 or 16 bits */
	uint8_t *olog;
	uint64_t olog_n, olog_cap; /* cap: in events */
	int olog_bits, replay;

	/* analysis results */
	uint64_t nordered;       /* events the order yields (kept) */
	int64_t min_ts;
	struct v1_moved *moved;
	uint32_t nmoved;
	uint32_t *moved_by_ts;
	uint8_t *sysblocked;     /* bit per GoSysCall in order */
	uint64_t nsyscall;
	struct gt_ids futile;    /* offsets of futile events */
	struct v1_pipe *pipe;    /* both runs at once (v1_pipe.h), NULL: one after the other */

	/* postprocess globals */
	uint8_t gc_on, stw_on;
	struct v1_gpost *gpost;  /* parallel to gs, capgpost entries */
	uint32_t capgpost;

	/* conversion */
	int preinit;
	int64_t last_ts;
	gt_str last_stw;
	unsigned last_stw_k;     /* its index in s_reason */
	gt_str s_stwname[32];    /* "stop-the-world (REASON)" by s_reason index, 0 not yet */
	uint64_t nsync;
	uint64_t syscall_k;
	const struct gt_sink *sink;
	int (*sink_event)(void *, const struct gt_event *, const struct gt_tables *);
	void *sink_ctx;          /* sink's, once (NULL: no sink) */
	struct gt_rsink *recs;   /* sink's record path (rec/rec.h), or NULL */
	int stopped;
	gt_str s_reason[32];
	gt_str s_gc, s_sweep, s_assist, s_heap, s_goal, s_procs;
	struct gt_ids sys_m;     /* goroutine id -> M + 1 of its last blocking syscall */
	/* pass 1 (read-only after it): goroutine id -> M + 1 of the thread
	 * whose ProcStart came just before its GoSysExit of seq 2: the thread
	 * of a goroutine in a syscall when tracing began (v1_exitm_note) */
	struct gt_ids exit_m;
	struct v1_exit5 *exit5;  /* before 1.7, during pass 1: every exit */
	uint32_t nexit5, capexit5;

	/* pass 1's kept records, by offset (opts->v1_scanned: told them) */
	uint64_t *kept;
	uint32_t nkept, capkept;
	int kept_lost;           /* out of memory: not told */
	/* a time prefix (opts->v1_index, prefix.c): the merge stops at the
	 * first event at or after until (ticks) */
	int cut;
	int64_t until;

	/* error */
	uint64_t err_off;
	char err[200];

	/* the caller's options (never NULL); opts->v1_reference: no hot() */
	const struct gt_decode_opts *opts;
	int reference;
	uint64_t ngeneral;       /* events the general path converted */
};

/* Error helpers: record the first error (offset and message). */
int v1_fail(struct v1_ctx *c, uint64_t off, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* 8 little-endian bytes at q (word-at-a-time varint scans). */
static inline uint64_t v1_ld64(const uint8_t *q)
{
	uint64_t w;
	memcpy(&w, q, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	w = __builtin_bswap64(w);
#endif
	return w;
}

/* Reads the record at *pos when it is an event with inline arguments
 * (most are) of a 1.7+ trace, checking what v1_read_raw checks; 0 leaves
 * it to v1_read_raw (other records, errors, the last 32 bytes). */
static inline int v1_fast_raw(const struct v1_ctx *c, uint64_t *pos, struct v1_raw *r)
{
	const uint8_t *q = c->buf + *pos;
	if (c->end - *pos < 32 || c->ver < 7)
		return 0;
	unsigned typ = q[0] & 0x3f, n = (q[0] >> 6) + 1u;
	if (n == 4 || typ <= V1_BATCH || typ == V1_STRING || typ >= V1_COUNT ||
	    v1_descs[typ].min_ver > c->ver)
		return 0;
	q++;
	for (unsigned i = 0; i < n; i++) {
		uint64_t v = 0;
		for (unsigned k = 0, s = 0;; k++, s += 7) {
			uint8_t x = *q++;
			if (k == 9 && x > 1)
				return 0;
			v |= (uint64_t)(x & 0x7f) << s;
			if (x < 0x80)
				break;
			if (k == 9)
				return 0;
		}
		r->args[i] = v;
	}
	r->type = (uint8_t)typ;
	r->nargs = n;
	r->data = r->str = NULL;
	*pos = (uint64_t)(q - c->buf);
	return 1;
}

/* v1_scan.c */
int v1_read_raw(struct v1_ctx *c, uint64_t *pos, struct v1_raw *r, int skip);
int v1_scan(struct v1_ctx *c);
/* Pass 1 from opts->v1_index's records instead of the file's bytes,
 * then the time cut (prefix.c). */
int v1_scan_index(struct v1_ctx *c);
/* v1_prefix.c: each P's batches cut at the time T that opts->v1_prefix
 * bytes of batches reach; sets cut and until. */
int v1_time_cut(struct v1_ctx *c);
struct v1_proc *v1_proc_get(struct v1_ctx *c, int32_t pid);
struct v1_g *v1_g_get(struct v1_ctx *c, uint64_t id);
/* Index in gs of goroutine id (created if new), UINT32_MAX when out of memory. */
uint32_t v1_g_index(struct v1_ctx *c, uint64_t id);
gt_stack v1_stack_slow(const struct v1_ctx *c, uint32_t id);
static inline __attribute__((always_inline)) gt_stack v1_stack(const struct v1_ctx *c, uint32_t id)
{
	return id < c->nstkdirect ? c->stkdirect[id] : v1_stack_slow(c, id);
}
gt_str v1_string(const struct v1_ctx *c, uint64_t id);

/* v1_order.c: the ordered stream.  The first run (the merge, which
 * writes the order log) is v1_order_analyse (v1_analyse.h), which hands
 * each event to the analysis; the second replays the log (1.7+:
 * v1_replay_next, v1_cursor.h) or takes the sorted events of a 1.5
 * trace from v1_order_next: 1 event, 0 end. */
int v1_order_start(struct v1_ctx *c);
int v1_order_next(struct v1_ctx *c, struct v1_ev *ev);
void v1_order_free(struct v1_ctx *c);

/* v1_post.c */
int v1_analyse(struct v1_ctx *c);
/* v1_decode.c: frees what one run owns (its Ps, goroutines, tasks,
 * regions, merge frontier): all of the second run's context copy
 * (v1_pipe.c), part of the decoder's. */
void v1_run_free(struct v1_ctx *c);
/* The first run's result rc kept as success when it only met the gap of
 * a truncated trace (-2): what came before is kept, c->why says so. */
int v1_keep_before_gap(struct v1_ctx *c, int rc);
int v1_postprocess(struct v1_ctx *c, struct v1_ev *ev);
/* 0 when it cleared c->gpost; -1 out of memory (reported). */
int v1_post_reset(struct v1_ctx *c);
/* Makes gpost[gi] exist (new entries zero): 0, or -1 out of memory (reported). */
int v1_gpost_grow(struct v1_ctx *c, uint32_t gi, uint64_t off);
static inline int v1_gpost_fit(struct v1_ctx *c, uint32_t gi, uint64_t off)
{
	return gi < c->capgpost ? 0 : v1_gpost_grow(c, gi, off);
}

/* v1_convert.c */
int v1_convert_init(struct v1_ctx *c);
/* The second run: replays the order, validates, converts, delivers. */
int v1_deliver_all(struct v1_ctx *c);
int v1_emit_sync(struct v1_ctx *c, int64_t ts, uint64_t off);

#endif
