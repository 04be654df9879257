#!/usr/bin/env bash
# Executables in the guide's form, laid out by hand (scripts/guide_elf.py, not dpp's writer):
# [seed 000, p51] PROGINFO's words after FG_DEPTH_SRC are reserved and 0, and there is no model
# MODELINFO note: the file loads with the documented defaults and runs (a loop reading i0 three
# times doubles 1 to 8). [seed 000, p52] without the INT32CONSTS note the loader acts as if the
# program had no int32 constant references: the same program is refused at the LOOP's byte.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cat >"$tmp/loop.s" <<'ASM'
.int i0, 3, 0, 1
    alu rgb mad r1.rgb, r1.rgb, #0, #1
    loop i0
    alu rgb mad r1.rgb, r1.rgb, #2, #0
    endloop
    out rgb mad r0._ o0.rgb, r1.rgb, #1, #0
ASM
"$DPP" asm "$tmp/loop.s" -o "$tmp/dpp.elf" || exit 1
python3 "$ROOT/scripts/guide_elf.py" "$tmp/dpp.elf" "$tmp/guide.elf" || exit 1
python3 "$ROOT/scripts/guide_elf.py" "$tmp/dpp.elf" "$tmp/noint.elf" --drop 6 || exit 1
readelf -n "$tmp/guide.elf" | grep -q "0x00000105" && bad "guide.elf still has MODELINFO"
# [seed 000, p50-p51] PROGINFO as the pages show it: Reserved, FG_DEPTH_SRC, five whole reserved
# rows and the begun sixth: 8 words, 32 bytes, in dpp's file and in the guide-form one (readelf
# names note type 1 NT_VERSION).
for f in dpp guide; do
  readelf -n "$tmp/$f.elf" | grep -qE 'ATI DPP +0x00000020\s+NT_VERSION' \
    || bad "$f.elf: no 32-byte PROGINFO note: $(readelf -n "$tmp/$f.elf" | head -5)"
done

# loads: the disassembly shows the loader's defaults for the absent MODELINFO
"$DPP" disasm "$tmp/guide.elf" >"$tmp/guide.dis" 2>&1 || bad "guide.elf refused: $(cat "$tmp/guide.dis")"
grep -qx ".proginfo fg_depth_src=0 output_mode=cached fc_mode=full num_temps=128" "$tmp/guide.dis" \
  || bad "guide.elf: defaults not shown: $(head -1 "$tmp/guide.dis")"
# runs: every element's RGB is 1 doubled three times
if "$DPP" run "$tmp/guide.elf" --domain 3x2 --out 0="$tmp/o.txt" >/dev/null 2>"$tmp/run.err"; then
  [[ $(awk '$3 == 8 && $4 == 8 && $5 == 8' "$tmp/o.txt" | wc -l) == 6 ]] \
    || bad "guide.elf ran to $(head -2 "$tmp/o.txt" | tr '\n' ' '), want RGB 8 in 6 elements"
else
  bad "guide.elf does not run: $(cat "$tmp/run.err")"
fi

# refused without INT32CONSTS, at slot 1 (the LOOP) of .text, with the reason and the page
textoff=$((0x$(readelf -S -W "$tmp/noint.elf" | awk '{ for (i = 1; i < NF; i++) if ($i == ".text") print $(i + 3) }')))
out=$("$DPP" run "$tmp/noint.elf" --domain 1x1 2>&1 >/dev/null); rc=$?
((rc == 1)) || bad "noint.elf: exit $rc, want 1"
want="$tmp/noint.elf: byte $((textoff + 24)): error: slot 1: loop reads int32 constant i0, but the file has no INT32CONSTS note"
[[ $out == "$want"*"[seed 000, p52]"* ]] || bad "noint.elf: '$out' lacks '$want ... [seed 000, p52]'"
((fails)) || echo "guide-form executables: loaded and ran; int32 reference without the note refused"
finish
