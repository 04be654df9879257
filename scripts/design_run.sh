#!/usr/bin/env bash
# cosim --design NAME|DIR: one run of a design's commit- or transaction-level testbench as a job
# of build/cosim: an example design (examples/designs/NAME/, docs/commit.md "Examples"), or a
# user's own folder DIR (any path with a '/': DIR/Makefile builds DIR/tb_<folder name>.sv, the
# contract in docs/commit.md "Your own design"), so that `make cosim` and scripts/regress.sh run
# designs beside the kit's blocks. The
# testbench is built as a user builds it, through the design's own Makefile and pkg-config,
# against this build's library installed into BUILD/designs/kit; each design/shape/variant is
# one binary, BUILD/cosim-design-NAME-c<contexts>l<lanes>[-VARIANT] (a link to it).
#
# Usage (through build/cosim, which hands --design over to this script):
#   cosim --design NAME|DIR [--lanes 16|64] [--contexts N] (--program ELF | --progen SEED)
#         [--progen-depth N] [--progen-profile NAME] [--domain WxH] [--seed N] [--stall PCT]
#         [--level 0|1|2]
#         [--rtl-variant VARIANT] [--json FILE] [--out DIR] [--quiet] [--wave-window 0]
# Exit: 0 the check passed, 1 a commit- or transaction-level mismatch (the report is printed; --json FILE gets
# it as JSON), 2 bad options or a run that could not start, 3 the testbench did not build.
# Internal: design_run.sh --build-dir DIR --make MODEL builds one binary (the Makefile's rule);
# with --rtl-dir SCHEMA (scripts/mutate.py) the design's RTL is the mutant schema in SCHEMA,
# built with the mutant selector into BUILD/cosim-design-MODEL-mutants, which a run with
# COSIM_MUTANT=K in its environment then runs (mutant K; 0: none) instead of the model's binary.
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
me="cosim --design"

