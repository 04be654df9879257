#!/usr/bin/env bash
# make install / uninstall and the public API as a user meets it: the
# installed library exports only ctm_* symbols; every function the DPI package
# imports is declared in ctm.h with as many arguments; the package and the
# user-style testbenches lint clean; both testbenches build against the
# installed library through pkg-config (verilator --binary, and --cc --exe for
# one), pass, and fail with the library's first difference on broken RTL.
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix
make -C "$ROOT" --no-print-directory install PREFIX="$prefix" BUILD="$BUILD" >"$tmp/install.log"
for f in lib/libctm.a include/ctm.h share/ctm/ctm_dpi_pkg.sv lib/pkgconfig/ctm.pc; do
  [[ -f $prefix/$f ]] || { echo "FAIL: $f not installed"; exit 1; }
done
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
# the package's (major << 16) | (minor << 8) | patch, as ctm_version() gives it
v=$(sed -n "s/.*CTM_API_VERSION = 32'h\([0-9a-fA-F_]*\);.*/\1/p" "$prefix/share/ctm/ctm_dpi_pkg.sv")
v=${v//_/}
[[ ${#v} == 8 ]] || { echo "FAIL: no CTM_API_VERSION in the package"; exit 1; }
pkg_version=$((16#${v:0:4})).$((16#${v:4:2})).$((16#${v:6:2}))
[[ $(pkg-config --modversion ctm) == "$pkg_version" ]] ||
  { echo "FAIL: ctm.pc version $(pkg-config --modversion ctm) and the package's $pkg_version differ"; exit 1; }

# only the public names are global
bad=$(nm -g --defined-only "$prefix/lib/libctm.a" | awk 'NF == 3 && $3 !~ /^ctm_/ {print $3}')
[[ -z $bad ]] || { echo "FAIL: public symbols without the ctm_ prefix: $bad"; exit 1; }
nm -g --defined-only "$prefix/lib/libctm.a" | grep -q ' T ctm_pred_check$'

# every import of the package is a function of ctm.h with the same argument count;
# every function of ctm.h has its row in docs/dpi.md
python3 - "$prefix/share/ctm/ctm_dpi_pkg.sv" "$prefix/include/ctm.h" "$ROOT/docs/dpi.md" <<'PY'
import re, sys
pkg, hdr, doc = (open(p).read() for p in sys.argv[1:4])
hdr = re.sub(r'/\*.*?\*/', '', hdr, flags=re.S)
documented = set(re.findall(r'^\| `[^`]*?\b(ctm_\w+)\(', doc, re.M))
decl = {m.group(1): m.group(2) for m in re.finditer(r'\b(ctm_\w+)\s*\(([^)]*)\)\s*;', hdr)}
def count(args):
    args = args.strip()
    return 0 if args in ('', 'void') else args.count(',') + 1
imports = re.findall(r'import\s+"DPI-C"\s+function\s+[\w ]+?\b(ctm_\w+)\s*\(([^)]*)\)', pkg, re.S)
assert len(imports) >= 20, "too few imports"
for name, args in imports:
    assert name in decl, f"{name}: imported by the package, not in ctm.h"
    assert count(args) == count(decl[name]), f"{name}: {count(args)} arguments in the package, {count(decl[name])} in ctm.h"
missing = sorted(set(decl) - documented)
assert not missing, f"ctm.h functions without a row in docs/dpi.md: {' '.join(missing)}"
print(f"{len(imports)} imports match ctm.h; its {len(decl)} functions are in docs/dpi.md")
PY

# lint: the package, and each user testbench with the RTL it checks
cd "$ROOT/examples/sv-testbench"
"${VERILATOR:-verilator}" --lint-only -Wall "$prefix/share/ctm/ctm_dpi_pkg.sv"
"${VERILATOR:-verilator}" --lint-only -Wall -Wno-DECLFILENAME --top-module tb_my_pred --timing \
  "$prefix/share/ctm/ctm_dpi_pkg.sv" "$ROOT/rtl/lint.vlt" tb_my_pred.sv "$ROOT/rtl/pred_stack.sv"
"${VERILATOR:-verilator}" --lint-only -Wall -Wno-DECLFILENAME --top-module tb_my_fc --timing \
  "$prefix/share/ctm/ctm_dpi_pkg.sv" "$ROOT/rtl/lint.vlt" tb_my_fc.sv "$ROOT"/rtl/fc_*.sv

# build and run as a user would, from the installed library
make --no-print-directory OUT="$tmp/obj" all cc-exe >"$tmp/build.log" 2>&1 || { tail -30 "$tmp/build.log"; exit 1; }
passes() { # log, what it must say, command...
  local log=$tmp/$1 want=$2
  shift 2
  "$@" >"$log" 2>&1 || { cat "$log"; exit 1; }
  grep -q "$want" "$log" || { echo "FAIL: no '$want'"; cat "$log"; exit 1; }
}
passes pred.log "tb_my_pred: PASS, 5000 cycles" "$tmp/obj/pred/tb_my_pred" +cycles=5000
passes pred-cc.log "tb_my_pred: PASS, 2000 cycles" "$tmp/obj/pred-cc/tb_my_pred" +cycles=2000
passes fc.log "tb_my_fc: PASS" "$tmp/obj/fc/tb_my_fc" +elf="$BUILD/examples/mandelbrot.elf" +width=32 +height=24

# every import of the package misused from SystemVerilog (tb_misuse.sv, issue 25): lints clean,
# builds from the installed library, exits 0 with its PASS line (a crash would be exit 139); a
# missing +elf stops it with the path named, not a crash
"${VERILATOR:-verilator}" --lint-only -Wall -Wno-DECLFILENAME --top-module tb_misuse --timing \
  "$prefix/share/ctm/ctm_dpi_pkg.sv" tb_misuse.sv
make --no-print-directory OUT="$tmp/obj" misuse >"$tmp/build-misuse.log" 2>&1 ||
  { tail -30 "$tmp/build-misuse.log"; exit 1; }
misuse_rc=0
"$tmp/obj/misuse/tb_misuse" +elf="$BUILD/examples/mandelbrot.elf" >"$tmp/misuse.log" 2>&1 || misuse_rc=$?
((misuse_rc == 0)) && grep -qE '^tb_misuse: PASS, [0-9]+ checks$' "$tmp/misuse.log" ||
  { echo "FAIL: tb_misuse exited $misuse_rc without its PASS line"; cat "$tmp/misuse.log"; exit 1; }
misuse_rc=0
"$tmp/obj/misuse/tb_misuse" +elf="$tmp/no such.elf" >"$tmp/misuse-noelf.log" 2>&1 || misuse_rc=$?
((misuse_rc != 0 && misuse_rc != 139)) &&
  grep -qF "tb_misuse: +elf=$tmp/no such.elf: ctm_model_new: " "$tmp/misuse-noelf.log" ||
  { echo "FAIL: tb_misuse with a missing +elf exited $misuse_rc"; cat "$tmp/misuse-noelf.log"; exit 1; }

# broken RTL: non-zero exit, and the library's first difference in the message
broken() { # name, testbench binary, args...
  local name=$1 bin=$2 rc=0
  shift 2
  "$bin" "$@" >"$tmp/$name.log" 2>&1 || rc=$?
  ((rc != 0)) || { echo "FAIL: $name passes on broken RTL"; exit 1; }
  grep -E "$name: .*(expected 0x[0-9a-f]+, actual|DUT 0x[0-9a-f]+, model)" "$tmp/$name.log" ||
    { echo "FAIL: $name did not print the first difference"; cat "$tmp/$name.log"; exit 1; }
}
mkdir -p "$tmp/bad"
cp -r "$ROOT/rtl" "$tmp/bad/rtl"
# broken variants are patches of rtl/ (tests/variants/)
patch -s -p1 -d "$tmp/bad" <"$ROOT/tests/variants/pred/inv_no_and.patch"
patch -s -p1 -d "$tmp/bad" <"$ROOT/tests/variants/fc/fc_any_as_all.patch"
make --no-print-directory OUT="$tmp/objbad" RTL="$tmp/bad/rtl" VFLAGS_EXTRA="-Wno-fatal" all \
  >"$tmp/buildbad.log" 2>&1 || { tail -30 "$tmp/buildbad.log"; exit 1; }
broken tb_my_pred "$tmp/objbad/pred/tb_my_pred" +cycles=5000
broken tb_my_fc "$tmp/objbad/fc/tb_my_fc" +elf="$BUILD/examples/mandelbrot.elf" +width=64 +height=48

make -C "$ROOT" --no-print-directory uninstall PREFIX="$prefix" BUILD="$BUILD" >/dev/null
left=$(find "$prefix" -type f)
[[ -z $left ]] || { echo "FAIL: left after uninstall: $left"; exit 1; }
echo "ok: install, API, package and user testbenches"
