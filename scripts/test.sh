#!/usr/bin/env bash
# Runs every test group, writes one JUnit report of all of them (BUILD/test-results.xml,
# checked by xmllint) and ends with one summary line "total: N passed, M failed" and the wall
# time of each part and of the whole.
#   unit   : each build/san/tests/test_* (cmocka, ASan/UBSan), with cmocka's own JUnit output
#   cli    : each tests/cli/*.sh but lib.sh, which they share (one test each; gets DPP, BUILD, ROOT
#            in the environment). A script that exits 77 could not run here (what it needs is
#            missing, its last line says what): reported SKIPPED, in the JUnit and the summary,
#            never counted as passed
#   python : pytest over the Python package (python/tests) with the shared libctm, Debian's
#            python3 (its JUnit)
#   cosim  : the lock-step job list tests/cosim/test.jobs (one test per job, regress.sh's JUnit)
# The unit and CLI tests are independent processes: they run PAR at a time (default 2), the
# longest first (by the times of the last run's report), each line printed as it ends.
# Usage: scripts/test.sh [--build DIR] [--only unit|cli|python|cosim]
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=build only=""
while (($#)); do
  case $1 in
    --build) build=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
    *) echo "test.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
cd "$root"
source scripts/junit.sh
par=${PAR:-2}
t_start=$SECONDS
parts=$build/test-results # one JUnit file per part, merged at the end
report=$build/test-results.xml
# The last run's time of each CLI script (name -> seconds), to start the longest first. A fresh
# clone has no last run: the long ones' typical times on 2 cores (a CI run's) stand in, or the
# longest would start in alphabetical order, late, and the pool's tail would run them alone.
declare -A last_time=([designs]=890 [cosim_bugs]=700 [cosim_system]=460 [cosim_program]=240
  [install]=210 [cocotb]=200 [cosim_design]=115 [stack_elf]=60 [cosim_commit]=55)
if [[ -f $report ]]; then
  while read -r k v; do last_time[$k]=$v; done < <(
    grep -oP '<testcase classname="cli" name="\K[^"]+" time="[0-9.]+' "$report" | sed 's/" time="/ /')
fi
rm -rf "$parts" && mkdir -p "$parts"
failures=() times=()
want() { [[ -z $only || $only == "$1" ]]; }
# The CLI tests: every script of tests/cli (CLI_DIR, for test.sh's own test) but the library
# they source.
cli_tests=()
for t in "${CLI_DIR:-tests/cli}"/*.sh; do [[ -f $t && $t != */lib.sh ]] && cli_tests+=("$t"); done

# A testsuite of one errored testcase, for a part that could not report itself.
error_suite() { # file suite case message logfile
  tail -40 "$5" | junit_case "$2" "$3" 0 error "$4" | junit_suite "$2" >"$1"
}

# xpath NUMBER-EXPRESSION FILE: e.g. sum(//testsuite/@tests)
count() { xmllint --xpath "$1" "$2" 2>/dev/null | cut -d. -f1; }

# One unit-test binary: its JUnit in $parts/unit-NAME.xml, its verdict (0 passed) in .rc.
run_unit() {
  local t=$1 name xml log rc n f
  name=$(basename "$t") xml=$parts/unit-$name.xml log=$parts/unit-$name.log
  CMOCKA_MESSAGE_OUTPUT=xml CMOCKA_XML_FILE=$xml "$t" >"$log" 2>&1
  rc=$?
  if ! xmllint --noout "$xml" 2>/dev/null; then
    error_suite "$xml" "$name" "run" "$name exited $rc without a complete JUnit report" "$log"
  fi
  n=$(count 'sum(//testsuite/@tests)' "$xml") f=$(count 'sum(//testsuite/@failures) + sum(//testsuite/@errors)' "$xml")
  if ((rc != 0 || f > 0)); then
    # An exit without a failed case (a sanitizer report after the last test) still fails.
    if ((f == 0)); then
      rm -f "$xml"
      error_suite "$xml" "$name" "exit" "$name exited $rc after its tests passed" "$log"
    fi
    echo "[ FAIL ] unit: $name (exit $rc; report $xml)"
    xmllint --xpath '//failure/text() | //error/@message' "$xml" 2>/dev/null | head -20
    tail -20 "$log"
    echo 1 >"$parts/unit-$name.rc"
  else
    echo "[ PASS ] unit: $name ($n tests)"
    echo 0 >"$parts/unit-$name.rc"
  fi
}

