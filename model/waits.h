/* waits.h: the single waits of a trace, one by one: the intervals a
 * blocking profile (profile.h) counts, each with its goroutine, time,
 * reason, stack and waker.  The one enumeration behind `gtview waits`,
 * `gtview pprof` and the viewer's profile view: a profile is these waits
 * summed by stack, so a list of one kind over a window has exactly the
 * profile's number of samples and total time.
 *
 * Which intervals count, per kind, is profile.h's definition (Go's
 * `go tool trace -pprof` rules, old and new formats).  CPU samples are
 * not waits: gt_waits_* refuse GT_PROF_CPU. */
#ifndef GT_MODEL_WAITS_H
#define GT_MODEL_WAITS_H

#include <stddef.h>
#include <stdint.h>

#include "model/model.h"

enum gt_prof_kind;

/* One wait, clipped to the window [t0, t1) it was asked over:
 * - start: when it began, or t0 when it began before; ns: its time
 *   inside the window (> 0: a wait with no time there is not counted, as
 *   Go's region filter does not count it);
 * - gi: the waiting goroutine's index;
 * - reason: the reason of the transition that began it (for sched: the
 *   transition to Runnable, 0 when it gives none);
 * - stack: the profile's stack, that of the event that began it (for
 *   sched: the unblocker's or the creator's, or the goroutine's own when
 *   it was preempted or yielded);
 * - by_g: the Go id of the goroutine whose event ended it (the waker of
 *   a net or sync wait), GT_NONE when the trace names none (syscalls and
 *   sched waits end by the goroutine's own event). */
struct gt_wait {
	int64_t start, ns;
	int64_t by_g;
	uint32_t gi;
	gt_str reason;
	gt_stack stack;
};

/* Calls fn(ctx[k], w) for every wait of kind k in [t0, t1), k the
 * thread (gpar.h: two for big models), in no fixed order.  fn returns 0,
 * or < 0 to stop (out of memory).  Returns 0, or -1 when fn stopped it
 * or k is not a wait kind.  O(goroutine transitions in the window's
 * blocks of goroutines). */
typedef int (*gt_wait_fn)(void *ctx, const struct gt_wait *w);
int gt_waits_each(const struct gt_model *m, enum gt_prof_kind k, int64_t t0, int64_t t1,
                  gt_wait_fn fn, void *ctx[2]);

/* The waits of kind k in [t0, t1) through function f (a frame of their
 * stack; 0: all), longest first (then by start, then by goroutine index):
 * the first `limit` of them (limit 0: all), n, in gt_waits_at(w, 0..n),
 * and count / ns over all of them (the profile's totals when f is 0).
 * The waits stay where the walk gathered them; the list is their order
 * (4 bytes a wait), not a sorted copy. */
struct gt_waits_run;
struct gt_waits {
	size_t n;
	uint64_t count;
	int64_t ns;
	struct gt_waits_run *runs; /* waits.c's: where the waits are */
	size_t nruns;
	uint32_t *order;           /* ...and their order */
};
/* 0, or -1 when out of memory or k is not a wait kind (out empty). */
int gt_waits_list(const struct gt_model *m, enum gt_prof_kind k, int64_t t0, int64_t t1,
                  gt_str f, size_t limit, struct gt_waits *out);
/* The list's wait i (< w->n). */
const struct gt_wait *gt_waits_at(const struct gt_waits *w, size_t i);
/* The list's waits [from, from + max) (those below n) copied into out;
 * returns how many: a pass over a long list reads its waits (where the
 * walk left them, in no order) a block at a time, their loads overlapped. */
size_t gt_waits_copy(const struct gt_waits *w, size_t from, struct gt_wait *out, size_t max);
void gt_waits_free(struct gt_waits *w);

#endif
