/* scan_split.c: pass 1 over a big 1.7+ trace on two cores.  A tail
 * thread scans from a batch header near the middle of the file (split)
 * while the caller scans up to it.  The tail keeps nothing itself: it
 * counts plain events, checks them as the caller would, notes the threads
 * of syscall exits (v1_exitm_note: a pair never spans the split, a batch
 * header) and lists the records the caller must see in file order
 * (batches, strings, stacks, ...), to be handled by v1_scan_record once
 * the caller meets split exactly (which proves split a record boundary,
 * so the tail read what a single scan would).  A caller that steps over
 * split drops its work. */
#include "decode/v1/scan.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

enum { TAIL_END, TAIL_CUT, TAIL_ERR, TAIL_STOPPED, TAIL_NOMEM };

struct v1_tail {
	struct v1_ctx c;         /* private: buf, len, end, ver; its errors */
	struct gt_decode_result res;
	const struct scan *st;   /* tables only (read-only while it runs) */
	uint64_t from;
	pthread_t th;
	atomic_int stop;
	/* results */
	int how;                 /* TAIL_... */
	uint64_t at;             /* TAIL_CUT: the cut record; TAIL_ERR: c.err_off */
	uint64_t nevents, nfutile;
	uint64_t *recs;          /* offsets of the records left to scan_record */
	uint32_t nrecs, caprecs;
	struct v1_exitm xm;      /* v1_exitm_note's, and its pairs (g, m) */
	uint64_t *xpairs;
	uint32_t nxpairs, capxpairs;
};

static void *tail_run(void *arg)
{
	struct v1_tail *t = arg;
	struct v1_ctx *c = &t->c;
	const struct scan *st = t->st;
	const uint8_t *b = c->buf;
	uint64_t pos = t->from;
	struct v1_raw r;
	for (;;) {
		if (atomic_load_explicit(&t->stop, memory_order_relaxed)) {
			t->how = TAIL_STOPPED;
			return NULL;
		}
		uint64_t off = pos;
		pos = off = (uint64_t)(skip_events(st, b + pos, b + c->end - 32, b + c->end, &t->nevents) - b);
		if (v1_fast_raw(c, &pos, &r)) {
			if (!fast_rare(st, &r)) {
				t->nevents++;
				continue;
			}
			pos = off;
		}
		int rc = v1_read_raw(c, &pos, &r, 0);
		if (rc == 0) {
			t->how = TAIL_END;
			return NULL;
		}
		if (rc == CUT) {
			t->how = TAIL_CUT;
			t->at = off;
			return NULL;
		}
		if (rc < 0)
			break;
		switch (r.type) {
		case V1_STRING: case V1_BATCH: case V1_FREQUENCY: case V1_TIMER_GOROUTINE:
		case V1_STACK: case V1_CPU_SAMPLE:
			if (v1_grow((void **)&t->recs, &t->caprecs, sizeof *t->recs, t->nrecs + 1ULL)) {
				t->how = TAIL_NOMEM;
				return NULL;
			}
			t->recs[t->nrecs++] = off;
			continue;
		}
		if (v1_check_event(c, &r, off))
			break;
		uint64_t g, m, seq;
		if (v1_exitm_note(&t->xm, c->ver, &r, off, pos, &g, &m, &seq)) {
			if (v1_grow((void **)&t->xpairs, &t->capxpairs, 2 * sizeof *t->xpairs, t->nxpairs + 1ULL)) {
				t->how = TAIL_NOMEM;
				return NULL;
			}
			t->xpairs[2 * t->nxpairs] = g;
			t->xpairs[2 * t->nxpairs++ + 1] = m;
		}
		t->nevents++;
		if (r.type == V1_FUTILE_WAKEUP)
			t->nfutile++;
	}
	t->how = TAIL_ERR;
	t->at = c->err_off;
	return NULL;
}

/* A batch header near the middle of the file for the tail to start at,
 * 0 none (small or pre-1.7 traces, or nothing found).  Records are read
 * from the middle on, restarting a byte further at anything malformed;
 * reads from a wrong start soon fall in step with the real records (a
 * record's length follows from its first bytes), so the first batch
 * header after 256 records read in a row is taken.  The caller checks it
 * (it must meet it exactly). */
