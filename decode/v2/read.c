/* read.c: gt_decode_v2(): generations in turn, then the frontier of
 * one cursor per M walked lowest time first, each event offered to the
 * orderer (v2_order.h), CPU samples merged in by time, Sync events at the
 * edges of generations.  The semantics are those of Go's Reader.ReadEvent
 * (golang/exp trace/reader.go, batchcursor.go): the same heap, the same
 * fall-back order when the head cannot advance, the same time fix-ups.
 */
#include "decode/v2/v2.h"
#include "decode/v2/int.h"
#include "decode/v2/order_int.h"
#include "decode/v2/spec.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct cursor {
	int64_t m;
	uint32_t idx, end;      /* batches gen.sorted[idx..end) not entered yet */
	const uint8_t *p, *pend; /* the rest of the current batch */
	/* The fast path (read_fast) may read the event at p while p <= this
	 * (FAST_ROOM bytes left); 0 sends the next event to next_event(). */
	uintptr_t fast_lim;
	uint64_t btime;         /* the current batch's base time (ticks) */
	int64_t last_ts;
	struct gt_v2_base ev;   /* the pending event */
};

static inline struct gt_v2_base *pending(struct cursor *c)
{
	return &c->ev;
}

/* A frontier entry: the time of cursor c's pending event, kept here so
 * the heap compares without following the index. */
struct hent {
	int64_t t;
	uint32_t c;
};

struct reader {
	const uint8_t *buf;
	size_t len;
	int version;
	struct gt_tables *t;
	const struct gt_sink *sink;
	/* sink->event and ->ctx, read once */
	int (*on_event)(void *ctx, const struct gt_event *ev, const struct gt_tables *t);
	void *sink_ctx;
	struct gt_decode_result *res;
	struct gt_v2_order *order;
	struct v2_gen gen;
	struct cursor *curs;
	uint32_t ncurs, capcurs;
	struct hent *heap;    /* a min-heap of cursors on their event's time */
	struct hent *scratch; /* for sorting the heap */
	uint32_t nheap;
	uint32_t sample;
	int64_t sample_t; /* the time of gen.samples[sample]; INT64_MAX past them */
	uint64_t next_progress; /* drain reports progress when the orderer's
	                           count of events reaches this */
	uint64_t syncs;
	int gen_suspect; /* the generation may have been cut off (see v2_int.h) */
	struct gt_v2_gen_view gv; /* the current generation, for the orderer */
	int bad_id;
	char badmsg[96];
	/* the frequency is such that v2_mul() of a tick count below 2^35
	 * cannot fail (the fast path's dt): else no fast path */
	int fast_freq;
	/* the frequency when it is a whole number of ns a tick up to 2^18
	 * (Go 1.26's 64 ns): the fast path's v2_mul() is then an integer
	 * product, the same value (below 2^53 the double product is exact);
	 * 0 otherwise */
	int64_t int_freq;
	/* per wire type: nargs (with dt) when timed, 0 when not, -1 beyond */
	int8_t timed_nargs[256];
	/* per wire type: the bytes type and nargs of struct gt_v2_base
	 * (next to each other), stored at once by the fast path */
	uint16_t type_nargs[256];
};

_Static_assert(offsetof(struct gt_v2_base, nargs) == offsetof(struct gt_v2_base, type) + 1,
               "type_nargs: type and nargs side by side");

/* ---- generation view for the orderer ---------------------------------- */

static gt_str view_str(void *ctx, uint64_t id, int *ok)
{
	struct reader *r = ctx;
	uint32_t v = 0;
	*ok = 1;
	if (id && !v2_idmap_get(&r->gen.strs, id, &v)) {
		*ok = 0;
		if (!r->bad_id)
			snprintf(r->badmsg, sizeof r->badmsg, "found invalid string ID %llu",
			         (unsigned long long)id);
		r->bad_id = 1;
	}
	return v;
}

static gt_stack view_stack(void *ctx, uint64_t id, int *ok)
{
	struct reader *r = ctx;
	uint32_t v = 0;
	*ok = 1;
	if (id && !v2_idmap_get(&r->gen.stacks, id, &v)) {
		*ok = 0;
		if (!r->bad_id)
			snprintf(r->badmsg, sizeof r->badmsg, "found invalid stack ID %llu",
			         (unsigned long long)id);
		r->bad_id = 1;
	}
	return v;
}

