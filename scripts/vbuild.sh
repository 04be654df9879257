#!/usr/bin/env bash
# Builds one lock-step simulator binary: build/cosim-<block>-<config>[-<variant>].
#   pred-32x20x32               predicate stack, 32 contexts x 20 lanes x depth 32
#   pred-32x20x32g4             ... its lanes grouped as 4 SPUs of 4 SC lanes + 1 SFU lane (SpuSc = 4)
#   pred-8x64x8-inv_no_and      ... with the broken variant tests/variants/pred/inv_no_and.patch
#                               applied to a copy of rtl/ in the build folder (rtl/ stays pristine)
#   stack-w64.mesa.evergreen.d64  stack accounting, width 64, Mesa's rule, Evergreen, 64 frames
#   system-4x64a4l4b6.p64.w64.isa.r7xx.d64  the three blocks in one top (a variant of any block
#                               applies to it)
# The names and the -G parameters are the block parameters' table's (build/cosim_config --table).
# Usage: scripts/vbuild.sh [--rtl-dir DIR] [--dpi-c FILE]... NAME OUTPUT
#   --rtl-dir DIR   take the block's RTL files from DIR instead of rtl/ (mutant schemata)
#   --dpi-c FILE    one more C file for the DPI glue (e.g. the mutant selector)
# With COSIM_COVERAGE=1 the model is built with Verilator coverage (line, toggle, cover
# points); each run then writes COSIM_COVERAGE_DIR/cov-PID.dat (make coverage).
# Broken variants and mutants are not lint-checked: their Verilator warnings stay in the log.
# With COSIM_SAN=1 the C side (model, harness, DPI glue) and the driver are built
# with ASan/UBSan against the sanitized libraries in OUTPUT's directory (build/san).
set -euo pipefail
rtl_dir="" dpi_extra=()
while (($#)); do
  case $1 in
    --rtl-dir) rtl_dir=$(cd "$2" && pwd); shift 2 ;;
    --dpi-c) dpi_extra+=("$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"); shift 2 ;;
    -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
    *) break ;;
  esac
done
(($# == 2)) || { echo "usage: scripts/vbuild.sh [--rtl-dir DIR] [--dpi-c FILE]... NAME OUTPUT" >&2; exit 2; }
name=$1 out=$2
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "$(dirname "$out")" && pwd)

die() { echo "vbuild: $name: $*" >&2; exit 1; }

# The model name is read by the C table of the block parameters (harness/cosim_params.c), the
# one parser of configuration names: build/cosim_config --model NAME checks it and gives the
# block, the variant and the testbench's -G parameters (COSIM_CONFIG names another one).
config_tool=${COSIM_CONFIG:-$build/cosim_config}
[[ -x $config_tool ]] || die "no $config_tool (make $config_tool builds it)"
config=$("$config_tool" --model "$name" 2>&1) || die "${config#cosim_config: }"
# ... and the block's sources and testbench top (the table's dut, rtl, tb_files, tb rows).
block="" variant="" params=() sources=() top=""
while IFS='=' read -r key value; do
  case $key in
    block) block=$value ;;
    variant) variant=$value ;;
    sv) read -ra params <<<"$value" ;;
    rtl | tb_files) read -ra words <<<"$value"; sources+=("${words[@]}") ;;
    tb) top=$value ;;
  esac
