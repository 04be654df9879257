#!/usr/bin/env bash
# Runs every test group, writes one JUnit report of all of them (BUILD/test-results.xml,
# checked by xmllint) and ends with one summary line "total: N passed, M failed".
#   unit   : each build/san/tests/test_* (cmocka, ASan/UBSan), with cmocka's own JUnit output
#   cli    : each tests/cli/*.sh (one test each; gets DPP, BUILD, ROOT in the environment)
#   cosim  : the lock-step job list tests/cosim/test.jobs (one test per job, regress.sh's JUnit)
# Usage: scripts/test.sh [--build DIR] [--only unit|cli|cosim]
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=build only=""
while (($#)); do
  case $1 in
    --build) build=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
    *) echo "test.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
cd "$root"
parts=$build/test-results # one JUnit file per part, merged at the end
rm -rf "$parts" && mkdir -p "$parts"
report=$build/test-results.xml
failures=()

want() { [[ -z $only || $only == "$1" ]]; }

# Text for an XML attribute or element: control bytes dropped, markup escaped.
xml_text() { tr -d '\000-\010\013\014\016-\037' | sed 's/&/\&amp;/g; s/</\&lt;/g; s/>/\&gt;/g; s/"/\&quot;/g'; }

# A testsuite of one errored testcase, for a part that could not report itself.
error_suite() { # file suite case message logfile
  {
    echo '<?xml version="1.0" encoding="UTF-8"?>'
    echo "<testsuite name=\"$2\" tests=\"1\" failures=\"0\" errors=\"1\">"
    echo "  <testcase classname=\"$2\" name=\"$3\"><error message=\"$(xml_text <<<"$4")\">"
    tail -40 "$5" | xml_text
    echo "</error></testcase>"
    echo "</testsuite>"
  } >"$1"
}

# xpath NUMBER-EXPRESSION FILE: e.g. sum(//testsuite/@tests)
count() { xmllint --xpath "$1" "$2" 2>/dev/null | cut -d. -f1; }

if want unit; then
  echo "== unit tests (cmocka, ASan/UBSan)"
  for t in "$build"/san/tests/test_*; do
    [[ -x $t ]] || continue
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
      failures+=("unit: $name")
    else
      echo "[ PASS ] unit: $name ($n tests)"
    fi
  done
fi

if want cli; then
  echo "== command-line tests"
  cases=() nfail=0
  for t in tests/cli/*.sh; do
    [[ -f $t ]] || continue
    log=$build/cli-$(basename "$t").log
    start=$(date +%s.%N)
    DPP="$root/$build/san/dpp" BUILD="$root/$build" ROOT="$root" bash "$t" >"$log" 2>&1
    rc=$?
    secs=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.3f", b - a }')
    c="  <testcase classname=\"cli\" name=\"$(basename "$t" .sh)\" time=\"$secs\">"
    if ((rc == 0)); then
      echo "[ PASS ] $t"
    else
      echo "[ FAIL ] $t (log: $log)"; tail -20 "$log"
      c+=$'\n'"    <failure message=\"exit $rc\">$(tail -60 "$log" | xml_text)</failure>"$'\n  '
      failures+=("cli: $t") nfail=$((nfail + 1))
    fi
    cases+=("$c</testcase>")
  done
  {
    echo '<?xml version="1.0" encoding="UTF-8"?>'
    echo "<testsuite name=\"cli\" tests=\"${#cases[@]}\" failures=\"$nfail\">"
    printf '%s\n' "${cases[@]}"
    echo "</testsuite>"
  } >"$parts/cli.xml"
fi

if want cosim && [[ -f tests/cosim/test.jobs ]]; then
  echo "== lock-step runs"
  out="$build/regress/test"
  scripts/regress.sh --par "${PAR:-2}" --out "$out" tests/cosim/test.jobs 2>&1 | tee "$parts/cosim.log"
  rc=${PIPESTATUS[0]}
  if [[ -f $out/junit.xml && -f $out/summary.txt ]] && grep -q '^regress: ' "$out/summary.txt"; then
    cp "$out/junit.xml" "$parts/cosim.xml"
  else
    error_suite "$parts/cosim.xml" cosim regress "regress.sh exited $rc without a report" "$parts/cosim.log"
  fi
  ((rc == 0)) || failures+=("cosim: see $out/summary.txt")
fi

# One report: every part's testsuite elements under one testsuites element.
{
  echo '<?xml version="1.0" encoding="UTF-8"?>'
  echo '<testsuites name="make test">'
  for x in "$parts"/*.xml; do
    [[ -f $x ]] && xmllint --xpath '/testsuites/testsuite | /testsuite' "$x"
    echo
  done
  echo '</testsuites>'
} >"$report"
if ! xmllint --noout "$report"; then
  failures+=("report: $report is not well-formed XML")
fi
tests=$(count 'sum(//testsuite/@tests)' "$report")
failed=$(count 'sum(//testsuite/@failures) + sum(//testsuite/@errors)' "$report")
echo
for f in "${failures[@]}"; do echo "FAILED: $f"; done
echo "JUnit: $report ($tests tests)"
echo "total: $((tests - failed)) passed, $failed failed"
((failed == 0 && ${#failures[@]} == 0))
