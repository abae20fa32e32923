/* pipe.c: the first run on a thread of its own while the caller's
 * thread runs the second behind it (design: v1_pipe.h).  Only for
 * callers that can start over (gt_decode_restartable), 1.7+ traces
 * without futile wakeups to drop, and files of opts->v1_pipe_min bytes
 * or more (8 MiB; tests force it lower). */
#include "decode/v1/pipe.h"
#include "decode/v1/analyse.h"

#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define WAKE (1u << 15)    /* a sleeping second run wants this many more */
#define SPIN 64

/* First run: a GoSysCall at order index idx waits for its goroutine's
 * next event (until then the second run must not reach it). */
int v1_pipe_syscall(struct v1_ctx *c, uint64_t idx, uint32_t gi, uint32_t k)
{
	struct v1_pipe *pp = c->pipe;
	if (pp->pend_n == pp->pend_cap) {
		if (pp->pend_h > pp->pend_cap / 2) {
			/* drop the settled front */
			memmove(pp->pend, pp->pend + pp->pend_h, (pp->pend_n - pp->pend_h) * sizeof *pp->pend);
			pp->pend_n -= pp->pend_h;
			pp->pend_h = 0;
		} else {
			uint64_t cap = pp->pend_cap ? pp->pend_cap * 2 : 1024;
			struct v1_pend *n = realloc(pp->pend, cap * sizeof *n);
			if (!n)
				return v1_fail(c, 0, "out of memory");
			pp->pend = n;
			pp->pend_cap = cap;
		}
	}
	pp->pend[pp->pend_n++] = (struct v1_pend){idx, gi, k};
	return 0;
}

/* First run: a GoSysExit moved back to time ts, found at order index idx. */
int v1_pipe_moved(struct v1_ctx *c, const struct v1_ev *ev, int64_t ts, uint64_t idx)
{
	struct v1_pipe *pp = c->pipe;
	uint32_t k = c->nmoved / V1_PIPE_MCN;
	if (k >= V1_PIPE_MCH)
		return v1_fail(c, ev->off, "too many moved syscall exits");
	if (!pp->mch[k] && !(pp->mch[k] = malloc(V1_PIPE_MCN * sizeof *pp->mch[k])))
		return v1_fail(c, ev->off, "out of memory");
	struct v1_moved *m = &pp->mch[k][c->nmoved % V1_PIPE_MCN];
	m->ev = *ev;
	m->ev.ts = ts;
	m->idx = idx;
	c->nmoved++;
	return 0;
}

uint64_t v1_pipe_step(const struct v1_ctx *c)
{
	return c->pipe->lockstep ? 16 : V1_PIPE_STEP;
}

static void wake(struct v1_pipe *pp)
{
	pthread_mutex_lock(&pp->mu);
	pthread_cond_signal(&pp->cv);
	pthread_mutex_unlock(&pp->mu);
}

/* First run, after n events: publishes how far the second may go;
 * nonzero when the second has given up. */
int v1_pipe_publish(struct v1_ctx *c, uint64_t n)
{
	struct v1_pipe *pp = c->pipe;
	if (__atomic_load_n(&pp->abort, __ATOMIC_RELAXED))
		return 1;
	uint64_t lim = n > pp->margin ? n - pp->margin : 0;
	while (pp->pend_h < pp->pend_n) {
		const struct v1_pend *q = &pp->pend[pp->pend_h];
		if (c->gs[q->gi].sys_k == q->k) {
			if (n - q->idx > pp->max_settle)
				pp->max_settle = n - q->idx;
			if (q->idx < lim)
				lim = q->idx;
			break;
		}
		pp->pend_h++;
	}
	lim &= ~(uint64_t)15; /* the log is stored 16 entries at a time */
	if (lim <= pp->pub)
		return 0;
	pp->pub = lim;
	__atomic_store_n(&pp->nmoved, c->nmoved, __ATOMIC_RELEASE);
	__atomic_store_n(&pp->lim, lim, __ATOMIC_SEQ_CST);
	uint64_t want = __atomic_load_n(&pp->sleeping, __ATOMIC_SEQ_CST);
	if (want && lim >= want)
		wake(pp);
	while (pp->lockstep && __atomic_load_n(&pp->at, __ATOMIC_SEQ_CST) < lim &&
	       !__atomic_load_n(&pp->r2done, __ATOMIC_SEQ_CST) &&
	       !__atomic_load_n(&pp->abort, __ATOMIC_SEQ_CST))
		sched_yield();
	return 0;
}

