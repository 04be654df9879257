#!/usr/bin/env python3
"""Source-level mutants of the RTL (docs/mutation.md): operator, constant, condition and
assignment mutants of each statement, written two ways:
  - one standalone copy per mutant (for the formal check and the readable diff), and
  - one schema copy of the RTL holding every mutant behind `mutsel_q == K`, so a single
    Verilator build runs them all (COSIM_MUTANT=K selects one at run time; 0 = original).
Usage: scripts/mutgen.py --out DIR [--max N] [--seed S] FILE.sv...   (writes DIR/mutants.json)
"""
import argparse, difflib, json, os, random, re, sys

TOKEN = re.compile(r"""
   (?P<sized>\d+'[bdhBDH][0-9a-fA-F_]+)      # 6'd1, 1'b0
 | (?P<fill>'[01])                             # '0 '1
 | (?P<castw>\d+(?='\())                       # the width of a cast 16'(x)
 | (?P<num>\d+)
 | (?P<id>[A-Za-z_$][\w$]*)
 | (?P<op>\+:|-:|===|!==|==|!=|<=|>=|&&|\|\||<<|>>|[-+*/%<>&|^~!?:(){}\[\],.'=;])
 | (?P<ws>\s+)
""", re.X)

SWAP = {'==': ['!='], '!=': ['=='], '<': ['<='], '<=': ['<'], '>': ['>='], '>=': ['>'],
        '&&': ['||'], '||': ['&&'], '&': ['|'], '|': ['&'], '^': ['|'], '+': ['-'], '-': ['+']}


def tokens(text):
    out, pos = [], 0
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if not m:
            raise ValueError(f"cannot tokenize at {text[pos:pos + 20]!r}")
        if m.lastgroup != 'ws':
            out.append((m.lastgroup, m.group(), m.start(), m.end()))
        pos = m.end()
    return out


def expr_mutants(text):
    """(start, end, replacement, what) for every operator and constant of an expression.
    Tokens inside part-selects ([a:b], [a +: b]) are left alone: they fix widths."""
    toks, res, depth_sel = tokens(text), [], []
    for i, (kind, val, s, e) in enumerate(toks):
        if val == '[':
            # is this bracket a part-select? look for ':' / '+:' at the same nesting level
            d, j, sel = 0, i, False
            while j < len(toks):
                v = toks[j][1]
                d += v in '[({'
                d -= v in '])}'
                if d == 1 and v in (':', '+:', '-:'):
                    sel = True
                if d == 0:
                    break
                j += 1
            depth_sel.append(sel)
            continue
        if val == ']':
            depth_sel and depth_sel.pop()
            continue
        if any(depth_sel):
            continue
        prev = toks[i - 1] if i else None
        operand_before = prev is not None and (prev[0] in ('id', 'num', 'sized', 'fill') or prev[1] in (')', ']', '}'))
        if kind == 'op' and val in SWAP:
            if val in ('&', '|', '^', '-', '+') and not operand_before:
                continue  # unary reduction or sign
            for r in SWAP[val]:
                res.append((s, e, r, f"operator {val} -> {r}"))
        elif kind == 'op' and val in ('~', '!'):
            res.append((s, e, '', f"drop {val}"))
        elif kind == 'sized':
            w, base, digits = re.match(r"(\d+)'([bdhBDH])(.*)", val).groups()
            w, v = int(w), int(digits.replace('_', ''), {'b': 2, 'd': 10, 'h': 16}[base.lower()])
            for nv in sorted({(v + 1) % (1 << w), (v - 1) % (1 << w)} - {v}):
                res.append((s, e, f"{w}'d{nv}", f"constant {val} -> {w}'d{nv}"))
        elif kind == 'fill':
            r = "'1" if val == "'0" else "'0"
            res.append((s, e, r, f"constant {val} -> {r}"))
        elif kind == 'num':
            v = int(val)
            for nv in sorted({v + 1, v - 1} - {v, -1}):
                res.append((s, e, str(nv), f"constant {val} -> {nv}"))
    return res


def balanced_paren(text, start):
    """Index just past the ')' matching the '(' at text[start]."""
    d = 0
    for i in range(start, len(text)):
        d += text[i] == '('
        d -= text[i] == ')'
        if d == 0:
            return i + 1
    return -1


SKIP = re.compile(r'^\s*(logic|localparam|parameter|input|output|int\b|for\b|genvar|module|function|'
                  r'endfunction|endmodule|import|unique|case|endcase|default:\s*;|end\b(?!\s+else)|begin|`|//|\)|always|initial)')
