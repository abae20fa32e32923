/* model.h: the in-memory model of a trace, and its queries.
 *
 * The model is built from the ordered event stream of decode/ (event.h) in
 * one pass, and is then read-only: every query below is safe to call from
 * any number of threads at once once loading has finished.
 *
 * Conventions
 * - Opaque struct, ids not pointers.  Goroutines, Ps and Ms are addressed by
 *   a dense INDEX (uint32_t, 0..count-1) in order of first appearance; the
 *   Go id of each is in its info.  gt_model_g_find() maps a Go id back.
 * - Times are int64 nanoseconds in the reader's time base (as event.h).
 *   Windows are half-open: [t0, t1).
 * - Strings and stacks are gt_str / gt_stack ids of the trace's tables
 *   (decode/tables.h); gt_model_tables() gives them.
 * - Semantics follow Go's model (golang.org/x/exp/trace and Go's
 *   internal/trace/summary.go): a goroutine's state interval lasts from
 *   one of its transitions to its next; the last one runs to the trace's
 *   last event (max_ts); time before its first transition is not counted.
 * - Span queries (lanes) cost O(log n + spans returned); column summaries
 *   cost O(columns x a bounded chunk), never O(events in the window).
 * - Storage is packed (a 150 MB trace: 25M events, millions of goroutines,
 *   ~11 bytes of model per event): goroutine facts and metric points are
 *   decoded on request into caller structs; copy what you keep.
 */
#ifndef GT_MODEL_MODEL_H
#define GT_MODEL_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "decode/decode.h"
#include "decode/event.h"
#include "decode/tables.h"

struct gt_model; /* opaque */

/* ---- Loading ---------------------------------------------------------- */

/* Called now and then while loading, with bytes of the file done so far.
 * A nonzero return stops the load soon after (within a block of some
 * thousand events): the model then holds what came before, with status
 * GT_STOPPED (a user who quits while a big trace loads). */
typedef int (*gt_model_progress_fn)(void *ctx, uint64_t done, uint64_t total);

/* How to load: gt_load_opts_init gives the defaults; cmd/ fills them from
 * flags and the GTVIEW_* variables (cmd/load_opts.c), for tests and
 * benchmarks. */
struct gt_stats;
struct gt_load_stats;
struct gt_load_opts {
	/* 0: decode on the calling thread and build on a second one for
	 * traces over 1 MiB on 2+ CPUs; 1: one thread; 2: always two (tests
	 * compare them).  The model keeps it for its parallel queries. */
	int threads;
	/* every event through the loader's sink, none through the decoders'
	 * record path (rec/rec.h; tests compare them) */
	int no_records;
	/* NULL, or a struct gt_stats (model/stats.h: gt_stats_init_counts)
	 * that counts the events in the same decoding pass (`gtview stats`) */
	struct gt_stats *counts;
	/* NULL, or where the load says how it went (timings, the decoder's
	 * statistics) */
	struct gt_load_stats *stats;
	struct gt_decode_opts decode;
};
void gt_load_opts_init(struct gt_load_opts *o);

struct gt_load_stats {
	double decoder_cpu, decoder_sys; /* s, the calling thread */
	double model_cpu, model_sys;     /* s, the building thread */
	double model_after;              /* s, the model behind the decoder */
	double finish;                   /* s, indexing after the build */
	uint32_t model_sleeps, decoder_sleeps;
	int restarts;                    /* decodes thrown away and started over */
	struct gt_decode_stats decode;
};

/* Decodes buf[0..len) (gt_decode) and builds the model.  Always returns a
 * model (NULL only when out of memory before anything was built): on a
 * broken or truncated trace it holds everything delivered before the error,
 * and *res says what went wrong and where (status, offset, msg), as
 * gt_decode does.  mapped: nonzero when buf is a read-only file mapping,
 * which lets the loader drop file pages already decoded (madvise) to keep
 * the resident size down; 0 for heap buffers (they are never touched).
 * progress is called on the calling thread. */
struct gt_model *gt_model_load_with(const uint8_t *buf, size_t len, int mapped,
                                    const struct gt_load_opts *o,
                                    gt_model_progress_fn progress, void *ctx,
                                    struct gt_decode_result *res);
/* gt_model_load_with the default options. */
struct gt_model *gt_model_load(const uint8_t *buf, size_t len, int mapped,
                               gt_model_progress_fn progress, void *ctx,
                               struct gt_decode_result *res);
void gt_model_free(struct gt_model *m);

/* Building by hand (unit tests, other front ends): new, then feed events
 * through the sink (or gt_model_add), then finish once.  Events must come
 * in the order decode/ delivers them.  The model owns its tables. */
struct gt_model *gt_model_new(void);
struct gt_tables *gt_model_tables_mut(struct gt_model *m);
int gt_model_add(struct gt_model *m, const struct gt_event *ev); /* 0 ok */
struct gt_sink gt_model_sink(struct gt_model *m);
void gt_model_finish(struct gt_model *m); /* closes open intervals, indexes */

/* ---- The trace as a whole ---------------------------------------------- */

struct gt_trace_info {
	int format, version;          /* from the decoder (0 when built by hand) */
	enum gt_status status;        /* how loading ended */
	int64_t min_ts, max_ts;       /* first and last event time */
	uint64_t events;              /* events consumed */
	uint64_t by_kind[GT_EV__COUNT];
	uint32_t goroutines;          /* with at least one state transition */
	uint32_t procs, threads;      /* seen as a context or transition */
	uint32_t gc_cycles, stws, tasks, regions, logs, cpu_samples;
	size_t model_bytes;           /* memory held by the model (w/o tables) */
};
void gt_model_info(const struct gt_model *m, struct gt_trace_info *out);

const struct gt_tables *gt_model_tables(const struct gt_model *m);
/* Convenience: a string, a stack's innermost / outermost function name
 * ("" for stack 0), and whether a function is outside the std library
 * (package main, or an import path whose first element has a dot). */
const char *gt_model_str(const struct gt_model *m, gt_str s);
gt_str gt_model_stack_top_func(const struct gt_model *m, gt_stack st);
gt_str gt_model_stack_root_func(const struct gt_model *m, gt_stack st);
int gt_model_func_is_user(const char *func);
/* The start function a goroutine's first transition stack st tells
 * (gt_goroutine.start_func; gstart.c): its root frame's function, past
 * runtime.goexit frames; "? (stack cut at the depth limit)" when st has
 * GT_STACK_CUT frames or more (Go's tracer writes at most 128 PCs a
 * stack, less the goexit frame it drops, and G1's runtime.main: the root
 * of a stack that deep may be a caller's, not the goroutine's entry); 0
 * for none. */
#define GT_STACK_CUT 126
gt_str gt_model_stack_start_func(const struct gt_model *m, gt_stack st);
/* Innermost frame of st outside the std library; 0 (no frame) if none. */
uint32_t gt_model_stack_user_frame(const struct gt_model *m, gt_stack st);

/* ---- Goroutines -------------------------------------------------------- */

