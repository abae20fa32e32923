/* goroutines.c: SCAFFOLD, to be replaced by the helper that owns this command. */
#include "cmd/commands.h"
#include <stdio.h>
int cmd_goroutines(int argc, char **argv)
{
	(void)argc; (void)argv;
	fprintf(stderr, "gtview: goroutines: not built yet\n");
	return GT_EXIT_USAGE;
}
