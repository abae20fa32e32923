/* build.c: turning the ordered event stream into the model (model.h):
 * goroutine intervals, P and M spans, ranges, series, user annotations.
 * Called once per event, so it keeps lookups cached and allocations rare. */
#include "model/model_int.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* gt_vec_push when the array is full: grows it. */
void *gt_vec_push_slow(struct gt_vec *a, size_t elsize)
{
	if (a->n == a->cap) {
		size_t cap = a->cap ? a->cap * 2 : 16;
		void *nv = realloc(a->v, cap * elsize);
		if (!nv)
			return NULL;
		a->v = nv;
		a->cap = cap;
	}
	void *p = (char *)a->v + a->n * elsize;
	a->n++;
	memset(p, 0, elsize);
	return p;
}

void gt_vec_free(struct gt_vec *a)
{
	free(a->v);
	memset(a, 0, sizeof *a);
}

struct gt_model *gt_model_new(void)
{
	struct gt_model *m = calloc(1, sizeof *m);
	if (!m)
		return NULL;
	m->tables = gt_tables_new();
	m->cbuckets = calloc((size_t)GT_CB * 4, sizeof *m->cbuckets);
	if (!m->tables || !m->cbuckets) {
		gt_tables_free(m->tables);
		free(m->cbuckets);
		free(m);
		return NULL;
	}
	m->owns_tables = 1;
	m->info.min_ts = INT64_MAX;
	m->lbase = INT64_MIN;
	m->info.max_ts = INT64_MIN;
	m->cw = 1000; /* 1 us buckets to start with */
	m->cbend = INT64_MIN; /* the first change starts the first bucket */
	m->last_g = GT_NONE - 1;
	m->last_m = INT64_MIN;
	m->cur_g = m->cur_m = GT_NONE;
	for (int i = 0; i < GT_MCACHE; i++)
		m->mc_id[i] = INT64_MIN;
	pthread_mutex_init(&m->search_mu, NULL);
	pthread_mutex_init(&m->strx_mu, NULL);
	pthread_mutex_init(&m->uses_mu, NULL);
	pthread_mutex_init(&m->mmu_mu, NULL);
	pthread_mutex_init(&m->mact_mu, NULL);
	atomic_init(&m->mact_built, 0);
	/* key 0: the "nothing" key, so a zero val never means a real state */
	struct gt_gkey *k0 = gt_vec_push(&m->keys, sizeof *k0);
	uint32_t *n0 = gt_vec_push(&m->keynext, sizeof *n0);
	if (!k0 || !n0) {
		gt_model_free(m);
		return NULL;
	}
	k0->p = GT_NONE;
	*n0 = UINT32_MAX;
	return m;
}

struct gt_tables *gt_model_tables_mut(struct gt_model *m) { return m->tables; }

