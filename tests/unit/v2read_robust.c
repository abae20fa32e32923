/* v2read_robust.c: the v2 reader (decode/v2/read.c, v2_gen.c) on small
 * traces built here byte by byte, and on damaged copies of the project's
 * esbuild fixtures: generations, frequency, Sync events, CPU samples,
 * EndOfGeneration, and the errors (with their offsets) of broken, cut and
 * hostile inputs.  Nothing may crash, hang or be reported as OK when cut. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decode/decode.h"
#include "tests/unit/xorshift.h"

/* ---- a tiny v2 writer ------------------------------------------------- */

struct buf {
	uint8_t b[1 << 16];
	size_t n;
};

static void put(struct buf *w, const void *p, size_t n)
{
	assert_true(w->n + n <= sizeof w->b);
	memcpy(w->b + w->n, p, n);
	w->n += n;
}

static void byte(struct buf *w, uint8_t c) { put(w, &c, 1); }

static void uv(struct buf *w, uint64_t v)
{
	while (v >= 0x80) {
		byte(w, (uint8_t)(v | 0x80));
		v >>= 7;
	}
	byte(w, (uint8_t)v);
}

static void header(struct buf *w, int version)
{
	char h[16] = {0};
	snprintf(h, sizeof h, "go 1.%d trace", version);
	w->n = 0;
	put(w, h, 16);
}

static void batch(struct buf *w, uint64_t gen, uint64_t m, uint64_t ts, const struct buf *data)
{
	byte(w, 1); /* EvEventBatch */
	uv(w, gen);
	uv(w, m);
	uv(w, ts);
	uv(w, data->n);
	put(w, data->b, data->n);
}

/* Generation `gen` of a Go 1.22/1.23 trace: a frequency batch (64 ns a
 * tick), one batch on M 1 with P 0 idle then running then idle. */
static void gen122(struct buf *w, uint64_t gen, uint64_t ts, int with_samples)
{
	static struct buf d;
	d.n = 0;
	byte(&d, 8); /* EvFrequency */
	uv(&d, 15625000);
	batch(w, gen, UINT64_MAX >> 1, ts, &d);
	d.n = 0;
	byte(&d, 13); uv(&d, 1); uv(&d, 0); uv(&d, 2); /* ProcStatus p=0 Idle */
	byte(&d, 10); uv(&d, 10); uv(&d, 0); uv(&d, 1); /* ProcStart p=0 seq=1 */
	byte(&d, 11); uv(&d, 10);                        /* ProcStop */
	batch(w, gen, 1, ts, &d);
	if (with_samples) {
		d.n = 0;
		byte(&d, 6); /* EvCPUSamples */
		byte(&d, 7); uv(&d, ts + 5); uv(&d, 1); uv(&d, 0); uv(&d, 0); uv(&d, 0);
		batch(w, gen, UINT64_MAX >> 1, ts, &d);
	}
}

/* ---- decoding into a list ------------------------------------------- */

#define MAXEV 64
struct got {
	int n;
	struct gt_event ev[MAXEV];
};

static int on_event(void *ctx, const struct gt_event *ev, const struct gt_tables *t)
{
	(void)t;
	struct got *g = ctx;
	if (g->n < MAXEV)
		g->ev[g->n] = *ev;
	g->n++;
	return 0;
}

static enum gt_status decode(const uint8_t *b, size_t n, struct got *g,
                             struct gt_decode_result *res)
{
	struct gt_tables *t = gt_tables_new();
	assert_non_null(t);
	memset(g, 0, sizeof *g);
	struct gt_sink sink = {.ctx = g, .event = on_event, .progress = NULL};
	enum gt_status st = gt_decode(b, n, t, &sink, res);
	assert_int_equal(st, res->status);
	assert_int_equal((uint64_t)g->n, res->events);
	gt_tables_free(t);
	return st;
}

/* ---- tests ------------------------------------------------------------- */

