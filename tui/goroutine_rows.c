/* goroutine_rows.c: the goroutine list's rows (view_goroutines.c draws
 * them): the goroutines its filters keep, in the order chosen.  A trace may
 * hold millions of goroutines, so the pass over them runs on two threads
 * (model/gpar.h), the id order is the model's own, and the other columns
 * sort by a stable radix sort on a number that orders like the column,
 * over rows already in id order, so ties stay by id as cmp_g has them.
 * The blocked filter's groups, few, go through qsort and cmp_blocked. */
#include "tui/app.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/gpar.h"
#include "tui/draw.h"
#include "tui/util.h"

static const struct tui_app *sort_app; /* qsort has no context argument */

static int cmp_str(gt_str x, gt_str y)
{
	if (x == y)
		return 0;
	return strcmp(gt_model_str(sort_app->m, x), gt_model_str(sort_app->m, y));
}

#define CMP(x, y) (((x) > (y)) - ((x) < (y)))

static int cmp_g(const struct tui_grow *a, const struct tui_grow *b)
{
	const struct tui_goroutines *gl = &sort_app->gl;
	int c = 0;
	switch (gl->sort) {
	case TUI_GCOL_ID: c = CMP(a->id, b->id); break;
	case TUI_GCOL_STATE: c = CMP(a->state, b->state); break;
	case TUI_GCOL_RUN: c = CMP(a->run, b->run); break;
	case TUI_GCOL_WAIT: c = CMP(a->wait, b->wait); break;
	case TUI_GCOL_REASON: c = cmp_str(a->reason, b->reason); break;
	case TUI_GCOL_FUNC: c = cmp_str(a->func, b->func); break;
	default: break;
	}
	if (gl->desc)
		c = -c;
	if (!c) /* ties: by id, always ascending, so the order is stable */
		c = CMP(a->id, b->id);
	return c;
}

static int cmp_row(const void *x, const void *y) { return cmp_g(x, y); }

static int by_text(const void *x, const void *y)
{
	return cmp_str(*(const gt_str *)x, *(const gt_str *)y);
}

/* Blocked mode: the model's groups in the model's order
 * (gt_model_blocked); the sort within a group. */
static int cmp_blocked(const void *x, const void *y)
{
	const struct tui_grow *r = x, *s = y;
	if (r->group != s->group)
		return r->group < s->group ? -1 : 1;
	return cmp_g(r, s);
}

static int matches_text(const struct tui_app *a, uint32_t gi, const struct gt_goroutine *g,
                        const char *text)
{
	if (!*text)
		return 1;
	char id[32];
	snprintf(id, sizeof id, "G%lld", (long long)g->id);
	return tui_strcasestr(id, text) || tui_strcasestr(tui_g_func(a, g), text) ||
	       tui_strcasestr(gt_model_str(a->m, tui_g_wait_reason(a, gi, g)), text) ||
	       tui_strcasestr(gt_model_str(a->m, gt_model_stack_top_func(a->m, g->end_stack)), text);
}

/* The pass over the goroutines (gpar.h): goroutine gi's row, when the
 * filters keep it, goes to all[at ? at[gi] : gi] (its place in id order,
 * or its index), with group -1; rows left zeroed are not kept. */
struct scan {
	const struct tui_app *a;
	struct tui_grow *all;
	const uint32_t *at;
};

static int keep_row(void *ctx, uint32_t gi, const struct gt_goroutine *g)
{
	const struct scan *sc = ctx;
	const struct tui_app *a = sc->a;
	const struct tui_goroutines *gl = &a->gl;
	if (g->intervals == 0)
		return 0; /* seen only as an event's context */
	if (gl->blocked && g->end_state != GT_GS_WAITING)
		return 0;
	if (gl->state_filter >= 0 && g->end_state != gl->state_filter)
		return 0;
	if (!matches_text(a, gi, g, gl->text))
		return 0;
	sc->all[sc->at ? sc->at[gi] : gi] = (struct tui_grow){
		.g = gi, .group = -1, .id = g->id, .run = g->ns[GT_GS_RUNNING],
		.wait = g->ns[GT_GS_WAITING], .reason = tui_g_wait_reason(a, gi, g), .func = g->start_func,
		.stack = g->end_stack, .state = g->end_state,
	};
	return 0;
}

