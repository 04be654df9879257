#!/usr/bin/env bash
# Two runs that need the same model at once (two jobs of a regression, two users' shells)
# build it once: the second waits for the first's build (a lock per model in the cosim front
# and in scripts/vbuild.sh), and both then run it. Without the lock both built it in the same
# folder, and one relinked under the other (a chance LTO link failure, a missing Vtb).
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
model=pred-2x3x2 # a shape no other test uses, so that this one decides when it is built
rm -rf "$BUILD/cosim-$model" "$BUILD/vlt/$model" "$BUILD/vlt/$model.lock"
opts=(--block pred --contexts 2 --lanes 3 --depth 2 --cycles 20k --quiet)
"$BUILD/cosim" "${opts[@]}" --seed 1 >"$tmp/a.out" 2>"$tmp/a.err" & a=$!
"$BUILD/cosim" "${opts[@]}" --seed 2 >"$tmp/b.out" 2>"$tmp/b.err" & b=$!
wait $a; rc_a=$?
wait $b; rc_b=$?
((rc_a == 0 && rc_b == 0)) || fail "exits $rc_a and $rc_b: $(cat "$tmp/a.err" "$tmp/b.err")"
builds=$(cat "$tmp/a.err" "$tmp/b.err" | grep -c "building the $model model")
((builds == 1)) || fail "the model was built $builds times: $(cat "$tmp/a.err" "$tmp/b.err")"
[[ -x $BUILD/cosim-$model ]] || fail "no $BUILD/cosim-$model"
echo "ok: two runs at once built $model once and both passed"
