/* v2_gen.c: reading one generation of a v2 trace (Go's readGeneration and
 * readGenerationWithSpill in golang/exp trace/generation.go, batch.go).
 *
 * Batch headers are scanned in file order; string, stack, CPU sample and
 * sync batches are decoded at once, event batches are only located and
 * grouped by M.  Stacks are resolved into trace-global ids once the whole
 * generation is known (their strings may come later in the file).
 * Error messages are Go's, so that they can be compared with its reader.
 */
#include "decode/v2_int.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- small helpers ---------------------------------------------------- */

static int fail(struct v2_err *e, uint64_t off, int at_eof, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(e->msg, sizeof e->msg, fmt, ap);
	va_end(ap);
	e->offset = off;
	e->at_eof = at_eof;
	return -1;
}

static int grow(void **p, uint32_t *cap, size_t elem, uint64_t need)
{
	if (need <= *cap)
		return 0;
	if (need > UINT32_MAX / 2)
		return -1;
	uint32_t ncap = *cap ? *cap : 16;
	while (ncap < need)
		ncap *= 2;
	void *q = realloc(*p, elem * ncap);
	if (!q)
		return -1;
	*p = q;
	*cap = ncap;
	return 0;
}


/* ---- id maps ------------------------------------------------------------ */

static inline uint32_t idhash(uint64_t k, uint32_t mask)
{
	k *= 0x9E3779B97F4A7C15ull;
	return (uint32_t)(k >> 32 ^ k) & mask;
}

static int idmap_rehash(struct v2_idmap *m, uint32_t ncap)
{
	uint64_t *keys = malloc(sizeof *keys * ncap);
	uint32_t *vals = malloc(sizeof *vals * ncap);
	uint8_t *used = calloc(ncap, 1);
	if (!keys || !vals || !used) {
		free(keys), free(vals), free(used);
		return -1;
	}
	for (uint32_t i = 0; m->used && i <= m->mask; i++) {
		if (!m->used[i])
			continue;
		uint32_t j = idhash(m->keys[i], ncap - 1);
		while (used[j])
			j = (j + 1) & (ncap - 1);
		used[j] = 1, keys[j] = m->keys[i], vals[j] = m->vals[i];
	}
	free(m->keys), free(m->vals), free(m->used);
	m->keys = keys, m->vals = vals, m->used = used;
	m->mask = ncap - 1;
	return 0;
}

int v2_idmap_put(struct v2_idmap *m, uint64_t key, uint32_t val)
{
	if (!m->used || (m->count + 1) * 2 > m->mask + 1)
		if (idmap_rehash(m, m->used ? (m->mask + 1) * 2 : 64))
			return -1;
	uint32_t i = idhash(key, m->mask);
	for (; m->used[i]; i = (i + 1) & m->mask)
		if (m->keys[i] == key)
			return 1;
	m->used[i] = 1, m->keys[i] = key, m->vals[i] = val;
	m->count++;
	return 0;
}

int v2_idmap_get(const struct v2_idmap *m, uint64_t key, uint32_t *val)
{
	if (!m->count)
		return 0;
	for (uint32_t i = idhash(key, m->mask); m->used[i]; i = (i + 1) & m->mask)
		if (m->keys[i] == key) {
			*val = m->vals[i];
			return 1;
		}
	return 0;
}

void v2_idmap_reset(struct v2_idmap *m)
{
	if (m->count && m->used)
		memset(m->used, 0, (size_t)m->mask + 1);
	m->count = 0;
}

void v2_idmap_free(struct v2_idmap *m)
{
	free(m->keys), free(m->vals), free(m->used);
	memset(m, 0, sizeof *m);
}

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

/* ---- reading inside a batch (Go's binary.ReadUvarint on a bytes.Reader) */

struct rd {
	const uint8_t *buf; /* the whole file, for offsets */
	const uint8_t *p, *end;
};

static uint64_t rd_off(const struct rd *r) { return (uint64_t)(r->p - r->buf); }

/* 0 ok; else the error text of Go's ReadUvarint in *why. */
static int rd_uvarint(struct rd *r, uint64_t *v, const char **why)
{
	int n = v2_uvarint(r->p, r->end, v);
	if (n > 0) {
		r->p += n;
		return 0;
	}
	if (n < 0)
		*why = "binary: varint overflows a 64-bit integer";
	else
		*why = r->p == r->end ? "EOF" : "unexpected EOF";
	return -1;
}

