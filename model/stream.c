/* stream.c: a trace read as it comes, built by generations (stream.h). */
#include "model/stream.h"
#include "decode/ids.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#define READ_MIN (256u << 10) /* room asked for before a read */
/* The spool's address space, mapped once: the buffer never moves. */
#define SPOOL_MAX (sizeof(size_t) >= 8 ? (size_t)1 << 40 : (size_t)1 << 30)
/* Memory (room_for): a step's model is shown only when the final build
 * still fits next to it within 1.9 times the trace (some room left for
 * the rest of the process), or when both models together stay under
 * SMALL: a stream of a live server (tens of megabytes a minute) keeps
 * showing its generations as they come, which is what it is watched
 * for; past SMALL memory wins and the steps wait for the writer's end. */
#define LIMIT(n) ((double)(n) * 1.9)
#define SMALL ((double)(512u << 20))
/* What the viewer derives from a model it shows (the goroutine list's
 * index, some 16% of the model), as a factor on the model. */
#define DERIVED 1.25
/* Model bytes per trace byte before a build of RATIO_MIN bytes or more
 * has told (a new-format trace's events take some 7 bytes, their model
 * some 10). */
#define RATIO_GUESS 1.5
#define RATIO_MIN ((size_t)16 << 20) /* the smallest build it is taken from */
/* A file's first frame: where the scan for a first generation starts. */
#define FIRST_SCAN ((size_t)1 << 20)

/* A load on a thread of its own. */
struct build {
	struct gt_stream *s;
	pthread_t th;
	int running;
	atomic_int done;
	_Atomic uint64_t pdone, ptotal; /* its progress (gt_stream_file) */
	const uint8_t *buf;
	size_t len;
	int mapped;
	uint32_t gens;
	int final;
	struct gt_model *m;
	struct gt_decode_result res;
	double secs;
};

struct gt_stream {
	struct gt_load_opts opts;  /* the final build's */
	struct gt_load_opts part;  /* a prefix's: counts nothing */
	uint8_t *buf;
	size_t len, cap;
	int spool;              /* the file the bytes are written to, buf its
	                           mapping; -1: buf is on the heap */
	uint8_t *bounce;        /* a read's bytes on their way to the spool */
	int file;               /* gt_stream_file: buf is the caller's, whole */
	int file_mapped;        /* ... and a mapped file's */
	void **old;             /* heap buffers outgrown while a build read them */
	size_t nold, capold;
	struct gt_gen_scan scan;
	int ended;
	atomic_int cancel;

	struct build b;         /* a step's build (a file: the whole load) */
	struct build pre;       /* a file: the first frame's prefix, meanwhile */
	/* an old-format file's first frame: a time prefix of tbudget bytes
	 * (decode.h: v1_index), built from the records the whole load's
	 * pass 1 tells (ix, state 1), or never (state 2) */
	int timecut;
	size_t tbudget;
	size_t bprefix;         /* without one: the byte prefix's length */
	pthread_mutex_t ixmu;
	pthread_cond_t ixcv;
	int ixstate;
	int predone;            /* the prefix's build ended */
	struct gt_v1_index ix;
	uint64_t *ixrecs;
	struct gt_ids ixexit;   /* its exit_m, copied */

	size_t started_len;     /* bytes of the last build started */
	int want_all;           /* gt_stream_flush: build every byte so far */
	int final_started;
	double next_ok;         /* no partial build before (throttle) */
	double last_secs;
	double ratio;           /* model bytes per trace byte, of the last build */
	gt_model_progress_fn hook; /* a file's load's progress, told (tests) */
	void *hook_ctx;
	double shown;           /* model bytes of the model last taken; 0:
	                           none taken yet */
	int held;               /* a step waits: its model would not fit */

	/* a built model not taken yet */
	struct gt_model *ready;
	struct gt_decode_result rres;
	uint64_t built;
	uint32_t built_gens;
	int final_built, final_taken;
};