static void headers(void **state)
{
	(void)state;
	struct buf w;
	struct got g;
	struct gt_decode_result res;
	header(&w, 26);
	assert_int_equal(decode(w.b, w.n, &g, &res), GT_OK);
	assert_int_equal(g.n, 1); /* Go's reader: one closing Sync */
	assert_int_equal(g.ev[0].kind, GT_EV_SYNC);
	header(&w, 22);
	assert_int_equal(decode(w.b, w.n, &g, &res), GT_TRUNCATED);
	assert_string_equal(res.msg, "no frequency event found");
	assert_int_equal(res.version, 22);
	assert_int_equal(res.format, 2);
	header(&w, 24);
	assert_int_equal(decode(w.b, w.n, &g, &res), GT_UNSUPPORTED);
	assert_string_equal(res.msg, "unknown or unsupported trace version go 1.24");
	assert_int_equal(decode((const uint8_t *)"hello", 5, &g, &res), GT_UNSUPPORTED);
	assert_non_null(strstr(res.msg, "not a Go execution trace"));
	assert_int_equal(decode((const uint8_t *)"", 0, &g, &res), GT_UNSUPPORTED);
}

static void one_generation(void **state)
{
	(void)state;
	struct buf w;
	struct got g;
	struct gt_decode_result res;
	header(&w, 22);
	gen122(&w, 1, 1000, 0);
	assert_int_equal(decode(w.b, w.n, &g, &res), GT_OK);
	assert_int_equal(res.bytes_kept, w.n);
	/* Sync, P0 Undetermined->Idle, Idle->Running, Running->Idle, Sync */
	assert_int_equal(g.n, 5);
	assert_int_equal(g.ev[0].kind, GT_EV_SYNC);
	assert_int_equal(g.ev[0].u.sync.n, 1);
	assert_int_equal(g.ev[0].ts, 1000 * 64); /* min batch time, 64 ns a tick */
	assert_int_equal(g.ev[1].kind, GT_EV_STATE_TRANSITION);
	assert_int_equal(g.ev[1].u.trans.resource, GT_RES_PROC);
	assert_int_equal(g.ev[1].u.trans.to, GT_PS_IDLE);
	assert_int_equal(g.ev[1].ts, 1001 * 64);
	assert_int_equal(g.ev[2].ts, 1011 * 64);
	assert_int_equal(g.ev[2].m, 1);
	assert_int_equal(g.ev[3].ts, 1021 * 64);
	assert_int_equal(g.ev[4].kind, GT_EV_SYNC);
	assert_int_equal(g.ev[4].u.sync.n, 2);
	assert_int_equal(g.ev[4].ts, 1021 * 64 + 1); /* times strictly increase */
	/* the offset of the ProcStart event points at its type byte */
	assert_int_equal(w.b[g.ev[2].offset], 10);
}

static void generations_and_samples(void **state)
{
	(void)state;
	struct buf w;
	struct got g;
	struct gt_decode_result res;
	header(&w, 23);
	gen122(&w, 1, 1000, 1);
	gen122(&w, 2, 2000, 0);
	assert_int_equal(decode(w.b, w.n, &g, &res), GT_OK);
	/* Sync, transition, StackSample (t=1005), 2 transitions, Sync, 3, Sync */
	assert_int_equal(g.n, 10);
	assert_int_equal(g.ev[2].kind, GT_EV_STACK_SAMPLE);
	assert_int_equal(g.ev[2].ts, 1005 * 64);
	assert_int_equal(g.ev[2].g, GT_NONE); /* g 0 in a sample: no goroutine */
	assert_int_equal(g.ev[5].kind, GT_EV_SYNC);
	assert_int_equal(g.ev[5].u.sync.n, 2);
	assert_int_equal(g.ev[6].u.trans.from, GT_PS_IDLE); /* known from gen 1 */
	assert_int_equal(g.ev[9].u.sync.n, 3);

	/* Every cut keeps the first generation or reports the cut; never OK,
	 * never more events than the whole. */
	size_t gen1_end = 0;
	{
		struct buf w1;
		header(&w1, 23);
		gen122(&w1, 1, 1000, 1);
		gen1_end = w1.n;
	}
	for (size_t cut = 16; cut < w.n; cut++) {
		struct got c;
		enum gt_status st = decode(w.b, cut, &c, &res);
		/* A cut between batches can leave a valid trace (Go agrees). */
		assert_true(st == GT_TRUNCATED || st == GT_INVALID || st == GT_OK);
		assert_true(c.n <= g.n);
		assert_true(res.offset <= cut);
		if (cut > gen1_end) { /* generation 1 is kept */
			assert_int_not_equal(st, GT_INVALID);
			assert_true(c.n >= 6);
			if (st == GT_TRUNCATED)
				assert_true(res.bytes_kept >= gen1_end && res.bytes_kept <= cut);
		}
	}
}

