/* annot.c: statistics of the user annotations (`gtview regions`, the
 * viewer's regions view): region and task types with their durations,
 * log categories. */
#include "decode/ids.h"
#include "model/model_int.h"

#include <stdlib.h>
#include <string.h>

int64_t gt_nearest_rank(const int64_t *sorted, size_t n, int p)
{
	if (!n)
		return 0;
	size_t r = (size_t)(((uint64_t)p * n + 99) / 100); /* ceil(p/100 * n) */
	return sorted[r ? r - 1 : 0];
}

/* One instance of a region or task, for sorting. */
struct inst {
	uint32_t type;  /* index of its type in the output */
	uint32_t index; /* in gt_model_regions / gt_model_tasks */
	int64_t dur;    /* INT64_MAX: still open at the end */
};

static int by_type_dur(const void *a, const void *b)
{
	const struct inst *x = a, *y = b;
	if (x->type != y->type)
		return x->type < y->type ? -1 : 1;
	if (x->dur != y->dur)
		return x->dur > y->dur ? -1 : 1; /* longest first, open ones before */
	return x->index < y->index ? -1 : x->index > y->index;
}

static const struct gt_model *sort_m;

static int by_name(const void *a, const void *b)
{
	const struct gt_atype *x = a, *y = b;
	return strcmp(gt_model_str(sort_m, x->type), gt_model_str(sort_m, y->type));
}

struct set {
	struct gt_ids map;  /* type string -> slot */
	struct gt_vec t;    /* struct gt_atype */
	struct gt_vec in;   /* struct inst */
};

#define TYPE(s, k) GT_VEC_AT((s)->t, struct gt_atype, k)
#define INST(s, i) GT_VEC_AT((s)->in, struct inst, i)

static int slot(struct set *s, gt_str type)
{
	uint32_t k = gt_ids_get(&s->map, type);
	if (k != UINT32_MAX)
		return (int)k;
	struct gt_atype *t = gt_vec_push(&s->t, sizeof *t);
	if (!t || gt_ids_put(&s->map, type, (uint32_t)(s->t.n - 1)) < 0)
		return -1;
	t->type = type;
	return (int)(s->t.n - 1);
}

static int add_inst(struct set *s, gt_str type, uint32_t index, int64_t begin, int64_t end,
                    int open)
{
	int k = slot(s, type);
	if (k < 0)
		return -1;
	struct gt_atype *t = &TYPE(s, k);
	if (begin == INT64_MIN) {
		t->before++; /* no begin in the trace: no duration */
		return 0;
	}
	if (open)
		t->open++;
	else
		t->count++;
	struct inst *in = gt_vec_push(&s->in, sizeof *in);
	if (!in)
		return -1;
	*in = (struct inst){(uint32_t)k, index, open ? INT64_MAX : end - begin};
	return 0;
}

/* Sorts the types by name and their instances by duration; fills the
 * duration figures of the ended ones.  0, or -1 out of memory. */
