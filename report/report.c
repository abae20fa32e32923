/* report.c: helpers shared by the reports. */
#include "report/report.h"
#include "report/int.h"
#include "decode/utf8.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

const char *gt_report_dur_ref(char *buf, size_t size, int64_t ns)
{
	uint64_t a = ns < 0 ? 0 - (uint64_t)ns : (uint64_t)ns;
	if (a < 1000)
		snprintf(buf, size, "%" PRId64 "ns", ns);
	else if (a < 1000000)
		snprintf(buf, size, "%.1fµs", (double)ns / 1e3);
	else if (a < 1000000000)
		snprintf(buf, size, "%.2fms", (double)ns / 1e6);
	else
		snprintf(buf, size, "%.3fs", (double)ns / 1e9);
	return buf;
}

/* gt_report_dur_ref's figures without printf (listings print millions):
 * ns / 10^k rounded to the nearest of its decimals is what printf makes
 * of the double nearest to it, except half-way, where that double may
 * lie either side (printf's), or when the double is not within half a
 * unit of the last decimal (ns >= 2^53).  A negative duration is
 * printf's too. */
char *gt_report_dur_back(char *e, int64_t ns)
{
	static const struct {
		int64_t below, unit, half; /* ns below which; ns per last decimal */
		int decimals;
		char suffix[4];
	} f[] = {{1000000, 100, 50, 1, "µs"}, {1000000000, 10000, 5000, 2, "ms"},
	         {INT64_C(1) << 53, 1000000, 500000, 3, "s"}};
	if (ns < 0)
		return NULL;
	uint64_t q = (uint64_t)ns;
	if (ns < 1000) {
		*--e = 's';
		*--e = 'n';
	} else {
		int k = 0;
		while (k < 3 && ns >= f[k].below)
			k++;
		if (k == 3 || ns % f[k].unit == f[k].half)
			return NULL;
		q = (uint64_t)(ns / f[k].unit + (ns % f[k].unit > f[k].half));
		size_t sn = strlen(f[k].suffix);
		e -= sn;
		memcpy(e, f[k].suffix, sn);
		for (int d = 0; d < f[k].decimals; d++, q /= 10)
			*--e = (char)('0' + q % 10);
		*--e = '.';
	}
	do {
		*--e = (char)('0' + q % 10);
		q /= 10;
	} while (q);
	return e;
}

const char *gt_report_dur(char *buf, size_t size, int64_t ns)
{
	char tmp[32], *e = tmp + sizeof tmp;
	const char *p = size >= 32 ? gt_report_dur_back(e, ns) : NULL;
	if (!p)
		return gt_report_dur_ref(buf, size, ns);
	memcpy(buf, p, (size_t)(e - p));
	buf[e - p] = '\0';
	return buf;
}

const char *gt_report_mib(char *buf, size_t size, uint64_t bytes)
{
	if (bytes == UINT64_MAX)
		snprintf(buf, size, "-");
	else
		snprintf(buf, size, "%.1f MiB", (double)bytes / (1024.0 * 1024.0));
	return buf;
}

/* gt_json_strn's body, for s[0..end) or, with end NULL, up to its NUL
 * (inlined for each: a C string is not measured first).  A NUL ends a
 * UTF-8 sequence like any byte that cannot continue it, so 4 bytes of a
 * C string may be offered to gt_utf8_len. */
static inline __attribute__((always_inline)) void json_str(FILE *fp, const char *s,
                                                           const char *end)
{
	fputc('"', fp);
	/* runs of characters that need no escape go out in one write: a
	 * listing of millions of goroutines is mostly these */
	const char *run = s, *p = s;
	for (; end ? p < end : *p != 0; p++) {
		unsigned char c = (unsigned char)*p;
		if (c >= 0x20 && c != '"' && c != '\\') {
			if (__builtin_expect(c < 0x80, 1))
				continue;
			size_t len = gt_utf8_len(p, end ? (size_t)(end - p) : 4);
			if (len) {
				p += len - 1;
				continue;
			}
		}
		fwrite(run, 1, (size_t)(p - run), fp);
		run = p + 1;
		switch (c) {
		case '"': fputs("\\\"", fp); break;
		case '\\': fputs("\\\\", fp); break;
		case '\n': fputs("\\n", fp); break;
		case '\t': fputs("\\t", fp); break;
		case '\r': fputs("\\r", fp); break;
		default:
			if (c >= 0x80) /* a byte that is not UTF-8: the JSON stays valid */
				fputs("\\ufffd", fp);
			else
				fprintf(fp, "\\u%04x", c);
		}
	}
	if (p > run)
		fwrite(run, 1, (size_t)(p - run), fp);
	fputc('"', fp);
}

void gt_json_strn(FILE *fp, const char *s, size_t n)
{
	static const char empty[1];
	json_str(fp, n ? s : empty, n ? s + n : empty);
}

void gt_json_str(FILE *fp, const char *s)
{
	json_str(fp, s ? s : "", NULL);
}

gt_str gt_frame_func(const struct gt_model *m, uint32_t fid)
{
	const struct gt_frame *f = fid ? gt_frame_get(gt_model_tables(m), fid) : NULL;
	return f ? f->func : 0;
}

const char *gt_frame_func_name(const struct gt_model *m, uint32_t fid)
{
	return gt_model_str(m, gt_frame_func(m, fid));
}

void gt_text_stack(FILE *fp, const struct gt_model *m, gt_stack st, const char *indent)
{
	const struct gt_tables *t = gt_model_tables(m);
	size_t n = st ? gt_stack_depth(t, st) : 0;
	const uint32_t *fr = n ? gt_stack_frames(t, st) : NULL;
	for (size_t i = 0; i < n; i++) {
		const struct gt_frame *f = gt_frame_get(t, fr[i]);
		if (!f)
			continue;
		fprintf(fp, "%s%s()\n%s    %s:%u\n", indent, gt_model_str(m, f->func), indent,
		        gt_model_str(m, f->file), f->line);
	}
	if (!n)
		fprintf(fp, "%s(no stack)\n", indent);
}

void gt_json_stack(FILE *fp, const struct gt_model *m, gt_stack st)
{
	const struct gt_tables *t = gt_model_tables(m);
	size_t n = st ? gt_stack_depth(t, st) : 0;
	const uint32_t *fr = n ? gt_stack_frames(t, st) : NULL;
	fputc('[', fp);
	for (size_t i = 0, first = 1; i < n; i++) {
		const struct gt_frame *f = gt_frame_get(t, fr[i]);
		if (!f)
			continue;
		fputs(first ? "{\"func\":" : ",{\"func\":", fp);
		first = 0;
		gt_json_str(fp, gt_model_str(m, f->func));
		fputs(",\"file\":", fp);
		gt_json_str(fp, gt_model_str(m, f->file));
		fprintf(fp, ",\"line\":%u}", f->line);
	}
	fputc(']', fp);
}