static void go126_end_of_generation(void **state)
{
	(void)state;
	struct buf w, d;
	struct got g;
	struct gt_decode_result res;
	header(&w, 26);
	d.n = 0;
	byte(&d, 50); /* EvSync */
	byte(&d, 8); uv(&d, 1000000000); /* 1 ns a tick */
	byte(&d, 51); uv(&d, 7); uv(&d, 99); uv(&d, 1700000000); uv(&d, 5); /* clock */
	batch(&w, 1, UINT64_MAX >> 1, 100, &d);
	d.n = 0;
	byte(&d, 13); uv(&d, 1); uv(&d, 3); uv(&d, 2); /* ProcStatus p=3 Idle */
	batch(&w, 1, 4, 100, &d);
	size_t before_eog = w.n;
	byte(&w, 52); /* EvEndOfGeneration */
	assert_int_equal(decode(w.b, w.n, &g, &res), GT_OK);
	assert_int_equal(g.n, 3);
	assert_true(g.ev[0].u.sync.has_clock);
	assert_int_equal(g.ev[0].u.sync.clock_trace, 107);
	assert_int_equal(g.ev[0].u.sync.clock_mono, 99);
	assert_int_equal(g.ev[0].u.sync.clock_wall_sec, 1700000000);
	assert_int_equal(g.ev[0].u.sync.clock_wall_nsec, 5);
	assert_int_equal(g.ev[1].p, GT_NONE);
	assert_int_equal(g.ev[1].u.trans.id, 3);
	/* without its EndOfGeneration the generation is cut off */
	assert_int_equal(decode(w.b, before_eog, &g, &res), GT_TRUNCATED);
	assert_string_equal(res.msg, "incomplete generation found; trace likely truncated");
	assert_int_equal(g.n, 1); /* Go's reader still closes with a Sync */
	assert_int_equal(res.bytes_kept, 16);
	/* a 1.25 generation without a clock snapshot is broken */
	header(&w, 25);
	d.n = 0;
	byte(&d, 50);
	byte(&d, 8); uv(&d, 1000000000);
	batch(&w, 1, 0, 100, &d);
	d.n = 0;
	byte(&d, 4); byte(&d, 5); uv(&d, 1); uv(&d, 1); byte(&d, 'x'); /* strings */
	batch(&w, 1, 0, 100, &d);
	d.n = 0;
	byte(&d, 2); /* empty stacks batch */
	batch(&w, 1, 0, 100, &d);
	assert_int_equal(decode(w.b, w.n, &g, &res), GT_INVALID);
	assert_string_equal(res.msg, "no clock snapshot event found");
}

