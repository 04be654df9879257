#!/usr/bin/env bash
# Builds one lock-step simulator binary: build/cosim-<block>-<config>[-<variant>].
#   pred-32x20x32               predicate stack, 32 contexts x 20 lanes x depth 32
#   pred-8x64x8-inv_no_and      ... with the broken variant BUG_INV_NO_AND compiled in
# Usage: scripts/vbuild.sh NAME OUTPUT
# With COSIM_SAN=1 the C side (model, harness, DPI glue) and the driver are built
# with ASan/UBSan against the sanitized libraries in OUTPUT's directory (build/san).
set -euo pipefail
name=$1 out=$2
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "$(dirname "$out")" && pwd)

block=${name%%-*}
rest=${name#*-}
cfg=${rest%%-*}
variant=""
[[ $rest == *-* ]] && variant=${rest#*-}

die() { echo "vbuild: $name: $*" >&2; exit 1; }

case $block in
  pred)
    [[ $cfg =~ ^([0-9]+)x([0-9]+)x([0-9]+)$ ]] || die "config must be CONTEXTSxLANESxDEPTH, e.g. 32x20x32"
    params=(-GContexts="${BASH_REMATCH[1]}" -GLanes="${BASH_REMATCH[2]}" -GDepth="${BASH_REMATCH[3]}")
    for v in "${BASH_REMATCH[@]:1}"; do ((v >= 1 && v <= 64)) || die "each parameter must be in 1..64"; done
    top=tb_pred_stack
    sources=(rtl/pred_stack.sv harness/tb_pred_stack.sv)
    ;;
  *) die "unknown block '$block'" ;;
esac

defines=()
if [[ -n $variant ]]; then
  define="BUG_${variant^^}"
  grep -q "ifdef $define\b" "${sources[0]}" ||
    die "unknown RTL variant '$variant' (no \`ifdef $define in ${sources[0]})"
  defines=(+define+"$define")
fi

libdir=$build/opt san_flags="" vlt_san_flags=""
if [[ ${COSIM_SAN:-0} == 1 ]]; then
  libdir=$build
  san_flags="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all"
  # Verilator's own runtime (its bundled fstapi.c stores misaligned words) gets ASan only.
  vlt_san_flags="-fsanitize=address -fno-omit-frame-pointer"
fi

mdir=$build/vlt/$name
mkdir -p "$mdir"
cd "$root"
# 1. Verilate (generates the model and V<top>__Dpi.h).
verilator --cc --exe -Wall -Wno-fatal --trace-fst --x-assign fast --x-initial fast \
  --top-module "$top" --prefix Vtb -Mdir "$mdir" -Idpi "${params[@]}" "${defines[@]}" \
  rtl/lint.vlt "${sources[@]}" "$root/harness/cosim_main.cpp" \
  -CFLAGS "-I$root/harness -I$root/csim -DCOSIM_VARIANT='\"$variant\"' $vlt_san_flags" \
  -LDFLAGS "$mdir/dpi_glue.o $libdir/libharness.a $libdir/libcsim.a -lelf -lm $san_flags" \
  >"$mdir/verilator.log" 2>&1 || { cat "$mdir/verilator.log" >&2; die "verilator failed"; }
grep -q '%Warning' "$mdir/verilator.log" && { cat "$mdir/verilator.log" >&2; die "verilator warnings"; }

# 2. The DPI glue, checked against the generated prototypes.
vroot=$(verilator --getenv VERILATOR_ROOT)
gcc -std=c11 -O2 -g $san_flags -Wall -Wextra -Werror -I"$vroot/include" -I"$vroot/include/vltstd" \
  -Iharness -Icsim -include "$mdir/Vtb__Dpi.h" -c dpi/*.c -o "$mdir/dpi_glue.o"

# 3. Compile and link (the generated link rule ignores changed archives: relink always).
rm -f "$mdir/Vtb"
make -s -C "$mdir" -f Vtb.mk -j"${JOBS:-2}" OPT_FAST=-O2 OPT_SLOW=-O1 OPT_GLOBAL=-O2 Vtb \
  >"$mdir/make.log" 2>&1 || { cat "$mdir/make.log" >&2; die "C++ build failed"; }
cp "$mdir/Vtb" "$out"
echo "vbuild: $out"