/* ---- results ------------------------------------------------------------ */

static enum gt_status fail(struct reader *r, enum gt_status st, uint64_t off,
                           const char *msg)
{
	struct gt_decode_result *res = r->res;
	res->status = st;
	res->offset = off;
	snprintf(res->msg, sizeof res->msg, "%s", msg);
	return st;
}

/* Bytes of the file fully decoded: everything before the position of the
 * least advanced cursor (an M's batches come in file order), so a caller
 * may drop those pages. */
static uint64_t done_upto(const struct reader *r)
{
	uint64_t done = r->gen.end;
	for (uint32_t i = 0; i < r->nheap; i++) {
		uint64_t at = pending(&r->curs[r->heap[i].c])->offset;
		if (at < done)
			done = at;
	}
	return done < r->gen.start ? r->gen.start : done;
}

/* Delivers one event, with Go's rule that times strictly increase (the
 * orderer's record path keeps the same time and count: v2_order.h). */
static inline int emit(struct reader *r, struct gt_event *ev)
{
	ev->ts = gt_v2o_deliver(gt_v2_order_q(r->order), ev->ts);
	return r->on_event(r->sink_ctx, ev, r->t) ? -1 : 0;
}

/* A progress report every PROGRESS_STEP events (from drain, and for the
 * events a fast handler wrote as records, at the hand-over of their
 * block). */
#define PROGRESS_STEP 65536
static __attribute__((noinline)) void progress(struct reader *r)
{
	struct gt_v2_order_queue *q = gt_v2_order_q(r->order);
	r->next_progress = q->events + PROGRESS_STEP;
	if (r->sink->progress)
		r->sink->progress(r->sink->ctx, done_upto(r), r->len);
}

/* The records of the last advance are delivered (v2_order.h: undo) and
 * filled the buffer: it is handed over. */
static __attribute__((noinline)) int hand_over(struct reader *r, struct gt_rsink *rs)
{
	if (rs->full(rs->ctx, UINT64_MAX)) {
		fail(r, GT_STOPPED, done_upto(r), "stopped");
		return -1;
	}
	if (gt_v2_order_q(r->order)->events >= r->next_progress)
		progress(r);
	return 0;
}

static int emit_sync(struct reader *r, int64_t ts, int with_gen, uint64_t off)
{
	struct gt_event ev;
	memset(&ev, 0, sizeof ev);
	ev.ts = ts;
	ev.g = ev.p = ev.m = GT_NONE;
	ev.offset = off;
	ev.kind = GT_EV_SYNC;
	ev.wire = V2_SYNC_WIRE;
	ev.u.sync.n = ++r->syncs;
	if (with_gen)
		ev.u.sync.tick_ns = r->int_freq;
	if (with_gen && r->gen.has_clock) {
		ev.u.sync.has_clock = 1;
		ev.u.sync.clock_trace = v2_mul(r->gen.freq, r->gen.snap_time);
		ev.u.sync.clock_wall_sec = r->gen.snap_sec;
		ev.u.sync.clock_wall_nsec = r->gen.snap_nsec;
		ev.u.sync.clock_mono = r->gen.snap_mono;
	}
	return emit(r, &ev);
}

static int emit_sample(struct reader *r, const struct v2_sample *s)
{
	struct gt_event ev;
	memset(&ev, 0, sizeof ev);
	ev.ts = s->time;
	ev.g = s->g;
	ev.p = s->p;
	ev.m = s->m;
	ev.offset = s->off;
	ev.kind = GT_EV_STACK_SAMPLE;
	ev.wire = V2_CPU_SAMPLE;
	uint32_t st = 0;
	if (s->stack)
		v2_idmap_get(&r->gen.stacks, s->stack, &st);
	ev.stack = st;
	return emit(r, &ev);
}

/* ---- cursors (Go's batchCursor.nextEvent) ------------------------------ */

/* A uvarint of at most 5 bytes at *q, with 5 bytes readable there; 0 when
 * longer (the caller takes the general path).  Branches, not bit tricks:
 * lengths repeat enough for the predictor, and a branch-free decoder puts
 * every varint on the critical path (measured slower). */
