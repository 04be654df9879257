#!/usr/bin/env bash
# make install / uninstall and the public API as a user meets it: the
# installed library exports only ctm_* symbols; every function the DPI package
# imports is declared in ctm.h with as many arguments; the package and the
# user-style testbenches lint clean; both testbenches build against the
# installed library through pkg-config (verilator --binary, and --cc --exe for
# one), pass, and fail with the library's first difference on broken RTL. The
# prefix holds a space (as do a relative one and a plain one, installed and
# removed again): ctm.pc names it absolute, pkg-config escapes it in the flags,
# and uninstall removes exactly the installed files.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
tmp=$(cd "$tmp" && pwd -P) # physical, as make's working folder is: the relative prefix resolves to it
installed=(lib/libctm.a lib/libctm.so.1 include/ctm.h include/ctm_consts.h include/ctm_ports.h share/ctm/ctm_ports_pkg.sv share/ctm/ctm_isa_pkg.sv
           share/ctm/ctm_dpi_pkg.sv share/ctm/ctm_commit_check_state.sv share/ctm/ctm_commit_check.sv
           share/ctm/ctm_txn_check.sv lib/pkgconfig/ctm.pc share/ctm/python/ctm/__init__.py share/ctm/python/ctm/_api.py
           share/ctm/python/ctm/_lib.py share/ctm/python/ctm/_run.py)

# install_to PREFIX ABSOLUTE: the files are there, and ctm.pc's prefix is ABSOLUTE
install_to() {
  make -C "$ROOT" --no-print-directory install PREFIX="$1" BUILD="$BUILD" >"$tmp/install.log" ||
    { cat "$tmp/install.log"; exit 1; }
  local f
  for f in "${installed[@]}"; do
    [[ -f $2/$f ]] || fail "$f not installed in '$2'"
  done
  [[ $(PKG_CONFIG_PATH=$2/lib/pkgconfig pkg-config --variable=prefix ctm) == "$2" ]] ||
    { cat "$2/lib/pkgconfig/ctm.pc"; fail "ctm.pc does not name the prefix '$2'"; }
}
# uninstall_from PREFIX ABSOLUTE: only the installed files go; a user's own files stay
uninstall_from() {
  mkdir -p "$2/lib" "$2/share/ctm"
  echo mine >"$2/lib/other.a" && echo mine >"$2/share/ctm/notes.txt"
  make -C "$ROOT" --no-print-directory uninstall PREFIX="$1" BUILD="$BUILD" >/dev/null
  local left
  left=$(cd "$2" && find . -type f | sort | tr '\n' ' ')
  [[ $left == "./lib/other.a ./share/ctm/notes.txt " ]] ||
    fail "after uninstall from '$2', left: $left"
  rm -r "$2"
}

# a relative prefix (from the kit's folder, where make runs) and a plain one
rel=$(realpath --relative-to="$ROOT" "$tmp/rel kit")
install_to "$rel" "$tmp/rel kit"
uninstall_from "$rel" "$tmp/rel kit"
install_to "$tmp/plain" "$tmp/plain"
# lint: every SystemVerilog file installed, in the order docs/dpi.md gives (the packages, then
# a checker module's files), clean under -Wall: no %Warning or %Error line and exit 0 (5.050
# prints a "Verilation Report" on --lint-only; it is not a warning). One run per checker, as a
# user compiles the one they instantiate (two checkers in one run are two top modules). From this
# prefix, as Verilator 5.006 cuts a path at its space in DECLFILENAME (and calls the package's
# file "my"); 5.050 does not.
lint_installed() { # FILE... (under share/ctm, after the packages)
  local d=$tmp/plain/share/ctm out rc=0 files=(ctm_ports_pkg.sv ctm_isa_pkg.sv ctm_dpi_pkg.sv "$@")
  out=$("${VERILATOR:-verilator}" --lint-only -Wall "${files[@]/#/$d/}" 2>&1) || rc=$?
  if ((rc != 0)) || grep -qE '^%(Warning|Error)' <<<"$out"; then
    echo "$out"; fail "the installed ${files[*]} do not lint clean (exit $rc)"
  fi
}
lint_installed
lint_installed ctm_commit_check_state.sv
lint_installed ctm_commit_check_state.sv ctm_commit_check.sv
lint_installed ctm_txn_check.sv
[[ $(find "$tmp/plain/share/ctm" -name '*.sv' | wc -l) == 6 ]] ||
  fail "installed .sv files not all linted: $(ls "$tmp/plain/share/ctm")"
