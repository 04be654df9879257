#!/usr/bin/env bash
# build/cosim --check commit (docs/commit.md): fc_unit's results as commits, each context's 1..8
# cycles late, checked by libctm's commit checker. A correct unit passes with every step
# checked; a broken one is caught with the checker's report (context, wavefront, pc, field,
# both values), a waveform, and a replay that gives the same first difference; the system run
# names fc_unit as the failing unit, and pred_stack's ExecuteMasks, as control events, catch a
# wrong predicate mapping; at --level 2 each step's state (FC_STATE) and each predicate-stack op
# (PRED_OP) are checked too, and the wrong mapping is caught at its op; misuse of the options is
# a clear error (exit 3).
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cosim=$BUILD/cosim
prog=(--program "$BUILD/examples/mandelbrot.elf" --domain 64x32 --check commit)

# a correct unit: every START and FC step it took is a commit the checker matched
"$cosim" --block fc --contexts 4 --lanes 16 "${prog[@]}" >"$tmp/pass.log" 2>&1 ||
  { cat "$tmp/pass.log"; fail "fc --check commit did not pass"; }
steps=$(grep -oP 'fc: \K[0-9]+(?= flow-control steps)' "$tmp/pass.log")
commits=$(grep -oP 'checked at commit level: \K[0-9]+' "$tmp/pass.log")
[[ -n $steps && $steps == "$commits" && $steps -gt 1000 ]] ||
  { cat "$tmp/pass.log"; fail "$steps steps driven, $commits commits checked"; }

# a broken unit: the commit check alone (no cycle-level check runs) catches it
rc=0
"$cosim" --block fc --contexts 4 --lanes 16 "${prog[@]}" --rtl-variant fc_any_as_all \
  --out "$tmp/out" --json "$tmp/mm.json" >"$tmp/mm.log" 2>&1 || rc=$?
((rc == 1)) || { cat "$tmp/mm.log"; fail "fc_any_as_all under --check commit exited $rc"; }
first=$(grep -E '^  cycle [0-9]+, context [0-9]+ \(wave [0-9]+\), pc [0-9]+: FC: [a-z_]+: expected ' \
  "$tmp/mm.log") || { cat "$tmp/mm.log"; fail "the report does not name context, wave, pc and field"; }
grep -q '^commit-level mismatch (level 0, field)$' "$tmp/mm.log" || fail "no commit-level heading"
grep -q 'last commits of wave' "$tmp/mm.log" || fail "no last commits of the wavefront"
fst=$(grep -oP '^  waveform \K\S+\.fst' "$tmp/mm.log") && [[ -s $fst ]] ||
  { cat "$tmp/mm.log"; fail "no waveform of the window"; }
python3 - "$tmp/mm.json" <<'PY' || fail "the JSON report lacks the commit report"
import json, sys
r = json.load(open(sys.argv[1]))
c = r["commit"]
assert c["check"] == "commit" and c["what"] == "field", c
assert c["field"] == r["field"] and c["context"] == r["context"] and c["pc"] is not None, (c, r)
assert r["last_ops"] and all("commit" in op for op in r["last_ops"]), r["last_ops"]
PY
# the replay gives the same first difference
replay=$(grep -oP '^  replay   \K.*' "$tmp/mm.log")
rc=0
eval "$replay" --out "$tmp/out2" >"$tmp/replay.log" 2>&1 || rc=$?
((rc == 1)) && grep -qxF -- "$first" "$tmp/replay.log" ||
  { cat "$tmp/replay.log"; fail "the replay did not reproduce: $first"; }

# the system run: fc_unit at commit level, named as the failing unit
rc=0
"$cosim" --block system --contexts 3 --lanes 16 --addr-depth 2 --pred-depth 4 --domain 37x5 \
  --program "$BUILD/examples/mandelbrot.elf" --check commit --rtl-variant fc_any_as_all \
  --out "$tmp/out3" >"$tmp/sys.log" 2>&1 || rc=$?
((rc == 1)) && grep -q '^  unit     fc_unit$' "$tmp/sys.log" &&
  grep -q '^commit-level mismatch' "$tmp/sys.log" ||
  { cat "$tmp/sys.log"; fail "the system run did not name fc_unit at commit level (exit $rc)"; }

# the system run: pred_stack's ExecuteMasks as level-1 control events; a wrong mapping (ELSE as
# POP: pred_stack's own cycle-level check agrees with its mirror on the wrong ops) is caught by
# pred_stack's commit check, which names the unit, and the JSON holds its commit report
rc=0
"$cosim" --block system --contexts 3 --lanes 16 --addr-depth 2 --pred-depth 4 --domain 64x48 \
  --progen 1 --check commit --inject-map-bug else-as-pop --out "$tmp/out4" --json "$tmp/pred.json" \
  >"$tmp/pred.log" 2>&1 || rc=$?