static int finish(struct set *s, const struct gt_model *m, struct gt_atype **out_t,
                  uint32_t *out_n, uint32_t **out_inst)
{
	uint32_t n = (uint32_t)s->t.n;
	size_t nin = s->in.n;
	struct gt_atype *ty = s->t.v;
	uint32_t *rank = malloc(((size_t)n + 1) * sizeof *rank);
	uint32_t *inst = malloc((nin + 1) * sizeof *inst);
	int64_t *d = malloc((nin + 1) * sizeof *d);
	if (!rank || !inst || !d) {
		free(rank);
		free(inst);
		free(d);
		return -1;
	}
	/* each type remembers its slot in rank while sorted */
	for (uint32_t i = 0; i < n; i++)
		ty[i].first = i;
	sort_m = m;
	if (n)
		qsort(ty, n, sizeof *ty, by_name);
	for (uint32_t i = 0; i < n; i++)
		rank[ty[i].first] = i;
	for (size_t i = 0; i < nin; i++)
		INST(s, i).type = rank[INST(s, i).type];
	if (nin)
		qsort(s->in.v, nin, sizeof(struct inst), by_type_dur);
	size_t at = 0;
	for (uint32_t k = 0; k < n; k++) {
		struct gt_atype *t = &ty[k];
		t->first = (uint32_t)at;
		size_t nd = 0;
		for (; at < nin && INST(s, at).type == k; at++) {
			inst[at] = INST(s, at).index;
			if (INST(s, at).dur != INT64_MAX)
				d[nd++] = INST(s, at).dur;
		}
		/* d is longest first: reverse into ascending for the ranks */
		for (size_t i = 0; i < nd / 2; i++) {
			int64_t x = d[i];
			d[i] = d[nd - 1 - i];
			d[nd - 1 - i] = x;
		}
		for (size_t i = 0; i < nd; i++)
			t->total_ns += d[i];
		if (nd) {
			t->min_ns = d[0];
			t->max_ns = d[nd - 1];
			t->p50_ns = gt_nearest_rank(d, nd, 50);
			t->p90_ns = gt_nearest_rank(d, nd, 90);
			t->p99_ns = gt_nearest_rank(d, nd, 99);
		}
	}
	free(rank);
	free(d);
	*out_t = ty;
	*out_n = n;
	*out_inst = inst;
	s->t = (struct gt_vec){NULL, 0, 0};
	return 0;
}

static void set_free(struct set *s)
{
	gt_ids_free(&s->map);
	gt_vec_free(&s->t);
	gt_vec_free(&s->in);
}

int gt_model_annotations(const struct gt_model *m, int64_t t0, int64_t t1,
                         struct gt_annotations *out)
{
	memset(out, 0, sizeof *out);
	struct set rs = {0}, ts = {0}, ls = {0};
	size_t n;
	const struct gt_region *r = gt_model_regions(m, &n);
	int fail = 0;
	for (size_t i = 0; i < n && !fail; i++) {
		/* a region belongs to the window its begin is in; one begun
		 * before the trace to the one its end is in */
		int64_t at = r[i].start == INT64_MIN ? r[i].end : r[i].start;
		if (at >= t0 && at < t1)
			fail = add_inst(&rs, r[i].type, (uint32_t)i, r[i].start, r[i].end,
			                r[i].open_at_end) < 0;
	}
	const struct gt_task *t = gt_model_tasks(m, &n);
	for (size_t i = 0; i < n && !fail; i++) {
		int64_t at = t[i].start == INT64_MIN ? t[i].end : t[i].start;
		if (at >= t0 && at < t1)
			fail = add_inst(&ts, t[i].type, (uint32_t)i, t[i].start, t[i].end,
			                t[i].end == INT64_MAX) < 0;
	}
	const struct gt_log *l = gt_model_logs(m, &n);
	for (size_t i = 0; i < n && !fail; i++) {
		if (l[i].ts < t0 || l[i].ts >= t1)
			continue;
		int k = slot(&ls, l[i].category);
		fail = k < 0;
		if (!fail)
			TYPE(&ls, k).count++;
	}
	uint32_t *none = NULL;
	fail = fail || finish(&rs, m, &out->region, &out->nregion, &out->region_inst) < 0 ||
	       finish(&ts, m, &out->task, &out->ntask, &out->task_inst) < 0 ||
	       finish(&ls, m, &out->log, &out->nlog, &none) < 0;
	free(none);
	set_free(&rs);
	set_free(&ts);
	set_free(&ls);
	if (fail) {
		gt_annotations_free(out);
		return -1;
	}
	return 0;
}

void gt_annotations_free(struct gt_annotations *a)
{
	free(a->region);
	free(a->task);
	free(a->log);
	free(a->region_inst);
	free(a->task_inst);
	memset(a, 0, sizeof *a);
}
