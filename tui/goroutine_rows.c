/* goroutine_rows.c: the goroutine list's rows (view_goroutines.c draws
 * them): the goroutines its filters keep, in the order chosen, found no
 * further than the screen needs.
 *
 * The filters are decided per signature (goroutine_index.h), so a list's
 * length is known without a pass over the goroutines, and the sort is an
 * order built once.  Rows: with no filter, row i is the order's place i;
 * with one, the order is read from the start and kept rows are collected
 * up to the row asked for; a list with few rows is collected at once,
 * by one read of the signatures, and sorted; a text typed on narrows the
 * rows already collected.  A text that may match goroutine ids ("G12",
 * "12") asks the goroutines one by one: the rows are found as far as
 * the screen needs, the count goes on between keys (a share at a time,
 * "at least N" until done).  The blocked filter's groups (few
 * goroutines) are collected at once.
 *
 * Before the index (built in the background after the load) has what
 * the rows ask, the list shows what it can at once: the goroutines as
 * they appeared until the signatures exist, the id order until the
 * sort's order does, and is rebuilt between keys when the index has
 * more.
 *
 * With a range marked, the rows come from the range's own (goroutine_
 * window.h): the same machinery over its rows, orders and counts per
 * signature, built once per range in the background (with every order:
 * no early rows there). */
#include "tui/app.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui/draw.h"
#include "tui/util.h"

/* A list this short or shorter is collected at once and sorted. */
#define FEW 4096
/* Places of an order a key (or a share between keys) reads at most
 * while a text asks ids: a few ms. */
#define SHARE (1u << 13)
/* Rows found at once for such a text: more than a screen. */
#define FIRST_ROWS 256

/* ---- where the rows come from: the whole trace's index or the range's -- */

static size_t src_n(const struct tui_goroutines *gl)
{
	return gl->windowed ? gl->win->n : gl->ix.nlisted;
}

static uint32_t src_at(const struct tui_goroutines *gl, size_t p)
{
	return gl->windowed ? tui_gwin_at(gl->win, gl->osort, gl->odesc, p)
	                    : tui_gindex_at(&gl->ix, gl->osort, gl->odesc, p);
}

static void src_sort(const struct tui_goroutines *gl, uint32_t *g, size_t k)
{
	if (gl->windowed)
		tui_gwin_sort(gl->win, gl->osort, gl->odesc, g, k);
	else
		tui_gindex_sort(&gl->ix, gl->osort, gl->odesc, g, k);
}

/* The place of goroutine g in the sort's order; SIZE_MAX if not there. */
static size_t src_find(const struct tui_goroutines *gl, uint32_t g)
{
	return gl->windowed ? tui_gwin_find(gl->win, gl->osort, gl->odesc, g)
	                    : tui_gindex_find(&gl->ix, gl->osort, gl->odesc, g);
}

/* Goroutines of signature s among the rows, the first and last (goroutine
 * indices). */
static struct tui_gwsig sig_rows(const struct tui_goroutines *gl, uint32_t s)
{
	if (gl->windowed)
		return gl->win->sig[s];
	const struct tui_gsig *g = &gl->ix.sigs[s];
	return (struct tui_gwsig){g->listed ? g->count : 0, g->lo, g->hi};
}

const struct gt_ggroups *tui_goroutines_byfunc(const struct tui_app *a)
{
	return a->gl.windowed ? &a->gl.win->byfunc : &a->gl.ix.byfunc;
}

void tui_goroutines_times(const struct tui_app *a, uint32_t gi, const struct gt_goroutine *g,
                          int64_t *run, int64_t *wait)
{
	int64_t ns[2] = {g->ns[GT_GS_RUNNING], g->ns[GT_GS_WAITING]};
	if (a->gl.windowed && tui_gwin_has(a->gl.win, gi))
		tui_gwin_times(a->gl.win, gi, ns);
	*run = ns[0];
	*wait = ns[1];
}

/* The selected goroutine, kept before the rows change (the rebuild
 * selects it again if the new rows have it; an empty early list keeps
 * the one it was asked to keep). */
