#!/usr/bin/env bash
# Installs the tools the kit needs, and only those that are missing.
# Idempotent; works as root or through sudo. Debian 12 package names.
#   scripts/deps.sh                  what the kit's two commands need
#   scripts/deps.sh --verilator-src  what building a second Verilator from source needs
#                                    (scripts/verilator.sh, make matrix), on demand only
set -euo pipefail
group=kit
case ${1:-} in
  "") ;;
  --verilator-src) group=verilator-src ;;
  -h|--help) sed -n '2,6p' "$0"; exit 0 ;;
  *) echo "deps.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
esac

# tool-or-file to check  ->  Debian package that provides it
declare -A need=(
  [verilator]=verilator
  [pkg-config]=pkg-config
  [fst2vcd]=gtkwave
  [yosys]=yosys
  [python3]=python3
  [genhtml]=lcov
  [/usr/include/libelf.h]=libelf-dev
  [/usr/include/cmocka.h]=libcmocka-dev
  [/usr/include/png.h]=libpng-dev
  [/usr/include/jansson.h]=libjansson-dev
  # zlib for the FST writer in dpp (dpp run --timeline), which fst2vcd reads back
  [/usr/include/zlib.h]=zlib1g-dev
  [xmllint]=libxml2-utils
  [file]=file
  [parallel]=parallel
  [clang]=clang
  # libFuzzer and the sanitizer runtimes for clang (a recommend, so not pulled in by clang)
  [/usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a]=libclang-rt-dev
  # the schema check of the JSON reports uses Debian's python3, not a virtualenv's
  [/usr/lib/python3/dist-packages/jsonschema]=python3-jsonschema
  # the Python package (python/ctm: ctypes, no compile step) and its tests, on Debian's python3
  [/usr/lib/python3/dist-packages/numpy]=python3-numpy
  [/usr/lib/python3/dist-packages/pytest]=python3-pytest
  [/usr/lib/python3/dist-packages/matplotlib]=python3-matplotlib
  [/usr/lib/python3.*/ensurepip/__init__.py]=python3-venv
  # cocotb and the package installed by pip --no-index into a venv under build/ (make cocotb)
  [/usr/lib/python3/dist-packages/setuptools]=python3-setuptools
  [/usr/lib/python3/dist-packages/wheel]=python3-wheel
  [/usr/include/python3.*/Python.h]=python3-dev
  # Verilator from 5.0xx on includes lz4.h in its FST writer (include/fstcpp/): a user's newer
  # Verilator cannot build a traced model without it
  [/usr/include/lz4.h]=liblz4-dev
  # Verilated builds compile through it (the Makefile's OBJCACHE): the design variants share
  # Verilator's runtime and most generated C++
  [ccache]=ccache
)
if [[ $group == verilator-src ]]; then
  need=(
    [autoconf]=autoconf [bison]=bison [flex]=flex [help2man]=help2man [g++]=g++ [perl]=perl
    [python3]=python3 [/usr/include/FlexLexer.h]=libfl-dev [/usr/include/lz4.h]=liblz4-dev
    [/usr/include/zlib.h]=zlib1g-dev
  )
fi

missing=()
for probe in "${!need[@]}"; do
  if [[ $probe == /* ]]; then
    compgen -G "$probe" >/dev/null || missing+=("${need[$probe]}") # a path or a glob
  else
    command -v "$probe" >/dev/null 2>&1 || missing+=("${need[$probe]}")
  fi
done

if ((${#missing[@]} == 0)); then
  exit 0
fi

if ((EUID == 0)); then
  sudo=()
elif command -v sudo >/dev/null 2>&1; then
  sudo=(sudo)
else
  echo "deps.sh: missing packages: ${missing[*]}; run as root or install sudo" >&2
  exit 1
fi

echo "deps.sh: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "deps.sh: done" >&2