static double mono(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static struct gt_stream *alloc(const struct gt_load_opts *o)
{
	struct gt_stream *s = calloc(1, sizeof *s);
	if (!s)
		return NULL;
	if (o)
		s->opts = *o;
	else
		gt_load_opts_init(&s->opts);
	s->part = s->opts;
	s->part.counts = NULL;
	s->part.stats = NULL;
	s->spool = -1;
	gt_gen_scan_init(&s->scan);
	atomic_init(&s->cancel, 0);
	s->opts.decode.cancel = s->part.decode.cancel = &s->cancel;
	s->b.s = s->pre.s = s;
	atomic_init(&s->b.done, 0);
	atomic_init(&s->pre.done, 0);
	atomic_init(&s->b.pdone, 0);
	atomic_init(&s->b.ptotal, 0);
	pthread_mutex_init(&s->ixmu, NULL);
	pthread_cond_init(&s->ixcv, NULL);
	return s;
}

struct gt_stream *gt_stream_new(const struct gt_load_opts *o)
{
	return alloc(o);
}

int gt_stream_spool(struct gt_stream *s, int fd)
{
	if (s->len || s->spool >= 0 || s->file)
		return -1;
	uint8_t *bounce = malloc(READ_MIN);
	if (!bounce)
		return -1;
	/* a shared mapping of a file grows with the file: pages past its
	 * end are never touched (only bytes below len are read) */
	void *p = mmap(NULL, SPOOL_MAX, PROT_READ, MAP_SHARED | MAP_NORESERVE, fd, 0);
	if (p == MAP_FAILED) {
		free(bounce);
		return -1;
	}
	free(s->buf);
	s->buf = p;
	s->cap = SPOOL_MAX;
	s->spool = fd;
	s->bounce = bounce;
	return 0;
}

static void free_old(struct gt_stream *s)
{
	for (size_t i = 0; i < s->nold; i++)
		free(s->old[i]);
	s->nold = 0;
}

/* The spool's pages this process touched (the scan's batch headers, a
 * build's last bytes) go back: the bytes stay in the file, read again
 * from there by the next build. */
static void drop_spool(struct gt_stream *s)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t upto = s->len & ~(page - 1);
	if (s->spool >= 0 && upto)
		madvise(s->buf, upto, MADV_DONTNEED);
}

/* A build that ended: its model becomes the ready one (a file's prefix
 * only when the whole is not in yet). */
static void reap_one(struct gt_stream *s, struct build *b, int wait)
{
	if (!b->running || (!wait && !atomic_load(&b->done)))
		return;
	pthread_join(b->th, NULL);
	b->running = 0;
	if (b == &s->b) {
		free_old(s);
		s->last_secs = b->secs;
		s->next_ok = mono() + b->secs;
		drop_spool(s);
	}
	if (!b->m)
		return; /* out of memory: the next step tries again */
	if (atomic_load(&s->cancel) || (b == &s->pre && s->final_built)) {
		gt_model_free(b->m);
		b->m = NULL;
		return;
	}
	struct gt_trace_info ti;
	gt_model_info(b->m, &ti);
	if (b->len >= RATIO_MIN) /* a small model is mostly its fixed part */
		s->ratio = (double)ti.model_bytes / (double)b->len;
	if (s->ready)
		gt_model_free(s->ready);
	s->ready = b->m;
	s->rres = b->res;
	b->m = NULL;
	s->built = b->len;
	s->built_gens = b->final ? 0 : b->gens;
	if (b->final)
		s->final_built = 1;
}

static void reap(struct gt_stream *s, int wait)
{
	reap_one(s, &s->b, wait);
	reap_one(s, &s->pre, wait);
}

void gt_stream_free(struct gt_stream *s)
{
	if (!s)
		return;
	atomic_store(&s->cancel, 1);
	pthread_mutex_lock(&s->ixmu); /* a time prefix's threads, waiting */
	if (s->ixstate == 0)
		s->ixstate = 2;
	pthread_cond_broadcast(&s->ixcv);
	pthread_mutex_unlock(&s->ixmu);
	reap(s, 1);
	if (s->ready)
		gt_model_free(s->ready);
	free_old(s);
	free(s->old);
	if (s->spool >= 0) {
		munmap(s->buf, SPOOL_MAX);
		close(s->spool);
	} else if (!s->file) {
		free(s->buf);
	}
	free(s->bounce);
	pthread_mutex_destroy(&s->ixmu);
	pthread_cond_destroy(&s->ixcv);
	free(s->ixrecs);
	gt_ids_free(&s->ixexit);
	free(s);
}

/* Room for n more bytes; a heap buffer a build reads is kept until it
 * ends. */
