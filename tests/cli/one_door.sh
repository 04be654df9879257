#!/usr/bin/env bash
# The kit's own lock-step benches reach the golden model's RTL mirrors only
# through the public API (ctm.h), as a user's testbench does: libharness and
# the DPI glue call ctm_pred_*, ctm_stack_* and ctm_fc_*, and none of the
# mirrors' own entry points (pred_stack_step, stack_acct_step, fc_unit_step...);
# the program-driven runs step the processor array through ctm_model_*.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

lib=$BUILD/opt/libharness.a
[[ -f $lib ]] || fail "$lib not built"
undefined=$(nm -u "$lib" | awk '{print $NF}' | sort -u)

# The door is used: each handle is created, stepped and checked through it.
for f in ctm_pred_new_grouped ctm_pred_cycle ctm_pred_peek ctm_pred_expected ctm_pred_history \
         ctm_stack_new ctm_stack_cycle ctm_stack_expected ctm_stack_history ctm_fc_new ctm_fc_cycle \
         ctm_fc_expected; do
  grep -qx "$f" <<<"$undefined" || fail "libharness does not call $f"
done

# No way around it: the mirrors' constructors, steps and observers.
private='^(pred_stack_(create|destroy|reset|step|outputs|edge|observe)|stack_acct_(create|destroy|step)|fc_unit_(create|destroy|step))$'
bypass=$(grep -E "$private" <<<"$undefined" || true)
[[ -z $bypass ]] || fail "libharness calls the mirrors directly: $(paste -sd' ' <<<"$bypass")"
if grep -nE '\b(pred_stack|stack_acct|fc_unit)_(create|step|outputs|edge|observe)\(' dpi/*.c; then
  fail "the DPI glue calls a mirror directly"
fi
# The program-driven runs (fc --program, the system run) step the processor
# array through its ctm_model handle, never the stepper or dpp_run themselves.
for f in ctm_model_new ctm_model_set_input ctm_model_step ctm_model_port ctm_model_get_port; do
  grep -qx "$f" <<<"$undefined" || fail "libharness does not call $f"
done
if nm -A -u "$lib" | grep -E ' U (dpp_stepper_[a-z]*|dpp_run)$'; then
  fail "a bench steps the array around ctm_model"
fi
echo "ok: the benches reach the mirrors and the processor array only through ctm.h"
