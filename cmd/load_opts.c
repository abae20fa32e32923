/* load_opts.c: the GTVIEW_* variables into the load's options, and its
 * statistics onto stderr (load_opts.h). */
#include "cmd/load_opts.h"
#include "report/escape.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int env_u64(const char *name, uint64_t *v)
{
	const char *s = getenv(name);
	if (!s || !*s)
		return 0;
	char *e;
	unsigned long long n = strtoull(s, &e, 10);
	if (*e)
		return 0;
	*v = (uint64_t)n;
	return 1;
}

static int env_is(const char *name, const char *value)
{
	const char *s = getenv(name);
	return s && !strcmp(s, value);
}

void gt_cmd_load_init(struct gt_cmd_load *l)
{
	memset(l, 0, sizeof *l);
	struct gt_load_opts *o = &l->opts;
	gt_load_opts_init(o);
	o->threads = env_is("GTVIEW_LOAD_THREADS", "1") ? 1 : env_is("GTVIEW_LOAD_THREADS", "2") ? 2 : 0;
	o->no_records = env_is("GTVIEW_LOAD_RECS", "0");
	l->print_stats = getenv("GTVIEW_LOAD_STATS") != NULL;
	struct gt_decode_opts *d = &o->decode;
	d->v1_reference = env_is("GTVIEW_V1_REFERENCE", "1");
	l->print_split = env_u64("GTVIEW_V1_SPLIT_MIN", &d->v1_split_min);
	env_u64("GTVIEW_V1_PIPE_MIN", &d->v1_pipe_min);
	env_u64("GTVIEW_V1_PIPE_MARGIN", &d->v1_pipe_margin);
	env_u64("GTVIEW_V1_PIPE_RESTART", &d->v1_pipe_give_up);
	uint64_t lockstep = 0;
	d->v1_pipe_lockstep = env_u64("GTVIEW_V1_PIPE_LOCKSTEP", &lockstep) && lockstep;
	o->stats = &l->stats;
	d->stats = &l->stats.decode;
}

void gt_cmd_decode_notes(const struct gt_cmd_load *l)
{
	const struct gt_decode_stats *d = &l->stats.decode;
	if (l->print_stats && d->v1)
		gt_esc_fprintf(stderr, "v1: %llu of %llu events by the reference path\n",
		        (unsigned long long)d->v1_general, (unsigned long long)d->v1_events);
	if (l->print_split && d->v1_split)
		gt_esc_fprintf(stderr, "gtview: v1 scan split at %llu: %s\n",
		        (unsigned long long)d->v1_split_at, d->v1_split);
	if (l->print_stats && d->v1_pipe)
		gt_esc_fprintf(stderr, "v1 pipe: %s%s; first run's thread cpu %.3f s; moved exits %u, "
		        "back at most %llu events, least slack %lld ticks; syscalls held lim back "
		        "at most %llu events; second run waited %llu times, slept %llu\n",
		        d->v1_pipe == 2 ? "restart: " : "ok", d->v1_pipe == 2 ? d->v1_pipe_why : "",
		        d->v1_pipe_cpu1, d->v1_pipe_moved, (unsigned long long)d->v1_pipe_back,
		        (long long)d->v1_pipe_slack, (unsigned long long)d->v1_pipe_settle,
		        (unsigned long long)d->v1_pipe_waits, (unsigned long long)d->v1_pipe_sleeps);
}

void gt_cmd_load_notes(const struct gt_cmd_load *l)
{
	gt_cmd_decode_notes(l);
	if (!l->print_stats)
		return;
	const struct gt_load_stats *s = &l->stats;
	if (s->restarts)
		gt_esc_fprintf(stderr, "load: restarts: %d (the decoder gave up its pipelined attempt)\n",
		        s->restarts);
	gt_esc_fprintf(stderr, "load: cpu: decoder thread %.3f s (kernel %.3f), "
	        "model thread %.3f s (kernel %.3f); wall: model after decoder %.3f s, "
	        "finish %.3f s; sleeps: model %u decoder %u\n",
	        s->decoder_cpu, s->decoder_sys, s->model_cpu, s->model_sys, s->model_after,
	        s->finish, s->model_sleeps, s->decoder_sleeps);
}

struct gt_model *gt_cmd_load_model(const uint8_t *buf, size_t len, int mapped,
                                   struct gt_stats *counts, struct gt_decode_result *res)
{
	struct gt_cmd_load l;
	gt_cmd_load_init(&l);
	l.opts.counts = counts;
	struct gt_model *m = gt_model_load_with(buf, len, mapped, &l.opts, NULL, NULL, res);
	gt_cmd_load_notes(&l);
	return m;
}

enum gt_status gt_cmd_decode(const uint8_t *buf, size_t len, struct gt_tables *t,
                             const struct gt_sink *sink, struct gt_decode_result *res)
{
	struct gt_cmd_load l;
	gt_cmd_load_init(&l);
	enum gt_status st = gt_decode_opts(buf, len, t, sink, &l.opts.decode, res);
	gt_cmd_decode_notes(&l);
	return st;
}
