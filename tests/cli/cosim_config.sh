#!/usr/bin/env bash
# Each block's parameters are parsed and range-checked once, by the C table of
# harness/cosim_params.c: `cosim --print-config` and build/cosim_config print what the options
# select without building a model; a value out of range is the same usage error (option, value,
# the block's range) from the front end, the tool and scripts/vbuild.sh; every -G parameter the
# table hands Verilator is one the testbench top declares; docs/cosim.md's table is the tool's.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cosim=$BUILD/cosim tool=$BUILD/cosim_config

# 1. --print-config: the front end and the tool agree, and nothing is built for it.
model=pred-7x9x5 # a shape no job uses
rm -f "$BUILD/cosim-$model"
opts=(--block pred --contexts 7 --lanes 9 --depth 5 --seed 3)
"$cosim" "${opts[@]}" --print-config >"$tmp/front" 2>"$tmp/err" || bad "cosim --print-config: $(cat "$tmp/err")"
"$tool" "${opts[@]}" >"$tmp/tool" || bad "cosim_config: exit $?"
diff "$tmp/front" "$tmp/tool" >/dev/null || bad "front and tool differ: $(diff "$tmp/front" "$tmp/tool")"
cat >"$tmp/want" <<OUT
model=$model
block=pred
config=7x9x5
variant=
args=--contexts 7 --lanes 9 --depth 5
sv=-GContexts=7 -GLanes=9 -GDepth=5 -GSpuSc=0
dut=pred_stack
rtl=rtl/pred_stack.sv
tb_files=harness/pred_stack_ports.sv harness/tb_pred_stack.sv
tb=tb_pred_stack
OUT
diff "$tmp/want" "$tmp/front" || bad "cosim --print-config printed the above"
[[ ! -e $BUILD/cosim-$model && ! -s $tmp/err ]] || bad "--print-config built $model: $(cat "$tmp/err")"
[[ $(COSIM_PRINT_MODEL=1 "$cosim" "${opts[@]}" --rtl-variant inv_no_and) == "$model-inv_no_and" ]] ||
  bad "COSIM_PRINT_MODEL does not name $model-inv_no_and"
# A model name goes back to the same configuration.
"$tool" --model "$model" >"$tmp/back" && diff "$tmp/want" "$tmp/back" >/dev/null ||
  bad "cosim_config --model $model: $(cat "$tmp/back")"
echo "ok: --print-config and cosim_config --model agree on $model, nothing built"

# 2. Out of range: one message (option, value, the block's range), exit 2, from each door.
expect() { # RC TEXT command...: the exit status, and TEXT on stderr
  local rc=$1 text=$2 got; shift 2
  "$@" >/dev/null 2>"$tmp/err"; got=$?
  [[ $got == "$rc" ]] && grep -qF -- "$text" "$tmp/err" && { echo "ok: exit $got: $(head -1 "$tmp/err")"; return; }
  bad "$* -> exit $got, stderr '$(head -c 300 "$tmp/err")'; want exit $rc and '$text'"
}
expect 2 "cosim: --contexts: '17' is not in 1..16 for --block system" "$cosim" --block system --progen 1 --contexts 17
expect 2 "cosim: --contexts: '17' is not in 1..16 for --block system" "$tool" --block system --contexts=17
expect 2 "cosim: --progen-profile: 'foo' is not a profile (default, divergent, partial)" "$cosim" --block system --progen 1 --progen-profile foo
expect 2 "cosim: --contexts: '257' is not in 1..256 for --block fc" "$cosim" --block fc --contexts 257
expect 2 "cosim: --tracker-depth: '1025' is not in 1..1024 for --block stack" "$cosim" --block stack --tracker-depth 1025
expect 2 "cosim: --width: '24' is not 16, 32, 48 or 64 for --block system" "$cosim" --block system --width 24
expect 2 "cosim: --rule: 'gcc' is not one of isa, mesa or llvm for --block stack" "$cosim" --block stack --rule gcc
expect 2 "cosim: --spu-sc 2: --lanes 20 is not a whole number of SPUs of 2 SC lanes and 1 SFU lane" \
  "$cosim" --block pred --spu-sc 2
expect 2 "cosim: --pred-spu-sc 4 needs whole quarter-waves: --lanes 20 is not a multiple of 16" \
  "$cosim" --block system --lanes 20 --pred-spu-sc 4
expect 2 "cosim: --rtl-variant: 'No-Such' is not a variant name" "$cosim" --rtl-variant No-Such
expect 2 "system configuration 17x64a4l4b6.p64.w64.isa.r7xx.d64: --contexts: '17' is not in 1..16" \
  "$tool" --model system-17x64a4l4b6.p64.w64.isa.r7xx.d64