struct gt_goroutine {
	int64_t id;             /* Go's goroutine id */
	int64_t created;        /* creation time; INT64_MIN if before the trace */
	int64_t creator;        /* Go id of the creating goroutine; GT_NONE */
	gt_stack create_stack;  /* where it was created (creator's stack) */
	gt_str start_func;      /* its start function: for a goroutine that
	                           existed when tracing began, in an old-format
	                           trace, the one tracing's start wrote
	                           (gt_model_g_initial); else what its first
	                           transition stack tells
	                           (gt_model_stack_start_func) */
	int64_t first_ts;       /* start of its first interval */
	int64_t end_since;      /* start of its last interval (its state at
	                           the end holds since then); INT64_MIN none */
	uint8_t end_state;      /* enum gt_gostate: to-state of last transition */
	gt_str end_reason;      /* reason of the last transition */
	gt_stack end_stack;     /* stack of the last transition */
	uint8_t gc_worker;      /* runs runtime.gcBgMarkWorker */
	uint8_t system;         /* start function in package runtime, but
	                           runtime.main (Go's IsSystemGoroutine) */
	int64_t ns[GT_GS__COUNT]; /* time per state (gt_gostate) in the trace */
	uint32_t intervals;     /* state intervals; 0: seen only as a context */
};
uint32_t gt_model_g_count(const struct gt_model *m);
/* Fills *out for goroutine index gi; -1 if gi is out of range.  Goroutines
 * are stored packed (a trace may hold millions), so this decodes a little:
 * O(1) amortized chunks, not O(its intervals); copy what you keep. */
int gt_model_g(const struct gt_model *m, uint32_t gi, struct gt_goroutine *out);
int64_t gt_model_g_id(const struct gt_model *m, uint32_t gi); /* cheap */
/* Every goroutine's Go id by index, in a new array (free it); NULL when
 * out of memory.  For a pass naming millions of goroutines in no order:
 * gt_model_g_id decodes up to 31 packed ids a call. */
int64_t *gt_model_g_ids(const struct gt_model *m);
/* gt_model_g's start_func alone (reads the log up to its first stack). */
gt_str gt_model_g_start_func(const struct gt_model *m, uint32_t gi);
/* What an old-format trace's start wrote of goroutine gi when it existed
 * before tracing began (its GoCreate: start stack, time, who started
 * tracing; Go's reader drops it); NULL for any other goroutine. */
const struct gt_initial *gt_model_g_initial(const struct gt_model *m, uint32_t gi);
/* Index of Go goroutine id (binary search); UINT32_MAX if never seen.
 * A goroutine entry is one lifetime, NotExist to NotExist: when the runtime
 * reuses an id (the goroutine of a cgo callback's extra M, after
 * GoDestroySyscall), that id has one entry per lifetime, and this returns
 * one of them. */
uint32_t gt_model_g_find(const struct gt_model *m, int64_t id);
/* Index of the goroutine of rank r (0-based) in Go id order, for listing
 * goroutines sorted by id; UINT32_MAX if r is out of range. */
uint32_t gt_model_g_by_id(const struct gt_model *m, uint32_t r);
/* The Go id of rank r in that order (the goroutine gt_model_g_by_id(m, r)
 * gives), without a lock: once the id order exists (after
 * gt_model_g_by_id or gt_model_g_order returned one), else GT_NONE.  The
 * ids are packed a byte a goroutine: up to 63 bytes are read. */
int64_t gt_model_g_rank_id(const struct gt_model *m, uint32_t r);
/* The first rank whose id is id or more (gt_model_g_count when none),
 * likewise without a lock once the id order exists: a search of the
 * packed ids' blocks, then a block read on. */
uint32_t gt_model_g_rank_lower(const struct gt_model *m, int64_t id);
/* Whether rank r (0 < r < gt_model_g_count) has rank r-1's id (an id
 * reused: one entry per lifetime), likewise: a byte read, for passes
 * over the ranks in order. */
int gt_model_g_rank_same(const struct gt_model *m, uint32_t r);

/* One state interval of a goroutine: [start, end) in state, entered by a
 * transition with reason and stack. */
struct gt_gspan {
	int64_t start, end;
	uint8_t state;          /* enum gt_gostate */
	gt_str reason;
	gt_stack stack;
	int64_t p;              /* P it ran on (Running only), else GT_NONE */
};
typedef int (*gt_gspan_fn)(void *ctx, const struct gt_gspan *s); /* !0 stops */
/* The intervals of goroutine gi overlapping [t0, t1), in time order. */
void gt_model_g_spans(const struct gt_model *m, uint32_t gi, int64_t t0,
                      int64_t t1, gt_gspan_fn fn, void *ctx);

/* History: goroutine gi's state transitions in time order, each with
 * its cause, as Go's reader (x/exp/trace) gives them: the first from
 * NotExist (created within the trace) or Undetermined; a status
 * re-affirmed at a new generation is a transition to the same state.
 * by_g is the goroutine whose event made the transition when that is
 * another goroutine (the unblocker of a Waiting->Runnable, the creator of
 * a NotExist->Runnable), and by_stack that event's stack. */
struct gt_gtrans {
	int64_t ts;
	uint32_t seq;           /* its number in the history, from 0 */
	uint8_t from, to;       /* enum gt_gostate */
	gt_str reason;
	gt_stack stack;         /* the transition's own stack (where gi was) */
	int64_t by_g;           /* Go id of the causing goroutine; GT_NONE */
	gt_stack by_stack;      /* its event's stack; 0 with GT_NONE */
};
typedef int (*gt_gtrans_fn)(void *ctx, const struct gt_gtrans *t); /* !0 stops */
/* Calls fn for each transition of gi in order; returns how many were
 * given.  Costs O(its log), not O(trace). */
uint32_t gt_model_g_transitions(const struct gt_model *m, uint32_t gi, gt_gtrans_fn fn,
                                void *ctx);
/* The same from time t on: the transitions of gt_model_g_transitions
 * with ts >= t, in its order and with its causes, but seq is
 * GT_SEQ_UNKNOWN (a walk that starts mid-log cannot number them).
 * Starts at the chunk of gi's log holding t (its index), so it costs a
 * chunk (about a thousand bytes) plus what fn takes, not the history
 * before t (a window's transitions on the timeline).  Returns how many
 * were given. */
#define GT_SEQ_UNKNOWN UINT32_MAX
uint32_t gt_model_g_transitions_from(const struct gt_model *m, uint32_t gi, int64_t t,
                                     gt_gtrans_fn fn, void *ctx);
/* The last transition of gi at or before t (in gt_model_g_transitions's
 * order, which stops at the first after t) that another goroutine
 * caused, in *out (seq GT_SEQ_UNKNOWN); 0 when none.  Reads its log back
 * chunk by chunk from the one holding t: costs the chunks back to that
 * transition (who last woke a goroutine stuck at the end: its last). */
int gt_model_g_last_cause(const struct gt_model *m, uint32_t gi, int64_t t,
                          struct gt_gtrans *out);

/* Reverse links: the transitions goroutine (Go id) by_g caused (woke,
 * created, ...), exactly those whose gt_gtrans.by_g is by_g, in time
 * order (the trace's): goroutine index gi's transition at ts, from state
 * from to state to.  Fills out[0..max) with those from number from on;
 * returns how many there are.  Written at load, a few bytes each (glink.h):
 * a call walks the headers of by_g's chunks (a few thousand for a
 * goroutine that made millions), never the list of all goroutines. */
