/* gpar.c: gt_model_g_par and gt_model_g_order (gpar.h). */
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

static int run(struct par *p)
{
	atomic_init(&p->next, 0);
	atomic_init(&p->fail, 0);
	uint32_t c = p->n / 256 / GT_GBASE_STEP * GT_GBASE_STEP;
	p->chunk = c < GT_GBASE_STEP ? GT_GBASE_STEP : c > CHUNK_MAX ? CHUNK_MAX : c;
	int want = p->m->threads == 2 ? 1 : p->m->threads == 1 ? 0 :
	           (p->n >= TWO_THREADS || gt_barena_bytes(&p->m->garena) >= TWO_THREADS_BYTES) &&
	           sysconf(_SC_NPROCESSORS_ONLN) > 1;
	pthread_t th;
	int threads = want && pthread_create(&th, NULL, second, p) == 0 ? 2 : 1;
	if (threads == 1 && p->first)
		p->first(p->first_ctx);
	take(p, p->ctx[0]);
	if (threads == 2)
		pthread_join(th, NULL);
	return atomic_load(&p->fail) ? -1 : threads;
}

const uint32_t *gt_model_g_order(const struct gt_model *m)
{
	/* the first lookup builds the order (gquery.c), under its lock */
	if (!gt_model_g_count(m) || gt_model_g_by_id(m, 0) == UINT32_MAX)
		return NULL;
	return m->gperm;
}
