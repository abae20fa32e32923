/* gseek.c: a goroutine's transitions from a time on
 * (gt_model_g_transitions_from) and its last cause before a time
 * (gt_model_g_last_cause), read from the chunk of its log that holds that
 * time, found by the per-chunk index (gt_g_seek), instead of from its
 * start (gt_model_g_transitions, the reference they are tested against:
 * tests/model-gseek.t).
 *
 * What a chunk needs from before it: the state its first record was
 * entered from (from the time on: never given, that record starts before
 * the time asked; the last cause: read from the chunk before when it is
 * the one) and the cause a GT_GN_AGAIN note repeats, which the writer
 * never leaves to an earlier chunk (glog.h).  Should one do so all the
 * same, the walk starts again from the log's head, passing over what it
 * gave. */
#include "model/model_int.h"

#include <stdlib.h>
#include <string.h>

/* Same-state notes wait for the record of the interval they lie in (they
 * follow its transition); their causes are resolved as they are read.
 * More than PEND_LOCAL in a row (a goroutine re-affirmed at many
 * generations in one interval) go to the heap; without memory the walk
 * stops there. */
#define PEND_LOCAL 16
struct pend {
	struct gt_gnote *v, local[PEND_LOCAL];
	size_t n, cap;
};

static int pend_push(struct pend *p, const struct gt_gnote *n)
{
	if (p->n == p->cap) {
		size_t cap = p->cap * 2;
		struct gt_gnote *v = malloc(cap * sizeof *v);
		if (!v)
			return -1;
		memcpy(v, p->v, p->n * sizeof *v);
		if (p->v != p->local)
			free(p->v);
		p->v = v;
		p->cap = cap;
	}
	p->v[p->n++] = *n;
	return 0;
}

struct walk {
	const struct gt_model *m;
	int64_t id, t;          /* the goroutine's Go id; given from t on */
	gt_gtrans_fn fn;
	void *ctx;
	uint32_t given, skip;   /* given so far; to pass over (a restart) */
	int one_chunk;          /* stop at the end of the first chunk */
};

enum { GO_ON, STOPPED, RESTART };
/* The from of a chunk's first record, walked from there: not known. */
#define FROM_UNKNOWN 0xff

/* Transition tr to fn when at or after w->t: STOPPED when fn says so. */
static int give(struct walk *w, struct gt_gtrans tr)
{
	if (tr.ts < w->t)
		return GO_ON;
	w->given++;
	if (w->skip) {
		w->skip--;
		return GO_ON;
	}
	tr.seq = GT_SEQ_UNKNOWN;
	return w->fn(w->ctx, &tr) ? STOPPED : GO_ON;
}


/* Walks c's records and notes to the log's end; tr: what the first
 * record's transition is known to have (from, a creation's cause).
 * RESTART: a repeated cause whose first telling lies before c's chunk. */
static int walk(struct walk *w, struct gt_gcur *c, struct gt_gtrans tr, struct pend *p)
{
	const struct gt_model *m = w->m;
	int64_t by = GT_NONE;
	gt_stack bs = 0;
	int by_known = 0;
	struct gt_grec r;
	struct gt_gnote n;
	int k, rc;
	/* a chunk ends after a record (its notes precede it), so there
	 * no same-state note waits */
	while (!(w->one_chunk && c->p >= c->end) && (k = gt_gcur_step(c, &r, &n))) {
		if (k == 2) {
			if (gt_gnote_cause(&n, w->id, &by, &bs, &by_known) < 0)
				return RESTART;
			if (n.f & GT_GN_FROM)
				tr.from = n.from;
			if (n.f & GT_GN_SAME) {
				if (pend_push(p, &n) < 0)
					return STOPPED;
			} else if (n.f & GT_GN_BY) {
				tr.by_g = n.by_g;
				tr.by_stack = n.by_stack;
			}
			continue;
		}
		const struct gt_gkey *key = gt_gkey_at(m, r.key);
		tr.ts = r.start;
		tr.to = key->state;
		tr.reason = key->reason;
		tr.stack = key->stack;
		if ((rc = give(w, tr)) != GO_ON)
			return rc;
		tr.from = key->state;
		tr.by_g = GT_NONE;
		tr.by_stack = 0;
		for (size_t i = 0; i < p->n; i++) {
			const struct gt_gnote *s = &p->v[i];
			const struct gt_gkey *sk = gt_gkey_at(m, s->key);
			int caused = s->f & GT_GN_BY;
			struct gt_gtrans st = {.ts = s->ts, .from = sk->state, .to = sk->state,
			                       .reason = sk->reason, .stack = sk->stack,
			                       .by_g = caused ? s->by_g : GT_NONE,
			                       .by_stack = caused ? s->by_stack : 0};
			if ((rc = give(w, st)) != GO_ON)
				return rc;
		}
		p->n = 0;
	}
	return GO_ON;
}

/* From the log's head: the first transition's from and a creation's
 * cause come from the header. */
