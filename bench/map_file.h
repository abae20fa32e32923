/* map_file.h: the bench tools' one way to map a trace file read-only.
 * Returns the mapping (length in *len), or NULL after a message on stderr
 * naming tool and path. */
#ifndef GT_BENCH_MAP_FILE_H
#define GT_BENCH_MAP_FILE_H

#include <fcntl.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static inline void *bench_map_file(const char *tool, const char *path, size_t *len)
{
	int fd = open(path, O_RDONLY);
	struct stat st;
	if (fd < 0 || fstat(fd, &st) < 0 || st.st_size <= 0) {
		if (fd >= 0)
			close(fd);
		fprintf(stderr, "%s: %s: cannot open\n", tool, path);
		return NULL;
	}
	*len = (size_t)st.st_size;
	void *p = mmap(NULL, *len, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (p == MAP_FAILED) {
		fprintf(stderr, "%s: %s: cannot map\n", tool, path);
		return NULL;
	}
	return p;
}

#endif
