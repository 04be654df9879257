#!/usr/bin/env bash
# Chip profiles (docs/timing.md): every example gives the same outputs under ctm, cayman and
# rv740; --stats prints the modelled cycles, occupancy, ALU use and stalls with units, and
# they add up; dpp exec counts the same cycles; an early OUTPUT on more wavefronts than the
# output FIFO has entries stalls the others, in --stats and --timeline; --timeline writes an
# FST that fst2vcd reads back with the SIMD's slots, and a .gtkw naming signals that are in
# it. (Bad --chip and --timeline values: options.sh.)
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ex=$ROOT/examples

# 1. Every example under the three profiles: byte for byte the same outputs.
runs=(
  "saxpy --domain 16x4 --in 0=$ex/saxpy/x.pfm --in 1=$ex/saxpy/y.pfm"
  "reduction --domain 1x8 --in 0=$ex/reduction/in.pfm"
  "mandelbrot --domain 64x48"
  "predicates --domain 16x4 --in 0=$ex/saxpy/x.pfm --in 1=$ex/saxpy/y.pfm"
  "subroutine --domain 16x4 --in 0=$ex/saxpy/x.pfm"
)
for r in "${runs[@]}"; do
  read -ra args <<<"$r"
  name=${args[0]}
  src=$ex/$name/$name.s
  [[ -f $src ]] || src=$ex/$name.s
  "$DPP" asm "$src" -o "$tmp/$name.elf" || { bad "$name does not assemble"; continue; }
  for wave in 64 5; do
    for chip in ctm cayman rv740; do
      "$DPP" run "$tmp/$name.elf" "${args[@]:1}" --wave "$wave" --chip "$chip" \
        --out "0=$tmp/$name-$chip.raw" 2>/dev/null || bad "$name --chip $chip exits $?"
    done
    for chip in cayman rv740; do
      cmp -s "$tmp/$name-ctm.raw" "$tmp/$name-$chip.raw" ||
        bad "$name --wave $wave: output 0 under $chip differs from ctm"
    done
  done
  echo "ok: $name: the same output under ctm, cayman and rv740"
done

# 2. --stats under a profile: units, and the ALU's cycles add up to the modelled cycles.
mb=$tmp/mandelbrot.elf
"$DPP" run "$mb" --domain 96x64 --chip cayman --stats >"$tmp/stats" 2>/dev/null || bad "--stats run"
cat "$tmp/stats"
cycles=$(grep -oP '^cycles +\K[0-9]+(?= modelled cycles of one cayman SIMD \(16 lanes, 64-lane wavefronts\)$)' "$tmp/stats")
active=$(grep -oP '^clocks +[0-9]+ total, \K[0-9]+(?= active \(PE performance counters; modelled cayman cycles\))' "$tmp/stats")
[[ -n $cycles && $cycles == "$active" ]] || bad "cycles '$cycles' are not the active clocks '$active'"
grep -qE '^resident +22 wavefronts per SIMD at most, limited by registers \(11 temporaries .*; peak 22 of 96 wavefronts$' "$tmp/stats" ||
  bad "resident line"
busy=$(grep -oP '^ALU busy +\K[0-9]+(?= cycles \([0-9.]+% of the cycles\)$)' "$tmp/stats")
grep -qE '^ALU utilisation +[0-9.]+% \(active lanes x slots used, of 16 lanes x 4 slots a cycle\)$' "$tmp/stats" ||
  bad "utilisation line"
stall_line=$(grep -E '^stall cycles +clause switch [0-9]+, ALU latency [0-9]+, TEX fetch [0-9]+, register reads [0-9]+, no wavefront [0-9]+, output FIFO 0 \(cycles the ALU did not execute\)$' "$tmp/stats")
stalls=$(($(grep -oE "[0-9]+" <<<"$stall_line" | paste -sd+)))
[[ -n $busy && -n $stalls ]] && ((busy + stalls == cycles)) ||
  bad "ALU busy $busy + stalls $stalls != $cycles cycles"
grep -qE '^wall time +[0-9.]+ s \(1 thread, ' "$tmp/stats" || bad "a profile runs on one thread"
# outputs last (the Mandelbrot example): the output FIFO never fills
grep -qE '^output FIFO +peak [1-4] of 8 entries held \(a wavefront.s first OUTPUT holds one until the wavefront ends\); 0 wavefronts waited 0 cycles in all for one$' "$tmp/stats" ||
  bad "output FIFO line: $(grep '^output FIFO' "$tmp/stats")"
"$DPP" run "$mb" --domain 96x64 --stats >"$tmp/ctm" 2>/dev/null
grep -qE '^clocks .*one issue is one clock\)$' "$tmp/ctm" && ! grep -q '^cycles' "$tmp/ctm" ||
  bad "ctm --stats changed"
# the same command buffer through dpp exec counts the same cycles
"$DPP" run "$mb" --domain 96x64 --emit "$tmp/e" >/dev/null 2>&1
"$DPP" exec "$tmp/e.cb" --mem "$tmp/e.mem" --chip cayman --stats >"$tmp/exec" 2>/dev/null || bad "exec --chip"
grep -q "^cycles  *$cycles modelled" "$tmp/exec" || bad "dpp exec --chip cayman: $(grep '^cycles' "$tmp/exec")"
echo "ok: --stats: $cycles cycles = $busy busy + $stalls stalled"

