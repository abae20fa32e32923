/* live.c: the viewer on a trace still arriving (live.h). */
#include "tui/live.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "tui/app.h"
#include "tui/util.h"

#define READ_MAX (4u << 20) /* bytes read between two looks at the keys */

double tui_live_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int tui_live_poll_fd(const struct tui_live *l)
{
	return l && !l->fifo_wait && !l->follow ? l->fd : -1;
}

int tui_live_read(struct tui_live *l, int ready)
{
	int changed = 0;
	size_t got = 0;
	l->more = 0;
	while (l->fd >= 0 && (ready || l->fifo_wait || l->follow)) {
		if (got >= READ_MAX) {
			l->more = 1;
			break;
		}
		long n = gt_stream_read(l->s, l->fd);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			break;
		if (n == 0 && (l->fifo_wait || l->follow)) /* no writer yet (a
		                FIFO reads as ended until one opens it), or a
		                followed file's end for now */
			break;
		changed = 1;
		if (n <= 0) { /* the writer is done (or the read failed: the
		                 same, with what came kept) */
			if (n < 0)
				l->err = errno;
			gt_stream_end(l->s);
			close(l->fd);
			l->fd = -1;
			break;
		}
		l->fifo_wait = 0;
		l->flushed = 0;
		l->last_data = tui_live_now();
		got += (size_t)n;
	}
	/* a followed file quiet for a second: an old-format one is shown as
	 * far as it got */
	if (l->follow && !l->flushed && l->last_data && tui_live_now() - l->last_data >= 1) {
		gt_stream_flush(l->s);
		l->flushed = 1;
	}
	if (!l->pending) /* at most the model shown, one to show, one building */
		gt_stream_step(l->s, tui_live_now());
	return changed;
}

/* The timeline's window covers the whole trace: it keeps doing so as the
 * trace grows (the user has not moved it yet). */
static int whole_window(const struct tui_app *a)
{
	return a->tl.t0 <= a->info.min_ts && a->tl.t1 >= a->info.max_ts + 1;
}

/* Another model under the views: what they derived from the old one goes
 * (rebuilt from the new one as they are drawn), their places stay. */
static void replace(struct tui_app *a, struct gt_model *m)
{
	int whole = whole_window(a), at_end = a->tl.t1 >= a->info.max_ts + 1;
	struct tui_timeline tl = a->tl;
	struct tui_goroutine gd = a->gd;
	size_t itop = a->insp.top, icur = a->insp.cur, ptop = a->preview.top;
	int had_preview = a->preview.nlines > 0;
	struct tui_sel psel = a->preview.sel;
	int in_gd = 0;
	for (int i = 0; i < a->depth; i++)
		in_gd |= a->stack[i] == TUI_V_GOROUTINE;
	/* the list: the selected goroutine stays selected */
	if (a->gl.nrows && a->gl.sel < a->gl.nrows) {
		uint32_t r = tui_goroutines_row(a, a->gl.sel);
		a->gl.keep_g = r & TUI_GROW_GROUP ? UINT32_MAX : r;
	}
	/* the caller saw the list's index done; a marked range's rows may
	 * still be read on their thread: the old model then waits for the
	 * end (tui_live_free) */
	int busy = tui_goroutines_free(a) < 0;
	tui_timeline_free(a);
	tui_goroutine_free(a);
	tui_gc_free(a);
	tui_rstats_free(&a->rstats);
	tui_profile_free(a);
	tui_regions_free(a);
	tui_search_free(a);
	a->search.results = 0; /* the results were the old model's */
	a->search.rsel = a->search.rtop = 0;
	a->search.stepped = 0;

	if (busy && a->live->nparked < TUI_LIVE_PARKED)
		a->live->parked[a->live->nparked++] = a->m;
	else if (!busy)
		gt_model_free(a->m);
	a->m = m;
	gt_model_info(m, &a->info);
	a->info.min_ts = tui_time_bound(a->info.min_ts);
	a->info.max_ts = tui_time_bound(a->info.max_ts);

	a->tl.heap_max = 0; /* the scale of the heap lanes: of the new whole */
	tui_timeline_fit(a);
	if (!whole) {
		a->tl.t0 = tl.t0;
		a->tl.t1 = tl.t1;
		a->tl.cursor = tl.cursor;
		if (at_end) { /* the window's right edge follows the newest data */
			int64_t d = a->info.max_ts + 1 - tl.t1;
			a->tl.t0 += d;
			a->tl.t1 += d;
			a->tl.cursor += d;
		}
	}
	tui_gindex_start(&a->gl.ix, a->m);
	a->gl.dirty = 1;
	if (in_gd) {
		tui_goroutine_load(a, gd.g);
		a->gd.sel = gd.sel < a->gd.nspans ? gd.sel : a->gd.nspans ? a->gd.nspans - 1 : 0;
		a->gd.top = gd.top;
		a->gd.pane = gd.pane;
		a->gd.stack_top = gd.stack_top;
		a->gd.t0 = gd.t0;
		a->gd.t1 = gd.t1;
	}
	if (a->insp.nlines) {
		tui_inspector_build(a);
		a->insp.top = itop;
		a->insp.cur = icur < a->insp.nlines ? icur : 0;
	}
	if (had_preview) {
		tui_inspector_build_into(a, &a->preview, &psel);
		a->preview.sel = psel;
		a->preview.top = ptop;
	}
}

