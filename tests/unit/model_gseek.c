/* model_gseek.c: `model_gseek TRACE...` (tests/model-gseek.t): on every
 * goroutine of each trace, gt_model_g_transitions_from(t) and
 * gt_model_g_last_cause(t) against the reference, gt_model_g_transitions
 * from the start: for random times,
 * the times of its transitions and the nanoseconds around them, the
 * start of each chunk of its log and around it, before its first and
 * after its last, it must give exactly the reference's transitions at or
 * after t (times, states, reasons, stacks, causes), in its order, and
 * stop when told to; and the last one another goroutine caused at or
 * before t.  And the writer's promise the query rests on: no
 * chunk but the first tells a cause by repeating the one before
 * (GT_GN_AGAIN, glog.h), so that a walk may start at any chunk.  And the
 * span each block of goroutines keeps (struct gt_gblock, which the
 * passes over a window rest on: a block outside it is skipped) holds
 * every interval and transition of its goroutines.
 * Prints "# ..." lines on a difference and exits 1; 2 on a load error. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/model_int.h"
#include "trace_main.h"
#include "xorshift.h"

struct vec {
	struct gt_gtrans *v;
	size_t n, cap;
};

static int keep(void *ctx, const struct gt_gtrans *t)
{
	struct vec *v = ctx;
	if (v->n == v->cap) {
		v->cap = v->cap ? 2 * v->cap : 64;
		v->v = realloc(v->v, v->cap * sizeof *v->v);
		if (!v->v)
			abort();
	}
	v->v[v->n++] = *t;
	return 0;
}

/* Checks what the query gives against the reference's transitions at
 * or after t, stopping after stop_after of them (0: never). */
struct check {
	const struct gt_gtrans *ref;
	size_t n, next;         /* the reference; the next one expected */
	int64_t t;
	uint32_t stop_after, got;
	int bad;
};

static int same(const struct gt_gtrans *a, const struct gt_gtrans *b)
{
	return a->ts == b->ts && a->from == b->from && a->to == b->to && a->reason == b->reason &&
	       a->stack == b->stack && a->by_g == b->by_g && a->by_stack == b->by_stack;
}

static int compare(void *ctx, const struct gt_gtrans *t)
{
	struct check *c = ctx;
	while (c->next < c->n && c->ref[c->next].ts < c->t)
		c->next++;
	if (c->next >= c->n || !same(&c->ref[c->next], t) || t->seq != GT_SEQ_UNKNOWN) {
		if (!c->bad++) {
			printf("#   at t=%" PRId64 ": got ts %" PRId64 " %d->%d by G%" PRId64 " stack %u, ", c->t,
			       t->ts, t->from, t->to, t->by_g, (unsigned)t->by_stack);
			if (c->next < c->n)
				printf("want ts %" PRId64 " %d->%d by G%" PRId64 " stack %u (number %zu)\n",
				       c->ref[c->next].ts, c->ref[c->next].from, c->ref[c->next].to,
				       c->ref[c->next].by_g, (unsigned)c->ref[c->next].by_stack, c->next);
			else
				printf("want none\n");
		}
		return 1;
	}
	c->next++;
	c->got++;
	return c->stop_after && c->got == c->stop_after;
}

/* One query from t: 0 when it agrees with the reference. */
static int query(const struct gt_model *m, uint32_t gi, const struct vec *ref, int64_t t,
                 uint32_t stop_after)
{
	struct check c = {ref->v, ref->n, 0, t, stop_after, 0, 0};
	uint32_t n = gt_model_g_transitions_from(m, gi, t, compare, &c);
	size_t want = 0;
	for (size_t i = 0; i < ref->n; i++)
		want += ref->v[i].ts >= t;
	if (stop_after && want > stop_after)
		want = stop_after;
	if (!c.bad && (c.got != want || n != want)) {
		printf("#   at t=%" PRId64 ": %u given (returned %u), want %zu\n", t, c.got, n, want);
		c.bad = 1;
	}
	/* the last caused transition at or before t, as the walk from the
	 * start finds it */
	const struct gt_gtrans *last = NULL;
	for (size_t i = 0; i < ref->n && ref->v[i].ts <= t; i++)
		if (ref->v[i].by_g != GT_NONE)
			last = &ref->v[i];
	struct gt_gtrans got;
	int ok = gt_model_g_last_cause(m, gi, t, &got);
	if (!c.bad && (ok != (last != NULL) || (ok && (!same(&got, last) || got.seq != GT_SEQ_UNKNOWN)))) {
		printf("#   last cause at t=%" PRId64 ": ", t);
		if (ok)
			printf("got ts %" PRId64 " %d->%d by G%" PRId64 ", ", got.ts, got.from, got.to, got.by_g);
		else
			printf("got none, ");
		if (last)
			printf("want ts %" PRId64 " %d->%d by G%" PRId64 "\n", last->ts, last->from, last->to,
			       last->by_g);
		else
			printf("want none\n");
		c.bad = 1;
	}
	return c.bad != 0;
}