static inline __attribute__((always_inline)) int uv_fast(const uint8_t **q, uint64_t *v)
{
	const uint8_t *p = *q;
	uint64_t b0 = p[0], b1, b2, b3;
	if (b0 < 0x80) {
		*v = b0;
		*q = p + 1;
		return 1;
	}
	if ((b1 = p[1]) < 0x80) {
		*v = (b0 & 0x7f) | b1 << 7;
		*q = p + 2;
		return 1;
	}
	if ((b2 = p[2]) < 0x80) {
		*v = (b0 & 0x7f) | (b1 & 0x7f) << 7 | b2 << 14;
		*q = p + 3;
		return 1;
	}
	if ((b3 = p[3]) < 0x80) {
		*v = (b0 & 0x7f) | (b1 & 0x7f) << 7 | (b2 & 0x7f) << 14 | b3 << 21;
		*q = p + 4;
		return 1;
	}
	uint64_t b4 = p[4];
	if (b4 < 0x80) { /* heap sizes of 256 MB and more */
		*v = (b0 & 0x7f) | (b1 & 0x7f) << 7 | (b2 & 0x7f) << 14 | (b3 & 0x7f) << 21 |
		     b4 << 28;
		*q = p + 5;
		return 1;
	}
	return 0;
}

/* A uvarint at *q (most are one byte); nonzero when malformed. */
static inline int uv(const uint8_t **q, const uint8_t *end, uint64_t *v)
{
	const uint8_t *p = *q;
	if (end - p >= 5) {
		if (uv_fast(q, v))
			return 0;
	} else if (p < end && *p < 0x80) {
		*v = *p;
		*q = p + 1;
		return 0;
	}
	int n = v2_uvarint(p, end, v);
	if (n <= 0)
		return -1;
	*q = p + n;
	return 0;
}

/* Bytes the fast path may read for one event (the type, then up to
 * GT_V2_MAX_ARGS varints of at most 5 bytes): with that many left in the
 * batch it needs no other bounds check. */
#define FAST_ROOM (1 + 5 * GT_V2_MAX_ARGS)

/* 1: pending(c) holds the next event; 0: no more; -1: error in r->res.
 * The general case: batch changes, the batch's last bytes, errors. */
static __attribute__((noinline)) int next_event(struct reader *r, struct cursor *c)
{
	while (c->p == c->pend) { /* Go accepts empty batches */
		if (c->idx == c->end)
			return 0;
		const struct v2_batch *b = &r->gen.sorted[c->idx++];
		c->p = r->buf + b->off;
		c->pend = c->p + b->len;
		c->btime = b->time;
		c->last_ts = 0;
	}
	if (c->last_ts == 0)
		c->last_ts = v2_mul(r->gen.freq, c->btime);
	const uint8_t *p = c->p, *end = c->pend;
	uint64_t at = (uint64_t)(p - r->buf);
	char msg[96];
	uint8_t type = *p;
	int na = r->timed_nargs[type];
	if (na <= 0) {
		if (na < 0)
			snprintf(msg, sizeof msg, "found invalid event type: %u", type);
		else
			snprintf(msg, sizeof msg, "found event without a timestamp: type=%u", type);
		fail(r, GT_INVALID, at, msg);
		return -1;
	}
	struct gt_v2_base *ev = pending(c);
	const uint8_t *q = p + 1;
	uint64_t dt;
	if (uv(&q, end, &dt)) {
		fail(r, GT_INVALID, (uint64_t)(q - r->buf), "found invalid uvarint for timestamp");
		return -1;
	}
	for (int i = 0; i < na - 1; i++) {
		if (uv(&q, end, &ev->args[i])) {
			fail(r, GT_INVALID, (uint64_t)(q - r->buf), "found invalid uvarint");
			return -1;
		}
	}
	ev->type = type;
	ev->nargs = (uint8_t)(na - 1);
	ev->offset = at;
	ev->time = (int64_t)((uint64_t)v2_mul(r->gen.freq, dt) + (uint64_t)c->last_ts);
	c->last_ts = ev->time;
	c->p = q;
	c->fast_lim = 0;
	if (end - q >= FAST_ROOM && c->last_ts != 0 && r->fast_freq)
		c->fast_lim = (uintptr_t)(end - FAST_ROOM);
	return 1;
}

