/* digest.c: `model-digest TRACE...`: loads each trace with gt_model_load
 * and prints one hash per part of what the model serves (every query of
 * model.h, over whole ranges and a few windows), so that speed work on the
 * model can prove it changed no answer: diff the output of two builds.
 * Lines: "NAME PART HASH"; PART all is the hash of the other parts.
 * model_bytes (memory held) is printed apart: it may change with layout.
 * history (goroutine histories and reverse links) and greasons (the
 * reasons of goroutine lane columns) are left out of all.
 * GT_DIGEST_NO_LANE_TOP=1 leaves out the top of P and M lane columns (to
 * check that a change moved nothing else).
 * `model-digest --stream SEED TRACE|- [MAXCHUNK]` reads the trace the way
 * the viewer reads a pipe (model/stream.h) and checks each model shown
 * before the end against a load of its bytes (an old-format trace's
 * steps come with each chunk: MAXCHUNK, 65536 unless given, makes more
 * of them).  `model-digest --file FIRST TRACE` loads it as the viewer
 * loads a file (a first model of a prefix meanwhile, said on stderr):
 * the digest must be a plain load's. */
#include "bench/map_file.h"
#include "cmd/load_opts.h"
#include "model/model.h"
#include "model/stream.h"

#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* FNV-1a over values fed one field at a time (no struct padding). */
struct h { uint64_t v; };
static void hb(struct h *h, const void *p, size_t n)
{
	const uint8_t *b = p;
	for (size_t i = 0; i < n; i++) {
		h->v ^= b[i];
		h->v *= 0x100000001b3ull;
	}
}
static void hi(struct h *h, int64_t x) { hb(h, &x, sizeof x); }
static void hd(struct h *h, double x)
{
	int64_t q;
	memcpy(&q, &x, sizeof q);
	hi(h, q);
}
static void hinit(struct h *h) { h->v = 0xcbf29ce484222325ull; }

static int pspan(void *ctx, const struct gt_pspan *s)
{
	struct h *h = ctx;
	hi(h, s->start);
	hi(h, s->end);
	hi(h, s->g);
	hi(h, s->gc);
	return 0;
}

static int gspan(void *ctx, const struct gt_gspan *s)
{
	struct h *h = ctx;
	hi(h, s->start);
	hi(h, s->end);
	hi(h, s->state);
	hi(h, s->reason);
	hi(h, s->stack);
	hi(h, s->p);
	return 0;
}

static int gtrans(void *ctx, const struct gt_gtrans *t)
{
	struct h *h = ctx;
	hi(h, t->ts);
	hi(h, t->seq);
	hi(h, t->from);
	hi(h, t->to);
	hi(h, t->reason);
	hi(h, t->stack);
	hi(h, t->by_g);
	hi(h, t->by_stack);
	return 0;
}

static void reason_ns(void *ctx, gt_str r, int64_t ns)
{
	struct h *h = ctx;
	hi(h, r);
	hi(h, ns);
}

/* The G lane columns' reasons (newer than the other parts: apart from
 * all, as history is). */
static struct h greasons;

static void cols(struct h *h, const struct gt_model *m, enum gt_lane_kind k, uint32_t i,
                 int64_t t0, int64_t t1, uint32_t n)
{
	struct gt_col c[1000];
	gt_model_lane_columns(m, k, i, t0, t1, n, c);
	for (uint32_t j = 0; j < n; j++) {
		for (int q = 0; q < GT_COL_CLASSES; q++)
			hi(h, c[j].ns[q]);
		hi(h, c[j].spans);
		if (k == GT_LANE_G || !getenv("GT_DIGEST_NO_LANE_TOP"))
			hi(h, c[j].top);
		if (k == GT_LANE_G)
			hi(&greasons, c[j].reason);
	}
}

static void range_set(struct h *h, const struct gt_model *m, enum gt_range_set s, int64_t a, int64_t z)
{
	size_t n;
	const struct gt_range *r = gt_model_ranges(m, s, &n);
	hi(h, (int64_t)n);
	for (size_t i = 0; i < n; i++) {
		hi(h, r[i].start);
		hi(h, r[i].end);
		hi(h, r[i].who);
		hi(h, r[i].reason);
		hi(h, r[i].active_at_start);
		hi(h, r[i].open_at_end);
		hi(h, (int64_t)r[i].swept);
		hi(h, (int64_t)r[i].reclaimed);
	}
	for (int k = 0; k <= 16; k++)
		hi(h, (int64_t)gt_model_ranges_from(m, s, a + (z - a) / 16 * k));
}

static int quiet; /* put() prints nothing (the stream's checks) */

