#!/usr/bin/env bash
# docs/dpi.md, "Verilator 5.006 and the SystemVerilog a testbench meets": the forms it says work
# do work under Verilator 5.006. The block after "<!-- dpi-docs: verilator-5.006 works -->" (one
# SystemVerilog module) and the one after "<!-- dpi-docs: verilator-5.006 works, C -->" (its DPI
# functions, built with gcc into an archive, as the kit builds C for Verilator) are built with
# `verilator --binary -Wall` and run: the module prints "vl5006_forms: PASS" and exits 0; with
# +fail and with +watchdog=10 it exits non-zero ($fatal).
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
doc=$ROOT/docs/dpi.md

# The 5.006 this section was written for: $VERILATOR if it is one, else `verilator` on PATH.
vl=""
for v in "${VERILATOR:-}" verilator; do
  [[ -n $v ]] && [[ $("$v" --version 2>/dev/null) == "Verilator 5.006 "* ]] && { vl=$v; break; }
done
[[ -n $vl ]] || fail "no Verilator 5.006 (\$VERILATOR or verilator on PATH): the section is about 5.006"

# The fenced block right after a marker line.
block() { # marker, fence language, output file
  awk -v marker="$1" -v fence="$2" '
    $0 == marker { want = 1; next }
    want && $0 == "```" fence { inblk = 1; want = 0; found = 1; next }
    want && $0 != "" { exit 1 }   # the block must follow its marker
    inblk && /^```$/ { exit }
    inblk { print }
    END { if (!found) exit 1 }
  ' "$doc" >"$3"
}
block '<!-- dpi-docs: verilator-5.006 works -->' systemverilog "$tmp/forms.sv" ||
  fail "docs/dpi.md: no \`\`\`systemverilog block after the verilator-5.006 'works' marker"
block '<!-- dpi-docs: verilator-5.006 works, C -->' c "$tmp/forms.c" ||
  fail "docs/dpi.md: no \`\`\`c block after the verilator-5.006 'works, C' marker"
top=$(sed -n 's/^module \([A-Za-z_0-9]*\).*/\1/p' "$tmp/forms.sv" | head -1)
[[ -n $top ]] || fail "the systemverilog block holds no module"

gcc -std=c11 -D_DEFAULT_SOURCE -Wall -Wextra -Werror -c "$tmp/forms.c" -o "$tmp/forms.o" &&
  ar rcs "$tmp/libforms.a" "$tmp/forms.o" || fail "the C block does not compile"
"$vl" --binary -Wall -Wno-DECLFILENAME --quiet-exit -j 2 --top-module "$top" --Mdir "$tmp/obj" \
  -o "$top" "$tmp/forms.sv" "$tmp/libforms.a" >"$tmp/build.log" 2>&1 ||
  { grep -E -A4 '%(Error|Warning)' "$tmp/build.log" | head -40 || tail -20 "$tmp/build.log"
    fail "the 'works' module does not build under $("$vl" --version)"; }

bin=$tmp/obj/$top
rc=0
"$bin" >"$tmp/run.log" 2>&1 || rc=$?
((rc == 0)) || { cat "$tmp/run.log"; fail "$top exits $rc with no plusargs"; }
grep -q "^$top: PASS$" "$tmp/run.log" || { cat "$tmp/run.log"; fail "$top did not print '$top: PASS'"; }
for arg in +fail +watchdog=10; do
  rc=0
  ("$bin" "$arg" || exit) >"$tmp/run$arg.log" 2>&1 || rc=$?  # the subshell reports the abort into the log
  ((rc != 0)) || { cat "$tmp/run$arg.log"; fail "$top $arg exits 0: \$fatal must give a non-zero status"; }
  ! grep -q "PASS" "$tmp/run$arg.log" || fail "$top $arg printed PASS"
done
echo "ok: docs/dpi.md's Verilator 5.006 forms build and run under $("$vl" --version | cut -d' ' -f1-2)"
