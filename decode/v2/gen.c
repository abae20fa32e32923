/* gen.c: reading one generation of a v2 trace (Go's readGeneration and
 * readGenerationWithSpill in golang/exp trace/generation.go, batch.go).
 *
 * Batch headers are scanned in file order; string, stack, CPU sample and
 * sync batches are decoded at once, event batches are only located and
 * grouped by M.  Stacks are resolved into trace-global ids once the whole
 * generation is known (their strings may come later in the file).
 * Error messages are Go's, so that they can be compared with its reader.
 */
#include "decode/v2/int.h"

#include <stdlib.h>
#include <string.h>

void v2_gen_free(struct v2_gen *g)
{
	free(g->batches), free(g->sorted), free(g->ms);
	v2_idmap_free(&g->mmap);
	v2_idmap_free(&g->strs);
	v2_idmap_free(&g->stacks);
	v2_idmap_free(&g->pcs);
	free(g->pcframes), free(g->rawstacks), free(g->stack_pcs), free(g->samples);
	memset(g, 0, sizeof *g);
}

static void gen_reset(struct v2_gen *g)
{
	g->gen = 0;
	g->min_ts = 0;
	g->has_freq = g->has_clock = 0;
	g->freq = 0;
	g->snap_time = g->snap_mono = g->snap_sec = g->snap_nsec = 0;
	g->nevbatches = g->nbatches = g->nms = 0;
	g->has_strtab = g->has_stacktab = g->cut = 0;
	g->npcframes = g->nrawstacks = g->nstack_pcs = g->nsamples = 0;
	v2_idmap_reset(&g->mmap);
	v2_idmap_reset(&g->strs);
	v2_idmap_reset(&g->stacks);
	v2_idmap_reset(&g->pcs);
}

/* ---- batch headers ------------------------------------------------------ */

struct bhdr {
	uint8_t type, exp;
	uint64_t gen, m, time, size;
	uint64_t data; /* offset of the data */
};

enum { RB_OK, RB_EOF, RB_ERR };

/* Go's readBatch: RB_EOF only when the file ends at the batch start. */
static int read_batch(const uint8_t *buf, size_t len, uint64_t pos, struct bhdr *h,
                      struct v2_err *e)
{
	memset(h, 0, sizeof *h);
	if (pos >= len)
		return RB_EOF;
	h->type = buf[pos++];
	if (h->type == V2_END_OF_GENERATION) {
		h->m = UINT64_MAX; /* NoThread */
		h->data = pos - 1;
		h->size = 1;
		return RB_OK;
	}
	if (h->type != V2_EVENT_BATCH && h->type != V2_EXPERIMENTAL_BATCH) {
		v2_fail(e, pos - 1, 0, "expected batch event, got event %u", h->type);
		return RB_ERR;
	}
	if (h->type == V2_EXPERIMENTAL_BATCH) {
		if (pos >= len) /* Go's ReadByte gives a bare io.EOF here */
			return RB_EOF;
		h->exp = buf[pos++];
	}
	static const char *const what[4] = {"batch gen", "batch M ID", "batch timestamp",
	                                    "batch size"};
	uint64_t *dst[4] = {&h->gen, &h->m, &h->time, &h->size};
	for (int k = 0; k < 4; k++) {
		int n = v2_uvarint(buf + pos, buf + len, dst[k]);
		if (n <= 0) {
			v2_fail(e, pos, n == 0, "error reading %s: %s", what[k],
			     n < 0 ? "binary: varint overflows a 64-bit integer"
			           : pos == len ? "EOF" : "unexpected EOF");
			return RB_ERR;
		}
		pos += (uint64_t)n;
	}
	if (h->size > V2_MAX_BATCH) {
		v2_fail(e, pos, 0, "invalid batch size %llu, maximum is %u",
		     (unsigned long long)h->size, V2_MAX_BATCH);
		return RB_ERR;
	}
	if (len - pos < h->size) {
		v2_fail(e, pos, 1, "failed to read full batch: read %llu but wanted %llu",
		     (unsigned long long)(len - pos), (unsigned long long)h->size);
		return RB_ERR;
	}
	h->data = pos;
	return RB_OK;
}

