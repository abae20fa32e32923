/* gbuild.c: goroutine state transitions into the packed goroutine logs
 * (glog.h), the P spans they imply, the goroutine counts over time and
 * the goroutine state keys.  Runs once per goroutine transition (most of
 * a trace's events), so the common path is a few loads and stores in the
 * goroutine's own slot: no id hashing, no allocation, no division. */
#include "model/model_int.h"
#include "model/varint.h"

/* This file is also compiled for BMI2 by gbuild_bmi2.c (GT_GB_BMI2: only
 * the block loop, as gt_gb_add_recs_bmi2; its varints spread their bits
 * with pdep); gt_model_add_recs picks that copy when the CPU has BMI2. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(GT_NO_BMI2) /* (-DGT_NO_BMI2: test the portable path) */
#define GT_GB_HAVE_BMI2 1
#endif
#ifdef GT_GB_BMI2
#define ADD_RECS gt_gb_add_recs_bmi2
#else
#define ADD_RECS add_recs_any
#endif
int gt_gb_add_recs_bmi2(struct gt_model *m, const struct gt_rec *v, uint32_t n,
                        const struct gt_qev *full);

#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#define LIKELY(x) __builtin_expect(!!(x), 1)
#define UNLIKELY(x) __builtin_expect(!!(x), 0)

/* ---- small growable arrays, without gt_vec_push's clearing --------------- */

static int vgrow(struct gt_vec *a, size_t elsize)
{
	size_t cap = a->cap ? a->cap * 2 : 256;
	void *nv = realloc(a->v, cap * elsize);
	if (!nv)
		return -1;
	a->v = nv;
	a->cap = cap;
	return 0;
}

/* Room for one more element at a->n (not counted yet); NULL: no memory. */
static inline void *vnext(struct gt_vec *a, size_t elsize)
{
	if (UNLIKELY(a->n == a->cap) && vgrow(a, elsize) < 0)
		return NULL;
	return (char *)a->v + a->n * elsize;
}

/* Index of a state in per-state arrays (counts, time sums): the state
 * itself; what is not a state goes with Undetermined (never read back). */
static inline unsigned cidx(uint8_t state)
{
	return state < GT_GS__COUNT ? state : GT_GS_UNDETERMINED;
}

/* ---- goroutine state keys ------------------------------------------------ */

static int64_t key_hash(uint8_t state, gt_str reason, gt_stack stack, int64_t p)
{
	uint64_t h = (uint64_t)state * 0x9E3779B97F4A7C15ull;
	h ^= (uint64_t)reason * 0xC2B2AE3D27D4EB4Full + (h << 6);
	h ^= (uint64_t)stack * 0x165667B19E3779F9ull + (h >> 3);
	h ^= (uint64_t)p * 0xD6E8FEB86659FD93ull + (h << 7);
	return (int64_t)h;
}

/* The key table: every key, chained by hash. */
static uint32_t key_slow(struct gt_model *m, uint8_t state, gt_str reason, gt_stack stack, int64_t p)
{
	int64_t h = key_hash(state, reason, stack, p);
	uint32_t first = gt_ids_get(&m->keymap, h);
	for (uint32_t k = first; k != UINT32_MAX; k = GT_VEC_AT(m->keynext, uint32_t, k)) {
		const struct gt_gkey *e = &GT_VEC_AT(m->keys, struct gt_gkey, k);
		if (e->state == state && e->reason == reason && e->stack == stack && e->p == p)
			return k;
	}
	uint32_t k = (uint32_t)m->keys.n;
	if (k >= (1u << 29))
		return UINT32_MAX;
	struct gt_gkey *ne = gt_vec_push(&m->keys, sizeof *ne);
	uint32_t *nx = gt_vec_push(&m->keynext, sizeof *nx);
	if (!ne || !nx || gt_ids_put(&m->keymap, h, k) < 0)
		return UINT32_MAX;
	ne->state = state;
	ne->reason = reason;
	ne->stack = stack;
	ne->p = p;
	*nx = first;
	return k;
}

/* The cache in front of it holds the whole key in its entry, so a hit
 * reads one entry; w1 is never 0, so a clear entry never matches. */
static inline uint32_t key_get(struct gt_model *m, uint8_t state, gt_str reason, gt_stack stack, int64_t p)
{
	uint64_t p1 = (uint64_t)p + 1; /* GT_NONE: 0 */
	if (UNLIKELY(p1 >> 32))
		return key_slow(m, state, reason, stack, p);
	uint64_t w0 = reason | (uint64_t)stack << 32;
	uint64_t w1 = (p1 << 8 | state) + 1;
	/* one multiply: the top bits of a product depend on every bit of
	 * the factor below them (w1 < 2^41: rotated into the high half) */
	uint64_t h = (w0 ^ (w1 << 23 | w1 >> 41)) * 0x9E3779B97F4A7C15ull;
	struct gt_kcache *c = &m->kcache[h >> (64 - GT_KCACHE_BITS)];
	if (LIKELY(c->w0 == w0 && c->w1 == w1))
		return c->k;
	uint32_t k = key_slow(m, state, reason, stack, p);
	if (k != UINT32_MAX) {
		c->w0 = w0;
		c->w1 = w1;
		c->k = k;
	}
	return k;
}

#ifndef GT_GB_BMI2
uint32_t gt_gb_key(struct gt_model *m, uint8_t state, gt_str reason, gt_stack stack, int64_t p)
{
	return key_get(m, state, reason, stack, p);
}
#endif

/* ---- live goroutines ------------------------------------------------------ */

_Static_assert(sizeof(struct gt_glive) == 128, "struct gt_glive: two cache lines");
_Static_assert(sizeof(struct gt_glink) == 64, "struct gt_glink: one cache line");
_Static_assert(GT_GCHUNK + 64 < 65536, "gt_glive.len: 16 bits");
_Static_assert(GT_GIBUF <= GT_BA_SLACK, "flush copies all of ibuf");

static inline struct gt_glive *live_at(struct gt_model *m, uint32_t slot)
{
	return &GT_VEC_AT(m->glive, struct gt_glive, slot);
}

static inline struct gt_gcold *cold_at(struct gt_model *m, uint32_t slot)
{
	return &GT_VEC_AT(m->glcold, struct gt_gcold, slot);
}

/* Room for one more element of a (elsize bytes, its start aligned to
 * align bytes: elements that fill whole cache lines stay in them). */
static int aligned_room(struct gt_vec *a, size_t elsize, size_t align)
{
	if (a->n < a->cap)
		return 0;
	size_t cap = a->cap ? a->cap * 2 : 256;
	void *nv;
	if (posix_memalign(&nv, align, cap * elsize))
		return -1;
	if (a->n)
		memcpy(nv, a->v, a->n * elsize);
	free(a->v);
	a->v = nv;
	a->cap = cap;
	return 0;
}

/* A new slot at the end of glive (kept 128-byte aligned), glcold,
 * glcause and gllink (64-byte aligned: one line a writer). */
static int live_push(struct gt_model *m)
{
	if (aligned_room(&m->glive, sizeof(struct gt_glive), 128) < 0 ||
	    aligned_room(&m->gllink, sizeof(struct gt_glink), 64) < 0)
		return -1;
	if (!gt_vec_push(&m->glcold, sizeof(struct gt_gcold)))
		return -1;
	struct gt_gcause_memo *cm = gt_vec_push(&m->glcause, sizeof *cm);
	if (!cm)
		return -1;
	cm->gi = UINT32_MAX;
	memset(&GT_VEC_AT(m->gllink, struct gt_glink, m->gllink.n++), 0, sizeof(struct gt_glink));
	live_at(m, (uint32_t)m->glive.n++)->buf = NULL;
	return 0;
}

