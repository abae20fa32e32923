/* model_int.h: the model's insides, shared by the files of model/ only. */
#ifndef GT_MODEL_MODEL_INT_H
#define GT_MODEL_MODEL_INT_H

#include <pthread.h>
#include <stdatomic.h>
#include <string.h>

#include "model/glog.h"
#include "model/glink.h"
#include "model/dmap.h"
#include "decode/ids.h"
#include "model/idseq.h"
#include "model/series.h"
#include "model/lane.h"
#include "model/model.h"
#include "model/rec.h"

/* A growable array of fixed-size elements. */
struct gt_vec {
	void *v;
	size_t n, cap;
};
void *gt_vec_push_slow(struct gt_vec *a, size_t elsize);
/* Room for one more element, cleared (NULL: out of memory).  Inline: the
 * model pushes ranges and keys per event; the size is mostly a constant. */
static inline void *gt_vec_push(struct gt_vec *a, size_t elsize)
{
	if (__builtin_expect(a->n == a->cap, 0))
		return gt_vec_push_slow(a, elsize);
	void *p = (char *)a->v + a->n * elsize;
	a->n++;
	memset(p, 0, elsize);
	return p;
}
void gt_vec_free(struct gt_vec *a);
#define GT_VEC_AT(a, T, i) (((T *)(a).v)[i])

struct gt_model;
/* stackwhy.c: the reasons a stack may tell, interned at finish. */
#define GT_STACK_WHY 8
int gt_stackwhy_init(struct gt_model *m);
/* gstart.c: the start function's strings, interned at finish. */
int gt_gstart_init(struct gt_model *m);
/* ginit.c: a goroutine that existed when tracing began (the sinks'
 * initial()), and the table sorted at finish. */
int gt_model_add_initial(struct gt_model *m, const struct gt_initial *ig);
void gt_ginit_finish(struct gt_model *m);

/* A goroutine state key: the (state, reason, stack, P) of an interval,
 * interned so an interval's record needs one small number. */
struct gt_gkey {
	uint8_t state;
	gt_str reason;
	gt_stack stack;
	int64_t p;
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

/* Sums and spans of times that saturate at INT64_MAX / INT64_MIN: a
 * hostile trace's times may run from near INT64_MIN to near INT64_MAX. */
static inline int64_t gt_sat_add(int64_t a, int64_t b)
{
	int64_t r;
	return __builtin_add_overflow(a, b, &r) ? (b > 0 ? INT64_MAX : INT64_MIN) : r;
}
static inline int64_t gt_sat_sub(int64_t a, int64_t b)
{
	int64_t r;
	return __builtin_sub_overflow(a, b, &r) ? (b < 0 ? INT64_MAX : INT64_MIN) : r;
}

/* A GC cycle's RangeBegin: its time, goroutine and stack (gc.c). */
struct gt_gc_began {
	int64_t ts, g;
	gt_stack stack;
};

#define GT_PDIRECT 1024
#define GT_MCACHE 16
#define GT_KCACHE_BITS 10
/* A goroutine key cache entry (gbuild.c): the key packed in two words. */
struct gt_kcache {
	uint64_t w0, w1;
	uint32_t k;
};
#define GT_GBASE_STEP 64
/* Go ids in rank order (gperm's), packed: they only grow, mostly by a
 * little (ids are handed out in small batches), so a byte per rank holds
 * its id less the one before, with the id of every GT_SIDS_STEP-th rank
 * in full (less base); a step of 255 or more is one of big's (ranks in
 * order, bigd their steps).  1 byte a goroutine, not 4. */
#define GT_SIDS_STEP 64
struct gt_sids {
	int64_t base;
	uint8_t *d;
	uint32_t *ck;
	uint32_t *big, *bigd;
	size_t nbig;
};
void gt_sids_free(struct gt_sids *s);

/* What a block of GT_GBASE_STEP goroutines (by index) shares: the time
 * their logs' deltas count from (glog.h), and the time their intervals
 * span, so that a pass over a window skips the blocks outside it
 * (gt_gblock_meets) without reading their logs. */
struct gt_gblock {
	int64_t base;
	int64_t lo, hi; /* at most the earliest start, at least the latest end
	                   of their intervals (gbuild.c); lo starts at base,
	                   hi at INT64_MIN */
};
#define GT_GIX_GROUP 64
#define GT_GIX_BLOCK 256

/* The last cause a live goroutine's log holds (gbuild.c): a cause
 * again goes as a bodiless note (GT_GN_AGAIN).  Valid while gi is the
 * slot's goroutine. */
struct gt_gcause_memo {
	int64_t by_d;         /* by_g less the goroutine's id */
	uint32_t gi;
	gt_stack by_stack;
};

/* A live goroutine's reverse links not yet in their arena (gbuild.c,
 * glink.h): the links of the chunk it writes, by the same slot as its
 * struct gt_glive; in use while that one's linked is set. */
#define GT_GLIBUF 28
struct gt_glink {
	uint8_t *buf;         /* the bytes when they outgrew ibuf; NULL: ibuf */
	int64_t prev_ts;      /* the last link's time and target (or the */
	uint32_t prev_gi;     /* chunk's base: glink.h) */
	uint32_t gi;          /* the causer */
	uint32_t n;           /* links in the buffer */
	uint32_t tail;        /* where the last chunk out keeps its next; 0 none */
	uint16_t len, cap;    /* bytes in the buffer, its size */
	uint8_t ibuf[GT_GLIBUF];
};

struct gt_model {
	struct gt_tables *tables;
	int owns_tables;
	struct gt_trace_info info;
	int finished;
	int nomem;             /* an allocation failed: the model is partial */
	uint32_t nlanes;       /* lane ids handed out (all kinds) */

