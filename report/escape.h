/* escape.h: the one rule by which a trace's strings (function names,
 * file paths, reasons, region, task and log texts, labels) reach a
 * terminal, a file or the clipboard.  A trace is untrusted input: any of
 * its strings may carry terminal control sequences.
 *
 * A character "passes" when it is printable ASCII or valid UTF-8
 * (decode/utf8.h) outside U+0080..U+009F.  Everything else is escaped,
 * visibly and unambiguously:
 *
 *   text (reports, error messages, copy and save):
 *     \\ for a backslash; \n \t \r for those (newline and tab pass as
 *     they are with GT_ESC_LINES, in a multi-line layout); \xNN for any
 *     other C0 byte, DEL, and a byte that is not UTF-8 (a raw C1 byte:
 *     \x9b); \u00NN for U+0080..U+009F written as UTF-8 (\u009b).
 *   JSON: \" \\ \n \t \r, \u00NN for any other C0, DEL and the C1
 *     characters; a byte that is not UTF-8 as \ufffd (JSON stays UTF-8).
 *
 * The viewer draws every character that does not pass as '?'
 * (tui/draw.c asks gt_esc_passes). */
#ifndef GT_REPORT_ESCAPE_H
#define GT_REPORT_ESCAPE_H

#include <stddef.h>
#include <stdio.h>

/* Newline and tab pass as they are (a multi-line layout). */
#define GT_ESC_LINES 1

/* The width in bytes of the character at s[0..n) (n > 0; a byte that
 * is not UTF-8 counts alone) into *w; whether it passes as it is. */
int gt_esc_passes(const char *s, size_t n, size_t *w);

/* Writes s[0..n) escaped (the text rule) to fp. */
void gt_esc_putn(FILE *fp, const char *s, size_t n, int flags);
/* The same for a C string (NULL: nothing), one line (no GT_ESC_LINES). */
void gt_esc_puts(FILE *fp, const char *s);
/* s's escaped form's width in columns (one per character). */
size_t gt_esc_cols(const char *s);
/* gt_esc_puts, then spaces up to width columns ("%-*s" on the escaped
 * form). */
void gt_esc_pad(FILE *fp, const char *s, size_t width);
/* Spaces up to width columns, then gt_esc_puts ("%*s"). */
void gt_esc_pad_left(FILE *fp, const char *s, size_t width);
/* s[0..n) escaped into buf (size > 0: NUL-terminated, cut at a whole
 * escape or character if it does not fit); returns the length of the
 * whole escaped form, as snprintf does. */
size_t gt_esc_buf(char *buf, size_t size, const char *s, size_t n, int flags);
/* The escaped form of s[0..n) in a new string (free it); NULL when out
 * of memory. */
char *gt_esc_dup(const char *s, size_t n, int flags);

/* A message (the error lines of the commands and of the viewer, which
 * may quote a trace's strings, a file's name or a decoder's words)
 * formatted, then written escaped by the text rule, its newlines and
 * tabs kept. */
void gt_esc_fprintf(FILE *fp, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Writes s[0..n) as a JSON string literal (with quotes), the JSON rule.
 * gt_json_str: a C string (NULL: ""). */
void gt_json_strn(FILE *fp, const char *s, size_t n);
void gt_json_str(FILE *fp, const char *s);

#endif
