/* model_ghist.c: goroutine histories (gt_model_g_transitions) and reverse
 * links (gt_model_g_caused) against what was fed: random transitions of
 * a few long goroutines (many chunks, so causes and re-affirmed states
 * fall at chunk starts too) and of short ones created by them, with
 * causes from other goroutines, from themselves and from none; the
 * intervals (gt_model_g_spans) the notes sit between stay as they were. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "model/glink.h"
#include "model/model.h"
#include "xorshift.h"

#define NLONG 6
#define NSHORT 400
#define MAXT 60000

struct want {
	struct gt_gtrans *v;
	size_t n, cap;
	uint8_t *used; /* test_reverse_links: v[i] found among the links */
};

static struct gt_model *m;
static struct want want[NLONG + NSHORT];
static gt_stack stacks[8];
static gt_str reasons[3];
static int64_t t_end;

/* Room for element n of *v (of el bytes, cap of them): the arrays the
 * tests collect into. */
static void *room(void *v, size_t n, size_t *cap, size_t el)
{
	if (n == *cap) {
		*cap = *cap ? 2 * *cap : 16;
		v = realloc(v, *cap * el);
		assert_non_null(v);
	}
	return v;
}

static void push(struct want *w, struct gt_gtrans t)
{
	w->v = room(w->v, w->n, &w->cap, sizeof *w->v);
	t.seq = (uint32_t)w->n;
	w->v[w->n++] = t;
}

/* Goroutine id (want index wi) from `from` to `to` at ts, the event's
 * goroutine ctx_g with stack est; what the history must say. */
static void feed(int64_t ts, int64_t ctx_g, gt_stack est, int64_t id, size_t wi, int from, int to,
                 gt_str reason, gt_stack tst)
{
	struct gt_event e;
	memset(&e, 0, sizeof e);
	e.ts = ts;
	e.g = ctx_g;
	e.p = e.m = GT_NONE;
	e.stack = est;
	e.kind = GT_EV_STATE_TRANSITION;
	e.u.trans.resource = GT_RES_GOROUTINE;
	e.u.trans.from = (uint8_t)from;
	e.u.trans.to = (uint8_t)to;
	e.u.trans.id = id;
	e.u.trans.reason = reason;
	e.u.trans.stack = tst;
	assert_int_equal(gt_model_add(m, &e), 0);
	int foreign = ctx_g != GT_NONE && ctx_g != id;
	push(&want[wi], (struct gt_gtrans){.ts = ts, .from = (uint8_t)from, .to = (uint8_t)to,
	                                   .reason = reason, .stack = tst,
	                                   .by_g = foreign ? ctx_g : GT_NONE,
	                                   .by_stack = foreign ? est : 0});
}

static int setup(void **state)
{
	(void)state;
	m = gt_model_new();
	assert_non_null(m);
	struct gt_tables *tb = gt_model_tables_mut(m);
	for (int i = 0; i < 8; i++) {
		char fn[32];
		snprintf(fn, sizeof fn, "main.f%d", i);
		struct gt_frame f = {.pc = 0x1000 + (uint64_t)i, .func = gt_str_intern(tb, fn, strlen(fn)),
		                     .file = gt_str_intern(tb, "main.go", 7), .line = (uint32_t)i + 1};
		uint32_t fid = gt_frame_intern(tb, &f);
		stacks[i] = gt_stack_intern(tb, &fid, 1);
	}
	reasons[0] = 0;
	reasons[1] = gt_str_intern(tb, "chan receive", 12);
	reasons[2] = gt_str_intern(tb, "sync", 4);
	uint64_t rng = 0x9e3779b97f4a7c15u;
	int state_of[NLONG];
	int64_t t = 1000;
	/* long goroutines 1..NLONG: the first three start Undetermined, the
	 * next two Waiting (a v1 goroutine first seen unblocked), the last
	 * is created by goroutine 1 */
	for (int g = 0; g < NLONG; g++) {
		int from = g < 3 ? GT_GS_UNDETERMINED : g < 5 ? GT_GS_WAITING : GT_GS_NOTEXIST;
		int to = from == GT_GS_WAITING ? GT_GS_RUNNABLE : GT_GS_RUNNING;
		int64_t by = from == GT_GS_UNDETERMINED ? GT_NONE : 1;
		feed(t += 10, by, stacks[g], g + 1, (size_t)g, from, to, 0, 0);
		state_of[g] = to;
	}
	int nshort = 0;
	for (int i = 0; i < MAXT; i++) {
		uint64_t r = xorshift64(&rng);
		t += (int64_t)(r % 4 == 0 ? 0 : (r >> 8) % 100000); /* equal times too */
		int g = (int)((r >> 32) % NLONG);
		int64_t id = g + 1;
		int ctx_choice = (int)((r >> 40) % 4); /* none, itself, another, another */
		int64_t ctx_g = ctx_choice == 0 ? GT_NONE : ctx_choice == 1 ? id : (id % NLONG) + 1;
		gt_stack est = stacks[(r >> 44) % 8];
		if ((r >> 48) % 50 == 0 && nshort < NSHORT) { /* a short goroutine */
			size_t wi = (size_t)(NLONG + nshort);
			int64_t sid = 1000 + nshort++;
			int64_t creator = (r >> 56) % 3 == 0 ? GT_NONE : id;
			feed(t, creator, est, sid, wi, GT_GS_NOTEXIST, GT_GS_RUNNABLE, 0, 0);
			feed(t + 5, GT_NONE, 0, sid, wi, GT_GS_RUNNABLE, GT_GS_RUNNING, 0, 0);
			feed(t + 7, ctx_g == id ? GT_NONE : ctx_g, est, sid, wi, GT_GS_RUNNING,
			     GT_GS_NOTEXIST, 0, stacks[1]);
			t += 7; /* events come in time order, as a trace's do */
			continue;
		}
		int to = GT_GS_RUNNABLE + (int)((r >> 52) % 4); /* Runnable..Syscall */
		if ((r >> 58) % 8 == 0)
			to = state_of[g]; /* re-affirmed */
		gt_str reason = to == GT_GS_WAITING ? reasons[1 + (r >> 61) % 2] : 0;
		gt_stack tst = (r >> 62) ? stacks[(r >> 20) % 8] : 0;
		feed(t, ctx_g, est, id, (size_t)g, state_of[g], to, reason, tst);
		state_of[g] = to;
	}
	t_end = t + 1;
	struct gt_event e;
	memset(&e, 0, sizeof e);
	e.ts = t_end;
	e.g = e.p = e.m = GT_NONE;
	e.kind = GT_EV_LOG;
	assert_int_equal(gt_model_add(m, &e), 0);
	gt_model_finish(m);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	gt_model_free(m);
	for (size_t i = 0; i < NLONG + NSHORT; i++) {
		free(want[i].v);
		free(want[i].used);
	}
	return 0;
}

