/* tables.c: trace-global interned strings, frames and stacks (tables.h).
 *
 * Three open-addressing hash sets of ids (linear probing, power-of-two
 * sizes, kept at most half full).  String bytes live in arena blocks that
 * never move, so gt_str_get() pointers stay valid; frames are a flat array;
 * a stack is a run of frame ids in one flat array.
 *
 * Allocation failure is not reported per call (the API has no room for
 * it): an id of 0 comes back instead and gt_tables_bytes() keeps counting
 * what was really held.  Sizes are bounded by the input file anyway.
 */
#include "decode/tables.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#define EMPTY UINT32_MAX
#define BLOCK_MIN (64u << 10)

struct str_ref {
	const char *p;
	uint32_t len;
	uint32_t hash;
};

struct stack_ref {
	uint32_t off, len; /* frames[off .. off+len) of stack_frames */
	uint32_t hash;
};

struct frame_ent {
	struct gt_frame f; /* first: gt_frame_get() hands out &ent->f */
	uint32_t hash;
};

struct block {
	struct block *next;
	size_t used, cap;
	char data[];
};

struct idset {
	uint32_t *slot; /* ids, EMPTY where free */
	uint32_t mask;  /* capacity - 1 */
	uint32_t count;
};

struct gt_tables {
	struct block *blocks; /* newest first */
	size_t block_bytes;

	struct str_ref *strs;
	uint32_t nstrs, capstrs;
	struct idset str_set;

	struct frame_ent *frames; /* frames[0] unused */
	uint32_t nframes, capframes;
	struct idset frame_set;

	uint32_t *stack_frames;
	size_t nsf, capsf;
	struct stack_ref *stacks; /* stacks[0] is the empty stack */
	uint32_t nstacks, capstacks;
	struct idset stack_set;
};

/* 64-bit multiply-mix hashing, 8 bytes at a time. */
static inline uint64_t mix(uint64_t h, uint64_t v)
{
	h ^= v * 0x9E3779B97F4A7C15ull;
	h = (h << 29 | h >> 35) * 0xBF58476D1CE4E5B9ull;
	return h;
}

static inline uint32_t fin(uint64_t h)
{
	h ^= h >> 31;
	h *= 0x94D049BB133111EBull;
	h ^= h >> 29;
	return (uint32_t)h;
}

static uint32_t hash_bytes(const char *s, size_t len)
{
	uint64_t h = len * 0xD6E8FEB86659FD93ull;
	size_t i = 0;
	for (; i + 8 <= len; i += 8) {
		uint64_t v;
		memcpy(&v, s + i, 8);
		h = mix(h, v);
	}
	if (i < len) {
		uint64_t v = 0;
		memcpy(&v, s + i, len - i);
		h = mix(h, v);
	}
	return fin(h);
}

static uint32_t hash_frame(const struct gt_frame *f)
{
	uint64_t h = mix(0x1234567, f->pc);
	h = mix(h, (uint64_t)f->func << 32 | f->file);
	h = mix(h, f->line);
	return fin(h);
}

static uint32_t hash_ids(const uint32_t *ids, size_t n)
{
	uint64_t h = n * 0xD6E8FEB86659FD93ull;
	size_t i = 0;
	for (; i + 2 <= n; i += 2)
		h = mix(h, (uint64_t)ids[i] << 32 | ids[i + 1]);
	if (i < n)
		h = mix(h, ids[i]);
	return fin(h);
}

static int idset_init(struct idset *s, uint32_t cap)
{
	s->slot = malloc(sizeof *s->slot * cap);
	if (!s->slot)
		return -1;
	memset(s->slot, 0xff, sizeof *s->slot * cap);
	s->mask = cap - 1;
	s->count = 0;
	return 0;
}

/* Doubles s; hashes of the ids come from hashes[id]. */
static int idset_grow(struct idset *s, const void *base, size_t stride, size_t hoff)
{
	uint32_t ncap = (s->mask + 1) * 2;
	uint32_t *slot = malloc(sizeof *slot * ncap);
	if (!slot)
		return -1;
	memset(slot, 0xff, sizeof *slot * ncap);
	for (uint32_t i = 0; i <= s->mask; i++) {
		uint32_t id = s->slot[i];
		if (id == EMPTY)
			continue;
		uint32_t h;
		memcpy(&h, (const char *)base + id * stride + hoff, sizeof h);
		uint32_t j = h & (ncap - 1);
		while (slot[j] != EMPTY)
			j = (j + 1) & (ncap - 1);
		slot[j] = id;
	}
	free(s->slot);
	s->slot = slot;
	s->mask = ncap - 1;
	return 0;
}

