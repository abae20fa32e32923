/* int.h: pieces shared by the text form's reader and writer: UTF-8
 * (utf8.h) and Unicode classes as Go sees them, Go string quoting, uvarints, a
 * growing byte buffer.  Internal to decode/text/ and their tests. */
#ifndef GT_DECODE_TEXT_INT_H
#define GT_DECODE_TEXT_INT_H

#include <stddef.h>
#include <stdint.h>

#include "decode/utf8.h"


int gt_text_isspace(uint32_t r); /* unicode.IsSpace */
int gt_text_isprint(uint32_t r); /* unicode.IsPrint (text_isprint.c) */

/* A growing byte buffer; on allocation failure `failed` is set and later
 * appends do nothing. */
struct gt_bytes {
	uint8_t *p;
	size_t len, cap;
	int failed;
};
void gt_bytes_put(struct gt_bytes *b, const void *p, size_t n);
void gt_bytes_uvarint(struct gt_bytes *b, uint64_t v);
/* v as a uvarint padded to width bytes (width >= its minimal length, <= 10). */
void gt_bytes_uvarint_padded(struct gt_bytes *b, uint64_t v, unsigned width);
unsigned gt_uvarint_len(uint64_t v);

/* Go's strconv.Quote of s[0..n), appended to b. */
void gt_text_quote(struct gt_bytes *b, const uint8_t *s, size_t n);
/* Go's strconv.Unquote of s[0..n) (double-, single- or back-quoted),
 * appended to b.  Returns 0, or -1 on a syntax error. */
int gt_text_unquote(struct gt_bytes *b, const char *s, size_t n);

#endif
