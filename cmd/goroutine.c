/* goroutine.c: `gtview goroutine [--json] ID[,ID...] TRACE`: the history
 * of each goroutine named (Go ids), one transition a line with who
 * caused it (report/history.c).  Exit 1 for an unknown id (named)
 * or an invalid or truncated trace, 2 for a bad list or usage. */
#include "cmd/args.h"
#include "cmd/commands.h"
#include "cmd/input.h"
#include "report/report.h"
#include "report/escape.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define USAGE gt_cmd_usage("goroutine")

/* The ids of list s ("1,39,4"): a count, or -1 when it is not a list of
 * decimal ids. */
static long parse_ids(const char *s, int64_t **out)
{
	size_t n = 1;
	for (const char *p = s; *p; p++)
		n += *p == ',';
	int64_t *v = malloc(n * sizeof *v);
	if (!v)
		return -1;
	const char *p = s;
	for (size_t i = 0; i < n; i++) {
		if (*p < '0' || *p > '9') {
			free(v);
			return -1;
		}
		char *e;
		errno = 0;
		unsigned long long x = strtoull(p, &e, 10);
		if (errno || x > INT64_MAX || (*e && *e != ',')) {
			free(v);
			return -1;
		}
		v[i] = (int64_t)x;
		p = *e ? e + 1 : e;
	}
	*out = v;
	return (long)n;
}

/* Appends to gis the entries (lifetimes, in time order) of Go id id;
 * how many (0: unknown). */
static size_t lifetimes(const struct gt_model *m, int64_t id, uint32_t *gis)
{
	uint32_t n = gt_model_g_count(m), lo = 0, hi = n;
	while (lo < hi) { /* the first rank of id */
		uint32_t mid = lo + (hi - lo) / 2;
		if (gt_model_g_id(m, gt_model_g_by_id(m, mid)) < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	size_t k = 0;
	for (uint32_t r = lo; r < n; r++) {
		uint32_t gi = gt_model_g_by_id(m, r);
		if (gt_model_g_id(m, gi) != id)
			break;
		size_t j = k++; /* index order is time order */
		while (j && gis[j - 1] > gi) {
			gis[j] = gis[j - 1];
			j--;
		}
		gis[j] = gi;
	}
	return k;
}

int cmd_goroutine(int argc, char **argv)
{
	/* the first operand is the list; the rest is the reports' line */
	char **rest = malloc((size_t)argc * sizeof *rest);
	if (!rest)
		return GT_EXIT_USAGE;
	const char *list = NULL;
	int nrest = 0;
	for (int i = 0; i < argc; i++) {
		if (i && !list && argv[i][0] != '-') {
			list = argv[i];
			continue;
		}
		rest[nrest++] = argv[i];
	}
	static const struct gt_cmd_flag fl[] = {{"--json", GT_REPORT_JSON}};
	int flags;
	const char *path;
	int r = gt_cmd_args(nrest, rest, "goroutine", USAGE, fl, 1, &flags, &path);
	free(rest);
	if (r >= 0)
		return r;
	int64_t *ids = NULL;
	long nid = parse_ids(list ? list : "", &ids);
	if (!list || nid < 0) {
		gt_esc_fprintf(stderr, "gtview: goroutine: %s%s\nusage: %s\n",
		        list ? "not a list of goroutine ids: " : "no goroutine ids", list ? list : "",
		        USAGE);
		return GT_EXIT_USAGE;
	}
	struct gt_input in;
	if (gt_input_open(&in, path) < 0) {
		free(ids);
		return GT_EXIT_USAGE;
	}
	int bad;
	struct gt_model *m = gt_cmd_report_load("goroutine", &in, &bad);
	int rc = m ? GT_EXIT_OK : GT_EXIT_USAGE;
	uint32_t *gis = m ? malloc((gt_model_g_count(m) + 1) * sizeof *gis) : NULL;
	if (m && !gis)
		rc = GT_EXIT_USAGE;
	size_t ng = 0;
	for (long i = 0; gis && i < nid; i++) {
		size_t k = lifetimes(m, ids[i], gis + ng);
		if (!k) {
			gt_esc_fprintf(stderr, "gtview: goroutine: %s: no goroutine %" PRId64 "\n", in.name,
			        ids[i]);
			rc = GT_EXIT_BAD_TRACE;
		}
		/* an id named twice: its history once */
		size_t base = ng;
		for (size_t j = 0; j < k; j++) {
			uint32_t x = gis[base + j];
			int dup = 0;
			for (size_t q = 0; q < base && !dup; q++)
				dup = gis[q] == x;
			if (!dup)
				gis[ng++] = x;
		}
	}
	if (rc == GT_EXIT_OK && gt_report_history(stdout, m, gis, ng, flags) < 0)
		rc = GT_EXIT_USAGE;
	if (rc == GT_EXIT_OK && bad)
		rc = GT_EXIT_BAD_TRACE;
	free(gis);
	free(ids);
	gt_model_free(m);
	gt_input_close(&in);
	return rc;
}
