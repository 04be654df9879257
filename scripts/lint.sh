#!/usr/bin/env bash
# verilator --lint-only -Wall on every RTL module, alone (each must lint by itself), at its
# default parameters and at the edges of its ranges; or, with FILE.sv arguments, on those alone.
# A module fails on any %Warning or %Error line or a non-zero exit; other output (Verilator
# 5.050 prints a "Verilation Report" on --lint-only) is not a warning. $VERILATOR picks the tool.
# The package of the encodings (rtl/ctm_isa_pkg.sv, `dpp svpkg --isa`) goes before each module:
# Verilator finds modules in -y rtl, not packages. Then each example design's RTL, its files and
# top module as the parameter table gives them (`cosim_config --design NAME --print-config`),
# after the packages the designs import (the kit's fc_unit found in -y rtl, as pipe_fc uses it).
set -uo pipefail
cd "$(dirname "$0")/.."
verilator=${VERILATOR:-verilator}
pkg=rtl/ctm_isa_pkg.sv
status=0
lint() {
  local out rc pkgs=("$pkg")
  [[ " $* " == *" $pkg "* ]] && pkgs=()
  out=$("$verilator" --lint-only -Wall -y rtl rtl/lint.vlt "${pkgs[@]}" "$@" 2>&1)
  rc=$?
  if ((rc != 0)) || grep -qE '^%(Warning|Error)' <<<"$out"; then
    echo "lint: $* (exit $rc)"; grep -E '^%|^ ' <<<"$out" || echo "$out"; status=1
  fi
}
if (($#)); then
  for f in "$@"; do lint "$f"; done
  ((status == 0)) && echo "lint: clean ($# files, $("$verilator" --version))"
  exit $status
fi
for f in rtl/*.sv; do
  lint "$f"
done
# pred_stack at the corners of its parameter ranges
# The last parameter groups the lanes as SPUs (0: flat; 32x20x32 with SPUs of 4 is the patent's).
for p in "1 1 1 0" "1 16 4 0" "8 64 8 0" "3 5 7 0" "64 64 64 0" "32 20 32 4" "3 64 5 1" "2 9 3 2"; do
  read -r c l d g <<<"$p"
  lint -GContexts="$c" -GLanes="$l" -GDepth="$d" -GSpuSc="$g" rtl/pred_stack.sv
done
# fc_unit at the corners of its parameter ranges (Contexts Lanes AddrDepth LoopDepth BcWidth
# PartBranches: the guide's 6, Mesa's 4, none, past the counters' reach)
for p in "1 1 0 0 3 0" "4 16 4 4 6 6" "3 64 32 32 8 32" "256 2 1 1 5 4" "8 5 2 3 4 6"; do
  read -r c l a lo b pb <<<"$p"
  lint -GContexts="$c" -GLanes="$l" -GAddrDepth="$a" -GLoopDepth="$lo" -GBcWidth="$b" \
    -GPartBranches="$pb" rtl/fc_unit.sv
done
# the example designs, each from its row of the table
config=${COSIM_CONFIG:-build/cosim_config}
[[ -x $config ]] || make -s "$config" >/dev/null || { echo "lint: cannot build $config"; exit 2; }
designs=0
for mk in examples/designs/*/Makefile; do
  d=$(basename "$(dirname "$mk")")
  row=$("$config" --design "$d" --progen 1 --print-config) || { echo "lint: no table row of design $d"; status=1; continue; }
  dut=$(sed -n 's/^dut=//p' <<<"$row") rtl=$(sed -n 's/^rtl=//p' <<<"$row")
  # shellcheck disable=SC2086
  lint --top-module "$dut" dpi/ctm_ports_pkg.sv "$pkg" dpi/ctm_dpi_pkg.sv $rtl
  designs=$((designs + 1))
done
((status == 0)) && echo "lint: clean ($(ls rtl/*.sv | wc -l) files and $designs example designs, $("$verilator" --version))"
exit $status
