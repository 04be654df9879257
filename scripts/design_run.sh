#!/usr/bin/env bash
# cosim --design: builds and runs a design's commit- or transaction-level testbench as a job of
# build/cosim (docs/commit.md "Examples", "Your own design"). It parses no option and no model
# name: build/cosim_config parses `cosim --design ...` with the common options of every mode
# (harness/cosim_design.c) and hands this script the run's description, one key=value line each
# (cosim --design ... --print-config prints it). The testbench is built as a user builds it,
# through the design's own Makefile and pkg-config, against this build's library installed into
# BUILD/designs/kit; each design/shape/variant is one binary, BUILD/cosim-<model> (a link to it).
#   design_run.sh --build-dir B --run DESCRIPTION ARGS...  one run (build/cosim; ARGS: the replay)
#   design_run.sh --build-dir B --make MODEL [--rtl-dir SCHEMA]  builds one binary (the Makefile's
#     rule; the model's description is cosim_config --model MODEL's). With --rtl-dir
#     (scripts/mutate.py) the design's RTL is the mutant schema in SCHEMA, built with the mutant
#     selector into BUILD/cosim-MODEL-mutants, which a run with COSIM_MUTANT=K in its environment
#     then runs (mutant K; 0: none) instead of the model's binary.
# Exit: 0 the check passed, 1 a mismatch (the report is printed; --json FILE gets it as JSON),
# 2 a run that could not start, 3 the testbench did not build.
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
me="cosim --design"
die() { echo "$me: $*" >&2; exit 2; }
[[ ${1:-} == --build-dir && $# -ge 4 ]] || die "internal: design_run.sh --build-dir B (--run DESCRIPTION | --make MODEL)"
build=$2 mode=$3 what=$4
shift 4
declare -A d
describe() { # the key=value lines into d
  local key value
  while IFS='=' read -r key value; do d[$key]=$value; done <<<"$1"
}

# ---------------------------------------------------------------- building one binary
# A variant's patch is applied to a copy of the design's folder; the design's Makefile builds
# the testbench into BUILD/designs/MODEL. With a schema folder: MODEL-mutants, built from it.
make_model() { # [schema]
  local schema=${1:-} model=${d[model]#design-} name=${d[design]} src=${d[dir]} variant=${d[variant]}
  local kit=$build/designs/kit always=-B out extra=() l=${d[lanes]}
  if ((d[user])); then
    # the design's Makefile knows its own sources, not the library it links: -B only when the
    # kit is newer than the binary
    [[ -x $build/designs/$model/l$l/tb_$name && ! $kit/lib/libctm.a -nt $build/designs/$model/l$l/tb_$name ]] &&
      always=""
  fi
  [[ -z $schema || -z $variant ]] || die "a mutant schema of a broken variant ($model)"
  [[ -n $schema ]] && model=$model-mutants
  out=$build/designs/$model
  # the jobs and tests run small domains: the C++ is compiled without optimisation, which halves
  # the build (scripts/bench_commit.sh and bench_txn.sh build their own optimised testbenches to
  # time them)
  local vflags='-MAKEFLAGS "OPT_FAST=-O0 OPT_SLOW=-O0 OPT_GLOBAL=-O0"'
  if [[ -n $variant ]]; then
    local copy=$build/designs/src/$name-$variant
    rm -rf "$copy" && mkdir -p "$copy/examples/designs"
    cp -r "$src" "$copy/examples/designs/" && rm -rf "$copy/examples/designs/$name/obj"
    patch -s -p1 -d "$copy" <"$root/tests/variants/designs/$name/$variant.patch" ||
      { echo "$me: $variant.patch does not apply to examples/designs/$name" >&2; exit 3; }
    # the bug may leave a signal unused: warnings stay warnings in a broken copy
    extra=(RTL="$copy/examples/designs/$name")
    vflags="-Wno-fatal $vflags"
  elif [[ -n $schema ]]; then
    # every mutant behind mutsel_q == K, read from COSIM_MUTANT by tests/mutate/mutant_select.c
    [[ -d $schema ]] || die "--rtl-dir: no folder $schema"
    extra=(RTL="$(cd "$schema" && pwd)")
    vflags="-Wno-fatal $vflags $root/tests/mutate/mutant_select.c"
  fi
  mkdir -p "$out"
  # -B: the root Makefile found it out of date, the library maybe (the design's Makefile does
  # not know the library it links). KIT_RTL: the kit's blocks a design may instantiate (a
  # folder outside the kit cannot find them by its default relative path).
  PKG_CONFIG_PATH=$kit/lib/pkgconfig make $always -s -C "$src" --no-print-directory OUT="$out" \
    CONTEXTS="${d[contexts]}" KIT_RTL="$root/rtl" ${VERILATOR:+VERILATOR="$VERILATOR"} "${extra[@]}" VFLAGS_EXTRA="$vflags" \
    "$out/l$l/tb_$name" >"$out/build.log" 2>&1 ||
    { tail -30 "$out/build.log" >&2; echo "$me: the testbench of $model did not build (log: $out/build.log)" >&2; exit 3; }
  # the link is as new as its binary (make follows it), and the binary up to date
  touch "$out/l$l/tb_$name" && ln -sf "$out/l$l/tb_$name" "$build/cosim-design-$model"
}
if [[ $mode == --make ]]; then
  config=$(COSIM_ROOT=$root "$build/cosim_config" --model "design-$what") || exit 2
  describe "$config"
  [[ ${1:-} == --rtl-dir ]] && { make_model "$2"; exit; }
  make_model
  exit
fi
[[ $mode == --run ]] || die "internal: unknown mode $mode"
describe "$what"

# ---------------------------------------------------------------- build (once), then run
model=${d[model]} bin=$build/cosim-${d[model]}
if [[ -n ${COSIM_MUTANT:-} ]]; then
  # a mutant of the schema scripts/mutate.py built (make_model's --rtl-dir); never built here
  bin=$bin-mutants
  [[ -x $bin ]] || { echo "$me: COSIM_MUTANT is set but there is no $bin (scripts/mutate.py builds it)" >&2; exit 3; }
elif ((d[user])); then
  # the kit's library installed for it (as for the example designs), then the folder's own make
  make -s -C "$root" BUILD="$build" "$build/designs/kit/lib/pkgconfig/ctm.pc" >&2 ||
    { echo "$me: could not install the kit's library into $build/designs/kit" >&2; exit 3; }
  mkdir -p "$build/designs"
  (
    flock 9
    make_model
  ) 9>"$build/designs/${model#design-}.lock" || exit 3
elif ! make -s -q -C "$root" BUILD="$build" "$bin" 2>/dev/null; then
  mkdir -p "$build/designs"
  (
    flock 9
    make -s -q -C "$root" BUILD="$build" "$bin" 2>/dev/null && exit 0
    echo "$me: building the ${model#design-} testbench (~1 min)..." >&2
    make -s -C "$root" BUILD="$build" "$bin" >&2
  ) 9>"$build/designs/${model#design-}.lock" || { echo "$me: could not build ${model#design-}" >&2; exit 3; }
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/cosim-design-XXXXXX") || die "cannot make a temporary folder"
trap 'rm -rf "$tmp"' EXIT
program=${d[program]} progen=${d[progen]} profile=${d[progen_profile]} level=${d[level]} seed=${d[seed]}
if [[ -n $progen ]]; then
  program=$tmp/progen-$progen.elf
  "$build/dpp" progen "$progen" --depth "${d[progen_depth]}" --profile "$profile" -o "$program" >&2 ||
    die "--progen $progen: dpp progen failed"
fi
w=${d[width]} h=${d[height]}
# inputs 0 and 1: (W+64) x H FLOAT32_4 elements, the kit's input surface (`dpp input`,
# csim/machine/kit_input.h: its small integers of both signs); a testbench that reads them in
# other formats too asks for the formats' edges ("// ctm-inputs: edges", issue 41 item 6): then
# every third word is one of the edge words in turn, whose bytes as UINT8 hold 0, 1, 127, 128,
# 254 and 255, as UINT16 0, 1, 32767, 32768, 65534 and 65535, and as floats +-0, +-1, 0.5, a
# UINT8 tie, 65535, 65535.5, +-inf, NaN, a denormal
inputs=${d[inputs]}
[[ -z $inputs || $inputs == edges ]] || die "tb_${d[design]}.sv: // ctm-inputs: '$inputs' is not 'edges'"
"$build/dpp" input "$((w + 64))x$h" ${inputs:+--edges} -o "$tmp/in.raw" >&2 ||
  die "cannot write the input surface"
plus=(+width="$w" +height="$h" +seed="$seed" +stall="${d[stall]}"
  +in1="$tmp/in.raw" +ctm_commit_json="$tmp/report.json" +ctm_txn_json="$tmp/report.json"
  +ctm_cover_json="$tmp/cover.json")
# a divergent or partial program's input 0 stays unbound: the library makes its pattern
# (INPUTPATTERN)
[[ -n $progen && $profile != default ]] || plus+=(+in0="$tmp/in.raw")
[[ -n $level ]] && plus+=(+level="$level")
# --tb-mode NAME: a mode of the testbench ("// ctm-tb-modes:"); without a program it writes its own
tb_mode=${d[tb_mode]}
[[ -n $tb_mode ]] && plus+=(+tb_mode="$tb_mode")
[[ -n $program ]] && plus+=(+elf="$program")
run_name=$(basename "${program:-tb_mode-$tb_mode}" .elf)
wave="" json=${d[json]}
if ((d[wave])); then
  mkdir -p "${d[out]}" || die "--out: cannot make ${d[out]}"
  wave=${d[out]}/$model-$run_name${level:+-lv$level}-s$seed.fst
  plus+=(+ctm_wave="$wave")
fi
[[ -n $json ]] && rm -f "$json"
# ($fatal aborts the testbench: the shell's notice of it goes nowhere)
{ "$bin" "${plus[@]}" >"$tmp/log" 2>&1; } 2>/dev/null
rc=$?
replay="$build/cosim$(printf ' %q' "$@")"
# --json FILE: the checker's report of a mismatch, or a pass's record; either with the run's
# control coverage when a commit checker counted it (docs/commit.md, "Control coverage")
write_json() { # RESULT
  [[ -n $json ]] || return 0
  local prog=$program
  [[ -n $progen ]] && prog="progen $progen --profile $profile --depth ${d[progen_depth]}"
  [[ -n $prog ]] || prog="tb-mode $tb_mode"
  python3 - "$1" "$tmp/report.json" "$tmp/cover.json" "$json" "$model" "$prog" <<'PY' ||
import json, os, sys
result, report, cover, out, model, program = sys.argv[1:]
r = json.load(open(report)) if result == "mismatch" and os.path.exists(report) else \
    {"result": result, "design": model, "program": program}
if os.path.exists(cover):
    r["control_coverage"] = json.load(open(cover))
json.dump(r, open(out, "w"))
PY
    echo "$me: --json: cannot write $json" >&2
}
# a design checked at commit level (ctm_commit_check) or at its transactions (ctm_txn_check);
# --quiet: nothing printed on a pass, as for every block
if ((rc == 0)) && grep -Eq '^ctm_(commit_check: PASS, [1-9][0-9]* commits|txn_check: PASS, [1-9][0-9]* transactions)' "$tmp/log"; then
  ((d[quiet])) || cat "$tmp/log"
  rm -f "$wave" # a pass keeps no waveform
  write_json pass
  exit 0
fi
cat "$tmp/log"
if grep -Eq 'ctm_commit_check: (commit|watchdog|drain check): cycle |ctm_txn_check: (put|drain check|watchdog): ' "$tmp/log"; then
  write_json mismatch
  [[ -s $wave ]] && echo "waveform: $wave (the run up to the mismatch; gtkwave $wave)"
  echo "replay: $replay"
  exit 1
fi
echo "$me: the testbench of ${model#design-} ended without a verdict (exit $rc)" >&2
echo "replay: $replay"
exit 2