void tui_goroutines_keep_sel(struct tui_app *a)
{
	struct tui_goroutines *gl = &a->gl;
	if (gl->dirty || gl->sel >= gl->nrows)
		return;
	uint32_t r = !gl->by_func ? tui_goroutines_row(a, gl->sel) : TUI_GROW_GROUP;
	gl->keep_g = r & TUI_GROW_GROUP ? UINT32_MAX : r;
}

void tui_goroutines_follow_range(struct tui_app *a)
{
	struct tui_goroutines *gl = &a->gl;
	int64_t t0, t1;
	tui_range_window(a, &t0, &t1);
	int want = a->range.set;
	if (gl->win && (!want || gl->win->t0 != t0 || gl->win->t1 != t1)) {
		tui_goroutines_keep_sel(a);
		gl->windowed = 0;
		gl->dirty = 1;
		tui_gwin_drop(gl->win); /* a build still running ends on its own */
		gl->win = NULL;
	}
	if (want && !gl->win) {
		tui_goroutines_keep_sel(a);
		gl->dirty = 1;
		gl->nrows = gl->sel = gl->top = 0; /* none until built */
		gl->win = tui_gwin_start(a->m, &gl->ix, t0, t1);
	}
}

/* Rows from the range marked now: its rows built (once per range, in
 * the background) or the whole trace's when none is marked. */
int tui_goroutines_sync(struct tui_app *a)
{
	struct tui_goroutines *gl = &a->gl;
	tui_goroutines_follow_range(a);
	if (tui_goroutines_computing(a)) {
		if (!a->term.headless)
			return 0;
		tui_gwin_wait(gl->win); /* a script sees the rows it asks for */
	}
	if (a->range.set && !gl->windowed) {
		gl->windowed = 1;
		gl->dirty = 1;
	}
	if (gl->dirty)
		tui_goroutines_rebuild(a);
	return 1;
}

int tui_goroutines_computing(const struct tui_app *a)
{
	const struct tui_goroutines *gl = &a->gl;
	return gl->win && !tui_gwin_ready(gl->win, gl->by_func);
}

/* How the text can match a goroutine's "G<id>": not at all, every id
 * ("g"), as a prefix of the digits ("g12"), anywhere in them ("12"). */
enum id_way { ID_NONE, ID_ALL, ID_PREFIX, ID_ANY };

static enum id_way id_way(const char *text, const char **digits)
{
	const char *d = text + (*text == 'g' || *text == 'G');
	*digits = d;
	for (const char *p = d; *p; p++)
		if (!isdigit((unsigned char)*p))
			return ID_NONE;
	return d == text ? ID_ANY : *d ? ID_PREFIX : ID_ALL;
}

static int id_matches(int64_t id, enum id_way w, const char *digits)
{
	char buf[32];
	if (id < 0) { /* never in real traces */
		snprintf(buf, sizeof buf, "%lld", (long long)id);
		return w == ID_ALL || strstr(buf, digits) != NULL;
	}
	char *p = buf + sizeof buf - 1;
	*p = 0;
	do
		*--p = (char)('0' + id % 10);
	while (id /= 10);
	if (w == ID_PREFIX)
		return !strncmp(p, digits, strlen(digits));
	return w == ID_ALL || strstr(p, digits) != NULL;
}

/* A string's match of the text, cached by string id (0 unknown, 1 no,
 * 2 yes) for one rebuild. */
struct text_match {
	const struct tui_app *a;
	const char *text;
	uint8_t *seen;
	uint32_t nstr;
};

static int str_matches(struct text_match *t, gt_str s)
{
	if (s >= t->nstr)
		return tui_strcasestr(gt_model_str(t->a->m, s), t->text) != NULL;
	if (!t->seen[s])
		t->seen[s] = tui_strcasestr(gt_model_str(t->a->m, s), t->text) ? 2 : 1;
	return t->seen[s] == 2;
}

static int sig_text_matches(struct text_match *t, const struct tui_gsig *s)
{
	if (!s->func && s->pcframe) {
		const struct gt_frame *f = gt_frame_get(gt_model_tables(t->a->m), s->pcframe);
		char pc[32];
		snprintf(pc, sizeof pc, "0x%llx", (unsigned long long)(f ? f->pc : 0));
		if (tui_strcasestr(pc, t->text))
			return 1;
	}
	return (s->func && str_matches(t, s->func)) || str_matches(t, s->reason) ||
	       str_matches(t, gt_model_stack_top_func(t->a->m, s->stack));
}

