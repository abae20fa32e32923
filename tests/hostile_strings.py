"""hostile_strings.py: hostile variants of real traces for the escaping
tests (tests/hostile-escape.t, tests/tui-tmux-hostile.t) and the fuzz
seeds (fuzz/seeds.py).

A trace's strings (function names, file paths, wait reasons, region, task
and log texts, labels) are swapped in place for terminal control
sequences of the same length, so that the file stays as valid as it was:
only the bytes of each string change, never a length or an id.

Where the strings are on the wire:
- new format (Go 1.22+): batches (type 1; 49 experimental, skipped) of
  events; a String event (type 5) is its id, a uvarint length and the
  bytes, inside the Strings batch of each generation (walked with
  fixtures_raw's table of events, so nothing else is touched);
- old format (Go 1.5-1.21): a String event is the byte 37, then the id, a
  uvarint length and the bytes, between the other events.  The events are
  not walked (their argument counts depend on the version): a String is
  taken where the byte 37 is followed by an id seen once and a length
  whose bytes are all text (printable ASCII or UTF-8), which real traces'
  other events do not make.

    python3 tests/hostile_strings.py IN OUT [all|alternate]   # one variant
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fixtures_raw import _uv, v2_batches, v2_events, v2_version  # noqa: E402

# What terminals act on: OSC 0 (title), OSC 52 (clipboard write), OSC 8
# (hyperlink), CSI cursor moves and erases, DCS, a raw C1 CSI byte and a
# C1 CSI written as UTF-8, BEL, BS, DEL, CR.
PAYLOADS = [
    b'\x1b]0;gtview-pwned\x07',
    b'\x1b]52;c;cHduZWQ=\x07',
    b'\x1b]8;;http://x.invalid/\x1b\\link\x1b]8;;\x1b\\',
    b'\x1b[2J\x1b[H\x1b[31m',
    b'\x1bP+q544e\x1b\\',
    b'\x9b' b'2J\x9b' b'31m',
    b'\xc2\x9b' b'2J\xc2\x9d' b'0;t\xc2\x9c',
    b'\x07\x08\x7f\r\x0e\x0f',
]
# The sequences whose raw bytes must never reach a terminal: what the
# tests look for in output.
INJECTED = [b'\x1b]0;gtview-pwned', b'\x1b]52;', b'\x1b]8;;', b'\x1b[2J', b'\x1bP+q',
            b'\x9b' b'2J', b'\xc2\x9b']


def _fill(n, k):
    """n bytes of hostile text, payload k first, then the next ones."""
    out = b''
    while len(out) < n:
        out += PAYLOADS[k % len(PAYLOADS)]
        k += 1
    return out[:n]


def _v2_strings(data):
    """(offset, length) of each String's bytes in a new-format trace (up
    to where it stops making sense)."""
    spans = []
    try:
        for gen, exp, start, end in v2_batches(data):
            if gen is not None and not exp:
                spans += [(off, n) for et, _, off, n in v2_events(data, start, end)
                          if et == 5 and n]
    except ValueError:
        pass
    return spans


def _is_text(b):
    try:
        s = b.decode('utf-8')
    except UnicodeDecodeError:
        return False
    return all(c >= ' ' and c != '\x7f' for c in s)


def _v1_strings(data):
    """(offset, length) of each String's bytes in an old-format trace."""
    spans, seen, i = [], set(), 16
    while i < len(data) - 3:
        if data[i] != 37:
            i += 1
            continue
        try:
            sid, j = _uv(data, i + 1)
            n, j = _uv(data, j)
        except IndexError:
            break
        if sid and sid not in seen and 2 <= n <= 4096 and j + n <= len(data) and \
                _is_text(data[j:j + n]):
            seen.add(sid)
            spans.append((j, n))
            i = j + n
        else:
            i += 1
    return spans


def string_spans(data):
    """(offset, length) of the bytes of each string in the trace data."""
    v = v2_version(data)
    if v is None:
        return []
    return _v2_strings(data) if v >= 22 else _v1_strings(data)


def hostile(data, which='all'):
    """data with its strings (all, or every other one: 'alternate')
    swapped for hostile ones of the same length; and how many."""
    b = bytearray(data)
    spans = string_spans(data)
    if which == 'alternate':
        spans = spans[::2]
    for k, (off, n) in enumerate(spans):
        b[off:off + n] = _fill(n, k)
    return bytes(b), len(spans)


if __name__ == '__main__':
    src, dst = sys.argv[1], sys.argv[2]
    with open(src, 'rb') as f:
        out, n = hostile(f.read(), sys.argv[3] if len(sys.argv) > 3 else 'all')
    with open(dst, 'wb') as f:
        f.write(out)
    print(f'{n} strings swapped', file=sys.stderr)
