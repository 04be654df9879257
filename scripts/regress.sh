#!/usr/bin/env bash
# Runs a lock-step job list and gathers a summary and JUnit XML.
# Job file: one job per line, "NAME EXPECT COSIM-OPTIONS...", EXPECT = pass | mismatch;
# '#' starts a comment; options are split as xargs splits words, so "a b", 'it'"'"'s' and
# a\ b keep spaces and quotes; {build} stands for the build folder of the cosim that runs the
# jobs (the folder of --cosim), e.g. --program {build}/examples/mandelbrot.elf. Each job writes
# OUT/NAME.log and OUT/NAME.json; waveforms of mismatches go to OUT/waves/. Prints one line per job, then "regress: N passed, M failed",
# and writes OUT/summary.txt and OUT/junit.xml.
# Where the jobs run:
#   (default)            here, --par N at a time (xargs)
#   --sshloginfile FILE  GNU parallel over the hosts in FILE (":" is this machine); OUT, the
#                        checkout and the build must be at the same path on every host
#   --slurm              write OUT/regress.sbatch (an array job, --par tasks at a time) and
#                        stop; after `sbatch OUT/regress.sbatch` ends, run --gather OUT
#   --build-only         build the jobs' models and stop (CI builds them while it waits)
# Usage: scripts/regress.sh [--par N] [--out DIR] [--cosim PATH] [--sshloginfile FILE|--slurm]
#                           [--build-only] JOBFILE...
#        scripts/regress.sh --gather DIR
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
par=$(nproc 2>/dev/null || echo 2) out=$root/build/regress/run cosim=$root/build/cosim files=()
mode=local sshlogins="" gather_only=0 build_only=0
while (($#)); do
  case $1 in
    --par) par=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --cosim) cosim=$2; shift 2 ;;
    --sshloginfile) mode=parallel sshlogins=$2; shift 2 ;;
    --slurm) mode=slurm; shift ;;
    --gather) gather_only=1 out=$2; shift 2 ;;
    --build-only) build_only=1; shift ;;
    -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
    -*) echo "regress: unknown option $1" >&2; exit 2 ;;
    *) files+=("$1"); shift ;;
  esac
done
out=$(mkdir -p "$out" && cd "$out" && pwd) # absolute: jobs may run elsewhere
job=$root/scripts/regress_job.sh
source "$root/scripts/junit.sh"

