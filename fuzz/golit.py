#!/usr/bin/env python3
"""golit.py IN OUT: decode a Go fuzz corpus file (`go test fuzz v1` then a
[]byte("...") Go literal) into the raw bytes it stands for.  Used to turn
../shared/corpus/bad/ into libFuzzer seeds (fuzz/seeds.sh)."""
import re
import sys

SIMPLE = {'a': 7, 'b': 8, 'f': 12, 'n': 10, 'r': 13, 't': 9, 'v': 11,
          '\\': 92, "'": 39, '"': 34}


def go_string(lit):
    """Bytes of a Go interpreted ("...") or raw (`...`) string literal."""
    if lit[0] == '`':
        return lit[1:-1].replace('\r', '').encode('utf-8')
    s, out, i = lit[1:-1], bytearray(), 0
    while i < len(s):
        c = s[i]
        if c != '\\':
            out += c.encode('utf-8')
            i += 1
            continue
        e = s[i + 1]
        if e in SIMPLE:
            out.append(SIMPLE[e])
            i += 2
        elif e == 'x':
            out.append(int(s[i + 2:i + 4], 16))
            i += 4
        elif e in '01234567':
            out.append(int(s[i + 1:i + 4], 8))
            i += 4
        elif e == 'u':
            out += chr(int(s[i + 2:i + 6], 16)).encode('utf-8')
            i += 6
        elif e == 'U':
            out += chr(int(s[i + 2:i + 10], 16)).encode('utf-8')
            i += 10
        else:
            raise ValueError(f'bad escape \\{e}')
    return bytes(out)


def decode(text):
    if not text.startswith('go test fuzz v1'):
        raise ValueError('not a Go fuzz corpus file')
    m = re.search(r'\[\]byte\(("(?:[^"\\]|\\.)*"|`[^`]*`)\)', text, re.S)
    if not m:
        raise ValueError('no []byte(...) value')
    return go_string(m.group(1))


if __name__ == '__main__':
    with open(sys.argv[1], encoding='utf-8', errors='surrogateescape') as f:
        data = decode(f.read())
    with open(sys.argv[2], 'wb') as f:
        f.write(data)
