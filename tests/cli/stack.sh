#!/usr/bin/env bash
# dpp stack: every hand-derived example under tests/stack/*.ev gives the STACK_SIZE and
# high-water line its "# expect:" lines state (the derivations are in each file), the trace
# shows A/B/need per line, and bad usage or input fails with the documented status and a
# file:line:col message.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
checks=0

# ---------------------------------------------------------------- hand-derived examples
declare -A per_rule=()
for ev in "$ROOT"/tests/stack/*.ev; do
  while IFS= read -r line; do
    [[ $line =~ ^#\ expect:\ (.*)\ =\>\ STACK_SIZE\ ([0-9]+)\ at\ line\ ([0-9]+)$ ]] || {
      bad "$ev: malformed expect line: $line"; continue; }
    args=${BASH_REMATCH[1]} size=${BASH_REMATCH[2]} at=${BASH_REMATCH[3]}
    rule=$(grep -oP -- '--rule \K\w+' <<<"$args")
    per_rule[$rule]=$((${per_rule[$rule]:-0} + 1))
    checks=$((checks + 1))
    # shellcheck disable=SC2086
    out=$("$DPP" stack "$ev" $args 2>&1) || { bad "$ev ($args): exit $?: $out"; continue; }
    [[ $out == "$ev: STACK_SIZE $size, high-water mark at line $at ("* ]] ||
      bad "$ev ($args): got '$out', want STACK_SIZE $size at line $at"
    # The same program fits in exactly that STACK_SIZE and overflows one less.
    # shellcheck disable=SC2086
    "$DPP" stack "$ev" $args --stack-size "$size" >/dev/null 2>&1 || bad "$ev ($args): fails at $size"
    # shellcheck disable=SC2086
    err=$("$DPP" stack "$ev" $args --stack-size $((size - 1)) 2>&1 >/dev/null); rc=$?
    [[ $rc == 1 && $err == "$ev:$at:"*": error: stack overflow: needs $size entries, STACK_SIZE is $((size - 1))" ]] ||
      bad "$ev ($args): --stack-size $((size - 1)) gave rc $rc '$err'"
  done < <(grep '^# expect:' "$ev")
done
for r in isa mesa llvm; do
  ((${per_rule[$r]:-0} >= 10)) || bad "only ${per_rule[$r]:-0} hand-derived examples for rule $r"
done

# ---------------------------------------------------------------- trace output
out=$("$DPP" stack "$ROOT/tests/stack/mixed.ev" --width 16 --rule mesa --chip r700 --trace)
grep -q ':12: push            entries 2 subentries 3 need 5$' <<<"$out" || bad "trace: $out"
grep -q ':15: loop_end        entries 0 subentries 0 need 0$' <<<"$out" || bad "trace end: $out"

# ---------------------------------------------------------------- bad input: exit 1, file:line:col
expect_error() { # name, file text (printf format), expected message suffix
  printf "$2" >"$tmp/$1.ev"
  err=$("$DPP" stack "$tmp/$1.ev" --width 64 --rule isa 2>&1 >/dev/null); rc=$?
  checks=$((checks + 1))
  [[ $rc == 1 && $err == "$tmp/$1.ev:$3" ]] || bad "$1: rc $rc, '$err', want '$tmp/$1.ev:$3'"
}
expect_error unknown_op 'push\n  frob 2\n' "2:3: error: unknown op 'frob'"
expect_error count_range 'pop 8\n' "1:5: error: POP_COUNT must be 0..7, not '8'"
expect_error count_word 'else taken 12\n' "1:12: error: POP_COUNT must be 0..7, not '12'"
expect_error opt_not_taken 'loop_start wqm\n' "1:12: error: option not taken by this op: 'wqm'"
expect_error opt_twice 'jump taken taken\n' "1:12: error: option given twice: 'taken'"
expect_error unknown_opt 'push wqm2\n' "1:6: error: unknown option 'wqm2'"
expect_error underflow '# c\npush\npop 2\n' "3:1: error: 'pop' pops more frames than are live (stack underflow)"
expect_error return_empty 'return\n' "1:1: error: 'return' pops more frames than are live (stack underflow)"
expect_error nul_byte 'push\npo\0p\n' "2:3: error: NUL byte in text"
printf 'push\n' >"$tmp/ok.ev"
for n in $(seq 1025); do echo loop_start; done >"$tmp/deep.ev"
err=$("$DPP" stack "$tmp/deep.ev" --width 64 --rule llvm 2>&1 >/dev/null); rc=$?
[[ $rc == 1 && $err == "$tmp/deep.ev:1025:1: error: 'loop_start' nests deeper than the tracker holds" ]] ||
  bad "deep: rc $rc '$err'"
err=$("$DPP" stack "$tmp/missing.ev" --width 64 --rule isa 2>&1); rc=$?
[[ $rc == 1 && $err == "$tmp/missing.ev: error: cannot open: "* ]] || bad "missing file: rc $rc '$err'"
# Empty and comment-only files need nothing.
printf '# nothing\n\n' >"$tmp/empty.ev"
out=$("$DPP" stack "$tmp/empty.ev" --width 32 --rule mesa) &&
  [[ $out == "$tmp/empty.ev: STACK_SIZE 0 (rule MESA, chip R7XX, width 32)" ]] || bad "empty: '$out'"

# ---------------------------------------------------------------- bad usage: exit 2
usage_case() {
  "$DPP" stack "$@" >/dev/null 2>&1; rc=$?
  checks=$((checks + 1))
  [[ $rc == 2 ]] || bad "usage '$*': rc $rc, want 2"
}
usage_case "$tmp/ok.ev" --width 64
usage_case "$tmp/ok.ev" --rule isa
usage_case --width 64 --rule isa
usage_case "$tmp/ok.ev" --width 24 --rule isa
usage_case "$tmp/ok.ev" --width 64 --rule gcc
usage_case "$tmp/ok.ev" --width 64 --rule isa --chip r900
usage_case "$tmp/ok.ev" --width 64 --rule isa --stack-size 256
usage_case "$tmp/ok.ev" --width 64 --rule isa --stack-size -1
usage_case "$tmp/ok.ev" --width 64 --rule isa --bogus 1
usage_case "$tmp/ok.ev" "$tmp/ok.ev" --width 64 --rule isa
usage_case "$tmp/ok.ev" --width
"$DPP" stack --help | drain_grep -q 'usage: dpp stack EVENTS' || bad "--help"
"$DPP" help | drain_grep -q '^  stack ' || bad "dpp help lists stack"

echo "stack.sh: $checks checks, $fails failures"
finish
