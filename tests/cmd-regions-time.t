#!/bin/sh
# cmd-regions-time.t: `gtview regions --json`'s "time" of each region type
# (its goroutine's time per state inside the regions, the waits by class)
# against the same figures worked out by tests/regions_time_ref.py from
# Go's reader's event dumps of the corpus (expected/dump).  Skips without
# ../shared.
set -u
: "${GTVIEW:?run through make test}"
cd "$(dirname "$0")/.." || exit 1
exec python3 - "$GTVIEW" "${GT_CORPUS:-../shared/corpus}" <<'PY'
import json, os, subprocess, sys, tempfile
sys.path.insert(0, 'tests')
sys.dont_write_bytecode = True
from hostile_lib import TAP
import regions_time_ref

gt, corpus = sys.argv[1:3]
t = TAP()
tmp = tempfile.mkdtemp(prefix='gt-rtime.')
for name, src in [('user_task_region_1_19_good', 'v1/user_task_region_1_19_good.trace'),
                  ('go122-annotations', 'text/go122-annotations.test')]:
    dump = os.path.join(corpus, 'expected', 'dump', name + '.txt')
    trace = os.path.join(corpus, src)
    what = '%s: each region type\'s time as worked out from Go\'s event dump' % name
    if not os.path.exists(dump) or not os.path.exists(trace):
        t.ok(True, what + ' # skip no corpus')
        continue
    if trace.endswith('.test'):
        out = os.path.join(tmp, name + '.trace')
        subprocess.run([gt, 'assemble', trace, out], check=True)
        trace = out
    p = subprocess.run([gt, 'regions', '--json', trace], capture_output=True, text=True)
    doc = json.loads(p.stdout)
    got = {r['type']: r['time'] for r in doc['regions'] if r['count']}
    exp = regions_time_ref.time(dump)
    if got != exp:
        print('# got  %s\n# want %s' % (json.dumps(got, sort_keys=True), json.dumps(exp, sort_keys=True)))
    t.ok(p.returncode == 0 and got == exp and any(v['running'] for v in got.values()),
         what + ' (%d types)' % len(got))
    got = {r['type']: r['time'] for r in doc['tasks'] if r['count']}
    exp = regions_time_ref.task_time(dump)
    if got != exp:
        print('# got  %s\n# want %s' % (json.dumps(got, sort_keys=True), json.dumps(exp, sort_keys=True)))
    t.ok(p.returncode == 0 and got == exp and any(v['running'] for v in got.values()),
         '%s: each task type\'s time over its regions, as worked out from the dump (%d types)'
         % (name, len(got)))
p = subprocess.run([gt, 'regions', '--json', 'tests/fixtures/blocked_go119.trace'], capture_output=True, text=True)
d = json.loads(p.stdout) if p.returncode == 0 else {}
t.ok(d.get('regions') == [] and d.get('tasks') == [], 'a trace without regions or tasks: empty lists, exit 0')
import shutil
shutil.rmtree(tmp)
t.done()
PY