/* next_event() for the common case, into out: an event of a batch
 * already entered, not near the batch's end (c->fast_lim), varints of at
 * most 5 bytes.  Returns 0, having changed nothing but out, for anything
 * else: next_event() then reads the same bytes again (and so gives the
 * same errors). */
static inline __attribute__((always_inline)) int read_fast(struct reader *r, struct cursor *c,
                                                           struct gt_v2_base *out)
{
	const uint8_t *p = c->p;
	if (__builtin_expect((uintptr_t)p > c->fast_lim, 0))
		return 0;
	int na = r->timed_nargs[*p];
	const uint8_t *q = p + 1;
	uint64_t dt;
	if (__builtin_expect(na <= 0 || !uv_fast(&q, &dt), 0))
		return 0;
	uint64_t *a = out->args;
	/* The common counts unrolled (no loop counter): a jump on na. */
	switch (na) {
	case 1:
		break;
	case 2:
		if (__builtin_expect(!uv_fast(&q, &a[0]), 0))
			return 0;
		break;
	case 3:
		if (__builtin_expect(!uv_fast(&q, &a[0]) || !uv_fast(&q, &a[1]), 0))
			return 0;
		break;
	case 4:
		if (__builtin_expect(!uv_fast(&q, &a[0]) || !uv_fast(&q, &a[1]) ||
		                     !uv_fast(&q, &a[2]), 0))
			return 0;
		break;
	default:
		for (int i = 0; i < na - 1; i++)
			if (__builtin_expect(!uv_fast(&q, &a[i]), 0))
				return 0;
	}
	memcpy(&out->type, &r->type_nargs[*p], 2);
	out->offset = (uint64_t)(p - r->buf);
	/* = v2_mul() (dt < 2^35 and fast_freq: the product is in range) */
	int64_t ns;
	if (__builtin_expect(r->int_freq != 0, 1))
		ns = (int64_t)dt * r->int_freq;
	else
		ns = (int64_t)((double)(int64_t)dt * r->gen.freq);
	int64_t t = (int64_t)((uint64_t)ns + (uint64_t)c->last_ts);
	out->time = t;
	c->last_ts = t;
	c->p = q;
	if (__builtin_expect(t == 0, 0))
		c->fast_lim = 0; /* Go re-bases on the batch time after a 0 */
	return 1;
}

static inline __attribute__((always_inline)) int next_event_fast(struct reader *r,
                                                                 struct cursor *c)
{
	return read_fast(r, c, pending(c)) ? 1 : next_event(r, c);
}

/* ---- the frontier heap, exactly as Go's (ties decide delivery order) --- */

#define T(i) (r->heap[i].t)

static void swap(struct reader *r, uint32_t a, uint32_t b)
{
	struct hent x = r->heap[a];
	r->heap[a] = r->heap[b];
	r->heap[b] = x;
}

static uint32_t sift_up(struct reader *r, uint32_t i)
{
	while (i > 0 && T((i - 1) / 2) > T(i)) {
		swap(r, (i - 1) / 2, i);
		i = (i - 1) / 2;
	}
	return i;
}

/* Inline: advance_top calls it at every change of cursor. */
static inline __attribute__((always_inline)) void sift_down(struct reader *r, uint32_t i)
{
	/* Go's heapSiftDown/min3, with a hole instead of swaps: the smaller
	 * child (the first on ties) moves up while it is before x. */
	uint32_t n = r->nheap;
	struct hent *h = r->heap, x = h[i];
	for (;;) {
		uint32_t c = 2 * i + 1;
		if (c >= n)
			break;
		/* h[n] is a sentinel that is never before anything, so the
		 * second child needs no bounds check (and this no branch) */
		c += h[c + 1].t < h[c].t;
		if (!(h[c].t < x.t))
			break;
		h[i] = h[c];
		i = c;
	}
	h[i] = x;
}

static void heap_update(struct reader *r, uint32_t i)
{
	if (sift_up(r, i) != i)
		return;
	sift_down(r, i);
}

