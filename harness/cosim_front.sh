#!/usr/bin/env bash
# cosim: the lock-step simulator's front end. Verilator fixes RTL parameters at
# build time, so each block/configuration/RTL variant is its own binary
# (cosim-<block>-<config>[-<variant>]) next to this script. This asks cosim_config
# (beside it) which one the options select, builds it on first use, and runs it with
# the same options. It parses no option itself.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# The checkout this front belongs to: written by the Makefile when it copies the front into a
# build folder (which may be anywhere, build/matrix/5.050 say); COSIM_ROOT overrides it (make
# coverage's copy). Run from harness/ itself, the folder above.
kit_root='@KIT_ROOT@'
[[ $kit_root == "@KIT_ROOT""@" ]] && kit_root=$(cd "$here/.." && pwd)
root=${COSIM_ROOT:-$kit_root}

# A model out of date is built by make, one front at a time per model: parallel jobs that need
# the same model wait for the first one's build instead of building it again beside it.
# make knows when the RTL, the model or the harness changed; when nothing did this costs ~50 ms.
ensure_built() { # BINARY WHAT
  make -s -q -C "$root" BUILD="$here" "$1" 2>/dev/null && return 0
  mkdir -p "$here/vlt"
  (
    flock 9
    make -s -q -C "$root" BUILD="$here" "$1" 2>/dev/null && exit 0
    echo "cosim: building $2..." >&2
    make -s -C "$root" BUILD="$here" "$1" >&2
  ) 9>"$here/vlt/$(basename "$1").front-lock" || { echo "cosim: could not build $2" >&2; exit 3; }
}

# The options are parsed and checked once, by the C table of each block's parameters
# (harness/cosim_params.c), before any model is picked or built: build/cosim_config is that
# parser without a model, and names the model the options select (cosim --print-config).
config_tool=$here/cosim_config
ensure_built "$config_tool" "the options' checker (cosim_config)"

# The broken variants are patches under tests/variants/<block>/ (the first line says the bug).
print_variants() {
  echo
  echo "RTL variants (--rtl-variant NAME; a patch in tests/variants/<block>/ applied to a copy of rtl/):"
  for dir in "$root"/tests/variants/*/; do
    b=$(basename "$dir")
    # (designs/ holds the example designs' variants, a folder each: tests/cli/designs.sh)
    compgen -G "$dir*.patch" >/dev/null || continue
    echo "  --block $b:"
    for p in "$dir"*.patch; do
      [[ -f $p ]] || continue
      printf '    %-26s %s\n' "$(basename "$p" .patch)" "$(sed -n '1s/^bug: //p' "$p")"
    done
  done
  echo "  --block system: any of the above (the system top holds all three blocks)"
  echo
  echo "Example designs (examples/designs/; cosim --design NAME --help):"
  for d in "$root"/examples/designs/*/Makefile; do
    echo "  --design $(basename "$(dirname "$d")")"
  done
  echo "  --design DIR      a design folder of your own (docs/commit.md \"Your own design\")"
}
# A design's run (--design: examples/designs/ or a folder of the user's) has options of its own
# beside the common ones; cosim_config parses them too (harness/cosim_design.c) and finds the
# design's folder in the kit (COSIM_ROOT).
export COSIM_ROOT=$root
design=0
for a in "$@"; do [[ $a == --design || $a == --design=* ]] && design=1; done
for a in "$@"; do
  if [[ $a == --help || $a == -h ]]; then
    # (the help alone: a bad option beside it does not hide it)
    if ((design)); then "$config_tool" --help --design; else "$config_tool" --help; print_variants; fi
    exit 0
  fi
done
config=$("$config_tool" "$@") || exit $?
name=${config%%$'\n'*} name=${name#model=}
for a in "$@"; do [[ $a == --print-config ]] && { printf '%s\n' "$config"; exit 0; }; done
# COSIM_PRINT_MODEL=1: print the model name these options select, and stop (scripts/regress.sh,
# scripts/mutate.py).
[[ ${COSIM_PRINT_MODEL:-0} == 1 ]] && { echo "$name"; exit 0; }
# A design's testbench is built and run by scripts/design_run.sh from the description.
((design)) && exec "$root/scripts/design_run.sh" --build-dir "$here" --run "$config" "$@"
bin=$here/cosim-$name
ensure_built "$bin" "the $name model (~4 s)"
exec "$bin" "$@"
