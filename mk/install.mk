# install.mk: `make install [PREFIX=/usr/local] [DESTDIR=]` puts the binary in
# $(DESTDIR)$(PREFIX)/bin and gtview(1) in $(DESTDIR)$(MANDIR)/man1.

BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
INSTALL ?= install

install: $(BIN)
	$(INSTALL) -d '$(DESTDIR)$(BINDIR)' '$(DESTDIR)$(MANDIR)/man1'
	$(INSTALL) -m 755 $(BIN) '$(DESTDIR)$(BINDIR)/gtview'
	$(INSTALL) -m 644 man/gtview.1 '$(DESTDIR)$(MANDIR)/man1/gtview.1'

uninstall:
	rm -f '$(DESTDIR)$(BINDIR)/gtview' '$(DESTDIR)$(MANDIR)/man1/gtview.1'

.PHONY: install uninstall
