/* profile.c: blocking and CPU profiles (profile.h): the single waits of
 * a kind (waits.c, the one enumeration of them) summed by stack. */
#include "model/profile.h"
#include "model/waits.h"

#include <stdlib.h>
#include <string.h>

static const char *const kind_names[GT_PROF__COUNT] = {
	"net", "sync", "syscall", "sched", "cpu"};

const char *gt_prof_kind_name(enum gt_prof_kind k)
{
	return (unsigned)k < GT_PROF__COUNT ? kind_names[k] : "?";
}

int gt_prof_kind_parse(const char *s)
{
	for (int k = 0; k < GT_PROF__COUNT; k++)
		if (!strcmp(s, kind_names[k]))
			return k;
	return -1;
}

/* ---- Summed by stack ------------------------------------------------------ */

/* One thread's sums, by stack id. */
struct sums {
	uint64_t *count;
	int64_t *ns;
};

static int add_wait(void *ctx, const struct gt_wait *w)
{
	struct sums *s = ctx;
	s->count[w->stack]++;
	s->ns[w->stack] += w->ns;
	return 0;
}

/* ---- The profile --------------------------------------------------------- */

static int collect(struct gt_prof *out, const uint64_t *count, const int64_t *ns, size_t nst)
{
	size_t n = 0;
	for (size_t i = 0; i < nst; i++)
		n += count[i] != 0;
	out->recs = n ? malloc(n * sizeof *out->recs) : NULL;
	if (n && !out->recs)
		return -1;
	for (size_t i = 0; i < nst; i++)
		if (count[i]) {
			out->recs[out->n++] = (struct gt_prof_rec){(gt_stack)i, count[i], ns[i]};
			out->count += count[i];
			out->ns += ns[i];
		}
	return 0;
}

static int cpu_profile(const struct gt_model *m, int64_t t0, int64_t t1,
                       uint64_t *count, int64_t *ns)
{
	size_t n;
	const struct gt_sample *s = gt_model_samples(m, &n);
	for (size_t i = 0; i < n; i++)
		if (s[i].ts >= t0 && s[i].ts < t1) {
			count[s[i].stack]++;
			ns[s[i].stack] += GT_PROF_CPU_PERIOD;
		}
	return 0;
}

int gt_prof_compute(const struct gt_model *m, enum gt_prof_kind k,
                    int64_t t0, int64_t t1, struct gt_prof *out)
{
	memset(out, 0, sizeof *out);
	out->kind = k;
	if ((unsigned)k >= GT_PROF__COUNT)
		return -1;
	size_t nst = gt_stack_count(gt_model_tables(m));
	struct sums a[2];
	int rc = 0;
	for (int i = 0; i < 2; i++) {
		a[i].count = calloc(nst ? nst : 1, sizeof *a[i].count);
		a[i].ns = calloc(nst ? nst : 1, sizeof *a[i].ns);
		if (!a[i].count || !a[i].ns)
			rc = -1;
	}
	if (!rc && k == GT_PROF_CPU)
		rc = cpu_profile(m, t0, t1, a[0].count, a[0].ns);
	else if (!rc)
		rc = gt_waits_each(m, k, t0, t1, add_wait, (void *[2]){&a[0], &a[1]});
	if (!rc) {
		for (size_t i = 0; i < nst; i++)
			a[0].count[i] += a[1].count[i], a[0].ns[i] += a[1].ns[i];
		rc = collect(out, a[0].count, a[0].ns, nst);
	}
	for (int i = 0; i < 2; i++)
		free(a[i].count), free(a[i].ns);
	return rc;
}

void gt_prof_free(struct gt_prof *p)
{
	free(p->recs);
	p->recs = NULL;
	p->n = 0;
}

/* ---- By function ---------------------------------------------------------- */

/* Function name -> entry, open addressing; stamp: the last record that
 * counted it (cum once per sample). */
struct ftab {
	struct gt_prof_func *v;
	size_t n, cap;
	uint32_t *slot; /* index + 1; 0 empty */
	size_t *stamp;
	size_t nslot;
};

static struct gt_prof_func *ftab_get(struct ftab *t, gt_str f, size_t *idx)
{
	if (2 * (t->n + 1) > t->nslot) {
		size_t ns = t->nslot ? 2 * t->nslot : 256;
		uint32_t *sl = calloc(ns, sizeof *sl);
		if (!sl)
			return NULL;
		for (size_t i = 0; i < t->n; i++) {
			size_t h = (t->v[i].func * 0x9E3779B1u) & (ns - 1);
			while (sl[h])
				h = (h + 1) & (ns - 1);
			sl[h] = (uint32_t)i + 1;
		}
		free(t->slot);
		t->slot = sl;
		t->nslot = ns;
	}
	size_t h = (f * 0x9E3779B1u) & (t->nslot - 1);
	while (t->slot[h]) {
		if (t->v[t->slot[h] - 1].func == f)
			return &t->v[*idx = t->slot[h] - 1];
		h = (h + 1) & (t->nslot - 1);
	}
	if (t->n == t->cap) {
		size_t nc = t->cap ? 2 * t->cap : 64;
		struct gt_prof_func *v = realloc(t->v, nc * sizeof *v);
		size_t *st = realloc(t->stamp, nc * sizeof *st);
		if (v)
			t->v = v;
		if (st)
			t->stamp = st;
		if (!v || !st)
			return NULL;
		t->cap = nc;
	}
	t->slot[h] = (uint32_t)t->n + 1;
	t->v[t->n] = (struct gt_prof_func){.func = f};
	t->stamp[t->n] = SIZE_MAX;
	*idx = t->n;
	return &t->v[t->n++];
}

