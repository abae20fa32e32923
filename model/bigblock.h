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

#endif
