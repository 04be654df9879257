#!/usr/bin/env bash
# Every broken RTL variant (pred_stack, stack_acct, fc_unit) must be caught by the lock-step run, with:
# a non-zero exit; a JSON report naming cycle, context, field and lanes; an FST
# that fst2vcd reads, covering the window before the mismatch; a .gtkw file on it;
# and a replay command that reproduces the same first mismatch.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cosim=$BUILD/cosim

# block  variant  options (a shape where the bug is reachable)
cases=(
  "pred full_off_by_one --contexts 8 --lanes 64 --depth 8"
  "pred inv_no_and --contexts 32 --lanes 20 --depth 32"
  "pred no_task_mask --contexts 32 --lanes 20 --depth 32"
  "pred underflow_wrap --contexts 1 --lanes 16 --depth 4"
  "pred push_setp_order --contexts 8 --lanes 64 --depth 8"
  "pred write_and --contexts 32 --lanes 20 --depth 32"
  "pred sfu_and --contexts 32 --lanes 20 --depth 32 --spu-sc 4"
  "pred sfu_wrong_spu --contexts 32 --lanes 20 --depth 32 --spu-sc 4"
  "pred spu_lane_task_mask --contexts 32 --lanes 20 --depth 32 --spu-sc 4"
  "stack stack_ceil_floor --width 16 --rule isa"
  "stack stack_first_extra_each --width 16 --rule isa"
  "stack stack_wqm_subentry --width 32 --rule mesa --chip evergreen"
  "stack stack_pop_not_taken --width 64 --rule llvm --chip cayman"
  "fc fc_else_any_counter --contexts 4 --lanes 16"
  "fc fc_pop_cnt_off_by_one --contexts 4 --lanes 16"
  "fc fc_any_as_all --contexts 4 --lanes 16"
  "fc fc_break_no_restore --contexts 4 --lanes 16"
  "fc fc_addr_full_off_by_one --contexts 4 --lanes 16"
  "fc fc_partial_mesa --contexts 4 --lanes 16"
)
# Per block: the DUT instance, a signal the .gtkw file must show, the fields that are lane masks.
declare -A dut=([pred]=dut_pred_stack [stack]=dut_stack_acct [fc]=dut_fc_unit)
declare -A gtkw_sig=([pred]=dut_pred_stack.obs_pred_o [stack]=dut_stack_acct.need_o
                     [fc]=dut_fc_unit.active_o)
declare -A lane_fields=([pred]='^(exec_mask|obs_pred|obs_task_mask|obs_exec_mask|obs_top)$'
                        [stack]='^$'
                        [fc]='^(want|active|br_inactive|loop_masked|loop_top_(live|brk|cont))$')
window=50
for c in "${cases[@]}"; do
  read -r block variant opts <<<"$c"
  json=$tmp/$variant.json
  set +e
  # shellcheck disable=SC2086
  "$cosim" --block "$block" $opts --seed 3 --cycles 2M --rtl-variant "$variant" \
    --wave-window $window --snapshot-interval 64 --json "$json" --out "$tmp/waves" >"$tmp/$variant.txt"
  rc=$?
  set -e
  ((rc == 1)) || fail "$variant: exit $rc, expected 1 (mismatch)"
  grep -q '^MISMATCH' "$tmp/$variant.txt" || fail "$variant: no MISMATCH line"

  # The JSON report: fields present and consistent with the text report.
  get() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); v=d$2; print(v if not isinstance(v,list) else ','.join(map(str,v)))" "$json"; }
  [[ $(get "$json" "['result']") == mismatch ]] || fail "$variant: result"
  cycle=$(get "$json" "['cycle']")
  ctx=$(get "$json" "['context']")
  field=$(get "$json" "['field']")
  lanes=$(get "$json" "['lanes']")
  [[ $cycle =~ ^[0-9]+$ && -n $field ]] || fail "$variant: cycle/field missing"
  if [[ $block == stack ]]; then
    [[ $ctx == None ]] || fail "$variant: a single-context block names context $ctx"
  else
    [[ $ctx =~ ^[0-9]+$ ]] || fail "$variant: context missing"
  fi
  grep -q "at cycle $cycle\$" "$tmp/$variant.txt" || fail "$variant: text and JSON disagree on the cycle"
  exp=$(get "$json" "['expected']"); act=$(get "$json" "['actual']")
  [[ $exp != "$act" ]] || fail "$variant: expected == actual"
  if [[ $field =~ ${lane_fields[$block]} ]]; then
    [[ -n $lanes ]] || fail "$variant: a lane field without a lane list"
  fi
  [[ $(get "$json" "['last_ops'][-1]['cycle']") -le $cycle ]] || fail "$variant: last_ops"

  # The waveform: fst2vcd reads it, and it spans the window up to the mismatch.
  fst=$(get "$json" "['wave']['fst']")
  gtkw=$(get "$json" "['wave']['gtkw']")
  from=$(get "$json" "['wave']['from_cycle']")
  [[ -s $fst && -s $gtkw ]] || fail "$variant: waveform files missing"
  fst2vcd "$fst" >"$tmp/$variant.vcd" 2>/dev/null || fail "$variant: fst2vcd cannot read $fst"
  first=$(grep -m1 '^#' "$tmp/$variant.vcd" | tr -d '#')
  last=$(grep '^#' "$tmp/$variant.vcd" | tail -1 | tr -d '#')
  want_from=$((cycle + 1 > window ? cycle + 1 - window : 0))
  ((from == want_from)) || fail "$variant: window starts at $from, expected $want_from"
  ((first == 10 * from)) || fail "$variant: FST starts at time $first, expected $((10 * from))"
  ((last >= 10 * cycle + 5)) || fail "$variant: FST ends at $last, before the mismatch cycle $cycle"
  grep -q "${dut[$block]}" "$tmp/$variant.vcd" || fail "$variant: DUT signals missing from the FST"
  grep -q "\[dumpfile\]" "$gtkw" && grep -q "${gtkw_sig[$block]}" "$gtkw" || fail "$variant: .gtkw content"

  # The replay command reproduces the same first mismatch.
  replay=$(get "$json" "['replay']")
  set +e
  $replay --json "$tmp/$variant.replay.json" --out "$tmp/replay" >/dev/null
  rc=$?
  set -e
  ((rc == 1)) || fail "$variant: replay exit $rc"
  for k in cycle context field expected actual lanes; do
    [[ $(get "$tmp/$variant.replay.json" "['$k']") == $(get "$json" "['$k']") ]] ||
      fail "$variant: replay differs in $k"
  done
  echo "ok: $variant caught at cycle $cycle, context $ctx, field $field; window $from..$cycle; replay identical"
done

# The same binaries without a variant pass; a bad option is a usage error.
"$cosim" --block pred --contexts 8 --lanes 64 --depth 8 --cycles 100k --quiet
"$cosim" --block fc --contexts 4 --lanes 16 --cycles 100k --quiet
set +e
"$cosim" --block pred --cycles nope 2>/dev/null; rc=$?
set -e
((rc == 2)) || fail "bad --cycles: exit $rc, expected 2"
echo "all broken variants caught"