/* The rank of each string a column holds (func: start functions, else
 * reasons) in cmp_str's order (equal texts, equal ranks), indexed by
 * string id. */
static uint32_t *string_ranks(const struct tui_grow *rows, size_t k, int func)
{
	gt_str max = 0;
	for (size_t i = 0; i < k; i++) {
		gt_str v = func ? rows[i].func : rows[i].reason;
		max = v > max ? v : max;
	}
	uint32_t *rank = tui_xcalloc((size_t)max + 1, sizeof *rank);
	size_t nd = 0;
	for (size_t i = 0; i < k; i++) {
		gt_str v = func ? rows[i].func : rows[i].reason;
		nd += !rank[v];
		rank[v] = 1;
	}
	gt_str *d = tui_xcalloc(nd ? nd : 1, sizeof *d);
	nd = 0;
	for (gt_str v = 0; v <= max; v++) {
		if (rank[v])
			d[nd++] = v;
		if (v == max)
			break;
	}
	qsort(d, nd, sizeof *d, by_text);
	for (size_t i = 0; i < nd; i++)
		rank[d[i]] = i && !cmp_str(d[i - 1], d[i]) ? rank[d[i - 1]] : (uint32_t)i;
	free(d);
	return rank;
}

/* The number that orders row r as the sort column does (then, for
 * descending, reversed). */
static uint64_t sort_key(const struct tui_goroutines *gl, const struct tui_grow *r, const uint32_t *rank)
{
	uint64_t v = 0;
	switch (gl->sort) {
	case TUI_GCOL_STATE: v = r->state; break;
	case TUI_GCOL_RUN: v = (uint64_t)r->run ^ (1ull << 63); break;   /* signed order */
	case TUI_GCOL_WAIT: v = (uint64_t)r->wait ^ (1ull << 63); break;
	case TUI_GCOL_REASON: v = rank[r->reason]; break;
	case TUI_GCOL_FUNC: v = rank[r->func]; break;
	default: break;
	}
	return gl->desc ? ~v : v;
}

/* Stable LSD radix sort of rows by sort_key, 11 bits a pass, passes whose
 * digit is the same for all skipped. */
static struct tui_grow *radix_rows(const struct tui_app *a, struct tui_grow *rows, size_t k)
{
	const struct tui_goroutines *gl = &a->gl;
	uint32_t *rank = gl->sort == TUI_GCOL_REASON || gl->sort == TUI_GCOL_FUNC ?
	                 string_ranks(rows, k, gl->sort == TUI_GCOL_FUNC) : NULL;
	uint64_t *key = tui_xcalloc(k, sizeof *key), *key2 = tui_xcalloc(k, sizeof *key2);
	struct tui_grow *tmp = tui_xcalloc(k, sizeof *tmp);
	for (size_t i = 0; i < k; i++)
		key[i] = sort_key(gl, &rows[i], rank);
	free(rank);
	for (unsigned shift = 0; shift < 64; shift += 11) {
		size_t at[2048] = {0};
		for (size_t i = 0; i < k; i++)
			at[key[i] >> shift & 2047]++;
		if (at[key[0] >> shift & 2047] == k)
			continue; /* one digit for all */
		for (size_t d = 0, sum = 0; d < 2048; d++) {
			size_t c = at[d];
			at[d] = sum;
			sum += c;
		}
		for (size_t i = 0; i < k; i++) {
			size_t to = at[key[i] >> shift & 2047]++;
			tmp[to] = rows[i];
			key2[to] = key[i];
		}
		struct tui_grow *t = rows;
		rows = tmp;
		tmp = t;
		uint64_t *u = key;
		key = key2;
		key2 = u;
	}
	free(tmp);
	free(key);
	free(key2);
	return rows;
}

/* The blocked filter: the model's groups (gt_model_blocked) of the rows the
 * filters keep, a header row before each; rows[0..*k) are in index order. */
