/* keymaps_config.c: presets and the config language (good and bad lines). */
#include "cmd/embedded.h"
#include "keymaps/config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

static int setup(void **state)
{
	static struct gt_config c;
	gt_config_init(&c, gt_embedded);
	*state = &c;
	return 0;
}

static int teardown(void **state)
{
	gt_config_fini(*state);
	return 0;
}

static void assert_bound(struct gt_config *c, const char *keys, const char *action)
{
	enum gt_action a = gt_keymap_lookup(c->keymap, keys);
	if (strcmp(gt_action_name(a), action))
		print_error("%s: bound to %s, want %s\n", keys, gt_action_name(a), action);
	assert_string_equal(gt_action_name(a), action);
}

static void assert_messages(struct gt_config *c, const char *const *want, size_t n)
{
	for (size_t i = 0; i < gt_config_message_count(c); i++)
		print_message("# message: %s\n", gt_config_message(c, i));
	assert_int_equal(gt_config_message_count(c), n);
	for (size_t i = 0; i < n; i++)
		assert_string_equal(gt_config_message(c, i), want[i]);
}

static void test_vi_default(void **state)
{
	struct gt_config *c = *state;
	assert_messages(c, NULL, 0);
	assert_string_equal(c->keymap_name, "vi");
	static const char *const pairs[][2] = {
		{"q", "quit"},           {"?", "show-help"},      {"/", "search"},
		{"n", "search-next"},    {"N", "search-prev"},    {"<Enter>", "open-selection"},
		{"<Escape>", "go-back"}, {"<Tab>", "next-pane"},  {"1", "view-timeline"},
		{"2", "view-goroutines"}, {"3", "view-gc"},       {"+", "zoom-in"},
		{"-", "zoom-out"},       {"0", "zoom-fit"},       {"b", "toggle-blocked"},
		{"s", "sort-next"},      {"j", "move-down"},      {"k", "move-up"},
		{"h", "move-left"},      {"l", "move-right"},     {"<Down>", "move-down"},
		{"gg", "goto-first"},    {"G", "goto-last"},      {"<C-d>", "half-page-down"},
		{"<C-u>", "half-page-up"}, {"<PageDown>", "page-down"}, {"<PageUp>", "page-up"},
		{"<Space>", "page-down"}, {"<C-l>", "redraw"},    {"<C-z>", "suspend"},
	};
	for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
		assert_bound(c, pairs[i][0], pairs[i][1]);
	assert_bound(c, "g", "none");
	/* Settings defaults */
	assert_true(c->settings.color);
	assert_false(c->settings.ascii);
	assert_true(c->settings.mouse);
	assert_int_equal(c->settings.default_view, GT_VIEW_TIMELINE);
	assert_int_equal(c->settings.escape_delay_ms, 50);
}

static void test_emacs_preset(void **state)
{
	struct gt_config *c = *state;
	assert_int_equal(gt_config_use_keymap(c, "emacs"), 0);
	assert_messages(c, NULL, 0);
	assert_string_equal(c->keymap_name, "emacs");
	assert_bound(c, "<C-n>", "move-down");
	assert_bound(c, "<C-p>", "move-up");
	assert_bound(c, "<C-f>", "move-right");
	assert_bound(c, "<C-b>", "move-left");
	assert_bound(c, "<C-s>", "search");
	assert_bound(c, "<C-r>", "search-reverse");
	assert_bound(c, "<C-g>", "go-back");
	assert_bound(c, "<C-v>", "page-down");
	assert_bound(c, "<M-v>", "page-up");
	assert_bound(c, "<M-<>", "goto-first");
	assert_bound(c, "<M->>", "goto-last");
	assert_bound(c, "<C-x><C-c>", "quit");
	assert_bound(c, "j", "none");
	assert_bound(c, "gg", "none");
	/* Feeding the sequence works too. */
	enum gt_action a;
	assert_int_equal(gt_keymap_feed(c->keymap, "<C-x>", &a), GT_FEED_PENDING);
	assert_int_equal(gt_keymap_feed(c->keymap, "<C-c>", &a), GT_FEED_ACTION);
	assert_int_equal(a, GT_ACTION_QUIT);
	assert_int_equal(gt_config_use_keymap(c, "nosuch"), -1);
	assert_string_equal(c->keymap_name, "emacs");
	assert_int_equal(gt_config_use_keymap(c, "vi"), 0);
	assert_bound(c, "j", "move-down");
}

/* Every action is reachable in the emacs preset; every action but
 * search-reverse in vi (`?` is help there). */
