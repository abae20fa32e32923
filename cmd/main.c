/* main.c: gtview's entry point; dispatches to a subcommand or the viewer. */
#include "cmd/commands.h"

#include <locale.h>
#include <stdio.h>
#include <string.h>

static const struct {
	const char *name;
	int (*run)(int argc, char **argv);
} commands[] = {
	{"check", cmd_check},
	{"stats", cmd_stats},
	{"dump", cmd_dump},
	{"assemble", cmd_assemble},
	{"goroutines", cmd_goroutines},
	{"goroutine", cmd_goroutine},
	{"gc", cmd_gc},
	{"regions", cmd_regions},
	{"pprof", cmd_pprof},
	{"waits", cmd_waits},
};

int main(int argc, char **argv)
{
	setlocale(LC_ALL, "");
	if (argc >= 2) {
		for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
			if (!strcmp(argv[1], commands[i].name))
				return commands[i].run(argc - 1, argv + 1);
	}
	/* Anything else is the viewer: options, a trace file, --demo … */
	return cmd_view(argc, argv);
}