static void heap_remove(struct reader *r, uint32_t i)
{
	while (i > 0) {
		swap(r, (i - 1) / 2, i);
		i = (i - 1) / 2;
	}
	swap(r, 0, r->nheap - 1);
	r->nheap--;
	r->heap[r->nheap].t = INT64_MAX; /* the sentinel (sift_down); h[n + 1] was one */
	sift_down(r, 0);
}

/* Go sorts the frontier with slices.SortFunc: an insertion sort (stable)
 * for the handful of Ms real traces have, which we copy exactly; beyond 12
 * a stable merge sort keeps hostile traces with many Ms from taking
 * quadratic time (Go's pdqsort may order equal times differently there). */
static void heap_sort(struct reader *r)
{
	uint32_t n = r->nheap;
	if (n <= 12) {
		for (uint32_t i = 1; i < n; i++)
			for (uint32_t j = i; j > 0 && T(j) < T(j - 1); j--)
				swap(r, j, j - 1);
		return;
	}
	struct hent *a = r->heap, *b = r->scratch;
	for (uint32_t w = 1; w < n; w *= 2) {
		for (uint32_t lo = 0; lo < n; lo += 2 * w) {
			uint32_t mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
			uint32_t i = lo, j = mid, k = lo;
			while (i < mid && j < hi)
				b[k++] = a[j].t < a[i].t ? a[j++] : a[i++];
			while (i < mid)
				b[k++] = a[i++];
			while (j < hi)
				b[k++] = a[j++];
		}
		struct hent *x = a;
		a = b;
		b = x;
	}
	if (a != r->heap)
		memcpy(r->heap, a, n * sizeof *a);
}

#undef T

/* ---- advancing -------------------------------------------------------- */

/* Go reports an unknown string or stack id (seen through the gen view)
 * after the handler, naming the event. */
static __attribute__((cold, noinline)) int bad_id(struct reader *r, const struct cursor *c)
{
	char err[200];
	const struct gt_v2_base *ev = &c->ev;
	const struct gt_v2_spec *sp = gt_v2_spec(26, ev->type);
	snprintf(err, sizeof err, "%s for event %s", r->badmsg, sp ? sp->name : "?");
	fail(r, GT_INVALID, ev->offset, err);
	return -1;
}

/* 1 advanced, 0 cannot yet, -1 error. */
static int try_advance(struct reader *r, uint32_t i)
{
	struct cursor *c = &r->curs[r->heap[i].c];
	char err[200];
	err[0] = 0;
	r->bad_id = 0;
	int rc = gt_v2_order_advance(r->order, pending(c), c->m, &r->gv, err, sizeof err);
	if (rc < 0) {
		fail(r, GT_INVALID, pending(c)->offset, err[0] ? err : "invalid event");
		return -1;
	}
	if (rc == 0)
		return 0;
	if (r->bad_id)
		return bad_id(r, c);
	rc = next_event_fast(r, c);
	if (rc < 0)
		return -1;
	if (rc) {
		r->heap[i].t = pending(c)->time;
		heap_update(r, i);
	} else {
		heap_remove(r, i);
	}
	return 1;
}

/* Delivers what the orderer completed; -1 when the sink stopped. */
static inline __attribute__((always_inline)) int drain(struct reader *r)
{
	/* the queue walked directly: gt_v2_order_next()'s NULL would be one
	 * more test per event */
	struct gt_v2_order_queue *q = gt_v2_order_q(r->order);
	/* records written by the advance (a fast handler's: it queued
	 * nothing, and nothing is queued after it) */
	if (q->undo) {
		q->undo = NULL;
		if (__builtin_expect(q->recs->wr > q->recs->lim, 0) && hand_over(r, q->recs) < 0)
			return -1;
		/* progress: at the hand-over (one test a block, not an event) */
		if (__builtin_expect(q->wr == q->ev, 1))
			return 0;
	}
	for (;;) {
		struct gt_event *ev = q->rd;
		if (ev == q->wr)
			break;
		q->rd = ev + 1;
		if (__builtin_expect(emit(r, ev), 0)) {
			fail(r, GT_STOPPED, ev->offset, "stopped");
			return -1;
		}
	}
	/* empty: back to the start (gt_v2o_advance_bound counts on it) */
	q->rd = q->wr = q->ev;
	if (__builtin_expect(q->events >= r->next_progress, 0))
		progress(r);
	return 0;
}

