#!/usr/bin/env bash
# dpi/ctm_ports_pkg.sv is what `dpp svpkg` writes from libctm's port tables (so the SV structs and
# ctm.h's cannot drift), every struct is as wide as its C struct; rtl/ctm_isa_pkg.sv is what
# `dpp svpkg --isa` writes from the C lists of the encodings and the ISA's field table, and the
# RTL keeps no encodings of its own; a bad argument is refused.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# committed FILE, the dpp svpkg options that write it
current() {
  "$DPP" svpkg "${@:2}" -o "$tmp/pkg.sv" || fail "dpp svpkg ${*:2} exited $?"
  diff -u "$1" "$tmp/pkg.sv" >"$tmp/diff" ||
    { cat "$tmp/diff"; fail "$1 is stale: run build/dpp svpkg ${*:2} -o $1"; }
  "$DPP" svpkg "${@:2}" | cmp -s - "$tmp/pkg.sv" || fail "dpp svpkg ${*:2} to stdout and to -o differ"
}
current rtl/ctm_isa_pkg.sv --isa
current dpi/ctm_ports_pkg.sv  # last: $tmp/pkg.sv is the ports package below

# Each struct's bits are its C struct's bytes (ctm.h, the sizes the library asserts).
declare -A bytes=([ctm_pred_in_t]=24 [ctm_pred_out_t]=48 [ctm_stack_in_t]=16 [ctm_stack_out_t]=24)
for t in "${!bytes[@]}"; do
  bits=$(awk -v t="$t" '/typedef struct packed/ {n = 0; next}
    /bit \[/ {split($0, a, /[\[:]/); n += a[2] + 1}
    $0 ~ "} " t ";" {print n}' "$tmp/pkg.sv")
  [[ $bits == $((8 * bytes[$t])) ]] || fail "$t: $bits bits, its C struct has ${bytes[$t]} bytes"
done
echo "ok: dpi/ctm_ports_pkg.sv and rtl/ctm_isa_pkg.sv are current; the structs are their C structs' sizes"

# The RTL names the package's codes: no block declares an encoding of its own (a localparam
# of a port's codes, as Op*, Cmd*, Fault*, AOp*, BOp* were).
if grep -nE 'localparam +logic +\[[0-9]+:0\] +(Op|Cmd|Fault|AOp|BOp|Pred)[A-Z]' rtl/*.sv >"$tmp/own"; then
  cat "$tmp/own"; fail "the RTL declares encodings of its own: name ctm_isa_pkg's"
fi
for code in CTM_FC_OP_LOOP CTM_FC_CMD_EXEC CTM_FC_FAULT_NONE CTM_PRED_OP_PUSH CTM_STACK_OP_PUSH \
            CTM_STACK_RULE_ISA; do
  grep -q "ctm_isa_pkg::$code\b" rtl/*.sv || fail "no block names ctm_isa_pkg::$code"
done
echo "ok: the RTL names ctm_isa_pkg's codes and declares none of its own"

# The package elaborates: a module that packs and unpacks each struct lints clean.
cat >"$tmp/use_ports.sv" <<'SV'
module use_ports import ctm_ports_pkg::*; (
  input  ctm_pred_out_t  p_i,
  input  ctm_stack_out_t s_i,
  output logic [63:0]    exec_o,
  output logic [31:0]    need_o
);
  assign exec_o = p_i.exec_mask;
  assign need_o = s_i.need;
  /* verilator lint_off UNUSEDSIGNAL */
  ctm_pred_in_t  unused_pi;
  ctm_stack_in_t unused_si;
  /* verilator lint_on UNUSEDSIGNAL */
  assign unused_pi = '0;
  assign unused_si = '0;
endmodule
SV
"${VERILATOR:-verilator}" --lint-only -Wall -Wno-UNUSEDSIGNAL --top-module use_ports \
  dpi/ctm_ports_pkg.sv "$tmp/use_ports.sv" || fail "the package does not lint"
# ctm_isa_pkg lints alone, and yosys 0.23 reads it (its functions and localparams)
"${VERILATOR:-verilator}" --lint-only -Wall rtl/ctm_isa_pkg.sv || fail "ctm_isa_pkg does not lint"
yosys -q -p "read_verilog -sv rtl/ctm_isa_pkg.sv" >"$tmp/yosys.log" 2>&1 ||
  { cat "$tmp/yosys.log"; fail "yosys cannot read ctm_isa_pkg"; }
echo "ok: the packages lint; yosys reads ctm_isa_pkg"

if "$DPP" svpkg --bogus >"$tmp/out" 2>&1; then fail "dpp svpkg --bogus succeeded"; fi
grep -q "unexpected argument '--bogus'" "$tmp/out" || fail "no message for --bogus: $(cat "$tmp/out")"
if "$DPP" svpkg -o "$tmp/no/such/dir/pkg.sv" 2>"$tmp/err"; then fail "an unwritable -o succeeded"; fi
grep -q "no/such/dir/pkg.sv" "$tmp/err" || fail "the unwritable path is not named: $(cat "$tmp/err")"
echo "ok: bad arguments are refused"
