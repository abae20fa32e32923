/* int.h: the v2 reader's private state (decode/v2/read.c, v2_gen.c,
 * v2_tables.c, v2_util.c).
 *
 * A generation is read in two steps, as Go's reader does: first every
 * batch header of the generation is scanned (strings, stacks, CPU samples
 * and the sync batch are decoded on the spot; event batches are only
 * located), then the event batches are walked by one cursor per M.
 * Nothing is copied out of the mapped file: batches are offsets into it.
 */
#ifndef GT_DECODE_V2_INT_H
#define GT_DECODE_V2_INT_H

#include "decode/decode.h"
#include "decode/v2/order.h"

#include <stdint.h>
#include <stddef.h>

/* Wire types the reader itself handles (Go's tracev2 numbering). */
enum {
	V2_EVENT_BATCH = 1, V2_STACKS = 2, V2_STACK = 3, V2_STRINGS = 4,
	V2_STRING = 5, V2_CPU_SAMPLES = 6, V2_CPU_SAMPLE = 7, V2_FREQUENCY = 8,
	V2_EXPERIMENTAL_BATCH = 49, V2_SYNC = 50, V2_CLOCK_SNAPSHOT = 51,
	V2_END_OF_GENERATION = 52, V2_NUM_TYPES = 137, V2_SYNC_WIRE = 255
};

#define V2_MAX_BATCH (64u << 10)
#define V2_MAX_FRAMES 128
#define V2_MAX_STRING (1u << 10)

/* Go's binary.Uvarint over p[0..end): bytes used (>0), 0 when the bytes
 * run out, -1 on overflow. */
static inline int v2_uvarint(const uint8_t *p, const uint8_t *end, uint64_t *v)
{
	uint64_t x = 0;
	unsigned s = 0;
	if (end - p >= 10) {
		/* no bounds checks needed: the loop unrolls */
		for (int i = 0; i < 10; i++) {
			uint8_t b = p[i];
			if (b < 0x80) {
				if (i == 9 && b > 1)
					return -1;
				*v = x | (uint64_t)b << (7 * i);
				return i + 1;
			}
			x |= (uint64_t)(b & 0x7f) << (7 * i);
		}
		return -1;
	}
	for (int i = 0; p + i < end; i++) {
		uint8_t b = p[i];
		if (i == 10)
			return -1;
		if (b < 0x80) {
			if (i == 9 && b > 1)
				return -1;
			*v = x | (uint64_t)b << s;
			return i + 1;
		}
		x |= (uint64_t)(b & 0x7f) << s;
		s += 7;
	}
	return 0;
}

/* u64 id -> u32 value, open addressing; reset per generation.  Key,
 * value and the slot's stamp side by side: one line per probe; a slot is
 * used when its stamp is the map's (a reset takes a new stamp, clearing
 * nothing). */
struct v2_idmap_ent {
	uint64_t key;
	uint32_t val, used;
};
struct v2_idmap {
	struct v2_idmap_ent *e;
	uint32_t mask, count;
	uint32_t stamp; /* of the slots in use; never 0 once allocated */
};
int v2_idmap_put(struct v2_idmap *m, uint64_t key, uint32_t val); /* -1 nomem, 1 exists */

static inline uint32_t v2_idhash(uint64_t k, uint32_t mask)
{
	k *= 0x9E3779B97F4A7C15ull;
	return (uint32_t)(k >> 32 ^ k) & mask;
}

/* 1 and *val when key is there, else 0 (inline: the tables of every
 * generation look up each of their ids). */
static inline int v2_idmap_get(const struct v2_idmap *m, uint64_t key, uint32_t *val)
{
	if (!m->count)
		return 0;
	for (uint32_t i = v2_idhash(key, m->mask); m->e[i].used == m->stamp; i = (i + 1) & m->mask)
		if (m->e[i].key == key) {
			*val = m->e[i].val;
			return 1;
		}
	return 0;
}
void v2_idmap_reset(struct v2_idmap *m);
void v2_idmap_free(struct v2_idmap *m);

struct v2_batch {
	uint64_t off;   /* first byte of the batch data */
	uint32_t len;   /* bytes of data */
	uint32_t mi;    /* index of its M in gen.ms */
	uint64_t time;  /* batch base timestamp (ticks) */
};

struct v2_m {
	int64_t m;
	uint32_t first, count; /* run in gen.sorted */
};

