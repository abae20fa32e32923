/* load_opts.h: the options of a decode or a load (decode/decode.h,
 * model/model.h) as the command line's environment sets them, and the
 * statistics those give back, printed on stderr.  decode/ and model/
 * read no environment and print nothing: this is where the GTVIEW_*
 * variables of tests and benchmarks are read.
 *
 *   GTVIEW_LOAD_THREADS=1|2   load on one thread / always on two
 *   GTVIEW_LOAD_RECS=0        no record path: every event to the sink
 *   GTVIEW_LOAD_STATS=1       print the load's timings and statistics
 *   GTVIEW_V1_REFERENCE=1     old format: the reference path only
 *   GTVIEW_V1_SPLIT_MIN=N     old format: split the scan from N bytes
 *                             (and say what became of the split)
 *   GTVIEW_V1_PIPE_MIN=N      old format: both runs at once from N bytes
 *   GTVIEW_V1_PIPE_MARGIN=N   ... the second run N events behind
 *   GTVIEW_V1_PIPE_LOCKSTEP=1 ... right behind the first
 *   GTVIEW_V1_PIPE_RESTART=N  ... giving up at order index N
 */
#ifndef GT_CMD_LOAD_OPTS_H
#define GT_CMD_LOAD_OPTS_H

#include "model/model.h"

struct gt_cmd_load {
	struct gt_load_opts opts;   /* opts.stats points at stats */
	struct gt_load_stats stats;
	int print_stats;            /* GTVIEW_LOAD_STATS */
	int print_split;            /* GTVIEW_V1_SPLIT_MIN */
};

/* The defaults, changed by the environment. */
void gt_cmd_load_init(struct gt_cmd_load *l);
/* After a load with l->opts: its statistics on stderr, if asked for. */
void gt_cmd_load_notes(const struct gt_cmd_load *l);
/* After a decode with l->opts.decode: the decoder's, if asked for. */
void gt_cmd_decode_notes(const struct gt_cmd_load *l);

/* gt_model_load_with the environment's options, then its notes. */
struct gt_model *gt_cmd_load_model(const uint8_t *buf, size_t len, int mapped,
                                   struct gt_stats *counts, struct gt_decode_result *res);
/* gt_decode_opts with the environment's options, then its notes. */
enum gt_status gt_cmd_decode(const uint8_t *buf, size_t len, struct gt_tables *t,
                             const struct gt_sink *sink, struct gt_decode_result *res);

#endif
