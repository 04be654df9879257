#!/usr/bin/env bash
# scripts/regress.sh hands the same job list to xargs (here), GNU parallel (--sshloginfile;
# ":" is this machine) and a Slurm array script (--slurm, then --gather); all three give
# the same verdicts, summary and a JUnit file xmllint accepts. The Slurm script is checked
# by a dry run of its job expansion (each array task's cosim command), then run task by
# task here as Slurm would.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cat >"$tmp/d.jobs" <<JOBS
p-pass   pass --block pred --contexts 8 --lanes 64 --depth 8 --seed 5 --cycles 20k
p-bug    mismatch --block pred --contexts 32 --lanes 20 --depth 32 --seed 3 --rtl-variant inv_no_and
fc-prog  pass --block fc --contexts 1 --lanes 64 --program "$BUILD/examples/mandelbrot.elf" --domain 8x8
JOBS
regress=("$ROOT/scripts/regress.sh" --par 2 --cosim "$BUILD/cosim")
verdicts() { cut -d' ' -f1-4 "$1/summary.txt" | sort; }

"${regress[@]}" --out "$tmp/local" "$tmp/d.jobs" >/dev/null 2>&1 || fail "local run"
[[ $(tail -1 "$tmp/local/summary.txt") == "regress: 3 passed, 0 failed (3 jobs)" ]] || fail "local summary"

echo ":" >"$tmp/hosts"
"${regress[@]}" --out "$tmp/par" --sshloginfile "$tmp/hosts" "$tmp/d.jobs" >"$tmp/par.log" 2>&1 ||
  { cat "$tmp/par.log"; fail "GNU parallel run"; }
diff <(verdicts "$tmp/local") <(verdicts "$tmp/par") || fail "parallel verdicts differ"
xmllint --noout "$tmp/par/junit.xml" || fail "parallel JUnit"
echo "ok: GNU parallel: $(tail -1 "$tmp/par/summary.txt")"

"${regress[@]}" --out "$tmp/slurm" --slurm "$tmp/d.jobs" >"$tmp/slurm.log" 2>&1 || fail "--slurm"
script=$tmp/slurm/regress.sbatch
grep -qx '#SBATCH --array=1-3%2' "$script" || fail "array line: $(grep array "$script")"
grep -q "sbatch $script" "$tmp/slurm.log" || fail "no sbatch command in: $(cat "$tmp/slurm.log")"
# Dry run: task k expands to job k's cosim command, its options kept whole.
k=0
while read -r name _ opts; do
  k=$((k + 1))
  SLURM_ARRAY_TASK_ID=$k REGRESS_DRY_RUN=1 bash "$script" >"$tmp/cmd$k" || fail "task $k dry run"
  grep -qx -- "--json" "$tmp/cmd$k" && grep -qx -- "$tmp/slurm/$name.json" "$tmp/cmd$k" ||
    fail "task $k does not run $name: $(tr '\n' ' ' <"$tmp/cmd$k")"
done < <(grep -v '^#' "$tmp/d.jobs")
grep -qx "$BUILD/examples/mandelbrot.elf" "$tmp/cmd3" || fail "task 3 lost its quoted program path"
[[ ! -e $tmp/slurm/p-pass.result ]] || fail "a dry run ran a job"
echo "ok: Slurm dry run: 3 tasks expand to their jobs"
for k in 1 2 3; do SLURM_ARRAY_TASK_ID=$k bash "$script" >/dev/null || fail "task $k"; done
"$ROOT/scripts/regress.sh" --gather "$tmp/slurm" >/dev/null || fail "--gather"
diff <(verdicts "$tmp/local") <(verdicts "$tmp/slurm") || fail "Slurm verdicts differ"
xmllint --noout "$tmp/slurm/junit.xml" || fail "Slurm JUnit"
echo "ok: Slurm tasks run here and gathered: $(tail -1 "$tmp/slurm/summary.txt")"
