/* read.c: text form -> binary wire bytes, accepting what Go's
 * internal/trace/raw TextReader accepts and writing what its Writer writes.
 *
 * Lines: "Trace Go1.N", then events `Name arg=value …` with the spec's
 * arguments in order; a Stack event is followed by nframes lines
 * `pc= func= file= line=`, an event with a data trailer by `data="…"`.
 * Blank lines and lines starting with '#' are skipped.  One extension,
 * ignored by Go as a comment: "#pad name=width …" right before an event
 * writes those arguments (or "data", its length) as uvarints padded to
 * width bytes, as the runtime does for batch sizes; gt_text_write_ex
 * emits it with GT_TEXT_PADS so that binary -> text -> binary is exact.
 */
#include "decode/text/text.h"
#include "decode/text/int.h"
#include "decode/v2/spec.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

struct str {
	const char *p;
	size_t n;
};

struct pad {
	struct str name;
	unsigned width;
};

struct reader {
	const char *p, *end; /* the rest of the text */
	unsigned next_line;  /* number of the line at p */
	unsigned line;       /* number of the line last returned */
	int version;
	struct pad pads[GT_V2_MAX_ARGS + 1];
	unsigned npads;
	unsigned pad_line;   /* line of the pending "#pad", 0 none */
	struct gt_bytes out;
	unsigned errline;
	char *err;
	size_t errsz;
};

static const char *const frame_fields[4] = {"pc", "func", "file", "line"};

static int fail(struct reader *r, unsigned line, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(r->err, r->errsz, fmt, ap);
	va_end(ap);
	r->errline = line;
	return -1;
}

/* s as Go's %q prints it, in a static buffer cut to a readable length. */
static const char *q(struct str s)
{
	static char buf[160];
	struct gt_bytes b = {0};
	gt_text_quote(&b, (const uint8_t *)s.p, s.n > 100 ? 100 : s.n);
	size_t n = b.failed ? 0 : b.len;
	if (n > sizeof buf - 4)
		n = sizeof buf - 4;
	memcpy(buf, b.p ? (const char *)b.p : "", n);
	strcpy(buf + n, s.n > 100 ? "..." : "");
	free(b.p);
	return buf;
}

/* The rune at s and its width. */
static uint32_t rune_at(struct str s, size_t i, size_t *w)
{
	return gt_utf8_decode((const uint8_t *)s.p + i, s.n - i, w);
}

static int all_space(struct str s)
{
	for (size_t i = 0, w; i < s.n; i += w)
		if (!gt_text_isspace(rune_at(s, i, &w)))
			return 0;
	return 1;
}

/* Go's readToken: the first run of non-space runes, ended by a space or
 * '#'; a '#' before any token makes the rest a comment (empty token). */
static struct str read_token(struct str s, struct str *rest)
{
	size_t i = 0, w;
	struct str none = {s.p + s.n, 0};
	for (; i < s.n; i += w) {
		uint32_t c = rune_at(s, i, &w);
		if (c == '#') {
			*rest = none;
			return none;
		}
		if (!gt_text_isspace(c))
			break;
	}
	if (i == s.n) {
		*rest = none;
		return none;
	}
	size_t start = i;
	for (; i < s.n; i += w) {
		uint32_t c = rune_at(s, i, &w);
		if (c == '#' || gt_text_isspace(c))
			break;
	}
	*rest = (struct str){s.p + i, s.n - i};
	return (struct str){s.p + start, i - start};
}

/* strings.TrimSpace */
static struct str trim_space(struct str s)
{
	size_t w;
	while (s.n && gt_text_isspace(rune_at(s, 0, &w))) {
		s.p += w;
		s.n -= w;
	}
	while (s.n) {
		size_t k = s.n - 1; /* back to the start of the last rune */
		while (k > 0 && s.n - k < 4 && ((unsigned char)s.p[k] & 0xC0) == 0x80)
			k--;
		uint32_t c = rune_at(s, k, &w);
		if (k + w != s.n || !gt_text_isspace(c))
			break;
		s.n = k;
	}
	return s;
}

static int str_is(struct str s, const char *lit)
{
	return s.n == strlen(lit) && !memcmp(s.p, lit, s.n);
}

