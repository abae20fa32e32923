/* load.c: gt_model_load(): decode a file straight into a model.
 *
 * Two threads, as the machine has two cores: the caller's thread decodes
 * (and works out, from the tables it is filling, the little the model
 * needs of them: struct gt_hint), a second thread builds the model.
 * Events travel in blocks through a small ring, so the threads meet once
 * per block, not per event.  Without a second thread (one CPU, a trace
 * under 1 MiB, or GTVIEW_LOAD_THREADS=1), the same work runs inline;
 * GTVIEW_LOAD_THREADS=2 forces the two threads (for tests).  The loader also drops file pages already decoded so the
 * resident size stays near the model's own. */
#include "model/model_int.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define DROP_STEP (2u << 20) /* drop decoded file pages 2 MiB at a time */
#define BLOCK 1024           /* events per block */
#define NBLOCKS 8            /* blocks in the ring */
#define WAKE (NBLOCKS / 2)   /* a sleeping side is woken when this many
                                blocks wait for it (full) or are free
                                (empty): each wake-up costs a system call
                                and a context switch on both sides */
#define HCACHE 1024          /* hint cache entries (direct-mapped by stack) */

/* What crosses between the threads for an event: the fields the model
 * reads of the common kinds (goroutine and proc transitions, metrics) in
 * one cache line, instead of the whole struct gt_event and its hint.
 * Other kinds travel whole, in the block's side array. */
#define CEV_FULL 0xff        /* kind of a compact entry standing for full[a] */
struct cev {
	int64_t ts, g, p, m;
	int64_t a;               /* transition: id; metric: value; full: index */
	gt_str reason, root_func;
	gt_stack stack, tstack;  /* the event's own; the transition's */
	uint8_t kind, sub;       /* sub: resource, or metric kind */
	uint8_t from, to, gc_worker;
};
_Static_assert(sizeof(struct cev) == 64, "struct cev: one cache line");

struct block {
	struct cev v[BLOCK];
	struct gt_qev full[BLOCK];
	uint32_t n, nfull;
};

struct loader {
	struct gt_model *m;
	const uint8_t *buf;
	size_t len;
	int mapped;
	size_t dropped;        /* bytes at the start already given back */
	int decoder_reports;   /* the decoder calls progress itself */
	uint64_t seen;         /* events the decoder delivered */
	gt_model_progress_fn progress;
	void *ctx;

	/* hints of recent transition stacks (stack ids are stable) */
	gt_stack hst[HCACHE];
	struct gt_hint hv[HCACHE];

	/* the ring; threaded only when ring != NULL */
	struct block *ring;
	uint32_t head, tail;   /* blocks filled: [tail, head) */
	struct block *fill;    /* block being filled by the decoder */
	int done, failed;
	int builder_waits, decoder_waits;
	pthread_mutex_t mu;
	pthread_cond_t cv_build, cv_decode;
};

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
	drop_before(ld, done);
	if (ld->progress)
		ld->progress(ld->ctx, done, total);
}

/* One block into the model, each compact event rebuilt as the model
 * reads it. */
static int add_block(struct gt_model *m, const struct block *b)
{
	for (uint32_t i = 0; i < b->n; i++) {
		const struct cev *c = &b->v[i];
		if (c->kind == CEV_FULL) {
			const struct gt_qev *q = &b->full[c->a];
			if (gt_model_add_hinted(m, &q->ev, &q->h) < 0)
				return -1;
			continue;
		}
		struct gt_event e;
		struct gt_hint h = {0};
		e.ts = c->ts;
		e.g = c->g;
		e.p = c->p;
		e.m = c->m;
		e.kind = c->kind;
		if (c->kind == GT_EV_STATE_TRANSITION) {
			e.stack = c->stack;
			e.u.trans.resource = c->sub;
			e.u.trans.from = c->from;
			e.u.trans.to = c->to;
			e.u.trans.id = c->a;
			e.u.trans.reason = c->reason;
			e.u.trans.stack = c->tstack;
			h.root_func = c->root_func;
			h.gc_worker = c->gc_worker;
		} else {
			e.u.metric.mkind = c->sub;
			e.u.metric.value = (uint64_t)c->a;
		}
		if (gt_model_add_hinted(m, &e, &h) < 0)
			return -1;
	}
	return 0;
}

/* Model thread: blocks in order until the decoder is done. */
static void *builder(void *arg)
{
	struct loader *ld = arg;
	pthread_mutex_lock(&ld->mu);
	for (;;) {
		while (ld->tail == ld->head && !ld->done) {
			ld->builder_waits = 1;
			pthread_cond_wait(&ld->cv_build, &ld->mu);
		}
		ld->builder_waits = 0;
		if (ld->tail == ld->head)
			break;
		struct block *b = &ld->ring[ld->tail % NBLOCKS];
		pthread_mutex_unlock(&ld->mu);
		int bad = add_block(ld->m, b) < 0;
		pthread_mutex_lock(&ld->mu);
		if (bad)
			ld->failed = 1;
		ld->tail++;
		if (ld->decoder_waits && ld->head - ld->tail <= NBLOCKS - WAKE)
			pthread_cond_signal(&ld->cv_decode);
	}
	pthread_mutex_unlock(&ld->mu);
	return NULL;
}

