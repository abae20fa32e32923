/* decode.c: gt_decode_v1(), the driver of the Go 1.5-1.21 decoder:
 * pass 1 indexes the file (v1_scan.c), the first run over the ordered
 * stream analyses it (v1_post.c), the second validates, converts and
 * delivers (v1_deliver_all, v1_convert.c), or both at once for callers
 * that can start over (v1_pipe.c).  See v1_int.h for the design. */
#include "decode/restart.h"
#include "decode/v1/pipe.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void v1_run_free(struct v1_ctx *c)
{
	free(c->procs);
	gt_ids_free(&c->pmap);
	for (uint32_t i = 0; i < c->ng; i++)
		free(c->gs[i].wake);
	free(c->gs);
	free(c->gord);
	free(c->gpost);
	free(c->gdirect);
	gt_ids_free(&c->gmap);
	free(c->tasks);
	gt_ids_free(&c->taskmap);
	free(c->regions);
	gt_ids_free(&c->sys_m);
	free(c->heap);
	free(c->avail);
	free(c->front_ts);
}

static void ctx_free(struct v1_ctx *c)
{
	v1_order_free(c); /* (the merge's arrays: freed and cleared) */
	v1_run_free(c);
	free(c->batches);
	free(c->stack_offs);
	free(c->stkdirect);
	free(c->samples);
	free(c->moved);
	free(c->moved_by_ts);
	free(c->sysblocked);
	gt_ids_free(&c->strmap);
	gt_ids_free(&c->stkmap);
	gt_ids_free(&c->pcmap);
	gt_ids_free(&c->timers);
	gt_ids_free(&c->futile);
	gt_ids_free(&c->exit_m);
	free(c->exit5);
}

enum gt_status gt_decode_v1(const uint8_t *buf, size_t len, int version,
                            struct gt_tables *tables, const struct gt_sink *sink,
                            const struct gt_decode_opts *o, int restartable,
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
	c->opts = o;
	c->reference = o->v1_reference;
	res->status = GT_OK;
	int rc = len < 16 ? v1_fail(c, 0, "file too short for a header") :
	         o->v1_index ? v1_scan_index(c) : v1_scan(c);
	/* a time prefix may start from this scan (prefix.c): not when the
	 * analysis must drop futile wakeups, which needs every event seen */
	if (o->v1_scanned && !o->v1_index) {
		struct gt_v1_index ix = {c->kept, c->nkept, c->end, &c->exit_m};
		int told = !rc && !c->kept_lost && version >= 7 && !(c->nfutile && version < 11);
		o->v1_scanned(o->v1_scanned_ctx, told ? &ix : NULL);
	}
	free(c->kept);
	c->kept = NULL;
	if (!rc && c->nsample && !v1_proc_get(c, V1_PROFILE_P))
		rc = v1_fail(c, 0, "out of memory");
	int how = 1;
	if (!rc)
		how = v1_pipe_run(c, restartable, &rc);
	if (how == 2) {
		/* the pipelined attempt gave up after delivering a prefix */
		res->status = GT_RESTART;
		snprintf(res->msg, sizeof res->msg, "decode again, one run after the other");
		ctx_free(c);
		free(c);
		return GT_RESTART;
	}
	if (!rc && how == 1)
		rc = v1_analyse(c);
	if (!rc && how == 1)
		rc = v1_deliver_all(c);
	if (c->cut && !rc) { /* T, in the events' time base */
		int64_t until = (int64_t)((double)(c->until - c->min_ts) * (1e9 / (double)c->freq));
		size_t k = strlen(c->why);
		snprintf(c->why + k, sizeof c->why - k, ": the events before %.6f s", (double)until / 1e9);
		if (o->stats)
			o->stats->v1_prefix_until = until;
	}
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
	if (o->stats) {
		o->stats->v1 = 1;
		o->stats->v1_general = c->ngeneral;
		o->stats->v1_events = 0;
		for (unsigned i = 0; i < GT_V1_MAX_TYPES; i++)
			o->stats->v1_events += res->v1_by_type[i];
	}
	enum gt_status st = res->status;
	ctx_free(c);
	free(c);
	return st;
}
