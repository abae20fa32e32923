/* analyse.h: the first run's per-event analysis.  The merge loop
 * (v1_order_analyse in v1_order.c) makes the time-order check itself, in
 * registers; only syscalls, events of goroutines with a GoSysCall pending
 * and (pre-1.11) futile wakeup candidates call v1_an_rare (v1_post.c). */
#ifndef GT_DECODE_V1_ANALYSE_H
#define GT_DECODE_V1_ANALYSE_H

#include "decode/v1/int.h"

struct v1_an {
	uint64_t n;          /* events analysed (their index in the order) */
	int64_t prev;        /* time of the last */
	uint64_t npend;      /* goroutines with a GoSysCall pending */
	uint32_t capmoved, capsys;
	int futile;          /* removeFutile applies (pre-1.11 traces) */
};

/* The types v1_an_rare's switch looks at. */
#define V1_SYS_TYPES (1ull << V1_GO_SYSCALL | 1ull << V1_GO_SYSBLOCK | \
                      1ull << V1_GO_INSYSCALL | 1ull << V1_GO_SYSEXIT)

/* v1_post.c: the syscall and futile bookkeeping of one event (a->n its
 * index in the order). */
int v1_an_rare(struct v1_ctx *c, struct v1_an *a, const struct v1_ev *ev);

/* v1_order.c: the first run: merges the events and analyses each.  0 at
 * the end, -1 error (c->err), -2 no consistent ordering (c->err too). */
int v1_order_analyse(struct v1_ctx *c, struct v1_an *a);

#endif
