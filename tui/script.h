/* script.h: scripted keys for headless screen tests (tig's approach).
 *
 * GTVIEW_SCRIPT names a file.  Each line is either
 *   # a comment
 *   :command args      ":save-screen FILE", ":resize COLSxROWS",
 *                      ":mouse BUTTON ROW COL" (a press, 1-based; 4/5 wheel),
 *                      ":bench-frames N FILE" (ms per frame, random zooms),
 *                      ":save-rows FILE" (the goroutine list's rows;
 *                      by start function, each group's figures),
 *                      ":key-times FILE|off" (ms per key, frame included),
 *                      ":peak-rss FILE" (peak resident size so far),
 *                      ":wait-index FILE" (waits for the goroutine list's
 *                      index, writes its build time),
 *                      ":early-keys" (the goroutine list no longer waits
 *                      for its index, as by hand: scripts' lists wait so
 *                      that dumps do not depend on timing),
 *                      ":index-ready N|all" (the list sees only the first
 *                      N steps of its index as built: its early rows,
 *                      goroutine_rows.c),
 *                      ":save-attrs FILE" (video attributes, dump.h),
 *                      ":save-colors FILE" (colours, dump.h)
 *   keys               in <Key> notation: "jj<Down><C-d>/net<Enter>"
 * "<lt>" is a literal '<'; spaces between keys are ignored except inside
 * <Space>.  Keys are parsed with termkey_strpkey (TERMKEY_FORMAT_VIM), the
 * notation keymaps use.
 */
#ifndef GT_TUI_SCRIPT_H
#define GT_TUI_SCRIPT_H

#include <stddef.h>
#include <termkey.h>

struct tui_script_item {
	int is_cmd;
	TermKeyKey key;
	char *cmd;         /* owned; the text after ':' */
};

struct tui_script {
	struct tui_script_item *items;
	size_t n, next;
};

/* Reads path.  Returns 0, or -1 with a message in err. */
int tui_script_load(struct tui_script *s, const char *path, char *err, size_t errlen);
void tui_script_free(struct tui_script *s);

/* Parses one key in <Key> notation at *p, advancing it.  Returns 0, or -1
 * when the text is not a key.  tk may be any termkey (abstract is fine). */
int tui_key_parse(TermKey *tk, const char **p, TermKeyKey *key);

#endif
