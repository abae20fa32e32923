/* wclass.c: wait classes from Go's wait reasons (gt_wait_class,
 * model.h): the strings of Go's runtime (traceBlockReason, Go 1.22+) and
 * of the old formats' conversion (decode/v1/convert.c). */
#include "model/model.h"

#include <string.h>

enum gt_wait_class gt_wait_class(const char *r)
{
	static const struct {
		const char *reason;
		enum gt_wait_class c;
	} known[] = {
		{"chan receive", GT_WC_CHAN},
		{"chan send", GT_WC_CHAN},
		{"select", GT_WC_CHAN},
		{"forever", GT_WC_CHAN},
		{"sync", GT_WC_SYNC},
		{"sync.(*Cond).Wait", GT_WC_SYNC},
		{"synctest", GT_WC_SYNC},
		{"network", GT_WC_NET},
		{"sleep", GT_WC_SLEEP},
		{"GC mark assist wait for work", GT_WC_GC},
		{"GC background sweeper wait", GT_WC_GC},
		{"GC weak to strong wait", GT_WC_GC},
		{"wait until GC ends", GT_WC_GC},
		{"system goroutine wait", GT_WC_GC},
		{"preempted", GT_WC_GC},
		{"wait for debug call", GT_WC_GC},
	};
	if (r && *r)
		for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
			if (!strcmp(r, known[i].reason))
				return known[i].c;
	return GT_WC_OTHER;
}

const char *gt_wait_class_name(enum gt_wait_class c)
{
	static const char *const names[GT_WC__COUNT] = {
		"chan/select", "sync", "network/IO", "sleep/timer", "GC/runtime", "other",
	};
	return (unsigned)c < GT_WC__COUNT ? names[c] : "other";
}

enum gt_waker gt_waker_of(const char *r)
{
	if (!r || !*r)
		return GT_WAKER_UNKNOWN;
	if (!strcmp(r, "network"))
		return GT_WAKER_NETPOLL;
	if (!strcmp(r, "sleep"))
		return GT_WAKER_TIMER;
	return GT_WAKER_RUNTIME;
}

const char *gt_waker_text(enum gt_waker w)
{
	static const char *const text[] = {"by the network poller", "by a timer", "by the runtime",
	                                   "outside any goroutine"};
	return (unsigned)w <= GT_WAKER_UNKNOWN ? text[w] : text[GT_WAKER_UNKNOWN];
}

const char *gt_waker_key(enum gt_waker w)
{
	static const char *const key[] = {"netpoll", "timer", "runtime", "unknown"};
	return (unsigned)w <= GT_WAKER_UNKNOWN ? key[w] : key[GT_WAKER_UNKNOWN];
}
