#!/usr/bin/env bash
# cosim: the lock-step simulator's front end. Verilator fixes RTL parameters at
# build time, so each block/configuration/RTL variant is its own binary
# (cosim-<block>-<config>[-<variant>]) next to this script. This picks the one
# the options ask for, builds it on first use, and runs it with the same options.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# The checkout this front belongs to: written by the Makefile when it copies the front into a
# build folder (which may be anywhere, build/matrix/5.050 say); COSIM_ROOT overrides it (make
# coverage's copy). Run from harness/ itself, the folder above.
kit_root='@KIT_ROOT@'
[[ $kit_root == "@KIT_ROOT""@" ]] && kit_root=$(cd "$here/.." && pwd)
root=${COSIM_ROOT:-$kit_root}

block=pred variant="" contexts="" lanes="" depth="" spu_sc=0 help=0
width=64 rule=isa chip=r7xx tracker_depth=64 addr=4 loop=4 bcw=6 pred_depth=64 pred_spu_sc=0
args=("$@")
for ((i = 0; i < ${#args[@]}; i++)); do
  a=${args[i]} v=""
  case $a in
    --*=*) v=${a#*=}; a=${a%%=*} ;;
    *) ((i + 1 < ${#args[@]})) && v=${args[i + 1]} ;;
  esac
  case $a in
    --help|-h) help=1 ;;
    --block) block=$v ;;
    --rtl-variant) variant=$v ;;
    --contexts) contexts=$v ;;
    --lanes) lanes=$v ;;
    --depth) depth=$v ;;
    --spu-sc) spu_sc=$v ;;
    --width) width=$v ;;
    --rule) rule=${v,,} ;;
    --chip) chip=${v,,} ;;
    --tracker-depth) tracker_depth=$v ;;
    --addr-depth) addr=$v ;;
    --loop-depth) loop=$v ;;
    --bc-width) bcw=$v ;;
    --pred-depth) pred_depth=$v ;;
    --pred-spu-sc) pred_spu_sc=$v ;;
  esac
done

case $block in
  pred) config=${contexts:-32}x${lanes:-20}x${depth:-32}; [[ $spu_sc == 0 ]] || config+=g$spu_sc ;;
  stack) config=w$width.$rule.$chip.d$tracker_depth ;;
  fc) config=${contexts:-1}x${lanes:-64}a${addr}l${loop}b${bcw} ;;
  system) pg=""; [[ $pred_spu_sc == 0 ]] || pg=g$pred_spu_sc
    config=${contexts:-1}x${lanes:-64}a${addr}l${loop}b${bcw}.p$pred_depth$pg.w$width.$rule.$chip.d$tracker_depth ;;
  *) config="" ;; # let the binary report the unknown block
esac
name=$block-$config${variant:+-$variant}
# Anything malformed goes to the default model, which reports the option error itself.
[[ $block =~ ^[a-z]+$ && $config =~ ^[a-z0-9.]+$ && $variant =~ ^[a-z0-9_]*$ ]] || name=pred-32x20x32

# Option errors are reported before any model is picked or built: the default model parses
# the options of every block.
default=$here/cosim-pred-32x20x32
# A model out of date is built by make, one front at a time per model: parallel jobs that need
# the same model wait for the first one's build instead of building it again beside it.
# make knows when the RTL, the model or the harness changed; when nothing did this costs ~50 ms.
ensure_model() { # BINARY WHAT
  make -s -q -C "$root" BUILD="$here" "$1" 2>/dev/null && return 0
  mkdir -p "$here/vlt"
  (
    flock 9
    make -s -q -C "$root" BUILD="$here" "$1" 2>/dev/null && exit 0
    echo "cosim: building the $2 model (~4 s)..." >&2
    make -s -C "$root" BUILD="$here" "$1" >&2
  ) 9>"$here/vlt/$(basename "$1").front-lock" || { echo "cosim: could not build $2" >&2; exit 3; }
}
ensure_model "$default" default
"$default" --check-options "$@" >/dev/null || exit $?

# The broken variants are patches under tests/variants/<block>/ (the first line says the bug).
print_variants() {
  echo
  echo "RTL variants (--rtl-variant NAME; a patch in tests/variants/<block>/ applied to a copy of rtl/):"
  for dir in "$root"/tests/variants/*/; do
    b=$(basename "$dir")
    echo "  --block $b:"
    for p in "$dir"*.patch; do
      [[ -f $p ]] || continue
      printf '    %-26s %s\n' "$(basename "$p" .patch)" "$(sed -n '1s/^bug: //p' "$p")"
    done
  done
  echo "  --block system: any of the above (the system top holds all three blocks)"
}
for a in "$@"; do
  if [[ $a == --help || $a == -h ]]; then
    "$default" --help
    print_variants
    exit 0
  fi
done

bin=$here/cosim-$name
# COSIM_PRINT_MODEL=1: print the model name these options select, and stop (scripts/mutate.py).
[[ ${COSIM_PRINT_MODEL:-0} == 1 ]] && { echo "$name"; exit 0; }
ensure_model "$bin" "$name"
exec "$bin" "$@"