void gt_model_free(struct gt_model *m)
{
	if (!m)
		return;
	if (m->owns_tables)
		gt_tables_free(m->tables);
	gt_idseq_free(&m->gids);
	gt_vec_free(&m->gheads);
	gt_vec_free(&m->gblk);
	gt_vec_free(&m->gix);
	free(m->gixtop);
	free(m->gixblk);
	gt_barena_free(&m->garena);
	gt_ids_free(&m->gendkey);
	gt_vec_free(&m->ginit);
	free(m->gperm);
	gt_sids_free(m->gsorted);
	for (size_t i = 0; i < m->glive.n; i++)
		free(GT_VEC_AT(m->glive, struct gt_glive, i).buf);
	gt_vec_free(&m->glive);
	gt_vec_free(&m->glcold);
	gt_vec_free(&m->glcause);
	for (size_t i = 0; i < m->gllink.n; i++)
		free(GT_VEC_AT(m->gllink, struct gt_glink, i).buf);
	gt_vec_free(&m->gllink);
	gt_barena_free(&m->larena);
	gt_vec_free(&m->lheads);
	gt_vec_free(&m->gfree);
	gt_vec_free(&m->gsys0);
	gt_dmap_free(&m->glivemap);
	gt_vec_free(&m->ps);
	gt_vec_free(&m->pb);
	gt_vec_free(&m->planes);
	gt_ids_free(&m->pmap);
	gt_vec_free(&m->ms);
	gt_vec_free(&m->mlanes);
	gt_ids_free(&m->mmap);
	gt_vec_free(&m->keys);
	gt_vec_free(&m->keynext);
	gt_ids_free(&m->keymap);
	gt_lanes_free(&m->lanes);
	for (int i = 0; i < GT_RS__COUNT; i++)
		gt_vec_free(&m->ranges[i]);
	gt_vec_free(&m->open);
	gt_vec_free(&m->gcbegan);
	gt_vec_free(&m->open_regions);
	for (int i = 0; i < GT_METRIC_OTHER; i++)
		gt_series_free(&m->metrics[i]);
	gt_vec_free(&m->tasks);
	gt_ids_free(&m->taskmap);
	gt_vec_free(&m->regions);
	gt_vec_free(&m->logs);
	gt_vec_free(&m->samples);
	gt_vec_free(&m->labels);
	gt_vec_free(&m->sroot);
	free(m->cbuckets);
	gt_model_search_free(m);
	free(m->str_uses);
	pthread_mutex_destroy(&m->search_mu);
	pthread_mutex_destroy(&m->strx_mu);
	pthread_mutex_destroy(&m->uses_mu);
	gt_model_mmu_free(m);
	pthread_mutex_destroy(&m->mmu_mu);
	gt_model_mact_free(m);
	pthread_mutex_destroy(&m->mact_mu);
	free(m);
}

/* ---- dense indices for goroutines, Ps, Ms ------------------------------ */

/* Old (v1) traces put GC, syscall, timer and netpoll events on pseudo Ps
 * 1000000 and up (Go's FakeP, TimerP, NetpollP, SyscallP, GCP); they stay
 * on the events but are not Ps anyone ran on, so they get no lane. */
#define GT_PSEUDO_P 1000000

static uint32_t new_lane(struct gt_model *m, struct gt_vec *lanes)
{
	struct gt_lane *l = gt_vec_push(lanes, sizeof *l);
	if (!l)
		return UINT32_MAX;
	l->id = m->nlanes++;
	return 0;
}

uint32_t gt_model_p_index_slow(struct gt_model *m, int64_t id)
{
	uint32_t pi = gt_ids_get(&m->pmap, id);
	if (pi == UINT32_MAX) {
		pi = (uint32_t)m->ps.n;
		struct gt_proc *p = gt_vec_push(&m->ps, sizeof *p);
		struct gt_pbuild *b = gt_vec_push(&m->pb, sizeof *b);
		if (!p || !b || new_lane(m, &m->planes) == UINT32_MAX ||
		    gt_ids_put(&m->pmap, id, pi) < 0)
			return UINT32_MAX;
		p->id = id;
		b->m = -1;
	}
	if (id >= 0 && id < GT_PDIRECT)
		m->pdirect[id] = pi + 1;
	return pi;
}

static inline uint32_t m_cache(int64_t id)
{
	return (uint32_t)(((uint64_t)id * 0x9E3779B97F4A7C15ull) >> 60);
}

static uint32_t m_index_slow(struct gt_model *m, int64_t id)
{
	uint32_t c = m_cache(id);
	uint32_t mi = gt_ids_get(&m->mmap, id);
	if (mi == UINT32_MAX) {
		mi = (uint32_t)m->ms.n;
		struct gt_thread *t = gt_vec_push(&m->ms, sizeof *t);
		if (!t || new_lane(m, &m->mlanes) == UINT32_MAX ||
		    gt_ids_put(&m->mmap, id, mi) < 0)
			return UINT32_MAX;
		t->id = id;
	}
	m->mc_id[c] = id;
	m->mc_i[c] = mi;
	m->last_m = id;
	m->last_mi = mi;
	return mi;
}

/* M id -> dense index: the last one, then a few recent ones (Ms take
 * turns on the Ps), then the hash. */
