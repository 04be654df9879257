#!/usr/bin/env bash
# dpp stack PROG.elf: every program under tests/stack/elf/*.s is assembled with `dpp asm`, and
# its "; expect:" lines (hand-derived in the file's header) give the STACK_SIZE and the slot of
# the high-water mark for each rule; the program must also fit in that STACK_SIZE and overflow
# one below at that slot. The trace shows the walk order through calls, and malformed programs,
# truncated executables and non-ELF files fail with exit 1 and a specific message.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
checks=0

assemble() { # src.s out.elf
  "$DPP" asm "$1" -o "$2" 2>"$tmp/asm.err" || { bad "asm $1: $(cat "$tmp/asm.err")"; return 1; }
}

# ---------------------------------------------------------------- hand-derived examples
declare -A per_rule=()
nfiles=0
for src in "$ROOT"/tests/stack/elf/*.s; do
  elf=$tmp/$(basename "$src" .s).elf
  assemble "$src" "$elf" || continue
  nfiles=$((nfiles + 1))
  n=0
  while IFS= read -r line; do
    [[ $line =~ ^\;\ expect:\ (.*)\ =\>\ STACK_SIZE\ ([0-9]+)\ at\ slot\ ([0-9]+)$ ]] || {
      bad "$src: malformed expect line: $line"; continue; }
    args=${BASH_REMATCH[1]} size=${BASH_REMATCH[2]} at=${BASH_REMATCH[3]}
    rule=$(grep -oP -- '--rule \K\w+' <<<"$args")
    per_rule[$rule]=$((${per_rule[$rule]:-0} + 1))
    checks=$((checks + 1)) n=$((n + 1))
    # shellcheck disable=SC2086
    out=$("$DPP" stack "$elf" $args 2>&1) || { bad "$src ($args): exit $?: $out"; continue; }
    [[ $out == "$elf: STACK_SIZE $size, high-water mark at slot $at ("* ]] ||
      bad "$src ($args): got '$out', want STACK_SIZE $size at slot $at"
    # shellcheck disable=SC2086
    "$DPP" stack "$elf" $args --stack-size "$size" >/dev/null 2>&1 || bad "$src ($args): fails at $size"
    # shellcheck disable=SC2086
    err=$("$DPP" stack "$elf" $args --stack-size $((size - 1)) 2>&1 >/dev/null); rc=$?
    [[ $rc == 1 && $err == "$elf: slot $at: error: stack overflow: needs $size entries, STACK_SIZE is $((size - 1))" ]] ||
      bad "$src ($args): --stack-size $((size - 1)) gave rc $rc '$err'"
  done < <(grep '^; expect:' "$src")
  ((n > 0)) || bad "$src: no expect lines"
done
((nfiles >= 10)) || bad "only $nfiles example programs"
for r in isa mesa llvm; do
  ((${per_rule[$r]:-0} >= 10)) || bad "only ${per_rule[$r]:-0} hand-derived examples for rule $r"
done

# ---------------------------------------------------------------- trace: the walk order
# call_in_if.s: the call at slot 1 walks the subroutine (slots 4-8) before the ENDIF at slot 2;
# ISA width 64 after each op (derivation in the file): B = 3, 4, 5, 6, 5, 4, then RETURN 3, POP 0.
elf=$tmp/call_in_if.elf
out=$("$DPP" stack "$elf" --width 64 --rule isa --trace)
checks=$((checks + 1))
slots=$(grep -oP ': slot \K[0-9]+(?=: )' <<<"$out" | tr '\n' ' ')
[[ $slots == "0 1 4 5 6 7 8 2 3 " ]] || bad "trace walk order: '$slots'"
grep -q ": slot 1: call     CALL            entries 0 subentries 4 need 1$" <<<"$out" || bad "trace call: $out"
grep -q ": slot 5: if       ALU_PUSH_BEFORE entries 0 subentries 6 need 2$" <<<"$out" || bad "trace if: $out"
grep -q ": slot 8: ret      RETURN          entries 0 subentries 3 need 1$" <<<"$out" || bad "trace ret: $out"
grep -q ": slot 2: endif    POP             entries 0 subentries 0 need 0$" <<<"$out" || bad "trace endif: $out"
# if_else.s: the ELSE pops nothing (B stays 3 at ISA width 64).
out=$("$DPP" stack "$tmp/if_else.elf" --width 64 --rule isa --trace)
grep -q ": slot 3: else     ELSE            entries 0 subentries 3 need 1$" <<<"$out" || bad "trace else: $out"
# A program without flow control needs nothing.
printf '    alu rgb mad r1.rgb, r0, #1, #0 alpha mad r1.a, r0, #1, #0\n' >"$tmp/flat.s"
assemble "$tmp/flat.s" "$tmp/flat.elf" &&
  out=$("$DPP" stack "$tmp/flat.elf" --width 32 --rule mesa) &&
  [[ $out == "$tmp/flat.elf: STACK_SIZE 0 (rule MESA, chip R7XX, width 32)" ]] || bad "flat: '${out:-}'"

# The example programs are structured: each walks under every rule (no value is asserted here).
for src in "$ROOT"/examples/*.s "$ROOT"/examples/*/*.s; do
  elf=$tmp/ex_$(basename "$src" .s).elf
  assemble "$src" "$elf" || continue
  for r in isa mesa llvm; do
    checks=$((checks + 1))
    out=$("$DPP" stack "$elf" --width 64 --rule $r 2>&1) && [[ $out == "$elf: STACK_SIZE "* ]] ||
      bad "example $src ($r): $out"
  done
