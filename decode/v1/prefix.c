/* prefix.c: a time prefix of an old-format trace (opts->v1_index), the
 * first frame of a big file while the whole loads.
 *
 * A byte prefix of such a file orders almost nothing: a P's buffer is
 * written when full, an idle P's (and the buffer of events without a P)
 * near the end of the file, and the merge waits for them.  A time
 * prefix has no such hole: a P's batches come in its time order, each
 * batch's header says when it began, and an event never precedes its
 * batch's.  So each P keeps the batches that begin before T, wherever
 * they are in the file; every event before T is then in them, and
 * causality (an event's ordering predecessors come before it in time)
 * means the merge delivers exactly what a whole load delivers before its
 * first event at or after T, where it stops (order.c). */
#include "decode/v1/int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A batch: when it began, when its P's next began (its events lie in
 * between), its bytes. */
struct bat {
	int64_t from, to;
	uint64_t len;
};

/* The bytes of events before t, were each batch's spread evenly over
 * its time. */
static double bytes_before(const struct bat *b, uint32_t n, int64_t t)
{
	double sum = 0;
	for (uint32_t i = 0; i < n; i++)
		if (t >= b[i].to)
			sum += (double)b[i].len;
		else if (t > b[i].from)
			sum += (double)b[i].len * ((double)t - (double)b[i].from) /
			       ((double)b[i].to - (double)b[i].from);
	return sum;
}

int v1_time_cut(struct v1_ctx *c)
{
	if (c->ver < 7)
		return v1_fail(c, 0, "a time prefix needs a Go 1.7+ trace");
	uint32_t n = c->nbatch;
	if (!n)
		return 0;
	struct bat *b = malloc(n * sizeof *b);
	if (!b) {
		c->res->status = GT_NOMEM;
		return v1_fail(c, 0, "out of memory");
	}
	int64_t lo = INT64_MAX, hi = INT64_MIN; /* the first and last batch's start */
	for (uint32_t i = 0; i < n; i++) {
		struct v1_raw r;
		b[i].to = INT64_MAX; /* (a batch of no P: none) */
		uint64_t pos = c->batches[i].off;
		if (v1_read_raw(c, &pos, &r, 0) != 1) {
			free(b);
			return v1_fail(c, c->batches[i].off, "cannot re-read batch header");
		}
		b[i].from = (int64_t)r.args[1];
		b[i].len = (i + 1 < n ? c->batches[i + 1].off : c->end) - c->batches[i].off;
		lo = b[i].from < lo ? b[i].from : lo;
		hi = b[i].from > hi ? b[i].from : hi;
	}
	if (hi == INT64_MAX) { /* no room for a time after it: no cut */
		free(b);
		return 0;
	}
	/* a batch ends where its P's next begins; a P's last, at the last
	 * batch's start (a guess: nothing says when a trace ends before the
	 * events are read) */
	for (uint32_t pi = 0; pi < c->nproc; pi++)
		for (uint32_t i = c->procs[pi].first; i != UINT32_MAX; i = c->batches[i].next) {
			uint32_t nx = c->batches[i].next;
			b[i].to = nx != UINT32_MAX ? b[nx].from : hi;
			if (b[i].to <= b[i].from) /* (hi < INT64_MAX: below) */
				b[i].to = b[i].from + 1;
		}
	/* T: where the events before it reach the budget, by halves */
	double want = (double)c->opts->v1_prefix;
	int64_t until = INT64_MAX;
	if (bytes_before(b, n, hi + 1) > want) {
		int64_t l = lo, h = hi + 1; /* bytes_before(h) > want */
		while ((uint64_t)h - (uint64_t)l > 1) {
			int64_t mid = (int64_t)((uint64_t)l + ((uint64_t)h - (uint64_t)l) / 2);
			if (bytes_before(b, n, mid) > want)
				h = mid;
			else
				l = mid;
		}
		until = h;
	}
	uint64_t sum = 0;
	for (uint32_t i = 0; i < n; i++)
		sum += b[i].from < until ? b[i].len : 0;
	if (until == INT64_MAX) { /* the whole trace fits */
		free(b);
		return 0;
	}
	/* each P's chain ends before its first batch at or after T */
	for (uint32_t pi = 0; pi < c->nproc; pi++) {
		struct v1_proc *p = &c->procs[pi];
		uint32_t prev = UINT32_MAX, bi = p->first;
		while (bi != UINT32_MAX && b[bi].from < until) {
			prev = bi;
			bi = c->batches[bi].next;
		}
		if (prev == UINT32_MAX)
			p->first = UINT32_MAX;
		else
			c->batches[prev].next = UINT32_MAX;
	}
	free(b);
	c->cut = 1;
	c->until = until;
	/* the log's size: an event takes 2 bytes at least */
	c->nevents = sum / 2 + 1;
	/* (after what pass 1 said: a cut record, no frequency) */
	size_t k = c->truncated ? strlen(c->why) : 0;
	snprintf(c->why + k, sizeof c->why - k, "%sa time prefix (%llu bytes of batches)",
	         k ? "; " : "", (unsigned long long)sum); /* (decode.c says up to when) */
	c->truncated = 1;
	if (c->opts->stats)
		c->opts->stats->v1_prefix_bytes = sum;
	return 0;
}
