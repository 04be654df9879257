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
