/* text_asm.c: the text form both ways (gt_text_assemble, gt_text_write_ex)
 * and txtar sections: exact bytes, Go's reader quirks, errors with their
 * line numbers or byte offsets. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decode/text/text.h"

#define HDR22 "go 1.22 trace\0\0\0"

/* Assembles text; fails the test on error. */
static size_t assemble_ok(const char *text, uint8_t **out)
{
	size_t len;
	unsigned line;
	char err[256];
	int rc = gt_text_assemble(text, strlen(text), 1, out, &len, &line, err, sizeof err);
	if (rc != 0)
		fail_msg("assemble: line %u: %s\n%s", line, err, text);
	return len;
}

/* Binary -> text into a string (malloc'd); returns the rc. */
static int write_text(const uint8_t *bin, size_t len, unsigned flags, char **text,
                      char *err, size_t errsz)
{
	size_t tlen;
	FILE *f = open_memstream(text, &tlen);
	assert_non_null(f);
	int rc = gt_text_write_ex(bin, len, f, flags, err, errsz);
	fclose(f);
	return rc;
}

static void test_bytes(void **state)
{
	(void)state;
	uint8_t *bin;
	size_t len = assemble_ok("Trace Go1.22\n"
	                         "EventBatch gen=1 m=18446744073709551615 time=300 size=9\n"
	                         "Strings\n"
	                         "String id=1\n"
	                         "\tdata=\"hi\\x00\"\n"
	                         "Stacks\n"
	                         "Stack id=2 nframes=1\n"
	                         "\tpc=128 func=1 file=1 line=7\n",
	                         &bin);
	static const uint8_t want[] = HDR22
		"\x01\x01\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01\xac\x02\x09"
		"\x04\x05\x01\x03hi\x00"
		"\x02\x03\x02\x01\x80\x01\x01\x01\x07";
	assert_int_equal(len, sizeof want - 1);
	assert_memory_equal(bin, want, len);
	free(bin);
}

/* What Go's TextReader lets through, and the same bytes come out. */
static void test_quirks(void **state)
{
	(void)state;
	uint8_t *a, *b;
	size_t la = assemble_ok("Trace Go1.22\n"
	                        "EventBatch gen=1 m=2 time=3 size=4\n"
	                        "GoCreate dt=1 new_g=2 new_stack=3 stack=4\n"
	                        "String id=1\n"
	                        "\tdata=\"x y\"\n", &a);
	/* CRLF, comments, blank lines, Unicode spaces, leading zeros,
	 * `raw` and spaced data. */
	size_t lb = assemble_ok("# a comment\r\n"
	                        "\r\n"
	                        "  Trace\tGo1.22  \r\n"
	                        "EventBatch\xc2\xa0gen=1 m=02 time=3\xe3\x80\x80size=4\n"
	                        "   # another\n"
	                        "GoCreate dt=1 new_g=2 new_stack=3 stack=4   \n"
	                        "String id=1\n"
	                        "\n"
	                        "  data =  `x y`  ", &b);
	assert_int_equal(la, lb);
	assert_memory_equal(a, b, la);
	free(a);
	free(b);

	/* An old version: a header and nothing else. */
	la = assemble_ok("Trace Go1.19\n", &a);
	assert_int_equal(la, 16);
	assert_memory_equal(a, "go 1.19 trace\0\0\0", 16);
	char *t, err[256];
	assert_int_equal(write_text(a, la, 0, &t, err, sizeof err), 0);
	assert_string_equal(t, "Trace Go1.19\n");
	free(t);
	free(a);

	/* Go turns nframes into an int: a negative one reads no frames. */
	la = assemble_ok("Trace Go1.22\nStack id=1 nframes=18446744073709551615\nProcStop dt=1\n", &a);
	assert_int_equal(la, 16 + 1 + 1 + 10 + 2);
	free(a);
}

struct err_case {
	const char *text;
	unsigned line;
	const char *want; /* a substring of the message */
};

