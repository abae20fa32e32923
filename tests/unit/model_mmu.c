/* model_mmu.c: the MMU's fast path (model/mmu.c: bands, bounds, skips)
 * against the reference path, the exhaustive sweep that evaluates a
 * window starting at every position where an edge meets a step, on real
 * traces (tests/model-mmu-fast.t hands them).  For each trace: the curve
 * (gt_model_mmu_curve) and gt_model_mmus at the curve's widths, the
 * report's 1, 10, 100 ms and widths in between, each equal to the
 * reference's within 1e-12.  TAP, one point per trace.
 *
 *   model_mmu TRACE...
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "bench/map_file.h"
#include "model/mmu.h"

/* The integral of the steps up to t. */
static double integral(const struct gt_mmu_steps *s, int64_t t)
{
	size_t lo = 0, hi = s->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (s->ts[mid] <= t)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo)
		return 0;
	return s->cum[lo - 1] + s->util[lo - 1] * (double)(t - s->ts[lo - 1]);
}

/* The least mean over every window of width w starting at a step or
 * ending at one (clipped to the trace): where the minimum must lie. */
static double ref_mmu(const struct gt_mmu_steps *s, int64_t w)
{
	int64_t t0 = s->t0, t1 = s->t1;
	if (w >= t1 - t0)
		return (integral(s, t1) - integral(s, t0)) / (double)(t1 - t0);
	double res = 1;
	for (int k = 0; k < 2; k++)
		for (size_t i = 0; i < s->n; i++) {
			int64_t x = k ? s->ts[i] - w : s->ts[i];
			x = x < t0 ? t0 : x > t1 - w ? t1 - w : x;
			double u = (integral(s, x + w) - integral(s, x)) / (double)w;
			res = u < res ? u : res;
		}
	return res < 0 ? 0 : res;
}

static int check(const char *path, int *bad)
{
	size_t len;
	void *buf = bench_map_file("model_mmu", path, &len);
	if (!buf)
		return -1;
	struct gt_decode_result res;
	struct gt_model *m = gt_model_load(buf, len, 1, NULL, NULL, &res);
	if (!m)
		return -1;
	int64_t w[GT_MMU_CURVE_POINTS + 64];
	double fast[GT_MMU_CURVE_POINTS + 64], fast1[GT_MMU_CURVE_POINTS + 64];
	int nc = gt_model_mmu_curve(m, w, fast, GT_MMU_CURVE_POINTS);
	const struct gt_mmu_steps *s = gt_model_mmu_steps(m);
	int rc = 0;
	if (nc < 0 || !s) {
		rc = !s && nc < 0 ? 1 : -1; /* no data: both must say so */
		goto out;
	}
	/* the curve: each point is the least of the reference at its width
	 * and at every wider one */
	double least = 2;
	for (int k = nc; k-- > 0;) {
		double r = ref_mmu(s, w[k]);
		least = r < least ? r : least;
		if (fabs(least - fast[k]) > 1e-12) {
			printf("# %s: curve at %" PRId64 " ns: %.17g, reference %.17g\n", path, w[k], fast[k], least);
			(*bad)++;
		}
	}
	/* single widths: the curve's, the report's, and others between */
	size_t n = (size_t)nc;
	static const int64_t more[] = {1, 999, 1000000, 10000000, 100000000, 3, 77777, 5000001};
	for (size_t k = 0; k < sizeof more / sizeof *more; k++)
		w[n++] = more[k];
	for (int k = 0; k < 40; k++)
		w[n++] = (w[k % nc] + w[(k + 7) % nc]) / 2 + k;
	if (gt_model_mmus(m, w, n, fast1) < 0) {
		rc = -1;
		goto out;
	}
	for (size_t k = 0; k < n; k++) {
		double r = ref_mmu(s, w[k]);
		if (fabs(r - fast1[k]) > 1e-12) {
			printf("# %s: mmu at %" PRId64 " ns: %.17g, reference %.17g\n", path, w[k], fast1[k], r);
			(*bad)++;
		}
	}
	rc = 1;
out:
	gt_model_free(m);
	munmap(buf, len);
	return rc;
}

int main(int argc, char **argv)
{
	printf("1..%d\n", argc - 1);
	int failed = 0;
	for (int i = 1; i < argc; i++) {
		int bad = 0;
		int rc = check(argv[i], &bad);
		if (rc < 0 || bad)
			failed++;
		printf("%s %d - %s: fast MMU equals the reference%s\n", rc < 0 || bad ? "not ok" : "ok", i,
		       argv[i], rc < 0 ? " (no model or no data on one side only)" : "");
	}
	return failed ? 1 : 0;
}