static void put(const char *name, const char *part, struct h *h, struct h *all)
{
	if (!quiet)
		printf("%s %s %016" PRIx64 "\n", name, part, h->v);
	hi(all, (int64_t)h->v);
}

/* The digest of m (loaded with res) under name; returns a hash of all
 * its parts, history and greasons included. */
static uint64_t digest(const char *name, struct gt_model *m, const struct gt_decode_result *res_)
{
	struct gt_decode_result res = *res_;
	struct gt_trace_info in;
	gt_model_info(m, &in);
	int64_t a = in.min_ts, z = in.max_ts + 1, mid = a + (z - a) / 2, w = (z - a) / 1000 + 1;
	struct h all, h;
	hinit(&all);

	hinit(&h);
	hi(&h, in.format);
	hi(&h, in.version);
	hi(&h, in.status);
	hi(&h, res.status);
	hi(&h, (int64_t)res.offset);
	hb(&h, res.msg, strlen(res.msg));
	hi(&h, in.min_ts);
	hi(&h, in.max_ts);
	hi(&h, (int64_t)in.events);
	for (int k = 0; k < GT_EV__COUNT; k++)
		hi(&h, (int64_t)in.by_kind[k]);
	hi(&h, in.goroutines);
	hi(&h, in.procs);
	hi(&h, in.threads);
	hi(&h, in.gc_cycles);
	hi(&h, in.stws);
	hi(&h, in.tasks);
	hi(&h, in.regions);
	hi(&h, in.logs);
	hi(&h, in.cpu_samples);
	put(name, "info", &h, &all);

	hinit(&h);
	uint32_t np = gt_model_p_count(m);
	hi(&h, np);
	for (uint32_t i = 0; i < np; i++) {
		const struct gt_proc *pr = gt_model_p(m, i);
		hi(&h, pr->id);
		hi(&h, pr->busy_ns);
		hi(&h, pr->gc_ns);
		hi(&h, pr->spans);
		gt_model_p_spans(m, i, a, z, pspan, &h);
		gt_model_p_spans(m, i, mid, mid + w, pspan, &h);
		cols(&h, m, GT_LANE_P, i, a, z, 1000);
		cols(&h, m, GT_LANE_P, i, mid, mid + w, 100);
	}
	put(name, "procs", &h, &all);

	hinit(&h);
	uint32_t nm = gt_model_m_count(m);
	hi(&h, nm);
	for (uint32_t i = 0; i < nm; i++) {
		const struct gt_thread *th = gt_model_m(m, i);
		hi(&h, th->id);
		hi(&h, th->busy_ns);
		hi(&h, th->spans);
		gt_model_m_spans(m, i, a, z, pspan, &h);
		gt_model_m_spans(m, i, mid, mid + w, pspan, &h);
		cols(&h, m, GT_LANE_M, i, a, z, 1000);
		cols(&h, m, GT_LANE_M, i, mid, mid + w, 100);
	}
	put(name, "threads", &h, &all);

	hinit(&h);
	struct h hs, hc, hh;
	hinit(&hs);
	hinit(&hc);
	hinit(&greasons);
	hinit(&hh);
	uint32_t ng = gt_model_g_count(m);
	hi(&h, ng);
	for (uint32_t i = 0; i < ng; i++) {
		struct gt_goroutine g;
		if (gt_model_g(m, i, &g) < 0) {
			hi(&h, -1);
			continue;
		}
		hi(&h, g.id);
		hi(&h, gt_model_g_id(m, i));
		hi(&h, g.created);
		hi(&h, g.creator);
		hi(&h, g.create_stack);
		hi(&h, g.start_func);
		hi(&h, g.first_ts);
		hi(&h, g.end_since);
		hi(&h, g.end_state);
		hi(&h, g.end_reason);
		hi(&h, g.end_stack);
		hi(&h, g.gc_worker);
		hi(&h, g.system);
		for (int k = 0; k < GT_GS__COUNT; k++)
			hi(&h, g.ns[k]);
		hi(&h, g.intervals);
		hi(&h, gt_model_g_find(m, g.id));
		hi(&h, gt_model_g_by_id(m, i));
		gt_model_g_waiting_by_reason(m, i, reason_ns, &h);
		hi(&hh, gt_model_g_transitions(m, i, gtrans, &hh));
		struct gt_gcause c[8];
		size_t nc = gt_model_g_caused(m, g.id, 0, 8, c);
		hi(&hh, (int64_t)nc);
		for (size_t k = 0; k < nc && k < 8; k++) {
			hi(&hh, c[k].ts);
			hi(&hh, c[k].gi);
			hi(&hh, c[k].from);
			hi(&hh, c[k].to);
		}
		gt_model_g_spans(m, i, a, z, gspan, &hs);
		gt_model_g_spans(m, i, mid, mid + w, gspan, &hs);
		if (i % 61 == 0 || ng < 5000) {
			cols(&hc, m, GT_LANE_G, i, a, z, 200);
			cols(&hc, m, GT_LANE_G, i, mid, mid + w, 50);
		}
	}
	hi(&h, gt_model_g_by_id(m, ng));
	hi(&h, gt_model_g_find(m, -12345));
	put(name, "goroutines", &h, &all);
	put(name, "gspans", &hs, &all);
	put(name, "gcolumns", &hc, &all);
	/* apart from all (newer than the other parts, whose all it keeps) */
	if (!quiet) {
		printf("%s history %016" PRIx64 "\n", name, hh.v);
		printf("%s greasons %016" PRIx64 "\n", name, greasons.v);
	}
	uint64_t apart = hh.v * 31 + greasons.v; /* returned with all */

	hinit(&h);
	struct gt_gcount gc[1000];
	gt_model_gcounts(m, a, z, 1000, gc);
	for (int i = 0; i < 1000; i++) {
		hd(&h, gc[i].runnable);
		hd(&h, gc[i].running);
		hd(&h, gc[i].waiting);
		hd(&h, gc[i].syscall);
	}
	gt_model_gcounts(m, mid, mid + w, 100, gc);
	for (int i = 0; i < 100; i++) {
		hd(&h, gc[i].runnable);
		hd(&h, gc[i].running);
		hd(&h, gc[i].waiting);
		hd(&h, gc[i].syscall);
	}
	put(name, "gcounts", &h, &all);

	hinit(&h);
	for (int s = 0; s < GT_RS__COUNT; s++)
		range_set(&h, m, (enum gt_range_set)s, a, z);
	put(name, "ranges", &h, &all);

	hinit(&h);
	for (int k = 0; k < GT_METRIC_OTHER; k++) {
		size_t n = gt_model_metric_count(m, (enum gt_metric_kind)k);
		hi(&h, (int64_t)n);
		for (size_t i = 0; i < n; i++) {
			struct gt_point pt;
			hi(&h, gt_model_metric_get(m, (enum gt_metric_kind)k, i, &pt));
			hi(&h, pt.ts);
			hi(&h, (int64_t)pt.value);
		}
		struct gt_point pt;
		hi(&h, gt_model_metric_get(m, (enum gt_metric_kind)k, n, &pt));
		for (int q = 0; q <= 64; q++)
			hi(&h, (int64_t)gt_model_metric_at(m, (enum gt_metric_kind)k, a - 1 + (z - a) / 64 * q));
		uint64_t v[1000];
		gt_model_metric_columns(m, (enum gt_metric_kind)k, a, z, 1000, v);
		for (int i = 0; i < 1000; i++)
			hi(&h, (int64_t)v[i]);
		gt_model_metric_columns(m, (enum gt_metric_kind)k, mid, mid + w, 100, v);
		for (int i = 0; i < 100; i++)
			hi(&h, (int64_t)v[i]);
	}
	put(name, "metrics", &h, &all);

	hinit(&h);
	int64_t ws[] = {1000, 100000, 1000000, 10000000, 100000000, (z - a) / 4 + 1};
	for (size_t i = 0; i < sizeof ws / sizeof *ws; i++)
		hd(&h, gt_model_mmu(m, ws[i]));
	put(name, "mmu", &h, &all);

	hinit(&h);
	size_t n;
	const struct gt_task *tk = gt_model_tasks(m, &n);
	hi(&h, (int64_t)n);
	for (size_t i = 0; i < n; i++) {
		hi(&h, (int64_t)tk[i].id);
		hi(&h, (int64_t)tk[i].parent);
		hi(&h, tk[i].type);
		hi(&h, tk[i].start);
		hi(&h, tk[i].end);
		hi(&h, tk[i].g_start);
		hi(&h, tk[i].g_end);
	}
	const struct gt_region *rg = gt_model_regions(m, &n);
	hi(&h, (int64_t)n);
	for (size_t i = 0; i < n; i++) {
		hi(&h, (int64_t)rg[i].task);
		hi(&h, rg[i].type);
		hi(&h, rg[i].g);
		hi(&h, rg[i].start);
		hi(&h, rg[i].end);
		hi(&h, rg[i].stack);
		hi(&h, rg[i].depth);
	}
	const struct gt_log *lg = gt_model_logs(m, &n);
	hi(&h, (int64_t)n);
	for (size_t i = 0; i < n; i++) {
		hi(&h, lg[i].ts);
		hi(&h, lg[i].g);
		hi(&h, (int64_t)lg[i].task);
		hi(&h, lg[i].category);
		hi(&h, lg[i].message);
		hi(&h, lg[i].stack);
	}
	put(name, "user", &h, &all);

	hinit(&h);
	const struct gt_sample *sm = gt_model_samples(m, &n);
	hi(&h, (int64_t)n);
	for (size_t i = 0; i < n; i++) {
		hi(&h, sm[i].ts);
		hi(&h, sm[i].g);
		hi(&h, sm[i].p);
		hi(&h, sm[i].m);
		hi(&h, sm[i].stack);
	}
	put(name, "samples", &h, &all);

	hinit(&h);
	const struct gt_tables *t = gt_model_tables(m);
	uint32_t nstr = gt_str_count(t);
	hi(&h, nstr);
	hi(&h, gt_stack_count(t));
	for (uint32_t s = 0; s < nstr + 1; s++) {
		uint32_t *gs = gt_model_str_goroutines(m, s, &n);
		hi(&h, (int64_t)n);
		for (size_t i = 0; i < n; i++)
			hi(&h, gs[i]);
		free(gs);
		const struct gt_ref *rf = gt_model_str_events(m, s, &n);
		hi(&h, (int64_t)n);
		for (size_t i = 0; i < n; i++) {
			hi(&h, rf[i].what);
			hi(&h, rf[i].index);
		}
	}
	put(name, "strings", &h, &all);

	put(name, "all", &all, &h);
	if (!quiet)
		fprintf(stderr, "%s model_bytes %zu\n", name, in.model_bytes);
	fflush(stdout);
	return all.v ^ apart;
}

