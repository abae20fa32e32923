/* txtar.c: finds one file of a txtar archive (golang.org/x/tools/txtar), the
 * container of Go's trace tests: a comment, then files, each introduced by
 * a line "-- NAME --" and running to the next such line. */
#include "decode/text/text.h"

#include <string.h>

/* If a marker line starts at p (of n bytes), returns 1 with its trimmed
 * name in [*name, *name + *namelen) and *after just past the line. */
static int is_marker(const char *p, size_t n, const char **name, size_t *namelen,
                     size_t *after)
{
	if (n < 3 || memcmp(p, "-- ", 3))
		return 0;
	const char *nl = memchr(p, '\n', n);
	size_t linelen = nl ? (size_t)(nl - p) : n;
	*after = nl ? linelen + 1 : n;
	if (linelen < 6 || memcmp(p + linelen - 3, " --", 3))
		return 0;
	const char *s = p + 3, *e = p + linelen - 3;
	/* strings.TrimSpace; ASCII spaces are all a marker line can hold in
	 * practice, and a name with other spaces just will not match. */
	while (s < e && strchr(" \t\v\f\r", *s))
		s++;
	while (e > s && strchr(" \t\v\f\r", e[-1]))
		e--;
	if (s == e)
		return 0;
	*name = s;
	*namelen = (size_t)(e - s);
	return 1;
}

static unsigned count_lines(const char *p, size_t n)
{
	unsigned lines = 0;
	for (size_t i = 0; i < n; i++)
		lines += p[i] == '\n';
	return lines;
}

int gt_txtar_file(const char *buf, size_t len, const char *want,
                  const char **data, size_t *datalen, unsigned *first_line)
{
	size_t wantlen = strlen(want);
	const char *cur = NULL; /* start of the data of a file named `want` */
	size_t i = 0;
	for (;;) {
		/* i is at the start of a line */
		const char *name;
		size_t namelen, after;
		if (is_marker(buf + i, len - i, &name, &namelen, &after)) {
			if (cur) /* the wanted file ends here */
				break;
			if (namelen == wantlen && !memcmp(name, want, wantlen))
				cur = buf + i + after;
			i += after;
			if (i >= len)
				break;
			continue;
		}
		const char *nl = memchr(buf + i, '\n', len - i);
		if (!nl) {
			i = len;
			break;
		}
		i = (size_t)(nl - buf) + 1;
		if (i >= len)
			break;
	}
	if (!cur)
		return -1;
	*data = cur;
	*datalen = (size_t)(buf + i - cur);
	*first_line = count_lines(buf, (size_t)(cur - buf)) + 1;
	return 0;
}
