/* tables.c: the structural batches of a v2 generation (Go's
 * generation.go addStrings, addStacks, addCPUSamples, setSyncBatch and
 * validateStackStrings): strings interned into the trace-global tables,
 * stacks resolved into global frame and stack ids once the generation's
 * strings are all known, CPU samples, frequency and clock snapshot.
 * Error messages are Go's. */
#include "decode/v2/int.h"


/* ---- reading inside a batch (Go's binary.ReadUvarint on a bytes.Reader) */

static uint64_t rd_off(const struct rd *r) { return (uint64_t)(r->p - r->buf); }

/* 0 ok; else the error text of Go's ReadUvarint in *why.  Inline (a
 * frame reads four): the general decoder only past 4 bytes or near the end. */
static inline __attribute__((always_inline)) int rd_uvarint(struct rd *r, uint64_t *v,
                                                             const char **why)
{
	const uint8_t *p = r->p;
	if (r->end - p >= 4) { /* most are 1 or 2 bytes (frames: 4 a frame), PCs 3 or 4 */
		uint64_t b0 = p[0], b1, b2, b3;
		if (b0 < 0x80) {
			*v = b0;
			r->p = p + 1;
			return 0;
		}
		if ((b1 = p[1]) < 0x80) {
			*v = (b0 & 0x7f) | b1 << 7;
			r->p = p + 2;
			return 0;
		}
		if ((b2 = p[2]) < 0x80) {
			*v = (b0 & 0x7f) | (b1 & 0x7f) << 7 | b2 << 14;
			r->p = p + 3;
			return 0;
		}
		if ((b3 = p[3]) < 0x80) {
			*v = (b0 & 0x7f) | (b1 & 0x7f) << 7 | (b2 & 0x7f) << 14 | b3 << 21;
			r->p = p + 4;
			return 0;
		}
	}
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

int v2_add_strings(struct v2_gen *g, struct rd *r, struct gt_tables *t, struct v2_err *e)
{
	const char *why;
	r->p++; /* EvStrings */
	while (r->p < r->end) {
		uint64_t at = rd_off(r);
		uint8_t ev = *r->p++;
		if (ev != V2_STRING)
			return v2_fail(e, at, 0, "expected string event, got %u", ev);
		uint64_t id, n;
		if (rd_uvarint(r, &id, &why) || rd_uvarint(r, &n, &why))
			return v2_fail(e, rd_off(r), 0, "%s", why);
		if (n > V2_MAX_STRING)
			return v2_fail(e, at, 0, "invalid string size %llu, maximum is %u",
			            (unsigned long long)n, V2_MAX_STRING);
		if ((uint64_t)(r->end - r->p) < n)
			return v2_fail(e, at, 0, "failed to read full string: read %llu but wanted %llu",
			            (unsigned long long)(r->end - r->p), (unsigned long long)n);
		gt_str s = gt_str_intern(t, (const char *)r->p, (size_t)n);
		r->p += n;
		uint32_t old;
		if (id == 0 || v2_idmap_get(&g->strs, id, &old))
			return v2_fail(e, at, 0, "multiple strings with the same ID: id=%llu",
			            (unsigned long long)id);
		if (v2_idmap_put(&g->strs, id, s) < 0)
			return v2_fail(e, at, 0, "out of memory");
	}
	return 0;
}

int v2_add_stacks(struct v2_gen *g, struct rd *r, struct v2_err *e)
{
	const char *why;
	r->p++; /* EvStacks */
	while (r->p < r->end) {
		uint64_t at = rd_off(r);
		uint8_t ev = *r->p++;
		if (ev != V2_STACK)
			return v2_fail(e, at, 0, "expected stack event, got %u", ev);
		uint64_t id, nf;
		if (rd_uvarint(r, &id, &why) || rd_uvarint(r, &nf, &why))
			return v2_fail(e, rd_off(r), 0, "%s", why);
		if (nf > V2_MAX_FRAMES)
			return v2_fail(e, at, 0, "invalid stack size %llu, maximum is %u",
			            (unsigned long long)nf, V2_MAX_FRAMES);
		if (v2_grow((void **)&g->stack_pcs, &g->capstack_pcs, sizeof *g->stack_pcs,
		         (uint64_t)g->nstack_pcs + nf) ||
		    v2_grow((void **)&g->rawstacks, &g->caprawstacks, sizeof *g->rawstacks,
		         (uint64_t)g->nrawstacks + 1))
			return v2_fail(e, at, 0, "out of memory");
		uint32_t first = g->nstack_pcs;
		static const char *const field[4] = {"PC", "funcID", "fileID", "line"};
		for (uint64_t i = 0; i < nf; i++) {
			uint64_t f[4];
			for (int k = 0; k < 4; k++)
				if (rd_uvarint(r, &f[k], &why))
					return v2_fail(e, rd_off(r), 0, "reading frame %llu's %s for stack %llu: %s",
					            (unsigned long long)i + 1, field[k],
					            (unsigned long long)id, why);
			uint32_t idx;
			if (!v2_idmap_get(&g->pcs, f[0], &idx)) {
				if (v2_grow((void **)&g->pcframes, &g->cappcframes, sizeof *g->pcframes,
				         (uint64_t)g->npcframes + 1))
					return v2_fail(e, at, 0, "out of memory");
				idx = g->npcframes++;
				g->pcframes[idx] = (struct v2_pcframe){f[0], f[1], f[2], f[3], id, 0};
				if (v2_idmap_put(&g->pcs, f[0], idx) < 0)
					return v2_fail(e, at, 0, "out of memory");
			}
			g->stack_pcs[g->nstack_pcs++] = idx;
		}
		uint32_t old;
		if (id == 0 || v2_idmap_get(&g->stacks, id, &old))
			return v2_fail(e, at, 0, "multiple trace.stacks with the same ID: id=%llu",
			            (unsigned long long)id);
		if (v2_idmap_put(&g->stacks, id, g->nrawstacks) < 0)
			return v2_fail(e, at, 0, "out of memory");
		g->rawstacks[g->nrawstacks++] = (struct v2_rawstack){id, first, (uint32_t)nf};
	}
	return 0;
}

int v2_add_cpu_samples(struct v2_gen *g, struct rd *r, struct v2_err *e)
{
	const char *why;
	r->p++; /* EvCPUSamples */
	while (r->p < r->end) {
		uint64_t at = rd_off(r);
		uint8_t ev = *r->p++;
		if (ev != V2_CPU_SAMPLE)
			return v2_fail(e, at, 0, "expected CPU sample event, got %u", ev);
		uint64_t a[5];
		for (int k = 0; k < 5; k++)
			if (rd_uvarint(r, &a[k], &why))
				return v2_fail(e, rd_off(r), 0, "%s", why);
		if (v2_grow((void **)&g->samples, &g->capsamples, sizeof *g->samples,
		         (uint64_t)g->nsamples + 1))
			return v2_fail(e, at, 0, "out of memory");
		g->samples[g->nsamples] = (struct v2_sample){
			.time = (int64_t)a[0], .m = (int64_t)a[1], .p = (int64_t)a[2],
			.g = a[3] ? (int64_t)a[3] : GT_NONE, .stack = a[4], .off = at,
			.seq = g->nsamples,
		};
		g->nsamples++;
	}
	return 0;
}

int v2_set_sync(struct v2_gen *g, struct rd *r, int version, uint64_t btime, struct v2_err *e)
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
				return v2_fail(e, at, 0, "found multiple frequency events");
			uint64_t f;
			if (rd_uvarint(r, &f, &why))
				return v2_fail(e, rd_off(r), 0, "%s", why);
			g->freq = 1.0 / ((double)f / 1e9);
			g->has_freq = 1;
		} else if (ev == V2_CLOCK_SNAPSHOT && version >= 25) {
			if (g->has_clock)
				return v2_fail(e, at, 0, "found multiple clock snapshot events");
			g->has_clock = 1;
			uint64_t a[4];
			for (int k = 0; k < 4; k++)
				if (rd_uvarint(r, &a[k], &why))
					return v2_fail(e, rd_off(r), 0, "%s", why);
			last += a[0];
			g->snap_time = last;
			g->snap_mono = a[1];
			g->snap_sec = a[2];
			g->snap_nsec = a[3];
		} else {
			return v2_fail(e, at, 0, "expected frequency or clock snapshot event, got %u", ev);
		}
	}
	return 0;
}

int v2_resolve_stacks(struct v2_gen *g, struct gt_tables *t, struct v2_err *e)
{
	for (uint32_t i = 0; i < g->npcframes; i++) {
		struct v2_pcframe *f = &g->pcframes[i];
		uint32_t fs = 0, fl = 0;
		if (f->func && !v2_idmap_get(&g->strs, f->func, &fs))
			return v2_fail(e, g->end, 0, "found invalid func string ID %llu for stack %llu",
			            (unsigned long long)f->func, (unsigned long long)f->stack);
		if (f->file && !v2_idmap_get(&g->strs, f->file, &fl))
			return v2_fail(e, g->end, 0, "found invalid file string ID %llu for stack %llu",
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
		v2_idmap_set(&g->stacks, s->id, st); /* was the raw index */
	}
	return 0;
}
