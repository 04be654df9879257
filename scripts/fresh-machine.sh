#!/usr/bin/env bash
# A new user's first run, reproduced on this machine: removes the kit's apt dependencies,
# clones main into a temporary folder and runs the README's two commands there, `make cosim`
# then `make test`, each timed. It reinstalls packages (root, or sudo), so it is not part of
# `make test`; it is how the first-run contract is checked before a release.
#   scripts/fresh-machine.sh [--keep] [--ref REF] [--packages "P..."]
#   --keep      leave the clone (default: removed when both commands passed)
#   --ref REF   what to clone (default: main)
# Prints "fresh-machine: make cosim passed in N s", "... make test passed in M s"; exits 1 if
# either failed (its log is kept and named).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
keep=0 ref=main
# What scripts/deps.sh installs for the kit that a fresh Debian 12 does not have (not the
# compilers, python3 or clang, which a new machine of ours has and which take long to put back).
packages="verilator gtkwave yosys libelf-dev libcmocka-dev libjansson-dev libpng-dev lcov parallel python3-jsonschema liblz4-dev libxml2-utils"
while (($#)); do
  case $1 in
    --keep) keep=1; shift ;;
    --ref) ref=$2; shift 2 ;;
    --packages) packages=$2; shift 2 ;;
    -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
    *) echo "fresh-machine: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
sudo=()
((EUID == 0)) || sudo=(sudo)

installed=()
for p in $packages; do dpkg -s "$p" >/dev/null 2>&1 && installed+=("$p"); done
echo "fresh-machine: removing ${installed[*]:-nothing (none installed)}"
if ((${#installed[@]})); then
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get remove -y -qq "${installed[@]}" >/dev/null ||
    { echo "fresh-machine: apt-get remove failed" >&2; exit 2; }
fi
for tool in verilator yosys fst2vcd; do
  command -v "$tool" >/dev/null && { echo "fresh-machine: $tool is still on PATH ($(command -v "$tool"))" >&2; exit 2; }
done

work=$(mktemp -d "${TMPDIR:-/tmp}/fresh-machine.XXXXXX")
git clone -q --branch "$ref" "$root" "$work/kit" || { echo "fresh-machine: cannot clone $ref of $root" >&2; exit 2; }
echo "fresh-machine: clone of $ref ($(git -C "$work/kit" log -1 --format=%h)) in $work/kit"

status=0
for cmd in cosim test; do
  log=$work/make-$cmd.log
  start=$(date +%s)
  (cd "$work/kit" && make "$cmd") >"$log" 2>&1
  rc=$?
  secs=$(($(date +%s) - start))
  if ((rc == 0)); then
    echo "fresh-machine: make $cmd passed in $secs s ($(grep -E '^regress: [0-9]+ passed|^total:' "$log" | tail -1))"
  else
    echo "fresh-machine: make $cmd FAILED (exit $rc) after $secs s; log $log"
    tail -20 "$log"
    status=1
    break
  fi
done
if ((status == 0 && !keep)); then rm -rf "$work"; else echo "fresh-machine: kept $work"; fi
exit $status
