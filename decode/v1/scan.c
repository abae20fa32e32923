/* scan.c: reading old-format records from the mapped file, and pass 1:
 * index the per-P batches and read strings, stacks, the frequency, timer
 * goroutines and CPU samples (the footer), as Go's parsers do before
 * ordering.  Events themselves are re-read later by per-P cursors.  On
 * big files a second thread scans the second half (v1_scan_split.c). */
#include "decode/v1/scan.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int v1_fail(struct v1_ctx *c, uint64_t off, const char *fmt, ...)
{
	if (c->err[0])
		return -1;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(c->err, sizeof c->err, fmt, ap);
	va_end(ap);
	c->err_off = off;
	return -1;
}

/* Go's binary.Uvarint: 1 ok, 0 ran out of bytes, -1 overflow. */
static inline int uvarint(const uint8_t **pp, const uint8_t *e, uint64_t *v)
{
	const uint8_t *p = *pp;
	uint64_t x = 0;
	for (unsigned s = 0, i = 0; p < e; i++, s += 7) {
		uint8_t b = *p++;
		if (i == 9 && b > 1)
			return -1;
		if (b < 0x80) {
			*v = x | (uint64_t)b << s;
			*pp = p;
			return 1;
		}
		x |= (uint64_t)(b & 0x7f) << s;
		if (i == 9)
			return -1;
	}
	return 0;
}



static int val_slow(struct v1_ctx *c, const uint8_t **p, const uint8_t *e, uint64_t *v,
                    uint64_t recoff, unsigned typ);

/* Reads a varint at *p within [*p, e): sets the error on failure. */
static inline int val(struct v1_ctx *c, const uint8_t **p, const uint8_t *e, uint64_t *v,
                      uint64_t recoff, unsigned typ)
{
	if (*p < e && **p < 0x80) { /* most arguments fit one byte */
		*v = *(*p)++;
		return 0;
	}
	return val_slow(c, p, e, v, recoff, typ);
}

static int val_slow(struct v1_ctx *c, const uint8_t **p, const uint8_t *e, uint64_t *v,
                    uint64_t recoff, unsigned typ)
{
	int r = uvarint(p, e, v);
	if (r > 0)
		return 0;
	if (r == 0 && e == c->buf + c->end)
		return CUT;
	return v1_fail(c, recoff, "failed to read event %u argument: malformed base-128 varint", typ);
}

/* Reads the record at *pos.  1 read, 0 end of data, -1 error, CUT. */
int v1_read_raw(struct v1_ctx *c, uint64_t *pos, struct v1_raw *r, int skip)
{
	const uint8_t *e = c->buf + c->end, *p = c->buf + *pos;
	uint64_t off = *pos, v = 0;
	int rc;
	if (p >= e)
		return 0;
	uint8_t b = *p++;
	unsigned typ = b & 0x3f, field = b >> 6;
	r->type = (uint8_t)typ;
	r->nargs = 0;
	r->data = r->str = NULL;
	r->dlen = r->slen = 0;
	if (typ == V1_NONE || typ >= V1_COUNT || v1_descs[typ].min_ver > c->ver)
		return v1_fail(c, off, "unknown event type %u", typ);
	if (typ == V1_STRING) {
		uint64_t id = 0, ln = 0;
		if ((rc = val(c, &p, e, &id, off, typ)) || (rc = val(c, &p, e, &ln, off, typ)))
			return rc;
		if (!skip && id == 0)
			return v1_fail(c, off, "string has invalid id 0");
		if (!skip && ln == 0)
			return v1_fail(c, off, "string has invalid length 0");
		if (!skip && ln > 1000000)
			return v1_fail(c, off, "string has too large length %llu", (unsigned long long)ln);
		if (ln > (uint64_t)(e - p))
			return CUT;
		r->args[0] = id;
		r->nargs = 1;
		r->str = p;
		r->slen = ln;
		*pos = (uint64_t)(p + ln - c->buf);
		return 1;
	}
	if (typ == V1_BATCH && c->ver >= 11 && field != 1)
		return v1_fail(c, off, "EvBatch has wrong number of arguments: got %u, want 2", field + 1);
	if (field < 3) {
		unsigned n = field + 1 + (c->ver < 7);
		for (unsigned i = 0; i < n; i++) {
			if ((rc = val(c, &p, e, &v, off, typ)))
				return rc;
			r->args[i] = v;
		}
		r->nargs = n;
	} else {
		uint64_t ln = 0;
		if ((rc = val(c, &p, e, &ln, off, typ)))
			return rc;
		if (c->ver >= 11 && ln > 2048)
			return v1_fail(c, off, "failed to read event %u argument: length-prefixed argument too big: %llu bytes, limit is 2048",
			               typ, (unsigned long long)ln);
		if (ln > (uint64_t)(e - p))
			return CUT;
		const uint8_t *q = p, *qe = p + ln;
		r->data = p;
		r->dlen = ln;
		while (q < qe) {
			if (uvarint(&q, qe, &v) <= 0)
				return v1_fail(c, off, "event %s has wrong length: want %llu bytes",
				               v1_descs[typ].name, (unsigned long long)ln);
			if (r->nargs < V1_RAW_ARGS)
				r->args[r->nargs] = v;
			r->nargs++;
		}
		p = qe;
		if (typ == V1_LOG) {
			if ((rc = val(c, &p, e, &ln, off, typ)))
				return rc;
			if (ln > 1000000)
				return v1_fail(c, off, "string is too large (len=%llu)", (unsigned long long)ln);
			if (ln > (uint64_t)(e - p))
				return CUT;
			r->str = p;
			r->slen = ln;
			p += ln;
		}
	}
	*pos = (uint64_t)(p - c->buf);
	return 1;
}