# One CLI script: its testcase element in $parts/cli-NAME.case, its verdict in .rc.
run_cli() {
  local t=$1 name log start rc secs
  name=$(basename "$t" .sh) log=$build/cli-$(basename "$t").log
  start=$(date +%s.%N)
  DPP="$root/$build/san/dpp" BUILD="$root/$build" ROOT="$root" bash "$t" >"$log" 2>&1
  rc=$?
  secs=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.3f", b - a }')
  if ((rc == 0)); then
    echo "[ PASS ] $t (${secs%.*} s)"
    junit_case cli "$name" "$secs" >"$parts/cli-$name.case"
  elif ((rc == 77)); then
    echo "[ SKIP ] $t: $(tail -1 "$log")" | tee "$parts/cli-$name.skip"
    tail -1 "$log" | junit_case cli "$name" "$secs" skipped "could not run here" >"$parts/cli-$name.case"
    rc=0
  else
    { echo "[ FAIL ] $t (log: $log)"; tail -20 "$log"; }
    tail -60 "$log" | junit_case cli "$name" "$secs" failure "exit $rc" >"$parts/cli-$name.case"
  fi
  echo "$rc" >"$parts/cli-$name.rc"
}

# A stopped run stops its pool: a TERM or INT (a kill of make, CI's budget) ends every test the
# pool runs, each with all it started, instead of leaving the pool's subshells to start the rest.
# Each tree is stopped from the top down first, so that nothing in it starts a new process while
# it is being ended.
kill_tree() { # PID
  local c
  kill -STOP "$1" 2>/dev/null
  for c in $(ps -o pid= --ppid "$1" 2>/dev/null); do kill_tree "$c"; done
  kill -TERM "$1" 2>/dev/null
  kill -CONT "$1" 2>/dev/null
}
stop_pool() { # EXIT-STATUS
  local p
  trap - TERM INT
  for p in $(jobs -p); do kill_tree "$p"; done
  echo "test.sh: stopped; the tests that were running are ended" >&2
  exit "$1"
}
trap 'stop_pool 143' TERM
trap 'stop_pool 130' INT

# The tasks of the pool, "KIND PATH", the longest of the last run first.
tasks=()
if want unit; then
  echo "== unit tests (cmocka, ASan/UBSan)"
  for t in "$build"/san/tests/test_*; do [[ -x $t ]] && tasks+=("unit $t"); done
fi
if want cli; then
  echo "== command-line tests"
  for t in "${cli_tests[@]}"; do tasks+=("cli $t"); done