/* Goroutine id seen for the first time (or again after it ended). */
static inline __attribute__((always_inline)) uint32_t live_new(struct gt_model *m, int64_t id)
{
	uint32_t gi = (uint32_t)m->gids.n, slot;
	uint32_t *head = vnext(&m->gheads, sizeof *head);
	if (!head || gt_idseq_add(&m->gids, id) < 0)
		return UINT32_MAX;
	*head = 0;
	m->gheads.n++;
	if (gi % GT_GBASE_STEP == 0) {
		/* goroutines appear in time order: deltas from the time the
		 * first of each group appeared stay small */
		struct gt_gblock *b = vnext(&m->gblk, sizeof *b);
		if (!b)
			return UINT32_MAX;
		*b = (struct gt_gblock){m->info.max_ts, m->info.max_ts, INT64_MIN};
		m->gblk.n++;
	}
	if (m->gfree.n) {
		slot = GT_VEC_AT(m->gfree, uint32_t, --m->gfree.n);
	} else {
		if (live_push(m) < 0)
			return UINT32_MAX;
		slot = (uint32_t)(m->glive.n - 1);
	}
	if (gt_dmap_put(&m->glivemap, id, slot) < 0)
		return UINT32_MAX;
	struct gt_glive *L = live_at(m, slot);
	L->gi = gi;
	L->key = 0;
	L->since = INT64_MIN;
	L->prev_end = gt_gbase(m, gi);
	/* L->buf: NULL, as retire leaves it */
	L->len = 0;
	L->cap = GT_GIBUF;
	L->run_p = -1;
	L->end_key = 0;
	L->start_func = 0;
	L->create_stack = 0;
	L->gc_worker = L->hlen = L->gc_mark = L->hflags = L->state = L->chained = L->tracked = 0;
	L->linked = 0;
	L->cstart = 0;
	L->creator = GT_NONE;
	return slot;
}

static inline uint32_t live_get(struct gt_model *m, int64_t id)
{
	if (id == m->last_g)
		return m->last_gslot;
	uint32_t slot = gt_dmap_get(&m->glivemap, id);
	if (UNLIKELY(slot == UINT32_MAX) && (slot = live_new(m, id)) == UINT32_MAX)
		return UINT32_MAX;
	m->last_g = id;
	m->last_gslot = slot;
	return slot;
}

#ifndef GT_GB_BMI2
uint32_t gt_gb_live(struct gt_model *m, int64_t id)
{
	return live_get(m, id);
}
#endif

static inline uint8_t *live_bytes(struct gt_glive *L)
{
	return L->buf ? L->buf : L->ibuf;
}

/* ---- the log ---------------------------------------------------------------- */

/* The counts the writer keeps per record for a goroutine (C) from when
 * its log outgrows GT_GTRACK bytes, for the records in p..end (counted
 * from base): time per state, the first record's start, the longest
 * record; returns how many records there are. */
static uint32_t scan_recs(const struct gt_model *m, const uint8_t *p, const uint8_t *end,
                          int64_t base, struct gt_gcold *C)
{
	int64_t prev = base;
	uint32_t n = 0;
	struct gt_grec r;
	while (gt_grec_get(&p, end, !n, prev, m->garena.tshift, &r)) {
		if (!n++)
			C->first = r.start;
		C->cum[cidx(GT_VEC_AT(m->keys, struct gt_gkey, r.key).state)] += r.end - r.start;
		if (r.end - r.start > C->longest) {
			C->longest = r.end - r.start;
			C->lkey = r.key;
		}
		prev = r.end;
	}
	return n;
}

/* From now on, goroutine slot (L) keeps its counts per record (struct
 * gt_gcold): the records so far are counted. */
static __attribute__((noinline)) void track_start(struct gt_model *m, uint32_t slot,
                                                  struct gt_glive *L)
{
	struct gt_gcold *C = cold_at(m, slot);
	memset(C, 0, sizeof *C);
	const uint8_t *b = live_bytes(L);
	C->nrec = scan_recs(m, b + L->hlen, b + L->len, gt_gbase(m, L->gi), C);
	L->tracked = 1;
}

/* Room a record may take: escape and flags 2, key varint 5, gap 10,
 * duration 10 bytes, and put_uv's 3 bytes of slack after the last. */
#define REC_MAX 30

/* Chunk layout (glog.h): varint(length << 1 | more), then (only when
 * more) u32 next at GT_GLINK, then the bytes.  The length field takes
 * lf bytes (chunk_lf): two for a chunk that gets a successor (a live
 * goroutine past GT_GCHUNK bytes, written with room for the link), and
 * two may hold a length below 64 (a longer varint, as valid). */
_Static_assert(((GT_GCHUNK + 2 * REC_MAX) << 1 | 1) < (1 << 14), "a chunk's length field: 2 bytes at most");
static inline uint32_t chunk_lf(uint32_t len, int more)
{
	return more || len >= 64 ? 2 : 1;
}

static inline void put_chunk_len(uint8_t *ch, uint32_t lf, uint32_t len, int more)
{
	uint32_t v = len << 1 | (uint32_t)more;
	if (lf == 1) {
		ch[0] = (uint8_t)v;
	} else {
		ch[0] = (uint8_t)(v | 0x80);
		ch[1] = (uint8_t)(v >> 7);
	}
}

/* The span of goroutine gi's block (struct gt_gblock) takes in [lo, hi].
 * A log's records are back to back (glog.h) but where a gap opens: a
 * run of them lies within its first start and its last end, so the
 * writer gives the span those of each run only (a compare per record):
 * at a gap (append_rec), where the run ends (the goroutine's end, a
 * chunk's end: the next chunk's gap counts from the block's base, which
 * the span holds from the start). */
static inline void gblock_take(struct gt_model *m, uint32_t gi, int64_t lo, int64_t hi)
{
	struct gt_gblock *b = &GT_VEC_AT(m->gblk, struct gt_gblock, gi / GT_GBASE_STEP);
	if (lo < b->lo)
		b->lo = lo;
	if (hi > b->hi)
		b->hi = hi;
}

static int flush(struct gt_model *m, uint32_t slot, int more)
{
	struct gt_glive *L = live_at(m, slot);
	if (!L->len)
		return 0;
	gblock_take(m, L->gi, L->prev_end, L->prev_end); /* the run ends with the chunk */
	const uint8_t *b = live_bytes(L);
	uint32_t lf = chunk_lf(L->len, more);
	uint32_t hdr = lf + (more ? 4 : 0);
	uint32_t ref = gt_barena_alloc(&m->garena, hdr + L->len);
	if (!ref)
		return -1;
	uint8_t *ch = gt_barena_at(&m->garena, ref);
	put_chunk_len(ch, lf, L->len, more);
	if (more)
		memset(ch + GT_GLINK, 0, 4);
	if (!L->buf) /* a fixed size copies faster; the arena has the slack */
		memcpy(ch + hdr, b, GT_GIBUF);
	else
		memcpy(ch + hdr, b, L->len);
	if (!L->chained && !more) { /* the whole log in one chunk */
		GT_VEC_AT(m->gheads, uint32_t, L->gi) = ref;
		L->len = 0;
		L->prev_end = gt_gbase(m, L->gi);
		return 0;
	}
	struct gt_gcold *C = cold_at(m, slot);
	if (!L->chained) { /* the first of several chunks */
		if (!L->tracked)
			track_start(m, slot, L);
		C->rec0 = C->nrec;
		memcpy(C->cum0, C->cum, sizeof C->cum0);
		GT_VEC_AT(m->gheads, uint32_t, L->gi) = ref;
	} else { /* a further chunk: index entry, link from the one before */
		memcpy(gt_barena_at(&m->garena, C->tail) + GT_GLINK, &ref, 4);
		struct gt_gix *e = gt_vec_push(&m->gix, sizeof *e);
		if (!e)
			return -1;
		e->gi = L->gi;
		e->ref = ref;
		e->rec0 = C->rec0;
		e->first_start = C->first;
		e->longest = C->longest;
		e->lkey = C->lkey;
		memcpy(e->cum, C->cum0, sizeof e->cum);
		memcpy(C->cum0, C->cum, sizeof C->cum0);
		C->rec0 = C->nrec;
	}
	C->longest = 0;
	C->tail = more ? ref : 0;
	/* the next chunk's first cause goes in full (no GT_GN_AGAIN): a
	 * reader that seeks to a chunk (gseek.c) knows every cause in it */
	GT_VEC_AT(m->glcause, struct gt_gcause_memo, slot).gi = UINT32_MAX;
	L->chained = (uint8_t)more;
	L->cstart = 0;
	L->len = 0;
	L->prev_end = gt_gbase(m, L->gi);
	return 0;
}

