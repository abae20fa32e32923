/* v1_decode.c: gt_decode_v1(), the driver of the Go 1.5-1.21 decoder:
 * pass 1 indexes the file (v1_scan.c), the first run over the ordered
 * stream analyses it (v1_post.c), the second validates, converts and
 * delivers (v1_convert.c).  See v1_int.h for the design. */
#include "decode/v1_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int64_t to_ns(const struct v1_ctx *c, int64_t ts)
{
	/* as Go: float64(ts-minTs) * (1e9/float64(freq)) */
	double d = (double)(int64_t)((uint64_t)ts - (uint64_t)c->min_ts) * c->ns_per_tick;
	if (!(d > -9.2e18))
		return d != d ? 0 : INT64_MIN;
	if (d > 9.2e18)
		return INT64_MAX / 2;
	return (int64_t)d;
}

static int is_timer(const struct v1_ctx *c, uint64_t g)
{
	return c->timers.count && v1_map_get(&c->timers, g) != NULL;
}

/* One event of the final order: drop futile ones, count, normalise time,
 * move to Go's fake Ps, validate, convert. */
static int process(struct v1_ctx *c, struct v1_ev *ev, uint64_t ord)
{
	if (c->nfutile && c->ver < 11 && v1_map_get(&c->futile, ev->off))
		return 0;
	ev->ts = to_ns(c, ev->ts);
	if (ev->type == V1_GO_UNBLOCK && is_timer(c, ev->g))
		ev->p = V1_TIMER_P;
	if (ev->type == V1_GO_SYSEXIT)
		ev->p = V1_SYSCALL_P;
	if (v1_postprocess(c, ev))
		return -1;
	c->res->v1_by_type[ev->type]++;
	if (ev->off > c->res->bytes_kept)
		c->res->bytes_kept = ev->off;
	return v1_convert(c, ev, ord);
}

/* Tells the sink how far the second run has got: no P will read the file
 * below the returned offset again (the loader may give those pages back). */
static void report(struct v1_ctx *c)
{
	if (!c->sink || !c->sink->progress)
		return;
	uint64_t low = c->end;
	for (uint32_t i = 0; i < c->nproc; i++) {
		const struct v1_proc *p = &c->procs[i];
		uint64_t at;
		if (p->pos)
			at = p->pos;
		else {
			uint32_t nb = p->cur == UINT32_MAX ? p->first : c->batches[p->cur].next;
			if (nb == UINT32_MAX)
				continue;
			at = c->batches[nb].off;
		}
		if (at < low)
			low = at;
	}
	c->sink->progress(c->sink->ctx, low, c->len);
}

static int deliver_all(struct v1_ctx *c)
{
	struct v1_ev ev;
	uint32_t mi = 0, mt = 0;
	c->replay = 1;
	c->ns_per_tick = 1e9 / (double)c->freq; /* the same factor Go computes */
	if (v1_order_start(c) || v1_convert_init(c))
		return -1;
	v1_post_reset(c);
	struct v1_g *g0 = v1_g_get(c, 0);
	if (!g0) {
		c->res->status = GT_NOMEM;
		return v1_fail(c, 0, "out of memory");
	}
	g0->present = 1;
	g0->pstate = 2; /* g 0 runs */
	if (c->nordered && v1_emit_sync(c, -1, 16))
		return -1;
	for (uint64_t i = 0; i < c->nordered; i++) {
		int rc = v1_order_next(c, &ev);
		if (rc != 1)
			return rc < 0 ? -1 : v1_fail(c, 0, "ordering changed between passes");
		if (mi < c->nmoved && c->moved[mi].idx == i) {
			mi++;
			continue;
		}
		while (mt < c->nmoved) {
			struct v1_moved *m = &c->moved[c->moved_by_ts[mt]];
			if (m->ev.ts > ev.ts || (m->ev.ts == ev.ts && m->idx > i))
				break;
			struct v1_ev mev = m->ev;
			mt++;
			if (process(c, &mev, m->idx))
				return -1;
		}
		if (process(c, &ev, i))
			return -1;
		if ((i & 0xffff) == 0xffff && c->ver >= 7)
			report(c);
	}
	for (; mt < c->nmoved; mt++) {
		struct v1_ev mev = c->moved[c->moved_by_ts[mt]].ev;
		if (process(c, &mev, c->moved[c->moved_by_ts[mt]].idx))
			return -1;
	}
	if (c->sink && c->sink->progress)
		c->sink->progress(c->sink->ctx, c->len, c->len);
	return v1_emit_sync(c, c->last_ts + 1, c->end);
}

static void ctx_free(struct v1_ctx *c)
{
	v1_order_free(c);
	for (uint32_t i = 0; i < c->ng; i++)
		free(c->gs[i].wake);
	free(c->gs);
	free(c->gord);
	free(c->procs);
	free(c->batches);
	free(c->stack_offs);
	free(c->stkdirect);
	free(c->samples);
	free(c->tasks);
	free(c->regions);
	free(c->moved);
	free(c->moved_by_ts);
	free(c->sysblocked);
	v1_map_free(&c->pmap);
	v1_map_free(&c->strmap);
	v1_map_free(&c->stkmap);
	v1_map_free(&c->pcmap);
	v1_map_free(&c->timers);
	v1_map_free(&c->gmap);
	free(c->gdirect);
	v1_map_free(&c->taskmap);
	v1_map_free(&c->futile);
}

enum gt_status gt_decode_v1(const uint8_t *buf, size_t len, int version,
                            struct gt_tables *tables, const struct gt_sink *sink,
                            struct gt_decode_result *res)
{
	res->format = 1;
	res->version = version;
	for (unsigned i = 0; i < V1_COUNT && i < GT_V1_MAX_TYPES; i++)
		res->v1_type_names[i] = v1_descs[i].name;
	switch (version) {
	case 5: case 7: case 8: case 9: case 10: case 11: case 19: case 21:
		break;
	default:
		res->status = GT_UNSUPPORTED;
		snprintf(res->msg, sizeof res->msg, "unsupported trace file version 1.%d", version);
		return res->status;
	}
	struct v1_ctx *c = calloc(1, sizeof *c);
	if (!c) {
		res->status = GT_NOMEM;
		snprintf(res->msg, sizeof res->msg, "out of memory");
		return res->status;
	}
	c->buf = buf;
	c->len = c->end = len;
	c->ver = version;
	c->tab = tables;
	c->res = res;
	c->sink = sink;
	res->status = GT_OK;
	int rc = len < 16 ? v1_fail(c, 0, "file too short for a header") : v1_scan(c);
	if (!rc && c->nsample && !v1_proc_get(c, V1_PROFILE_P))
		rc = v1_fail(c, 0, "out of memory");
	if (!rc)
		rc = v1_analyse(c);
	if (!rc)
		rc = deliver_all(c);
	if (c->stopped) {
		res->status = GT_STOPPED;
		snprintf(res->msg, sizeof res->msg, "stopped by the caller");
	} else if (rc) {
		if (res->status == GT_OK)
			res->status = GT_INVALID;
		res->offset = c->err_off;
		snprintf(res->msg, sizeof res->msg, "%s", c->err);
	} else if (c->truncated) {
		res->status = GT_TRUNCATED;
		res->offset = c->gap_off ? c->gap_off : c->end;
		snprintf(res->msg, sizeof res->msg, "%s", c->why);
	} else {
		res->bytes_kept = len;
	}
	enum gt_status st = res->status;
	ctx_free(c);
	free(c);
	return st;
}
