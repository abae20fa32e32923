/* blocked.c: the goroutines waiting at the end of the trace, grouped by why
 * and where, in the one order every view shows (model.h: gt_model_blocked). */
#include "model/gpar.h"
#include "model/model_int.h"

#include <stdlib.h>
#include <string.h>

struct first_span { struct gt_gspan s; int ok; };
static int take_first(void *ctx, const struct gt_gspan *s)
{
	struct first_span *f = ctx;
	f->s = *s;
	f->ok = 1;
	return 1;
}

gt_str gt_model_g_wait_reason(const struct gt_model *m, uint32_t gi,
                              const struct gt_goroutine *g, uint8_t *unknown)
{
	gt_str why = g->end_reason;
	if (!why && g->end_state == GT_GS_WAITING && g->end_since != INT64_MIN) {
		struct first_span f = {.ok = 0};
		gt_model_g_spans(m, gi, g->end_since, g->end_since + 1, take_first, &f);
		if (f.ok && f.s.state == GT_GS_WAITING)
			why = f.s.reason;
	}
	if (!why && g->end_state == GT_GS_WAITING &&
	    (why = gt_model_stack_wait_reason(m, g->end_stack))) {
		*unknown = GT_WHY_STACK;
		return why;
	}
	*unknown = why ? GT_WHY_GIVEN
	         : g->created == INT64_MIN && g->end_since == g->first_ts ? GT_WHY_BEFORE_TRACE
	         : GT_WHY_UNSAID;
	return why;
}

struct span_at { int64_t start; int waiting; };
static int take_span(void *ctx, const struct gt_gspan *s)
{
	struct span_at *a = ctx;
	a->start = s->start;
	a->waiting = s->state == GT_GS_WAITING;
	return 1;
}

int64_t gt_model_g_blocked_for(const struct gt_model *m, uint32_t gi,
                               const struct gt_goroutine *g, int64_t t)
{
	if (t == INT64_MAX || t >= m->info.max_ts) {
		if (!g->intervals || g->end_state != GT_GS_WAITING)
			return -1;
		return g->end_since == INT64_MIN ? 0 : gt_sat_sub(m->info.max_ts, g->end_since);
	}
	struct span_at a = {0, 0};
	gt_model_g_spans(m, gi, t, t + 1, take_span, &a);
	return a.waiting ? gt_sat_sub(t, a.start) : -1;
}

const char *gt_why_mark(int unknown)
{
	return unknown == GT_WHY_STACK ? " (read from the stack)" : "";
}

const char *gt_why_unknown_text(int unknown)
{
	switch (unknown) {
	case GT_WHY_BEFORE_TRACE: return "waiting since before the trace started (no reason in the trace)";
	case GT_WHY_UNSAID: return "waiting (the trace gives no reason)";
	default: return "";
	}
}

const char *gt_model_bgroup_why(const struct gt_model *m, const struct gt_bgroup *g)
{
	if (g->runtime)
		return "runtime goroutines (the runtime's own waits)";
	return g->why ? gt_model_str(m, g->why) : gt_why_unknown_text(g->unknown);
}

struct entry {
	uint32_t gi;
	int64_t id, blocked; /* gt_model_g_blocked_for at the end */
	gt_str why;
	gt_stack stack;
	gt_str start_func; /* without a stack: what tells them apart */
	uint8_t unknown, runtime;
};

struct list { struct entry *v; uint32_t n, cap; const struct gt_model *m; };

static int add_waiting(void *ctx, uint32_t gi, const struct gt_goroutine *g)
{
	struct list *l = ctx;
	if (!g->intervals || g->end_state != GT_GS_WAITING)
		return 0;
	if (l->n == l->cap) {
		uint32_t cap = l->cap ? l->cap * 2 : 64;
		struct entry *nv = realloc(l->v, cap * sizeof *nv);
		if (!nv)
			return -1;
		l->v = nv;
		l->cap = cap;
	}
	struct entry *e = &l->v[l->n++];
	*e = (struct entry){.gi = gi, .id = g->id, .runtime = g->system,
	                    .blocked = gt_model_g_blocked_for(l->m, gi, g, INT64_MAX)};
	e->why = gt_model_g_wait_reason(l->m, gi, g, &e->unknown);
	e->stack = g->end_stack;
	e->start_func = e->stack ? 0 : g->start_func;
	if (e->runtime) { /* folded: one group whatever their reasons */
		e->why = 0;
		e->stack = 0;
		e->start_func = 0;
		e->unknown = GT_WHY_GIVEN;
	}
	return 0;
}

