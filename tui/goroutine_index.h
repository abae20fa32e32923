/* goroutine_index.h: what the goroutine list sorts and filters by, built
 * once per trace on a background thread right after the load, so that
 * every key of the list costs work that grows with the screen, not with
 * the goroutines (a trace may hold millions).
 *
 * - Signatures: goroutines alike in every column a filter reads (end
 *   state, start function, wait reason, end stack) share one; a filter
 *   is decided once per signature, and a list's length is the sum of the
 *   counts of the signatures it keeps.  gsig16 (below 65536 signatures,
 *   nearly always) or gsig: a u16 or u32 per goroutine (tui_gsig_of).
 * - Orders: per sort column, the listed goroutines (those with a state
 *   interval) by (key, id) ascending; descending reverses the order but
 *   keeps ties by id ascending.  The id order is the model's
 *   (gt_model_g_order); running and waiting times, a u32 per goroutine,
 *   with the runs of equal keys (ties) read backwards for descending.
 * - The columns a signature decides (state, reason, start function) keep
 *   no order: a key's goroutines in id order are the places of the id
 *   order whose signature has that key, found by selection (tui_gsel):
 *   a key with many goroutines keeps every 64th one's place and the rest
 *   is read on from there; a key with few lists them.
 * Memory: 4 bytes per goroutine for the signatures and for each time
 * order, and a few bits per goroutine for the selections. */
#ifndef GT_TUI_GOROUTINE_INDEX_H
#define GT_TUI_GOROUTINE_INDEX_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "model/model.h"

enum tui_gcol { TUI_GCOL_ID, TUI_GCOL_STATE, TUI_GCOL_RUN, TUI_GCOL_WAIT,
	TUI_GCOL_REASON, TUI_GCOL_FUNC, TUI_GCOL__COUNT };

struct tui_gsig {
	gt_str func;            /* start function */
	uint32_t pcframe;       /* no start function: the frame whose PC names
	                           it (tui_g_func), else 0 */
	gt_str reason;          /* why it waits at the end (gt_model_g_wait_reason) */
	gt_stack stack;         /* end stack */
	uint32_t count;         /* goroutines with this signature */
	uint32_t lo, hi;        /* the first and last of their indices */
	uint8_t state;          /* end state */
	uint8_t listed;         /* has a state interval (the list shows it) */
};

struct tui_gtie { uint32_t s, e; };     /* order places [s, e): equal keys */

/* A column a signature decides: its keys' goroutines as places of the
 * model's id order (ranks).  Key k holds places [start[k], start[k+1])
 * of the ascending order; a key with many goroutines (big[k]) keeps the
 * rank of every TUI_GSEL_STEP-th one in samples[sat[k]..sat[k+1]), the
 * others all their ranks in few[fat[k]..fat[k+1]). */
#define TUI_GSEL_STEP 64
struct tui_gsel {
	uint32_t nk;
	uint32_t *start, *sat, *samples, *fat, *few;
	uint8_t *big;
	struct tui_gsel_cur {   /* the last one found: read on from it */
		uint32_t k, j, r; /* the j-th of key k is at rank r */
		int valid;
	} *cur;                 /* the main thread's (found through a const index) */
};

struct tui_gorder {
	uint32_t *v;            /* goroutine indices, nlisted of them */
	struct tui_gtie *ties;  /* runs of 2+ equal keys, by place */
	size_t nties;
};

struct tui_gindex {
	const struct gt_model *m;
	uint32_t n, nlisted;    /* goroutines; those with a state interval */
	uint32_t *gsig;         /* signature of each goroutine index (NULL */
	uint16_t *gsig16;       /* when gsig16 holds them; tui_gsig_of) */
	struct tui_gsig *sigs;
	uint32_t nsig;
	uint32_t *skey[TUI_GCOL__COUNT]; /* per signature: its key's rank
	                           (STATE, REASON, FUNC: columns a signature
	                           decides) */
	struct tui_gorder order[TUI_GCOL__COUNT]; /* ID, RUN, WAIT */
	struct tui_gsel sel[TUI_GCOL__COUNT];      /* STATE, REASON, FUNC */
	const uint32_t *perm;   /* the model's id order: ranks to indices */
	int id_is_model;        /* order[ID].v is the model's (gt_model_g_order) */
	struct gt_blocked blocked; /* the model's blocked groups (gt_model_blocked) */
	struct gt_ggroups byfunc;  /* the model's groups by start function */
	double build_ms;        /* signatures, every order, the search index */
	/* the background build: ready counts the steps done (signatures,
	 * then the orders in build order), under mu */
	pthread_t th;
	int started;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	int ready;
	int cap;                /* tui_gindex_cap */
	atomic_int cancel;
};

