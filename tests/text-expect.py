# text-expect.py: runs Go-style trace tests (txtar .test files: an
# "-- expect --" file, SUCCESS or FAILURE "regexp", then a "-- trace --"
# file in the text form) through `gtview assemble` and `gtview check`,
# printing TAP.  Used by tests/text-corpus.t and tests/text-fixtures.t.
#
# SUCCESS: assemble exits 0, check exits 0.
# FAILURE "re": assemble exits 0, check exits 1 and its message matches re
# (Go's regexp.MatchString: a search, not a full match; RE2 patterns used
# by Go's tests are also valid Python patterns).
import ast, os, re, subprocess, sys, tempfile

gtview = os.environ["GTVIEW"]
files = sys.argv[1:]


def expectation(path):
    text = open(path, encoding="utf-8", errors="surrogateescape").read()
    m = re.search(r"^-- expect --\n(.*?)^-- ", text, re.S | re.M)
    if not m:
        return None, None
    first = m.group(1).split("\n", 1)[0]
    if first == "SUCCESS":
        return "SUCCESS", None
    kind, _, quoted = first.partition(" ")
    if kind != "FAILURE":
        return None, None
    return "FAILURE", re.compile(ast.literal_eval(quoted))


print("1..%d" % (2 * len(files)))
n = 0
_scratch = tempfile.TemporaryDirectory(prefix="gt-text-")  # removed at exit
tmp = _scratch.name
try:
    for path in files:
        name = os.path.basename(path)
        kind, rx = expectation(path)
        binary = os.path.join(tmp, name + ".trace")
        a = subprocess.run([gtview, "assemble", path, binary],
                           capture_output=True, text=True, errors="replace")
        n += 1
        if a.returncode == 0 and kind:
            print("ok %d - assemble %s" % (n, name))
        else:
            print("not ok %d - assemble %s (exit %d%s)" % (
                n, name, a.returncode, "" if kind else ", bad expectation"))
            for line in a.stderr.splitlines():
                print("# " + line)
            n += 1
            print("not ok %d - check %s # not assembled" % (n, name))
            continue
        c = subprocess.run([gtview, "check", binary],
                           capture_output=True, text=True, errors="replace")
        msg = c.stderr.strip()
        n += 1
        if kind == "SUCCESS":
            good = c.returncode == 0
            want = "exit 0"
        else:
            good = c.returncode == 1 and rx.search(msg) is not None
            want = "exit 1, message matching %r" % rx.pattern
        if good:
            print("ok %d - check %s: %s" % (n, name, kind))
        else:
            print("not ok %d - check %s: want %s, got exit %d" % (
                n, name, want, c.returncode))
            for line in msg.splitlines()[:5]:
                print("# " + line)
finally:
    for f in os.listdir(tmp):
        os.unlink(os.path.join(tmp, f))
    os.rmdir(tmp)
