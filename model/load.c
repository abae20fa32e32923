/* load.c: gt_model_load(): decode a file straight into a model.
 *
 * Two threads, as the machine has two cores: the caller's thread decodes
 * and encodes each event into the model's narrow records (rec.h: what the
 * model reads of it, worked out there as the tables grow there), a second
 * thread builds the model from them.  Records travel in blocks through a
 * small ring, so the threads meet once per block, not per event.  Without
 * a second thread (one CPU, a trace under 1 MiB, or the option threads 1)
 * the same records are added inline, a block at a time; threads 2 forces
 * the two threads (for tests).  The loader also drops file pages already
 * decoded so the resident size stays near the model's own.  With
 * statistics asked for (gt_load_opts.stats) it gives both threads' CPU
 * time (and the kernel's part of it) and how often each slept (for speed
 * work).
 *
 * A big old-format trace may be decoded with the decoder's two runs at
 * once (decode/restart.h), which rarely gives up after a prefix: the
 * partial model (and the counts of gt_load_opts.counts) are then thrown
 * away and the file decoded again the plain way, here and nowhere else. */
#define _GNU_SOURCE /* RUSAGE_THREAD */
#include "decode/restart.h"
#include "model/model_int.h"
#include "model/stats.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#define DROP_STEP (2u << 20) /* drop decoded file pages 2 MiB at a time */
#define BLOCK 2048           /* records per block (64 KiB) */
#define BFULL 64             /* whole events per block (rec.h: GT_R_FULL) */
/* Blocks in the ring: few for a small trace (the ring counts against
 * the resident size, ~70 KiB a block), more for a big one, where the two
 * threads' speeds drift apart for longer stretches (with 16 blocks on a
 * 140 MB trace each side slept some 300 times a load, 10% of the wall
 * clock).  A sleeping side is woken when an eighth of the ring's blocks
 * wait for it (full) or are free (empty): while it sleeps its core
 * idles, so it must not wait long (woken at half of 64 blocks, the
 * decoder's thread of a 142 MB v2 load, which sets the pace, idled some
 * 30 ms of its 0.55 s; at an eighth of 128, about 10), yet each wake-up
 * costs a system call and a context switch on both sides.  A 45 MB v2
 * trace with 16 blocks: each side slept 150-600 times a load, and it took
 * 0.184 s; with 64, 0.164 s (128: no better; +4 MB resident). */
#define NBLOCKS_SMALL 16
#define NBLOCKS_MID 64
#define NBLOCKS_BIG 128
/* ...but an old-format (v1) trace's decoder takes twice the model's time
 * an event: the ring is nearly always empty, its model's thread waits
 * whatever its size, and a big ring only adds to the peak, which comes
 * at the end of such a load (the v1 decoder's state and the whole model
 * at once: churn_go119's). */
#define NBLOCKS_V1 32
#define V1_LAST 21 /* the last "go 1.N trace" of the old format */
#define MID_FILE (16u << 20)
#define BIG_FILE (64u << 20)
#define WAKE(ld) ((ld)->nblocks / 8)

/* Records (rec.h) and the whole events some of them stand for; the
 * metric events among them travel as a count and their latest time (the
 * decoder's thread adds them to the series: see on_metric). */
struct block {
	struct gt_rec v[BLOCK];
	struct gt_qev full[BFULL];
	uint32_t n, nfull;
	uint32_t nmetric;
	int64_t mts;
};

static void block_reset(struct block *b)
{
	b->n = b->nfull = b->nmetric = 0;
	b->mts = INT64_MIN;
}

/* A metric's points wait here to be pushed to its series a run at a
 * time (gt_series_push_run: cheaper than a push per point). */
#define MRUN 128

