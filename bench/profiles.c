/* profiles.c: `make bench`'s timing of the profile queries
 * (model/profile.h: what `gtview pprof` and the viewer's profile view
 * compute after the load): wall and CPU time of each kind on each trace;
 * then of the lists of single waits (model/waits.h: `gtview waits`), all
 * of them and the 20 longest.
 * Usage: bench-profiles TRACE... */
#include "bench/map_file.h"
#include "model/profile.h"
#include "model/waits.h"

#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <time.h>

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static double cpu_now(void)
{
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
	       (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
}

int main(int argc, char **argv)
{
	int rc = 0;
	for (int i = 1; i < argc; i++) {
		size_t len;
		void *p = bench_map_file("bench-profiles", argv[i], &len);
		if (!p)
			return 2;
		struct gt_decode_result res;
		struct gt_model *m = gt_model_load(p, len, 1, NULL, NULL, &res);
		if (!m) {
			fprintf(stderr, "bench-profiles: %s: out of memory\n", argv[i]);
			return 2;
		}
		const char *name = strrchr(argv[i], '/') ? strrchr(argv[i], '/') + 1 : argv[i];
		printf("%-22s profiles:", name);
		for (int k = 0; k < GT_PROF__COUNT; k++) {
			struct gt_prof pr;
			double t0 = now(), c0 = cpu_now();
			int r = gt_prof_compute(m, (enum gt_prof_kind)k, INT64_MIN, INT64_MAX, &pr);
			double wall = now() - t0, cpu = cpu_now() - c0;
			if (r == -1)
				rc = 1;
			if (r < 0)
				printf("  %s n/a", gt_prof_kind_name((enum gt_prof_kind)k));
			else
				printf("  %s %.3f s (cpu %.3f s, %llu samples)", gt_prof_kind_name((enum gt_prof_kind)k),
				       wall, cpu, (unsigned long long)pr.count);
			gt_prof_free(&pr);
		}
		printf("\n%-22s waits:   ", "");
		for (int k = 0; k < GT_PROF_CPU; k++)
			for (size_t lim = 0; lim <= 20; lim += 20) {
				struct gt_waits w;
				double t0 = now(), c0 = cpu_now();
				int r = gt_waits_list(m, (enum gt_prof_kind)k, INT64_MIN, INT64_MAX, 0, lim, &w);
				double wall = now() - t0, cpu = cpu_now() - c0;
				if (r < 0)
					rc = 1;
				printf("  %s%s %.3f s (cpu %.3f s, %llu)", gt_prof_kind_name((enum gt_prof_kind)k),
				       lim ? "/20" : "", wall, cpu, (unsigned long long)w.count);
				gt_waits_free(&w);
			}
		printf("\n");
		fflush(stdout);
		gt_model_free(m);
		munmap(p, len);
	}
	return rc;
}
