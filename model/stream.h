/* stream.h: a trace read as it comes (a pipe, a file still being
 * written), shown as it grows.
 *
 * The bytes collect in one buffer.  For a new-format trace the stream
 * knows where its complete generations end (gt_gen_scan) and builds, on
 * a thread of its own, the model of those generations: the same model a
 * load of a file cut there gives.  Each such model replaces the one
 * before as a whole (the viewer keeps its place): "loaded up to" moves
 * in generation-sized steps, and a step is only ever a model that is
 * complete and read-only, so views read it without locks.  When the
 * writer is done (gt_stream_end) the last build is of every byte: the
 * model a load of the same bytes from a file gives.  An old-format
 * binary trace (Go 1.5 to 1.21) has no generations: each step is a
 * load of every byte read so far, as a file cut there loads (a truncated
 * trace: the events that can be ordered before the cut).  A text trace
 * is built once, at the end.
 *
 * A build is a whole load of the prefix, so a step costs the load of
 * everything before it: a build starts when complete generations (old
 * format: bytes) wait and no build runs, and not before as long again
 * as the last one took has passed, so that building takes at most about half a core however
 * fast the data comes.
 *
 * Memory: once a model was taken, a step's model is built only while
 * the final build will fit next to it within 1.9 times the trace (or
 * both are small): on a big stream the steps stop (held) until the
 * writer is done; and no build starts while a built model waits to be
 * taken.
 *
 * All calls come from one thread (the viewer's loop); the builds read the
 * buffer on theirs, and a heap buffer that grows while one runs is kept
 * until it ends. */
#ifndef GT_MODEL_STREAM_H
#define GT_MODEL_STREAM_H

#include "model/model.h"

struct gt_stream;

/* o: how to load (copied; NULL: the defaults). */
struct gt_stream *gt_stream_new(const struct gt_load_opts *o);
/* Stops a build that runs (soon: it is told to stop) and frees all but
 * the models already taken. */
void gt_stream_free(struct gt_stream *s);

/* Bytes read go to fd, a file (unlinked, of the caller's: closed by
 * gt_stream_free), mapped to be read back: a buffer that never moves, and
 * whose pages a build gives back as a file's load does, the bytes kept in
 * the file for the next build.  Before any bytes; -1 when fd cannot be
 * mapped (the bytes then collect on the heap). */
int gt_stream_spool(struct gt_stream *s, int fd);

/* A whole file (buf: the caller's, kept until gt_stream_free) loaded on
 * a thread, its model taken as a stream's final one; meanwhile, on
 * another thread, a first model of a prefix is built to show at once
 * (when first is not 0 and at most half the file): of a new-format
 * trace's first complete generation(s) (looked for in the first MiB, or
 * first bytes when fewer, then in twice as many each time); of an
 * old-format Go 1.7+ trace's first moments, a time prefix of about
 * first/4 bytes of events (decode.h: v1_index), built as soon as the
 * whole load's pass 1 has found every P's batches, the whole load
 * waiting meanwhile; of a Go 1.5 trace's first `first` bytes, loaded as
 * a truncated trace (a 32nd of the file at most, both).
 * hook: NULL, or told the whole load's progress on its thread (its
 * answer is ignored: gt_stream_free stops the load). */
struct gt_stream *gt_stream_file(const uint8_t *buf, size_t len, int mapped,
                                 const struct gt_load_opts *o, size_t first,
                                 gt_model_progress_fn hook, void *hook_ctx);

/* One read(2) of fd into the buffer: the bytes read, 0 at its end (the
 * caller says whether that ends the stream: a FIFO reads as ended until
 * a writer opens it), -1 with errno (EAGAIN: nothing now). */
long gt_stream_read(struct gt_stream *s, int fd);
/* Bytes from elsewhere; -1 when out of memory. */
int gt_stream_feed(struct gt_stream *s, const void *p, size_t n);
/* No more bytes will come. */
void gt_stream_end(struct gt_stream *s);

/* Starts a build when one is due; now_s: a monotonic clock in seconds.
 * Returns 1 when one started. */
int gt_stream_step(struct gt_stream *s, double now_s);
/* A stream that is not shown by generations (old format, text, or a
 * header the scan could not follow) and has stopped growing for a while
 * (a file followed as it is written): the next step builds every byte so
 * far, the way a truncated file loads, though more may come. */
void gt_stream_flush(struct gt_stream *s);
/* Waits for the running build, if any (tests, headless runs). */
void gt_stream_wait(struct gt_stream *s);
/* A model whose build ended since the last call (the caller owns it),
 * with its load's result; NULL when none. */
struct gt_model *gt_stream_take(struct gt_stream *s, struct gt_decode_result *res);

struct gt_stream_info {
	uint64_t bytes;         /* read so far */
	uint64_t complete;      /* of complete generations (new format) */
	uint32_t gens;          /* complete generations */
	uint64_t built;         /* bytes of the newest model taken or ready */
	uint32_t built_gens;    /* its generations (0 for the final build) */
	int version;            /* of the header; -1 before it is in */
	int format;             /* 2: shown by generations; 1: by the bytes
	                           read (old format); 0: at the end (text, a
	                           header the scan could not follow) */
	int ended;              /* the writer is done */
	int building;           /* a build runs */
	int final;              /* the model of every byte was taken */
	double build_s;         /* the last build's wall time (s) */
	const uint8_t *buf;     /* the bytes so far (valid until the next read
	                           or feed) */
	int held;               /* a step waits for the writer's end: its
	                           model and the final one would not fit */
	int file;               /* gt_stream_file */
	uint64_t done, total;   /* a file: bytes of it loaded, of total */
};
void gt_stream_info(const struct gt_stream *s, struct gt_stream_info *out);

#endif
