/* report.c: helpers shared by the reports. */
#include "model/report.h"
#include "model/report_int.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

const char *gt_report_dur(char *buf, size_t size, int64_t ns)
{
	int64_t a = ns < 0 ? -ns : ns;
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

void gt_json_str(FILE *fp, const char *s)
{
	fputc('"', fp);
	/* runs of characters that need no escape go out in one write: a
	 * listing of millions of goroutines is mostly these */
	const unsigned char *p = (const unsigned char *)s, *run = p;
	for (; p && *p; p++) {
		if (*p >= 0x20 && *p != '"' && *p != '\\')
			continue;
		fwrite(run, 1, (size_t)(p - run), fp);
		run = p + 1;
		switch (*p) {
		case '"': fputs("\\\"", fp); break;
		case '\\': fputs("\\\\", fp); break;
		case '\n': fputs("\\n", fp); break;
		case '\t': fputs("\\t", fp); break;
		case '\r': fputs("\\r", fp); break;
		default: fprintf(fp, "\\u%04x", *p);
		}
	}
	if (p && p > run)
		fwrite(run, 1, (size_t)(p - run), fp);
	fputc('"', fp);
}

const char *gt_frame_func_name(const struct gt_model *m, uint32_t fid)
{
	const struct gt_frame *f = fid ? gt_frame_get(gt_model_tables(m), fid) : NULL;
	return f ? gt_model_str(m, f->func) : "";
}
