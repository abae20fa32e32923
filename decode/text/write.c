/* write.c: binary v2 trace -> text form, as Go's internal/trace/raw
 * Reader + TextWriter print it: event by event, no validation beyond the
 * framing (event type, uvarint arguments, stack frames, data trailers).
 *
 * Where Go's output could not be read back, we differ on purpose:
 *  - an empty data trailer prints as data="" (Go drops the line, and its
 *    reader then takes the next event line for the data);
 *  - a type with no name in the version's table is an error (Go prints an
 *    empty line and goes on);
 *  - a trace cut between two uvarints of an event is an error (Go's raw
 *    reader takes it for the end of the trace). */
#include "decode/text/text.h"
#include "decode/text/int.h"
#include "decode/v2/spec.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

struct writer {
	const uint8_t *buf;
	size_t len, off;
	char *err;
	size_t errsz;
};

static int fail(struct writer *w, size_t off, const char *fmt, ...)
{
	char msg[200];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	snprintf(w->err, w->errsz, "offset %zu: %s", off, msg);
	return -1;
}

/* binary.ReadUvarint, also giving the encoded width. */
static int read_uvarint(struct writer *w, uint64_t *v, unsigned *width, const char *what,
                        const char *ev, size_t evoff)
{
	uint64_t x = 0;
	size_t start = w->off;
	for (unsigned i = 0;; i++) {
		if (w->off >= w->len)
			return fail(w, start, "trace ends inside %s of %s (event at offset %zu)",
			            what, ev, evoff);
		uint8_t b = w->buf[w->off++];
		if (i == 9 && b > 1)
			return fail(w, start, "%s of %s (event at offset %zu): uvarint overflows 64 bits",
			            what, ev, evoff);
		x |= (uint64_t)(b & 0x7F) << (7 * i);
		if (b < 0x80) {
			*v = x;
			*width = i + 1;
			return 0;
		}
	}
}

static void put_str(struct gt_bytes *b, const char *s)
{
	gt_bytes_put(b, s, strlen(s));
}

static void put_u64(struct gt_bytes *b, uint64_t v)
{
	char tmp[24];
	gt_bytes_put(b, tmp, (size_t)snprintf(tmp, sizeof tmp, "%" PRIu64, v));
}

/* Reads the header; returns the version or -1. */
static int read_header(struct writer *w)
{
	static const char pre[] = "go 1.";
	size_t n = sizeof pre - 1;
	if (w->len < n || memcmp(w->buf, pre, n))
		return fail(w, 0, "not a Go trace (want \"go 1.N trace\" header)");
	int v = 0;
	size_t i = n;
	while (i < w->len && i < n + 3 && w->buf[i] >= '0' && w->buf[i] <= '9')
		v = v * 10 + (w->buf[i++] - '0');
	static const char post[] = " trace\0\0\0";
	size_t pn = sizeof post - 1;
	if (i == n || w->len - i < pn || memcmp(w->buf + i, post, pn))
		return fail(w, 0, "not a Go trace (want \"go 1.N trace\\0\\0\\0\" header)");
	/* Like Go's raw reader, old versions get a header and no events. */
	if (!gt_v2_version_ok(v) && v != 11 && v != 19 && v != 21)
		return fail(w, 0, "trace version go 1.%d has no text form (want 1.22 to 1.26)", v);
	w->off = i + pn;
	return v;
}

