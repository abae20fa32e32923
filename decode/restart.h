/* restart.h: decoding for a caller that can throw away what its sink
 * received and decode again (the model's loader, model/load.c, and no
 * one else: the rest of the program sees gt_decode, decode.h).
 *
 * A big old-format trace may then be decoded with its two runs at once
 * (decode/v1/pipe.h), and, rarely, that attempt gives up after
 * delivering a prefix and returns GT_RESTART: the caller then forgets
 * what it was given and starts over with gt_decode_opts (which never
 * returns GT_RESTART).  (A function, not a member of struct gt_sink:
 * sinks are initialised by position in several places.) */
#ifndef GT_DECODE_RESTART_H
#define GT_DECODE_RESTART_H

#include "decode/decode.h"

/* Not in enum gt_status, so that switches over the statuses stay
 * complete. */
#define GT_RESTART ((enum gt_status)(GT_NOMEM + 1))

enum gt_status gt_decode_restartable(const uint8_t *buf, size_t len, struct gt_tables *tables,
                                     const struct gt_sink *sink, const struct gt_decode_opts *o,
                                     struct gt_decode_result *res);

#endif
