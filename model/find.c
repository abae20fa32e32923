/* find.c: the search query, what a text matches (model.h, "Search: what
 * a text matches"): the strings, then the stacks with a frame among them,
 * then the events found through those, without formatting any event.
 *
 * The strings come first because they are few (tens of thousands where
 * events are tens of millions): a byte per string and per stack says
 * whether it matches, and the pass over every goroutine's transitions
 * then costs three byte lookups a transition.  That pass runs on two
 * threads for big models (gpar.h), each with its own counts, and skips
 * the goroutines entirely when no string that a transition can carry
 * (a reason, a frame's function or file) matches. */
#include "model/gpar.h"
#include "model/gwalk.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

int gt_text_fold(const char *text, size_t tn)
{
	for (size_t i = 0; i < tn; i++)
		if (text[i] >= 'A' && text[i] <= 'Z')
			return 0;
	return 1;
}

static inline unsigned char low(unsigned char c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; }

int gt_text_in(const char *s, size_t n, const char *text, size_t tn, int fold)
{
	if (!tn)
		return 1;
	if (tn > n)
		return 0;
	/* the first byte by memchr (of both cases when folded), then the rest */
	unsigned char c0 = (unsigned char)text[0], c1 = fold && c0 >= 'a' && c0 <= 'z' ? c0 - 32 : c0;
	const unsigned char *p = (const unsigned char *)s, *last = p + (n - tn);
	for (; p <= last; p++) {
		if (*p != c0 && *p != c1) {
			const unsigned char *a = memchr(p, c0, (size_t)(last - p) + 1);
			const unsigned char *b = c1 != c0 ? memchr(p, c1, (size_t)(last - p) + 1) : NULL;
			if (!a && !b)
				return 0;
			p = !a ? b : !b ? a : a < b ? a : b;
		}
		size_t i = 1;
		if (fold)
			while (i < tn && low(p[i]) == (unsigned char)text[i])
				i++;
		else if (!memcmp(p + 1, text + 1, tn - 1))
			i = tn;
		if (i == tn)
			return 1;
	}
	return 0;
}

/* ---- what each string is used for ------------------------------------- */

static void use_stack(const struct gt_tables *t, uint8_t *u, uint32_t nstr, gt_stack st)
{
	size_t n = gt_stack_depth(t, st);
	const uint32_t *fr = n ? gt_stack_frames(t, st) : NULL;
	for (size_t i = 0; i < n; i++) {
		const struct gt_frame *f = gt_frame_get(t, fr[i]);
		if (f && f->func < nstr)
			u[f->func] |= GT_SU_FUNC;
		if (f && f->file < nstr)
			u[f->file] |= GT_SU_FILE;
	}
}

static void mark(uint8_t *u, uint32_t nstr, gt_str s, uint8_t bit)
{
	if (s && s < nstr)
		u[s] |= bit;
}

static uint8_t *build_uses(const struct gt_model *m)
{
	const struct gt_tables *t = m->tables;
	uint32_t nstr = gt_str_count(t), nst = gt_stack_count(t);
	uint8_t *u = calloc(nstr ? nstr : 1, 1);
	if (!u)
		return NULL;
	for (gt_stack st = 1; st < nst; st++)
		use_stack(t, u, nstr, st);
	for (size_t k = 0; k < m->keys.n; k++)
		mark(u, nstr, GT_VEC_AT(m->keys, struct gt_gkey, k).reason, GT_SU_REASON);
	for (size_t i = 0; i < m->regions.n; i++)
		mark(u, nstr, GT_VEC_AT(m->regions, struct gt_region, i).type, GT_SU_REGION);
	for (size_t i = 0; i < m->tasks.n; i++)
		mark(u, nstr, GT_VEC_AT(m->tasks, struct gt_task, i).type, GT_SU_TASK);
	for (size_t i = 0; i < m->logs.n; i++) {
		const struct gt_log *l = &GT_VEC_AT(m->logs, struct gt_log, i);
		mark(u, nstr, l->category, GT_SU_LOG);
		mark(u, nstr, l->message, GT_SU_LOG);
	}
	for (size_t i = 0; i < m->labels.n; i++)
		mark(u, nstr, GT_VEC_AT(m->labels, struct gt_label, i).label, GT_SU_LABEL);
	for (int s = 0; s < GT_RS__COUNT; s++)
		for (size_t i = 0; i < m->ranges[s].n; i++)
			mark(u, nstr, GT_VEC_AT(m->ranges[s], struct gt_range, i).name, GT_SU_RANGE);
	return u;
}

