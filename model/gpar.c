/* gpar.c: gt_model_g_par, gt_model_blocks_par and gt_model_g_order
 * (gpar.h). */
#include "model/gpar.h"
#include "model/model_int.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Goroutines a thread takes at a time: about 1/256 of them, so that a
 * few long histories among them (old-format traces: thousands of
 * goroutines, millions of intervals) still spread over both threads;
 * whole blocks (gt_gblock_meets). */
#define CHUNK_MAX 4096
_Static_assert(CHUNK_MAX % GT_GBASE_STEP == 0, "chunks of whole blocks");
/* Below this many goroutines or bytes of their logs a second thread
 * does not pay. */
#define TWO_THREADS 65536
#define TWO_THREADS_BYTES (8u << 20)
/* gt_model_blocks_par's rows cost more (a goroutine's intervals, its
 * row): a second thread pays from fewer (churn_go119's 46 k) */
#define TWO_THREADS_BLOCKS 8192

struct par {
	const struct gt_model *m;
	uint32_t n, chunk;
	atomic_ullong next; /* first goroutine of the next chunk */
	atomic_int fail;
	int (*each)(void *, uint32_t, const struct gt_goroutine *);
	int (*each_gi)(void *, uint32_t); /* gt_model_gi_par: no facts read */
	int64_t t0, t1;                   /* ...only goroutines whose block
	                                     meets [t0, t1) */
	void *ctx[2];
	void (*first)(void *);
	void *first_ctx;
};

static void take(struct par *p, void *ctx)
{
	while (!atomic_load(&p->fail)) {
		unsigned long long at = atomic_fetch_add(&p->next, p->chunk);
		if (at >= p->n)
			return;
		uint32_t lo = (uint32_t)at, hi = p->n - lo < p->chunk ? p->n : lo + p->chunk;
		for (uint32_t gi = lo; gi < hi; gi++) {
			if (p->each_gi && !gt_gblock_meets(p->m, gi, p->t0, p->t1)) {
				gi |= GT_GBASE_STEP - 1; /* chunks are whole blocks */
				continue;
			}
			struct gt_goroutine g;
			if (p->each_gi ? p->each_gi(ctx, gi) < 0 :
			    gt_model_g(p->m, gi, &g) == 0 && p->each(ctx, gi, &g) < 0) {
				atomic_store(&p->fail, 1);
				return;
			}
		}
	}
}

static void *second(void *arg)
{
	struct par *p = arg;
	if (p->first)
		p->first(p->first_ctx);
	take(p, p->ctx[1]);
	return NULL;
}

static int run(struct par *p);

int gt_model_g_par(const struct gt_model *m,
                   int (*each)(void *ctx, uint32_t gi, const struct gt_goroutine *g),
                   void *ctx[2], void (*first)(void *), void *first_ctx)
{
	struct par p = {.m = m, .n = gt_model_g_count(m), .each = each,
	                .ctx = {ctx[0], ctx[1]}, .first = first, .first_ctx = first_ctx};
	return run(&p);
}

int gt_model_gi_par(const struct gt_model *m, int64_t t0, int64_t t1,
                    int (*each)(void *ctx, uint32_t gi), void *ctx[2])
{
	struct par p = {.m = m, .n = gt_model_g_count(m), .each_gi = each, .ctx = {ctx[0], ctx[1]},
	                .t0 = t0, .t1 = t1};
	return run(&p);
}

/* Whether a pass over n goroutines of m wants a second thread: from
 * least of them, or from TWO_THREADS_BYTES of their logs. */
static int want_two(const struct gt_model *m, uint32_t n, uint32_t least)
{
	return m->threads == 2 ? 1 : m->threads == 1 ? 0 :
	       (n >= least || gt_barena_bytes(&m->garena) >= TWO_THREADS_BYTES) &&
	       sysconf(_SC_NPROCESSORS_ONLN) > 1;
}