static inline uint32_t m_index(struct gt_model *m, int64_t id)
{
	if (id == m->last_m)
		return m->last_mi;
	uint32_t c = m_cache(id);
	if (m->mc_id[c] != id)
		return m_index_slow(m, id);
	m->last_m = id;
	return m->last_mi = m->mc_i[c];
}

/* ---- event handlers ------------------------------------------------------ */

static int close_mspan(struct gt_model *m, uint32_t pi, int64_t t)
{
	struct gt_pbuild *b = &GT_VEC_AT(m->pb, struct gt_pbuild, pi);
	if (b->m < 0)
		return 0;
	struct gt_thread *th = &GT_VEC_AT(m->ms, struct gt_thread, b->m);
	struct gt_lane *l = &GT_VEC_AT(m->mlanes, struct gt_lane, b->m);
	int64_t start = b->since < l->prev_end && l->nrec ? l->prev_end : b->since;
	if (t < start)
		t = start;
	if (gt_lane_append(&m->lanes, l, start, t, pi, 0) < 0)
		return -1;
	th->busy_ns += t - start;
	th->spans++;
	b->m = -1;
	return 0;
}

/* P id changed to state to at ts, on the current M. */
int gt_build_ptrans(struct gt_model *m, int64_t ts, int64_t id, uint8_t to)
{
	uint32_t pi = gt_model_p_index(m, id);
	if (pi == UINT32_MAX)
		return -1;
	if (close_mspan(m, pi, ts) < 0)
		return -1;
	if (to == GT_PS_RUNNING && m->cur_m != GT_NONE) {
		uint32_t mi = m_index(m, m->cur_m);
		if (mi == UINT32_MAX)
			return -1;
		struct gt_pbuild *b = &GT_VEC_AT(m->pb, struct gt_pbuild, pi);
		b->m = mi;
		b->since = ts;
	}
	return 0;
}

static int on_range(struct gt_model *m, const struct gt_event *ev)
{
	int set;
	switch (ev->u.range.rkind) {
	case GT_RANGE_GC_MARK: set = GT_RS_GC; break;
	case GT_RANGE_STW: set = GT_RS_STW; break;
	case GT_RANGE_SWEEP: set = GT_RS_SWEEP; break;
	case GT_RANGE_MARK_ASSIST: set = GT_RS_ASSIST; break;
	default: return 0;
	}
	int64_t sid = ev->u.range.scope_id;
	if (ev->kind == GT_EV_RANGE_ACTIVE) {
		/* v2 repeats RangeActive at each generation: one range goes on */
		const struct gt_open_range *ov = m->open.v;
		for (size_t i = 0; i < m->open.n; i++)
			if (ov[i].set == set && ov[i].scope_id == sid)
				return 0;
	}
	if (ev->kind != GT_EV_RANGE_END) {
		struct gt_range *r = gt_vec_push(&m->ranges[set], sizeof *r);
		struct gt_open_range *o = gt_vec_push(&m->open, sizeof *o);
		if (!r || !o)
			return -1;
		r->start = ev->ts;
		r->end = INT64_MAX;
		r->who = sid;
		r->reason = ev->u.range.reason;
		r->active_at_start = ev->kind == GT_EV_RANGE_ACTIVE;
		r->begins = 1;
		r->name = ev->u.range.name;
		r->stack = ev->stack;
		r->g_begin = ev->g;
		r->g_end = GT_NONE;
		o->set = (uint8_t)set;
		o->scope_id = sid;
		o->index = m->ranges[set].n - 1;
		if (set == GT_RS_GC && ev->kind == GT_EV_RANGE_BEGIN) {
			struct gt_gc_began *b = gt_vec_push(&m->gcbegan, sizeof *b);
			if (!b)
				return -1;
			*b = (struct gt_gc_began){ev->ts, ev->g, ev->stack};
			m->info.gc_cycles++;
		}
		if (set == GT_RS_STW && ev->kind == GT_EV_RANGE_BEGIN)
			m->info.stws++;
		return 0;
	}
	struct gt_open_range *ov = m->open.v;
	for (size_t i = m->open.n; i-- > 0;) {
		if (ov[i].set != set || ov[i].scope_id != sid)
			continue;
		struct gt_range *r = &GT_VEC_AT(m->ranges[set], struct gt_range, ov[i].index);
		r->end = ev->ts;
		r->g_end = ev->g;
		r->swept = ev->u.range.swept;
		r->reclaimed = ev->u.range.reclaimed;
		ov[i] = ov[--m->open.n];
		return 0;
	}
	/* An end without a begin: it began before the trace. */
	struct gt_range *r = gt_vec_push(&m->ranges[set], sizeof *r);
	if (!r)
		return -1;
	r->start = m->info.min_ts;
	r->end = ev->ts;
	r->who = sid;
	r->reason = ev->u.range.reason;
	r->active_at_start = 1;
	r->name = ev->u.range.name;
	r->g_begin = GT_NONE;
	r->g_end = ev->g;
	r->swept = ev->u.range.swept;
	r->reclaimed = ev->u.range.reclaimed;
	return 0;
}