	/* Caches of the last lookups: consecutive events share contexts. */
	int64_t last_g, last_m;
	uint32_t last_gslot, last_mi;
	uint32_t pdirect[GT_PDIRECT]; /* P id -> index + 1, small ids */
	int64_t mc_id[GT_MCACHE];     /* M ids seen lately (by hash)... */
	uint32_t mc_i[GT_MCACHE];     /* ...and their indices */

	/* Goroutines by dense index (order of first appearance): Go id and
	 * first chunk of the packed log (glog.h). */
	struct gt_idseq gids;  /* Go ids, packed */
	struct gt_vec gheads;  /* uint32_t */
	struct gt_vec gblk;    /* struct gt_gblock per GT_GBASE_STEP goroutines */
	struct gt_vec gix;     /* struct gt_gix, sorted by (gi, rec0) at finish */
	uint32_t *gixblk;      /* per GT_GIX_BLOCK goroutine indices, and one
	                          more: the first gix entry of a goroutine
	                          there (finish), so that finding a goroutine's
	                          entries searches a few, not all of them */
	uint32_t *gixtop;      /* per GT_GIX_GROUP entries of gix (finish): the
	                          one with the first longest record */
	struct gt_barena garena;
	struct gt_ids gendkey; /* gi -> key of a same-state last transition */
	struct gt_vec ginit;   /* struct gt_initial, by Go id after finish (ginit.c) */
	struct gt_vec gsys0;   /* struct gt_gsys0: goroutines whose first status
	                          is a syscall, on a thread the trace names */
	gt_str stack_why[GT_STACK_WHY]; /* the reasons a stack tells (stackwhy.c) */
	gt_str start_cut;      /* gstart.c's text for a cut stack (0 until finish) */
	uint32_t *gperm;       /* indices sorted by Go id (first lookup) */
	struct gt_sids *gsorted; /* the Go ids in that order (NULL when they
	                          span 2^32 or more: read from gids) */
	/* Live goroutines only, while loading. */
	struct gt_vec glive;   /* struct gt_glive, 64-byte aligned */
	struct gt_vec glcold;  /* struct gt_gcold, by the same slot */
	struct gt_vec glcause; /* struct gt_gcause_memo, by the same slot */
	struct gt_vec gllink;  /* struct gt_glink, by the same slot */
	struct gt_vec gfree;   /* uint32_t: free glive slots */
	struct gt_dmap glivemap; /* Go id -> glive slot */