/* strconv.ParseUint(s, 10, 64). */
static int parse_u64(struct str s, uint64_t *v)
{
	if (s.n == 0)
		return -1;
	uint64_t x = 0;
	for (size_t i = 0; i < s.n; i++) {
		unsigned d = (unsigned)(unsigned char)s.p[i] - '0';
		if (d > 9 || x > (UINT64_MAX - d) / 10)
			return -1;
		x = x * 10 + d;
	}
	*v = x;
	return 0;
}

static int parse_pad(struct reader *r, struct str s);

/* The next line that holds a token (bufio.ScanLines: '\n' ends a line and
 * a '\r' before it is dropped).  Returns 0 at the end of the text. */
static int next_line(struct reader *r, struct str *line)
{
	while (r->p < r->end) {
		const char *nl = memchr(r->p, '\n', (size_t)(r->end - r->p));
		const char *e = nl ? nl : r->end;
		struct str s = {r->p, (size_t)(e - r->p)};
		if (nl && s.n && s.p[s.n - 1] == '\r')
			s.n--;
		r->line = r->next_line++;
		r->p = nl ? nl + 1 : r->end;
		struct str rest, tok = read_token(s, &rest);
		if (tok.n) {
			*line = s;
			return 1;
		}
		if (parse_pad(r, s) < 0)
			return -1;
	}
	return 0;
}

/* "#pad name=width …": remembered for the next event line. */
static int parse_pad(struct reader *r, struct str s)
{
	size_t i = 0, w;
	while (i < s.n && gt_text_isspace(rune_at(s, i, &w)))
		i += w;
	struct str t = {s.p + i, s.n - i};
	if (t.n < 5 || memcmp(t.p, "#pad", 4) || !gt_text_isspace(rune_at(t, 4, &w)))
		return 0; /* an ordinary comment */
	if (r->pad_line)
		return fail(r, r->line, "#pad: a second #pad before the event of line %u's", r->pad_line);
	t.p += 4;
	t.n -= 4;
	r->npads = 0;
	for (;;) {
		struct str rest, tok;
		/* read_token stops at '#': scan spaces by hand instead */
		size_t j = 0;
		while (j < t.n && gt_text_isspace(rune_at(t, j, &w)))
			j += w;
		if (j == t.n)
			break;
		tok.p = t.p + j;
		while (j < t.n && !gt_text_isspace(rune_at(t, j, &w)))
			j += w;
		tok.n = (size_t)(t.p + j - tok.p);
		rest = (struct str){t.p + j, t.n - j};
		const char *eq = memchr(tok.p, '=', tok.n);
		uint64_t width;
		struct str name = {tok.p, eq ? (size_t)(eq - tok.p) : 0};
		if (!eq || !name.n || parse_u64((struct str){eq + 1, tok.n - name.n - 1}, &width) < 0 ||
		    width < 1 || width > 10)
			return fail(r, r->line, "#pad: malformed %s (want name=width, width 1 to 10)", q(tok));
		if (r->npads == sizeof r->pads / sizeof r->pads[0])
			return fail(r, r->line, "#pad: too many arguments");
		r->pads[r->npads++] = (struct pad){name, (unsigned)width};
		t = rest;
	}
	if (!r->npads)
		return fail(r, r->line, "#pad: no name=width");
	r->pad_line = r->line;
	return 0;
}

/* Go's readArgs: names[0..n) in order, then nothing but spaces. */
static int read_args(struct reader *r, struct str s, const char *const *names, unsigned n,
                     uint64_t *args, const char *evname)
{
	const char *pre = evname ? "reading args for " : "";
	const char *ev = evname ? evname : "";
	const char *post = evname ? ": " : "";
	for (unsigned i = 0; i < n; i++) {
		struct str rest, tok = read_token(s, &rest);
		if (!tok.n)
			return fail(r, r->line, "%s%s%sno argument (want %s=)", pre, ev, post, names[i]);
		const char *eq = memchr(tok.p, '=', tok.n);
		if (!eq)
			return fail(r, r->line, "%s%s%smalformed argument: %s", pre, ev, post, q(tok));
		struct str name = {tok.p, (size_t)(eq - tok.p)};
		struct str val = {eq + 1, tok.n - name.n - 1};
		if (parse_u64(val, &args[i]) < 0) {
			char qv[160];
			snprintf(qv, sizeof qv, "%s", q(val));
			return fail(r, r->line, "%s%s%sfailed to parse argument value %s for arg %s",
			            pre, ev, post, qv, q(name));
		}
		if (!str_is(name, names[i]))
			return fail(r, r->line, "%s%s%sexpected argument \"%s\", but got %s",
			            pre, ev, post, names[i], q(name));
		s = rest;
	}
	if (!all_space(s))
		return fail(r, r->line, "%s%s%sencountered unexpected non-space at the end of an event: %s",
		            pre, ev, post, q(s));
	return 0;
}

