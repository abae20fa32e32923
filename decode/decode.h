/* decode.h: from the bytes of a trace file to the ordered, validated
 * event stream (event.h), in one pass.
 *
 * gt_decode() detects the format from the header and calls sink->event for
 * each event in the order Go's reader delivers them.  It never aborts on
 * bad input: it stops at the first error and reports it in *res with the
 * byte offset.  Events delivered before the error stay valid (a truncated
 * trace keeps what came before the cut).
 */
#ifndef GT_DECODE_DECODE_H
#define GT_DECODE_DECODE_H

#include "decode/event.h"
#include "decode/rec.h"
#include "decode/tables.h"

struct gt_sink {
	void *ctx;
	/* Called once per event, in order.  Return nonzero to stop decoding. */
	int (*event)(void *ctx, const struct gt_event *ev, const struct gt_tables *t);
	/* Optional: called now and then with how far decoding has got. */
	void (*progress)(void *ctx, uint64_t done, uint64_t total);
	/* Optional: the sink's record buffer (rec.h).  A decoder may then
	 * write the records of an event of a common kind there itself
	 * instead of calling event(), in the same order. */
	struct gt_rsink *recs;
};

enum gt_status {
	GT_OK = 0,
	GT_INVALID,     /* the trace breaks its format or its state machines */
	GT_TRUNCATED,   /* the writer was cut off; what came before was kept */
	GT_UNSUPPORTED, /* not a Go trace, or a version we do not know */
	GT_STOPPED,     /* the sink asked to stop */
	GT_NOMEM
};
/* Internal, from gt_decode_restartable only (below): start over.  Not in
 * the enum, so that switches over the statuses above stay complete. */
#define GT_RESTART ((enum gt_status)(GT_NOMEM + 1))

#define GT_V1_MAX_TYPES 64

struct gt_decode_result {
	enum gt_status status;
	uint64_t offset;     /* byte offset of the error */
	char msg[256];       /* what was wrong / expected, without the offset */
	int format;          /* 1 (Go 1.5-1.21) or 2 (Go 1.22+); 0 unknown */
	int version;         /* N of the header "go 1.N trace" */
	uint64_t events;     /* events delivered */
	uint64_t bytes_kept; /* bytes of the file whose events were delivered */
	/* v1 only: events by old-format type, with Go 1.19 parser's meaning
	 * (expected/go119-parser); names[i] NULL where unused. */
	uint64_t v1_by_type[GT_V1_MAX_TYPES];
	const char *v1_type_names[GT_V1_MAX_TYPES];
};

/* Decodes buf[0..len).  tables receives strings and stacks. */
enum gt_status gt_decode(const uint8_t *buf, size_t len, struct gt_tables *tables,
                         const struct gt_sink *sink, struct gt_decode_result *res);

const char *gt_status_name(enum gt_status s);

/* gt_decode for a caller that can throw away what the sink received and
 * decode again: a big old-format trace may then be decoded with its two
 * runs at once (decode/v1_pipe.h), and, rarely, that attempt gives up
 * after delivering a prefix and returns GT_RESTART: the caller then
 * starts over with gt_decode (which never returns GT_RESTART).  (A
 * function, not a member of struct gt_sink: sinks are initialised by
 * position in several places.) */
enum gt_status gt_decode_restartable(const uint8_t *buf, size_t len, struct gt_tables *tables,
                                     const struct gt_sink *sink, struct gt_decode_result *res);

#endif