static int on_user(struct gt_model *m, const struct gt_event *ev)
{
	switch (ev->kind) {
	case GT_EV_TASK_BEGIN:
	case GT_EV_TASK_END: {
		uint32_t ti = gt_ids_get(&m->taskmap, (int64_t)ev->u.task.id);
		struct gt_task *t;
		if (ti == UINT32_MAX) {
			ti = (uint32_t)m->tasks.n;
			t = gt_vec_push(&m->tasks, sizeof *t);
			if (!t || gt_ids_put(&m->taskmap, (int64_t)ev->u.task.id, ti) < 0)
				return -1;
			t->id = ev->u.task.id;
			t->parent = ev->u.task.parent;
			t->start = INT64_MIN;
			t->end = INT64_MAX;
			t->g_start = t->g_end = GT_NONE;
		}
		t = &GT_VEC_AT(m->tasks, struct gt_task, ti);
		if (ev->u.task.type)
			t->type = ev->u.task.type;
		if (ev->kind == GT_EV_TASK_BEGIN) {
			m->info.tasks++;
			t->start = ev->ts;
			t->g_start = ev->g;
			t->parent = ev->u.task.parent;
			t->stack = ev->stack;
		} else {
			t->end = ev->ts;
			t->g_end = ev->g;
			t->end_stack = ev->stack;
		}
		return 0;
	}
	case GT_EV_REGION_BEGIN: {
		uint32_t depth = 0;
		const uint32_t *ov = m->open_regions.v;
		for (size_t i = 0; i < m->open_regions.n; i++)
			depth += GT_VEC_AT(m->regions, struct gt_region, ov[i]).g == ev->g;
		struct gt_region *r = gt_vec_push(&m->regions, sizeof *r);
		uint32_t *o = gt_vec_push(&m->open_regions, sizeof *o);
		if (!r || !o)
			return -1;
		m->info.regions++;
		r->task = ev->u.region.task;
		r->type = ev->u.region.type;
		r->g = ev->g;
		r->start = ev->ts;
		r->end = INT64_MAX;
		r->stack = ev->stack;
		r->depth = depth;
		*o = (uint32_t)(m->regions.n - 1);
		return 0;
	}
	case GT_EV_REGION_END: {
		uint32_t *ov = m->open_regions.v;
		for (size_t i = m->open_regions.n; i-- > 0;) {
			struct gt_region *r = &GT_VEC_AT(m->regions, struct gt_region, ov[i]);
			if (r->g != ev->g || r->type != ev->u.region.type)
				continue;
			r->end = ev->ts;
			r->end_stack = ev->stack;
			memmove(ov + i, ov + i + 1, (m->open_regions.n - i - 1) * sizeof *ov);
			m->open_regions.n--;
			return 0;
		}
		struct gt_region *r = gt_vec_push(&m->regions, sizeof *r);
		if (!r)
			return -1;
		r->task = ev->u.region.task;
		r->type = ev->u.region.type;
		r->g = ev->g;
		r->start = INT64_MIN;
		r->end = ev->ts;
		r->end_stack = ev->stack;
		return 0;
	}
	case GT_EV_LOG: {
		struct gt_log *l = gt_vec_push(&m->logs, sizeof *l);
		if (!l)
			return -1;
		m->info.logs++;
		l->ts = ev->ts;
		l->g = ev->g;
		l->task = ev->u.log.task;
		l->category = ev->u.log.category;
		l->message = ev->u.log.message;
		l->stack = ev->stack;
		return 0;
	}
	default:
		return 0;
	}
}