/* spass for the filters; returns the rows they keep when known (no
 * signature needs the id asked), else SIZE_MAX. */
static size_t decide(struct tui_app *a, enum id_way w)
{
	struct tui_goroutines *gl = &a->gl;
	const struct tui_gindex *x = &gl->ix;
	struct text_match t = {a, gl->text, NULL, gt_str_count(gt_model_tables(a->m))};
	if (gl->text[0])
		t.seen = tui_xcalloc(t.nstr ? t.nstr : 1, 1);
	gl->spass = tui_xreallocarray(gl->spass, x->nsig ? x->nsig : 1, 1);
	size_t n = 0;
	int ask_id = 0;
	for (uint32_t i = 0; i < x->nsig; i++) {
		const struct tui_gsig *s = &x->sigs[i];
		uint8_t keep = s->listed && (!gl->blocked || s->state == GT_GS_WAITING) &&
		               (gl->state_filter < 0 || s->state == gl->state_filter) &&
		               (!gl->func_on || s->func == gl->func);
		if (keep && gl->text[0] && w != ID_ALL && !sig_text_matches(&t, s))
			keep = w == ID_NONE ? 0 : 2;
		gl->spass[i] = keep;
		n += keep == 1 ? sig_rows(gl, i).count : 0;
		ask_id |= keep == 2;
	}
	free(t.seen);
	return ask_id ? SIZE_MAX : n;
}

static int keeps(const struct tui_goroutines *gl, uint32_t g, enum id_way w, const char *digits)
{
	uint8_t k = gl->spass[tui_gsig_of(&gl->ix, g)];
	return k == 1 || (k == 2 && id_matches(gt_model_g_id(gl->ix.m, g), w, digits));
}

/* keeps, for a goroutine that may not be among the rows (the range's) */
static int keeps_any(const struct tui_goroutines *gl, uint32_t g, enum id_way w, const char *digits)
{
	return (!gl->windowed || tui_gwin_has(gl->win, g)) && keeps(gl, g, w, digits);
}

static void push(struct tui_goroutines *gl, uint32_t v)
{
	if (gl->nmat == gl->cap) {
		gl->cap = gl->cap ? gl->cap * 2 : 1024;
		gl->rows = tui_xreallocarray(gl->rows, gl->cap, sizeof *gl->rows);
	}
	gl->rows[gl->nmat++] = v;
}

/* Reads the order on until row i is found, the order ends, or budget
 * places are read; the places read. */
static size_t find_upto(struct tui_app *a, size_t i, size_t budget)
{
	struct tui_goroutines *gl = &a->gl;
	const char *digits;
	enum id_way w = id_way(gl->text, &digits);
	size_t from = gl->scan;
	while (gl->nmat <= i && gl->scan < src_n(gl) && gl->scan - from < budget) {
		uint32_t g = src_at(gl, gl->scan++);
		if (keeps(gl, g, w, digits))
			push(gl, g);
	}
	if (gl->scan >= src_n(gl)) {
		gl->complete = 1;
		gl->counting = 0;
		gl->nrows = gl->nmat;
	} else if (gl->counting) {
		gl->nrows = gl->nmat;
	}
	return gl->scan - from;
}

uint32_t tui_goroutines_row(struct tui_app *a, size_t i)
{
	struct tui_goroutines *gl = &a->gl;
	if (gl->raw)
		return (uint32_t)i;
	if (gl->all)
		return src_at(gl, i);
	if (i >= gl->nmat)
		find_upto(a, i, gl->counting ? SHARE : SIZE_MAX);
	return i < gl->nmat ? gl->rows[i] : 0;
}

/* A few rows: collected by one read of the signatures, then sorted. */
static void collect(struct tui_app *a, size_t n, enum id_way w, const char *digits)
{
	struct tui_goroutines *gl = &a->gl;
	const struct tui_gindex *x = &gl->ix;
	uint32_t lo = UINT32_MAX, hi = 0; /* where the kept signatures' goroutines lie */
	for (uint32_t s = 0; s < x->nsig; s++) {
		struct tui_gwsig r = sig_rows(gl, s);
		if (gl->spass[s] && r.count) {
			lo = r.lo < lo ? r.lo : lo;
			hi = r.hi > hi ? r.hi : hi;
		}
	}
	for (uint32_t g = lo; g <= hi && g < x->n && gl->nmat < n; g++) {
		if (gl->windowed && !tui_gwin_has(gl->win, g))
			continue;
		if (gl->spass[tui_gsig_of(x, g)] && keeps(gl, g, w, digits))
			push(gl, g);
	}
	src_sort(gl, gl->rows, gl->nmat);
}

