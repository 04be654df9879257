#!/usr/bin/env python3
"""Functional coverage of the stimulus (make coverage): sums the "row count" files the
lock-step runs write (COSIM_FCOV_DIR) and prints each row with its goal; rows below goal
are listed at the end. Goals: tests/coverage/goals.txt ("row-prefix goal", the longest
matching prefix wins; rows explained in a block's doc carry goal 0 there).
Usage: scripts/fcovreport.py DIR"""
import os, sys
from collections import defaultdict

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    if len(sys.argv) != 2 or sys.argv[1] in ('-h', '--help'):
        print(__doc__)
        return 0 if len(sys.argv) == 2 else 2
    rows = defaultdict(int)
    files = [f for f in os.listdir(sys.argv[1]) if f.endswith('.txt')]
    if not files:
        print(f'fcovreport: no coverage files in {sys.argv[1]}', file=sys.stderr)
        return 1
    for f in files:
        for line in open(os.path.join(sys.argv[1], f)):
            k, v = line.split()
            rows[k] += int(v)
    goals = []
    for line in open(os.path.join(ROOT, 'tests/coverage/goals.txt')):
        if line.strip() and not line.startswith('#'):
            prefix, goal = line.split()[:2]
            goals.append((prefix, int(goal)))
    below = []
    print(f'functional coverage of the stimulus ({len(files)} runs):')
    print(f'  {"row":44s} {"hits":>12s} {"goal":>8s}')
    for k in sorted(rows):
        match = [g for g in goals if k.startswith(g[0])]
        goal = max(match, key=lambda g: len(g[0]))[1] if match else 1
        ok = rows[k] >= goal
        print(f'  {k:44s} {rows[k]:12d} {goal:8d}{"" if ok else "  BELOW"}')
        if not ok:
            below.append(k)
    print(f'functional rows below goal: {len(below)} of {len(rows)}')
    for k in below:
        print(f'  BELOW {k}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
