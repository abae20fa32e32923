/* slurp.h: a whole file into memory, for the unit tests that load traces. */
#ifndef GT_TESTS_SLURP_H
#define GT_TESTS_SLURP_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* The bytes of path (malloc'd, *len of them), NULL when unreadable. */
static inline uint8_t *slurp(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	*len = 0;
	if (!fp)
		return NULL;
	fseek(fp, 0, SEEK_END);
	long n = ftell(fp);
	fseek(fp, 0, SEEK_SET);
	uint8_t *buf = malloc(n > 0 ? (size_t)n : 1);
	if (buf && fread(buf, 1, (size_t)n, fp) != (size_t)n) {
		free(buf);
		buf = NULL;
	}
	fclose(fp);
	*len = (size_t)n;
	return buf;
}

#endif
