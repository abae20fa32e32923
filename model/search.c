/* search.c: which goroutines and events use a string (for the search bar).
 * Built on first use, under a lock, as two CSR tables indexed by string id:
 * decoding every goroutine's intervals once is cheap next to loading, and
 * most sessions never search. */
#include "model/model_int.h"

#include <stdlib.h>
#include <string.h>

struct pair {
	uint32_t s, v;
};

struct pairs {
	struct pair *v;
	size_t n, cap;
	int fail;
};

static void put(struct pairs *p, uint32_t s, uint32_t v)
{
	if (p->n == p->cap) {
		size_t cap = p->cap ? p->cap * 2 : 4096;
		struct pair *nv = realloc(p->v, cap * sizeof *nv);
		if (!nv) {
			p->fail = 1;
			return;
		}
		p->v = nv;
		p->cap = cap;
	}
	p->v[p->n++] = (struct pair){s, v};
}

struct gwalk {
	const struct gt_model *m;
	struct pairs *p;
	uint32_t gi;
	uint32_t *str_mark, *key_mark; /* last goroutine + 1 that used it */
	uint32_t nstr;
};

static void use_str(struct gwalk *w, gt_str s)
{
	if (!s || s >= w->nstr || w->str_mark[s] == w->gi + 1)
		return;
	w->str_mark[s] = w->gi + 1;
	put(w->p, s, w->gi);
}

static void use_stack(struct gwalk *w, gt_stack st)
{
	const struct gt_tables *t = w->m->tables;
	size_t n = st ? gt_stack_depth(t, st) : 0;
	const uint32_t *fr = n ? gt_stack_frames(t, st) : NULL;
	for (size_t i = 0; i < n; i++) {
		const struct gt_frame *f = gt_frame_get(t, fr[i]);
		if (f) {
			use_str(w, f->func);
			use_str(w, f->file);
		}
	}
}

static void on_key(struct gwalk *w, uint32_t key)
{
	if (w->key_mark[key] == w->gi + 1)
		return;
	w->key_mark[key] = w->gi + 1;
	const struct gt_gkey *k = &GT_VEC_AT(w->m->keys, struct gt_gkey, key);
	use_str(w, k->reason);
	use_stack(w, k->stack);
}

/* Sorts pairs into offsets off[0..nstr] and values vals (CSR). */
static int to_csr(struct pairs *p, uint32_t nstr, uint32_t **off, void **vals,
                  size_t elsize, const void *src, size_t srcsize)
{
	(void)src;
	(void)srcsize;
	*off = calloc((size_t)nstr + 1, sizeof **off);
	*vals = malloc((p->n ? p->n : 1) * elsize);
	if (!*off || !*vals)
		return -1;
	for (size_t i = 0; i < p->n; i++)
		(*off)[p->v[i].s + 1]++;
	for (uint32_t s = 0; s < nstr; s++)
		(*off)[s + 1] += (*off)[s];
	uint32_t *fill = calloc(nstr ? nstr : 1, sizeof *fill);
	if (!fill)
		return -1;
	for (size_t i = 0; i < p->n; i++) {
		uint32_t s = p->v[i].s;
		size_t at = (*off)[s] + fill[s]++;
		if (elsize == sizeof(uint32_t))
			((uint32_t *)*vals)[at] = p->v[i].v;
		else
			((struct gt_ref *)*vals)[at] = (struct gt_ref){p->v[i].v >> 28, p->v[i].v & 0x0fffffff};
	}
	free(fill);
	return 0;
}

static void build(struct gt_model *m)
{
	uint32_t nstr = gt_str_count(m->tables);
	struct pairs gp = {0}, ep = {0};
	struct gwalk w = {m, &gp, 0, calloc(nstr ? nstr : 1, sizeof(uint32_t)),
	                  calloc(m->keys.n ? m->keys.n : 1, sizeof(uint32_t)), nstr};
	if (!w.str_mark || !w.key_mark)
		goto out;
	/* Goroutines come in index order, so each string's list is sorted. */
	for (uint32_t gi = 0; gi < m->gids.n; gi++) {
		struct gt_gcur c;
		struct gt_grec r;
		gt_stack cs = 0;
		w.gi = gi;
		gt_gcur_open(&c, &m->garena, gt_gbase(m, gi), GT_VEC_AT(m->gheads, uint32_t, gi), 0, 1,
		             NULL, NULL, &cs);
		use_stack(&w, cs);
		while (gt_gcur_next(&c, &r))
			on_key(&w, r.key);
	}
#define REF(kind, i) (((uint32_t)(kind) << 28) | (uint32_t)(i))
	for (size_t i = 0; i < m->tasks.n && i < 0x0fffffff; i++)
		put(&ep, GT_VEC_AT(m->tasks, struct gt_task, i).type, REF(GT_REF_TASK, i));
	for (size_t i = 0; i < m->regions.n && i < 0x0fffffff; i++)
		put(&ep, GT_VEC_AT(m->regions, struct gt_region, i).type, REF(GT_REF_REGION, i));
	for (size_t i = 0; i < m->logs.n && i < 0x0fffffff; i++) {
		const struct gt_log *l = &GT_VEC_AT(m->logs, struct gt_log, i);
		put(&ep, l->category, REF(GT_REF_LOG, i));
		if (l->message != l->category)
			put(&ep, l->message, REF(GT_REF_LOG, i));
	}
	for (size_t i = 0; i < m->ranges[GT_RS_STW].n && i < 0x0fffffff; i++)
		put(&ep, GT_VEC_AT(m->ranges[GT_RS_STW], struct gt_range, i).reason, REF(GT_REF_STW, i));
	if (gp.fail || ep.fail)
		goto out;
	void *gv = NULL, *ev = NULL;
	if (to_csr(&gp, nstr, &m->sg_off, &gv, sizeof(uint32_t), NULL, 0) < 0 ||
	    to_csr(&ep, nstr, &m->se_off, &ev, sizeof(struct gt_ref), NULL, 0) < 0) {
		m->sg = gv;
		m->se = ev;
		gt_model_search_free(m);
		goto out;
	}
	m->sg = gv;
	m->se = ev;
	m->search_nstr = nstr;
out:
	free(w.str_mark);
	free(w.key_mark);
	free(gp.v);
	free(ep.v);
	m->search_built = 1;
}

void gt_model_search_free(struct gt_model *m)
{
	free(m->sg_off);
	free(m->sg);
	free(m->se_off);
	free(m->se);
	m->sg_off = m->se_off = NULL;
	m->sg = NULL;
	m->se = NULL;
	m->search_nstr = 0;
}

static void ensure(const struct gt_model *cm)
{
	struct gt_model *m = (struct gt_model *)cm; /* the index is a cache */
	pthread_mutex_lock(&m->search_mu);
	if (!m->search_built)
		build(m);
	pthread_mutex_unlock(&m->search_mu);
}

const uint32_t *gt_model_str_goroutines(const struct gt_model *m, gt_str s, size_t *n)
{
	ensure(m);
	*n = 0;
	if (!m->sg_off || s >= m->search_nstr)
		return NULL;
	*n = m->sg_off[s + 1] - m->sg_off[s];
	return m->sg + m->sg_off[s];
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
