/* glink.h: the reverse links (what each goroutine woke or created),
 * written at load as the causes happen, a few bytes each.
 *
 * Every transition whose cause is another goroutine's event (its
 * GT_GN_BY note or creator, glog.h) is also a link in its causer's own
 * stream: a chain of chunks in their own arena, the first one's
 * reference per causer by goroutine index (struct gt_model.lheads).
 * The stream comes in time order, as the trace does, so a link needs
 * only deltas: varint(zigzag(target gi - the last link's) << 2 | code),
 * code GT_LK_* for the common (from, to) pairs or GT_LK_OTHER with a
 * byte (from | to << 3 | GT_LK_NS), then the time since the last link's
 * in units of 2^tshift ns (the goroutine logs' unit), or with GT_LK_NS
 * zigzag in ns (a time that is not whole units, or went back).
 * Chunk: varint(length << 1 | more) [u32 next at its own offset: the
 * next chunk, 0 none yet] varint(links in it), then its links.  A
 * chunk's first link counts from the causer's gi and the time of the
 * trace's first link (at hand while loading, where the causer's group's
 * time base is a cache miss for most causers), so a query
 * walks chunk headers (a count and one link each) to a number or a time,
 * never a list of all goroutines. */
#ifndef GT_MODEL_GLINK_H
#define GT_MODEL_GLINK_H

#include "model/varint.h"
#include <stdint.h>
#include <string.h>

#include "decode/event.h"

#define GT_LK_WAKE 0    /* Waiting -> Runnable */
#define GT_LK_CREATE 1  /* NotExist -> Runnable */
#define GT_LK_CBLOCK 2  /* NotExist -> Waiting */
#define GT_LK_OTHER 3   /* a byte follows */
#define GT_LK_NS 0x40   /* in that byte: the time in ns, zigzag */
#define GT_LK_MAX 20    /* bytes a link may take, with put_uv's slack */
#define GT_LK_CHUNK 2048 /* a chunk's links' bytes, about (the writer's
                            buffer goes out when past it) */

/* One decoded link. */
struct gt_link {
	uint32_t gi;
	int64_t ts;
	uint8_t from, to;
};

/* The code of (from, to): the common pairs, else GT_LK_OTHER. */
static inline unsigned gt_link_code(uint8_t from, uint8_t to)
{
	if (to == GT_GS_RUNNABLE && from == GT_GS_WAITING)
		return GT_LK_WAKE;
	if (from == GT_GS_NOTEXIST && to == GT_GS_RUNNABLE)
		return GT_LK_CREATE;
	if (from == GT_GS_NOTEXIST && to == GT_GS_WAITING)
		return GT_LK_CBLOCK;
	return GT_LK_OTHER;
}

/* Link l at p, after prev (a chunk's first: the causer's gi and time
 * base); times in units of 2^tshift ns.  Returns the end. */
static inline uint8_t *gt_link_put(uint8_t *p, const struct gt_link *prev, const struct gt_link *l,
                                   unsigned tshift)
{
	unsigned code = gt_link_code(l->from, l->to);
	int64_t d = (int64_t)((uint64_t)l->ts - (uint64_t)prev->ts);
	int ns = d < 0 || gt_off_unit((uint64_t)d, tshift);
	if (ns)
		code = GT_LK_OTHER;
	int64_t dg = (int64_t)l->gi - (int64_t)prev->gi;
	p += gt_put_uv_slack(p, gt_zz(dg) << 2 | code);
	if (code == GT_LK_OTHER)
		*p++ = (uint8_t)(l->from | l->to << 3 | (ns ? GT_LK_NS : 0));
	p += gt_put_uv_slack(p, ns ? gt_zz(d) : (uint64_t)d >> tshift);
	return p;
}

/* The link at *p after prev, into *l. */
static inline void gt_link_get(const uint8_t **p, const struct gt_link *prev, struct gt_link *l,
                               unsigned tshift)
{
	uint64_t v = gt_get_uv(p);
	unsigned code = (unsigned)(v & 3);
	l->gi = (uint32_t)((int64_t)prev->gi + gt_unzz(v >> 2));
	int ns = 0;
	if (code == GT_LK_OTHER) {
		uint8_t f = *(*p)++;
		l->from = f & 7;
		l->to = (f >> 3) & 7;
		ns = f & GT_LK_NS;
	} else {
		l->from = code == GT_LK_WAKE ? GT_GS_WAITING : GT_GS_NOTEXIST;
		l->to = code == GT_LK_CBLOCK ? GT_GS_WAITING : GT_GS_RUNNABLE;
	}
	uint64_t t = gt_get_uv(p);
	int64_t d = ns ? gt_unzz(t) : (int64_t)(t << tshift);
	l->ts = (int64_t)((uint64_t)prev->ts + (uint64_t)d);
}

/* A chunk's header at ref's bytes p: its links' bytes [*a, *z), their
 * number, and the next chunk (0: none). */
static inline uint32_t gt_link_chunk(const uint8_t *p, const uint8_t **a, const uint8_t **z,
                                     uint32_t *next)
{
	uint64_t lv = gt_get_uv(&p);
	*next = 0;
	if (lv & 1) {
		memcpy(next, p, 4);
		p += 4;
	}
	uint32_t n = (uint32_t)gt_get_uv(&p);
	*a = p;
	*z = p + (lv >> 1);
	return n;
}

#endif