/* Starts building x for m (a thread; the model is read-only by now):
 * signatures, orders, the model's blocked groups and groups by start
 * function, then the model's search index (gt_model_str_goroutines). */
void tui_gindex_start(struct tui_gindex *x, const struct gt_model *m);
/* Waits until the signatures and column col's order exist (col < 0:
 * the signatures only; TUI_GCOL__COUNT: everything). */
void tui_gindex_wait(struct tui_gindex *x, int col);
/* tui_gindex_wait given up once *stop is set (looked at every 10 ms):
 * 0 when they exist and *stop is not set, else -1 (a build that is
 * stopped may be told to stop before x is). */
int tui_gindex_wait_unless(struct tui_gindex *x, int col, atomic_int *stop);
/* The same, without waiting: 1 when they exist (the list shows what it
 * can before: goroutine_rows.c). */
int tui_gindex_ready(struct tui_gindex *x, int col);
int tui_gindex_ready_blocked(struct tui_gindex *x);
int tui_gindex_ready_byfunc(struct tui_gindex *x);
/* Scripts' tests of the early rows: the ready calls above see only the
 * first `steps` steps of the build as done (INT_MAX: all, the default). */
void tui_gindex_cap(struct tui_gindex *x, int steps);
/* Stops the build if it runs, and frees everything: 0.  -1 when the
 * build is in one of the model's steps that cannot be stopped and has
 * not ended within 100 ms: the thread is left to the process's exit,
 * and x and the model must be too (still reachable, not freed). */
int tui_gindex_free(struct tui_gindex *x);

/* Joins thread th if it ends within 100 ms: 0; else detaches it: -1
 * (a build the user no longer waits for, left to the process's exit). */
int tui_thread_join_soon(pthread_t th);

/* The goroutine at place p (< nlisted) of col's order, descending or not. */
uint32_t tui_gindex_at(const struct tui_gindex *x, enum tui_gcol col, int desc, size_t p);
/* The place of goroutine g in that order; SIZE_MAX if not listed. */
size_t tui_gindex_find(const struct tui_gindex *x, enum tui_gcol col, int desc, uint32_t g);
/* Sorts g[0..k) as col's order has them (for small sets). */
void tui_gindex_sort(const struct tui_gindex *x, enum tui_gcol col, int desc, uint32_t *g, size_t k);

/* Place q of order o (n places, ascending) read descending: the place
 * that holds it, each run of equal keys (o->ties) kept ascending. */
size_t tui_gorder_flip(const struct tui_gorder *o, size_t n, size_t q);
/* Its inverse: the place, read descending, of ascending place a (not
 * tui_gorder_flip itself when runs of equal keys are uneven). */
size_t tui_gorder_unflip(const struct tui_gorder *o, size_t n, size_t a);
/* Adds places [s, e) to o's runs of equal keys when it holds two or
 * more (*cap: the room o->ties has, grown as needed). */
void tui_gorder_add_tie(struct tui_gorder *o, size_t *cap, size_t s, size_t e);
/* Sorts g[0..k) by key[i] (ascending, or descending with equal keys
 * ascending), equal keys by Go id, then index; by_id: the key is the id. */
void tui_gsort_keyed(const struct gt_model *m, const uint64_t *key, int by_id, int desc, uint32_t *g,
                     size_t k);

/* Waits until the model's blocked groups (gt_model_blocked) or groups by
 * start function (gt_model_groups_by_func) exist (when the background
 * build is past them). */
void tui_gindex_wait_blocked(struct tui_gindex *x);
void tui_gindex_wait_byfunc(struct tui_gindex *x);


/* The signature of goroutine index g. */
static inline uint32_t tui_gsig_of(const struct tui_gindex *x, uint32_t g)
{
	return x->gsig16 ? x->gsig16[g] : x->gsig[g];
}

#endif
