/* model_colshare.c: `model_colshare TRACE...` (tests/model-colshare.t):
 * the share of a lane column each state takes (gt_col_share,
 * gt_col_eighths over gt_model_lane_columns: the column summaries, read
 * through the logs' chunk index) against a reference worked out here from
 * the spans themselves (gt_model_g_spans, gt_model_p_spans: each span's
 * time cut at the column bounds, split as model/cols.h says): every
 * goroutine lane and every P lane of each trace, over the whole trace and
 * a random part of it, in 1, 7, 119 and 200 columns.
 * Prints "# ..." lines on a difference and exits 1; 2 on a load error. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace_main.h"
#include "xorshift.h"

#define MAXCOLS 200

/* The reference: time per class in each column, from the spans. */
struct ref {
	int64_t t0, t1;
	uint32_t n;
	int64_t edge[MAXCOLS + 1];
	int64_t ns[MAXCOLS][GT_COL_CLASSES];
};

/* Column i of n over [t0, t1) begins at t0 + (int64_t)(w * i), w the
 * width in double (model/cols.h, written again here). */
static void ref_init(struct ref *r, int64_t t0, int64_t t1, uint32_t n)
{
	memset(r, 0, sizeof *r);
	r->t0 = t0;
	r->t1 = t1;
	r->n = n;
	double w = (double)(t1 - t0) / n;
	for (uint32_t i = 0; i < n; i++)
		r->edge[i] = t0 + (int64_t)(w * i);
	r->edge[n] = t1;
}

static void ref_add(struct ref *r, int64_t start, int64_t end, unsigned cls)
{
	for (uint32_t i = 0; i < r->n; i++) {
		int64_t a = start > r->edge[i] ? start : r->edge[i];
		int64_t z = end < r->edge[i + 1] ? end : r->edge[i + 1];
		if (z > a && cls < GT_COL_CLASSES)
			r->ns[i][cls] += z - a;
	}
}

static int g_span(void *ctx, const struct gt_gspan *s)
{
	ref_add(ctx, s->start, s->end, s->state);
	return 0;
}

static int p_span(void *ctx, const struct gt_pspan *s)
{
	ref_add(ctx, s->start, s->end, s->gc);
	return 0;
}

/* The definition, said again: the time over the width; in eighths to the
 * nearest, but 1 for any time at all. */
static double ref_share(const struct ref *r, uint32_t i, unsigned mask, unsigned *eighths)
{
	int64_t ns = 0, width = r->edge[i + 1] - r->edge[i];
	for (unsigned k = 0; k < GT_COL_CLASSES; k++)
		if (mask >> k & 1)
			ns += r->ns[i][k];
	if (ns <= 0 || width <= 0) {
		*eighths = 0;
		return 0;
	}
	double s = ns >= width ? 1 : (double)ns / (double)width;
	*eighths = (unsigned)floor(8 * s + 0.5);
	if (!*eighths)
		*eighths = 1;
	return s;
}

static size_t checked, bad;

/* Lane (kind, index) in the reference's columns: each class alone and,
 * on a P lane, the busy classes together. */
static void compare(const struct gt_model *m, enum gt_lane_kind kind, uint32_t index,
                    const struct ref *r, const char *path)
{
	static struct gt_col cols[MAXCOLS];
	gt_model_lane_columns(m, kind, index, r->t0, r->t1, r->n, cols);
	unsigned masks[GT_COL_CLASSES + 1], nm = 0;
	for (unsigned k = 0; k < GT_COL_CLASSES; k++)
		masks[nm++] = 1u << k;
	if (kind == GT_LANE_P)
		masks[nm++] = 3;
	for (uint32_t i = 0; i < r->n; i++)
		for (unsigned q = 0; q < nm; q++) {
			unsigned e;
			double s = ref_share(r, i, masks[q], &e);
			checked++;
			if (gt_col_share(&cols[i], masks[q]) == s && gt_col_eighths(&cols[i], masks[q]) == e &&
			    cols[i].width == r->edge[i + 1] - r->edge[i])
				continue;
			if (bad++ < 10)
				printf("# %s: %s lane %u, column %u of %u over [%" PRId64 ", %" PRId64
				       "), classes %#x: share %.9f, %u eighths, width %" PRId64
				       "; the spans say %.9f, %u, %" PRId64 "\n",
				       path, kind == GT_LANE_G ? "G" : "P", index, i, r->n, r->t0, r->t1, masks[q],
				       gt_col_share(&cols[i], masks[q]), gt_col_eighths(&cols[i], masks[q]),
				       cols[i].width, s, e, r->edge[i + 1] - r->edge[i]);
		}
}

static int one(const char *path, struct gt_model *m, uint64_t *rng)
{
	struct gt_trace_info info;
	gt_model_info(m, &info);
	static struct ref r;
	static const uint32_t ns[] = {1, 7, 119, MAXCOLS};
	size_t before = bad;
	uint32_t ng = gt_model_g_count(m), np = gt_model_p_count(m);
	for (int w = 0; w < 2; w++) {
		int64_t t0 = info.min_ts, t1 = info.max_ts + 1;
		if (w) { /* a random part, a tenth of the trace or less */
			uint64_t span = (uint64_t)(t1 - t0);
			int64_t a = t0 + (int64_t)(xorshift64(rng) % span);
			t1 = a + 1 + (int64_t)(xorshift64(rng) % (span / 10 + 1));
			t0 = a;
		}
		for (size_t k = 0; k < sizeof ns / sizeof ns[0]; k++) {
			for (uint32_t gi = 0; gi < ng; gi++) {
				ref_init(&r, t0, t1, ns[k]);
				gt_model_g_spans(m, gi, t0, t1, g_span, &r);
				compare(m, GT_LANE_G, gi, &r, path);
			}
			for (uint32_t pi = 0; pi < np; pi++) {
				ref_init(&r, t0, t1, ns[k]);
				gt_model_p_spans(m, pi, t0, t1, p_span, &r);
				compare(m, GT_LANE_P, pi, &r, path);
			}
		}
	}
	printf("# %s: %u goroutine and %u P lanes, %zu shares differ\n", path, ng, np, bad - before);
	return bad > before;
}

int main(int argc, char **argv)
{
	int rc = trace_main(argc, argv, "model_colshare", one);
	printf("# %zu shares checked\n", checked);
	return checked ? rc : 1;
}
