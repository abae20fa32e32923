/* keymap.c: key names, sequence bindings and the one-key-at-a-time matcher.
 * Names are parsed and printed by libtermkey (an abstract instance: no tty),
 * with vim's bracket notation and aliases handled here. */
#include "keymaps/keymap.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef char keyname[GT_KEY_NAME_MAX];

struct binding {
	keyname keys[GT_KEY_SEQ_MAX];
	int n;
	char text[GT_KEY_SEQ_TEXT_MAX];
	enum gt_action action;
	unsigned long serial; /* bind order, for stable listings */
	keyname alias_typed;  /* "<C-i>" when the user wrote a folded alias … */
	keyname alias_of;     /* … and "<Tab>", the key it was stored as */
};

struct gt_keymap {
	TermKey *tk; /* only for parsing and printing key names */
	struct binding *b;
	size_t n, cap;
	unsigned long serial;
	keyname pending[GT_KEY_SEQ_MAX];
	int npending;
	char pending_text[GT_KEY_SEQ_TEXT_MAX];
};

/* A parsed sequence; alias[i] names what the user wrote when a terminal
 * alias was folded (<C-i> -> <Tab>), "" otherwise. */
struct keyseq {
	keyname keys[GT_KEY_SEQ_MAX];
	keyname alias[GT_KEY_SEQ_MAX];
	int n;
};

static void *xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n);
	if (!q) {
		fputs("gtview: out of memory\n", stderr);
		abort();
	}
	return q;
}

static void fmt(char *buf, const char *f, ...) __attribute__((format(printf, 2, 3)));
static void fmt(char *buf, const char *f, ...)
{
	if (!buf)
		return;
	va_list ap;
	va_start(ap, f);
	vsnprintf(buf, GT_KEY_MSG_MAX, f, ap);
	va_end(ap);
}

struct gt_keymap *gt_keymap_new(void)
{
	struct gt_keymap *km = xrealloc(NULL, sizeof *km);
	memset(km, 0, sizeof *km);
	/* The abstract instance needs no tty; terminfo only adds key names we
	 * do not use for parsing, so fall back to a bare terminal type. */
	km->tk = termkey_new_abstract("xterm", TERMKEY_FLAG_UTF8 | TERMKEY_FLAG_NOTERMIOS);
	if (!km->tk)
		km->tk = termkey_new_abstract("dumb", TERMKEY_FLAG_UTF8 | TERMKEY_FLAG_NOTERMIOS);
	if (!km->tk) {
		fputs("gtview: cannot create a termkey instance\n", stderr);
		abort();
	}
	termkey_set_canonflags(km->tk, TERMKEY_CANON_SPACESYMBOL | TERMKEY_CANON_DELBS);
	return km;
}

void gt_keymap_free(struct gt_keymap *km)
{
	if (!km)
		return;
	termkey_destroy(km->tk);
	free(km->b);
	free(km);
}

void gt_keymap_clear(struct gt_keymap *km)
{
	km->n = 0;
	gt_keymap_cancel(km);
}

/* --- key names --- */

/* Terminal aliases: keys that arrive as another key. */
static const struct {
	int ctrl_char;
	TermKeySym sym;
} folded[] = {
	{'i', TERMKEY_SYM_TAB},
	{'m', TERMKEY_SYM_ENTER},
	{'[', TERMKEY_SYM_ESCAPE},
};

/* Vim / common spellings of the base key name -> termkey's name. */
static const struct {
	const char *alias, *name;
} base_alias[] = {
	{"cr", "Enter"},         {"return", "Enter"},     {"enter", "Enter"},
	{"esc", "Escape"},       {"escape", "Escape"},    {"bs", "Backspace"},
	{"backspace", "Backspace"}, {"del", "Delete"},    {"delete", "Delete"},
	{"tab", "Tab"},          {"space", "Space"},      {"up", "Up"},
	{"down", "Down"},        {"left", "Left"},        {"right", "Right"},
	{"home", "Home"},        {"end", "End"},          {"pageup", "PageUp"},
	{"pagedown", "PageDown"}, {"insert", "Insert"},   {"ins", "Insert"},
	{"begin", "Begin"},      {"lt", "<"},             {"bar", "|"},
	{"bslash", "\\"},
};

