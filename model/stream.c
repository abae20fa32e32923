/* stream.c: a trace read as it comes, built by generations (stream.h). */
#include "model/stream.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define READ_MIN (256u << 10) /* room asked for before a read */

struct gt_stream {
	struct gt_load_opts opts;  /* the final build's */
	struct gt_load_opts part;  /* a prefix's: counts nothing */
	uint8_t *buf;
	size_t len, cap;
	void **old;             /* buffers outgrown while a build read them */
	size_t nold, capold;
	struct gt_gen_scan scan;
	int ended;

	/* the build running (running), on its thread */
	pthread_t th;
	int running;
	atomic_int done, cancel;
	const uint8_t *bbuf;
	size_t blen;
	uint32_t bgens;
	int bfinal;
	struct gt_model *bm;
	struct gt_decode_result bres;
	double bsecs;

	size_t started_len;     /* bytes of the last build started */
	int want_all;           /* gt_stream_flush: build every byte so far */
	int final_started;
	double next_ok;         /* no partial build before (throttle) */
	double last_secs;

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

struct gt_stream *gt_stream_new(const struct gt_load_opts *o)
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
	gt_gen_scan_init(&s->scan);
	atomic_init(&s->done, 0);
	atomic_init(&s->cancel, 0);
	return s;
}

static void free_old(struct gt_stream *s)
{
	for (size_t i = 0; i < s->nold; i++)
		free(s->old[i]);
	s->nold = 0;
}

/* A running build that ended: its model becomes the ready one. */
static void reap(struct gt_stream *s, int wait)
{
	if (!s->running || (!wait && !atomic_load(&s->done)))
		return;
	pthread_join(s->th, NULL);
	s->running = 0;
	free_old(s);
	s->last_secs = s->bsecs;
	s->next_ok = mono() + s->bsecs;
	if (!s->bm)
		return; /* out of memory: the next step tries again */
	if (atomic_load(&s->cancel)) {
		gt_model_free(s->bm);
		s->bm = NULL;
		return;
	}
	if (s->ready)
		gt_model_free(s->ready);
	s->ready = s->bm;
	s->rres = s->bres;
	s->bm = NULL;
	s->built = s->blen;
	s->built_gens = s->bfinal ? 0 : s->bgens;
	if (s->bfinal)
		s->final_built = 1;
}

void gt_stream_free(struct gt_stream *s)
{
	if (!s)
		return;
	atomic_store(&s->cancel, 1);
	reap(s, 1);
	if (s->ready)
		gt_model_free(s->ready);
	free_old(s);
	free(s->old);
	free(s->buf);
	free(s);
}

/* Room for n more bytes; a buffer a build reads is kept until it ends. */
static int room(struct gt_stream *s, size_t n)
{
	if (s->cap - s->len >= n)
		return 0;
	size_t cap = s->cap ? s->cap : 1u << 20;
	while (cap - s->len < n) {
		if (cap > SIZE_MAX / 2)
			return -1;
		cap *= 2;
	}
	if (!s->running || s->bbuf != s->buf) {
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

long gt_stream_read(struct gt_stream *s, int fd)
{
	if (room(s, READ_MIN) < 0) {
		errno = ENOMEM;
		return -1;
	}
	ssize_t n = read(fd, s->buf + s->len, s->cap - s->len);
	if (n <= 0)
		return n;
	s->len += (size_t)n;
	gt_gen_scan(&s->scan, s->buf, s->len);
	return (long)n;
}

int gt_stream_feed(struct gt_stream *s, const void *p, size_t n)
{
	if (room(s, n) < 0)
		return -1;
	memcpy(s->buf + s->len, p, n);
	s->len += n;
	gt_gen_scan(&s->scan, s->buf, s->len);
	return 0;
}

void gt_stream_end(struct gt_stream *s)
{
	s->ended = 1;
}

static int stop_asked(void *ctx, uint64_t done, uint64_t total)
{
	(void)done, (void)total;
	struct gt_stream *s = ctx;
	return atomic_load(&s->cancel);
}

static void *build(void *arg)
{
	struct gt_stream *s = arg;
	double t0 = mono();
	s->bm = gt_model_load_with(s->bbuf, s->blen, 0, s->bfinal ? &s->opts : &s->part, stop_asked,
	                           s, &s->bres);
	s->bsecs = mono() - t0;
	atomic_store(&s->done, 1);
	return NULL;
}

static int start(struct gt_stream *s, size_t len, int final)
{
	s->bbuf = s->buf;
	s->blen = len;
	s->bgens = s->scan.ngens;
	s->bfinal = final;
	s->bm = NULL;
	atomic_store(&s->done, 0);
	if (pthread_create(&s->th, NULL, build, s) != 0)
		return 0; /* tried again at the next step */
	s->running = 1;
	s->started_len = len;
	if (final)
		s->final_started = 1;
	return 1;
}

int gt_stream_step(struct gt_stream *s, double now_s)
{
	reap(s, 0);
	if (s->running || s->final_started)
		return 0;
	if (s->ended)
		return start(s, s->len, 1);
	if (s->want_all && s->len > s->started_len) {
		s->want_all = 0;
		return start(s, s->len, 0);
	}
	if (s->scan.version <= 0 || s->scan.stuck || s->scan.complete <= s->started_len ||
	    now_s < s->next_ok)
		return 0;
	return start(s, s->scan.complete, 0);
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
	return m;
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
	out->format = s->scan.version > 0 && !s->scan.stuck ? 2 : 1;
	out->ended = s->ended;
	out->building = s->running;
	out->final = s->final_taken;
	out->build_s = s->last_secs;
	out->buf = s->buf;
}
