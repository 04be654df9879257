#!/usr/bin/env bash
# scripts/test.sh merges cmocka's own JUnit output with the reports of binaries that fail
# without one into a single file that xmllint accepts, with the right counts.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
mkdir -p "$tmp/san/tests"
cat >"$tmp/t.c" <<'C'
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
static void passes(void **s) { (void)s; assert_int_equal(1, 1); }
static void fails(void **s) { (void)s; assert_int_equal(1, 2); }
int main(void)
{
    const struct CMUnitTest t[] = {cmocka_unit_test(passes), cmocka_unit_test(fails)};
    return cmocka_run_group_tests_name("mixed", t, NULL, NULL);
}
C
cc "$tmp/t.c" -o "$tmp/san/tests/test_mixed" $(pkg-config --libs cmocka) || exit 1
printf '#!/bin/sh\necho "AddressSanitizer: heap-use-after-free & <junk>"; exit 1\n' >"$tmp/san/tests/test_crash"
chmod +x "$tmp/san/tests/test_crash"
"$ROOT/scripts/test.sh" --build "$tmp" --only unit >"$tmp/log" 2>&1
rc=$?
cat "$tmp/log"
report=$tmp/test-results.xml
((rc == 1)) || fail "test.sh exit $rc, want 1"
xmllint --noout "$report" || fail "the report is not well-formed"
x() { xmllint --xpath "$1" "$report"; }
[[ $(x 'count(/testsuites/testsuite)') == 2 && $(x 'sum(//testsuite/@tests)') == 3 ]] ||
  fail "suites/tests: $(cat "$report")"
[[ $(x 'string(//testsuite[@name="mixed"]/testcase[@name="fails"]/failure)') != "" ]] ||
  fail "the cmocka failure is missing"
x 'string(//testsuite[@name="test_crash"]//error)' | drain_grep -q 'heap-use-after-free &amp;\|heap-use-after-free &' ||
  fail "the crash log is missing"
grep -q '^total: 1 passed, 2 failed' "$tmp/log" || fail "summary line"
echo "ok: one report, cmocka's XML plus a crash without one"

# A CLI script that exits 77 could not run: SKIPPED in the summary and the JUnit, not passed.
mkdir -p "$tmp/cli"
printf 'echo "no widget here"; exit 77\n' >"$tmp/cli/needs_widget.sh"
printf 'exit 0\n' >"$tmp/cli/plain.sh"
CLI_DIR=$tmp/cli "$ROOT/scripts/test.sh" --build "$tmp" --only cli >"$tmp/log" 2>&1
rc=$?
cat "$tmp/log"
((rc == 0)) || fail "test.sh exit $rc with a skipped script, want 0"
grep -q '^total: 1 passed, 0 failed, 1 SKIPPED' "$tmp/log" || fail "the summary line does not count the skip"
grep -q '^SKIPPED: .*needs_widget.sh: no widget here' "$tmp/log" || fail "the skip's reason is not in the summary"
[[ $(x 'string(//testcase[@name="needs_widget"]/skipped)') == "no widget here" &&
   $(x 'string(//testsuite[@name="cli"]/@skipped)') == 1 ]] || fail "the JUnit skip: $(cat "$report")"
echo "ok: a script that could not run is reported SKIPPED, with its reason"

# A stopped test.sh ends its pool: a TERM while a test runs ends that test and what it started,
# and no queued test starts after it.
rm -rf "$tmp/cli" && mkdir -p "$tmp/cli"
printf 'sleep 300 &\necho $! >"%s/child.pid"\nwait\n' "$tmp" >"$tmp/cli/a_long.sh"
printf 'touch "%s/started"\n' "$tmp" >"$tmp/cli/b_later.sh"
rm -f "$tmp/child.pid" "$tmp/started"
PAR=1 CLI_DIR=$tmp/cli "$ROOT/scripts/test.sh" --build "$tmp" --only cli >"$tmp/log" 2>&1 &
runner=$!
for _ in $(seq 100); do [[ -s $tmp/child.pid ]] && break; sleep 0.1; done
[[ -s $tmp/child.pid ]] || fail "the long test never started: $(cat "$tmp/log")"
child=$(cat "$tmp/child.pid")
kill -TERM "$runner"
wait "$runner"
rc=$?
((rc == 143)) || fail "test.sh exit $rc after a TERM, want 143"
for _ in $(seq 50); do kill -0 "$child" 2>/dev/null || break; sleep 0.1; done
! kill -0 "$child" 2>/dev/null || { kill "$child"; fail "the running test's child outlived test.sh"; }
sleep 0.5
[[ ! -e $tmp/started ]] || fail "a queued test started after test.sh was stopped"
grep -q "test.sh: stopped" "$tmp/log" || fail "no word that the run was stopped: $(cat "$tmp/log")"
echo "ok: a TERM to test.sh ends the running test and its children, and starts no other"