/* The canonical name of K (already canonicalised by termkey) into OUT. */
static void key_print(struct gt_keymap *km, TermKeyKey *k, keyname out)
{
	if (k->type == TERMKEY_TYPE_UNICODE && k->code.codepoint < 128) {
		int c = (int)k->code.codepoint;
		/* Ctrl-letter arrives lower-case; S-letter arrives as the capital. */
		if ((k->modifiers & TERMKEY_KEYMOD_CTRL) && isupper(c))
			c = tolower(c);
		if ((k->modifiers & TERMKEY_KEYMOD_SHIFT) && !(k->modifiers & TERMKEY_KEYMOD_CTRL) &&
		    islower(c)) {
			c = toupper(c);
			k->modifiers &= ~TERMKEY_KEYMOD_SHIFT;
		}
		k->code.codepoint = c;
		if (k->modifiers == TERMKEY_KEYMOD_CTRL) {
			for (size_t i = 0; i < sizeof folded / sizeof folded[0]; i++)
				if (c == folded[i].ctrl_char) {
					k->type = TERMKEY_TYPE_KEYSYM;
					k->code.sym = folded[i].sym;
					k->modifiers = 0;
					break;
				}
		}
	}
	if (k->type == TERMKEY_TYPE_UNICODE) {
		/* termkey fills utf8 only when reading input; redo it for the printer. */
		k->utf8[0] = 0;
	}
	termkey_strfkey(km->tk, out, GT_KEY_NAME_MAX, k, TERMKEY_FORMAT_VIM);
	if (!strcmp(out, "<"))
		strcpy(out, "<lt>");
}

/* Parse INNER, the text between < and > (or a bare key), into OUT. */
static bool key_parse_inner(struct gt_keymap *km, const char *inner, size_t len, keyname out)
{
	char mods[16] = "", base[GT_KEY_NAME_MAX], spec[GT_KEY_NAME_MAX + 16];
	size_t m = 0;
	if (len == 0 || len >= GT_KEY_NAME_MAX)
		return false;
	/* Modifier prefixes C- M- A- S- (any case, any order). */
	while (len > 2 && inner[1] == '-' && strchr("CcMmAaSs", inner[0]) && m + 2 < sizeof mods) {
		char c = (char)toupper((unsigned char)inner[0]);
		mods[m++] = c == 'A' ? 'M' : c;
		mods[m++] = '-';
		mods[m] = 0;
		inner += 2;
		len -= 2;
	}
	if (len == 2 && inner[1] == '-' && strchr("CcMmAaSs", inner[0]))
		return false; /* a modifier without a key: termkey would read past the end */
	memcpy(base, inner, len);
	base[len] = 0;
	for (size_t i = 0; i < sizeof base_alias / sizeof base_alias[0]; i++)
		if (!strcasecmp(base, base_alias[i].alias)) {
			strcpy(base, base_alias[i].name);
			break;
		}
	if ((base[0] == 'f' || base[0] == 'F') && isdigit((unsigned char)base[1]))
		base[0] = 'F';
	snprintf(spec, sizeof spec, "%s%s", mods, base);
	TermKeyKey k;
	memset(&k, 0, sizeof k);
	const char *end = termkey_strpkey(km->tk, spec, &k, TERMKEY_FORMAT_ALTISMETA);
	if (!end || *end)
		return false;
	if (k.type != TERMKEY_TYPE_UNICODE && k.type != TERMKEY_TYPE_KEYSYM &&
	    k.type != TERMKEY_TYPE_FUNCTION)
		return false;
	if (k.type == TERMKEY_TYPE_UNICODE && k.code.codepoint == 0)
		return false; /* "M-" alone: a modifier without a key */
	termkey_canonicalise(km->tk, &k);
	key_print(km, &k, out);
	return true;
}

/* Bytes in the UTF-8 character starting at S (1 for invalid bytes). */
static size_t utf8_len(const char *s)
{
	unsigned char c = (unsigned char)*s;
	size_t n = c < 0x80 ? 1 : c >= 0xf8 ? 1 : c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc2 ? 2 : 1;
	for (size_t i = 1; i < n; i++)
		if (((unsigned char)s[i] & 0xc0) != 0x80)
			return 1;
	return n;
}

/* Parse the key at the start of S into OUT; returns bytes used, 0 if none. */
static size_t key_parse_one(struct gt_keymap *km, const char *s, keyname out)
{
	if (!*s || isspace((unsigned char)*s) || (unsigned char)*s < 0x20 || *s == 0x7f)
		return 0; /* raw control bytes are written <C-x>, <Tab> … */
	if (*s == '<') {
		/* `<M->>` and `<M-<>` contain brackets: try each closing '>'. */
		for (size_t j = 2; s[1] && s[j] && j < GT_KEY_NAME_MAX + 1; j++) {
			if (s[j] != '>')
				continue;
			if (key_parse_inner(km, s + 1, j - 1, out))
				return j + 1;
		}
		if (strchr(s + 1, '>') && isalnum((unsigned char)s[1]))
			return 0; /* looks like a name but is not one */
	}
	size_t n = utf8_len(s);
	if ((unsigned char)*s >= 0x80 && n == 1)
		return 0; /* not UTF-8 */
	return key_parse_inner(km, s, n, out) ? n : 0;
}

