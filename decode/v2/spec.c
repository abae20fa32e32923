/* spec.c: Go 1.22-1.26 wire event table (v2_spec.h), after Go's
 * internal/tracev2/events.go and internal/version/version.go.
 *
 * One table for all versions: each version sees a prefix of it (Go 1.22
 * up to UserLog, 1.23 up to ExperimentalBatch, 1.25 up to ClockSnapshot),
 * and only 1.26 sees the experimental types 128+ (Go's version table
 * slices its spec list the same way).
 */
#include "decode/v2/spec.h"

#include <string.h>

#define NO {-1, -1, -1, -1}

static const struct gt_v2_spec specs[GT_V2_MAX_TYPE + 1] = {
	[1] = {.name = "EventBatch", .nargs = 4, .args = {"gen", "m", "time", "size"}, .string_ids = NO, .stack_ids = NO},
	[2] = {.name = "Stacks", .nargs = 0, .string_ids = NO, .stack_ids = NO},
	[3] = {.name = "Stack", .nargs = 2, .args = {"id", "nframes"}, .string_ids = NO, .stack_ids = NO, .is_stack = 1},
	[4] = {.name = "Strings", .nargs = 0, .string_ids = NO, .stack_ids = NO},
	[5] = {.name = "String", .nargs = 1, .args = {"id"}, .string_ids = NO, .stack_ids = NO, .has_data = 1},
	[6] = {.name = "CPUSamples", .nargs = 0, .string_ids = NO, .stack_ids = NO},
	[7] = {.name = "CPUSample", .nargs = 5, .args = {"time", "m", "p", "g", "stack"}, .string_ids = NO, .stack_ids = {4, -1, -1, -1}},
	[8] = {.name = "Frequency", .nargs = 1, .args = {"freq"}, .string_ids = NO, .stack_ids = NO},
	[9] = {.name = "ProcsChange", .nargs = 3, .args = {"dt", "procs_value", "stack"}, .string_ids = NO, .stack_ids = {2, -1, -1, -1}, .is_timed = 1},
	[10] = {.name = "ProcStart", .nargs = 3, .args = {"dt", "p", "p_seq"}, .string_ids = NO, .stack_ids = NO, .is_timed = 1},
	[11] = {.name = "ProcStop", .nargs = 1, .args = {"dt"}, .string_ids = NO, .stack_ids = NO, .is_timed = 1},
	[12] = {.name = "ProcSteal", .nargs = 4, .args = {"dt", "p", "p_seq", "m"}, .string_ids = NO, .stack_ids = NO, .is_timed = 1},
	[13] = {.name = "ProcStatus", .nargs = 3, .args = {"dt", "p", "pstatus"}, .string_ids = NO, .stack_ids = NO, .is_timed = 1},
	[14] = {.name = "GoCreate", .nargs = 4, .args = {"dt", "new_g", "new_stack", "stack"}, .string_ids = NO, .stack_ids = {3, 2, -1, -1}, .is_timed = 1},
	[15] = {.name = "GoCreateSyscall", .nargs = 2, .args = {"dt", "new_g"}, .string_ids = NO, .stack_ids = NO, .is_timed = 1},
	[16] = {.name = "GoStart", .nargs = 3, .args = {"dt", "g", "g_seq"}, .string_ids = NO, .stack_ids = NO, .is_timed = 1},
	[17] = {.name = "GoDestroy", .nargs = 1, .args = {"dt"}, .string_ids = NO, .stack_ids = NO, .is_timed = 1},
	[18] = {.name = "GoDestroySyscall", .nargs = 1, .args = {"dt"}, .string_ids = NO, .stack_ids = NO, .is_timed = 1},
	[19] = {.name = "GoStop", .nargs = 3, .args = {"dt", "reason_string", "stack"}, .string_ids = {1, -1, -1, -1}, .stack_ids = {2, -1, -1, -1}, .is_timed = 1},
	[20] = {.name = "GoBlock", .nargs = 3, .args = {"dt", "reason_string", "stack"}, .string_ids = {1, -1, -1, -1}, .stack_ids = {2, -1, -1, -1}, .is_timed = 1},
	[21] = {.name = "GoUnblock", .nargs = 4, .args = {"dt", "g", "g_seq", "stack"}, .string_ids = NO, .stack_ids = {3, -1, -1, -1}, .is_timed = 1},
	[22] = {.name = "GoSyscallBegin", .nargs = 3, .args = {"dt", "p_seq", "stack"}, .string_ids = NO, .stack_ids = {2, -1, -1, -1}, .is_timed = 1},
	[23] = {.name = "GoSyscallEnd", .nargs = 1, .args = {"dt"}, .string_ids = NO, .stack_ids = NO, .start_ev = 22, .is_timed = 1},
	[24] = {.name = "GoSyscallEndBlocked", .nargs = 1, .args = {"dt"}, .string_ids = NO, .stack_ids = NO, .start_ev = 22, .is_timed = 1},
	[25] = {.name = "GoStatus", .nargs = 4, .args = {"dt", "g", "m", "gstatus"}, .string_ids = NO, .stack_ids = NO, .is_timed = 1},
	[26] = {.name = "STWBegin", .nargs = 3, .args = {"dt", "kind_string", "stack"}, .string_ids = {1, -1, -1, -1}, .stack_ids = {2, -1, -1, -1}, .is_timed = 1},
	[27] = {.name = "STWEnd", .nargs = 1, .args = {"dt"}, .string_ids = NO, .stack_ids = NO, .start_ev = 26, .is_timed = 1},
	[28] = {.name = "GCActive", .nargs = 2, .args = {"dt", "gc_seq"}, .string_ids = NO, .stack_ids = NO, .start_ev = 29, .is_timed = 1},
	[29] = {.name = "GCBegin", .nargs = 3, .args = {"dt", "gc_seq", "stack"}, .string_ids = NO, .stack_ids = {2, -1, -1, -1}, .is_timed = 1},
	[30] = {.name = "GCEnd", .nargs = 2, .args = {"dt", "gc_seq"}, .string_ids = NO, .stack_ids = NO, .start_ev = 29, .is_timed = 1},
	[31] = {.name = "GCSweepActive", .nargs = 2, .args = {"dt", "p"}, .string_ids = NO, .stack_ids = NO, .start_ev = 32, .is_timed = 1},
	[32] = {.name = "GCSweepBegin", .nargs = 2, .args = {"dt", "stack"}, .string_ids = NO, .stack_ids = {1, -1, -1, -1}, .is_timed = 1},
	[33] = {.name = "GCSweepEnd", .nargs = 3, .args = {"dt", "swept_value", "reclaimed_value"}, .string_ids = NO, .stack_ids = NO, .start_ev = 32, .is_timed = 1},
	[34] = {.name = "GCMarkAssistActive", .nargs = 2, .args = {"dt", "g"}, .string_ids = NO, .stack_ids = NO, .start_ev = 35, .is_timed = 1},
	[35] = {.name = "GCMarkAssistBegin", .nargs = 2, .args = {"dt", "stack"}, .string_ids = NO, .stack_ids = {1, -1, -1, -1}, .is_timed = 1},
	[36] = {.name = "GCMarkAssistEnd", .nargs = 1, .args = {"dt"}, .string_ids = NO, .stack_ids = NO, .start_ev = 35, .is_timed = 1},
	[37] = {.name = "HeapAlloc", .nargs = 2, .args = {"dt", "heapalloc_value"}, .string_ids = NO, .stack_ids = NO, .is_timed = 1},
	[38] = {.name = "HeapGoal", .nargs = 2, .args = {"dt", "heapgoal_value"}, .string_ids = NO, .stack_ids = NO, .is_timed = 1},
	[39] = {.name = "GoLabel", .nargs = 2, .args = {"dt", "label_string"}, .string_ids = {1, -1, -1, -1}, .stack_ids = NO, .is_timed = 1},
	[40] = {.name = "UserTaskBegin", .nargs = 5, .args = {"dt", "task", "parent_task", "name_string", "stack"}, .string_ids = {3, -1, -1, -1}, .stack_ids = {4, -1, -1, -1}, .is_timed = 1},
	[41] = {.name = "UserTaskEnd", .nargs = 3, .args = {"dt", "task", "stack"}, .string_ids = NO, .stack_ids = {2, -1, -1, -1}, .is_timed = 1},
	[42] = {.name = "UserRegionBegin", .nargs = 4, .args = {"dt", "task", "name_string", "stack"}, .string_ids = {2, -1, -1, -1}, .stack_ids = {3, -1, -1, -1}, .is_timed = 1},
	[43] = {.name = "UserRegionEnd", .nargs = 4, .args = {"dt", "task", "name_string", "stack"}, .string_ids = {2, -1, -1, -1}, .stack_ids = {3, -1, -1, -1}, .start_ev = 42, .is_timed = 1},
	[44] = {.name = "UserLog", .nargs = 5, .args = {"dt", "task", "key_string", "value_string", "stack"}, .string_ids = {2, 3, -1, -1}, .stack_ids = {4, -1, -1, -1}, .is_timed = 1},
	[45] = {.name = "GoSwitch", .nargs = 3, .args = {"dt", "g", "g_seq"}, .string_ids = NO, .stack_ids = NO, .is_timed = 1},
	[46] = {.name = "GoSwitchDestroy", .nargs = 3, .args = {"dt", "g", "g_seq"}, .string_ids = NO, .stack_ids = NO, .is_timed = 1},
	[47] = {.name = "GoCreateBlocked", .nargs = 4, .args = {"dt", "new_g", "new_stack", "stack"}, .string_ids = NO, .stack_ids = {3, 2, -1, -1}, .is_timed = 1},
	[48] = {.name = "GoStatusStack", .nargs = 5, .args = {"dt", "g", "m", "gstatus", "stack"}, .string_ids = NO, .stack_ids = {4, -1, -1, -1}, .is_timed = 1},
	[49] = {.name = "ExperimentalBatch", .nargs = 4, .args = {"exp", "gen", "m", "time"}, .string_ids = NO, .stack_ids = NO, .has_data = 1},
	[50] = {.name = "Sync", .nargs = 0, .string_ids = NO, .stack_ids = NO},
	[51] = {.name = "ClockSnapshot", .nargs = 4, .args = {"dt", "mono", "sec", "nsec"}, .string_ids = NO, .stack_ids = NO, .is_timed = 1},
	[52] = {.name = "EndOfGeneration", .nargs = 0, .string_ids = NO, .stack_ids = NO},
	[128] = {.name = "Span", .nargs = 4, .args = {"dt", "id", "npages_value", "kindclass"}, .string_ids = NO, .stack_ids = NO, .is_timed = 1, .experiment = 1},
	[129] = {.name = "SpanAlloc", .nargs = 4, .args = {"dt", "id", "npages_value", "kindclass"}, .string_ids = NO, .stack_ids = NO, .is_timed = 1, .experiment = 1},
	[130] = {.name = "SpanFree", .nargs = 2, .args = {"dt", "id"}, .string_ids = NO, .stack_ids = NO, .is_timed = 1, .experiment = 1},
	[131] = {.name = "HeapObject", .nargs = 3, .args = {"dt", "id", "type"}, .string_ids = NO, .stack_ids = NO, .is_timed = 1, .experiment = 1},
	[132] = {.name = "HeapObjectAlloc", .nargs = 3, .args = {"dt", "id", "type"}, .string_ids = NO, .stack_ids = NO, .is_timed = 1, .experiment = 1},
	[133] = {.name = "HeapObjectFree", .nargs = 2, .args = {"dt", "id"}, .string_ids = NO, .stack_ids = NO, .is_timed = 1, .experiment = 1},
	[134] = {.name = "GoroutineStack", .nargs = 3, .args = {"dt", "id", "order"}, .string_ids = NO, .stack_ids = NO, .is_timed = 1, .experiment = 1},
	[135] = {.name = "GoroutineStackAlloc", .nargs = 3, .args = {"dt", "id", "order"}, .string_ids = NO, .stack_ids = NO, .is_timed = 1, .experiment = 1},
	[136] = {.name = "GoroutineStackFree", .nargs = 2, .args = {"dt", "id"}, .string_ids = NO, .stack_ids = NO, .is_timed = 1, .experiment = 1},
};

/* Highest type each version knows. */
static int last_type(int version)
{
	switch (version) {
	case 22: return 44;  /* UserLog */
	case 23: return 49;  /* ExperimentalBatch */
	case 25: return 51;  /* ClockSnapshot */
	case 26: return 136; /* GoroutineStackFree (experimental) */
	}
	return -1;
}

int gt_v2_version_ok(int version)
{
	return last_type(version) >= 0;
}

const struct gt_v2_spec *gt_v2_spec(int version, unsigned type)
{
	if ((int)type > last_type(version) || !specs[type].name)
		return NULL;
	return &specs[type];
}

int gt_v2_type_by_name(int version, const char *name, unsigned len)
{
	int last = last_type(version);
	for (int i = 1; i <= last; i++)
		if (specs[i].name && strlen(specs[i].name) == len &&
		    !memcmp(specs[i].name, name, len))
			return i;
	return -1;
}
