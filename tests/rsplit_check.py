"""rsplit_check.py SCREEN JSON KIND TYPE [INSTANCE]: checks a regions
view screen (tmux capture-pane -p) against `gtview regions --json`'s
"time" of region or task type TYPE: the bar on the row of TYPE (or, with
INSTANCE, on the selected instance's row) has for each look the number
of cells its share rounds to (cumulative, as tui/rsplit.c lays them
out), and the figures under the list give each state's share of the
time.  Prints what differs as TAP comments; exit 0 when all agree."""
import json
import re
import sys

screen = open(sys.argv[1], encoding='utf-8').read().split('\n')
doc = json.load(open(sys.argv[2]))
kind, ty = sys.argv[3], sys.argv[4]
inst = len(sys.argv) > 5
t = [r for r in doc['regions' if kind == 'region' else 'tasks'] if r['type'] == ty][0]['time']
GLYPHS = ['█', '▓', '▒', '─', '┄', '≈', '▁', '▔', '░']
CLASSES = ['chan/select', 'sync', 'network/IO', 'sleep/timer', 'GC/runtime', 'other']
looks = [t['running'], t['syscall'], t['runnable']] + [t['waiting_by_class'][c] for c in CLASSES]
total = sum(looks)
bad = []
if inst:
    row = [l for l in screen if l.startswith('> ')][0]
else:
    row = [l for l in screen if re.match(r'[> ] %-6s %s ' % (kind, re.escape(ty)), l)][0]
bar = re.search('[%s]+$' % ''.join(GLYPHS), row.rstrip())
if not bar:
    bad.append('no bar on the row: %r' % row)
else:
    w = len(bar.group(0))
    want, cum, at = [], 0, 0
    for v in looks:
        if v <= 0:
            want.append(0)
            continue
        cum += v
        end = min(w, int(cum / total * w + 0.5))
        want.append(end - at)
        at = end
    got = [bar.group(0).count(g) for g in GLYPHS]
    if got != want:
        bad.append('bar %r: cells %s, want %s' % (bar.group(0), got, want))
fig = [l for l in screen if 'running ' in l and '%' in l and not l.startswith(('>', '  region', '  task'))]
if not fig:
    bad.append('no figures line')
else:
    for name, v in [('running', t['running']), ('runnable', t['runnable']),
                    ('syscall', t['syscall']), ('waiting', t['waiting'])]:
        if v <= 0:
            continue
        want = '%s [^ ]+ %.1f%%' % (name, 100.0 * v / total)
        if not re.search(want, fig[0]):
            bad.append('figures %r lack %r' % (fig[0], want))
    for c in CLASSES:
        v = t['waiting_by_class'][c]
        if v > 0 and not re.search(r'[:,] %s [0-9]' % re.escape(c), fig[0]):
            bad.append('figures %r lack the class %s' % (fig[0], c))
for b in bad:
    print('# ' + b)
sys.exit(1 if bad else 0)