static inline uint32_t uv_len(uint64_t v)
{
	uint32_t n = 1;
	while (v >= 0x80) {
		v >>= 7;
		n++;
	}
	return n;
}

/* A buffer (*buf, or ibuf while *buf is NULL; len bytes used) to cap
 * bytes on the heap. */
static int heap_grow(uint8_t **buf, uint16_t *bcap, const uint8_t *ibuf, uint32_t len, uint32_t cap)
{
	uint8_t *nb = realloc(*buf, cap);
	if (!nb)
		return -1;
	if (!*buf)
		memcpy(nb, ibuf, len);
	*buf = nb;
	*bcap = (uint16_t)cap;
	return 0;
}

/* Makes room for need more bytes: the log leaves ibuf for the heap. */
static int grow(struct gt_glive *L, uint32_t need)
{
	uint32_t cap = L->cap < 128 ? 128 : 2u * L->cap;
	while (cap < L->len + need)
		cap *= 2;
	return heap_grow(&L->buf, &L->cap, L->ibuf, L->len, cap);
}

/* gt_put_uv_slack (nearly all keys, gaps and durations are below 2^28):
 * writes 4 bytes even when it uses fewer. */
static inline uint8_t *put_uv(uint8_t *p, uint64_t v)
{
	return p + gt_put_uv_slack(p, v);
}

/* The header of the first chunk at p (glog.h): creation facts, at most
 * 15 bytes and put_uv's slack.  Returns its end. */
static inline uint8_t *put_header_at(uint8_t *p, uint8_t flags, int64_t creator, gt_stack cs)
{
	p = put_uv(p, (uint64_t)cs << 2 | flags);
	if (flags & GT_GH_CREATOR)
		p = put_uv(p, (uint64_t)(creator + 1));
	return p;
}

/* The header into L's empty buffer (ibuf always has room). */
static void put_header(struct gt_glive *L)
{
	uint8_t *p0 = live_bytes(L) + L->len;
	uint8_t *p = put_header_at(p0, L->hflags, L->creator, L->create_stack);
	L->len = (uint16_t)(L->len + (p - p0));
	L->hlen = L->cstart = (uint8_t)(p - p0);
}

/* The exception (put_rec): a record with a gap after the chunk's first
 * (time went back), or with times that are not whole units. */
static __attribute__((noinline)) uint8_t *put_rec_odd(uint8_t *p, int first, int last,
                                                      unsigned ts, int64_t gap, int64_t d,
                                                      uint64_t kv)
{
	uint64_t f = (uint64_t)(first || gap);
	if (gt_off_unit((uint64_t)gap | (uint64_t)d, ts))
		f |= 2, ts = 0;
	*p++ = 0;
	*p++ = (uint8_t)f;
	p = put_uv(p, kv);
	if (f & 1)
		p = put_uv(p, gt_zz(gap >> ts));
	if (last)
		return p;
	return put_uv(p, (uint64_t)d >> ts);
}

/* The record (glog.h) of interval [start, end) with key at p, its gap
 * counted from prev_end, in units of 2^ts ns: first, the chunk's first
 * record (its gap always written); last, a goroutine's end marker (zero
 * length, the log's last record: the length left out).  Returns the end
 * of the record. */
static inline __attribute__((always_inline)) uint8_t *put_rec(uint8_t *p, int first, int last,
                                                              unsigned ts, int64_t prev_end,
                                                              int64_t start, int64_t end,
                                                              uint32_t key)
{
	int64_t gap = start - prev_end, d = end - start;
	uint64_t kv = (uint64_t)key + GT_GK0;
	/* back to back (nearly all): no gap, so neither the first nor odd
	 * unless the length is not whole units */
	if (UNLIKELY(gap || gt_off_unit((uint64_t)d, ts))) {
		if (!first || gt_off_unit((uint64_t)gap | (uint64_t)d, ts))
			return put_rec_odd(p, first, last, ts, gap, d, kv);
	}
	if (LIKELY(kv < 0x80)) /* the common keys come first: small */
		*p++ = (uint8_t)kv;
	else
		p = put_uv(p, kv);
	if (first) /* whole units: the shift is exact (GCC's >> keeps the sign) */
		p = put_uv(p, gt_zz(gap >> ts));
	if (last)
		return p;
	return put_uv(p, (uint64_t)d >> ts);
}

/* Room a note may take: escape and flags 2, by_g 10, by_stack 5, key 5,
 * time 10 bytes, and put_uv's slack. */
#define NOTE_MAX 35
/* Notes with no record between (a goroutine re-affirmed in one state at
 * thousands of generations) stop at this length of a chunk: the chunk's
 * length must fit its 14 bits. */
#define NOTE_LIMIT (4 * GT_GCHUNK)

/* A note (glog.h) of flags f into L's buffer: the cause (by_d: the
 * causing goroutine's id less this one's; by_stack)
 * of the transition that opens the next record, or a same-state
 * transition (key at ts), or the state a first transition left (in ts:
 * GT_GN_FROM alone).  1: written, 0: left out (past NOTE_LIMIT). */
static __attribute__((noinline)) int put_note(struct gt_model *m, uint32_t slot, struct gt_glive *L,
                                              uint8_t f, int64_t by_d, gt_stack by_stack,
                                              uint32_t key, int64_t ts)
{
	if (!L->hlen)
		put_header(L);
	if (L->len > NOTE_LIMIT)
		return 0;
	if (L->len + NOTE_MAX > L->cap) {
		if (grow(L, NOTE_MAX) < 0)
			return -1;
		if (L->cap >= GT_GTRACK && !L->tracked)
			track_start(m, slot, L);
	}
	uint8_t *b = live_bytes(L), *p = b + L->len;
	/* the goroutine's cause before again (a pipeline's stage woken by
	 * the same one, at the same place): no body */
	int again = 0;
	if (f & GT_GN_BY) {
		struct gt_gcause_memo *cm = &GT_VEC_AT(m->glcause, struct gt_gcause_memo, slot);
		again = cm->gi == L->gi && cm->by_d == by_d && cm->by_stack == by_stack;
		*cm = (struct gt_gcause_memo){by_d, L->gi, by_stack};
	}
	if (f == GT_GN_BY) { /* a cause alone: a byte (glog.h, GT_GK0) */
		*p++ = again ? GT_GK_AGAIN : GT_GK_BY;
	} else {
		*p++ = GT_GK_EXC;
		*p++ = (uint8_t)(f | GT_GN_NOTE | (again ? GT_GN_AGAIN : 0));
		if (f & GT_GN_FROM)
			*p++ = (uint8_t)ts;
	}
	if ((f & GT_GN_BY) && !again) {
		p = put_uv(p, gt_zz(by_d));
		p = put_uv(p, by_stack);
	}
	if (f & GT_GN_SAME) {
		p = put_uv(p, (uint64_t)key + 1);
		p = put_uv(p, gt_zz(ts - L->prev_end));
	}
	L->len = (uint16_t)(p - b);
	return 1;
}

