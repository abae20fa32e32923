/* replay.c: the model's own cost, without the decoder: decode a trace once
 * into memory (the loader's records, model/rec.h, for at most MAXEV
 * events), then build a model from them REPS times and print CPU ns per
 * event.
 * Usage: bench-replay TRACE [REPS]  (for perf / callgrind on model/). */
#include "bench/map_file.h"
#include "model/model_int.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define MAXEV (3u << 20)
#define TB 2048   /* records per tape block, as the loader's */
#define TF 128

/* The records of the loader (model/rec.h), in its blocks. */
struct tblock {
	struct gt_rec v[TB];
	struct gt_qev full[TF];
	uint32_t n, nfull;
};

struct tape {
	struct tblock *b;
	size_t nb, cap, nev;
	struct gt_renc enc;
};

static int keep(void *ctx, const struct gt_event *ev, const struct gt_tables *t)
{
	struct tape *tp = ctx;
	if (tp->nev == MAXEV)
		return 1;
	struct tblock *b = &tp->b[tp->nb - 1];
	if (b->n > TB - GT_REC_MAX || b->nfull == TF) {
		if (tp->nb == tp->cap)
			return 1;
		b = &tp->b[tp->nb++];
		b->n = b->nfull = 0;
	}
	b->n += gt_renc_put(&tp->enc, t, ev, b->v + b->n, b->full, &b->nfull);
	tp->nev++;
	return 0;
}

static double cpu_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: bench-replay TRACE [REPS]\n");
		return 2;
	}
	int reps = argc > 2 ? atoi(argv[2]) : 3;
	size_t len;
	void *p = bench_map_file("bench-replay", argv[1], &len);
	if (!p)
		return 2;
	struct gt_tables *t = gt_tables_new();
	struct tape tp = {0};
	tp.cap = MAXEV / (TB / GT_REC_MAX) + 1;
	tp.b = malloc(tp.cap * sizeof *tp.b);
	if (!t || !tp.b)
		return 2;
	tp.nb = 1;
	tp.b[0].n = tp.b[0].nfull = 0;
	gt_renc_init(&tp.enc, 1);
	struct gt_sink sink = {.ctx = &tp, .event = keep};
	struct gt_decode_result res;
	gt_decode(p, len, t, &sink, &res);
	double best = 1e9;
	for (int r = 0; r < reps; r++) {
		struct gt_model *m = gt_model_new();
		if (!m)
			return 2;
		double c0 = cpu_now();
		for (size_t i = 0; i < tp.nb; i++)
			gt_model_add_recs(m, tp.b[i].v, tp.b[i].n, tp.b[i].full);
		gt_model_finish(m);
		double c = cpu_now() - c0;
		if (c < best)
			best = c;
		gt_model_free(m);
	}
	size_t kinds[GT_R_FULL + 1] = {0}, nrec = 0;
	for (size_t i = 0; i < tp.nb; i++)
		for (uint32_t j = 0; j < tp.b[i].n; j++, nrec++)
			kinds[tp.b[i].v[j].kind]++;
	printf("%zu events, best of %d: %.3f s CPU, %.1f ns/event\n", tp.nev, reps, best,
	       best * 1e9 / (double)(tp.nev ? tp.nev : 1));
	printf("%zu records: gtrans %zu ptrans %zu metric %zu ctx %zu create %zu stack %zu full %zu\n",
	       nrec, kinds[GT_R_GTRANS], kinds[GT_R_PTRANS], kinds[GT_R_METRIC], kinds[GT_R_CTX],
	       kinds[GT_R_CREATE], kinds[GT_R_STACK], kinds[GT_R_FULL]);
	free(tp.b);
	gt_renc_free(&tp.enc);
	gt_tables_free(t);
	return 0;
}