ASSIGN = re.compile(r'^(?P<lhs>[\w\[\]\*\+: ]+?)\s*(?P<op><=|=)\s*(?P<rhs>.+);\s*(//.*)?$', re.S)
# a case label: names (a package's too, pkg::NAME) or sized decimals, or default
LABEL = re.compile(r'^((?:[A-Za-z]\w*(?:::\w+)?|\d+\'d\d+)(?:\s*,\s*(?:[A-Za-z]\w*(?:::\w+)?|\d+\'d\d+))*|default)'
                   r'\s*:\s+(?=\S)')


class Unit:
    """One statement (lines l0..l1 of a file): [label] [if (cond)] [lhs op rhs;] [begin]."""

    def __init__(self, path, l0, l1, text):
        self.path, self.l0, self.l1, self.text = path, l0, l1, text
        self.parts = {}  # name -> (start, end) of cond / rhs / stmt in text
        self.muts = []   # (text_after, what)


def parse_unit(u):
    t = u.text
    body_start = len(t) - len(t.lstrip())
    m = LABEL.match(t[body_start:])
    if m:
        body_start += m.end()
    rest = t[body_start:]
    if rest.startswith('assign '):
        a = ASSIGN.match(rest[7:])
        if not a:
            return False
        off = body_start + 7
        u.kind = 'assign'
        u.parts['rhs'] = (off + a.start('rhs'), off + a.end('rhs'))
        u.parts['stmt'] = (body_start, body_start + len(rest.rstrip()))
        return True
    m = re.match(r'(end\s+else\s+)?if\s*\(', rest)
    if m:
        cs = body_start + m.end() - 1
        ce = balanced_paren(t, cs)
        if ce < 0:
            return False
        u.parts['cond'] = (cs + 1, ce - 1)
        after = t[ce:].strip()
        if after.startswith('begin') or after == '':
            u.kind = 'if'
            return True
        body_start = ce + (len(t[ce:]) - len(t[ce:].lstrip()))
        rest = t[body_start:]
    a = ASSIGN.match(rest.rstrip())
    if not a:
        return 'cond' in u.parts and False
    u.kind = 'stmt'
    u.parts['rhs'] = (body_start + a.start('rhs'), body_start + a.end('rhs'))
    u.parts['stmt'] = (body_start, body_start + len(rest.rstrip()))
    return True


def find_units(path, lines):
    units, i, skip_depth = [], 0, 0
    while i < len(lines):
        line = lines[i]
        if re.match(r'\s*`ifndef\s+SYNTHESIS', line):
            skip_depth = 1
        if skip_depth:
            if re.match(r'\s*`endif', line):
                skip_depth = 0
            i += 1
            continue
        code = line.split('//')[0]
        stripped = code.strip()
        if not stripped or SKIP.match(code) and not re.match(r'\s*end\s+else\s+if', code):
            i += 1
            continue
        if not (re.match(r'\s*(assign\s|if\s*\(|end\s+else\s+if)', code) or '=' in code or LABEL.match(stripped)):
            i += 1
            continue
        # join continuation lines until the statement is complete
        j, text = i, code.rstrip()
        while (text.count('(') != text.count(')') or not re.search(r'(;|\bbegin)\s*$', text)) and j + 1 < len(lines):
            j += 1
            text += ' ' + lines[j].split('//')[0].strip()
        if re.search(r'\bbegin\s*:', text):  # a generate block: elaboration-time, not mutable at run time
            i = j + 1
            continue
        u = Unit(path, i, j, text)
        if parse_unit(u):
            units.append(u)
        i = j + 1
    return units


def unit_mutants(u):
    t, out = u.text, []
    for part in ('cond', 'rhs'):
        if part not in u.parts:
            continue
        s0, e0 = u.parts[part]
        for s, e, r, what in expr_mutants(t[s0:e0]):
            out.append((part, t[s0:s0 + s] + r + t[s0 + e:e0], what))
    if 'cond' in u.parts:
        s0, e0 = u.parts['cond']
        c = t[s0:e0]
        out += [('cond', f'!({c})', 'condition negated'), ('cond', "1'b1", 'condition always true'),
                ('cond', "1'b0", 'condition always false')]
    if 'stmt' in u.parts:
        if u.kind == 'assign':
            out.append(('rhs', "'0", 'assignment drives 0'))
        else:
            out.append(('stmt', ';', 'assignment deleted'))
    seen, res = set(), []
    for part, new, what in out:
        s0, e0 = u.parts[part]
        if new == t[s0:e0] or (part, new) in seen:
            continue
        seen.add((part, new))
        res.append((part, new, what))
    return res


def apply(u, part, new):
    s0, e0 = u.parts[part]
    return u.text[:s0] + new + u.text[e0:]


