/* fuzz_config.c: libFuzzer harness for the config file parser
 * (keymaps/config.h): any text applies or is reported line by line, never
 * crashes; afterwards every binding listed can be looked up again and the
 * settings are in range.  Seeds: the presets keymaps/NAME.keys and fuzz/seeds/config/. */
#include "fuzz/fuzz_check.h"

#include "cmd/embedded.h"
#include "keymaps/config.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size ? size : 1); /* not NUL-terminated, on purpose */
	if (!text)
		return 0;
	memcpy(text, data, size);
	struct gt_config c;
	gt_config_init(&c, gt_embedded);
	size_t before = gt_config_message_count(&c);
	int bad = gt_config_parse(&c, text, size, "config");
	FZ_ASSERT(bad >= 0, "%d bad lines", bad);
	size_t nmsg = gt_config_message_count(&c);
	FZ_ASSERT(nmsg >= before + (size_t)(bad > 0), "%d bad lines but %zu messages", bad, nmsg - before);
	for (size_t i = 0; i < nmsg; i++)
		FZ_ASSERT(gt_config_message(&c, i) != NULL, "message %zu", i);

	const struct gt_settings *s = &c.settings;
	FZ_ASSERT(s->escape_delay_ms >= 0 && s->escape_delay_ms <= 10000, "escape-delay %d",
	          s->escape_delay_ms);
	FZ_ASSERT(s->default_view <= GT_VIEW_GC, "default view %d", (int)s->default_view);
	FZ_ASSERT(memchr(c.keymap_name, 0, sizeof c.keymap_name) != NULL, "keymap name not NUL-terminated");

	size_t n = gt_keymap_count(c.keymap);
	for (size_t i = 0; i < n; i++) {
		struct gt_binding b = gt_keymap_at(c.keymap, i);
		FZ_ASSERT(b.keys != NULL && b.keys[0], "binding %zu has no keys", i);
		char keys[GT_KEY_SEQ_TEXT_MAX];
		strncpy(keys, b.keys, sizeof keys - 1);
		keys[sizeof keys - 1] = 0;
		FZ_ASSERT(gt_keymap_lookup(c.keymap, keys) == b.action,
		          "binding '%s' does not look up to its action", keys);
	}
	gt_config_fini(&c);
	free(text);
	return 0;
}
