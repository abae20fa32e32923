/* format.c: the old-format event table (names, first version, argument
 * layout) and the per-version argument counts, as Go 1.19's parser. */
#include "decode/v1/int.h"

const struct v1_desc v1_descs[V1_COUNT] = {
	[V1_NONE] = {"None", 5, 0, 0},
	[V1_BATCH] = {"Batch", 5, 0, 2},          /* 1.5: p, seq, ticks */
	[V1_FREQUENCY] = {"Frequency", 5, 0, 1},  /* 1.5: freq, unused */
	[V1_STACK] = {"Stack", 5, 0, 2},
	[V1_GOMAXPROCS] = {"Gomaxprocs", 5, 1, 1},
	[V1_PROC_START] = {"ProcStart", 5, 0, 1},
	[V1_PROC_STOP] = {"ProcStop", 5, 0, 0},
	[V1_GC_START] = {"GCStart", 5, 1, 1},     /* 1.5: no seq */
	[V1_GC_DONE] = {"GCDone", 5, 0, 0},
	[V1_STW_START] = {"GCSTWStart", 5, 0, 1}, /* <1.10: no kind */
	[V1_STW_DONE] = {"GCSTWDone", 5, 0, 0},
	[V1_SWEEP_START] = {"GCSweepStart", 5, 1, 0},
	[V1_SWEEP_DONE] = {"GCSweepDone", 5, 0, 2}, /* <1.9: none */
	[V1_GO_CREATE] = {"GoCreate", 5, 1, 2},
	[V1_GO_START] = {"GoStart", 5, 0, 2},     /* 1.5: g only */
	[V1_GO_END] = {"GoEnd", 5, 0, 0},
	[V1_GO_STOP] = {"GoStop", 5, 1, 0},
	[V1_GO_SCHED] = {"GoSched", 5, 1, 0},
	[V1_GO_PREEMPT] = {"GoPreempt", 5, 1, 0},
	[V1_GO_SLEEP] = {"GoSleep", 5, 1, 0},
	[V1_GO_BLOCK] = {"GoBlock", 5, 1, 0},
	[V1_GO_UNBLOCK] = {"GoUnblock", 5, 1, 2}, /* 1.5: g only */
	[V1_GO_BLOCK_SEND] = {"GoBlockSend", 5, 1, 0},
	[V1_GO_BLOCK_RECV] = {"GoBlockRecv", 5, 1, 0},
	[V1_GO_BLOCK_SELECT] = {"GoBlockSelect", 5, 1, 0},
	[V1_GO_BLOCK_SYNC] = {"GoBlockSync", 5, 1, 0},
	[V1_GO_BLOCK_COND] = {"GoBlockCond", 5, 1, 0},
	[V1_GO_BLOCK_NET] = {"GoBlockNet", 5, 1, 0},
	[V1_GO_SYSCALL] = {"GoSysCall", 5, 1, 0},
	[V1_GO_SYSEXIT] = {"GoSysExit", 5, 0, 3},
	[V1_GO_SYSBLOCK] = {"GoSysBlock", 5, 0, 0},
	[V1_GO_WAITING] = {"GoWaiting", 5, 0, 1},
	[V1_GO_INSYSCALL] = {"GoInSyscall", 5, 0, 1},
	[V1_HEAP_ALLOC] = {"HeapAlloc", 5, 0, 1},
	[V1_HEAP_GOAL] = {"HeapGoal", 5, 0, 1},
	[V1_TIMER_GOROUTINE] = {"TimerGoroutine", 5, 0, 1}, /* 1.5: g, unused */
	[V1_FUTILE_WAKEUP] = {"FutileWakeup", 5, 0, 0},
	[V1_STRING] = {"String", 7, 0, 0},
	[V1_GO_START_LOCAL] = {"GoStartLocal", 7, 0, 1},
	[V1_GO_UNBLOCK_LOCAL] = {"GoUnblockLocal", 7, 1, 1},
	[V1_GO_SYSEXIT_LOCAL] = {"GoSysExitLocal", 7, 0, 2},
	[V1_GO_START_LABEL] = {"GoStartLabel", 8, 0, 3},
	[V1_GO_BLOCK_GC] = {"GoBlockGC", 8, 1, 0},
	[V1_MARK_ASSIST_START] = {"GCMarkAssistStart", 9, 1, 0},
	[V1_MARK_ASSIST_DONE] = {"GCMarkAssistDone", 9, 0, 0},
	[V1_TASK_CREATE] = {"UserTaskCreate", 11, 1, 3},
	[V1_TASK_END] = {"UserTaskEnd", 11, 1, 1},
	[V1_REGION] = {"UserRegion", 11, 1, 3},
	[V1_LOG] = {"UserLog", 11, 1, 2},
	[V1_CPU_SAMPLE] = {"CPUSample", 19, 1, 3},
};

int v1_arg_num(unsigned typ, int ver)
{
	const struct v1_desc *d = &v1_descs[typ];
	int n = d->nargs + d->stack;
	if (typ == V1_BATCH || typ == V1_FREQUENCY || typ == V1_TIMER_GOROUTINE)
		return n + (ver < 7); /* an unused arg (or seq) before 1.7 */
	n++;                          /* timestamp */
	if (ver < 7)
		n++;                  /* sequence number */
	switch (typ) {
	case V1_SWEEP_DONE:
		if (ver < 9)
			n -= 2;
		break;
	case V1_GC_START: case V1_GO_START: case V1_GO_UNBLOCK:
		if (ver < 7)
			n--;
		break;
	case V1_STW_START:
		if (ver < 10)
			n--;
		break;
	}
	return n;
}

const char *gt_v1_type_name(unsigned type)
{
	return type < V1_COUNT ? v1_descs[type].name : NULL;
}