void gt_model_hint(const struct gt_tables *t, const struct gt_event *ev, struct gt_hint *h)
{
	h->root_func = 0;
	h->gc_worker = h->gc_label = 0;
	if (ev->kind == GT_EV_STATE_TRANSITION && ev->u.trans.stack) {
		gt_stack st = ev->u.trans.stack;
		size_t n = gt_stack_depth(t, st);
		const struct gt_frame *f = n ? gt_frame_get(t, gt_stack_frames(t, st)[n - 1]) : NULL;
		if (f) {
			h->root_func = f->func;
			h->gc_worker = !strcmp(gt_str_get(t, f->func), "runtime.gcBgMarkWorker");
		}
	} else if (ev->kind == GT_EV_LABEL) {
		const char *l = gt_str_get(t, ev->u.label.label);
		h->gc_label = strncmp(l, "GC (", 4) ? 0 : strcmp(l, "GC (idle)") ? 2 : 1;
	}
}

/* A context seen (rec.h: a pair new to the encoder): Ps and Ms count when seen as a
 * context (goroutines get their entry with their first transition: every
 * goroutine that runs has one). */
int gt_build_ctx(struct gt_model *m, const struct gt_rec *r)
{
	int64_t p = (int64_t)((uint64_t)r->u | (uint64_t)r->v << 32);
	m->cur_m = r->id;
	if (p != GT_NONE && p < GT_PSEUDO_P && gt_model_p_index(m, p) == UINT32_MAX)
		return -1;
	if (r->id != GT_NONE && m_index(m, r->id) == UINT32_MAX)
		return -1;
	/* a P running on one thread met on another with no P transition
	 * (rec.h: pm): it changed threads at about the last event's time */
	if (p != GT_NONE && p < GT_PSEUDO_P && r->id != GT_NONE) {
		uint32_t pi = gt_model_p_index(m, p);
		struct gt_pbuild *b = &GT_VEC_AT(m->pb, struct gt_pbuild, pi);
		uint32_t mi = m_index(m, r->id);
		if (b->m >= 0 && b->m != mi) {
			int64_t t = m->info.max_ts;
			if (close_mspan(m, pi, t) < 0)
				return -1;
			b->m = mi;
			b->since = t;
		}
	}
	return 0;
}

int gt_build_root(struct gt_model *m, const struct gt_rec *r)
{
	size_t st = (size_t)r->id;
	if (st >= m->sroot.cap) {
		size_t cap = m->sroot.cap ? m->sroot.cap : 256;
		while (cap <= st)
			cap *= 2;
		uint32_t *nv = realloc(m->sroot.v, cap * sizeof *nv);
		if (!nv)
			return -1;
		memset(nv + m->sroot.cap, 0, (cap - m->sroot.cap) * sizeof *nv);
		m->sroot.v = nv;
		m->sroot.cap = cap;
	}
	if (st >= m->sroot.n)
		m->sroot.n = st + 1;
	((uint32_t *)m->sroot.v)[st] = r->u << 1 | (r->flags & 1);
	return 0;
}

static inline void seen(struct gt_model *m, int64_t ts, unsigned kind)
{
	gt_seen_ts(m, ts);
	m->info.events++;
	if (kind < GT_EV__COUNT)
		m->info.by_kind[kind]++;
}

