# install.mk: `make install [PREFIX=/usr/local] [DESTDIR=]` puts the binary in
# $(DESTDIR)$(PREFIX)/bin, gtview(1) in $(DESTDIR)$(MANDIR)/man1 and the
# keymap presets (built into the binary too) in $(DATADIR)/gtview/keymaps,
# where a user finds them to start a config file from.

BINDIR  ?= $(PREFIX)/bin
MANDIR  ?= $(PREFIX)/share/man
DATADIR ?= $(PREFIX)/share
INSTALL ?= install
PRESETS := $(wildcard keymaps/*.keys)

install: $(BIN)
	$(INSTALL) -d '$(DESTDIR)$(BINDIR)' '$(DESTDIR)$(MANDIR)/man1' '$(DESTDIR)$(DATADIR)/gtview/keymaps'
	$(INSTALL) -m 755 $(BIN) '$(DESTDIR)$(BINDIR)/gtview'
	$(INSTALL) -m 644 man/gtview.1 '$(DESTDIR)$(MANDIR)/man1/gtview.1'
	$(INSTALL) -m 644 $(PRESETS) '$(DESTDIR)$(DATADIR)/gtview/keymaps'

uninstall:
	rm -f '$(DESTDIR)$(BINDIR)/gtview' '$(DESTDIR)$(MANDIR)/man1/gtview.1'
	rm -f $(PRESETS:keymaps/%='$(DESTDIR)$(DATADIR)/gtview/keymaps/%')
	-rmdir '$(DESTDIR)$(DATADIR)/gtview/keymaps' '$(DESTDIR)$(DATADIR)/gtview' 2>/dev/null

.PHONY: install uninstall
