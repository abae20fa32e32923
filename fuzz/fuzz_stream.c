/* fuzz_stream.c: libFuzzer harness for a trace read as it comes
 * (model/stream.h, the viewer's path for pipes).
 *
 * Input: as fuzz_v2.c's (one byte choosing the header version, then the
 * body after the 16-byte header; its seeds are v2's), with the body's
 * first byte also seeding the chunk sizes; a first byte with its top bit
 * set chooses an old-format header instead (bits 2-4: go 1.5 to 1.21, as
 * fuzz_v1.c's), whose steps are loads of every byte fed so far.  The bytes go to the stream in
 * chunks of 1 to 4096 bytes, each build awaited; every model shown
 * before the end must be what a load of its bytes gives, and the final
 * one what a load of all of them gives (the trace's figures, status and
 * error offset compared). */
#include "fuzz/fuzz_check.h"

#include <stdlib.h>
#include <string.h>

#ifdef GT_FUZZ_MODEL
#include "model/stream.h"

static void same(const struct gt_model *m, const struct gt_decode_result *r, const uint8_t *buf,
                 size_t len, const char *what)
{
	struct gt_decode_result r2;
	struct gt_model *ref = gt_model_load(buf, len, 0, NULL, NULL, &r2);
	if (!ref)
		return; /* out of memory: nothing to compare */
	struct gt_trace_info a, b;
	gt_model_info(m, &a);
	gt_model_info(ref, &b);
	FZ_ASSERT(r->status == r2.status && r->offset == r2.offset, "%s: status %d at %llu, a load's "
	          "%d at %llu", what, r->status, (unsigned long long)r->offset, r2.status,
	          (unsigned long long)r2.offset);
	FZ_ASSERT(a.events == b.events && a.min_ts == b.min_ts && a.max_ts == b.max_ts &&
	          a.goroutines == b.goroutines && a.procs == b.procs && a.gc_cycles == b.gc_cycles &&
	          !memcmp(a.by_kind, b.by_kind, sizeof a.by_kind),
	          "%s: %llu events, a load's %llu", what, (unsigned long long)a.events,
	          (unsigned long long)b.events);
	gt_model_free(ref);
}

static void stream(const uint8_t *buf, size_t len)
{
	struct gt_stream *s = gt_stream_new(NULL);
	if (!s)
		return;
	uint64_t x = len > 16 ? buf[16] : 0;
	size_t at = 0;
	for (;;) {
		struct gt_decode_result res;
		struct gt_model *m = gt_stream_take(s, &res);
		struct gt_stream_info si;
		gt_stream_info(s, &si);
		if (m) {
			same(m, &res, si.buf, si.built, si.final ? "final model" : "a step's model");
			gt_model_free(m);
			if (si.final)
				break;
		}
		if (at < len) {
			x = x * 6364136223846793005ull + 1442695040888963407ull;
			size_t n = 1 + (size_t)(x >> 33) % 4096;
			if (n > len - at)
				n = len - at;
			if (gt_stream_feed(s, buf + at, n) < 0)
				break;
			at += n;
		} else {
			gt_stream_end(s);
		}
		if (gt_stream_step(s, 1e18))
			gt_stream_wait(s);
		else if (si.ended && !si.building && !m)
			break; /* no thread for the build: nothing more */
	}
	gt_stream_free(s);
}
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t len;
	uint8_t *buf = fz_v2_trace(data, size, &len);
	if (buf && data[0] & 0x80) { /* an old-format header instead */
		static const char *const v1[8] = {"go 1.5 trace", "go 1.7 trace", "go 1.8 trace",
		                                  "go 1.9 trace", "go 1.10 trace", "go 1.11 trace",
		                                  "go 1.19 trace", "go 1.21 trace"};
		memset(buf, 0, 16);
		memcpy(buf, v1[(data[0] >> 2) & 7], strlen(v1[(data[0] >> 2) & 7]));
	}
	if (!buf)
		return 0;
#ifdef GT_FUZZ_MODEL
	stream(buf, len);
#endif
	free(buf);
	return 0;
}
