/* trace_main.h: the main of a unit test run on trace files
 * (`PROG TRACE...`): each file loaded into a model and handed to check,
 * which prints "# ..." lines and returns 0, or 1 on a difference; the
 * exit status is the worst of them, 2 when a file does not load. */
#ifndef GT_TESTS_TRACE_MAIN_H
#define GT_TESTS_TRACE_MAIN_H

#include <stdio.h>
#include <stdlib.h>

#include "model/model.h"
#include "slurp.h"

typedef int (*trace_check_fn)(const char *path, struct gt_model *m, uint64_t *rng);

static inline int trace_main(int argc, char **argv, const char *prog, trace_check_fn check)
{
	if (argc < 2) {
		fprintf(stderr, "usage: %s TRACE...\n", prog);
		return 2;
	}
	uint64_t rng = 0x9e3779b97f4a7c15ull;
	int rc = 0;
	for (int i = 1; i < argc; i++) {
		size_t len;
		uint8_t *buf = slurp(argv[i], &len);
		struct gt_decode_result res;
		struct gt_model *m = buf ? gt_model_load(buf, len, 0, NULL, NULL, &res) : NULL;
		int r = 2;
		if (m)
			r = check(argv[i], m, &rng);
		else
			printf("# %s: %s\n", argv[i], buf ? "does not load" : "unreadable");
		gt_model_free(m);
		free(buf);
		rc = r > rc ? r : rc;
	}
	return rc;
}

#endif
