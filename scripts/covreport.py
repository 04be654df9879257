#!/usr/bin/env python3
"""Toggle coverage of every DUT port and the RTL's cover points, from a merged Verilator
coverage file (make coverage). A port is a signal of a DUT instance (dut_*) named *_i or *_o;
points of every configuration are merged by instance and bit. Bits that can never toggle
(tests/coverage/unreachable.txt: "block.port[bit] reason") are left out of the percentage.
Usage: scripts/covreport.py MERGED.dat [--goal 95]"""
import argparse, os, re, sys
from collections import defaultdict

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def points(path):
    for line in open(path, encoding='latin-1'):
        m = re.match(r"C '(.*)' (\d+)$", line.rstrip('\n'))
        if m:
            kv = dict(p.split('\x02', 1) for p in m.group(1).split('\x01') if '\x02' in p)
            yield kv, int(m.group(2))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('dat')
    ap.add_argument('--goal', type=float, default=95.0)
    a = ap.parse_args()
    skip = {}
    unr = os.path.join(ROOT, 'tests/coverage/unreachable.txt')
    if os.path.exists(unr):
        for line in open(unr):
            if line.strip() and not line.startswith('#'):
                key, why = line.split(None, 1)
                skip[key] = why.strip()
    toggles, covers = defaultdict(int), defaultdict(int)
    for kv, n in points(a.dat):
        h, o, page = kv.get('h', ''), kv.get('o', ''), kv.get('page', '')
        inst = h.rsplit('.', 1)[-1]
        if page.startswith('v_toggle/') and inst.startswith('dut_') and h.count('.') == 2:
            toggles[(inst[4:], o)] += n
        elif page.startswith('v_user/') and '.dut_' in h:
            covers[(h.split('.dut_', 1)[1], o)] += n
    ports = defaultdict(lambda: [0, 0, []])
    for (blk, o), n in toggles.items():
        name = re.sub(r'\[\d+\]$', '', o)
        if not re.search(r'_[io]$', name) or name in ('clk_i', 'rst_ni'):
            continue
        if f'{blk}.{o}' in skip:
            continue
        p = ports[(blk, name)]
        p[1] += 1
        if n:
            p[0] += 1
        else:
            p[2].append(o)
    below = []
    print('toggle coverage of the DUT ports (bits toggled / bits; unreachable bits excluded):')
    for (blk, name), (hit, tot, miss) in sorted(ports.items()):
        pct = 100.0 * hit / tot
        flag = '' if pct >= a.goal else '  BELOW GOAL: ' + ' '.join(miss[:8]) + (' ...' if len(miss) > 8 else '')
        print(f'  {blk:12s} {name:22s} {hit:4d}/{tot:<4d} {pct:6.1f}%{flag}')
        if pct < a.goal:
            below.append(f'{blk}.{name}')
    print(f'ports below {a.goal:.0f}%: {", ".join(below) if below else "none"} '
          f'({len(skip)} unreachable bits excluded, tests/coverage/unreachable.txt)')
    missed = sorted(f'{b}.{o}' for (b, o), n in covers.items() if n == 0)
    print(f'cover points: {len(covers) - len(missed)}/{len(covers)} hit')
    for m in missed:
        print(f'  NOT HIT {m}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