/* ---- reverse links (glink.h) ------------------------------------------------ */

/* Goroutine gi's first chunk of links is ref: lheads covers gi. */
static int set_lhead(struct gt_model *m, uint32_t gi, uint32_t ref)
{
	struct gt_vec *v = &m->lheads;
	if (gi >= v->cap) {
		size_t cap = v->cap ? v->cap : 4096;
		while (cap <= gi)
			cap *= 2;
		uint32_t *nv = realloc(v->v, cap * sizeof *nv);
		if (!nv)
			return -1;
		v->v = nv;
		v->cap = cap;
	}
	uint32_t *h = v->v;
	if (gi >= v->n) { /* only what is used is touched: the rest stays unmapped */
		memset(h + v->n, 0, (gi - v->n) * sizeof *h);
		v->n = gi + 1;
	}
	h[gi] = ref;
	return 0;
}

/* W's next link counts from its chunk's base: its causer gi and the
 * time of the trace's first link (glink.h). */
static inline void link_rebase(const struct gt_model *m, struct gt_glink *w)
{
	w->prev_gi = w->gi;
	w->prev_ts = m->lbase;
}

/* W's links out to the arena as a chunk of exactly their size, linked
 * from the one before; more: the causer goes on (the chunk keeps room
 * for its successor's reference). */
static int link_flush(struct gt_model *m, struct gt_glink *w, int more)
{
	if (!w->n)
		return 0;
	uint32_t lv = (uint32_t)w->len << 1 | (uint32_t)more;
	uint32_t hdr = uv_len(lv) + (more ? 4 : 0) + uv_len(w->n);
	uint32_t ref = gt_barena_alloc(&m->larena, hdr + w->len);
	if (!ref)
		return -1;
	uint8_t *ch = gt_barena_at(&m->larena, ref), *p = ch + gt_put_uv(ch, lv);
	uint32_t next_at = ref + (uint32_t)(p - ch);
	if (more) {
		memset(p, 0, 4);
		p += 4;
	}
	p += gt_put_uv(p, w->n);
	memcpy(p, w->buf ? w->buf : w->ibuf, w->len);
	if (w->tail)
		memcpy(gt_barena_at(&m->larena, w->tail), &ref, 4);
	else if (set_lhead(m, w->gi, ref) < 0)
		return -1;
	w->tail = more ? next_at : 0;
	w->n = 0;
	w->len = 0;
	link_rebase(m, w);
	return 0;
}

/* Goroutine slot's links out, at its end (it has some: linked). */
static int link_end(struct gt_model *m, uint32_t slot)
{
	struct gt_glink *w = &GT_VEC_AT(m->gllink, struct gt_glink, slot);
	int rc = link_flush(m, w, 0);
	free(w->buf);
	w->buf = NULL;
	live_at(m, slot)->linked = 0;
	return rc;
}

/* The causer (Go id) by of a transition about to be written: its
 * writer's line is fetched meanwhile (a causer's first link found it
 * cold: a miss a causer, most of the links' cost). */
static inline void link_prefetch(const struct gt_model *m, int64_t by)
{
	uint32_t cs = gt_dmap_get(&m->glivemap, by);
	if (cs != UINT32_MAX)
		__builtin_prefetch(&GT_VEC_AT(m->gllink, struct gt_glink, cs), 1);
}

/* Goroutine (Go id) by made goroutine gi go from `from` to `to` at ts:
 * a link in by's stream (its cause noted in gi's log). */
static __attribute__((noinline)) int link_add(struct gt_model *m, int64_t by, uint32_t gi,
                                              int64_t ts, uint8_t from, uint8_t to)
{
	uint32_t cs = gt_dmap_get(&m->glivemap, by);
	if (UNLIKELY(cs == UINT32_MAX)) { /* no goroutine to list it under */
		m->lunlisted++;
		return 0;
	}
	if (UNLIKELY(m->lbase == INT64_MIN))
		m->lbase = ts;
	struct gt_glive *C = live_at(m, cs);
	struct gt_glink *w = &GT_VEC_AT(m->gllink, struct gt_glink, cs);
	if (!C->linked) { /* its first: w is only written (told by the slot's
	                     line, which its running causer keeps in the cache) */
		C->linked = 1;
		w->gi = C->gi;
		w->buf = NULL;
		w->n = w->tail = 0;
		w->len = 0;
		w->cap = GT_GLIBUF;
		link_rebase(m, w);
	}
	if (UNLIKELY(w->len + GT_LK_MAX > w->cap)) {
		if (w->len >= GT_LK_CHUNK) {
			if (link_flush(m, w, 1) < 0)
				return -1;
		} else if (heap_grow(&w->buf, &w->cap, w->ibuf, w->len, 2u * w->cap) < 0) {
			return -1;
		}
	}
	uint8_t *b = w->buf ? w->buf : w->ibuf;
	struct gt_link l = {.gi = gi, .ts = ts, .from = from & 7, .to = to & 7};
	struct gt_link prev = {.gi = w->prev_gi, .ts = w->prev_ts};
	w->len = (uint16_t)(gt_link_put(b + w->len, &prev, &l, m->garena.tshift) - b);
	w->prev_gi = gi;
	w->prev_ts = ts;
	w->n++;
	return 0;
}

/* The next record the writer puts in L's buffer is the chunk's first. */
static inline int chunk_first(const struct gt_glive *L)
{
	return L->len == L->cstart;
}

/* Appends the record of an interval [start, end) with key (of state);
 * last: the goroutine's end marker (start == end). */
static inline __attribute__((always_inline)) int append_rec(struct gt_model *m, uint32_t slot, struct gt_glive *L,
                             int64_t start, int64_t end, uint32_t key, uint8_t state, int last)
{
	if (UNLIKELY(!L->hlen))
		put_header(L);
	if (end < start)
		end = start;
	if (UNLIKELY(start != L->prev_end)) /* a run ends, another begins */
		gblock_take(m, L->gi, start < L->prev_end ? start : L->prev_end,
		            start < L->prev_end ? L->prev_end : start);
	if (UNLIKELY(last))
		gblock_take(m, L->gi, end, end);
	uint64_t d = (uint64_t)(end - start);
	if (UNLIKELY(L->len + REC_MAX > L->cap)) {
		uint32_t need = 2 + uv_len((uint64_t)key + GT_GK0) + uv_len(gt_zz(start - L->prev_end)) +
		                uv_len(d) + 3;
		if (L->len + need > L->cap) {
			if (grow(L, need) < 0)
				return -1;
			if (L->cap >= GT_GTRACK && !L->tracked)
				track_start(m, slot, L);
		}
	}
	if (UNLIKELY(L->tracked)) {
		struct gt_gcold *C = cold_at(m, slot);
		if (C->nrec == C->rec0) /* the buffer's first record */
			C->first = start;
		C->cum[cidx(state)] += (int64_t)d;
		C->nrec++;
		if ((int64_t)d > C->longest) {
			C->longest = (int64_t)d;
			C->lkey = key;
		}
	}
	uint8_t *b = live_bytes(L);
	L->len = (uint16_t)(put_rec(b + L->len, chunk_first(L), last, m->garena.tshift, L->prev_end,
	                            start, end, key) - b);
	L->prev_end = end;
	if (UNLIKELY(L->len >= GT_GCHUNK))
		return flush(m, slot, 1);
	return 0;
}

