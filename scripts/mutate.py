#!/usr/bin/env python3
"""Mutation score of the default regression, per RTL block and per example design (docs/mutation.md).

For each block (or design): generate source-level mutants (scripts/mutgen.py), drop those that do not
compile (verilator --lint-only), build one schema model per configuration the block's jobs
use, run every mutant against the block's jobs cut short (killed = a job reports a mismatch or
the RTL's own assertion stops it), try to prove each survivor equivalent to the original with
yosys (a miter of the next-state and output logic, else equiv_make / equiv_simple /
equiv_induct, at the formal configurations below), and run the full jobs on the survivors not
proven. Prints per block generated, not compilable, killed, proven equivalent and surviving
(with diffs), writes OUT/<block>.json, and one line `BENCH mutate.<block>.score X%`
(killed / (generated - not compilable - equivalent)).
An example design (examples/designs/NAME, --design NAME) is mutated the same way under the label
design-NAME: its RTL files and top module are its row of the parameter table (cosim_config),
its jobs the `--design NAME` pass jobs (run by build/cosim --design, whose
scripts/design_run.sh runs the schema's testbench when COSIM_MUTANT is set); no equivalence
proof is tried (every survivor counts as surviving) and the jobs run in full (they
have no cycle count to cut).

Usage: scripts/mutate.py [--block pred|stack|fc|all] [--design NAME|all] [--jobs FILE]
                         [--job-filter RE] [--max-cycles N] [--max N] [--par N] [--out DIR]
                         [--build DIR] [--only-ids LIST] [--no-equiv] [--judge-proven]
(neither --block nor --design: --block all)
"""
import argparse, concurrent.futures as cf, json, math, os, re, shlex, shutil, signal, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The encodings every block names (`dpp svpkg --isa`): read first on both sides, never mutated.
PKG = 'rtl/ctm_isa_pkg.sv'

# Each block's RTL files and top module are the block parameters' table's (build/cosim_config
# --block NAME: its rtl and dut lines); here what mutating a block needs beside them.
BLOCKS = {
    'pred': {  # Contexts Lanes Depth: the smallest job shape, and an odd multi-context one; and a
             # small SPU grouping (2 SPUs of 4 SC + 1 SFU lane), else a mutant of the grouping
             # logic, not built at SpuSc = 0, would be "proven" equivalent
             'formal': [{'Contexts': 1, 'Lanes': 16, 'Depth': 4}, {'Contexts': 3, 'Lanes': 5, 'Depth': 3},
                        {'Contexts': 2, 'Lanes': 10, 'Depth': 2, 'SpuSc': 4}]},
    'stack': {  # the (Width, Rule, Chip) row of every job, at a small tracker depth
              'formal': 'jobs'},
    'fc': {'max': 150,  # of ~760 candidates: a seeded sample keeps the block within 5 minutes
           'formal': [{'Contexts': 1, 'Lanes': 3, 'AddrDepth': 2, 'LoopDepth': 2, 'BcWidth': 6},
                      {'Contexts': 2, 'Lanes': 2, 'AddrDepth': 1, 'LoopDepth': 3, 'BcWidth': 3}]},
}
# An example design's sample, of its 156..598 candidates: a survivor runs every one of the
# design's 28-44 pass jobs (~1 s each), so 60 of pipe_fc took ~15 min on a busy 2-core machine
DESIGN_MAX = 60
DESIGNS_DIR = 'examples/designs'


def muts_ids(muts):
    """The ids of mutants.json's mutants."""
    return [m['id'] for m in muts['mutants']]


def sh(cmd, **kw):
    return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, **kw)


def designs():
    """The example designs: the folders of examples/designs/ with a Makefile."""
    d = os.path.join(ROOT, DESIGNS_DIR)
    return sorted(n for n in os.listdir(d) if os.path.isfile(os.path.join(d, n, 'Makefile')))


def kit_env(build):
    """The environment a design's Makefile needs: the kit installed in BUILD/designs/kit."""
    return dict(os.environ, PKG_CONFIG_PATH=os.path.join(build, 'designs', 'kit', 'lib', 'pkgconfig'))


def block_target(name, build):
    """A block as a target: its RTL files and top module as build/cosim_config gives them."""
    r = sh([os.path.join(build, 'cosim_config'), '--block', name])
    if r.returncode:
        sys.exit(f'mutate: {name}: {r.stderr.strip()}')
    cfg = dict(line.split('=', 1) for line in r.stdout.splitlines())
    return dict(BLOCKS[name], kind='block', name=name, label=name, files=cfg['rtl'].split(), top=cfg['dut'])


