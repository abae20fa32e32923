/* load.c: `make bench`'s loader: for each trace file, decode + validate +
 * build the full model, then print MB/s, events/s and peak RSS.
 * Usage: bench-load [-n RUNS] TRACE...
 * Peak RSS is getrusage's ru_maxrss of this process, measured after each
 * file in a fresh child process so files do not inherit each other's peak.
 * With -n, each file is loaded RUNS times (a child each) and a summary
 * line gives the fastest and the median wall clock: on a shared machine
 * one run says little.
 * After loading, a window query over every P lane checks the model is
 * whole (and is part of the peak).
 * Before the first trace and after the last, a probe of the core this
 * process gets: the clock (a chain of dependent multiplies, 3 cycles
 * each on the x86 cores of the last decade) and the share of the core's
 * issue width (a chain of dependent adds, one a cycle on a core of its
 * own, about half when its hyperthread sibling is busy).  The
 * development machine is a shared VM whose virtual cores are hyperthreads:
 * the clock holds at ~3.05 GHz while the add rate swings between 0.7 and
 * 3 G/s from minute to minute as the siblings (the other virtual core or
 * another tenant) get busy, and load times swing with it: figures from
 * different hours compare only through the probe. */
#include "bench/map_file.h"
#include "cmd/load_opts.h"
#include "model/model.h"

#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static double cpu_secs(const struct rusage *ru)
{
	return (double)ru->ru_utime.tv_sec + (double)ru->ru_utime.tv_usec / 1e6 +
	       (double)ru->ru_stime.tv_sec + (double)ru->ru_stime.tv_usec / 1e6;
}

/* Iterations per nanosecond of a chain of dependent multiplies (mul) or
 * adds: best of three runs of 10^8 (~0.1 s each). */
static double probe(int mul)
{
	double best = 0;
	for (int k = 0; k < 3; k++) {
		uint64_t x = 3;
		double t0 = now();
		for (uint32_t i = 0; i < 100000000u; i++) {
#if defined(__x86_64__) && defined(__GNUC__)
			if (mul)
				__asm__ volatile("imul %0, %0\n\timul %0, %0" : "+r"(x));
			else
				__asm__ volatile("add $1, %0" : "+r"(x));
#else
			(void)mul;
			__asm__ volatile("" : "+r"(x)); /* other CPUs: no probe (below) */
#endif
		}
		double rate = 1e8 / ((now() - t0) * 1e9);
		if (rate > best)
			best = rate;
	}
	return best;
}

static void print_clock(const char *when)
{
#if defined(__x86_64__) && defined(__GNUC__)
	double ghz = probe(1) * 6; /* two 3-cycle multiplies an iteration */
	double adds = probe(0);
	printf("core probe (%s): clock %.2f GHz, dependent adds %.2f G/s\n", when, ghz, adds);
	fflush(stdout);
#else
	(void)when;
	(void)probe;
#endif
}

static int count_span(void *ctx, const struct gt_pspan *s)
{
	(void)s;
	(*(uint64_t *)ctx)++;
	return 0;
}

/* What a child reports to its parent for the -n summary. */
struct run {
	double wall, cpu;
	long rss_kb;
	size_t len;
};