struct v1_proc *v1_proc_get(struct v1_ctx *c, int32_t pid)
{
	uint32_t *slot = gt_ids_put_slot(&c->pmap, (uint64_t)(int64_t)pid);
	if (!slot)
		return NULL;
	if (*slot != UINT32_MAX)
		return &c->procs[*slot];
	if (v1_grow((void **)&c->procs, &c->capproc, sizeof *c->procs, c->nproc + 1ULL))
		return NULL;
	struct v1_proc *p = &c->procs[c->nproc];
	memset(p, 0, sizeof *p);
	p->pid = pid;
	p->cache_gi = UINT32_MAX;
	p->first = p->cur = UINT32_MAX;
	*slot = c->nproc++;
	return p;
}

/* Goroutine ids are small and dense in real traces: they index a table
 * directly, as long as it stays within what the file could describe. */
static uint32_t *g_slot(struct v1_ctx *c, uint64_t id)
{
	/* the choice depends on id alone, so an id never moves */
	if (id >= (1u << 22) || id >= c->len)
		return gt_ids_put_slot(&c->gmap, id);
	if (id >= c->capgdirect) {
		uint64_t cap = c->capgdirect ? c->capgdirect : 1024;
		while (cap <= id)
			cap *= 2;
		uint32_t *t = realloc(c->gdirect, cap * sizeof *t);
		if (!t)
			return NULL;
		memset(t + c->capgdirect, 0xff, (cap - c->capgdirect) * sizeof *t);
		c->gdirect = t;
		c->capgdirect = (uint32_t)cap;
	}
	return &c->gdirect[id];
}

struct v1_g *v1_g_get(struct v1_ctx *c, uint64_t id)
{
	uint32_t *slot = g_slot(c, id);
	if (!slot)
		return NULL;
	if (*slot != UINT32_MAX)
		return &c->gs[*slot];
	if (v1_grow((void **)&c->gs, &c->capg, sizeof *c->gs, c->ng + 1ULL) ||
	    v1_grow((void **)&c->gord, &c->capgord, sizeof *c->gord, c->ng + 1ULL))
		return NULL;
	struct v1_g *g = &c->gs[c->ng];
	memset(g, 0, sizeof *g);
	memset(&c->gord[c->ng], 0, sizeof *c->gord);
	g->id = id;
	*slot = c->ng++;
	return g;
}

uint32_t v1_g_index(struct v1_ctx *c, uint64_t id)
{
	struct v1_g *g = v1_g_get(c, id);
	return g ? (uint32_t)(g - c->gs) : UINT32_MAX;
}

gt_stack v1_stack_slow(const struct v1_ctx *c, uint32_t id)
{
	const uint32_t *v = id ? gt_ids_slot(&c->stkmap, id) : NULL;
	return v ? *v : 0;
}

gt_str v1_string(const struct v1_ctx *c, uint64_t id)
{
	const uint32_t *v = gt_ids_slot(&c->strmap, id);
	return v ? *v : 0;
}