/* Slot of dead goroutine id back to the free list (f: its room there). */
static inline void slot_release(struct gt_model *m, uint32_t slot, int64_t id, uint32_t *f)
{
	*f = slot;
	m->gfree.n++;
	gt_dmap_del(&m->glivemap, id);
	m->last_g = GT_NONE - 1;
}

/* Dead goroutine id's whole log is the one chunk ref: slot released. */
static inline void log_done(struct gt_model *m, uint32_t slot, struct gt_glive *L, int64_t id,
                            uint32_t ref, uint32_t *f)
{
	GT_VEC_AT(m->gheads, uint32_t, L->gi) = ref;
	L->len = 0;
	L->gi = UINT32_MAX;
	slot_release(m, slot, id, f);
}

/* The goroutine ended (or the trace did): its bytes go to the arena.
 * (retire_dead has the common end inline.) */
static __attribute__((noinline)) int retire(struct gt_model *m, uint32_t slot, int64_t id, int dead)
{
	struct gt_glive *L = live_at(m, slot);
	if (flush(m, slot, 0) < 0 || (L->linked && link_end(m, slot) < 0))
		return -1;
	if (L->end_key && gt_ids_put(&m->gendkey, L->gi, L->end_key) < 0)
		return -1;
	if (!dead)
		return 0;
	L->gi = UINT32_MAX;
	if (L->buf) {
		free(L->buf);
		L->buf = NULL;
	}
	uint32_t *f = vnext(&m->gfree, sizeof *f);
	if (!f)
		return -1;
	slot_release(m, slot, id, f);
	return 0;
}

/* Goroutine id (slot, L) ended.  The common end, inline: a short
 * goroutine's whole log, still in ibuf, becomes its one chunk (as
 * flush(m, slot, 0) would). */
static inline __attribute__((always_inline)) int retire_dead(struct gt_model *m, uint32_t slot,
                                                             struct gt_glive *L, int64_t id)
{
	if (UNLIKELY(!L->len || L->buf || L->chained || L->end_key || L->linked))
		return retire(m, slot, id, 1);
	uint32_t lf = chunk_lf(L->len, 0);
	uint32_t ref = gt_barena_alloc(&m->garena, lf + L->len);
	uint32_t *f = vnext(&m->gfree, sizeof *f);
	if (!ref || !f)
		return -1;
	uint8_t *ch = gt_barena_at(&m->garena, ref);
	put_chunk_len(ch, lf, L->len, 0);
	memcpy(ch + lf, L->ibuf, GT_GIBUF); /* the arena has the slack */
	log_done(m, slot, L, id, ref, f);
	return 0;
}

/* Goroutine id (slot, L, its log in ibuf, no chunk out yet) ends at t:
 * as append_rec of its open interval and of the end marker (key kend),
 * then retire_dead, but the two records go straight to the log's chunk
 * in the arena (copying them out of ibuf right after writing them there
 * would stall: the copy's wide loads cannot take their bytes from the
 * narrow stores still pending).  1: no room left in the arena's block
 * for the largest such chunk: nothing done, the caller takes the usual
 * path (the chunk then lands where it would have). */
static inline __attribute__((always_inline)) int end_direct(struct gt_model *m, uint32_t slot,
                                                            struct gt_glive *L, int64_t id,
                                                            int64_t t, uint32_t kend)
{
	struct gt_barena *a = &m->garena;
	uint32_t lf = chunk_lf(L->len + 2 * REC_MAX, 0); /* the most it can take */
	if (UNLIKELY(!a->nblocks || lf + L->len + 2 * REC_MAX > GT_BA_SIZE - GT_BA_SLACK - a->used))
		return 1;
	uint32_t *f = vnext(&m->gfree, sizeof *f);
	if (!f)
		return -1;
	uint32_t ref = (uint32_t)((a->nblocks - 1) << GT_BA_SHIFT) | a->used;
	uint8_t *ch = gt_barena_at(a, ref);
	memcpy(ch + lf, L->ibuf, GT_GIBUF); /* the arena has the slack */
	int64_t end = t < L->since ? L->since : t;
	/* the run before (if a gap opens), this interval, the end marker [t, t] */
	int64_t lo = L->prev_end < L->since ? L->prev_end : L->since;
	gblock_take(m, L->gi, lo < t ? lo : t, L->prev_end > end ? L->prev_end : end);
	uint8_t *p = put_rec(ch + lf + L->len, chunk_first(L), 0, a->tshift, L->prev_end, L->since,
	                     end, L->key);
	p = put_rec(p, 0, 1, a->tshift, end, t, t, kend);
	uint32_t len = (uint32_t)(p - (ch + lf));
	put_chunk_len(ch, lf, len, 0);
	a->used += lf + len;
	log_done(m, slot, L, id, ref, f);
	return 0;
}

/* ---- goroutine counts over time ------------------------------------------ */

/* Bucket values are exact integrals (whole numbers, far within a double's
 * 53 bits), worked out in integers.  Buckets before cbi are done.  For
 * bucket cbi, cacc sums, for each change of a count by c at time t within
 * it, c * (cbend - t): with cstart, the counts when the bucket began, its
 * integral is cstart * cw + cacc (as if the counts then held to cbend).
 * So a change costs two adds and time passing costs nothing; a bucket is
 * written when time leaves it. */

/* The counted states, in the order of the buckets' 4 slots. */
#define CS0 GT_GS_RUNNABLE
_Static_assert(GT_GS_RUNNING == CS0 + 1 && GT_GS_WAITING == CS0 + 2 && GT_GS_SYSCALL == CS0 + 3 &&
               GT_GS_SYSCALL + 1 == GT_GS__COUNT, "counted states");

/* A hostile trace's times may span all of int64, where a bucket width
 * times the number of buckets, or times a count, passes it (the widening
 * loop below then never ended: found by fuzz_v2).  So the integrals are
 * worked out unsigned (they wrap there: defined, and far from any real
 * trace) and bucket ends saturate at INT64_MAX: no index or end wraps. */
static inline int64_t wrap_mul_add(int64_t a, int64_t b, int64_t c)
{
	return (int64_t)((uint64_t)a * (uint64_t)b + (uint64_t)c);
}

/* Bucket cbi's integral for state index k, as if the counts held to its
 * end (see above). */
static inline int64_t bucket_sum(const struct gt_model *m, int k)
{
	return wrap_mul_add(m->cstart[k], m->cw, m->cacc[k]);
}

/* base + off, or INT64_MAX past it. */
static inline int64_t end_at(int64_t base, uint64_t off)
{
	return off > (uint64_t)INT64_MAX - (uint64_t)base ? INT64_MAX : (int64_t)((uint64_t)base + off);
}

/* The bucket of width cw from base that holds t (> base), or GT_CB when
 * t lies past the last. */
static inline int64_t bucket_of(int64_t base, int64_t cw, int64_t t)
{
	uint64_t q = ((uint64_t)t - (uint64_t)base - 1) / (uint64_t)cw;
	return q >= GT_CB ? GT_CB : (int64_t)q;
}

/* Time t is past bucket cbi: write it and the whole buckets up to t's,
 * halving the resolution while t is past the last bucket. */
