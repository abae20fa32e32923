/* grows.c: the per-goroutine rows of `gtview goroutines [--json]`, one
 * per goroutine in Go id order.  A listing has millions of rows: blocks
 * of them are read and formatted on two threads (gt_model_blocks_par),
 * each into its own buffer, and written out in order, so the output is
 * the one thread's byte for byte; the bytes are put together by hand
 * (report/jbuf.h), not by printf. */
#include "report/report.h"
#include "report/int.h"
#include "report/jbuf.h"
#include "model/gpar.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

struct reasons {
	struct gt_reason_time *v; /* kept by keep_reason, for one row */
	size_t n, cap;
	int nomem;
};

static void keep_reason(void *ctx, gt_str reason, int64_t ns)
{
	struct reasons *r = ctx;
	if (r->n == r->cap) {
		size_t cap = r->cap ? r->cap * 2 : 8;
		struct gt_reason_time *nv = realloc(r->v, cap * sizeof *nv);
		if (!nv) {
			r->nomem = 1;
			return;
		}
		r->v = nv;
		r->cap = cap;
	}
	r->v[r->n++] = (struct gt_reason_time){reason, 0, ns};
}

struct rows { /* one thread's */
	const struct gt_model *m;
	const uint32_t *order; /* goroutine indices in Go id order */
	FILE *fp;
	int json, window;
	int64_t t0, t1;
	struct gt_jbuf b; /* its blocks' rows, until write_block writes them */
	uint64_t end[GT_BLOCKS_AHEAD]; /* where each of them ends in b */
	int first, held;
	struct reasons rs;
	struct gt_jcache start, reason; /* text: the padded fields */
};

/* A row as JSON: the per-state and per-reason figures are the
 * goroutine's time in the window (gt_model_g_window, ns and r), which
 * --by-func sums. */
static void row_json(struct gt_jbuf *b, const struct gt_model *m, const struct gt_goroutine *g,
                     const int64_t *ns, const struct reasons *r)
{
	GT_JBUF_LIT(b, "{\"g\":");
	gt_jbuf_i64(b, g->id);
	GT_JBUF_LIT(b, ",\"start_func\":");
	gt_jbuf_str(b, g->start_func);
	GT_JBUF_LIT(b, ",\"end_state\":\"");
	const char *st = gt_gostate_name(g->end_state); /* our own names: no escapes */
	gt_jbuf_raw(b, st, strlen(st));
	GT_JBUF_LIT(b, "\",\"end_reason\":");
	gt_jbuf_str(b, g->end_reason);
	GT_JBUF_LIT(b, ",\"running_ns\":");
	gt_jbuf_i64(b, ns[GT_GS_RUNNING]);
	GT_JBUF_LIT(b, ",\"runnable_ns\":");
	gt_jbuf_i64(b, ns[GT_GS_RUNNABLE]);
	GT_JBUF_LIT(b, ",\"syscall_ns\":");
	gt_jbuf_i64(b, ns[GT_GS_SYSCALL]);
	GT_JBUF_LIT(b, ",\"waiting_ns\":");
	gt_jbuf_i64(b, ns[GT_GS_WAITING]);
	GT_JBUF_LIT(b, ",\"waiting_by_reason\":{");
	for (size_t i = 0; i < r->n; i++) {
		if (i)
			GT_JBUF_LIT(b, ",");
		gt_jbuf_str(b, r->v[i].reason);
		GT_JBUF_LIT(b, ":");
		gt_jbuf_i64(b, r->v[i].ns);
	}
	GT_JBUF_LIT(b, "},\"top_frame\":");
	gt_jbuf_str(b, gt_model_stack_top_func(m, g->end_stack));
	GT_JBUF_LIT(b, ",\"user_frame\":");
	gt_jbuf_str(b, gt_frame_func(m, gt_model_stack_user_frame(m, g->end_stack)));
	if (g->created != INT64_MIN) {
		GT_JBUF_LIT(b, ",\"created_ns\":");
		gt_jbuf_i64(b, g->created);
		GT_JBUF_LIT(b, ",\"creator\":");
		gt_jbuf_i64(b, g->creator);
	}
	GT_JBUF_LIT(b, "}\n");
}