int tui_live_swap(struct tui_app *a)
{
	struct tui_live *l = a->live;
	if (!l)
		return 0;
	struct gt_decode_result res;
	struct gt_model *m = gt_stream_take(l->s, &res);
	if (m) {
		if (l->pending)
			gt_model_free(l->pending);
		l->pending = m;
		l->pres = res;
	}
	if (!l->pending)
		return 0;
	/* the list's index reads the model on a thread of its own, in steps
	 * that cannot all be stopped: the model changes once it is done */
	if (a->gl.ix.m && !tui_gindex_ready(&a->gl.ix, TUI_GCOL__COUNT))
		return 0;
	replace(a, l->pending);
	l->pending = NULL;
	tui_live_shown(a);
	if (l->final)
		tui_load_result(a, &l->pres);
	else
		a->load_error[0] = 0; /* a prefix's end is no error */
	return TUI_REDRAW_ALL;
}

void tui_live_shown(struct tui_app *a)
{
	struct tui_live *l = a->live;
	struct gt_stream_info si;
	gt_stream_info(l->s, &si);
	l->final = si.final;
	l->shown_gens = si.built_gens;
	a->partial = !l->final;
}

void tui_live_mark(const struct tui_app *a, char *buf, size_t n, int full)
{
	const struct tui_live *l = a->live;
	buf[0] = 0;
	if (!l || l->final)
		return;
	struct gt_stream_info si;
	gt_stream_info(l->s, &si);
	char dur[32], bytes[64], heap[32] = "";
	tui_fmt_dur(dur, sizeof dur, a->info.max_ts - a->info.min_ts);
	tui_fmt_bytes(bytes, sizeof bytes, si.bytes);
	/* enough to watch a server without a key: the heap at the newest
	 * point, the collections and pauses so far */
	struct gt_point pt;
	size_t last = gt_model_metric_at(a->m, GT_METRIC_HEAP_ALLOC, a->info.max_ts);
	if (full && last != SIZE_MAX && gt_model_metric_get(a->m, GT_METRIC_HEAP_ALLOC, last, &pt) == 0) {
		char v[24];
		tui_fmt_bytes(v, sizeof v, pt.value);
		snprintf(heap, sizeof heap, ", heap %s", v);
	}
	if (si.file) { /* a big file's first frame, while the whole loads */
		snprintf(buf, n, " [loading %.0f%%: %s so far]",
		         si.total ? 100.0 * (double)si.done / (double)si.total : 0.0, dur);
		return;
	}
	const char *what = si.ended ? "building" : l->follow ? "following" : "live";
	if (si.held) { /* steps wait for the end: two models would not fit */
		char b2[32];
		tui_fmt_bytes(b2, sizeof b2, si.built);
		size_t k = strlen(bytes);
		snprintf(bytes + k, sizeof bytes - k, " read, shown %s", b2);
	} else {
		size_t k = strlen(bytes);
		snprintf(bytes + k, sizeof bytes - k, " read");
	}
	if (full)
		snprintf(buf, n, " [%s: %s so far, %s; %u GC, %u STW%s]", what, dur, bytes,
		         a->info.gc_cycles, a->info.stws, heap);
	else
		snprintf(buf, n, " [%s: %s so far, %s]", what, dur, bytes);
}

