# JUnit XML, written in one place. scripts/test.sh (the suite of the CLI tests, a part that
# could not report itself, the one merged report) and scripts/regress.sh (the suite of the
# lock-step jobs) source it. Every text a report carries goes through junit_text, so no log
# can break the XML.
#   junit_text                                 stdin as XML text
#   junit_case CLASS NAME TIME [KIND MESSAGE]  one <testcase>; KIND is failure, error or skipped,
#                                              and its text comes on stdin (the end of a log, say)
#   junit_suite NAME                           a <testsuite> document around the <testcase>
#                                              elements on stdin, which it counts
#   junit_merge NAME FILE...                   one <testsuites> of the suites of every FILE

# Control bytes dropped, markup escaped.
junit_text() {
  tr -d '\000-\010\013\014\016-\037' | sed 's/&/\&amp;/g; s/</\&lt;/g; s/>/\&gt;/g; s/"/\&quot;/g'
}

junit_case() {
  local class name
  class=$(junit_text <<<"$1") name=$(junit_text <<<"$2")
  local head="  <testcase classname=\"$class\" name=\"$name\" time=\"$3\""
  if (($# < 4)); then
    echo "$head/>"
    return
  fi
  echo "$head>"
  echo "    <$4 message=\"$(junit_text <<<"$5")\">$(junit_text)</$4>"
  echo "  </testcase>"
}

# The counts come from the elements junit_case writes: each opens its own line, and no text
# in them holds a '<'.
junit_suite() {
  local cases tests failures errors skipped
  cases=$(cat)
  tests=$(grep -c '^  <testcase ' <<<"$cases")
  failures=$(grep -c '^    <failure ' <<<"$cases")
  errors=$(grep -c '^    <error ' <<<"$cases")
  skipped=$(grep -c '^    <skipped ' <<<"$cases")
  echo '<?xml version="1.0" encoding="UTF-8"?>'
  echo "<testsuite name=\"$(junit_text <<<"$1")\" tests=\"$tests\" failures=\"$failures\" errors=\"$errors\" skipped=\"$skipped\">"
  [[ -z $cases ]] || printf '%s\n' "$cases"
  echo '</testsuite>'
}

junit_merge() {
  local x
  echo '<?xml version="1.0" encoding="UTF-8"?>'
  echo "<testsuites name=\"$(junit_text <<<"$1")\">"
  shift
  for x in "$@"; do
    [[ -f $x ]] && xmllint --xpath '/testsuites/testsuite | /testsuite' "$x"
    echo
  done
  echo '</testsuites>'
}
