/* gbuild.c: goroutine state transitions into the packed goroutine logs
 * (glog.h), the P spans they imply, and the goroutine counts over time. */
#include "model/model_int.h"
#include "model/varint.h"

#include <stdlib.h>
#include <string.h>

/* ---- live goroutines ------------------------------------------------------ */

_Static_assert(sizeof(struct gt_glive) == 64, "struct gt_glive: one cache line");

static struct gt_glive *live_at(struct gt_model *m, uint32_t slot)
{
	return &GT_VEC_AT(m->glive, struct gt_glive, slot);
}

static struct gt_gcold *cold_at(struct gt_model *m, uint32_t slot)
{
	return &GT_VEC_AT(m->glcold, struct gt_gcold, slot);
}

/* A new slot at the end of glive (kept 64-byte aligned) and glcold. */
static int live_push(struct gt_model *m)
{
	if (m->glive.n == m->glive.cap) {
		size_t cap = m->glive.cap ? m->glive.cap * 2 : 256;
		void *nv;
		if (posix_memalign(&nv, 64, cap * sizeof(struct gt_glive)))
			return -1;
		if (m->glive.n)
			memcpy(nv, m->glive.v, m->glive.n * sizeof(struct gt_glive));
		free(m->glive.v);
		m->glive.v = nv;
		m->glive.cap = cap;
	}
	if (!gt_vec_push(&m->glcold, sizeof(struct gt_gcold)))
		return -1;
	struct gt_glive *L = live_at(m, (uint32_t)m->glive.n++);
	L->buf = NULL;
	L->cap = 0;
	return 0;
}

