/* config.h: settings and key bindings from the built-in presets and the
 * user's config file ($XDG_CONFIG_HOME/gtview/config, else
 * ~/.config/gtview/config).  One command per line, `#` starts a comment
 * (at the start of a line or after a blank):
 *
 *   bind KEYS ACTION      bind a key sequence (`gg`, `<C-x><C-c>`) to an action
 *   unbind KEYS           remove a binding
 *   keymap NAME           start again from the preset NAME (vi, emacs)
 *   set NAME VALUE        color on|off, ascii on|off, mouse on|off,
 *                         default-view timeline|goroutines|gc,
 *                         escape-delay MILLISECONDS (0..10000)
 *
 * A bad line is skipped with a message "ORIGIN:LINE: what is wrong" (ORIGIN
 * is "config" for the user's file); everything else still applies.
 * Terminal key collisions (<Tab>/<C-i> …) are reported the same way.
 *
 * Contract for tui/: cmd/options.c builds a struct gt_config (struct
 * gt_options.config); the viewer reads .settings, feeds keys to .keymap and
 * shows the messages (already printed to stderr before the screen starts)
 * on the status line, e.g. the first one and "(+N more)".
 */
#ifndef GT_KEYMAPS_CONFIG_H
#define GT_KEYMAPS_CONFIG_H

#include "keymaps/keymap.h"

#include <stdbool.h>
#include <stddef.h>

enum gt_view { GT_VIEW_TIMELINE, GT_VIEW_GOROUTINES, GT_VIEW_GC };

struct gt_settings {
	bool color;              /* colours.  Final: NO_COLOR is already applied (and
	                            `set color on` in the config overrides it, as
	                            no-color.org allows); do not check NO_COLOR again */
	bool ascii;              /* ASCII line drawing instead of Unicode */
	bool mouse;              /* enable mouse reporting */
	enum gt_view default_view; /* the view shown first */
	int escape_delay_ms;     /* termkey_set_waittime: how long a lone Escape waits */
};

/* The text of a built-in file by base name ("default.keys"), *LEN its size;
 * NULL when absent.  cmd/ passes gt_embedded (cmd/embedded.h). */
typedef const unsigned char *(*gt_preset_lookup)(const char *file, size_t *len);

struct gt_config {
	struct gt_keymap *keymap;   /* owned */
	struct gt_settings settings;
	char keymap_name[32];       /* the preset in use: "vi", "emacs" */
	bool keymap_locked;         /* set by -k: `keymap` lines are ignored */
	/* private */
	gt_preset_lookup lookup;
	char **messages;
	size_t nmessages, messages_cap;
};

/* Default settings and the vi preset.  LOOKUP may be NULL (then no preset
 * exists and the keymap starts empty, with a message). */
void gt_config_init(struct gt_config *c, gt_preset_lookup lookup);
void gt_config_fini(struct gt_config *c);

/* Replace all bindings by the preset NAME ("vi" or "default": default.keys;
 * "emacs": emacs.keys; any NAME with a built-in NAME.keys).  0 on success;
 * -1 when there is no such preset (bindings unchanged). */
int gt_config_use_keymap(struct gt_config *c, const char *name);
/* Space-separated list of preset names, for messages: "vi emacs". */
const char *gt_config_keymap_names(void);

/* Apply config TEXT (LEN bytes, need not be NUL-terminated).  ORIGIN names it
 * in messages ("config").  Returns how many lines were bad. */
int gt_config_parse(struct gt_config *c, const char *text, size_t len, const char *origin);

/* Apply one `set NAME VALUE`.  0 on success, -1 with ERR filled. */
int gt_config_set(struct gt_config *c, const char *name, const char *value, char err[GT_KEY_MSG_MAX]);

/* Messages collected so far, in order: "config:3: unknown action 'foo'". */
size_t gt_config_message_count(const struct gt_config *c);
const char *gt_config_message(const struct gt_config *c, size_t i);
/* Add a message (printf-style); used by cmd/options.c for file errors. */
void gt_config_add_message(struct gt_config *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Name of a view ("timeline", "goroutines", "gc"). */
const char *gt_view_name(enum gt_view v);

#endif
