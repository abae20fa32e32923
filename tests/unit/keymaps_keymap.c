/* keymaps_keymap.c: key names, sequence matching, collisions, listings. */
#include "keymaps/keymap.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

static int setup(void **state)
{
	*state = gt_keymap_new();
	return 0;
}

static int teardown(void **state)
{
	gt_keymap_free(*state);
	return 0;
}

static void assert_canon(struct gt_keymap *km, const char *in, const char *want)
{
	char out[GT_KEY_SEQ_TEXT_MAX], err[GT_KEY_MSG_MAX] = "";
	int rc = gt_keymap_canon(km, in, out, err);
	if (rc != 0)
		print_error("canon '%s': %s\n", in, err);
	assert_int_equal(rc, 0);
	assert_string_equal(out, want);
}

static void assert_bad(struct gt_keymap *km, const char *in, const char *want_err)
{
	char out[GT_KEY_SEQ_TEXT_MAX], err[GT_KEY_MSG_MAX] = "";
	assert_int_equal(gt_keymap_canon(km, in, out, err), -1);
	assert_string_equal(err, want_err);
}

static void test_key_names(void **state)
{
	struct gt_keymap *km = *state;
	assert_canon(km, "j", "j");
	assert_canon(km, "G", "G");
	assert_canon(km, "<C-d>", "<C-d>");
	assert_canon(km, "<C-D>", "<C-d>");   /* Ctrl letters arrive lower-case */
	assert_canon(km, "<c-d>", "<C-d>");
	assert_canon(km, "<PageDown>", "<PageDown>");
	assert_canon(km, "<pagedown>", "<PageDown>");
	assert_canon(km, "<CR>", "<Enter>");
	assert_canon(km, "<Return>", "<Enter>");
	assert_canon(km, "<Esc>", "<Escape>");
	assert_canon(km, "<BS>", "<Backspace>");
	assert_canon(km, "<Del>", "<Delete>");
	assert_canon(km, "<A-v>", "<M-v>");
	assert_canon(km, "<M-v>", "<M-v>");
	assert_canon(km, "<C-M-a>", "<M-C-a>");
	assert_canon(km, "<S-a>", "A");
	assert_canon(km, "<S-Tab>", "<S-Tab>");
	assert_canon(km, "<Space>", "<Space>");
	assert_canon(km, "<F1>", "<F1>");
	assert_canon(km, "<f12>", "<F12>");
	assert_canon(km, "<", "<lt>");
	assert_canon(km, "<lt>", "<lt>");
	assert_canon(km, "<M-<>", "<M-<>");
	assert_canon(km, "<M->>", "<M->>");
	assert_canon(km, "<Bar>", "|");
	assert_canon(km, "\xc3\xa9", "\xc3\xa9"); /* é */
	/* Terminal aliases are stored as the key that arrives. */
	assert_canon(km, "<C-i>", "<Tab>");
	assert_canon(km, "<C-m>", "<Enter>");
	assert_canon(km, "<C-[>", "<Escape>");
	assert_canon(km, "<C-h>", "<C-h>"); /* a separate byte: kept */
	/* Sequences */
	assert_canon(km, "gg", "gg");
	assert_canon(km, "<C-x><C-c>", "<C-x><C-c>");
	assert_canon(km, "<C-X>k", "<C-x>k");
	assert_canon(km, "<C-S-a>", "<C-S-a>");
	/* Canonical names parse back to themselves. */
	static const char *const samples[] = {
		"j", "<C-D>", "<pagedown>", "<CR>", "<A-v>", "<C-M-a>", "<S-a>", "<C-S-a>", "<M-S-a>",
		"<", "<M->>", "<M-<>", "<C-i>", "<Space>", " ", "<S-Tab>", "<F5>", "<Bslash>", "<Bar>",
		"<KP5>", "<C-Space>", "<M-Up>", "<C-x><C-c>", "<lt><lt>", "<>",
	};
	for (size_t i = 0; i < sizeof samples / sizeof samples[0]; i++) {
		char once[GT_KEY_SEQ_TEXT_MAX], twice[GT_KEY_SEQ_TEXT_MAX];
		if (gt_keymap_canon(km, samples[i], once, NULL) < 0)
			continue; /* " " is not a key name */
		assert_int_equal(gt_keymap_canon(km, once, twice, NULL), 0);
		assert_string_equal(once, twice);
	}
	assert_bad(km, "<Foo>", "bad key name '<Foo>'");
	assert_bad(km, "<M->", "bad key name '<M->'");
	assert_bad(km, "", "empty key");
	assert_bad(km, "\xff", "bad key name '\\xff'");
	assert_bad(km, "\x01", "bad key name '\\x01'");
	assert_bad(km, "abcde", "'abcde': too many keys (at most 4)");
}