const uint8_t *gt_model_str_uses(const struct gt_model *cm)
{
	struct gt_model *m = (struct gt_model *)cm; /* a cache */
	pthread_mutex_lock(&m->uses_mu);
	if (!m->str_uses)
		m->str_uses = build_uses(m);
	pthread_mutex_unlock(&m->uses_mu);
	return m->str_uses;
}

int gt_model_find_strings(const struct gt_model *m, const char *text, size_t tn,
                          struct gt_find_strs *out)
{
	memset(out, 0, sizeof *out);
	const uint8_t *u = gt_model_str_uses(m);
	if (!u)
		return -1;
	const struct gt_tables *t = m->tables;
	uint32_t nstr = gt_str_count(t);
	int fold = gt_text_fold(text, tn);
	size_t cap = 0;
	for (uint32_t s = 1; s < nstr; s++) {
		if (!u[s] || !gt_text_in(gt_str_get(t, s), gt_str_len(t, s), text, tn, fold))
			continue;
		if (out->n == cap) {
			cap = cap ? cap * 2 : 64;
			uint32_t *nv = realloc(out->v, cap * sizeof *nv);
			if (!nv) {
				gt_find_strs_free(out);
				return -1;
			}
			out->v = nv;
		}
		out->v[out->n++] = s;
		out->functions += !!(u[s] & GT_SU_FUNC);
		out->files += !!(u[s] & GT_SU_FILE);
		out->other += !(u[s] & (GT_SU_FUNC | GT_SU_FILE));
	}
	return 0;
}

void gt_find_strs_free(struct gt_find_strs *s)
{
	free(s->v);
	memset(s, 0, sizeof *s);
}

/* ---- the events -------------------------------------------------------- */

struct evs {
	struct gt_fevent *v;
	size_t n, cap, max;
	int over; /* more than max were found */
	int fail;
};

static void ev_put(struct evs *e, const struct gt_fevent *f)
{
	if (e->n >= e->max) {
		e->over = 1;
		return;
	}
	if (e->n == e->cap) {
		size_t cap = e->cap ? e->cap * 2 : 1024;
		if (cap > e->max)
			cap = e->max;
		struct gt_fevent *nv = realloc(e->v, cap * sizeof *nv);
		if (!nv) {
			e->fail = 1;
			e->over = 1;
			return;
		}
		e->v = nv;
		e->cap = cap;
	}
	e->v[e->n++] = *f;
}

/* One thread's share of the pass over the goroutines. */
struct pass {
	const struct gt_model *m;
	const uint8_t *sm, *km; /* per string: matches; per stack: matches */
	uint32_t nstr, nst;
	int64_t t0, t1;
	uint32_t *gcount;       /* shared; each goroutine is one thread's */
	uint64_t events;
	struct evs ev;
	const atomic_int *cancel;
	atomic_uint *done;
	/* the transition being walked */
	uint32_t gi, walked;
	uint64_t gev;
};

static inline int str_hit(const struct pass *p, gt_str s) { return s < p->nstr && p->sm[s]; }
static inline int stack_hit(const struct pass *p, gt_stack st) { return st < p->nst && p->km[st]; }

static int on_trans(void *ctx, const struct gt_gtrans *t)
{
	struct pass *p = ctx;
	if (t->ts < p->t0 || t->ts >= p->t1)
		return 0;
	int hs = str_hit(p, t->reason), ht = stack_hit(p, t->stack), hb = stack_hit(p, t->by_stack);
	if (!(hs | ht | hb))
		return 0;
	p->gev++;
	if (p->ev.max) {
		struct gt_fevent f = {.ts = t->ts, .gi = p->gi, .kind = GT_FK_TRANSITION,
		                      .from = t->from, .to = t->to, .index = t->seq,
		                      .str = hs ? t->reason : 0,
		                      .stack = hs ? 0 : ht ? t->stack : t->by_stack};
		ev_put(&p->ev, &f);
	}
	return 0;
}

