/* options.c: the viewer's command line, config file loading, --list-keys. */
#include "cmd/options.h"

#include "cmd/commands.h"
#include "cmd/embedded.h"
#include "version.h" /* GT_VERSION, generated (mk/dist.mk) */
#include "report/escape.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void gt_options_usage(FILE *fp)
{
	fputs("usage: gtview [options] [TRACE | -]\n"
	      "       gtview COMMAND ...   (the commands below)\n"
	      "\n"
	      "View a Go execution trace (go test -trace, runtime/trace) in the terminal.\n"
	      "TRACE '-' reads the trace from standard input.\n"
	      "\n"
	      "options:\n"
	      "  --demo             view the built-in demo trace\n"
	      "  -f, --follow       keep reading TRACE as it is written (like tail -f)\n"
	      "  -k, --keymap NAME  key bindings preset: vi (default) or emacs\n"
	      "  --config FILE      read FILE instead of $XDG_CONFIG_HOME/gtview/config\n"
	      "  --no-color         no colours (also NO_COLOR=1)\n"
	      "  --ascii            draw with ASCII characters only\n"
	      "  --escape-delay MS  wait MS ms after Escape for a key sequence (default 50)\n"
	      "  --list-keys        print every key binding and exit\n"
	      "  -h, --help         print this help and exit\n"
	      "  -V, --version      print the version and exit\n"
	      "\n"
	      "commands (COMMAND --help prints its usage):\n",
	      fp);
	gt_cmd_usage_list(fp);
	fputs("\nSee gtview(1).\n", fp);
}

void gt_options_list_keys(FILE *fp, const struct gt_keymap *km)
{
	size_t n = gt_keymap_count(km);
	int kw = 4, aw = 6;
	for (size_t i = 0; i < n; i++) {
		struct gt_binding b = gt_keymap_at(km, i);
		int k = (int)strlen(b.keys), a = (int)strlen(gt_action_name(b.action));
		kw = k > kw ? k : kw;
		aw = a > aw ? a : aw;
	}
	for (size_t i = 0; i < n; i++) {
		struct gt_binding b = gt_keymap_at(km, i);
		fprintf(fp, "%-*s  %-*s  %s\n", kw, b.keys, aw, gt_action_name(b.action),
			gt_action_help(b.action));
	}
}

static int usage_error(struct gt_options *o, const char *fmt, const char *arg)
{
	fputs("gtview: ", stderr);
	gt_esc_fprintf(stderr, fmt, arg);
	fputs("\nTry 'gtview --help'.\n", stderr);
	gt_options_free(o);
	return GT_EXIT_USAGE;
}

/* Read a whole file into a malloc'd buffer.  NULL with errno set on error. */
static char *read_file(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	if (!fp)
		return NULL;
	size_t cap = 4096, n = 0;
	char *buf = malloc(cap);
	while (buf) {
		n += fread(buf + n, 1, cap - n, fp);
		if (n < cap)
			break;
		char *bigger = cap > (1u << 24) ? NULL : realloc(buf, cap * 2);
		if (!bigger) {
			free(buf);
			buf = NULL;
			errno = EFBIG;
			break;
		}
		buf = bigger;
		cap *= 2;
	}
	int failed = buf && ferror(fp);
	int saved = errno;
	fclose(fp);
	if (failed) {
		free(buf);
		errno = saved ? saved : EIO;
		return NULL;
	}
	*len = n;
	return buf;
}

/* The default config path, malloc'd; NULL when neither XDG_CONFIG_HOME
 * nor HOME is set. */
static char *default_config_path(void)
{
	const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
	const char *base, *sub;
	/* The XDG spec ignores relative paths. */
	if (xdg && xdg[0] == '/') {
		base = xdg;
		sub = "/gtview/config";
	} else if (home && home[0]) {
		base = home;
		sub = "/.config/gtview/config";
	} else {
		return NULL;
	}
	size_t n = strlen(base) + strlen(sub) + 1;
	char *p = malloc(n);
	if (p)
		snprintf(p, n, "%s%s", base, sub);
	return p;
}

/* Load the config file: an explicit one must exist, the default one may not. */
static void load_config(struct gt_options *o, const char *explicit_path)
{
	const char *path = explicit_path;
	if (!path)
		path = o->config_path_buf = default_config_path();
	if (!path)
		return;
	size_t len = 0;
	char *text = read_file(path, &len);
	if (!text) {
		if (explicit_path || errno != ENOENT)
			gt_config_add_message(&o->config, "config: cannot read %s: %s", path,
					      strerror(errno));
		return;
	}
	o->config_path = path;
	gt_config_parse(&o->config, text, len, "config");
	free(text);
}

