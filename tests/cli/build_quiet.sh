#!/usr/bin/env bash
# The build prints one short line per step; `make V=1` prints the compiler commands; a cosim
# front copied into any build folder finds its checkout.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
unset MAKEFLAGS MAKELEVEL MFLAGS # not the -s or -j of an enclosing make
obj=$tmp/opt/csim/util/status.o
make -C "$ROOT" --no-print-directory BUILD="$tmp" "$obj" >"$tmp/quiet.log" 2>&1 || { cat "$tmp/quiet.log"; exit 1; }
rm -f "$obj"
make -C "$ROOT" --no-print-directory BUILD="$tmp" V=1 "$obj" >"$tmp/verbose.log" 2>&1 || { cat "$tmp/verbose.log"; exit 1; }
grep -qx '  CC     csim/util/status.c' "$tmp/quiet.log" || { bad "no 'CC csim/util/status.c' line:"; cat "$tmp/quiet.log"; }
! grep -q -- '-std=c11' "$tmp/quiet.log" || { bad "the quiet build shows the command:"; cat "$tmp/quiet.log"; }
tr -d "\\\\\n" <"$tmp/verbose.log" | drain_grep -q -- "-std=c11 .*-c csim/util/status.c -o $obj" || { bad "V=1 hides the command:"; cat "$tmp/verbose.log"; }
# A build folder anywhere (two levels down here, as build/matrix/5.050 is): its cosim front knows
# the checkout it came from, not the folder above it.
deep=$tmp/a/b
make -C "$ROOT" --no-print-directory BUILD="$deep" "$deep/cosim" >"$tmp/front.log" 2>&1 || { cat "$tmp/front.log"; exit 1; }
grep -qx "kit_root='$ROOT'" "$deep/cosim" || { bad "$deep/cosim does not name $ROOT:"; grep -n kit_root "$deep/cosim"; }
((fails == 0)) && echo "ok: quiet: $(cat "$tmp/quiet.log" | tr '\n' ' '); V=1 shows the gcc command"
finish