struct gt_gcause {
	int64_t ts;
	uint32_t gi;
	uint8_t from, to;       /* enum gt_gostate */
};
size_t gt_model_g_caused(const struct gt_model *m, int64_t by_g, size_t from, size_t max,
                         struct gt_gcause *out);
/* The number (as gt_model_g_caused's from) of by_g's first caused
 * transition at or after t; its count when none. */
size_t gt_model_g_caused_at(const struct gt_model *m, int64_t by_g, int64_t t);
/* Causes that no reverse link lists: their causing goroutine had no
 * goroutine of its own in the model when it caused them (none in the
 * corpus; tests/model-rlinks.t). */
uint64_t gt_model_g_caused_unlisted(const struct gt_model *m);

/* What a Waiting goroutine waits on, in classes, from the reason its
 * transition gives (Go's reasons, old and new formats alike), one
 * definition for every place that shows them (wclass.c):
 *   CHAN   chan send, chan receive, select, forever (a nil channel or
 *          an empty select);
 *   SYNC   sync (Mutex, RWMutex, WaitGroup, ...), sync.(*Cond).Wait,
 *          synctest;
 *   NET    network (the netpoller: sockets, pipes, deadlines);
 *   SLEEP  sleep (time.Sleep and timers);
 *   GC     the GC's and the runtime's own waits: GC mark assist wait for
 *          work, GC background sweeper wait, GC weak to strong wait,
 *          wait until GC ends, system goroutine wait, preempted, wait for
 *          debug call;
 *   OTHER  any other reason, or none (unspecified, or a trace that does
 *          not say). */
enum gt_wait_class {
	GT_WC_CHAN, GT_WC_SYNC, GT_WC_NET, GT_WC_SLEEP, GT_WC_GC, GT_WC_OTHER, GT_WC__COUNT
};
enum gt_wait_class gt_wait_class(const char *reason);
/* "chan/select", "sync", "network/IO", "sleep/timer", "GC/runtime", "other". */
const char *gt_wait_class_name(enum gt_wait_class c);

/* Who ended a wait that no goroutine ended (a Waiting->Runnable whose
 * by_g is GT_NONE: the event that woke it ran outside any goroutine),
 * from the reason of that wait (the one its first transition into
 * Waiting gave), one definition for every place that shows it:
 *   NETPOLL  network: the network poller (Go 1.19's NetpollP);
 *   TIMER    sleep: a timer;
 *   RUNTIME  any other reason: the runtime (the scheduler, the GC, a
 *            timer's send on a channel...: the trace does not say which);
 *   UNKNOWN  no reason (a wait begun before the trace, in old formats). */
enum gt_waker { GT_WAKER_NETPOLL, GT_WAKER_TIMER, GT_WAKER_RUNTIME, GT_WAKER_UNKNOWN };
enum gt_waker gt_waker_of(const char *wait_reason);
/* "by the network poller", "by a timer", "by the runtime", "outside any
 * goroutine": what follows "woken". */
const char *gt_waker_text(enum gt_waker w);
/* JSON: "netpoll", "timer", "runtime", "unknown". */
const char *gt_waker_key(enum gt_waker w);

/* Time goroutine gi spent Waiting, by reason; calls fn once per reason. */
typedef void (*gt_reason_ns_fn)(void *ctx, gt_str reason, int64_t ns);
void gt_model_g_waiting_by_reason(const struct gt_model *m, uint32_t gi,
                                  gt_reason_ns_fn fn, void *ctx);

/* Time goroutine gi spent in each state within [t0, t1): its intervals
 * clipped to the window, into ns[] (by enum gt_gostate), and its Waiting
 * time there by reason through fn (NULL: not wanted).  Returns how many
 * of its intervals overlap the window (an instant one inside counts);
 * 0: it has no state in the window.  Over the whole trace, ns[] equals
 * gt_goroutine.ns.  Costs O(log n + its intervals in the window). */
uint32_t gt_model_g_window(const struct gt_model *m, uint32_t gi, int64_t t0, int64_t t1,
                           int64_t ns[GT_GS__COUNT], gt_reason_ns_fn fn, void *ctx);
/* gt_model_g and gt_model_g_window's Waiting time by reason over the
 * whole trace (in its order), in one walk of the log: what a row of
 * `goroutines --json` shows. */
int gt_model_g_reasons(const struct gt_model *m, uint32_t gi, struct gt_goroutine *out,
                       gt_reason_ns_fn fn, void *ctx);
/* 0 when goroutine gi has no interval in [t0, t1) for certain (as
 * gt_model_g_window would find), without reading its log: the time its
 * block of 64 goroutines spans lies outside.  Passes over a window ask
 * this first. */
int gt_model_g_may_meet(const struct gt_model *m, uint32_t gi, int64_t t0, int64_t t1);
/* The part of interval s inside [t0, t1), in ns; -1 when it is not in the
 * window (an instant interval inside is, with 0): the one clipping rule
 * of the window queries. */
int64_t gt_gspan_clip(const struct gt_gspan *s, int64_t t0, int64_t t1);

/* Goroutines grouped by start function, over the window [t0, t1)
 * (INT64_MIN, INT64_MAX: the whole trace).  A goroutine belongs to the
 * window when gt_model_g_window finds an interval of it there; a group's
 * figures are the sums of its members' gt_model_g_window figures, so
 * they equal the sums of the per-goroutine rows of `goroutines --json`
 * over the same window.  Groups come sorted by start function name;
 * the members of group k are member[group[k].members ..+ count), goroutine
 * indices in Go id order; its Waiting time by reason is
 * reason[group[k].reasons ..+ nreasons), sorted by reason text. */
struct gt_reason_time {
	gt_str reason;
	uint32_t group;           /* the group it belongs to */
	int64_t ns;
};
struct gt_ggroup {
	gt_str start_func;
	uint32_t count;           /* goroutines with an interval in the window */
	int64_t ns[GT_GS__COUNT]; /* their time per state in the window */
	uint32_t reasons, nreasons;
	uint32_t members;
};
struct gt_ggroups {
	struct gt_ggroup *group;
	uint32_t n;
	struct gt_reason_time *reason;
	uint32_t *member;
};
/* 0, or -1 when out of memory (out is then empty).  O(goroutines + their
 * intervals in the window); free with gt_ggroups_free. */
int gt_model_groups_by_func(const struct gt_model *m, int64_t t0, int64_t t1,
                            struct gt_ggroups *out);
/* The same groups and figures without their members (member NULL, every
 * group's members 0): no memory per goroutine while they are found. */
int gt_model_groups_by_func_figures(const struct gt_model *m, int64_t t0, int64_t t1,
                                    struct gt_ggroups *out);
void gt_ggroups_free(struct gt_ggroups *g);

/* Goroutines alive over time: a time-weighted mean per column of the
 * number of goroutines in each state.  The model keeps this at a fixed
 * resolution: between GT_MODEL_COUNT_BUCKETS and twice as many equal
 * buckets over the trace (at least 1 us wide); columns finer than a
 * bucket get their bucket's mean. */