/* ---- batch kinds -------------------------------------------------------- */

static int add_strings(struct v2_gen *g, struct rd *r, struct gt_tables *t, struct v2_err *e)
{
	const char *why;
	r->p++; /* EvStrings */
	while (r->p < r->end) {
		uint64_t at = rd_off(r);
		uint8_t ev = *r->p++;
		if (ev != V2_STRING)
			return fail(e, at, 0, "expected string event, got %u", ev);
		uint64_t id, n;
		if (rd_uvarint(r, &id, &why) || rd_uvarint(r, &n, &why))
			return fail(e, rd_off(r), 0, "%s", why);
		if (n > V2_MAX_STRING)
			return fail(e, at, 0, "invalid string size %llu, maximum is %u",
			            (unsigned long long)n, V2_MAX_STRING);
		if ((uint64_t)(r->end - r->p) < n)
			return fail(e, at, 0, "failed to read full string: read %llu but wanted %llu",
			            (unsigned long long)(r->end - r->p), (unsigned long long)n);
		gt_str s = gt_str_intern(t, (const char *)r->p, (size_t)n);
		r->p += n;
		uint32_t old;
		if (id == 0 || v2_idmap_get(&g->strs, id, &old))
			return fail(e, at, 0, "multiple strings with the same ID: id=%llu",
			            (unsigned long long)id);
		if (v2_idmap_put(&g->strs, id, s) < 0)
			return fail(e, at, 0, "out of memory");
	}
	return 0;
}

static int add_stacks(struct v2_gen *g, struct rd *r, struct v2_err *e)
{
	const char *why;
	r->p++; /* EvStacks */
	while (r->p < r->end) {
		uint64_t at = rd_off(r);
		uint8_t ev = *r->p++;
		if (ev != V2_STACK)
			return fail(e, at, 0, "expected stack event, got %u", ev);
		uint64_t id, nf;
		if (rd_uvarint(r, &id, &why) || rd_uvarint(r, &nf, &why))
			return fail(e, rd_off(r), 0, "%s", why);
		if (nf > V2_MAX_FRAMES)
			return fail(e, at, 0, "invalid stack size %llu, maximum is %u",
			            (unsigned long long)nf, V2_MAX_FRAMES);
		if (grow((void **)&g->stack_pcs, &g->capstack_pcs, sizeof *g->stack_pcs,
		         (uint64_t)g->nstack_pcs + nf) ||
		    grow((void **)&g->rawstacks, &g->caprawstacks, sizeof *g->rawstacks,
		         (uint64_t)g->nrawstacks + 1))
			return fail(e, at, 0, "out of memory");
		uint32_t first = g->nstack_pcs;
		static const char *const field[4] = {"PC", "funcID", "fileID", "line"};
		for (uint64_t i = 0; i < nf; i++) {
			uint64_t f[4];
			for (int k = 0; k < 4; k++)
				if (rd_uvarint(r, &f[k], &why))
					return fail(e, rd_off(r), 0, "reading frame %llu's %s for stack %llu: %s",
					            (unsigned long long)i + 1, field[k],
					            (unsigned long long)id, why);
			uint32_t idx;
			if (!v2_idmap_get(&g->pcs, f[0], &idx)) {
				if (grow((void **)&g->pcframes, &g->cappcframes, sizeof *g->pcframes,
				         (uint64_t)g->npcframes + 1))
					return fail(e, at, 0, "out of memory");
				idx = g->npcframes++;
				g->pcframes[idx] = (struct v2_pcframe){f[0], f[1], f[2], f[3], id, 0};
				if (v2_idmap_put(&g->pcs, f[0], idx) < 0)
					return fail(e, at, 0, "out of memory");
			}
			g->stack_pcs[g->nstack_pcs++] = idx;
		}
		uint32_t old;
		if (id == 0 || v2_idmap_get(&g->stacks, id, &old))
			return fail(e, at, 0, "multiple trace.stacks with the same ID: id=%llu",
			            (unsigned long long)id);
		if (v2_idmap_put(&g->stacks, id, g->nrawstacks) < 0)
			return fail(e, at, 0, "out of memory");
		g->rawstacks[g->nrawstacks++] = (struct v2_rawstack){id, first, (uint32_t)nf};
	}
	return 0;
}