/* Decoder thread: hands the block being filled over; waits for room. */
static int publish(struct loader *ld)
{
	pthread_mutex_lock(&ld->mu);
	ld->head++;
	if (ld->builder_waits && ld->head - ld->tail >= WAKE)
		pthread_cond_signal(&ld->cv_build);
	while (ld->head - ld->tail == NBLOCKS) { /* the builder always drains */
		ld->decoder_waits = 1;
		pthread_cond_wait(&ld->cv_decode, &ld->mu);
	}
	ld->decoder_waits = 0;
	int failed = ld->failed;
	ld->fill = &ld->ring[ld->head % NBLOCKS];
	ld->fill->n = ld->fill->nfull = 0;
	pthread_mutex_unlock(&ld->mu);
	return failed;
}

static void hint(struct loader *ld, const struct gt_tables *t, const struct gt_event *ev,
                 struct gt_hint *h)
{
	if (ev->kind == GT_EV_STATE_TRANSITION && ev->u.trans.stack) {
		gt_stack st = ev->u.trans.stack;
		uint32_t i = st & (HCACHE - 1);
		if (ld->hst[i] != st) {
			gt_model_hint(t, ev, &ld->hv[i]);
			ld->hst[i] = st;
		}
		*h = ld->hv[i];
		return;
	}
	gt_model_hint(t, ev, h);
}

static int on_event(void *ctx, const struct gt_event *ev, const struct gt_tables *t)
{
	struct loader *ld = ctx;
	ld->seen++;
	if (ld->ring) {
		struct block *b = ld->fill;
		struct cev *c = &b->v[b->n++];
		c->ts = ev->ts;
		c->g = ev->g;
		c->p = ev->p;
		c->m = ev->m;
		c->kind = (uint8_t)ev->kind;
		if (ev->kind == GT_EV_STATE_TRANSITION) {
			struct gt_hint h;
			hint(ld, t, ev, &h);
			c->a = ev->u.trans.id;
			c->reason = ev->u.trans.reason;
			c->root_func = h.root_func;
			c->stack = ev->stack;
			c->tstack = ev->u.trans.stack;
			c->sub = ev->u.trans.resource;
			c->from = ev->u.trans.from;
			c->to = ev->u.trans.to;
			c->gc_worker = h.gc_worker;
		} else if (ev->kind == GT_EV_METRIC) {
			c->a = (int64_t)ev->u.metric.value;
			c->sub = ev->u.metric.mkind;
		} else {
			struct gt_qev *q = &b->full[b->nfull];
			q->ev = *ev;
			hint(ld, t, ev, &q->h);
			c->kind = CEV_FULL;
			c->a = b->nfull++;
		}
		if (b->n == BLOCK && publish(ld))
			return 1;
	} else {
		struct gt_hint h;
		hint(ld, t, ev, &h);
		if (gt_model_add_hinted(ld->m, ev, &h) < 0) {
			ld->failed = 1;
			return 1;
		}
	}
	if (!ld->decoder_reports && (ld->seen & 0xfffff) == 0 && ld->mapped) {
		/* A decoder without progress reports (v1: events come in time
		 * order from all over the file) gets its file pages dropped now
		 * and then: the few it still reads come back from the page
		 * cache, the rest stop counting against the resident size. */
		madvise((void *)ld->buf, ld->len, MADV_DONTNEED);
	}
	if (!ld->decoder_reports && ld->progress && (ld->seen & 0xffff) == 0)
		ld->progress(ld->ctx, ev->offset < ld->len ? ev->offset : ld->len, ld->len);
	return 0;
}

struct gt_model *gt_model_load(const uint8_t *buf, size_t len, int mapped,
                               gt_model_progress_fn progress, void *ctx,
                               struct gt_decode_result *res)
{
	struct gt_model *m = gt_model_new();
	if (!m) {
		memset(res, 0, sizeof *res);
		res->status = GT_NOMEM;
		strcpy(res->msg, "out of memory");
		return NULL;
	}
	struct loader ld; /* ~16 KiB, with its hint cache */
	memset(&ld, 0, sizeof ld);
	ld.m = m;
	ld.buf = buf;
	ld.len = len;
	ld.mapped = mapped;
	ld.progress = progress;
	ld.ctx = ctx;
	pthread_t th;
	int threaded = 0;
	/* GTVIEW_LOAD_THREADS: "1" decode and build inline, "2" always use
	 * two threads (tests compare both) */
	const char *env = getenv("GTVIEW_LOAD_THREADS");
	int want = env && !strcmp(env, "2") ? 1 : env && !strcmp(env, "1") ? 0 :
	           len > (1u << 20) && sysconf(_SC_NPROCESSORS_ONLN) > 1;
	if (want) {
		ld.ring = malloc(NBLOCKS * sizeof *ld.ring);
		if (ld.ring) {
			pthread_mutex_init(&ld.mu, NULL);
			pthread_cond_init(&ld.cv_build, NULL);
			pthread_cond_init(&ld.cv_decode, NULL);
			ld.fill = &ld.ring[0];
			ld.fill->n = ld.fill->nfull = 0;
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
	struct gt_sink sink = {.ctx = &ld, .event = on_event, .progress = on_progress};
	gt_decode(buf, len, m->tables, &sink, res);
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
	}
	if (ld.failed || m->nomem) {
		m->nomem = 1;
		res->status = GT_NOMEM;
		strcpy(res->msg, "out of memory while building the model");
	}
	gt_model_finish(m);
	if (progress)
		progress(ctx, len, len);
	m->info.format = res->format;
	m->info.version = res->version;
	m->info.status = res->status;
	return m;
}
