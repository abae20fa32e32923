/* report.h: the analyses commands' output from a model (`gtview
 * goroutines`, `gtview gc`, and the headline lines `gtview stats` adds).
 * Kept in model/ so the figures come from one place; cmd/ only parses
 * arguments and opens files. */
#ifndef GT_MODEL_REPORT_H
#define GT_MODEL_REPORT_H

#include <stdio.h>

#include "model/model.h"
#include "model/stats.h"

enum { GT_REPORT_JSON = 1, GT_REPORT_BLOCKED = 2, GT_REPORT_BY_FUNC = 4, GT_REPORT_COUNT = 8 };

/* One row (or JSON object per line) per goroutine, or, with
 * GT_REPORT_BLOCKED, the goroutines waiting at the end grouped by reason
 * and stack.  Returns 0, or -1 when out of memory. */
int gt_report_goroutines(FILE *fp, const struct gt_model *m, int flags);
/* The same over the window [t0, t1): each goroutine's time clipped to it
 * (gt_model_g_window; goroutines with no interval there left out; END and
 * REASON stay the trace's end; GT_REPORT_BLOCKED ignores the window:
 * gt_model_blocked is the trace's end); with GT_REPORT_BY_FUNC, the groups by
 * start function (gt_model_groups_by_func), JSON Lines or a table with
 * the most time first. */
int gt_report_goroutines_window(FILE *fp, const struct gt_model *m, int flags, int64_t t0,
                                int64_t t1);

/* Region and task types with their counts and durations, log categories,
 * over the window [t0, t1) (gt_model_annotations): a JSON object with
 * arrays regions, tasks and logs, or tables. */
int gt_report_regions(FILE *fp, const struct gt_model *m, int flags, int64_t t0, int64_t t1);

/* One row (or JSON object per line, GT_REPORT_JSON) per thread over the
 * window [t0, t1) (gt_model_threads): its running and syscall time, the
 * goroutines it ran, its syscalls (how many, how many blocked, the
 * longest with its goroutine, function and stack).  0, or -1. */
int gt_report_threads(FILE *fp, const struct gt_model *m, int flags, int64_t t0, int64_t t1);
/* The single waits of kind (enum gt_prof_kind, not cpu) in [t0, t1)
 * (gt_waits_list), longest first, the first limit of them (0: all):
 * JSON Lines {"g","start","duration_ns","reason","stack","by_g"}, or a
 * line of their number and total then a table.  0, or -1 when out of
 * memory or a write failed. */
int gt_report_waits(FILE *fp, const struct gt_model *m, int json, int kind, size_t limit,
                    int64_t t0, int64_t t1);

/* The history of goroutines gis[0..n) (indices), one after the other:
 * one row (or JSON object per line, GT_REPORT_JSON) per transition,
 * with its cause (gt_model_g_transitions).  0, or -1 on a write error. */
int gt_report_history(FILE *fp, const struct gt_model *m, const uint32_t *gis, size_t n,
                      int flags);
/* "func file:line" of stack st's innermost frame into buf ("" when st
 * has none); returns buf. */
const char *gt_report_frame(char *buf, size_t size, const struct gt_model *m, gt_stack st);

/* How transition t's by_g caused it, in a phrase's first word: "created"
 * (from NotExist), "woken" (to Runnable), else "made". */
const char *gt_report_cause(const struct gt_gtrans *t);

/* `gtview search` (search.c): what text finds in [t0, t1)
 * (gt_model_find): with GT_REPORT_COUNT one line of counts (JSON: one
 * object {"text", "strings", "functions", "files", "events",
 * "goroutines", "regions", "tasks", "logs"}), else the matching
 * strings, the goroutines with their counts of matching events, and the
 * events in time order (JSON Lines: objects of "type" "string",
 * "goroutine", "event").  Returns 1 when an event matched, 0 when none,
 * -1 when out of memory or a write failed. */
int gt_report_search(FILE *fp, const struct gt_model *m, const char *text, int flags,
                     int64_t t0, int64_t t1);
/* The counts of r for people, the viewer's and the report's: "847
 * events in 2 goroutines · 3 functions · 1 file" (parts
 * that are 0 left out but events and goroutines); returns buf. */
const char *gt_report_search_summary(char *buf, size_t size, const struct gt_find_result *r);

/* GC cycles, STW pauses, pause distribution and MMU. */
int gt_report_gc(FILE *fp, const struct gt_model *m, int flags);
/* The same for the window [t0, t1): the cycles and pauses overlapping it
 * (whole, with their own figures) and, first, the window's GC, STW and
 * assist time (gt_model_window_stats_gc, clipped: adjacent windows add
 * up); the MMU figures stay the whole trace's. */
int gt_report_gc_window(FILE *fp, const struct gt_model *m, int flags, int64_t t0, int64_t t1);

/* "GC used 8.4% of the CPU: workers 7.5, assists 0.7, pauses 0.2" for c
 * (gt_model_gc_cpu; the parts in % of the CPU too) into buf: the one
 * wording of the CLI and the viewer.  Returns buf. */
const char *gt_report_gc_cpu(char *buf, size_t size, const struct gt_gc_cpu *c);

/* The goroutines' times and end states the headlines give, summed over
 * their lifetimes (gt_report_gtotals_add each). */
struct gt_gtotals {
	uint32_t by_state[GT_GS__COUNT]; /* lifetimes with an interval, by end state */
	int64_t ns[GT_GS__COUNT];
	int have_mmu;                    /* mmu_10ms worked out alongside */
	double mmu_10ms;                 /* gt_model_mmu(m, 10 ms) */
};
void gt_report_gtotals_add(struct gt_gtotals *t, const struct gt_goroutine *g);

/* A few lines of goroutine and GC headline figures for `gtview stats`;
 * tot: the sums over all of m's goroutines. */
void gt_report_stats_headlines(FILE *fp, const struct gt_model *m, const struct gt_gtotals *tot);

/* Formats a duration for people ("812ns", "3.4µs", "1.25ms", "2.500s"). */
const char *gt_report_dur(char *buf, size_t size, int64_t ns);

/* Formats bytes in MiB (2^20 bytes) for people ("12.3 MiB"); "-" for
 * UINT64_MAX (no figure). */
const char *gt_report_mib(char *buf, size_t size, uint64_t bytes);

/* `gtview stats` (stats_write.c): the figures of model/stats.h as one
 * JSON object with the oracle's fields (plus "v1_by_type" for old
 * traces), then a newline. */
void gt_stats_write_json(FILE *out, const struct gt_stats *s, const struct gt_tables *t,
                         const struct gt_decode_result *res);
/* The same figures for people. */
void gt_stats_write_text(FILE *out, const struct gt_stats *s, const struct gt_tables *t,
                         const struct gt_decode_result *res);

#endif
