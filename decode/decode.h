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

#include <stdatomic.h>

#include "decode/event.h"
#include "decode/tables.h"

struct gt_rsink; /* rec/rec.h */
struct gt_v1_index;
struct gt_ids;

/* A goroutine that existed when tracing began, as the old format's
 * GoCreate written at tracing's start tells: Go's reader drops those
 * events (its stream gives such a goroutine a first transition from
 * Undetermined), yet they carry its start function and when tracing
 * found it. */
struct gt_initial {
	int64_t g;       /* the goroutine */
	int64_t ts;      /* the GoCreate's time (ns, the reader's time base) */
	gt_stack start;  /* its start function alone, as one frame */
	gt_stack stack;  /* the GoCreate's own stack: who started tracing */
};

struct gt_sink {
	void *ctx;
	/* Called once per event, in order.  Return nonzero to stop decoding. */
	int (*event)(void *ctx, const struct gt_event *ev, const struct gt_tables *t);
	/* Optional: called now and then with how far decoding has got. */
	void (*progress)(void *ctx, uint64_t done, uint64_t total);
	/* Optional: the sink's record buffer (rec/rec.h).  A decoder may then
	 * write the records of an event of a common kind there itself
	 * instead of calling event(), in the same order. */
	struct gt_rsink *recs;
	/* Optional: old format, each goroutine that existed when tracing
	 * began (struct gt_initial), before its first transition.  Return
	 * nonzero to stop decoding. */
	int (*initial)(void *ctx, const struct gt_initial *ig);
};

enum gt_status {
	GT_OK = 0,
	GT_INVALID,     /* the trace breaks its format or its state machines */
	GT_TRUNCATED,   /* the writer was cut off; what came before was kept */
	GT_UNSUPPORTED, /* not a Go trace, or a version we do not know */
	GT_STOPPED,     /* the sink asked to stop */
	GT_NOMEM
};
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

/* What happened inside a decode that a benchmark or a test wants to
 * know (GTVIEW_LOAD_STATS, GTVIEW_V1_SPLIT_MIN: cmd/ prints it).  The
 * decoder fills the parts it went through and leaves the others alone. */
struct gt_decode_stats {
	/* old format (v1 set): of the v1_events converted, those that took
	 * the reference path (all with v1_reference; else those the fast
	 * path left to it) */
	int v1;
	uint64_t v1_events, v1_general;
	/* old format: the scan's second thread (decode/v1/scan.h) */
	uint64_t v1_split_at;     /* its offset; 0: no split tried */
	const char *v1_split;     /* "taken" or "dropped" */
	/* old format: both runs at once (decode/v1/pipe.h) */
	int v1_pipe;              /* 1 ran, 2 gave up (decode again) */
	const char *v1_pipe_why;  /* why it gave up */
	double v1_pipe_cpu1;      /* the first run's thread CPU time (s) */
	uint32_t v1_pipe_moved;   /* syscall exits moved back */
	uint64_t v1_pipe_back;    /* most order indices a moved exit went back */
	int64_t v1_pipe_slack;    /* least ticks between a moved exit found and
	                             the last event replayed (-1: none) */
	uint64_t v1_pipe_settle;  /* longest a GoSysCall held the first run back */
	uint64_t v1_pipe_waits, v1_pipe_sleeps; /* of the second run */
	/* old format, a time prefix (v1_index): T, in ns from the first
	 * event (the delivered events' time base); the batches' bytes it
	 * merged */
	int64_t v1_prefix_until;
	uint64_t v1_prefix_bytes;
};

/* How to decode: gt_decode_opts_init gives the defaults, which every
 * user-facing path takes; tests and benchmarks change them (cmd/ fills
 * them from the GTVIEW_* variables: cmd/load_opts.c). */
