#!/usr/bin/env bash
# Runs one lock-step job of a regression prepared by scripts/regress.sh: reads the job's
# options from OUT/jobs/NAME.args (NUL-separated, so any option may hold spaces or quotes),
# runs cosim, and writes OUT/NAME.log, OUT/NAME.json and OUT/NAME.result. The same script
# runs under xargs, GNU parallel (on other hosts: OUT and COSIM must be on a shared path)
# and a Slurm array task.
# Usage: scripts/regress_job.sh OUT COSIM NAME EXPECT
# With REGRESS_DRY_RUN=1 it prints the cosim command (one word per line) instead.
set -uo pipefail
out=$1 cosim=$2 name=$3 expect=$4
mapfile -d '' args <"$out/jobs/$name.args" || { echo "regress: $name: no job file" >&2; exit 2; }
cmd=("$cosim" "${args[@]}" --quiet --json "$out/$name.json" --out "$out/waves")
if [[ ${REGRESS_DRY_RUN:-0} == 1 ]]; then
  printf '%s\n' "${cmd[@]}"
  exit 0
fi
start=$SECONDS
"${cmd[@]}" >"$out/$name.log" 2>&1
rc=$?
got=error
((rc == 0)) && got=pass
((rc == 1)) && got=mismatch
verdict=FAIL
[[ $got == "$expect" ]] && verdict=PASS
echo "$verdict $name expected=$expect got=$got rc=$rc time=$((SECONDS - start))s" >"$out/$name.result"
echo "[ $verdict ] $name (expected $expect, got $got)"