static int nomem(struct v1_ctx *c, uint64_t off)
{
	c->res->status = GT_NOMEM;
	return v1_fail(c, off, "out of memory");
}

/* The event fields every record of a batch needs checked up front. */
int v1_check_event(struct v1_ctx *c, const struct v1_raw *r, uint64_t off)
{
	int want = v1_arg_num(r->type, c->ver);
	if ((int64_t)r->nargs != want)
		return v1_fail(c, off, "%s has wrong number of arguments: want %d, got %u",
		               v1_descs[r->type].name, want, r->nargs);
	/* Go 1.19's parser knows two STW kinds (1.10, 1.11 headers). */
	if (r->type == V1_STW_START && c->ver == 10 && r->args[1] > 1)
		return v1_fail(c, off, "unknown STW kind %llu", (unsigned long long)r->args[1]);
	return 0;
}

static int add_sample(struct v1_ctx *c, const struct v1_raw *r, uint64_t off)
{
	if (v1_grow((void **)&c->samples, &c->capsample, sizeof *c->samples, c->nsample + 1ULL))
		return nomem(c, off);
	struct v1_ev *s = &c->samples[c->nsample++];
	memset(s, 0, sizeof *s);
	s->type = V1_CPU_SAMPLE;
	s->ts = (int64_t)r->args[1];
	s->p = (int32_t)r->args[2];
	s->g = r->args[3];
	s->stk = (uint32_t)r->args[4];
	s->off = off;
	return 0;
}

static int cmp_sample(const void *a, const void *b)
{
	const struct v1_ev *x = a, *y = b;
	if (x->ts != y->ts)
		return x->ts < y->ts ? -1 : 1;
	return x->off < y->off ? -1 : x->off > y->off;
}

/* Reads one stack table entry into the tables. */
static int read_stack(struct v1_ctx *c, uint64_t off, uint32_t *frames)
{
	struct v1_raw r;
	uint64_t pos = off;
	if (v1_read_raw(c, &pos, &r, 0) != 1)
		return v1_fail(c, off, "cannot re-read stack record");
	/* short stacks may come with inline arguments */
	const uint8_t *p = r.data, *e = r.data ? r.data + r.dlen : NULL;
	uint32_t ai = 0;
	uint64_t id, size, v[4];
#define NEXT(x) (p ? uvarint(&p, e, &(x)) > 0 : ai < r.nargs && ai < V1_RAW_ARGS ? ((x) = r.args[ai++], 1) : 0)
	if (!NEXT(id) || !NEXT(size))
		return v1_fail(c, off, "bad stack record");
	if ((uint32_t)id == 0 || size == 0)
		return 0;
	unsigned per = c->ver < 7 ? 1 : 4;
	for (uint64_t i = 0; i < size; i++) {
		for (unsigned k = 0; k < per; k++)
			if (!NEXT(v[k]))
				return v1_fail(c, off, "bad stack record");
#undef NEXT
		uint32_t *slot = gt_ids_put_slot(&c->pcmap, v[0]);
		if (!slot)
			return nomem(c, off);
		if (*slot == UINT32_MAX) {
			struct gt_frame f = {.pc = v[0]};
			if (per == 4) {
				f.func = v1_string(c, v[1]);
				f.file = v1_string(c, v[2]);
				f.line = (uint32_t)v[3];
			}
			uint32_t fid = gt_frame_intern(c->tab, &f);
			if (!fid)
				return nomem(c, off);
			*slot = fid;
		}
		frames[i] = *slot;
	}
	gt_stack s = gt_stack_intern(c->tab, frames, (size_t)size);
	uint32_t *slot = gt_ids_put_slot(&c->stkmap, (uint32_t)id);
	if (!s || !slot)
		return nomem(c, off);
	*slot = s;
	return 0;
}

/* Stack ids are small and dense in real traces: a direct table for
 * v1_stack(), when it stays small next to the number of stacks. */
static int stack_direct(struct v1_ctx *c)
{
	const struct gt_ids *m = &c->stkmap;
	uint64_t max = 0; /* (the keys are uint32 stack ids) */
	for (size_t j = 0; j < m->cap; j++)
		if (m->vals[j] != UINT32_MAX && (uint64_t)m->keys[j] > max)
			max = (uint64_t)m->keys[j];
	if (!m->cap || max >= 4ULL * c->nstack + 4096)
		return 0;
	c->stkdirect = calloc(max + 1, sizeof *c->stkdirect);
	if (!c->stkdirect)
		return -1;
	for (size_t j = 0; j < m->cap; j++)
		if (m->vals[j] != UINT32_MAX)
			c->stkdirect[m->keys[j]] = m->vals[j];
	c->nstkdirect = (uint32_t)max + 1;
	return 0;
}