static void group_blocked(struct tui_app *a, size_t *k)
{
	struct tui_goroutines *gl = &a->gl;
	struct gt_blocked b;
	if (gt_model_blocked(a->m, &b) < 0)
		tui_die("out of memory");
	/* the model's group of each goroutine index, + 1 */
	uint32_t n = gt_model_g_count(a->m);
	uint32_t *grp = tui_xcalloc(n ? n : 1, sizeof *grp);
	for (size_t i = 0; i < b.ngroups; i++)
		for (uint32_t j = 0; j < b.groups[i].count; j++)
			grp[b.gi[b.groups[i].first + j]] = (uint32_t)i + 1;
	struct tui_ggroup *groups = tui_xcalloc(b.ngroups ? b.ngroups : 1, sizeof *groups);
	size_t kept = 0;
	for (size_t i = 0; i < *k; i++) {
		uint32_t gi = grp[gl->rows[i].g];
		if (!gi)
			continue; /* not waiting by the model's rule: cannot be */
		gl->rows[i].group = (int32_t)(gi - 1);
		groups[gi - 1].count++;
		gl->rows[kept++] = gl->rows[i];
	}
	*k = kept;
	/* the groups that keep goroutines, renumbered in order */
	size_t ng = 0;
	uint32_t *renum = grp; /* reused (ngroups <= n): old group -> new */
	for (size_t i = 0; i < b.ngroups; i++) {
		if (!groups[i].count)
			continue;
		renum[i] = (uint32_t)ng;
		groups[ng] = (struct tui_ggroup){b.groups[i], i, groups[i].count};
		ng++;
	}
	for (size_t i = 0; i < *k; i++)
		gl->rows[i].group = (int32_t)renum[gl->rows[i].group];
	free(grp);
	gt_model_blocked_free(&b);
	gl->groups = groups;
	gl->ngroups = ng;
	qsort(gl->rows, *k, sizeof *gl->rows, cmp_blocked);
	struct tui_grow *rows = tui_xcalloc(*k + ng, sizeof *rows);
	size_t out = 0;
	for (size_t i = 0; i < *k; i++) {
		if (!i || gl->rows[i].group != gl->rows[i - 1].group)
			rows[out++] = gl->rows[i]; /* header: keeps its group */
		rows[out] = gl->rows[i];
		rows[out++].group = -1;
	}
	free(gl->rows);
	gl->rows = rows;
	*k = out;
}

void tui_goroutines_rebuild(struct tui_app *a)
{
	struct tui_goroutines *gl = &a->gl;
	uint32_t n = gt_model_g_count(a->m);
	uint32_t keep_g = gl->sel < gl->nrows ? gl->rows[gl->sel].g : UINT32_MAX;
	free(gl->rows);
	free(gl->groups);
	gl->rows = NULL;
	gl->groups = NULL;
	gl->ngroups = 0;
	/* outside the blocked filter, rows land at their place in id order */
	const uint32_t *order = gl->blocked ? NULL : gt_model_g_order(a->m);
	uint32_t *at = order ? malloc(n * sizeof *at) : NULL;
	for (uint32_t r = 0; at && r < n; r++)
		at[order[r]] = r;
	struct tui_grow *rows = tui_xcalloc(n ? n : 1, sizeof *rows);
	struct scan sc = {a, rows, at};
	void *ctx[2] = {&sc, &sc}; /* the threads write the rows of their own chunks */
	gt_model_g_par(a->m, keep_row, ctx, NULL, NULL);
	size_t k = 0;
	for (uint32_t i = 0; i < n; i++)
		if (rows[i].group == -1)
			rows[k++] = rows[i];
	gl->rows = rows;
	sort_app = a;
	if (at) {
		free(at);
		if (gl->sort != TUI_GCOL_ID && k > 1)
			gl->rows = radix_rows(a, rows, k);
		else if (gl->desc)
			for (size_t i = 0; i < k / 2; i++) {
				struct tui_grow t = rows[i];
				rows[i] = rows[k - 1 - i];
				rows[k - 1 - i] = t;
			}
	} else if (gl->blocked && k) {
		group_blocked(a, &k);
	} else if (k) {
		qsort(gl->rows, k, sizeof *gl->rows, cmp_row);
	}
	gl->nrows = k;
	gl->sel = 0;
	for (size_t i = 0; i < k; i++)
		if (gl->rows[i].g == keep_g && gl->rows[i].group < 0) {
			gl->sel = i;
			break;
		}
	gl->top = 0;
	gl->preview_top = 0;
	gl->dirty = 0;
}