static void broken(void **state)
{
	(void)state;
	struct buf w, d;
	struct got g;
	struct gt_decode_result res;
	/* an event refers to a stack the generation does not have */
	header(&w, 22);
	d.n = 0;
	byte(&d, 8); uv(&d, 15625000);
	batch(&w, 1, 0, 10, &d);
	d.n = 0;
	byte(&d, 2); /* stacks, one frame whose func string exists */
	byte(&d, 3); uv(&d, 1); uv(&d, 1); uv(&d, 0x1000); uv(&d, 1); uv(&d, 0); uv(&d, 7);
	batch(&w, 1, 0, 10, &d);
	d.n = 0;
	byte(&d, 4); byte(&d, 5); uv(&d, 1); uv(&d, 4); put(&d, "main", 4);
	batch(&w, 1, 0, 10, &d);
	d.n = 0;
	byte(&d, 13); uv(&d, 1); uv(&d, 0); uv(&d, 1); /* ProcStatus p=0 Running */
	byte(&d, 25); uv(&d, 1); uv(&d, 1); uv(&d, 1); uv(&d, 2); /* GoStatus g=1 Running */
	byte(&d, 9); uv(&d, 1); uv(&d, 4); uv(&d, 9);  /* ProcsChange, stack 9 */
	batch(&w, 1, 1, 10, &d);
	enum gt_status st = decode(w.b, w.n, &g, &res);
	assert_int_equal(st, GT_INVALID);
	assert_non_null(strstr(res.msg, "stack"));
	assert_true(res.offset > 16 && res.offset < w.n);
	assert_int_equal(w.b[res.offset], 9); /* the ProcsChange event */

	/* a batch bigger than Go allows */
	header(&w, 22);
	byte(&w, 1); uv(&w, 1); uv(&w, 1); uv(&w, 1); uv(&w, 70000);
	assert_int_equal(decode(w.b, w.n, &g, &res), GT_INVALID);
	assert_non_null(strstr(res.msg, "invalid batch size 70000"));
	/* a varint that overflows */
	header(&w, 22);
	byte(&w, 1);
	for (int i = 0; i < 11; i++)
		byte(&w, 0xff);
	assert_int_equal(decode(w.b, w.n, &g, &res), GT_INVALID);
	assert_non_null(strstr(res.msg, "overflows"));
	/* not a batch */
	header(&w, 23);
	byte(&w, 7);
	assert_int_equal(decode(w.b, w.n, &g, &res), GT_INVALID);
	assert_string_equal(res.msg, "expected batch event, got event 7");
	assert_int_equal(res.offset, 16);
	/* a string longer than Go allows, and a duplicate string id */
	header(&w, 22);
	d.n = 0;
	byte(&d, 4); byte(&d, 5); uv(&d, 1); uv(&d, 2000);
	batch(&w, 1, 0, 10, &d);
	assert_int_equal(decode(w.b, w.n, &g, &res), GT_INVALID);
	assert_non_null(strstr(res.msg, "invalid string size 2000"));
	header(&w, 22);
	d.n = 0;
	byte(&d, 4);
	byte(&d, 5); uv(&d, 3); uv(&d, 1); byte(&d, 'a');
	byte(&d, 5); uv(&d, 3); uv(&d, 1); byte(&d, 'b');
	batch(&w, 1, 0, 10, &d);
	assert_int_equal(decode(w.b, w.n, &g, &res), GT_INVALID);
	assert_non_null(strstr(res.msg, "multiple strings with the same ID"));
	/* generations out of order */
	header(&w, 22);
	gen122(&w, 2, 100, 0);
	gen122(&w, 1, 200, 0);
	assert_int_equal(decode(w.b, w.n, &g, &res), GT_INVALID);
	assert_string_equal(res.msg, "generations out of order");
}

/* The head of the frontier cannot advance (its P's sequence number is
 * not due yet), with more than 12 Ms: the reader must find the M that can
 * (through its sorted frontier) and deliver everything. */
