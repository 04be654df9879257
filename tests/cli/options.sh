#!/usr/bin/env bash
# One option style for dpp and cosim (csim/util/cliopt.h): --opt value and --opt=value, unknown
# options and missing required ones named, counts in base 10 with k/M/G and overflow refused;
# the cosim --json report path is checked before the run.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cosim=$BUILD/cosim
elf=$BUILD/examples/mandelbrot.elf
# expect RC 'TEXT in stderr' command... : the exit status and a message on stderr
expect() {
  local rc=$1 text=$2 got; shift 2
  "$@" >"$tmp/out" 2>"$tmp/err"; got=$?
  if [[ $got != "$rc" ]] || ! grep -qF -- "$text" "$tmp/err"; then
    bad "$* -> exit $got, stderr '$(head -c 300 "$tmp/err")'; want exit $rc and '$text'"
  else
    echo "ok: $* -> $rc: $(head -1 "$tmp/err")"
  fi
}

# dpp: both value spellings, named errors.
"$DPP" run "$elf" --domain=8x4 --out="0=$tmp/a.txt" >/dev/null && [[ $(wc -l <"$tmp/a.txt") == 32 ]] ||
  bad "dpp run --domain=8x4 --out=...: not accepted"
expect 2 "dpp run: unknown option '--stat'" "$DPP" run "$elf" --domain 4x4 --stat
expect 2 "dpp run: missing --domain" "$DPP" run "$elf"
expect 2 "dpp run: missing PROG.elf" "$DPP" run --domain 4x4
expect 2 "dpp run: --domain needs a value" "$DPP" run "$elf" --domain
expect 2 "dpp run: --tiled takes no value" "$DPP" run "$elf" --domain 4x4 --tiled=1
expect 2 "dpp exec: missing --mem" "$DPP" exec x.cb
expect 2 "dpp asm: missing -o" "$DPP" asm "$ROOT/tests/asm/flow.s"
expect 2 "dpp stack: missing --rule" "$DPP" stack "$ROOT/tests/stack/mixed.ev" --width=64
expect 2 "dpp disasm: unknown option '--out'" "$DPP" disasm "$elf" --out x.s
# Chip profiles (docs/timing.md): an unknown chip, a timeline without one, or neither .fst nor
# .vcd, or one that cannot be created.
expect 2 "dpp run: --chip: unknown chip 'cypress' (ctm|cayman|rv740)" "$DPP" run "$elf" --domain 4x4 --chip cypress
expect 2 "dpp exec: --chip: unknown chip 'r600' (ctm|cayman|rv740)" "$DPP" exec x.cb --mem y --chip r600
expect 2 "dpp run: --timeline needs --chip cayman or rv740" "$DPP" run "$elf" --domain 4x4 --timeline "$tmp/x.fst"
expect 2 "dpp run: --timeline: 'x.txt' is not FILE.fst or FILE.vcd" "$DPP" run "$elf" --domain 4x4 --chip cayman --timeline x.txt
expect 1 "$tmp/no/dir/x.fst: error: cannot create: No such file or directory" \
  "$DPP" run "$elf" --domain 4x4 --chip cayman --timeline "$tmp/no/dir/x.fst"
# an FST is converted by gtkwave's vcd2fst: without it on PATH, an error before the run that
# says what to install (and that .vcd needs nothing), and no file left behind
expect 1 "$tmp/x.fst: error: writing FST needs vcd2fst (Debian's gtkwave package) on PATH; or name the file .vcd" \
  env PATH=/nonexistent "$DPP" run "$elf" --domain 4x4 --chip cayman --timeline "$tmp/x.fst"
[[ ! -e $tmp/x.fst ]] || bad "a failed --timeline left $tmp/x.fst"
"$DPP" run --help | drain_grep -q -- '--chip ctm|cayman|rv740' && "$DPP" run --help | drain_grep -q -- '--timeline FILE.fst' &&
  "$DPP" exec --help | drain_grep -q -- '--chip ctm|cayman|rv740' || bad "--help does not list --chip and --timeline"

# Counts: base 10 (a leading zero is not octal), k/M/G, overflow and hex refused.
"$DPP" run "$elf" --domain 8x2 --wave 08 --out "0=$tmp/w8.txt" >/dev/null || bad "--wave 08 refused"
"$DPP" run "$elf" --domain 8x2 --wave 010 --step-limit 2k --out "0=$tmp/w10.txt" >/dev/null ||
  bad "--wave 010 --step-limit 2k refused"
cmp -s "$tmp/w8.txt" "$tmp/w10.txt" || bad "results differ with the wavefront size"
expect 2 "'0x10' is not a count" "$DPP" run "$elf" --domain 4x4 --wave 0x10
expect 2 "too large" "$DPP" run "$elf" --domain 4x4 --step-limit 99999999999999999999
expect 2 "too large" "$DPP" exec x.cb --mem y --mem-size 5G
"$cosim" --cycles 010 >"$tmp/out" && grep -q ' cycles=10 ' "$tmp/out" || bad "cosim --cycles 010: $(cat "$tmp/out")"
"$cosim" --cycles 08 >"$tmp/out" && grep -q ' cycles=8 ' "$tmp/out" || bad "cosim --cycles 08: $(cat "$tmp/out")"
"$cosim" --cycles=3k >"$tmp/out" && grep -q ' cycles=3000 ' "$tmp/out" || bad "cosim --cycles=3k: $(cat "$tmp/out")"
expect 2 "cosim: --cycles: '18446744073709551616' is too large" "$cosim" --cycles 18446744073709551616
expect 2 "cosim: --cycles: '20000000000G' is too large" "$cosim" --cycles 20000000000G
expect 2 "cosim: --seed: '-1' is not a count" "$cosim" --seed -1
expect 2 "cosim: unknown option '--stat' for --block pred" "$cosim" --stat
expect 2 "cosim: --contexts: '65' is not in 1..64" "$cosim" --contexts=65

# cosim --json into a missing directory: a usage error before the run (was: PASS, exit 1).
expect 2 "cosim: --json: cannot create $tmp/missing/r.json" "$cosim" --cycles 100 --json "$tmp/missing/r.json"
! grep -q PASS "$tmp/out" || bad "cosim printed PASS with an unwritable report"

# Every option's help in every dpp --help is a whole sentence (run --help cut one at --cond-buf).
for cmd in asm disasm run exec stack; do
  "$DPP" "$cmd" --help | awk -v cmd="$cmd" '
    /^  -/ { if (h != "") check(h); h = $0; next }
    /^     / && h != "" { h = h " " $0; next }
    { if (h != "") check(h); h = "" }
    END { if (h != "") check(h) }
    function check(s) { gsub(/ +/, " ", s); if (s ~ / (with|the|a|an|and|or|of|to|on|at)$/) { print "FAIL: dpp " cmd " --help: cut sentence: " s; bad = 1 } }
    END { exit bad }' || fails=$((fails + 1))
done
finish
