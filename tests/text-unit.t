#!/bin/sh
# The text form's cmocka unit tests (tests/unit/text_*.c), as TAP: Go
# quoting, UTF-8 (and the escaping of dump and JSON that follows it),
# uvarints, txtar, assembler and writer bytes and errors.
exec sh "$(dirname "$0")/tools/unit-tap.sh" text_quote text_asm utf8_escape