uint64_t v1_pipe_wait(struct v1_ctx *c2, uint64_t i)
{
	struct v1_pipe *pp = c2->pipe;
	__atomic_store_n(&pp->at, i, __ATOMIC_SEQ_CST);
	for (unsigned spin = 0;; spin++) {
		uint64_t lim = __atomic_load_n(&pp->lim, __ATOMIC_SEQ_CST);
		if (lim > i)
			return lim;
		if (__atomic_load_n(&pp->done, __ATOMIC_ACQUIRE))
			return __atomic_load_n(&pp->lim, __ATOMIC_ACQUIRE);
		if (spin == 0)
			pp->waits++;
		if (spin < SPIN) {
#if defined(__x86_64__) || defined(__i386__)
			__builtin_ia32_pause();
#endif
			continue;
		}
		pthread_mutex_lock(&pp->mu);
		pp->sleeps++;
		__atomic_store_n(&pp->sleeping, i + (pp->lockstep ? 1 : WAKE), __ATOMIC_SEQ_CST);
		while (__atomic_load_n(&pp->lim, __ATOMIC_SEQ_CST) <= i &&
		       !__atomic_load_n(&pp->done, __ATOMIC_ACQUIRE))
			pthread_cond_wait(&pp->cv, &pp->mu);
		__atomic_store_n(&pp->sleeping, 0, __ATOMIC_SEQ_CST);
		pthread_mutex_unlock(&pp->mu);
		spin = 0;
	}
}

/* The first run's thread: v1_analyse's work, published as it goes. */
static void *run1(void *arg)
{
	struct v1_ctx *c = arg;
	struct v1_pipe *pp = c->pipe;
	struct v1_an a = {0, INT64_MIN, 0, 0, 0, 0};
	a.capsys = (uint32_t)(c->olog_cap / 8 + 2);
	int rc = v1_keep_before_gap(c, v1_order_analyse(c, &a));
	c->nordered = a.n;
	struct timespec ts;
	if (!clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts))
		pp->cpu1 = (double)ts.tv_sec + ts.tv_nsec / 1e9;
	pthread_mutex_lock(&pp->mu);
	pp->rc1 = rc ? -1 : 0;
	__atomic_store_n(&pp->nmoved, c->nmoved, __ATOMIC_RELEASE);
	if (!rc)
		__atomic_store_n(&pp->lim, a.n, __ATOMIC_SEQ_CST);
	__atomic_store_n(&pp->done, 1, __ATOMIC_RELEASE);
	pthread_cond_signal(&pp->cv);
	pthread_mutex_unlock(&pp->mu);
	return NULL;
}

/* Whether the initial goroutines went out in the first run's goroutine
 * order, as a sequential decode sends them. */
static int pre_in_order(const struct v1_ctx *c, const struct v1_pipe *pp)
{
	uint64_t last = 0;
	for (uint32_t i = 0; i < pp->npre; i++) {
		uint64_t id = pp->pre[i];
		const uint32_t *s = id < c->capgdirect && c->gdirect[id] != UINT32_MAX ?
		                    &c->gdirect[id] : gt_ids_slot(&c->gmap, id);
		if (!s || *s == UINT32_MAX || (i && *s <= last))
			return 0;
		last = *s;
	}
	return 1;
}

