/* NOTE (v2order): struct gt_v2_gen_view has a `tables` field: the
 * orderer interns range/metric names ("stop-the-world (GC)") there.
 * Go's time fix-up (an event not after the previous one gets lastTs+1)
 * stays with the reader, which also sees Sync and CPU samples, as in Go.
 * NOTE (perf2): gt_v2_order_next() now returns a pointer into the
 * queue (valid until the next advance) instead of copying into *out, and
 * is inline (decode/v2/read.c run() updated to match, a 4-line edit).
 * NOTE (v2order): the queue is a plain buffer (no ring index arithmetic);
 * err is written only when advance returns -1.
 * gt_v2_order_new_gen() is new: the reader should call it when it installs
 * a generation (see /work/notes-v2.md).
 * The orderer remembers resolved stack ids per view (gen number + ctx):
 * a view must keep resolving an id the same way for its gen number.
 *
 * v2_order.h: the v2 validator and orderer (the semantics of Go's
 * golang/exp trace/order.go): goroutine, P and M state machines, per-
 * resource sequence numbers, GC/STW/sweep/assist ranges, tasks and regions.
 *
 * The reader (decode/v2/read*.c) owns the generations, batches and tables;
 * it offers candidate events to gt_v2_order_advance() (one per M, lowest
 * time first, as Go's reader does) and drains what was completed with
 * gt_v2_order_next(), already converted to struct gt_event (event.go's
 * Kind/Range/StateTransition… mapping), in delivery order.  String and
 * stack ids of the events are resolved through the gen view when queued
 * (Go's validateTableIDs), so a generation's tables may go once its
 * events are drained.  Implementation: decode/v2/order*.c (dispatch and
 * pools, _proc, _go, _ranges, _user, _event conversion, _map) and
 * v2_order_conv.h (the conversion, inline so hot handlers specialise it).
 */
#ifndef GT_DECODE_V2_ORDER_H
#define GT_DECODE_V2_ORDER_H

#include "decode/event.h"
#include "rec/rec.h"
#include "decode/tables.h"
#include "decode/v2/spec.h"

/* A wire event as read from a batch (Go's baseEvent). */
struct gt_v2_base {
	uint8_t type;
	uint8_t nargs;                     /* arguments after the timestamp */
	int64_t time;                      /* absolute, ns (freq applied) */
	uint64_t args[GT_V2_MAX_ARGS];     /* args without "dt" */
	uint64_t offset;                   /* byte offset in the file */
};

/* How the orderer resolves a generation's string and stack ids into the
 * trace-global ids of tables.h.  ok is set to 0 for an unknown id. */
struct gt_v2_gen_view {
	void *ctx;
	uint64_t gen;
	struct gt_tables *tables;          /* where names are interned */
	gt_str (*str)(void *ctx, uint64_t id, int *ok);
	gt_stack (*stack)(void *ctx, uint64_t id, int *ok);
};

struct gt_v2_order;

struct gt_v2_order *gt_v2_order_new(int version);
void gt_v2_order_free(struct gt_v2_order *o);

/* The reader installed a new generation: forget the stack and string ids
 * resolved so far, even when its number and view are those of the last
 * one (a 1.26 trace may number two generations alike; each has its own
 * tables, as in Go). */
void gt_v2_order_new_gen(struct gt_v2_order *o);

/* Tries to advance with ev, which came from thread m (GT_NONE for none).
 * Returns 1 when it advanced (events are queued), 0 when ev cannot be
 * ordered yet (try another M's next event), -1 on a broken trace, with
 * what was wrong in err (the caller adds the byte offset). */
int gt_v2_order_advance(struct gt_v2_order *o, const struct gt_v2_base *ev,
                        int64_t m, const struct gt_v2_gen_view *gv,
                        char *err, size_t errsz);

/* The orderer's delivery queue (the first member of struct gt_v2_order),
 * public only so that gt_v2_order_next() is inline: events rd..wr are
 * queued in a buffer ev..end; an advance that finds little room at the
 * end moves them to the front (or grows the buffer). */
struct gt_v2_order_queue {
	struct gt_event *rd, *wr, *ev, *end;
	/* Set by the reader: the sink's record buffer (rec/rec.h).  A fast
	 * handler that finds the queue empty writes the records of a
	 * transition there at once, instead of queuing it, and sets undo to
	 * where they start.  The reader clears undo where it would deliver
	 * the queue (after the cursor's next event was read; it then also
	 * hands a full buffer over), and takes the records back when it
	 * stops before that (a read error drops them as it drops queued
	 * events, as Go's reader does; nothing is encoded after).  Both ways
	 * share Go's rule that times strictly increase (last_ts) and the
	 * count of events delivered. */
	struct gt_rsink *recs;
	struct gt_rec *undo;
	int64_t last_ts;
	uint64_t events;
};

/* An event of time ts is delivered (queued or as records): Go's rule
 * that times strictly increase, and the count.  Returns its time. */
static inline int64_t gt_v2o_deliver(struct gt_v2_order_queue *q, int64_t ts)
{
	if (ts <= q->last_ts)
		ts = q->last_ts + 1;
	q->last_ts = ts;
	q->events++;
	return ts;
}

static inline struct gt_v2_order_queue *gt_v2_order_q(struct gt_v2_order *o)
{
	return (struct gt_v2_order_queue *)(void *)o; /* its first member */
}

/* Pops the next completed event: a pointer into the orderer's queue
 * (the caller may change it, e.g. fix its time), valid until the next
 * gt_v2_order_advance(); NULL when none is queued. */
static inline struct gt_event *gt_v2_order_next(struct gt_v2_order *o)
{
	struct gt_v2_order_queue *q = gt_v2_order_q(o);
	struct gt_event *ev = q->rd;
	if (ev == q->wr)
		return 0;
	q->rd = ev + 1;
	return ev;
}

#endif