static int read_header(struct reader *r)
{
	struct str line, rest;
	int got = next_line(r, &line);
	if (got < 0)
		return -1;
	if (!got)
		return fail(r, r->next_line, "no header line (want \"Trace Go1.N\")");
	struct str tok = read_token(line, &rest);
	if (!str_is(tok, "Trace"))
		return fail(r, r->line, "failed to parse header (want \"Trace Go1.N\")");
	tok = read_token(rest, &rest);
	uint64_t v;
	if (tok.n < 4 || memcmp(tok.p, "Go1.", 4))
		return fail(r, r->line, "failed to parse header Go version (want Go1.N)");
	if (parse_u64((struct str){tok.p + 4, tok.n - 4}, &v) < 0)
		return fail(r, r->line, "failed to parse header Go version: %s", q(tok));
	/* Go keeps the version in a uint32; v1 versions read as event-less. */
	r->version = (int)(uint32_t)v;
	uint32_t v32 = (uint32_t)v;
	if (!gt_v2_version_ok(r->version) && v32 != 11 && v32 != 19 && v32 != 21)
		return fail(r, r->line, "unknown or unsupported Go version 1.%" PRIu32, v32);
	if (!all_space(rest))
		return fail(r, r->line, "encountered unexpected non-space at the end of the header: %s",
		            q(rest));
	char hdr[32] = {0};
	int n = snprintf(hdr, sizeof hdr, "go 1.%" PRIu32 " trace", v32);
	gt_bytes_put(&r->out, hdr, (size_t)n + 3); /* the "\0\0\0" end */
	return 0;
}

/* Go's %v of a []uint64, for EOF messages. */
static const char *args_str(const uint64_t *args, unsigned n)
{
	static char buf[256];
	size_t o = 0;
	buf[o++] = '[';
	for (unsigned i = 0; i < n && o < sizeof buf - 24; i++)
		o += (size_t)snprintf(buf + o, sizeof buf - o, "%s%" PRIu64, i ? " " : "", args[i]);
	snprintf(buf + o, sizeof buf - o, "]");
	return buf;
}

/* The width of argument `name` from the pending #pad, or 0. */
static int pad_width(struct reader *r, const char *name, unsigned *used)
{
	for (unsigned i = 0; i < r->npads; i++)
		if (str_is(r->pads[i].name, name)) {
			*used |= 1u << i;
			return (int)r->pads[i].width;
		}
	return 0;
}

static int put_arg(struct reader *r, const char *name, uint64_t v, unsigned *used,
                   unsigned pad_line, unsigned evline)
{
	unsigned width = pad_line ? (unsigned)pad_width(r, name, used) : 0;
	if (width && width < gt_uvarint_len(v))
		return fail(r, pad_line, "#pad: %s=%" PRIu64 " needs %u bytes, more than %u (event on line %u)",
		            name, v, gt_uvarint_len(v), width, evline);
	gt_bytes_uvarint_padded(&r->out, v, width);
	return 0;
}