/* One event at w->off into b; pads, when wanted, get the "#pad" line. */
static int write_event(struct writer *w, int version, struct gt_bytes *b, int pads)
{
	size_t evoff = w->off;
	uint8_t type = w->buf[w->off++];
	const struct gt_v2_spec *spec = gt_v2_spec(version, type);
	if (!spec)
		return fail(w, evoff, "invalid event type %u for go 1.%d%s", type, version,
		            gt_v2_version_ok(version) ? "" : " (an old-format trace: no text form)");
	uint64_t args[GT_V2_MAX_ARGS];
	unsigned widths[GT_V2_MAX_ARGS + 1], npadded = 0;
	for (unsigned i = 0; i < spec->nargs; i++) {
		char what[64];
		snprintf(what, sizeof what, "argument %s", spec->args[i]);
		if (read_uvarint(w, &args[i], &widths[i], what, spec->name, evoff) < 0)
			return -1;
		npadded += widths[i] != gt_uvarint_len(args[i]);
	}
	struct gt_bytes line = {0};
	put_str(&line, spec->name);
	for (unsigned i = 0; i < spec->nargs; i++) {
		put_str(&line, " ");
		put_str(&line, spec->args[i]);
		put_str(&line, "=");
		put_u64(&line, args[i]);
	}
	if (spec->is_stack) {
		/* Go reads int(nframes) frames: none when that is negative. */
		uint64_t nframes = spec->nargs >= 2 ? args[1] : 0;
		if (nframes > INT64_MAX)
			nframes = 0;
		static const char *const fields[4] = {"pc", "func", "file", "line"};
		for (uint64_t f = 0; f < nframes; f++)
			for (int k = 0; k < 4; k++) {
				char what[64];
				uint64_t v;
				unsigned width;
				snprintf(what, sizeof what, "frame %" PRIu64 " %s", f + 1, fields[k]);
				if (read_uvarint(w, &v, &width, what, spec->name, evoff) < 0) {
					free(line.p);
					return -1;
				}
				put_str(&line, k ? " " : "\n\t");
				put_str(&line, fields[k]);
				put_str(&line, "=");
				put_u64(&line, v);
			}
	}
	uint64_t dlen = 0;
	if (spec->has_data) {
		uint64_t n;
		unsigned width;
		if (read_uvarint(w, &n, &width, "data length", spec->name, evoff) < 0) {
			free(line.p);
			return -1;
		}
		widths[spec->nargs] = width;
		dlen = n;
		if (width != gt_uvarint_len(n))
			npadded++;
		if (n > w->len - w->off) {
			free(line.p);
			return fail(w, w->off, "%s (event at offset %zu): data of %" PRIu64
			            " bytes, only %zu left", spec->name, evoff, n, w->len - w->off);
		}
		put_str(&line, "\n\tdata=");
		gt_text_quote(&line, w->buf + w->off, (size_t)n);
		w->off += (size_t)n;
	}
	put_str(&line, "\n");
	if (pads && npadded) {
		put_str(b, "#pad");
		for (unsigned i = 0; i < spec->nargs; i++)
			if (widths[i] != gt_uvarint_len(args[i])) {
				char tmp[80];
				snprintf(tmp, sizeof tmp, " %s=%u", spec->args[i], widths[i]);
				put_str(b, tmp);
			}
		if (spec->has_data && widths[spec->nargs] != gt_uvarint_len(dlen)) {
			char tmp[32];
			snprintf(tmp, sizeof tmp, " data=%u", widths[spec->nargs]);
			put_str(b, tmp);
		}
		put_str(b, "\n");
	}
	if (!line.failed)
		gt_bytes_put(b, line.p, line.len);
	else
		b->failed = 1;
	free(line.p);
	return 0;
}

int gt_text_write_ex(const uint8_t *buf, size_t len, FILE *out, unsigned flags,
                     char *err, size_t errsz)
{
	struct writer w = {.buf = buf, .len = len, .err = err, .errsz = errsz};
	if (errsz)
		err[0] = 0;
	int version = read_header(&w);
	if (version < 0)
		return -1;
	fprintf(out, "Trace Go1.%d\n", version);
	struct gt_bytes b = {0};
	int rc = 0;
	while (w.off < w.len) {
		rc = write_event(&w, version, &b, flags & GT_TEXT_PADS);
		if (b.failed) {
			rc = fail(&w, w.off, "out of memory");
			break;
		}
		/* flush now and then, and always before reporting an error */
		if (rc < 0 || b.len >= 1 << 16 || w.off >= w.len) {
			if (b.len && fwrite(b.p, 1, b.len, out) != b.len)
				break;
			b.len = 0;
		}
		if (rc < 0)
			break;
	}
	free(b.p);
	if (fflush(out) != 0 || ferror(out)) {
		snprintf(err, errsz, "write error: %s", strerror(errno));
		return -1;
	}
	return rc;
}

int gt_text_write(const uint8_t *buf, size_t len, FILE *out, char *err, size_t errsz)
{
	return gt_text_write_ex(buf, len, out, 0, err, errsz);
}
