/* event.c: names of the event model's enums (event.h), as Go prints them. */
#include "decode/event.h"

const char *gt_kind_name(enum gt_kind k)
{
	static const char *const names[] = {
#define GT_X(id, name) name,
		GT_EVENT_KINDS(GT_X)
#undef GT_X
	};
	return (unsigned)k < GT_EV__COUNT ? names[k] : "Bad";
}

const char *gt_gostate_name(enum gt_gostate s)
{
	static const char *const names[GT_GS__COUNT] = {
		"Undetermined", "NotExist", "Runnable", "Running", "Waiting", "Syscall",
	};
	return (unsigned)s < GT_GS__COUNT ? names[s] : "Bad";
}

const char *gt_procstate_name(enum gt_procstate s)
{
	static const char *const names[GT_PS__COUNT] = {
		"Undetermined", "NotExist", "Running", "Idle",
	};
	return (unsigned)s < GT_PS__COUNT ? names[s] : "Bad";
}