uninstall_from "$tmp/plain" "$tmp/plain"

prefix="$tmp/my kit"
install_to "$prefix" "$prefix"
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
# the flags give the paths one word each, the spaces backslash-escaped (docs/dpi.md)
want="-I${prefix// /\\ }/include -L${prefix// /\\ }/lib -lctm "
[[ $(pkg-config --cflags --libs ctm) == "$want"* ]] ||
  fail "pkg-config --cflags --libs ctm: $(pkg-config --cflags --libs ctm)"
# a C user's line, as docs/dpi.md gives it for a prefix with spaces
printf '#include <ctm.h>\n#include <stdio.h>\nint main(void) { printf("%%d\\n", ctm_version()); return 0; }\n' \
  >"$tmp/use.c"
eval "${CC:-cc} \"\$tmp/use.c\" -o \"\$tmp/use\" $(pkg-config --cflags --libs ctm)"
[[ $("$tmp/use") -gt 0 ]] || fail "a C program against the installed library"
# the package's (major << 16) | (minor << 8) | patch, as ctm_version() gives it
v=$(sed -n "s/.*CTM_API_VERSION = 32'h\([0-9a-fA-F_]*\);.*/\1/p" "$prefix/share/ctm/ctm_dpi_pkg.sv")
v=${v//_/}
[[ ${#v} == 8 ]] || fail "no CTM_API_VERSION in the package"
pkg_version=$((16#${v:0:4})).$((16#${v:4:2})).$((16#${v:6:2}))
[[ $(pkg-config --modversion ctm) == "$pkg_version" ]] ||
  fail "ctm.pc version $(pkg-config --modversion ctm) and the package's $pkg_version differ"

# only the public names are global
nonpublic=$(nm -g --defined-only "$prefix/lib/libctm.a" | awk 'NF == 3 && $3 !~ /^ctm_/ {print $3}')
[[ -z $nonpublic ]] || fail "public symbols without the ctm_ prefix: $nonpublic"
nm -g --defined-only "$prefix/lib/libctm.a" | drain_grep -q ' T ctm_pred_check$'
# the shared library (for Python's ctypes) exports exactly ctm.h's functions, and -lctm (ctm.pc)
# still links the static one: no libctm.so link is installed, so the C user above runs unaided
exported=$(nm -D --defined-only "$prefix/lib/libctm.so.1" | awk '{print $3}' | sort)
declared=$(python3 -c 'import re, sys
hdr = re.sub(r"/\*.*?\*/", "", open(sys.argv[1]).read(), flags=re.S)
print("\n".join(sorted(set(re.findall(r"\b(ctm_\w+)\s*\([^)]*\)\s*;", hdr)))))' "$prefix/include/ctm.h")
[[ $(wc -l <<<"$declared") -gt 100 ]] || fail "no functions read from ctm.h"
diff <(echo "$declared") <(echo "$exported") >"$tmp/exports.diff" ||
  { cat "$tmp/exports.diff"; fail "libctm.so.1 does not export exactly ctm.h's functions"; }
# the installed Python package loads the installed library (not the kit's), from any folder
got=$(cd / && env -u CTM_LIB -u BUILD PYTHONPATH="$prefix/share/ctm/python" /usr/bin/python3 -B -c \
  'import ctm; print(ctm.LIB_PATH, ctm.version())') || fail "the installed Python package does not import"
[[ $got == "$prefix/lib/libctm.so.1 $pkg_version" ]] || fail "the installed Python package loaded: $got"
[[ ! -e $prefix/lib/libctm.so ]] && ! ldd "$tmp/use" | grep -q libctm ||
  fail "-lctm links the shared library"

# every function of ctm.h has its row in docs/dpi.md (the package is held to ctm.h by
# tests/cli/svpkg.sh: it is written from libctm's tables)
python3 - "$prefix/include/ctm.h" "$ROOT/docs/dpi.md" <<'PY'
import re, sys
hdr, doc = (open(p).read() for p in sys.argv[1:3])
hdr = re.sub(r'/\*.*?\*/', '', hdr, flags=re.S)
documented = set(re.findall(r'^\| `[^`]*?\b(ctm_\w+)\(', doc, re.M))
decl = set(re.findall(r'\b(ctm_\w+)\s*\([^)]*\)\s*;', hdr))
missing = sorted(decl - documented)
assert not missing, f"ctm.h functions without a row in docs/dpi.md: {' '.join(missing)}"
print(f"ctm.h's {len(decl)} functions are in docs/dpi.md")
PY

# lint: each user testbench with the RTL it checks (which names the codes of the installed
# ctm_isa_pkg.sv, a copy of rtl/ctm_isa_pkg.sv)
cd "$ROOT/examples/sv-testbench"
pkgs=("$prefix/share/ctm/ctm_ports_pkg.sv" "$prefix/share/ctm/ctm_isa_pkg.sv" "$prefix/share/ctm/ctm_dpi_pkg.sv")
"${VERILATOR:-verilator}" --lint-only -Wall -Wno-DECLFILENAME -I"$ROOT/rtl" --top-module tb_my_pred --timing \
  "${pkgs[@]}" "$ROOT/rtl/lint.vlt" tb_my_pred.sv "$ROOT/rtl/pred_stack.sv"
"${VERILATOR:-verilator}" --lint-only -Wall -Wno-DECLFILENAME -I"$ROOT/rtl" --top-module tb_my_fc --timing \
  "${pkgs[@]}" "$ROOT/rtl/lint.vlt" tb_my_fc.sv "$ROOT"/rtl/fc_*.sv

# build and run as a user would, from the installed library
make --no-print-directory OUT="$tmp/obj" all cc-exe >"$tmp/build.log" 2>&1 || { tail -30 "$tmp/build.log"; exit 1; }
passes() { # log, what it must say, command...
  local log=$tmp/$1 want=$2
  shift 2
  "$@" >"$log" 2>&1 || { cat "$log"; exit 1; }
  grep -q "$want" "$log" || { cat "$log"; fail "no '$want'"; }
}
passes pred.log "tb_my_pred: PASS, 5000 cycles" "$tmp/obj/pred/tb_my_pred" +cycles=5000
passes pred-cc.log "tb_my_pred: PASS, 2000 cycles" "$tmp/obj/pred-cc/tb_my_pred" +cycles=2000
passes fc.log "tb_my_fc: PASS" "$tmp/obj/fc/tb_my_fc" +elf="$BUILD/examples/mandelbrot.elf" +width=32 +height=24

# every import of the package misused from SystemVerilog (tb_misuse.sv, issue 25): lints clean,
# builds from the installed library, exits 0 with its PASS line (a crash would be exit 139); a
# missing +elf stops it with the path named, not a crash
"${VERILATOR:-verilator}" --lint-only -Wall -Wno-DECLFILENAME --top-module tb_misuse --timing \
  "${pkgs[@]}" tb_misuse.sv
make --no-print-directory OUT="$tmp/obj" misuse >"$tmp/build-misuse.log" 2>&1 ||
  { tail -30 "$tmp/build-misuse.log"; exit 1; }
misuse_rc=0
"$tmp/obj/misuse/tb_misuse" +elf="$BUILD/examples/mandelbrot.elf" >"$tmp/misuse.log" 2>&1 || misuse_rc=$?
((misuse_rc == 0)) && grep -qE '^tb_misuse: PASS, [0-9]+ checks$' "$tmp/misuse.log" ||
  { cat "$tmp/misuse.log"; fail "tb_misuse exited $misuse_rc without its PASS line"; }
misuse_rc=0
"$tmp/obj/misuse/tb_misuse" +elf="$tmp/no such.elf" >"$tmp/misuse-noelf.log" 2>&1 || misuse_rc=$?
((misuse_rc != 0 && misuse_rc != 139)) &&
  grep -qF "tb_misuse: +elf=$tmp/no such.elf: ctm_model_new: " "$tmp/misuse-noelf.log" ||
  { cat "$tmp/misuse-noelf.log"; fail "tb_misuse with a missing +elf exited $misuse_rc"; }

# the MC example design (examples/designs/mc_unit): its transaction-level testbench builds
# against the installed library (the prefix with a space) and passes on surfaces.elf over 16x8:
# 5 inputs and 4 outputs of 128 pairs and one flush are 640 + 512 + 1 transactions checked
make -C "$ROOT/examples/designs/mc_unit" --no-print-directory OUT="$tmp/mcobj" "$tmp/mcobj/l16/tb_mc_unit" \
  >"$tmp/build-mc.log" 2>&1 || { tail -30 "$tmp/build-mc.log"; fail "the mc_unit testbench does not build"; }
python3 -c 'import struct, sys; sys.stdout.buffer.write(b"".join(struct.pack("<f", k % 17 - 8.0) for k in range(80 * 8 * 4)))' \
  >"$tmp/in.raw"
passes mc.log "ctm_txn_check: PASS, 1153 transactions" "$tmp/mcobj/l16/tb_mc_unit" \
  +elf="$BUILD/examples/surfaces.elf" +width=16 +height=8 +seed=6 +in0="$tmp/in.raw" +in1="$tmp/in.raw"
# the same with the checker's own second run (the testbench shares its run by default)
passes mc2.log "ctm_txn_check: PASS, 1153 transactions" "$tmp/mcobj/l16/tb_mc_unit" +tb_two_runs \
  +elf="$BUILD/examples/surfaces.elf" +width=16 +height=8 +seed=6 +in0="$tmp/in.raw" +in1="$tmp/in.raw"

# ctm_txn_check's batches (its Batch, docs/txn.md "SystemVerilog"): on a broken mc_unit, the
# mismatch the default Batch finds late is reported as Batch = 1 reports it at once (its cycle
# and transaction), and a run that ends before done_i, with the mismatch among the transactions
# kept, still reports it
mkdir -p "$tmp/mcbad"
(cd "$ROOT" && cp --parents examples/designs/mc_unit/mc_unit.sv "$tmp/mcbad/")
patch -s -p1 -d "$tmp/mcbad" <"$ROOT/tests/variants/designs/mc_unit/tiled_pitch_off_by_one.patch"
for batch in default 1; do
  g=() && [[ $batch == 1 ]] && g=(-GCheckBatch=1)
  make -C "$ROOT/examples/designs/mc_unit" --no-print-directory RTL="$tmp/mcbad/examples/designs/mc_unit" \
    OUT="$tmp/mcbad/$batch" VFLAGS_EXTRA="${g[*]}" "$tmp/mcbad/$batch/l16/tb_mc_unit" >"$tmp/build-mcbad.log" 2>&1 ||
    { tail -30 "$tmp/build-mcbad.log"; fail "the broken mc_unit testbench (Batch $batch) does not build"; }
  rc=0
  "$tmp/mcbad/$batch/l16/tb_mc_unit" +tb_mode=cmd +seed=0 >"$tmp/mcbad-$batch.log" 2>&1 || rc=$?
  ((rc != 0)) || { cat "$tmp/mcbad-$batch.log"; fail "broken mc_unit (Batch $batch) passes"; }
done
put_line() { grep -oP '^\[\K[0-9]+(?=\] %(Error|Fatal): .*ctm_txn_check: put: cycle )' "$1"; grep -oP 'ctm_txn_check: put: \Kcycle [0-9]+, transaction [0-9]+: .*' "$1"; }
mapfile -t late < <(put_line "$tmp/mcbad-default.log")
mapfile -t now < <(put_line "$tmp/mcbad-1.log")
((${#late[@]} == 2 && ${#now[@]} == 2)) && [[ ${late[1]} == "${now[1]}" ]] ||
  { cat "$tmp/mcbad-default.log" "$tmp/mcbad-1.log"; fail "Batch 32 and Batch 1 name another mismatch"; }
((late[0] > now[0])) || fail "the default Batch stopped at time ${late[0]}, Batch 1 at ${now[0]}: no batch was kept"
at=$(grep -oP '^cycle \K[0-9]+' <<<"${now[1]}")
rc=0
"$tmp/mcbad/default/l16/tb_mc_unit" +tb_mode=cmd +seed=0 +tb_stop=$((at + 1)) >"$tmp/mcbad-stop.log" 2>&1 || rc=$?
((rc != 0)) && grep -qF "ctm_txn_check: put (the run ended before done_i rose): ${now[1]}" "$tmp/mcbad-stop.log" &&
  grep -q '^transaction-level mismatch (field)$' "$tmp/mcbad-stop.log" ||
  { cat "$tmp/mcbad-stop.log"; fail "a run cut short after cycle $at did not report its kept mismatch (exit $rc)"; }

# broken RTL: non-zero exit, and the library's first difference in the message
broken() { # name, testbench binary, args...
  local name=$1 bin=$2 rc=0
  shift 2
  "$bin" "$@" >"$tmp/$name.log" 2>&1 || rc=$?
  ((rc != 0)) || fail "$name passes on broken RTL"
  grep -E "$name: .*(expected 0x[0-9a-f]+, actual|DUT 0x[0-9a-f]+, model)" "$tmp/$name.log" ||
    { cat "$tmp/$name.log"; fail "$name did not print the first difference"; }
}
mkdir -p "$tmp/bad"
cp -r "$ROOT/rtl" "$tmp/bad/rtl"
# broken variants are patches of rtl/ (tests/variants/)
patch -s -p1 -d "$tmp/bad" <"$ROOT/tests/variants/pred/inv_no_and.patch"
patch -s -p1 -d "$tmp/bad" <"$ROOT/tests/variants/fc/fc_any_as_all.patch"
make --no-print-directory OUT="$tmp/objbad" RTL="$tmp/bad/rtl" VFLAGS_EXTRA="-Wno-fatal" all \
  >"$tmp/buildbad.log" 2>&1 || { tail -30 "$tmp/buildbad.log"; exit 1; }
broken tb_my_pred "$tmp/objbad/pred/tb_my_pred" +cycles=5000 +report="$tmp/pred-report.json"
# the library's own report of that mismatch: context, every differing field, the inputs of the
# cycle and the last 6 steps of the context (the testbench's ctm_pred_set_history), as text and
# as JSON valid in docs/cosim-report.schema.json
for want in '^MISMATCH pred_stack 8x16x8 at cycle [0-9]+ \(step [0-9]+ of the handle\)$' \
            '^  context  [0-7]$' '^  field    [a-z_]+$' '^  inputs   rst 0, op [A-Z_]+ \([0-7]\), ctx [0-7], mask 0x[0-9a-f]{4}, obs_ctx [0-7]$' \
            '^  last 6 steps of the context \(of 6 kept\):$' '^    cycle [0-9]+ +rst 0, op '; do
  grep -Eq "$want" "$tmp/tb_my_pred.log" || { cat "$tmp/tb_my_pred.log"; fail "the library's report lacks /$want/"; }
done
python3 - "$ROOT/docs/cosim-report.schema.json" "$tmp/pred-report.json" <<'PY' || exit 1
import json, sys, jsonschema
schema, r = (json.load(open(p)) for p in sys.argv[1:3])
jsonschema.validate(r, schema, cls=jsonschema.Draft7Validator)
assert r["source"] == "libctm" and r["block"] == "pred" and r["config"] == "8x16x8", r
assert isinstance(r["context"], int) and 0 <= r["context"] < 8, r["context"]
assert set(r["inputs"]) == {"rst", "op", "ctx", "mask", "obs_ctx"}, r["inputs"]
steps = r["last_steps"]
assert r["history_depth"] == 6 and len(steps) == 6, (r["history_depth"], len(steps))
assert all(a["cycle"] < b["cycle"] for a, b in zip(steps, steps[1:])), "history not in order"
ctx_of = r["inputs"]["obs_ctx"] if r["field"].startswith("obs_") else r["inputs"]["ctx"]
assert r["context"] == ctx_of and all(s["inputs"]["ctx"] == ctx_of for s in steps), "history of another context"
if r["inputs"]["ctx"] == r["context"]:  # the failing step is the context's last
    assert steps[-1]["cycle"] == r["cycle"] and steps[-1]["inputs"] == r["inputs"], steps[-1]
assert r["field"] == r["fields"][0]["field"]
for drop in ("last_steps", "inputs", "context"):  # the schema is not vacuous for libctm's reports
    try:
        jsonschema.validate({k: v for k, v in r.items() if k != drop}, schema, cls=jsonschema.Draft7Validator)
    except jsonschema.ValidationError:
        continue
    raise SystemExit(f"FAIL: the schema accepts a libctm report without {drop}")
print(f"ok: the library's JSON report: cycle {r['cycle']}, context {r['context']}, {len(r['fields'])} fields, {len(steps)} steps")
PY
broken tb_my_fc "$tmp/objbad/fc/tb_my_fc" +elf="$BUILD/examples/mandelbrot.elf" +width=64 +height=48

uninstall_from "$prefix" "$prefix"
echo "ok: install, API, package and user testbenches"
