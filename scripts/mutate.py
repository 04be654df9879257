#!/usr/bin/env python3
"""Mutation score of the default regression, per RTL block (docs/mutation.md).

For each block: generate source-level mutants (scripts/mutgen.py), drop those that do not
compile (verilator --lint-only), build one schema model per configuration the block's jobs
use, run every mutant against the block's jobs cut short (killed = a job reports a mismatch or
the RTL's own assertion stops it), try to prove each survivor equivalent to the original with
yosys (a miter of the next-state and output logic, else equiv_make / equiv_simple /
equiv_induct, at the formal configurations below), and run the full jobs on the survivors not
proven. Prints per block generated, not compilable, killed, proven equivalent and surviving
(with diffs), writes OUT/<block>.json, and one line `BENCH mutate.<block>.score X%`
(killed / (generated - not compilable - equivalent)).

Usage: scripts/mutate.py [--block pred|stack|fc|all] [--jobs FILE] [--max N] [--par N]
                         [--out DIR] [--build DIR] [--only-ids LIST] [--no-equiv] [--judge-proven]
"""
import argparse, concurrent.futures as cf, json, math, os, re, shlex, shutil, signal, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The encodings every block names (`dpp svpkg --isa`): read first on both sides, never mutated.
PKG = 'rtl/ctm_isa_pkg.sv'

BLOCKS = {
    'pred': {'files': ['rtl/pred_stack.sv'], 'top': 'pred_stack',
             # Contexts Lanes Depth: the smallest job shape, and an odd multi-context one; and a
             # small SPU grouping (2 SPUs of 4 SC + 1 SFU lane), else a mutant of the grouping
             # logic, not built at SpuSc = 0, would be "proven" equivalent
             'formal': [{'Contexts': 1, 'Lanes': 16, 'Depth': 4}, {'Contexts': 3, 'Lanes': 5, 'Depth': 3},
                        {'Contexts': 2, 'Lanes': 10, 'Depth': 2, 'SpuSc': 4}]},
    'stack': {'files': ['rtl/stack_acct.sv'], 'top': 'stack_acct',
              # the (Width, Rule, Chip) row of every job, at a small tracker depth
              'formal': 'jobs'},
    'fc': {'files': ['rtl/fc_unit.sv', 'rtl/fc_branch_counters.sv', 'rtl/fc_addr_stack.sv',
                     'rtl/fc_loop_stack.sv'], 'top': 'fc_unit',
           'max': 150,  # of ~760 candidates: a seeded sample keeps the block within 5 minutes
           'formal': [{'Contexts': 1, 'Lanes': 3, 'AddrDepth': 2, 'LoopDepth': 2, 'BcWidth': 6},
                      {'Contexts': 2, 'Lanes': 2, 'AddrDepth': 1, 'LoopDepth': 3, 'BcWidth': 3}]},
}


def sh(cmd, **kw):
    return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, **kw)


def block_jobs(jobs_file, block, build):
    """The pass jobs of one block, {build} in their options (scripts/regress.sh) made the build
    folder."""
    jobs = []
    for line in open(os.path.join(ROOT, jobs_file)):
        line = line.split('#')[0].strip()
        if not line:
            continue
        name, expect, *opts = shlex.split(line.replace('{build}', build))
        if expect == 'pass' and opts[opts.index('--block') + 1] == block:
            jobs.append((name, opts))
    return jobs


def sync_dir(src, dst):
    """dst becomes a copy of src, but a file whose content did not change is left alone, time
    and all: for an unchanged schema Verilator then skips itself (its sources are no newer than
    its output) and make compiles nothing, so a model is only relinked (~2 s instead of 7-20 s
    of CPU per fc model)."""
    os.makedirs(dst, exist_ok=True)
    names = set(os.listdir(src))
    for name in names:
        s, d = os.path.join(src, name), os.path.join(dst, name)
        with open(s, 'rb') as f:
            new = f.read()
        if not os.path.exists(d) or open(d, 'rb').read() != new:
            shutil.copyfile(s, d)
    for name in set(os.listdir(dst)) - names:
        os.remove(os.path.join(dst, name))


def lint_mutant(block, mdir):
    """True when the standalone mutant (or the schema: every mutant at once) compiles (errors
    only; warnings are expected)."""
    cfg = BLOCKS[block]
    top = cfg['files'][0]
    mine = os.path.join(mdir, os.path.basename(top))
    r = sh([os.environ.get('VERILATOR', 'verilator'), '--lint-only', '-Wno-fatal', '-Wno-lint', '-Wno-style', '-y', mdir, '-y', 'rtl',
            PKG, mine if os.path.exists(mine) else top])
    return r.returncode == 0