#define GT_MODEL_COUNT_BUCKETS 65536
struct gt_gcount { float runnable, running, waiting, syscall; };
void gt_model_gcounts(const struct gt_model *m, int64_t t0, int64_t t1,
                      uint32_t ncols, struct gt_gcount *out);

/* Goroutines waiting at the end of the trace, grouped: the one grouping
 * the viewer's blocked list, `goroutines --blocked` and its JSON show.
 * - why: the reason the trace gives, or else the one its stack tells
 *   (gt_model_g_wait_reason; unknown GT_WHY_STACK then);
 * - groups of equal (why, stack at the last transition) for goroutines not
 *   started in package runtime, those without a stack also of equal start
 *   function (start_func, then: what tells such groups apart); those in the program's own code (a frame
 *   outside the std library) first, then the others; within each, the
 *   largest first, then by reason text, then by stack;
 * - the runtime's own goroutines (gt_goroutine.system) folded into one
 *   group at the end (runtime = 1, why and stack 0);
 * - goroutines within a group by Go id; waited_* the least and most of
 *   their gt_model_g_blocked_for at the end. */
struct gt_bgroup {
	gt_str why;
	gt_stack stack;
	gt_str start_func;      /* with stack 0: their start function; else 0 */
	uint8_t runtime;        /* the runtime's goroutines, folded */
	uint8_t user;           /* the stack has a frame in the program's code */
	uint8_t unknown;        /* enum gt_why_unknown of the first goroutine */
	uint32_t first, count;  /* gi[first..first+count) of struct gt_blocked */
	int64_t waited_min, waited_max;
	uint32_t apart;         /* groups of the same reason whose stacks begin
	                           alike (the same innermost frames): 1 + the
	                           index in stack of the first frame that tells
	                           this one apart from all of them; 0 when no
	                           other group's stack begins as this one's */
};
struct gt_blocked {
	struct gt_bgroup *groups;
	size_t ngroups;
	uint32_t *gi;           /* goroutine indices, group after group */
	uint32_t n;
};
/* 0, or -1 when out of memory (*out then empty).  Free with _free. */
int gt_model_blocked(const struct gt_model *m, struct gt_blocked *out);
void gt_model_blocked_free(struct gt_blocked *b);

/* Why goroutine gi (g: its facts) waits at the end: the reason its last
 * transition gives or, when that is a status report with none (a
 * Waiting->Waiting at a generation boundary), the reason it had when it
 * began to wait; 0 when the trace gives none.  Then *unknown says what is
 * known instead (enum gt_why_unknown), and gt_why_unknown_text says it in
 * words (the same words everywhere). */
enum gt_why_unknown { GT_WHY_GIVEN, GT_WHY_BEFORE_TRACE, GT_WHY_UNSAID, GT_WHY_STACK };
gt_str gt_model_g_wait_reason(const struct gt_model *m, uint32_t gi,
                              const struct gt_goroutine *g, uint8_t *unknown);
const char *gt_why_unknown_text(int unknown);
/* How long goroutine gi (g: its facts) had been blocked at time t: t less
 * the start of its Waiting interval holding t (a status re-affirmed goes
 * on with it); at the trace's end (t INT64_MAX or past it), the trace's
 * end less the start of its last interval, 0 when that began before the
 * trace; -1 when it is not Waiting then.  What `goroutines --blocked`
 * calls "blocked for" and the viewer's list column of that name shows. */
int64_t gt_model_g_blocked_for(const struct gt_model *m, uint32_t gi,
                               const struct gt_goroutine *g, int64_t t);
/* When the trace gives no reason but the stack it waits in tells one
 * (gt_model_stack_wait_reason), that one is returned and *unknown is
 * GT_WHY_STACK: gt_why_mark says so after the reason, " (read from the
 * stack)", everywhere it is shown ("" for the others). */
const char *gt_why_mark(int unknown);
/* The reason a wait stack tells, in Go's words: past the frames that
 * park (runtime.gopark...), the first frame's function: runtime.selectgo
 * select, runtime.block forever, runtime.chanrecv* chan receive,
 * runtime.chansend* chan send, runtime.netpollblock network, time.Sleep
 * sleep, the semaphores of package sync sync, notifyListWait
 * sync.(*Cond).Wait; 0 for any other (stackwhy.c). */
gt_str gt_model_stack_wait_reason(const struct gt_model *m, gt_stack st);
/* What group g says of why its goroutines wait, in the words every view
 * uses: the trace's reason, what is known instead (gt_why_unknown_text),
 * or, for the runtime's folded group, that it is the runtime's. */
const char *gt_model_bgroup_why(const struct gt_model *m, const struct gt_bgroup *g);
/* The frame that tells group g apart from the groups of its reason whose
 * stacks begin alike (gt_bgroup.apart): a gt_frame id of its stack, 0
 * when none; the one the viewer's group headers ("at F:LINE") and
 * `goroutines --blocked` (its text and JSON "apart") name. */
uint32_t gt_model_bgroup_apart_frame(const struct gt_model *m, const struct gt_bgroup *g);

/* ---- A time window's statistics ----------------------------------------- */

/* What happened in [t0, t1), clipped to the trace ([t0, t1) in the result):
 * the one definition behind the viewer's marked range and the headless
 * reports' --window figures.  Goroutine figures sum gt_model_g_window over
 * the goroutines (so they add up over adjacent windows, as gc_ns, stw_ns
 * and assist_ns do); the counts of ranges are of those overlapping it.
 * - goroutines: with an interval in the window; g_ns: their time per state;
 * - transitions[s]: intervals of state s beginning in the window (state
 *   transitions into s);
 * - ran/waited: the GT_WSTATS_TOP goroutines (index, ns) that ran / waited
 *   most in it, gi UINT32_MAX past the last; waits: the (reason, stack)
 *   pairs goroutines waited most in, summed over goroutines;
 * - gc_ns, stw_ns: time covered by GC cycles, by STW pauses
 *   (gt_model_range_columns); gc_cycles, stws: ranges overlapping;
 * - assists, assist_ns: gt_model_gc_assists;
 * - regions, tasks: begun in the window; logs, samples: at times in it.
 * O(goroutines x log + their intervals in the window + annotations): a
 * goroutine's facts are not read, only its intervals from the index; on
 * two threads for big models (gpar.h). */
#define GT_WSTATS_TOP 5
struct gt_wtop { uint32_t gi; int64_t ns; };
struct gt_wwait { gt_str reason; gt_stack stack; int64_t ns; };
struct gt_wstats {
	int64_t t0, t1;
	uint32_t goroutines;
	int64_t g_ns[GT_GS__COUNT];
	uint32_t transitions[GT_GS__COUNT];
	struct gt_wtop ran[GT_WSTATS_TOP], waited[GT_WSTATS_TOP];
	struct gt_wwait waits[GT_WSTATS_TOP];
	uint32_t nwaits;
	int64_t gc_ns, stw_ns, assist_ns;
	uint32_t gc_cycles, stws, assists;
	uint32_t regions, tasks, logs, samples;
};
/* 0, or -1 when out of memory. */
int gt_model_window_stats(const struct gt_model *m, int64_t t0, int64_t t1,
                          struct gt_wstats *out);
/* The same without the goroutine figures (left 0, ran/waited empty): the
 * GC, STW, assists and annotation counts only, O(ranges and annotations);
 * 0. */