struct loader {
	struct gt_model *m;
	gt_series_run_fn push_metric;
	const uint8_t *buf;
	size_t len;
	int mapped;
	size_t dropped;        /* bytes at the start already given back (by
	                          the model's thread when threaded) */
	uint64_t drop_upto;    /* threaded: bytes decoded (atomic) */
	int decoder_reports;   /* the decoder calls progress itself */
	uint64_t blocks;       /* blocks filled so far (not counting
	                          events keeps that off the common path) */
	gt_model_progress_fn progress;
	void *ctx;
	int stop;              /* progress asked to stop: the next block ends
	                          the decoding */

	/* the records' buffer (rec/rec.h): the decoder writes the common
	 * events' records there itself, the sink the others'; wr is the
	 * fill block's end (its n is set when it is handed over) */
	struct gt_rsink rs;
	/* the metric series, built on the decoder's thread, the model's at
	 * the end (mfailed: out of memory) */
	struct gt_series metrics[GT_METRIC_OTHER];
	struct gt_spoint mrun[GT_METRIC_OTHER][MRUN];
	struct gt_spoint *mw[GT_METRIC_OTHER]; /* next free place in mrun[k] */
	int mfailed;

	/* the ring; threaded only when ring != NULL (else fill is a lone
	 * block, added inline whenever full) */
	struct block *ring;
	uint32_t nblocks;      /* in the ring (a power of two) */
	uint32_t head, tail;   /* blocks filled: [tail, head) */
	struct block *fill;    /* block being filled by the decoder */
	int done, failed;
	int builder_waits, decoder_waits;
	/* statistics (for bench work): sleeps and thread CPU times */
	unsigned builder_sleeps, decoder_sleeps;
	double builder_cpu, builder_sys;
	pthread_mutex_t mu;
	pthread_cond_t cv_build, cv_decode;
};

/* b is the block being filled from now on. */
static void set_fill(struct loader *ld, struct block *b)
{
	ld->fill = b;
	block_reset(b);
	ld->rs.wr = b->v;
	ld->rs.lim = b->v + (BLOCK - GT_REC_MAX);
}

/* This thread's CPU time in the kernel (page faults, unmapping): the
 * load stats' split of each thread's time. */
