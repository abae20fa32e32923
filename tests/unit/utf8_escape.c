/* utf8_escape.c: which bytes are text (decode/utf8.h: gt_utf8_len, the
 * one rule `gtview dump` and the JSON writers share) at the edges of
 * UTF-8, and the escaping rule's output for them (report/escape.h: the
 * text form, gt_esc_*, and JSON, gt_json_strn).  The validity vectors follow Go's utf8.DecodeRune. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decode/utf8.h"
#include "report/escape.h"

struct len_case {
	const char *in;
	size_t n;
	size_t want; /* 0: not text */
};

#define C(s, w) {s, sizeof s - 1, w}
static const struct len_case len_cases[] = {
	{"", 0, 0},
	C("a", 1),
	C("\x7f", 1),
	C("\x80", 0),           /* a continuation byte alone */
	C("\xbf", 0),
	C("\xc0\x80", 0),       /* overlong NUL */
	C("\xc1\xbf", 0),       /* overlong */
	C("\xc2\x80", 2),       /* U+0080, the first 2-byte */
	C("\xdf\xbf", 2),       /* U+07FF */
	C("\xc2", 0),           /* short */
	C("\xc2\x41", 0),       /* not a continuation */
	C("\xe0\x80\x80", 0),   /* overlong */
	C("\xe0\x9f\xbf", 0),   /* overlong */
	C("\xe0\xa0\x80", 3),   /* U+0800 */
	C("\xe2\x82\xac", 3),   /* U+20AC */
	C("\xe2\x82", 0),       /* short */
	C("\xe2\x28\xa1", 0),
	C("\xed\x9f\xbf", 3),   /* U+D7FF */
	C("\xed\xa0\x80", 0),   /* a surrogate */
	C("\xed\xbf\xbf", 0),
	C("\xef\xbf\xbd", 3),   /* U+FFFD itself is text */
	C("\xef\xbf\xbf", 3),   /* U+FFFF */
	C("\xf0\x8f\xbf\xbf", 0), /* overlong */
	C("\xf0\x90\x80\x80", 4), /* U+10000 */
	C("\xf4\x8f\xbf\xbf", 4), /* U+10FFFF */
	C("\xf4\x90\x80\x80", 0), /* past U+10FFFF */
	C("\xf5\x80\x80\x80", 0), /* the lead bytes F5..FF begin nothing */
	C("\xf8\x80\x80\x80", 0),
	C("\xfe", 0),
	C("\xff", 0),
	C("\xf0\x90\x80", 0),   /* short */
	C("\xe2\x82\xac!", 3),  /* only the first sequence counts */
};

static void test_len(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof len_cases / sizeof len_cases[0]; i++) {
		const struct len_case *c = &len_cases[i];
		size_t got = gt_utf8_len(c->in, c->n);
		if (got != c->want)
			fail_msg("case %zu: got %zu, want %zu", i, got, c->want);
	}
}

/* gt_json_strn of in[0..n) */
static char *json(const char *in, size_t n)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	assert_non_null(f);
	gt_json_strn(f, in, n);
	assert_int_equal(fclose(f), 0);
	return buf;
}

struct json_case {
	const char *in;
	size_t n;
	const char *want;
};

#define J(s, w) {s, sizeof s - 1, w}
static const struct json_case json_cases[] = {
	J("", "\"\""),
	J("plain text", "\"plain text\""),
	J("q\"b\\s", "\"q\\\"b\\\\s\""),
	J("\n\t\r\x01\x1f", "\"\\n\\t\\r\\u0001\\u001f\""),
	J("nul\0in", "\"nul\\u0000in\""),
	J("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80", "\"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\""),
	J("\xef\xbf\xbd", "\"\xef\xbf\xbd\""),
	J("a\x80z", "\"a\\ufffdz\""),
	J("\xe0\x80\x80", "\"\\ufffd\\ufffd\\ufffd\""),   /* overlong: each byte */
	J("\xed\xa0\x80", "\"\\ufffd\\ufffd\\ufffd\""),   /* surrogate */
	J("\xf5\x80\x80\x80", "\"\\ufffd\\ufffd\\ufffd\\ufffd\""),
	J("end\xe2\x82", "\"end\\ufffd\\ufffd\""),        /* cut short at the end */
	J("\xe2\x82\xac\xff\xe2\x82\xac", "\"\xe2\x82\xac\\ufffd\xe2\x82\xac\""),
	J("del\x7f", "\"del\\u007f\""),
	J("\x1b]52;c;x\x07", "\"\\u001b]52;c;x\\u0007\""),
	J("\xc2\x9b" "2J \xc2\x80\xc2\x9f\xc2\xa0", "\"\\u009b2J \\u0080\\u009f\xc2\xa0\""), /* C1, NBSP passes */
	J("\x9b", "\"\\ufffd\""), /* a raw C1 byte is not UTF-8 */
};

