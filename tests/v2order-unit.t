#!/bin/sh
# The v2 orderer's cmocka unit tests (tests/unit/v2order_*.c), as TAP.
# Each program prints its own plan; prove wants one, so wrap them.
exec sh "$(dirname "$0")/tools/unit-tap.sh" v2order_basic v2order_map v2order_validate v2order_memo v2order_pages