/* advance_top's step after an advance (rc) of the top cursor c: 0 c goes
 * on, 1 c's turn is over (not the top any more, or done), 2 c cannot
 * advance (advance_top returns 0), -1 error (r->res filled). */
static inline __attribute__((always_inline)) int top_step(struct reader *r, struct cursor *c,
                                                          int64_t limit, int rc,
                                                          const char *err)
{
	struct hent *h = r->heap;
	/* No test of r->bad_id after an advance that went on: the orderer
	 * fails any advance whose look-up through the view failed (its
	 * gt_v2o_resolve_*_slow), so only a failed one leaves it set. */
	if (__builtin_expect(rc <= 0, 0)) {
		if (rc == 0) {
			r->bad_id = 0;
			h[0].t = c->ev.time;
			return 2;
		}
		fail(r, GT_INVALID, c->ev.offset, err[0] ? err : "invalid event");
		return -1;
	}
	rc = next_event_fast(r, c);
	if (__builtin_expect(rc <= 0, 0)) {
		if (rc < 0)
			return -1;
		heap_remove(r, 0);
		return 1;
	}
	int64_t t = c->ev.time;
	if (t > limit) {
		h[0].t = t;
		sift_down(r, 0);
		return 1;
	}
	if (drain(r) < 0)
		return -1;
	return 0;
}

/* try_advance(r, 0) again and again, for as long as the heap's top can
 * advance and no CPU sample is due.  While the same cursor stays the
 * earliest, its next event's time is only compared with the limit it must
 * not pass (its children in the heap, the next CPU sample; Go's heap keeps
 * a parent on ties, and a sample goes first only when strictly earlier):
 * the heap is touched only when another cursor's turn comes.  (Reading
 * the next event ahead, before the orderer takes the pending one, was
 * measured slower.)  Returns 1 when a sample is due or no cursor is left
 * (the queue drained), 0 when the top cursor cannot advance (run() then
 * tries the others, as Go does), -1 on error (r->res filled). */
static int advance_top(struct reader *r)
{
	struct hent *h = r->heap;
	struct gt_v2_order *o = r->order;
	char err[200];
	/* The orderer writes err only when it fails, and r->bad_id is 0
	 * whenever an advance starts (set only by the view, during one; any
	 * advance that leaves it set ends here or resets it): neither needs
	 * resetting per event. */
	err[0] = 0;
	/* The view and err stay the same in this loop: once the orderer is
	 * set up for them, its advance goes without those checks. */
	int bound = gt_v2o_bind(o, &r->gv, err, sizeof err);
	for (;;) {
		uint32_t n = r->nheap;
		if (n == 0)
			return 1;
		struct cursor *c = &r->curs[h[0].c];
		/* h[n] and h[n + 1] are sentinels (install_gen, heap_remove) */
		int64_t limit = h[2].t < h[1].t ? h[2].t : h[1].t;
		int64_t st = r->sample_t;
		if (st < h[0].t)
			return 1;
		limit = st < limit ? st : limit;
		/* this cursor's M, for the bound advance (GT_NONE: never) */
		int64_t m = c->m;
		unsigned ci = gt_v2o_mslot(m);
		int s;
		/* Two loops, so that the common one tests nothing more: the
		 * general advance until the orderer is bound (the first event
		 * of a generation), then the bound one. */
		if (__builtin_expect(!bound || m == GT_NONE, 0)) {
			do {
				int rc = gt_v2_order_advance(o, &c->ev, m, &r->gv, err, sizeof err);
				bound = gt_v2o_bind(o, &r->gv, err, sizeof err);
				if ((s = top_step(r, c, limit, rc, err)) != 0)
					goto turn_over;
			} while (!bound || m == GT_NONE);
		}
		do
			s = top_step(r, c, limit, gt_v2o_advance_bound(o, &c->ev, m, ci), err);
		while (s == 0);
	turn_over:
		if (s == 2)
			return 0;
		if (s < 0)
			return -1;
		if (drain(r) < 0)
			return -1;
	}
}