static void head_blocked_many_threads(void **state)
{
	(void)state;
	struct buf w, d;
	struct got g;
	struct gt_decode_result res;
	header(&w, 22);
	d.n = 0;
	byte(&d, 8); uv(&d, 1000000000);
	batch(&w, 1, UINT64_MAX >> 1, 1, &d);
	/* M 1: P 0 is idle (t=1), then starts it with seq 1 late (t=50) */
	d.n = 0;
	byte(&d, 13); uv(&d, 0); uv(&d, 0); uv(&d, 2);  /* t=1 ProcStatus p0 Idle */
	byte(&d, 10); uv(&d, 49); uv(&d, 0); uv(&d, 1); /* t=50 ProcStart p0 seq 1 */
	byte(&d, 11); uv(&d, 1);                        /* t=51 ProcStop */
	batch(&w, 1, 1, 1, &d);
	/* M 2: starts P 0 with seq 2 early (t=5): must wait for M 1 */
	d.n = 0;
	byte(&d, 10); uv(&d, 0); uv(&d, 0); uv(&d, 2);  /* t=5 ProcStart p0 seq 2 */
	batch(&w, 1, 2, 5, &d);
	/* Ms 10..29: a P each, idle, later than M 2's event */
	for (uint64_t m = 10; m < 30; m++) {
		d.n = 0;
		byte(&d, 13); uv(&d, 0); uv(&d, m); uv(&d, 2);
		batch(&w, 1, m, 10 + m, &d);
	}
	assert_int_equal(decode(w.b, w.n, &g, &res), GT_OK);
	/* Sync, 3 from M 1, 1 from M 2, 20 others, Sync */
	assert_int_equal(g.n, 1 + 3 + 1 + 20 + 1);
	/* M 2's ProcStart comes right after M 1's ProcStop */
	int stop = -1, start2 = -1;
	for (int i = 0; i < g.n && i < MAXEV; i++) {
		if (g.ev[i].m == 1 && g.ev[i].kind == GT_EV_STATE_TRANSITION &&
		    g.ev[i].u.trans.to == GT_PS_IDLE && g.ev[i].u.trans.from == GT_PS_RUNNING)
			stop = i;
		if (g.ev[i].m == 2)
			start2 = i;
	}
	assert_true(stop > 0);
	assert_int_equal(start2, stop + 1);
}

/* Progress reports only grow and never pass the file's end, so a caller
 * may drop the pages before them. */
struct prog {
	uint64_t last, calls, total;
	int bad;
};

static int prog_event(void *ctx, const struct gt_event *ev, const struct gt_tables *t)
{
	(void)ctx, (void)ev, (void)t;
	return 0;
}

static void prog_progress(void *ctx, uint64_t done, uint64_t total)
{
	struct prog *p = ctx;
	if (done < p->last || done > total || total != p->total)
		p->bad = 1;
	p->last = done;
	p->calls++;
}

static void progress_reports(void **state)
{
	(void)state;
	FILE *fp = fopen("tests/fixtures/esbuild_go122.trace", "rb");
	if (!fp)
		skip();
	static uint8_t b[1 << 20];
	size_t n = fread(b, 1, sizeof b, fp);
	fclose(fp);
	struct gt_tables *t = gt_tables_new();
	struct prog p = {0, 0, n, 0};
	struct gt_sink sink = {.ctx = &p, .event = prog_event, .progress = prog_progress};
	struct gt_decode_result res;
	assert_int_equal(gt_decode(b, n, t, &sink, &res), GT_OK);
	assert_false(p.bad);
	assert_true(p.calls >= 2); /* one per generation at least */
	gt_tables_free(t);
}

/* Damaged copies of the committed fixtures: bytes flipped, varints made
 * huge, pieces cut out.  Only "no crash, a sane result" is asserted. */
static uint64_t rng = 0x9E3779B97F4A7C15ull;
static uint32_t rnd(void)
{
	return (uint32_t)(xorshift64(&rng) >> 11);
}

static void damaged_fixtures(void **state)
{
	(void)state;
	static const char *const names[] = {
		"tests/fixtures/esbuild_go122.trace", "tests/fixtures/esbuild_go123.trace",
		"tests/fixtures/esbuild_go125.trace", "tests/fixtures/esbuild_go126.trace",
	};
	int found = 0;
	for (size_t f = 0; f < sizeof names / sizeof names[0]; f++) {
		FILE *fp = fopen(names[f], "rb");
		if (!fp)
			continue;
		found++;
		static uint8_t orig[1 << 20], b[1 << 20];
		size_t n = fread(orig, 1, sizeof orig, fp);
		fclose(fp);
		struct got g;
		struct gt_decode_result res;
		assert_int_equal(decode(orig, n, &g, &res), GT_OK);
		uint64_t whole = res.events;
		for (int round = 0; round < 150; round++) {
			memcpy(b, orig, n);
			size_t m = n;
			int kind = round % 3;
			if (kind == 0) { /* flip a few bytes */
				for (int k = 0; k < 1 + round % 4; k++)
					b[16 + rnd() % (n - 16)] ^= (uint8_t)(1 + rnd() % 255);
			} else if (kind == 1) { /* a run of 0xff: huge varints */
				size_t at = 16 + rnd() % (n - 32);
				memset(b + at, 0xff, 1 + rnd() % 12);
			} else { /* cut out a piece */
				size_t at = 16 + rnd() % (n - 16), len = 1 + rnd() % 64;
				if (at + len > n)
					len = n - at;
				memmove(b + at, b + at + len, n - at - len);
				m = n - len;
			}
			enum gt_status st = decode(b, m, &g, &res);
			assert_true(st == GT_OK || st == GT_INVALID || st == GT_TRUNCATED);
			assert_true(res.offset <= m);
			/* a damaged trace cannot deliver wildly more than the whole */
			assert_true(res.events <= 2 * whole + 16);
		}
	}
	if (!found)
		skip();
}