/* Any other event (its context already set). */
int gt_build_full(struct gt_model *m, const struct gt_event *ev, const struct gt_hint *h)
{
	seen(m, ev->ts, ev->kind);
	switch (ev->kind) {
	case GT_EV_STATE_TRANSITION:
		if (ev->u.trans.resource == GT_RES_GOROUTINE)
			return gt_gb_transition(m, ev, h);
		if (ev->u.trans.resource == GT_RES_PROC) {
			m->cur_m = ev->m;
			return gt_build_ptrans(m, ev->ts, ev->u.trans.id, ev->u.trans.to);
		}
		return 0;
	case GT_EV_RANGE_BEGIN:
	case GT_EV_RANGE_ACTIVE:
	case GT_EV_RANGE_END:
		return on_range(m, ev);
	case GT_EV_METRIC:
		if (ev->u.metric.mkind < GT_METRIC_OTHER)
			return gt_series_add(&m->metrics[ev->u.metric.mkind], ev->ts, ev->u.metric.value);
		return 0;
	case GT_EV_LABEL: {
		struct gt_label *l = gt_vec_push(&m->labels, sizeof *l);
		if (!l)
			return -1;
		*l = (struct gt_label){ev->ts, ev->g, ev->u.label.g, ev->u.label.label};
		return gt_gb_label(m, ev, h);
	}
	case GT_EV_SYNC:
		gt_gb_sync(m, ev);
		return 0;
	case GT_EV_STACK_SAMPLE: {
		struct gt_sample *s = gt_vec_push(&m->samples, sizeof *s);
		if (!s)
			return -1;
		s->ts = ev->ts;
		s->g = ev->g;
		s->p = ev->p;
		s->m = ev->m;
		s->stack = ev->stack;
		return 0;
	}
	default:
		return on_user(m, ev);
	}
}

int gt_model_add(struct gt_model *m, const struct gt_event *ev)
{
	/* a fresh encoder: the context and stack root travel every time */
	struct gt_renc enc;
	gt_renc_init(&enc, 0);
	struct gt_rec r[GT_REC_MAX];
	struct gt_qev q;
	uint32_t nq = 0;
	uint32_t n = gt_renc_put(&enc, m->tables, ev, r, &q, &nq);
	return gt_model_add_recs(m, r, n, &q);
}

static int sink_event(void *ctx, const struct gt_event *ev, const struct gt_tables *t)
{
	(void)t;
	struct gt_model *m = ctx;
	if (gt_model_add(m, ev) < 0) {
		m->nomem = 1;
		return 1;
	}
	return 0;
}

static int sink_initial(void *ctx, const struct gt_initial *ig)
{
	struct gt_model *m = ctx;
	if (gt_model_add_initial(m, ig) < 0)
		m->nomem = 1;
	return 0;
}

struct gt_sink gt_model_sink(struct gt_model *m)
{
	struct gt_sink s = {.ctx = m, .event = sink_event, .initial = sink_initial};
	return s;
}

static int cmp_range(const void *a, const void *b)
{
	const struct gt_range *x = a, *y = b;
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	if (x->end != y->end)
		return x->end < y->end ? -1 : 1;
	return (x->who > y->who) - (x->who < y->who);
}

/* Ranges are appended as they begin, but one that ends without a begin
 * (it began before the trace) is only known at its end: put every set
 * back in start order, as gt_model_ranges promises. */
static void sort_ranges(struct gt_model *m)
{
	for (int s = 0; s < GT_RS__COUNT; s++) {
		struct gt_range *r = m->ranges[s].v;
		size_t n = m->ranges[s].n, i = 1;
		while (i < n && cmp_range(&r[i - 1], &r[i]) <= 0)
			i++;
		if (i < n)
			qsort(r, n, sizeof *r, cmp_range);
	}
}