/* printf's "%-Ns" and "%Ns": s padded with spaces to width bytes */
static void pad(struct gt_jbuf *b, size_t n)
{
	static const char sp[] = "                                                                ";
	for (; n > sizeof sp - 1; n -= sizeof sp - 1)
		gt_jbuf_raw(b, sp, sizeof sp - 1);
	gt_jbuf_raw(b, sp, n);
}

static void left(struct gt_jbuf *b, const char *s, size_t width)
{
	size_t n = strlen(s);
	gt_jbuf_raw(b, s, n);
	if (n < width)
		pad(b, width - n);
}

/* "%-Ns" of string s of the model ("" as or_else), made once per string
 * into c */
static void field(struct gt_jbuf *b, struct gt_jcache *c, const struct gt_model *m, gt_str s,
                  const char *or_else, size_t width)
{
	if (s >= c->nstr)
		s = 0; /* gt_model_str's "" */
	if (!c->len[s]) {
		/* escaped (escape.h), padded by the escaped form's columns */
		const char *t = gt_model_str(m, s);
		t = *t ? t : or_else;
		size_t cols = gt_esc_cols(t), n = gt_esc_buf(NULL, 0, t, strlen(t), 0);
		size_t w = n + (cols < width ? width - cols : 0);
		char *f = malloc(w + 1);
		if (!f || (gt_esc_buf(f, w + 1, t, strlen(t), 0), memset(f + n, ' ', w - n),
		           gt_jcache_put(c, s, f, w)) < 0) {
			free(f);
			b->err = 1;
			b->mark = 0; /* as jbuf's own failures: the slow path drops all */
			return;
		}
		free(f);
	}
	gt_jbuf_cached(b, c, s);
}

/* " %10s" of gt_report_dur(ns), the row's duration columns */
static void dur(struct gt_jbuf *b, int64_t ns)
{
	char *o = b->p + b->n;
	/* up to 99999.999s the figure fits in the column: written backwards
	 * into the 64 spare bytes, over 16 spaces */
	if (ns < INT64_C(99999999000000) && b->n < b->mark) {
		memcpy(o, "                ", 16);
		if (gt_report_dur_back(o + 11, ns)) {
			b->n += 11;
			return;
		}
	}
	char d[32];
	size_t n = strlen(gt_report_dur(d, sizeof d, ns));
	GT_JBUF_LIT(b, " ");
	if (n < 10)
		pad(b, 10 - n);
	gt_jbuf_raw(b, d, n);
}

/* The row for people: "%8" PRId64 "  %-40s %-9s %-24s %10s %10s %10s %10s\n"
 * (the header's columns in gt_report_grows). */
static void row_text(struct rows *rw, const struct gt_goroutine *g, const int64_t *ns)
{
	struct gt_jbuf *b = &rw->b;
	unsigned nd = g->id >= 0 ? gt_jbuf_digits((uint64_t)g->id) : 0;
	if (g->id >= 0 && nd <= 8 && b->n < b->mark) {
		memcpy(b->p + b->n, "          ", 10);
		gt_jbuf_put_digits(b->p + b->n + 8, (uint64_t)g->id);
		b->n += 10;
	} else {
		char d[32];
		int n = snprintf(d, sizeof d, "%8" PRId64 "  ", g->id);
		gt_jbuf_raw(b, d, (size_t)n);
	}
	field(b, &rw->start, rw->m, g->start_func, "?", 40);
	GT_JBUF_LIT(b, " ");
	left(b, gt_gostate_name(g->end_state), 9);
	GT_JBUF_LIT(b, " ");
	field(b, &rw->reason, rw->m, g->end_reason, "-", 24);
	dur(b, ns[GT_GS_RUNNING]);
	dur(b, ns[GT_GS_RUNNABLE]);
	dur(b, ns[GT_GS_SYSCALL]);
	dur(b, ns[GT_GS_WAITING]);
	GT_JBUF_LIT(b, "\n");
}