/* N bytes of P for a message: control and non-UTF-8 bytes as \xNN. */
static void printable(const char *p, size_t n, char *out, size_t outsz)
{
	size_t o = 0;
	for (size_t i = 0; i < n && o + 5 < outsz;) {
		unsigned char c = (unsigned char)p[i];
		size_t l = utf8_len(p + i);
		if (c < 0x20 || c == 0x7f || (c >= 0x80 && l == 1) || i + l > n) {
			o += (size_t)snprintf(out + o, outsz - o, "\\x%02x", c);
			i++;
		} else {
			if (o + l >= outsz)
				break;
			memcpy(out + o, p + i, l);
			o += l;
			i += l;
		}
	}
	out[o] = 0;
}

/* Parse a whole sequence.  0 or -1 with ERR. */
static int seq_parse(struct gt_keymap *km, const char *text, struct keyseq *seq, char *err)
{
	seq->n = 0;
	if (!text || !*text) {
		fmt(err, "empty key");
		return -1;
	}
	for (const char *p = text; *p;) {
		keyname k;
		size_t used = key_parse_one(km, p, k);
		if (!used) {
			size_t bad = strcspn(p, " \t");
			if (*p == '<' && strchr(p, '>'))
				bad = (size_t)(strchr(p, '>') - p) + 1;
			char shown[64];
			printable(p, bad ? bad : 1, shown, sizeof shown);
			fmt(err, "bad key name '%s'", shown);
			return -1;
		}
		if (seq->n == GT_KEY_SEQ_MAX) {
			fmt(err, "'%s': too many keys (at most %d)", text, GT_KEY_SEQ_MAX);
			return -1;
		}
		memcpy(seq->keys[seq->n], k, sizeof k);
		/* Was a folded alias typed?  Compare with the ctrl spelling. */
		seq->alias[seq->n][0] = 0;
		if (*p == '<') {
			char typed[GT_KEY_NAME_MAX];
			snprintf(typed, sizeof typed, "%.*s", (int)used, p);
			for (size_t i = 0; i < sizeof folded / sizeof folded[0]; i++) {
				char ctrl[8];
				snprintf(ctrl, sizeof ctrl, "<C-%c>", folded[i].ctrl_char);
				if (!strcasecmp(typed, ctrl))
					memcpy(seq->alias[seq->n], ctrl, sizeof ctrl);
			}
		}
		seq->n++;
		p += used;
	}
	return 0;
}

static void seq_text(const keyname *keys, int n, char out[GT_KEY_SEQ_TEXT_MAX])
{
	out[0] = 0;
	for (int i = 0; i < n; i++)
		strcat(out, keys[i]);
}

int gt_keymap_canon(struct gt_keymap *km, const char *keys, char out[GT_KEY_SEQ_TEXT_MAX],
		    char err[GT_KEY_MSG_MAX])
{
	struct keyseq seq;
	if (seq_parse(km, keys, &seq, err) < 0)
		return -1;
	seq_text(seq.keys, seq.n, out);
	return 0;
}

size_t gt_keymap_split_key(struct gt_keymap *km, const char *text)
{
	keyname k;
	return text ? key_parse_one(km, text, k) : 0;
}

/* --- bindings --- */

static bool seq_equal(const keyname *a, int na, const keyname *b, int nb)
{
	if (na != nb)
		return false;
	for (int i = 0; i < na; i++)
		if (strcmp(a[i], b[i]))
			return false;
	return true;
}

/* Is A (NA keys) a proper prefix of B? */
static bool seq_prefix(const keyname *a, int na, const keyname *b, int nb)
{
	return na < nb && seq_equal(a, na, b, na);
}

static struct binding *find_exact(struct gt_keymap *km, const keyname *keys, int n)
{
	for (size_t i = 0; i < km->n; i++)
		if (seq_equal(km->b[i].keys, km->b[i].n, keys, n))
			return &km->b[i];
	return NULL;
}