usage() {
  sed -n '/^# Usage/,/^# Exit/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# //'
  cat <<EOF
  --design NAME|DIR     a folder of examples/designs/: $(designs | tr '\n' ' ')
                        or a folder of your own (a path with a '/', as ./mine): its Makefile
                        builds its tb_<folder name>.sv (docs/commit.md "Your own design")
  --lanes 16|64         lanes of the design and the model (default 16)
  --contexts N          the design's contexts, 1..8 (default 4)
  --program ELF         the program; or --progen SEED: the random structured program of SEED
                        (dpp progen), nested at least --progen-depth N deep (1..8, default 6)
  --progen-profile P    default; divergent: conditions on each lane's own input (input 0 is
                        then left unbound and the library generates its lane-rank pattern);
                        or partial: divergent's conditions in a partial flow-control mode
                        program (ifs up to 6 deep, no loops or calls; --progen-depth 6 at most)
  --domain WxH          the domain, 1..256 each (default 32x24); inputs 0 and 1 are bound to
                        (W+64) x H small integers, as the system run binds them
  --seed N              the testbench's stall and gap stream (default 1; co_unit's CO setup too)
  --stall PCT           cycles with the design's stall input high, 0..90 (default 25)
  --level 0|1|2         the checker's level, of those the design's testbench says it commits
  --rtl-variant V       a broken copy: tests/variants/designs/NAME/V.patch applied
  --json FILE           the checker's report of a mismatch as JSON, or on a pass the run's
                        record; each with the control coverage a commit checker counted
  --out DIR             where a mismatch's waveform goes (default cosim-out): the whole run
                        as FST, design-MODEL-PROGRAM[-lvLEVEL]-sSEED.fst
  --quiet               accepted as build/cosim accepts it
  --wave-window 0       no waveform (only 0: a design's waveform is always the whole run)
EOF
}
die() { echo "$me: $*" >&2; exit 2; }
designs() { for d in "$root"/examples/designs/*/Makefile; do basename "$(dirname "$d")"; done; }
number() { [[ $2 =~ ^[0-9]+$ ]] && ((10#$2 >= $3 && 10#$2 <= $4)) || die "$1: '$2' is not in $3..$4"; }

# ---------------------------------------------------------------- building one binary
# MODEL = NAME-c<C>l<L>[-VARIANT]: the variant's patch is applied to a copy of the design's
# folder; the design's Makefile builds the testbench into BUILD/designs/MODEL.
# With a third argument, a mutant schema's folder: MODEL-mutants, built from it. With a fourth,
# a user's design folder (MODEL = user-NAME-KEY-c<C>l<L>), built by its own Makefile's rules.
make_model() { # build model [schema] [user-folder]
  local build=$1 model=$2 schema=${3:-} user=${4:-} name shape variant="" c l src out kit
  [[ $model =~ ^(user-[A-Za-z0-9_]+-[0-9]+|[A-Za-z0-9_]+)-c([0-9]+)l([0-9]+)(-([A-Za-z0-9_]+))?$ ]] ||
    die "no model $model"
  name=${BASH_REMATCH[1]} c=${BASH_REMATCH[2]} l=${BASH_REMATCH[3]} variant=${BASH_REMATCH[5]}
  [[ -z $schema || -z $variant ]] || die "a mutant schema of a broken variant ($model)"
  src=$root/examples/designs/$name kit=$build/designs/kit
  local always=-B
  if [[ -n $user ]]; then
    src=$user name=${name#user-} name=${name%-*}
    # the design's Makefile knows its own sources, not the library it links: -B only when the
    # kit is newer than the binary
    [[ -x $build/designs/$model/l$l/tb_$name && ! $kit/lib/libctm.a -nt $build/designs/$model/l$l/tb_$name ]] &&
      always=""
  fi
  [[ -n $schema ]] && model=$model-mutants
  out=$build/designs/$model
  local extra=()
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
    CONTEXTS="$c" KIT_RTL="$root/rtl" ${VERILATOR:+VERILATOR="$VERILATOR"} "${extra[@]}" VFLAGS_EXTRA="$vflags" \
    "$out/l$l/tb_$name" >"$out/build.log" 2>&1 ||
    { tail -30 "$out/build.log" >&2; echo "$me: the testbench of $model did not build (log: $out/build.log)" >&2; exit 3; }
  # the link is as new as its binary (make follows it), and the binary up to date
  touch "$out/l$l/tb_$name" && ln -sf "$out/l$l/tb_$name" "$build/cosim-design-$model"
}
if [[ ${1:-} == --build-dir && ${3:-} == --make ]]; then
  if [[ ${5:-} == --rtl-dir ]]; then make_model "$2" "$4" "$6"; else make_model "$2" "$4"; fi
  exit
fi

# ---------------------------------------------------------------- options
build=$root/build
[[ ${1:-} == --build-dir ]] && { build=$2; shift 2; }
name="" lanes=16 contexts=4 program="" progen="" depth=6 profile=default domain=32x24 seed=1 stall=25 level=""
variant="" json="" outdir=cosim-out wave_on=1
args=("$@")
while (($#)); do
  opt=$1
  case $opt in
    -h | --help) usage; exit 0 ;;
    --quiet) shift; continue ;;
  esac
  (($# >= 2)) || die "$opt needs a value (see --help)"
  v=$2
  shift 2
  case $opt in
    --design) name=$v ;;
    --lanes) [[ $v == 16 || $v == 64 ]] || die "--lanes: '$v' is not 16 or 64"; lanes=$v ;;
    --contexts) number "$opt" "$v" 1 8; contexts=$((10#$v)) ;;
    --program) program=$v ;;
    --progen) [[ $v =~ ^[0-9]+$ ]] || die "--progen: '$v' is not a seed (decimal digits)"; progen=$v ;;
    --progen-depth) number "$opt" "$v" 1 8; depth=$v ;;
    --progen-profile) [[ $v == default || $v == divergent || $v == partial ]] ||
      die "--progen-profile: '$v' is not a profile (default, divergent, partial)"
      profile=$v ;;
    --domain) [[ $v =~ ^([0-9]+)x([0-9]+)$ ]] || die "--domain: '$v' is not WxH"
      dw=${BASH_REMATCH[1]} dh=${BASH_REMATCH[2]}
      number "--domain W" "$dw" 1 256; number "--domain H" "$dh" 1 256
      domain=$v ;;
    --seed) number "$opt" "$v" 0 4294967295; seed=$v ;;
    --stall) number "$opt" "$v" 0 90; stall=$v ;;
    --level) [[ $v =~ ^[0-2]$ ]] || die "--level: '$v' is not 0, 1 or 2"; level=$v ;;
    --rtl-variant) variant=$v ;;
    --json) json=$v ;;
    --out) outdir=$v ;;
    --wave-window) [[ $v == 0 ]] || die "--wave-window: only 0 (no waveform): a design's waveform is the whole run"
      wave_on=0 ;;
    *) die "unknown option $opt (see --help)" ;;
  esac
done
[[ -n $name ]] || die "which design? ($(designs | tr '\n' ' ') or a folder of your own)"
user=""
if [[ $name == */* ]]; then
  # a user's folder: its name is the design's, its Makefile builds tb_NAME (docs/commit.md)
  user=$(cd "$name" 2>/dev/null && pwd) || die "--design: no folder $name"
  name=$(basename "$user")
  [[ $name =~ ^[A-Za-z0-9_]+$ ]] ||
    die "--design $user: the folder's name is the design's: letters, digits and _ only, not '$name'"
  [[ -f $user/Makefile ]] || die "--design $user: no Makefile (docs/commit.md \"Your own design\")"
  [[ -f $user/tb_$name.sv ]] ||
    die "--design $user: no tb_$name.sv (the testbench is named after the folder; docs/commit.md)"
  [[ -z $variant ]] || die "--rtl-variant: the kit's broken copies are of its example designs only"
  dir=$user
