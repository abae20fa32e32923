/* v1_stop: an old-format decode stops when its caller says so, also in
 * the parts that deliver nothing for seconds on a big file (a viewer's q
 * during a load must not wait for them):
 *  - with *opts.cancel set, pass 1 stops at a batch: GT_STOPPED, no
 *    event delivered;
 *  - a sink that stops the pipelined decode (both runs at once, forced
 *    on for small files) after K events gets GT_STOPPED with exactly K
 *    events, and no more delivered (where the pipelined attempt gives
 *    up on its own, GT_RESTART, the decode starts over, as the model's
 *    loader does).
 * usage: v1_stop TRACE...  (TAP, a line per check and trace) */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#include "decode/decode.h"
#include "decode/restart.h"
#include "slurp.h"

struct count {
	uint64_t n, stop_at;
};

static int on_event(void *ctx, const struct gt_event *e, const struct gt_tables *t)
{
	(void)e;
	(void)t;
	struct count *k = ctx;
	return ++k->n >= k->stop_at;
}

static enum gt_status run(const uint8_t *buf, size_t len, const struct gt_decode_opts *o,
                          struct count *k, struct gt_decode_result *res)
{
	struct gt_sink sink = {.ctx = k, .event = on_event};
	struct gt_tables *t = gt_tables_new();
	enum gt_status s = gt_decode_restartable(buf, len, t, &sink, o, res);
	gt_tables_free(t);
	if (s == GT_RESTART) { /* the pipelined attempt gave up: start over,
		                  as the model's loader does */
		k->n = 0;
		t = gt_tables_new();
		s = gt_decode_opts(buf, len, t, &sink, o, res);
		gt_tables_free(t);
	}
	return s;
}

int main(int argc, char **argv)
{
	printf("1..%d\n", 2 * (argc - 1));
	int bad = 0, n = 0;
	for (int i = 1; i < argc; i++) {
		size_t len;
		uint8_t *buf = slurp(argv[i], &len);
		struct gt_decode_opts o;
		struct gt_decode_result res;
		gt_decode_opts_init(&o);
		o.v1_pipe_min = 0; /* both runs at once, whatever the size */
		struct count whole = {0, UINT64_MAX};
		enum gt_status s = buf ? run(buf, len, &o, &whole, &res) : GT_INVALID;

		atomic_int cancel;
		atomic_init(&cancel, 1);
		struct gt_decode_opts oc = o;
		oc.cancel = &cancel;
		struct count k = {0, UINT64_MAX};
		enum gt_status sc = buf ? run(buf, len, &oc, &k, &res) : GT_INVALID;
		int ok = s == GT_OK && sc == GT_STOPPED && k.n == 0;
		bad |= !ok;
		printf("%s %d - %s: cancelled before pass 1 ends: %s, %llu events (whole: %s)\n",
		       ok ? "ok" : "not ok", ++n, argv[i], gt_status_name(sc),
		       (unsigned long long)k.n, gt_status_name(s));

		struct count part = {0, whole.n / 2 ? whole.n / 2 : 1};
		enum gt_status sp = buf ? run(buf, len, &o, &part, &res) : GT_INVALID;
		ok = s == GT_OK && sp == GT_STOPPED && part.n == part.stop_at;
		bad |= !ok;
		printf("%s %d - %s: the sink stops the pipelined decode at event %llu of %llu: "
		       "%s, %llu events\n",
		       ok ? "ok" : "not ok", ++n, argv[i], (unsigned long long)part.stop_at,
		       (unsigned long long)whole.n, gt_status_name(sp), (unsigned long long)part.n);
		free(buf);
	}
	return bad;
}
