/* order_pool.c: the orderer's state records: goroutines (pages, the
 * sparse pool, cold records; see struct ghot), Ps, Ms; and the error
 * helpers.  Look-ups are inline in v2_order_int.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "decode/v2/order_int.h"

int gt_v2o_fail(struct gt_v2_order *o, const char *fmt, ...)
{
	if (o->errsz) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(o->err, o->errsz, fmt, ap);
		va_end(ap);
	}
	return -1;
}

/* Go's validateCtx messages, first failing check first. */
int gt_v2o_validate_fail(struct gt_v2_order *o, int64_t g, int64_t p, int64_t m, int req)
{
	int rm = req & 3, rp = req >> 2 & 3, rg = req >> 4 & 3;
	if (rm == MUST && m == GT_NONE)
		return gt_v2o_fail(o, "expected a thread but didn't have one");
	if (rm == NO && m != GT_NONE)
		return gt_v2o_fail(o, "expected no thread but had one");
	if (rp == MUST && p == GT_NONE)
		return gt_v2o_fail(o, "expected a proc but didn't have one");
	if (rp == NO && p != GT_NONE)
		return gt_v2o_fail(o, "expected no proc but had one");
	if (rg == MUST && g == GT_NONE)
		return gt_v2o_fail(o, "expected a goroutine but didn't have one");
	if (rg == NO && g != GT_NONE)
		return gt_v2o_fail(o, "expected no goroutine but had one");
	return 0;
}

static int grow_pool(void **p, uint32_t *cap, size_t size)
{
	if (*cap > UINT32_MAX / 2)
		return -1;
	uint32_t ncap = *cap ? *cap * 2 : 64;
	void *np = realloc(*p, size * ncap);
	if (!np)
		return -1;
	*p = np;
	*cap = ncap;
	return 0;
}

/* ---- goroutine pages ---------------------------------------------------- */

int gt_v2o_pages_init(struct gt_v2_order *o)
{
	o->pm = malloc(sizeof *o->pm * 64);
	if (!o->pm)
		return -1;
	o->pmask = 63;
	for (uint32_t i = 0; i < 64; i++)
		o->pm[i] = (struct v2o_pslot){ UINT64_MAX, NULL };
	return 0;
}

void gt_v2o_pages_free(struct gt_v2_order *o)
{
	for (uint32_t i = 0; i < o->ngc; i++)
		free(o->gc[i].rs.big); /* NULL once freed */
	for (uint32_t i = 0; i < o->npages; i++)
		free(o->pages[i]);
	free(o->dir);
	free(o->pages);
	free(o->pm);
	free(o->empty);
	free(o->gsp);
	free(o->gc);
	gt_v2o_idmap_free(&o->gsparse);
	gt_v2o_idmap_free(&o->gmap);
}

static int hash_put(struct gt_v2_order *o, uint64_t pn, struct gpage *pg)
{
	if ((o->npm + 1) * 2 > o->pmask + 1) {
		uint32_t ncap = (o->pmask + 1) * 2;
		struct v2o_pslot *s = malloc(sizeof *s * ncap);
		if (!s)
			return -1;
		for (uint32_t i = 0; i < ncap; i++)
			s[i] = (struct v2o_pslot){ UINT64_MAX, NULL };
		for (uint32_t i = 0; i <= o->pmask; i++) {
			if (!o->pm[i].pg)
				continue;
			uint32_t j = gt_v2o_pslot_of(o->pm[i].pn, ncap - 1);
			while (s[j].pg)
				j = (j + 1) & (ncap - 1);
			s[j] = o->pm[i];
		}
		free(o->pm);
		o->pm = s;
		o->pmask = ncap - 1;
	}
	uint32_t i = gt_v2o_pslot_of(pn, o->pmask);
	while (o->pm[i].pg)
		i = (i + 1) & o->pmask;
	o->pm[i] = (struct v2o_pslot){ pn, pg };
	o->npm++;
	o->gslow = 1;
	return 0;
}

/* Backward-shift deletion, as v2_order_map.c. */
static void hash_del(struct gt_v2_order *o, uint64_t pn)
{
	uint32_t mask = o->pmask, i = gt_v2o_pslot_of(pn, mask);
	for (;; i = (i + 1) & mask) {
		if (!o->pm[i].pg)
			return;
		if (o->pm[i].pn == pn)
			break;
	}
	o->npm--;
	for (uint32_t j = (i + 1) & mask; o->pm[j].pg; j = (j + 1) & mask) {
		uint32_t h = gt_v2o_pslot_of(o->pm[j].pn, mask);
		if (i <= j ? (h <= i || h > j) : (h <= i && h > j)) {
			o->pm[i] = o->pm[j];
			i = j;
		}
	}
	o->pm[i] = (struct v2o_pslot){ UINT64_MAX, NULL };
	o->gslow = o->npm || o->nsparse;
}

