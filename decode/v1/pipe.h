/* pipe.h: the two runs of a big v1 trace at once (v1_pipe.c).
 *
 * The first run (merge + analysis) runs on a thread of its own, on the
 * decoder's context; the second (replay, validation, conversion,
 * delivery) follows it on the caller's thread, on a copy of that context
 * with its own cursors, goroutine table and postprocess state.  The
 * first run publishes how far the facts the second reads are final:
 * lim, below which every event is logged and every GoSysCall knows
 * whether it blocked (the oldest syscall still waiting for its
 * goroutine's next event holds lim back), kept some events behind the
 * merge so that syscall exits moved back in time are found before the
 * second run passes their time.  A moved exit found too late (earlier
 * than an event already delivered), a first-run error, or an order of
 * the initial goroutines that differs from the first run's means the
 * delivered prefix may differ from a sequential decode's: the decoder
 * then answers GT_RESTART and the (restartable) caller decodes again,
 * sequentially.  Cross-thread words are read and written with __atomic
 * builtins; everything else belongs to one side. */
#ifndef GT_DECODE_V1_PIPE_H
#define GT_DECODE_V1_PIPE_H

#include "decode/v1/int.h"

#include <pthread.h>

#define V1_PIPE_MCN 4096u  /* moved exits a chunk */
#define V1_PIPE_MCH 8192u  /* chunks (32 M moved exits; more: restart) */
#define V1_PIPE_STEP 512u  /* the first run publishes every STEP events */

struct v1_pend {           /* a GoSysCall whose goroutine has not moved on */
	uint64_t idx;          /* its index in the order */
	uint32_t gi, k;        /* its goroutine, and gs[gi].sys_k while pending */
};

struct v1_pipe {
	/* first run -> second run (__atomic) */
	uint64_t lim;          /* order indices < lim may be replayed */
	uint32_t nmoved;       /* moved exits in mch[], in order-index order */
	int done;              /* the first run ended: rc1, lim final */
	int abort;             /* the second gave up: the first may stop */
	uint64_t sleeping;     /* the second waits on cv for lim >= this (0: not) */
	uint64_t at;           /* lockstep: the index the second waits at */
	int r2done;            /* lockstep: the second run ended */
	pthread_mutex_t mu;
	pthread_cond_t cv;
	struct v1_moved *mch[V1_PIPE_MCH];
	/* the first run's own */
	int rc1;               /* 0 ok (or kept events before a gap), -1 error */
	uint64_t margin;       /* lim stays this many events behind the merge */
	int lockstep;          /* opts->v1_pipe_lockstep (tests): the first run waits for
	                        * the second after each publish, so that moved
	                        * exits are found as late as they can be */
	uint64_t pub;          /* lim last published */
	struct v1_pend *pend;
	uint64_t pend_h, pend_n, pend_cap; /* queue: pend[pend_h .. pend_n) */
	struct gt_decode_result res1;
	pthread_t th;
	/* the second run's own */
	uint64_t *pre;         /* ids of the initial goroutines, as delivered */
	uint32_t npre, cappre;
	uint64_t force;        /* opts->v1_pipe_give_up: give up at this index */
	uint32_t have;         /* moved exits taken from mch[] */
	int started;           /* something time-dependent was delivered */
	int min_set;           /* c2->min_ts is final (unless a moved exit is earlier) */
	int64_t done_ts;       /* time (ticks) of the last event replayed */
	/* statistics (opts->stats) */
	uint64_t max_settle;   /* first run: longest a GoSysCall held lim back */
	uint64_t max_back;     /* second run: most order indices a moved exit went back */
	int64_t min_slack;     /* second run: least time (ticks) between a moved exit
	                        * found and the last event replayed (< 0: too late) */
	uint64_t waits, sleeps;
	double cpu1;           /* the first run's thread CPU time (s) */
	const char *why;       /* why it gave up */
};

/* v1_pipe.c: the first run's side: publishes every v1_pipe_step events. */
uint64_t v1_pipe_step(const struct v1_ctx *c);
int v1_pipe_publish(struct v1_ctx *c, uint64_t n);
int v1_pipe_moved(struct v1_ctx *c, const struct v1_ev *ev, int64_t ts, uint64_t idx);
int v1_pipe_syscall(struct v1_ctx *c, uint64_t idx, uint32_t gi, uint32_t k);
/* the second run's side: waits until lim > i or the first run is done;
 * returns the new lim (== i: the end). */
uint64_t v1_pipe_wait(struct v1_ctx *c2, uint64_t i);

/* v1_convert.c: the second run, pipelined.  0 done, -1 error (c2->err)
 * or stopped, -3 give up (restart). */
int v1_deliver_pipe(struct v1_ctx *c2);
/* v1_convert.c: whether moved exits found after the second run stopped
 * early belonged before what it delivered (-3) or not (0). */
int v1_pipe_late(struct v1_ctx *c2);
/* v1_convert.c: end_preinit's record of an initial goroutine. */
int v1_pipe_pre(struct v1_ctx *c2, uint64_t id);

/* v1_pipe.c: both runs at once, when restartable and worth it.  0: done,
 * *rcp and c hold the outcome as a sequential decode's; 1: not tried
 * (decode sequentially); 2: given up, the caller must start over. */
int v1_pipe_run(struct v1_ctx *c, int restartable, int *rcp);

#endif
