/* scan.h: pass 1's shared parts (v1_scan.c, and v1_scan_split.c,
 * which scans the second half of a big file on a second thread). */
#ifndef GT_DECODE_V1_SCAN_H
#define GT_DECODE_V1_SCAN_H
#include "decode/v1/int.h"

#define CUT (-2) /* v1_read_raw: the record runs past the end of the file */

/* Pass 1's state that records must see in file order. */
struct scan {
	struct v1_proc *cur;
	uint32_t *lastb;        /* per proc: last batch, parallel to procs */
	uint32_t caplast;
	int has_freq;
	int argn[V1_COUNT];
	/* skip_n[type]: inline argument count of an event record the tight
	 * loop may just step over (nothing to check or keep), else 0;
	 * hb[header byte]: the argument count skip_n allows for that type
	 * when the byte says as much (4: length-prefixed), else 0 */
	uint8_t skip_n[64];
	uint8_t hb[256];
	struct v1_exitm xm;
};

/* The common case of a 1.7+ trace: steps over events with 1-3 inline
 * arguments, each at most 9 bytes (so no overflow), or short
 * length-prefixed ones, from q while q <= lim; counts them in *k and
 * returns the first record left to the caller. */
static inline const uint8_t *skip_events(const struct scan *st, const uint8_t *q,
                                         const uint8_t *lim, const uint8_t *fend, uint64_t *k)
{
	uint64_t n = 0;
	unsigned na;
	while (q <= lim && (na = st->hb[q[0]]) != 0) {
		const uint8_t *x = q + 1, *e = NULL;
		if (na < 4) {
			/* all arguments within the next 8 bytes: the na-th byte
			 * without a continuation bit ends them */
			uint64_t s = ~v1_ld64(x) & 0x8080808080808080ULL;
			s = na > 1 ? s & (s - 1) : s;
			s = na > 2 ? s & (s - 1) : s;
			if (s) {
				q = x + ((unsigned)(__builtin_ctzll(s) + 1) >> 3);
				n++;
				continue;
			}
		} else {
			/* short length-prefixed arguments: count them */
			if (*x > 40 || fend - x < 64)
				break;
			e = x + 1 + *x;
			na = st->skip_n[q[0] & 0x3f] >> 4;
			x++;
		}
		for (unsigned i = na; i; i--) {
			unsigned l = 0;
			while (x[l] & 0x80 && l < 8)
				l++;
			if (x[l] & 0x80)
				goto out;
			x += l + 1;
		}
		if (e && x != e)
			goto out;
		q = x;
		n++;
	}
out:
	*k += n;
	return q;
}

/* Whether v1_fast_raw's record r must take the general path (to be
 * checked, kept or reported there). */
static inline int fast_rare(const struct scan *st, const struct v1_raw *r)
{
	return (int)r->nargs != st->argn[r->type] || r->type == V1_STW_START ||
	       r->type == V1_FREQUENCY || r->type == V1_TIMER_GOROUTINE ||
	       r->type == V1_STACK || r->type == V1_CPU_SAMPLE || r->type == V1_FUTILE_WAKEUP ||
	       r->type == V1_PROC_START;
}

/* The thread of a goroutine in a syscall when tracing began, as the
 * trace tells it later (doc/threads.md): the old format names a thread
 * only in ProcStart, and a thread coming back from a blocking syscall
 * that finds an idle P writes ProcStart (with its id), then GoSysExit,
 * in that order in the P's batch (Go 1.19's exitsyscallfast_pidle,
 * exitsyscall0, stoplockedm).  Records are in file order, so a ProcStart
 * whose record ends where a GoSysExit's begins is its P's event just
 * before it, on that thread.  Only a goroutine's first exit counts: in
 * 1.7+ traces the one of seq 2 (GoInSyscall took 1), noted when a
 * ProcStart is just before it; before 1.7 (no goroutine seq) every exit
 * is noted with its global seq, and v1_exitm_put keeps the lowest.
 * Called for every record pass 1 reads whole (r checked, end where it
 * ends); x carries the ProcStart just met (and the batch's seq): 1 with
 * (goroutine, thread or UINT64_MAX none, seq) in *g, *m, *seq, else 0. */
static inline int v1_exitm_note(struct v1_exitm *x, int ver, const struct v1_raw *r,
                                uint64_t off, uint64_t end, uint64_t *g, uint64_t *m,
                                uint64_t *seq)
{
	unsigned ao = 1; /* (arguments: time first, then the named ones) */
	if (ver < 7) {
		switch (r->type) {
		case V1_BATCH:
			x->seq = r->args[1];
			return 0;
		case V1_STRING: case V1_FREQUENCY: case V1_TIMER_GOROUTINE:
		case V1_STACK: case V1_CPU_SAMPLE:
			return 0;
		}
		x->seq += r->args[0]; /* (and seq before the time) */
		ao = 2;
	}
	if (r->type == V1_PROC_START) {
		x->end = end;
		x->m = r->args[ao];
		return 0;
	}
	if (r->type != V1_GO_SYSEXIT)
		return 0;
	int after = off == x->end && x->end != 0;
	if (ver >= 7 && (!after || r->args[2] != 2))
		return 0;
	*g = r->args[ao];
	*m = after ? x->m : UINT64_MAX;
	*seq = ver < 7 ? x->seq : 0;
	return 1;
}

/* Checks of an event record (0 or -1 with the error set); everything pass 1
 * does with a record besides counting plain events; a cut record at off
 * ending the usable bytes. */
int v1_check_event(struct v1_ctx *c, const struct v1_raw *r, uint64_t off);
int v1_scan_record(struct v1_ctx *c, struct scan *st, const struct v1_raw *r, uint64_t off);
void v1_scan_cut(struct v1_ctx *c, uint64_t off);
/* Keeps v1_exitm_note's pair in c->exit_m (the first for g; before 1.7
 * in c->exit5, to v1_exitm_end): 0, or -1 out of memory (reported at off). */
int v1_exitm_put(struct v1_ctx *c, uint64_t g, uint64_t m, uint64_t seq, uint64_t off);
/* Before 1.7, at the end of pass 1: each goroutine's exit of the lowest
 * seq into c->exit_m when a thread came with it.  0, or -1 out of memory. */
int v1_exitm_end(struct v1_ctx *c);

/* The second thread (v1_scan_split.c): v1_split_start returns it running
 * from *split (a batch header near the middle), NULL when the file is too
 * small, too old or none was found.  When the caller meets *split exactly,
 * v1_split_take makes its work the caller's (1: the scan is complete, *rc
 * its status; 0: it gave up, the caller goes on alone); a caller that steps
 * over it calls v1_split_drop.  v1_split_note reports either to the caller
 * (gt_decode_stats). */
struct v1_tail;
struct v1_tail *v1_split_start(const struct v1_ctx *c, const struct scan *st, uint64_t *split);
int v1_split_take(struct v1_ctx *c, struct scan *st, struct v1_tail *t, int *rc);
void v1_split_drop(struct v1_tail *t);
void v1_split_note(const struct v1_ctx *c, uint64_t split, const char *what);
#endif