	struct gt_vec ps, pb, planes; /* gt_proc, gt_pbuild, gt_lane */
	struct gt_ids pmap;
	struct gt_vec ms, mlanes;     /* gt_thread, gt_lane */
	struct gt_ids mmap;

	struct gt_vec keys;    /* struct gt_gkey */
	struct gt_ids keymap; /* hash of a key -> first key with that hash */
	struct gt_vec keynext;  /* uint32_t: next key with the same hash */
	struct gt_kcache kcache[1 << GT_KCACHE_BITS]; /* keys seen lately */

	struct gt_lanes lanes; /* storage of every lane above */

	struct gt_vec ranges[GT_RS__COUNT]; /* struct gt_range */
	int64_t range_longest[GT_RS__COUNT]; /* each set's longest range, for
	                                        gt_model_ranges_from */
	struct gt_vec open;    /* struct gt_open_range */
	struct gt_vec gcbegan; /* struct gt_gc_began: who began each GC cycle */
	struct gt_vec open_regions; /* uint32_t: indices of open regions */

	struct gt_series metrics[GT_METRIC_OTHER];

	struct gt_vec tasks;   /* struct gt_task */
	struct gt_ids taskmap;
	struct gt_vec regions; /* struct gt_region */
	struct gt_vec logs;    /* struct gt_log */
	struct gt_vec samples; /* struct gt_sample */
	struct gt_vec labels;  /* struct gt_label */

	/* Goroutine counts over time: integrals of each count over buckets
	 * of width cw from min_ts; the width doubles when time outgrows.
	 * While loading, bucket cbi is kept in a form where a change costs
	 * two adds (gbuild.c, "goroutine counts"). */
	double *cbuckets;      /* 4 per bucket: runnable running waiting syscall */
	uint32_t cnb;          /* 0 before the first change, 1 loading, 2 done */
	int64_t cw, clast;
	int64_t cbi, cbend;    /* current bucket and its end (INT64_MIN
	                          before the first change) */
	int64_t cdirty;        /* buckets from cbi + 1 up to this hold stale
	                          sums (of before the last widening) */
	int64_t ccount[GT_GS__COUNT]; /* goroutines per state now (by state; */
	int64_t cstart[GT_GS__COUNT]; /* ...when bucket cbi began  only */
	int64_t cacc[GT_GS__COUNT];   /* bucket cbi's changes       Runnable..Syscall count) */

	/* Search index (search.c), built on first use under strx_mu. */
	pthread_mutex_t search_mu;   /* gperm's */
	pthread_mutex_t strx_mu;
	int search_built;
	uint32_t *sp_off, *sp;       /* CSR: profile -> goroutine indices */
	uint32_t *sp_count;          /* goroutines per profile */
	uint32_t *ss_off, *ss;       /* CSR: str -> profiles */
	uint32_t *se_off;            /* CSR: str -> refs */
	struct gt_ref *se;
	uint32_t search_nstr;
	pthread_mutex_t uses_mu;     /* str_uses's (not strx_mu: the search
	                                bar must not wait for that index) */
	uint8_t *str_uses;           /* find.c: GT_SU_* per string */

	/* The MMU's utilization steps (mmu.c), built on first use. */
	pthread_mutex_t mmu_mu;
	struct gt_mmu_steps *mmu;

	/* What each M ran, as lanes (mlanes.c), built on first use; built
	 * is set once mact is (read without the lock, which a build holds). */
	pthread_mutex_t mact_mu;
	struct gt_mact *mact;
	atomic_int mact_built;

	/* Reverse links (glink.h): per causer by goroutine index, its first
	 * chunk (0 none; goroutines past n have none), and the causes whose
	 * causing goroutine had no goroutine of its own to list them under. */
	struct gt_barena larena;
	struct gt_vec lheads;  /* uint32_t */
	int64_t lbase;         /* the first link's time (INT64_MIN none yet) */
	uint64_t lunlisted;