# An early OUTPUT on 10 wavefronts, 2 more than the output FIFO's 8 entries: 276 cycles, 32 of
# them the ALU idle for the FIFO, w8 and w9 each 76 cycles ready with every entry held
# (derived in tests/unit/test_timing.c, "early OUTPUT, 10 waves"); the timeline shows it.
printf '%s\n' '    out rgb mad r0._ o0.rgb, r0.rgb, #1, #0' '    alu rgb mad r1.rgb, r0.rgb, #2, #0' \
  '    out rgb mad r0._ o0.rgb, r1.rgb, #1, #0' >"$tmp/early.s"
"$DPP" asm "$tmp/early.s" -o "$tmp/early.elf" || bad "early.s does not assemble"
"$DPP" run "$tmp/early.elf" --domain 64x10 --chip cayman --stats --timeline "$tmp/early.vcd" >"$tmp/early" 2>"$tmp/early.err" ||
  bad "early OUTPUT run: $(cat "$tmp/early.err")"
grep -q '^cycles  *276 modelled' "$tmp/early" || bad "early OUTPUT: $(grep '^cycles' "$tmp/early")"
grep -qE '^stall cycles .*, output FIFO 32 \(' "$tmp/early" || bad "early OUTPUT: $(grep '^stall' "$tmp/early")"
grep -qE '^output FIFO +peak 8 of 8 entries held .*; 2 wavefronts waited 152 cycles in all for one$' "$tmp/early" ||
  bad "early OUTPUT: $(grep '^output FIFO' "$tmp/early")"
grep -q 'warning: pc 0: the first OUTPUT instruction issues before other instructions in 10 wavefront' "$tmp/early.err" ||
  bad "early OUTPUT: no hazard warning"
grep -q '^sfifo ' "$tmp/early.vcd" || bad "early OUTPUT: no slot waits as 'fifo' in the timeline"
echo "ok: an early OUTPUT on 10 wavefronts: 276 cycles, 32 of them for the output FIFO"

# 3. --timeline: an FST that fst2vcd reads, the slots in it, and a .gtkw beside it.
"$DPP" run "$mb" --domain 32x16 --chip rv740 --stats --timeline "$tmp/tl.fst" >"$tmp/stats" 2>"$tmp/err" ||
  bad "--timeline run: $(cat "$tmp/err")"
grep -q "wrote $tmp/tl.fst (timeline of the rv740 schedule) and $tmp/tl.gtkw" "$tmp/err" || bad "no 'wrote' line"
fst2vcd "$tmp/tl.fst" >"$tmp/tl.vcd" 2>"$tmp/fst2vcd.err" || bad "fst2vcd: $(cat "$tmp/fst2vcd.err")"
for v in 'scope module simd0' 'scope module slot00' 'var wire 32 [^ ]* wave ' 'var wire 10 [^ ]* pc ' \
  'var string [0-9]+ [^ ]* clause ' 'var wire 64 [^ ]* lanes ' 'var string [0-9]+ [^ ]* stall ' 'var wire 1 [^ ]* alu_busy '; do
  grep -qE "\\\$$v" "$tmp/tl.vcd" || bad "the VCD has no \$$v"
done
cycles=$(grep -oP '^cycles +\K[0-9]+' "$tmp/stats")
last=$(grep -oE '^#[0-9]+' "$tmp/tl.vcd" | tail -1)
[[ $last == "#$cycles" ]] || bad "the timeline ends at $last, the run took $cycles cycles"
gtkw=$tmp/tl.gtkw
[[ -f $gtkw ]] && grep -qF "[dumpfile] \"$(realpath "$tmp/tl.fst")\"" "$gtkw" || bad "the .gtkw does not open the FST"
# every signal the .gtkw names is in the waveform, and it shows the slots used
nsig=0
while read -r sig; do
  path=${sig%%[[]*} scope=${path%.*} name=${path##*.}
  grep -qE "\\\$var [a-z]+ [0-9]+ [^ ]+ $name " <(awk -v s="${scope##*.}" '/\$scope module/ { cur = $3 } cur == s' "$tmp/tl.vcd") ||
    bad "the .gtkw names $sig, which is not in the FST"
  nsig=$((nsig + 1))
done < <(grep -E '^simd0\.' "$gtkw")
grep -q '^simd0.slot01.wave\[31:0\]$' "$gtkw" || bad "the .gtkw does not show slot 1 (8 wavefronts ran)"
# --timeline FILE.vcd: the same signals and the same last cycle, with no converter involved.
"$DPP" run "$mb" --domain 32x16 --chip rv740 --timeline "$tmp/tl2.vcd" 2>"$tmp/err2" || bad "--timeline .vcd: $(cat "$tmp/err2")"
diff <(grep -oE '\$var [a-z]+ [0-9]+ [^ ]+ [a-z_]+' "$tmp/tl2.vcd" | awk '{print $2, $5}' | sort | uniq -c) \
  <(grep -oE '\$var [a-z]+ [0-9]+ [^ ]+ [a-z_]+' "$tmp/tl.vcd" | awk '{print $2, $5}' | sort | uniq -c) >/dev/null ||
  bad "the .vcd and the .fst hold different signals"
[[ $(grep -oE '^#[0-9]+' "$tmp/tl2.vcd" | tail -1) == "#$cycles" ]] || bad "the .vcd does not end at #$cycles"
[[ -f $tmp/tl2.gtkw && ! -e $tmp/tl2.vcd.tmp.vcd && ! -e $tmp/tl.fst.tmp.vcd ]] || bad "no .gtkw beside the .vcd, or a temporary left"
echo "ok: timeline: fst2vcd reads $(grep -c '^#' "$tmp/tl.vcd") time steps up to #$cycles; the .gtkw names $nsig signals, all in it"

finish
