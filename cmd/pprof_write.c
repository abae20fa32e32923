/* pprof_write.c: profile.proto, encoded by hand for this one message (a
 * protobuf library would be a build dependency for a few dozen lines),
 * then gzipped with zlib. */
#include "cmd/pprof_write.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* ---- Protobuf wire format ---------------------------------------------- */

struct pb {
	uint8_t *b;
	size_t n, cap;
	int nomem;
};

static void pb_raw(struct pb *p, const void *src, size_t n)
{
	if (p->nomem)
		return;
	if (p->n + n > p->cap) {
		size_t nc = p->cap ? p->cap : 4096;
		while (nc < p->n + n)
			nc *= 2;
		uint8_t *b = realloc(p->b, nc);
		if (!b) {
			p->nomem = 1;
			return;
		}
		p->b = b;
		p->cap = nc;
	}
	memcpy(p->b + p->n, src, n);
	p->n += n;
}

static void pb_varint(struct pb *p, uint64_t v)
{
	uint8_t t[10];
	size_t n = 0;
	do {
		t[n++] = (uint8_t)((v & 0x7f) | (v > 0x7f ? 0x80 : 0));
		v >>= 7;
	} while (v);
	pb_raw(p, t, n);
}

enum { WT_VARINT = 0, WT_LEN = 2 };

static void pb_key(struct pb *p, unsigned field, unsigned wt)
{
	pb_varint(p, (uint64_t)field << 3 | wt);
}

/* An int64/uint64 field; zero is the default and is left out. */
static void pb_int(struct pb *p, unsigned field, uint64_t v)
{
	if (!v)
		return;
	pb_key(p, field, WT_VARINT);
	pb_varint(p, v);
}

/* A length-delimited field whose bytes are in sub (which is then reset). */
static void pb_sub(struct pb *p, unsigned field, struct pb *sub)
{
	p->nomem |= sub->nomem;
	pb_key(p, field, WT_LEN);
	pb_varint(p, sub->n);
	pb_raw(p, sub->b, sub->n);
	sub->n = 0;
}

/* ---- Ids: frame -> location, (name, file) -> function, string -> index --- */

struct idmap { /* u64 key -> u32 id (1-based), open addressing */
	uint64_t *key;
	uint32_t *id;
	size_t n, cap;
};

/* The id of key, a new one (n + 1) when it has none (*fresh set); 0 when
 * out of memory. */
static uint32_t idmap_get(struct idmap *t, uint64_t key, int *fresh)
{
	*fresh = 0;
	if (2 * (t->n + 1) > t->cap) {
		size_t nc = t->cap ? 2 * t->cap : 1024;
		uint64_t *k = malloc(nc * sizeof *k);
		uint32_t *v = calloc(nc, sizeof *v);
		if (!k || !v) {
			free(k), free(v);
			return 0;
		}
		for (size_t i = 0; i < t->cap; i++)
			if (t->id[i]) {
				size_t h = (t->key[i] * 0x9E3779B97F4A7C15ull) >> 20 & (nc - 1);
				while (v[h])
					h = (h + 1) & (nc - 1);
				k[h] = t->key[i], v[h] = t->id[i];
			}
		free(t->key), free(t->id);
		t->key = k, t->id = v, t->cap = nc;
	}
	size_t h = (key * 0x9E3779B97F4A7C15ull) >> 20 & (t->cap - 1);
	while (t->id[h]) {
		if (t->key[h] == key)
			return t->id[h];
		h = (h + 1) & (t->cap - 1);
	}
	*fresh = 1;
	t->key[h] = key;
	return t->id[h] = (uint32_t)++t->n;
}

struct enc {
	const struct gt_model *m;
	const struct gt_tables *tab;
	struct pb out, sub, line;
	struct idmap locs, funcs, strs;
	const char **strv; /* the string table, by index */
	size_t nstr, capstr;
};

/* Index of string s in the profile's string table ("" is 0). */
static uint64_t str_ix(struct enc *e, const char *s)
{
	if (!*s)
		return 0;
	int fresh;
	/* strings come from the trace's tables or are literals below: both
	 * outlive the encoding, so their address is their identity */
	uint32_t id = idmap_get(&e->strs, (uint64_t)(uintptr_t)s, &fresh);
	if (!id) {
		e->out.nomem = 1;
		return 0;
	}
	if (fresh) {
		if (e->nstr == e->capstr) {
			size_t nc = e->capstr ? 2 * e->capstr : 256;
			const char **v = realloc(e->strv, nc * sizeof *v);
			if (!v) {
				e->out.nomem = 1;
				return 0;
			}
			e->strv = v, e->capstr = nc;
		}
		e->strv[e->nstr++] = s;
	}
	return id;
}

static void value_type(struct enc *e, unsigned field, const char *type, const char *unit)
{
	struct pb vt = {0};
	pb_int(&vt, 1, str_ix(e, type));
	pb_int(&vt, 2, str_ix(e, unit));
	pb_sub(&e->out, field, &vt);
	free(vt.b);
}