uint32_t gt_gb_live(struct gt_model *m, int64_t id)
{
	if (id == m->last_g)
		return m->last_gslot;
	uint32_t slot = gt_dmap_get(&m->glivemap, id);
	if (slot == UINT32_MAX) {
		uint32_t gi = (uint32_t)m->gids.n;
		uint32_t *head = gt_vec_push(&m->gheads, sizeof *head);
		if (!head || gt_idseq_add(&m->gids, id) < 0)
			return UINT32_MAX;
		if (gi % GT_GBASE_STEP == 0) {
			/* goroutines appear in time order: deltas from the time
			 * the first of each group appeared stay small */
			int64_t *b = gt_vec_push(&m->gbase, sizeof *b);
			if (!b)
				return UINT32_MAX;
			*b = m->info.max_ts;
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
		uint8_t *buf = L->buf;
		uint32_t cap = L->cap;
		memset(L, 0, sizeof *L);
		L->buf = buf; /* reuse the buffer of a dead goroutine */
		L->cap = cap;
		L->gi = gi;
		L->since = INT64_MIN;
		L->run_p = -1;
		L->prev_end = gt_gbase(m, gi);
		struct gt_gcold *C = cold_at(m, slot);
		memset(C, 0, sizeof *C);
		C->creator = GT_NONE;
	}
	m->last_g = id;
	m->last_gslot = slot;
	return slot;
}

static int reserve(struct gt_glive *L, uint32_t n)
{
	if (L->len + n <= L->cap)
		return 0;
	uint32_t cap = L->cap ? L->cap * 2 : 64;
	while (cap < L->len + n)
		cap *= 2;
	uint8_t *nb = realloc(L->buf, cap);
	if (!nb)
		return -1;
	L->buf = nb;
	L->cap = cap;
	return 0;
}

/* Adds the time per state of the records in p..end to cum; *first gets
 * the first record's start (records count from base).  The writer keeps
 * no running sums: only goroutines with several chunks need them, at
 * their chunk boundaries. */
static void scan_recs(const struct gt_model *m, const uint8_t *p, const uint8_t *end,
                      int64_t base, int64_t cum[GT_GS__COUNT], int64_t *first)
{
	int64_t prev = base;
	int n = 0;
	while (p < end) {
		uint64_t kv = gt_get_uv(&p);
		int64_t start = prev;
		if (kv & 1) {
			uint64_t z = gt_get_uv(&p);
			start += (int64_t)(z >> 1) ^ -(int64_t)(z & 1);
		}
		int64_t d = (int64_t)gt_get_uv(&p);
		if (!n++)
			*first = start;
		cum[GT_VEC_AT(m->keys, struct gt_gkey, (uint32_t)(kv >> 1)).state] += d;
		prev = start + d;
	}
}

/* Chunk layout: u16 length | 0x8000 when a next chunk follows, then (only
 * then) u32 next, then the bytes.  A chunk that gets a successor is
 * written with room for the link (a live goroutine past GT_GCHUNK bytes). */
static int flush(struct gt_model *m, uint32_t slot, int more)
{
	struct gt_glive *L = live_at(m, slot);
	struct gt_gcold *C = cold_at(m, slot);
	if (!L->len)
		return 0;
	uint32_t hdr = more ? 6 : 2;
	uint32_t ref = gt_barena_alloc(&m->garena, hdr + L->len);
	if (!ref)
		return -1;
	uint8_t *ch = gt_barena_at(&m->garena, ref);
	uint16_t len = (uint16_t)(L->len | (more ? 0x8000u : 0));
	uint32_t zero = 0;
	memcpy(ch, &len, 2);
	if (more)
		memcpy(ch + 2, &zero, 4);
	memcpy(ch + hdr, L->buf, L->len);
	int64_t cum[GT_GS__COUNT], first = 0;
	if (C->tail || more) {
		/* the chunk's own start and time per state (for the index) */
		memcpy(cum, C->cum0, sizeof cum);
		uint32_t skip = C->tail ? 0 : L->hlen;
		scan_recs(m, L->buf + skip, L->buf + L->len, gt_gbase(m, L->gi), cum, &first);
	}
	if (C->tail) {
		memcpy(gt_barena_at(&m->garena, C->tail) + 2, &ref, 4);
		struct gt_gix *e = gt_vec_push(&m->gix, sizeof *e);
		if (!e)
			return -1;
		e->gi = L->gi;
		e->ref = ref;
		e->rec0 = C->rec0;
		e->first_start = first;
		memcpy(e->cum, C->cum0, sizeof e->cum);
	} else {
		GT_VEC_AT(m->gheads, uint32_t, L->gi) = ref;
	}
	C->tail = more ? ref : 0;
	C->rec0 = L->nrec;
	if (more)
		memcpy(C->cum0, cum, sizeof cum);
	L->len = 0;
	L->prev_end = gt_gbase(m, L->gi);
	return 0;
}

static int append_rec(struct gt_model *m, uint32_t slot, int64_t start, int64_t end, uint32_t key)
{
	struct gt_glive *L = live_at(m, slot);
	if (reserve(L, 48) < 0)
		return -1;
	if (!L->hlen) {
		const struct gt_gcold *C = cold_at(m, slot);
		uint32_t n = (uint32_t)gt_put_uv(L->buf + L->len, L->hflags);
		if (L->hflags & GT_GH_CREATOR)
			n += (uint32_t)gt_put_uv(L->buf + L->len + n, (uint64_t)(C->creator + 1));
		n += (uint32_t)gt_put_uv(L->buf + L->len + n, C->create_stack);
		L->len += n;
		L->hlen = (uint8_t)n;
	}
	if (end < start)
		end = start;
	int64_t gap = start - L->prev_end;
	uint8_t *p = L->buf + L->len;
	p += gt_put_uv(p, ((uint64_t)key << 1) | (gap != 0));
	if (gap)
		p += gt_put_uv(p, ((uint64_t)gap << 1) ^ (uint64_t)(gap >> 63));
	p += gt_put_uv(p, (uint64_t)(end - start));
	L->len = (uint32_t)(p - L->buf);
	L->prev_end = end;
	L->nrec++;
	if (L->len >= GT_GCHUNK)
		return flush(m, slot, 1);
	return 0;
}

/* The goroutine ended (or the trace did): its bytes go to the arena. */
static int retire(struct gt_model *m, uint32_t slot, int64_t id, int dead)
{
	if (flush(m, slot, 0) < 0)
		return -1;
	struct gt_glive *L = live_at(m, slot);
	if (L->end_key && gt_ids_put(&m->gendkey, L->gi, L->end_key) < 0)
		return -1;
	if (!dead)
		return 0;
	L->gi = UINT32_MAX;
	if (L->cap > 256) { /* keep small buffers for reuse, drop big ones */
		free(L->buf);
		L->buf = NULL;
		L->cap = 0;
	}
	uint32_t *f = gt_vec_push(&m->gfree, sizeof *f);
	if (!f)
		return -1;
	*f = slot;
	gt_dmap_del(&m->glivemap, id);
	m->last_g = GT_NONE - 1;
	return 0;
}

/* ---- goroutine counts over time ------------------------------------------ */

static int count_slot(uint8_t state)
{
	switch (state) {
	case GT_GS_RUNNABLE: return 0;
	case GT_GS_RUNNING: return 1;
	case GT_GS_WAITING: return 2;
	case GT_GS_SYSCALL: return 3;
	default: return -1;
	}
}

/* Adds the current counts over [clast, t) into the buckets. */
void gt_gb_counts_advance(struct gt_model *m, int64_t t)
{
	int64_t base = m->info.min_ts;
	if (t <= m->clast)
		return;
	while (t - base > m->cw * (int64_t)GT_CB) { /* merge pairs, widen */
		for (uint32_t i = 0; i < GT_CB / 2; i++)
			for (int k = 0; k < 4; k++)
				m->cbuckets[i * 4 + k] = m->cbuckets[2 * i * 4 + k] +
				                         m->cbuckets[(2 * i + 1) * 4 + k];
		memset(m->cbuckets + (size_t)(GT_CB / 2) * 4, 0,
		       (size_t)(GT_CB / 2) * 4 * sizeof *m->cbuckets);
		m->cw *= 2;
	}
	int64_t a = m->clast;
	if (t <= m->cbend && a >= m->cbend - m->cw) { /* same bucket: no division */
		double d = (double)(t - a);
		double *b = m->cbuckets + m->cbi * 4;
		/* unrolled by hand: -O2 keeps the loop, and this runs per transition */
		b[0] += d * m->ccount[0];
		b[1] += d * m->ccount[1];
		b[2] += d * m->ccount[2];
		b[3] += d * m->ccount[3];
		m->clast = t;
		return;
	}
	int any = m->ccount[0] != 0 || m->ccount[1] != 0 || m->ccount[2] != 0 || m->ccount[3] != 0;
	while (any && a < t) {
		int64_t bi = (a - base) / m->cw;
		if (bi >= GT_CB)
			break;
		int64_t bend = base + (bi + 1) * m->cw;
		int64_t z = t < bend ? t : bend;
		double d = (double)(z - a);
		double *b = m->cbuckets + bi * 4;
		b[0] += d * m->ccount[0];
		b[1] += d * m->ccount[1];
		b[2] += d * m->ccount[2];
		b[3] += d * m->ccount[3];
		a = z;
	}
	m->clast = t;
	int64_t bi = (t - base) / m->cw;
	m->cbi = bi < GT_CB ? bi : GT_CB - 1;
	m->cbend = base + (m->cbi + 1) * m->cw;
}

/* ---- transitions ----------------------------------------------------------- */

static int close_pspan(struct gt_model *m, struct gt_glive *L, int64_t t)
{
	if (L->run_p < 0)
		return 0;
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

/* Closes the open interval (after close_pspan: it reads since). */
static int close_gspan(struct gt_model *m, uint32_t slot, int64_t t)
{
	struct gt_glive *L = live_at(m, slot);
	if (L->since == INT64_MIN)
		return 0;
	if (append_rec(m, slot, L->since, t, L->key) < 0)
		return -1;
	live_at(m, slot)->since = INT64_MIN;
	return 0;
}

int gt_gb_transition(struct gt_model *m, const struct gt_event *ev, const struct gt_hint *h)
{
	int64_t t = ev->ts, id = ev->u.trans.id;
	uint8_t from = ev->u.trans.from, to = ev->u.trans.to;
	uint32_t slot = gt_gb_live(m, id);
	if (slot == UINT32_MAX)
		return -1;
	uint32_t pi = UINT32_MAX;
	if (to == GT_GS_RUNNING && ev->p != GT_NONE && (pi = gt_model_p_index(m, ev->p)) == UINT32_MAX)
		return -1;
	struct gt_glive *L = live_at(m, slot);
	gt_str reason = ev->u.trans.reason;
	gt_stack stack = ev->u.trans.stack;

	if (from == GT_GS_NOTEXIST && to != GT_GS_NOTEXIST && !L->hlen) {
		struct gt_gcold *C = cold_at(m, slot);
		L->hflags |= GT_GH_CREATED;
		if (ev->g != id && ev->g != GT_NONE) {
			L->hflags |= GT_GH_CREATOR;
			C->creator = ev->g;
		}
		C->create_stack = ev->stack;
	}
	if (!L->start_func && stack) {
		L->start_func = h->root_func;
		L->gc_worker = h->gc_worker;
	}
	if (from == to && L->since != INT64_MIN) {
		/* A status re-affirmed (a new generation): the interval goes on,
		 * but the last transition is what the end state reports. */
		uint32_t k = gt_gb_key(m, to, reason, stack, GT_NONE);
		if (k == UINT32_MAX)
			return -1;
		L->end_key = k == L->key ? 0 : k;
		return 0;
	}
	L->end_key = 0;

	gt_gb_counts_advance(m, t);
	if (L->since != INT64_MIN) {
		int sf = count_slot(L->state);
		if (sf >= 0)
			m->ccount[sf]--;
	}
	int st = count_slot(to);
	if (st >= 0)
		m->ccount[st]++;

	if (close_pspan(m, L, t) < 0 || close_gspan(m, slot, t) < 0)
		return -1;
	if (to == GT_GS_NOTEXIST) {
		/* a zero-length marker keeps the end: when, and with what */
		uint32_t k = gt_gb_key(m, to, reason, stack, GT_NONE);
		if (k == UINT32_MAX || append_rec(m, slot, t, t, k) < 0)
			return -1;
		return retire(m, slot, id, 1);
	}
	uint32_t k = gt_gb_key(m, to, reason, stack, to == GT_GS_RUNNING ? ev->p : GT_NONE);
	if (k == UINT32_MAX)
		return -1;
	L->since = t;
	L->key = k;
	L->state = to;
	if (pi != UINT32_MAX)
		L->run_p = (int32_t)pi;
	return 0;
}

int gt_gb_finish(struct gt_model *m, int64_t end)
{
	int rc = 0;
	for (uint32_t s = 0; s < m->glive.n; s++) {
		struct gt_glive *L = live_at(m, s);
		if (L->gi != UINT32_MAX &&
		    (close_pspan(m, L, end) < 0 || close_gspan(m, s, end) < 0 || retire(m, s, 0, 0) < 0))
			rc = -1;
		free(L->buf);
		L->buf = NULL;
	}
	gt_vec_free(&m->glive);
	gt_vec_free(&m->glcold);
	gt_vec_free(&m->gfree);
	gt_dmap_free(&m->glivemap);
	return rc;
}

/* "GC (dedicated)", "GC (fractional)": a mark worker at work for the rest
 * of its current run ("GC (idle)" does not take mutator time). */
int gt_gb_label(struct gt_model *m, const struct gt_event *ev, const struct gt_hint *h)
{
	int64_t g = ev->u.label.g != GT_NONE ? ev->u.label.g : ev->g;
	if (g == GT_NONE || !h->gc_label)
		return 0;
	uint32_t slot = gt_dmap_get(&m->glivemap, g);
	if (slot != UINT32_MAX)
		live_at(m, slot)->gc_mark = 1;
	return 0;
}
