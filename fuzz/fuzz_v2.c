/* fuzz_v2.c: libFuzzer harness for the v2 (Go 1.22+) decoder.
 *
 * Input: one byte choosing the header version (go 1.22, 1.23, 1.25, 1.26)
 * then the body after the 16-byte header, so mutations go to batches and
 * events rather than to the header.  Seeds: fuzz/seeds.sh. */
#include "fuzz/fuzz_check.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const hdr[4] = {"go 1.22 trace", "go 1.23 trace",
	                                   "go 1.25 trace", "go 1.26 trace"};
	if (size < 1)
		return 0;
	/* An exact-size heap copy, so ASan sees any read past the end. */
	uint8_t *buf = malloc(16 + size - 1);
	if (!buf)
		return 0;
	memset(buf, 0, 16);
	memcpy(buf, hdr[data[0] & 3], strlen(hdr[data[0] & 3]));
	memcpy(buf + 16, data + 1, size - 1);
	fz_check_trace(buf, 16 + size - 1);
	free(buf);
	return 0;
}
