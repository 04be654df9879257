#!/usr/bin/env bash
# Runs a lock-step job list in parallel and gathers a summary and JUnit XML.
# Job file: one job per line, "NAME EXPECT COSIM-OPTIONS...", EXPECT = pass | mismatch;
# '#' starts a comment. Each job writes OUT/NAME.log and OUT/NAME.json; waveforms of
# mismatches go to OUT/waves/. Prints one line per job, then
# "regress: N passed, M failed", and writes OUT/summary.txt and OUT/junit.xml.
# Usage: scripts/regress.sh [--par N] [--out DIR] [--cosim PATH] JOBFILE...
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
par=$(nproc 2>/dev/null || echo 2) out=$root/build/regress/run cosim=$root/build/cosim files=()
while (($#)); do
  case $1 in
    --par) par=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --cosim) cosim=$2; shift 2 ;;
    -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
    -*) echo "regress: unknown option $1" >&2; exit 2 ;;
    *) files+=("$1"); shift ;;
  esac
done
((${#files[@]})) || { echo "regress: no job file (see --help)" >&2; exit 2; }
mkdir -p "$out/waves"
rm -f "$out"/*.result

# Parse every job first so that a malformed line stops the run before anything starts.
jobs=()
for f in "${files[@]}"; do
  [[ -r $f ]] || { echo "regress: cannot read $f" >&2; exit 2; }
  n=0
  while IFS= read -r line || [[ -n $line ]]; do
    n=$((n + 1))
    line=${line%%#*}
    [[ -z ${line// } ]] && continue
    read -r name expect rest <<<"$line"
    if [[ ! $name =~ ^[A-Za-z0-9_.-]+$ || ! $expect =~ ^(pass|mismatch)$ ]]; then
      echo "$f:$n: error: expected 'NAME pass|mismatch OPTIONS...', got: $line" >&2; exit 2
    fi
    jobs+=("$name $expect $rest")
  done <"$f"
done

# The models are built once up front (a parallel first use would race).
for job in "${jobs[@]}"; do
  read -r name expect rest <<<"$job"
  # shellcheck disable=SC2086
  "$cosim" $rest --cycles 1 --wave-window 0 --quiet >/dev/null 2>"$out/$name.build.log" ||
    { [[ $? == 1 ]] || { echo "regress: $name: cannot start (see $out/$name.build.log)" >&2; exit 2; }; }
done

run_job() {
  local name=$1 expect=$2; shift 2
  local start=$SECONDS rc
  "$cosim" "$@" --quiet --json "$out/$name.json" --out "$out/waves" >"$out/$name.log" 2>&1
  rc=$?
  local got=error
  ((rc == 0)) && got=pass
  ((rc == 1)) && got=mismatch
  local verdict=FAIL
  [[ $got == "$expect" ]] && verdict=PASS
  echo "$verdict $name expected=$expect got=$got rc=$rc time=$((SECONDS - start))s" >"$out/$name.result"
  echo "[ $verdict ] $name (expected $expect, got $got)"
}
export -f run_job
export cosim out

start=$SECONDS
printf '%s\n' "${jobs[@]}" | xargs -P "$par" -L 1 bash -c 'run_job "$@"' _
cat "$out"/*.result >"$out/summary.body" 2>/dev/null
passed=$(grep -c '^PASS' "$out/summary.body")
failed=$((${#jobs[@]} - passed))
{
  cat "$out/summary.body"
  echo "regress: $passed passed, $failed failed ($((SECONDS - start)) s, ${#jobs[@]} jobs)"
} >"$out/summary.txt"
rm -f "$out/summary.body"

# JUnit XML: one testcase per job, the log as the failure text.
{
  echo '<?xml version="1.0" encoding="UTF-8"?>'
  echo "<testsuite name=\"cosim\" tests=\"${#jobs[@]}\" failures=\"$failed\">"
  for job in "${jobs[@]}"; do
    read -r name _ <<<"$job"
    res=$(cat "$out/$name.result" 2>/dev/null || echo "FAIL $name did not run")
    t=$(grep -oP 'time=\K[0-9]+' <<<"$res" || echo 0)
    echo "  <testcase classname=\"cosim\" name=\"$name\" time=\"$t\">"
    if [[ $res != PASS* ]]; then
      echo "    <failure message=\"$(sed 's/&/\&amp;/g; s/"/\&quot;/g; s/</\&lt;/g' <<<"$res")\"><![CDATA["
      sed 's/]]>/]] >/g' "$out/$name.log" 2>/dev/null | head -60
      echo "]]></failure>"
    fi
    echo "  </testcase>"
  done
  echo "</testsuite>"
} >"$out/junit.xml"

for f in "$out"/*.result; do grep -q '^FAIL' "$f" && { echo "--- $(basename "$f" .result):"; head -40 "$out/$(basename "$f" .result).log"; }; done
tail -1 "$out/summary.txt"
echo "regress: summary $out/summary.txt, JUnit $out/junit.xml"
((failed == 0))
