/* stackwhy.c: why a goroutine waits, read from its stack where the trace
 * gives no reason (gt_model_stack_wait_reason, model.h).  Go 1.23 and
 * later write the stack of a goroutine already blocked when tracing
 * begins (GoStatusStack) with no reason; the function that parked it
 * tells the reason, in Go's own words (traceBlockReason), so that the
 * wait classes (wclass.c) and the groups take it like any other. */
#include "model/model_int.h"

#include <string.h>

/* The frames that park a goroutine for every reason: looked past. */
static const char *const parkers[] = {
	"runtime.gopark", "runtime.goparkunlock", "runtime.park_m", "runtime.mcall",
};

/* The first other frame, and the reason it tells. */
static const struct {
	const char *func;
	unsigned why; /* index in reasons[] */
} tells[] = {
	{"runtime.selectgo", 0},
	{"runtime.block", 1},
	{"runtime.chanrecv", 2}, {"runtime.chanrecv1", 2}, {"runtime.chanrecv2", 2},
	{"runtime.chansend", 3}, {"runtime.chansend1", 3},
	{"runtime.netpollblock", 4}, {"internal/poll.runtime_pollWait", 4},
	{"time.Sleep", 5}, {"runtime.timeSleep", 5},
	{"runtime.semacquire1", 6}, {"sync.runtime_SemacquireMutex", 6},
	{"internal/sync.runtime_SemacquireMutex", 6}, {"sync.runtime_SemacquireRWMutex", 6},
	{"sync.runtime_SemacquireRWMutexR", 6}, {"sync.runtime_SemacquireWaitGroup", 6},
	{"sync.runtime_Semacquire", 6},
	{"runtime.notifyListWait", 7}, {"sync.runtime_notifyListWait", 7},
};
static const char *const reasons[GT_STACK_WHY] = {
	"select", "forever", "chan receive", "chan send", "network", "sleep", "sync",
	"sync.(*Cond).Wait",
};

int gt_stackwhy_init(struct gt_model *m)
{
	for (unsigned i = 0; i < GT_STACK_WHY; i++)
		if (!(m->stack_why[i] = gt_str_intern(m->tables, reasons[i], strlen(reasons[i]))))
			return -1;
	return 0;
}

gt_str gt_model_stack_wait_reason(const struct gt_model *m, gt_stack st)
{
	const struct gt_tables *t = m->tables;
	size_t n = st ? gt_stack_depth(t, st) : 0;
	const uint32_t *fr = n ? gt_stack_frames(t, st) : NULL;
	for (size_t i = 0; i < n; i++) {
		const struct gt_frame *f = gt_frame_get(t, fr[i]);
		const char *fn = f ? gt_str_get(t, f->func) : "";
		size_t k = 0;
		while (k < sizeof parkers / sizeof parkers[0] && strcmp(fn, parkers[k]))
			k++;
		if (k < sizeof parkers / sizeof parkers[0])
			continue;
		for (k = 0; k < sizeof tells / sizeof tells[0]; k++)
			if (!strcmp(fn, tells[k].func))
				return m->stack_why[tells[k].why];
		return 0;
	}
	return 0;
}
