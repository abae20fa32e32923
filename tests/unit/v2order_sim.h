/* v2order_sim.h: a tiny stand-in for Go's reader, for the orderer's unit
 * tests: per generation, per M event lists; always try the M whose next
 * event is earliest, then the others by time; fail when none advances.
 * Included by tests/unit/v2order_*.c only (not a .c: the GNUmakefile
 * builds each tests/unit C file into its own program). */
#ifndef GT_TESTS_V2ORDER_SIM_H
#define GT_TESTS_V2ORDER_SIM_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "decode/v2/order.h"
#include "decode/tables.h"

#define NOM (-1)
#define NOTHREAD UINT64_MAX

struct tev {
	uint64_t gen;
	int64_t m;
	int64_t t;
	uint8_t type;
	uint64_t a[5];
};

/* Wire types used by the tests (Go's tracev2 numbers). */
enum {
	ProcsChange = 9, ProcStart, ProcStop, ProcSteal, ProcStatus, GoCreate,
	GoCreateSyscall, GoStart, GoDestroy, GoDestroySyscall, GoStop, GoBlock,
	GoUnblock, GoSyscallBegin, GoSyscallEnd, GoSyscallEndBlocked, GoStatus,
	STWBegin, STWEnd, GCActive, GCBegin, GCEnd, GCSweepActive, GCSweepBegin,
	GCSweepEnd, GCMarkAssistActive, GCMarkAssistBegin, GCMarkAssistEnd,
	HeapAlloc, HeapGoal, GoLabel, UserTaskBegin, UserTaskEnd,
	UserRegionBegin, UserRegionEnd, UserLog, GoSwitch, GoSwitchDestroy,
	GoCreateBlocked, GoStatusStack, SpanAlloc = 129
};

struct sim_str { uint64_t gen, id; const char *s; };

struct sim {
	struct gt_tables *t;
	const struct sim_str *strs;
	uint64_t gen;
	struct gt_event out[512];
	int nout;
	char err[256];
};

static gt_str sim_str_cb(void *ctx, uint64_t id, int *ok)
{
	struct sim *s = ctx;
	for (const struct sim_str *p = s->strs; p && p->s; p++)
		if (p->gen == s->gen && p->id == id)
			return gt_str_intern(s->t, p->s, strlen(p->s));
	*ok = 0;
	return 0;
}

/* Stack ids 1..99 exist, as a one-frame stack with pc = id. */
static gt_stack sim_stack_cb(void *ctx, uint64_t id, int *ok)
{
	struct sim *s = ctx;
	if (id >= 100) {
		*ok = 0;
		return 0;
	}
	struct gt_frame f = { id, gt_str_intern(s->t, "f", 1), 0, 1 };
	uint32_t fr = gt_frame_intern(s->t, &f);
	return gt_stack_intern(s->t, &fr, 1);
}

/* Runs evs[0..n) through a fresh orderer; 0 on success, -1 on error. */
static int sim_run(struct sim *s, int version, const struct tev *evs, int n,
                   const struct sim_str *strs)
{
	memset(s->out, 0, sizeof s->out);
	s->nout = 0;
	s->err[0] = 0;
	s->strs = strs;
	struct gt_v2_order *o = gt_v2_order_new(version);
	int rc = 0;
	char done[256] = { 0 };
	for (int i = 0; i < n && rc == 0; i++) {
		if (done[i])
			continue;
		uint64_t gen = evs[i].gen;
		s->gen = gen;
		struct gt_v2_gen_view gv = { s, gen, s->t, sim_str_cb, sim_stack_cb };
		for (;;) {
			/* Heads: the first undone event of each M in this gen. */
			int heads[32], nh = 0;
			for (int j = 0; j < n; j++) {
				if (done[j] || evs[j].gen != gen)
					continue;
				int seen = 0;
				for (int k = 0; k < nh; k++)
					if (evs[heads[k]].m == evs[j].m)
						seen = 1;
				if (!seen)
					heads[nh++] = j;
			}
			if (!nh)
				break;
			/* By time, stable. */
			for (int a = 1; a < nh; a++)
				for (int b = a; b > 0 && evs[heads[b]].t < evs[heads[b - 1]].t; b--) {
					int x = heads[b];
					heads[b] = heads[b - 1];
					heads[b - 1] = x;
				}
			int ok = 0;
			for (int k = 0; k < nh && !ok; k++) {
				const struct tev *e = &evs[heads[k]];
				struct gt_v2_base b = { .type = e->type, .nargs = 5, .time = e->t,
				                        .offset = (uint64_t)heads[k] };
				memcpy(b.args, e->a, sizeof e->a);
				int r = gt_v2_order_advance(o, &b, e->m, &gv, s->err, sizeof s->err);
				if (r < 0) {
					rc = -1;
					break;
				}
				if (r == 1) {
					ok = 1;
					done[heads[k]] = 1;
					const struct gt_event *q;
					while (s->nout < 512 && (q = gt_v2_order_next(o)))
						s->out[s->nout++] = *q;
				}
			}
			if (rc)
				break;
			if (!ok) {
				snprintf(s->err, sizeof s->err, "broken trace: failed to advance");
				rc = -1;
				break;
			}
		}
	}
	gt_v2_order_free(o);
	return rc;
}

#endif