int gt_model_window_stats_gc(const struct gt_model *m, int64_t t0, int64_t t1,
                             struct gt_wstats *out);

/* ---- Ps and Ms --------------------------------------------------------- */

struct gt_proc {
	int64_t id;             /* Go's P id */
	int64_t busy_ns;        /* time a goroutine ran on it */
	int64_t gc_ns;          /* of which GC mark workers at work */
	uint32_t spans;
};
uint32_t gt_model_p_count(const struct gt_model *m);
const struct gt_proc *gt_model_p(const struct gt_model *m, uint32_t pi);

/* A goroutine running on a P: [start, end). */
struct gt_pspan {
	int64_t start, end;
	uint32_t g;             /* goroutine INDEX */
	uint8_t gc;             /* 1: a GC mark worker at work (labelled
	                           dedicated/fractional); 2: a GC mark worker
	                           idle or unlabelled; 0: any other goroutine */
};
typedef int (*gt_pspan_fn)(void *ctx, const struct gt_pspan *s);
void gt_model_p_spans(const struct gt_model *m, uint32_t pi, int64_t t0,
                      int64_t t1, gt_pspan_fn fn, void *ctx);

struct gt_thread {
	int64_t id;             /* Go's M id (OS thread id in v2) */
	int64_t busy_ns;        /* time it held a P */
	uint32_t spans;
};
uint32_t gt_model_m_count(const struct gt_model *m);
const struct gt_thread *gt_model_m(const struct gt_model *m, uint32_t mi);
/* An M holding a P: [start, end); g is the P index here. */
void gt_model_m_spans(const struct gt_model *m, uint32_t mi, int64_t t0,
                      int64_t t1, gt_pspan_fn fn, void *ctx);
/* What thread mi did, by gt_model_threads's rule (below): [start, end)
 * running goroutine index g (what: GT_MRUN_RUNNING; a goroutine's run on
 * a P, clipped to the time the M held that P) or in a syscall goroutine g
 * made (GT_MRUN_SYSCALL; the whole Syscall interval, on the M it entered
 * it from; none when the trace does not tell), in time order, none
 * overlapping (where the trace has two at once, the later one is cut).
 * Built for all threads at the first call, O(goroutine intervals); then
 * O(log chunks + spans). */
enum { GT_MRUN_RUNNING = 1, GT_MRUN_SYSCALL = 2 };
struct gt_mrun {
	int64_t start, end;
	uint32_t g;             /* goroutine INDEX */
	uint8_t what;           /* GT_MRUN_* */
};
typedef int (*gt_mrun_fn)(void *ctx, const struct gt_mrun *r);
void gt_model_m_runs(const struct gt_model *m, uint32_t mi, int64_t t0, int64_t t1,
                     gt_mrun_fn fn, void *ctx);
/* Whether the threads' runs are built (the next gt_model_m_runs or M
 * lane columns cost no walk); never waits for a build under way. */
int gt_model_m_runs_built(const struct gt_model *m);
/* Builds the threads' runs when not built, as the first gt_model_m_runs
 * would (the walk on two threads for a big model, gpar.h), unless
 * *cancel (NULL: none) is set meanwhile: 0 built, -1 out of memory or
 * cancelled (nothing kept: a later query builds them).  For callers that
 * build them on a thread of their own and query once they are built. */
int gt_model_m_runs_build(const struct gt_model *m, const _Atomic int *cancel);

/* The threads' figures over the window [t0, t1) (INT64_MIN, INT64_MAX: the
 * whole trace), the one definition `gtview threads` and the viewer show:
 * - a goroutine's Running time is its thread's: the M that held its P
 *   then (gt_model_m_spans);
 * - a Syscall interval is on the thread its goroutine ran on when it
 *   entered it (the M holding the P of the Running interval just before);
 * - running_ns, syscall_ns: those intervals clipped to the window, so
 *   that the sums over the threads equal the sums over the goroutines of
 *   gt_model_g_window's Running and Syscall time;
 * - goroutines: distinct goroutines with Running or Syscall time on it;
 * - syscalls: Syscall intervals on it overlapping the window; blocked:
 *   those whose goroutine then left for Runnable (its P was handed off:
 *   not straight back to Running); longest: the longest of them (whole,
 *   not clipped), its goroutine index and transition stack.
 * The last row, m GT_NONE, holds the time whose thread the trace does not
 * tell (a P no thread is known to hold; a goroutine in a syscall when
 * tracing began, in an old trace); it is left out when empty.  Rows come
 * by M id. */
struct gt_mfig {
	int64_t m;                /* Go's M id; GT_NONE: no thread known */
	int64_t running_ns, syscall_ns;
	uint32_t goroutines, syscalls, blocked;
	int64_t longest_ns;       /* -1 with no syscall */
	uint32_t longest_gi;      /* UINT32_MAX with none */
	int64_t longest_start;
	gt_stack longest_stack;
};
/* 0, or -1 when out of memory (*out NULL).  O(P and M spans in the
 * window + goroutines' intervals up to t1).  Free *out with free(). */
int gt_model_threads(const struct gt_model *m, int64_t t0, int64_t t1, struct gt_mfig **out,
                     uint32_t *n);
/* The function a syscall's stack st made it from: the first frame that
 * is not the runtime's or a raw syscall wrapper (syscall.Syscall*,
 * syscall.RawSyscall*, ...); 0 when none. */
gt_str gt_model_syscall_func(const struct gt_model *m, gt_stack st);
/* Whether the Syscall interval sys blocked, told by its goroutine's
 * interval next after it (NULL when none is known): 1 blocked (next is
 * Runnable from when sys ends: its P was handed off and it waited for
 * one), 0 did not block (straight back to Running, its P kept: Go's
 * conversion of old traces writes such syscalls as GoSyscall ->
 * GoSyscallEnd, new traces as GoSyscallEnd), -1 the trace does not tell.
 * The one rule of `gtview threads`'s blocked count and the viewer's
 * syscall rows (a syscall that did not block is an event of its Running
 * interval there). */
int gt_syscall_blocked(const struct gt_gspan *sys, const struct gt_gspan *next);

/* ---- Zoomed-out lanes: one summary per column --------------------------- */

enum gt_lane_kind { GT_LANE_P, GT_LANE_G, GT_LANE_M };
#define GT_COL_CLASSES 8
/* Summary of lane (kind, index) over one column [t0, t1):
 * ns[c]: time covered by spans of class c, where the class is
 *   P lane: gt_pspan.gc (0 other, 1 GC worker marking, 2 GC worker idle);
 *   G lane: the goroutine state (enum gt_gostate);
 *   M lane: 0 holding a P (gt_model_m_spans), GT_MRUN_RUNNING running a
 *     goroutine, GT_MRUN_SYSCALL in a syscall (gt_model_m_runs);
 * spans: spans that start in the column (M lane: runs and syscalls);
 * top: value of the longest span in the column, the first of equals
 *   (P lane: goroutine index; G lane: state; M lane: goroutine index of
 *   the longest run or syscall, top_class saying which), UINT32_MAX
 *   when none.  On a G lane, the longest of the spans read, which are all
 *   of them unless the column crosses chunks of the goroutine's log;
 * width: the column's length in ns, its bounds as model/cols.h splits the
 *   window (0 for a column narrower than a nanosecond). */
