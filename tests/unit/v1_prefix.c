/* v1_prefix.c: `v1_prefix BYTES TRACE...`: an old-format trace's time
 * prefix (gt_decode_opts.v1_index, decode/v1/prefix.c, the first frame
 * of a big file) against the whole load of the same file.  The whole
 * decode tells where pass 1's records are (v1_scanned); the prefix of
 * about BYTES bytes of batches, decoded from them, must deliver exactly
 * the whole's events before its first event at or after T (the prefix's
 * stats), in the same order, with the same times (real ones: the footer's
 * frequency is known), and so events of every P that has any before T.
 * Prints "# ..." lines; exit 1 on a difference, 2 when a file does not
 * decode. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decode/decode.h"
#include "decode/ids.h"
#include "slurp.h"

/* What is compared of an event (stacks and strings are the tables'
 * ids, numbered by each decode as it goes). */
struct ev {
	int64_t ts, g, p, m, id;
	uint64_t off;
	uint16_t kind, wire;
	uint8_t from, to;
};

struct evs {
	struct ev *v;
	size_t n, cap;
};

static int on_event(void *ctx, const struct gt_event *e, const struct gt_tables *t)
{
	(void)t;
	struct evs *s = ctx;
	if (e->kind == GT_EV_SYNC) /* one at each end of any decode */
		return 0;
	if (s->n == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 4096;
		s->v = realloc(s->v, s->cap * sizeof *s->v);
		if (!s->v)
			abort();
	}
	struct ev *x = &s->v[s->n++];
	memset(x, 0, sizeof *x);
	x->ts = e->ts, x->g = e->g, x->p = e->p, x->m = e->m, x->off = e->offset;
	x->kind = e->kind, x->wire = e->wire;
	if (e->kind == GT_EV_STATE_TRANSITION) {
		x->from = e->u.trans.from, x->to = e->u.trans.to;
		x->id = e->u.trans.id;
	}
	return 0;
}

struct index {
	uint64_t *recs;
	struct gt_ids exit_m;
	struct gt_v1_index ix;
};

static void on_scanned(void *ctx, const struct gt_v1_index *ix)
{
	struct index *x = ctx;
	if (!ix) /* no time prefix of this trace */
		return;
	x->recs = malloc((ix->nrecs + 1) * sizeof *x->recs);
	if (!x->recs)
		abort();
	memcpy(x->recs, ix->recs, ix->nrecs * sizeof *x->recs);
	if (ix->exit_m && gt_ids_copy(&x->exit_m, ix->exit_m) < 0)
		abort();
	x->ix = *ix;
	x->ix.recs = x->recs;
	x->ix.exit_m = ix->exit_m ? &x->exit_m : NULL;
}

static int same(const struct ev *a, const struct ev *b)
{
	return a->ts == b->ts && a->g == b->g && a->p == b->p && a->m == b->m &&
	       a->id == b->id && a->off == b->off && a->kind == b->kind && a->wire == b->wire &&
	       a->from == b->from && a->to == b->to;
}

static int check(const char *path, const uint8_t *buf, size_t len, uint64_t bytes)
{
	struct evs whole = {0}, pre = {0};
	struct index x = {0};
	struct gt_decode_opts o;
	gt_decode_opts_init(&o);
	o.v1_scanned = on_scanned;
	o.v1_scanned_ctx = &x;
	struct gt_sink sink = {.ctx = &whole, .event = on_event};
	struct gt_decode_result res;
	struct gt_tables *t = gt_tables_new();
	gt_decode_opts(buf, len, t, &sink, &o, &res);
	gt_tables_free(t);
	int rc = 0;
	if (res.status != GT_OK || !x.recs) {
		printf("# %s: %s, %s\n", path, gt_status_name(res.status),
		       x.recs ? "told its records" : "no records told");
		free(whole.v);
		free(x.recs);
		gt_ids_free(&x.exit_m);
		return res.format == 1 && res.version >= 11 ? 1 : 0;
	}
	struct gt_decode_stats st;
	memset(&st, 0, sizeof st);
	gt_decode_opts_init(&o);
	o.v1_index = &x.ix;
	o.v1_prefix = bytes;
	o.stats = &st;
	sink.ctx = &pre;
	t = gt_tables_new();
	gt_decode_opts(buf, len, t, &sink, &o, &res);
	gt_tables_free(t);
	int64_t until = st.v1_prefix_until;
	if (res.status == GT_OK) {
		/* the whole fit in the budget: the whole's events */
		rc = pre.n != whole.n;
		until = INT64_MAX;
	} else if (res.status != GT_TRUNCATED || !strstr(res.msg, "a time prefix") || until <= 0) {
		printf("# %s: prefix: %s: %s\n", path, gt_status_name(res.status), res.msg);
		rc = 1;
	}
	size_t i = 0;
	for (; !rc && i < pre.n; i++)
		if (i >= whole.n || !same(&pre.v[i], &whole.v[i]) || pre.v[i].ts >= until) {
			printf("# %s: prefix event %zu (offset %llu) differs from the whole's\n", path,
			       i, (unsigned long long)pre.v[i].off);
			rc = 1;
		}
	if (!rc && i < whole.n && whole.v[i].ts < until) {
		printf("# %s: the whole's event %zu (offset %llu) at %lld ns, before T, is missing\n",
		       path, i, (unsigned long long)whole.v[i].off, (long long)whole.v[i].ts);
		rc = 1;
	}
	/* the Ps with events before T, and those of the prefix */
	int64_t ps[64];
	size_t nps = 0, npre = 0;
	for (size_t k = 0; k < whole.n && whole.v[k].ts < until && nps < 64; k++) {
		size_t j = 0;
		while (j < nps && ps[j] != whole.v[k].p)
			j++;
		if (j == nps) {
			ps[nps++] = whole.v[k].p;
			for (size_t q = 0; q < pre.n; q++)
				if (pre.v[q].p == whole.v[k].p) {
					npre++;
					break;
				}
		}
	}
	if (!rc && npre != nps) {
		printf("# %s: %zu of the %zu Ps with events before T have some in the prefix\n", path,
		       npre, nps);
		rc = 1;
	}
	if (!rc)
		printf("# %s: %llu bytes: %zu of %zu events, to %.3f ms of %.3f ms (T %.3f ms, the "
		       "whole's next at %.3f ms), %zu Ps (%llu bytes of batches): 0 differ\n",
		       path, (unsigned long long)bytes, pre.n, whole.n,
		       pre.n ? (double)pre.v[pre.n - 1].ts / 1e6 : 0.0,
		       whole.n ? (double)whole.v[whole.n - 1].ts / 1e6 : 0.0,
		       until == INT64_MAX ? -1.0 : (double)until / 1e6,
		       pre.n < whole.n ? (double)whole.v[pre.n].ts / 1e6 : -1.0, nps,
		       (unsigned long long)st.v1_prefix_bytes);
	free(whole.v);
	free(pre.v);
	free(x.recs);
	gt_ids_free(&x.exit_m);
	return rc;
}

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: v1_prefix BYTES TRACE...\n");
		return 2;
	}
	uint64_t bytes = strtoull(argv[1], NULL, 10);
	int rc = 0;
	for (int i = 2; i < argc; i++) {
		size_t len;
		uint8_t *buf = slurp(argv[i], &len);
		if (!buf) {
			printf("# %s: unreadable\n", argv[i]);
			rc = 2;
			continue;
		}
		int v = gt_decode_version(buf, len);
		int r = v >= 7 && v <= 21 ? check(argv[i], buf, len, bytes) : 0;
		rc = r > rc ? r : rc;
		free(buf);
	}
	return rc;
}
