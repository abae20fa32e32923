/* embedded.h: files compiled into the binary (GNUmakefile EMBED, by base
 * name: "default.keys", "demo.trace" …).  NULL when not embedded. */
#ifndef GT_CMD_EMBEDDED_H
#define GT_CMD_EMBEDDED_H
#include <stddef.h>
const unsigned char *gt_embedded(const char *name, size_t *len);
#endif
