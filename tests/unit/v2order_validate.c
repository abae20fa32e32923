/* v2order_validate.c: the v2 event stream (reader + orderer) checked by a
 * port of the validator of Go's trace tests (golang/exp trace/internal/
 * testtrace/validation.go): times strictly increase, Syncs count up,
 * every goroutine and P transition starts from the state the last one
 * left, executing goroutines and Ps are bound to one thread, ranges begin
 * before they end, task types match.  On the committed fixtures, and on
 * the corpus traces when $GT_CORPUS has them. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>
#include "decode/decode.h"
#include "decode/v2/order_int.h"

struct vres { uint8_t kind; int64_t id; gt_str name; };
struct vthread { int64_t m, p, g; };

struct val {
	int64_t last_ts;
	uint64_t last_sync;
	struct v2o_idmap gmap, pmap, mmap, tmap;
	uint8_t *gst; int32_t *gbind; uint32_t ng, gcap;
	uint8_t *pst; int32_t *pbind; uint32_t np, pcap;
	struct vthread *ms; uint32_t nm, mcap;
	gt_str *ttype; uint32_t nt, tcap;
	struct vres *rs; uint32_t nrs, rscap;
	uint64_t errors, events;
	char first[300];
};

static void verr(struct val *v, const struct gt_event *e, const char *fmt, ...)
{
	if (!v->errors++) {
		int n = snprintf(v->first, sizeof v->first, "event %llu (offset %llu, wire %u): ",
		                 (unsigned long long)v->events, (unsigned long long)e->offset, e->wire);
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(v->first + n, sizeof v->first - (size_t)n, fmt, ap);
		va_end(ap);
	}
}

#define GROW(arr, n, cap) do { \
		if ((n) == (cap)) { \
			(cap) = (cap) ? (cap) * 2 : 64; \
			(arr) = realloc((arr), sizeof *(arr) * (cap)); \
			assert_non_null(arr); \
		} \
	} while (0)

static uint32_t thread_of(struct val *v, int64_t m)
{
	uint32_t i = gt_v2o_idmap_get(&v->mmap, (uint64_t)m);
	if (i != UINT32_MAX)
		return i;
	GROW(v->ms, v->nm, v->mcap);
	v->ms[v->nm] = (struct vthread){ m, GT_NONE, GT_NONE };
	assert_int_equal(gt_v2o_idmap_put(&v->mmap, (uint64_t)m, v->nm), 0);
	return v->nm++;
}

static int has_range(struct val *v, uint8_t kind, int64_t id, gt_str name)
{
	for (uint32_t i = 0; i < v->nrs; i++)
		if (v->rs[i].kind == kind && v->rs[i].id == id && (!name || v->rs[i].name == name))
			return 1;
	return 0;
}

static void del_range(struct val *v, uint8_t kind, int64_t id, gt_str name)
{
	for (uint32_t i = 0; i < v->nrs; i++)
		if (v->rs[i].kind == kind && v->rs[i].id == id && v->rs[i].name == name) {
			v->rs[i] = v->rs[--v->nrs];
			return;
		}
}

static void check_stack(struct val *v, const struct gt_event *e, const struct gt_tables *t, gt_stack s)
{
	size_t n = gt_stack_depth(t, s);
	const uint32_t *f = gt_stack_frames(t, s);
	for (size_t i = 1; i < n; i++) {
		const struct gt_frame *fr = gt_frame_get(t, f[i]);
		if (!fr->func || !fr->file || !fr->pc || !fr->line)
			verr(v, e, "invalid stack frame: missing information");
	}
}

static int executing_g(uint8_t s) { return s == GT_GS_RUNNING || s == GT_GS_SYSCALL; }

/* One goroutine (is_g) or P transition. */
static void transition(struct val *v, const struct gt_event *e, int is_g)
{
	int64_t id = e->u.trans.id;
	uint8_t from = e->u.trans.from, to = e->u.trans.to;
	struct v2o_idmap *map = is_g ? &v->gmap : &v->pmap;
	const char *what = is_g ? "goroutine" : "proc";
	if (to == 0)
		verr(v, e, "transition to undetermined state for %s %lld", what, (long long)id);
	if (v->last_sync > 1 && from == 0)
		verr(v, e, "undetermined %s %lld after first global sync", what, (long long)id);
	if (to == 1 && has_range(v, is_g ? GT_RES_GOROUTINE : GT_RES_PROC, id, 0))
		verr(v, e, "%s %lld died with active ranges", what, (long long)id);
	uint32_t i = gt_v2o_idmap_get(map, (uint64_t)id);
	uint8_t **st = is_g ? &v->gst : &v->pst;
	int32_t **bind = is_g ? &v->gbind : &v->pbind;
	if (i != UINT32_MAX) {
		if (from != (*st)[i])
			verr(v, e, "bad old state for %s %lld: got %u, want %u", what, (long long)id, from, (*st)[i]);
	} else {
		if (from != 0 && from != 1)
			verr(v, e, "bad old state for unregistered %s %lld: %u", what, (long long)id, from);
		uint32_t *n = is_g ? &v->ng : &v->np, *cap = is_g ? &v->gcap : &v->pcap;
		if (*n == *cap) {
			*cap = *cap ? *cap * 2 : 64;
			*st = realloc(*st, *cap);
			*bind = realloc(*bind, sizeof **bind * *cap);
			assert_non_null(*st);
			assert_non_null(*bind);
		}
		i = (*n)++;
		(*bind)[i] = -1;
		assert_int_equal(gt_v2o_idmap_put(map, (uint64_t)id, i), 0);
	}
	(*st)[i] = to;
	int ex_to = is_g ? executing_g(to) : to == GT_PS_RUNNING;
	int ex_from = is_g ? executing_g(from) : from == GT_PS_RUNNING;
	if (ex_to) {
		if (e->m == GT_NONE) {
			verr(v, e, "must have thread, but thread ID is none");
			return;
		}
		uint32_t ti = thread_of(v, e->m);
		int64_t *slot = is_g ? &v->ms[ti].g : &v->ms[ti].p;
		if (*slot != GT_NONE && *slot != id)
			verr(v, e, "tried to run %s %lld when one was already executing (%lld) on thread %lld",
			     what, (long long)id, (long long)*slot, (long long)e->m);
		*slot = id;
		(*bind)[i] = (int32_t)ti;
	} else if (ex_from) {
		if (is_g && e->u.trans.stack != e->stack)
			verr(v, e, "StateTransition.Stack doesn't match Event.Stack");
		int32_t ti = (*bind)[i];
		if (ti < 0) {
			verr(v, e, "stopping %s %lld not bound to any active context", what, (long long)id);
			return;
		}
		int64_t *slot = is_g ? &v->ms[ti].g : &v->ms[ti].p;
		if (*slot != id)
			verr(v, e, "tried to stop %s %lld when it wasn't currently executing (%lld)",
			     what, (long long)id, (long long)*slot);
		*slot = GT_NONE;
		(*bind)[i] = -1;
	}
}

