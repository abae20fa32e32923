/* fuzz_v2.c: libFuzzer harness for the v2 (Go 1.22+) decoder.
 *
 * Input: one byte choosing the header version (go 1.22, 1.23, 1.25, 1.26)
 * then the body after the 16-byte header, so mutations go to batches and
 * events rather than to the header.  Seeds: fuzz/seeds.sh. */
#include "fuzz/fuzz_check.h"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t len;
	uint8_t *buf = fz_v2_trace(data, size, &len);
	if (!buf)
		return 0;
	fz_check_trace(buf, len);
	free(buf);
	return 0;
}
