/* search.c: which goroutines and events use a string (for the search bar).
 * Built on first use, under its own lock: decoding every goroutine's
 * intervals once is cheap next to loading, and most sessions never search.
 *
 * A trace may hold millions of goroutines each using dozens of strings (a
 * stack's functions and files), so the index is not a list per string:
 * goroutines that use the same (reason, stack) pairs and creation stack
 * share a profile (few: they are started by the same code), strings map to
 * the profiles using them, and profiles to their goroutines (a u32 per
 * goroutine).  A string's goroutines are then gathered on request. */
#include "model/model_int.h"

#include <stdlib.h>
#include <string.h>

struct u32s {
	uint32_t *v;
	size_t n, cap;
	int fail;
};

static void put(struct u32s *p, uint32_t x)
{
	if (p->n == p->cap) {
		size_t cap = p->cap ? p->cap * 2 : 4096;
		uint32_t *nv = realloc(p->v, cap * sizeof *nv);
		if (!nv) {
			p->fail = 1;
			return;
		}
		p->v = nv;
		p->cap = cap;
	}
	p->v[p->n++] = x;
}

/* Profiles: a creation stack, then sorted distinct (reason, stack) ids,
 * stored one after another in items (at[p]..at[p+1]), found by hash. */
struct profiles {
	struct u32s items, at, count, slot; /* slot: profile + 1, 0 empty */
};

static uint64_t hash_items(const uint32_t *v, size_t n)
{
	uint64_t h = n * 0x9E3779B97F4A7C15ull;
	for (size_t i = 0; i < n; i++)
		h = (h ^ v[i]) * 0xC2B2AE3D27D4EB4Full;
	return h ^ h >> 29;
}

static int grow_slots(struct profiles *pr)
{
	size_t ns = pr->slot.n ? pr->slot.n * 2 : 1024;
	uint32_t *s = calloc(ns, sizeof *s);
	if (!s)
		return -1;
	for (uint32_t p = 0; p < pr->count.n; p++) {
		const uint32_t *v = pr->items.v + pr->at.v[p];
		size_t h = hash_items(v, pr->at.v[p + 1] - pr->at.v[p]) & (ns - 1);
		while (s[h])
			h = (h + 1) & (ns - 1);
		s[h] = p + 1;
	}
	free(pr->slot.v);
	pr->slot.v = s;
	pr->slot.n = pr->slot.cap = ns;
	return 0;
}

/* The profile of v[0..n) (added when new); UINT32_MAX out of memory. */
static uint32_t profile_of(struct profiles *pr, const uint32_t *v, size_t n)
{
	if (2 * (pr->count.n + 1) >= pr->slot.n && grow_slots(pr) < 0)
		return UINT32_MAX;
	size_t mask = pr->slot.n - 1, h = hash_items(v, n) & mask;
	for (; pr->slot.v[h]; h = (h + 1) & mask) {
		uint32_t p = pr->slot.v[h] - 1;
		size_t len = pr->at.v[p + 1] - pr->at.v[p];
		if (len == n && !memcmp(pr->items.v + pr->at.v[p], v, n * sizeof *v)) {
			pr->count.v[p]++;
			return p;
		}
	}
	uint32_t p = (uint32_t)pr->count.n;
	for (size_t i = 0; i < n; i++)
		put(&pr->items, v[i]);
	put(&pr->at, (uint32_t)pr->items.n);
	put(&pr->count, 1);
	if (pr->items.fail || pr->at.fail || pr->count.fail)
		return UINT32_MAX;
	pr->slot.v[h] = p + 1;
	return p;
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return (x > y) - (x < y);
}

/* Strings of stack st, each once per mark generation. */
struct marks {
	uint32_t *str;          /* generation that last used the string */
	uint32_t gen;
	struct u32s *out;
};

static void use_str(struct marks *k, gt_str s, uint32_t nstr)
{
	if (!s || s >= nstr || k->str[s] == k->gen)
		return;
	k->str[s] = k->gen;
	put(k->out, s);
}

static void use_stack(const struct gt_model *m, struct marks *k, gt_stack st, uint32_t nstr)
{
	const struct gt_tables *t = m->tables;
	size_t n = st ? gt_stack_depth(t, st) : 0;
	const uint32_t *fr = n ? gt_stack_frames(t, st) : NULL;
	for (size_t i = 0; i < n; i++) {
		const struct gt_frame *f = gt_frame_get(t, fr[i]);
		if (f) {
			use_str(k, f->func, nstr);
			use_str(k, f->file, nstr);
		}
	}
}

/* CSR off[0..nkey] and vals from (key, val) pairs in two arrays (val
 * NULL: the pair's index). */
static int to_csr(const uint32_t *key, const uint32_t *val, size_t n, uint32_t nkey,
                  uint32_t **off, uint32_t **vals)
{
	*off = calloc((size_t)nkey + 1, sizeof **off);
	*vals = malloc((n ? n : 1) * sizeof **vals);
	uint32_t *fill = calloc(nkey ? nkey : 1, sizeof *fill);
	if (!*off || !*vals || !fill) {
		free(fill);
		return -1;
	}
	for (size_t i = 0; i < n; i++)
		(*off)[key[i] + 1]++;
	for (uint32_t s = 0; s < nkey; s++)
		(*off)[s + 1] += (*off)[s];
	for (size_t i = 0; i < n; i++)
		(*vals)[(*off)[key[i]] + fill[key[i]]++] = val ? val[i] : (uint32_t)i;
	free(fill);
	return 0;
}

