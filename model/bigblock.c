/* bigblock.c: see bigblock.h. */
#include "model/bigblock.h"

#include <sys/mman.h>

uint8_t *gt_bigblock_alloc(void)
{
	void *p = mmap(NULL, GT_BIGBLOCK, PROT_READ | PROT_WRITE,
	               MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
	return p == MAP_FAILED ? NULL : p;
}

void gt_bigblock_free(uint8_t *b)
{
	if (b)
		munmap(b, GT_BIGBLOCK);
}