((rc == 1)) && grep -q '^  unit     pred_stack, at commit level' "$tmp/pred.log" &&
  grep -q '^commit-level mismatch (level 1, ' "$tmp/pred.log" ||
  { cat "$tmp/pred.log"; fail "the wrong mapping was not caught by pred_stack's commit check (exit $rc)"; }
python3 - "$tmp/pred.json" <<'PY' || fail "the JSON report of pred_stack's commit mismatch"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["unit"] == "pred_stack" and r["commit"]["level"] == 1, r
assert r["commit"]["pc"] is not None and isinstance(r["commit"]["context"], int), r["commit"]
PY
# (at --pred-depth 4 the mapping runs out of stack for this program: the default depth is 64)
"$cosim" --block system --contexts 4 --lanes 64 --domain 64x48 --progen 1 --check commit \
  >"$tmp/predok.log" 2>&1 || { cat "$tmp/predok.log"; fail "progen 1 --check commit"; }
grep -q "commit check stops" "$tmp/predok.log" && fail "pred_stack's commit check stopped"
events=$(grep -oP 'pred_stack: checked at commit level: \K[0-9]+' "$tmp/predok.log")
[[ -n $events && $events -gt 20 ]] || { cat "$tmp/predok.log"; fail "pred_stack checked $events events"; }

# level 2: fc_unit's state after each step is a commit of its own (START/FC and FC_STATE)
"$cosim" --block fc --contexts 4 --lanes 16 "${prog[@]}" --level 2 >"$tmp/l2.log" 2>&1 ||
  { cat "$tmp/l2.log"; fail "fc --check commit --level 2 did not pass"; }
l2=$(grep -oP 'checked at commit level: \K[0-9]+(?= commits \(level 2)' "$tmp/l2.log")
[[ -n $l2 && $l2 == $((2 * steps)) ]] || { cat "$tmp/l2.log"; fail "level 2: $l2 commits of $steps steps"; }
# and the wrong mapping is caught at the op itself: ELSE's INV named as a POP
rc=0
"$cosim" --block system --contexts 3 --lanes 16 --progen 1 --check commit --level 2 \
  --inject-map-bug else-as-pop --out "$tmp/out5" --json "$tmp/l2.json" >"$tmp/l2mm.log" 2>&1 || rc=$?
((rc == 1)) && grep -q '^  unit     pred_stack, at commit level' "$tmp/l2mm.log" &&
  grep -q '^commit-level mismatch (level 2, field)$' "$tmp/l2mm.log" &&
  grep -Eq '^  cycle [0-9]+, context [0-9]+ \(wave [0-9]+\), pc [0-9]+: PRED_OP: op: expected 4, actual 3$' \
    "$tmp/l2mm.log" || { cat "$tmp/l2mm.log"; fail "level 2: the wrong mapping's op (exit $rc)"; }
python3 - "$tmp/l2.json" "$ROOT/docs/cosim-report.schema.json" <<'PY' || fail "the JSON report of the level-2 mismatch"
import json, sys, jsonschema
schema = json.load(open(sys.argv[2]))
c = json.load(open(sys.argv[1]))["commit"]
jsonschema.validate(c, {**schema, "$ref": "#/definitions/commit_report"})
assert c["level"] == 2 and c["field"] == "op" and c["design"]["kind"] == "PRED_OP", c
PY

# misuse: a clear error, exit 3
rc=0
"$cosim" --block fc --contexts 4 --lanes 16 "${prog[@]}" --level 1 >"$tmp/lv1.log" 2>&1 || rc=$?
((rc == 2)) && grep -q "'1' is not 0 or 2" "$tmp/lv1.log" || { cat "$tmp/lv1.log"; fail "--level 1 exited $rc"; }
rc=0
"$cosim" --block fc --contexts 4 --lanes 16 --program "$BUILD/examples/mandelbrot.elf" --level 2 \
  >"$tmp/lvc.log" 2>&1 || rc=$?
((rc == 3)) && grep -q -- '--level needs --check commit' "$tmp/lvc.log" ||
  { cat "$tmp/lvc.log"; fail "--level without --check commit exited $rc"; }
rc=0
"$cosim" --block fc --contexts 4 --lanes 16 --check commit >"$tmp/noprog.log" 2>&1 || rc=$?
((rc == 3)) && grep -q 'check commit needs --program' "$tmp/noprog.log" ||
  { cat "$tmp/noprog.log"; fail "--check commit without --program exited $rc"; }
rc=0
"$cosim" --block fc --check sometimes >"$tmp/bad.log" 2>&1 || rc=$?
((rc != 0)) && grep -q "'sometimes' is not cycle or commit" "$tmp/bad.log" ||
  { cat "$tmp/bad.log"; fail "--check sometimes exited $rc"; }
echo "ok: --check commit: $commits commits checked; fc_any_as_all caught at commit level and replayed"