fi
if ((${#tasks[@]})); then
  pool_start=$SECONDS
  # A CLI script's last time first; unit binaries (a few seconds each) count 0, so that they
  # fill the gaps at the end.
  mapfile -t tasks < <(for k in "${tasks[@]}"; do
    n=${k##*/}; [[ $k == cli* ]] && echo "${last_time[${n%.sh}]:-0} $k" || echo "0 $k"
  done | sort -t' ' -k1,1gr -s | cut -d' ' -f2-)
  for k in "${tasks[@]}"; do
    while (($(jobs -rp | wc -l) >= par)); do wait -n; done
    read -r kind path <<<"$k"
    if [[ $kind == unit ]]; then run_unit "$path" & else run_cli "$path" & fi
  done
  wait
  for k in "${tasks[@]}"; do # a unit binary that left no verdict failed too
    [[ $k == unit* ]] || continue
    name=${k##*/}
    [[ $(cat "$parts/unit-$name.rc" 2>/dev/null) == 0 ]] || failures+=("unit: $name")
  done
  if want cli; then
    for t in "${cli_tests[@]}"; do
      name=$(basename "$t" .sh)
      cat "$parts/cli-$name.case" 2>/dev/null || junit_case cli "$name" 0 error "did not run" </dev/null
      if [[ $(cat "$parts/cli-$name.rc" 2>/dev/null) != 0 ]]; then failures+=("cli: $t"); fi
    done >"$parts/cli.cases"
    junit_suite cli <"$parts/cli.cases" >"$parts/cli.xml"
    skipped_lines=$(cat "$parts"/cli-*.skip 2>/dev/null)
    rm -f "$parts"/cli-*.case "$parts"/cli-*.rc "$parts"/cli-*.skip "$parts/cli.cases"
  fi
  rm -f "$parts"/unit-*.rc
  times+=("unit and command-line tests $((SECONDS - pool_start)) s ($par at a time)")
fi

if want python; then
  echo "== Python package (pytest)"
  py_start=$SECONDS
  # Debian's python3, where scripts/deps.sh installs numpy and pytest (not a virtualenv's)
  BUILD="$root/$build" CTM_LIB="$root/$build/libctm.so.1" /usr/bin/python3 -m pytest -q -p no:cacheprovider \
    --junitxml="$parts/python.xml" python/tests >"$parts/python.log" 2>&1
  rc=$?
  tail -1 "$parts/python.log"
  if ! xmllint --noout "$parts/python.xml" 2>/dev/null; then
    error_suite "$parts/python.xml" python pytest "pytest exited $rc without a report" "$parts/python.log"
  fi
  ((rc == 0)) || { tail -40 "$parts/python.log"; failures+=("python: see $parts/python.log"); }
  times+=("Python package $((SECONDS - py_start)) s")
fi

if want cosim && [[ -f tests/cosim/test.jobs ]]; then
  echo "== lock-step runs"
  cosim_start=$SECONDS
  out="$build/regress/test"
  scripts/regress.sh --par "$par" --cosim "$build/cosim" --out "$out" tests/cosim/test.jobs 2>&1 | tee "$parts/cosim.log"
  rc=${PIPESTATUS[0]}
  if [[ -f $out/junit.xml && -f $out/summary.txt ]] && grep -q '^regress: ' "$out/summary.txt"; then
    cp "$out/junit.xml" "$parts/cosim.xml"
  else
    error_suite "$parts/cosim.xml" cosim regress "regress.sh exited $rc without a report" "$parts/cosim.log"
  fi
  ((rc == 0)) || failures+=("cosim: see $out/summary.txt")
  times+=("lock-step runs $((SECONDS - cosim_start)) s")
fi

# One report: every part's testsuite elements under one testsuites element.
junit_merge "make test" "$parts"/*.xml >"$report"
if ! xmllint --noout "$report"; then
  failures+=("report: $report is not well-formed XML")
fi
tests=$(count 'sum(//testsuite/@tests)' "$report")
failed=$(count 'sum(//testsuite/@failures) + sum(//testsuite/@errors)' "$report")
skipped=$(count 'count(//testcase/skipped)' "$report")
echo
[[ -z ${skipped_lines:-} ]] || sed 's/^\[ SKIP \]/SKIPPED:/' <<<"$skipped_lines"
for f in "${failures[@]}"; do echo "FAILED: $f"; done
echo "JUnit: $report ($tests tests)"
line="time:"
for t in "${times[@]}"; do line+=" $t,"; done
echo "$line whole run $((SECONDS - t_start)) s"
echo "total: $((tests - failed - skipped)) passed, $failed failed$( ((skipped)) && echo ", $skipped SKIPPED")"
((failed == 0 && ${#failures[@]} == 0))
