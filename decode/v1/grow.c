/* grow.c: the old-format decoder's growable-array helper (its id
 * maps are decode/ids.h's). */
#include "decode/v1/int.h"

#include <stdlib.h>

int v1_grow(void **p, uint32_t *cap, size_t elem, uint64_t need)
{
	if (need <= *cap)
		return 0;
	if (need > UINT32_MAX / 2)
		return -1;
	uint64_t n = *cap ? *cap : 16;
	while (n < need)
		n *= 2;
	void *q = realloc(*p, (size_t)n * elem);
	if (!q)
		return -1;
	*p = q;
	*cap = (uint32_t)n;
	return 0;
}
