/* config.c: the config language (bind, unbind, keymap, set) and presets. */
#include "keymaps/config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n);
	if (!q) {
		fputs("gtview: out of memory\n", stderr);
		abort();
	}
	return q;
}

static const char *const view_names[] = {
	[GT_VIEW_TIMELINE] = "timeline",
	[GT_VIEW_GOROUTINES] = "goroutines",
	[GT_VIEW_GC] = "gc",
};

const char *gt_view_name(enum gt_view v)
{
	return (unsigned)v < sizeof view_names / sizeof view_names[0] ? view_names[v] : "?";
}

/* Presets: the name a user writes and the built-in file holding it. */
static const struct {
	const char *name, *file;
} presets[] = {
	{"vi", "default.keys"},
	{"default", "default.keys"},
	{"emacs", "emacs.keys"},
};

const char *gt_config_keymap_names(void)
{
	return "vi emacs";
}

void gt_config_add_message(struct gt_config *c, const char *f, ...)
{
	char buf[GT_KEY_MSG_MAX + 64];
	va_list ap;
	va_start(ap, f);
	vsnprintf(buf, sizeof buf, f, ap);
	va_end(ap);
	if (c->nmessages == c->messages_cap) {
		c->messages_cap = c->messages_cap ? 2 * c->messages_cap : 8;
		c->messages = xrealloc(c->messages, c->messages_cap * sizeof *c->messages);
	}
	char *m = xrealloc(NULL, strlen(buf) + 1);
	strcpy(m, buf);
	c->messages[c->nmessages++] = m;
}

size_t gt_config_message_count(const struct gt_config *c)
{
	return c->nmessages;
}

const char *gt_config_message(const struct gt_config *c, size_t i)
{
	return i < c->nmessages ? c->messages[i] : NULL;
}

void gt_config_init(struct gt_config *c, gt_preset_lookup lookup)
{
	memset(c, 0, sizeof *c);
	c->keymap = gt_keymap_new();
	c->lookup = lookup;
	c->settings.color = true;
	c->settings.ascii = false;
	c->settings.mouse = true;
	c->settings.default_view = GT_VIEW_TIMELINE;
	c->settings.escape_delay_ms = 50;
	if (gt_config_use_keymap(c, "vi") < 0)
		gt_config_add_message(c, "no built-in keymap: no keys are bound");
}

void gt_config_fini(struct gt_config *c)
{
	gt_keymap_free(c->keymap);
	for (size_t i = 0; i < c->nmessages; i++)
		free(c->messages[i]);
	free(c->messages);
	memset(c, 0, sizeof *c);
}

static const char *preset_file(const char *name)
{
	for (size_t i = 0; i < sizeof presets / sizeof presets[0]; i++)
		if (!strcmp(name, presets[i].name))
			return presets[i].file;
	return NULL;
}

int gt_config_use_keymap(struct gt_config *c, const char *name)
{
	const char *file = preset_file(name);
	size_t len = 0;
	const unsigned char *text = file && c->lookup ? c->lookup(file, &len) : NULL;
	if (!text)
		return -1;
	gt_keymap_clear(c->keymap);
	/* A preset may not switch keymaps itself (no recursion). */
	bool locked = c->keymap_locked;
	c->keymap_locked = true;
	gt_config_parse(c, (const char *)text, len, file);
	c->keymap_locked = locked;
	snprintf(c->keymap_name, sizeof c->keymap_name, "%s",
		 !strcmp(name, "default") ? "vi" : name);
	return 0;
}

static int parse_bool(const char *v, bool *out)
{
	static const char *const yes[] = {"on", "yes", "true", "1"};
	static const char *const no[] = {"off", "no", "false", "0"};
	for (size_t i = 0; i < 4; i++) {
		if (!strcmp(v, yes[i])) {
			*out = true;
			return 0;
		}
		if (!strcmp(v, no[i])) {
			*out = false;
			return 0;
		}
	}
	return -1;
}

int gt_config_set(struct gt_config *c, const char *name, const char *value, char err[GT_KEY_MSG_MAX])
{
	struct gt_settings *s = &c->settings;
	bool *flag = !strcmp(name, "color") || !strcmp(name, "colour") ? &s->color
		     : !strcmp(name, "ascii")                          ? &s->ascii
		     : !strcmp(name, "mouse")                          ? &s->mouse
								       : NULL;
	if (flag) {
		if (parse_bool(value, flag) < 0) {
			snprintf(err, GT_KEY_MSG_MAX, "%s must be on or off, not '%s'", name, value);
			return -1;
		}
		return 0;
	}
	if (!strcmp(name, "default-view")) {
		for (size_t v = 0; v < sizeof view_names / sizeof view_names[0]; v++)
			if (!strcmp(value, view_names[v])) {
				s->default_view = (enum gt_view)v;
				return 0;
			}
		snprintf(err, GT_KEY_MSG_MAX,
			 "default-view must be timeline, goroutines or gc, not '%s'", value);
		return -1;
	}
	if (!strcmp(name, "escape-delay")) {
		char *end;
		long ms = strtol(value, &end, 10);
		if (end == value || *end || ms < 0 || ms > 10000) {
			snprintf(err, GT_KEY_MSG_MAX,
				 "escape-delay must be milliseconds from 0 to 10000, not '%s'", value);
			return -1;
		}
		s->escape_delay_ms = (int)ms;
		return 0;
	}
	snprintf(err, GT_KEY_MSG_MAX,
		 "unknown setting '%s' (color, ascii, mouse, default-view, escape-delay)", name);
	return -1;
}