/* The reader's inline fast path (varints of up to 5 bytes, read while 41
 * bytes of the batch are left) and its general path (the batch's tail,
 * longer varints) must give the same values and times: HeapAlloc values
 * and time deltas of every varint width, in a batch long enough for
 * both paths. */
static void varint_widths(void **state)
{
	(void)state;
	static const uint64_t vals[] = {
		0, 1, 127, 128, 16383, 16384, (1ull << 21) - 1, 1ull << 21,
		(1ull << 28) - 1, 1ull << 28, (1ull << 35) - 1, 1ull << 35,
		(1ull << 42) + 5, 1ull << 49, 1ull << 56, 1ull << 63, UINT64_MAX,
	};
	static const uint64_t dts[] = {1, 127, 128, 16384, 1ull << 21, 3, 1ull << 28};
	enum { NV = sizeof vals / sizeof vals[0], ND = sizeof dts / sizeof dts[0], ROUNDS = 3 };
	static struct buf w, d;
	struct got g;
	struct gt_decode_result res;
	uint64_t ts[NV * ROUNDS];
	header(&w, 22);
	d.n = 0;
	byte(&d, 8); /* EvFrequency: 64 ns a tick */
	uv(&d, 15625000);
	batch(&w, 1, UINT64_MAX >> 1, 1000, &d);
	d.n = 0;
	byte(&d, 13); uv(&d, 1); uv(&d, 0); uv(&d, 2); /* ProcStatus p=0 Idle */
	byte(&d, 10); uv(&d, 10); uv(&d, 0); uv(&d, 1); /* ProcStart p=0 seq=1 */
	uint64_t t = 1000 + 1 + 10;
	for (int k = 0; k < NV * ROUNDS; k++) {
		byte(&d, 37); /* HeapAlloc */
		uv(&d, dts[k % ND]);
		uv(&d, vals[k % NV]);
		t += dts[k % ND];
		ts[k] = t;
	}
	byte(&d, 11); uv(&d, 10); /* ProcStop */
	batch(&w, 1, 1, 1000, &d);
	assert_int_equal(decode(w.b, w.n, &g, &res), GT_OK);
	/* Sync, 2 P transitions, the metrics, a P transition, Sync */
	assert_int_equal(g.n, 3 + NV * ROUNDS + 2);
	for (int k = 0; k < NV * ROUNDS; k++) {
		const struct gt_event *ev = &g.ev[3 + k];
		assert_int_equal(ev->kind, GT_EV_METRIC);
		assert_int_equal(ev->u.metric.mkind, GT_METRIC_HEAP_ALLOC);
		assert_true(ev->u.metric.value == vals[k % NV]);
		assert_int_equal(ev->ts, (int64_t)ts[k] * 64);
	}
	assert_int_equal(g.ev[3 + NV * ROUNDS].ts, (int64_t)(t + 10) * 64);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(headers),
		cmocka_unit_test(one_generation),
		cmocka_unit_test(generations_and_samples),
		cmocka_unit_test(go126_end_of_generation),
		cmocka_unit_test(broken),
		cmocka_unit_test(head_blocked_many_threads),
		cmocka_unit_test(progress_reports),
		cmocka_unit_test(damaged_fixtures),
		cmocka_unit_test(varint_widths),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
