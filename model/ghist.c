/* ghist.c: a goroutine's history (its transitions, each with its cause)
 * from its packed log and notes (glog.h), and the reverse links (what a
 * goroutine woke or created), indexed on first use. */
#include "model/model_int.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

static const struct gt_gkey *key_at(const struct gt_model *m, uint32_t k)
{
	return &GT_VEC_AT(m->keys, struct gt_gkey, k);
}

/* The transition of the same-state note n (at seq), to fn. */
static int same_note(const struct gt_model *m, const struct gt_gnote *n, uint32_t seq,
                     gt_gtrans_fn fn, void *ctx)
{
	const struct gt_gkey *k = key_at(m, n->key);
	struct gt_gtrans t = {.ts = n->ts, .seq = seq, .from = k->state, .to = k->state,
	                      .reason = k->reason, .stack = k->stack,
	                      .by_g = n->f & GT_GN_BY ? n->by_g : GT_NONE,
	                      .by_stack = n->f & GT_GN_BY ? n->by_stack : 0};
	return fn(ctx, &t);
}

/* A note's cause in full for goroutine id: GT_GN_AGAIN's is the last
 * one read (*by, *bs), which a GT_GN_BY note with a body sets. */
static void resolve(struct gt_gnote *n, int64_t id, int64_t *by, gt_stack *bs)
{
	if (n->f & GT_GN_AGAIN) {
		n->by_g = *by;
		n->by_stack = *bs;
	} else if (n->f & GT_GN_BY) {
		n->by_g = (int64_t)((uint64_t)n->by_g + (uint64_t)id);
		*by = n->by_g;
		*bs = n->by_stack;
	}
}

uint32_t gt_model_g_transitions(const struct gt_model *m, uint32_t gi, gt_gtrans_fn fn, void *ctx)
{
	if (gi >= m->gids.n)
		return 0;
	uint32_t head = GT_VEC_AT(m->gheads, uint32_t, gi);
	if (!head)
		return 0;
	struct gt_gcur c, same0;
	uint8_t flags = 0;
	int64_t creator = GT_NONE;
	gt_stack cstack = 0;
	gt_gcur_open(&c, &m->garena, gt_gbase(m, gi), head, 0, 1, &flags, &creator, &cstack);
	int64_t id = gt_model_g_id(m, gi);
	struct gt_gtrans t = {.from = GT_GS_UNDETERMINED, .by_g = GT_NONE};
	if (flags & GT_GH_CREATED) {
		t.from = GT_GS_NOTEXIST;
		t.by_g = creator;
		t.by_stack = creator != GT_NONE ? cstack : 0;
	}
	uint32_t seq = 0;
	int64_t last_by = GT_NONE, same_by = GT_NONE; /* the last cause read */
	gt_stack last_bs = 0, same_bs = 0;
	int have_same = 0; /* same-state notes wait for their interval's record */
	struct gt_grec r;
	struct gt_gnote n;
	for (;;) {
		struct gt_gcur before = c;
		int k = gt_gcur_step(&c, &r, &n);
		if (!k)
			break;
		if (k == 2) {
			if ((n.f & GT_GN_SAME) && !have_same) {
				same0 = before;
				same_by = last_by;
				same_bs = last_bs;
				have_same = 1;
			}
			resolve(&n, id, &last_by, &last_bs);
			if (n.f & GT_GN_FROM)
				t.from = n.from;
			if (n.f & GT_GN_SAME) {
			} else if (n.f & GT_GN_BY) {
				t.by_g = n.by_g;
				t.by_stack = n.by_stack;
			}
			continue;
		}
		const struct gt_gkey *key = key_at(m, r.key);
		t.ts = r.start;
		t.seq = seq++;
		t.to = key->state;
		t.reason = key->reason;
		t.stack = key->stack;
		if (fn(ctx, &t))
			return seq;
		t.from = key->state;
		t.by_g = GT_NONE;
		t.by_stack = 0;
		if (have_same) { /* the notes again, after the record that opens their interval */
			struct gt_gcur after = c;
			c = same0;
			while (gt_gcur_step(&c, &r, &n) == 2) {
				resolve(&n, id, &same_by, &same_bs);
				if ((n.f & GT_GN_SAME) && same_note(m, &n, seq++, fn, ctx))
					return seq;
			}
			c = after;
			have_same = 0;
		}
	}
	return seq;
}

/* ---- reverse links ------------------------------------------------------- */

#define GT_WAKE_SEQ_MAX ((1u << 26) - 1)

/* The entries collect in chunks of WAKE_CHUNK, then move into one array
 * of exactly their number, a chunk at a time: the peak is the index and
 * one chunk (a growing array peaks at 2.5x the index, 650 MB on a trace
 * of 5 million goroutines). */
#define WAKE_CHUNK 65536
struct wake_build {
	struct gt_wake **chunks;
	size_t nchunks, cap;
	size_t n; /* entries in all */
	uint32_t gi;
	int oom;
};