struct got {
	struct gt_gtrans *v;
	size_t n, cap;
};

static int keep(void *ctx, const struct gt_gtrans *t)
{
	struct got *g = ctx;
	g->v = room(g->v, g->n, &g->cap, sizeof *g->v);
	g->v[g->n++] = *t;
	return 0;
}

static uint32_t gi_of(int64_t id)
{
	uint32_t gi = gt_model_g_find(m, id);
	assert_int_not_equal(gi, UINT32_MAX);
	return gi;
}

static size_t want_index(int64_t id)
{
	return id <= NLONG ? (size_t)(id - 1) : (size_t)(NLONG + id - 1000);
}

static void test_history(void **state)
{
	(void)state;
	size_t checked = 0;
	for (size_t wi = 0; wi < NLONG + NSHORT; wi++) {
		struct want *w = &want[wi];
		if (!w->n)
			continue;
		int64_t id = wi < NLONG ? (int64_t)wi + 1 : 1000 + (int64_t)(wi - NLONG);
		struct got g = {0};
		uint32_t n = gt_model_g_transitions(m, gi_of(id), keep, &g);
		assert_int_equal(n, w->n);
		assert_int_equal(g.n, w->n);
		for (size_t i = 0; i < w->n; i++) {
			const struct gt_gtrans *a = &g.v[i], *b = &w->v[i];
			if (a->ts != b->ts || a->from != b->from || a->to != b->to || a->seq != b->seq ||
			    a->reason != b->reason || a->stack != b->stack || a->by_g != b->by_g ||
			    a->by_stack != b->by_stack)
				fail_msg("G%lld transition %zu: got ts %lld %d->%d by %lld/%u, want ts %lld "
				         "%d->%d by %lld/%u",
				         (long long)id, i, (long long)a->ts, a->from, a->to, (long long)a->by_g,
				         a->by_stack, (long long)b->ts, b->from, b->to, (long long)b->by_g,
				         b->by_stack);
		}
		checked += w->n;
		free(g.v);
	}
	assert_true(checked > MAXT / 2);
}

/* The intervals are the transitions that change state (and the ends). */
struct spans {
	struct gt_gspan *v;
	size_t n, cap;
};

static int keep_span(void *ctx, const struct gt_gspan *s)
{
	struct spans *sp = ctx;
	sp->v = room(sp->v, sp->n, &sp->cap, sizeof *sp->v);
	sp->v[sp->n++] = *s;
	return 0;
}

static void test_spans_unchanged(void **state)
{
	(void)state;
	for (size_t wi = 0; wi < NLONG; wi++) {
		const struct want *w = &want[wi];
		struct spans sp = {0};
		gt_model_g_spans(m, gi_of((int64_t)wi + 1), INT64_MIN, INT64_MAX, keep_span, &sp);
		size_t k = 0;
		for (size_t i = 0; i < w->n; i++) {
			const struct gt_gtrans *t = &w->v[i];
			if (i && t->from == t->to)
				continue; /* re-affirmed: the interval goes on */
			assert_true(k < sp.n);
			assert_int_equal(sp.v[k].start, t->ts);
			assert_int_equal(sp.v[k].state, t->to);
			assert_int_equal(sp.v[k].reason, t->reason);
			k++;
		}
		assert_int_equal(k, sp.n);
		assert_int_equal(sp.v[sp.n - 1].end, t_end);
		free(sp.v);
	}
}