static const char *base(const char *path)
{
	return strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
}

static int one(const char *path)
{
	size_t len;
	void *p = bench_map_file("model-digest", path, &len);
	if (!p)
		return 2;
	struct gt_decode_result res;
	struct gt_cmd_load l; /* the GTVIEW_* variables */
	gt_cmd_load_init(&l);
	struct gt_model *m = gt_model_load_with(p, len, 1, &l.opts, NULL, NULL, &res);
	gt_cmd_load_notes(&l);
	if (!m)
		return 2;
	digest(base(path), m, &res);
	gt_model_free(m);
	munmap(p, len);
	return 0;
}

/* A model the stream showed before its end must be a load of the bytes
 * it was built from (a file cut there): 0 when it is. */
static int check_prefix(const char *name, struct gt_model *m, const struct gt_decode_result *res,
                        const struct gt_stream_info *si, const struct gt_load_opts *o)
{
	struct gt_decode_result r2;
	struct gt_model *ref = gt_model_load_with(si->buf, si->built, 0, o, NULL, NULL, &r2);
	if (!ref)
		return 2;
	quiet = 1;
	uint64_t a = digest(name, m, res), b = digest(name, ref, &r2);
	quiet = 0;
	gt_model_free(ref);
	if (a != b) {
		fprintf(stderr, "model-digest: %s: the model of the first %llu bytes (%u generations) "
		        "differs from a load of them\n", name, (unsigned long long)si->built, si->built_gens);
		return 1;
	}
	return 0;
}

