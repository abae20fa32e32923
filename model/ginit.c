/* ginit.c: the goroutines that existed when tracing began, as the old
 * format's GoCreate events of tracing's start tell (decode.h: struct
 * gt_initial).  Go's reader drops those events; the model keeps them
 * aside, a few hundred at most, sorted by Go id at finish, for two
 * figures: such a goroutine's start function (the runtime wrote it, no
 * later stack need be guessed from) and, in the sched profile, the wait
 * from tracing's start to its first run (profile.c). */
#include "model/model_int.h"

#include <stdlib.h>

int gt_model_add_initial(struct gt_model *m, const struct gt_initial *ig)
{
	struct gt_initial *e = gt_vec_push(&m->ginit, sizeof *e);
	if (!e)
		return -1;
	*e = *ig;
	return 0;
}

static int cmp_initial(const void *a, const void *b)
{
	const struct gt_initial *x = a, *y = b;
	return (x->g > y->g) - (x->g < y->g);
}

void gt_ginit_finish(struct gt_model *m)
{
	if (m->ginit.n > 1)
		qsort(m->ginit.v, m->ginit.n, sizeof(struct gt_initial), cmp_initial);
}

const struct gt_initial *gt_model_g_initial(const struct gt_model *m, uint32_t gi)
{
	if (!m->ginit.n || gi >= m->gids.n)
		return NULL;
	int64_t id = gt_model_g_id(m, gi);
	const struct gt_initial *v = m->ginit.v;
	size_t lo = 0, hi = m->ginit.n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (v[mid].g < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == m->ginit.n || v[lo].g != id)
		return NULL;
	/* the id's lifetime that began before the trace: a later one (an id
	 * reused) was created within it */
	uint32_t head = GT_VEC_AT(m->gheads, uint32_t, gi);
	if (!head)
		return NULL;
	struct gt_gcur c;
	uint8_t flags = 0;
	gt_gcur_open(&c, &m->garena, gt_gbase(m, gi), head, 0, 1, &flags, NULL, NULL);
	return flags & GT_GH_CREATED ? NULL : &v[lo];
}
