/* dmap.c: see dmap.h. */
#include "model/dmap.h"

#include <stdlib.h>
#include <string.h>

#define PSIZE ((size_t)1 << GT_DMAP_PBITS)

int gt_dmap_put_slow(struct gt_dmap *d, int64_t id, uint32_t val)
{
	if ((uint64_t)id >= (uint64_t)GT_DMAP_LIMIT)
		return gt_ids_put(&d->big, id, val);
	size_t pg = (size_t)id >> GT_DMAP_PBITS;
	if (pg >= d->ndir) {
		size_t n = d->ndir ? d->ndir : 64;
		while (n <= pg)
			n *= 2;
		uint32_t **np = realloc(d->pages, n * sizeof *np);
		if (!np)
			return -1;
		d->pages = np;
		uint32_t *nc = realloc(d->npage, n * sizeof *nc);
		if (!nc)
			return -1;
		d->npage = nc;
		memset(d->pages + d->ndir, 0, (n - d->ndir) * sizeof *np);
		memset(d->npage + d->ndir, 0, (n - d->ndir) * sizeof *nc);
		d->ndir = n;
	}
	if (!d->pages[pg]) {
		/* a new page only while there are at least 1/16 as many ids
		 * as page slots: memory stays within 64 bytes an id */
		if ((d->npages + 1) * PSIZE > 16 * (d->n + d->big.len + 1) + 16 * PSIZE)
			return gt_ids_put(&d->big, id, val);
		if (d->spare) {
			d->pages[pg] = d->spare;
			d->spare = NULL;
		} else if (!(d->pages[pg] = calloc(PSIZE, sizeof **d->pages))) {
			return -1;
		}
		d->npages++;
	}
	uint32_t *s = &d->pages[pg][id & (PSIZE - 1)];
	if (!*s) {
		d->npage[pg]++;
		d->n++;
	}
	*s = val + 1;
	return 0;
}

void gt_dmap_del_slow(struct gt_dmap *d, int64_t id)
{
	if ((uint64_t)id >= (uint64_t)GT_DMAP_LIMIT) {
		gt_ids_del(&d->big, id);
		return;
	}
	size_t pg = (size_t)id >> GT_DMAP_PBITS;
	uint32_t *s = pg < d->ndir && d->pages[pg] ? &d->pages[pg][id & (PSIZE - 1)] : NULL;
	if (!s || !*s) {
		gt_ids_del(&d->big, id); /* it went there when its page could not be made */
		return;
	}
	*s = 0;
	d->n--;
	if (--d->npage[pg] == 0) { /* the page's goroutines are all gone */
		free(d->spare);
		d->spare = d->pages[pg]; /* every slot is 0 again */
		d->pages[pg] = NULL;
		d->npages--;
	}
}

void gt_dmap_free(struct gt_dmap *d)
{
	for (size_t i = 0; i < d->ndir; i++)
		free(d->pages[i]);
	free(d->pages);
	free(d->npage);
	free(d->spare);
	gt_ids_free(&d->big);
	memset(d, 0, sizeof *d);
}