static void counts_cross(struct gt_model *m, int64_t t)
{
	int64_t base = m->info.min_ts, cw = m->cw, i = m->cbi;
	double *b = m->cbuckets;
	if (!m->cnb) { /* the first change: bucket 0 begins with no goroutines */
		m->cnb = 1;
		i = 0;
		m->cbend = end_at(base, (uint64_t)cw);
		if (t <= m->cbend)
			goto done;
	} else {
		for (int k = 0; k < 4; k++)
			b[i * 4 + k] = (double)bucket_sum(m, CS0 + k);
	}
	i++;
	if (LIKELY(i < GT_CB && (uint64_t)t - (uint64_t)m->cbend <= (uint64_t)cw)) { /* into the next bucket */
		m->cbend = end_at(m->cbend, (uint64_t)cw);
		goto done;
	}
	int any = (m->ccount[CS0] | m->ccount[CS0 + 1] | m->ccount[CS0 + 2] | m->ccount[CS0 + 3]) != 0;
	for (;;) {
		int64_t last = bucket_of(base, cw, t);
		/* whole buckets: no goroutines leave them zero (buckets past
		 * cdirty still are) */
		int64_t fill = any ? last : last < m->cdirty ? last : m->cdirty;
		if (i < fill) {
			double full[4];
			for (int k = 0; k < 4; k++)
				full[k] = (double)wrap_mul_add(m->ccount[CS0 + k], cw, 0);
			for (; i < fill; i++)
				memcpy(b + i * 4, full, sizeof full);
		}
		if (last < GT_CB) {
			i = last;
			break;
		}
		/* merge pairs, widen: the upper half is dirty, rewritten as
		 * time crosses it (and cleared at the end past the last) */
		for (uint32_t j = 0; j < GT_CB / 2; j++) {
			const double *x = b + 8 * (size_t)j;
#ifdef __SSE2__
			/* (the same sums, in registers: the array version went
			 * through the stack) */
			__m128d lo = _mm_add_pd(_mm_loadu_pd(x), _mm_loadu_pd(x + 4));
			__m128d hi = _mm_add_pd(_mm_loadu_pd(x + 2), _mm_loadu_pd(x + 6));
			_mm_storeu_pd(b + 4 * (size_t)j, lo);
			_mm_storeu_pd(b + 4 * (size_t)j + 2, hi);
#else
			double y[4] = {x[0] + x[4], x[1] + x[5], x[2] + x[6], x[3] + x[7]};
			memcpy(b + 4 * (size_t)j, y, sizeof y);
#endif
		}
		m->cdirty = GT_CB;
		cw *= 2;
		i = GT_CB / 2;
	}
	m->cw = cw;
	uint64_t off;
	m->cbend = __builtin_mul_overflow((uint64_t)(i + 1), (uint64_t)cw, &off) ? INT64_MAX : end_at(base, off);
done:
	m->cbi = i;
	memcpy(m->cstart, m->ccount, sizeof m->cstart);
	memset(m->cacc, 0, sizeof m->cacc);
}

/* A goroutine left state index f and entered state index to (cidx) at
 * time t. */
static inline void counts_change(struct gt_model *m, int64_t t, unsigned f, unsigned to)
{
	if (t > m->clast)
		m->clast = t;
	else
		t = m->clast;
	if (UNLIKELY(t > m->cbend)) /* INT64_MIN before the first change */
		counts_cross(m, t);
	uint64_t r = (uint64_t)m->cbend - (uint64_t)t;
	m->cacc[f] = (int64_t)((uint64_t)m->cacc[f] - r);
	m->ccount[f]--;
	m->cacc[to] = (int64_t)((uint64_t)m->cacc[to] + r);
	m->ccount[to]++;
}

/* The counts are complete up to t (the trace's end): the last bucket is
 * written up to t.  Called once, by gt_model_finish. */
#ifndef GT_GB_BMI2
void gt_gb_counts_advance(struct gt_model *m, int64_t t)
{
	if (m->cnb == 2)
		return;
	counts_change(m, t, GT_GS_UNDETERMINED, GT_GS_UNDETERMINED);
	t = m->clast;
	double *b = m->cbuckets + m->cbi * 4;
	for (int k = CS0; k < CS0 + 4; k++)
		b[k - CS0] = (double)wrap_mul_add(-m->ccount[k], (int64_t)((uint64_t)m->cbend - (uint64_t)t),
		                                  bucket_sum(m, k));
	if (m->cbi + 1 < m->cdirty)
		memset(b + 4, 0, (size_t)(m->cdirty - m->cbi - 1) * 4 * sizeof *b);
	m->cnb = 2;
}
#endif

/* ---- transitions ----------------------------------------------------------- */

static inline __attribute__((always_inline)) int close_pspan(struct gt_model *m, struct gt_glive *L, int64_t t)
{
	struct gt_proc *p = &GT_VEC_AT(m->ps, struct gt_proc, L->run_p);
	struct gt_lane *l = &GT_VEC_AT(m->planes, struct gt_lane, L->run_p);
	/* a run on a P started with the interval: run_since is since */
	int64_t start = l->nrec && L->since < l->prev_end ? l->prev_end : L->since;
	if (t < start)
		t = start;
	/* P span class: 1 a GC worker labelled as marking, 2 an idle or
	 * unlabelled GC worker, 0 anything else (as Go's MMU counts them). */
	uint8_t cls = L->gc_mark ? 1 : L->gc_worker ? 2 : 0;
	if (gt_lane_append(&m->lanes, l, start, t, L->gi, cls) < 0)
		return -1;
	p->busy_ns += t - start;
	if (cls == 1)
		p->gc_ns += t - start;
	p->spans++;
	L->run_p = -1;
	L->gc_mark = 0;
	return 0;
}

/* What a goroutine's first transitions tell: its creation (from the event
 * ev, or when NULL the loader's m->cur_g / m->cur_stack), and its start
 * function (from h, or when NULL the loader's stack roots). */
static __attribute__((noinline)) int first_facts(struct gt_model *m, struct gt_glive *L, int64_t id,
                                                 int64_t ts, uint8_t from, uint8_t to, gt_stack stack,
                                                 const struct gt_event *ev, const struct gt_hint *h)
{
	if (from == GT_GS_NOTEXIST && to != GT_GS_NOTEXIST && !L->hlen) {
		int64_t g = ev ? ev->g : m->cur_g;
		L->hflags |= GT_GH_CREATED;
		if (g != id && g != GT_NONE) {
			L->hflags |= GT_GH_CREATOR;
			L->creator = g;
			if (link_add(m, g, L->gi, ts, from, to) < 0)
				return -1;
		}
		L->create_stack = ev ? ev->stack : m->cur_stack;
	}
	if (!L->start_func && stack) {
		if (h) {
			L->start_func = h->root_func;
			L->gc_worker = h->gc_worker;
		} else {
			L->start_func = gt_model_stack_root(m, stack, &L->gc_worker);
		}
	}
	return 0;
}

/* The goroutine whose event made transition r (a record, or the event
 * ev when not NULL) when that is another goroutine, and the event's
 * stack; GT_NONE when none. */
static inline int64_t cause_of(const struct gt_rec *r, const struct gt_event *ev, gt_stack *st)
{
	int64_t g = GT_NONE;
	*st = 0;
	if (ev) {
		g = ev->g;
		*st = ev->stack;
	} else if (r->flags) { /* its GT_R_CREATE follows */
		g = r[1].id;
		*st = r[1].u;
	}
	return g != r->id ? g : GT_NONE;
}

/* A status re-affirmed (a new generation): the interval goes on, but the
 * last transition is what the end state reports; the history keeps it
 * as a note. */
static __attribute__((noinline)) int reaffirm(struct gt_model *m, uint32_t slot, struct gt_glive *L,
                                              const struct gt_rec *r, const struct gt_event *ev)
{
	uint32_t k = key_get(m, r->to, r->u, r->v, GT_NONE);
	if (k == UINT32_MAX)
		return -1;
	L->end_key = k == L->key ? 0 : k;
	gt_stack bs;
	int64_t by = cause_of(r, ev, &bs);
	int rc = put_note(m, slot, L, GT_GN_SAME | (by != GT_NONE ? GT_GN_BY : 0), by - r->id, bs, k,
	                  r->ts);
	if (rc > 0 && by != GT_NONE)
		return link_add(m, by, L->gi, r->ts, r->from, r->to);
	return rc < 0 ? -1 : 0;
}

