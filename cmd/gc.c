/* gc.c: SCAFFOLD, to be replaced by the helper that owns this command. */
#include "cmd/commands.h"
#include <stdio.h>
int cmd_gc(int argc, char **argv)
{
	(void)argc; (void)argv;
	fprintf(stderr, "gtview: gc: not built yet\n");
	return GT_EXIT_USAGE;
}