static int binding_cmp(const void *a, const void *b)
{
	const struct binding *x = a, *y = b;
	if (x->action != y->action)
		return x->action < y->action ? -1 : 1;
	return x->serial < y->serial ? -1 : x->serial > y->serial;
}

/* Backspace and C-h are different bytes, but a terminal's Backspace key may
 * send either; the other folded pairs never reach us as the ctrl spelling. */
static void check_backspace(struct gt_keymap *km, const struct keyseq *seq, enum gt_action action,
			    char *note, bool *collided)
{
	for (int i = 0; i < seq->n && !*collided; i++) {
		const char *other = !strcmp(seq->keys[i], "<C-h>") ? "<Backspace>"
				    : !strcmp(seq->keys[i], "<Backspace>") ? "<C-h>" : NULL;
		if (!other)
			continue;
		keyname alt[GT_KEY_SEQ_MAX];
		memcpy(alt, seq->keys, sizeof alt);
		snprintf(alt[i], sizeof alt[i], "%s", other);
		struct binding *b = find_exact(km, alt, seq->n);
		if (b && b->action != action) {
			fmt(note, "%s and %s can be the same key on a terminal: %s is %s, %s is %s",
			    seq->keys[i], other, b->text, gt_action_name(b->action),
			    seq->n == 1 ? seq->keys[0] : "this", gt_action_name(action));
			*collided = true;
		}
	}
}

enum gt_bind_result gt_keymap_bind(struct gt_keymap *km, const char *keys, enum gt_action action,
				   char note[GT_KEY_MSG_MAX])
{
	struct keyseq seq;
	char text[GT_KEY_SEQ_TEXT_MAX];
	bool collided = false;

	if (note)
		note[0] = 0;
	if (action <= GT_ACTION_NONE || action >= GT_ACTION_COUNT) {
		fmt(note, "no such action");
		return GT_BIND_ERROR;
	}
	if (seq_parse(km, keys, &seq, note) < 0)
		return GT_BIND_ERROR;
	seq_text(seq.keys, seq.n, text);

	/* A complete binding may not also be a prefix: `g` and `gg` together
	 * would need a timeout to tell apart. */
	for (size_t i = 0; i < km->n; i++) {
		const struct binding *b = &km->b[i];
		if (seq_prefix(b->keys, b->n, seq.keys, seq.n) ||
		    seq_prefix(seq.keys, seq.n, b->keys, b->n)) {
			fmt(note, "%s conflicts with %s (%s): one starts the other; unbind %s first",
			    text, b->text, gt_action_name(b->action), b->text);
			return GT_BIND_ERROR;
		}
	}

	struct binding *old = find_exact(km, seq.keys, seq.n);
	int alias_at = -1;
	for (int i = 0; i < seq.n && alias_at < 0; i++)
		if (seq.alias[i][0])
			alias_at = i;
	if (old && old->action != action) {
		/* Either spelling may have come first: <C-i> then <Tab>, or back. */
		if (alias_at >= 0) {
			fmt(note, "%s is the same key as %s on a terminal: %s was %s, now %s",
			    seq.alias[alias_at], seq.keys[alias_at], text,
			    gt_action_name(old->action), gt_action_name(action));
			collided = true;
		} else if (old->alias_typed[0]) {
			fmt(note, "%s is the same key as %s on a terminal: %s was %s, now %s",
			    old->alias_of, old->alias_typed, text, gt_action_name(old->action),
			    gt_action_name(action));
			collided = true;
		}
	}
	check_backspace(km, &seq, action, note, &collided);

	struct binding *b = old;
	if (b) {
		b->action = action;
		b->serial = ++km->serial;
	} else {
		if (km->n == km->cap) {
			km->cap = km->cap ? km->cap * 2 : 64;
			km->b = xrealloc(km->b, km->cap * sizeof *km->b);
		}
		b = &km->b[km->n++];
		memset(b, 0, sizeof *b);
		memcpy(b->keys, seq.keys, sizeof b->keys);
		b->n = seq.n;
		memcpy(b->text, text, sizeof b->text);
		b->action = action;
		b->serial = ++km->serial;
	}
	b->alias_typed[0] = b->alias_of[0] = 0;
	if (alias_at >= 0) {
		memcpy(b->alias_typed, seq.alias[alias_at], sizeof b->alias_typed);
		memcpy(b->alias_of, seq.keys[alias_at], sizeof b->alias_of);
	}
	qsort(km->b, km->n, sizeof *km->b, binding_cmp);
	gt_keymap_cancel(km);
	return collided ? GT_BIND_COLLISION : GT_BIND_OK;
}