static const struct err_case err_cases[] = {
	{"", 1, "no header"},
	{"\n# only a comment\n", 3, "no header"},
	{"Trace Go1.20\n", 1, "unknown or unsupported Go version 1.20"},
	{"Trace Go1.x\n", 1, "failed to parse header Go version"},
	{"Trace 1.22\n", 1, "failed to parse header Go version"},
	{"Trace Go1.22 x\n", 1, "non-space at the end of the header"},
	{"Tracer Go1.22\n", 1, "failed to parse header"},
	{"Trace Go1.22\nFoo\n", 2, "unidentified event: \"Foo\""},
	{"Trace Go1.22\n\n# c\nProcStop dt=x\n", 4, "reading args for ProcStop: failed to parse argument value \"x\" for arg \"dt\""},
	{"Trace Go1.22\nProcStop\n", 2, "reading args for ProcStop: no argument"},
	{"Trace Go1.22\nProcStop t=1\n", 2, "expected argument \"dt\", but got \"t\""},
	{"Trace Go1.22\nProcStop dt\n", 2, "malformed argument: \"dt\""},
	{"Trace Go1.22\nProcStop dt=1 x\n", 2, "non-space at the end of an event: \" x\""},
	{"Trace Go1.22\nProcStop dt=1 # c\n", 2, "non-space at the end of an event"},
	{"Trace Go1.22\nProcStop dt=-1\n", 2, "failed to parse argument value"},
	{"Trace Go1.22\nProcStop dt=18446744073709551616\n", 2, "failed to parse argument value"},
	{"Trace Go1.22\nProcStop dt=1\nString id=1\n", 3, "unexpected EOF while reading data for String: args=[1]"},
	{"Trace Go1.22\nString id=1\n\tdata=hi\n", 3, "failed to parse data"},
	{"Trace Go1.22\nString id=1\n\tdata=\"a\"b\"\n", 3, "failed to parse data"},
	{"Trace Go1.22\nString id=1\n\tdat=\"hi\"\n", 3, "malformed data"},
	{"Trace Go1.22\nString id=1\n\tdata \"hi\"\n", 3, "malformed data"},
	{"Trace Go1.22\nStack id=1 nframes=2\n\tpc=1 func=2 file=3 line=4\n", 2, "unexpected EOF while reading stack: args=[1 2]"},
	{"Trace Go1.22\nStack id=1 nframes=1\n\tpc=1 func=2 file=3\n", 3, "no argument"},
	{"Trace Go1.22\nStack id=1 nframes=1\n\tpc=1 func=2 line=3 file=4\n", 3, "expected argument \"file\", but got \"line\""},
	{"Trace Go1.22\nSync\n", 2, "unidentified event"},
	{"Trace Go1.25\nSpan dt=1 id=1 npages_value=1 kindclass=1\n", 2, "unidentified event"},
	{"Trace Go1.22\n#pad size=1\nEventBatch gen=1 m=0 time=0 size=200\n", 2, "needs 2 bytes"},
	{"Trace Go1.22\n#pad nope=3\nProcStop dt=1\n", 2, "ProcStop has no argument \"nope\""},
	{"Trace Go1.22\n#pad size\n", 2, "#pad: malformed"},
	{"Trace Go1.22\n#pad size=11\n", 2, "#pad: malformed"},
	{"Trace Go1.22\n#pad dt=2\n", 2, "#pad with no event after it"},
	{"Trace Go1.22\n#pad dt=2\n#pad dt=3\nProcStop dt=1\n", 3, "a second #pad"},
	{"Trace Go1.22\nString id=1\n#pad data=2\n\tdata=\"\"\n", 3, "#pad between"},
};

static void test_errors(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof err_cases / sizeof err_cases[0]; i++) {
		const struct err_case *c = &err_cases[i];
		uint8_t *bin = (uint8_t *)"x";
		size_t len = 1;
		unsigned line = 99;
		char err[256];
		int rc = gt_text_assemble(c->text, strlen(c->text), 1, &bin, &len, &line, err, sizeof err);
		if (rc != -1 || line != c->line || !strstr(err, c->want))
			fail_msg("case %zu: rc %d line %u (want %u): %s (want %s)", i, rc, line,
			         c->line, err, c->want);
		assert_null(bin);
		assert_int_equal(len, 0);
	}
	/* Line numbers count from first_line (a txtar section's first line). */
	uint8_t *bin;
	size_t len;
	unsigned line;
	char err[256];
	const char *t = "Trace Go1.22\nBad\n";
	assert_int_equal(gt_text_assemble(t, strlen(t), 10, &bin, &len, &line, err, sizeof err), -1);
	assert_int_equal(line, 11);
}

static void test_write(void **state)
{
	(void)state;
	const char *text = "Trace Go1.26\n"
	                   "EventBatch gen=1 m=18446744073709551615 time=1 size=26\n"
	                   "Strings\n"
	                   "String id=1\n"
	                   "\tdata=\"tab\\there \\\"q\\\" \\xff é\"\n"
	                   "Stacks\n"
	                   "Stack id=1 nframes=2\n"
	                   "\tpc=1 func=1 file=1 line=1\n"
	                   "\tpc=2 func=1 file=1 line=2\n"
	                   "ExperimentalBatch exp=1 gen=1 m=3 time=4\n"
	                   "\tdata=\"\\x80\\x01\"\n"
	                   "Sync\n"
	                   "ClockSnapshot dt=1 mono=2 sec=3 nsec=4\n"
	                   "Span dt=1 id=2 npages_value=3 kindclass=4\n"
	                   "EndOfGeneration\n";
	uint8_t *bin;
	size_t len = assemble_ok(text, &bin);
	char *out, err[256];
	assert_int_equal(write_text(bin, len, 0, &out, err, sizeof err), 0);
	assert_string_equal(out, text);
	free(out);
	free(bin);
}

