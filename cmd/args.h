/* args.h: the command line of the report subcommands (check, stats, dump,
 * goroutines, gc, …): some boolean flags, perhaps --window, and exactly
 * one TRACE. */
#ifndef GT_CMD_ARGS_H
#define GT_CMD_ARGS_H

#include "cmd/window.h"

#include <stdio.h>

struct gt_cmd_flag {
	const char *name; /* "--json" */
	int bit;          /* ORed into *flags when given */
};

/* Parses argv[1..argc) of subcommand `cmd` ("gc") whose usage line is
 * `usage` and whose flags are flagv[0..nflag).  Returns -1 when the caller
 * should go on (with *flags and *path set), else the exit status: 0 after
 * printing usage for --help, 2 after a usage error. */
int gt_cmd_args(int argc, char **argv, const char *cmd, const char *usage,
                const struct gt_cmd_flag *flagv, int nflag, int *flags,
                const char **path);

/* gt_cmd_args that also takes `--window FROM:TO` (or --window=FROM:TO,
 * cmd/window.h) into *w: the whole trace when not given.  A bad window is
 * a usage error (exit status 2, with the reason on stderr). */
int gt_cmd_args_window(int argc, char **argv, const char *cmd, const char *usage,
                       const struct gt_cmd_flag *flagv, int nflag, int *flags,
                       const char **path, struct gt_window *w);

/* Takes `--NAME VALUE` and `--NAME=VALUE` (name: "--kind") out of
 * argv[1..*argc), shortening it; *val: the last value given, NULL when
 * none.  Returns 0, or the exit status 2 after saying that the option
 * needs a value (what, "a KIND"). */
int gt_cmd_take_opt(int *argc, char **argv, const char *name, const char *what,
                    const char *cmd, const char *usage, const char **val);

/* Loads TRACE (path) into the model and runs report(stdout, model, flags):
 * the exit status of the gc and goroutines commands (1 when the trace is
 * invalid or truncated; the report then covers what came before). */
struct gt_model;
/* Loads a model for command `cmd`, printing a decode error as
 * "gtview: CMD: NAME: offset N: MSG" on stderr.  *bad is set when the
 * trace was invalid or truncated (the model keeps what came before). */
struct gt_input;
struct gt_model *gt_cmd_report_load(const char *cmd, const struct gt_input *in, int *bad);
int gt_cmd_report(const char *cmd, const char *path, int flags,
                  int (*report)(FILE *, const struct gt_model *, int));

/* gt_cmd_report for a report over window w: runs report_w(stdout, model,
 * flags, w.t0, w.t1) when given, else report(stdout, model, flags). */
typedef int (*gt_cmd_window_report)(FILE *, const struct gt_model *, int flags,
                                    int64_t t0, int64_t t1);
int gt_cmd_report_window(const char *cmd, const char *path, int flags, struct gt_window w,
                         gt_cmd_window_report report_w,
                         int (*report)(FILE *, const struct gt_model *, int));

#endif
