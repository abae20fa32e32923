/* tables.h: trace-global interned strings, frames and stacks.
 *
 * Decoders intern every string and stack they meet (all generations, v1 and
 * v2) here, so ids in struct gt_event are stable for the whole trace.  All
 * storage is owned by the tables and freed at once by gt_tables_free().
 * Pointers returned stay valid until then (the string arena never moves
 * strings); frame and stack arrays may move when they grow, so keep ids,
 * not pointers, across calls that add.
 */
#ifndef GT_DECODE_TABLES_H
#define GT_DECODE_TABLES_H

#include "decode/event.h"

struct gt_frame {
	uint64_t pc;
	gt_str func, file;
	uint32_t line;
};

struct gt_tables; /* opaque */

struct gt_tables *gt_tables_new(void);
void gt_tables_free(struct gt_tables *t);

/* Strings. Interning the same bytes twice gives the same id; id 0 is "". */
gt_str gt_str_intern(struct gt_tables *t, const char *s, size_t len);
const char *gt_str_get(const struct gt_tables *t, gt_str id); /* NUL-ended */
size_t gt_str_len(const struct gt_tables *t, gt_str id);
uint32_t gt_str_count(const struct gt_tables *t);

/* Frames, deduplicated by (pc, func, file, line); ids start at 1. */
uint32_t gt_frame_intern(struct gt_tables *t, const struct gt_frame *f);
const struct gt_frame *gt_frame_get(const struct gt_tables *t, uint32_t id);

/* Stacks: sequences of frame ids, innermost first, deduplicated by their
 * frame ids.  An empty sequence is stack 0. */
gt_stack gt_stack_intern(struct gt_tables *t, const uint32_t *frames, size_t n);
size_t gt_stack_depth(const struct gt_tables *t, gt_stack id);
const uint32_t *gt_stack_frames(const struct gt_tables *t, gt_stack id);
/* Whether a frame of stack id has function or file s. */
int gt_stack_uses(const struct gt_tables *t, gt_stack id, gt_str s);
uint32_t gt_stack_count(const struct gt_tables *t); /* including stack 0 */

/* Bytes held, for memory accounting. */
size_t gt_tables_bytes(const struct gt_tables *t);

#endif