else
  [[ -f $root/examples/designs/$name/Makefile ]] ||
    die "no design '$name' under examples/designs/ (there: $(designs | tr '\n' ' '); a folder of your own is a path with a '/')"
  dir=$root/examples/designs/$name
fi
[[ -n $program || -n $progen ]] || die "needs --program ELF or --progen SEED"
[[ -z $program || -z $progen ]] || die "--program and --progen: one of them"
[[ -z $program || -r $program ]] || die "--program: cannot read $program"
if [[ -n $variant && ! -f $root/tests/variants/designs/$name/$variant.patch ]]; then
  die "--rtl-variant: no $variant.patch in tests/variants/designs/$name/"
fi
# The levels a design commits are in its testbench ("// ctm-levels: 0 1"; none: level 0 only),
# which then takes +level.
levels=$(sed -n 's|^// ctm-levels: ||p' "$dir/tb_$name.sv")
if [[ -n $level && " ${levels:-0} " != *" $level "* ]]; then
  die "--level: $name commits level ${levels:-0}, not $level"
fi
model=$name-c${contexts}l$lanes${variant:+-$variant}
# a user's folder: its own binary per folder (the key tells two folders of one name apart)
[[ -n $user ]] && model=user-$name-$(printf %s "$user" | cksum | cut -d' ' -f1)-c${contexts}l$lanes
if [[ ${COSIM_PRINT_MODEL:-0} == 1 ]]; then
  echo "design-$model"
  exit 0
fi

# ---------------------------------------------------------------- build (once), then run
bin=$build/cosim-design-$model
if [[ -n ${COSIM_MUTANT:-} ]]; then
  # a mutant of the schema scripts/mutate.py built (make_model's --rtl-dir); never built here
  bin=$bin-mutants
  [[ -x $bin ]] || { echo "$me: COSIM_MUTANT is set but there is no $bin (scripts/mutate.py builds it)" >&2; exit 3; }
elif [[ -n $user ]]; then
  # the kit's library installed for it (as for the example designs), then the folder's own make
  make -s -C "$root" BUILD="$build" "$build/designs/kit/lib/pkgconfig/ctm.pc" >&2 ||
    { echo "$me: could not install the kit's library into $build/designs/kit" >&2; exit 3; }
  mkdir -p "$build/designs"
  (
    flock 9
    make_model "$build" "$model" "" "$user"
  ) 9>"$build/designs/$model.lock" || exit 3
elif ! make -s -q -C "$root" BUILD="$build" "$bin" 2>/dev/null; then
  mkdir -p "$build/designs"
  (
    flock 9
    make -s -q -C "$root" BUILD="$build" "$bin" 2>/dev/null && exit 0
    echo "$me: building the $model testbench (~1 min)..." >&2
    make -s -C "$root" BUILD="$build" "$bin" >&2
  ) 9>"$build/designs/$model.lock" || { echo "$me: could not build $model" >&2; exit 3; }
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/cosim-design-XXXXXX") || die "cannot make a temporary folder"
trap 'rm -rf "$tmp"' EXIT
if [[ -n $progen ]]; then
  program=$tmp/progen-$progen.elf
  "$build/dpp" progen "$progen" --depth "$depth" --profile "$profile" -o "$program" >&2 ||
    die "--progen $progen: dpp progen failed"