/* Blocked mode: the model's groups (gt_model_blocked) in the model's
 * order, each one's goroutines that the filters keep, in the sort's
 * order, after a header row. */
static void group_blocked(struct tui_app *a, enum id_way w, const char *digits)
{
	struct tui_goroutines *gl = &a->gl;
	struct tui_gindex *x = &gl->ix;
	tui_gindex_wait_blocked(x);
	const struct gt_blocked *b = &x->blocked;
	gl->groups = tui_xcalloc(b->ngroups ? b->ngroups : 1, sizeof *gl->groups);
	gl->nmat = 0;
	for (size_t k = 0; k < b->ngroups; k++) {
		const struct gt_bgroup *mg = &b->groups[k];
		size_t head = gl->nmat;
		push(gl, TUI_GROW_GROUP | (uint32_t)gl->ngroups);
		for (uint32_t j = 0; j < mg->count; j++) {
			uint32_t g = b->gi[mg->first + j];
			if (gl->spass[tui_gsig_of(x, g)] && keeps_any(gl, g, w, digits))
				push(gl, g);
		}
		size_t n = gl->nmat - head - 1;
		if (!n) {
			gl->nmat = head; /* no goroutine of it kept */
			continue;
		}
		src_sort(gl, gl->rows + head + 1, n);
		gl->groups[gl->ngroups++] = (struct tui_ggroup){*mg, k, (uint32_t)n};
	}
	gl->nrows = gl->nmat;
}

/* By start function: the model's groups (gt_model_groups_by_func) whose
 * function matches the text, most time first (as `goroutines --by-func`
 * prints them), a header row each. */
static const struct gt_ggroups *total_gs; /* qsort has no context argument */

static int64_t group_total(const struct gt_ggroup *g)
{
	int64_t t = 0;
	for (int s = 0; s < GT_GS__COUNT; s++)
		t += g->ns[s];
	return t;
}

static int most_time(const void *x, const void *y)
{
	const struct tui_ggroup *p = x, *q = y;
	int64_t tp = group_total(&total_gs->group[p->index]), tq = group_total(&total_gs->group[q->index]);
	if (tp != tq)
		return tp < tq ? 1 : -1;
	return p->index < q->index ? -1 : 1;
}

static void group_by_func(struct tui_app *a)
{
	struct tui_goroutines *gl = &a->gl;
	if (!gl->windowed) /* the range's come with its rows */
		tui_gindex_wait_byfunc(&gl->ix);
	const struct gt_ggroups *gs = tui_goroutines_byfunc(a);
	gl->groups = tui_xcalloc(gs->n ? gs->n : 1, sizeof *gl->groups);
	for (uint32_t k = 0; k < gs->n; k++) {
		const char *fn = gt_model_str(a->m, gs->group[k].start_func);
		if (gl->text[0] && !tui_strcasestr(*fn ? fn : "?", gl->text))
			continue;
		gl->groups[gl->ngroups++] = (struct tui_ggroup){.index = k, .count = gs->group[k].count};
	}
	total_gs = gs;
	qsort(gl->groups, gl->ngroups, sizeof *gl->groups, most_time);
	gl->nmat = 0;
	for (size_t r = 0; r < gl->ngroups; r++)
		push(gl, TUI_GROW_GROUP | (uint32_t)r);
	gl->nrows = gl->nmat;
}

/* Where goroutine g is among the rows, else SIZE_MAX: found up to it,
 * within a share of the order (a key keeps the selection when it is
 * near, and does not read millions of goroutines for it). */