/* The cause of transition r (from other than NotExist: a creation's is
 * in the header), when another goroutine's event made it: a note before
 * the record of the interval it opens; first: r is the goroutine's first
 * transition (its from state goes in a note unless Undetermined). */
static __attribute__((noinline)) int note_cause(struct gt_model *m, uint32_t slot, struct gt_glive *L,
                                                const struct gt_rec *r, const struct gt_event *ev,
                                                int first)
{
	if (first && r->from != GT_GS_UNDETERMINED && r->from != GT_GS_NOTEXIST &&
	    put_note(m, slot, L, GT_GN_FROM, 0, 0, 0, r->from) < 0)
		return -1;
	gt_stack bs;
	int64_t by = cause_of(r, ev, &bs);
	if (by == GT_NONE || r->from == GT_GS_NOTEXIST)
		return 0;
	int rc = put_note(m, slot, L, GT_GN_BY, by - r->id, bs, 0, 0);
	if (rc > 0)
		return link_add(m, by, L->gi, r->ts, r->from, r->to);
	return rc;
}

/* Goroutine id (slot, L) enters state to at t, its last interval
 * closed: opens the new one, or ends the goroutine with a zero-length
 * marker that keeps when and with what it ended.  ci: cidx(to), worked
 * out once by the caller; pi: the P it runs on (UINT32_MAX none). */
static inline __attribute__((always_inline)) int enter(struct gt_model *m, uint32_t slot,
                                                       struct gt_glive *L, int64_t id, int64_t t,
                                                       uint8_t to, unsigned ci, gt_str reason,
                                                       gt_stack stack, int64_t p, uint32_t pi)
{
	if (UNLIKELY(to == GT_GS_NOTEXIST)) {
			uint32_t k = key_get(m, to, reason, stack, GT_NONE);
		if (k == UINT32_MAX || append_rec(m, slot, L, t, t, k, to, 1) < 0)
			return -1;
		return retire_dead(m, slot, L, id);
	}
	uint32_t k = key_get(m, to, reason, stack, to == GT_GS_RUNNING ? p : GT_NONE);
	if (k == UINT32_MAX)
		return -1;
	L->since = t;
	L->key = k;
	L->state = (uint8_t)ci;
	if (pi != UINT32_MAX)
		L->run_p = (int32_t)pi;
	return 0;
}

/* The first transition of goroutine id (see transition): the new slot is
 * only written, never read, so its line need not be fetched first. */
static inline __attribute__((always_inline)) int transition_new(struct gt_model *m, const struct gt_rec *r,
                                                    int64_t p, const struct gt_event *ev,
                                                    const struct gt_hint *h)
{
	int64_t id = r->id;
	uint8_t to = r->to;
	gt_stack stack = r->v;
	if (r->from == GT_GS_NOTEXIST)
		link_prefetch(m, ev ? ev->g : m->cur_g);
	uint32_t slot = live_new(m, id);
	if (slot == UINT32_MAX)
		return -1;
	m->last_g = id;
	m->last_gslot = slot;
	uint32_t pi = UINT32_MAX;
	if (to == GT_GS_RUNNING && p != GT_NONE && (pi = gt_model_p_index(m, p)) == UINT32_MAX)
		return -1;
	struct gt_glive *L = live_at(m, slot);
	/* as first_facts, knowing the slot is clear */
	if (r->from == GT_GS_NOTEXIST && to != GT_GS_NOTEXIST) {
		/* the creation facts are all known: the header goes in now
		 * (as put_header would at the first record) */
		int64_t g = ev ? ev->g : m->cur_g;
		gt_stack cs = ev ? ev->stack : m->cur_stack;
		uint8_t f = GT_GH_CREATED | (g != id && g != GT_NONE ? GT_GH_CREATOR : 0);
		uint8_t *hp = put_header_at(L->ibuf, f, g, cs);
		L->len = (uint16_t)(hp - L->ibuf);
		L->hlen = L->cstart = (uint8_t)(hp - L->ibuf);
		if ((f & GT_GH_CREATOR) && link_add(m, g, L->gi, r->ts, GT_GS_NOTEXIST, to) < 0)
			return -1;
	}
	if (stack) {
		if (h) {
			L->start_func = h->root_func;
			L->gc_worker = h->gc_worker;
		} else {
			uint8_t gcw;
			L->start_func = gt_model_stack_root(m, stack, &gcw);
			L->gc_worker = gcw;
		}
	}
	/* a goroutine in a syscall when tracing began: the thread it is on */
	int64_t on_m = ev ? ev->m : m->cur_m;
	if (UNLIKELY(to == GT_GS_SYSCALL && r->from == GT_GS_UNDETERMINED) && on_m != GT_NONE) {
		struct gt_gsys0 *s0 = gt_vec_push(&m->gsys0, sizeof *s0);
		if (!s0)
			return -1;
		*s0 = (struct gt_gsys0){id, r->ts, on_m};
	}
	/* no interval is open: nothing to close */
	unsigned ci = cidx(to);
	counts_change(m, r->ts, GT_GS_UNDETERMINED, ci);
	if (UNLIKELY((ev || r->flags || r->from != GT_GS_UNDETERMINED) &&
	             r->from != GT_GS_NOTEXIST) && note_cause(m, slot, L, r, ev, 1) < 0)
		return -1;
	return enter(m, slot, L, id, r->ts, to, ci, r->u, stack, p, pi);
}

/* Goroutine r->id went from state r->from to state r->to at time r->ts,
 * on P p, r->u the reason, r->v the stack (see first_facts for ev and h).
 * The record's fields are read where used: they stay in the cache, and
 * a value kept in a register across the whole transition would be spilled. */
static inline __attribute__((always_inline)) int transition(struct gt_model *m, const struct gt_rec *r,
                                                            int64_t p, const struct gt_event *ev,
                                                            const struct gt_hint *h)
{
	uint32_t slot;
	int64_t id = r->id;
	if (id == m->last_g) {
		slot = m->last_gslot;
	} else {
		slot = gt_dmap_get(&m->glivemap, id);
		if (UNLIKELY(slot == UINT32_MAX))
			return transition_new(m, r, p, ev, h);
		m->last_g = id;
		m->last_gslot = slot;
	}
	uint32_t pi = UINT32_MAX;
	if (r->to == GT_GS_RUNNING && p != GT_NONE && (pi = gt_model_p_index(m, p)) == UINT32_MAX)
		return -1;
	struct gt_glive *L = live_at(m, slot);
	if (UNLIKELY(r->from == GT_GS_NOTEXIST || (!L->start_func && r->v)))
		if (first_facts(m, L, r->id, r->ts, r->from, r->to, r->v, ev, h) < 0)
			return -1;
	if (UNLIKELY(r->from == r->to) && L->since != INT64_MIN)
		return reaffirm(m, slot, L, r, ev);
	L->end_key = 0;

	int64_t t = r->ts;
	int open = L->since != INT64_MIN;
	/* (the record path: flags is 1 for a creation or a cause) */
	int caused = UNLIKELY(ev || r->flags || !open) && r->from != GT_GS_NOTEXIST;
	if (UNLIKELY(caused) && (ev || r->flags))
		link_prefetch(m, ev ? ev->g : r[1].id);
	unsigned ci = cidx(r->to);
	counts_change(m, t, L->state, ci); /* Undetermined when not open */
	if (L->run_p >= 0 && close_pspan(m, L, t) < 0)
		return -1;
	if (UNLIKELY(r->to == GT_GS_NOTEXIST) && open && L->hlen && !L->buf && !L->chained && !caused &&
	    !L->linked) {
		uint32_t k = key_get(m, GT_GS_NOTEXIST, r->u, r->v, GT_NONE);
		if (k == UINT32_MAX)
			return -1;
		int rc = end_direct(m, slot, L, r->id, t, k);
		if (rc <= 0)
			return rc;
	}
	if (open && append_rec(m, slot, L, L->since, t, L->key, L->state, 0) < 0)
		return -1;
	if (UNLIKELY(caused) && note_cause(m, slot, L, r, ev, !open) < 0)
		return -1;
	return enter(m, slot, L, r->id, r->ts, r->to, ci, r->u, r->v, p, pi);
}