static int read_event(struct reader *r, struct str line)
{
	struct str rest, name = read_token(line, &rest);
	unsigned evline = r->line;
	/* The pending #pad is this event's; another one before its frames or
	 * data would be misplaced. */
	unsigned pad_line = r->pad_line;
	r->pad_line = 0;
	int type = gt_v2_type_by_name(r->version, name.p, (unsigned)name.n);
	const struct gt_v2_spec *spec = type > 0 ? gt_v2_spec(r->version, (unsigned)type) : NULL;
	if (!spec)
		return fail(r, evline, "unidentified event: %s", q(name));
	uint64_t args[GT_V2_MAX_ARGS];
	if (read_args(r, rest, spec->args, spec->nargs, args, spec->name) < 0)
		return -1;
	unsigned used = 0;
	uint8_t t = (uint8_t)type;
	gt_bytes_put(&r->out, &t, 1);
	for (unsigned i = 0; i < spec->nargs; i++)
		if (put_arg(r, spec->args[i], args[i], &used, pad_line, evline) < 0)
			return -1;
	if (spec->is_stack) {
		/* Go converts nframes to an int: a huge count reads no frames. */
		uint64_t nframes = spec->nargs >= 2 ? args[1] : 0;
		if (nframes > INT64_MAX)
			nframes = 0;
		for (uint64_t f = 0; f < nframes; f++) {
			struct str fl;
			int got = next_line(r, &fl);
			if (got < 0)
				return -1;
			if (!got)
				return fail(r, evline, "unexpected EOF while reading stack: args=%s (frame %" PRIu64 " of %" PRIu64 ")",
				            args_str(args, spec->nargs), f + 1, nframes);
			if (r->pad_line)
				return fail(r, r->pad_line, "#pad inside the frames of the Stack on line %u", evline);
			uint64_t frame[4];
			if (read_args(r, fl, frame_fields, 4, frame, NULL) < 0)
				return -1;
			for (int k = 0; k < 4; k++)
				gt_bytes_uvarint(&r->out, frame[k]);
		}
	}
	if (spec->has_data) {
		struct str dl;
		int got = next_line(r, &dl);
		if (got < 0)
			return -1;
		if (!got)
			return fail(r, evline, "unexpected EOF while reading data for %s: args=%s",
			            spec->name, args_str(args, spec->nargs));
		if (r->pad_line)
			return fail(r, r->pad_line, "#pad between the event on line %u and its data", evline);
		const char *eq = memchr(dl.p, '=', dl.n);
		struct str key = trim_space((struct str){dl.p, eq ? (size_t)(eq - dl.p) : 0});
		if (!eq || !str_is(key, "data"))
			return fail(r, r->line, "malformed data: %s (want data=\"…\")", q(dl));
		struct str val = trim_space((struct str){eq + 1, (size_t)(dl.p + dl.n - eq - 1)});
		struct gt_bytes data = {0};
		if (gt_text_unquote(&data, val.p, val.n) < 0) {
			free(data.p);
			return fail(r, r->line, "failed to parse data: %s: invalid syntax", q(dl));
		}
		if (data.failed) {
			free(data.p);
			return fail(r, 0, "out of memory");
		}
		int e = put_arg(r, "data", data.len, &used, pad_line, evline);
		gt_bytes_put(&r->out, data.p, data.len);
		free(data.p);
		if (e < 0)
			return -1;
	}
	if (pad_line) {
		for (unsigned i = 0; i < r->npads; i++)
			if (!(used & 1u << i))
				return fail(r, pad_line, "#pad: %s has no argument %s", spec->name,
				            q(r->pads[i].name));
		r->npads = 0;
	}
	return 0;
}

int gt_text_assemble(const char *text, size_t len, unsigned first_line,
                     uint8_t **out, size_t *outlen,
                     unsigned *errline, char *err, size_t errsz)
{
	struct reader r = {.p = text, .end = text + len, .next_line = first_line,
	                   .err = err, .errsz = errsz};
	*out = NULL;
	*outlen = 0;
	*errline = 0;
	if (errsz)
		err[0] = 0;
	int rc = read_header(&r);
	struct str line;
	while (rc == 0) {
		int got = next_line(&r, &line);
		if (got <= 0) {
			rc = got;
			break;
		}
		rc = read_event(&r, line);
		if (r.out.failed && rc == 0)
			rc = fail(&r, 0, "out of memory");
	}
	if (rc == 0 && r.pad_line)
		rc = fail(&r, r.pad_line, "#pad with no event after it");
	if (rc == 0 && r.out.failed)
		rc = fail(&r, 0, "out of memory");
	if (rc < 0) {
		free(r.out.p);
		*errline = r.errline;
		return -1;
	}
	*out = r.out.p;
	*outlen = r.out.len;
	return 0;
}
