/* event.h: the one event model every decoder produces and model/ consumes.
 *
 * It mirrors the event model of Go's own reader (golang.org/x/exp/trace,
 * Event.Kind() and its details), so that figures computed from this stream
 * agree with Go's.  v1 (Go 1.5-1.21) traces are converted into the same
 * stream by decode/v1/.  Strings and stacks are trace-global ids into
 * struct gt_tables (tables.h), already merged across generations.
 *
 * No wire format leaks through this header: model/ and tui/ see only this.
 */
#ifndef GT_DECODE_EVENT_H
#define GT_DECODE_EVENT_H

#include <stdint.h>
#include <stddef.h>

typedef uint32_t gt_str;   /* index into the string table; 0 is "" */
typedef uint32_t gt_stack; /* index into the stack table; 0 is no stack */

#define GT_NONE (-1) /* no goroutine / proc / thread (Go's NoGoroutine…) */

/* Event kinds, in the order and with the names of Go's EventKind. */
#define GT_EVENT_KINDS(X)          \
	X(BAD, "Bad")              \
	X(SYNC, "Sync")            \
	X(METRIC, "Metric")        \
	X(LABEL, "Label")          \
	X(STACK_SAMPLE, "StackSample") \
	X(RANGE_BEGIN, "RangeBegin")   \
	X(RANGE_ACTIVE, "RangeActive") \
	X(RANGE_END, "RangeEnd")       \
	X(TASK_BEGIN, "TaskBegin")     \
	X(TASK_END, "TaskEnd")         \
	X(REGION_BEGIN, "RegionBegin") \
	X(REGION_END, "RegionEnd")     \
	X(LOG, "Log")                  \
	X(STATE_TRANSITION, "StateTransition") \
	X(EXPERIMENTAL, "Experimental")

enum gt_kind {
#define GT_X(id, name) GT_EV_##id,
	GT_EVENT_KINDS(GT_X)
#undef GT_X
	GT_EV__COUNT
};
const char *gt_kind_name(enum gt_kind k);

/* Goroutine states, as Go's GoState. */
enum gt_gostate {
	GT_GS_UNDETERMINED, GT_GS_NOTEXIST, GT_GS_RUNNABLE,
	GT_GS_RUNNING, GT_GS_WAITING, GT_GS_SYSCALL, GT_GS__COUNT
};
const char *gt_gostate_name(enum gt_gostate s); /* "NotExist", "Running"… */

/* Proc states, as Go's ProcState. */
enum gt_procstate {
	GT_PS_UNDETERMINED, GT_PS_NOTEXIST, GT_PS_RUNNING, GT_PS_IDLE, GT_PS__COUNT
};
const char *gt_procstate_name(enum gt_procstate s);

/* Resource kinds, as Go's ResourceKind. */
enum gt_resource { GT_RES_NONE, GT_RES_GOROUTINE, GT_RES_PROC, GT_RES_THREAD };

/* Which runtime range a Range* event is (its Go name is in range.name). */
enum gt_range_kind {
	GT_RANGE_GC_MARK,     /* "GC concurrent mark phase", scope none */
	GT_RANGE_STW,         /* "stop-the-world (REASON)", scope goroutine */
	GT_RANGE_SWEEP,       /* "GC incremental sweep", scope proc */
	GT_RANGE_MARK_ASSIST, /* "GC mark assist", scope goroutine */
	GT_RANGE_OTHER
};

/* Which metric a Metric event carries (its Go name is in metric.name). */
enum gt_metric_kind {
	GT_METRIC_GOMAXPROCS, /* "/sched/gomaxprocs:threads" */
	GT_METRIC_HEAP_ALLOC, /* "/memory/classes/heap/objects:bytes" */
	GT_METRIC_HEAP_GOAL,  /* "/gc/heap/goal:bytes" */
	GT_METRIC_OTHER
};

#define GT_NO_TASK UINT64_MAX /* Go's NoTask; 0 is the background task */

struct gt_event {
	int64_t ts;        /* nanoseconds, the reader's time base */
	int64_t g, p, m;   /* execution context; GT_NONE when absent */
	uint64_t offset;   /* byte offset of the wire event in the file */
	gt_stack stack;    /* the event's own stack (Go's Event.Stack()) */
	uint16_t kind;     /* enum gt_kind */
	uint16_t wire;     /* wire event type, for dumps and the inspector */
	union {
		struct { /* GT_EV_STATE_TRANSITION */
			uint8_t resource; /* GT_RES_GOROUTINE or GT_RES_PROC */
			uint8_t from, to; /* gt_gostate or gt_procstate */
			int64_t id;       /* the goroutine or proc that changed */
			gt_str reason;    /* Go's StateTransition.Reason */
			gt_stack stack;   /* Go's StateTransition.Stack */
		} trans;
		struct { /* GT_EV_RANGE_BEGIN / ACTIVE / END */
			uint8_t rkind;    /* enum gt_range_kind */
			uint8_t scope;    /* enum gt_resource */
			int64_t scope_id;
			gt_str name;      /* full Go name, e.g. "stop-the-world (GC)" */
			gt_str reason;    /* STW reason alone; 0 for others */
			uint64_t swept, reclaimed; /* sweep end attributes */
		} range;
		struct { /* GT_EV_TASK_BEGIN / END */
			uint64_t id, parent; /* parent GT_NO_TASK when unknown */
			gt_str type;
		} task;
		struct { /* GT_EV_REGION_BEGIN / END */
			uint64_t task;
			gt_str type;
		} region;
		struct { /* GT_EV_LOG */
			uint64_t task;
			gt_str category, message;
		} log;
		struct { /* GT_EV_METRIC */
			uint8_t mkind;    /* enum gt_metric_kind */
			gt_str name;
			uint64_t value;
		} metric;
		struct { /* GT_EV_LABEL */
			gt_str label;
			int64_t g;        /* labelled goroutine */
		} label;
		struct { /* GT_EV_SYNC */
			uint64_t n;       /* this is the Nth sync (1-based) */
			int64_t tick_ns;  /* the generation's clock: ns a tick when
			                     a whole number, else 0 */
			uint8_t has_clock;
			int64_t clock_trace; /* ns, reader time base */
			uint64_t clock_wall_sec, clock_wall_nsec, clock_mono;
		} sync;
		struct { /* GT_EV_EXPERIMENTAL */
			gt_str name, experiment;
			uint8_t nargs;
			uint64_t args[5];
		} exp;
	} u;
};

#endif
