#!/usr/bin/env bash
# Program-driven lock-step (--block fc --program): the golden model runs a real
# CTM program and its flow-control steps drive the fc_unit RTL and the C mirror.
# Real programs pass at several shapes; every broken fc variant is caught by a
# real program; the replay command reproduces the mismatch; bad input exits 3.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cosim=$BUILD/cosim

for prog in examples/mandelbrot/mandelbrot.s tests/asm/cond_return.s tests/asm/cond_call_return.s \
            tests/asm/call_depth.s; do
  "$DPP" asm "$prog" -o "$tmp/$(basename "$prog" .s).elf"
done

# Real programs pass: lanes 64 and 16, several wavefronts in flight, partial wavefronts;
# the run drives every step of the program (as many as dpp run traces) and ends there.
for shape in "--contexts 4 --lanes 64" "--contexts 1 --lanes 16" "--contexts 3 --lanes 5"; do
  for p in mandelbrot:40x30 cond_return:13x3 cond_call_return:13x3 call_depth:9x2; do
    # shellcheck disable=SC2086
    out=$("$cosim" --block fc $shape --program "$tmp/${p%%:*}.elf" --domain "${p#*:}" 2>&1) ||
      fail "$p ($shape): $out"
    steps=$(grep -oP 'fc: \K[0-9]+(?= flow-control steps)' <<<"$out")
    cycles=$(grep -oP 'cycles=\K[0-9]+' <<<"$out")
    [[ -n $steps && $steps == "$cycles" && $steps -gt 3 ]] || fail "$p ($shape): $steps steps, $cycles cycles"
    if [[ $p == mandelbrot:* ]]; then # every step of the run, as dpp run traces them
      read -r c l <<<"$(sed 's/--contexts \([0-9]*\) --lanes \([0-9]*\)/\1 \2/' <<<"$shape")"
      "$DPP" run "$tmp/mandelbrot.elf" --domain "${p#*:}" --contexts "$c" --wave "$l" \
        --trace "$tmp/trace.txt" >/dev/null 2>&1
      traced=$(wc -l <"$tmp/trace.txt")
      ((steps == traced)) || fail "$p ($shape): $steps steps driven, dpp run traces $traced"
    fi
  done
done
echo "ok: real programs pass in lock-step"

# Each broken variant is caught by one of the programs, and the replay reproduces it.
for c in fc_break_no_restore:mandelbrot fc_pop_cnt_off_by_one:mandelbrot fc_any_as_all:mandelbrot \
         fc_else_any_counter:mandelbrot fc_addr_full_off_by_one:call_depth; do
  v=${c%%:*} p=${c#*:}
  set +e
  "$cosim" --block fc --contexts 4 --lanes 64 --program "$tmp/$p.elf" --domain 40x30 \
    --rtl-variant "$v" --json "$tmp/$v.json" --out "$tmp/waves" --quiet >/dev/null 2>&1
  rc=$?
  set -e
  ((rc == 1)) || fail "$v on $p: exit $rc, expected a mismatch"
  replay=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['replay'])" "$tmp/$v.json")
  [[ $replay == *"--program $tmp/$p.elf --domain 40x30"* ]] || fail "$v: replay lacks the program: $replay"
  set +e
  $replay --json "$tmp/$v.replay.json" --out "$tmp/waves" --quiet >/dev/null 2>&1
  rc=$?
  set -e
  ((rc == 1)) || fail "$v: replay exit $rc"
  for k in cycle context field expected actual; do
    a=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])" "$tmp/$v.json" "$k")
    b=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])" "$tmp/$v.replay.json" "$k")
    [[ $a == "$b" ]] || fail "$v: replay differs in $k ($a vs $b)"
  done
  echo "ok: $v caught by $p, replay identical"
done

# Bad input: a missing file, a file that is not an executable, a bad domain.
set +e
"$cosim" --block fc --program "$tmp/nope.elf" --cycles 10 2>"$tmp/err1"; rc1=$?
"$cosim" --block fc --program "$ROOT/README.md" --cycles 10 2>"$tmp/err2"; rc2=$?
"$cosim" --block fc --program "$tmp/call_depth.elf" --domain 0x4 --cycles 10 2>"$tmp/err3"; rc3=$?
set -e
((rc1 == 3)) && grep -q 'nope.elf' "$tmp/err1" || fail "missing program: exit $rc1: $(cat "$tmp/err1")"
((rc2 == 3)) && grep -q 'README.md' "$tmp/err2" || fail "not an ELF: exit $rc2: $(cat "$tmp/err2")"
((rc3 == 2)) && grep -q -- '--domain' "$tmp/err3" || fail "bad domain: exit $rc3: $(cat "$tmp/err3")"
echo "ok: bad input"
