/* v2order_memo.c: the orderer remembers resolved stack ids per generation
 * view (decode/v2/order_conv.h): the same id must resolve again in the
 * next generation, where it means another stack, and an id unknown there
 * must fail even though it was known before. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include "decode/v2/order.h"
#include "decode/tables.h"

struct view_ctx {
	struct gt_tables *t;
	uint64_t gen;
	int calls;
};

/* Stack id N of generation G is a one-frame stack with pc G*1000+N; in
 * generation 2 only ids below 100 exist. */
static gt_stack stack_cb(void *ctx, uint64_t id, int *ok)
{
	struct view_ctx *v = ctx;
	v->calls++;
	if (v->gen == 2 && id >= 100) {
		*ok = 0;
		return 0;
	}
	struct gt_frame f = { v->gen * 1000 + id, gt_str_intern(v->t, "f", 1), 0, 1 };
	uint32_t fr = gt_frame_intern(v->t, &f);
	return gt_stack_intern(v->t, &fr, 1);
}

static gt_str str_cb(void *ctx, uint64_t id, int *ok)
{
	(void)ctx;
	(void)id;
	*ok = 0;
	return 0;
}

static uint64_t pc_of(struct gt_tables *t, gt_stack s)
{
	assert_int_equal(gt_stack_depth(t, s), 1);
	return gt_frame_get(t, gt_stack_frames(t, s)[0])->pc;
}

/* Advances one event on M 0; returns the orderer's result. */
static int adv(struct gt_v2_order *o, const struct gt_v2_gen_view *gv, int64_t time,
               uint8_t type, uint64_t a0, uint64_t a1, uint64_t a2, char *err)
{
	struct gt_v2_base b = { .type = type, .nargs = 3, .time = time,
	                        .args = { a0, a1, a2 } };
	return gt_v2_order_advance(o, &b, 0, gv, err, 200);
}

enum { ProcStatus = 13, GoStatus = 25, GoBlock = 20, GoUnblock = 21 };

static void test_stack_memo_per_gen(void **state)
{
	(void)state;
	struct gt_tables *t = gt_tables_new();
	struct gt_v2_order *o = gt_v2_order_new(22);
	struct view_ctx vc = { t, 1, 0 };
	struct gt_v2_gen_view gv = { &vc, 1, t, str_cb, stack_cb };
	char err[200];
	const struct gt_event *e;

	/* Generation 1: g1 blocks with stack 5, then g2 is unblocked with
	 * stack 5 (remembered: no second look-up). */
	assert_int_equal(adv(o, &gv, 1, ProcStatus, 0, 1, 0, err), 1);
	assert_int_equal(adv(o, &gv, 2, GoStatus, 1, 0, 2, err), 1);
	assert_int_equal(adv(o, &gv, 3, GoStatus, 2, (uint64_t)-1, 4, err), 1);
	assert_int_equal(adv(o, &gv, 4, GoBlock, 0, 5, 0, err), 1);
	int n = 0;
	while ((e = gt_v2_order_next(o)))
		if (e->wire == GoBlock) {
			assert_int_equal(pc_of(t, e->stack), 1005);
			n++;
		}
	assert_int_equal(n, 1);
	int calls = vc.calls;
	assert_int_equal(adv(o, &gv, 5, GoUnblock, 2, 1, 5, err), 1);
	e = gt_v2_order_next(o);
	assert_non_null(e);
	assert_int_equal(e->wire, GoUnblock);
	assert_int_equal(pc_of(t, e->stack), 1005);
	assert_int_equal(vc.calls, calls); /* remembered */
	assert_null(gt_v2_order_next(o));

	/* Generation 2 (the same view struct, as the reader reuses it): id 5
	 * is another stack now. */
	vc.gen = 2;
	gv.gen = 2;
	assert_int_equal(adv(o, &gv, 10, ProcStatus, 0, 1, 0, err), 1);
	assert_int_equal(adv(o, &gv, 11, GoStatus, 1, (uint64_t)-1, 4, err), 1);
	assert_int_equal(adv(o, &gv, 12, GoStatus, 2, (uint64_t)-1, 1, err), 1);
	while (gt_v2_order_next(o))
		;
	assert_int_equal(adv(o, &gv, 13, GoUnblock, 1, 1, 5, err), 1);
	e = gt_v2_order_next(o);
	assert_non_null(e);
	assert_int_equal(e->wire, GoUnblock);
	assert_int_equal(pc_of(t, e->stack), 2005);
	assert_true(vc.calls > calls);
	gt_v2_order_free(o);

	/* An id that resolved in generation 1 but is unknown in 2. */
	o = gt_v2_order_new(22);
	vc.gen = 1;
	gv.gen = 1;
	assert_int_equal(adv(o, &gv, 1, ProcStatus, 0, 1, 0, err), 1);
	assert_int_equal(adv(o, &gv, 2, GoStatus, 1, 0, 2, err), 1);
	assert_int_equal(adv(o, &gv, 3, GoBlock, 0, 150, 0, err), 1);
	while (gt_v2_order_next(o))
		;
	vc.gen = 2;
	gv.gen = 2;
	assert_int_equal(adv(o, &gv, 10, ProcStatus, 0, 1, 0, err), 1);
	assert_int_equal(adv(o, &gv, 11, GoStatus, 1, (uint64_t)-1, 4, err), 1);
	assert_int_equal(adv(o, &gv, 12, GoUnblock, 1, 1, 150, err), -1);
	assert_string_equal(err, "found invalid stack ID 150 for event GoUnblock");
	gt_v2_order_free(o);

	/* Two generations with the same number (1.26 allows it): once told
	 * of the new one, the orderer resolves id 5 through the view again. */
	o = gt_v2_order_new(26);
	vc.gen = 1;
	gv.gen = 1;
	assert_int_equal(adv(o, &gv, 1, ProcStatus, 0, 1, 0, err), 1);
	assert_int_equal(adv(o, &gv, 2, GoStatus, 1, 0, 2, err), 1);
	assert_int_equal(adv(o, &gv, 3, GoStatus, 2, (uint64_t)-1, 4, err), 1);
	assert_int_equal(adv(o, &gv, 4, GoBlock, 0, 5, 0, err), 1);
	while (gt_v2_order_next(o))
		;
	vc.gen = 3; /* what the view says now; its number stays 1 */
	gt_v2_order_new_gen(o);
	assert_int_equal(adv(o, &gv, 10, ProcStatus, 0, 1, 0, err), 1);
	assert_int_equal(adv(o, &gv, 11, GoStatus, 1, (uint64_t)-1, 4, err), 1);
	assert_int_equal(adv(o, &gv, 12, GoStatus, 2, (uint64_t)-1, 4, err), 1);
	while (gt_v2_order_next(o))
		;
	assert_int_equal(adv(o, &gv, 13, GoUnblock, 1, 1, 5, err), 1);
	e = gt_v2_order_next(o);
	assert_non_null(e);
	assert_int_equal(pc_of(t, e->stack), 3005);
	gt_v2_order_free(o);
	gt_tables_free(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = { cmocka_unit_test(test_stack_memo_per_gen) };
	return cmocka_run_group_tests(tests, NULL, NULL);
}
