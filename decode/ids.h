/* ids.h: open-addressing hash map from an int64 id (goroutine, P, M,
 * task, string, stack, pc, key hash) to a dense uint32 index, for the
 * old-format decoder and the model alike (model/dmap.h puts direct
 * pages in front of it for goroutines).  Used while loading, when ids
 * arrive in any order and must be turned into array indices fast. */
#ifndef GT_DECODE_IDS_H
#define GT_DECODE_IDS_H
#include <stddef.h>
#include <stdint.h>

struct gt_ids {
	int64_t *keys;
	uint32_t *vals; /* UINT32_MAX marks an empty slot */
	size_t cap, len; /* cap is a power of two */
};

void gt_ids_free(struct gt_ids *h);
/* The index of key, or UINT32_MAX if absent. */
uint32_t gt_ids_get(const struct gt_ids *h, int64_t key);
/* Sets key to val (adding it).  Returns -1 when out of memory. */
int gt_ids_put(struct gt_ids *h, int64_t key, uint32_t val);
/* Removes key if present. */
void gt_ids_del(struct gt_ids *h, int64_t key);
size_t gt_ids_bytes(const struct gt_ids *h);
/* The value's slot of key, NULL if absent. */
uint32_t *gt_ids_slot(const struct gt_ids *h, int64_t key);
/* The value's slot of key, added if absent (then holding UINT32_MAX:
 * the caller sets it); NULL when out of memory. */
uint32_t *gt_ids_put_slot(struct gt_ids *h, int64_t key);
/* *d = a copy of s.  -1 when out of memory (d then holds nothing). */
int gt_ids_copy(struct gt_ids *d, const struct gt_ids *s);
#endif
