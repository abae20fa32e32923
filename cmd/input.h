/* input.h: a trace file's bytes in memory: mmap for regular files, read
 * into a buffer for pipes and "-" (stdin). */
#ifndef GT_CMD_INPUT_H
#define GT_CMD_INPUT_H
#include <stddef.h>
#include <stdint.h>

struct gt_input {
	const uint8_t *data;
	size_t len;
	const char *name; /* as given on the command line; "-" shown as <stdin> */
	int mapped;       /* 1: munmap on close; 0: free */
};

/* Opens path ("-" for stdin).  On failure prints "gtview: PATH: why" on
 * stderr and returns -1 (the caller exits with status 2). */
int gt_input_open(struct gt_input *in, const char *path);
void gt_input_close(struct gt_input *in);

#endif