static gt_str frame_func(const struct gt_tables *tab, uint32_t fid)
{
	const struct gt_frame *fr = gt_frame_get(tab, fid);
	return fr ? fr->func : 0;
}

/* Sorts compare only the figures and the ids (qsort has no context, and
 * queries run on any thread): ties go by the function's string id, which
 * is stable for a model. */
static int by_flat(const void *x, const void *y)
{
	const struct gt_prof_func *a = x, *b = y;
	if (a->flat != b->flat)
		return a->flat > b->flat ? -1 : 1;
	if (a->cum != b->cum)
		return a->cum > b->cum ? -1 : 1;
	return (a->func > b->func) - (a->func < b->func);
}

static int by_cum(const void *x, const void *y)
{
	const struct gt_prof_func *a = x, *b = y;
	if (a->cum != b->cum)
		return a->cum > b->cum ? -1 : 1;
	return by_flat(x, y);
}

static int finish(struct ftab *t, int (*cmp)(const void *, const void *),
                  struct gt_prof_func **out, size_t *n)
{
	if (t->n)
		qsort(t->v, t->n, sizeof *t->v, cmp);
	free(t->slot);
	free(t->stamp);
	*out = t->v;
	*n = t->n;
	return 0;
}

static void ftab_free(struct ftab *t)
{
	free(t->v);
	free(t->slot);
	free(t->stamp);
}

int gt_prof_funcs(const struct gt_model *m, const struct gt_prof *p,
                  struct gt_prof_func **out, size_t *n)
{
	const struct gt_tables *tab = gt_model_tables(m);
	struct ftab t = {0};
	*out = NULL, *n = 0;
	for (size_t r = 0; r < p->n; r++) {
		const struct gt_prof_rec *rec = &p->recs[r];
		const uint32_t *fr = gt_stack_frames(tab, rec->stack);
		size_t d = gt_stack_depth(tab, rec->stack);
		for (size_t i = 0; i < d; i++) {
			size_t idx;
			struct gt_prof_func *f = ftab_get(&t, frame_func(tab, fr[i]), &idx);
			if (!f) {
				ftab_free(&t);
				return -1;
			}
			if (i == 0)
				f->flat += rec->ns, f->flat_n += rec->count;
			if (t.stamp[idx] != r) {
				t.stamp[idx] = r;
				f->cum += rec->ns, f->cum_n += rec->count;
			}
		}
	}
	return finish(&t, by_flat, out, n);
}

int gt_prof_neighbours(const struct gt_model *m, const struct gt_prof *p,
                       gt_str f, int callers, struct gt_prof_func **out,
                       size_t *n)
{
	const struct gt_tables *tab = gt_model_tables(m);
	struct ftab t = {0};
	*out = NULL, *n = 0;
	for (size_t r = 0; r < p->n; r++) {
		const struct gt_prof_rec *rec = &p->recs[r];
		const uint32_t *fr = gt_stack_frames(tab, rec->stack);
		size_t d = gt_stack_depth(tab, rec->stack), at = SIZE_MAX;
		/* frames go innermost first: callers look past the last frame in
		 * f, callees before the first */
		for (size_t i = 0; i < d; i++)
			if (frame_func(tab, fr[i]) == f) {
				at = i;
				if (!callers)
					break;
			}
		if (at == SIZE_MAX)
			continue;
		size_t nb = callers ? at + 1 : at - 1;
		if (callers ? nb >= d : at == 0)
			continue;
		size_t idx;
		struct gt_prof_func *e = ftab_get(&t, frame_func(tab, fr[nb]), &idx);
		if (!e) {
			ftab_free(&t);
			return -1;
		}
		e->cum += rec->ns, e->cum_n += rec->count;
		if (callers && frame_func(tab, fr[0]) == f)
			e->flat += rec->ns, e->flat_n += rec->count;
	}
	return finish(&t, by_cum, out, n);
}

struct srow { int64_t ns; uint64_t count; gt_stack stack; size_t r; };

static int rec_by_ns(const void *x, const void *y)
{
	const struct srow *a = x, *b = y;
	if (a->ns != b->ns)
		return a->ns > b->ns ? -1 : 1;
	if (a->count != b->count)
		return a->count > b->count ? -1 : 1;
	return (a->stack > b->stack) - (a->stack < b->stack);
}

int gt_prof_stacks(const struct gt_model *m, const struct gt_prof *p,
                   gt_str f, size_t **out, size_t *n)
{
	const struct gt_tables *tab = gt_model_tables(m);
	*n = 0;
	*out = malloc((p->n ? p->n : 1) * sizeof **out);
	struct srow *v = malloc((p->n ? p->n : 1) * sizeof *v);
	if (!*out || !v) {
		free(*out), free(v);
		*out = NULL;
		return -1;
	}
	for (size_t r = 0; r < p->n; r++) {
		const struct gt_prof_rec *rec = &p->recs[r];
		const uint32_t *fr = gt_stack_frames(tab, rec->stack);
		size_t d = gt_stack_depth(tab, rec->stack), i = 0;
		while (f && i < d && frame_func(tab, fr[i]) != f)
			i++;
		if (!f || i < d)
			v[(*n)++] = (struct srow){rec->ns, rec->count, rec->stack, r};
	}
	qsort(v, *n, sizeof *v, rec_by_ns);
	for (size_t i = 0; i < *n; i++)
		(*out)[i] = v[i].r;
	free(v);
	return 0;
}
