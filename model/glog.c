/* glog.c: the byte arena and the goroutine log reader (glog.h).  The
 * writer lives in gbuild.c, next to the state it reads. */
#include "model/glog.h"
#include "model/bigblock.h"
#include "model/varint.h"

#include <stdlib.h>
#include <string.h>

uint32_t gt_barena_alloc_slow(struct gt_barena *a, uint32_t size)
{
	if (size > GT_BA_SIZE - GT_BA_SLACK - 8)
		return 0;
	if (!a->nblocks || a->used + size > GT_BA_SIZE - GT_BA_SLACK) {
		if (a->nblocks >= 4095)
			return 0; /* refs are block<<20 | offset in 32 bits */
		if (a->nblocks == a->cap) {
			size_t cap = a->cap ? a->cap * 2 : 16;
			uint8_t **nb = realloc(a->blocks, cap * sizeof *nb);
			if (!nb)
				return 0;
			a->blocks = nb;
			a->cap = cap;
		}
		uint8_t *b = gt_bigblock_alloc();
		if (!b)
			return 0;
		a->blocks[a->nblocks++] = b;
		a->used = a->nblocks == 1 ? 8 : 0; /* ref 0 means none */
	}
	uint32_t ref = (uint32_t)((a->nblocks - 1) << GT_BA_SHIFT) | a->used;
	a->used += size;
	return ref;
}

void gt_barena_free(struct gt_barena *a)
{
	for (size_t i = 0; i < a->nblocks; i++)
		gt_bigblock_free(a->blocks[i]);
	free(a->blocks);
	memset(a, 0, sizeof *a);
}

size_t gt_barena_bytes(const struct gt_barena *a)
{
	return a->nblocks * (size_t)GT_BA_SIZE + a->cap * sizeof *a->blocks;
}


static void load_chunk(struct gt_gcur *c, uint32_t ref)
{
	const uint8_t *ch = gt_barena_at(c->a, ref);
	uint16_t len;
	memcpy(&len, ch, 2);
	c->next = 0;
	if (len & 0x8000) {
		memcpy(&c->next, ch + 2, 4);
		c->p = ch + 6;
	} else {
		c->p = ch + 2;
	}
	c->end = c->p + (len & 0x7fff);
	c->prev_end = c->base;
}

void gt_gcur_open(struct gt_gcur *c, const struct gt_barena *a, int64_t base,
                  uint32_t ref, uint32_t rec0, int header, uint8_t *flags,
                  int64_t *creator, gt_stack *create_stack)
{
	memset(c, 0, sizeof *c);
	c->a = a;
	c->base = base;
	c->rec = rec0;
	if (!ref) {
		static const uint8_t none;
		c->p = c->end = &none;
		return;
	}
	load_chunk(c, ref);
	if (!header)
		return;
	uint8_t f = (uint8_t)gt_get_uv(&c->p);
	int64_t cr = GT_NONE;
	if (f & GT_GH_CREATOR)
		cr = (int64_t)gt_get_uv(&c->p) - 1;
	gt_stack cs = (gt_stack)gt_get_uv(&c->p);
	if (flags)
		*flags = f;
	if (creator)
		*creator = cr;
	if (create_stack)
		*create_stack = cs;
}

int gt_gcur_next(struct gt_gcur *c, struct gt_grec *r)
{
	while (c->p >= c->end) {
		if (!c->next)
			return 0;
		load_chunk(c, c->next);
	}
	uint64_t kv = gt_get_uv(&c->p);
	int64_t start = c->prev_end;
	if (kv & 1) {
		uint64_t z = gt_get_uv(&c->p);
		start += (int64_t)(z >> 1) ^ -(int64_t)(z & 1);
	}
	r->start = start;
	r->end = start + (int64_t)gt_get_uv(&c->p);
	r->key = (uint32_t)(kv >> 1);
	c->prev_end = r->end;
	c->rec++;
	return 1;
}