done <<<"$config"
[[ -n $top && ${#sources[@]} -gt 0 ]] || die "cosim_config gave no sources for block '$block'"

mdir=$build/vlt/$name
mkdir -p "$mdir"
cd "$root"
verilator=${VERILATOR:-verilator}
command -v "$verilator" >/dev/null || die "no Verilator '$verilator' (VERILATOR= names another)"

# One build of a model at a time: two runs that need the same model (parallel jobs of a
# regression, each asking make for it) would otherwise share $mdir, and one would relink or
# rewrite dpi_glue.a under the other's link (an LTO link then fails with "unexpected file
# name ... in linker resolution file", a copy with "cannot stat Vtb"). The second waits.
exec {lock_fd}>"$mdir.lock"
flock "$lock_fd"

# A variant is a patch applied to a copy of rtl/ in the build folder; the RTL files
# of the block are then taken from that copy.
lint_strict=1
if [[ -n $variant && -z $rtl_dir ]]; then
  patch_file=tests/variants/$block/$variant.patch
  [[ $block == system ]] && patch_file=$(ls tests/variants/*/"$variant".patch 2>/dev/null | head -1)
  if [[ ! -f $patch_file ]]; then
    pattern=tests/variants/$block/*.patch
    [[ $block == system ]] && pattern='tests/variants/*/*.patch'
    known=$(for f in $pattern; do [[ -f $f ]] && basename "$f" .patch; done | paste -sd' ')
    die "unknown RTL variant '$variant' for block $block (known: ${known:-none})"
  fi
  rm -rf "$mdir/rtl-copy" && mkdir -p "$mdir/rtl-copy"
  cp -r rtl "$mdir/rtl-copy/"
  patch -s -p1 -d "$mdir/rtl-copy" <"$patch_file" || die "$patch_file does not apply to rtl/"
  rtl_dir=$mdir/rtl-copy/rtl
fi
if [[ -n $rtl_dir ]]; then
  lint_strict=0
  for i in "${!sources[@]}"; do
    [[ ${sources[i]} == rtl/* ]] && sources[i]=$rtl_dir/${sources[i]#rtl/}
  done
fi
# The packages go first: ctm_ports_pkg, which every testbench imports (dpi_imports.svh names its
# structs), and ctm_isa_pkg, the encodings the RTL and the testbenches name. Both are written by
# `dpp svpkg`, never a variant's or a mutant's: always the committed ones.
sources=(dpi/ctm_ports_pkg.sv rtl/ctm_isa_pkg.sv "${sources[@]}")

# The optimised C side is built with LTO (Makefile OPT): the link runs LTO over it.
libdir=$build/opt san_flags="" vlt_san_flags="" lto_flags="-flto=auto -ffat-lto-objects"
if [[ ${COSIM_SAN:-0} == 1 ]]; then
  libdir=$build
  lto_flags=""
  san_flags="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all"
  # Verilator's own runtime (its bundled fstapi.c stores misaligned words) gets ASan only.
  vlt_san_flags="-fsanitize=address -fno-omit-frame-pointer"
fi

# The model's folders: the Makefile's CSIM_DIRS line, the one list of them.
csim_dirs=$(sed -n 's/^CSIM_DIRS *:= *//p' Makefile)
[[ -n $csim_dirs ]] || die "no CSIM_DIRS line in the Makefile"
csim_inc=()
for d in $csim_dirs; do [[ -d $d ]] || die "CSIM_DIRS: no folder $d"; csim_inc+=("-I$root/$d"); done

json_libs=$(pkg-config --libs jansson 2>/dev/null || echo -ljansson)
cov_flags=()
[[ ${COSIM_COVERAGE:-0} == 1 ]] && cov_flags=(--coverage)
# 1. Verilate (generates the model and V<top>__Dpi.h).
# VL_INLINE_OPT marks the model's functions that Verilator 5.006 means to be inline when the
# whole model is one compile (Vtb__ALL.cpp), but it leaves the macro empty: gcc -O2 then keeps
# the DPI import wrappers out of line (a lock-step cycle paid a call and two copies of the
# outputs' words for its crossing; pred 193 -> 168 Ir of checking a cycle). A model compiled
# as several files (VM_PARALLEL_BUILDS = 1) is verilated again without it. Later Verilators
# no longer emit the macro.
verilate() { # extra -CFLAGS words
  "$verilator" --cc --exe -Wall -Wno-fatal --trace-fst --x-assign fast --x-initial fast \
    --top-module "$top" --prefix Vtb -Mdir "$mdir" -Idpi -Irtl "${params[@]}" "${cov_flags[@]}" \
    rtl/lint.vlt "${sources[@]}" "$root/harness/cosim_main.cpp" \
    -CFLAGS "$* -I$root/harness ${csim_inc[*]} -DCOSIM_VARIANT='\"$variant\"' $vlt_san_flags" \
    -LDFLAGS "$lto_flags $mdir/dpi_glue.a $libdir/libharness.a $libdir/libcsim.a -lelf $json_libs -lm $san_flags" \
    >"$mdir/verilator.log" 2>&1 || { cat "$mdir/verilator.log" >&2; die "verilator failed"; }
}
verilate -DVL_INLINE_OPT=inline
grep -q '^VM_PARALLEL_BUILDS *= *0' "$mdir/Vtb_classes.mk" || verilate
# Verilator 5.006's DPI import wrappers take each wide input (a block's outputs struct) by
# value: a lock-step cycle copied the outputs' words once into the wrapper's argument and again
# into the svBitVecVal array the C side reads (pred: 15 Ir a cycle of eval_nba that RTL alone,
# whose draw passes no outputs, did not pay). The wrappers only read those arguments, so they
# take them by const reference, and the C side reads the argument's words in place (an
# svBitVecVal is an EData, and a struct of ctm_ports_pkg is whole words: the conversion, which
# only masks a last partial word, is a plain copy), at the moment the copies were made. A
# wrapper of another form (later Verilators) is left as is.
sed -i '/__Vdpiimwrap_/s#\(VlWide<[0-9]*>/\*[0-9:]*\*/\) \([A-Za-z_]\)#const \1 \&\2#g' \
  "$mdir"/Vtb*.cpp "$mdir"/Vtb*.h
perl -0pi -e 's/svBitVecVal (\w+)__Vcvt\[(\d+)\];\n\s*for \(size_t \1__Vidx = 0; \1__Vidx < 1; \+\+\1__Vidx\) VL_SET_SVBV_W\((\d+), \1__Vcvt \+ \2 \* \1__Vidx, \1\);/static_assert(\3 == 32 * \2, "whole words");\n    const svBitVecVal* const $1__Vcvt = $1.data();/g' \
  "$mdir"/Vtb*.cpp
if ((lint_strict)) && grep -q '%Warning' "$mdir/verilator.log"; then
  cat "$mdir/verilator.log" >&2; die "verilator warnings"
fi

# 2. The DPI glue, checked against the generated prototypes.
vroot=$("$verilator" --getenv VERILATOR_ROOT)
rm -f "$mdir/dpi_glue.a"
for src in dpi/*.c "${dpi_extra[@]}"; do
  gcc -std=c11 -O2 -g $lto_flags $san_flags -Wall -Wextra -Werror -I"$vroot/include" -I"$vroot/include/vltstd" \
    -Iharness "${csim_inc[@]}" -include "$mdir/Vtb__Dpi.h" -c "$src" -o "$mdir/$(basename "$src" .c).o"
  gcc-ar rcs "$mdir/dpi_glue.a" "$mdir/$(basename "$src" .c).o"
done

# 3. Compile and link (the generated link rule ignores changed archives: relink always).
# Verilator's runtime objects do not depend on the model and every model is built with the
# same flags, so they are compiled once per flavour and reused (about half of a build).
rt_cache=$build/vlt-runtime-$([[ -n $vlt_san_flags ]] && echo san || echo opt)
runtime=(verilated.o verilated_dpi.o verilated_fst_c.o verilated_threads.o)
if [[ -f $rt_cache/verilated.o ]]; then
  for o in "${runtime[@]}"; do cp "$rt_cache/$o" "$mdir/$o"; touch "$mdir/$o"; done
fi
# A dependency file left by an older tree may name a header since moved (csim/ was
# regrouped): make would stop on it ("No rule to make target"). Such a .d and its
# object go; the object is rebuilt.
for d in "$mdir"/*.d; do
  [[ -f $d ]] || continue
  for dep in $(sed 's/\\$//; s/^[^:]*://' "$d"); do
    if [[ ! -e $dep && ! -e $mdir/$dep ]]; then rm -f "$d" "${d%.d}.o"; break; fi
  done
done
rm -f "$mdir/Vtb"
make -s -C "$mdir" -f Vtb.mk -j"${JOBS:-2}" OPT_FAST=-O2 OPT_SLOW=-O1 OPT_GLOBAL=-O2 Vtb \
  >"$mdir/make.log" 2>&1 || { cat "$mdir/make.log" >&2; die "C++ build failed"; }
if [[ ! -f $rt_cache/verilated.o ]]; then
  mkdir -p "$rt_cache.tmp.$$"
  for o in "${runtime[@]}"; do cp "$mdir/$o" "$rt_cache.tmp.$$/"; done
  mv -T "$rt_cache.tmp.$$" "$rt_cache" 2>/dev/null || rm -rf "$rt_cache.tmp.$$"
fi
[[ -x $mdir/Vtb ]] || die "the C++ build left no $mdir/Vtb (log: $mdir/make.log)"
# The binary appears whole or not at all (a run may start it while it is copied).
cp "$mdir/Vtb" "$out.tmp.$$" && mv -f "$out.tmp.$$" "$out"
printf "  %-6s %s\n" VLT "$out"