struct gpage *gt_v2o_page_hashed(const struct gt_v2_order *o, uint64_t pn)
{
	for (uint32_t i = gt_v2o_pslot_of(pn, o->pmask);; i = (i + 1) & o->pmask) {
		const struct v2o_pslot *s = &o->pm[i];
		if (s->pn == pn)
			return s->pg;
		if (!s->pg)
			return NULL;
	}
}

/* Maps page pn to pg: in the directory for small page numbers (grown to
 * cover pn), else in the hash. */
static int pm_put(struct gt_v2_order *o, uint64_t pn, struct gpage *pg)
{
	if (pn >= (1u << GT_V2O_DIR_BITS))
		return hash_put(o, pn, pg);
	if (pn >= o->ndir) {
		uint64_t n = o->ndir ? o->ndir : 64;
		while (n <= pn)
			n *= 2;
		struct gpage **d = realloc(o->dir, sizeof *d * n);
		if (!d)
			return -1;
		memset(d + o->ndir, 0, sizeof *d * (n - o->ndir));
		o->dir = d;
		o->ndir = n;
	}
	o->dir[pn] = pg;
	return 0;
}

static void pm_del(struct gt_v2_order *o, uint64_t pn)
{
	if (pn < o->ndir)
		o->dir[pn] = NULL;
	else
		hash_del(o, pn);
}

void gt_v2o_page_emptied(struct gt_v2_order *o, struct gpage *pg)
{
	if (pg->listed)
		return;
	if (o->nempty == o->capempty &&
	    grow_pool((void **)&o->empty, &o->capempty, sizeof *o->empty) < 0)
		return; /* not reused, no harm */
	o->empty[o->nempty++] = pg->idx;
	pg->listed = 1;
}

int gt_v2o_page_emptied_1(struct gt_v2_order *o, struct gpage *pg)
{
	gt_v2o_page_emptied(o, pg);
	return 1;
}

/* A page for page number pn: an empty one (unmapped from its old
 * number), or a new one while the budget allows (pages at least a
 * quarter full on average, so at most 64 bytes a live goroutine), or
 * NULL (then the goroutine goes to the sparse pool). */
static struct gpage *page_for(struct gt_v2_order *o, uint64_t pn)
{
	struct gpage *pg = NULL;
	while (o->nempty) {
		struct gpage *e = o->pages[o->empty[--o->nempty]];
		e->listed = 0;
		if (e->live == 0) {
			pm_del(o, e->pn);
			pg = e;
			break;
		}
	}
	if (!pg) {
		if (o->npages >= 16 + o->glive / (GT_V2O_PAGE / 4))
			return NULL;
		if (o->npages == o->cappages &&
		    grow_pool((void **)&o->pages, &o->cappages, sizeof *o->pages) < 0)
			return NULL;
		pg = malloc(sizeof *pg);
		if (!pg)
			return NULL;
		memset(pg->r, 0xff, sizeof pg->r);
		pg->live = 0;
		pg->listed = 0;
		pg->idx = o->npages;
		o->pages[o->npages++] = pg;
	}
	if (pm_put(o, pn, pg) < 0) {
		/* Unmapped and empty: back on the empty stack. */
		pg->pn = UINT64_MAX;
		gt_v2o_page_emptied(o, pg);
		return NULL;
	}
	pg->pn = pn;
	return pg;
}

struct ghot *gt_v2o_g_sparse(struct gt_v2_order *o, int64_t id)
{
	uint32_t i = gt_v2o_idmap_get(&o->gsparse, (uint64_t)id);
	return i == GT_V2O_EMPTY ? NULL : &o->gsp[i];
}

struct ghot *gt_v2o_g_add_slow(struct gt_v2_order *o, int64_t id, int *exists)
{
	/* The id's page is not mapped. */
	*exists = 0;
	if (o->nsparse && gt_v2o_g_sparse(o, id)) {
		*exists = 1;
		return NULL;
	}
	uint64_t pn = (uint64_t)id >> GT_V2O_PAGE_BITS;
	struct gpage *pg = page_for(o, pn);
	if (pg) {
		struct ghot *h = &pg->r[(uint64_t)id & (GT_V2O_PAGE - 1)];
		pg->live++;
		o->glive++;
		h->cold = 0;
		h->sparse = 0;
		return h;
	}
	uint32_t i;
	if (o->spfree) {
		i = o->spfree - 1;
		o->spfree = (uint32_t)o->gsp[i].n;
	} else {
		if (o->nsp == o->capsp && grow_pool((void **)&o->gsp, &o->capsp, sizeof *o->gsp) < 0)
			return NULL;
		i = o->nsp++;
	}
	if (gt_v2o_idmap_put(&o->gsparse, (uint64_t)id, i) < 0) {
		o->gsp[i].n = o->spfree;
		o->spfree = i + 1;
		return NULL;
	}
	struct ghot *h = &o->gsp[i];
	h->cold = 0;
	h->sparse = 1;
	o->nsparse++;
	o->gslow = 1;
	o->glive++;
	return h;
}