static int add_cpu_samples(struct v2_gen *g, struct rd *r, struct v2_err *e)
{
	const char *why;
	r->p++; /* EvCPUSamples */
	while (r->p < r->end) {
		uint64_t at = rd_off(r);
		uint8_t ev = *r->p++;
		if (ev != V2_CPU_SAMPLE)
			return fail(e, at, 0, "expected CPU sample event, got %u", ev);
		uint64_t a[5];
		for (int k = 0; k < 5; k++)
			if (rd_uvarint(r, &a[k], &why))
				return fail(e, rd_off(r), 0, "%s", why);
		if (grow((void **)&g->samples, &g->capsamples, sizeof *g->samples,
		         (uint64_t)g->nsamples + 1))
			return fail(e, at, 0, "out of memory");
		g->samples[g->nsamples] = (struct v2_sample){
			.time = (int64_t)a[0], .m = (int64_t)a[1], .p = (int64_t)a[2],
			.g = a[3] ? (int64_t)a[3] : GT_NONE, .stack = a[4], .off = at,
			.seq = g->nsamples,
		};
		g->nsamples++;
	}
	return 0;
}

static int set_sync(struct v2_gen *g, struct rd *r, int version, uint64_t btime, struct v2_err *e)
{
	const char *why;
	if (version >= 25)
		r->p++; /* EvSync */
	uint64_t last = btime;
	while (r->p < r->end) {
		uint64_t at = rd_off(r);
		uint8_t ev = *r->p++;
		if (ev == V2_FREQUENCY) {
			if (g->has_freq)
				return fail(e, at, 0, "found multiple frequency events");
			uint64_t f;
			if (rd_uvarint(r, &f, &why))
				return fail(e, rd_off(r), 0, "%s", why);
			g->freq = 1.0 / ((double)f / 1e9);
			g->has_freq = 1;
		} else if (ev == V2_CLOCK_SNAPSHOT && version >= 25) {
			if (g->has_clock)
				return fail(e, at, 0, "found multiple clock snapshot events");
			g->has_clock = 1;
			uint64_t a[4];
			for (int k = 0; k < 4; k++)
				if (rd_uvarint(r, &a[k], &why))
					return fail(e, rd_off(r), 0, "%s", why);
			last += a[0];
			g->snap_time = last;
			g->snap_mono = a[1];
			g->snap_sec = a[2];
			g->snap_nsec = a[3];
		} else {
			return fail(e, at, 0, "expected frequency or clock snapshot event, got %u", ev);
		}
	}
	return 0;
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
		fail(e, pos - 1, 0, "expected batch event, got event %u", h->type);
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
			fail(e, pos, n == 0, "error reading %s: %s", what[k],
			     n < 0 ? "binary: varint overflows a 64-bit integer"
			           : pos == len ? "EOF" : "unexpected EOF");
			return RB_ERR;
		}
		pos += (uint64_t)n;
	}
	if (h->size > V2_MAX_BATCH) {
		fail(e, pos, 0, "invalid batch size %llu, maximum is %u",
		     (unsigned long long)h->size, V2_MAX_BATCH);
		return RB_ERR;
	}
	if (len - pos < h->size) {
		fail(e, pos, 1, "failed to read full batch: read %llu but wanted %llu",
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
		return add_strings(g, &r, t, e);
	}
	if (plain && first == V2_STACKS) {
		g->has_stacktab = 1;
		return add_stacks(g, &r, e);
	}
	if (plain && first == V2_CPU_SAMPLES)
		return add_cpu_samples(g, &r, e);
	if (plain && ((first == V2_FREQUENCY && version < 25) ||
	              (first == V2_SYNC && version >= 25)))
		return set_sync(g, &r, version, h->time, e);
	if (h->exp)
		return 0; /* experimental data: Go keeps it for Sync; we skip it */
	if (plain && first == V2_END_OF_GENERATION)
		return fail(e, h->data, 0, "internal error: unexpectedly processing "
		            "EndOfGeneration; broken trace?");
	/* An event batch: remember where it is, under its M. */
	uint32_t mi;
	if (!v2_idmap_get(&g->mmap, h->m, &mi)) {
		if (grow((void **)&g->ms, &g->capms, sizeof *g->ms, (uint64_t)g->nms + 1))
			return fail(e, h->data, 0, "out of memory");
		mi = g->nms++;
		g->ms[mi] = (struct v2_m){(int64_t)h->m, 0, 0};
		if (v2_idmap_put(&g->mmap, h->m, mi) < 0)
			return fail(e, h->data, 0, "out of memory");
	}
	if (grow((void **)&g->batches, &g->capbatches, sizeof *g->batches,
	         (uint64_t)g->nbatches + 1))
		return fail(e, h->data, 0, "out of memory");
	g->batches[g->nbatches++] = (struct v2_batch){h->data, (uint32_t)h->size, mi, h->time};
	g->ms[mi].count++;
	g->nevbatches++;
	return 0;
}

