/* int.h: helpers shared by the report files of model/. */
#ifndef GT_MODEL_REPORT_INT_H
#define GT_MODEL_REPORT_INT_H

#include <stdio.h>

#include "model/model.h"

/* Writes s[0..n) as a JSON string literal (with quotes): quote,
 * backslash and control characters escaped, valid UTF-8 (decode/utf8.h)
 * as it is, any other byte as U+FFFD.  gt_json_str: a C string (NULL:
 * ""). */
void gt_json_strn(FILE *fp, const char *s, size_t n);
void gt_json_str(FILE *fp, const char *s);
/* Function name of frame fid ("" for 0), and its string. */
const char *gt_frame_func_name(const struct gt_model *m, uint32_t fid);
gt_str gt_frame_func(const struct gt_model *m, uint32_t fid);

/* Writes stack st as a JSON array of {"func","file","line"}, innermost
 * first. */
void gt_json_stack(FILE *fp, const struct gt_model *m, gt_stack st);

#endif
