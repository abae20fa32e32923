/* text_quote.c: Go string quoting of the text form's data="…" lines, and
 * the UTF-8 and space rules around it, against what Go's strconv does.
 * The vectors were printed by Go 1.19's strconv.Quote/Unquote. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "decode/text/int.h"

struct quote_case {
	const char *in;
	size_t inlen;
	const char *want;
};

struct unquote_case {
	const char *in;
	size_t inlen;
	const char *want; /* NULL: syntax error */
	size_t wantlen;
};

static const struct quote_case quote_cases[] = {
	{"", 0, "\042\042"},
	{"hello", 5, "\042hello\042"},
	{"a\042b\134c", 5, "\042a\134\042b\134\134c\042"},
	{"\007\010\014\012\015\011\013", 7, "\042\134a\134b\134f\134n\134r\134t\134v\042"},
	{"\000\001\177", 3, "\042\134x00\134x01\134x7f\042"},
	{"\303\251", 2, "\042\303\251\042"},
	{"\377", 1, "\042\134xff\042"},
	{"\303", 1, "\042\134xc3\042"},
	{"\355\240\200", 3, "\042\134xed\134xa0\134x80\042"},
	{"\302\240", 2, "\042\134u00a0\042"},
	{"\342\200\250", 3, "\042\134u2028\042"},
	{"\360\237\230\200", 4, "\042\360\237\230\200\042"},
	{"\363\240\200\201", 4, "\042\134U000e0001\042"},
	{"\315\270", 2, "\042\134u0378\042"},
	{"\357\277\275", 3, "\042\357\277\275\042"},
	{"\364\220\200\200", 4, "\042\134xf4\134x90\134x80\134x80\042"},
	{"\342\200\213", 3, "\042\134u200b\042"},
	{"a\200b", 3, "\042a\134x80b\042"},
	{"\346\227\245\346\234\254\350\252\236", 9, "\042\346\227\245\346\234\254\350\252\236\042"},
	{"\302\205", 2, "\042\134u0085\042"},
	{"'`", 2, "\042'`\042"},
	{"\342\202", 2, "\042\134xe2\134x82\042"},
	{"\360\237\230", 3, "\042\134xf0\134x9f\134x98\042"},
};
static const struct unquote_case unquote_cases[] = {
	{"\042\042", 2, "", 0},
	{"\042abc\042", 5, "abc", 3},
	{"''", 2, "", 0},
	{"'a'", 3, "a", 1},
	{"'ab'", 4, NULL, 0},
	{"'\134''", 4, "'", 1},
	{"\042\134'\042", 4, NULL, 0},
	{"'\134\042'", 4, NULL, 0},
	{"\042\134\042\042", 4, "\042", 1},
	{"`a\134nb`", 6, "a\134nb", 4},
	{"`a\015b`", 5, "ab", 2},
	{"`a`b`", 5, NULL, 0},
	{"\042\134x41\134101\134u00e9\134U0001F600\042", 26, "AA\303\251\360\237\230\200", 8},
	{"\042\134ud800\042", 8, NULL, 0},
	{"\042\134U00110000\042", 12, NULL, 0},
	{"\042\134400\042", 6, NULL, 0},
	{"\042\134377\042", 6, "\377", 1},
	{"\042\134xZZ\042", 6, NULL, 0},
	{"\042\134q\042", 4, NULL, 0},
	{"\042a", 2, NULL, 0},
	{"a\042", 2, NULL, 0},
	{"\042a\042b\042", 5, NULL, 0},
	{"\042a\012b\042", 5, NULL, 0},
	{"\042\377\042", 3, "\357\277\275", 3},
	{"\042\377\134n\042", 5, "\357\277\275\012", 4},
	{"'\377'", 3, "\357\277\275", 3},
	{"\042\134a\134b\134f\134n\134r\134t\134v\134\134\042", 18, "\007\010\014\012\015\011\013\134", 8},
	{"\042", 1, NULL, 0},
	{"'\303\251'", 4, "\303\251", 2},
	{"\042\134x\042", 4, NULL, 0},
	{"\042\134u12\042", 6, NULL, 0},
	{"\042\13412\042", 5, NULL, 0},
	{"\042\1348\042", 4, NULL, 0},
	{"\042\134xff\042", 6, "\377", 1},
	{"x", 1, NULL, 0},
	{"", 0, NULL, 0},
	{"\042\303\251\042", 4, "\303\251", 2},
	{"'\134u00e9'", 8, "\303\251", 2},
	{"'\134xff'", 6, "\377", 1},
	{"\042\303\042", 3, "\357\277\275", 3},
	{"`\377`", 3, "\377", 1},
};