static void feed_expect(struct gt_keymap *km, const char *key, enum gt_feed want,
			enum gt_action want_action)
{
	enum gt_action a = (enum gt_action)-1;
	enum gt_feed r = gt_keymap_feed(km, key, &a);
	if (r != want || a != want_action)
		print_error("feed '%s': got %d/%s want %d/%s\n", key, r, gt_action_name(a), want,
			    gt_action_name(want_action));
	assert_int_equal(r, want);
	assert_int_equal(a, want_action);
}

static void test_sequences(void **state)
{
	struct gt_keymap *km = *state;
	assert_int_equal(gt_keymap_bind(km, "gg", GT_ACTION_GOTO_FIRST, NULL), GT_BIND_OK);
	assert_int_equal(gt_keymap_bind(km, "G", GT_ACTION_GOTO_LAST, NULL), GT_BIND_OK);
	assert_int_equal(gt_keymap_bind(km, "j", GT_ACTION_MOVE_DOWN, NULL), GT_BIND_OK);
	assert_int_equal(gt_keymap_bind(km, "<C-x><C-c>", GT_ACTION_QUIT, NULL), GT_BIND_OK);

	feed_expect(km, "g", GT_FEED_PENDING, GT_ACTION_NONE);
	assert_string_equal(gt_keymap_pending(km), "g");
	feed_expect(km, "g", GT_FEED_ACTION, GT_ACTION_GOTO_FIRST);
	assert_string_equal(gt_keymap_pending(km), "");

	feed_expect(km, "G", GT_FEED_ACTION, GT_ACTION_GOTO_LAST);
	feed_expect(km, "j", GT_FEED_ACTION, GT_ACTION_MOVE_DOWN);

	/* A wrong second key drops the prefix, and the next key starts afresh. */
	feed_expect(km, "g", GT_FEED_PENDING, GT_ACTION_NONE);
	feed_expect(km, "j", GT_FEED_NONE, GT_ACTION_NONE);
	assert_string_equal(gt_keymap_pending(km), "");
	feed_expect(km, "j", GT_FEED_ACTION, GT_ACTION_MOVE_DOWN);

	feed_expect(km, "<C-x>", GT_FEED_PENDING, GT_ACTION_NONE);
	assert_string_equal(gt_keymap_pending(km), "<C-x>");
	feed_expect(km, "<C-C>", GT_FEED_ACTION, GT_ACTION_QUIT);

	/* cancel() drops a pending prefix */
	feed_expect(km, "g", GT_FEED_PENDING, GT_ACTION_NONE);
	gt_keymap_cancel(km);
	feed_expect(km, "G", GT_FEED_ACTION, GT_ACTION_GOTO_LAST);

	feed_expect(km, "x", GT_FEED_NONE, GT_ACTION_NONE);
	feed_expect(km, "<NoSuchKey>", GT_FEED_NONE, GT_ACTION_NONE);
	feed_expect(km, "jj", GT_FEED_NONE, GT_ACTION_NONE); /* one key at a time */

	assert_int_equal(gt_keymap_split_key(km, "<C-d>gg"), 5);
	assert_int_equal(gt_keymap_split_key(km, "gg"), 1);
	assert_int_equal(gt_keymap_split_key(km, ""), 0);
}

static void test_prefix_conflicts(void **state)
{
	struct gt_keymap *km = *state;
	char note[GT_KEY_MSG_MAX];
	assert_int_equal(gt_keymap_bind(km, "gg", GT_ACTION_GOTO_FIRST, note), GT_BIND_OK);
	assert_int_equal(gt_keymap_bind(km, "g", GT_ACTION_GOTO_LAST, note), GT_BIND_ERROR);
	assert_string_equal(note, "g conflicts with gg (goto-first): one starts the other; unbind gg first");
	assert_int_equal(gt_keymap_bind(km, "ggx", GT_ACTION_GOTO_LAST, note), GT_BIND_ERROR);
	assert_int_equal(gt_keymap_lookup(km, "g"), GT_ACTION_NONE);
	/* Rebinding the same keys replaces. */
	assert_int_equal(gt_keymap_bind(km, "gg", GT_ACTION_GOTO_LAST, note), GT_BIND_OK);
	assert_int_equal(gt_keymap_lookup(km, "gg"), GT_ACTION_GOTO_LAST);
	assert_int_equal(gt_keymap_count(km), 1);
	/* After unbinding, the shorter one is fine. */
	assert_int_equal(gt_keymap_unbind(km, "gg", note), 0);
	assert_int_equal(gt_keymap_bind(km, "g", GT_ACTION_GOTO_FIRST, note), GT_BIND_OK);
	assert_int_equal(gt_keymap_unbind(km, "x", note), -1);
	assert_string_equal(note, "x is not bound");
	assert_int_equal(gt_keymap_bind(km, "<Nope>", GT_ACTION_QUIT, note), GT_BIND_ERROR);
	assert_string_equal(note, "bad key name '<Nope>'");
}

