/* decode.c: gt_decode(), the entry point: reads the "go 1.N trace" header
 * and hands the file to the v1 (Go 1.5-1.21) or v2 (Go 1.22+) decoder. */
#include "decode/decode.h"
#include "decode/restart.h"
#include "decode/v1/v1.h"
#include "decode/v2/v2.h"
#include "decode/v2/spec.h"

#include <stdio.h>
#include <string.h>

#define HEADER_LEN 16

const char *gt_status_name(enum gt_status s)
{
	switch (s) {
	case GT_OK: return "ok";
	case GT_INVALID: return "invalid";
	case GT_TRUNCATED: return "truncated";
	case GT_UNSUPPORTED: return "unsupported";
	case GT_STOPPED: return "stopped";
	case GT_NOMEM: return "out of memory";
	}
	return "unknown";
}

/* Parses "go 1.N trace" NUL-padded to 16 bytes; returns N or -1. */
static int parse_header(const uint8_t *buf, size_t len)
{
	static const char pre[] = "go 1.", post[] = " trace";
	if (len < HEADER_LEN || memcmp(buf, pre, 5))
		return -1;
	size_t i = 5;
	int v = 0;
	while (i < 8 && buf[i] >= '0' && buf[i] <= '9')
		v = v * 10 + (buf[i++] - '0');
	if (i == 5 || i + 6 > HEADER_LEN || memcmp(buf + i, post, 6))
		return -1;
	for (i += 6; i < HEADER_LEN; i++)
		if (buf[i])
			return -1;
	return v;
}

int gt_decode_version(const uint8_t *buf, size_t len)
{
	return parse_header(buf, len);
}

void gt_decode_opts_init(struct gt_decode_opts *o)
{
	memset(o, 0, sizeof *o);
	o->v1_split_min = 8u << 20; /* below, a second thread does not pay */
	o->v1_pipe_min = 8u << 20;
	o->v1_pipe_margin = 1u << 16;
	o->v1_pipe_give_up = UINT64_MAX;
}

static enum gt_status decode(const uint8_t *buf, size_t len, struct gt_tables *tables,
                             const struct gt_sink *sink, const struct gt_decode_opts *o,
                             int restartable, struct gt_decode_result *res)
{
	struct gt_decode_opts dflt;
	if (!o) {
		gt_decode_opts_init(&dflt);
		o = &dflt;
	}
	memset(res, 0, sizeof *res);
	int v = parse_header(buf, len);
	if (v < 0) {
		res->status = GT_UNSUPPORTED;
		snprintf(res->msg, sizeof res->msg,
		         "not a Go execution trace (no 'go 1.N trace' header)");
		return res->status;
	}
	res->version = v;
	if (v >= 5 && v <= 21) {
		res->format = 1;
		return gt_decode_v1(buf, len, v, tables, sink, o, restartable, res);
	}
	if (gt_v2_version_ok(v)) {
		res->format = 2;
		return gt_decode_v2(buf, len, v, tables, sink, res);
	}
	res->status = GT_UNSUPPORTED;
	snprintf(res->msg, sizeof res->msg, "unknown or unsupported trace version go 1.%d", v);
	return res->status;
}

enum gt_status gt_decode(const uint8_t *buf, size_t len, struct gt_tables *tables,
                         const struct gt_sink *sink, struct gt_decode_result *res)
{
	return decode(buf, len, tables, sink, NULL, 0, res);
}

enum gt_status gt_decode_opts(const uint8_t *buf, size_t len, struct gt_tables *tables,
                              const struct gt_sink *sink, const struct gt_decode_opts *o,
                              struct gt_decode_result *res)
{
	return decode(buf, len, tables, sink, o, 0, res);
}

enum gt_status gt_decode_restartable(const uint8_t *buf, size_t len, struct gt_tables *tables,
                                     const struct gt_sink *sink, const struct gt_decode_opts *o,
                                     struct gt_decode_result *res)
{
	return decode(buf, len, tables, sink, o, 1, res);
}