struct gt_decode_opts {
	/* old format: every event through the reference path (v1_postprocess
	 * and the general conversion) instead of the fast path for the common
	 * events (decode/v1/convert.c: hot()); both must deliver the same
	 * events (tests/v1-reference.t) */
	int v1_reference;
	/* old format, Go 1.7+: files of this many bytes and more are scanned
	 * from the middle on on a second thread (decode/v1/scan.h) */
	uint64_t v1_split_min;
	/* old format, decodes that may start over (the model's loader):
	 * files of this many bytes and more are decoded with both runs at
	 * once (decode/v1/pipe.h); the second run stays v1_pipe_margin
	 * events behind the merge, or right behind the first with
	 * v1_pipe_lockstep; it gives up at order index v1_pipe_give_up
	 * (tests; UINT64_MAX: never) */
	uint64_t v1_pipe_min, v1_pipe_margin, v1_pipe_give_up;
	int v1_pipe_lockstep;
	/* old format, Go 1.7+ (without futile wakeups to drop): told once,
	 * on the decoding thread, when pass 1 has read the whole file
	 * without error, where the records it keeps are (struct
	 * gt_v1_index, valid during the call), so that a decode of a time
	 * prefix (v1_index) can start meanwhile; or, as soon as it is
	 * known, with NULL: no time prefix of this trace (a failed pass 1,
	 * futile wakeups to drop, Go 1.5).  NULL: not told. */
	void (*v1_scanned)(void *ctx, const struct gt_v1_index *ix);
	void *v1_scanned_ctx;
	/* old format, Go 1.7+: a time prefix of the same bytes, pass 1
	 * replaced by these records (from v1_scanned): each P's batches that
	 * begin before a time T, T picked so that they add up to about
	 * v1_prefix bytes (one batch at least), merged as a whole load
	 * merges them, and delivered up to the first event at or after T
	 * (GT_TRUNCATED; stats->v1_prefix_until says T).  The events are
	 * those a whole load delivers before its first event at or after T,
	 * in the same order, with the same times (the footer's frequency is
	 * known), bar syscalls whose outcome only a later event tells. */
	const struct gt_v1_index *v1_index;
	uint64_t v1_prefix;
	/* old format: pass 1, which delivers nothing for a second or more
	 * on a big file, stops (GT_STOPPED) at the next batch once *cancel
	 * is nonzero (a viewer quitting during the load).  NULL: never. */
	const atomic_int *cancel;
	struct gt_decode_stats *stats; /* NULL, or filled as it goes */
};

/* Where pass 1 of an old-format trace found the records it keeps:
 * batch headers, strings, stacks, the frequency, timer goroutines and
 * CPU samples, by offset in file order; end: the bytes it could use (a
 * record cut by the file's end ends them); exit_m: the threads of
 * syscalls begun before the trace, as the whole file names them (a
 * prefix gives them the whole load's thread, though their end may come
 * after T). */
struct gt_v1_index {
	const uint64_t *recs;
	uint64_t nrecs;
	uint64_t end;
	const struct gt_ids *exit_m;
};
void gt_decode_opts_init(struct gt_decode_opts *o);

/* Decodes buf[0..len).  tables receives strings and stacks. */
enum gt_status gt_decode(const uint8_t *buf, size_t len, struct gt_tables *tables,
                         const struct gt_sink *sink, struct gt_decode_result *res);
/* gt_decode with options (NULL: the defaults). */
enum gt_status gt_decode_opts(const uint8_t *buf, size_t len, struct gt_tables *tables,
                              const struct gt_sink *sink, const struct gt_decode_opts *o,
                              struct gt_decode_result *res);

const char *gt_status_name(enum gt_status s);
/* N of buf's "go 1.N trace" header; -1 when it has none. */
int gt_decode_version(const uint8_t *buf, size_t len);

/* A growing trace's complete generations (new format only): call
 * gt_gen_scan with the bytes so far, as often as they grow (the same
 * bytes, longer); a decode of buf[0..complete) then holds the first
 * ngens generations whole, and they stay as they are whatever follows.
 * version: -1 until the header is in, 0 when the trace is not of the new
 * format (nothing is complete before its end); stuck: a batch header the
 * decoder will reject (only a decode of the whole says why). */
struct gt_gen_scan {
	int version;
	int stuck;
	uint64_t pos;       /* the next batch header */
	uint64_t gen;       /* the generation being read (0: none yet) */
	uint64_t complete;  /* bytes of whole generations (with the header) */
	uint32_t ngens;
};
void gt_gen_scan_init(struct gt_gen_scan *s);
void gt_gen_scan(struct gt_gen_scan *s, const uint8_t *buf, size_t len);

#endif