void tui_live_lines(const struct tui_live *l, const char *name, char lines[3][160])
{
	struct gt_stream_info si;
	gt_stream_info(l->s, &si);
	char bytes[32];
	tui_fmt_bytes(bytes, sizeof bytes, si.bytes);
	snprintf(lines[0], 160, "Reading %s", name);
	if (si.version > 0)
		snprintf(lines[1], 160, "%s read  ·  go1.%d trace  ·  %u generation%s complete", bytes,
		         si.version, si.gens, si.gens == 1 ? "" : "s");
	else
		snprintf(lines[1], 160, "%s read", bytes);
	double idle = tui_live_now() - (l->last_data ? l->last_data : l->t0);
	if (l->fifo_wait && !si.bytes)
		snprintf(lines[2], 160, "waiting for a writer to open the FIFO");
	else if (!si.bytes && !si.ended)
		snprintf(lines[2], 160, "waiting for data (%.0f s so far)", idle);
	else if (si.building || (si.ended && !si.final))
		snprintf(lines[2], 160, "building the model of %s", si.ended ? "the whole trace" :
		         si.format == 2 ? "the complete generations" : "the bytes read so far");
	else if (si.format == 1 && !si.ended)
		snprintf(lines[2], 160, "waiting for data: old-format traces are shown as far as "
		         "their events can be ordered (%.0f s without data)", idle);
	else if (l->follow && si.format != 2)
		snprintf(lines[2], 160, "waiting for the file to stop growing for a second "
		         "(%.0f s without data)", idle);
	else if (si.format == 2 && !si.ended)
		snprintf(lines[2], 160, "waiting for the first generation to end (%.0f s without data)",
		         idle);
	else if (!si.ended)
		snprintf(lines[2], 160, "waiting for the writer to close the stream: such traces "
		         "are shown once complete (%.0f s without data)", idle);
	else
		lines[2][0] = 0;
}

int tui_live_timeout(const struct tui_live *l)
{
	if (!l)
		return -1;
	struct gt_stream_info si;
	gt_stream_info(l->s, &si);
	if (si.building || l->pending || (si.ended && !l->final))
		return 50;
	if (l->more)
		return 0; /* the keys, then more data */
	if (l->fifo_wait)
		return 100; /* tries the FIFO again */
	return l->fd >= 0 ? 250 : -1; /* the header's bytes; a throttled build */
}

void tui_live_log_frame(struct tui_app *a)
{
	struct tui_live *l = a->live;
	if (!l || !l->log)
		return;
	double t = tui_live_now();
	if (l->key_t) {
		fprintf(l->log, "key %.6f %.3f %s\n", t, (t - l->key_t) * 1e3,
		        l->final ? "whole" : "partial");
		l->key_t = 0;
	}
	if (l->logged != a->m) {
		struct gt_stream_info si;
		gt_stream_info(l->s, &si);
		l->logged = a->m;
		fprintf(l->log, "model %.6f %llu %u %s\n", t, (unsigned long long)si.built,
		        si.built_gens, l->final ? "whole" : "partial");
	}
	fflush(l->log);
}

void tui_live_free(struct tui_live *l)
{
	if (!l)
		return;
	if (l->log)
		fclose(l->log);
	if (l->pending)
		gt_model_free(l->pending);
	if (tui_gwin_wait_dropped() == 0)
		for (int i = 0; i < l->nparked; i++)
			gt_model_free(l->parked[i]);
	gt_stream_free(l->s);
	if (l->fd >= 0)
		close(l->fd);
	memset(l, 0, sizeof *l);
	l->fd = -1;
}