static int grow(void **p, uint32_t *cap, size_t elem, uint32_t need)
{
	if (need <= *cap)
		return 0;
	uint32_t ncap = *cap ? *cap : 64;
	while (ncap < need) {
		if (ncap > UINT32_MAX / 2)
			return -1;
		ncap *= 2;
	}
	void *q = realloc(*p, elem * ncap);
	if (!q)
		return -1;
	*p = q;
	*cap = ncap;
	return 0;
}

struct gt_tables *gt_tables_new(void)
{
	struct gt_tables *t = calloc(1, sizeof *t);
	if (!t)
		return NULL;
	if (idset_init(&t->str_set, 1024) || idset_init(&t->frame_set, 1024) ||
	    idset_init(&t->stack_set, 1024))
		goto fail;
	if (gt_str_intern(t, "", 0) != 0 || t->nstrs != 1)
		goto fail;
	/* frame 0 and stack 0 are reserved */
	if (grow((void **)&t->frames, &t->capframes, sizeof *t->frames, 1))
		goto fail;
	memset(&t->frames[0], 0, sizeof t->frames[0]);
	t->nframes = 1;
	if (grow((void **)&t->stacks, &t->capstacks, sizeof *t->stacks, 1))
		goto fail;
	t->stacks[0] = (struct stack_ref){0, 0, hash_ids(NULL, 0)};
	t->nstacks = 1;
	t->stack_set.slot[t->stacks[0].hash & t->stack_set.mask] = 0;
	t->stack_set.count = 1;
	return t;
fail:
	gt_tables_free(t);
	return NULL;
}

void gt_tables_free(struct gt_tables *t)
{
	if (!t)
		return;
	for (struct block *b = t->blocks, *n; b; b = n) {
		n = b->next;
		free(b);
	}
	free(t->strs);
	free(t->str_set.slot);
	free(t->frames);
	free(t->frame_set.slot);
	free(t->stack_frames);
	free(t->stacks);
	free(t->stack_set.slot);
	free(t);
}

/* Room for n bytes in the arena; never moves what is there. */
static char *arena_alloc(struct gt_tables *t, size_t n)
{
	struct block *b = t->blocks;
	if (b && b->cap - b->used >= n) {
		char *p = b->data + b->used;
		b->used += n;
		return p;
	}
	int own = n > BLOCK_MIN / 4; /* a big string gets a block of its own */
	size_t cap = BLOCK_MIN;
	if (own)
		cap = n;
	else if (b && b->cap < (16u << 20) && b->cap >= BLOCK_MIN)
		cap = b->cap * 2;
	struct block *nb = malloc(sizeof *nb + cap);
	if (!nb)
		return NULL;
	nb->cap = cap;
	nb->used = n;
	if (own && b) { /* behind the current block, whose room stays usable */
		nb->next = b->next;
		b->next = nb;
	} else {
		nb->next = b;
		t->blocks = nb;
	}
	t->block_bytes += sizeof *nb + cap;
	return nb->data;
}

gt_str gt_str_intern(struct gt_tables *t, const char *s, size_t len)
{
	if (len > UINT32_MAX - 1)
		return 0;
	uint32_t h = hash_bytes(s, len);
	struct idset *set = &t->str_set;
	uint32_t i = h & set->mask;
	for (uint32_t id; (id = set->slot[i]) != EMPTY; i = (i + 1) & set->mask) {
		const struct str_ref *r = &t->strs[id];
		if (r->hash == h && r->len == len && !memcmp(r->p, s, len))
			return id;
	}
	if (set->count + 2 > set->mask ||
	    grow((void **)&t->strs, &t->capstrs, sizeof *t->strs, t->nstrs + 1))
		return 0;
	char *p = arena_alloc(t, len + 1);
	if (!p)
		return 0;
	if (len)
		memcpy(p, s, len);
	p[len] = 0;
	uint32_t id = t->nstrs++;
	t->strs[id] = (struct str_ref){p, (uint32_t)len, h};
	set->slot[i] = id;
	if (++set->count * 2 > set->mask + 1)
		idset_grow(set, t->strs, sizeof *t->strs, offsetof(struct str_ref, hash));
	return id;
}

const char *gt_str_get(const struct gt_tables *t, gt_str id)
{
	return id < t->nstrs ? t->strs[id].p : "";
}

size_t gt_str_len(const struct gt_tables *t, gt_str id)
{
	return id < t->nstrs ? t->strs[id].len : 0;
}

