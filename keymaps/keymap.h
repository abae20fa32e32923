/* keymap.h: bindings of key SEQUENCES to actions, and the key-at-a-time
 * matcher the main loop feeds.
 *
 * Key names are libtermkey's TERMKEY_FORMAT_VIM strings: `j`, `G`, `<C-d>`,
 * `<M-v>`, `<PageDown>`, `<Enter>`, `<Escape>`, `<Tab>`, `<S-Tab>`, `<F1>`,
 * `<Space>`, plus vim's `<lt>` for `<`.  A sequence is keys written one after
 * the other: `gg`, `<C-x><C-c>`.  Parsing accepts vim aliases (`<CR>`,
 * `<Esc>`, `<BS>`, `<Del>`, `<A-x>`, `<C-D>` = `<C-d>`) and prints the
 * canonical form.  Keys a terminal cannot tell apart are stored as the key
 * that actually arrives: `<C-i>` as `<Tab>`, `<C-m>` as `<Enter>`, `<C-[>` as
 * `<Escape>`.  No tty is needed: names are parsed with termkey_new_abstract.
 *
 * Contract for tui/ (main loop):
 *   struct gt_keymap *km = cfg->keymap;      (from keymaps/config.h)
 *   enum gt_action act;
 *   switch (gt_keymap_feed_termkey(km, tk, &key, &act)) {
 *   case GT_FEED_ACTION:  run act; break;
 *   case GT_FEED_PENDING: show gt_keymap_pending(km) ("g") on the status line;
 *                         wait for the next key (no timeout needed: a
 *                         complete binding is never also a prefix); break;
 *   case GT_FEED_NONE:    not bound (pending prefix, if any, dropped); break;
 *   }
 * Set TERMKEY_CANON_DELBS on the real TermKey (Backspace sends DEL on most
 * terminals), and create it with TERMKEY_FLAG_CTRLC: the emacs preset binds
 * <C-x><C-c>, which otherwise raises SIGINT instead of arriving as a key.  Mouse and unknown-CSI keys never match; handle them first.
 * Script/test input in `<Key>` notation: gt_keymap_feed(km, "<C-d>", &act)
 * once per key (split a run like "gg" with gt_keymap_split_key).
 * A prompt (search text) should bypass the keymap and call gt_keymap_cancel.
 *
 * Help overlay (`?`) and --list-keys: iterate gt_keymap_count/gt_keymap_at
 * (bindings in action-table order), or per action gt_keymap_keys_of().
 *
 * Ownership: a keymap owns copies of all strings; pointers it returns stay
 * valid until the next bind/unbind/clear/free on that keymap.  Not thread-safe.
 * Allocation failure aborts (UI side; see STYLE.md 6).
 */
#ifndef GT_KEYMAPS_KEYMAP_H
#define GT_KEYMAPS_KEYMAP_H

#include "keymaps/action.h"

#include <stddef.h>
#include <termkey.h>

enum {
	GT_KEY_NAME_MAX = 32, /* one canonical key name, NUL included */
	GT_KEY_SEQ_MAX = 4,   /* keys in one binding */
	GT_KEY_SEQ_TEXT_MAX = GT_KEY_NAME_MAX * GT_KEY_SEQ_MAX,
	GT_KEY_MSG_MAX = 256  /* room for a bind/parse message */
};

struct gt_keymap;

/* An empty keymap (no bindings).  Never NULL. */
struct gt_keymap *gt_keymap_new(void);
void gt_keymap_free(struct gt_keymap *km);
/* Remove every binding (and any pending prefix). */
void gt_keymap_clear(struct gt_keymap *km);

/* Parse KEYS (a sequence in the notation above) into its canonical text,
 * e.g. "<C-D>g" -> "<C-d>g".  0 on success; -1 with a message in ERR
 * ("bad key name '<Foo>'", "too many keys", "empty key") otherwise. */
int gt_keymap_canon(struct gt_keymap *km, const char *keys, char out[GT_KEY_SEQ_TEXT_MAX],
		    char err[GT_KEY_MSG_MAX]);

/* Result of gt_keymap_bind. */
enum gt_bind_result {
	GT_BIND_OK,        /* bound (a previous binding of the same keys replaced) */
	GT_BIND_COLLISION, /* bound, but NOTE says which terminal-equivalent key it
	                      shadows or shares (<Tab>/<C-i>, <Enter>/<C-m>,
	                      <Backspace>/<C-h>, <Escape>/<C-[>) */
	GT_BIND_ERROR      /* not bound: NOTE says why (bad key name, or a prefix
	                      conflict: `g` vs `gg`; unbind the other first) */
};
/* Bind KEYS to ACTION.  NOTE (may be NULL) receives a message without any
 * "file:line:" prefix when the result is not GT_BIND_OK. */
enum gt_bind_result gt_keymap_bind(struct gt_keymap *km, const char *keys, enum gt_action action,
				   char note[GT_KEY_MSG_MAX]);
/* Remove the binding of exactly KEYS.  0 when removed; -1 when KEYS is not
 * bound or not a valid key name (message in ERR, may be NULL). */
int gt_keymap_unbind(struct gt_keymap *km, const char *keys, char err[GT_KEY_MSG_MAX]);
/* The action bound to exactly KEYS, GT_ACTION_NONE when none. */
enum gt_action gt_keymap_lookup(struct gt_keymap *km, const char *keys);

/* --- the matcher: one key at a time --- */
enum gt_feed {
	GT_FEED_NONE,    /* no binding; the pending prefix (if any) is dropped */
	GT_FEED_PENDING, /* a prefix of some binding: feed the next key */
	GT_FEED_ACTION   /* *ACTION is set; pending cleared */
};
/* Feed one key given by name ("j", "<C-d>"; aliases accepted).  An invalid
 * name is GT_FEED_NONE.  *ACTION is GT_ACTION_NONE unless GT_FEED_ACTION. */
enum gt_feed gt_keymap_feed(struct gt_keymap *km, const char *key, enum gt_action *action);
/* Length of the first key name in TEXT ("<C-d>gg" -> 5, "gg" -> 1), 0 at
 * the end or when TEXT does not start with a valid key name. */
size_t gt_keymap_split_key(struct gt_keymap *km, const char *text);
/* Feed one key as read by libtermkey from TK (any TermKey; only its key
 * names are used).  The key is canonicalised the same way as names. */
enum gt_feed gt_keymap_feed_termkey(struct gt_keymap *km, TermKey *tk, const TermKeyKey *key,
				    enum gt_action *action);
/* Keys typed so far of an unfinished sequence ("g"), "" when none. */
const char *gt_keymap_pending(const struct gt_keymap *km);
/* Drop the pending prefix (e.g. when a prompt opens). */
void gt_keymap_cancel(struct gt_keymap *km);

/* --- listing (help overlay, --list-keys, man page) --- */
struct gt_binding {
	const char *keys;      /* canonical sequence text, "gg", "<C-d>" */
	enum gt_action action;
};
/* Number of bindings. */
size_t gt_keymap_count(const struct gt_keymap *km);
/* Binding I (0 <= I < count), sorted by action (actions.def order), then by
 * the order they were bound. */
struct gt_binding gt_keymap_at(const struct gt_keymap *km, size_t i);
/* All keys bound to ACTION joined by SEP ("j, <Down>") into BUF (truncated
 * to LEN, always NUL-terminated when LEN > 0).  Returns how many keys. */
size_t gt_keymap_keys_of(const struct gt_keymap *km, enum gt_action action, const char *sep,
			 char *buf, size_t len);

#endif