/* (reason, stack) of each key, as an id shared by keys that differ only
 * in state or P: kid[key]; *nkid of them, their key in first[]. */
static uint32_t *pair_ids(const struct gt_model *m, uint32_t *nkid, struct u32s *first)
{
	size_t nk = m->keys.n, ns = 1024;
	while (ns < 2 * nk + 2)
		ns *= 2;
	uint32_t *kid = malloc((nk ? nk : 1) * sizeof *kid), *slot = calloc(ns, sizeof *slot);
	if (!kid || !slot) {
		free(kid);
		free(slot);
		return NULL;
	}
	for (uint32_t k = 0; k < nk; k++) {
		const struct gt_gkey *x = &GT_VEC_AT(m->keys, struct gt_gkey, k);
		uint32_t v[2] = {x->reason, x->stack};
		size_t h = hash_items(v, 2) & (ns - 1);
		for (; slot[h]; h = (h + 1) & (ns - 1)) {
			const struct gt_gkey *y = &GT_VEC_AT(m->keys, struct gt_gkey, first->v[slot[h] - 1]);
			if (y->reason == x->reason && y->stack == x->stack)
				break;
		}
		if (!slot[h]) {
			put(first, k);
			slot[h] = (uint32_t)first->n;
		}
		kid[k] = slot[h] - 1;
	}
	free(slot);
	*nkid = (uint32_t)first->n;
	if (first->fail) {
		free(kid);
		return NULL;
	}
	return kid;
}

static void build(struct gt_model *m)
{
	uint32_t nstr = gt_str_count(m->tables), ng = (uint32_t)m->gids.n, nkid = 0;
	struct profiles pr = {0};
	struct u32s first = {0}, buf = {0}, sp_s = {0}, sp_p = {0}, ev_s = {0}, ev_v = {0}, strs = {0};
	uint32_t *gprof = malloc((ng ? ng : 1) * sizeof *gprof);
	uint32_t *kid = pair_ids(m, &nkid, &first);
	uint32_t *kmark = calloc(nkid ? nkid : 1, sizeof *kmark);
	struct marks mk = {calloc(nstr ? nstr : 1, sizeof(uint32_t)), 0, &strs};
	int fail = !gprof || !kid || !kmark || !mk.str;
	put(&pr.at, 0);
	/* each goroutine's profile: its creation stack, then its pairs */
	for (uint32_t gi = 0; gi < ng && !fail; gi++) {
		struct gt_gcur c;
		struct gt_grec r;
		gt_stack cs = 0;
		gt_gcur_open(&c, &m->garena, gt_gbase(m, gi), GT_VEC_AT(m->gheads, uint32_t, gi), 0, 1,
		             NULL, NULL, &cs);
		buf.n = 0;
		put(&buf, cs);
		while (gt_gcur_next(&c, &r)) {
			uint32_t k = kid[r.key];
			if (kmark[k] != gi + 1) {
				kmark[k] = gi + 1;
				put(&buf, k);
			}
		}
		if (buf.fail)
			break;
		qsort(buf.v + 1, buf.n - 1, sizeof *buf.v, cmp_u32);
		gprof[gi] = profile_of(&pr, buf.v, buf.n);
		fail = gprof[gi] == UINT32_MAX;
	}
	/* strings -> profiles */
	for (uint32_t p = 0; p < pr.count.n && !fail; p++) {
		const uint32_t *v = pr.items.v + pr.at.v[p];
		size_t n = pr.at.v[p + 1] - pr.at.v[p];
		mk.gen = p + 1;
		strs.n = 0;
		use_stack(m, &mk, v[0], nstr);
		for (size_t i = 1; i < n; i++) {
			const struct gt_gkey *x = &GT_VEC_AT(m->keys, struct gt_gkey, first.v[v[i]]);
			use_str(&mk, x->reason, nstr);
			use_stack(m, &mk, x->stack, nstr);
		}
		for (size_t i = 0; i < strs.n; i++) {
			put(&sp_s, strs.v[i]);
			put(&sp_p, p);
		}
	}
#define REF(kind, i) (((uint32_t)(kind) << 28) | (uint32_t)(i))
#define EV(s, v) (put(&ev_s, (s) < nstr ? (s) : 0), put(&ev_v, (v)))
	for (size_t i = 0; i < m->tasks.n && i < 0x0fffffff; i++)
		EV(GT_VEC_AT(m->tasks, struct gt_task, i).type, REF(GT_REF_TASK, i));
	for (size_t i = 0; i < m->regions.n && i < 0x0fffffff; i++)
		EV(GT_VEC_AT(m->regions, struct gt_region, i).type, REF(GT_REF_REGION, i));
	for (size_t i = 0; i < m->logs.n && i < 0x0fffffff; i++) {
		const struct gt_log *l = &GT_VEC_AT(m->logs, struct gt_log, i);
		EV(l->category, REF(GT_REF_LOG, i));
		if (l->message != l->category)
			EV(l->message, REF(GT_REF_LOG, i));
	}
	for (size_t i = 0; i < m->ranges[GT_RS_STW].n && i < 0x0fffffff; i++)
		EV(GT_VEC_AT(m->ranges[GT_RS_STW], struct gt_range, i).reason, REF(GT_REF_STW, i));
	fail |= pr.items.fail || pr.at.fail || pr.count.fail || sp_s.fail || sp_p.fail || ev_s.fail || ev_v.fail;
	uint32_t *ev = NULL;
	if (!fail) {
		uint32_t np = (uint32_t)pr.count.n;
		if (to_csr(gprof, NULL, ng, np, &m->sp_off, &m->sp) < 0 ||
		    to_csr(sp_s.v, sp_p.v, sp_s.n, nstr, &m->ss_off, &m->ss) < 0 ||
		    to_csr(ev_s.v, ev_v.v, ev_s.n, nstr, &m->se_off, &ev) < 0) {
			m->se = (struct gt_ref *)ev;
			gt_model_search_free(m);
		} else {
			m->se = malloc((ev_s.n ? ev_s.n : 1) * sizeof *m->se);
			for (size_t i = 0; m->se && i < ev_s.n; i++)
				m->se[i] = (struct gt_ref){ev[i] >> 28, ev[i] & 0x0fffffff};
			m->sp_count = pr.count.v;
			pr.count.v = NULL;
			m->search_nstr = m->se ? nstr : 0;
			if (!m->se)
				gt_model_search_free(m);
		}
		free(ev);
	}
	free(gprof);
	free(kid);
	free(kmark);
	free(mk.str);
	free(pr.items.v);
	free(pr.at.v);
	free(pr.count.v);
	free(pr.slot.v);
	free(first.v);
	free(buf.v);
	free(strs.v);
	free(sp_s.v);
	free(sp_p.v);
	free(ev_s.v);
	free(ev_v.v);
	m->search_built = 1;
}

