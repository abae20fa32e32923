/* doc-gen: writes the KEY BINDINGS section of gtview(1) from the action table
 * (keymaps/actions.def) and the built-in presets (the .keys files in keymaps/).
 *
 *   doc-gen              print the generated mdoc section
 *   doc-gen PAGE         print PAGE with the text between the BEGIN and END
 *                        marker lines replaced by the generated section
 *
 * `make man` runs the second form; tests/man-uptodate.t checks that the
 * committed page equals its output. */
#include "cmd/embedded.h"
#include "keymaps/config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char begin_marker[] = ".\\\" BEGIN GENERATED KEY BINDINGS";
static const char end_marker[] = ".\\\" END GENERATED KEY BINDINGS";

/* A key as an mdoc argument: \& keeps `?`, `|` … from being delimiters,
 * \e is a backslash, quotes are escaped. */
static void put_key(FILE *out, const char *keys)
{
	fputs("\\&", out);
	for (const char *p = keys; *p; p++) {
		if (*p == '\\')
			fputs("\\e", out);
		else if (*p == '"')
			fputs("\\(dq", out);
		else
			putc(*p, out);
	}
}

/* One .Bl list of every action of GROUP (all groups when GROUP < 0). */
static void put_actions(FILE *out, const struct gt_keymap *km, int group, int skip_unbound)
{
	fputs(".Bl -tag -width 16n\n", out);
	for (int a = GT_ACTION_NONE + 1; a < GT_ACTION_COUNT; a++) {
		if (group >= 0 && (int)gt_action_group((enum gt_action)a) != group)
			continue;
		int n = 0;
		for (size_t i = 0; i < gt_keymap_count(km); i++) {
			struct gt_binding b = gt_keymap_at(km, i);
			if (b.action != (enum gt_action)a)
				continue;
			fputs(n++ ? " , Li " : ".It Li ", out);
			put_key(out, b.keys);
		}
		if (!n && skip_unbound)
			continue;
		if (!n)
			fputs(".It Em not bound", out);
		fprintf(out, "\n%s\n.Pq Ic %s .\n", gt_action_help((enum gt_action)a),
			gt_action_name((enum gt_action)a));
	}
	fputs(".El\n", out);
}

static int generate(FILE *out)
{
	struct gt_config c;
	gt_config_init(&c, gt_embedded);
	if (gt_config_message_count(&c)) {
		for (size_t i = 0; i < gt_config_message_count(&c); i++)
			fprintf(stderr, "doc-gen: %s\n", gt_config_message(&c, i));
		gt_config_fini(&c);
		return 1;
	}
	fprintf(out, "%s: make man (tools/doc-gen.c); do not edit\n", begin_marker);
	fputs(".Sh KEY BINDINGS\n"
	      "These are the bindings of the default preset,\n"
	      ".Cm vi .\n"
	      "Each action is listed with its keys, its help text and its name,\n"
	      "as used by\n"
	      ".Ic bind\n"
	      "in the configuration file\n"
	      ".Pq see Sx CONFIGURATION .\n"
	      "Keys are written as in the configuration file:\n"
	      ".Li <C-d>\n"
	      "is Control-d,\n"
	      ".Li <M-v>\n"
	      "is Meta-v (Alt or Escape, v),\n"
	      ".Li <lt>\n"
	      "is\n"
	      ".Sq < ,\n"
	      "and\n"
	      ".Li gg\n"
	      "is g pressed twice.\n",
	      out);
	for (int g = 0; g < GT_GROUP_COUNT; g++) {
		fprintf(out, ".Ss %s\n", gt_group_title((enum gt_action_group)g));
		put_actions(out, c.keymap, g, 0);
	}
	if (gt_config_use_keymap(&c, "emacs") < 0 || gt_config_message_count(&c)) {
		fputs("doc-gen: the emacs preset is missing or has errors\n", stderr);
		gt_config_fini(&c);
		return 1;
	}
	fputs(".Ss The emacs preset\n"
	      "With\n"
	      ".Fl k Cm emacs\n"
	      "or\n"
	      ".Ql keymap emacs\n"
	      "in the configuration file, the keys are:\n",
	      out);
	put_actions(out, c.keymap, -1, 1);
	fprintf(out, "%s\n", end_marker);
	gt_config_fini(&c);
	return 0;
}

static int splice(const char *path, FILE *out)
{
	FILE *fp = fopen(path, "r");
	if (!fp) {
		perror(path);
		return 1;
	}
	char line[4096];
	int state = 0; /* 0 before, 1 inside, 2 after the generated part */
	while (fgets(line, sizeof line, fp)) {
		if (state == 0 && !strncmp(line, begin_marker, sizeof begin_marker - 1)) {
			if (generate(out)) {
				fclose(fp);
				return 1;
			}
			state = 1;
		} else if (state == 1) {
			if (!strncmp(line, end_marker, sizeof end_marker - 1))
				state = 2;
		} else {
			fputs(line, out);
		}
	}
	fclose(fp);
	if (state != 2) {
		fprintf(stderr, "doc-gen: %s: no BEGIN/END GENERATED KEY BINDINGS markers\n", path);
		return 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	if (argc > 2) {
		fputs("usage: doc-gen [PAGE]\n", stderr);
		return 2;
	}
	int rc = argc == 2 ? splice(argv[1], stdout) : generate(stdout);
	return rc || fflush(stdout) ? 1 : 0;
}