struct gt_col {
	int64_t ns[GT_COL_CLASSES];
	uint32_t spans;
	uint32_t top;
	gt_str reason;  /* G lane: the reason of the top's span (the reason
	                   its transition gave: a Waiting top's wait reason,
	                   see gt_wait_class), 0 when none; other lanes 0 */
	uint8_t top_class; /* M lane: the top's class; other lanes 0 */
	int64_t width;
};
/* Fills out[0..ncols) for columns splitting [t0, t1) evenly. */
void gt_model_lane_columns(const struct gt_model *m, enum gt_lane_kind kind,
                           uint32_t index, int64_t t0, int64_t t1,
                           uint32_t ncols, struct gt_col *out);
/* The share of a column its spans of the classes in mask (bit k: class k)
 * cover: their time over the column's width, 0 to 1 (0 in a column
 * narrower than a nanosecond).  The one definition the viewer draws lane
 * cells by: a P lane's busy part (classes 0 and 1), a goroutine lane's or
 * strip's state (issue 30: a goroutine that ran a twentieth of each
 * column is not drawn as running all of it). */
double gt_col_share(const struct gt_col *c, unsigned mask);
/* The same share in eighths of the column, to the nearest (8: 15/16 of
 * it or more), but 1 when the spans cover any of it (what happened
 * shows, however short) and 0 only when they cover none. */
unsigned gt_col_eighths(const struct gt_col *c, unsigned mask);

/* ---- GC ---------------------------------------------------------------- */

struct gt_range {           /* a runtime range: GC cycle, STW, sweep, assist */
	int64_t start, end;     /* end = max_ts if still open at the end */
	int64_t who;            /* STW/assist: Go goroutine id; sweep: P id */
	gt_str reason;          /* STW reason ("GC", …); 0 otherwise */
	uint8_t active_at_start;/* began before the trace (RangeActive) */
	uint8_t open_at_end;    /* never ended within the trace */
	uint16_t begins;        /* RangeBegin/RangeActive events delivered for
	                           it (v2 repeats RangeActive at each
	                           generation; 0: it ended without one) */
	gt_str name;            /* Go's name: "stop-the-world (GC)", ... */
	gt_stack stack;         /* the first begin's stack */
	int64_t g_begin, g_end; /* Go ids of the begin's and end's goroutine
	                           (their context; GT_NONE none) */
	uint64_t swept, reclaimed; /* sweeps */
};
enum gt_range_set { GT_RS_GC, GT_RS_STW, GT_RS_SWEEP, GT_RS_ASSIST, GT_RS__COUNT };
/* All ranges of a set, in start-time order. */
const struct gt_range *gt_model_ranges(const struct gt_model *m,
                                       enum gt_range_set set, size_t *n);
/* Index of the first range of set ending after t (binary search). */
size_t gt_model_ranges_from(const struct gt_model *m, enum gt_range_set set,
                            int64_t t);

/* Metric series (GOMAXPROCS, heap in use, heap goal): (ts, value) points in
 * time order; the value holds until the next point.  Stored delta-packed
 * (heap series can have millions of points): read them through these. */
struct gt_point { int64_t ts; uint64_t value; };
size_t gt_model_metric_count(const struct gt_model *m, enum gt_metric_kind k);
/* Point i (0-based) into *out; -1 if out of range.  O(1) amortized. */
int gt_model_metric_get(const struct gt_model *m, enum gt_metric_kind k,
                        size_t i, struct gt_point *out);
/* Index of the last point at or before t; SIZE_MAX if none. */
size_t gt_model_metric_at(const struct gt_model *m, enum gt_metric_kind k,
                          int64_t t);
/* Per column of [t0, t1) split in ncols: the largest value in force at
 * any time in the column (0 before the first point), for plotting. */
void gt_model_metric_columns(const struct gt_model *m, enum gt_metric_kind k,
                             int64_t t0, int64_t t1, uint32_t ncols,
                             uint64_t *out);

/* Minimum mutator utilization over windows of w ns, in [0, 1]: the GC
 * takes all Ps during STW, and one P per GC mark worker running and per
 * goroutine in a mark assist, out of GOMAXPROCS.  Returns -1 without data. */
double gt_model_mmu(const struct gt_model *m, int64_t w);
/* The same for n window widths at once (the utilization is worked out
 * once): out[k] for w[k].  0, or -1 when there is no data (all -1). */
int gt_model_mmus(const struct gt_model *m, const int64_t *w, size_t n, double *out);

/* A GC cycle in depth: cycle i of gt_model_ranges(m, GT_RS_GC).  The one
 * definition of each figure the CLI, the JSON and the viewer show:
 * - assists: mark assists (GT_RS_ASSIST) overlapping the mark phase
 *   [start, end) (or beginning in it, when of zero length);
 * - assist_ns: the time their goroutines spent assisting WHILE RUNNING ON
 *   A P INSIDE THE CYCLE: each assist's range, clipped to [start, end),
 *   counted only while its goroutine is Running (not waiting for a P, not
 *   blocked, not in a syscall).  A goroutine runs on one P at a time, so
 *   assist_ns <= (end - start) x Ps.  It is CPU time on Ps, not wall time;
 * - pauses: the stop-the-world ranges overlapping [start, end] (whatever
 *   their reason: a sweep- and a mark-termination pause per cycle, and any
 *   other STW that happened during it), stw_first..stw_first+stw_count-1
 *   in gt_model_ranges(m, GT_RS_STW), their total time stw_ns;
 * - heap_before: heap in use in force at start; heap_after: heap in use in
 *   force at the cycle's end or, later, the end of its last pause (the
 *   runtime reports the drop during mark termination); heap_goal: the
 *   heap goal in force at start (the target the cycle was started for);
 *   each UINT64_MAX when the trace has no such metric point by then;
 * - trigger_g, trigger_stack: the goroutine (Go id) whose event began the
 *   cycle and that event's stack (GT_NONE / 0 when the trace does not say,
 *   e.g. a cycle running when the trace began); trigger_frame: its
 *   innermost frame in the program's own code (gt_model_stack_user_frame);
 * - cpu: gt_model_gc_cpu over the cycle with its pauses, from the earlier
 *   of start and its first pause's start to the later of end and its last
 *   pause's end (the fraction is over that span). */
/* The GC's share of the CPU over a window [t0, t1) (clipped to the
 * trace), counted as runtime/metrics' /cpu/classes/gc/total:cpu-seconds:
 * - workers_ns: GC mark workers' time on Ps (dedicated, fractional and
 *   idle: gt_pspan.gc 1 and 2) outside stop-the-world pauses;
 * - assist_ns: mark assists' running time inside GC cycles (the cycles'
 *   assist_ns, below, over their parts in the window);
 * - pause_ns: each of the GC's stop-the-world pauses (its reason begins
 *   with "GC": sweep and mark termination) in the window, times GOMAXPROCS
 *   in force when it began;
 * - total_ns: their sum; capacity_ns: GOMAXPROCS x time over the window
 *   (GOMAXPROCS from the trace's metric, else the Ps it shows); fraction:
 *   total / capacity (0 without time).
 * Windows add up: every part is clipped to [t0, t1).  O(P spans, ranges
 * and assists in the window). */