struct v2_pcframe {
	uint64_t pc, func, file, line; /* generation string ids */
	uint64_t stack;                /* first stack that used it, for errors */
	uint32_t gid;                  /* trace-global frame id, once resolved */
};

struct v2_rawstack {
	uint64_t id;
	uint32_t first, n; /* run of pc indices in gen.stack_pcs */
};

struct v2_sample {
	int64_t time;     /* ticks until fixed up, then ns */
	int64_t m, p, g;
	uint64_t stack;
	uint64_t off;     /* byte offset of the sample */
	uint32_t seq;     /* file order, for a stable sort */
};

struct v2_gen {
	uint64_t gen;
	uint64_t start, end;   /* byte range of the generation */
	uint64_t min_ts;       /* ticks */
	int has_freq;
	double freq;           /* ns per tick */
	int has_clock;
	uint64_t snap_time, snap_mono, snap_sec, snap_nsec;
	uint32_t nevbatches;   /* event batches seen (Go's len(g.batches)) */
	/* Signs that a pre-1.26 generation was cut off by the end of the file
	 * (such a generation is still read, as Go does, but an error in it is
	 * then reported as truncation): */
	uint8_t has_strtab, has_stacktab; /* saw a strings / stacks batch */
	uint8_t cut;           /* ended at a batch the file cut short */

	struct v2_batch *batches, *sorted;
	uint32_t nbatches, capbatches, capsorted;
	struct v2_m *ms;
	uint32_t nms, capms;
	struct v2_idmap mmap;      /* M id -> index in ms */

	struct v2_idmap strs;      /* gen string id -> gt_str */
	struct v2_idmap stacks;    /* gen stack id -> gt_stack (after resolve) */
	struct v2_idmap pcs;       /* pc -> index in pcframes */
	struct v2_pcframe *pcframes;
	uint32_t npcframes, cappcframes;
	struct v2_rawstack *rawstacks;
	uint32_t nrawstacks, caprawstacks;
	uint32_t *stack_pcs;
	uint32_t nstack_pcs, capstack_pcs;

	struct v2_sample *samples;
	uint32_t nsamples, capsamples;
};

struct v2_err {
	uint64_t offset;
	int at_eof;        /* the error comes from the file ending early */
	char msg[200];
};

/* Fills e (message formatted as printf) and returns -1. */
int v2_fail(struct v2_err *e, uint64_t off, int at_eof, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* Grows *p (elements of elem bytes) to hold need; -1 when out of memory. */
int v2_grow(void **p, uint32_t *cap, size_t elem, uint64_t need);
/* Replaces the value of an existing key; 0 when absent. */
int v2_idmap_set(struct v2_idmap *m, uint64_t key, uint32_t val);

/* The data of one batch: p .. end, offsets relative to buf (the file). */
struct rd {
	const uint8_t *buf;
	const uint8_t *p, *end;
};

/* Structural batches (v2_tables.c); r starts at the batch's first byte. */
int v2_add_strings(struct v2_gen *g, struct rd *r, struct gt_tables *t, struct v2_err *e);
int v2_add_stacks(struct v2_gen *g, struct rd *r, struct v2_err *e);
int v2_add_cpu_samples(struct v2_gen *g, struct rd *r, struct v2_err *e);
int v2_set_sync(struct v2_gen *g, struct rd *r, int version, uint64_t btime,
                struct v2_err *e);
/* After the scan: checks the stacks' strings, interns frames and stacks. */
int v2_resolve_stacks(struct v2_gen *g, struct gt_tables *t, struct v2_err *e);

/* Reads the generation starting at pos into g (reset first).  Returns 1
 * when a generation was read (*next = where the next one starts), 0 at a
 * clean end of trace, -1 on error (e filled). */
int v2_read_gen(struct v2_gen *g, const uint8_t *buf, size_t len, uint64_t pos,
                int version, struct gt_tables *t, uint64_t *next, struct v2_err *e);
void v2_gen_free(struct v2_gen *g);

/* Go's frequency.mul: ticks -> ns, with amd64's float->int conversion
 * (NaN and out-of-range values give INT64_MIN). */
static inline int64_t v2_mul(double freq, uint64_t ticks)
{
	double r = (double)ticks * freq;
	if (!(r >= -9223372036854775808.0 && r < 9223372036854775808.0))
		return INT64_MIN;
	return (int64_t)r;
}

#endif
