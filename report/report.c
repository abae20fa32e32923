/* report.c: helpers shared by the reports. */
#include "report/report.h"
#include "report/int.h"
#include "report/escape.h"

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
		fputs(indent, fp);
		gt_esc_puts(fp, gt_model_str(m, f->func));
		fprintf(fp, "()\n%s    ", indent);
		gt_esc_puts(fp, gt_model_str(m, f->file));
		fprintf(fp, ":%u\n", f->line);
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
