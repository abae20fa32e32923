/* v1_decode.c: the Go 1.5-1.21 decoder (decode/v1/) called directly on
 * small traces built here and on the project's fixtures: event stream
 * invariants of the conversion (Syncs around, strictly increasing times),
 * the per-version argument layouts, out-of-order and unorderable traces,
 * a sink that stops, unsupported headers, and every prefix and damaged
 * copy of a fixture (never a crash, never OK when cut before the footer). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decode/decode.h"
#include "decode/v1/v1.h"

struct buf {
	uint8_t b[4096];
	size_t n;
};

static void byte(struct buf *w, uint8_t c)
{
	assert_true(w->n < sizeof w->b);
	w->b[w->n++] = c;
}

static void uv(struct buf *w, uint64_t v)
{
	while (v >= 0x80) {
		byte(w, (uint8_t)(v | 0x80));
		v >>= 7;
	}
	byte(w, (uint8_t)v);
}

static void header(struct buf *w, int ver)
{
	char h[16] = {0};
	snprintf(h, sizeof h, "go 1.%d trace", ver);
	memcpy(w->b, h, 16);
	w->n = 16;
}

/* An inline record of a 1.7+ trace: 1 to 3 arguments. */
static void rec(struct buf *w, unsigned typ, int n, ...)
{
	va_list ap;
	va_start(ap, n);
	byte(w, (uint8_t)(typ | (unsigned)(n - 1) << 6));
	for (int i = 0; i < n; i++)
		uv(w, va_arg(ap, uint64_t));
	va_end(ap);
}

#define A(x) ((uint64_t)(x))

struct rec_sink {
	int n, stop_after;
	int64_t last_ts;
	int kinds[GT_EV__COUNT];
	int bad_order;
};

static int on_event(void *ctx, const struct gt_event *e, const struct gt_tables *t)
{
	(void)t;
	struct rec_sink *s = ctx;
	if (e->kind != GT_EV_SYNC && s->n > 0 && e->ts <= s->last_ts)
		s->bad_order++;
	if (e->kind != GT_EV_SYNC)
		s->last_ts = e->ts;
	if (e->kind < GT_EV__COUNT)
		s->kinds[e->kind]++;
	s->n++;
	return s->stop_after && s->n >= s->stop_after;
}

static enum gt_status decode(const uint8_t *b, size_t n, struct rec_sink *s,
                             struct gt_decode_result *res)
{
	struct gt_tables *t = gt_tables_new();
	assert_non_null(t);
	struct gt_sink sink = {.ctx = s, .event = on_event, .progress = NULL};
	enum gt_status st = gt_decode(b, n, t, &sink, res);
	gt_tables_free(t);
	return st;
}

/* A length-prefixed record (4 or more arguments). */
static void recl(struct buf *w, unsigned typ, int n, ...)
{
	struct buf a = {.n = 0};
	va_list ap;
	va_start(ap, n);
	for (int i = 0; i < n; i++)
		uv(&a, va_arg(ap, uint64_t));
	va_end(ap);
	byte(w, (uint8_t)(typ | 3u << 6));
	uv(w, a.n);
	for (size_t i = 0; i < a.n; i++)
		byte(w, a.b[i]);
}

/* One P: g1 exists at start, runs, creates g2 and blocks; g2 runs (its
 * GoStart has sequence number seq_g2) and ends.  A 1.11 trace. */
static void small_trace(struct buf *w, int seq_g2)
{
	header(w, 11);
	rec(w, 1, 2, A(0), A(100));                 /* Batch p0, ticks 100 */
	recl(w, 13, 4, A(1), A(1), A(0), A(0));     /* GoCreate g1 */
	rec(w, 4, 3, A(1), A(4), A(0));             /* Gomaxprocs 4 */
	rec(w, 5, 2, A(1), A(9));                   /* ProcStart thread 9 */
	rec(w, 14, 3, A(1), A(1), A(1));            /* GoStart g1 seq 1 */
	recl(w, 13, 4, A(1), A(2), A(0), A(0));     /* GoCreate g2 */
	rec(w, 22, 2, A(1), A(0));                  /* GoBlockSend */
	rec(w, 14, 3, A(1), A(2), A((uint64_t)seq_g2)); /* GoStart g2 */
	rec(w, 15, 1, A(1));                        /* GoEnd */
	rec(w, 6, 1, A(1));                         /* ProcStop */
	rec(w, 2, 1, A(1000000000));                /* Frequency */
}

static void test_small(void **state)
{
	(void)state;
	struct buf w;
	small_trace(&w, 1);
	struct rec_sink s = {0};
	struct gt_decode_result res;
	assert_int_equal(decode(w.b, w.n, &s, &res), GT_OK);
	assert_int_equal(res.format, 1);
	assert_int_equal(res.version, 11);
	assert_int_equal(s.bad_order, 0);
	assert_int_equal(s.kinds[GT_EV_SYNC], 2);
	assert_int_equal(res.v1_by_type[14], 2);  /* GoStart */
	assert_int_equal(res.v1_by_type[13], 2);  /* GoCreate */
	assert_string_equal(res.v1_type_names[14], "GoStart");
	/* g1 Undetermined->Runnable, P start, g1 start, g2 create, g1 block,
	 * g2 start, g2 end, P stop: 8 transitions */
	assert_int_equal(s.kinds[GT_EV_STATE_TRANSITION], 8);
	assert_int_equal((int)res.events, s.n);
}

