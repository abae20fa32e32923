/* gens.c: where a growing new-format trace's complete generations end
 * (gt_gen_scan, decode/decode.h), for a stream read as it comes.
 *
 * Only batch headers are read, the way gen.c's read_batch reads them: a
 * generation is complete at the first batch of the next one (Go 1.22 to
 * 1.25) or after its EndOfGeneration batch (Go 1.26).  A header the
 * decoder would reject stops the scan: the stream is then shown once it
 * ends, by a decode of all of it, which reports the error. */
#include "decode/v2/int.h"
#include "decode/v2/spec.h"

#include <string.h>

#define HEADER 16 /* "go 1.N trace" and its padding */

void gt_gen_scan_init(struct gt_gen_scan *s)
{
	memset(s, 0, sizeof *s);
	s->version = -1;
}

/* A batch header at buf[pos..len): 1 and its end in *next, its
 * generation in *gen (0 for EndOfGeneration, *eog set); 0 when the bytes
 * end first; -1 when the decoder would reject it. */
static int header(const uint8_t *buf, size_t len, uint64_t pos, uint64_t *next, uint64_t *gen,
                  int *eog)
{
	*eog = 0;
	if (pos >= len)
		return 0;
	uint8_t type = buf[pos++];
	if (type == V2_END_OF_GENERATION) {
		*eog = 1;
		*gen = 0;
		*next = pos;
		return 1;
	}
	if (type != V2_EVENT_BATCH && type != V2_EXPERIMENTAL_BATCH)
		return -1;
	if (type == V2_EXPERIMENTAL_BATCH && pos++ >= len)
		return 0;
	uint64_t v[4]; /* generation, M, time, size */
	for (int k = 0; k < 4; k++) {
		int n = v2_uvarint(buf + pos, buf + len, &v[k]);
		if (n < 0)
			return -1;
		if (n == 0)
			return 0;
		pos += (uint64_t)n;
	}
	if (v[3] > V2_MAX_BATCH)
		return -1;
	if (len - pos < v[3])
		return 0;
	*gen = v[0];
	*next = pos + v[3];
	return 1;
}

void gt_gen_scan(struct gt_gen_scan *s, const uint8_t *buf, size_t len)
{
	if (s->version < 0) {
		if (len < HEADER)
			return;
		int v = gt_decode_version(buf, len);
		s->version = v >= 0 && gt_v2_version_ok(v) ? v : 0;
		s->pos = HEADER;
	}
	if (!s->version || s->stuck)
		return;
	for (;;) {
		uint64_t next, gen;
		int eog, r = header(buf, len, s->pos, &next, &gen, &eog);
		if (r == 0)
			return;
		if (r < 0) {
			s->stuck = 1;
			return;
		}
		if (s->version >= 26) {
			if (eog) {
				s->complete = next;
				s->ngens++;
				s->gen = 0;
			} else if (gen == 0 || (s->gen && gen != s->gen)) {
				s->stuck = 1;
				return;
			} else {
				s->gen = gen;
			}
		} else if (eog || gen == 0) {
			s->stuck = 1;
			return;
		} else if (s->gen && gen != s->gen) {
			if (gen != s->gen + 1) { /* the decoder's "out of order" */
				s->stuck = 1;
				return;
			}
			s->complete = s->pos;
			s->ngens++;
			s->gen = gen;
		} else {
			s->gen = gen;
		}
		s->pos = next;
	}
}