static int on_event(void *ctx, const struct gt_event *e, const struct gt_tables *t)
{
	struct val *v = ctx;
	v->events++;
	if (v->last_ts && e->ts <= v->last_ts)
		verr(v, e, "timestamp out-of-order (want > %lld): %lld", (long long)v->last_ts, (long long)e->ts);
	if (!v->last_ts || e->ts > v->last_ts)
		v->last_ts = e->ts;
	check_stack(v, e, t, e->stack);
	switch (e->kind) {
	case GT_EV_SYNC:
		if (e->u.sync.n != v->last_sync + 1)
			verr(v, e, "sync count is not sequential: expected %llu, got %llu",
			     (unsigned long long)v->last_sync + 1, (unsigned long long)e->u.sync.n);
		v->last_sync = e->u.sync.n;
		break;
	case GT_EV_METRIC:
		if (!strchr(gt_str_get(t, e->u.metric.name), ':'))
			verr(v, e, "invalid metric name");
		break;
	case GT_EV_LABEL:
		if (!gt_str_len(t, e->u.label.label))
			verr(v, e, "invalid label");
		if (gt_v2o_idmap_get(&v->gmap, (uint64_t)e->u.label.g) == UINT32_MAX)
			verr(v, e, "label for invalid goroutine %lld", (long long)e->u.label.g);
		break;
	case GT_EV_STATE_TRANSITION:
		check_stack(v, e, t, e->u.trans.stack);
		transition(v, e, e->u.trans.resource == GT_RES_GOROUTINE);
		break;
	case GT_EV_RANGE_BEGIN:
	case GT_EV_RANGE_ACTIVE:
	case GT_EV_RANGE_END: {
		uint8_t sk = e->u.range.scope;
		int64_t sid = sk ? e->u.range.scope_id : 0;
		gt_str nm = e->u.range.name;
		int has = has_range(v, sk, sid, nm);
		if (e->kind == GT_EV_RANGE_BEGIN && has)
			verr(v, e, "already active range %s begun again", gt_str_get(t, nm));
		if (e->kind == GT_EV_RANGE_END) {
			if (!has)
				verr(v, e, "inactive range %s ended", gt_str_get(t, nm));
			del_range(v, sk, sid, nm);
		} else if (e->kind == GT_EV_RANGE_BEGIN || !has) {
			GROW(v->rs, v->nrs, v->rscap);
			v->rs[v->nrs++] = (struct vres){ sk, sid, nm };
		}
		break;
	}
	case GT_EV_TASK_BEGIN: {
		if (e->u.task.id == GT_NO_TASK || e->u.task.id == 0)
			verr(v, e, "found invalid task ID");
		if (e->u.task.parent == 0)
			verr(v, e, "found background task as the parent");
		uint32_t i = gt_v2o_idmap_get(&v->tmap, e->u.task.id);
		if (i == UINT32_MAX) {
			GROW(v->ttype, v->nt, v->tcap);
			i = v->nt++;
			assert_int_equal(gt_v2o_idmap_put(&v->tmap, e->u.task.id, i), 0);
		}
		v->ttype[i] = e->u.task.type;
		break;
	}
	case GT_EV_TASK_END: {
		uint32_t i = gt_v2o_idmap_get(&v->tmap, e->u.task.id);
		if (i != UINT32_MAX) {
			if (v->ttype[i] != e->u.task.type)
				verr(v, e, "task end type doesn't match task start type for task %llu",
				     (unsigned long long)e->u.task.id);
			gt_v2o_idmap_del(&v->tmap, e->u.task.id);
		}
		break;
	}
	default:
		break;
	}
	return 0;
}