def capped(jobs, cap):
    """The jobs cut to their first `cap` cycles. With the same seed a short run is a prefix of
    the full one, so a mutant it kills is killed by the full job at the same cycle."""
    out = []
    for name, opts in jobs:
        opts = list(opts)
        if '--cycles' in opts:
            i = opts.index('--cycles') + 1
            m = re.fullmatch(r'(\d+)([kMG]?)', opts[i])
            n = int(m.group(1)) * {'': 1, 'k': 10**3, 'M': 10**6, 'G': 10**9}[m.group(2)]
            opts[i] = str(min(n, cap))
        out.append((name, opts))
    return out


def run_limited(cmd, cpu_seconds, **kw):
    """Runs cmd with at most cpu_seconds of CPU (ulimit -t). A limit of CPU, not of wall-clock
    time, so that no verdict depends on how busy the machine is (under load a 3 s proof took
    over 30 s of wall clock and the mutant was reported surviving). Returns the
    CompletedProcess, or None when the limit (or the wall-clock backstop, 20 times as long)
    stopped it."""
    try:
        r = subprocess.run(['bash', '-c', 'ulimit -t "$0" && exec "$@"', str(math.ceil(cpu_seconds))] + cmd,
                           cwd=ROOT, capture_output=True, text=True, timeout=20 * cpu_seconds + 60, **kw)
    except subprocess.TimeoutExpired:
        return None
    return None if r.returncode in (-signal.SIGXCPU, -signal.SIGKILL) else r


def run_mutant(binaries, jobs, k, timeout):
    """Runs the jobs in order until one kills mutant k. Returns (status, job, seconds)."""
    env = dict(os.environ, COSIM_MUTANT=str(k))
    t0 = time.time()
    for name, opts in jobs:
        r = run_limited([binaries[name]] + opts + ['--quiet', '--wave-window', '0'], timeout, env=env)
        if r is None:
            return 'killed', f'{name} (over {timeout:.0f} s of CPU)', time.time() - t0
        if r.returncode == 1:
            return 'killed', name, time.time() - t0
        if r.returncode != 0:
            # the RTL's own assertions (or a crash) stop the run: the regression fails too
            return 'killed', f'{name} (exit {r.returncode})', time.time() - t0
    return 'survived', None, time.time() - t0


def side_script(block, tag, d, params, miter):
    """Reads one side (gold: rtl/, gate: the mutant's folder) and prepares it as `tag`."""
    cfg = BLOCKS[block]
    chp = ' '.join(f'-set {k} {v}' for k, v in params.items())
    files = ' '.join([os.path.join(ROOT, PKG)] +
                     [os.path.join(d, os.path.basename(f)) if os.path.exists(os.path.join(d, os.path.basename(f)))
                      else os.path.join(ROOT, f) for f in cfg['files']])
    # -I: a mutant's copy stands in its own folder, the header it includes in rtl/
    return (f"read_verilog -sv -I{os.path.join(ROOT, 'rtl')} {files}\nchparam {chp} {cfg['top']}\nhierarchy -top {cfg['top']}\n"
            f"proc\nflatten\nopt_clean\nmemory -nomap\nmemory_map\nopt -fast\nsetundef -zero\n"
            + ("dffunmap\n" if miter else "") +
            # only ports and registers keep their names: they alone are paired, so a
            # difference masked before any register or output does not count
            f"select -set keep i:* o:* %u t:*dff* %co1:+[Q] w:* %i %u\nrename -hide w:* @keep %d\n"
            + ("expose -evert-dff\nopt_clean\nselect -assert-none t:*ff* t:*latch* t:$sr\n" if miter else "") +
            f"rename {cfg['top']} {tag}\n")