def design_target(name, build):
    """An example design as a target: its RTL files and top module as its row of the parameter
    table gives them (build/cosim_config --design NAME: the files a broken copy or a mutant schema
    replaces, all in the design's folder, which RTL=DIR replaces)."""
    folder = os.path.join(ROOT, DESIGNS_DIR, name)
    r = sh([os.path.join(build, 'cosim_config'), '--design', name, '--progen', '1', '--print-config'])
    if r.returncode:
        sys.exit(f'mutate: design {name}: {r.stderr.strip()}')
    cfg = dict(line.split('=', 1) for line in r.stdout.splitlines())
    files = cfg['rtl'].split()
    for f in files:
        if os.path.dirname(os.path.join(ROOT, f)) != folder:
            sys.exit(f'mutate: design {name}: {f} is not in {DESIGNS_DIR}/{name}/ (RTL=DIR replaces that folder)')
    return {'kind': 'design', 'name': name, 'label': f'design-{name}', 'files': files, 'top': cfg['dut'],
            'formal': None, 'max': DESIGN_MAX}


def job_unit(opts):
    """('design', NAME) for a job of an example design (`--design NAME`, run by
    scripts/design_run.sh), else ('block', the --block value)."""
    for kind in ('design', 'block'):
        if f'--{kind}' in opts:
            i = opts.index(f'--{kind}') + 1
            return kind, opts[i] if i < len(opts) else None
    return 'block', None


def target_jobs(jobs_file, t, build, name_filter=None):
    """The pass jobs of one block or design (those whose name matches name_filter), {build} in
    their options (scripts/regress.sh) made the build folder. A job of a broken variant
    (--rtl-variant: a pass job says what a check level does not see) runs another RTL: none of
    the mutants is in it."""
    jobs = []
    for line in open(os.path.join(ROOT, jobs_file)):
        line = line.split('#')[0].strip()
        if not line:
            continue
        name, expect, *opts = shlex.split(line.replace('{build}', build))
        if (expect == 'pass' and job_unit(opts) == (t['kind'], t['name']) and '--rtl-variant' not in opts
                and (not name_filter or re.search(name_filter, name))):
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


