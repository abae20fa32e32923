#!/usr/bin/env python3
"""gofuzz-decode.py IN OUT: writes the bytes of a Go fuzz corpus file
("go test fuzz v1" then one []byte("...") or []byte(`...`) line) to OUT.
Decodes Go's interpreted string literal escapes: \\a \\b \\f \\n \\r \\t
\\v \\\\ \\" \\' \\xHH \\NNN (octal) \\uHHHH \\UHHHHHHHH (as UTF-8)."""
import sys

SIMPLE = {'a': 7, 'b': 8, 'f': 12, 'n': 10, 'r': 13, 't': 9, 'v': 11,
          '\\': 92, '"': 34, "'": 39}


def unquote(lit):
    if lit[0] == '`':
        return lit[1:-1].replace('\r', '').encode('utf-8')
    assert lit[0] == '"' and lit[-1] == '"', "not a string literal"
    s = lit[1:-1]
    out = bytearray()
    i = 0
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
            raise ValueError("bad escape \\%s" % e)
    return bytes(out)


def main():
    text = open(sys.argv[1], encoding='utf-8', errors='surrogateescape').read()
    lines = text.split('\n')
    assert lines[0].strip() == 'go test fuzz v1', "not a Go fuzz corpus file"
    for line in lines[1:]:
        line = line.strip()
        if line.startswith('[]byte(') and line.endswith(')'):
            data = unquote(line[len('[]byte('):-1])
            open(sys.argv[2], 'wb').write(data)
            return 0
    raise ValueError("no []byte value")


sys.exit(main())