static int room(struct gt_stream *s, size_t n)
{
	if (s->cap - s->len >= n)
		return 0;
	if (s->spool >= 0 || s->file)
		return -1;
	size_t cap = s->cap ? s->cap : 1u << 20;
	while (cap - s->len < n) {
		if (cap > SIZE_MAX / 2)
			return -1;
		cap *= 2;
	}
	if (!s->b.running || s->b.buf != s->buf) {
		uint8_t *nb = realloc(s->buf, cap);
		if (!nb)
			return -1;
		s->buf = nb;
	} else {
		if (s->nold == s->capold) {
			size_t c = s->capold ? s->capold * 2 : 4;
			void **no = realloc(s->old, c * sizeof *no);
			if (!no)
				return -1;
			s->old = no;
			s->capold = c;
		}
		uint8_t *nb = malloc(cap);
		if (!nb)
			return -1;
		memcpy(nb, s->buf, s->len);
		s->old[s->nold++] = s->buf;
		s->buf = nb;
	}
	s->cap = cap;
	return 0;
}

/* n bytes at p to the end of the spool. */
static int spool_write(struct gt_stream *s, const uint8_t *p, size_t n)
{
	while (n) {
		ssize_t w = pwrite(s->spool, p, n, (off_t)s->len);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			if (w == 0)
				errno = ENOSPC;
			return -1;
		}
		s->len += (size_t)w;
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

long gt_stream_read(struct gt_stream *s, int fd)
{
	if (room(s, READ_MIN) < 0) {
		errno = ENOMEM;
		return -1;
	}
	ssize_t n;
	if (s->spool >= 0) {
		n = read(fd, s->bounce, READ_MIN);
		if (n > 0 && spool_write(s, s->bounce, (size_t)n) < 0)
			return -1;
	} else {
		n = read(fd, s->buf + s->len, s->cap - s->len);
		if (n > 0)
			s->len += (size_t)n;
	}
	if (n <= 0)
		return n;
	gt_gen_scan(&s->scan, s->buf, s->len);
	return (long)n;
}

int gt_stream_feed(struct gt_stream *s, const void *p, size_t n)
{
	if (room(s, n) < 0)
		return -1;
	if (s->spool >= 0) {
		if (spool_write(s, p, n) < 0)
			return -1;
	} else {
		memcpy(s->buf + s->len, p, n);
		s->len += n;
	}
	gt_gen_scan(&s->scan, s->buf, s->len);
	return 0;
}

void gt_stream_end(struct gt_stream *s)
{
	s->ended = 1;
}

static int on_progress(void *ctx, uint64_t done, uint64_t total)
{
	struct build *b = ctx;
	atomic_store_explicit(&b->pdone, done, memory_order_relaxed);
	atomic_store_explicit(&b->ptotal, total, memory_order_relaxed);
	if (b->s->hook && b == &b->s->b)
		b->s->hook(b->s->hook_ctx, done, total);
	return atomic_load(&b->s->cancel);
}

/* The whole load's pass 1 is done (its decoding thread): its records,
 * kept for the time prefix. */
static void on_scanned(void *ctx, const struct gt_v1_index *ix)
{
	struct gt_stream *s = ctx;
	pthread_mutex_lock(&s->ixmu);
	if (s->ixstate == 0 && !ix) { /* none: the byte prefix instead */
		s->ixstate = 2;
		pthread_cond_broadcast(&s->ixcv);
	} else if (s->ixstate == 0) { /* (a decode started over tells again) */
		s->ixrecs = malloc((ix->nrecs ? ix->nrecs : 1) * sizeof *s->ixrecs);
		if (s->ixrecs && ix->exit_m && gt_ids_copy(&s->ixexit, ix->exit_m) < 0) {
			free(s->ixrecs);
			s->ixrecs = NULL;
		}
		if (s->ixrecs) {
			memcpy(s->ixrecs, ix->recs, ix->nrecs * sizeof *s->ixrecs);
			s->ix = *ix;
			s->ix.recs = s->ixrecs;
			s->ix.exit_m = ix->exit_m ? &s->ixexit : NULL;
		}
		s->ixstate = s->ixrecs ? 1 : 2;
		pthread_cond_broadcast(&s->ixcv);
		/* the whole load waits for the prefix (a fraction of a second):
		 * on two cores their threads would share them, and the first
		 * frame come two or three times later */
		while (s->ixstate == 1 && !s->predone && !atomic_load(&s->cancel))
			pthread_cond_wait(&s->ixcv, &s->ixmu);
	}
	pthread_mutex_unlock(&s->ixmu);
}

/* A time prefix: once the whole load's pass 1 told its records (none
 * when it failed or was stopped first). */
static struct gt_model *time_prefix(struct build *b)
{
	struct gt_stream *s = b->s;
	pthread_mutex_lock(&s->ixmu);
	while (s->ixstate == 0)
		pthread_cond_wait(&s->ixcv, &s->ixmu);
	int told = s->ixstate == 1;
	pthread_mutex_unlock(&s->ixmu);
	if (atomic_load(&s->cancel))
		return NULL;
	if (!told) /* a trace without one (futile wakeups to drop): its
	            * first bytes, as a cut file loads */
		return gt_model_load_with(b->buf, s->bprefix, 0, &s->part, on_progress, b, &b->res);
	struct gt_load_opts o = s->part;
	o.decode.stats = NULL; /* the whole load's */
	o.decode.v1_index = &s->ix;
	o.decode.v1_prefix = s->tbudget;
	return gt_model_load_with(b->buf, b->len, 0, &o, on_progress, b, &b->res);
}

static void *build(void *arg)
{
	struct build *b = arg;
	struct gt_stream *s = b->s;
	double t0 = mono();
	if (b == &s->pre && s->timecut)
		b->m = time_prefix(b);
	else
		b->m = gt_model_load_with(b->buf, b->len, b->mapped, b->final ? &s->opts : &s->part,
		                          on_progress, b, &b->res);
	b->secs = mono() - t0;
	pthread_mutex_lock(&s->ixmu);
	if (b == &s->b && s->ixstate == 0)
		s->ixstate = 2; /* no records will be told now */
	if (b == &s->pre)
		s->predone = 1;
	pthread_cond_broadcast(&s->ixcv);
	pthread_mutex_unlock(&s->ixmu);
	atomic_store(&b->done, 1);
	return NULL;
}

static int start_build(struct gt_stream *s, struct build *b, size_t len, int final, int mapped)
{
	b->buf = s->buf;
	b->len = len;
	b->mapped = mapped;
	b->gens = s->scan.ngens;
	b->final = final;
	b->m = NULL;
	atomic_store(&b->done, 0);
	if (pthread_create(&b->th, NULL, build, b) != 0)
		return 0; /* tried again at the next step */
	b->running = 1;
	return 1;
}

static int start(struct gt_stream *s, size_t len, int final)
{
	/* a spooled prefix's pages go back as they are decoded (they are
	 * read again from the file by the next build) */
	if (!start_build(s, &s->b, len, final, s->spool >= 0 || s->file_mapped))
		return 0;
	s->started_len = len;
	if (final)
		s->final_started = 1;
	return 1;
}

/* Whether a model of the first k bytes can be shown: the final build,
 * whenever it comes (of n or more bytes), must fit next to it. */
static int room_for(const struct gt_stream *s, size_t k)
{
	double r = s->ratio > 0 ? s->ratio : RATIO_GUESS;
	double keep = r * (double)k * DERIVED, last = r * (double)s->len;
	return keep + last <= SMALL || keep + last <= LIMIT(s->len);
}

/* An old-format binary trace (Go 1.5 to 1.21): no generations to wait
 * for, so a step is every byte read so far, loaded as a truncated file
 * loads (the events that can be ordered before the cut).  A text trace
 * is built at its end: a cut line is no truncated trace. */
static int old_format(const struct gt_stream *s)
{
	if (s->scan.version != 0)
		return 0;
	int v = gt_decode_version(s->buf, s->len);
	return v >= 5 && v <= 21;
}

int gt_stream_step(struct gt_stream *s, double now_s)
{
	reap(s, 0);
	/* one build at a time, and none while a model waits to be taken:
	 * at most the model shown, one ready and one building */
	if (s->b.running || s->final_started || s->file || s->ready)
		return 0;
	if (s->ended)
		return start(s, s->len, 1);
	size_t k = 0;
	if (s->want_all && s->len > s->started_len)
		k = s->len;
	else if (s->scan.version > 0 && !s->scan.stuck && s->scan.complete > s->started_len &&
	         now_s >= s->next_ok)
		k = s->scan.complete;
	else if (old_format(s) && s->len > s->started_len && now_s >= s->next_ok)
		k = s->len; /* what a file cut here gives: a truncated trace */
	if (!k)
		return 0;
	/* nothing shown yet: a model, whatever the memory (a blank screen
	 * until the end would be worse) */
	if (s->shown > 0 && !room_for(s, k)) {
		s->held = 1;
		return 0;
	}
	s->held = 0;
	s->want_all = 0;
	return start(s, k, 0);
}

void gt_stream_flush(struct gt_stream *s)
{
	if (s->scan.version <= 0 || s->scan.stuck)
		s->want_all = 1;
}

void gt_stream_wait(struct gt_stream *s)
{
	reap(s, 1);
}

struct gt_model *gt_stream_take(struct gt_stream *s, struct gt_decode_result *res)
{
	reap(s, 0);
	struct gt_model *m = s->ready;
	if (!m)
		return NULL;
	*res = s->rres;
	s->ready = NULL;
	if (s->final_built)
		s->final_taken = 1;
	struct gt_trace_info ti;
	gt_model_info(m, &ti);
	s->shown = ti.model_bytes ? (double)ti.model_bytes : 1;
	return m;
}

struct gt_stream *gt_stream_file(const uint8_t *buf, size_t len, int mapped,
                                 const struct gt_load_opts *o, size_t first,
                                 gt_model_progress_fn hook, void *hook_ctx)
{
	struct gt_stream *s = alloc(o);
	if (!s)
		return NULL;
	s->hook = hook;
	s->hook_ctx = hook_ctx;
	s->file = 1;
	s->buf = (uint8_t *)buf;
	s->len = s->cap = len;
	s->ended = 1;
	s->file_mapped = mapped;
	/* an old-format binary trace of Go 1.7+: the first frame is a time
	 * prefix (decode/v1/prefix.c) of a quarter of `first` bytes of
	 * events (it comes after the whole load's pass 1, which it waits
	 * for, and the whole load waits for it: each byte counts more than
	 * in a byte prefix); a 32nd of the file at most (see below) */
	int v = gt_decode_version(buf, len);
	if (first && first <= len / 2 && v >= 7 && v <= 21) {
		s->timecut = 1;
		s->tbudget = first / 4 < len / 32 ? first / 4 : len / 32;
		s->bprefix = first < len / 32 ? first : len / 32;
		/* its thread first: the whole load waits for it after pass 1 */
		if (start_build(s, &s->pre, len, 0, 0)) {
			s->opts.decode.v1_scanned = on_scanned;
			s->opts.decode.v1_scanned_ctx = s;
		}
	}
	if (!start(s, len, 1)) {
		gt_stream_free(s);
		return NULL;
	}
	if (s->timecut)
		return s;
	/* the first frame: a new-format trace's first complete
	 * generation(s), looked for from FIRST_SCAN bytes on, in twice as
	 * many each time; else (Go 1.5) the first bytes, loaded as a
	 * truncated trace.  A 32nd of the file at most, so that the whole
	 * load, which shares the cores with it, takes hardly longer. */
	size_t k = 0;
	if (first && first <= len / 2) {
		size_t upto = first < FIRST_SCAN ? first : FIRST_SCAN;
		do {
			gt_gen_scan(&s->scan, buf, upto < len ? upto : len);
			upto *= 2;
		} while (s->scan.version > 0 && !s->scan.stuck && !s->scan.ngens && upto / 2 < len / 2);
		if (s->scan.version > 0 && !s->scan.stuck)
			k = s->scan.ngens ? s->scan.complete : 0;
		else if (s->scan.version == 0 && gt_decode_version(buf, len) > 0)
			k = first < len / 32 ? first : len / 32; /* an old-format
			                        binary trace (not text) */
		if (k > len / 2)
			k = 0;
	}
	if (k && k < len)
		start_build(s, &s->pre, k, 0, 0);
	return s;
}

void gt_stream_info(const struct gt_stream *s, struct gt_stream_info *out)
{
	memset(out, 0, sizeof *out);
	out->bytes = s->len;
	out->complete = s->scan.complete;
	out->gens = s->scan.ngens;
	out->built = s->built;
	out->built_gens = s->built_gens;
	out->version = s->scan.version < 0 ? -1 : gt_decode_version(s->buf, s->len);
	out->format = s->scan.version > 0 && !s->scan.stuck ? 2 : old_format(s) ? 1 : 0;
	out->ended = s->ended;
	out->building = s->b.running;
	out->final = s->final_taken;
	out->build_s = s->last_secs;
	out->buf = s->buf;
	out->held = s->held;
	out->file = s->file;
	out->done = atomic_load_explicit(&s->b.pdone, memory_order_relaxed);
	out->total = s->file ? s->len : 0;
}