static void test_reverse_links(void **state)
{
	(void)state;
	for (int64_t by = 1; by <= NLONG + 1; by++) {
		/* what by caused, from the wanted histories, in time order */
		size_t nw = 0;
		for (size_t wi = 0; wi < NLONG + NSHORT; wi++)
			for (size_t i = 0; i < want[wi].n; i++)
				nw += want[wi].v[i].by_g == by;
		size_t total = gt_model_g_caused(m, by, 0, 0, NULL);
		assert_int_equal(total, nw);
		if (by <= NLONG)
			assert_true(total > 1000);
		struct gt_gcause *c = calloc(total + 1, sizeof *c);
		assert_non_null(c);
		/* in two pieces: from and max */
		size_t half = total / 2;
		assert_int_equal(gt_model_g_caused(m, by, 0, half, c), total);
		assert_int_equal(gt_model_g_caused(m, by, half, total, c + half), total);
		/* each one a wanted transition caused by by, none twice: as
		 * many as wanted, so all of them */
		for (size_t i = 0; i < total; i++) {
			if (i && c[i - 1].ts > c[i].ts)
				fail_msg("by %lld: link %zu of %zu at %lld, before it %lld (G%u %d->%d)", (long long)by, i, total,
				         (long long)c[i].ts, (long long)c[i - 1].ts, c[i].gi, c[i].from, c[i].to);
			int64_t id = gt_model_g_id(m, c[i].gi);
			struct want *w = &want[want_index(id)];
			if (!w->used)
				assert_non_null(w->used = calloc(w->n, 1));
			size_t j = 0;
			while (j < w->n && (w->used[j] || w->v[j].by_g != by || w->v[j].ts != c[i].ts ||
			                    w->v[j].from != c[i].from || w->v[j].to != c[i].to))
				j++;
			if (j == w->n)
				fail_msg("G%lld: link %zu (G%lld at %lld, %d->%d) is no wanted cause",
				         (long long)by, i, (long long)id, (long long)c[i].ts, c[i].from, c[i].to);
			w->used[j] = 1;
		}
		/* the first at or after a time: the entries before it are earlier */
		for (size_t i = 0; i < total; i += 1 + total / 50) {
			size_t at = gt_model_g_caused_at(m, by, c[i].ts);
			assert_true(at <= i);
			assert_int_equal(c[at].ts, c[i].ts);
			assert_true(at == 0 || c[at - 1].ts < c[i].ts);
		}
		if (total)
			assert_int_equal(gt_model_g_caused_at(m, by, c[total - 1].ts + 1), total);
		free(c);
	}
	assert_int_equal(gt_model_g_caused(m, 424242, 0, 0, NULL), 0);
	assert_int_equal(gt_model_g_caused_unlisted(m), 0);
}

/* A link's bytes read back as written: every (from, to), times in whole
 * units, off them and going back (a hostile trace's), targets far
 * either way. */
static void test_link_codec(void **state)
{
	(void)state;
	uint64_t rng = 12345;
	uint8_t buf[64 * GT_LK_MAX + 8];
	for (unsigned tshift = 0; tshift <= 20; tshift += 6) {
		struct gt_link want_l[64], prev = {.gi = 1000, .ts = 1 << 20};
		uint8_t *p = buf;
		for (int i = 0; i < 64; i++) {
			uint64_t r = xorshift64(&rng);
			struct gt_link l = {.from = (uint8_t)(r % GT_GS__COUNT),
			                    .to = (uint8_t)((r >> 8) % GT_GS__COUNT)};
			l.gi = i % 7 == 0 ? (uint32_t)(r >> 32) : prev.gi + (uint32_t)((r >> 16) % 5) - 2;
			int64_t d = (int64_t)((r >> 24) % 100000) << tshift;
			if (i % 5 == 1)
				d += 3; /* not whole units */
			if (i % 9 == 2)
				d = -d; /* back */
			if (i % 11 == 3) /* far, either way */
				d = prev.ts > 0 ? -(INT64_MAX / 4) : INT64_MAX / 4;
			l.ts = prev.ts + d;
			want_l[i] = l;
			p = gt_link_put(p, &prev, &l, tshift);
			assert_true(p - buf <= (i + 1) * (GT_LK_MAX - 3));
			prev = l;
		}
		const uint8_t *q = buf;
		prev = (struct gt_link){.gi = 1000, .ts = 1 << 20};
		for (int i = 0; i < 64; i++) {
			struct gt_link l;
			gt_link_get(&q, &prev, &l, tshift);
			assert_int_equal(l.gi, want_l[i].gi);
			assert_int_equal(l.ts, want_l[i].ts);
			assert_int_equal(l.from, want_l[i].from);
			assert_int_equal(l.to, want_l[i].to);
			prev = l;
		}
		assert_ptr_equal(q, p);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_history),
		cmocka_unit_test(test_spans_unchanged),
		cmocka_unit_test(test_reverse_links),
		cmocka_unit_test(test_link_codec),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