static int each_g(void *ctx, uint32_t gi)
{
	struct pass *p = ctx;
	if (p->cancel && atomic_load_explicit(p->cancel, memory_order_relaxed))
		return -1;
	p->gi = gi;
	p->gev = 0;
	gt_g_transitions_inline(p->m, gi, on_trans, p);
	if (p->gev) {
		p->gcount[gi] += (uint32_t)p->gev;
		p->events += p->gev;
	}
	if (p->done && !(++p->walked & 4095))
		atomic_fetch_add_explicit(p->done, 4096, memory_order_relaxed);
	return 0;
}

/* An event outside the goroutines' logs: counted for the goroutine g
 * (Go id) of its context. */
static void other(struct pass *p, struct gt_fevent *f, int64_t g)
{
	f->gi = g != GT_NONE ? gt_model_g_find(p->m, g) : UINT32_MAX;
	if (f->gi != UINT32_MAX)
		p->gcount[f->gi]++;
	p->events++;
	if (p->ev.max)
		ev_put(&p->ev, f);
}

static inline int in_win(const struct pass *p, int64_t ts) { return ts >= p->t0 && ts < p->t1; }

/* One event of the annotations and ranges: 1 when it matches. */
static int hit(const struct pass *p, struct gt_fevent *f, gt_str s1, gt_str s2, gt_stack st)
{
	f->str = str_hit(p, s1) ? s1 : str_hit(p, s2) ? s2 : 0;
	f->stack = !f->str && stack_hit(p, st) ? st : 0;
	return f->str || f->stack;
}

/* A region's or a task's begin and end (kind: the begin's; the end's
 * follows it): 1 when either matches. */
struct begin_end {
	int has_begin, has_end;
	int64_t begin, end, g_begin, g_end;
	gt_str type;
	gt_stack stack, end_stack;
};
static int begin_end(struct pass *p, const struct begin_end *x, uint8_t kind, uint32_t index)
{
	struct gt_fevent f = {.ts = x->begin, .kind = kind, .index = index};
	int any = 0;
	if (x->has_begin && in_win(p, x->begin) && hit(p, &f, x->type, 0, x->stack)) {
		other(p, &f, x->g_begin);
		any = 1;
	}
	f.ts = x->end;
	f.kind = kind + 1;
	if (x->has_end && in_win(p, x->end) && hit(p, &f, x->type, 0, x->end_stack)) {
		other(p, &f, x->g_end);
		any = 1;
	}
	return any;
}