static void test_write_errors(void **state)
{
	(void)state;
	static const struct {
		const char *bin;
		size_t len;
		const char *want;
		const char *printed; /* what was printed before the error */
	} cases[] = {
		{"", 0, "offset 0: not a Go trace", ""},
		{"go 1.22 trace\0\0", 15, "offset 0: not a Go trace", ""},
		{"go 1.19 trace\0\0\0\x01", 17, "offset 16: invalid event type 1 for go 1.19 (an old-format trace", "Trace Go1.19\n"},
		{"go 1.20 trace\0\0\0", 16, "offset 0: trace version go 1.20 has no text form", ""},
		{HDR22 "\x00", 17, "offset 16: invalid event type 0", "Trace Go1.22\n"},
		{HDR22 "\x0b\x01\x32", 19, "offset 18: invalid event type 50 for go 1.22",
		 "Trace Go1.22\nProcStop dt=1\n"},
		{HDR22 "\x0b\x81", 18, "offset 17: trace ends inside argument dt of ProcStop (event at offset 16)",
		 "Trace Go1.22\n"},
		{HDR22 "\x0b\xff\xff\xff\xff\xff\xff\xff\xff\xff\x02", 27, "offset 17: argument dt of ProcStop (event at offset 16): uvarint overflows 64 bits",
		 "Trace Go1.22\n"},
		{HDR22 "\x05\x01\x05" "ab", 21, "offset 19: String (event at offset 16): data of 5 bytes, only 2 left",
		 "Trace Go1.22\n"},
		{HDR22 "\x03\x01\x02\x01\x02\x03\x04\x05", 24, "offset 24: trace ends inside frame 2 func of Stack",
		 "Trace Go1.22\n"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *out, err[256];
		int rc = write_text((const uint8_t *)cases[i].bin, cases[i].len, 0, &out, err, sizeof err);
		if (rc != -1 || !strstr(err, cases[i].want) || strcmp(out, cases[i].printed))
			fail_msg("case %zu: rc %d: %s (want %s), printed %s", i, rc, err, cases[i].want, out);
		free(out);
	}
}

/* The runtime pads batch sizes to 10 bytes: "#pad" keeps them. */
static void test_pads(void **state)
{
	(void)state;
	static const uint8_t bin[] = HDR22
		"\x01\x01\x00\x00\x85\x80\x80\x80\x80\x80\x80\x80\x80\x00"
		"\x0b\x01\x0b\x02\x0b\x03\x0b\x04"
		"\x05\x01\x82\x00" "xy";
	size_t len = sizeof bin - 1;
	char *plain, *padded, err[256];
	assert_int_equal(write_text(bin, len, 0, &plain, err, sizeof err), 0);
	assert_int_equal(write_text(bin, len, GT_TEXT_PADS, &padded, err, sizeof err), 0);
	assert_string_equal(plain, "Trace Go1.22\n"
	                           "EventBatch gen=1 m=0 time=0 size=5\n"
	                           "ProcStop dt=1\nProcStop dt=2\nProcStop dt=3\nProcStop dt=4\n"
	                           "String id=1\n\tdata=\"xy\"\n");
	assert_string_equal(padded, "Trace Go1.22\n"
	                            "#pad size=10\n"
	                            "EventBatch gen=1 m=0 time=0 size=5\n"
	                            "ProcStop dt=1\nProcStop dt=2\nProcStop dt=3\nProcStop dt=4\n"
	                            "#pad data=2\n"
	                            "String id=1\n\tdata=\"xy\"\n");
	uint8_t *back;
	size_t blen = assemble_ok(padded, &back);
	assert_int_equal(blen, len);
	assert_memory_equal(back, bin, len);
	free(back);
	blen = assemble_ok(plain, &back);
	assert_int_equal(blen, len - 10); /* minimal uvarints */
	free(back);
	free(plain);
	free(padded);
}

static void test_txtar(void **state)
{
	(void)state;
	const char *ar = "comment\n-- expect --\nSUCCESS\n--  trace --\nTrace Go1.22\nX\n-- other --\n";
	const char *data;
	size_t n;
	unsigned first;
	assert_int_equal(gt_txtar_file(ar, strlen(ar), "expect", &data, &n, &first), 0);
	assert_int_equal(n, 8);
	assert_memory_equal(data, "SUCCESS\n", 8);
	assert_int_equal(first, 3);
	assert_int_equal(gt_txtar_file(ar, strlen(ar), "trace", &data, &n, &first), 0);
	assert_int_equal(n, 15);
	assert_memory_equal(data, "Trace Go1.22\nX\n", 15);
	assert_int_equal(first, 5);
	assert_int_equal(gt_txtar_file(ar, strlen(ar), "none", &data, &n, &first), -1);
	/* the last file, without a final newline; "-- x--" is no marker */
	const char *ar2 = "-- trace --\nA\n-- x--\nB";
	assert_int_equal(gt_txtar_file(ar2, strlen(ar2), "trace", &data, &n, &first), 0);
	assert_int_equal(n, strlen(ar2) - 12);
	assert_int_equal(first, 2);
	/* plain text with no markers */
	assert_int_equal(gt_txtar_file("Trace Go1.22\n", 13, "trace", &data, &n, &first), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bytes),
		cmocka_unit_test(test_quirks),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_write),
		cmocka_unit_test(test_write_errors),
		cmocka_unit_test(test_pads),
		cmocka_unit_test(test_txtar),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