static int one(const char *path, int report_fd)
{
	size_t len;
	void *p = bench_map_file("bench-load", path, &len);
	if (!p)
		return 2;
	madvise(p, len, MADV_SEQUENTIAL);
	struct rusage ru0;
	getrusage(RUSAGE_SELF, &ru0);
	double c0 = cpu_secs(&ru0);
	double t0 = now();
	struct gt_decode_result res;
	struct gt_cmd_load l; /* the GTVIEW_* variables */
	gt_cmd_load_init(&l);
	struct gt_model *m = gt_model_load_with(p, len, 1, &l.opts, NULL, NULL, &res);
	gt_cmd_load_notes(&l);
	double t1 = now();
	if (!m) {
		fprintf(stderr, "bench-load: %s: out of memory\n", path);
		return 2;
	}
	struct gt_trace_info info;
	gt_model_info(m, &info);
	uint64_t spans = 0;
	for (uint32_t i = 0; i < gt_model_p_count(m); i++)
		gt_model_p_spans(m, i, info.min_ts, info.max_ts + 1, count_span, &spans);
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	double cpu = cpu_secs(&ru) - c0;
	double secs = t1 - t0, mb = (double)len / 1e6;
	const char *name = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	printf("%-22s v%d %6.1f MB %8.2fM events | wall %6.3f s %6.1f MB/s %5.2f Mev/s"
	       " | cpu %6.3f s %6.1f MB/s | peak RSS %6.1f MB = %.2fx file"
	       " | model %.1f B/event | %s\n",
	       name, info.format, mb, (double)info.events / 1e6, secs, mb / secs,
	       (double)info.events / secs / 1e6, cpu, mb / cpu,
	       (double)ru.ru_maxrss / 1024, (double)ru.ru_maxrss * 1024 / (double)len,
	       info.events ? (double)info.model_bytes / (double)info.events : 0.0,
	       gt_status_name(res.status));
	fflush(stdout);
	if (report_fd >= 0) {
		struct run r = {secs, cpu, ru.ru_maxrss, len};
		if (write(report_fd, &r, sizeof r) != (ssize_t)sizeof r)
			perror("bench-load: report");
	}
	gt_model_free(m);
	munmap(p, len);
	return res.status == GT_OK || res.status == GT_TRUNCATED ? 0 : 1;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* Loads path in a fresh child; 0 when it loaded.  With report_fd, the
 * child's figures are read back into *r. */
static int child(const char *path, int summary, struct run *r)
{
	int fds[2] = {-1, -1};
	if (summary && pipe(fds) < 0) {
		perror("bench-load: pipe");
		return 1;
	}
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		if (fds[0] >= 0)
			close(fds[0]);
		_exit(one(path, fds[1]));
	}
	if (fds[1] >= 0)
		close(fds[1]);
	int ok = 1;
	if (summary && (pid < 0 || read(fds[0], r, sizeof *r) != (ssize_t)sizeof *r))
		ok = 0;
	if (fds[0] >= 0)
		close(fds[0]);
	int status = 0;
	if (pid < 0 || waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) ||
	    WEXITSTATUS(status) != 0)
		ok = 0;
	return !ok;
}

int main(int argc, char **argv)
{
	int rc = 0, runs = 1, first = 1;
	if (argc > 2 && !strcmp(argv[1], "-n")) {
		char *end;
		long n = strtol(argv[2], &end, 10);
		if (*end || n < 1 || n > 1000) {
			fprintf(stderr, "bench-load: -n wants a count from 1 to 1000\n");
			return 2;
		}
		runs = (int)n;
		first = 3;
	}
	if (argc <= first) {
		fprintf(stderr, "usage: bench-load [-n RUNS] TRACE...\n");
		return 2;
	}
	double *walls = malloc((size_t)runs * sizeof *walls);
	if (!walls) {
		fprintf(stderr, "bench-load: out of memory\n");
		return 2;
	}
	print_clock("before");
	for (int i = first; i < argc; i++) {
		struct run r = {0}, best = {0};
		long rss = 0;
		int got = 0;
		for (int k = 0; k < runs; k++) {
			if (child(argv[i], runs > 1, &r)) {
				rc = 1;
				continue;
			}
			if (runs == 1)
				continue;
			walls[got++] = r.wall;
			if (got == 1 || r.wall < best.wall)
				best = r;
			if (r.rss_kb > rss)
				rss = r.rss_kb;
		}
		if (got) {
			qsort(walls, (size_t)got, sizeof *walls, cmp_double);
			double med = got % 2 ? walls[got / 2] : (walls[got / 2 - 1] + walls[got / 2]) / 2;
			double mb = (double)best.len / 1e6;
			const char *name = strrchr(argv[i], '/') ? strrchr(argv[i], '/') + 1 : argv[i];
			printf("%-22s %d runs: wall best %.3f s (%.1f MB/s), median %.3f s (%.1f MB/s);"
			       " peak RSS at most %.1f MB = %.2fx file\n",
			       name, got, best.wall, mb / best.wall, med, mb / med,
			       (double)rss / 1024, (double)rss * 1024 / (double)best.len);
			fflush(stdout);
		}
	}
	print_clock("after");
	free(walls);
	return rc;
}