void gt_model_finish(struct gt_model *m)
{
	if (m->finished)
		return;
	m->finished = 1;
	struct gt_trace_info *in = &m->info;
	if (in->min_ts == INT64_MAX)
		in->min_ts = in->max_ts = 0;
	int64_t end = in->max_ts;
	gt_gb_counts_advance(m, end);
	if (gt_gb_finish(m, end) < 0)
		m->nomem = 1;
	for (size_t pi = 0; pi < m->ps.n; pi++)
		if (close_mspan(m, (uint32_t)pi, end) < 0)
			m->nomem = 1;
	for (int s = 0; s < GT_RS__COUNT; s++)
		for (size_t i = 0; i < m->ranges[s].n; i++) {
			struct gt_range *r = &GT_VEC_AT(m->ranges[s], struct gt_range, i);
			if (r->end == INT64_MAX) {
				r->end = end;
				r->open_at_end = 1;
			}
			int64_t d = gt_sat_sub(r->end, r->start);
			if (d > m->range_longest[s])
				m->range_longest[s] = d;
		}
	sort_ranges(m);
	gt_ginit_finish(m);
	if (gt_stackwhy_init(m) < 0 || gt_gstart_init(m) < 0)
		m->nomem = 1;
	for (size_t i = 0; i < m->regions.n; i++) {
		struct gt_region *r = &GT_VEC_AT(m->regions, struct gt_region, i);
		if (r->end == INT64_MAX) {
			r->end = end;
			r->open_at_end = 1;
		}
	}
	/* Build-only state goes; the lanes get their index. */
	gt_vec_free(&m->pb);
	gt_vec_free(&m->open);
	gt_vec_free(&m->open_regions);
	gt_vec_free(&m->sroot);
	gt_ids_free(&m->keymap);
	gt_vec_free(&m->keynext);
	gt_ids_free(&m->taskmap);
	struct gt_lane **all = malloc((m->nlanes ? m->nlanes : 1) * sizeof *all);
	if (!all) {
		m->nomem = 1;
		return;
	}
	struct gt_vec *vs[2] = {&m->planes, &m->mlanes};
	for (int k = 0; k < 2; k++)
		for (size_t i = 0; i < vs[k]->n; i++) {
			struct gt_lane *l = &GT_VEC_AT(*vs[k], struct gt_lane, i);
			all[l->id] = l;
		}
	if (gt_lanes_finish(&m->lanes, all, m->nlanes) < 0)
		m->nomem = 1;
	free(all);
	if (m->gix.n) {
		qsort(m->gix.v, m->gix.n, sizeof(struct gt_gix), gt_gix_cmp);
		/* a goroutine column passing many chunks takes their longest
		 * record a group at a time (gquery.c) */
		const struct gt_gix *e = m->gix.v;
		size_t ng = m->gix.n / GT_GIX_GROUP;
		if (ng && !(m->gixtop = malloc(ng * sizeof *m->gixtop)))
			m->nomem = 1;
		for (size_t g = 0; m->gixtop && g < ng; g++) {
			size_t top = g * GT_GIX_GROUP;
			for (size_t i = top + 1; i < (g + 1) * GT_GIX_GROUP; i++)
				if (e[i].longest > e[top].longest)
					top = i;
			m->gixtop[g] = (uint32_t)top;
		}
		size_t nb = m->gids.n / GT_GIX_BLOCK + 2;
		if (!(m->gixblk = malloc(nb * sizeof *m->gixblk)))
			m->nomem = 1;
		for (size_t b = 0, i = 0; m->gixblk && b < nb; b++) {
			while (i < m->gix.n && e[i].gi / GT_GIX_BLOCK < b)
				i++;
			m->gixblk[b] = (uint32_t)i;
		}
	}
	in->goroutines = (uint32_t)m->gids.n;
	in->procs = (uint32_t)m->ps.n;
	in->threads = (uint32_t)m->ms.n;
	in->cpu_samples = (uint32_t)m->samples.n;
}

int gt_gix_cmp(const void *a, const void *b)
{
	const struct gt_gix *x = a, *y = b;
	if (x->gi != y->gi)
		return x->gi < y->gi ? -1 : 1;
	return (x->rec0 > y->rec0) - (x->rec0 < y->rec0);
}