static void test_collisions(void **state)
{
	struct gt_keymap *km = *state;
	char note[GT_KEY_MSG_MAX];
	assert_int_equal(gt_keymap_bind(km, "<Tab>", GT_ACTION_NEXT_PANE, note), GT_BIND_OK);
	assert_int_equal(gt_keymap_bind(km, "<C-i>", GT_ACTION_ZOOM_IN, note), GT_BIND_COLLISION);
	assert_string_equal(note, "<C-i> is the same key as <Tab> on a terminal: <Tab> was next-pane, now zoom-in");
	assert_int_equal(gt_keymap_lookup(km, "<Tab>"), GT_ACTION_ZOOM_IN);
	/* The same action again is no collision. */
	assert_int_equal(gt_keymap_bind(km, "<C-i>", GT_ACTION_ZOOM_IN, note), GT_BIND_OK);
	/* The other way round: <C-i> first, then <Tab>. */
	assert_int_equal(gt_keymap_bind(km, "<Tab>", GT_ACTION_NEXT_PANE, note), GT_BIND_COLLISION);
	assert_string_equal(note, "<Tab> is the same key as <C-i> on a terminal: <Tab> was zoom-in, now next-pane");
	/* <Tab> written as <Tab> since: no more collision with itself */
	assert_int_equal(gt_keymap_bind(km, "<Tab>", GT_ACTION_ZOOM_OUT, note), GT_BIND_OK);

	assert_int_equal(gt_keymap_bind(km, "<Enter>", GT_ACTION_OPEN_SELECTION, note), GT_BIND_OK);
	assert_int_equal(gt_keymap_bind(km, "<C-m>", GT_ACTION_QUIT, note), GT_BIND_COLLISION);
	assert_int_equal(gt_keymap_bind(km, "<Escape>", GT_ACTION_GO_BACK, note), GT_BIND_OK);
	assert_int_equal(gt_keymap_bind(km, "<C-[>", GT_ACTION_QUIT, note), GT_BIND_COLLISION);

	assert_int_equal(gt_keymap_bind(km, "<Backspace>", GT_ACTION_GO_BACK, note), GT_BIND_OK);
	assert_int_equal(gt_keymap_bind(km, "<C-h>", GT_ACTION_MOVE_LEFT, note), GT_BIND_COLLISION);
	assert_string_equal(note, "<C-h> and <Backspace> can be the same key on a terminal: <Backspace> is go-back, <C-h> is move-left");
	/* both stay bound: they are different bytes */
	assert_int_equal(gt_keymap_lookup(km, "<Backspace>"), GT_ACTION_GO_BACK);
	assert_int_equal(gt_keymap_lookup(km, "<C-h>"), GT_ACTION_MOVE_LEFT);
}

/* Keys as libtermkey decodes them from terminal bytes. */
static void test_termkey_input(void **state)
{
	struct gt_keymap *km = *state;
	TermKey *tk = termkey_new_abstract("xterm", TERMKEY_FLAG_UTF8 | TERMKEY_FLAG_NOTERMIOS);
	assert_non_null(tk);
	termkey_set_canonflags(tk, TERMKEY_CANON_DELBS);
	gt_keymap_bind(km, "<C-d>", GT_ACTION_HALF_PAGE_DOWN, NULL);
	gt_keymap_bind(km, "<PageDown>", GT_ACTION_PAGE_DOWN, NULL);
	gt_keymap_bind(km, "<Space>", GT_ACTION_PAGE_UP, NULL);
	gt_keymap_bind(km, "<C-i>", GT_ACTION_NEXT_PANE, NULL); /* stored as <Tab> */
	gt_keymap_bind(km, "<CR>", GT_ACTION_OPEN_SELECTION, NULL);
	gt_keymap_bind(km, "<BS>", GT_ACTION_GO_BACK, NULL);
	gt_keymap_bind(km, "gg", GT_ACTION_GOTO_FIRST, NULL);
	gt_keymap_bind(km, "<M-<>", GT_ACTION_GOTO_LAST, NULL);
	gt_keymap_bind(km, "<", GT_ACTION_PAN_LEFT, NULL);
	gt_keymap_bind(km, "<C-x><C-c>", GT_ACTION_QUIT, NULL);

	static const char bytes[] = "\x04" "\x1b[6~" " " "\t" "\r" "\x7f" "gg" "\x1b<" "<" "\x18\x03";
	static const enum gt_action want[] = {
		GT_ACTION_HALF_PAGE_DOWN, GT_ACTION_PAGE_DOWN, GT_ACTION_PAGE_UP, GT_ACTION_NEXT_PANE,
		GT_ACTION_OPEN_SELECTION, GT_ACTION_GO_BACK,  GT_ACTION_GOTO_FIRST, GT_ACTION_GOTO_LAST,
		GT_ACTION_PAN_LEFT, GT_ACTION_QUIT,
	};
	termkey_push_bytes(tk, bytes, sizeof bytes - 1);
	size_t got = 0;
	TermKeyKey key;
	while (termkey_getkey_force(tk, &key) == TERMKEY_RES_KEY) {
		enum gt_action a;
		enum gt_feed r = gt_keymap_feed_termkey(km, tk, &key, &a);
		if (r == GT_FEED_PENDING)
			continue;
		assert_int_equal(r, GT_FEED_ACTION);
		assert_true(got < sizeof want / sizeof want[0]);
		assert_string_equal(gt_action_name(a), gt_action_name(want[got]));
		got++;
	}
	assert_int_equal(got, sizeof want / sizeof want[0]);
	termkey_destroy(tk);
}