static void test_unorderable(void **state)
{
	(void)state;
	struct buf w;
	small_trace(&w, 7); /* g2 never gets sequence number 7 */
	struct rec_sink s = {0};
	struct gt_decode_result res;
	assert_int_equal(decode(w.b, w.n, &s, &res), GT_INVALID);
	assert_non_null(strstr(res.msg, "no consistent ordering"));
	assert_true(res.offset > 16 && res.offset < w.n);
	assert_int_equal(s.n, 0); /* rejected before anything is delivered */
}

static void test_stop(void **state)
{
	(void)state;
	struct buf w;
	small_trace(&w, 1);
	struct rec_sink s = {.stop_after = 3};
	struct gt_decode_result res;
	assert_int_equal(decode(w.b, w.n, &s, &res), GT_STOPPED);
	assert_int_equal(s.n, 3);
}

static void test_unsupported(void **state)
{
	(void)state;
	struct buf w;
	struct gt_decode_result res;
	struct rec_sink s = {0};
	for (int v = 5; v <= 21; v++) {
		header(&w, v);
		rec(&w, 0, 1, A(0)); /* event type 0 does not exist */
		enum gt_status st = decode(w.b, w.n, &s, &res);
		int known = v == 5 || v == 7 || v == 8 || v == 9 || v == 10 || v == 11 ||
		            v == 19 || v == 21;
		if (known)
			assert_int_equal(st, GT_INVALID);
		else
			assert_int_equal(st, GT_UNSUPPORTED);
	}
	assert_null(gt_v1_type_name(50));
	assert_string_equal(gt_v1_type_name(41), "GoStartLabel");
}

/* P1 starts g1 (ts 105) before P0 creates it (ts 110): the only order
 * the sequence numbers allow goes back in time. */
static void two_ps(struct buf *w, uint64_t start_delta)
{
	header(w, 11);
	rec(w, 1, 2, A(0), A(100));
	recl(w, 13, 4, A(10), A(1), A(0), A(0)); /* GoCreate g1 at 110 */
	rec(w, 1, 2, A(1), A(100));
	rec(w, 14, 3, start_delta, A(1), A(1));  /* GoStart g1 */
	rec(w, 2, 1, A(1000000000));
}

static void test_time_order(void **state)
{
	(void)state;
	struct buf w;
	struct rec_sink s = {0};
	struct gt_decode_result res;
	two_ps(&w, 15);
	assert_int_equal(decode(w.b, w.n, &s, &res), GT_OK);
	two_ps(&w, 5);
	memset(&s, 0, sizeof s);
	assert_int_equal(decode(w.b, w.n, &s, &res), GT_INVALID);
	assert_non_null(strstr(res.msg, "out of order"));
	assert_int_equal(s.n, 0);
}

static uint8_t *slurp(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	uint8_t *b = malloc(1 << 20);
	*n = fread(b, 1, 1 << 20, f);
	fclose(f);
	return b;
}

static void test_prefixes(void **state)
{
	(void)state;
	size_t n = 0;
	uint8_t *b = slurp("tests/fixtures/v1/synth_1_11.trace", &n);
	if (!b)
		skip();
	struct gt_decode_result res;
	struct rec_sink s = {0};
	assert_int_equal(decode(b, n, &s, &res), GT_OK);
	int full = s.n;
	for (size_t i = 16; i < n; i++) {
		uint8_t *c = malloc(i); /* exact size: ASan sees any overread */
		memcpy(c, b, i);
		memset(&s, 0, sizeof s);
		enum gt_status st = decode(c, i, &s, &res);
		if (i < n - 16)
			assert_int_not_equal(st, GT_OK);
		assert_true(st == GT_OK || st == GT_TRUNCATED || st == GT_INVALID);
		assert_true(s.n <= full + 1);
		assert_int_equal(s.bad_order, 0);
		free(c);
	}
	for (size_t i = 16; i < n; i++) {
		for (int bit = 0; bit < 8; bit++) {
			uint8_t *c = malloc(n);
			memcpy(c, b, n);
			c[i] ^= (uint8_t)(1u << bit);
			memset(&s, 0, sizeof s);
			enum gt_status st = decode(c, n, &s, &res);
			assert_true(st == GT_OK || st == GT_TRUNCATED || st == GT_INVALID);
			free(c);
		}
	}
	free(b);
}

static void test_go15(void **state)
{
	(void)state;
	size_t n = 0;
	uint8_t *b = slurp("tests/fixtures/v1/synth_1_5.trace", &n);
	if (!b)
		skip();
	struct gt_decode_result res;
	struct rec_sink s = {0};
	assert_int_equal(decode(b, n, &s, &res), GT_OK);
	assert_int_equal(res.v1_by_type[14], 4); /* GoStart */
	assert_int_equal(s.bad_order, 0);
	free(b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_small),
		cmocka_unit_test(test_unorderable),
		cmocka_unit_test(test_stop),
		cmocka_unit_test(test_unsupported),
		cmocka_unit_test(test_time_order),
		cmocka_unit_test(test_prefixes),
		cmocka_unit_test(test_go15),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
