/* glog.h: goroutine interval logs, packed for traces with millions of
 * short-lived goroutines (esbuild: 3.8M goroutines, 5 intervals each).
 *
 * At rest a goroutine costs its packed id, one chunk reference and its
 * bytes.  While it lives, its records collect in a small buffer (struct
 * gt_glive, one per live goroutine only); the buffer goes to the arena as
 * a chunk of exactly its size when the goroutine ends, when it reaches
 * GT_GCHUNK bytes, or at the end of the trace.  Chunk: varint(length << 1
 * | more) (more: a u32 reference to the next chunk follows, at GT_GLINK),
 * then the bytes.  The first chunk opens with a header (creation facts:
 * varint(creation stack << 2 | flags) [varint(creator + 1)]).
 * A record is varint(key + 3) [zigzag varint gap] varint(dur), times in
 * units of 2^tshift ns (the trace's clock tick when that is a power of
 * two: 64 ns in Go's traces on Linux; 1 ns otherwise).  The first record
 * of a chunk always has the gap, counted from the time the goroutine's
 * group of 64 (by index) first appeared: groups appear in time order, so
 * that gap is short.  A goroutine's intervals are nearly always back to
 * back, so the other records have none.  A record that opens with a 0 is
 * the exception (1 and 2: a cause alone, see GT_GK0): varint(flags) (1: a gap follows; 2: its times are in ns),
 * then key, gap and length as above.  A goroutine's end is a zero-length
 * NotExist record without its length (it ends the log).  So nearly all
 * records take a byte for the key (the first 127 keys) and one or two
 * for the length: the 3.8M goroutines of esbuild_go126 take 28% fewer
 * bytes (4.4 an interval, creation facts included) than with a 16-bit
 * chunk length, the gap's flag in the key's varint and times in ns.
 * Goroutines with more than one chunk get an index entry per further chunk
 * (first start, record number, time per state before it) for binary search
 * and per-column sums.
 * Notes: an exception whose flags have GT_GN_NOTE is no interval but a
 * fact for the goroutine's history (gt_model_g_transitions), written
 * where it happens: GT_GN_BY: zigzag varint(by_g - the goroutine's id)
 * varint(by_stack) follow (GT_GN_AGAIN: nothing, the same as the last),
 * the goroutine whose event made a transition and that event's stack (an
 * unblock: a few bytes only where there is a cause); GT_GN_SAME:
 * varint(key + 1) zigzag varint(time - prev) in ns follow, a transition
 * to the state it was in (a status re-affirmed at a new generation),
 * inside the interval of the next record; GT_GN_FROM (first, before
 * the others) below.  A note with GT_GN_BY alone is
 * the cause of the transition that opens the next record (it follows the
 * record of the interval before).  Readers of intervals skip notes, and
 * the record after a note is never its chunk's first: the writer counts
 * the note's bytes in the chunk, so its gap goes as an exception. */
#ifndef GT_MODEL_GLOG_H
#define GT_MODEL_GLOG_H

#include "model/varint.h"
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "decode/event.h"

#define GT_GCHUNK 1024
#define GT_GLINK 2 /* offset of a chunk's link to the next */

struct gt_barena { /* bump arena of 1 MiB blocks, u32 byte references */
	uint8_t **blocks;
	size_t nblocks, cap;
	uint32_t used; /* bytes used in the last block */
	uint8_t tshift; /* the logs' time unit: 2^tshift ns (gbuild.c) */
};
#define GT_BA_SHIFT 20
#define GT_BA_SIZE ((uint32_t)1 << GT_BA_SHIFT)
#define GT_BA_SLACK 64 /* bytes left at a block's end: a writer may copy
                          up to this much past its chunk */
uint32_t gt_barena_alloc_slow(struct gt_barena *a, uint32_t size);
/* size bytes (and GT_BA_SLACK after them that the next allocation may
 * take); 0: no memory. */