static int scan_end(struct v1_ctx *c, struct scan *st);

static void scan_init(const struct v1_ctx *c, struct scan *st)
{
	memset(st, 0, sizeof *st);
	for (unsigned t = 0; t < V1_COUNT; t++)
		st->argn[t] = v1_arg_num(t, c->ver);
	for (unsigned t = V1_BATCH + 1; c->ver >= 7 && t < V1_COUNT; t++) {
		switch (t) {
		case V1_STRING: case V1_STW_START: case V1_FREQUENCY: case V1_TIMER_GOROUTINE:
		case V1_STACK: case V1_CPU_SAMPLE: case V1_FUTILE_WAKEUP:
		case V1_PROC_START: case V1_GO_SYSEXIT: /* (v1_exitm_note) */
			continue;
		}
		if (v1_descs[t].min_ver <= c->ver && st->argn[t] >= 1 && st->argn[t] <= 3)
			st->skip_n[t] = (uint8_t)st->argn[t];
		/* length-prefixed (4 = the header's field): 4 or 5 arguments */
		if (v1_descs[t].min_ver <= c->ver && t != V1_LOG && st->argn[t] >= 4 && st->argn[t] <= 5)
			st->skip_n[t] = (uint8_t)(4 + st->argn[t] * 16);
	}
	for (unsigned b = 0; b < 256; b++)
		st->hb[b] = (st->skip_n[b & 0x3f] & 15) == (b >> 6) + 1u ? (uint8_t)((b >> 6) + 1u) : 0;
}

/* Everything pass 1 does with record r (at off) besides counting plain
 * events: 0, or -1 with the error set. */
int v1_scan_record(struct v1_ctx *c, struct scan *st, const struct v1_raw *r, uint64_t off)
{
	switch (c->opts->v1_scanned && !c->kept_lost ? r->type : V1_NONE) {
	case V1_STRING: case V1_BATCH: case V1_FREQUENCY: case V1_TIMER_GOROUTINE:
	case V1_STACK: case V1_CPU_SAMPLE:
		if (v1_grow((void **)&c->kept, &c->capkept, sizeof *c->kept, c->nkept + 1ULL))
			c->kept_lost = 1; /* only the prefix goes: not an error */
		else
			c->kept[c->nkept++] = off;
	}
	if (r->type == V1_STRING) {
		uint32_t *slot = gt_ids_put_slot(&c->strmap, r->args[0]);
		if (!slot)
			return nomem(c, off);
		if (*slot != UINT32_MAX)
			return v1_fail(c, off, "string has duplicate id %llu", (unsigned long long)r->args[0]);
		gt_str s = gt_str_intern(c->tab, (const char *)r->str, (size_t)r->slen);
		if (!s) {
			*slot = 0;
			return nomem(c, off);
		}
		*slot = s;
		return 0;
	}
	if (r->type == V1_BATCH) {
		int want = v1_arg_num(V1_BATCH, c->ver);
		if ((int64_t)r->nargs != want)
			return v1_fail(c, off, "Batch has wrong number of arguments: want %d, got %u", want, r->nargs);
		int32_t pid;
		if (r->args[0] == UINT64_MAX)
			pid = -1;
		else if (r->args[0] > INT32_MAX)
			return v1_fail(c, off, "processor ID %llu is larger than maximum of %d",
			               (unsigned long long)r->args[0], INT32_MAX);
		else
			pid = (int32_t)r->args[0];
		st->cur = v1_proc_get(c, pid);
		if (!st->cur || v1_grow((void **)&c->batches, &c->capbatch, sizeof *c->batches, c->nbatch + 1ULL) ||
		    v1_grow((void **)&st->lastb, &st->caplast, sizeof *st->lastb, c->nproc))
			return nomem(c, off);
		uint32_t pi = (uint32_t)(st->cur - c->procs), bi = c->nbatch++;
		c->batches[bi] = (struct v1_batch){off, UINT32_MAX};
		if (st->cur->first == UINT32_MAX)
			st->cur->first = bi;
		else
			c->batches[st->lastb[pi]].next = bi;
		st->lastb[pi] = bi;
		return 0;
	}
	if (!st->cur)
		return v1_fail(c, off, "read event %s before the first batch", v1_descs[r->type].name);
	switch (r->type) {
	case V1_FREQUENCY:
		if ((int64_t)r->nargs != v1_arg_num(r->type, c->ver))
			return v1_fail(c, off, "Frequency has wrong number of arguments");
		c->freq = (int64_t)r->args[0];
		st->has_freq = 1;
		if (c->freq <= 0)
			return v1_fail(c, off, "time stamps out of order (frequency %lld)", (long long)c->freq);
		break;
	case V1_TIMER_GOROUTINE: {
		if ((int64_t)r->nargs != v1_arg_num(r->type, c->ver))
			return v1_fail(c, off, "TimerGoroutine has wrong number of arguments");
		uint32_t *slot = gt_ids_put_slot(&c->timers, r->args[0]);
		if (!slot)
			return nomem(c, off);
		*slot = 1;
		break;
	}
	case V1_STACK: {
		if (r->nargs < 2)
			return v1_fail(c, off, "EvStack has wrong number of arguments: want at least 2, got %u", r->nargs);
		uint64_t size = r->args[1];
		if (size > 1000)
			return v1_fail(c, off, "EvStack has bad number of frames: %llu", (unsigned long long)size);
		uint64_t want = 2 + (c->ver < 7 ? 1 : 4) * size;
		if (r->nargs != want || (!r->data && r->nargs > V1_RAW_ARGS))
			return v1_fail(c, off, "EvStack has wrong number of arguments: want %llu, got %u",
			               (unsigned long long)want, r->nargs);
		if (v1_grow((void **)&c->stack_offs, &c->capstack, sizeof *c->stack_offs, c->nstack + 1ULL))
			return nomem(c, off);
		c->stack_offs[c->nstack++] = off;
		break;
	}
	case V1_CPU_SAMPLE:
		if (v1_check_event(c, r, off) || add_sample(c, r, off))
			return -1;
		break;
	default:
		if (v1_check_event(c, r, off))
			return -1;
		c->nevents++;
		if (r->type == V1_FUTILE_WAKEUP)
			c->nfutile++;
	}
	return 0;
}

