#!/usr/bin/env bash
# dpi/ctm_ports_pkg.sv is what `dpp svpkg` writes from libctm's port tables (so the SV structs and
# ctm.h's cannot drift), every struct is as wide as its C struct, and a bad argument is refused.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

"$DPP" svpkg -o "$tmp/pkg.sv" || fail "dpp svpkg exited $?"
diff -u dpi/ctm_ports_pkg.sv "$tmp/pkg.sv" >"$tmp/diff" ||
  { cat "$tmp/diff"; fail "dpi/ctm_ports_pkg.sv is stale: run build/dpp svpkg -o dpi/ctm_ports_pkg.sv"; }
"$DPP" svpkg | cmp -s - "$tmp/pkg.sv" || fail "dpp svpkg to stdout and to -o differ"

# Each struct's bits are its C struct's bytes (ctm.h, the sizes the library asserts).
declare -A bytes=([ctm_pred_in_t]=24 [ctm_pred_out_t]=48 [ctm_stack_in_t]=16 [ctm_stack_out_t]=24)
for t in "${!bytes[@]}"; do
  bits=$(awk -v t="$t" '/typedef struct packed/ {n = 0; next}
    /bit \[/ {split($0, a, /[\[:]/); n += a[2] + 1}
    $0 ~ "} " t ";" {print n}' "$tmp/pkg.sv")
  [[ $bits == $((8 * bytes[$t])) ]] || fail "$t: $bits bits, its C struct has ${bytes[$t]} bytes"
done
echo "ok: dpi/ctm_ports_pkg.sv is current; its structs are their C structs' sizes"

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
echo "ok: the package lints"

if "$DPP" svpkg --bogus >"$tmp/out" 2>&1; then fail "dpp svpkg --bogus succeeded"; fi
grep -q "unexpected argument '--bogus'" "$tmp/out" || fail "no message for --bogus: $(cat "$tmp/out")"
if "$DPP" svpkg -o "$tmp/no/such/dir/pkg.sv" 2>"$tmp/err"; then fail "an unwritable -o succeeded"; fi
grep -q "no/such/dir/pkg.sv" "$tmp/err" || fail "the unwritable path is not named: $(cat "$tmp/err")"
echo "ok: bad arguments are refused"