static void test_presets_cover_actions(void **state)
{
	struct gt_config *c = *state;
	char buf[128];
	for (int a = GT_ACTION_NONE + 1; a < GT_ACTION_COUNT; a++)
		if (a != GT_ACTION_SEARCH_REVERSE)
			assert_true(gt_keymap_keys_of(c->keymap, (enum gt_action)a, " ", buf, sizeof buf) > 0);
	gt_config_use_keymap(c, "emacs");
	for (int a = GT_ACTION_NONE + 1; a < GT_ACTION_COUNT; a++)
		assert_true(gt_keymap_keys_of(c->keymap, (enum gt_action)a, " ", buf, sizeof buf) > 0);
}

/* The help overlay lists per action (keys_of); --list-keys lists per
 * binding (at): both must show the same set. */
static void test_help_listing_matches(void **state)
{
	struct gt_config *c = *state;
	size_t total = 0;
	for (int a = GT_ACTION_NONE + 1; a < GT_ACTION_COUNT; a++) {
		char buf[GT_KEY_SEQ_TEXT_MAX * 8];
		size_t n = gt_keymap_keys_of(c->keymap, (enum gt_action)a, "\n", buf, sizeof buf);
		total += n;
		char *save = NULL;
		size_t seen = 0;
		for (char *k = n ? strtok_r(buf, "\n", &save) : NULL; k; k = strtok_r(NULL, "\n", &save)) {
			assert_int_equal(gt_keymap_lookup(c->keymap, k), a);
			seen++;
		}
		assert_int_equal(seen, n);
	}
	assert_int_equal(total, gt_keymap_count(c->keymap));
	for (size_t i = 0; i < gt_keymap_count(c->keymap); i++) {
		struct gt_binding b = gt_keymap_at(c->keymap, i);
		assert_int_equal(gt_keymap_lookup(c->keymap, b.keys), b.action);
	}
}

static void test_config_lines(void **state)
{
	struct gt_config *c = *state;
	static const char text[] =
		"# my gtview config\n"
		"\n"
		"bind x quit            # trailing comment\n"
		"bind <C-j> move-down\n"
		"unbind q\n"
		"bind y no-such-action\n"
		"bnd z quit\n"
		"bind <Foo> quit\n"
		"bind g goto-first\n"
		"unbind gg\n"
		"bind g goto-first\n"
		"set color off\n"
		"set ascii maybe\n"
		"set default-view gc\n"
		"set escape-delay 25\n"
		"set shiny on\n"
		"keymap nosuch\n"
		"unbind Z\n"
		"bind <C-i> zoom-in\n"
		"bind <C-h> move-left\n"
		"bind <Backspace> go-back\n"
		"bind\n"
		"   bind   <M-x>\tquit   \r\n"
		"set mouse no"; /* no final newline */
	int bad = gt_config_parse(c, text, sizeof text - 1, "config");
	static const char *const want[] = {
		"config:6: unknown action 'no-such-action' (see gtview --list-keys, gtview(1))",
		"config:7: unknown command 'bnd' (bind, unbind, keymap, set)",
		"config:8: bad key name '<Foo>'",
		"config:9: g conflicts with gg (goto-first): one starts the other; unbind gg first",
		"config:13: ascii must be on or off, not 'maybe'",
		"config:16: unknown setting 'shiny' (color, ascii, mouse, default-view, escape-delay)",
		"config:17: unknown keymap 'nosuch' (vi emacs)",
		"config:18: Z is not bound",
		"config:19: <C-i> is the same key as <Tab> on a terminal: <Tab> was next-pane, now zoom-in",
		"config:21: <Backspace> and <C-h> can be the same key on a terminal: <C-h> is move-left, <Backspace> is go-back",
		"config:22: usage: bind KEYS ACTION",
	};
	assert_messages(c, want, sizeof want / sizeof want[0]);
	assert_int_equal(bad, 9); /* the two collisions are applied */
	assert_bound(c, "x", "quit");
	assert_bound(c, "<C-j>", "move-down");
	assert_bound(c, "q", "none");
	assert_bound(c, "g", "goto-first");
	assert_bound(c, "gg", "none");
	assert_bound(c, "<Tab>", "zoom-in");
	assert_bound(c, "<C-h>", "move-left");
	assert_bound(c, "<Backspace>", "go-back");
	assert_bound(c, "<M-x>", "quit");
	assert_bound(c, "j", "move-down"); /* untouched defaults stay */
	assert_false(c->settings.color);
	assert_false(c->settings.ascii);
	assert_false(c->settings.mouse);
	assert_int_equal(c->settings.default_view, GT_VIEW_GC);
	assert_int_equal(c->settings.escape_delay_ms, 25);
}

static void test_config_keymap_line(void **state)
{
	struct gt_config *c = *state;
	static const char text[] = "bind x quit\nkeymap emacs\nbind <C-q> quit\n";
	assert_int_equal(gt_config_parse(c, text, sizeof text - 1, "config"), 0);
	assert_string_equal(c->keymap_name, "emacs");
	assert_bound(c, "x", "none");  /* dropped by `keymap` */
	assert_bound(c, "<C-q>", "quit");
	assert_bound(c, "<C-n>", "move-down");
}

