/* script.c: GTVIEW_SCRIPT files for headless screen tests (see script.h). */
#include "tui/script.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tui/util.h"

int tui_key_parse(TermKey *tk, const char **p, TermKeyKey *key)
{
	const char *s = *p;
	if (*s == '<') {
		const char *end = strchr(s + 1, '>');
		if (!end || end == s + 1) {
			/* a lone '<' is itself */
			const char *r = termkey_strpkey(tk, "<", key, TERMKEY_FORMAT_VIM);
			if (!r)
				return -1;
			*p = s + 1;
			return 0;
		}
		char name[64];
		size_t n = (size_t)(end - s - 1);
		if (n >= sizeof name)
			return -1;
		memcpy(name, s + 1, n);
		name[n] = 0;
		const char *in = !strcmp(name, "lt") ? "<" : name;
		const char *r = termkey_strpkey(tk, in, key, TERMKEY_FORMAT_VIM);
		if (!r || *r)
			return -1;
		*p = end + 1;
		return 0;
	}
	/* one UTF-8 character */
	char one[8];
	size_t n = 1;
	while (n < 4 && ((unsigned char)s[n] & 0xC0) == 0x80)
		n++;
	memcpy(one, s, n);
	one[n] = 0;
	const char *r = termkey_strpkey(tk, one, key, TERMKEY_FORMAT_VIM);
	if (!r)
		return -1;
	*p = s + n;
	return 0;
}

static void push(struct tui_script *s, struct tui_script_item it)
{
	s->items = tui_xreallocarray(s->items, s->n + 1, sizeof *s->items);
	s->items[s->n++] = it;
}

int tui_script_load(struct tui_script *s, const char *path, char *err, size_t errlen)
{
	memset(s, 0, sizeof *s);
	FILE *f = fopen(path, "r");
	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	TermKey *tk = termkey_new_abstract("xterm", TERMKEY_FLAG_UTF8);
	char line[4096];
	int lineno = 0, rc = 0;
	while (fgets(line, sizeof line, f)) {
		lineno++;
		line[strcspn(line, "\r\n")] = 0;
		if (line[0] == '#' || !line[0])
			continue;
		if (line[0] == ':') {
			struct tui_script_item it = {.is_cmd = 1, .cmd = tui_xstrdup(line + 1)};
			push(s, it);
			continue;
		}
		const char *p = line;
		while (*p) {
			if (*p == ' ' || *p == '\t') {
				p++;
				continue;
			}
			struct tui_script_item it = {0};
			if (tui_key_parse(tk, &p, &it.key) < 0) {
				snprintf(err, errlen, "%s:%d: not a key: %s", path, lineno, p);
				rc = -1;
				goto out;
			}
			push(s, it);
		}
	}
out:
	termkey_destroy(tk);
	fclose(f);
	if (rc)
		tui_script_free(s);
	return rc;
}

void tui_script_free(struct tui_script *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->items[i].cmd);
	free(s->items);
	memset(s, 0, sizeof *s);
}