static const struct gt_model *sort_m; /* qsort has no context argument */

static int cmp_str(gt_str x, gt_str y)
{
	return x == y ? 0 : strcmp(gt_model_str(sort_m, x), gt_model_str(sort_m, y));
}

/* Entries of one group together, by Go id within it. */
static int by_key(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;
	if (x->runtime != y->runtime)
		return x->runtime - y->runtime;
	int c = cmp_str(x->why, y->why);
	if (c)
		return c;
	if (x->unknown != y->unknown)
		return x->unknown - y->unknown;
	if (x->stack != y->stack)
		return x->stack < y->stack ? -1 : 1;
	if ((c = cmp_str(x->start_func, y->start_func)))
		return c;
	return (x->id > y->id) - (x->id < y->id);
}

static int by_order(const void *a, const void *b)
{
	const struct gt_bgroup *x = a, *y = b;
	if (x->runtime != y->runtime)
		return x->runtime - y->runtime;
	if (x->user != y->user)
		return y->user - x->user;
	if (x->count != y->count)
		return x->count < y->count ? 1 : -1;
	int c = cmp_str(x->why, y->why);
	if (c)
		return c;
	if (x->unknown != y->unknown)
		return x->unknown - y->unknown;
	if (x->stack != y->stack)
		return (x->stack > y->stack) - (x->stack < y->stack);
	return cmp_str(x->start_func, y->start_func);
}

/* Two frames as they read (function, file, line): frames of other PCs
 * can read alike (two calls on one line), and a frame that reads as
 * another's tells nothing apart. */
static int frame_cmp(const struct gt_tables *t, uint32_t a, uint32_t b)
{
	if (a == b)
		return 0;
	const struct gt_frame *fa = gt_frame_get(t, a), *fb = gt_frame_get(t, b);
	if (!fa || !fb)
		return (a > b) - (a < b);
	if (fa->func != fb->func)
		return (fa->func > fb->func) - (fa->func < fb->func);
	if (fa->file != fb->file)
		return (fa->file > fb->file) - (fa->file < fb->file);
	return (fa->line > fb->line) - (fa->line < fb->line);
}

/* The frames two stacks have in common from the innermost on. */
static size_t common(const struct gt_tables *t, gt_stack x, gt_stack y)
{
	size_t nx = gt_stack_depth(t, x), ny = gt_stack_depth(t, y), k = 0;
	const uint32_t *fx = nx ? gt_stack_frames(t, x) : NULL, *fy = ny ? gt_stack_frames(t, y) : NULL;
	while (k < nx && k < ny && !frame_cmp(t, fx[k], fy[k]))
		k++;
	return k;
}

static int by_why_stack(const void *a, const void *b)
{
	const struct gt_bgroup *x = *(const struct gt_bgroup *const *)a, *y = *(const struct gt_bgroup *const *)b;
	int c = cmp_str(x->why, y->why);
	if (c || x->unknown != y->unknown)
		return c ? c : x->unknown - y->unknown;
	const struct gt_tables *t = sort_m->tables;
	size_t k = common(t, x->stack, y->stack);
	size_t nx = gt_stack_depth(t, x->stack), ny = gt_stack_depth(t, y->stack);
	if (k == nx || k == ny)
		return (nx > ny) - (nx < ny);
	return frame_cmp(t, gt_stack_frames(t, x->stack)[k], gt_stack_frames(t, y->stack)[k]);
}

/* Each group's apart: sorted by reason and then frame by frame, the
 * groups whose stacks share the most frames with a group are next to
 * it. */
