/* input.c: open a trace (file, pipe or stdin) as one byte range, or a
 * pipe as a stream to read as it comes. */
#include "cmd/input.h"
#include "report/escape.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static int fail(const char *path, const char *why)
{
	gt_esc_fprintf(stderr, "gtview: %s: %s\n", path, why);
	return -1;
}

/* Reads all of fd into a growing buffer (pipes, stdin, /proc files). */
static int read_all(struct gt_input *in, int fd, const char *path)
{
	size_t cap = 1 << 16, len = 0;
	uint8_t *buf = malloc(cap);
	if (!buf)
		return fail(path, "out of memory");
	for (;;) {
		if (len == cap) {
			uint8_t *nb = cap > SIZE_MAX / 2 ? NULL : realloc(buf, cap * 2);
			if (!nb) {
				free(buf);
				return fail(path, "out of memory");
			}
			buf = nb;
			cap *= 2;
		}
		ssize_t n = read(fd, buf + len, cap - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int e = errno;
			free(buf);
			return fail(path, strerror(e));
		}
		if (n == 0)
			break;
		len += (size_t)n;
	}
	in->data = buf;
	in->len = len;
	in->mapped = 0;
	return 0;
}

static int open_input(struct gt_input *in, const char *path, int stream, int follow)
{
	memset(in, 0, sizeof *in);
	in->name = path;
	in->fd = -1;
	int fd;
	if (!strcmp(path, "-")) {
		/* stdin: a redirected regular file is mapped like a named one;
		 * only pipes and terminals are read into a buffer. */
		in->name = "<stdin>";
		path = in->name;
		fd = dup(0);
	} else {
		/* a FIFO's open waits for a writer: not when streamed, whose
		 * screen says it waits */
		fd = open(path, O_RDONLY | O_CLOEXEC | (stream ? O_NONBLOCK : 0));
	}
	if (fd < 0)
		return fail(path, strerror(errno));
	struct stat st;
	if (fstat(fd, &st) < 0) {
		int e = errno;
		close(fd);
		return fail(path, strerror(e));
	}
	if (S_ISDIR(st.st_mode)) {
		close(fd);
		return fail(path, "is a directory, not a trace file");
	}
	if (follow && S_ISREG(st.st_mode)) {
		in->fd = fd; /* read as it grows, never mapped */
		in->follow = 1;
		return 0;
	}
	if (S_ISREG(st.st_mode) && st.st_size > 0) {
		void *p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
		if (p == MAP_FAILED) {
			int e = errno;
			close(fd);
			return fail(path, strerror(e));
		}
		madvise(p, (size_t)st.st_size, MADV_SEQUENTIAL);
		in->data = p;
		in->len = (size_t)st.st_size;
		in->mapped = 1;
		close(fd);
	} else if (stream) {
		int fl = fcntl(fd, F_GETFL);
		if (fl < 0 || fcntl(fd, F_SETFL, fl | O_NONBLOCK) < 0) {
			int e = errno;
			close(fd);
			return fail(path, strerror(e));
		}
		in->fd = fd;
		in->fifo = S_ISFIFO(st.st_mode) && strcmp(in->name, "<stdin>");
		return 0;
	} else {
		int r = read_all(in, fd, path);
		close(fd);
		if (r < 0)
			return -1;
	}
	if (in->len == 0) {
		gt_input_close(in);
		return fail(path, "empty file, not a trace");
	}
	return 0;
}

int gt_input_open(struct gt_input *in, const char *path)
{
	return open_input(in, path, 0, 0);
}

int gt_input_open_stream(struct gt_input *in, const char *path, int follow)
{
	return open_input(in, path, 1, follow);
}

void gt_input_close(struct gt_input *in)
{
	if (in->data) {
		if (in->mapped)
			munmap((void *)in->data, in->len);
		else
			free((void *)in->data);
	}
	in->data = NULL;
	in->len = 0;
}
