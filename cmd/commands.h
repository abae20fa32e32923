/* commands.h: the subcommands of gtview.  Each returns the exit status:
 * 0 success, 1 the trace is invalid or truncated, 2 usage or I/O error. */
#ifndef GT_CMD_COMMANDS_H
#define GT_CMD_COMMANDS_H

#include <stdio.h>

enum { GT_EXIT_OK = 0, GT_EXIT_BAD_TRACE = 1, GT_EXIT_USAGE = 2 };

int cmd_check(int argc, char **argv);      /* cmd/check.c */
int cmd_stats(int argc, char **argv);      /* cmd/stats.c */
int cmd_dump(int argc, char **argv);       /* cmd/dump.c */
int cmd_assemble(int argc, char **argv);   /* cmd/assemble.c */
int cmd_goroutines(int argc, char **argv); /* cmd/goroutines.c */
int cmd_goroutine(int argc, char **argv);  /* cmd/goroutine.c */
int cmd_gc(int argc, char **argv);         /* cmd/gc.c */
int cmd_regions(int argc, char **argv);    /* cmd/regions.c */
int cmd_threads(int argc, char **argv);    /* cmd/threads.c */
int cmd_pprof(int argc, char **argv);      /* cmd/pprof.c */
int cmd_search(int argc, char **argv);     /* cmd/search.c */
int cmd_waits(int argc, char **argv);      /* cmd/waits.c */
int cmd_view(int argc, char **argv);       /* cmd/view.c: the interactive viewer */

/* cmd/usage.c, the list of commands: the one called name (NULL: none),
 * its usage line ("gtview check TRACE"), and every command with what it
 * does, for --help. */
typedef int (*gt_cmd_fn)(int argc, char **argv);
gt_cmd_fn gt_cmd_find(const char *name);
const char *gt_cmd_usage(const char *name);
void gt_cmd_usage_list(FILE *fp);

#endif