static void others(struct pass *p, struct gt_find_result *out)
{
	const struct gt_model *m = p->m;
	for (int s = 0; s < GT_RS__COUNT; s++)
		for (size_t i = 0; i < m->ranges[s].n; i++) {
			const struct gt_range *r = &GT_VEC_AT(m->ranges[s], struct gt_range, i);
			struct gt_fevent f = {.set = (uint8_t)s, .index = (uint32_t)i};
			if (r->begins && in_win(p, r->start)) {
				f.ts = r->start;
				f.kind = r->active_at_start ? GT_FK_RANGE_ACTIVE : GT_FK_RANGE_BEGIN;
				if (hit(p, &f, r->name, 0, r->stack))
					for (unsigned k = 0; k < r->begins; k++)
						other(p, &f, r->g_begin);
			}
			if (!r->open_at_end && in_win(p, r->end)) {
				f.ts = r->end;
				f.kind = GT_FK_RANGE_END;
				if (hit(p, &f, r->name, 0, 0))
					other(p, &f, r->g_end);
			}
		}
	for (size_t i = 0; i < m->regions.n; i++) {
		const struct gt_region *r = &GT_VEC_AT(m->regions, struct gt_region, i);
		struct begin_end x = {r->start != INT64_MIN, !r->open_at_end && r->end != INT64_MAX,
		                      r->start, r->end, r->g, r->g, r->type, r->stack, r->end_stack};
		out->regions += begin_end(p, &x, GT_FK_REGION_BEGIN, (uint32_t)i);
	}
	for (size_t i = 0; i < m->tasks.n; i++) {
		const struct gt_task *t = &GT_VEC_AT(m->tasks, struct gt_task, i);
		struct begin_end x = {t->start != INT64_MIN, t->end != INT64_MAX, t->start, t->end,
		                      t->g_start, t->g_end, t->type, t->stack, t->end_stack};
		out->tasks += begin_end(p, &x, GT_FK_TASK_BEGIN, (uint32_t)i);
	}
	for (size_t i = 0; i < m->logs.n; i++) {
		const struct gt_log *l = &GT_VEC_AT(m->logs, struct gt_log, i);
		struct gt_fevent f = {.ts = l->ts, .kind = GT_FK_LOG, .index = (uint32_t)i};
		if (in_win(p, l->ts) && hit(p, &f, l->category, l->message, l->stack)) {
			other(p, &f, l->g);
			out->logs++;
		}
	}
	for (size_t i = 0; i < m->labels.n; i++) {
		const struct gt_label *l = &GT_VEC_AT(m->labels, struct gt_label, i);
		struct gt_fevent f = {.ts = l->ts, .kind = GT_FK_LABEL, .index = (uint32_t)i};
		if (in_win(p, l->ts) && hit(p, &f, l->label, 0, 0))
			other(p, &f, l->g);
	}
	for (size_t i = 0; i < m->samples.n; i++) {
		const struct gt_sample *s = &GT_VEC_AT(m->samples, struct gt_sample, i);
		struct gt_fevent f = {.ts = s->ts, .kind = GT_FK_SAMPLE, .index = (uint32_t)i};
		if (in_win(p, s->ts) && hit(p, &f, 0, 0, s->stack))
			other(p, &f, s->g);
	}
}

static int cmp_fev(const void *a, const void *b)
{
	const struct gt_fevent *x = a, *y = b;
	if (x->ts != y->ts)
		return x->ts < y->ts ? -1 : 1;
	if (x->gi != y->gi)
		return x->gi < y->gi ? -1 : 1;
	if (x->kind != y->kind)
		return x->kind < y->kind ? -1 : 1;
	return (x->index > y->index) - (x->index < y->index);
}

/* Per stack: whether a frame's function or file is among the strings. */
static uint8_t *stack_matches(const struct gt_tables *t, const uint8_t *sm, uint32_t nstr,
                              uint32_t *count)
{
	uint32_t nst = gt_stack_count(t);
	uint8_t *km = calloc(nst ? nst : 1, 1);
	if (!km)
		return NULL;
	*count = 0;
	for (gt_stack st = 1; st < nst; st++) {
		size_t n = gt_stack_depth(t, st);
		const uint32_t *fr = n ? gt_stack_frames(t, st) : NULL;
		for (size_t i = 0; i < n; i++) {
			const struct gt_frame *f = gt_frame_get(t, fr[i]);
			if (f && ((f->func < nstr && sm[f->func]) || (f->file < nstr && sm[f->file]))) {
				km[st] = 1;
				++*count;
				break;
			}
		}
	}
	return km;
}

uint32_t gt_model_find_frame(const struct gt_model *m, gt_stack st, const char *text, size_t tn)
{
	const struct gt_tables *t = m->tables;
	int fold = gt_text_fold(text, tn);
	size_t n = st ? gt_stack_depth(t, st) : 0;
	const uint32_t *fr = n ? gt_stack_frames(t, st) : NULL;
	for (size_t i = 0; i < n; i++) {
		const struct gt_frame *f = gt_frame_get(t, fr[i]);
		if (f && (gt_text_in(gt_str_get(t, f->func), gt_str_len(t, f->func), text, tn, fold) ||
		          gt_text_in(gt_str_get(t, f->file), gt_str_len(t, f->file), text, tn, fold)))
			return fr[i];
	}
	return 0;
}