static double sys_secs(void)
{
#ifdef RUSAGE_THREAD
	struct rusage ru;
	if (getrusage(RUSAGE_THREAD, &ru) == 0)
		return (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
#endif
	return 0;
}

static double now(clockid_t c)
{
	struct timespec ts;
	clock_gettime(c, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Gives the file's pages before done back to the kernel, DROP_STEP or
 * more at a time. */
static void drop_before(struct loader *ld, uint64_t done)
{
	if (!ld->mapped || done < ld->dropped + DROP_STEP)
		return;
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t upto = (size_t)done & ~(page - 1);
	/* A private read-only file mapping refaults from the file if touched
	 * again, so this is only ever a hint, never a loss. */
	madvise((void *)(ld->buf + ld->dropped), upto - ld->dropped, MADV_DONTNEED);
	ld->dropped = upto;
}

static void on_progress(void *ctx, uint64_t done, uint64_t total)
{
	struct loader *ld = ctx;
	ld->decoder_reports = 1;
	/* threaded, the model's thread drops them (see builder) */
	if (ld->ring)
		__atomic_store_n(&ld->drop_upto, done, __ATOMIC_RELAXED);
	else
		drop_before(ld, done);
	if (ld->progress && ld->progress(ld->ctx, done, total))
		ld->stop = 1;
}

uint32_t gt_renc_stack(struct gt_renc *e, const struct gt_tables *t, gt_stack st, struct gt_rec *r)
{
	uint32_t n = 0;
	if (st) {
		struct gt_event ev;
		struct gt_hint h;
		ev.kind = GT_EV_STATE_TRANSITION;
		ev.u.trans.stack = st;
		gt_model_hint(t, &ev, &h);
		r->ts = 0;
		r->id = st;
		r->u = h.root_func;
		r->kind = GT_R_STACK;
		r->flags = h.gc_worker;
		n = 1;
	}
	if (!e->keep)
		return n;
	if (st >= e->nsent) {
		size_t cap = e->nsent ? e->nsent : 1024;
		while (cap <= st)
			cap *= 2;
		uint8_t *ns = realloc(e->sent, cap);
		if (!ns)
			return n; /* it is sent again next time */
		memset(ns + e->nsent, 0, cap - e->nsent);
		e->sent = ns;
		e->nsent = cap;
	}
	e->sent[st] = 1;
	return n;
}

void gt_renc_full(const struct gt_tables *t, const struct gt_event *ev, struct gt_rec *r,
                  struct gt_qev *full, uint32_t *nfull)
{
	struct gt_qev *q = &full[*nfull];
	q->ev = *ev;
	gt_model_hint(t, ev, &q->h);
	r->ts = ev->ts;
	r->id = (*nfull)++;
	r->kind = GT_R_FULL;
}

void gt_renc_free(struct gt_renc *e)
{
	free(e->sent);
	e->sent = NULL;
	e->nsent = 0;
}

static int add_block(struct gt_model *m, const struct block *b)
{
	int rc = gt_model_add_recs(m, b->v, b->n, b->full);
	struct gt_trace_info *in = &m->info;
	in->events += b->nmetric;
	in->by_kind[GT_EV_METRIC] += b->nmetric;
	if (b->mts > in->max_ts)
		in->max_ts = b->mts;
	return rc;
}

/* Model thread: blocks in order until the decoder is done. */
static void *builder(void *arg)
{
	struct loader *ld = arg;
	pthread_mutex_lock(&ld->mu);
	for (;;) {
		while (ld->tail == ld->head && !ld->done) {
			ld->builder_waits = 1;
			ld->builder_sleeps++;
			pthread_cond_wait(&ld->cv_build, &ld->mu);
		}
		ld->builder_waits = 0;
		if (ld->tail == ld->head)
			break;
		struct block *b = &ld->ring[ld->tail & (ld->nblocks - 1)];
		pthread_mutex_unlock(&ld->mu);
		int bad = add_block(ld->m, b) < 0;
		/* the decoded file pages given back here: unmapping them cost
		 * the decoder's thread, which sets the pace, 2% of a load */
		drop_before(ld, __atomic_load_n(&ld->drop_upto, __ATOMIC_RELAXED));
		pthread_mutex_lock(&ld->mu);
		if (bad)
			ld->failed = 1;
		ld->tail++;
		if (ld->decoder_waits && ld->head - ld->tail <= ld->nblocks - WAKE(ld))
			pthread_cond_signal(&ld->cv_decode);
	}
	ld->builder_cpu = now(CLOCK_THREAD_CPUTIME_ID);
	ld->builder_sys = sys_secs();
	pthread_mutex_unlock(&ld->mu);
	return NULL;
}

/* Decoder thread: hands the block being filled over; waits for room. */
static int publish(struct loader *ld)
{
	pthread_mutex_lock(&ld->mu);
	ld->head++;
	if (ld->builder_waits && ld->head - ld->tail >= WAKE(ld))
		pthread_cond_signal(&ld->cv_build);
	while (ld->head - ld->tail == ld->nblocks) { /* the builder always drains */
		ld->decoder_waits = 1;
		ld->decoder_sleeps++;
		pthread_cond_wait(&ld->cv_decode, &ld->mu);
	}
	ld->decoder_waits = 0;
	int failed = ld->failed;
	set_fill(ld, &ld->ring[ld->head & (ld->nblocks - 1)]);
	pthread_mutex_unlock(&ld->mu);
	return failed;
}

/* After an event filled the block (off: its offset, UINT64_MAX when not
 * known).  Not inlined, like on_event_rare: on_event's common path stays
 * call-free. */
static __attribute__((noinline)) int after_event(struct loader *ld, uint64_t off)
{
	struct block *b = ld->fill;
	b->n = (uint32_t)(ld->rs.wr - b->v);
	/* to the model thread, or added inline */
	if (ld->ring) {
		if (publish(ld))
			return 1;
	} else {
		int bad = add_block(ld->m, b) < 0;
		set_fill(ld, b);
		if (bad) {
			ld->failed = 1;
			return 1;
		}
	}
	ld->blocks++;
	if ((ld->blocks & 31) == 0 && !ld->decoder_reports) {
		/* A decoder without progress reports (v1 before Go 1.7:
		 * events come in time order from all over the file) gets its
		 * file pages dropped now and then, and its progress told from
		 * the offset of the event that filled the block (some 50K
		 * events a progress report, 800K a drop):
		 * the few it still reads come back from the page cache, the
		 * rest stop counting against the resident size. */
		if ((ld->blocks & 511) == 0 && ld->mapped)
			madvise((void *)ld->buf, ld->len, MADV_DONTNEED);
		if (ld->progress && off != UINT64_MAX &&
		    ld->progress(ld->ctx, off < ld->len ? off : ld->len, ld->len))
			ld->stop = 1;
	}
	return ld->stop;
}

/* The record buffer's full(): the decoder filled the block. */
static int rs_full(void *ctx, uint64_t off)
{
	return after_event(ctx, off);
}

/* Events of other kinds, or a stack not sent yet (gt_renc_way: RARE). */
static __attribute__((noinline)) int on_event_rare(struct loader *ld, const struct gt_event *ev, const struct gt_tables *t)
{
	struct block *b = ld->fill;
	ld->rs.wr += gt_renc_rare_put(&ld->rs.enc, t, ev, ld->rs.wr, b->full, &b->nfull);
	if (ld->rs.wr > ld->rs.lim || b->nfull == BFULL)
		return after_event(ld, ev->offset);
	return 0;
}

/* Pushes metric k's waiting points to its series; returns 0 (the
 * caller's tail call). */
static __attribute__((noinline)) int push_metrics(struct loader *ld, unsigned k)
{
	if (ld->push_metric(&ld->metrics[k], ld->mrun[k], (size_t)(ld->mw[k] - ld->mrun[k])) < 0)
		ld->mfailed = 1;
	ld->mw[k] = ld->mrun[k];
	return 0;
}

/* Metric k's point (ts, v) to its run: 1 when the run is full (push it). */
static inline __attribute__((always_inline)) int
metric_point(struct loader *ld, unsigned k, int64_t ts, uint64_t v)
{
	struct gt_spoint *w = ld->mw[k];
	w->ts = ts;
	w->v = v;
	ld->mw[k] = ++w;
	return w == ld->mrun[k] + MRUN;
}

/* A metric event (a fifth of v2's): added to its series on this thread
 * (through its run), so the model's thread only counts it (the block's
 * nmetric and mts; the model needs the time of the first event, so a
 * first event that is a metric still travels, as a record of no
 * series).  Its context travels as any other's.  off: the event's
 * offset, UINT64_MAX when not known. */
static inline __attribute__((always_inline)) int
metric_rest(struct loader *ld, struct gt_rec *r, int first, int64_t ts, unsigned k, uint64_t v,
            uint64_t off)
{
	if (first) {
		r->ts = ts;
		r->id = 0;
		r->kind = GT_R_METRIC;
		r->from = GT_METRIC_OTHER;
		r++;
	} else {
		struct block *b = ld->fill;
		b->nmetric++;
		if (ts > b->mts)
			b->mts = ts;
	}
	ld->rs.wr = r;
	if (k < GT_METRIC_OTHER && metric_point(ld, k, ts, v))
		push_metrics(ld, k);
	if (r > ld->rs.lim)
		return after_event(ld, off);
	return 0;
}

static inline __attribute__((always_inline)) int
add_metric(struct loader *ld, int64_t ts, int64_t p, int64_t m, unsigned k, uint64_t v,
           uint64_t off)
{
	int first = !ld->rs.enc.lvalid; /* every event's encoding starts with gt_renc_ctx */
	struct gt_rec *r = gt_renc_ctx_pm(&ld->rs.enc, p, m, ld->rs.wr);
	return metric_rest(ld, r, first, ts, k, v, off);
}

/* on_metric for an event whose context is not the last event's. */
static __attribute__((noinline)) int on_metric_ctx(struct loader *ld, const struct gt_event *ev,
                                                   int64_t p, int64_t m)
{
	int first = !ld->rs.enc.lvalid;
	struct gt_rec *r = gt_renc_ctx_new(&ld->rs.enc, p, m, ld->rs.wr);
	return metric_rest(ld, r, first, ev->ts, ev->u.metric.mkind, ev->u.metric.value,
	                   ev->offset);
}

/* on_metric when the event's context is the last event's (more than
 * half of them): nothing is written to the records (their buffer is
 * below its limit between events) and nothing is called but in a tail
 * call, so no register is saved. */
static __attribute__((noinline)) int on_metric(struct loader *ld, const struct gt_event *ev)
{
	int64_t p = ev->p, m = ev->m;
	GT_REC_SCALAR(p);
	GT_REC_SCALAR(m);
	if (!gt_renc_same_pair(&ld->rs.enc, p, m))
		return on_metric_ctx(ld, ev, p, m);
	struct block *b = ld->fill;
	int64_t ts = ev->ts;
	b->nmetric++;
	if (ts > b->mts)
		b->mts = ts;
	unsigned k = ev->u.metric.mkind;
	if (k < GT_METRIC_OTHER && __builtin_expect(metric_point(ld, k, ts, ev->u.metric.value), 0))
		return push_metrics(ld, k);
	return 0;
}

/* The record buffer's metric(). */
static int rs_metric(void *ctx, const struct gt_rmetric *mt)
{
	return add_metric(ctx, mt->ts, mt->p, mt->m, mt->kind, mt->value, mt->off);
}

/* The sink: its common path makes no call but tail calls, so it saves
 * no registers (it runs 25M times a load).  gt_renc_way splits the kinds:
 * metrics to on_metric, goroutine transitions whose stack was sent and P
 * transitions encoded here, anything else rare. */
static int on_event(void *ctx, const struct gt_event *ev, const struct gt_tables *t)
{
	struct loader *ld = ctx;
	enum gt_renc_way way = gt_renc_way(&ld->rs.enc, ev);
	struct gt_rec *out = ld->rs.wr, *r;
	/* the ring's lines were last read by the model's core: ask for
	 * them ahead of the stores */
	if (way == GT_RENC_GTRANS) {
		__builtin_prefetch(out + 16, 1);
		r = gt_renc_gtrans(ev, gt_renc_ctx(&ld->rs.enc, ev, out));
	} else if (way == GT_RENC_PTRANS) {
		__builtin_prefetch(out + 16, 1);
		r = gt_renc_ptrans(ev, gt_renc_ctx(&ld->rs.enc, ev, out));
	} else if (way == GT_RENC_METRIC) {
		return on_metric(ld, ev);
	} else {
		return on_event_rare(ld, ev, t);
	}
	ld->rs.wr = r;
	if (r > ld->rs.lim)
		return after_event(ld, ev->offset);
	return 0;
}

/* With counts: the counting sink's, then the loader's. */
struct tee {
	struct gt_sink also;
	struct loader *ld;
};

static int tee_event(void *ctx, const struct gt_event *ev, const struct gt_tables *t)
{
	struct tee *x = ctx;
	int rc = x->also.event(x->also.ctx, ev, t);
	return rc ? rc : on_event(x->ld, ev, t);
}

/* The decoder's thread alone writes the model's table of initial
 * goroutines (the model's thread never reads it before finish). */
static int on_initial(void *ctx, const struct gt_initial *ig)
{
	struct loader *ld = ctx;
	if (gt_model_add_initial(ld->m, ig) < 0)
		ld->mfailed = 1;
	return 0;
}

static int tee_initial(void *ctx, const struct gt_initial *ig)
{
	struct tee *x = ctx;
	return on_initial(x->ld, ig);
}

static void tee_progress(void *ctx, uint64_t done, uint64_t total)
{
	struct tee *x = ctx;
	on_progress(x->ld, done, total);
}

void gt_load_opts_init(struct gt_load_opts *o)
{
	memset(o, 0, sizeof *o);
	gt_decode_opts_init(&o->decode);
}

struct gt_model *gt_model_load(const uint8_t *buf, size_t len, int mapped,
                               gt_model_progress_fn progress, void *ctx,
                               struct gt_decode_result *res)
{
	return gt_model_load_with(buf, len, mapped, NULL, progress, ctx, res);
}

/* One attempt (restartable: the decoder may give up after a prefix,
 * GT_RESTART, and the model is then thrown away). */
static struct gt_model *load_once(const uint8_t *buf, size_t len, int mapped,
                                  const struct gt_load_opts *o,
                                  gt_model_progress_fn progress, void *ctx,
                                  struct gt_decode_result *res, int restartable)
{
	struct gt_model *m = gt_model_new();
	if (!m) {
		memset(res, 0, sizeof *res);
		res->status = GT_NOMEM;
		strcpy(res->msg, "out of memory");
		return NULL;
	}
	m->threads = o->threads;
	struct loader ld;
	memset(&ld, 0, sizeof ld);
	gt_renc_init(&ld.rs.enc, 1);
	ld.rs.full = rs_full;
	ld.rs.metric = rs_metric;
	ld.rs.ctx = &ld;
	ld.push_metric = gt_series_pusher();
	for (int k = 0; k < GT_METRIC_OTHER; k++)
		ld.mw[k] = ld.mrun[k];
	ld.m = m;
	ld.buf = buf;
	ld.len = len;
	ld.mapped = mapped;
	ld.progress = progress;
	ld.ctx = ctx;
	pthread_t th;
	int threaded = 0;
	int want = o->threads == 2 ? 1 : o->threads == 1 ? 0 :
	           len > (1u << 20) && sysconf(_SC_NPROCESSORS_ONLN) > 1;
	if (want) {
		ld.nblocks = len >= BIG_FILE ? NBLOCKS_BIG : len >= MID_FILE ? NBLOCKS_MID : NBLOCKS_SMALL;
		int v = gt_decode_version(buf, len);
		if (v >= 0 && v <= V1_LAST && ld.nblocks > NBLOCKS_V1)
			ld.nblocks = NBLOCKS_V1;
		ld.ring = malloc(ld.nblocks * sizeof *ld.ring);
		if (ld.ring) {
			pthread_mutex_init(&ld.mu, NULL);
			pthread_cond_init(&ld.cv_build, NULL);
			pthread_cond_init(&ld.cv_decode, NULL);
			set_fill(&ld, &ld.ring[0]);
			threaded = pthread_create(&th, NULL, builder, &ld) == 0;
			if (!threaded) {
				pthread_mutex_destroy(&ld.mu);
				pthread_cond_destroy(&ld.cv_build);
				pthread_cond_destroy(&ld.cv_decode);
				free(ld.ring);
				ld.ring = NULL;
			}
		}
	}
	if (!threaded) {
		struct block *b = malloc(sizeof *b);
		if (!b) {
			gt_model_free(m);
			memset(res, 0, sizeof *res);
			res->status = GT_NOMEM;
			strcpy(res->msg, "out of memory");
			return NULL;
		}
		set_fill(&ld, b);
	}
	struct gt_sink sink = {.ctx = &ld, .event = on_event, .progress = on_progress,
	                       .recs = o->no_records ? NULL : &ld.rs, .initial = on_initial};
	struct tee tee = {.ld = &ld};
	if (o->counts) {
		gt_stats_counts_sink(o->counts, &tee.also);
		sink = (struct gt_sink){.ctx = &tee, .event = tee_event, .progress = tee_progress,
		                        .initial = tee_initial};
	}
	struct gt_decode_opts dopts = o->decode;
	if (o->stats)
		dopts.stats = &o->stats->decode;
	if (restartable)
		gt_decode_restartable(buf, len, m->tables, &sink, &dopts, res);
	else
		gt_decode_opts(buf, len, m->tables, &sink, &dopts, res);
	double t_decoded = now(CLOCK_MONOTONIC);
	ld.fill->n = (uint32_t)(ld.rs.wr - ld.fill->v);
	if (threaded) {
		pthread_mutex_lock(&ld.mu);
		if (ld.fill->n)
			ld.head++;
		ld.done = 1;
		pthread_cond_signal(&ld.cv_build);
		pthread_mutex_unlock(&ld.mu);
		pthread_join(th, NULL);
		pthread_mutex_destroy(&ld.mu);
		pthread_cond_destroy(&ld.cv_build);
		pthread_cond_destroy(&ld.cv_decode);
		free(ld.ring);
	} else {
		if (!ld.failed && add_block(m, ld.fill) < 0)
			ld.failed = 1;
		free(ld.fill);
	}
	gt_renc_free(&ld.rs.enc);
	for (int k = 0; k < GT_METRIC_OTHER; k++) {
		if (ld.mw[k] != ld.mrun[k])
			push_metrics(&ld, (unsigned)k);
		gt_series_free(&m->metrics[k]);
		m->metrics[k] = ld.metrics[k];
	}
	if (res->status == GT_RESTART)
		return m; /* gt_model_load_with frees it and starts over */
	if (ld.mfailed)
		ld.failed = 1;
	double t_built = now(CLOCK_MONOTONIC), cpu = now(CLOCK_THREAD_CPUTIME_ID);
	if (ld.failed || m->nomem) {
		m->nomem = 1;
		res->status = GT_NOMEM;
		strcpy(res->msg, "out of memory while building the model");
	}
	gt_model_finish(m);
	struct gt_load_stats *st = o->stats;
	if (st) {
		st->decoder_cpu = cpu;
		st->decoder_sys = sys_secs();
		st->model_cpu = ld.builder_cpu;
		st->model_sys = ld.builder_sys;
		st->model_after = t_built - t_decoded;
		st->finish = now(CLOCK_MONOTONIC) - t_built;
		st->model_sleeps = ld.builder_sleeps;
		st->decoder_sleeps = ld.decoder_sleeps;
	}
	if (progress && !ld.stop)
		progress(ctx, len, len);
	m->info.format = res->format;
	m->info.version = res->version;
	m->info.status = res->status;
	return m;
}

/* Decodes into a fresh model.  The decoder may take the restartable path
 * (faster for big old-format traces); when it gives up after a prefix,
 * the partial model is dropped, the counts forgotten, and the file
 * decoded again the plain way, so the outcome is always a plain
 * decode's. */
struct gt_model *gt_model_load_with(const uint8_t *buf, size_t len, int mapped,
                                    const struct gt_load_opts *o,
                                    gt_model_progress_fn progress, void *ctx,
                                    struct gt_decode_result *res)
{
	struct gt_load_opts dflt;
	if (!o) {
		gt_load_opts_init(&dflt);
		o = &dflt;
	}
	if (o->stats)
		memset(o->stats, 0, sizeof *o->stats);
	struct gt_model *m = load_once(buf, len, mapped, o, progress, ctx, res, 1);
	if (m && res->status == GT_RESTART) {
		gt_model_free(m);
		if (o->stats)
			o->stats->restarts++;
		if (o->counts)
			gt_stats_reset_counts(o->counts);
		m = load_once(buf, len, mapped, o, progress, ctx, res, 0);
	}
	return m;
}
