/* fuzz_v1.c: libFuzzer harness for the v1 (Go 1.5-1.21) decoder.
 *
 * Input: one byte choosing the header version (go 1.5, 1.7, 1.8, 1.9,
 * 1.10, 1.11, 1.19, 1.21) then the body after the 16-byte header.
 * Seeds: fuzz/seeds.sh. */
#include "fuzz/fuzz_check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const int versions[8] = {5, 7, 8, 9, 10, 11, 19, 21};
	if (size < 1)
		return 0;
	uint8_t *buf = malloc(16 + size - 1);
	if (!buf)
		return 0;
	char hdr[17] = {0};
	snprintf(hdr, sizeof hdr, "go 1.%d trace", versions[data[0] & 7]);
	memcpy(buf, hdr, 16);
	memcpy(buf + 16, data + 1, size - 1);
	fz_check_trace(buf, 16 + size - 1);
	free(buf);
	return 0;
}
