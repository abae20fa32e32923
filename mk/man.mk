# man.mk: gtview(1).  KEY BINDINGS is generated from keymaps/actions.def and
# keymaps/*.keys by tools/doc-gen.c; `make man` rewrites man/gtview.1 in
# place, tests/man-uptodate.t fails when the committed page is stale.

DOC_GEN := $(BUILD)/tools/doc-gen
MANPAGE := man/gtview.1

$(DOC_GEN): tools/doc-gen.c $(LIB)
	@mkdir -p $(@D)
	@echo "  CC    $<"
	$(Q)$(CC) $(CFLAGS) $(UI_CFLAGS) -o $@ $< $(LIB) $(UI_LIBS) $(LDLIBS)

man: $(DOC_GEN)
	$(Q)$(DOC_GEN) $(MANPAGE) > $(MANPAGE).tmp && mv $(MANPAGE).tmp $(MANPAGE)
	@echo "  GEN   $(MANPAGE)"

# Lint with mandoc when installed (Debian: mandoc), else groff.
man-lint:
	$(Q)if command -v mandoc >/dev/null; then mandoc -Tlint -Wwarning $(MANPAGE); \
	else groff -ww -z -mandoc $(MANPAGE); fi

# The man tests need the generator.
test: $(DOC_GEN)

.PHONY: man man-lint