def schema_text(u, muts):
    """The unit with every mutant K behind mutsel_q == K."""
    t = u.text
    indent = t[:len(t) - len(t.lstrip())]

    def chain(items, orig):
        expr = f'({orig})'
        for k, new in reversed(items):
            expr = f"((mutsel_q == 32'd{k}) ? ({new}) : {expr})"
        return expr
    by = {p: [(k, n) for k, p2, n in muts if p2 == p] for p in ('cond', 'rhs', 'stmt')}
    # innermost first: rhs and stmt live inside the statement, cond around it
    if 'stmt' in u.parts and u.kind != 'assign':
        s0, e0 = u.parts['stmt']
        stmt = t[s0:e0]
        if by['rhs']:
            rs, re_ = u.parts['rhs']
            stmt = t[s0:rs] + chain(by['rhs'], t[rs:re_]) + t[re_:e0]
        if by['stmt']:
            guard = ' || '.join(f"(mutsel_q == 32'd{k})" for k, _ in by['stmt'])
            stmt = f'begin if ({guard}) begin end else {stmt} end'
        else:
            stmt = f'begin {stmt} end'
        t = t[:s0] + stmt + t[e0:]
    elif u.kind == 'assign' and by['rhs']:
        rs, re_ = u.parts['rhs']
        t = t[:rs] + chain(by['rhs'], t[rs:re_]) + t[re_:]
    if by['cond']:
        cs, ce = u.parts['cond']  # cond precedes the statement: offsets still valid
        t = t[:cs] + chain(by['cond'], t[cs:ce]) + t[ce:]
    return indent + t.lstrip()


MUTSEL_DECL = ('  // Mutant schema (scripts/mutgen.py): the mutant this simulation runs.\n'
               '  import "DPI-C" function int c_dpi_mutant_select();\n'
               '  int unsigned mutsel_q;\n'
               '  initial mutsel_q = c_dpi_mutant_select();\n')


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--out', required=True)
    ap.add_argument('--max', type=int, default=0, help='sample at most N mutants (0: all)')
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--exclude', default='', help='comma-separated mutant ids left out of the schema')
    ap.add_argument('files', nargs='+')
    a = ap.parse_args()
    all_muts, per_file = [], {}
    for path in a.files:
        lines = open(path).read().split('\n')
        per_file[path] = (lines, find_units(path, lines))
        for u in per_file[path][1]:
            for part, new, what in unit_mutants(u):
                all_muts.append((u, part, new, what))
    candidates = len(all_muts)
    if a.max and len(all_muts) > a.max:
        rnd = random.Random(a.seed)
        keep = set(rnd.sample(range(len(all_muts)), a.max))
        all_muts = [m for i, m in enumerate(all_muts) if i in keep]
    os.makedirs(os.path.join(a.out, 'schema'), exist_ok=True)
    records, by_unit = [], {}
    excluded = {int(x) for x in a.exclude.split(',') if x}
    for k, (u, part, new, what) in enumerate(all_muts, 1):
        lines = per_file[u.path][0]
        mutated = apply(u, part, new)
        indent = u.text[:len(u.text) - len(u.text.lstrip())]
        new_lines = lines[:u.l0] + [indent + mutated.lstrip()] + lines[u.l1 + 1:]
        mdir = os.path.join(a.out, f'm{k}')
        os.makedirs(mdir, exist_ok=True)
        with open(os.path.join(mdir, os.path.basename(u.path)), 'w') as f:
            f.write('\n'.join(new_lines))
        diff = ''.join(difflib.unified_diff([l + '\n' for l in lines], [l + '\n' for l in new_lines],
                                            'a/' + u.path, 'b/' + u.path, n=0))
        records.append({'id': k, 'file': u.path, 'line': u.l0 + 1, 'what': what, 'diff': diff})
        if k not in excluded:
            by_unit.setdefault(id(u), (u, []))[1].append((k, part, new))
    for path, (lines, units) in per_file.items():
        out = list(lines)
        for u in sorted((v[0] for v in by_unit.values() if v[0].path == path), key=lambda u: -u.l0):
            out[u.l0:u.l1 + 1] = [schema_text(u, by_unit[id(u)][1])]
        text = '\n'.join(out)
        text = re.sub(r'(\bmodule\b.*?\n\);\n)', lambda m: m.group(1) + MUTSEL_DECL, text, count=1, flags=re.S)
        with open(os.path.join(a.out, 'schema', os.path.basename(path)), 'w') as f:
            f.write(text)
    with open(os.path.join(a.out, 'mutants.json'), 'w') as f:
        json.dump({'candidates': candidates, 'mutants': records}, f, indent=1)
    print(f'mutgen: {len(records)} mutants ({candidates} candidates) in {a.out}')


if __name__ == '__main__':
    sys.exit(main())