/* The function id of frame fr, writing the Function message when new. */
static uint32_t func_id(struct enc *e, const struct gt_frame *fr)
{
	int fresh;
	uint32_t id = idmap_get(&e->funcs, (uint64_t)fr->func << 32 | fr->file, &fresh);
	if (!id) {
		e->out.nomem = 1;
		return 0;
	}
	if (fresh) {
		uint64_t name = str_ix(e, gt_str_get(e->tab, fr->func));
		pb_int(&e->sub, 1, id);
		pb_int(&e->sub, 2, name);
		pb_int(&e->sub, 3, name);
		pb_int(&e->sub, 4, str_ix(e, gt_str_get(e->tab, fr->file)));
		pb_sub(&e->out, 5, &e->sub);
	}
	return id;
}

/* The location id of frame fid, writing the Location message when new. */
static uint32_t loc_id(struct enc *e, uint32_t fid)
{
	int fresh;
	uint32_t id = idmap_get(&e->locs, fid, &fresh);
	if (!id) {
		e->out.nomem = 1;
		return 0;
	}
	if (fresh) {
		const struct gt_frame *fr = gt_frame_get(e->tab, fid);
		struct gt_frame none = {0};
		if (!fr)
			fr = &none;
		/* a bare PC (Go 1.5-1.6) has no line: pprof shows its address
		 * (the Function goes out first, through sub) */
		int bare = !fr->func && !fr->file;
		uint32_t fn = bare ? 0 : func_id(e, fr);
		pb_int(&e->sub, 1, id);
		pb_int(&e->sub, 3, fr->pc);
		if (!bare) {
			pb_int(&e->line, 1, fn);
			pb_int(&e->line, 2, fr->line);
			pb_sub(&e->sub, 4, &e->line);
		}
		pb_sub(&e->out, 4, &e->sub);
	}
	return id;
}

static int gzip_out(FILE *fp, const uint8_t *b, size_t n)
{
	z_stream z;
	memset(&z, 0, sizeof z);
	if (deflateInit2(&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8,
	                 Z_DEFAULT_STRATEGY) != Z_OK)
		return -2;
	uint8_t buf[65536];
	int rc = 0, zr;
	z.next_in = (Bytef *)(uintptr_t)b;
	do {
		size_t step = n > (1u << 30) ? (1u << 30) : n;
		z.avail_in = (uInt)step;
		n -= step;
		do {
			z.next_out = buf;
			z.avail_out = sizeof buf;
			zr = deflate(&z, n ? Z_NO_FLUSH : Z_FINISH);
			size_t have = sizeof buf - z.avail_out;
			if (zr == Z_STREAM_ERROR || fwrite(buf, 1, have, fp) != have)
				rc = -2;
		} while (!rc && z.avail_out == 0);
	} while (!rc && n);
	if (!rc && zr != Z_STREAM_END)
		rc = -2;
	deflateEnd(&z);
	return rc;
}

int gt_pprof_write(FILE *fp, const struct gt_model *m, const struct gt_prof *p,
                   int64_t duration_ns)
{
	struct enc e = {.m = m, .tab = gt_model_tables(m)};
	int cpu = p->kind == GT_PROF_CPU;
	e.strv = malloc(256 * sizeof *e.strv);
	if (!e.strv)
		return -1;
	e.capstr = 256;
	e.strv[e.nstr++] = "";
	value_type(&e, 1, cpu ? "samples" : "contentions", "count");
	value_type(&e, 1, cpu ? "cpu" : "delay", "nanoseconds");
	struct pb ids = {0}, vals = {0};
	for (size_t r = 0; r < p->n; r++) {
		const struct gt_prof_rec *rec = &p->recs[r];
		const uint32_t *fr = gt_stack_frames(e.tab, rec->stack);
		size_t d = gt_stack_depth(e.tab, rec->stack);
		for (size_t i = 0; i < d; i++) /* innermost first, as pprof's */
			pb_varint(&ids, loc_id(&e, fr[i]));
		pb_varint(&vals, rec->count);
		pb_varint(&vals, (uint64_t)rec->ns);
		struct pb s = {0};
		if (ids.n)
			pb_sub(&s, 1, &ids);
		pb_sub(&s, 2, &vals);
		pb_sub(&e.out, 2, &s);
		free(s.b);
	}
	value_type(&e, 11, cpu ? "cpu" : "trace", cpu ? "nanoseconds" : "count");
	pb_int(&e.out, 12, cpu ? GT_PROF_CPU_PERIOD : 1);
	pb_int(&e.out, 10, duration_ns > 0 ? (uint64_t)duration_ns : 0);
	/* the string table last: every string is known by now (protobuf
	 * fields may come in any order) */
	for (size_t i = 0; i < e.nstr; i++) {
		pb_key(&e.out, 6, WT_LEN);
		pb_varint(&e.out, strlen(e.strv[i]));
		pb_raw(&e.out, e.strv[i], strlen(e.strv[i]));
	}
	int rc = e.out.nomem || ids.nomem || vals.nomem || e.sub.nomem || e.line.nomem
	         ? -1 : gzip_out(fp, e.out.b, e.out.n);
	free(ids.b), free(vals.b), free(e.sub.b), free(e.line.b), free(e.out.b);
	free(e.locs.key), free(e.locs.id), free(e.funcs.key), free(e.funcs.id);
	free(e.strs.key), free(e.strs.id), free(e.strv);
	return rc;
}