done

# ---------------------------------------------------------------- malformed programs: exit 1
expect_error() { # name, assembly (printf format), expected message after "FILE: "
  printf "$2" >"$tmp/$1.s"
  assemble "$tmp/$1.s" "$tmp/$1.elf" || return
  err=$("$DPP" stack "$tmp/$1.elf" --width 64 --rule isa 2>&1 >/dev/null); rc=$?
  checks=$((checks + 1))
  [[ $rc == 1 && $err == "$tmp/$1.elf: $3" ]] || bad "$1: rc $rc, '$err', want '$tmp/$1.elf: $3'"
}
# Raw FC words for blocks the assembler would refuse to leave open or unmatched.
endif_raw='fc jump 1 jump_func=0x00 jump_any=1 b_op0=decr b_pop_cnt=%s'
if_raw='fc jump 1 jump_func=0x55 b_op0=incr'
expect_error unmatched_endif "    if b0\n    endif\n    $(printf "$endif_raw" 1)\n" \
  "slot 2: error: ENDIF pops 1 level but 0 IFs are open here"
expect_error endif_too_many "    $if_raw\n    $if_raw\n    $(printf "$endif_raw" 3)\n" \
  "slot 2: error: ENDIF pops 3 levels but 2 IFs are open here"
expect_error endif_in_loop ".int i0, 2, 0, 1\n    $if_raw\n    fc loop 3 int_addr=0\n    $(printf "$endif_raw" 1)\n" \
  "slot 2: error: ENDIF pops 1 level but 0 IFs are open here"
expect_error unmatched_ret "    if b0\n    endif\n    ret\n" \
  "slot 2: error: RET outside a subroutine (no CALL leads here)"
expect_error ret_in_if "    call f\n    fc jump end jump_func=0xff\nf:\n    if b0\n    ret\n    endif\n    ret\nend:\n" \
  "slot 3: error: RET inside the IF at slot 2 (returns only at a subroutine's top level)"
expect_error no_ret "    call f\nf:\n    if b0\n    endif\n" \
  "slot 0: error: the subroutine at slot 1 runs to the end of the program without RET"
expect_error recursion "    call f\n    fc jump end jump_func=0xff\nf:\n    call g\n    ret\ng:\n    call f\n    ret\nend:\n" \
  "slot 4: error: recursive call: the subroutine at slot 2 is already being walked (called at slot 0)"
