/* text.h: the textual form of v2 traces (Go's internal/trace/raw text
 * format): "Trace Go1.N" then one event a line, `Name arg=value …`, with
 * `data="…"` and stack frame lines under the events that carry them.
 *
 * Both directions work event by event, like Go's raw reader/writer: no
 * ordering or validation, only the framing every v2 file shares.
 */
#ifndef GT_DECODE_TEXT_H
#define GT_DECODE_TEXT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Go's %q (strconv.Quote) of s[0..n) onto out: what `gtview dump`
 * prints for a trace's strings, as Go's own dump does (control, C1 and
 * non-printable characters and bytes that are not UTF-8 escaped). */
void gt_text_fquote(FILE *out, const char *s, size_t n);

/* Binary v2 trace buf[0..len) -> text form on out, as Go's raw TextWriter
 * prints it.  The header line is written as soon as the header is read.
 * Old-format headers (go 1.11, 1.19, 1.21) get their header line only, as
 * in Go: any event after it is an invalid event type.
 * Returns 0, or -1 with err = "offset N: what was expected" when the bytes
 * are malformed (events before the error have been printed), or an output
 * error ("write error: …"). */
int gt_text_write(const uint8_t *buf, size_t len, FILE *out, char *err, size_t errsz);

/* Flags of gt_text_write_ex. */
enum {
	/* Before an event with padded uvarints (the runtime pads batch
	 * sizes to 10 bytes), a comment line "#pad size=10" that Go's
	 * reader skips and gt_text_assemble honours: the text then assembles
	 * back to the very same bytes. */
	GT_TEXT_PADS = 1,
};
int gt_text_write_ex(const uint8_t *buf, size_t len, FILE *out, unsigned flags,
                     char *err, size_t errsz);

/* Text form text[0..len) -> the binary wire bytes Go's raw Writer emits
 * (16-byte header, uvarints).  first_line is the line number of text[0]
 * (1 for a whole file; more for a txtar section) so errors name lines of
 * the file.  On success *out (malloc'd, caller frees) and *outlen are set
 * and 0 is returned.  On error, -1: *errline is the line (0: none, e.g.
 * out of memory) and err says what was wrong. */
int gt_text_assemble(const char *text, size_t len, unsigned first_line,
                     uint8_t **out, size_t *outlen,
                     unsigned *errline, char *err, size_t errsz);

/* txtar archives (the .test files of Go's trace tests): finds the file `name`
 * ("trace", "expect").  Returns 0 and sets *data, *datalen (inside buf; a
 * missing final newline is not added) and *first_line (line number of its
 * first line in buf), or -1 when there is no such file. */
int gt_txtar_file(const char *buf, size_t len, const char *name,
                  const char **data, size_t *datalen, unsigned *first_line);

#endif
