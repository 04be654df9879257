#!/usr/bin/env bash
# Every RTL block synthesizes with yosys 0.23 (read_verilog -sv; synth), at a small
# configuration to keep the test quick, and the netlist keeps registers (a block
# that lost its state to a constant-folding bug would have none). The package of the encodings
# goes first: yosys reads its localparams and functions (the RTL names them pkg::NAME).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# top  parameters  sources
blocks=(
  "stack_acct|-set Depth 8 -set Rule 1 -set Chip 3|rtl/stack_acct.sv"
  "pred_stack|-set Contexts 4 -set Lanes 8 -set Depth 4|rtl/pred_stack.sv"
  "pred_stack|-set Contexts 4 -set Lanes 10 -set Depth 4 -set SpuSc 4|rtl/pred_stack.sv"
  "fc_unit|-set Contexts 2 -set Lanes 8 -set AddrDepth 2 -set LoopDepth 2 -set BcWidth 4|rtl/fc_unit.sv rtl/fc_branch_counters.sv rtl/fc_addr_stack.sv rtl/fc_loop_stack.sv"
)
for b in "${blocks[@]}"; do
  IFS='|' read -r top params sources <<<"$b"
  yosys -q -p "read_verilog -sv rtl/ctm_isa_pkg.sv $sources; chparam $params $top; synth -top $top; tee -q -o $tmp/$top.stat stat" \
    >"$tmp/$top.log" 2>&1 || { cat "$tmp/$top.log"; fail "$top does not synthesize"; }
  flops=$(awk '$1 ~ /^\$_DFF/ {n += $2} END {print n + 0}' "$tmp/$top.stat")
  ((${flops:-0} > 0)) || fail "$top has no registers after synthesis"
  echo "ok: $top synthesizes ($flops flops)"
done