struct gt_gc_cpu {
	int64_t workers_ns, assist_ns, pause_ns, total_ns, capacity_ns;
	double fraction;
};
void gt_model_gc_cpu(const struct gt_model *m, int64_t t0, int64_t t1, struct gt_gc_cpu *out);

struct gt_gc_cycle {
	int64_t start, end;
	uint32_t assists;
	int64_t assist_ns;
	size_t stw_first, stw_count;
	int64_t stw_ns;
	uint64_t heap_before, heap_after, heap_goal;
	int64_t trigger_g;
	gt_stack trigger_stack;
	uint32_t trigger_frame;
	struct gt_gc_cpu cpu;
};
/* Fills *out for cycle i; -1 if i is out of range.  Costs O(log n +
 * the cycle's assists x their goroutines' spans in it). */
int gt_model_gc_cycle(const struct gt_model *m, size_t i, struct gt_gc_cycle *out);

/* The assists overlapping [t0, t1) and their time by the cycle's
 * definition (assist_ns above) with [t0, t1) for the cycle: additive over
 * adjacent windows. */
void gt_model_gc_assists(const struct gt_model *m, int64_t t0, int64_t t1, uint32_t *count,
                         int64_t *ns);

/* Per column of [t0, t1) split in ncols: the time covered by the ranges of
 * set (their union: overlapping ranges count once), in ns; a lane cell's
 * shade is out[c] / the column's width.  O(ranges in the window + ncols). */
void gt_model_range_columns(const struct gt_model *m, enum gt_range_set set,
                            int64_t t0, int64_t t1, uint32_t ncols, int64_t *out);

/* The MMU curve: n (>= 10 when the trace is at least 10 ns long) window
 * widths from the shortest stop-the-world pause (1 us without one) to the
 * whole trace, increasing and spaced evenly on a log scale, each with the
 * least mean utilization of any window at least that wide among the
 * curve's (so that it cannot decrease: at most gt_model_mmu(w)).  Fills
 * w[0..max) and u[0..max); returns n, or -1 without data. */
#define GT_MMU_CURVE_POINTS 40
int gt_model_mmu_curve(const struct gt_model *m, int64_t *w, double *u, size_t max);

/* ---- Tasks, regions, logs, CPU samples, labels -------------------------- */

struct gt_task {
	uint64_t id, parent;    /* parent GT_NO_TASK if unknown */
	gt_str type;
	int64_t start, end;     /* INT64_MIN / INT64_MAX when not seen */
	int64_t g_start, g_end; /* Go goroutine ids of begin / end */
	gt_stack stack, end_stack; /* of the begin / end */
};
const struct gt_task *gt_model_tasks(const struct gt_model *m, size_t *n);

struct gt_region {
	uint64_t task;
	gt_str type;
	int64_t g;              /* Go goroutine id */
	int64_t start, end;     /* INT64_MIN if begun before the trace; end
	                           max_ts if not ended */
	gt_stack stack;         /* of the begin */
	gt_stack end_stack;     /* of the end */
	uint32_t depth;         /* nesting within its goroutine */
	uint8_t open_at_end;    /* never ended within the trace */
};
const struct gt_region *gt_model_regions(const struct gt_model *m, size_t *n);

/* Where a region's time went: the time its goroutine spent in each state
 * (enum gt_gostate) inside [start, end), and its Waiting time there by
 * wait class (gt_wait_class of each interval's reason: the classes the
 * lanes draw).  gt_model_region_time_add adds region r's to *out; a region
 * still open at the end, or begun before the trace, adds nothing (it has
 * no duration).  O(log n + its goroutine's intervals in it). */
struct gt_rtime {
	int64_t ns[GT_GS__COUNT];
	int64_t wait[GT_WC__COUNT];
};
void gt_model_region_time_add(const struct gt_model *m, const struct gt_region *r,
                              struct gt_rtime *out);

struct gt_log {
	int64_t ts, g;
	uint64_t task;
	gt_str category, message;
	gt_stack stack;
};
const struct gt_log *gt_model_logs(const struct gt_model *m, size_t *n);

/* Statistics of the annotations in the window [t0, t1) (INT64_MIN,
 * INT64_MAX: the whole trace), per region type, task type and log
 * category, each sorted by name:
 * - a region or task belongs to the window its begin is in (one begun
 *   before the trace: the one its end is in), whole, not clipped, so
 *   adjacent windows add up (counts and totals) to their union;
 * - count: those begun in the trace and ended in it; their duration is
 *   end - begin (a region: its RegionEnd on the same goroutine), and
 *   total/min/max and the percentiles are over these; p50/p90/p99 are
 *   nearest-rank (gt_nearest_rank);
 * - open: begun in the window, not ended by the trace's end (listed
 *   apart, no duration); before: ended, begun before the trace;
 * - a log category: count of logs at times in the window.
 * region_inst[first ..+ count + open] are indices into gt_model_regions
 * of a region type's instances, open ones first then longest first (the
 * same for tasks into gt_model_tasks); logs have no instances here. */
struct gt_atype {
	gt_str type;              /* region/task type, log category */
	uint32_t count, open, before;
	int64_t total_ns, min_ns, p50_ns, p90_ns, p99_ns, max_ns;
	uint32_t first;
};
struct gt_annotations {
	struct gt_atype *region, *task, *log;
	uint32_t nregion, ntask, nlog;
	uint32_t *region_inst, *task_inst;
};
/* 0, or -1 when out of memory (out then empty).  O(annotations). */
int gt_model_annotations(const struct gt_model *m, int64_t t0, int64_t t1,
                         struct gt_annotations *out);
void gt_annotations_free(struct gt_annotations *a);
/* The nearest-rank p-th percentile of sorted[0..n) (ascending): the
 * value at rank ceil(p/100 x n), 1-based; 0 when n is 0. */
int64_t gt_nearest_rank(const int64_t *sorted, size_t n, int p);

/* Where a task's time went: the time of the goroutines it covers, those
 * with regions of the task, inside them: for each such goroutine, its
 * states (and waits by class) inside the union of its regions of the
 * task (a region nested in another of the same task counts once), as
 * gt_model_region_time_add (regions still open at the end or begun
 * before the trace add nothing).  *out: one per task of gt_model_tasks,
 * by index (free it); 0, or -1 when out of memory.  O(regions log
 * regions + their goroutines' intervals in them). */
int gt_model_task_times(const struct gt_model *m, struct gt_rtime **out);
/* The time of type k of a's regions (task 0) or tasks (task 1): the sum
 * over its instances that began and ended in the trace (those its count
 * counts) of gt_model_region_time_add, or of task_times (from
 * gt_model_task_times; NULL: zeros) for a task type.  What `regions
 * --json` gives as "time" and the regions view draws. */
void gt_annotations_time(const struct gt_model *m, const struct gt_annotations *a, int task,
                         uint32_t k, const struct gt_rtime *task_times, struct gt_rtime *out);

struct gt_sample { int64_t ts, g, p, m; gt_stack stack; };
const struct gt_sample *gt_model_samples(const struct gt_model *m, size_t *n);