static void test_config_keymap_locked(void **state)
{
	struct gt_config *c = *state;
	/* -k vi on the command line: `keymap emacs` is ignored, binds apply. */
	c->keymap_locked = true;
	static const char text[] = "keymap emacs\nbind <C-q> quit\n";
	assert_int_equal(gt_config_parse(c, text, sizeof text - 1, "config"), 0);
	assert_string_equal(c->keymap_name, "vi");
	assert_bound(c, "j", "move-down");
	assert_bound(c, "<C-q>", "quit");
}

static void test_set_values(void **state)
{
	struct gt_config *c = *state;
	char err[GT_KEY_MSG_MAX];
	assert_int_equal(gt_config_set(c, "ascii", "yes", err), 0);
	assert_true(c->settings.ascii);
	assert_int_equal(gt_config_set(c, "colour", "false", err), 0);
	assert_false(c->settings.color);
	assert_int_equal(gt_config_set(c, "default-view", "goroutines", err), 0);
	assert_int_equal(c->settings.default_view, GT_VIEW_GOROUTINES);
	assert_int_equal(gt_config_set(c, "default-view", "flame", err), -1);
	assert_string_equal(err, "default-view must be timeline, goroutines or gc, not 'flame'");
	assert_int_equal(gt_config_set(c, "escape-delay", "-1", err), -1);
	assert_int_equal(gt_config_set(c, "escape-delay", "10x", err), -1);
	assert_int_equal(gt_config_set(c, "escape-delay", "10000", err), 0);
	assert_string_equal(gt_view_name(GT_VIEW_GC), "gc");
}

/* Garbage never crashes the parser; every bad line gives one message. */
static void test_garbage(void **state)
{
	struct gt_config *c = *state;
	static const char *const words[] = {
		"bind", "unbind", "keymap", "set", "gg", "g", "<C-d>", "<M-<>", "<M->>", "<C-", "<>",
		"<lt>", "<", ">", "quit", "zoom-in", "goto-first", "emacs", "vi", "color", "on", "off",
		"#", "<C-i>", "<Tab>", "<C-h>", "<BS>", "\xff\xfe", "\xc3\xa9", "<C-x><C-c>", "ascii",
		"escape-delay", "99999999999999999999", "-1", "default-view", "gc", "<M-", "<S-a>",
		"abcdefgh", "<F99>", "<C-M-S-x>", "\t", "\r", " ", " ", " ", "\n", "\n",
	};
	char text[16384];
	unsigned long x = 12345;
	for (int round = 0; round < 300; round++) {
		size_t len = 0;
		for (;;) {
			x = x * 6364136223846793005UL + 1442695040888963407UL;
			const char *w = words[(x >> 33) % (sizeof words / sizeof words[0])];
			size_t wl = strlen(w);
			if (len + wl + 1 >= sizeof text)
				break;
			memcpy(text + len, w, wl);
			len += wl;
			if ((x >> 20) % 3 == 0)
				text[len++] = ' ';
		}
		size_t before = gt_config_message_count(c);
		int bad = gt_config_parse(c, text, len, "fuzz");
		assert_true(gt_config_message_count(c) - before >= (size_t)bad);
	}
	/* Whatever got bound is listed consistently. */
	for (size_t i = 0; i < gt_keymap_count(c->keymap); i++) {
		struct gt_binding b = gt_keymap_at(c->keymap, i);
		assert_int_equal(gt_keymap_lookup(c->keymap, b.keys), b.action);
	}
}

static void test_no_presets(void **state)
{
	(void)state;
	struct gt_config c;
	gt_config_init(&c, NULL);
	assert_int_equal(gt_keymap_count(c.keymap), 0);
	assert_int_equal(gt_config_message_count(&c), 1);
	gt_config_fini(&c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_vi_default, setup, teardown),
		cmocka_unit_test_setup_teardown(test_emacs_preset, setup, teardown),
		cmocka_unit_test_setup_teardown(test_presets_cover_actions, setup, teardown),
		cmocka_unit_test_setup_teardown(test_help_listing_matches, setup, teardown),
		cmocka_unit_test_setup_teardown(test_config_lines, setup, teardown),
		cmocka_unit_test_setup_teardown(test_config_keymap_line, setup, teardown),
		cmocka_unit_test_setup_teardown(test_config_keymap_locked, setup, teardown),
		cmocka_unit_test_setup_teardown(test_set_values, setup, teardown),
		cmocka_unit_test_setup_teardown(test_garbage, setup, teardown),
		cmocka_unit_test(test_no_presets),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