/* --stream SEED PATH: PATH ("-": stdin) read through model/stream.h, in
 * chunks of random size from 1 to maxchunk bytes (SEED; 0: as read(2)
 * gives them, builds not awaited), each model the stream shows before its end checked against a load of its bytes; then
 * the final model's digest, as for a file. */
static int streamed(unsigned long seed, const char *path, size_t maxchunk)
{
	int fd = strcmp(path, "-") ? open(path, O_RDONLY) : 0;
	if (fd < 0) {
		fprintf(stderr, "model-digest: %s: cannot open\n", path);
		return 2;
	}
	struct gt_cmd_load l;
	gt_cmd_load_init(&l);
	struct gt_stream *s = gt_stream_new(&l.opts);
	if (!s)
		return 2;
	const char *name = base(path);
	static uint8_t chunk[1 << 16];
	uint64_t x = seed * 0x9E3779B97F4A7C15ull + 1;
	int rc = 0;
	unsigned shown = 0;
	struct gt_decode_result res;
	struct gt_model *m;
	for (;;) {
		long n;
		if (seed) {
			x = x * 6364136223846793005ull + 1442695040888963407ull;
			size_t want = 1 + (size_t)(x >> 33) % maxchunk;
			n = read(fd, chunk, want);
			if (n > 0 && gt_stream_feed(s, chunk, (size_t)n) < 0)
				n = -1;
			if (n == 0)
				gt_stream_end(s);
		} else if ((n = gt_stream_read(s, fd)) == 0) {
			gt_stream_end(s);
		}
		if (n < 0) {
			fprintf(stderr, "model-digest: %s: read error\n", path);
			rc = 2;
			break;
		}
		/* no throttle; with SEED each build awaited: every
		 * generation's step is checked */
		if (gt_stream_step(s, 1e18) && seed)
			gt_stream_wait(s);
		if (n == 0)
			break;
		if ((m = gt_stream_take(s, &res))) {
			struct gt_stream_info si;
			gt_stream_info(s, &si);
			shown++;
			if (check_prefix(name, m, &res, &si, &l.opts))
				rc = 1;
			gt_model_free(m);
		}
	}
	if (rc != 2) {
		/* the build under way, then the final one */
		for (;;) {
			gt_stream_wait(s);
			struct gt_stream_info si;
			m = gt_stream_take(s, &res);
			gt_stream_info(s, &si);
			if (m && si.final) {
				digest(name, m, &res);
				gt_model_free(m);
				break;
			}
			if (m) {
				shown++;
				if (check_prefix(name, m, &res, &si, &l.opts))
					rc = 1;
				gt_model_free(m);
			}
			if (!gt_stream_step(s, 1e18) && !si.building && !m) {
				fprintf(stderr, "model-digest: %s: no final model\n", path);
				rc = 2;
				break;
			}
		}
	}
	gt_cmd_load_notes(&l);
	fprintf(stderr, "%s stream_models_before_end %u\n", name, shown);
	gt_stream_free(s);
	if (fd > 0)
		close(fd);
	return rc;
}