def yosys_script(block, gold_dir, gate_dir, params, miter):
    """The proof that equal state and equal inputs give equal outputs and equal next state.
    miter: every register cut into its state (an input) and its next state, reset and reset
    value (outputs), one combinational miter of gold and gate, optimised (the shared logic
    merges) and one SAT call. Needs both sides to keep the same registers of the same kinds.
    Otherwise (miter False) equiv_make pairs ports and registers by name, and equiv_simple and
    equiv_induct -seq 1 prove the pairs (a register of one side only is left free).
    Both sides are prepared in the same run: read back from a file, gold can keep another one
    of two merged registers' names than gate does, and the miter fails."""
    parts = [side_script(block, 'gold', gold_dir, params, miter), 'design -stash gold\n',
             side_script(block, 'gate', gate_dir, params, miter), 'design -stash gate\n',
             'design -copy-from gold -as gold gold\ndesign -copy-from gate -as gate gate\n']
    if miter:
        return ''.join(parts) + ('miter -equiv -flatten gold gate miter\nhierarchy -top miter\nopt -fast\n'
                                 'sat -verify -prove trigger 0 miter\n')
    return ''.join(parts) + ('equiv_make gold gate eq\nhierarchy -top eq\nasync2sync\nequiv_simple\n'
                             'equiv_induct -seq 1\nequiv_status -assert\n')


def model_params(build, model):
    """A model's -G parameters as the block parameters' table gives them (build/cosim_config)."""
    r = sh([os.path.join(build, 'cosim_config'), '--model', model])
    if r.returncode:
        sys.exit(f'mutate: {r.stderr.strip()}')
    sv = next(line[3:] for line in r.stdout.splitlines() if line.startswith('sv='))
    return {k[2:]: int(v) for k, v in (p.split('=') for p in sv.split())}


def formal_configs(block, models, build):
    """The block's formal configurations; for stack, one per job row at tracker depth 4."""
    if BLOCKS[block]['formal'] != 'jobs':
        return BLOCKS[block]['formal']
    cfgs = []
    for model in models:
        c = dict(model_params(build, model), Depth=4)
        if c not in cfgs:
            cfgs.append(c)
    return cfgs


def prove_equivalent(block, out, k, timeout, configs, miter_only=False):
    """'equivalent' only when yosys proves it at every formal configuration: by the miter
    (a few seconds), else by equiv_induct (several times slower). What the miter proves the
    induction proves too (it assumes equal state for every state, the induction only for the
    successors of states with equal outputs), so the verdicts are the induction's; the miter
    fails where the mutant changed the registers (its sides then differ), has a counterexample,
    or a state no step reaches tells gold and gate apart. miter_only: the miter alone (a quick
    first try; None where it fails)."""
    for i, params in enumerate(configs):
        for miter in ((True,) if miter_only else (True, False)):
            path = os.path.join(out, f'm{k}', f'equiv{i}{"" if miter else "-induct"}.ys')
            with open(path, 'w') as f:
                f.write(yosys_script(block, os.path.join(ROOT, 'rtl'), os.path.join(out, f'm{k}'), params, miter))
            r = run_limited(['yosys', '-q', '-s', path], timeout)
            if r is None:
                if miter_only:
                    return None
                if miter:
                    continue
                return f'unproven (over {timeout:.0f} s of CPU at {params})'
            if r.returncode == 0:
                break
            if miter_only:
                return None
            if not miter:
                return f'unproven at {params}' if 'unproven' in r.stdout + r.stderr else \
                    f'unproven (yosys error at {params})'
    return 'equivalent'