/* Goroutine gi's row, if it has one: with a window, only when it has an
 * interval there (its intervals in the window are read first: over a
 * small window most goroutines have none, and their facts are not read). */
static int row(struct rows *rw, uint32_t gi)
{
	const struct gt_model *m = rw->m;
	int64_t ns[GT_GS__COUNT];
	struct gt_goroutine g;
	int rc;
	rw->rs.n = 0;
	if (rw->window) {
		if (!gt_model_g_may_meet(m, gi, rw->t0, rw->t1))
			return 0;
		uint32_t spans = gt_model_g_window(m, gi, rw->t0, rw->t1, ns,
		                                   rw->json ? keep_reason : NULL, &rw->rs);
		if (rw->rs.nomem)
			return -1;
		if (!spans)
			return 0;
		rc = gt_model_g(m, gi, &g);
	} else { /* the whole trace's reasons come with the facts, in one walk */
		rc = rw->json ? gt_model_g_reasons(m, gi, &g, keep_reason, &rw->rs) : gt_model_g(m, gi, &g);
	}
	if (rc < 0 || rw->rs.nomem)
		return -1;
	if (!g.intervals)
		return 0; /* seen only as an event's context: no states */
	const int64_t *t = rw->window ? ns : g.ns;
	if (rw->json)
		row_json(&rw->b, m, &g, t, &rw->rs);
	else
		row_text(rw, &g, t);
	return 0;
}

static int each_block(void *ctx, uint32_t lo, uint32_t hi)
{
	struct rows *rw = ctx;
	for (uint32_t r = lo; r < hi && !rw->b.err; r++)
		if (row(rw, rw->order[r]) < 0)
			return -1;
	rw->end[(rw->first + rw->held++) % GT_BLOCKS_AHEAD] = gt_jbuf_pos(&rw->b);
	return rw->b.err ? -1 : 0;
}

/* The thread's oldest block not written yet, in its turn. */
static int write_block(void *ctx)
{
	struct rows *rw = ctx;
	uint64_t end = rw->end[rw->first];
	rw->first = (rw->first + 1) % GT_BLOCKS_AHEAD;
	rw->held--;
	return gt_jbuf_out(&rw->b, rw->fp, end);
}

int gt_report_grows(FILE *fp, const struct gt_model *m, int json, int64_t t0, int64_t t1)
{
	uint32_t n = gt_model_g_count(m);
	const uint32_t *order = n ? gt_model_g_order(m) : NULL;
	if (n && !order)
		return -1;
	if (!json)
		fprintf(fp, "%8s  %-40s %-9s %-24s %10s %10s %10s %10s\n", "G", "START FUNCTION",
		        "END", "REASON", "RUNNING", "RUNNABLE", "SYSCALL", "WAITING");
	struct rows rw[2];
	for (int k = 0; k < 2; k++) {
		rw[k] = (struct rows){.m = m, .order = order, .fp = fp, .json = json,
		                      .window = t0 != INT64_MIN || t1 != INT64_MAX, .t0 = t0, .t1 = t1};
		gt_jbuf_init(&rw[k].b, NULL, m);
		if (!json && (gt_jcache_init(&rw[k].start, m) < 0 || gt_jcache_init(&rw[k].reason, m) < 0))
			rw[k].b.err = 1;
	}
	/* blocks of some thousand rows, a few ms of work each; smaller ones
	 * for small models, so that two threads meet there too */
	uint32_t block = n / 256 < 16 ? 16 : n / 256 > 4096 ? 4096 : n / 256;
	void *ctx[2] = {&rw[0], &rw[1]};
	int rc = rw[0].b.err || rw[1].b.err ? -1 :
	         gt_model_blocks_par(m, n, block, each_block, write_block, ctx) < 0 ? -1 : 0;
	for (int k = 0; k < 2; k++) {
		if (gt_jbuf_end(&rw[k].b) < 0)
			rc = -1;
		free(rw[k].rs.v);
		gt_jcache_free(&rw[k].start);
		gt_jcache_free(&rw[k].reason);
	}
	return rc;
}
