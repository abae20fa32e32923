/* load.c: `make bench`'s loader: for each trace file, decode + validate +
 * build the full model, then print MB/s, events/s and peak RSS.
 * Usage: bench-load TRACE...
 * Peak RSS is getrusage's ru_maxrss of this process, measured after each
 * file in a fresh child process so files do not inherit each other's peak.
 * After loading, a window query over every P lane checks the model is
 * whole (and is part of the peak). */
#include "bench/map_file.h"
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

static int count_span(void *ctx, const struct gt_pspan *s)
{
	(void)s;
	(*(uint64_t *)ctx)++;
	return 0;
}

static int one(const char *path)
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
	struct gt_model *m = gt_model_load(p, len, 1, NULL, NULL, &res);
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
	gt_model_free(m);
	munmap(p, len);
	return res.status == GT_OK || res.status == GT_TRUNCATED ? 0 : 1;
}

int main(int argc, char **argv)
{
	int rc = 0;
	if (argc < 2) {
		fprintf(stderr, "usage: bench-load TRACE...\n");
		return 2;
	}
	for (int i = 1; i < argc; i++) {
		pid_t pid = fork();
		if (pid == 0)
			_exit(one(argv[i]));
		int status = 0;
		if (pid < 0 || waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) ||
		    WEXITSTATUS(status) != 0)
			rc = 1;
	}
	return rc;
}