# scripts/vbuild.sh reads names through the tool: refused before Verilator runs
expect 1 "--contexts: '17' is not in 1..16" env COSIM_CONFIG="$tool" scripts/vbuild.sh system-17x64a4l4b6.p64.w64.isa.r7xx.d64 "$tmp/m"
expect 1 "'32x20' is not a pred configuration: <contexts>x<lanes>x<depth>[g<spu-sc>]" \
  env COSIM_CONFIG="$tool" scripts/vbuild.sh pred-32x20 "$tmp/m"
expect 1 "pred configuration 032x20x32 is spelled 32x20x32" env COSIM_CONFIG="$tool" scripts/vbuild.sh pred-032x20x32 "$tmp/m"
[[ ! -e $tmp/m && ! -e $tmp/vlt ]] || bad "vbuild.sh started a build of a bad name"
ls "$BUILD"/cosim-system-17x* >/dev/null 2>&1 && bad "a system model of 17 wavefronts exists"

# 3. The -G parameters are the testbench tops' parameters, for every block; the table's sources
# exist, the testbench top's file is among them, and the RTL top module is declared in its RTL
# (scripts/vbuild.sh and scripts/mutate.py build and mutate from these rows).
for block in pred stack fc system; do
  "$tool" --block "$block" >"$tmp/cfg" || bad "cosim_config --block $block: exit $?"
  get() { sed -n "s/^$1=//p" "$tmp/cfg"; }
  top=$(get tb) dut=$(get dut)
  [[ " $(get tb_files) " == *" harness/$top.sv "* ]] || bad "$block: harness/$top.sv is not in its tb_files"
  for f in $(get rtl) $(get tb_files); do [[ -f $f ]] || bad "$block: no source $f"; done
  [[ $block == system || -n $dut ]] || bad "$block: no dut"
  [[ -z $dut ]] || grep -qE "^module $dut\b" $(get rtl) || bad "$block: no module $dut in $(get rtl)"
  for g in $(get sv); do
    p=${g#-G} p=${p%%=*}
    grep -qE "^\s*parameter int unsigned $p\b" "harness/$top.sv" ||
      bad "$block: -G$p is no parameter of harness/$top.sv"
  done
done
echo "ok: every -G parameter of the tables is a testbench top's parameter; the sources exist"
# Each example design's row (the same keys): its sources exist, its RTL declares the top module,
# its Makefile builds from the same RTL files (DESIGN), and --table has its row.
"$tool" --table >"$tmp/table"
for mk in examples/designs/*/Makefile; do
  d=$(basename "$(dirname "$mk")")
  "$tool" --design "$d" --progen 1 --print-config >"$tmp/cfg" || bad "cosim_config --design $d: exit $?"
  get() { sed -n "s/^$1=//p" "$tmp/cfg"; }
  for f in $(get rtl) $(get tb_files); do [[ -f $f ]] || bad "design $d: no source $f"; done
  grep -qE "^module $(get dut)\b" $(get rtl) || bad "design $d: no module $(get dut) in $(get rtl)"
  grep -qE "^module $(get tb)\b" $(get tb_files) || bad "design $d: no module $(get tb) in $(get tb_files)"
  made=$(make -s --no-print-directory -C "examples/designs/$d" --eval 'print-rtl: ; @echo $(DESIGN)' print-rtl 2>/dev/null)
  [[ $made == "$ROOT/$(get rtl)" ]] || bad "design $d: its Makefile builds '$made', its row says '$(get rtl)'"
  grep -qF "| | *example* | $(get rtl) (\`$(get dut)\`); $(get tb_files) | top \`$(get tb)\` |" "$tmp/table" ||
    bad "design $d: no row in cosim_config --table"
done
echo "ok: each example design's row names its sources, which its Makefile builds"

# 4. docs/cosim.md's parameter table is the tool's output.
"$tool" --table >"$tmp/table"
awk '/^\| block \| option \| values/ { on = 1 } on && !/^\|/ { exit } on' docs/cosim.md >"$tmp/doc"
diff -u "$tmp/table" "$tmp/doc" >/dev/null && echo "ok: docs/cosim.md's parameter table is cosim_config --table" ||
  bad "docs/cosim.md's parameter table differs from build/cosim_config --table: $(diff "$tmp/table" "$tmp/doc")"

# 5. No option or name is parsed outside the table: the front end and vbuild.sh have no
# per-parameter code.
! grep -nE -- '--contexts|--lanes|BASH_REMATCH|x\$\{' harness/cosim_front.sh scripts/vbuild.sh ||
  bad "the front end or vbuild.sh parses parameters again (above)"
finish