static int install_gen(struct reader *r)
{
	struct v2_gen *g = &r->gen;
	if (g->nms > r->capcurs) {
		free(r->curs);
		free(r->heap);
		free(r->scratch);
		r->curs = malloc(sizeof *r->curs * g->nms);
		r->heap = malloc(sizeof *r->heap * (g->nms + 2)); /* + 2 sentinels */
		r->scratch = malloc(sizeof *r->scratch * g->nms);
		if (!r->curs || !r->heap || !r->scratch) {
			r->capcurs = 0;
			fail(r, GT_NOMEM, g->start, "out of memory");
			return -1;
		}
		r->capcurs = g->nms;
	}
	/* Below 2^35 ticks and up to 1e6 ns a tick the product stays far
	 * inside int64 (v2_mul's checks cannot fail); NaN fails the test. */
	r->fast_freq = g->freq >= 0 && g->freq <= 1e6;
	r->int_freq = g->freq >= 1 && g->freq <= (double)(1 << 18) &&
	              g->freq == (double)(int64_t)g->freq ? (int64_t)g->freq : 0;
	r->ncurs = r->nheap = 0;
	for (uint32_t i = 0; i < g->nms; i++) {
		struct cursor *c = &r->curs[r->ncurs];
		memset(c, 0, sizeof *c);
		c->m = g->ms[i].m;
		c->idx = g->ms[i].first;
		c->end = g->ms[i].first + g->ms[i].count;
		int rc = next_event(r, c);
		if (rc < 0)
			return -1;
		if (!rc)
			continue;
		r->heap[r->nheap++] = (struct hent){pending(c)->time, r->ncurs++};
		sift_up(r, r->nheap - 1);
	}
	if (r->heap) {
		/* sentinels: h[n] for sift_down, h[n + 1] too for advance_top */
		r->heap[r->nheap] = (struct hent){INT64_MAX, 0};
		r->heap[r->nheap + 1] = (struct hent){INT64_MAX, 0};
	}
	r->sample = 0;
	r->sample_t = g->nsamples ? g->samples[0].time : INT64_MAX;
	return 0;
}

static enum gt_status run(struct reader *r)
{
	struct gt_decode_result *res = r->res;
	uint64_t pos = 16;
	int have_gen = 0, gen_at_eof = 0;
	for (;;) {
		if (drain(r) < 0)
			return res->status;
		if (r->nheap == 0 && r->sample == r->gen.nsamples) {
			/* The generation is done: the next one, or the end. */
			res->bytes_kept = have_gen ? r->gen.end : pos;
			if (r->sink->progress)
				r->sink->progress(r->sink->ctx, pos, r->len);
			if (have_gen && r->version < 26 && gen_at_eof) {
				if (emit_sync(r, gt_v2_order_q(r->order)->last_ts, 0, r->len))
					return fail(r, GT_STOPPED, r->len, "stopped");
				res->bytes_kept = r->len;
				return res->status = GT_OK;
			}
			struct v2_err e;
			uint64_t next = pos;
			r->gen_suspect = 0;
			int rc = v2_read_gen(&r->gen, r->buf, r->len, pos, r->version, r->t, &next, &e);
			if (rc < 0) {
				/* Go delivers the Sync that closes what was read
				 * before it reports the error. */
				r->gen.nsamples = 0;
				if (emit_sync(r, gt_v2_order_q(r->order)->last_ts, 0, e.offset))
					return fail(r, GT_STOPPED, e.offset, "stopped");
				return fail(r, e.at_eof ? GT_TRUNCATED : GT_INVALID, e.offset, e.msg);
			}
			if (rc == 0) {
				if (emit_sync(r, gt_v2_order_q(r->order)->last_ts, 0, r->len))
					return fail(r, GT_STOPPED, r->len, "stopped");
				res->bytes_kept = r->len;
				return res->status = GT_OK;
			}
			have_gen = 1;
			gen_at_eof = next >= r->len;
			r->gen_suspect = r->version < 26 &&
			                 (r->gen.cut || (gen_at_eof && (!r->gen.has_strtab ||
			                                                !r->gen.has_stacktab)));
			pos = next;
			r->gv = (struct gt_v2_gen_view){r, r->gen.gen, r->t, view_str, view_stack};
			/* New tables even when the number repeats: the orderer's
			 * memos of resolved ids must go (see v2_order.h). */
			gt_v2_order_new_gen(r->order);
			if (install_gen(r))
				return res->status;
			if (emit_sync(r, v2_mul(r->gen.freq, r->gen.min_ts), 1, r->gen.start))
				return fail(r, GT_STOPPED, r->gen.start, "stopped");
			continue;
		}
		if (r->sample < r->gen.nsamples &&
		    (r->nheap == 0 ||
		     r->gen.samples[r->sample].time < r->heap[0].t)) {
			if (emit_sample(r, &r->gen.samples[r->sample++]))
				return fail(r, GT_STOPPED, 0, "stopped");
			r->sample_t = r->sample < r->gen.nsamples ? r->gen.samples[r->sample].time
			                                          : INT64_MAX;
			continue;
		}
		int rc = advance_top(r);
		if (rc < 0)
			return res->status;
		if (rc == 0) {
			/* The top cannot advance: Go sorts the frontier and tries
			 * the others in turn. */
			heap_sort(r);
			for (uint32_t i = 1; i < r->nheap && rc == 0; i++)
				if ((rc = try_advance(r, i)) < 0)
					return res->status;
			if (rc == 0) {
				char msg[160];
				const struct gt_v2_base *h = pending(&r->curs[r->heap[0].c]);
				snprintf(msg, sizeof msg,
				         "broken trace: failed to advance: no consistent ordering of "
				         "events possible (generation %llu, %u threads waiting)",
				         (unsigned long long)r->gen.gen, r->nheap);
				return fail(r, GT_INVALID, h->offset, msg);
			}
		}
	}
}

