/* utf8.h: UTF-8 as Go's unicode/utf8 reads and writes it: strict (no
 * overlong forms, surrogates or runes past U+10FFFF), for the text form's
 * reader and writer and for everything that quotes a trace's strings
 * (`gtview dump`, the JSON writers), so that all agree on which bytes
 * are text. */
#ifndef GT_DECODE_UTF8_H
#define GT_DECODE_UTF8_H

#include <stddef.h>
#include <stdint.h>

#define GT_RUNE_ERROR 0xFFFDu

/* Go's utf8.DecodeRune: the rune at s[0..n) and its width; an invalid or
 * short sequence gives (GT_RUNE_ERROR, 1); n == 0 gives (GT_RUNE_ERROR, 0). */
uint32_t gt_utf8_decode(const uint8_t *s, size_t n, size_t *width);
/* Writes r as UTF-8 into out (4 bytes room); returns the length.  Invalid
 * runes (surrogates, > 0x10FFFF) are written as U+FFFD, as Go does. */
size_t gt_utf8_encode(uint32_t r, uint8_t *out);
/* The length of the valid UTF-8 sequence (ASCII: 1) that starts s[0..n),
 * 0 when there is none (a stray or short sequence, or n == 0). */
size_t gt_utf8_len(const char *s, size_t n);

#endif
