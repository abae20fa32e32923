/* stats.h: the trace's headline figures (`gtview stats`), computed by a
 * gt_sink in the one decoding pass, with the meanings of the corpus oracle
 * (../shared/corpus/README.md, "expected/oracle"): what Go's reader
 * delivers, counted by kind, resource and state.
 */
#ifndef GT_MODEL_STATS_H
#define GT_MODEL_STATS_H

#include <stdint.h>
#include <stdio.h>

#include "decode/decode.h"

struct gt_stats_blocked {
	int64_t g;
	gt_str reason;
	gt_str top_frame; /* function of the innermost frame; 0 when none */
};

struct gt_stats {
	uint64_t events;
	uint64_t by_kind[GT_EV__COUNT];
	uint64_t trans_goroutine, trans_proc;
	uint64_t goroutines, procs, threads;
	uint64_t gc_cycles, stw, tasks, regions, logs;
	uint64_t stacks_distinct;
	uint64_t final_states[GT_GS__COUNT]; /* goroutines by last state */
	struct gt_stats_blocked *blocked;    /* sorted by g after finish */
	uint32_t nblocked;
	int64_t min_ts, max_ts;              /* 0 when no events */
	struct gt_stats_priv *priv;
};

/* A sink that fills s (zeroed by the call).  Free with gt_stats_free. */
int gt_stats_init(struct gt_stats *s, struct gt_sink *sink);
/* The same without the per-goroutine figures (goroutines, final_states,
 * blocked), for a load that counts as it goes (model.h:
 * gt_load_opts.counts): gt_stats_finish_model reads them from the loaded
 * model. */
int gt_stats_init_counts(struct gt_stats *s);
struct gt_model;
struct gt_gtotals;
/* After gt_stats_init_counts and loading m from the same events
 * (stats_model.c); also sums the goroutines' times into *tot for the
 * headlines (report.h).  0, or -1 when out of memory. */
int gt_stats_finish_model(struct gt_stats *s, const struct gt_model *m, struct gt_gtotals *tot);
/* After decoding: final states, blocked list.  tables: the trace's. */
int gt_stats_finish(struct gt_stats *s, const struct gt_tables *t);
void gt_stats_free(struct gt_stats *s);

/* Decodes buf with gt_decode_opts (o: NULL, the defaults) into s (init +
 * decode + finish). */
int gt_stats_compute(const uint8_t *buf, size_t len, struct gt_tables *t,
                     const struct gt_decode_opts *o, struct gt_stats *s,
                     struct gt_decode_result *res);

#endif