expect_error unclosed_if "    $if_raw\n    if b1\n    endif\n" \
  "slot 0: error: IF is not closed before the end of the program"
expect_error else_alone ".int i0, 2, 0, 1\n    loop i0\n    fc jump 3 b_else=1 b_op1=decr b_pop_cnt=1\n    endloop\n" \
  "slot 1: error: ELSE without an open IF (the innermost open block is the LOOP at slot 0)"
expect_error endloop_over_if ".int i0, 2, 0, 1\n    fc loop 3 int_addr=0\n    $if_raw\n    fc endloop 1 jump_func=0xff jump_any=1\n" \
  "slot 2: error: ENDLOOP without an open LOOP (the innermost open block is the IF at slot 1)"
expect_error breakloop_in_rep ".int i0, 2, 0, 1\n    rep i0\n    fc breakloop 3 jump_func=0xff b_op1=decr\n    endrep\n" \
  "slot 1: error: BREAKLOOP inside the REP at slot 0"
expect_error break_bad_pops ".int i0, 2, 0, 1\n    loop i0\n    if b0\n    fc breakloop 5 jump_func=0xff b_op1=decr b_pop_cnt=2\n    endif\n    endloop\n" \
  "slot 2: error: BREAKLOOP pops 2 levels but 1 IF is open inside its loop"
expect_error backward "top:\n    if b0\n    endif\n    fc jump top jump_func=0xff\n" \
  "slot 2: error: backward JUMP to slot 0 (the walk follows forward jumps only)"
expect_error unstructured "    fc jump 1 jump_func=0x55\n" \
  "slot 0: error: FC word is no structured construct (fc_op=jump a_op=none b_else=0 b_op0=none b_op1=none jump_func=0x55)"
# Calls that fan out (each level calls the next twice, 2^19 walks of the last) stop at the
# visit limit with an error instead of running for ever.
{ echo "    call f0"; echo "    fc jump end jump_func=0xff"
  for i in $(seq 0 18); do echo "f$i:"; echo "    call f$((i + 1))"; echo "    call f$((i + 1))"; echo "    ret"; done
  echo "f19:"; echo "    ret"; echo "end:"; } >"$tmp/fanout.s"
if assemble "$tmp/fanout.s" "$tmp/fanout.elf"; then
  err=$(timeout 60 "$DPP" stack "$tmp/fanout.elf" --width 64 --rule isa 2>&1 >/dev/null); rc=$?
  checks=$((checks + 1))
  [[ $rc == 1 && $err == "$tmp/fanout.elf: slot "*": error: the walk visits more than 262144 instructions (calls fan out too widely)" ]] ||
    bad "fanout: rc $rc '$err'"
fi

# ---------------------------------------------------------------- bad files: exit 1
bad_file() { # name, expected message after "FILE: " (the file is $tmp/name)
  err=$("$DPP" stack "$tmp/$1" --width 64 --rule llvm 2>&1 >/dev/null); rc=$?
  checks=$((checks + 1))
  [[ $rc == 1 && $err == "$tmp/$1$2" ]] || bad "$1: rc $rc, '$err', want '$tmp/$1$2'"
}
head -c 100 "$tmp/if3.elf" >"$tmp/trunc100.elf"
bad_file trunc100.elf ": byte 28: error: program header table (2 entries at 52) runs past the end of the file (100 bytes; expected at least 116)"
head -c 3 "$tmp/if3.elf" >"$tmp/trunc3.elf"
bad_file trunc3.elf ": byte 3: error: file is 3 bytes, shorter than an ELF header (52)"
# Not an ELF file: read as an event list, which a binary file is not.
printf '\x89PNG\r\n\x1a\n\0\0' >"$tmp/image.png"
bad_file image.png ":3:1: error: NUL byte in text"
printf 'if b0\nendif\n' >"$tmp/source.s"
bad_file source.s ":1:1: error: unknown op 'if'"

echo "stack_elf.sh: $checks checks, $fails failures"
finish