int v1_exitm_put(struct v1_ctx *c, uint64_t g, uint64_t m, uint64_t seq, uint64_t off)
{
	if (g > INT64_MAX)
		return 0;
	if (c->ver < 7) {
		if (v1_grow((void **)&c->exit5, &c->capexit5, sizeof *c->exit5, c->nexit5 + 1ULL))
			return nomem(c, off);
		c->exit5[c->nexit5++] = (struct v1_exit5){g, seq, m};
		return 0;
	}
	if (m >= UINT32_MAX - 1)
		return 0; /* (no thread id is that big: left unknown) */
	uint32_t *slot = gt_ids_put_slot(&c->exit_m, (int64_t)g);
	if (!slot)
		return nomem(c, off);
	if (*slot == UINT32_MAX)
		*slot = (uint32_t)m + 1;
	return 0;
}

static int cmp_exit5(const void *a, const void *b)
{
	const struct v1_exit5 *x = a, *y = b;
	if (x->g != y->g)
		return x->g < y->g ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

int v1_exitm_end(struct v1_ctx *c)
{
	int rc = 0;
	if (c->nexit5)
		qsort(c->exit5, c->nexit5, sizeof *c->exit5, cmp_exit5);
	for (uint32_t i = 0; i < c->nexit5 && !rc; i++) {
		const struct v1_exit5 *x = &c->exit5[i];
		if ((i == 0 || x[-1].g != x->g) && x->m < UINT32_MAX - 1 &&
		    gt_ids_put(&c->exit_m, (int64_t)x->g, (uint32_t)x->m + 1) < 0)
			rc = nomem(c, 0);
	}
	free(c->exit5);
	c->exit5 = NULL;
	c->nexit5 = c->capexit5 = 0;
	return rc;
}

/* The cut record at off ends the usable bytes. */
void v1_scan_cut(struct v1_ctx *c, uint64_t off)
{
	c->truncated = 1;
	snprintf(c->why, sizeof c->why,
	         "the file ends inside a record at offset %llu: the writer was cut off",
	         (unsigned long long)off);
	c->end = off;
}

int v1_scan(struct v1_ctx *c)
{
	uint64_t pos = 16;
	struct v1_raw r;
	struct scan sc, *st = &sc;
	scan_init(c, st);
	int rc = 0;
	uint64_t split = 0;
	struct v1_tail *t = v1_split_start(c, st, &split);
	for (;;) {
		uint64_t off = pos;
		if (t && off >= split) {
			if (off == split && v1_split_take(c, st, t, &rc)) {
				v1_split_note(c, split, "taken");
				t = NULL;
				if (rc)
					goto out;
				break;
			}
			if (off != split)
				v1_split_drop(t);
			v1_split_note(c, split, "dropped");
			t = NULL;
		}
		if (st->cur && c->ver >= 7) {
			const uint8_t *b = c->buf, *lim = b + c->end - 32;
			if (t && lim > b + split - 1)
				lim = b + split - 1; /* stop at split */
			pos = off = (uint64_t)(skip_events(st, b + pos, lim, b + c->end, &c->nevents) - b);
			if (t && off >= split)
				continue;
		}
		if (st->cur && v1_fast_raw(c, &pos, &r)) {
			/* the common case: an event with inline arguments */
			if (!fast_rare(st, &r)) {
				c->nevents++;
				continue;
			}
			pos = off; /* let the general path below check and report */
		}
		rc = v1_read_raw(c, &pos, &r, 0);
		if (rc == 0)
			break;
		if (rc == CUT) {
			v1_scan_cut(c, off);
			rc = 0;
			break;
		}
		if (rc < 0 || (rc = v1_scan_record(c, st, &r, off)))
			goto out;
		if (r.type == V1_BATCH && c->opts->cancel &&
		    atomic_load_explicit(c->opts->cancel, memory_order_relaxed)) {
			c->stopped = 1;
			rc = -1;
			goto out;
		}
		uint64_t g, m, seq;
		if (v1_exitm_note(&st->xm, c->ver, &r, off, pos, &g, &m, &seq) &&
		    (rc = v1_exitm_put(c, g, m, seq, off)))
			goto out;
	}
	if ((rc = v1_exitm_end(c)))
		goto out;
	rc = scan_end(c, st);
out:
	if (t)
		v1_split_drop(t);
	free(st->lastb);
	return rc < 0 ? -1 : rc;
}

int v1_scan_index(struct v1_ctx *c)
{
	const struct gt_v1_index *ix = c->opts->v1_index;
	struct scan sc;
	scan_init(c, &sc);
	if (ix->end < c->end)
		c->end = ix->end;
	int rc = ix->exit_m && gt_ids_copy(&c->exit_m, ix->exit_m) < 0 ? nomem(c, 0) : 0;
	for (uint64_t i = 0; i < ix->nrecs && !rc; i++) {
		struct v1_raw r;
		uint64_t pos = ix->recs[i];
		if (pos >= c->end || v1_read_raw(c, &pos, &r, 0) != 1)
			rc = v1_fail(c, ix->recs[i], "cannot re-read record");
		else
			rc = v1_scan_record(c, &sc, &r, ix->recs[i]);
	}
	if (!rc)
		rc = scan_end(c, &sc);
	free(sc.lastb);
	return rc || v1_time_cut(c) ? -1 : 0;
}

/* After the records: the frequency's absence said, the stacks read, the
 * CPU samples sorted. */
static int scan_end(struct v1_ctx *c, struct scan *st)
{
	int rc = 0;
	if (!st->has_freq && !c->truncated) {
		c->truncated = 1;
		snprintf(c->why, sizeof c->why,
		         "no footer (no frequency event): the writer was cut off; "
		         "times are raw ticks");
	} else if (!st->has_freq) {
		size_t n = strlen(c->why);
		snprintf(c->why + n, sizeof c->why - n, "; no frequency event: times are raw ticks");
	}
	if (!st->has_freq)
		c->freq = 1000000000;
	/* stacks after the whole file: their frames may name strings that came later */
	uint32_t *frames = malloc(1000 * sizeof *frames);
	if (!frames)
		return nomem(c, 0);
	for (uint32_t i = 0; i < c->nstack && !rc; i++)
		rc = read_stack(c, c->stack_offs[i], frames);
	free(frames);
	if (!rc && stack_direct(c))
		rc = nomem(c, 0);
	if (rc)
		return -1;
	if (c->nsample)
		qsort(c->samples, c->nsample, sizeof *c->samples, cmp_sample);
	return 0;
}