static inline uint32_t gt_barena_alloc(struct gt_barena *a, uint32_t size)
{
	if (a->nblocks && size <= GT_BA_SIZE - GT_BA_SLACK - a->used) {
		uint32_t ref = (uint32_t)((a->nblocks - 1) << GT_BA_SHIFT) | a->used;
		a->used += size;
		return ref;
	}
	return gt_barena_alloc_slow(a, size);
}
static inline uint8_t *gt_barena_at(const struct gt_barena *a, uint32_t ref)
{
	return a->blocks[ref >> GT_BA_SHIFT] + (ref & (GT_BA_SIZE - 1));
}
void gt_barena_free(struct gt_barena *a);
size_t gt_barena_bytes(const struct gt_barena *a);

/* Header flags (2 bits) */
#define GT_GH_CREATED 1  /* created within the trace (from NotExist) */
#define GT_GH_CREATOR 2  /* a creator goroutine is known */

/* A live goroutine's loading state, in two cache lines (the array is
 * 128-byte aligned): the first holds what every transition touches, the
 * second the creation facts and the first bytes of the log, so a short
 * goroutine's whole log never leaves the slot before it ends. */
#define GT_GIBUF 56
struct gt_glive {
	uint32_t gi;          /* dense goroutine index; UINT32_MAX a free slot */
	uint32_t key;         /* key of the open interval */
	int64_t since;        /* start of the open interval; INT64_MIN none */
	int64_t prev_end;     /* end of the last record in the buffer */
	uint8_t *buf;         /* the log's bytes when they outgrew ibuf; NULL: ibuf */
	uint16_t len, cap;    /* bytes in the buffer, its size */
	int32_t run_p;        /* P index while Running (from since), else -1 */
	uint32_t end_key;     /* key of a same-state last transition; 0 none */
	gt_str start_func;
	gt_stack create_stack;
	uint8_t gc_worker;
	uint8_t hlen;         /* header bytes written (first chunk); 0 not yet */
	uint8_t gc_mark;      /* labelled a marking GC worker for this run */
	uint8_t hflags;
	uint8_t state;        /* state of key (its index in per-state sums);
	                         Undetermined (0) while no interval is open */
	uint8_t chained;      /* a chunk went to the arena with more to come */
	uint8_t cstart;       /* where the records of the buffer's chunk begin */
	uint8_t tracked;      /* its struct gt_gcold is in use: counts the
	                         records and time per state as they come (from
	                         when the log outgrew GT_GTRACK bytes of room) */
	uint8_t linked;       /* it caused a transition: its struct gt_glink
	                         (model_int.h) holds links to flush at its end */
	int64_t creator;
	uint8_t ibuf[GT_GIBUF];
};

/* ...and what only goroutines with more than one chunk need (kept per
 * record once the log outgrows GT_GTRACK bytes: the records before are
 * counted then, as few as that, and not at the first chunk's end). */
#define GT_GTRACK 512
struct gt_gcold {
	int64_t cum0[GT_GS__COUNT]; /* time per state before the buffer */
	int64_t cum[GT_GS__COUNT];  /* ...and up to now */
	int64_t first;        /* start of the buffer's first record */
	uint32_t rec0, nrec;  /* records before the buffer; up to now */
	uint32_t tail;        /* last chunk written, awaiting its link */
	uint32_t lkey;        /* the buffer's longest record (the first of */
	int64_t longest;      /* the longest): key, length */
};

struct gt_gix { /* index entry of a goroutine's second and later chunks */
	uint32_t gi, ref, rec0;
	uint32_t lkey;        /* its longest record (the first of the longest): */
	int64_t longest;      /* key, length (a column it lies in reads them) */
	int64_t first_start;
	int64_t cum[GT_GS__COUNT];
};

/* A record's first varint: its key + GT_GK0; below, GT_GK_EXC (0) opens
 * the exception, and a cause alone (nearly all notes) takes one byte:
 * GT_GK_AGAIN (a GT_GN_BY | GT_GN_AGAIN note) or GT_GK_BY (a GT_GN_BY
 * note, its body follows): a byte less than the exception's 0 and flags,
 * 7 MB of churn_go119's 6.8M causes. */
#define GT_GK_EXC 0
#define GT_GK_AGAIN 1
#define GT_GK_BY 2
#define GT_GK0 3