enum { MAX_WORDS = 4 };

/* Split LINE in place into blank-separated words; a '#' at the start of a
 * word starts a comment.  Returns the word count (MAX_WORDS + 1 if more). */
static int split_words(char *line, char *w[MAX_WORDS])
{
	int n = 0;
	for (char *p = line;;) {
		while (*p == ' ' || *p == '\t' || *p == '\r')
			p++;
		if (!*p || *p == '#')
			return n;
		if (n == MAX_WORDS)
			return MAX_WORDS + 1;
		w[n++] = p;
		while (*p && *p != ' ' && *p != '\t' && *p != '\r')
			p++;
		if (*p)
			*p++ = 0;
	}
}

/* Apply one line.  0 when good (or blank); -1 with ERR filled. */
static int apply_line(struct gt_config *c, char *line, char *err)
{
	char *w[MAX_WORDS];
	int n = split_words(line, w);
	if (n == 0)
		return 0;
	const char *cmd = w[0];
	if (!strcmp(cmd, "bind")) {
		if (n != 3) {
			snprintf(err, GT_KEY_MSG_MAX, "usage: bind KEYS ACTION");
			return -1;
		}
		enum gt_action a = gt_action_from_name(w[2]);
		if (a == GT_ACTION_NONE) {
			snprintf(err, GT_KEY_MSG_MAX, "unknown action '%s' (see gtview --list-keys, gtview(1))",
				 w[2]);
			return -1;
		}
		/* A collision is bound; its note in ERR becomes a message. */
		return gt_keymap_bind(c->keymap, w[1], a, err) == GT_BIND_ERROR ? -1 : 0;
	}
	if (!strcmp(cmd, "unbind")) {
		if (n != 2) {
			snprintf(err, GT_KEY_MSG_MAX, "usage: unbind KEYS");
			return -1;
		}
		return gt_keymap_unbind(c->keymap, w[1], err);
	}
	if (!strcmp(cmd, "keymap")) {
		if (n != 2) {
			snprintf(err, GT_KEY_MSG_MAX, "usage: keymap NAME (%s)", gt_config_keymap_names());
			return -1;
		}
		if (!preset_file(w[1])) {
			snprintf(err, GT_KEY_MSG_MAX, "unknown keymap '%s' (%s)", w[1],
				 gt_config_keymap_names());
			return -1;
		}
		if (c->keymap_locked)
			return 0; /* -k on the command line wins */
		if (gt_config_use_keymap(c, w[1]) < 0) {
			snprintf(err, GT_KEY_MSG_MAX, "keymap '%s' is not built in", w[1]);
			return -1;
		}
		return 0;
	}
	if (!strcmp(cmd, "set")) {
		if (n != 3) {
			snprintf(err, GT_KEY_MSG_MAX, "usage: set NAME VALUE");
			return -1;
		}
		return gt_config_set(c, w[1], w[2], err);
	}
	snprintf(err, GT_KEY_MSG_MAX, "unknown command '%s' (bind, unbind, keymap, set)", cmd);
	return -1;
}

int gt_config_parse(struct gt_config *c, const char *text, size_t len, const char *origin)
{
	int bad = 0;
	size_t lineno = 0;
	for (size_t pos = 0; pos < len;) {
		const char *nl = memchr(text + pos, '\n', len - pos);
		size_t end = nl ? (size_t)(nl - text) : len;
		char buf[1024], err[GT_KEY_MSG_MAX];
		lineno++;
		if (end - pos >= sizeof buf) {
			gt_config_add_message(c, "%s:%zu: line too long", origin, lineno);
			bad++;
		} else {
			memcpy(buf, text + pos, end - pos);
			buf[end - pos] = 0;
			err[0] = 0;
			if (memchr(buf, 0, end - pos)) {
				gt_config_add_message(c, "%s:%zu: NUL byte in line", origin, lineno);
				bad++;
			} else if (apply_line(c, buf, err) < 0) {
				gt_config_add_message(c, "%s:%zu: %s", origin, lineno, err);
				bad++;
			} else if (err[0]) {
				/* Applied, with a note (a terminal key collision). */
				gt_config_add_message(c, "%s:%zu: %s", origin, lineno, err);
			}
		}
		pos = end + 1;
	}
	return bad;
}