static int wake_add(void *ctx, const struct gt_gtrans *t)
{
	struct wake_build *b = ctx;
	if (t->by_g == GT_NONE)
		return 0;
	if (b->n == b->nchunks * WAKE_CHUNK) {
		if (b->nchunks == b->cap) {
			size_t cap = b->cap ? b->cap * 2 : 64;
			struct gt_wake **nc = realloc(b->chunks, cap * sizeof *nc);
			if (!nc) {
				b->oom = 1;
				return 1;
			}
			b->chunks = nc;
			b->cap = cap;
		}
		if (!(b->chunks[b->nchunks] = malloc(WAKE_CHUNK * sizeof **b->chunks))) {
			b->oom = 1;
			return 1;
		}
		b->nchunks++;
	}
	b->chunks[b->n / WAKE_CHUNK][b->n % WAKE_CHUNK] =
		(struct gt_wake){t->by_g, t->ts, b->gi, t->seq < GT_WAKE_SEQ_MAX ? t->seq : GT_WAKE_SEQ_MAX,
		                 t->from, t->to};
	b->n++;
	return 0;
}

/* The chunks' entries in one array (NULL when none or out of memory);
 * frees the chunks. */
static struct gt_wake *wake_join(struct wake_build *b)
{
	struct gt_wake *v = b->n && !b->oom ? malloc(b->n * sizeof *v) : NULL;
	for (size_t k = 0; k < b->nchunks; k++) {
		if (v) {
			size_t n = b->n - k * WAKE_CHUNK < WAKE_CHUNK ? b->n - k * WAKE_CHUNK : WAKE_CHUNK;
			memcpy(v + k * WAKE_CHUNK, b->chunks[k], n * sizeof *v);
		}
		free(b->chunks[k]);
	}
	free(b->chunks);
	b->chunks = NULL;
	b->nchunks = b->cap = 0;
	return v;
}

static int wake_cmp(const void *a, const void *b)
{
	const struct gt_wake *x = a, *y = b;
	if (x->by_g != y->by_g)
		return x->by_g < y->by_g ? -1 : 1;
	if (x->ts != y->ts)
		return x->ts < y->ts ? -1 : 1;
	if (x->gi != y->gi)
		return x->gi < y->gi ? -1 : 1;
	return (x->seq > y->seq) - (x->seq < y->seq);
}

/* The index, on first use: every goroutine's causes, sorted by causer
 * and time (one walk of all logs); given up, unbuilt, once *stop. */
static void wake_ensure(const struct gt_model *cm, const _Atomic int *stop)
{
	struct gt_model *m = (struct gt_model *)cm; /* the index is a cache */
	pthread_mutex_lock(&m->wake_mu);
	if (!m->wake_built) {
		struct wake_build b = {0};
		for (uint32_t gi = 0; gi < m->gids.n && !b.oom; gi++) {
			if (stop && atomic_load(stop)) {
				b.oom = 1; /* frees the chunks, joins nothing */
				wake_join(&b);
				pthread_mutex_unlock(&m->wake_mu);
				return;
			}
			b.gi = gi;
			gt_model_g_transitions(m, gi, wake_add, &b);
		}
		struct gt_wake *v = wake_join(&b);
		if (!v) /* none, or no memory: every query answers none */
			b.n = 0;
		if (b.n)
			qsort(v, b.n, sizeof *v, wake_cmp);
		m->wake = v;
		m->nwake = b.n;
		m->wake_built = 1;
	}
	pthread_mutex_unlock(&m->wake_mu);
}

/* [*a, *z): by_g's entries of the index (sorted by causer, then time). */
static void caused_range(const struct gt_model *m, int64_t by_g, size_t *a, size_t *z)
{
	wake_ensure(m, NULL);
	const struct gt_wake *v = m->wake;
	size_t lo = 0, hi = m->nwake;
	while (lo < hi) { /* the first entry of by_g */
		size_t mid = lo + (hi - lo) / 2;
		if (v[mid].by_g < by_g)
			lo = mid + 1;
		else
			hi = mid;
	}
	*a = lo;
	hi = m->nwake;
	while (lo < hi) { /* past its last */
		size_t mid = lo + (hi - lo) / 2;
		if (v[mid].by_g <= by_g)
			lo = mid + 1;
		else
			hi = mid;
	}
	*z = lo;
}

size_t gt_model_g_caused(const struct gt_model *m, int64_t by_g, size_t from, size_t max,
                         struct gt_gcause *out)
{
	size_t a, z;
	caused_range(m, by_g, &a, &z);
	const struct gt_wake *v = m->wake;
	size_t total = z - a;
	for (size_t i = from; i < total && i - from < max; i++)
		out[i - from] = (struct gt_gcause){.ts = v[a + i].ts, .gi = v[a + i].gi,
		                                   .seq = v[a + i].seq, .from = v[a + i].from,
		                                   .to = v[a + i].to};
	return total;
}

size_t gt_model_g_caused_at(const struct gt_model *m, int64_t by_g, int64_t t)
{
	size_t a, z;
	caused_range(m, by_g, &a, &z);
	const struct gt_wake *v = m->wake;
	size_t lo = a, hi = z;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (v[mid].ts < t)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo - a;
}

void gt_model_g_caused_prepare(const struct gt_model *m, const _Atomic int *stop)
{
	wake_ensure(m, stop);
}

void gt_model_wake_free(struct gt_model *m)
{
	free(m->wake);
	m->wake = NULL;
	m->nwake = 0;
	m->wake_built = 0;
}
