/* bigblock.h: the 1 MiB blocks of the model's arenas (goroutine logs, P
 * lanes).  They are written front to back within moments of being
 * allocated, so they come from the kernel already populated: one
 * mmap(MAP_POPULATE) costs about three quarters of the page faults that
 * touching a fresh block page by page takes (a tenth of a big load's CPU
 * goes to first touches).  Under AddressSanitizer they come from the heap,
 * where it checks them. */
#ifndef GT_MODEL_BIGBLOCK_H
#define GT_MODEL_BIGBLOCK_H

#include <stddef.h>
#include <stdint.h>

#define GT_BIGBLOCK ((size_t)1 << 20)

uint8_t *gt_bigblock_alloc(void); /* NULL: no memory */
void gt_bigblock_free(uint8_t *b);

/* len bytes from the heap (given back with free()) whose pages come now,
 * in one call rather than a fault a page, huge ones where the system
 * gives them on request: for a big array about to be written whole (a
 * list of waits: on a busy VM the 320 MB of esbuild_go126's 8 million
 * sched waits cost a second of CPU faulted in page by page).  The
 * advice may fail: the memory is the same.  NULL: no memory. */
void *gt_populated_alloc(size_t len);

#endif