/* Note flags (in the exception's flags; 1 and 2 are the records'). */
#define GT_GN_NOTE 4
#define GT_GN_BY 8
#define GT_GN_SAME 16
#define GT_GN_AGAIN 64 /* with GT_GN_BY: the goroutine's cause before
                          (its last GT_GN_BY note's): no body follows;
                          never a chunk's first cause (the writer starts
                          each chunk afresh), so a reader may start at
                          any chunk (gseek.c) */
#define GT_GN_FROM 32 /* varint(state): the state the goroutine's first
                         transition left, when not NotExist (a header
                         flag) nor Undetermined (v1: a goroutine first
                         seen as it is unblocked) */

/* One decoded note. */
struct gt_gnote {
	uint8_t f;            /* GT_GN_* */
	uint8_t from;         /* GT_GN_FROM: the first transition's from */
	int64_t by_g;         /* GT_GN_BY: Go id of the causing goroutine,
	                         less the goroutine's own (its log does not
	                         know it: the reader adds it) */
	gt_stack by_stack;    /* ...and its event's stack (GT_GN_AGAIN: not
	                         here, the last ones read) */
	uint32_t key;         /* GT_GN_SAME: the transition's key */
	int64_t ts;           /* ...and time */
};

/* The note body at *p (past its flags f), its time counted from prev. */
static inline void gt_gnote_get(const uint8_t **p, uint64_t f, int64_t prev, struct gt_gnote *n)
{
	n->f = (uint8_t)f;
	n->by_g = -1;
	n->by_stack = 0;
	n->key = 0;
	n->ts = prev;
	n->from = 0;
	if (f & GT_GN_FROM)
		n->from = (uint8_t)gt_get_uv(p);
	if ((f & (GT_GN_BY | GT_GN_AGAIN)) == GT_GN_BY) {
		n->by_g = gt_unzz(gt_get_uv(p));
		n->by_stack = (gt_stack)gt_get_uv(p);
	}
	if (f & GT_GN_SAME) {
		n->key = (uint32_t)(gt_get_uv(p) - 1);
		n->ts = prev + gt_unzz(gt_get_uv(p));
	}
}

/* Note n's cause in full, for the goroutine of Go id `id` (a GT_GN_BY
 * body counts from it); a GT_GN_AGAIN note repeats the last cause
 * resolved (*by, *bs; *known once there is one).  -1: a GT_GN_AGAIN with
 * none known (a walk that started past its first telling). */
static inline int gt_gnote_cause(struct gt_gnote *n, int64_t id, int64_t *by, gt_stack *bs,
                                 int *known)
{
	if ((n->f & (GT_GN_BY | GT_GN_AGAIN)) == (GT_GN_BY | GT_GN_AGAIN)) {
		if (!*known)
			return -1;
		n->by_g = *by;
		n->by_stack = *bs;
	} else if (n->f & GT_GN_BY) {
		n->by_g = (int64_t)((uint64_t)n->by_g + (uint64_t)id);
		*by = n->by_g;
		*bs = n->by_stack;
		*known = 1;
	}
	return 0;
}

/* Past the body of a note of flags f at *p (as gt_gnote_get reads it,
 * without reading it: the walks of intervals skip notes). */
static inline void gt_gnote_skip(const uint8_t **p, uint64_t f)
{
	unsigned n = (f & GT_GN_FROM ? 1 : 0) + ((f & (GT_GN_BY | GT_GN_AGAIN)) == GT_GN_BY ? 2 : 0) +
	             (f & GT_GN_SAME ? 2 : 0);
	const uint8_t *q = *p;
	for (; n; n--)
		while (*q++ & 0x80)
			;
	*p = q;
}

/* One decoded record. */
struct gt_grec {
	int64_t start, end;
	uint32_t key;
};

/* The record at *p (before end), the chunk's first when first, its gap
 * counted from prev, times in units of 2^tshift ns; 0 at end.  Notes on
 * the way are skipped (the record after a note is never its chunk's
 * first, glog.h). */