/* ---- after the scan --------------------------------------------------- */

static int resolve_stacks(struct v2_gen *g, struct gt_tables *t, struct v2_err *e)
{
	for (uint32_t i = 0; i < g->npcframes; i++) {
		struct v2_pcframe *f = &g->pcframes[i];
		uint32_t fs = 0, fl = 0;
		if (f->func && !v2_idmap_get(&g->strs, f->func, &fs))
			return fail(e, g->end, 0, "found invalid func string ID %llu for stack %llu",
			            (unsigned long long)f->func, (unsigned long long)f->stack);
		if (f->file && !v2_idmap_get(&g->strs, f->file, &fl))
			return fail(e, g->end, 0, "found invalid file string ID %llu for stack %llu",
			            (unsigned long long)f->file, (unsigned long long)f->stack);
		struct gt_frame fr = {f->pc, fs, fl, (uint32_t)f->line};
		f->gid = gt_frame_intern(t, &fr);
	}
	/* The stack map held raw stack indices; replace them by global ids. */
	uint32_t ids[V2_MAX_FRAMES];
	for (uint32_t i = 0; i < g->nrawstacks; i++) {
		const struct v2_rawstack *s = &g->rawstacks[i];
		for (uint32_t k = 0; k < s->n; k++)
			ids[k] = g->pcframes[g->stack_pcs[s->first + k]].gid;
		gt_stack st = gt_stack_intern(t, ids, s->n);
		/* overwrite in place: the key exists */
		struct v2_idmap *m = &g->stacks;
		for (uint32_t j = idhash(s->id, m->mask); m->used[j]; j = (j + 1) & m->mask)
			if (m->keys[j] == s->id) {
				m->vals[j] = st;
				break;
			}
	}
	return 0;
}

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
			return fail(e, g->end, 0, "out of memory");
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
					return fail(e, len, 1, "incomplete generation found; trace likely truncated");
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
				return fail(e, bstart, 0, "invalid generation number %llu", 0ull);
			if (h.gen != g->gen)
				return fail(e, bstart, 0, "broken trace: missing end-of-generation event, "
				            "or generations are interleaved");
		} else {
			if (h.gen == 0)
				return fail(e, bstart, 0, "invalid generation number %llu", 0ull);
			if (g->gen == 0)
				g->gen = h.gen;
			if (h.gen == g->gen + 1) {
				*next = bstart;
				break;
			}
			if (h.gen != g->gen)
				return fail(e, bstart, 0, "generations out of order");
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
		return fail(e, g->end, at_eof, "no frequency event found");
	if (version >= 25 && !g->has_clock)
		return fail(e, g->end, at_eof, "no clock snapshot event found");
	e->at_eof = at_eof; /* for errors of resolve_stacks() */
	if (resolve_stacks(g, t, e) || group_batches(g, e)) {
		e->at_eof = at_eof;
		return -1;
	}
	for (uint32_t i = 0; i < g->nsamples; i++)
		g->samples[i].time = v2_mul(g->freq, (uint64_t)g->samples[i].time);
	if (g->nsamples > 1)
		qsort(g->samples, g->nsamples, sizeof *g->samples, sample_cmp);
	return 1;
}
