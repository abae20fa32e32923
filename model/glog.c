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
	gt_gcur_load(c, ref);
	if (!header)
		return;
	uint64_t fs = gt_get_uv(&c->p);
	uint8_t f = (uint8_t)(fs & 3);
	gt_stack cs = (gt_stack)(fs >> 2);
	int64_t cr = GT_NONE;
	if (f & GT_GH_CREATOR)
		cr = (int64_t)gt_get_uv(&c->p) - 1;
	if (flags)
		*flags = f;
	if (creator)
		*creator = cr;
	if (create_stack)
		*create_stack = cs;
}