void gt_model_search_free(struct gt_model *m)
{
	free(m->sp_off);
	free(m->sp);
	free(m->sp_count);
	free(m->ss_off);
	free(m->ss);
	free(m->se_off);
	free(m->se);
	m->sp_off = m->sp = m->sp_count = m->ss_off = m->ss = m->se_off = NULL;
	m->se = NULL;
	m->search_nstr = 0;
}

static void ensure(const struct gt_model *cm)
{
	struct gt_model *m = (struct gt_model *)cm; /* the index is a cache */
	pthread_mutex_lock(&m->strx_mu);
	if (!m->search_built)
		build(m);
	pthread_mutex_unlock(&m->strx_mu);
}

size_t gt_model_str_goroutine_count(const struct gt_model *m, gt_str s)
{
	ensure(m);
	if (!m->ss_off || s >= m->search_nstr)
		return 0;
	size_t n = 0;
	for (uint32_t i = m->ss_off[s]; i < m->ss_off[s + 1]; i++)
		n += m->sp_count[m->ss[i]];
	return n;
}

uint32_t *gt_model_str_goroutines(const struct gt_model *m, gt_str s, size_t *n)
{
	*n = gt_model_str_goroutine_count(m, s);
	if (!*n)
		return NULL;
	uint32_t ng = (uint32_t)m->gids.n;
	uint32_t *out = malloc(*n * sizeof *out);
	if (!out) {
		*n = 0;
		return NULL;
	}
	/* the profiles' goroutines are disjoint: in index order through a
	 * bitmap when many, sorted when few */
	size_t k = 0;
	if (*n > ng / 64) {
		uint64_t *bits = calloc(ng / 64 + 1, sizeof *bits);
		if (!bits) {
			free(out);
			*n = 0;
			return NULL;
		}
		for (uint32_t i = m->ss_off[s]; i < m->ss_off[s + 1]; i++)
			for (uint32_t j = m->sp_off[m->ss[i]]; j < m->sp_off[m->ss[i] + 1]; j++)
				bits[m->sp[j] / 64] |= UINT64_C(1) << (m->sp[j] % 64);
		for (uint32_t w = 0; w <= ng / 64; w++)
			for (uint64_t b = bits[w]; b; b &= b - 1)
				out[k++] = w * 64 + (uint32_t)__builtin_ctzll(b);
		free(bits);
	} else {
		for (uint32_t i = m->ss_off[s]; i < m->ss_off[s + 1]; i++)
			for (uint32_t j = m->sp_off[m->ss[i]]; j < m->sp_off[m->ss[i] + 1]; j++)
				out[k++] = m->sp[j];
		qsort(out, k, sizeof *out, cmp_u32);
	}
	return out;
}

const struct gt_ref *gt_model_str_events(const struct gt_model *m, gt_str s, size_t *n)
{
	ensure(m);
	*n = 0;
	if (!m->se_off || s >= m->search_nstr)
		return NULL;
	*n = m->se_off[s + 1] - m->se_off[s];
	return m->se + m->se_off[s];
}
