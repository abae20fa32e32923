/* bigblock.c: see bigblock.h. */
#include "model/bigblock.h"

#include <stdlib.h>
#include <sys/mman.h>

/* Under AddressSanitizer the blocks stay on the heap, where it sees a
 * write past a block's end and a block never freed. */
#if defined(__SANITIZE_ADDRESS__)
#define GT_BIGBLOCK_HEAP 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define GT_BIGBLOCK_HEAP 1
#endif
#endif

uint8_t *gt_bigblock_alloc(void)
{
#ifdef GT_BIGBLOCK_HEAP
	return malloc(GT_BIGBLOCK);
#else
	void *p = mmap(NULL, GT_BIGBLOCK, PROT_READ | PROT_WRITE,
	               MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
	return p == MAP_FAILED ? NULL : p;
#endif
}

#define HUGE_PAGE ((size_t)2 << 20)
void *gt_populated_alloc(size_t len)
{
	if (len < HUGE_PAGE)
		return malloc(len);
	void *p = aligned_alloc(HUGE_PAGE, (len + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1));
	if (p) {
		madvise(p, len & ~(HUGE_PAGE - 1), MADV_HUGEPAGE);
#ifdef MADV_POPULATE_WRITE
		madvise(p, (len + 4095) & ~(size_t)4095, MADV_POPULATE_WRITE);
#endif
	}
	return p;
}

void gt_bigblock_free(uint8_t *b)
{
#ifdef GT_BIGBLOCK_HEAP
	free(b);
#else
	if (b)
		munmap(b, GT_BIGBLOCK);
#endif
}