	/* Loading (build.c): the context of the records being added (rec.h)
	 * and, by transition stack id, root func << 1 | gc worker. */
	int64_t cur_m;
	int64_t cur_g;         /* GT_R_CREATE: the creator, and the event's */
	gt_stack cur_stack;    /* stack: valid for a GTRANS from NotExist only */
	struct gt_vec sroot;   /* uint32_t */

	int threads;           /* gt_load_opts.threads, for gt_model_g_par */
};

/* The loader's use of a counting struct gt_stats (gt_load_opts.counts,
 * stats.c): its sink, and forgetting what it counted when the load
 * starts over. */
struct gt_stats;
void gt_stats_counts_sink(struct gt_stats *s, struct gt_sink *sink);
void gt_stats_reset_counts(struct gt_stats *s);

/* The loader's records (model/rec.h) into the model, in order; full: the
 * block's side array of GT_R_FULL events.  -1 when out of memory.  In
 * gbuild.c, so goroutine transitions (most records) are handled inline. */
int gt_model_add_recs(struct gt_model *m, const struct gt_rec *v, uint32_t n,
                      const struct gt_qev *full);
/* Root function (and, in *gc_worker, whether it is runtime.gcBgMarkWorker)
 * of transition stack st, as the GT_R_STACK records told (build.c keeps
 * them while loading); 0 for stack 0. */
static inline gt_str gt_model_stack_root(const struct gt_model *m, gt_stack st, uint8_t *gc_worker)
{
	uint32_t v = st < m->sroot.n ? ((const uint32_t *)m->sroot.v)[st] : 0;
	*gc_worker = v & 1;
	return v >> 1;
}

/* model/build.c: the loader's records other than goroutine transitions
 * (gt_model_add_recs, in gbuild.c, dispatches them): a context seen, a
 * transition stack's root, a P transition at ts on the current M, any
 * other event.  -1 when out of memory. */
int gt_build_ctx(struct gt_model *m, const struct gt_rec *r);
int gt_build_root(struct gt_model *m, const struct gt_rec *r);
int gt_build_ptrans(struct gt_model *m, int64_t ts, int64_t id, uint8_t to);
int gt_build_full(struct gt_model *m, const struct gt_event *ev, const struct gt_hint *h);
/* Every event: the trace's time span (the counts are added apart). */
static inline void gt_seen_ts(struct gt_model *m, int64_t ts)
{
	struct gt_trace_info *in = &m->info;
	if (in->min_ts == INT64_MAX) {
		in->min_ts = ts;
		m->clast = ts;
	}
	if (ts > in->max_ts)
		in->max_ts = ts;
}
uint32_t gt_model_p_index_slow(struct gt_model *m, int64_t id);
/* P id -> dense index (UINT32_MAX: out of memory); small ids direct. */
static inline uint32_t gt_model_p_index(struct gt_model *m, int64_t id)
{
	if ((uint64_t)id < GT_PDIRECT && m->pdirect[id])
		return m->pdirect[id] - 1;
	return gt_model_p_index_slow(m, id);
}
void gt_model_mmu_free(struct gt_model *m);  /* mmu.c */
void gt_model_mact_free(struct gt_model *m); /* mlanes.c */
/* A goroutine in a syscall when tracing began (its first transition, from
 * Undetermined) and the thread its status event was on (the new format
 * says; rec.h: gt_renc_sys_status).  A few a trace. */
struct gt_gsys0 { int64_t g, ts, m; };
/* threads.c: the M index of goroutine gi's Syscall interval starting at
 * ts that was its first status; UINT32_MAX when not known. */
uint32_t gt_model_gsys0_m(const struct gt_model *m, uint32_t gi, int64_t ts);
/* threads.c: every Syscall interval of the trace whose thread is known,
 * by gt_model_threads's rule (mi: M index), goroutine by goroutine, on
 * two threads for a big model (gpar.h): fn(ctx[k], ...) on thread k, in
 * no fixed order; fn returns nonzero when out of memory.  0, or -1 when
 * out of memory or once *cancel (NULL: none) is set. */
typedef int (*gt_msys_fn)(void *ctx, uint32_t mi, uint32_t gi, int64_t start, int64_t end);
int gt_threads_syscalls(const struct gt_model *m, gt_msys_fn fn, void *ctx[2],
                        const _Atomic int *cancel);
/* mlanes.c: columns first .. first + ncols - 1 of cs of M lane mi's runs
 * and syscalls (classes GT_MRUN_*); -1 when they could not be built. */
struct gt_cols;
int gt_model_m_runs_columns(const struct gt_model *m, uint32_t mi, const struct gt_cols *cs,
                            uint32_t first, uint32_t ncols, struct gt_lane_col *out);
uint32_t gt_gb_key(struct gt_model *m, uint8_t state, gt_str reason, gt_stack stack, int64_t p);
int gt_gix_cmp(const void *a, const void *b);
/* model/gbuild.c */
uint32_t gt_gb_live(struct gt_model *m, int64_t id);
int gt_gb_transition(struct gt_model *m, const struct gt_event *ev, const struct gt_hint *h);
void gt_gb_counts_advance(struct gt_model *m, int64_t t);
int gt_gb_finish(struct gt_model *m, int64_t end);
int gt_gb_label(struct gt_model *m, const struct gt_event *ev, const struct gt_hint *h);
void gt_gb_sync(struct gt_model *m, const struct gt_event *ev);
/* Key k of m (an interval record's or a note's). */
static inline const struct gt_gkey *gt_gkey_at(const struct gt_model *m, uint32_t k)
{
	return &GT_VEC_AT(m->keys, struct gt_gkey, k);
}
/* Time base of goroutine gi's log (model/gbuild.c). */
static inline int64_t gt_gbase(const struct gt_model *m, uint32_t gi)
{
	return ((const struct gt_gblock *)m->gblk.v)[gi / GT_GBASE_STEP].base;
}
/* Whether goroutine gi's block may have an interval that meets [t0, t1)
 * as gt_gspan_clip has it (one overlapping it, or an instant inside):
 * when not, none of the block's goroutines has. */
static inline int gt_gblock_meets(const struct gt_model *m, uint32_t gi, int64_t t0, int64_t t1)
{
	const struct gt_gblock *b = &((const struct gt_gblock *)m->gblk.v)[gi / GT_GBASE_STEP];
	return b->lo < t1 && b->hi >= t0;
}
/* A goroutine's Waiting time by reason, handed to fn in the order the
 * reasons first come (the JSON rows keep it); more than 32 reasons (rare)
 * are handed out 32 at a time.  gt_model_g_window's and
 * gt_model_g_reasons'. */
struct gt_rsum {
	gt_str reason[32];
	int64_t ns[32];
	int n;
	gt_reason_ns_fn fn;
	void *ctx;
};
static inline void gt_rsum_add(struct gt_rsum *r, gt_str reason, int64_t d)
{
	int i;
	for (i = 0; i < r->n && r->reason[i] != reason; i++)
		;
	if (i == r->n) {
		if (r->n == 32) {
			for (int k = 0; k < r->n; k++)
				r->fn(r->ctx, r->reason[k], r->ns[k]);
			r->n = i = 0;
		}
		r->reason[i] = reason;
		r->ns[r->n++] = 0;
	}
	r->ns[i] += d;
}
static inline void gt_rsum_end(struct gt_rsum *r)
{
	for (int k = 0; k < r->n; k++)
		r->fn(r->ctx, r->reason[k], r->ns[k]);
}
/* model/gquery.c */
/* A cursor at the last chunk of gi's log starting at or before t (the
 * first chunk: past its header), the time per state before it in cum
 * (NULL: not wanted); returns its index entry (in m->gix) + 1, 0 for
 * the first chunk. */
size_t gt_g_seek(const struct gt_model *m, uint32_t gi, int64_t t, struct gt_gcur *c,
                 int64_t cum[GT_GS__COUNT]);
void gt_model_g_columns(const struct gt_model *m, uint32_t gi, int64_t t0, int64_t t1,
                        uint32_t ncols, struct gt_col *out);
/* model/search.c */
void gt_model_search_free(struct gt_model *m);

#define GT_CB (2 * GT_MODEL_COUNT_BUCKETS) /* buckets held; merged in pairs when full */

#endif