def mutate_block(block, a):
    t0 = time.time()
    out = os.path.join(a.out, block)
    files = BLOCKS[block]['files']
    shutil.rmtree(out, ignore_errors=True)  # no stale mutants or proofs from an earlier run
    gen = [sys.executable, 'scripts/mutgen.py', '--out', out, '--seed', str(a.seed)]
    limit = a.max if a.max is not None else BLOCKS[block].get('max', 0)
    if limit:
        gen += ['--max', str(limit)]
    r = sh(gen + files)
    if r.returncode:
        sys.exit(f'mutate: {block}: mutgen failed\n{r.stderr}')
    muts = json.load(open(os.path.join(out, 'mutants.json')))
    mutants = {m['id']: m for m in muts['mutants']}
    if a.only_ids:
        keep = {int(x) for x in a.only_ids.split(',')}
        mutants = {k: m for k, m in mutants.items() if k in keep}

    # 1. compile check. The schema holds the text of every mutant, each behind its own
    # `mutsel_q == K`: when it compiles, every mutant does, and one lint replaces one per mutant
    # (150 of them took ~30 s of CPU for fc). Only when it does not are they linted one by one.
    if lint_mutant(block, os.path.join(out, 'schema')):
        ok = dict.fromkeys(mutants, True)
    else:
        with cf.ThreadPoolExecutor(a.par) as ex:
            ok = dict(zip(mutants, ex.map(lambda k: lint_mutant(block, os.path.join(out, f'm{k}')), mutants)))
    bad = [k for k in mutants if not ok[k]]
    for k in mutants:
        mutants[k]['status'] = 'not compilable' if k in bad else None
    if bad:  # the schema leaves them out
        r = sh(gen + ['--exclude', ','.join(map(str, bad))] + files)
        if r.returncode:
            sys.exit(f'mutate: {block}: mutgen failed\n{r.stderr}')

    # 2. one schema model per configuration of the block's jobs, built from OUT/<block>-schema
    # (kept from run to run: an unchanged schema is only relinked)
    schema = os.path.join(a.out, f'{block}-schema')
    sync_dir(os.path.join(out, 'schema'), schema)
    jobs = block_jobs(a.jobs, block, a.build)
    if not jobs:
        sys.exit(f'mutate: {block}: no pass jobs in {a.jobs}')
    binaries, models = {}, {}
    for name, opts in jobs:
        r = sh([os.path.join(a.build, 'cosim')] + opts, env=dict(os.environ, COSIM_PRINT_MODEL='1'))
        model = r.stdout.strip()
        if r.returncode or not model:
            sys.exit(f'mutate: {block}: cannot name the model of job {name}: {r.stderr}')
        binaries[name] = os.path.join(a.build, f'cosim-{model}-mutants')
        models[model] = binaries[name]
    def build(item):  # one single-threaded build per worker: verilating is serial anyway
        model, binary = item
        return model, sh(['scripts/vbuild.sh', '--rtl-dir', schema, '--dpi-c',
                          'tests/mutate/mutant_select.c', f'{model}-mutants', binary], env=dict(os.environ, JOBS='1'))
    with cf.ThreadPoolExecutor(a.par) as ex:
        for model, r in ex.map(build, models.items()):
            if r.returncode:
                sys.exit(f'mutate: {block}: schema build of {model} failed\n{r.stderr[-3000:]}')
    t_build = time.time() - t0

    # 3. judge every mutant and try to prove the survivors equivalent.
    # Judging takes two passes: every job cut to its first --quick-cycles (most mutants die
    # there), then the full jobs for the mutants still alive; the verdicts are those of the full
    # jobs. The survivors of the first pass are proven first: a mutant proven equivalent cannot
    # be killed (at the formal configurations), so it skips the full jobs, which cost most of a
    # run (--judge-proven runs them anyway and proves afterwards; a kill then beats a proof).
    # The schema with no mutant selected (0) is the original: it must pass every full job. It
    # runs first, beside the first pass (a broken schema would "kill" every mutant).
    configs = formal_configs(block, models, a.build)
    t_prove = 0.0

    def judge(ks, pass_jobs, check_schema=False):
        ks = ([0] if check_schema else []) + ks
        with cf.ThreadPoolExecutor(a.par) as ex:
            verdicts = ex.map(lambda k: run_mutant(binaries, jobs if k == 0 else pass_jobs, k, a.job_timeout), ks)
            for k, (st, job, secs) in zip(ks, verdicts):
                if k == 0:
                    if st != 'survived':
                        sys.exit(f'mutate: {block}: the unmutated schema fails job {job}: the schema is broken')
                    continue
                mutants[k].update(status=st, killed_by=job, seconds=round(mutants[k].get('seconds', 0) + secs, 2))
        return [k for k in ks if k and mutants[k]['status'] == 'survived']

    def prove(ks, full_jobs):
        nonlocal t_prove
        if a.no_equiv or not ks:
            return ks
        t = time.time()
        with cf.ThreadPoolExecutor(a.par) as ex:
            # before the full jobs, the miter alone: a mutant it cannot prove is most often one
            # the full jobs kill, and the induction would spend up to 30 s on it first
            for k, v in zip(ks, ex.map(lambda k: prove_equivalent(block, out, k, a.equiv_timeout, configs,
                                                                  miter_only=not full_jobs), ks)):
                if v:
                    mutants[k]['formal'] = v
                if v == 'equivalent':
                    mutants[k].update(status='equivalent', full_jobs=full_jobs)
        t_prove += time.time() - t
        return [k for k in ks if mutants[k]['status'] == 'survived']

    live = [k for k in mutants if mutants[k]['status'] is None]
    if a.quick_cycles:
        live = judge(live, capped(jobs, a.quick_cycles), check_schema=True)
        if not a.judge_proven:
            live = prove(live, False)
        prove(judge(live, jobs), True)
    else:
        prove(judge(live, jobs, check_schema=True), True)
    t_judge = time.time() - t0 - t_build - t_prove

    n = len(mutants)
    count = lambda s: sum(1 for m in mutants.values() if m['status'] == s)
    nc, killed, eq, sv = count('not compilable'), count('killed'), count('equivalent'), count('survived')
    denom = n - nc - eq
    score = 100.0 * killed / denom if denom else 100.0
    res = {'block': block, 'candidates': muts['candidates'], 'generated': n, 'not_compilable': nc,
           'killed': killed, 'equivalent': eq, 'surviving': sv, 'score_percent': round(score, 2),
           'seconds': round(time.time() - t0, 1), 'build_seconds': round(t_build, 1),
           'judge_seconds': round(t_judge, 1), 'proof_seconds': round(t_prove, 1),
           'jobs': [j for j, _ in jobs], 'formal_configs': configs,
           'mutants': [mutants[k] for k in sorted(mutants)]}
    with open(os.path.join(a.out, f'{block}.json'), 'w') as f:
        json.dump(res, f, indent=1)
    print(f'mutate {block}: generated {n} (of {muts["candidates"]} candidates), not compilable {nc}, '
          f'killed {killed}, proven equivalent {eq}, surviving {sv}; '
          f'{res["seconds"]:.0f} s ({t_build:.0f} s building, {t_judge:.0f} s judging, '
          f'{t_prove:.0f} s proving)')
    for k in sorted(mutants):
        m = mutants[k]
        if m['status'] in ('survived', 'equivalent'):
            tag = 'SURVIVOR' if m['status'] == 'survived' else 'equivalent'
            print(f'  {tag} m{k} {m["file"]}:{m["line"]} {m["what"]} [{m.get("formal", "no formal check")}]')
            for line in m['diff'].splitlines()[2:]:
                print('    ' + line)
    print(f'BENCH mutate.{block}.score {score:.1f}%')
    sys.stdout.flush()
    return res