static size_t row_of(struct tui_app *a, uint32_t g)
{
	struct tui_goroutines *gl = &a->gl;
	const char *digits;
	enum id_way w = id_way(gl->text, &digits);
	if (!gl->blocked && !keeps_any(gl, g, w, digits))
		return SIZE_MAX;
	if (gl->all)
		return src_find(gl, g);
	if (!gl->complete) { /* rows up to g's place */
		size_t p = src_find(gl, g);
		size_t budget = SHARE;
		while (p != SIZE_MAX && gl->scan <= p && !gl->complete && budget)
			budget -= find_upto(a, gl->nmat, budget);
	}
	for (size_t i = 0; i < gl->nmat; i++)
		if (gl->rows[i] == g)
			return i;
	return SIZE_MAX;
}

/* The signatures, and the sort's order, the rows can read (a range's
 * rows come with theirs, built on the signatures: tui_goroutines_sync). */
static int sigs_ready(struct tui_goroutines *gl)
{
	return gl->windowed || tui_gindex_ready(&gl->ix, -1);
}

static int sort_ready(struct tui_goroutines *gl)
{
	return gl->windowed || tui_gindex_ready(&gl->ix, gl->sort);
}

/* The groups shown are there (a range's by function come with its rows). */
static int groups_ready(struct tui_goroutines *gl)
{
	return (!gl->blocked || tui_gindex_ready_blocked(&gl->ix)) &&
	       (!gl->by_func || gl->windowed || tui_gindex_ready_byfunc(&gl->ix));
}

/* The index has what the rows ask: the signatures, the sort's order,
 * the groups shown. */
static int index_has_all(struct tui_goroutines *gl)
{
	return sigs_ready(gl) && sort_ready(gl) && groups_ready(gl);
}

/* Waits until the index has what the rows ask. */
static void wait_asked(struct tui_goroutines *gl)
{
	if (!gl->windowed)
		tui_gindex_wait(&gl->ix, gl->sort);
	if (gl->blocked)
		tui_gindex_wait_blocked(&gl->ix);
	if (gl->by_func && !gl->windowed)
		tui_gindex_wait_byfunc(&gl->ix);
}

/* Rows before the index has the signatures or the groups asked: the
 * goroutines as they appeared (none for groups), until a rebuild. */
static void rebuild_early(struct tui_app *a, uint32_t keep_g)
{
	struct tui_goroutines *gl = &a->gl;
	int raw = !sigs_ready(gl);
	free(gl->groups);
	gl->groups = NULL;
	gl->ngroups = gl->nmat = gl->scan = 0;
	gl->raw = raw;
	gl->all = gl->complete = gl->pending = 1;
	gl->counting = gl->to_end = 0;
	gl->nrows = raw && !gl->blocked && !gl->by_func ? gl->ix.n : 0;
	gl->done_text[0] = 0;
	gl->narrow_ok = 0;
	gl->keep_g = keep_g; /* for the rebuild to come */
	gl->sel = raw && keep_g < gl->nrows ? keep_g : 0;
	gl->top = gl->preview_top = 0;
	gl->dirty = 0;
}