static void test_json(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof json_cases / sizeof json_cases[0]; i++) {
		char *got = json(json_cases[i].in, json_cases[i].n);
		if (strcmp(got, json_cases[i].want))
			fail_msg("case %zu: got %s, want %s", i, got, json_cases[i].want);
		free(got);
	}
}

static void test_json_cstr(void **state)
{
	(void)state;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	assert_non_null(f);
	gt_json_str(f, NULL);
	gt_json_str(f, "a\"b");
	assert_int_equal(fclose(f), 0);
	assert_string_equal(buf, "\"\"\"a\\\"b\"");
	free(buf);
}

/* gt_esc_buf of in[0..n) with flags */
static char *text(const char *in, size_t n, int flags)
{
	char *d = gt_esc_dup(in, n, flags);
	assert_non_null(d);
	return d;
}

static const struct json_case text_cases[] = {
	J("", ""),
	J("main.(*T).m \"q\" caf\xc3\xa9", "main.(*T).m \"q\" caf\xc3\xa9"),
	J("a\\x1b", "a\\\\x1b"), /* a backslash never reads as an escape */
	J("\n\t\r\x01\x1b[2J", "\\n\\t\\r\\x01\\x1b[2J"),
	J("nul\0del\x7f", "nul\\x00del\\x7f"),
	J("\xc2\x9b" "2J\xc2\x80", "\\u009b2J\\u0080"),
	J("\x9b\xff\xe2\x82", "\\x9b\\xff\\xe2\\x82"),
	J("\xed\xa0\x80", "\\xed\\xa0\\x80"),
	J("\xe2\x82\xac\xf0\x9f\x98\x80", "\xe2\x82\xac\xf0\x9f\x98\x80"),
};

static void test_text(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof text_cases / sizeof text_cases[0]; i++) {
		const struct json_case *c = &text_cases[i];
		char *got = text(c->in, c->n, 0);
		if (strcmp(got, c->want))
			fail_msg("case %zu: got %s, want %s", i, got, c->want);
		size_t len = strlen(got);
		assert_int_equal(gt_esc_buf(NULL, 0, c->in, c->n, 0), len);
		free(got);
	}
	char *lines = text("a\nb\tc\r", 6, GT_ESC_LINES);
	assert_string_equal(lines, "a\nb\tc\\r");
	free(lines);
}

/* A buffer too small: cut before a whole escape or character, the full
 * length returned. */
static void test_text_cut(void **state)
{
	(void)state;
	char buf[8];
	assert_int_equal(gt_esc_buf(buf, sizeof buf, "abcd\x1b", 5, 0), 8);
	assert_string_equal(buf, "abcd");
	assert_int_equal(gt_esc_buf(buf, sizeof buf, "abcdef\xc3\xa9z", 9, 0), 9);
	assert_string_equal(buf, "abcdef");
	assert_int_equal(gt_esc_buf(buf, sizeof buf, "abc", 3, 0), 3);
	assert_string_equal(buf, "abc");
	assert_int_equal(gt_esc_buf(buf, 1, "abc", 3, 0), 3);
	assert_string_equal(buf, "");
}

/* Columns count the escaped form; padding is by them. */
static void test_cols(void **state)
{
	(void)state;
	assert_int_equal(gt_esc_cols("ab"), 2);
	assert_int_equal(gt_esc_cols("\x1b[2J"), 7);
	assert_int_equal(gt_esc_cols("\xc2\x9b"), 6);
	assert_int_equal(gt_esc_cols("caf\xc3\xa9"), 4);
	assert_int_equal(gt_esc_cols(NULL), 0);
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	assert_non_null(f);
	gt_esc_pad(f, "\x1b", 6);
	fputc('|', f);
	gt_esc_pad_left(f, "\xc3\xa9", 3);
	fputc('|', f);
	gt_esc_pad(f, "toolong", 3);
	assert_int_equal(fclose(f), 0);
	assert_string_equal(buf, "\\x1b  |  \xc3\xa9|toolong");
	free(buf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_len),
		cmocka_unit_test(test_json),
		cmocka_unit_test(test_json_cstr),
		cmocka_unit_test(test_text),
		cmocka_unit_test(test_text_cut),
		cmocka_unit_test(test_cols),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