def main():
    ap = argparse.ArgumentParser(description='Mutation score of the default regression per RTL block',
                                 epilog=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--block', default='all', choices=['pred', 'stack', 'fc', 'all'])
    ap.add_argument('--jobs', default='tests/cosim/default.jobs', help='job list (pass jobs of the block are used)')
    ap.add_argument('--max', type=int, default=None,
                    help='sample at most N mutants per block (0: all; default: all, fc 150)')
    ap.add_argument('--seed', type=int, default=1, help='sampling seed')
    ap.add_argument('--par', type=int, default=2, help='parallel workers (default 2)')
    ap.add_argument('--out', default='build/mutate')
    ap.add_argument('--build', default='build', help='the build folder holding cosim and the libraries')
    ap.add_argument('--only-ids', default='', help='judge only these mutant ids (debugging)')
    ap.add_argument('--no-equiv', action='store_true', help='skip the formal check of survivors')
    ap.add_argument('--judge-proven', action='store_true',
                    help='run the full jobs on the mutants proven equivalent too (default: a proof '
                         'after the first pass spares them)')
    ap.add_argument('--job-timeout', type=float, default=300,
                    help='CPU seconds a job may take (a mutant that makes it take longer is killed)')
    ap.add_argument('--quick-cycles', type=int, default=100000,
                    help='first pass: jobs cut to this many cycles (0: full jobs only)')
    ap.add_argument('--equiv-timeout', type=float, default=30,
                    help='CPU seconds per proof and formal configuration')
    a = ap.parse_args()
    a.out, a.build = os.path.abspath(a.out), os.path.abspath(a.build)
    if not os.path.exists(os.path.join(a.build, 'cosim')):
        sys.exit(f'mutate: {a.build}/cosim missing: run make build first')
    if not os.path.isfile(os.path.join(ROOT, a.jobs)):
        sys.exit(f'mutate: cannot read job file {a.jobs}')
    os.makedirs(a.out, exist_ok=True)
    blocks = list(BLOCKS) if a.block == 'all' else [a.block]
    results = [mutate_block(b, a) for b in blocks]
    with open(os.path.join(a.out, 'summary.json'), 'w') as f:
        json.dump([{k: v for k, v in r.items() if k != 'mutants'} for r in results], f, indent=1)


if __name__ == '__main__':
    main()
