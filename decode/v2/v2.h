/* v2.h: Go 1.22-1.26 traces ("v2"): generations of per-M batches, read,
 * ordered and validated in one pass. */
#ifndef GT_DECODE_V2_H
#define GT_DECODE_V2_H
#include "decode/decode.h"

/* buf is the whole file; version is N of "go 1.N trace" (22..26). */
enum gt_status gt_decode_v2(const uint8_t *buf, size_t len, int version,
                            struct gt_tables *tables, const struct gt_sink *sink,
                            struct gt_decode_result *res);
#endif
