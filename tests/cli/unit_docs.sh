#!/usr/bin/env bash
# The unit contracts say what the model does: docs/pe.md's command table is the model's command
# table (as ctm_consts.h, which `dpp svpkg --consts` writes from it, spells it), its annotated
# buffer is the one `dpp run` writes for the commands it shows, word for word and at the bytes
# it gives, the outputs it and docs/co.md claim are what the runs store, and docs/mc.md's
# worked address and store are what libctm's ctm_mc_address, _pack and _unpack give.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

pe=$ROOT/docs/pe.md co=$ROOT/docs/co.md
# The lines after a marker, up to the first blank line (a table) or the fence's end (a block).
after() { awk -v m="<!-- unit-docs: $2 -->" '$0 == m { on = 1; next }
  on && /^```/ { if (fence) exit; fence = 1; next } on && !fence && /^$/ { exit } on { print }' "$1"; }

# The command table: every command of ctm_consts.h, with its opcode and words, and no other.
after "$pe" commands | awk -F'|' 'NR > 2 { gsub(/ /, "", $2); gsub(/ /, "", $3); gsub(/ /, "", $4);
  print "CTM_PE_OP_" toupper($3), $2, $4 }' | sort >"$tmp/doc_cmds"
sed -nE 's#^ +(CTM_PE_OP_[A-Z_]+) = (0x[0-9A-F]+), +/\* ([0-9]+) parameter.*#\1 \2 \3#p' \
  csim/api/ctm_consts.h | sort >"$tmp/gen_cmds"
[[ $(wc -l <"$tmp/gen_cmds") -ge 21 ]] || bad "ctm_consts.h: fewer than 21 opcodes"
diff -u "$tmp/gen_cmds" "$tmp/doc_cmds" && echo "ok: docs/pe.md's command table is the model's" ||
  bad "docs/pe.md's command table differs from the model's (ctm_consts.h, diff above)"

# The worked example: its program and commands, run where the page says.
cd "$tmp" || exit 1
after "$pe" "pe program" >pe_example.s
after "$pe" "pe run" | sed "s#^build/dpp #$DPP #" >run.sh
bash -e run.sh >/dev/null 2>&1 || fail "docs/pe.md's commands do not run: $(cat run.sh)"
after "$pe" "pe buffer" | awk -F'|' 'NR > 2 { gsub(/[` ]/, " ", $3); print $2, $3 }' >rows
off=0
while read -r byte words; do
  [[ $byte == "$off" ]] || bad "docs/pe.md: a command at byte $byte, the words before end at $off"
  off=$((off + 4 * $(wc -w <<<"$words")))
  echo "$words"
done <rows | tr ' ' '\n' | grep . >doc_words
od -An -tx4 -v ex.cb | tr ' ' '\n' | grep . >cb_words
diff -u cb_words doc_words >/dev/null && echo "ok: docs/pe.md's buffer is ex.cb, word for word" ||
  bad "docs/pe.md's annotated buffer differs from the ex.cb dpp run wrote"
[[ $(od -An -tx1 out.raw | xargs) == "00 80 ff ff 02 fe ff ff" ]] || bad "pe.md: out.raw is $(od -An -tx1 out.raw)"
"$DPP" exec ex.cb --mem ex.mem --mem-out after.mem 2>/dev/null && cmp -s after.mem ex.after.mem ||
  bad "pe.md: dpp exec of ex.cb does not give ex.after.mem"
# set_out_mask 0x5 put in before start_program (byte 124): bytes 1 and 3 keep the image's zeros
head -c 124 ex.cb >mask.cb && printf '\x00\x17\x00\xc0\x05\x00\x00\x00' >>mask.cb && tail -c +125 ex.cb >>mask.cb
"$DPP" exec mask.cb --mem ex.mem --mem-out mask.mem 2>/dev/null || bad "pe.md: the masked buffer fails"
[[ $(od -An -tx1 -j $((0x3000)) -N 8 mask.mem | xargs) == "00 00 ff 00 02 00 ff 00" ]] &&
  echo "ok: docs/pe.md's outputs, plain and masked, are the model's" ||
  bad "pe.md: the masked output is $(od -An -tx1 -j $((0x3000)) -N 8 mask.mem)"

# docs/co.md's CO test, on the same program, and its notequal variant.
after "$co" "co run" | sed "s#^build/dpp #$DPP #" >co.sh
bash -e co.sh >/dev/null 2>&1 || fail "docs/co.md's commands do not run: $(cat co.sh)"
[[ $(od -An -tx1 out.raw | xargs) == "$(after "$co" "co out" | head -1 | tr -d '`')" ]] ||
  bad "co.md: out.raw is $(od -An -tx1 out.raw | xargs)"
[[ $(od -An -tx1 b_after.raw | xargs) == "$(after "$co" "co buffer" | head -1 | tr -d '`')" ]] ||
  bad "co.md: b_after.raw is $(od -An -tx1 b_after.raw | xargs)"
sed -i 's/--cond-test less/--cond-test notequal/; s/ --cond-write//' co.sh
bash -e co.sh >/dev/null 2>&1 || fail "the notequal run fails"
[[ $(od -An -tx1 out.raw | xargs) == "14 28 3c 50 00 00 00 00 14 28 3c 50 14 28 3c 50" ]] &&
  cmp -s b.raw b_after.raw && echo "ok: docs/co.md's CO tests keep the pairs it says" ||
  bad "co.md notequal: out.raw is $(od -An -tx1 out.raw | xargs)"

# docs/mc.md's example, through the Python package over this build's libctm.
mc=$ROOT/docs/mc.md
for claim in "address 0x4000 + 25 x 4 = 0x4064" "byte 0 = 0x80" "byte 1 = 0x00" "byte 3 = 0x00" \
             "(byte enables 0xB)" "128/255 = 0x3f008081"; do
  tr '\n' ' ' <"$mc" | tr -s ' ' | grep -qF "$claim" || bad "docs/mc.md no longer says '$claim'"
done
PYTHONPATH=$ROOT/python python3 - <<'PY' && echo "ok: docs/mc.md's tiled address and UINT8 store are libctm's" ||
import ctm
assert ctm.mc_address(0x4000, 8, 8, ctm.TILE_TILED, ctm.FMT_UINT8_4, 5, 2) == (0, 0x4064)
_, elem, en = ctm.mc_pack(ctm.FMT_UINT8_4, [0x3f000000, 0x3b008081, 0x3f800000, 0x7fc00000], 0xB)
assert (elem[0], elem[1], elem[3], en) == (0x80, 0x00, 0x00, 0xB), (elem, en)
assert ctm.mc_unpack(ctm.FMT_UINT8_4, bytes([0x80, 0, 0, 0] + [0] * 12))[1][0] == 0x3f008081
PY
  bad "docs/mc.md's example differs from libctm (above)"
finish