fi
w=${domain%x*} h=${domain#*x}
# inputs 0 and 1: (W+64) x H FLOAT32_4 elements, the system run's small integers of both signs;
# a testbench that reads them in other formats too asks for the formats' edges
# ("// ctm-inputs: edges", issue 41 item 6): then every third word is one of EDGES in turn, whose
# bytes as UINT8 hold 0, 1, 127, 128, 254 and 255, as UINT16 0, 1, 32767, 32768, 65534 and 65535,
# and as floats +-0, +-1, 0.5, a UINT8 tie (0x3b008081), 65535, 65535.5, +-inf, NaN, a denormal
inputs=$(sed -n 's|^// ctm-inputs: ||p' "$dir/tb_$name.sv")
python3 -c '
import struct, sys
w, h, edges = int(sys.argv[1]) + 64, int(sys.argv[2]), sys.argv[3] == "edges"
EDGES = [0x00000000, 0x80000000, 0x3f800000, 0xbf800000, 0x3f000000, 0x3b008081, 0x477fff00,
         0x477fff80, 0x7f800000, 0xff800000, 0x7fc00000, 0x00000001, 0xff7f8001, 0xfe00ff01,
         0x0080ff7f, 0xfffe0100, 0x7fff8000, 0x0001fffe, 0xffff0000]
def word(k):
    if edges and k % 3 == 0:
        return EDGES[k // 3 % len(EDGES)]
    return struct.unpack("<I", struct.pack("<f", (k * 2654435761) % 17 - 8.0))[0]
sys.stdout.buffer.write(b"".join(struct.pack("<I", word(k)) for k in range(w * h * 4)))
' "$w" "$h" "${inputs:-}" >"$tmp/in.raw" || die "cannot write the input surface"
plus=(+elf="$program" +width="$w" +height="$h" +seed="$seed" +stall="$stall"
  +in1="$tmp/in.raw" +ctm_commit_json="$tmp/report.json" +ctm_txn_json="$tmp/report.json"
  +ctm_cover_json="$tmp/cover.json")
# a divergent or partial program's input 0 stays unbound: the library makes its pattern
# (INPUTPATTERN)
[[ -n $progen && $profile != default ]] || plus+=(+in0="$tmp/in.raw")
[[ -n $level ]] && plus+=(+level="$level")
wave=""
if ((wave_on)); then
  mkdir -p "$outdir" || die "--out: cannot make $outdir"
  wave=$outdir/design-$model-$(basename "$program" .elf)${level:+-lv$level}-s$seed.fst
  plus+=(+ctm_wave="$wave")
fi
[[ -n $json ]] && rm -f "$json"
# ($fatal aborts the testbench: the shell's notice of it goes nowhere)
{ "$bin" "${plus[@]}" >"$tmp/log" 2>&1; } 2>/dev/null
rc=$?
cat "$tmp/log"
replay="$build/cosim$(printf ' %q' "${args[@]}")"
# --json FILE: the checker's report of a mismatch, or a pass's record; either with the run's
# control coverage when a commit checker counted it (docs/commit.md, "Control coverage")
write_json() { # RESULT
  [[ -n $json ]] || return 0
  local prog=$program
  [[ -n $progen ]] && prog="progen $progen --profile $profile --depth $depth"
  python3 - "$1" "$tmp/report.json" "$tmp/cover.json" "$json" "design-$model" "$prog" <<'PY' ||
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
# a design checked at commit level (ctm_commit_check) or at its transactions (ctm_txn_check)
if ((rc == 0)) && grep -Eq '^ctm_(commit_check: PASS, [1-9][0-9]* commits|txn_check: PASS, [1-9][0-9]* transactions)' "$tmp/log"; then
  rm -f "$wave" # a pass keeps no waveform
  write_json pass
  exit 0
elif grep -Eq 'ctm_commit_check: (commit|watchdog|drain check): cycle |ctm_txn_check: (put|drain check|watchdog): ' "$tmp/log"; then
  write_json mismatch
  [[ -s $wave ]] && echo "waveform: $wave (the run up to the mismatch; gtkwave $wave)"
  echo "replay: $replay"
  exit 1
fi
echo "$me: the testbench of $model ended without a verdict (exit $rc)" >&2
echo "replay: $replay"
exit 2
