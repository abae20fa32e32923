/* replay.c: the model's own cost, without the decoder: decode a trace once
 * into memory (events and their hints, at most MAXEV of them), then build
 * a model from them REPS times and print CPU ns per event.
 * Usage: bench-replay TRACE [REPS]  (for perf / callgrind on model/). */
#include "model/model_int.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define MAXEV (3u << 20)


struct tape {
	struct gt_qev *v;
	size_t n;
};

static int keep(void *ctx, const struct gt_event *ev, const struct gt_tables *t)
{
	struct tape *tp = ctx;
	if (tp->n == MAXEV)
		return 1;
	tp->v[tp->n].ev = *ev;
	gt_model_hint(t, ev, &tp->v[tp->n].h);
	tp->n++;
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
	int fd = open(argv[1], O_RDONLY);
	struct stat st;
	if (fd < 0 || fstat(fd, &st) < 0 || st.st_size <= 0)
		return 2;
	void *p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	if (p == MAP_FAILED)
		return 2;
	struct gt_tables *t = gt_tables_new();
	struct tape tp = {malloc(MAXEV * sizeof(struct gt_qev)), 0};
	if (!t || !tp.v)
		return 2;
	struct gt_sink sink = {.ctx = &tp, .event = keep};
	struct gt_decode_result res;
	gt_decode(p, (size_t)st.st_size, t, &sink, &res);
	double best = 1e9;
	for (int r = 0; r < reps; r++) {
		struct gt_model *m = gt_model_new();
		if (!m)
			return 2;
		double c0 = cpu_now();
		for (size_t i = 0; i < tp.n; i += 1024) /* in the loader's blocks */
			gt_model_add_block(m, tp.v + i, tp.n - i < 1024 ? tp.n - i : 1024);
		gt_model_finish(m);
		double c = cpu_now() - c0;
		if (c < best)
			best = c;
		gt_model_free(m);
	}
	printf("%zu events, best of %d: %.3f s CPU, %.1f ns/event\n", tp.n, reps, best,
	       best * 1e9 / (double)(tp.n ? tp.n : 1));
	free(tp.v);
	gt_tables_free(t);
	return 0;
}
