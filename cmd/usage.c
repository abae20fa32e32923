/* usage.c: the subcommands, listed once: main's dispatch, each command's
 * usage line and `gtview --help`'s list of commands (see commands.h). */
#include "cmd/commands.h"

#include <stdio.h>
#include <string.h>

static const struct {
	const char *name;
	gt_cmd_fn run;
	const char *usage, *what;
} usages[] = {
	{"check", cmd_check, "gtview check TRACE", "validate; exit 0 valid, 1 invalid or truncated"},
	{"stats", cmd_stats, "gtview stats [--json] TRACE", "the trace's headline figures"},
	{"dump", cmd_dump, "gtview dump [--raw] TRACE", "the events one a line (--raw: the wire events, as assemble reads them)"},
	{"goroutines", cmd_goroutines, "gtview goroutines [--blocked | --by-func] [--json] [--window FROM:TO] TRACE",
	 "a line per goroutine (--json: JSON Lines), or groups of them"},
	{"goroutine", cmd_goroutine, "gtview goroutine [--json] ID[,ID...] TRACE",
	 "the history of goroutines: transitions, stacks, who woke them"},
	{"gc", cmd_gc, "gtview gc [--json] [--window FROM:TO] TRACE",
	 "GC cycles, pauses and the minimum mutator utilization"},
	{"regions", cmd_regions, "gtview regions [--json] [--window FROM:TO] TRACE",
	 "user tasks, regions and logs by type"},
	{"pprof", cmd_pprof, "gtview pprof [--kind net|sync|syscall|sched|cpu] [--window FROM:TO] TRACE",
	 "a pprof profile of where goroutines waited, or of the CPU samples"},
	{"threads", cmd_threads, "gtview threads [--json] [--window FROM:TO] TRACE",
	 "per thread (M): running and syscall time, goroutines, syscalls"},
	{"waits", cmd_waits, "gtview waits --kind net|sync|syscall|sched [--json] [--window FROM:TO] [--limit N] TRACE",
	 "the single waits a blocking profile counts, longest first"},
	{"search", cmd_search, "gtview search [--json] [--count] [--window FROM:TO] TEXT TRACE",
	 "the events, goroutines and annotations whose strings or stacks hold TEXT"},
	{"assemble", cmd_assemble, "gtview assemble TEXT OUT", "build a binary trace from its text form (-d: back)"},
};

gt_cmd_fn gt_cmd_find(const char *name)
{
	for (size_t i = 0; i < sizeof usages / sizeof usages[0]; i++)
		if (!strcmp(usages[i].name, name))
			return usages[i].run;
	return NULL;
}

const char *gt_cmd_usage(const char *name)
{
	for (size_t i = 0; i < sizeof usages / sizeof usages[0]; i++)
		if (!strcmp(usages[i].name, name))
			return usages[i].usage;
	return "gtview --help";
}

void gt_cmd_usage_list(FILE *fp)
{
	for (size_t i = 0; i < sizeof usages / sizeof usages[0]; i++)
		fprintf(fp, "  %s\n      %s\n", usages[i].usage + strlen("gtview "), usages[i].what);
}
