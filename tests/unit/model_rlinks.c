/* model_rlinks.c: model_rlinks TRACE...: the reverse links
 * (gt_model_g_caused, written at load) against the forward causes
 * (gt_model_g_transitions' by_g, the reference), one TAP point per
 * trace: every transition with a cause appears once under its causer and
 * nothing else does (compared as sorted lists), each causer's links come
 * in time order, slices (from, max) and the seek by time agree with the
 * whole list, and no cause went unlisted.  Run by tests/model-rlinks.t. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/model.h"
#include "tests/unit/slurp.h"

struct link {
	int64_t by, ts;
	uint32_t gi;
	uint8_t from, to;
};

struct links {
	struct link *v;
	size_t n, cap;
};

static int push(struct links *l, struct link x)
{
	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 1024;
		struct link *nv = realloc(l->v, cap * sizeof *nv);
		if (!nv)
			return -1;
		l->v = nv;
		l->cap = cap;
	}
	l->v[l->n++] = x;
	return 0;
}

struct fwd {
	struct links *l;
	uint32_t gi;
	int oom;
};

static int forward(void *ctx, const struct gt_gtrans *t)
{
	struct fwd *f = ctx;
	if (t->by_g != GT_NONE &&
	    push(f->l, (struct link){.by = t->by_g, .ts = t->ts, .gi = f->gi, .from = t->from,
	                             .to = t->to}) < 0)
		f->oom = 1;
	return f->oom;
}

static int cmp_link(const void *a, const void *b)
{
	const struct link *x = a, *y = b;
	if (x->by != y->by)
		return x->by < y->by ? -1 : 1;
	if (x->gi != y->gi)
		return x->gi < y->gi ? -1 : 1;
	if (x->ts != y->ts)
		return x->ts < y->ts ? -1 : 1;
	if (x->from != y->from)
		return x->from < y->from ? -1 : 1;
	return (x->to > y->to) - (x->to < y->to);
}

static int cmp_id(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
	return (x > y) - (x < y);
}

/* Causer by's links, checked for time order, slices and seeks, onto r;
 * a message in why when wrong. */
static int reverse(const struct gt_model *m, int64_t by, struct links *r, char *why, size_t wl)
{
	size_t n = gt_model_g_caused(m, by, 0, 0, NULL);
	if (!n)
		return 0;
	struct gt_gcause *c = calloc(n, sizeof *c), *part = calloc(n, sizeof *part);
	int rc = 0;
	if (!c || !part || gt_model_g_caused(m, by, 0, n, c) != n) {
		snprintf(why, wl, "G%" PRId64 ": no memory or the count changed", by);
		rc = -1;
	}
	/* the same in slices of 7 */
	for (size_t from = 0; !rc && from < n; from += 7)
		if (gt_model_g_caused(m, by, from, 7, part + from) != n)
			rc = -1;
	if (!rc && memcmp(c, part, n * sizeof *c)) {
		snprintf(why, wl, "G%" PRId64 ": the slices differ from the whole list", by);
		rc = -1;
	}
	for (size_t i = 0; !rc && i < n; i++) {
		if (i && c[i - 1].ts > c[i].ts) {
			snprintf(why, wl, "G%" PRId64 ": link %zu at %" PRId64 " after one at %" PRId64, by, i,
			         c[i].ts, c[i - 1].ts);
			rc = -1;
		}
		/* the seek: the first at or after a link's time */
		if (!rc && (i % 97 == 0 || i == n - 1)) {
			size_t at = gt_model_g_caused_at(m, by, c[i].ts);
			if (at > i || c[at].ts != c[i].ts || (at && c[at - 1].ts >= c[i].ts) ||
			    gt_model_g_caused_at(m, by, c[i].ts + 1) <= i) {
				snprintf(why, wl, "G%" PRId64 ": the seek to %" PRId64 " gives %zu (link %zu)", by,
				         c[i].ts, at, i);
				rc = -1;
			}
		}
		if (!rc && push(r, (struct link){.by = by, .ts = c[i].ts, .gi = c[i].gi,
		                                 .from = c[i].from, .to = c[i].to}) < 0)
			rc = -1;
	}
	free(c);
	free(part);
	return rc;
}

static int check(const char *path, int k)
{
	const char *name = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	size_t len;
	uint8_t *buf = slurp(path, &len);
	struct gt_decode_result res;
	struct gt_model *m = buf ? gt_model_load(buf, len, 0, NULL, NULL, &res) : NULL;
	if (!m) {
		printf("not ok %d - %s: cannot load\n", k, name);
		free(buf);
		return 1;
	}
	struct links f = {0}, r = {0};
	struct gt_trace_info in;
	gt_model_info(m, &in);
	uint32_t ng = (uint32_t)gt_model_g_count(m);
	int64_t *ids = malloc((ng + 1) * sizeof *ids);
	int oom = !ids;
	for (uint32_t gi = 0; gi < ng && !oom; gi++) {
		struct fwd fw = {.l = &f, .gi = gi};
		gt_model_g_transitions(m, gi, forward, &fw);
		oom = fw.oom;
		ids[gi] = gt_model_g_id(m, gi);
	}
	char why[256] = "";
	int bad = oom;
	if (!oom) { /* every goroutine's links: nothing but the causes */
		if (ng)
			qsort(ids, ng, sizeof *ids, cmp_id);
		for (uint32_t i = 0; i < ng && !bad; i++)
			if ((!i || ids[i] != ids[i - 1]) && reverse(m, ids[i], &r, why, sizeof why) < 0)
				bad = 1;
	}
	if (!bad && gt_model_g_caused(m, -12345, 0, 0, NULL)) {
		snprintf(why, sizeof why, "links under an id no goroutine has");
		bad = 1;
	}
	if (!bad) {
		if (f.n)
			qsort(f.v, f.n, sizeof *f.v, cmp_link);
		if (r.n)
			qsort(r.v, r.n, sizeof *r.v, cmp_link);
		size_t i = 0;
		while (i < f.n && i < r.n && !cmp_link(&f.v[i], &r.v[i]))
			i++;
		if (i < f.n || i < r.n) {
			const struct link *x = i < f.n ? &f.v[i] : &r.v[i];
			snprintf(why, sizeof why,
			         "%zu causes, %zu links; first difference: %s G%" PRId64 " -> gi %u at %" PRId64
			         " %d->%d",
			         f.n, r.n, i < f.n ? "cause" : "link", x->by, x->gi, x->ts, x->from, x->to);
			bad = 1;
		}
	}
	uint64_t unlisted = gt_model_g_caused_unlisted(m);
	if (!bad && unlisted) {
		snprintf(why, sizeof why, "%" PRIu64 " causes unlisted", unlisted);
		bad = 1;
	}
	if (bad)
		printf("not ok %d - %s: %s\n", k, name, oom ? "no memory" : why);
	else
		printf("ok %d - %s: %zu causes = %zu links, in time order, none unlisted\n", k, name, f.n,
		       r.n);
	free(f.v);
	free(r.v);
	free(ids);
	gt_model_free(m);
	free(buf);
	return bad;
}

int main(int argc, char **argv)
{
	printf("1..%d\n", argc - 1);
	int rc = 0;
	for (int i = 1; i < argc; i++)
		rc |= check(argv[i], i);
	return rc;
}
