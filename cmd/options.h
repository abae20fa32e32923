/* options.h: the viewer's command line (`gtview [options] [TRACE | -]`).
 *
 * Contract for cmd/view.c — call this first:
 *
 *   int cmd_view(int argc, char **argv)
 *   {
 *       struct gt_options o;
 *       int rc = gt_options_parse(argc, argv, &o);
 *       if (rc != GT_OPTIONS_RUN)
 *           return rc;          // --help/--version/--list-keys done, or usage error
 *       ... o.trace ("-" = stdin) or o.demo; o.config.keymap, o.config.settings,
 *       ... gt_config_message_count(&o.config) messages for the status line
 *       gt_options_free(&o);
 *   }
 *
 * gt_options_parse prints --help / --version / --list-keys to stdout and
 * usage errors (`gtview: ...` plus a usage hint) to stderr.  It always loads
 * the configuration (so --list-keys shows the user's bindings); config
 * messages are printed to stderr as "gtview: config:LINE: ..." and kept in
 * o.config.  Precedence: built-in defaults < NO_COLOR < config file <
 * command line.  o must be freed with gt_options_free only when
 * GT_OPTIONS_RUN was returned (otherwise it is already freed).
 */
#ifndef GT_CMD_OPTIONS_H
#define GT_CMD_OPTIONS_H

#include "keymaps/config.h"

#include <stdbool.h>
#include <stdio.h>

enum { GT_OPTIONS_RUN = -1 };

struct gt_options {
	const char *trace;        /* the trace path, "-" for stdin; NULL with --demo */
	bool demo;                /* --demo: the built-in demo trace (gt_embedded("demo.trace")) */
	bool follow;              /* --follow: read the file as it is written */
	const char *keymap_name;  /* -k NAME, NULL when not given */
	const char *config_path;  /* the config file read, NULL when none */
	struct gt_config config;  /* keymap + settings + messages, all options applied */
	char *config_path_buf;    /* private */
};

/* Parse ARGV (argv[0] is the program).  Returns GT_OPTIONS_RUN to start the
 * viewer, or an exit status: 0 after --help/--version/--list-keys, 2 on a
 * usage error (GT_EXIT_USAGE). */
int gt_options_parse(int argc, char **argv, struct gt_options *o);
void gt_options_free(struct gt_options *o);

/* Print the usage text to FP. */
void gt_options_usage(FILE *fp);
/* Print every binding of KM: "KEYS  ACTION  HELP" one per line, aligned. */
void gt_options_list_keys(FILE *fp, const struct gt_keymap *km);

#endif
