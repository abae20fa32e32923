/* tui_script.c: unit tests of the headless-test plumbing of tui/: key
 * notation (<Key>), GTVIEW_SCRIPT files, and duration formatting. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

#include <cmocka.h>

#include "tui/script.h"
#include "tui/util.h"

static TermKey *tk;

static const char *name_of(TermKeyKey *k)
{
	static char buf[64];
	termkey_strfkey(tk, buf, sizeof buf, k, TERMKEY_FORMAT_VIM);
	return buf;
}

static void test_key_parse(void **state)
{
	(void)state;
	static const struct { const char *in, *name; size_t used; } cases[] = {
		{"j", "j", 1}, {"<Down>x", "<Down>", 6}, {"<C-d>", "<C-d>", 5},
		{"<Enter>", "<Enter>", 7}, {"<lt>", "<", 4}, {"<", "<", 1},
		{"<PageDown>", "<PageDown>", 10}, {"\xc3\xa9t\xc3\xa9", "\xc3\xa9", 2},
		{"<Escape>", "<Escape>", 8}, {"<Space>", " ", 7},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const char *p = cases[i].in;
		TermKeyKey k;
		assert_int_equal(tui_key_parse(tk, &p, &k), 0);
		assert_string_equal(name_of(&k), cases[i].name);
		assert_int_equal((size_t)(p - cases[i].in), cases[i].used);
	}
	const char *bad = "<NoSuchKey>";
	TermKeyKey k;
	assert_int_equal(tui_key_parse(tk, &bad, &k), -1);
}

static void test_script_file(void **state)
{
	(void)state;
	char path[] = "/tmp/tui_scriptXXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	const char *text = "# comment\n2 b\n:save-screen out.txt\n/net<Enter>\n\n";
	assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
	struct tui_script s;
	char err[256];
	assert_int_equal(tui_script_load(&s, path, err, sizeof err), 0);
	/* 2, b, :save-screen, /, n, e, t, <Enter> */
	assert_int_equal(s.n, 8);
	assert_string_equal(name_of(&s.items[0].key), "2");
	assert_string_equal(name_of(&s.items[1].key), "b");
	assert_true(s.items[2].is_cmd);
	assert_string_equal(s.items[2].cmd, "save-screen out.txt");
	assert_string_equal(name_of(&s.items[7].key), "<Enter>");
	tui_script_free(&s);

	fd = open(path, O_WRONLY | O_TRUNC);
	assert_true(fd >= 0);
	text = "jj\n<Bogus>\n";
	assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
	assert_int_equal(tui_script_load(&s, path, err, sizeof err), -1);
	assert_non_null(strstr(err, ":2: not a key"));
	unlink(path);
}

static void test_fmt_dur(void **state)
{
	(void)state;
	static const struct { int64_t ns; const char *s; } cases[] = {
		{0, "0ns"}, {999, "999ns"}, {1500, "1.5us"}, {1680000, "1.68ms"},
		{2015737000, "2.02s"}, {-5890, "-5.89us"}, {153000000000, "153s"},
		/* three digits that round to 1000 go a unit up */
		{999600, "1ms"}, {999499, "999us"}, {999700000, "1s"}, {99960000000, "100s"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char buf[32];
		tui_fmt_dur(buf, sizeof buf, cases[i].ns);
		assert_string_equal(buf, cases[i].s);
	}
	char b[32];
	tui_fmt_bytes(b, sizeof b, 3u << 20);
	assert_string_equal(b, "3.0MiB"); /* 2^20 bytes */
}

int main(void)
{
	tk = termkey_new_abstract("xterm", TERMKEY_FLAG_UTF8);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_key_parse),
		cmocka_unit_test(test_script_file),
		cmocka_unit_test(test_fmt_dur),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);
	termkey_destroy(tk);
	return rc;
}
