/* report.c: loading for commands, and helpers shared by the reports. */
#include "model/report.h"
#include "model/report_int.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

struct gt_model *gt_report_load(const char *cmd, const char *name,
                                const uint8_t *buf, size_t len, int mapped,
                                int *bad)
{
	struct gt_decode_result res;
	struct gt_model *m = gt_model_load(buf, len, mapped, NULL, NULL, &res);
	*bad = 0;
	if (!m) {
		fprintf(stderr, "gtview: %s: out of memory\n", cmd);
		return NULL;
	}
	if (res.status != GT_OK) {
		fprintf(stderr, "gtview: %s: %s: offset %" PRIu64 ": %s\n", cmd, name,
		        res.offset, res.msg);
		*bad = 1;
	}
	return m;
}

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

const char *gt_report_mib(char *buf, size_t size, uint64_t bytes)
{
	if (bytes == UINT64_MAX)
		snprintf(buf, size, "-");
	else
		snprintf(buf, size, "%.1f MiB", (double)bytes / (1024.0 * 1024.0));
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