/* --file FIRST PATH: PATH loaded as the viewer loads a file
 * (gt_stream_file: a first model of a prefix of FIRST, shown while the
 * whole loads), the whole model's digest printed: a plain load's.  The
 * first model, when one is taken before the whole, is said on stderr
 * with its status and span. */
static int filed(size_t first, const char *path)
{
	size_t len;
	void *p = bench_map_file("model-digest", path, &len);
	if (!p)
		return 2;
	struct gt_cmd_load l;
	gt_cmd_load_init(&l);
	struct gt_stream *s = gt_stream_file(p, len, 1, &l.opts, first, NULL, NULL);
	if (!s)
		return 2;
	const char *name = base(path);
	int rc = 2;
	for (;;) {
		struct gt_decode_result res;
		struct gt_stream_info si;
		struct gt_model *m = gt_stream_take(s, &res);
		gt_stream_info(s, &si);
		if (m && si.final) {
			digest(name, m, &res);
			gt_model_free(m);
			rc = 0;
			break;
		}
		if (m) {
			struct gt_trace_info ti;
			gt_model_info(m, &ti);
			fprintf(stderr, "%s first_model %s %" PRId64 " ns %s\n", name,
			        gt_status_name(res.status), ti.max_ts - ti.min_ts, res.msg);
			gt_model_free(m);
		} else if (!si.building && !si.final) {
			gt_stream_wait(s); /* the whole's build ended: take it */
			if (!(m = gt_stream_take(s, &res)))
				break;
			digest(name, m, &res);
			gt_model_free(m);
			rc = 0;
			break;
		}
		usleep(2000);
	}
	gt_cmd_load_notes(&l);
	gt_stream_free(s);
	munmap(p, len);
	return rc;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: model-digest TRACE...\n"
		        "       model-digest --stream SEED TRACE|- [MAXCHUNK]\n"
		        "       model-digest --file FIRST TRACE\n");
		return 2;
	}
	if (!strcmp(argv[1], "--stream")) {
		size_t maxchunk = argc == 5 ? (size_t)strtoul(argv[4], NULL, 10) : 65536;
		if ((argc != 4 && argc != 5) || !maxchunk || maxchunk > 65536) {
			fprintf(stderr, "usage: model-digest --stream SEED TRACE|- [MAXCHUNK]\n"
			        "       (MAXCHUNK: 1 to 65536)\n");
			return 2;
		}
		return streamed(strtoul(argv[2], NULL, 10), argv[3], maxchunk);
	}
	if (!strcmp(argv[1], "--file")) {
		if (argc != 4) {
			fprintf(stderr, "usage: model-digest --file FIRST TRACE\n");
			return 2;
		}
		return filed((size_t)strtoull(argv[2], NULL, 10), argv[3]);
	}
	int rc = 0;
	for (int i = 1; i < argc; i++)
		if (one(argv[i]))
			rc = 1;
	return rc;
}
