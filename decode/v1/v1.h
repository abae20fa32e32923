/* v1.h: Go 1.5-1.21 traces ("v1"): parse, order, validate, and convert into
 * the event model of event.h, as golang/exp trace/tracev1.go does. */
#ifndef GT_DECODE_V1_H
#define GT_DECODE_V1_H
#include "decode/decode.h"

/* buf is the whole file; version is N of "go 1.N trace" (5..21); o:
 * never NULL; restartable: the caller takes GT_RESTART (restart.h). */
enum gt_status gt_decode_v1(const uint8_t *buf, size_t len, int version,
                            struct gt_tables *tables, const struct gt_sink *sink,
                            const struct gt_decode_opts *o, int restartable,
                            struct gt_decode_result *res);
/* Go's name of old-format event type `type` ("GoStart"…), NULL if none.
 * gt_event.wire of v1 events holds this type (…Local folded). */
const char *gt_v1_type_name(unsigned type);
#endif
