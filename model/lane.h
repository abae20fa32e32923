/* lane.h: compact append-only logs of time spans, one log per lane (a P,
 * an M: a few long lanes; goroutines use glog.h), with an index for binary
 * search and prefix sums for per-column summaries.
 *
 * Why: a 110 MB trace has ~25M events; at 16+ bytes a span the model would
 * outgrow the file.  A span here is three varints (change of value from
 * the previous span's << 3 | ns << 2 | class, gap from the previous
 * span's end, duration) in chunks of a shared arena of 1 MiB blocks,
 * typically 3-6 bytes.  Times count in the lanes' unit, 2^tshift ns (the
 * trace's clock tick, as in glog.h), unless the span's ns bit is set (a
 * time the reader nudged off the tick).  Chunks grow per lane (32 B to 1 KiB) so short lanes stay cheap.
 * Each chunk restarts the delta chains, so any chunk decodes alone: after gt_lanes_finish() a lane
 * has an index entry per chunk (first start, span number, per-class time
 * before it, its longest span) and a query binary-searches the chunks,
 * then decodes at most one chunk per step.  A column summary passing
 * whole chunks takes their longest span from a sparse table over groups
 * of chunks, so its top is the longest span wherever chunks begin. */
#ifndef GT_MODEL_LANE_H
#define GT_MODEL_LANE_H
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "model/varint.h"

#define GT_LANE_CLASSES 4

struct gt_span_rec {
	int64_t start, end;
	uint32_t val;   /* < 2^29 */
	uint8_t cls;    /* < GT_LANE_CLASSES */
};

struct gt_lane {
	uint32_t tail;        /* chunk ref being filled; 0 = none */
	uint32_t id;          /* the owner's lane number (set before append) */
	uint32_t nrec, nchunks;
	int64_t prev_end;     /* end of the last span of the tail chunk */
	uint32_t prev_val;    /* ...and its value */
	uint32_t ix;          /* first index entry (valid after finish) */
	uint32_t st;          /* its sparse table in gt_lanes.st (after finish) */
	int64_t cum[GT_LANE_CLASSES]; /* class totals so far */
	/* While building: where the tail chunk's next record goes, and the
	 * first place where one might not fit (the chunk's used count is
	 * written when it is left, and by gt_lanes_finish). */
	uint8_t *wp, *wlim;
	/* ...the tail chunk's first longest span so far (start, length; -1: none)
	 * and its pending index entry, which gets it when the chunk is left */
	int64_t top_start, top_len;
	uint32_t top_val, pend;
	uint8_t top_cls;
};

struct gt_lane_ix {
	int64_t first_start;
	uint32_t ref, rec0;
	int64_t cum[GT_LANE_CLASSES];
	int64_t top_start, top_end; /* the chunk's first longest span */
	uint32_t top_val;
	uint8_t top_cls;
};

struct gt_lane_pending { /* index entries in creation order (all lanes) */
	struct gt_lane_ix e;
	uint32_t lane;
};

struct gt_lanes {
	uint8_t **blocks;
	size_t nblocks, cap_blocks;
	uint32_t next;        /* next free ref in the last block (8-byte units) */
	uint8_t tshift;       /* the unit of time: 2^tshift ns (set before the
	                         first span) */
	struct gt_lane_ix *ix; /* per lane runs of nchunks entries (finish) */
	size_t nix;
	struct gt_lane_pending *pend; /* entries in creation order (build) */
	size_t npend, cap_pend;
	/* per lane of more than GT_LANE_GROUP chunks, levels k = 0, 1, ...
	 * of entries g: the lane's chunk with the first longest top span
	 * among groups g .. g + 2^k - 1 of GT_LANE_GROUP chunks (finish) */
	uint32_t *st;
	size_t nst;
	/* by index entry, packed for the searches of a column query (the
	 * entries are 104 bytes): the chunk's first start and the length of
	 * its longest span (finish) */
	int64_t *first, *tlen;
};
#define GT_LANE_GROUP 8

void gt_lanes_free(struct gt_lanes *ls);
/* gt_lane_append, any case. */
int gt_lane_append_slow(struct gt_lanes *ls, struct gt_lane *l, int64_t start,
                        int64_t end, uint32_t val, uint8_t cls);

/* Chunk layout (lane.c): refs count 8-byte units of 1 MiB blocks; a chunk
 * starts with u32 next, u16 used, u16 cap. */
