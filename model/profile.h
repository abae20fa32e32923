/* profile.h: blocking and CPU profiles of a trace (`gtview pprof`, the
 * viewer's profile view): where the program waited, summed by stack.
 *
 * A blocking profile has one sample per completed interval of one kind of
 * wait, valued by its duration, at the stack of the event that began it;
 * the same samples as `go tool trace -pprof=KIND`:
 * - old-format traces (Go 1.5-1.21): Go 1.19's cmd/trace/pprof.go on its
 *   internal/trace parser.  net: waits for the network (GoBlockNet) to
 *   their unblock; sync: waits on a channel, select, sync primitive, cond
 *   or GC assist (GoBlockSend/Recv/Select/Sync/Cond/GC) to their unblock;
 *   syscall: syscalls that blocked (GoSysCall to its GoSysExit); sched:
 *   from a goroutine's unblock or creation to its start, at the
 *   unblocker's or creator's stack.
 * - new-format traces (Go 1.22+): cmd/trace/pprof.go of Go 1.22+, with
 *   the fix of golang/go#74850 (Go 1.26: an interval ends at the next
 *   transition out of its state, stack or not): net: Waiting for reason
 *   "network"; sync: Waiting for a reason containing "chan", "sync" or
 *   "select"; syscall: every Syscall interval; sched: every Runnable
 *   interval; each at the stack of the event that entered the state
 *   (for sched: the unblocker's, the creator's, or the goroutine's own
 *   when it was preempted or yielded), same-state transitions continuing
 *   it.
 * Intervals whose entering event has no stack, or still open at the end of
 * the trace, are not counted, as in Go.  One sample of Go 1.19's sched
 * profile is not one and is left out: the goroutine running when tracing
 * began gets a GoCreate and a GoStart at the start, and Go 1.19 counts
 * the microseconds between them (gtview's model, as Go's newer reader,
 * has it running from its first event).
 *
 * A CPU profile has the trace's CPU samples (gt_model_samples) by stack;
 * each also counts as GT_PROF_CPU_PERIOD ns of CPU, the period of the
 * runtime's CPU profiler (runtime/pprof.StartCPUProfile, 100 Hz), which
 * the trace does not record.
 *
 * Window [t0, t1): only the part of each interval inside counts (a sample
 * is counted when that part is longer than 0, as Go's region filter does),
 * CPU samples by their time, so that the delays of two adjacent windows
 * add up to their union's. */
#ifndef GT_MODEL_PROFILE_H
#define GT_MODEL_PROFILE_H

#include <stddef.h>
#include <stdint.h>

#include "model/model.h"

enum gt_prof_kind {
	GT_PROF_NET, GT_PROF_SYNC, GT_PROF_SYSCALL, GT_PROF_SCHED, GT_PROF_CPU,
	GT_PROF__COUNT
};
#define GT_PROF_CPU_PERIOD 10000000 /* ns of CPU per sample (100 Hz) */

/* "net", "sync", "syscall", "sched", "cpu". */
const char *gt_prof_kind_name(enum gt_prof_kind k);
/* The kind named s; -1 if none. */
int gt_prof_kind_parse(const char *s);

/* Samples of one stack: how many, and their time. */
struct gt_prof_rec {
	gt_stack stack;
	uint64_t count;
	int64_t ns;
};

struct gt_prof {
	enum gt_prof_kind kind;
	struct gt_prof_rec *recs; /* by stack id, stacks with samples only */
	size_t n;
	uint64_t count;           /* totals over recs */
	int64_t ns;
};

/* Works out the profile of kind k over [t0, t1) into *out: for a blocking
 * kind, the single waits of waits.h (gt_waits_each, the one enumeration
 * `gtview waits` lists) summed by stack.
 * Returns 0, or -1 when out of memory.  On two threads for big models
 * (gpar.h); O(goroutine transitions). */
int gt_prof_compute(const struct gt_model *m, enum gt_prof_kind k,
                    int64_t t0, int64_t t1, struct gt_prof *out);
void gt_prof_free(struct gt_prof *p);

/* ---- By function: the figures of a top-like table ---------------------- */

/* A function's share of a profile.  flat: samples whose innermost frame
 * is in it; cum: samples with a frame in it anywhere (once per sample,
 * however often it recurs). */
struct gt_prof_func {
	gt_str func;
	uint64_t flat_n, cum_n;
	int64_t flat, cum;
};

/* The functions of p, sorted by flat time, then cum (then string id).  *out is
 * malloc'd (free it); returns 0 or -1 when out of memory. */
int gt_prof_funcs(const struct gt_model *m, const struct gt_prof *p,
                  struct gt_prof_func **out, size_t *n);

/* The callers (callers = 1) or callees (0) of function f: for each sample
 * through f, the function of the frame just outside f's outermost frame
 * (callers; none when f is the root) or just inside f's innermost frame
 * (callees; none when f is innermost).  cum/cum_n: the samples through
 * that edge; flat/flat_n: those of them where f is innermost (callers
 * only; 0 for callees).  Sorted like gt_prof_funcs but by cum first. */
int gt_prof_neighbours(const struct gt_model *m, const struct gt_prof *p,
                       gt_str f, int callers, struct gt_prof_func **out,
                       size_t *n);

/* The records of p whose stack has a frame in f (all for f = 0), sorted
 * by time, as indices into p->recs.  *out malloc'd. */
int gt_prof_stacks(const struct gt_model *m, const struct gt_prof *p,
                   gt_str f, size_t **out, size_t *n);

#endif
