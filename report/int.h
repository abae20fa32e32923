/* int.h: helpers shared by the report files of model/. */
#ifndef GT_MODEL_REPORT_INT_H
#define GT_MODEL_REPORT_INT_H

#include <stdio.h>

#include "model/model.h"
#include "report/escape.h"

/* Function name of frame fid ("" for 0), and its string. */
const char *gt_frame_func_name(const struct gt_model *m, uint32_t fid);
gt_str gt_frame_func(const struct gt_model *m, uint32_t fid);

/* Writes stack st as a JSON array of {"func","file","line"}, innermost
 * first. */
void gt_json_stack(FILE *fp, const struct gt_model *m, gt_stack st);
/* Writes stack st for people: "func()" then "    file:line" a frame,
 * each line after indent; "(no stack)" when it has no frame. */
void gt_text_stack(FILE *fp, const struct gt_model *m, gt_stack st, const char *indent);

/* s right-aligned in w columns (s may hold "µ": two bytes, one column). */
void gt_put_right(FILE *fp, const char *s, int w);

/* gt_report_dur by snprintf: what its fast path is tested against. */
const char *gt_report_dur_ref(char *buf, size_t size, int64_t ns);
/* gt_report_dur's figure ending at e, written backwards (at most 12
 * bytes, no NUL): its first byte, or NULL where only gt_report_dur_ref
 * knows it (negative, half-way between two figures, or over 2^53 ns). */
char *gt_report_dur_back(char *e, int64_t ns);

/* The per-goroutine rows of `gtview goroutines` (grows.c) over [t0, t1)
 * (INT64_MIN, INT64_MAX: the whole trace): 0, or -1 out of memory or
 * when a write failed. */
int gt_report_grows(FILE *fp, const struct gt_model *m, int json, int64_t t0, int64_t t1);

#endif