void gt_v2o_g_del_slow(struct gt_v2_order *o, int64_t id, struct ghot *h)
{
	if (h->cold) {
		uint32_t ci = gt_v2o_idmap_get(&o->gmap, (uint64_t)id);
		struct gcold *c = &o->gc[ci];
		if (c->regions)
			gt_v2o_regions_free(o, c);
		free(c->rs.big);
		c->rs.big = NULL;
		gt_v2o_idmap_del(&o->gmap, (uint64_t)id);
		c->next_free = o->gcfree;
		o->gcfree = ci + 1;
		h->cold = 0;
	}
	h->status = GS_FREE;
	o->glive--;
	if (h->sparse) {
		uint32_t i = (uint32_t)(h - o->gsp);
		gt_v2o_idmap_del(&o->gsparse, (uint64_t)id);
		h->n = o->spfree;
		o->spfree = i + 1;
		o->nsparse--;
		o->gslow = o->npm || o->nsparse;
		return;
	}
	struct gpage *pg = gt_v2o_page_of(h, id);
	if (--pg->live == 0)
		gt_v2o_page_emptied(o, pg);
}

struct gcold *gt_v2o_gcold(struct gt_v2_order *o, int64_t id, struct ghot *h)
{
	if (h->cold)
		return &o->gc[gt_v2o_idmap_get(&o->gmap, (uint64_t)id)];
	uint32_t i;
	if (o->gcfree) {
		i = o->gcfree - 1;
		o->gcfree = o->gc[i].next_free;
	} else {
		if (o->ngc == o->gccap && grow_pool((void **)&o->gc, &o->gccap, sizeof *o->gc) < 0) {
			gt_v2o_fail(o, "out of memory");
			return NULL;
		}
		i = o->ngc++;
	}
	if (gt_v2o_idmap_put(&o->gmap, (uint64_t)id, i) < 0) {
		o->gc[i].rs.big = NULL;
		o->gc[i].next_free = o->gcfree;
		o->gcfree = i + 1;
		gt_v2o_fail(o, "out of memory");
		return NULL;
	}
	struct gcold *c = &o->gc[i];
	memset(c, 0, sizeof *c);
	c->id = id;
	h->cold = 1;
	return c;
}

/* ---- Ps and Ms ---------------------------------------------------------- */

struct pstate *gt_v2o_p_new(struct gt_v2_order *o, int64_t id)
{
	if (o->np == o->pcap && grow_pool((void **)&o->ps, &o->pcap, sizeof *o->ps) < 0)
		return NULL;
	if ((uint64_t)id < GT_V2O_DENSE_P)
		o->pdense[id] = o->np;
	else if (gt_v2o_idmap_put(&o->pmap, (uint64_t)id, o->np) < 0)
		return NULL;
	struct pstate *p = &o->ps[o->np++];
	memset(p, 0, sizeof *p);
	p->id = id;
	return p;
}

struct mstate *gt_v2o_m(struct gt_v2_order *o, int64_t id)
{
	uint32_t i = gt_v2o_idmap_get(&o->mmap, (uint64_t)id);
	return i == GT_V2O_EMPTY ? NULL : &o->ms[i];
}

struct mstate *gt_v2o_m_new(struct gt_v2_order *o, int64_t id)
{
	if (o->nm == o->mcap) {
		if (grow_pool((void **)&o->ms, &o->mcap, sizeof *o->ms) < 0)
			return NULL;
		for (unsigned i = 0; i < GT_V2O_MCACHE; i++)
			o->mcache[i].id = GT_NONE; /* its pointers moved */
	}
	if (gt_v2o_idmap_put(&o->mmap, (uint64_t)id, o->nm) < 0)
		return NULL;
	struct mstate *m = &o->ms[o->nm++];
	m->id = id;
	m->g = GT_NONE;
	m->p = GT_NONE;
	return m;
}

const char *gt_v2o_str(struct gt_v2_order *o, gt_str s)
{
	return gt_str_get(o->gv->tables, s);
}