/* Label events (Go's Label: a GC worker's "GC (dedicated)", ...): g is
 * the goroutine of the event's context, labelled the goroutine named. */
struct gt_label { int64_t ts, g, labelled; gt_str label; };
const struct gt_label *gt_model_labels(const struct gt_model *m, size_t *n);

/* ---- Search: who uses string S ----------------------------------------- */

/* Goroutine indices whose creation stack or any state transition
 * (reason, stack frames' function or file names) use string s.  Sorted,
 * without duplicates, in an array the caller frees; NULL with *n = 0 when
 * none.  The index behind it is built at the first call (a pass over
 * every goroutine's transitions); a string's goroutines are then gathered
 * at each call (O(goroutines / 64 + those returned)): goroutines using
 * the same transitions share one entry of the index, which holds a u32
 * per goroutine whatever the strings. */
uint32_t *gt_model_str_goroutines(const struct gt_model *m, gt_str s, size_t *n);
/* How many goroutines gt_model_str_goroutines returns for s (without
 * gathering them: O(groups of alike goroutines using s)). */
size_t gt_model_str_goroutine_count(const struct gt_model *m, gt_str s);

/* Other events using s: tasks/regions/logs (type, category, message) and
 * STW ranges (reason).  what: enum gt_ref_kind; index into its array. */
enum gt_ref_kind { GT_REF_TASK, GT_REF_REGION, GT_REF_LOG, GT_REF_STW };
struct gt_ref { uint32_t what, index; };
const struct gt_ref *gt_model_str_events(const struct gt_model *m, gt_str s,
                                         size_t *n);


/* ---- Search: what a text matches (find.c) ------------------------------ */

/* The one rule of matching, smart case as in less and vim: a string
 * matches when it contains text, byte for byte, ignoring the case of
 * ASCII letters unless text holds an upper-case one (gt_text_fold: 1 when
 * it holds none).  Literal: no pattern syntax; invalid UTF-8 and control
 * bytes match as bytes. */
int gt_text_fold(const char *text, size_t tn);
int gt_text_in(const char *s, size_t n, const char *text, size_t tn, int fold);

/* What the trace uses each string for: GT_SU_* bits per string id,
 * built once.  0: nothing searched (a metric's name, an unused string).
 * Frames' functions and files, goroutine transition reasons, region and
 * task types, log categories and messages, labels, and the names of the
 * runtime's ranges as Go's reader names them ("stop-the-world (GC mark
 * termination)", "GC concurrent mark phase", "GC incremental sweep",
 * "GC mark assist").  NULL when out of memory. */
enum {
	GT_SU_FUNC = 1, GT_SU_FILE = 2, GT_SU_REASON = 4, GT_SU_REGION = 8,
	GT_SU_TASK = 16, GT_SU_LOG = 32, GT_SU_LABEL = 64, GT_SU_RANGE = 128
};
const uint8_t *gt_model_str_uses(const struct gt_model *m);

/* The strings text matches: the searched strings (uses nonzero) that
 * contain it, by id; functions and files count those used as a frame's
 * function / file, other those used for neither.  O(strings). */
struct gt_find_strs {
	uint32_t *v;
	size_t n;
	uint32_t functions, files, other;
};
int gt_model_find_strings(const struct gt_model *m, const char *text, size_t tn,
                          struct gt_find_strs *out); /* 0, or -1 out of memory */
void gt_find_strs_free(struct gt_find_strs *s);

/* What a search finds, the one definition behind `gtview search` and the
 * viewer's search:
 * - stacks: those with a frame whose function or file matches;
 * - events, as Go's reader delivers them, in [t0, t1): a goroutine state
 *   transition whose reason matches, or whose transition stack or event
 *   stack (the causing goroutine's, for an unblock or a creation) is
 *   among the stacks; a range begin (RangeBegin, or each RangeActive)
 *   whose name matches or whose stack is among them; a range end whose
 *   name matches; a region or task begin or end whose type matches or
 *   whose stack is among them; a log whose category or message matches or
 *   whose stack is; a label that matches; a CPU sample whose stack is.
 *   Not searched: metric events (their names, and the stack
 *   /sched/gomaxprocs carries), P transitions (no stack, no reason),
 *   syncs;
 * - goroutines: those that own a matching event: a transition's
 *   goroutine, otherwise the goroutine of the event's context; with
 *   their count of matching events (gs, by goroutine index);
 * - regions, tasks: those with a matching begin or end; logs: matching.
 * An event's match is its str (the matching string) or else its stack
 * (the stack with a matching frame: gt_model_find_frame finds it).
 * Costs the strings, the stacks' frames, then three byte lookups per
 * goroutine transition (on two threads for big models; skipped when no
 * reason nor frame matches) and one pass over the annotations and
 * ranges; never formats an event. */
enum gt_fkind {
	GT_FK_TRANSITION, GT_FK_RANGE_BEGIN, GT_FK_RANGE_ACTIVE, GT_FK_RANGE_END,
	GT_FK_REGION_BEGIN, GT_FK_REGION_END, GT_FK_TASK_BEGIN, GT_FK_TASK_END,
	GT_FK_LOG, GT_FK_LABEL, GT_FK_SAMPLE, GT_FK__COUNT
};
/* Go's EventKind name of k ("StateTransition", "RangeBegin", ...). */
const char *gt_fkind_name(unsigned k);
struct gt_fevent {
	int64_t ts;
	uint32_t gi;            /* owning goroutine index; UINT32_MAX none */
	uint8_t kind;           /* enum gt_fkind */
	uint8_t set;            /* ranges: enum gt_range_set */
	uint8_t from, to;       /* transitions: enum gt_gostate */
	uint32_t index;         /* transitions: its seq in the goroutine's
	                           history; others: index in gt_model_ranges
	                           (set), _regions, _tasks, _logs, _labels,
	                           _samples */
	gt_str str;             /* the matching string, or 0 */
	gt_stack stack;         /* else the stack with a matching frame */
};
struct gt_gmatch { uint32_t gi, events; };
struct gt_find_opts {
	int64_t t0, t1;         /* the window (INT64_MIN, INT64_MAX: all) */
	size_t max_events;      /* events to keep in ev (0: count only) */
	const _Atomic int *cancel; /* NULL, or set to stop early (-1) */
	_Atomic unsigned *done; /* NULL, or goroutines walked so far */
};
struct gt_find_result {
	struct gt_find_strs strs;
	uint32_t stacks;
	uint64_t events;
	uint32_t goroutines, regions, tasks, logs;
	struct gt_gmatch *gs;   /* goroutines by index, ngs = goroutines */
	size_t ngs;
	struct gt_fevent *ev;   /* up to max_events, in time order (then */
	size_t nev;             /* goroutine index, kind, index) */
	int ev_over;            /* more were found than ev holds */
};
/* 0, or -1 when out of memory or cancelled (out then empty). */
int gt_model_find(const struct gt_model *m, const char *text, size_t tn,
                  const struct gt_find_opts *o, struct gt_find_result *out);
void gt_find_result_free(struct gt_find_result *r);
/* The innermost frame (id) of st whose function or file text matches; 0
 * when none. */
uint32_t gt_model_find_frame(const struct gt_model *m, gt_stack st, const char *text, size_t tn);

#endif