/* The goroutine's chunks after the first: none opens its causes with a
 * repeat.  Returns the number of such chunks (0: fine). */
static size_t again_first(const struct gt_model *m, uint32_t gi, int64_t *starts, size_t *nstarts,
                          size_t max)
{
	size_t bad = 0;
	*nstarts = 0;
	const struct gt_gix *e = m->gix.v;
	size_t lo = 0, hi = m->gix.n;
	while (lo < hi) { /* its first entry */
		size_t mid = (lo + hi) / 2;
		if (e[mid].gi < gi)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (size_t i = lo; i < m->gix.n && e[i].gi == gi; i++) {
		if (*nstarts < max)
			starts[(*nstarts)++] = e[i].first_start;
		struct gt_gcur c;
		gt_gcur_open(&c, &m->garena, gt_gbase(m, gi), e[i].ref, e[i].rec0, 0, NULL, NULL, NULL);
		const uint8_t *end = c.end;
		struct gt_grec r;
		struct gt_gnote n;
		int k;
		while (c.p < end && (k = gt_gcur_step(&c, &r, &n))) {
			if (k == 2 && (n.f & GT_GN_BY)) {
				bad += (n.f & GT_GN_AGAIN) != 0;
				break;
			}
		}
	}
	return bad;
}

/* Goroutine gi's intervals and transitions (ref) outside its block's
 * span: how many. */
struct inside { int64_t lo, hi; size_t out; };

static int span_inside(void *ctx, const struct gt_gspan *s)
{
	struct inside *in = ctx;
	in->out += s->start < in->lo || s->end > in->hi;
	return 0;
}

static size_t outside_block(const struct gt_model *m, uint32_t gi, const struct vec *ref)
{
	const struct gt_gblock *b = &GT_VEC_AT(m->gblk, struct gt_gblock, gi / GT_GBASE_STEP);
	struct inside in = {b->lo, b->hi, 0};
	for (size_t i = 0; i < ref->n; i++)
		in.out += ref->v[i].ts < b->lo || ref->v[i].ts > b->hi;
	gt_model_g_spans(m, gi, INT64_MIN, INT64_MAX, span_inside, &in);
	return in.out;
}

static int one(const char *path, struct gt_model *m, uint64_t *rng)
{
	uint32_t ng = gt_model_g_count(m);
	size_t queries = 0, chunked = 0, bad_g = 0, again = 0, outside = 0;
	struct vec ref = {0};
	enum { MAXSTARTS = 4096 };
	static int64_t starts[MAXSTARTS];
	for (uint32_t gi = 0; gi < ng && bad_g < 5; gi++) {
		ref.n = 0;
		gt_model_g_transitions(m, gi, keep, &ref);
		size_t ns;
		again += again_first(m, gi, starts, &ns, MAXSTARTS);
		outside += outside_block(m, gi, &ref);
		chunked += ns > 0;
		int bad = query(m, gi, &ref, INT64_MIN, 0) + query(m, gi, &ref, INT64_MAX, 0);
		queries += 2;
		if (ref.n) {
			int64_t a = ref.v[0].ts, z = ref.v[ref.n - 1].ts;
			bad += query(m, gi, &ref, a - 1, 0) + query(m, gi, &ref, z + 1, 0);
			queries += 2;
			/* its transitions' times and around them: all for a short
			 * history, some of a long one */
			size_t k = ref.n <= 16 ? ref.n : 16;
			for (size_t i = 0; i < k && !bad; i++) {
				size_t j = ref.n <= 16 ? i : (size_t)(xorshift64(rng) % ref.n);
				for (int d = -1; d <= 1; d++)
					bad += query(m, gi, &ref, ref.v[j].ts + d, (uint32_t)(xorshift64(rng) % 4));
				queries += 3;
			}
			for (int i = 0; i < 4 && !bad; i++, queries++)
				bad += query(m, gi, &ref, a + (int64_t)(xorshift64(rng) % (uint64_t)(z - a + 1)), 0);
		}
		/* chunk starts and around them: some of a long log's */
		size_t k = ns <= 8 ? ns : 8;
		for (size_t i = 0; i < k && !bad; i++) {
			size_t j = ns <= 8 ? i : (size_t)(xorshift64(rng) % ns);
			for (int d = -1; d <= 1; d++)
				bad += query(m, gi, &ref, starts[j] + d, 0);
			queries += 3;
		}
		if (bad) {
			printf("#   G%" PRId64 " (%zu transitions, %zu chunks after the first)\n",
			       gt_model_g_id(m, gi), ref.n, ns);
			bad_g++;
		}
	}
	if (again)
		printf("# %zu chunks open their causes with a repeated one (GT_GN_AGAIN)\n", again);
	if (outside)
		printf("# %zu intervals or transitions lie outside their block's span\n", outside);
	printf("# %s: %u goroutines (%zu with several chunks), %zu queries, %zu goroutines differ\n",
	       path, ng, chunked, queries, bad_g);
	free(ref.v);
	return bad_g || again || outside;
}

int main(int argc, char **argv)
{
	return trace_main(argc, argv, "model_gseek", one);
}