uint32_t gt_str_count(const struct gt_tables *t)
{
	return t->nstrs;
}

uint32_t gt_frame_intern(struct gt_tables *t, const struct gt_frame *f)
{
	uint32_t h = hash_frame(f);
	struct idset *set = &t->frame_set;
	uint32_t i = h & set->mask;
	for (uint32_t id; (id = set->slot[i]) != EMPTY; i = (i + 1) & set->mask) {
		const struct gt_frame *g = &t->frames[id].f;
		if (t->frames[id].hash == h && g->pc == f->pc && g->func == f->func &&
		    g->file == f->file && g->line == f->line)
			return id;
	}
	if (set->count + 2 > set->mask ||
	    grow((void **)&t->frames, &t->capframes, sizeof *t->frames, t->nframes + 1))
		return 0;
	uint32_t id = t->nframes++;
	t->frames[id].f = *f;
	t->frames[id].hash = h;
	set->slot[i] = id;
	if (++set->count * 2 > set->mask + 1)
		idset_grow(set, t->frames, sizeof *t->frames, offsetof(struct frame_ent, hash));
	return id;
}

const struct gt_frame *gt_frame_get(const struct gt_tables *t, uint32_t id)
{
	return id && id < t->nframes ? &t->frames[id].f : NULL;
}

gt_stack gt_stack_intern(struct gt_tables *t, const uint32_t *frames, size_t n)
{
	if (n == 0)
		return 0;
	if (n > UINT32_MAX / 2)
		return 0;
	uint32_t h = hash_ids(frames, n);
	struct idset *set = &t->stack_set;
	uint32_t i = h & set->mask;
	for (uint32_t id; (id = set->slot[i]) != EMPTY; i = (i + 1) & set->mask) {
		const struct stack_ref *r = &t->stacks[id];
		if (r->hash == h && r->len == n &&
		    !memcmp(t->stack_frames + r->off, frames, n * sizeof *frames))
			return id;
	}
	if (t->nsf + n > UINT32_MAX || set->count + 2 > set->mask)
		return 0;
	if (t->nsf + n > t->capsf) {
		size_t ncap = t->capsf ? t->capsf : 1024;
		while (ncap < t->nsf + n)
			ncap *= 2;
		uint32_t *q = realloc(t->stack_frames, ncap * sizeof *q);
		if (!q)
			return 0;
		t->stack_frames = q;
		t->capsf = ncap;
	}
	if (grow((void **)&t->stacks, &t->capstacks, sizeof *t->stacks, t->nstacks + 1))
		return 0;
	memcpy(t->stack_frames + t->nsf, frames, n * sizeof *frames);
	uint32_t id = t->nstacks++;
	t->stacks[id] = (struct stack_ref){(uint32_t)t->nsf, (uint32_t)n, h};
	t->nsf += n;
	set->slot[i] = id;
	if (++set->count * 2 > set->mask + 1)
		idset_grow(set, t->stacks, sizeof *t->stacks, offsetof(struct stack_ref, hash));
	return id;
}

size_t gt_stack_depth(const struct gt_tables *t, gt_stack id)
{
	return id < t->nstacks ? t->stacks[id].len : 0;
}

const uint32_t *gt_stack_frames(const struct gt_tables *t, gt_stack id)
{
	static const uint32_t none[1];
	if (id >= t->nstacks || !t->stacks[id].len)
		return none;
	return t->stack_frames + t->stacks[id].off;
}

int gt_stack_uses(const struct gt_tables *t, gt_stack id, gt_str s)
{
	size_t n = gt_stack_depth(t, id);
	const uint32_t *fr = gt_stack_frames(t, id);
	for (size_t i = 0; i < n; i++) {
		const struct gt_frame *f = gt_frame_get(t, fr[i]);
		if (f && (f->func == s || f->file == s))
			return 1;
	}
	return 0;
}

uint32_t gt_stack_count(const struct gt_tables *t)
{
	return t->nstacks;
}

size_t gt_tables_bytes(const struct gt_tables *t)
{
	return sizeof *t + t->block_bytes + (size_t)t->capstrs * sizeof *t->strs +
	       (size_t)t->capframes * sizeof *t->frames +
	       t->capsf * sizeof *t->stack_frames +
	       (size_t)t->capstacks * sizeof *t->stacks +
	       ((size_t)t->str_set.mask + t->frame_set.mask + t->stack_set.mask + 3) *
	               sizeof(uint32_t);
}