static int run(struct par *p)
{
	atomic_init(&p->next, 0);
	atomic_init(&p->fail, 0);
	uint32_t c = p->n / 256 / GT_GBASE_STEP * GT_GBASE_STEP;
	p->chunk = c < GT_GBASE_STEP ? GT_GBASE_STEP : c > CHUNK_MAX ? CHUNK_MAX : c;
	pthread_t th;
	int threads = want_two(p->m, p->n, TWO_THREADS) &&
	              pthread_create(&th, NULL, second, p) == 0 ? 2 : 1;
	if (threads == 1 && p->first)
		p->first(p->first_ctx);
	take(p, p->ctx[0]);
	if (threads == 2)
		pthread_join(th, NULL);
	return atomic_load(&p->fail) ? -1 : threads;
}

struct blocks {
	uint32_t n, block;
	atomic_ullong next;  /* the next block to take */
	pthread_mutex_t mu;  /* guards what follows, and out's calls */
	pthread_cond_t cv;
	unsigned long long turn; /* the block to write next */
	unsigned long long held[2][GT_BLOCKS_AHEAD]; /* each thread's blocks */
	int first[2], nheld[2];                     /* not written yet */
	int fail;
	int (*each)(void *, uint32_t, uint32_t);
	int (*out)(void *);
	void *ctx[2];
};

/* Thread k: takes blocks while it holds fewer than GT_BLOCKS_AHEAD not
 * written, and writes its own when their turn comes; a thread that waits
 * is woken at each turn. */
static void blocks_take(struct blocks *p, int k)
{
	int taking = 1;
	pthread_mutex_lock(&p->mu);
	for (;;) {
		while (p->nheld[k] && p->held[k][p->first[k]] == p->turn && !p->fail) {
			if (p->out(p->ctx[k]) < 0)
				p->fail = 1;
			p->first[k] = (p->first[k] + 1) % GT_BLOCKS_AHEAD;
			p->nheld[k]--;
			p->turn++;
			pthread_cond_broadcast(&p->cv);
		}
		if (p->fail || (!taking && !p->nheld[k]))
			break;
		if (!taking || p->nheld[k] == GT_BLOCKS_AHEAD) {
			pthread_cond_wait(&p->cv, &p->mu);
			continue;
		}
		pthread_mutex_unlock(&p->mu);
		unsigned long long b = atomic_fetch_add(&p->next, 1);
		unsigned long long lo = b * p->block;
		int rc = 0;
		if (lo < p->n) {
			uint32_t hi = p->n - lo < p->block ? p->n : (uint32_t)lo + p->block;
			rc = p->each(p->ctx[k], (uint32_t)lo, hi);
		}
		pthread_mutex_lock(&p->mu);
		if (lo >= p->n)
			taking = 0;
		else if (rc < 0) {
			p->fail = 1;
			pthread_cond_broadcast(&p->cv);
		} else
			p->held[k][(p->first[k] + p->nheld[k]++) % GT_BLOCKS_AHEAD] = b;
	}
	pthread_mutex_unlock(&p->mu);
}

static void *blocks_second(void *arg)
{
	blocks_take(arg, 1);
	return NULL;
}

int gt_model_blocks_par(const struct gt_model *m, uint32_t n, uint32_t block,
                        int (*each)(void *ctx, uint32_t lo, uint32_t hi),
                        int (*out)(void *ctx), void *ctx[2])
{
	struct blocks p = {.n = n, .block = block ? block : 1, .each = each, .out = out,
	                   .ctx = {ctx[0], ctx[1]}};
	atomic_init(&p.next, 0);
	if (pthread_mutex_init(&p.mu, NULL) != 0)
		return -1;
	if (pthread_cond_init(&p.cv, NULL) != 0) {
		pthread_mutex_destroy(&p.mu);
		return -1;
	}
	pthread_t th;
	int threads = want_two(m, n, TWO_THREADS_BLOCKS) &&
	              pthread_create(&th, NULL, blocks_second, &p) == 0 ? 2 : 1;
	blocks_take(&p, 0);
	if (threads == 2)
		pthread_join(th, NULL);
	pthread_cond_destroy(&p.cv);
	pthread_mutex_destroy(&p.mu);
	return p.fail ? -1 : threads;
}

const uint32_t *gt_model_g_order(const struct gt_model *m)
{
	/* the first lookup builds the order (gquery.c), under its lock */
	if (!gt_model_g_count(m) || gt_model_g_by_id(m, 0) == UINT32_MAX)
		return NULL;
	return m->gperm;
}