# Summary and JUnit from OUT/jobs.list and the jobs' .result and .log files.
gather() {
  local names=() expects=() n e passed=0 failed res t
  while read -r n e; do names+=("$n"); expects+=("$e"); done <"$out/jobs.list"
  for n in "${names[@]}"; do
    res=$(cat "$out/$n.result" 2>/dev/null || echo "FAIL $n did not run")
    [[ $res == PASS* ]] && passed=$((passed + 1))
    echo "$res"
  done >"$out/summary.txt"
  failed=$((${#names[@]} - passed))
  echo "regress: $passed passed, $failed failed (${#names[@]} jobs)" >>"$out/summary.txt"
  for n in "${names[@]}"; do
    res=$(cat "$out/$n.result" 2>/dev/null || echo "FAIL $n did not run")
    t=$(grep -oP 'time=\K[0-9]+' <<<"$res" || echo 0)
    if [[ $res == PASS* ]]; then
      junit_case cosim "$n" "$t"
    else
      head -60 "$out/$n.log" 2>/dev/null | junit_case cosim "$n" "$t" failure "$res"
    fi
  done | junit_suite cosim >"$out/junit.xml"
  for n in "${names[@]}"; do
    grep -q '^PASS' "$out/$n.result" 2>/dev/null || { echo "--- $n:"; head -40 "$out/$n.log" 2>/dev/null; }
  done
  tail -1 "$out/summary.txt"
  echo "regress: summary $out/summary.txt, JUnit $out/junit.xml"
  ((failed == 0))
}

if ((gather_only)); then
  [[ -r $out/jobs.list ]] || { echo "regress: $out holds no prepared regression" >&2; exit 2; }
  gather
  exit
fi
((${#files[@]})) || { echo "regress: no job file (see --help)" >&2; exit 2; }
[[ $mode != parallel ]] || command -v parallel >/dev/null ||
  { echo "regress: --sshloginfile needs GNU parallel (scripts/deps.sh installs it)" >&2; exit 2; }
rm -rf "$out/jobs" && mkdir -p "$out/jobs" "$out/waves"
rm -f "$out"/*.result "$out/jobs.list"

# The build folder of the cosim: its models, and what {build} in a job stands for.
bdir=$(cd "$(dirname "$cosim")" && pwd) || { echo "regress: no folder for --cosim $cosim" >&2; exit 2; }

# Parse every job first so that a malformed line stops the run before anything starts.
declare -A seen=()
for f in "${files[@]}"; do
  [[ -r $f ]] || { echo "regress: cannot read $f" >&2; exit 2; }
  n=0
  while IFS= read -r line || [[ -n $line ]]; do
    n=$((n + 1))
    [[ $line =~ ^[[:space:]]*(#|$) ]] && continue
    read -r name expect rest <<<"$line"
    if [[ ! $name =~ ^[A-Za-z0-9_.-]+$ || ! $expect =~ ^(pass|mismatch)$ ]]; then
      echo "$f:$n: error: expected 'NAME pass|mismatch OPTIONS...', got: $line" >&2; exit 2
    fi
    [[ -z ${seen[$name]:-} ]] || { echo "$f:$n: error: job $name already defined at ${seen[$name]}" >&2; exit 2; }
    seen[$name]=$f:$n
    # xargs's word rules (quotes, backslashes, no expansion); a '#' inside quotes is kept.
    if ! xargs -r printf '%s\0' <<<"$rest" >"$out/jobs/$name.args" 2>"$out/jobs/$name.err"; then
      echo "$f:$n: error: $(sed 's/^xargs: //; s/;.*//' "$out/jobs/$name.err" | head -1)" >&2; exit 2
    fi
    sed -zi "s|{build}|${bdir//|/\\|}|g" "$out/jobs/$name.args"
    echo "$name $expect" >>"$out/jobs.list"
  done <"$f"
done
[[ -s $out/jobs.list ]] || { echo "regress: no jobs in ${files[*]}" >&2; exit 2; }
total=$(wc -l <"$out/jobs.list")

# The models are built once, up front, by one make that builds --par of them at a time: the
# front names each job's model (its options are checked on the way), then make builds those
# that are missing or out of date.
declare -A models=()
while read -r name expect; do
  mapfile -d '' args <"$out/jobs/$name.args"
  model=$(COSIM_PRINT_MODEL=1 "$cosim" "${args[@]}" 2>"$out/$name.build.log") ||
    { echo "regress: $name: cannot start (see $out/$name.build.log)" >&2; cat "$out/$name.build.log" >&2; exit 2; }
  # a user's design folder (cosim --design DIR) is built by its own Makefile on first use,
  # one job at a time under its lock: the kit's Makefile has no rule for it
  [[ $model == design-user-* ]] || models[$model]=1
done <"$out/jobs.list"
bins=()
for m in "${!models[@]}"; do bins+=("$bdir/cosim-$m"); done
if ! make -s -q -C "$root" BUILD="$bdir" "${bins[@]}" 2>/dev/null; then
  echo "regress: building the models of ${#models[@]} configurations ($par at a time)..." >&2
  make -s -C "$root" -j"$par" BUILD="$bdir" "${bins[@]}" >"$out/models.log" 2>&1 ||
    { cat "$out/models.log" >&2; echo "regress: a model did not build (log: $out/models.log)" >&2; exit 2; }
fi
if ((build_only)); then
  echo "regress: the models of ${#models[@]} configurations are built"
  exit 0
fi

start=$SECONDS
case $mode in
  local)
    xargs -P "$par" -L 1 "$job" "$out" "$cosim" <"$out/jobs.list" ;;
  parallel)
    # One job per slot; the job script and cosim are found at the same path on each host.
    parallel --sshloginfile "$sshlogins" -j "$par" --colsep ' ' --line-buffer \
      "$job" "$out" "$cosim" '{1}' '{2}' :::: "$out/jobs.list" ;;
  slurm)
    cat >"$out/regress.sbatch" <<SBATCH
#!/usr/bin/env bash
#SBATCH --job-name=cosim-regress
#SBATCH --array=1-$total%$par
#SBATCH --output=$out/slurm-%a.out
# Array task k runs line k of jobs.list; afterwards: scripts/regress.sh --gather $out
set -euo pipefail
read -r name expect < <(sed -n "\${SLURM_ARRAY_TASK_ID}p" "$out/jobs.list")
exec "$job" "$out" "$cosim" "\$name" "\$expect"
SBATCH
    chmod +x "$out/regress.sbatch"
    echo "regress: $total jobs in $out/regress.sbatch"
    echo "regress: submit with: sbatch $out/regress.sbatch"
    echo "regress: when the array is done: $root/scripts/regress.sh --gather $out"
    exit 0 ;;
esac
echo "regress: $total jobs ran in $((SECONDS - start)) s"
gather
