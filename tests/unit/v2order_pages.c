/* v2order_pages.c: the orderer's goroutine records (decode/v2/order_pool.c:
 * pages of 256 ids through a directory or a hash, the sparse pool once the
 * page budget is spent, cold records for ranges) against a plain table,
 * under random creations and deletions of dense, huge and scattered ids;
 * and the delivery queue when events are not drained at once. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "decode/v2/order_int.h"
#include "tests/unit/xorshift.h"

#define N 2500

struct ref { uint64_t id; uint64_t n; uint8_t live, cold; };

static uint64_t x = 0x2545F4914F6CDD1DULL;
static uint64_t rnd(void)
{
	return xorshift64(&x);
}

/* An id of the given mix: dense, near page edges, beyond the directory
 * (hashed pages), negative as int64, scattered (spends the page budget). */
static uint64_t pick(int mode, int i)
{
	uint64_t r = rnd();
	switch (mode) {
	case 0: return (uint64_t)i + 1;
	case 1: return (r % 8) * 256 + 250 + r % 12;
	case 2: return ((uint64_t)1 << 40) + r % 3000;
	case 3: return ((uint64_t)1 << 63) + r % 600;
	default: return r % ((uint64_t)1 << 34);
	}
}

static void run_mode(int mode)
{
	struct gt_v2_order *o = gt_v2_order_new(26);
	assert_non_null(o);
	static struct ref ref[N];
	memset(ref, 0, sizeof ref);
	for (int i = 0; i < N; i++)
		ref[i].id = pick(mode == 5 ? (int)(rnd() % 5) : mode, i);
	for (int step = 0; step < 60000; step++) {
		int i = (int)(rnd() % N);
		struct ref *e = &ref[i];
		int exists;
		/* Several refs may share an id (random modes): act on the id. */
		int live = 0;
		for (int j = 0; j < N; j++)
			if (ref[j].id == e->id && ref[j].live)
				live = 1, e = &ref[j];
		if (!live && rnd() % 3) {
			struct ghot *h = gt_v2o_g_add(o, (int64_t)e->id, &exists);
			assert_non_null(h);
			assert_int_equal(exists, 0);
			h->status = GS_RUNNABLE;
			h->gen = 0;
			h->n = e->n = rnd();
			e->live = 1;
			e->cold = 0;
			if (rnd() % 8 == 0) {
				struct gcold *c = gt_v2o_gcold(o, (int64_t)e->id, h);
				assert_non_null(c);
				assert_int_equal(c->id, (int64_t)e->id);
				e->cold = 1;
			}
		} else if (live) {
			struct ghot *h = gt_v2o_g(o, (int64_t)e->id);
			assert_non_null(h);
			assert_true(h->n == e->n);
			assert_int_equal(h->cold, e->cold);
			assert_null(gt_v2o_g_add(o, (int64_t)e->id, &exists));
			assert_int_equal(exists, 1);
			if (rnd() % 2) {
				gt_v2o_g_del(o, (int64_t)e->id, h);
				e->live = 0;
			}
		}
		if (step % 4999 == 0) {
			uint32_t n = 0;
			for (int j = 0; j < N; j++) {
				struct ghot *h = gt_v2o_g(o, (int64_t)ref[j].id);
				int l = 0;
				for (int k = 0; k < N; k++)
					l |= ref[k].id == ref[j].id && ref[k].live;
				assert_int_equal(h != NULL, l);
				if (!o->gslow) /* the fast path's answer is the same */
					assert_ptr_equal(gt_v2o_g_dense(o, (int64_t)ref[j].id), h);
				n += ref[j].live;
			}
			assert_int_equal(o->glive, n);
		}
	}
	if (mode == 4)
		assert_true(o->nsp > 0); /* the budget was spent */
	if (mode == 2 || mode == 3)
		assert_true(o->npm > 0);
	gt_v2_order_free(o);
}