def lint_mutant(t, mdir, build):
    """True when the standalone mutant (or the schema: every mutant at once) compiles (errors
    only; warnings are expected). A design's is its Makefile's lint of the folder mdir."""
    verilator = os.environ.get('VERILATOR', 'verilator')
    if t['kind'] == 'design':
        r = sh(['make', '-s', '--no-print-directory', '-C', os.path.join(DESIGNS_DIR, t['name']), 'lint',
                f'RTL={mdir}', f'VERILATOR={verilator} -Wno-fatal'], env=kit_env(build))
        return r.returncode == 0
    top = t['files'][0]
    mine = os.path.join(mdir, os.path.basename(top))
    r = sh([verilator, '--lint-only', '-Wno-fatal', '-Wno-lint', '-Wno-style', '-y', mdir, '-y', 'rtl',
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


def run_mutant(commands, jobs, k, timeout):
    """Runs the jobs in order until one kills mutant k. Returns (status, job, seconds)."""
    env = dict(os.environ, COSIM_MUTANT=str(k))
    t0 = time.time()
    for name, opts in jobs:
        r = run_limited(commands[name] + opts + ['--quiet', '--wave-window', '0'], timeout, env=env)
        if r is None:
            return 'killed', f'{name} (over {timeout:.0f} s of CPU)', time.time() - t0
        if r.returncode == 1:
            return 'killed', name, time.time() - t0
        if r.returncode != 0:
            # the RTL's own assertions (or a crash) stop the run: the regression fails too
            return 'killed', f'{name} (exit {r.returncode})', time.time() - t0
    return 'survived', None, time.time() - t0


def side_script(cfg, tag, d, params, miter):
    """Reads one side (gold: rtl/, gate: the mutant's folder) and prepares it as `tag`."""
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


def yosys_script(t, gold_dir, gate_dir, params, miter):
    """The proof that equal state and equal inputs give equal outputs and equal next state.
    miter: every register cut into its state (an input) and its next state, reset and reset
    value (outputs), one combinational miter of gold and gate, optimised (the shared logic
    merges) and one SAT call. Needs both sides to keep the same registers of the same kinds.
    Otherwise (miter False) equiv_make pairs ports and registers by name, and equiv_simple and
    equiv_induct -seq 1 prove the pairs (a register of one side only is left free).
    Both sides are prepared in the same run: read back from a file, gold can keep another one
    of two merged registers' names than gate does, and the miter fails."""
    parts = [side_script(t, 'gold', gold_dir, params, miter), 'design -stash gold\n',
             side_script(t, 'gate', gate_dir, params, miter), 'design -stash gate\n',
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


def formal_configs(t, models, build):
    """The block's formal configurations; for stack, one per job row at tracker depth 4; none
    for a design (no proof is tried)."""
    if t['formal'] != 'jobs':
        return t['formal'] or []
    cfgs = []
    for model in models:
        c = dict(model_params(build, model), Depth=4)
        if c not in cfgs:
            cfgs.append(c)
    return cfgs


def prove_equivalent(t, out, k, timeout, configs, miter_only=False):
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
                f.write(yosys_script(t, os.path.join(ROOT, 'rtl'), os.path.join(out, f'm{k}'), params, miter))
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


def mutate_target(t, a):
    t0 = time.time()
    label, design = t['label'], t['kind'] == 'design'
    out = os.path.join(a.out, label)
    files = t['files']
    jobs = target_jobs(a.jobs, t, a.build, a.job_filter)
    if not jobs:
        sys.exit(f'mutate: {label}: no pass jobs in {a.jobs}' + (f' matching {a.job_filter!r}' if a.job_filter else ''))
    if a.max_cycles:  # the run's budget (make test's smoke run): the verdicts are those of the cut jobs
        jobs = capped(jobs, a.max_cycles)
    if design:
        # its lint and testbench build against the kit installed in BUILD/designs/kit
        r = sh(['make', '-s', '-C', ROOT, f'BUILD={a.build}', os.path.join(a.build, 'designs/kit/lib/pkgconfig/ctm.pc'),
                os.path.join(a.build, 'dpp')])
        if r.returncode:
            sys.exit(f'mutate: {label}: cannot install the kit for the design build\n{r.stderr[-3000:]}')
    shutil.rmtree(out, ignore_errors=True)  # no stale mutants or proofs from an earlier run
    gen = [sys.executable, 'scripts/mutgen.py', '--out', out, '--seed', str(a.seed)]
    limit = a.max if a.max is not None else t.get('max', 0)
    if limit:
        gen += ['--max', str(limit)]
    r = sh(gen + files)
    if r.returncode:
        sys.exit(f'mutate: {label}: mutgen failed\n{r.stderr}')
    muts = json.load(open(os.path.join(out, 'mutants.json')))
    mutants = {m['id']: m for m in muts['mutants']}
    if a.only_ids:
        keep = {int(x) for x in a.only_ids.split(',')}
        mutants = {k: m for k, m in mutants.items() if k in keep}
        # the schema holds only these: a mutant not judged is not linted, and one that does not
        # compile would break the schema's build
        r = sh(gen + ['--exclude', ','.join(str(k) for k in sorted(set(muts_ids(muts)) - keep))] + files)
        if r.returncode:
            sys.exit(f'mutate: {label}: mutgen failed\n{r.stderr}')
    if design:
        # a design's Makefile takes every DESIGN file from RTL=DIR: a mutant's folder holds the
        # files it does not change too
        for k in mutants:
            for f in files:
                if not os.path.exists(os.path.join(out, f'm{k}', os.path.basename(f))):
                    shutil.copyfile(os.path.join(ROOT, f), os.path.join(out, f'm{k}', os.path.basename(f)))

    # 1. compile check. The schema holds the text of every mutant, each behind its own
    # `mutsel_q == K`: when it compiles, every mutant does, and one lint replaces one per mutant
    # (150 of them took ~30 s of CPU for fc). Only when it does not are they linted one by one.
    if lint_mutant(t, os.path.join(out, 'schema'), a.build):
        ok = dict.fromkeys(mutants, True)
    else:
        with cf.ThreadPoolExecutor(a.par) as ex:
            ok = dict(zip(mutants, ex.map(lambda k: lint_mutant(t, os.path.join(out, f'm{k}'), a.build), mutants)))
    bad = [k for k in mutants if not ok[k]]
    for k in mutants:
        mutants[k]['status'] = 'not compilable' if k in bad else None
    if bad:  # the schema leaves them out (and those --only-ids left out)
        r = sh(gen + ['--exclude', ','.join(map(str, bad + sorted(set(muts_ids(muts)) - set(mutants))))] + files)
        if r.returncode:
            sys.exit(f'mutate: {label}: mutgen failed\n{r.stderr}')

    # 2. one schema model per configuration of the jobs, built from OUT/<label>-schema (kept
    # from run to run: an unchanged schema is only relinked). A block's is a cosim binary
    # (scripts/vbuild.sh) run directly; a design's a testbench (scripts/design_run.sh --rtl-dir)
    # that design_run.sh runs when COSIM_MUTANT is set.
    schema = os.path.join(a.out, f'{label}-schema')
    sync_dir(os.path.join(out, 'schema'), schema)
    commands, models = {}, {}
    for name, opts in jobs:
        r = sh([os.path.join(a.build, 'cosim')] + opts, env=dict(os.environ, COSIM_PRINT_MODEL='1'))
        model = r.stdout.strip()
        if r.returncode or not model:
            sys.exit(f'mutate: {label}: cannot name the model of job {name}: {r.stderr}')
        if design:
            commands[name] = [os.path.join(a.build, 'cosim')]  # COSIM_MUTANT: the schema's binary
            models[model] = ['scripts/design_run.sh', '--build-dir', a.build, '--make',
                             model[len('design-'):], '--rtl-dir', schema]
        else:
            commands[name] = [os.path.join(a.build, f'cosim-{model}-mutants')]
            models[model] = ['scripts/vbuild.sh', '--rtl-dir', schema, '--dpi-c', 'tests/mutate/mutant_select.c',
                             f'{model}-mutants', commands[name][0]]
    def build(item):  # one single-threaded build per worker: verilating is serial anyway
        model, cmd = item
        return model, sh(cmd, env=dict(os.environ, JOBS='1'))
    with cf.ThreadPoolExecutor(a.par) as ex:
        for model, r in ex.map(build, models.items()):
            if r.returncode:
                sys.exit(f'mutate: {label}: schema build of {model} failed\n{r.stderr[-3000:]}')
    t_build = time.time() - t0

    # 3. judge every mutant and try to prove the survivors equivalent.
    # Judging takes two passes: every job cut to its first --quick-cycles (most mutants die
    # there), then the full jobs for the mutants still alive; the verdicts are those of the full
    # jobs. The survivors of the first pass are proven first: a mutant proven equivalent cannot
    # be killed (at the formal configurations), so it skips the full jobs, which cost most of a
    # run (--judge-proven runs them anyway and proves afterwards; a kill then beats a proof).
    # The schema with no mutant selected (0) is the original: it must pass every full job. It
    # runs first, beside the first pass (a broken schema would "kill" every mutant).
    # A design's jobs have no cycle count: one pass of the full jobs, and no proof.
    configs = formal_configs(t, models, a.build)
    no_equiv = a.no_equiv or design
    t_prove = 0.0

    def judge(ks, pass_jobs, check_schema=False):
        ks = ([0] if check_schema else []) + ks
        with cf.ThreadPoolExecutor(a.par) as ex:
            verdicts = ex.map(lambda k: run_mutant(commands, jobs if k == 0 else pass_jobs, k, a.job_timeout), ks)
            for k, (st, job, secs) in zip(ks, verdicts):
                if k == 0:
                    if st != 'survived':
                        sys.exit(f'mutate: {label}: the unmutated schema fails job {job}: the schema is broken')
                    continue
                mutants[k].update(status=st, killed_by=job, seconds=round(mutants[k].get('seconds', 0) + secs, 2))
        return [k for k in ks if k and mutants[k]['status'] == 'survived']

    def prove(ks, full_jobs):
        nonlocal t_prove
        if no_equiv or not ks:
            return ks
        t1 = time.time()
        with cf.ThreadPoolExecutor(a.par) as ex:
            # before the full jobs, the miter alone: a mutant it cannot prove is most often one
            # the full jobs kill, and the induction would spend up to 30 s on it first
            for k, v in zip(ks, ex.map(lambda k: prove_equivalent(t, out, k, a.equiv_timeout, configs,
                                                                  miter_only=not full_jobs), ks)):
                if v:
                    mutants[k]['formal'] = v
                if v == 'equivalent':
                    mutants[k].update(status='equivalent', full_jobs=full_jobs)
        t_prove += time.time() - t1
        return [k for k in ks if mutants[k]['status'] == 'survived']

    live = [k for k in mutants if mutants[k]['status'] is None]
    quick = capped(jobs, a.quick_cycles) if a.quick_cycles else jobs
    if quick != jobs:
        live = judge(live, quick, check_schema=True)
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
    res = {t['kind']: t['name'], 'candidates': muts['candidates'], 'generated': n, 'not_compilable': nc,
           'killed': killed, 'equivalent': eq, 'surviving': sv, 'score_percent': round(score, 2),
           'seconds': round(time.time() - t0, 1), 'build_seconds': round(t_build, 1),
           'judge_seconds': round(t_judge, 1), 'proof_seconds': round(t_prove, 1),
           'equivalence': 'not tried' if no_equiv else 'yosys', 'max_cycles': a.max_cycles or None,
           'jobs': [j for j, _ in jobs], 'formal_configs': configs,
           'mutants': [mutants[k] for k in sorted(mutants)]}
    with open(os.path.join(a.out, f'{label}.json'), 'w') as f:
        json.dump(res, f, indent=1)
    print(f'mutate {label}: generated {n} (of {muts["candidates"]} candidates), not compilable {nc}, '
          f'killed {killed}, proven equivalent {eq}, surviving {sv}; '
          f'{res["seconds"]:.0f} s ({t_build:.0f} s building, {t_judge:.0f} s judging, '
          f'{t_prove:.0f} s proving)')
    if no_equiv:
        why = 'an example design has no formal set-up' if design else '--no-equiv'
        print(f'  no equivalence proof ({why}): every survivor counts as surviving')
    if a.max_cycles:
        print(f'  jobs cut to {a.max_cycles} cycles (--max-cycles): the verdicts are those of the cut jobs')
    for k in sorted(mutants):
        m = mutants[k]
        if m['status'] in ('survived', 'equivalent'):
            tag = 'SURVIVOR' if m['status'] == 'survived' else 'equivalent'
            print(f'  {tag} m{k} {m["file"]}:{m["line"]} {m["what"]} [{m.get("formal", "no formal check")}]')
            for line in m['diff'].splitlines()[2:]:
                print('    ' + line)
    print(f'BENCH mutate.{label}.score {score:.1f}%')
    sys.stdout.flush()
    return res


def main():
    ap = argparse.ArgumentParser(description='Mutation score of the default regression per RTL block and example design',
                                 epilog=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--block', help='pred, stack, fc or all (neither --block nor --design: all)')
    ap.add_argument('--design', help=f'an example design of {DESIGNS_DIR}/, or all')
    ap.add_argument('--jobs', default='tests/cosim/default.jobs', help='job list (the pass jobs of each block or design are used)')
    ap.add_argument('--job-filter', metavar='RE', help='only the jobs whose name matches RE (re.search)')
    ap.add_argument('--max-cycles', type=int, default=0,
                    help='cut every block job to N cycles (a budget: the verdicts are then those of the cut jobs)')
    ap.add_argument('--max', type=int, default=None,
                    help=f'sample at most N mutants per block or design (0: all; default: all, fc 150, a design {DESIGN_MAX})')
    ap.add_argument('--seed', type=int, default=1, help='sampling seed')
    ap.add_argument('--par', type=int, default=2, help='parallel workers (default 2)')
    ap.add_argument('--out', default='build/mutate')
    ap.add_argument('--build', default='build', help='the build folder holding cosim and the libraries')
    ap.add_argument('--only-ids', default='', help='judge only these mutant ids (the schema holds only them), e.g. one function of a design')
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
    # `make mutate DESIGN=pipe_fc` hands its command line to every make below through MAKEFLAGS,
    # and DESIGN= would override the design Makefile's own DESIGN (its RTL files)
    for v in ('MAKEFLAGS', 'MAKEOVERRIDES', 'MFLAGS'):
        os.environ.pop(v, None)
    if a.block is None and a.design is None:
        a.block = 'all'
    if a.block and a.block not in list(BLOCKS) + ['all']:
        ap.error(f"--block: no block {a.block!r} (there: {', '.join(BLOCKS)}, all)")
    if a.design and a.design not in designs() + ['all']:
        ap.error(f"--design: no design {a.design!r} under {DESIGNS_DIR}/ (there: {', '.join(designs())}, all)")
    if a.job_filter:
        try:
            re.compile(a.job_filter)
        except re.error as e:
            ap.error(f'--job-filter: {e}')
    a.out, a.build = os.path.abspath(a.out), os.path.abspath(a.build)
    if not os.path.exists(os.path.join(a.build, 'cosim')):
        sys.exit(f'mutate: {a.build}/cosim missing: run make build first')
    if not os.path.isfile(os.path.join(ROOT, a.jobs)):
        sys.exit(f'mutate: cannot read job file {a.jobs}')
    os.makedirs(a.out, exist_ok=True)
    targets = [block_target(b, a.build) for b in (list(BLOCKS) if a.block == 'all' else [a.block] if a.block else [])]
    targets += [design_target(d, a.build) for d in (designs() if a.design == 'all' else [a.design] if a.design else [])]
    results = [mutate_target(t, a) for t in targets]
    with open(os.path.join(a.out, 'summary.json'), 'w') as f:
        json.dump([{k: v for k, v in r.items() if k != 'mutants'} for r in results], f, indent=1)


if __name__ == '__main__':
    main()