static void test_listing(void **state)
{
	struct gt_keymap *km = *state;
	gt_keymap_bind(km, "j", GT_ACTION_MOVE_DOWN, NULL);
	gt_keymap_bind(km, "q", GT_ACTION_QUIT, NULL);
	gt_keymap_bind(km, "<Down>", GT_ACTION_MOVE_DOWN, NULL);
	gt_keymap_bind(km, "k", GT_ACTION_MOVE_UP, NULL);
	/* action-table order, then bind order */
	assert_int_equal(gt_keymap_count(km), 4);
	const char *keys[] = {"q", "k", "j", "<Down>"};
	const enum gt_action acts[] = {GT_ACTION_QUIT, GT_ACTION_MOVE_UP, GT_ACTION_MOVE_DOWN,
				       GT_ACTION_MOVE_DOWN};
	for (size_t i = 0; i < 4; i++) {
		struct gt_binding b = gt_keymap_at(km, i);
		assert_string_equal(b.keys, keys[i]);
		assert_int_equal(b.action, acts[i]);
	}
	char buf[64];
	assert_int_equal(gt_keymap_keys_of(km, GT_ACTION_MOVE_DOWN, ", ", buf, sizeof buf), 2);
	assert_string_equal(buf, "j, <Down>");
	assert_int_equal(gt_keymap_keys_of(km, GT_ACTION_ZOOM_IN, ", ", buf, sizeof buf), 0);
	assert_string_equal(buf, "");
	char small[4];
	assert_int_equal(gt_keymap_keys_of(km, GT_ACTION_MOVE_DOWN, ", ", small, sizeof small), 2);
	assert_string_equal(small, "j, ");
}

static void test_actions(void **state)
{
	(void)state;
	assert_string_equal(gt_action_name(GT_ACTION_QUIT), "quit");
	assert_int_equal(gt_action_from_name("zoom-fit"), GT_ACTION_ZOOM_FIT);
	assert_int_equal(gt_action_from_name("none"), GT_ACTION_NONE);
	assert_int_equal(gt_action_from_name("Quit"), GT_ACTION_NONE);
	assert_null(gt_action_name(GT_ACTION_COUNT));
	/* Every action: kebab-case name, help text, round trip, a group title. */
	for (int a = GT_ACTION_NONE + 1; a < GT_ACTION_COUNT; a++) {
		const char *n = gt_action_name((enum gt_action)a);
		assert_non_null(n);
		assert_int_equal(strspn(n, "abcdefghijklmnopqrstuvwxyz-"), strlen(n));
		assert_int_equal(gt_action_from_name(n), a);
		const char *h = gt_action_help((enum gt_action)a);
		assert_true(h[0] >= 'A' && h[0] <= 'Z');
		assert_true(h[strlen(h) - 1] != '.');
		assert_null(strchr(h, '\\'));
		assert_non_null(gt_group_title(gt_action_group((enum gt_action)a)));
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_actions),
		cmocka_unit_test_setup_teardown(test_key_names, setup, teardown),
		cmocka_unit_test_setup_teardown(test_sequences, setup, teardown),
		cmocka_unit_test_setup_teardown(test_prefix_conflicts, setup, teardown),
		cmocka_unit_test_setup_teardown(test_collisions, setup, teardown),
		cmocka_unit_test_setup_teardown(test_termkey_input, setup, teardown),
		cmocka_unit_test_setup_teardown(test_listing, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