enum gt_status gt_decode_v2(const uint8_t *buf, size_t len, int version,
                            struct gt_tables *tables, const struct gt_sink *sink,
                            struct gt_decode_result *res)
{
	res->format = 2;
	res->version = version;
	res->status = GT_OK;
	if (!gt_v2_version_ok(version) || len < 16) {
		res->status = GT_UNSUPPORTED;
		snprintf(res->msg, sizeof res->msg, "unsupported trace version go 1.%d", version);
		return res->status;
	}
	struct reader *r = calloc(1, sizeof *r);
	if (!r) {
		res->status = GT_NOMEM;
		snprintf(res->msg, sizeof res->msg, "out of memory");
		return res->status;
	}
	r->buf = buf;
	r->len = len;
	r->version = version;
	r->t = tables;
	r->sink = sink;
	r->on_event = sink->event;
	r->sink_ctx = sink->ctx;
	r->res = res;
	/* Cursors read events with the full spec table, whatever the version
	 * (as Go's readTimedBaseEvent does); the orderer rejects the rest. */
	for (unsigned i = 0; i < 256; i++) {
		const struct gt_v2_spec *s = i < V2_NUM_TYPES ? gt_v2_spec(26, i) : NULL;
		r->timed_nargs[i] = i >= V2_NUM_TYPES ? -1 : (s && s->is_timed) ? (int8_t)s->nargs : 0;
		struct gt_v2_base tn = {.type = (uint8_t)i, .nargs = (uint8_t)(r->timed_nargs[i] - 1)};
		memcpy(&r->type_nargs[i], &tn.type, 2);
	}
	r->order = gt_v2_order_new(version);
	enum gt_status st;
	if (r->order) {
		struct gt_v2_order_queue *q = gt_v2_order_q(r->order);
		q->recs = sink->recs;
		q->events = res->events;
		r->next_progress = q->events + PROGRESS_STEP;
	}
	if (!r->order) {
		st = fail(r, GT_NOMEM, 16, "out of memory");
	} else {
		st = run(r);
		if (st == GT_INVALID && r->gen_suspect)
			st = res->status = GT_TRUNCATED;
	}
	if (r->order) {
		struct gt_v2_order_queue *q = gt_v2_order_q(r->order);
		if (q->undo) { /* stopped before they were delivered */
			q->recs->wr = q->undo;
			q->events--;
		}
		res->events = q->events;
	}
	gt_v2_order_free(r->order);
	v2_gen_free(&r->gen);
	free(r->curs);
	free(r->heap);
	free(r->scratch);
	free(r);
	return st;
}
