# What every tests/cli/*.sh shares (not a test itself: scripts/test.sh passes it over). A
# script sources it after its `set` line:
#   source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
# scripts/test.sh gives the three variables; a script runs alone as
#   DPP=$PWD/build/dpp ROOT=$PWD BUILD=$PWD/build bash tests/cli/X.sh
# It checks them, works from the kit's folder, and gives:
#   $tmp          a fresh folder, removed on exit
#   fail MESSAGE  prints "FAIL: MESSAGE" and stops the script (exit 1)
#   bad MESSAGE   prints "FAIL: MESSAGE", counts it in $fails and lets the script go on
#   finish        the end of a script that counts: exit 1 if anything was bad
#   schema_validate SCHEMA FILE...  JSON files against a JSON schema (below)
need='(run as DPP=$PWD/build/dpp ROOT=$PWD BUILD=$PWD/build bash tests/cli/X.sh)'
: "${DPP:?$need}" "${ROOT:?$need}" "${BUILD:?$need}"
unset need
cd "$ROOT" || exit 1
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fails=0

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

bad() {
  echo "FAIL: $*" >&2
  fails=$((fails + 1))
}

finish() {
  exit $((fails > 0))
}

# cmd | drain_grep GREP-ARGS...: grep that reads all of its input first. Under pipefail,
# `cmd | grep -q` fails when grep's early exit leaves cmd a SIGPIPE (exit 141), which a
# loaded machine makes happen.
drain_grep() {
  local all
  all=$(cat)
  grep "$@" <<<"$all"
}

# schema_validate SCHEMA FILE...: each JSON file against the JSON schema (Draft 7; the schema
# itself checked first), with Debian's python3 and its python3-jsonschema (scripts/deps.sh).
# Prints "ok FILE" or "invalid FILE FIRST-ERROR-LINE" for each; exit 1 if any fails. The one
# validator of the CLI tests (json_schema.sh, designs.sh).
schema_validate() {
  /usr/bin/python3 - "$@" <<'PY'
import json, sys, jsonschema
schema = json.load(open(sys.argv[1]))
jsonschema.Draft7Validator.check_schema(schema)
bad = 0
for path in sys.argv[2:]:
    try:
        jsonschema.validate(json.load(open(path)), schema, cls=jsonschema.Draft7Validator)
        print("ok", path)
    except (jsonschema.ValidationError, ValueError) as e:
        print("invalid", path, str(e).splitlines()[0]); bad = 1
sys.exit(bad)
PY
}
