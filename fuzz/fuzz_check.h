/* fuzz_check.h: what every decoding harness asserts about gtview's output,
 * whatever the input.  A broken invariant aborts (a libFuzzer finding).
 *
 * decode level (every input): events come with a known kind, a byte offset
 * inside the file, times that never go back (Go's reader: each event after
 * the previous one, a Sync at the previous time), string and stack ids that
 * exist in the tables; the result has a known status, an offset inside the
 * file and a message when it is an error, and counts what was delivered.
 * model level (when model/ provides gt_model_load): the same status and
 * event count as a bare decode, and every span, range and metric point in
 * time order inside [min_ts, max_ts]; every string, escaped for a
 * terminal (report/escape.h) as text and as JSON, clean of control
 * characters and valid UTF-8.
 */
#ifndef GT_FUZZ_CHECK_H
#define GT_FUZZ_CHECK_H

#include <stddef.h>
#include <stdint.h>

/* Decodes buf[0..len) with gt_decode and checks it, then (with model/)
 * loads it with gt_model_load and checks the model. */
void fz_check_trace(const uint8_t *buf, size_t len);

/* The v2 harnesses' input as a trace: data[0] chooses the header (go
 * 1.22, 1.23, 1.25, 1.26), the rest is the body after it.  An exact-size
 * heap copy (ASan sees any read past the end), *len its size; NULL when
 * size is 0 or out of memory.  free() it. */
uint8_t *fz_v2_trace(const uint8_t *data, size_t size, size_t *len);

/* Aborts with a message when cond is false. */
#define FZ_ASSERT(cond, ...) \
	do { if (!(cond)) fz_fail(__FILE__, __LINE__, #cond, __VA_ARGS__); } while (0)
void fz_fail(const char *file, int line, const char *cond, const char *fmt, ...)
	__attribute__((noreturn, format(printf, 4, 5)));

#endif
