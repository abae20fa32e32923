/* idseq.c: see idseq.h. */
#include "model/idseq.h"
#include "model/varint.h"

#include <stdlib.h>
#include <string.h>

int gt_idseq_add_slow(struct gt_idseq *s, int64_t id)
{
	if (s->n % GT_IDSEQ_STEP == 0) {
		if (s->nck == s->capck) {
			size_t cap = s->capck ? s->capck * 2 : 64;
			int64_t *nb = realloc(s->base, cap * sizeof *nb);
			if (!nb)
				return -1;
			s->base = nb;
			uint32_t *no = realloc(s->off, cap * sizeof *no);
			if (!no)
				return -1;
			s->off = no;
			s->capck = cap;
		}
		if (s->len > UINT32_MAX)
			return -1;
		s->base[s->nck] = id;
		s->off[s->nck] = (uint32_t)s->len;
		s->nck++;
	} else {
		if (gt_bytes_room(&s->bytes, &s->cap, s->len, 10) < 0)
			return -1;
		int64_t d = id - s->last;
		s->len += gt_put_uv(s->bytes + s->len, gt_zz(d));
	}
	s->last = id;
	s->n++;
	return 0;
}

static int64_t step(const uint8_t **p, int64_t v)
{
	return v + gt_unzz(gt_get_uv(p));
}

int64_t gt_idseq_get(const struct gt_idseq *s, size_t i)
{
	size_t c = i / GT_IDSEQ_STEP;
	int64_t v = s->base[c];
	const uint8_t *p = s->bytes ? s->bytes + s->off[c] : NULL;
	for (size_t k = i % GT_IDSEQ_STEP; k > 0; k--)
		v = step(&p, v);
	return v;
}

void gt_idseq_all(const struct gt_idseq *s, int64_t *out)
{
	for (size_t c = 0; c < s->nck; c++) {
		size_t first = c * GT_IDSEQ_STEP;
		size_t n = s->n - first < GT_IDSEQ_STEP ? s->n - first : GT_IDSEQ_STEP;
		const uint8_t *p = s->bytes ? s->bytes + s->off[c] : NULL;
		int64_t v = s->base[c];
		out[first] = v;
		for (size_t k = 1; k < n; k++)
			out[first + k] = v = step(&p, v);
	}
}

void gt_idseq_free(struct gt_idseq *s)
{
	free(s->base);
	free(s->off);
	free(s->bytes);
	memset(s, 0, sizeof *s);
}

size_t gt_idseq_bytes(const struct gt_idseq *s)
{
	return s->capck * (sizeof *s->base + sizeof *s->off) + s->cap;
}
