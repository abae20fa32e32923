#!/usr/bin/env python3
"""cmp-oracle.py EXPECTED.json ACTUAL.json: compares `gtview stats --json`
output with a corpus oracle, field by field (every field of EXPECTED must be
in ACTUAL with the same value).  Prints the differences; exit 1 if any."""
import json
import sys


def main():
    exp = json.load(open(sys.argv[1]))
    try:
        act = json.load(open(sys.argv[2]))
    except ValueError as e:
        print("actual output is not valid JSON: %s" % e)
        return 1
    bad = 0
    for k, v in exp.items():
        if k not in act:
            print("missing field %s" % k)
            bad = 1
        elif act[k] != v:
            if isinstance(v, dict):
                keys = sorted(set(v) | set(act[k]))
                diff = ["%s: want %s got %s" % (x, v.get(x), act[k].get(x))
                        for x in keys if v.get(x) != act[k].get(x)]
                print("%s differs: %s" % (k, "; ".join(diff)))
            elif isinstance(v, list):
                print("%s differs (%d vs %d entries)" % (k, len(v), len(act[k])))
                for a, b in zip(v, act[k]):
                    if a != b:
                        print("  first difference: want %s got %s" % (a, b))
                        break
            else:
                print("%s: want %r got %r" % (k, v, act[k]))
            bad = 1
    return bad


sys.exit(main())
