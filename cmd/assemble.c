/* assemble.c: `gtview assemble TEXT OUT`: a trace in Go's text form (or a
 * Go trace test, txtar with a "-- trace --" file) to its binary bytes;
 * `gtview assemble -d [--pads] TRACE OUT`: the other way round.  OUT may be
 * "-" for stdout. */
#include "cmd/commands.h"
#include "cmd/input.h"
#include "decode/text/text.h"
#include "report/escape.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DIS_USAGE "gtview assemble -d [--pads] TRACE OUT"

static int usage(void)
{
	fprintf(stderr, "usage: %s\n       %s\n", gt_cmd_usage("assemble"), DIS_USAGE);
	return GT_EXIT_USAGE;
}

static FILE *open_out(const char *path)
{
	if (!strcmp(path, "-"))
		return stdout;
	FILE *f = fopen(path, "wb");
	if (!f)
		gt_esc_fprintf(stderr, "gtview: %s: %s\n", path, strerror(errno));
	return f;
}

/* Closes OUT; a write error there is an I/O error (exit 2) unless one was
 * already reported. */
static int close_out(FILE *f, const char *path, int rc)
{
	int bad = fflush(f) != 0 || ferror(f);
	if (f != stdout)
		bad |= fclose(f) != 0;
	if (bad && rc != GT_EXIT_USAGE) {
		gt_esc_fprintf(stderr, "gtview: %s: write error\n", path);
		return GT_EXIT_USAGE;
	}
	return rc;
}

static int assemble(const char *inpath, const char *outpath)
{
	struct gt_input in;
	if (gt_input_open(&in, inpath) < 0)
		return GT_EXIT_USAGE;
	const char *text = (const char *)in.data;
	size_t len = in.len;
	unsigned first = 1;
	const char *sec;
	size_t seclen;
	if (gt_txtar_file(text, len, "trace", &sec, &seclen, &first) == 0) {
		text = sec;
		len = seclen;
	} else if (gt_txtar_file(text, len, "expect", &sec, &seclen, &first) == 0) {
		gt_esc_fprintf(stderr, "gtview: %s: a trace test without a \"-- trace --\" file\n", in.name);
		gt_input_close(&in);
		return GT_EXIT_BAD_TRACE;
	} else {
		first = 1;
	}
	uint8_t *bin;
	size_t binlen;
	unsigned line;
	char err[512];
	if (gt_text_assemble(text, len, first, &bin, &binlen, &line, err, sizeof err) < 0) {
		if (line)
			gt_esc_fprintf(stderr, "gtview: %s:%u: %s\n", in.name, line, err);
		else
			gt_esc_fprintf(stderr, "gtview: %s: %s\n", in.name, err);
		gt_input_close(&in);
		return GT_EXIT_BAD_TRACE;
	}
	gt_input_close(&in);
	FILE *f = open_out(outpath);
	if (!f) {
		free(bin);
		return GT_EXIT_USAGE;
	}
	fwrite(bin, 1, binlen, f); /* a failure shows in ferror(f) */
	free(bin);
	return close_out(f, outpath, GT_EXIT_OK);
}

static int disassemble(const char *inpath, const char *outpath, unsigned flags)
{
	struct gt_input in;
	if (gt_input_open(&in, inpath) < 0)
		return GT_EXIT_USAGE;
	FILE *f = open_out(outpath);
	if (!f) {
		gt_input_close(&in);
		return GT_EXIT_USAGE;
	}
	char err[512];
	int rc = GT_EXIT_OK;
	if (gt_text_write_ex(in.data, in.len, f, flags, err, sizeof err) < 0) {
		gt_esc_fprintf(stderr, "gtview: %s: %s\n", in.name, err);
		rc = strncmp(err, "write error", 11) ? GT_EXIT_BAD_TRACE : GT_EXIT_USAGE;
	}
	gt_input_close(&in);
	return close_out(f, outpath, rc);
}

int cmd_assemble(int argc, char **argv)
{
	int dis = 0;
	unsigned flags = 0;
	int i = 1;
	for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			printf("usage: %s\n       %s\n", gt_cmd_usage("assemble"), DIS_USAGE);
			printf("TEXT: a v2 trace in Go's text form, or a Go trace test (.test);\n"
			       "-d: the other way; --pads: keep padded uvarints as #pad lines.\n"
			       "OUT may be - for stdout.\n");
			return GT_EXIT_OK;
		}
		if (!strcmp(argv[i], "-d"))
			dis = 1;
		else if (!strcmp(argv[i], "--pads"))
			flags |= GT_TEXT_PADS;
		else if (!strcmp(argv[i], "--"))
			{ i++; break; }
		else
			return usage();
	}
	if (argc - i != 2 || (flags && !dis))
		return usage();
	return dis ? disassemble(argv[i], argv[i + 1], flags) : assemble(argv[i], argv[i + 1]);
}
