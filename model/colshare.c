/* colshare.c: the share of a lane column its spans of some classes cover
 * (model.h gt_col_share, gt_col_eighths). */
#include "model/model.h"

static int64_t covered(const struct gt_col *c, unsigned mask)
{
	int64_t ns = 0;
	for (unsigned k = 0; k < GT_COL_CLASSES; k++)
		if (mask >> k & 1)
			ns += c->ns[k];
	return ns;
}

double gt_col_share(const struct gt_col *c, unsigned mask)
{
	int64_t ns = covered(c, mask);
	if (c->width <= 0 || ns <= 0)
		return 0;
	return ns >= c->width ? 1 : (double)ns / (double)c->width;
}

unsigned gt_col_eighths(const struct gt_col *c, unsigned mask)
{
	int64_t ns = covered(c, mask);
	if (c->width <= 0 || ns <= 0)
		return 0;
	if (ns >= c->width)
		return 8;
	/* 8 * ns / width to the nearest, without overflow */
	unsigned e = (unsigned)(((__int128)ns * 16 / c->width + 1) / 2);
	return e ? e : 1;
}