static int set_apart(const struct gt_model *m, struct gt_bgroup *gr, size_t ng)
{
	const struct gt_bgroup **o = malloc((ng ? ng : 1) * sizeof *o);
	if (!o)
		return -1;
	size_t n = 0;
	for (size_t i = 0; i < ng; i++)
		if (!gr[i].runtime && gr[i].stack)
			o[n++] = &gr[i];
	qsort(o, n, sizeof *o, by_why_stack);
	for (size_t i = 0; i < n; i++) {
		size_t most = 0;
		for (int d = -1; d <= 1; d += 2) {
			size_t j = i + (size_t)d;
			if (j >= n || o[j]->why != o[i]->why || o[j]->unknown != o[i]->unknown)
				continue;
			size_t k = common(m->tables, o[i]->stack, o[j]->stack);
			if (k > most)
				most = k;
		}
		if (most && most < gt_stack_depth(m->tables, o[i]->stack))
			((struct gt_bgroup *)o[i])->apart = (uint32_t)most + 1;
	}
	free(o);
	return 0;
}

uint32_t gt_model_bgroup_apart_frame(const struct gt_model *m, const struct gt_bgroup *g)
{
	if (!g->apart || g->apart > gt_stack_depth(m->tables, g->stack))
		return 0;
	return gt_stack_frames(m->tables, g->stack)[g->apart - 1];
}

void gt_model_blocked_free(struct gt_blocked *b)
{
	free(b->groups);
	free(b->gi);
	memset(b, 0, sizeof *b);
}

int gt_model_blocked(const struct gt_model *m, struct gt_blocked *out)
{
	memset(out, 0, sizeof *out);
	struct list l[2] = {{NULL, 0, 0, m}, {NULL, 0, 0, m}};
	void *ctx[2] = {&l[0], &l[1]};
	int rc = gt_model_g_par(m, add_waiting, ctx, NULL, NULL);
	uint32_t n = l[0].n + l[1].n;
	struct entry *v = rc < 0 ? NULL : realloc(l[0].v, ((size_t)n + 1) * sizeof *v);
	if (!v) {
		free(l[0].v);
		free(l[1].v);
		return -1;
	}
	if (l[1].n)
		memcpy(v + l[0].n, l[1].v, l[1].n * sizeof *v);
	free(l[1].v);
	sort_m = m;
	qsort(v, n, sizeof *v, by_key);
	struct gt_bgroup *gr = malloc(((size_t)n + 1) * sizeof *gr);
	uint32_t *gi = malloc(((size_t)n + 1) * sizeof *gi);
	if (!gr || !gi) {
		free(v);
		free(gr);
		free(gi);
		return -1;
	}
	size_t ng = 0;
	for (uint32_t i = 0; i < n; i++) {
		const struct entry *p = i ? &v[i - 1] : NULL;
		if (!p || p->runtime != v[i].runtime || p->why != v[i].why || p->unknown != v[i].unknown ||
		    p->stack != v[i].stack || p->start_func != v[i].start_func) {
			gr[ng++] = (struct gt_bgroup){
				.why = v[i].why, .stack = v[i].stack, .start_func = v[i].start_func,
				.runtime = v[i].runtime,
				.unknown = v[i].unknown, .first = i, .waited_min = INT64_MAX,
				.user = gt_model_stack_user_frame(m, v[i].stack) != 0,
			};
		}
		struct gt_bgroup *g = &gr[ng - 1];
		g->count++;
		int64_t w = v[i].blocked;
		if (w < g->waited_min)
			g->waited_min = w;
		if (w > g->waited_max)
			g->waited_max = w;
	}
	if (set_apart(m, gr, ng) < 0) {
		free(v);
		free(gr);
		free(gi);
		return -1;
	}
	qsort(gr, ng, sizeof *gr, by_order);
	/* the goroutines, group after group in the groups' order */
	uint32_t k = 0;
	for (size_t i = 0; i < ng; i++) {
		uint32_t from = gr[i].first;
		gr[i].first = k;
		for (uint32_t j = 0; j < gr[i].count; j++)
			gi[k++] = v[from + j].gi;
	}
	free(v);
	out->groups = gr;
	out->ngroups = ng;
	out->gi = gi;
	out->n = n;
	return 0;
}
