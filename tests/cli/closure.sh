#!/usr/bin/env bash
# dpp closure PROFILE: random programs seed after seed through the model until every control
# coverage bin is hit or the budget is spent. Bad use is exit 2 naming what is wrong; a run
# stops at its budget, its JSON adds up (hit = bins with hits, never_hit the rest, the seeds
# that hit a new bin start at the first seed and rise), the hits of two programs are the sum of
# each one's, and the divergent profile covers more bins than the default one over the same
# seeds (the point of it: issue 39). The partial profile's programs run in partial mode: they
# reach its branch limit (6, stack.branch_limit, which full mode's 32 never is here), split their
# lanes at level 6, and hit no loop, call or return bin.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

expect_bad() { # pattern args...
  local pat=$1 rc=0
  shift
  "$DPP" closure "$@" >/dev/null 2>"$tmp/err" || rc=$?
  ((rc == 2)) || bad "closure $*: exit $rc, expected 2"
  grep -Eq -- "$pat" "$tmp/err" || bad "closure $*: no /$pat/ in: $(cat "$tmp/err")"
}
expect_bad "missing PROFILE" --budget 3
expect_bad "PROFILE: 'bogus' is not one of default, divergent, partial" bogus
expect_bad "PROFILE: 'nope' is not one of" divergent,nope
expect_bad "--budget: '0' is not in 1..100000" divergent --budget 0
expect_bad "--lanes: '65' is not in 1..64" divergent --lanes 65
"$DPP" closure --help | grep -q "until every bin is hit" || bad "closure --help"

"$DPP" closure divergent --budget 6 --json "$tmp/six.json" >"$tmp/six.txt" 2>"$tmp/six.err" ||
  fail "closure divergent --budget 6"
grep -Eq '^closure: divergent: 6 programs, [1-9][0-9]* of [0-9]+ bins hit' "$tmp/six.txt" ||
  bad "no result line: $(head -2 "$tmp/six.txt")"
[[ $(grep -c '^closure: program [1-6] (divergent, seed [1-6])' "$tmp/six.err") == 6 ]] ||
  bad "no progress line per program: $(cat "$tmp/six.err")"
"$DPP" closure divergent --from 1 --budget 1 --quiet --json "$tmp/s1.json" >/dev/null || fail "seed 1"
"$DPP" closure divergent --from 2 --budget 1 --quiet --json "$tmp/s2.json" >/dev/null || fail "seed 2"
"$DPP" closure divergent --from 1 --budget 2 --quiet --json "$tmp/s12.json" >/dev/null || fail "seeds 1-2"
"$DPP" closure default --budget 20 --quiet --json "$tmp/def.json" >/dev/null || fail "default 20"
"$DPP" closure divergent --budget 20 --quiet --json "$tmp/div.json" >/dev/null || fail "divergent 20"
"$DPP" closure partial --budget 5 --quiet --json "$tmp/part.json" >/dev/null || fail "partial 5"
python3 - "$tmp" <<'PY' || bad "the closure's JSON"
import json, sys
t = sys.argv[1]
load = lambda n: json.load(open(f"{t}/{n}.json"))
six = load("six")
assert six["programs"] == 6 and six["profile"] == "divergent", six
hit = [k for k, v in six["hits"].items() if v]
assert six["hit"] == len(hit) and six["bins"] == len(six["hits"]), six
assert sorted(six["never_hit"]) == sorted(k for k, v in six["hits"].items() if not v), six
assert six["seeds"][0] == 1 and six["seeds"] == sorted(six["seeds"]) and six["seeds"][-1] <= 6, six
s1, s2, s12 = load("s1"), load("s2"), load("s12")
for k in s12["hits"]:
    assert s12["hits"][k] == s1["hits"][k] + s2["hits"][k], k
assert sum(s12["hits"].values()) > 0
d, v = load("def"), load("div")
assert v["hit"] > d["hit"], (v["hit"], d["hit"])
print(f"ok: 20 programs cover {v['hit']} bins divergent, {d['hit']} default, of {v['bins']}")
p = load("part")
hit = sorted(k for k, n in p["hits"].items() if n)
assert "stack.branch_limit" in hit and "IF.diverged.d6" in hit, hit
assert d["hits"]["stack.branch_limit"] == v["hits"]["stack.branch_limit"] == 0
loopy = ("LOOP", "ENDLOOP", "REP", "ENDREP", "BREAK", "CONTINUE", "CALL", "RET")
assert not [k for k in hit if k.split(".")[0] in loopy or k.startswith(("loop.", "call.", "ret."))], hit
PY
finish