static int is_opt(const char *arg, const char *shrt, const char *lng)
{
	return (shrt && !strcmp(arg, shrt)) || (lng && !strcmp(arg, lng));
}

int gt_options_parse(int argc, char **argv, struct gt_options *o)
{
	const char *explicit_config = NULL, *escape_delay = NULL;
	int no_color = 0, ascii = 0, list_keys = 0, dashdash = 0;

	memset(o, 0, sizeof *o);
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		const char *val = NULL;
		if (dashdash || a[0] != '-' || !strcmp(a, "-")) {
			if (o->trace)
				return usage_error(o, "more than one trace given: '%s'", a);
			o->trace = a;
			continue;
		}
		if (!strcmp(a, "--")) {
			dashdash = 1;
		} else if (is_opt(a, "-h", "--help")) {
			gt_options_usage(stdout);
			gt_options_free(o);
			return GT_EXIT_OK;
		} else if (is_opt(a, "-V", "--version")) {
			printf("gtview %s\n", GT_VERSION);
			gt_options_free(o);
			return GT_EXIT_OK;
		} else if (is_opt(a, NULL, "--demo")) {
			o->demo = true;
		} else if (is_opt(a, "-f", "--follow")) {
			o->follow = true;
		} else if (is_opt(a, NULL, "--no-color") || is_opt(a, NULL, "--no-colour")) {
			no_color = 1;
		} else if (is_opt(a, NULL, "--ascii")) {
			ascii = 1;
		} else if (is_opt(a, NULL, "--list-keys")) {
			list_keys = 1;
		} else if (is_opt(a, NULL, "--escape-delay")) {
			if (i + 1 >= argc)
				return usage_error(o, "option '%s' needs an argument", a);
			escape_delay = argv[++i];
		} else if (!strncmp(a, "--escape-delay=", 15)) {
			escape_delay = a + 15;
		} else if (is_opt(a, "-k", "--keymap") || is_opt(a, NULL, "--config")) {
			if (i + 1 >= argc)
				return usage_error(o, "option '%s' needs an argument", a);
			val = argv[++i];
		} else if (!strncmp(a, "--keymap=", 9) || !strncmp(a, "--config=", 9)) {
			val = strchr(a, '=') + 1;
		} else if (!strncmp(a, "-k", 2)) {
			val = a + 2;
		} else {
			return usage_error(o, "unknown option '%s'", a);
		}
		if (val) {
			if (a[1] == 'k' || !strncmp(a, "--keymap", 8))
				o->keymap_name = val;
			else
				explicit_config = val;
		}
	}
	if (o->demo && o->trace)
		return usage_error(o, "--demo takes no trace, but '%s' was given", o->trace);
	if (o->demo && o->follow)
		return usage_error(o, "%s", "--follow follows a trace file, not --demo");

	gt_config_init(&o->config, gt_embedded);
	if (o->keymap_name) {
		if (gt_config_use_keymap(&o->config, o->keymap_name) < 0) {
			char msg[160];
			snprintf(msg, sizeof msg, "unknown keymap '%%s' (%s)", gt_config_keymap_names());
			return usage_error(o, msg, o->keymap_name);
		}
		o->config.keymap_locked = true;
	}
	const char *nc = getenv("NO_COLOR");
	if (nc && nc[0])
		o->config.settings.color = false;
	load_config(o, explicit_config);
	if (no_color)
		o->config.settings.color = false;
	if (ascii)
		o->config.settings.ascii = true;
	char err[GT_KEY_MSG_MAX];
	if (escape_delay && gt_config_set(&o->config, "escape-delay", escape_delay, err) < 0)
		return usage_error(o, "--escape-delay: %s", err);
	for (size_t i = 0; i < gt_config_message_count(&o->config); i++)
		gt_esc_fprintf(stderr, "gtview: %s\n", gt_config_message(&o->config, i));

	if (list_keys) {
		gt_options_list_keys(stdout, o->config.keymap);
		gt_options_free(o);
		return fflush(stdout) == 0 ? GT_EXIT_OK : GT_EXIT_USAGE;
	}
	if (!o->trace && !o->demo)
		return usage_error(o, "%s", "no trace given (a file, '-' for stdin, or --demo)");
	return GT_OPTIONS_RUN;
}

void gt_options_free(struct gt_options *o)
{
	if (o->config.keymap)
		gt_config_fini(&o->config);
	free(o->config_path_buf);
	o->config_path_buf = NULL;
	o->config_path = NULL;
}