static int process_batch(struct v2_gen *g, const uint8_t *buf, const struct bhdr *h,
                         int version, struct gt_tables *t, struct v2_err *e)
{
	struct rd r = {buf, buf + h->data, buf + h->data + h->size};
	uint8_t first = h->size ? buf[h->data] : 0;
	int plain = h->exp == 0 && h->size > 0;
	if (plain && first == V2_STRINGS) {
		g->has_strtab = 1;
		return v2_add_strings(g, &r, t, e);
	}
	if (plain && first == V2_STACKS) {
		g->has_stacktab = 1;
		return v2_add_stacks(g, &r, e);
	}
	if (plain && first == V2_CPU_SAMPLES)
		return v2_add_cpu_samples(g, &r, e);
	if (plain && ((first == V2_FREQUENCY && version < 25) ||
	              (first == V2_SYNC && version >= 25)))
		return v2_set_sync(g, &r, version, h->time, e);
	if (h->exp)
		return 0; /* experimental data: Go keeps it for Sync; we skip it */
	if (plain && first == V2_END_OF_GENERATION)
		return v2_fail(e, h->data, 0, "internal error: unexpectedly processing "
		            "EndOfGeneration; broken trace?");
	/* An event batch: remember where it is, under its M. */
	uint32_t mi;
	if (!v2_idmap_get(&g->mmap, h->m, &mi)) {
		if (v2_grow((void **)&g->ms, &g->capms, sizeof *g->ms, (uint64_t)g->nms + 1))
			return v2_fail(e, h->data, 0, "out of memory");
		mi = g->nms++;
		g->ms[mi] = (struct v2_m){(int64_t)h->m, 0, 0};
		if (v2_idmap_put(&g->mmap, h->m, mi) < 0)
			return v2_fail(e, h->data, 0, "out of memory");
	}
	if (v2_grow((void **)&g->batches, &g->capbatches, sizeof *g->batches,
	         (uint64_t)g->nbatches + 1))
		return v2_fail(e, h->data, 0, "out of memory");
	g->batches[g->nbatches++] = (struct v2_batch){h->data, (uint32_t)h->size, mi, h->time};
	g->ms[mi].count++;
	g->nevbatches++;
	return 0;
}

/* ---- after the scan --------------------------------------------------- */

static int sample_cmp(const void *a, const void *b)
{
	const struct v2_sample *x = a, *y = b;
	if (x->time != y->time)
		return x->time < y->time ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* Groups event batches by M (first-appearance order), file order within. */
static int group_batches(struct v2_gen *g, struct v2_err *e)
{
	if (g->capsorted < g->capbatches) {
		struct v2_batch *q = realloc(g->sorted, sizeof *q * g->capbatches);
		if (!q)
			return v2_fail(e, g->end, 0, "out of memory");
		g->sorted = q;
		g->capsorted = g->capbatches;
	}
	uint32_t at = 0;
	for (uint32_t i = 0; i < g->nms; i++) {
		g->ms[i].first = at;
		at += g->ms[i].count;
		g->ms[i].count = 0;
	}
	for (uint32_t i = 0; i < g->nbatches; i++) {
		struct v2_m *m = &g->ms[g->batches[i].mi];
		g->sorted[m->first + m->count++] = g->batches[i];
	}
	return 0;
}

/* ---- the generation ----------------------------------------------------- */

int v2_read_gen(struct v2_gen *g, const uint8_t *buf, size_t len, uint64_t pos,
                int version, struct gt_tables *t, uint64_t *next, struct v2_err *e)
{
	gen_reset(g);
	g->start = pos;
	int at_eof = 0;
	for (;;) {
		uint64_t bstart = pos;
		struct bhdr h;
		int rb = read_batch(buf, len, pos, &h, e);
		if (rb == RB_EOF) {
			if (version >= 26) {
				if (g->nevbatches)
					return v2_fail(e, len, 1, "incomplete generation found; trace likely truncated");
				*next = len;
				return 0;
			}
			at_eof = 1;
			*next = len;
			break;
		}
		if (rb == RB_ERR) {
			if (version < 26 && g->gen != 0) {
				/* Go keeps what it has and reports this error after
				 * the generation; reading from here again does so. */
				*next = bstart;
				g->cut = e->at_eof;
				break;
			}
			return -1;
		}
		pos = h.data + h.size;
		if (version >= 26) {
			if (g->gen == 0)
				g->gen = h.gen;
			if (h.exp == 0 && h.size > 0 && buf[h.data] == V2_END_OF_GENERATION) {
				*next = pos;
				break;
			}
			if (h.gen == 0)
				return v2_fail(e, bstart, 0, "invalid generation number %llu", 0ull);
			if (h.gen != g->gen)
				return v2_fail(e, bstart, 0, "broken trace: missing end-of-generation event, "
				            "or generations are interleaved");
		} else {
			if (h.gen == 0)
				return v2_fail(e, bstart, 0, "invalid generation number %llu", 0ull);
			if (g->gen == 0)
				g->gen = h.gen;
			if (h.gen == g->gen + 1) {
				*next = bstart;
				break;
			}
			if (h.gen != g->gen)
				return v2_fail(e, bstart, 0, "generations out of order");
		}
		if (g->min_ts == 0 || h.time < g->min_ts)
			g->min_ts = h.time;
		if (process_batch(g, buf, &h, version, t, e))
			return -1;
	}
	g->end = *next;
	/* A generation the file cut off (see v2_int.h): errors in it are
	 * reported as truncation. */
	at_eof = version < 26 && (g->cut || (at_eof && (!g->has_strtab || !g->has_stacktab)));
	if (!g->has_freq)
		return v2_fail(e, g->end, at_eof, "no frequency event found");
	if (version >= 25 && !g->has_clock)
		return v2_fail(e, g->end, at_eof, "no clock snapshot event found");
	e->at_eof = at_eof; /* for errors of resolve_stacks() */
	if (v2_resolve_stacks(g, t, e) || group_batches(g, e)) {
		e->at_eof = at_eof;
		return -1;
	}
	for (uint32_t i = 0; i < g->nsamples; i++)
		g->samples[i].time = v2_mul(g->freq, (uint64_t)g->samples[i].time);
	if (g->nsamples > 1)
		qsort(g->samples, g->nsamples, sizeof *g->samples, sample_cmp);
	return 1;
}