void tui_goroutines_rebuild(struct tui_app *a)
{
	struct tui_goroutines *gl = &a->gl;
	uint32_t keep_g = gl->keep_g;
	gl->keep_g = UINT32_MAX;
	if (gl->wait_index)
		wait_asked(gl);
	if (!sigs_ready(gl) || !groups_ready(gl)) {
		rebuild_early(a, keep_g);
		return;
	}
	/* the sort's order not built yet: the id order meanwhile */
	int sorted = sort_ready(gl);
	enum tui_gcol osort = sorted ? gl->sort : TUI_GCOL_ID;
	int odesc = sorted ? gl->desc : 0;
	const char *digits;
	enum id_way w = id_way(gl->text, &digits);
	/* a text typed on keeps fewer of the rows found for the old one (in
	 * the same order: not when the sort's order came meanwhile) */
	int narrow = gl->complete && !gl->all && !gl->blocked && !gl->by_func && gl->done_text[0] &&
	             gl->narrow_ok && tui_strcasestr(gl->text, gl->done_text) && !gl->raw &&
	             gl->osort == osort && gl->odesc == odesc;
	gl->osort = osort;
	gl->odesc = odesc;
	gl->pending = !sorted;
	gl->raw = gl->counting = gl->to_end = 0;
	size_t n = decide(a, w);
	free(gl->groups);
	gl->groups = NULL;
	gl->ngroups = 0;
	gl->all = 0;
	gl->complete = 0;
	gl->scan = 0;
	if (narrow) {
		size_t k = 0;
		for (size_t i = 0; i < gl->nmat; i++)
			if (keeps(gl, gl->rows[i], w, digits))
				gl->rows[k++] = gl->rows[i];
		gl->nmat = k;
		gl->scan = src_n(gl);
		gl->complete = 1;
	} else {
		gl->nmat = 0;
		if (n == src_n(gl) && !gl->blocked && !gl->by_func) {
			gl->all = 1;
			gl->complete = 1;
		} else if (gl->by_func) {
			group_by_func(a);
			gl->scan = src_n(gl);
			gl->complete = 1;
		} else if (gl->blocked) {
			group_blocked(a, w, digits);
			gl->scan = src_n(gl);
			gl->complete = 1;
		} else if (n <= FEW) {
			collect(a, n, w, digits);
			gl->scan = src_n(gl);
			gl->complete = 1;
		} else if (n == SIZE_MAX) { /* the text asks ids: counted between keys */
			gl->counting = 1;
			find_upto(a, FIRST_ROWS, SHARE);
		}
	}
	gl->nrows = gl->all ? src_n(gl) : gl->complete || gl->counting ? gl->nmat : n;
	snprintf(gl->done_text, sizeof gl->done_text, "%s", gl->complete && !gl->all ? gl->text : "");
	gl->narrow_ok = 1;
	gl->sel = 0;
	gl->top = 0;
	if (gl->by_func) { /* back from a group's goroutines: on that group */
		for (size_t r = 0; gl->func_on && r < gl->ngroups; r++)
			if (tui_goroutines_byfunc(a)->group[gl->groups[r].index].start_func == gl->func)
				gl->sel = r;
		gl->func_on = 0;
	} else if (keep_g != UINT32_MAX) {
		size_t r = row_of(a, keep_g);
		gl->sel = r == SIZE_MAX ? 0 : r;
	}
	gl->preview_top = 0;
	gl->dirty = 0;
}

gt_str tui_goroutines_reason(const struct tui_app *a, uint32_t row)
{
	const struct tui_goroutines *gl = &a->gl;
	if (!gl->raw)
		return gl->ix.sigs[tui_gsig_of(&gl->ix, row)].reason;
	struct gt_goroutine g = tui_g(a, row);
	return tui_g_wait_reason(a, row, &g);
}

int tui_goroutines_busy(const struct tui_app *a)
{
	return !a->gl.dirty && (a->gl.pending || a->gl.counting);
}

/* The selected goroutine stays selected through a rebuild to come. */
static void keep_selection(struct tui_goroutines *gl, struct tui_app *a)
{
	tui_goroutines_keep_sel(a);
	gl->narrow_ok = 0;
	gl->dirty = 1;
}

int tui_goroutines_idle(struct tui_app *a)
{
	struct tui_goroutines *gl = &a->gl;
	int shown = tui_current(a) == TUI_V_GOROUTINES ? TUI_REDRAW : 0;
	if (gl->dirty)
		return 0; /* rebuilt at its next frame anyway */
	if (gl->pending) {
		/* the goroutines as they appeared: rebuilt once the signatures
		 * exist; the id order: once the sort's does */
		if (!(gl->raw ? sigs_ready(gl) : index_has_all(gl)))
			return 0;
		keep_selection(gl, a);
		return shown;
	}
	if (gl->counting) {
		find_upto(a, SIZE_MAX - 1, SHARE);
		if (gl->to_end && gl->nrows)
			gl->sel = gl->nrows - 1;
		return shown;
	}
	return 0;
}

int tui_goroutines_settle(struct tui_app *a)
{
	struct tui_goroutines *gl = &a->gl;
	if (!gl->pending && !gl->counting)
		return 0;
	if (gl->pending) {
		wait_asked(gl);
		if (!gl->dirty)
			keep_selection(gl, a);
	}
	if (gl->dirty)
		tui_goroutines_rebuild(a);
	if (gl->counting)
		find_upto(a, SIZE_MAX - 1, SIZE_MAX);
	if (gl->to_end && gl->nrows)
		gl->sel = gl->nrows - 1;
	gl->to_end = 0;
	return TUI_REDRAW_ALL;
}