static inline int gt_grec_get(const uint8_t **p, const uint8_t *end, int first, int64_t prev,
                              unsigned tshift, struct gt_grec *r)
{
	uint64_t kv;
	int64_t unit = (int64_t)1 << tshift;
	for (;;) {
		if (*p >= end)
			return 0;
		kv = gt_get_uv(p);
		if (kv >= GT_GK0)
			break;
		if (kv == GT_GK_AGAIN) { /* a cause alone, the one before: no body */
			first = 0;
			continue;
		}
		if (kv == GT_GK_BY) { /* a cause alone: its goroutine and stack */
			gt_gnote_skip(p, GT_GN_BY);
			first = 0;
			continue;
		}
		uint64_t f = gt_get_uv(p); /* the exception */
		if (__builtin_expect(f & GT_GN_NOTE, 0)) {
			gt_gnote_skip(p, f);
			first = 0;
			continue;
		}
		kv = gt_get_uv(p);
		first |= (int)(f & 1);
		if (f & 2)
			unit = 1;
		break;
	}
	if (first) {
		uint64_t z = gt_get_uv(p);
		prev += gt_unzz(z) * unit;
	}
	r->start = prev;
	r->end = prev + (*p < end ? (int64_t)gt_get_uv(p) * unit : 0); /* an end marker's: none */
	r->key = (uint32_t)(kv - GT_GK0);
	return 1;
}

/* Reading a goroutine's chunks in order. */
struct gt_gcur {
	const struct gt_barena *a;
	int64_t base;         /* the trace's first event time */
	const uint8_t *p, *end;
	uint32_t next;        /* next chunk ref; 0 none */
	int first;            /* the next record is its chunk's first */
	int64_t prev_end;
	uint32_t rec;         /* number of the next record */
};

/* Positions c at chunk ref (record number rec0); with header, skips the
 * header, filling *flags, *creator, *create_stack when not NULL. */
void gt_gcur_open(struct gt_gcur *c, const struct gt_barena *a, int64_t base,
                  uint32_t ref, uint32_t rec0, int header, uint8_t *flags,
                  int64_t *creator, gt_stack *create_stack);
/* Positions c at the start of chunk ref (inline, as gt_gcur_next: the
 * passes over every goroutine's log spend their time here). */
static inline void gt_gcur_load(struct gt_gcur *c, uint32_t ref)
{
	const uint8_t *p = gt_barena_at(c->a, ref);
	uint64_t lv = gt_get_uv(&p);
	c->next = 0;
	if (lv & 1) {
		memcpy(&c->next, p, 4);
		p += 4;
	}
	c->p = p;
	c->end = p + (lv >> 1);
	c->prev_end = c->base;
	c->first = 1;
}
/* Next record; 0 at the end of the goroutine's log. */
static inline __attribute__((always_inline)) int gt_gcur_next(struct gt_gcur *c, struct gt_grec *r)
{
	while (!gt_grec_get(&c->p, c->end, c->first, c->prev_end, c->a->tshift, r)) {
		if (!c->next)
			return 0;
		gt_gcur_load(c, c->next);
	}
	c->first = 0;
	c->prev_end = r->end;
	c->rec++;
	return 1;
}
/* Next record (1, in *r) or note (2, in *n); 0 at the end of the log. */
static inline __attribute__((always_inline)) int gt_gcur_step(struct gt_gcur *c, struct gt_grec *r, struct gt_gnote *n)
{
	while (c->p >= c->end) {
		if (!c->next)
			return 0;
		gt_gcur_load(c, c->next);
	}
	if (c->p[0] < GT_GK0) { /* an exception, or a cause alone: a note? */
		const uint8_t *q = c->p + 1;
		uint64_t f = c->p[0] == GT_GK_AGAIN ? GT_GN_NOTE | GT_GN_BY | GT_GN_AGAIN :
		             c->p[0] == GT_GK_BY ? GT_GN_NOTE | GT_GN_BY : gt_get_uv(&q);
		if (f & GT_GN_NOTE) {
			gt_gnote_get(&q, f, c->prev_end, n);
			c->p = q;
			c->first = 0;
			return 2;
		}
	}
	return gt_gcur_next(c, r);
}

#endif