static int walk_head(struct walk *w, uint32_t gi, struct pend *p)
{
	const struct gt_model *m = w->m;
	struct gt_gcur c;
	uint8_t flags = 0;
	int64_t creator = GT_NONE;
	gt_stack cstack = 0;
	gt_gcur_open(&c, &m->garena, gt_gbase(m, gi), GT_VEC_AT(m->gheads, uint32_t, gi), 0, 1,
	             &flags, &creator, &cstack);
	struct gt_gtrans tr = {.from = GT_GS_UNDETERMINED, .by_g = GT_NONE};
	if (flags & GT_GH_CREATED) {
		tr.from = GT_GS_NOTEXIST;
		tr.by_g = creator;
		tr.by_stack = creator != GT_NONE ? cstack : 0;
	}
	return walk(w, &c, tr, p);
}

uint32_t gt_model_g_transitions_from(const struct gt_model *m, uint32_t gi, int64_t t,
                                     gt_gtrans_fn fn, void *ctx)
{
	if (gi >= m->gids.n || !GT_VEC_AT(m->gheads, uint32_t, gi))
		return 0;
	struct walk w = {m, gt_model_g_id(m, gi), t, fn, ctx, 0, 0, 0};
	struct pend p = {.v = NULL, .n = 0, .cap = PEND_LOCAL};
	p.v = p.local;
	/* the last chunk starting before t: a transition at t in the chunk
	 * before would lie in an interval that ended by then */
	struct gt_gcur c;
	int rc = RESTART;
	if (t != INT64_MIN && gt_g_seek(m, gi, t - 1, &c, NULL)) {
		rc = walk(&w, &c, (struct gt_gtrans){.from = FROM_UNKNOWN, .by_g = GT_NONE}, &p);
	}
	if (rc == RESTART) {
		w.skip = w.given;
		w.given = 0;
		p.n = 0;
		walk_head(&w, gi, &p);
	}
	if (p.v != p.local)
		free(p.v);
	return w.given;
}

/* ---- the last cause at or before a time -------------------------------- */

struct last {
	int64_t t;
	struct gt_gtrans found;
	int ok;
};

static int keep_last(void *ctx, const struct gt_gtrans *tr)
{
	struct last *l = ctx;
	if (tr->ts > l->t)
		return 1;
	if (tr->by_g != GT_NONE) {
		l->found = *tr;
		l->ok = 1;
	}
	return 0;
}

int gt_model_g_last_cause(const struct gt_model *m, uint32_t gi, int64_t t, struct gt_gtrans *out)
{
	if (gi >= m->gids.n || !GT_VEC_AT(m->gheads, uint32_t, gi))
		return 0;
	struct last l = {t, {0}, 0};
	struct walk w = {m, gt_model_g_id(m, gi), INT64_MIN, keep_last, &l, 0, 0, 1};
	struct pend p = {.v = NULL, .n = 0, .cap = PEND_LOCAL};
	p.v = p.local;
	const struct gt_gix *e = m->gix.v;
	struct gt_gcur c;
	/* the chunk holding t, then the ones before, back to the head: each
	 * tells its causes in full (glog.h) */
	size_t k = gt_g_seek(m, gi, t, &c, NULL), prev = 0;
	int rc = GO_ON;
	for (; k && rc != RESTART; k = prev) {
		/* the chunk before: the entry before, or the head (0) */
		prev = k >= 2 && e[k - 2].gi == gi ? k - 1 : 0;
		gt_gcur_open(&c, &m->garena, gt_gbase(m, gi), e[k - 1].ref, e[k - 1].rec0, 0, NULL, NULL, NULL);
		rc = walk(&w, &c, (struct gt_gtrans){.from = FROM_UNKNOWN, .by_g = GT_NONE}, &p);
		p.n = 0;
		if (l.ok)
			break;
	}
	if (!k && rc != RESTART)
		rc = walk_head(&w, gi, &p);
	if (l.ok && l.found.from == FROM_UNKNOWN && rc != RESTART) {
		/* the chunk's first record: from the state the chunk before
		 * ends in */
		if (prev)
			gt_gcur_open(&c, &m->garena, gt_gbase(m, gi), e[prev - 1].ref, e[prev - 1].rec0, 0, NULL,
			             NULL, NULL);
		else
			gt_gcur_open(&c, &m->garena, gt_gbase(m, gi), GT_VEC_AT(m->gheads, uint32_t, gi), 0, 1,
			             NULL, NULL, NULL);
		struct gt_grec r;
		uint32_t key = UINT32_MAX;
		while (c.p < c.end && gt_gcur_next(&c, &r))
			key = r.key;
		if (key != UINT32_MAX)
			l.found.from = gt_gkey_at(m, key)->state;
	}
	if (rc == RESTART) { /* a chunk leaning on the one before: from the start */
		l.ok = 0;
		w.one_chunk = 0;
		p.n = 0;
		walk_head(&w, gi, &p);
	}
	if (p.v != p.local)
		free(p.v);
	if (l.ok)
		*out = l.found;
	return l.ok;
}
