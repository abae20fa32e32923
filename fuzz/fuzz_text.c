/* fuzz_text.c: libFuzzer harness for the text form of v2 traces
 * (decode/text/text.h).
 *
 * Input: a txtar archive with a "trace" file (Go's testdata/tests/NAME.test)
 * or bare text.  When it assembles, the binary must round-trip:
 * assemble(write(bin)) == bin; and it is then decoded and checked like any
 * trace (fuzz_check.h).  Seeds: ../shared/corpus/text/. */
#include "fuzz/fuzz_check.h"

#include "decode/text/text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* Exact-size copy: reads past the end are ASan reports. */
	char *in = malloc(size ? size : 1);
	if (!in)
		return 0;
	memcpy(in, data, size);
	const char *text = in;
	size_t len = size;
	unsigned first = 1;
	const char *sec;
	size_t seclen;
	unsigned secline;
	if (gt_txtar_file(in, size, "trace", &sec, &seclen, &secline) == 0) {
		FZ_ASSERT(sec >= in && sec + seclen <= in + size, "txtar section outside the input");
		FZ_ASSERT(secline >= 1, "txtar section line %u", secline);
		text = sec, len = seclen, first = secline;
	}

	uint8_t *bin = NULL;
	size_t binlen = 0;
	unsigned errline = 0;
	char err[256];
	err[0] = 0;
	if (gt_text_assemble(text, len, first, &bin, &binlen, &errline, err, sizeof err) != 0) {
		FZ_ASSERT(err[0] != 0, "assemble failed without a message");
		FZ_ASSERT(memchr(err, 0, sizeof err) != NULL, "message not NUL-terminated");
		free(in);
		return 0;
	}
	FZ_ASSERT(bin != NULL && binlen >= 16, "assembled %zu bytes", binlen);

	/* Round trip through the writer. */
	char *text2 = NULL;
	size_t len2 = 0;
	FILE *f = open_memstream(&text2, &len2);
	FZ_ASSERT(f != NULL, "open_memstream");
	int wr = gt_text_write(bin, binlen, f, err, sizeof err);
	fclose(f);
	FZ_ASSERT(wr == 0, "writer rejects what the assembler made: %s", err);
	uint8_t *bin2 = NULL;
	size_t binlen2 = 0;
	int as2 = gt_text_assemble(text2, len2, 1, &bin2, &binlen2, &errline, err, sizeof err);
	FZ_ASSERT(as2 == 0, "assembler rejects the writer's text at line %u: %s", errline, err);
	FZ_ASSERT(binlen2 == binlen && memcmp(bin, bin2, binlen) == 0,
	          "round trip changed the bytes (%zu -> %zu)", binlen, binlen2);
	free(bin2);
	free(text2);

	fz_check_trace(bin, binlen);
	free(bin);
	free(in);
	return 0;
}
