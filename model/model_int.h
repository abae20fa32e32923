/* model_int.h: the model's insides, shared by the files of model/ only. */
#ifndef GT_MODEL_MODEL_INT_H
#define GT_MODEL_MODEL_INT_H

#include <pthread.h>

#include "model/ids.h"
#include "model/lane.h"
#include "model/model.h"

/* A growable array of fixed-size elements. */
struct gt_vec {
	void *v;
	size_t n, cap;
};
void *gt_vec_push(struct gt_vec *a, size_t elsize); /* NULL: out of memory */
void gt_vec_free(struct gt_vec *a);
#define GT_VEC_AT(a, T, i) (((T *)(a).v)[i])

/* A goroutine state key: the (state, reason, stack, P) of an interval,
 * interned so an interval's record needs one small number. */
struct gt_gkey {
	uint8_t state;
	gt_str reason;
	gt_stack stack;
	int64_t p;
};

/* Loading state of one goroutine, beside its public info. */
struct gt_gbuild {
	int64_t since;     /* start of the open interval; INT64_MIN none */
	uint32_t key;      /* key of the open interval */
	int64_t run_p;     /* P index it is running on, or -1 */
	int64_t run_since;
};

struct gt_pbuild {
	int64_t m;         /* M index holding it, or -1 */
	int64_t since;
};

/* Open runtime ranges awaiting their end. */
struct gt_open_range {
	uint8_t set;
	int64_t scope_id;
	size_t index;      /* in ranges[set] */
};

#define GT_PDIRECT 1024

struct gt_model {
	struct gt_tables *tables;
	int owns_tables;
	struct gt_trace_info info;
	int finished;
	int nomem;             /* an allocation failed: the model is partial */
	uint32_t nlanes;       /* lane ids handed out (all kinds) */

	/* Caches of the last lookups: consecutive events share contexts. */
	int64_t last_g, last_m;
	uint32_t last_gi, last_mi;
	uint32_t pdirect[GT_PDIRECT]; /* P id -> index + 1, small ids */

	/* Goroutines: public info, build state, lanes; by dense index. */
	struct gt_vec gs;      /* struct gt_goroutine */
	struct gt_vec gb;      /* struct gt_gbuild */
	struct gt_vec glanes;  /* struct gt_lane */
	struct gt_ids gmap;

	struct gt_vec ps, pb, planes; /* gt_proc, gt_pbuild, gt_lane */
	struct gt_ids pmap;
	struct gt_vec ms, mlanes;     /* gt_thread, gt_lane */
	struct gt_ids mmap;

	struct gt_vec keys;    /* struct gt_gkey */
	struct gt_ids keymap; /* hash of a key -> first key with that hash */
	struct gt_vec keynext;  /* uint32_t: next key with the same hash */

	struct gt_lanes lanes; /* storage of every lane above */

	struct gt_vec ranges[GT_RS__COUNT]; /* struct gt_range */
	struct gt_vec open;    /* struct gt_open_range */
	struct gt_vec open_regions; /* uint32_t: indices of open regions */

	struct gt_vec metrics[GT_METRIC_OTHER]; /* struct gt_point */

	struct gt_vec tasks;   /* struct gt_task */
	struct gt_ids taskmap;
	struct gt_vec regions; /* struct gt_region */
	struct gt_vec logs;    /* struct gt_log */
	struct gt_vec samples; /* struct gt_sample */

	/* Goroutine counts over time: integrals of each count over buckets
	 * of width cw from min_ts; the width doubles when time outgrows. */
	double *cbuckets;      /* 4 per bucket: runnable running waiting syscall */
	uint32_t cnb;          /* buckets in use */
	int64_t cw, clast;
	int64_t ccount[4];

	/* Search index, built on first use. */
	pthread_mutex_t search_mu;
	int search_built;
	uint32_t *sg_off, *sg;       /* CSR: str -> goroutine indices */
	uint32_t *se_off;            /* CSR: str -> refs */
	struct gt_ref *se;
	uint32_t search_nstr;
};

/* model/search.c */
void gt_model_search_free(struct gt_model *m);

#define GT_CB 131072 /* count buckets held; merged in pairs when full */

#endif