static void val_free(struct val *v)
{
	gt_v2o_idmap_free(&v->gmap);
	gt_v2o_idmap_free(&v->pmap);
	gt_v2o_idmap_free(&v->mmap);
	gt_v2o_idmap_free(&v->tmap);
	free(v->gst); free(v->gbind); free(v->pst); free(v->pbind);
	free(v->ms); free(v->ttype); free(v->rs);
}

/* Decodes and validates path; returns 0 when absent, else events seen. */
static uint64_t validate_file(const char *path, int must_be_ok)
{
	int fd = open(path, O_RDONLY);
	if (fd < 0)
		return 0;
	struct stat st;
	assert_int_equal(fstat(fd, &st), 0);
	void *buf = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	assert_true(buf != MAP_FAILED);
	struct val v;
	memset(&v, 0, sizeof v);
	struct gt_tables *t = gt_tables_new();
	struct gt_sink sink = {.ctx = &v, .event = on_event, .progress = NULL};
	struct gt_decode_result res;
	memset(&res, 0, sizeof res);
	enum gt_status rc = gt_decode(buf, (size_t)st.st_size, t, &sink, &res);
	if (v.errors)
		print_error("%s: %llu validation errors, first: %s\n", path,
		            (unsigned long long)v.errors, v.first);
	if (must_be_ok && rc != GT_OK)
		print_error("%s: %s at %llu: %s\n", path, gt_status_name(rc),
		            (unsigned long long)res.offset, res.msg);
	uint64_t n = v.events, errs = v.errors;
	gt_tables_free(t);
	val_free(&v);
	munmap(buf, (size_t)st.st_size);
	close(fd);
	assert_int_equal(errs, 0);
	if (must_be_ok)
		assert_int_equal(rc, GT_OK);
	else
		assert_true(rc == GT_OK || rc == GT_TRUNCATED);
	return n;
}

static void test_fixtures(void **state)
{
	(void)state;
	static const char *const fx[] = {
		"tests/fixtures/esbuild_go122.trace", "tests/fixtures/esbuild_go123.trace",
		"tests/fixtures/esbuild_go125.trace", "tests/fixtures/esbuild_go126.trace",
	};
	for (size_t i = 0; i < sizeof fx / sizeof fx[0]; i++)
		assert_true(validate_file(fx[i], 1) > 1000);
}

static void test_corpus(void **state)
{
	(void)state;
	static const char *const names[] = {
		"v2/esbuild_small_go126.trace", "v2/esbuild_watch_go122.trace",
		"v2/esbuild_watch_go123.trace", "v2/esbuild_watch_go125.trace",
		"v2/esbuild_watch_go126.trace", "truncated/esbuild_watch_go123_cut.trace",
		"truncated/esbuild_watch_go126_cut.trace",
	};
	const char *corpus = getenv("GT_CORPUS");
	if (!corpus || access(corpus, R_OK) != 0)
		skip();
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		char path[4096];
		snprintf(path, sizeof path, "%s/%s", corpus, names[i]);
		validate_file(path, strncmp(names[i], "truncated/", 10) != 0);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fixtures),
		cmocka_unit_test(test_corpus),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
