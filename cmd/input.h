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
	int fd;           /* gt_input_open_stream on a pipe or FIFO: the
	                     non-blocking descriptor to read (data NULL);
	                     else -1 */
	int fifo;         /* fd is a named FIFO's */
	int follow;       /* fd is a regular file's, to follow as it grows */
};

/* Opens path ("-" for stdin).  On failure prints "gtview: PATH: why" on
 * stderr and returns -1 (the caller exits with status 2). */
int gt_input_open(struct gt_input *in, const char *path);
/* gt_input_open, but a pipe, FIFO or terminal is not read: its
 * descriptor is left in fd (the viewer reads it as the data comes; a
 * FIFO is opened without waiting for a writer); with follow a regular
 * file too (follow set: it is still being written).  The caller owns
 * fd. */
int gt_input_open_stream(struct gt_input *in, const char *path, int follow);
void gt_input_close(struct gt_input *in);

#endif
