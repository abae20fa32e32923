/* main.c: gtview's entry point; dispatches to a subcommand or the viewer. */
#include "cmd/commands.h"

#include <locale.h>
#include <stdio.h>

int main(int argc, char **argv)
{
	setlocale(LC_ALL, "");
	gt_cmd_fn run = argc >= 2 ? gt_cmd_find(argv[1]) : NULL;
	if (run)
		return run(argc - 1, argv + 1);
	/* Anything else is the viewer: options, a trace file, --demo … */
	return cmd_view(argc, argv);
}