int v1_pipe_run(struct v1_ctx *c, int restartable, int *rcp)
{
	if (!restartable || c->ver < 7 || (c->nfutile && c->ver < 11) || c->err[0] || c->ng ||
	    c->ntask || c->nregion || c->len < c->opts->v1_pipe_min || c->cut)
		return 1;
	struct v1_pipe *pp = calloc(1, sizeof *pp);
	struct v1_ctx *c2 = calloc(1, sizeof *c2);
	if (!pp || !c2) {
		free(pp);
		free(c2);
		return 1;
	}
	struct gt_decode_result *res = c->res;
	pp->margin = c->opts->v1_pipe_margin;
	pp->force = c->opts->v1_pipe_give_up;
	pp->lockstep = c->opts->v1_pipe_lockstep != 0;
	if (pp->lockstep)
		pp->margin = 0;
	pp->min_slack = INT64_MAX;
	c->pipe = pp;
	c->res = &pp->res1;
	int ok = !v1_order_start(c);
	uint32_t capsys = (uint32_t)(c->olog_cap / 8 + 2);
	if (ok && c->olog_cap < UINT32_MAX / 2 && (c->sysblocked = calloc(capsys, 1))) {
		*c2 = *c;
		c2->pipe = pp;
		c2->res = res;
		c2->procs = malloc((size_t)(c->capproc ? c->capproc : 1) * sizeof *c2->procs);
		memset(&c2->pmap, 0, sizeof c2->pmap); /* (copied below) */
		c2->heap = c2->avail = NULL;
		c2->front_ts = NULL;
		c2->olog_n = UINT64_MAX; /* bounded by the published lim */
		c2->nsyscall = (uint64_t)capsys * 8;
		c2->nmoved = 0;
		c2->moved = NULL;
		c2->moved_by_ts = NULL;
		c2->flat = NULL;
		/* its own goroutines, tasks, regions (none yet: see above) */
		c2->gs = NULL;
		c2->gord = NULL;
		c2->ng = c2->capg = c2->capgord = 0;
		memset(&c2->gmap, 0, sizeof c2->gmap);
		c2->gdirect = NULL;
		c2->capgdirect = 0;
		c2->gpost = NULL;
		c2->capgpost = 0;
		c2->tasks = NULL;
		c2->captask = 0;
		memset(&c2->taskmap, 0, sizeof c2->taskmap);
		memset(&c2->sys_m, 0, sizeof c2->sys_m);
		c2->regions = NULL;
		c2->capregion = c2->freeregion = 0;
		if (c2->procs)
			memcpy(c2->procs, c->procs, (size_t)c->nproc * sizeof *c2->procs);
		ok = c2->procs && !gt_ids_copy(&c2->pmap, &c->pmap);
	} else
		ok = 0;
	int rc2 = 0, started = 0;
	if (ok) {
		pthread_mutex_init(&pp->mu, NULL);
		pthread_cond_init(&pp->cv, NULL);
		started = pthread_create(&pp->th, NULL, run1, c) == 0;
		if (started) {
			rc2 = v1_deliver_pipe(c2);
			__atomic_store_n(&pp->r2done, 1, __ATOMIC_SEQ_CST);
			/* a caller that stopped the delivery (a viewer quitting
			 * during the load) wants nothing of the rest of the
			 * first run's merge: seconds on a big file */
			if (rc2 == -3 || c2->stopped)
				__atomic_store_n(&pp->abort, 1, __ATOMIC_RELAXED);
			pthread_join(pp->th, NULL);
		}
		pthread_mutex_destroy(&pp->mu);
		pthread_cond_destroy(&pp->cv);
	}
	int out;
	if (!started) {
		out = 2; /* nothing delivered: sequentially, from the start */
	} else if (!c2->stopped && (rc2 == -3 || pp->rc1 || (rc2 == -1 && v1_pipe_late(c2)) ||
	                            !pre_in_order(c, pp))) {
		out = 2;
		if (!pp->why)
			pp->why = pp->rc1 ? "the first run failed" :
			          rc2 == -1 ? "a moved syscall exit found too late" :
			          "the initial goroutines in another order";
	} else {
		out = 0;
		*rcp = rc2 ? -1 : 0;
		c->ngeneral = c2->ngeneral;
		c->stopped = c2->stopped;
		if (rc2 && !c2->stopped) {
			memcpy(c->err, c2->err, sizeof c->err);
			c->err_off = c2->err_off;
		}
	}
	struct gt_decode_stats *st = c->opts->stats;
	if (st) {
		st->v1_pipe = out == 2 ? 2 : 1;
		st->v1_pipe_why = out != 2 ? NULL : pp->why ? pp->why : "setup failed";
		st->v1_pipe_cpu1 = pp->cpu1;
		st->v1_pipe_moved = c->nmoved;
		st->v1_pipe_back = pp->max_back;
		st->v1_pipe_slack = pp->min_slack == INT64_MAX ? -1 : pp->min_slack;
		st->v1_pipe_settle = pp->max_settle;
		st->v1_pipe_waits = pp->waits;
		st->v1_pipe_sleeps = pp->sleeps;
	}
	c->res = res;
	c->pipe = NULL;
	v1_run_free(c2);
	free(c2);
	for (uint32_t k = 0; k < V1_PIPE_MCH && pp->mch[k]; k++)
		free(pp->mch[k]);
	free(pp->pend);
	free(pp->pre);
	free(pp);
	c->nmoved = 0;
	return out;
}