int gt_model_find(const struct gt_model *m, const char *text, size_t tn,
                  const struct gt_find_opts *o, struct gt_find_result *out)
{
	memset(out, 0, sizeof *out);
	if (gt_model_find_strings(m, text, tn, &out->strs) < 0)
		return -1;
	const struct gt_tables *t = m->tables;
	uint32_t nstr = gt_str_count(t), ng = gt_model_g_count(m);
	uint8_t *sm = calloc(nstr ? nstr : 1, 1);
	uint32_t *gcount = calloc(ng ? ng : 1, sizeof *gcount);
	uint8_t *km = NULL;
	struct pass p[2];
	memset(p, 0, sizeof p);
	int rc = -1;
	if (!sm || !gcount)
		goto done;
	for (size_t i = 0; i < out->strs.n; i++)
		sm[out->strs.v[i]] = 1;
	km = stack_matches(t, sm, nstr, &out->stacks);
	if (!km)
		goto done;
	for (int k = 0; k < 2; k++)
		p[k] = (struct pass){.m = m, .sm = sm, .km = km, .nstr = nstr, .nst = gt_stack_count(t),
		                     .t0 = o->t0, .t1 = o->t1, .gcount = gcount,
		                     .ev = {.max = o->max_events}, .cancel = o->cancel, .done = o->done};
	/* a transition carries a reason and frames: when none of those
	 * matches, no transition does */
	const uint8_t *u = gt_model_str_uses(m);
	int any = out->stacks > 0;
	for (size_t i = 0; !any && u && i < out->strs.n; i++)
		any = (u[out->strs.v[i]] & GT_SU_REASON) != 0;
	if (any) {
		void *ctx[2] = {&p[0], &p[1]};
		if (gt_model_gi_par(m, o->t0, o->t1, each_g, ctx) < 0)
			goto done;
	}
	if (o->done)
		atomic_store(o->done, ng);
	others(&p[0], out);
	out->events = p[0].events + p[1].events;
	for (uint32_t gi = 0; gi < ng; gi++)
		out->goroutines += gcount[gi] != 0;
	if (out->goroutines) {
		out->gs = malloc(out->goroutines * sizeof *out->gs);
		if (!out->gs)
			goto done;
		for (uint32_t gi = 0; gi < ng; gi++)
			if (gcount[gi])
				out->gs[out->ngs++] = (struct gt_gmatch){gi, gcount[gi]};
	}
	if (o->max_events) {
		for (int k = 0; k < 2; k++)
			if (p[k].ev.fail)
				goto done;
		size_t n = p[0].ev.n + p[1].ev.n;
		out->ev = malloc((n ? n : 1) * sizeof *out->ev);
		if (!out->ev)
			goto done;
		if (p[0].ev.n) /* (v is NULL when none) */
			memcpy(out->ev, p[0].ev.v, p[0].ev.n * sizeof *out->ev);
		if (p[1].ev.n)
			memcpy(out->ev + p[0].ev.n, p[1].ev.v, p[1].ev.n * sizeof *out->ev);
		qsort(out->ev, n, sizeof *out->ev, cmp_fev);
		out->nev = n < o->max_events ? n : o->max_events;
		out->ev_over = p[0].ev.over || p[1].ev.over || n > o->max_events;
	}
	rc = 0;
done:
	for (int k = 0; k < 2; k++)
		free(p[k].ev.v);
	free(sm);
	free(km);
	free(gcount);
	if (rc < 0)
		gt_find_result_free(out);
	return rc;
}

void gt_find_result_free(struct gt_find_result *r)
{
	gt_find_strs_free(&r->strs);
	free(r->gs);
	free(r->ev);
	memset(r, 0, sizeof *r);
}

const char *gt_fkind_name(unsigned k)
{
	static const char *const names[GT_FK__COUNT] = {
		"StateTransition", "RangeBegin", "RangeActive", "RangeEnd", "RegionBegin", "RegionEnd",
		"TaskBegin", "TaskEnd", "Log", "Label", "StackSample"};
	return k < GT_FK__COUNT ? names[k] : "?";
}