static void test_quote(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof quote_cases / sizeof quote_cases[0]; i++) {
		const struct quote_case *c = &quote_cases[i];
		struct gt_bytes b = {0};
		gt_text_quote(&b, (const uint8_t *)c->in, c->inlen);
		assert_false(b.failed);
		gt_bytes_put(&b, "", 1);
		assert_string_equal((const char *)b.p, c->want);
		free(b.p);
	}
}

static void test_unquote(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof unquote_cases / sizeof unquote_cases[0]; i++) {
		const struct unquote_case *c = &unquote_cases[i];
		struct gt_bytes b = {0};
		int rc = gt_text_unquote(&b, c->in, c->inlen);
		if (!c->want) {
			if (rc != -1)
				fail_msg("case %zu: %s: want a syntax error", i, c->in);
		} else {
			if (rc != 0)
				fail_msg("case %zu: %s: want success", i, c->in);
			assert_int_equal(b.len, c->wantlen);
			if (b.len)
				assert_memory_equal(b.p, c->want, b.len);
		}
		free(b.p);
	}
}

/* Quote then unquote gives back every byte string (here: all 1- and
 * 2-byte ones). */
static void test_quote_round_trip(void **state)
{
	(void)state;
	for (unsigned v = 0; v < 65536 + 256; v++) {
		uint8_t s[2];
		size_t n = v < 256 ? 1 : 2;
		if (n == 1)
			s[0] = (uint8_t)v;
		else {
			s[0] = (uint8_t)((v - 256) >> 8);
			s[1] = (uint8_t)(v - 256);
		}
		struct gt_bytes q = {0}, u = {0};
		gt_text_quote(&q, s, n);
		assert_int_equal(gt_text_unquote(&u, (const char *)q.p, q.len), 0);
		assert_int_equal(u.len, n);
		assert_memory_equal(u.p, s, n);
		free(q.p);
		free(u.p);
	}
}

static void test_utf8(void **state)
{
	(void)state;
	size_t w;
	assert_int_equal(gt_utf8_decode((const uint8_t *)"A", 1, &w), 'A');
	assert_int_equal(w, 1);
	assert_int_equal(gt_utf8_decode((const uint8_t *)"\xc3\xa9", 2, &w), 0xE9);
	assert_int_equal(w, 2);
	assert_int_equal(gt_utf8_decode((const uint8_t *)"\xf0\x9f\x98\x80", 4, &w), 0x1F600);
	assert_int_equal(w, 4);
	/* overlong, surrogate, past U+10FFFF, cut short: one bad byte */
	const char *bad[] = {"\xc0\x80", "\xe0\x80\x80", "\xed\xa0\x80", "\xf4\x90\x80\x80",
	                     "\xf0\x9f\x98", "\x80", "\xff"};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		assert_int_equal(gt_utf8_decode((const uint8_t *)bad[i], strlen(bad[i]), &w),
		                 GT_RUNE_ERROR);
		assert_int_equal(w, 1);
	}
	uint8_t out[4];
	assert_int_equal(gt_utf8_encode(0xD800, out), 3); /* becomes U+FFFD */
	assert_memory_equal(out, "\xef\xbf\xbd", 3);
}

static void test_space(void **state)
{
	(void)state;
	const uint32_t space[] = {' ', '\t', '\n', '\v', '\f', '\r', 0x85, 0xA0, 0x1680,
	                          0x2000, 0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000};
	for (size_t i = 0; i < sizeof space / sizeof space[0]; i++)
		assert_true(gt_text_isspace(space[i]));
	const uint32_t not_space[] = {'a', 0, 0x1F, 0x200B, 0xFEFF, 0x180E, '#', '='};
	for (size_t i = 0; i < sizeof not_space / sizeof not_space[0]; i++)
		assert_false(gt_text_isspace(not_space[i]));
	assert_true(gt_text_isprint(' '));
	assert_true(gt_text_isprint(0x1F600));
	assert_false(gt_text_isprint(0xA0));
	assert_false(gt_text_isprint(0x10FFFF));
}

static void test_uvarint(void **state)
{
	(void)state;
	struct gt_bytes b = {0};
	gt_bytes_uvarint(&b, 0);
	gt_bytes_uvarint(&b, 127);
	gt_bytes_uvarint(&b, 128);
	gt_bytes_uvarint(&b, UINT64_MAX);
	gt_bytes_uvarint_padded(&b, 24, 10);
	static const uint8_t want[] = {
		0x00, 0x7F, 0x80, 0x01,
		0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01,
		0x98, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00,
	};
	assert_int_equal(b.len, sizeof want);
	assert_memory_equal(b.p, want, sizeof want);
	assert_int_equal(gt_uvarint_len(0), 1);
	assert_int_equal(gt_uvarint_len(UINT64_MAX), 10);
	free(b.p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_quote),
		cmocka_unit_test(test_unquote),
		cmocka_unit_test(test_quote_round_trip),
		cmocka_unit_test(test_utf8),
		cmocka_unit_test(test_space),
		cmocka_unit_test(test_uvarint),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