#ifndef GT_GB_BMI2
int gt_gb_transition(struct gt_model *m, const struct gt_event *ev, const struct gt_hint *h)
{
	struct gt_rec r = {.ts = ev->ts, .id = ev->u.trans.id, .u = ev->u.trans.reason,
	                   .v = ev->u.trans.stack, .from = ev->u.trans.from, .to = ev->u.trans.to};
	return transition(m, &r, ev->p, ev, h);
}
#endif

/* The trace's first time, from the first record that has one (the loop
 * below then only keeps the last time). */
static __attribute__((noinline)) void first_ts(struct gt_model *m, const struct gt_rec *v,
                                               uint32_t n, const struct gt_qev *full)
{
	for (uint32_t i = 0; i < n; i++) {
		const struct gt_rec *r = &v[i];
		switch (r->kind) {
		case GT_R_GTRANS:
		case GT_R_METRIC:
		case GT_R_PTRANS:
			gt_seen_ts(m, r->ts);
			return;
		case GT_R_CTX:
		case GT_R_CREATE:
		case GT_R_STACK:
			break;
		default:
			gt_seen_ts(m, full[r->id].ev.ts);
			return;
		}
	}
}

static inline void seen_last(struct gt_model *m, int64_t ts)
{
	if (ts > m->info.max_ts)
		m->info.max_ts = ts;
}

#ifndef GT_GB_BMI2
static
#endif
int ADD_RECS(struct gt_model *m, const struct gt_rec *v, uint32_t n, const struct gt_qev *full)
{
	if (UNLIKELY(m->info.min_ts == INT64_MAX))
		first_ts(m, v, n, full);
	/* the counts of the common kinds are added up once per block */
	uint64_t ntrans = 0, nmetric = 0;
	int rc = 0;
	for (const struct gt_rec *r = v, *end = v + n; r < end; r++) {
		/* (no lookups ahead to prefetch goroutine slots: measured, they
		 * cost more than the misses they saved) */
		__builtin_prefetch(r + 16); /* written by the decoder's core */
		if (LIKELY(r->kind == GT_R_GTRANS)) {
			const struct gt_rec *g = r;
			seen_last(m, g->ts);
			ntrans++;
			if (g->flags) { /* its GT_R_CREATE follows */
				m->cur_g = g[1].id;
				m->cur_stack = g[1].u;
				r++;
			}
			rc = transition(m, g, (int32_t)g->w, NULL, NULL);
			if (UNLIKELY(rc < 0))
				break;
			continue;
		}
		switch (r->kind) {
		case GT_R_METRIC:
			seen_last(m, r->ts);
			nmetric++;
			if (r->from < GT_METRIC_OTHER)
				rc = gt_series_push(&m->metrics[r->from], r->ts, (uint64_t)r->id);
			break;
		case GT_R_PTRANS:
			seen_last(m, r->ts);
			ntrans++;
			m->cur_m = (int64_t)((uint64_t)r->u | (uint64_t)r->v << 32);
			rc = gt_build_ptrans(m, r->ts, r->id, r->to);
			break;
		case GT_R_CTX:
			rc = gt_build_ctx(m, r);
			break;
		case GT_R_CREATE: /* read with its GT_R_GTRANS above: none come alone */
			break;
		case GT_R_STACK:
			rc = gt_build_root(m, r);
			break;
		default:
			rc = gt_build_full(m, &full[r->id].ev, &full[r->id].h);
			break;
		}
		if (UNLIKELY(rc < 0))
			break;
	}
	m->info.events += ntrans + nmetric;
	m->info.by_kind[GT_EV_STATE_TRANSITION] += ntrans;
	m->info.by_kind[GT_EV_METRIC] += nmetric;
	return rc < 0 ? -1 : 0;
}

#ifndef GT_GB_BMI2
int gt_model_add_recs(struct gt_model *m, const struct gt_rec *v, uint32_t n,
                      const struct gt_qev *full)
{
#ifdef GT_GB_HAVE_BMI2
	if (__builtin_cpu_supports("bmi2")) /* a load and a test, once a block */
		return gt_gb_add_recs_bmi2(m, v, n, full);
#endif
	return add_recs_any(m, v, n, full);
}

int gt_gb_finish(struct gt_model *m, int64_t end)
{
	int rc = 0;
	for (uint32_t s = 0; s < m->glive.n; s++) {
		struct gt_glive *L = live_at(m, s);
		if (L->gi == UINT32_MAX)
			continue;
		if (L->run_p >= 0 && close_pspan(m, L, end) < 0)
			rc = -1;
		if (L->since != INT64_MIN && append_rec(m, s, L, L->since, end, L->key, L->state, 0) < 0)
			rc = -1;
		L->since = INT64_MIN;
		L->state = GT_GS_UNDETERMINED;
		if (retire(m, s, 0, 0) < 0)
			rc = -1;
		free(L->buf);
		L->buf = NULL;
	}
	gt_vec_free(&m->glive);
	gt_vec_free(&m->glcold);
	gt_vec_free(&m->glcause);
	gt_vec_free(&m->gllink);
	gt_vec_free(&m->gfree);
	gt_dmap_free(&m->glivemap);
	return rc;
}

/* The first sync tells the trace's clock: when a tick is a power of two
 * nanoseconds (up to 2^20), goroutine logs and lanes count in ticks
 * (glog.h, lane.h).  Only before any goroutine or span: a log's unit is
 * the same throughout, and a lane's chunk starts in its lanes' unit. */
void gt_gb_sync(struct gt_model *m, const struct gt_event *ev)
{
	int64_t q = ev->u.sync.tick_ns;
	if (ev->u.sync.n != 1 || q <= 0 || q > (1 << 20) || (q & (q - 1)))
		return;
	uint8_t shift = (uint8_t)__builtin_ctzll((uint64_t)q);
	if (!m->gids.n)
		m->garena.tshift = shift;
	if (!m->lanes.nblocks)
		m->lanes.tshift = shift;
}

/* "GC (dedicated)", "GC (fractional)": a mark worker at work for the rest
 * of its current run ("GC (idle)" does not take mutator time).  Any "GC
 * (...)" label names a mark worker, also one whose stack the trace never
 * gave (it was there before the trace began). */
int gt_gb_label(struct gt_model *m, const struct gt_event *ev, const struct gt_hint *h)
{
	int64_t g = ev->u.label.g != GT_NONE ? ev->u.label.g : ev->g;
	if (g == GT_NONE || !h->gc_label)
		return 0;
	uint32_t slot = gt_dmap_get(&m->glivemap, g);
	if (slot != UINT32_MAX) {
		live_at(m, slot)->gc_worker = 1;
		if (h->gc_label == 2)
			live_at(m, slot)->gc_mark = 1;
	}
	return 0;
}
#endif