static void test_dense(void **state) { (void)state; run_mode(0); }
static void test_edges(void **state) { (void)state; run_mode(1); }
static void test_hashed(void **state) { (void)state; run_mode(2); }
static void test_negative(void **state) { (void)state; run_mode(3); }
static void test_scattered(void **state) { (void)state; run_mode(4); }
static void test_mixed(void **state) { (void)state; run_mode(5); }

static gt_str no_str(void *ctx, uint64_t id, int *ok)
{
	(void)ctx;
	(void)id;
	*ok = 0;
	return 0;
}

static gt_stack no_stack(void *ctx, uint64_t id, int *ok)
{
	(void)ctx;
	(void)id;
	*ok = 0;
	return 0;
}

enum { ProcStatus = 13, GoCreate = 14, GoStart = 16, GoDestroy = 17, GoStatus = 25 };

static int adv(struct gt_v2_order *o, const struct gt_v2_gen_view *gv, int64_t m, int64_t t,
               uint8_t type, uint64_t a0, uint64_t a1, uint64_t a2)
{
	char err[200];
	struct gt_v2_base b = { .type = type, .nargs = 3, .time = t, .args = { a0, a1, a2 } };
	return gt_v2_order_advance(o, &b, m, gv, err, sizeof err);
}

/* Goroutines created, started and destroyed in all id ranges, through
 * the public API, with events left queued for a while: all come out, in
 * order, with their ids. */
static void test_lifecycle_queue(void **state)
{
	(void)state;
	struct gt_tables *t = gt_tables_new();
	struct gt_v2_order *o = gt_v2_order_new(26);
	struct gt_v2_gen_view gv = { NULL, 1, t, no_str, no_stack };
	int64_t ts = 1;
	assert_int_equal(adv(o, &gv, 7, ts++, ProcStatus, 0, 1, 0), 1);
	assert_int_equal(adv(o, &gv, 7, ts++, GoStatus, 1, (uint64_t)-1, 2), 1);
	assert_non_null(gt_v2_order_next(o));
	assert_non_null(gt_v2_order_next(o));
	assert_null(gt_v2_order_next(o));
	int64_t want = ts;
	static uint64_t ids[3000];
	for (int i = 0; i < 3000; i++) {
		ids[i] = pick(i % 5, i);
		if (i % 5 == 4 || i % 5 == 1)
			ids[i] = ((uint64_t)i << 20) + (i % 5 == 1); /* distinct */
		if (i % 5 == 2 || i % 5 == 3)
			ids[i] += (uint64_t)i << 12;
		if (i % 5 == 0)
			ids[i] += 10; /* not g1 */
		assert_int_equal(adv(o, &gv, 7, ts++, GoCreate, ids[i], 0, 0), 1);
	}
	const struct gt_event *e;
	int n = 0;
	/* Three thousand queued: the buffer grew under them. */
	while ((e = gt_v2_order_next(o))) {
		assert_int_equal(e->ts, want + n);
		assert_int_equal(e->u.trans.id, (int64_t)ids[n]);
		n++;
	}
	assert_int_equal(n, 3000);
	/* g1 goes, then each of the others runs and goes. */
	assert_int_equal(adv(o, &gv, 7, ts++, GoDestroy, 0, 0, 0), 1);
	for (int i = 0; i < 3000; i++) {
		assert_int_equal(adv(o, &gv, 7, ts++, GoStart, ids[i], 1, 0), 1);
		assert_int_equal(adv(o, &gv, 7, ts++, GoDestroy, 0, 0, 0), 1);
		if (i % 7 == 0)
			while (gt_v2_order_next(o))
				;
	}
	while (gt_v2_order_next(o))
		;
	/* All gone: starting one again waits (no such goroutine). */
	assert_int_equal(adv(o, &gv, 7, ts++, GoStart, ids[5], 2, 0), 0);
	gt_v2_order_free(o);
	gt_tables_free(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dense),
		cmocka_unit_test(test_edges),
		cmocka_unit_test(test_hashed),
		cmocka_unit_test(test_negative),
		cmocka_unit_test(test_scattered),
		cmocka_unit_test(test_mixed),
		cmocka_unit_test(test_lifecycle_queue),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