int gt_keymap_unbind(struct gt_keymap *km, const char *keys, char err[GT_KEY_MSG_MAX])
{
	struct keyseq seq;
	if (seq_parse(km, keys, &seq, err) < 0)
		return -1;
	struct binding *b = find_exact(km, seq.keys, seq.n);
	if (!b) {
		char text[GT_KEY_SEQ_TEXT_MAX];
		seq_text(seq.keys, seq.n, text);
		fmt(err, "%s is not bound", text);
		return -1;
	}
	size_t i = (size_t)(b - km->b);
	memmove(&km->b[i], &km->b[i + 1], (km->n - i - 1) * sizeof *km->b);
	km->n--;
	gt_keymap_cancel(km);
	return 0;
}

enum gt_action gt_keymap_lookup(struct gt_keymap *km, const char *keys)
{
	struct keyseq seq;
	if (seq_parse(km, keys, &seq, NULL) < 0)
		return GT_ACTION_NONE;
	struct binding *b = find_exact(km, seq.keys, seq.n);
	return b ? b->action : GT_ACTION_NONE;
}

/* --- matcher --- */

static enum gt_feed feed_canonical(struct gt_keymap *km, const char *key, enum gt_action *action)
{
	*action = GT_ACTION_NONE;
	if (km->npending == GT_KEY_SEQ_MAX) {
		gt_keymap_cancel(km);
		return GT_FEED_NONE;
	}
	snprintf(km->pending[km->npending], GT_KEY_NAME_MAX, "%s", key);
	int n = km->npending + 1;
	struct binding *b = find_exact(km, km->pending, n);
	if (b) {
		*action = b->action;
		gt_keymap_cancel(km);
		return GT_FEED_ACTION;
	}
	for (size_t i = 0; i < km->n; i++)
		if (seq_prefix(km->pending, n, km->b[i].keys, km->b[i].n)) {
			km->npending = n;
			seq_text(km->pending, n, km->pending_text);
			return GT_FEED_PENDING;
		}
	gt_keymap_cancel(km);
	return GT_FEED_NONE;
}

enum gt_feed gt_keymap_feed(struct gt_keymap *km, const char *key, enum gt_action *action)
{
	keyname k;
	size_t used = key ? key_parse_one(km, key, k) : 0;
	if (!used || key[used]) {
		*action = GT_ACTION_NONE;
		gt_keymap_cancel(km);
		return GT_FEED_NONE;
	}
	return feed_canonical(km, k, action);
}

enum gt_feed gt_keymap_feed_termkey(struct gt_keymap *km, TermKey *tk, const TermKeyKey *key,
				    enum gt_action *action)
{
	(void)tk; /* key names are the same in every instance; ours canonicalises */
	TermKeyKey k = *key;
	keyname name;
	if (k.type != TERMKEY_TYPE_UNICODE && k.type != TERMKEY_TYPE_KEYSYM &&
	    k.type != TERMKEY_TYPE_FUNCTION) {
		*action = GT_ACTION_NONE;
		gt_keymap_cancel(km);
		return GT_FEED_NONE;
	}
	termkey_canonicalise(km->tk, &k);
	key_print(km, &k, name);
	return feed_canonical(km, name, action);
}

const char *gt_keymap_pending(const struct gt_keymap *km)
{
	return km->npending ? km->pending_text : "";
}

void gt_keymap_cancel(struct gt_keymap *km)
{
	km->npending = 0;
	km->pending_text[0] = 0;
}

/* --- listing --- */

size_t gt_keymap_count(const struct gt_keymap *km)
{
	return km->n;
}

struct gt_binding gt_keymap_at(const struct gt_keymap *km, size_t i)
{
	struct gt_binding r = {"", GT_ACTION_NONE};
	if (i < km->n) {
		r.keys = km->b[i].text;
		r.action = km->b[i].action;
	}
	return r;
}

size_t gt_keymap_keys_of(const struct gt_keymap *km, enum gt_action action, const char *sep,
			 char *buf, size_t len)
{
	size_t count = 0, used = 0;
	if (len)
		buf[0] = 0;
	for (size_t i = 0; i < km->n; i++) {
		if (km->b[i].action != action)
			continue;
		if (len > used) {
			int w = snprintf(buf + used, len - used, "%s%s", count ? sep : "", km->b[i].text);
			used += w > 0 ? (size_t)w : 0;
			if (used >= len)
				used = len - 1;
		}
		count++;
	}
	return count;
}
