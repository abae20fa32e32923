/* keymaps_options.c: cmd/options.c: what the viewer gets from argv, the
 * environment and the config file, and in which order they win. */
#include "cmd/options.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

static char dir[] = "/tmp/gtview-options-XXXXXX";
static char conf[sizeof dir + 32];

static void write_config(const char *text)
{
	FILE *fp = fopen(conf, "w");
	assert_non_null(fp);
	fputs(text, fp);
	fclose(fp);
}

static int setup(void **state)
{
	(void)state;
	if (!mkdtemp(dir))
		return -1;
	char sub[sizeof conf];
	snprintf(sub, sizeof sub, "%s/gtview", dir);
	if (mkdir(sub, 0700))
		return -1;
	snprintf(conf, sizeof conf, "%s/gtview/config", dir);
	setenv("XDG_CONFIG_HOME", dir, 1);
	unsetenv("NO_COLOR");
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	unlink(conf);
	char sub[sizeof conf];
	snprintf(sub, sizeof sub, "%s/gtview", dir);
	rmdir(sub);
	rmdir(dir);
	return 0;
}

/* gt_options_parse prints help, listings and config messages: keep them
 * out of the TAP stream. */
static int saved_out = -1, saved_err = -1;

static void silence(void)
{
	fflush(stdout);
	fflush(stderr);
	int null = open("/dev/null", O_WRONLY);
	saved_out = dup(1);
	saved_err = dup(2);
	assert_true(saved_out >= 0 && saved_err >= 0 && null >= 0);
	dup2(null, 1);
	dup2(null, 2);
	close(null);
}

static void unsilence(void)
{
	fflush(stdout);
	fflush(stderr);
	dup2(saved_out, 1);
	dup2(saved_err, 2);
	close(saved_out);
	close(saved_err);
}

/* Runs gt_options_parse on a NULL-terminated list of words. */
static int parse(struct gt_options *o, ...)
{
	char *argv[16] = {"gtview"};
	int argc = 1;
	va_list ap;
	va_start(ap, o);
	for (char *a; (a = va_arg(ap, char *)) && argc < 15;)
		argv[argc++] = a;
	va_end(ap);
	return gt_options_parse(argc, argv, o);
}

static void test_trace_and_defaults(void **state)
{
	(void)state;
	struct gt_options o;
	unlink(conf);
	assert_int_equal(parse(&o, "t.trace", NULL), GT_OPTIONS_RUN);
	assert_string_equal(o.trace, "t.trace");
	assert_false(o.demo);
	assert_null(o.config_path); /* no file: fine, silently */
	assert_true(o.config.settings.color);
	assert_false(o.config.settings.ascii);
	assert_string_equal(o.config.keymap_name, "vi");
	assert_int_equal(gt_config_message_count(&o.config), 0);
	gt_options_free(&o);

	assert_int_equal(parse(&o, "-", NULL), GT_OPTIONS_RUN);
	assert_string_equal(o.trace, "-");
	gt_options_free(&o);
	assert_int_equal(parse(&o, "--", "-k", NULL), GT_OPTIONS_RUN); /* a file named -k */
	assert_string_equal(o.trace, "-k");
	gt_options_free(&o);
	assert_int_equal(parse(&o, "--demo", "--ascii", "-kemacs", NULL), GT_OPTIONS_RUN);
	assert_true(o.demo);
	assert_null(o.trace);
	assert_true(o.config.settings.ascii);
	assert_string_equal(o.config.keymap_name, "emacs");
	gt_options_free(&o);
}

static void test_color_precedence(void **state)
{
	(void)state;
	struct gt_options o;
	unlink(conf);
	setenv("NO_COLOR", "1", 1);
	assert_int_equal(parse(&o, "t", NULL), GT_OPTIONS_RUN);
	assert_false(o.config.settings.color); /* NO_COLOR */
	gt_options_free(&o);
	setenv("NO_COLOR", "", 1);
	assert_int_equal(parse(&o, "t", NULL), GT_OPTIONS_RUN);
	assert_true(o.config.settings.color); /* empty NO_COLOR: ignored */
	gt_options_free(&o);
	setenv("NO_COLOR", "1", 1);
	write_config("set color on\n");
	assert_int_equal(parse(&o, "t", NULL), GT_OPTIONS_RUN);
	assert_true(o.config.settings.color); /* the config beats NO_COLOR */
	assert_string_equal(o.config_path, conf);
	gt_options_free(&o);
	assert_int_equal(parse(&o, "--no-color", "t", NULL), GT_OPTIONS_RUN);
	assert_false(o.config.settings.color); /* the command line beats both */
	gt_options_free(&o);
	unsetenv("NO_COLOR");
}

static void test_config_messages_kept(void **state)
{
	(void)state;
	struct gt_options o;
	write_config("bind x quit\nset default-view gc\nfoo\n");
	silence();
	int rc = parse(&o, "t", NULL);
	unsilence();
	assert_int_equal(rc, GT_OPTIONS_RUN);
	assert_int_equal(gt_config_message_count(&o.config), 1);
	assert_string_equal(gt_config_message(&o.config, 0),
			    "config:3: unknown command 'foo' (bind, unbind, keymap, set)");
	assert_int_equal(o.config.settings.default_view, GT_VIEW_GC);
	assert_int_equal(gt_keymap_lookup(o.config.keymap, "x"), GT_ACTION_QUIT);
	gt_options_free(&o);
	/* -k wins over the config's keymap line */
	write_config("keymap emacs\n");
	assert_int_equal(parse(&o, "-k", "vi", "t", NULL), GT_OPTIONS_RUN);
	assert_string_equal(o.config.keymap_name, "vi");
	gt_options_free(&o);
}

static void test_exits(void **state)
{
	(void)state;
	struct gt_options o;
	silence();
	int help = parse(&o, "--help", NULL);
	int version = parse(&o, "--version", "--bogus", NULL);
	int keys = parse(&o, "--list-keys", NULL);
	int bogus = parse(&o, "--bogus", "--help", NULL);
	int missing = parse(&o, "--keymap", NULL);
	int none = parse(&o, NULL);
	unsilence();
	assert_int_equal(help, 0);
	assert_int_equal(version, 0);
	assert_int_equal(keys, 0);
	assert_int_equal(bogus, 2);
	assert_int_equal(missing, 2);
	assert_int_equal(none, 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_trace_and_defaults),
		cmocka_unit_test(test_color_precedence),
		cmocka_unit_test(test_config_messages_kept),
		cmocka_unit_test(test_exits),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
