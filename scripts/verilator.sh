#!/usr/bin/env bash
# Builds a second Verilator from the vendored source, once, outside the kit's sources, and
# prints the path of its `verilator` (what VERILATOR= takes everywhere the kit calls it).
#   scripts/verilator.sh [--version 5.050] [--prefix DIR] [--print]
#   --prefix DIR   where the build lives (default: $CTM_TOOLS, else ~/.cache/ctm-kit)
#   --print        only print the path if it is built; exit 1 if not (no build)
# The tree is used in place (VERILATOR_ROOT is the built source tree, as Verilator supports),
# and only the one executable is built (the kit needs neither the debug executable nor
# verilator_coverage from the second version), without optimisation (VL_NOOPT: -O0 for -O3),
# which halves the build again: CI builds it on every fresh machine. Only verilating is slower
# (a few seconds for the kit's largest model); the models it writes are compiled by the kit's
# own flags, so their speed does not change.
# Its Debian build dependencies (autoconf bison flex help2man libfl-dev, and liblz4-dev for the
# models it builds) are installed by scripts/deps.sh --verilator-src, only here.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
version=5.050 prefix=${CTM_TOOLS:-${XDG_CACHE_HOME:-$HOME/.cache}/ctm-kit} print_only=0
while (($#)); do
  case $1 in
    --version) version=$2; shift 2 ;;
    --prefix) prefix=$2; shift 2 ;;
    --print) print_only=1; shift ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) echo "verilator.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
tarball=$root/../shared/vendor/verilator-$version.tar.gz
[[ -n ${CTM_VENDOR:-} ]] && tarball=$CTM_VENDOR/verilator-$version.tar.gz
tree=$prefix/verilator-$version
exe=$tree/bin/verilator

# Built (the stamp is written last, so a build cut short is redone): nothing to do.
if [[ -x $tree/bin/verilator_bin && -f $tree/.ctm-built ]]; then
  echo "$exe"; exit 0
fi
((print_only)) && { echo "verilator.sh: Verilator $version is not built in $tree (run scripts/verilator.sh)" >&2; exit 1; }
[[ -f $tarball ]] || { echo "verilator.sh: no source $tarball (set CTM_VENDOR to the folder that holds it)" >&2; exit 1; }

"$root/scripts/deps.sh" --verilator-src
log=$prefix/verilator-$version.log
mkdir -p "$prefix"
echo "verilator.sh: building Verilator $version in $tree (log: $log)" >&2
rm -rf "$tree" && mkdir -p "$tree"
start=$SECONDS
{
  tar xzf "$tarball" -C "$tree" --strip-components=1
  cd "$tree"
  # configure.ac reads the version from the tree; unset, a distribution's variables would leak in.
  unset VERILATOR_ROOT
  autoconf
  ./configure
  make -C src -j"${JOBS:-2}" opt VL_NOOPT=1
} >"$log" 2>&1 || { tail -30 "$log" >&2; echo "verilator.sh: build failed (log: $log)" >&2; exit 1; }
"$exe" --version >>"$log" 2>&1 || { echo "verilator.sh: the built verilator does not run (log: $log)" >&2; exit 1; }
touch "$tree/.ctm-built"
echo "verilator.sh: built $("$exe" --version) in $((SECONDS - start)) s" >&2
echo "$exe"
