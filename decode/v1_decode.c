/* v1_decode.c: SCAFFOLD until the v1 decoder lands (owner: v1 helper). */
#include "decode/v1.h"
#include <stdio.h>
enum gt_status gt_decode_v1(const uint8_t *buf, size_t len, int version,
                            struct gt_tables *tables, const struct gt_sink *sink,
                            struct gt_decode_result *res)
{
	(void)buf; (void)len; (void)tables; (void)sink;
	res->status = GT_UNSUPPORTED;
	res->format = 1;
	res->version = version;
	snprintf(res->msg, sizeof res->msg, "go 1.%d traces are not read yet", version);
	return res->status;
}