#define GT_LANE_USHIFT 17
#define GT_LANE_HDR 8
#define GT_LANE_MAX_REC 28 /* bytes of a record at most (varints of 64, 64,
                              33 bits: 25) and gt_put_uv_slack's slack (3) */

/* A span's record at p, its gap counted from prev_end and its value as a
 * change from prev_val (the previous span's in the chunk: on a P the
 * goroutines that run one after another were mostly created close
 * together, so this takes a byte or two where the value takes three or
 * four), times in units of 2^shift ns unless they are not whole units;
 * writes up to 3 bytes past the record (gt_put_uv_slack).  Returns its
 * length. */
static inline __attribute__((always_inline)) size_t
gt_lane_encode(uint8_t *p, int64_t prev_end, uint32_t prev_val, int64_t start, int64_t end,
               uint32_t val, uint8_t cls, unsigned shift)
{
	int64_t gap = start - prev_end, d = end - start;
	uint64_t ns = gt_off_unit((uint64_t)gap | (uint64_t)d, shift) != 0;
	shift = ns ? 0 : shift;
	gap >>= shift; /* whole units: exact (GCC's >> keeps the sign) */
	int32_t dv = (int32_t)(val - prev_val);
	uint32_t z = ((uint32_t)dv << 1) ^ (uint32_t)(dv >> 31);
	size_t n = gt_put_uv_slack(p, ((uint64_t)z << 3) | ns << 2 | cls);
	n += gt_put_uv_slack(p + n, gt_zz(gap));
	n += gt_put_uv_slack(p + n, (uint64_t)d >> shift);
	return n;
}

/* Appends span [start, end) to lane l.  Spans of a lane must come in time
 * order and not overlap.  Returns -1 when out of memory.  Inline: the
 * common case (room in the tail chunk) costs a few dozen instructions,
 * and loading appends a span per goroutine run. */
static inline __attribute__((always_inline)) int
gt_lane_append(struct gt_lanes *ls, struct gt_lane *l, int64_t start, int64_t end,
               uint32_t val, uint8_t cls)
{
	if ((uintptr_t)l->wp < (uintptr_t)l->wlim && end >= start) {
		uint8_t *p = l->wp;
		l->wp = p + gt_lane_encode(p, l->prev_end, l->prev_val, start, end, val, cls, ls->tshift);
		l->prev_end = end;
		l->prev_val = val;
		l->nrec++;
		l->cum[cls] += end - start;
		if (end - start > l->top_len) {
			l->top_start = start;
			l->top_len = end - start;
			l->top_val = val;
			l->top_cls = cls;
		}
		return 0;
	}
	return gt_lane_append_slow(ls, l, start, end, val, cls);
}
/* Builds the chunk index (call once, after the last append).  lanes[i]
 * must be the lane whose id is i, for every id used.  -1: out of memory. */
int gt_lanes_finish(struct gt_lanes *ls, struct gt_lane *const *lanes, size_t n);
size_t gt_lanes_bytes(const struct gt_lanes *ls);

/* Calls fn for each span of l overlapping [t0, t1), in order; stops when fn
 * returns nonzero. */
typedef int (*gt_span_rec_fn)(void *ctx, const struct gt_span_rec *s);
void gt_lane_query(const struct gt_lanes *ls, const struct gt_lane *l,
                   int64_t t0, int64_t t1, gt_span_rec_fn fn, void *ctx);

/* Per-column summary of [t0, t1) in ncols equal columns. */
struct gt_lane_col {
	int64_t ns[GT_LANE_CLASSES];
	uint32_t spans;  /* spans starting in the column */
	uint32_t top;    /* val of the longest span seen; UINT32_MAX none */
	uint8_t top_cls;
};
void gt_lane_columns(const struct gt_lanes *ls, const struct gt_lane *l,
                     int64_t t0, int64_t t1, uint32_t ncols,
                     struct gt_lane_col *out);
/* The same for columns first .. first + ncols - 1 of the split cs, at its
 * bounds (a long row asked in parts keeps the bounds of the whole). */
struct gt_cols;
void gt_lane_columns_of(const struct gt_lanes *ls, const struct gt_lane *l,
                        const struct gt_cols *cs, uint32_t first, uint32_t ncols,
                        struct gt_lane_col *out);
#endif