static uint64_t pick_split(const struct v1_ctx *c, const struct scan *st)
{
	/* opts: 8 MB, below which a second thread does not pay; tests
	 * lower it to run the split on small fixtures */
	uint64_t min = c->opts->v1_split_min;
	if (c->ver < 7 || c->end < min || c->end < 64)
		return 0;
	struct v1_ctx *t = calloc(1, sizeof *t);
	if (!t)
		return 0;
	t->buf = c->buf;
	t->len = c->len;
	t->end = c->end;
	t->ver = c->ver;
	uint64_t x = c->end / 2, pos = x, found = 0;
	unsigned n = 0;
	struct v1_raw r;
	while (!found && pos < c->end / 2 + (4u << 20) && pos < c->end - 64) {
		uint64_t off = pos;
		t->err[0] = 0;
		if (v1_read_raw(t, &pos, &r, 0) != 1 || t->err[0] ||
		    (r.type != V1_STRING && r.type != V1_STACK && (int)r.nargs != st->argn[r.type])) {
			pos = ++x; /* not in step: start again a byte further */
			n = 0;
			continue;
		}
		if (r.type == V1_BATCH && n >= 256)
			found = off;
		n++;
	}
	free(t);
	return found;
}

static struct v1_tail *tail_start(const struct v1_ctx *c, const struct scan *st, uint64_t from)
{
	struct v1_tail *t = calloc(1, sizeof *t);
	if (!t)
		return NULL;
	t->c.buf = c->buf;
	t->c.len = c->len;
	t->c.end = c->end;
	t->c.ver = c->ver;
	t->c.res = &t->res;
	t->st = st;
	t->from = from;
	atomic_init(&t->stop, 0);
	if (pthread_create(&t->th, NULL, tail_run, t)) {
		free(t);
		return NULL;
	}
	return t;
}

static void tail_free(struct v1_tail *t)
{
	free(t->recs);
	free(t->xpairs);
	free(t);
}

int v1_split_take(struct v1_ctx *c, struct scan *st, struct v1_tail *t, int *rc)
{
	pthread_join(t->th, NULL);
	if (t->how == TAIL_STOPPED || t->how == TAIL_NOMEM) {
		tail_free(t);
		return 0;
	}
	c->nevents += t->nevents;
	c->nfutile += t->nfutile;
	*rc = 0;
	for (uint32_t i = 0; i < t->nrecs && !*rc; i++) {
		struct v1_raw r;
		uint64_t pos = t->recs[i];
		if (v1_read_raw(c, &pos, &r, 0) != 1)
			*rc = v1_fail(c, t->recs[i], "cannot re-read record");
		else
			*rc = v1_scan_record(c, st, &r, t->recs[i]);
	}
	for (uint32_t i = 0; i < t->nxpairs && !*rc; i++)
		*rc = v1_exitm_put(c, t->xpairs[2 * i], t->xpairs[2 * i + 1], 0, t->from);
	if (!*rc && t->how == TAIL_CUT)
		v1_scan_cut(c, t->at);
	if (!*rc && t->how == TAIL_ERR)
		*rc = v1_fail(c, t->at, "%s", t->c.err);
	tail_free(t);
	return 1;
}

void v1_split_drop(struct v1_tail *t)
{
	atomic_store_explicit(&t->stop, 1, memory_order_relaxed);
	pthread_join(t->th, NULL);
	tail_free(t);
}

/* What became of the split, for the caller's statistics. */
void v1_split_note(const struct v1_ctx *c, uint64_t split, const char *what)
{
	struct gt_decode_stats *st = c->opts->stats;
	if (st) {
		st->v1_split_at = split;
		st->v1_split = what;
	}
}

struct v1_tail *v1_split_start(const struct v1_ctx *c, const struct scan *st, uint64_t *split)
{
	*split = pick_split(c, st);
	return *split ? tail_start(c, st, *split) : NULL;
}
