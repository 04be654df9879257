#!/usr/bin/env bash
# The example designs (examples/designs/, docs/commit.md "Examples"), checked at commit level
# as a user builds them, through `build/cosim --design` (scripts/design_run.sh builds: the library
# installed into BUILD/designs/kit, each design's own Makefile and pkg-config; the builds are
# the ones make cosim uses). Each design lints clean (verilator -Wall); its testbench passes
# over every example program at each level it commits (its testbench's "// ctm-levels:" line;
# reconv_stack 0 and 1, pipe_fc 0 and 2), at 16 and 64 lanes by turns over the programs (CI
# time: make cosim runs each at both), one stall rate a run: at level 0 25% and 60% by turns
# (each rate at each lane count), at the others 25% at 16 lanes and 60% at 64; each broken variant (tests/variants/designs/NAME/*.patch) exits 1
# with a first difference that names the context, the pc and the field (or says the commit is
# out of order, or on a context with no wavefront), in the text and in the JSON report, and
# leaves the FST waveform of the run up to it (a pass leaves none).
# A design checked at its transactions (its testbench instantiates ctm_txn_check, docs/txn.md:
# mc_unit, co_unit) has its own section at the end: it lints clean, passes over every example program
# once, at 16 and 64 lanes by turns (each run at another seed, so another CO setup), and a testbench
# with a cmd mode (mc_unit's) on its own command buffer at two seeds; each broken variant exits 1
# at each run its case below gives, with a first difference and text and JSON reports that name
# the unit, the kind and the field, and leaves its waveform.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cosim=$BUILD/cosim
designs=()
txn_designs=() # checked at their transactions: the section at the end
for m in "$ROOT"/examples/designs/*/Makefile; do
  d=$(basename "$(dirname "$m")")
  if grep -q '^ *ctm_txn_check ' "$ROOT/examples/designs/$d/tb_$d.sv"; then txn_designs+=("$d"); else designs+=("$d"); fi
done
((${#designs[@]} >= 2)) || fail "fewer than 2 example designs checked at commit level"
((${#txn_designs[@]} >= 1)) || fail "no example design checked at its transactions"

levels() { # DESIGN -> the levels it commits, as its testbench says (cosim_config reads it too)
  local l
  l=$(sed -n 's|^// ctm-levels: ||p' "$ROOT/examples/designs/$1/tb_$1.sv")
  echo "${l:-0}"
}
domain() { # PROGRAM -> its domain: the sizes its own tests run it at (examples.sh)
  case $1 in
  mandelbrot) echo 32x24 ;;
  saxpy) echo 16x4 ;;
  reduction) echo 1x8 ;;
  *) echo 16x8 ;;
  esac
}
# DESIGN/VARIANT -> "LEVEL PROGRAM DIFF": the run that shows the bug and the first difference it
# must give (after "cycle N, ")
ctx='context [0-9]+ \(wave [0-9]+\)'
lanes_differ='expected 0x[0-9a-f]+, actual 0x[0-9a-f]+ \(lanes [0-9 ]+ differ\)'
no_wave='context [0-9]+: FC pc [0-9]+ .*, but the context runs no wavefront'
# (the field against the model's next commit first, then what the design's commit equals)
order="$ctx, pc [0-9]+: FC: [a-z_]+: [^;]*; out of order: FC pc [0-9]+ .* is the wave's commit [0-9]+ after the next; the next is FC pc [0-9]+"
variant_case() {
  case $1 in
  pipe_fc/exec_no_forward | pipe_fc/exec_load_on_stall) echo "0 mandelbrot $ctx, pc [0-9]+: FC: exec: $lanes_differ" ;;
  pipe_fc/commit_order_ctx | pipe_fc/commit_overwrite) echo "0 mandelbrot $order" ;;
  pipe_fc/stall_overwrite | reconv_stack/stall_drops_step) echo "0 mandelbrot $no_wave" ;;
  reconv_stack/pop_one_short | reconv_stack/exit_drops_breaks)
    echo "0 mandelbrot $ctx, pc [0-9]+: FC: (exec|active): $lanes_differ" ;;
  reconv_stack/return_pc_off) # the only example that calls
    echo "0 subroutine $ctx, pc [0-9]+: FC: next_pc: expected [0-9]+, actual [0-9]+" ;;
  pipe_fc/state_bc_width) # the state port: only level 2 carries it
    echo "2 mandelbrot $ctx, pc [0-9]+: FC_STATE: bc: lanes [0-9]+ \\([0-9]+, [0-9]+\\)" ;;
  # random programs alone find these (dpp progen --profile divergent, seed 1): "progdiv:SEED"
  reconv_stack/else_wakes_all | lane_pc/else_wakes_all) echo "0 progdiv:1 $ctx, pc [0-9]+: FC: (jump|exec|active|next_pc): " ;;
  reconv_stack/inner_exit_wakes_outer | lane_pc/inner_exit_wakes_outer | lane_pc/noncaller_resume_off | lane_pc/wake_below_next)
    echo "0 progdiv:1 $ctx, pc [0-9]+: FC: active: $lanes_differ" ;;
  reconv_stack/exit_as_iterate) # a level-1 event's kind
    echo "1 mandelbrot $ctx, pc [0-9]+: LOOP_EXIT: kind: expected LOOP_EXIT, actual LOOP_ITERATE" ;;
  reconv_stack/uniform_leak) # every mask right: only the open regions show it (and +regions=0 passes, below)
    echo "0 mandelbrot $ctx, pc [0-9]+: REGIONS: regions: expected [0-9]+, actual [0-9]+" ;;
  *) echo "0 mandelbrot context [0-9]+.*pc [0-9]+" ;; # a new variant: at least the context and pc
  esac
}

# Every testbench first, two builds at a time, as make cosim builds them
bins=()
for d in "${designs[@]}" "${txn_designs[@]}"; do
  names=("$ROOT/tests/variants/designs/$d"/*.patch)
  ((${#names[@]} >= 4)) || fail "fewer than 4 variants of $d"
  for lanes in 16 64; do
    bins+=("$BUILD/cosim-$(COSIM_PRINT_MODEL=1 "$cosim" --design "$d" --lanes $lanes --progen 1)")
  done
  for p in "${names[@]}"; do
    bins+=("$BUILD/cosim-$(COSIM_PRINT_MODEL=1 "$cosim" --design "$d" --progen 1 \
      --rtl-variant "$(basename "$p" .patch)")")
  done
done
make -s -C "$ROOT" -j2 BUILD="$BUILD" "${bins[@]}" >"$tmp/build.log" 2>&1 ||
  { tail -40 "$tmp/build.log"; fail "a testbench does not build"; }

for d in "${designs[@]}"; do
  # lint: the design alone, against the installed packages (and the kit's fc_unit)
  PKG_CONFIG_PATH=$BUILD/designs/kit/lib/pkgconfig make -C "$ROOT/examples/designs/$d" \
    --no-print-directory lint >"$tmp/lint.log" 2>&1 || { cat "$tmp/lint.log"; fail "$d does not lint clean"; }

  runs=0
  np=0
  for elf in "$BUILD"/examples/*.elf; do
    prog=$(basename "$elf" .elf)
    np=$((np + 1))
    nl=0
    for level in $(levels "$d"); do
      nl=$((nl + 1))
      # one lane count a run, by turns over the programs (and shifted a level, so that each
      # program meets both); one rate a run: both at level 0, by turns every two programs, so
      # that each rate meets each lane count
      lanes=$(((np + nl) % 2 ? 64 : 16))
      stall=$((lanes == 16 ? 25 : 60))
      [[ $level != 0 ]] || stall=$((np / 2 % 2 ? 60 : 25))
      log=$tmp/$d-$prog-$level-$lanes-$stall.log
      lv=()
      [[ $(levels "$d") == 0 ]] || lv=(--level "$level")
      rc=0
      "$cosim" --design "$d" "${lv[@]}" --lanes $lanes --program "$elf" --out "$tmp/pass-$d" \
        --domain "$(domain "$prog")" --stall $stall --seed $((lanes + stall)) \
        --json "${log%.log}.json" >"$log" 2>&1 || rc=$?
      ((rc == 0)) || { cat "$log"; fail "$d on $prog ($lanes lanes, level $level, stall $stall%) exited $rc"; }
      grep -Eq '^ctm_commit_check: PASS, [1-9][0-9]* commits$' "$log" ||
        { cat "$log"; fail "$d on $prog: no PASS line of the checker"; }
      runs=$((runs + 1))
    done
  done
  ((runs >= 7)) || fail "only $runs runs of $d: are the examples built in $BUILD/examples?"
  compgen -G "$tmp/pass-$d/*.fst" >/dev/null && fail "a pass of $d kept its waveform"
  echo "ok: $d passes the commit check over $runs runs of the example programs"

  names=("$ROOT/tests/variants/designs/$d"/*.patch)
  for p in "${names[@]}"; do
    v=$(basename "$p" .patch)
    read -r level prog diff < <(variant_case "$d/$v")
    lv=()
    [[ $(levels "$d") == 0 ]] || lv=(--level "$level")
    log=$tmp/$d-$v.log json=$tmp/$d-$v.json
    run=(--program "$BUILD/examples/$prog.elf" --domain "$(domain "$prog")")
    [[ $prog == progdiv:* ]] &&
      run=(--progen "${prog#progdiv:}" --progen-profile divergent --domain 32x24 --seed 16)
    rc=0
    "$cosim" --design "$d" "${lv[@]}" --rtl-variant "$v" "${run[@]}" \
      --json "$json" --out "$tmp/waves" >"$log" 2>&1 || rc=$?
    ((rc == 1)) || { cat "$log"; fail "variant $v of $d exited $rc, not 1 (a mismatch)"; }
    want="ctm_commit_check: (commit|watchdog|drain check): cycle [0-9]+, $diff"
    grep -Eq "$want" "$log" || { cat "$log"; fail "variant $v of $d: no /$want/"; }
    grep -q "^commit-level mismatch (level $level, " "$log" || { cat "$log"; fail "variant $v of $d: no report"; }
    grep -q "^replay: .*--rtl-variant $v" "$log" || { cat "$log"; fail "variant $v of $d: no replay line"; }
    # the waveform of the run up to the mismatch: an FST that reads back, ending near its cycle
    wave=$(grep -oP '^waveform: \K\S+\.fst' "$log") && [[ -s $wave ]] ||
      { cat "$log"; fail "variant $v of $d: no waveform"; }
    last=$(fst2vcd "$wave" 2>/dev/null | grep '^#' | tail -1) && [[ ${last#\#} -gt 0 ]] ||
      fail "variant $v of $d: $wave does not read back"
    python3 - "$json" "$d $v" <<'PY' || fail "variant $v of $d: the JSON report"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["check"] == "commit" and r["result"] == "mismatch", r
assert isinstance(r["context"], int), r
if r["what"] == "field":
    assert isinstance(r["pc"], int) and r["field"], r
    if r["field"] in ("exec", "active"):
        assert r["lanes"], r
elif r["what"] == "order":
    assert isinstance(r["pc"], int) and r["later"] >= 1, r
print(f"ok: {sys.argv[2]}: {r['what']}: {r['diff']}")
PY
  done
  echo "ok: ${#names[@]} broken variants of $d, each caught by the commit check"
done

# A stack that leaks (a uniform IF's entry never popped) keeps every mask right: the commits alone
# (+regions=0, no REGIONS) pass it; its open regions caught it above
leak=$BUILD/cosim-$(COSIM_PRINT_MODEL=1 "$cosim" --design reconv_stack --progen 1 --rtl-variant uniform_leak)
"$leak" +elf="$BUILD/examples/mandelbrot.elf" +width=32 +height=24 +regions=0 >"$tmp/leak.log" 2>&1 &&
  grep -Eq '^ctm_commit_check: PASS, [1-9][0-9]* commits$' "$tmp/leak.log" ||
  { cat "$tmp/leak.log"; fail "uniform_leak fails the commits alone: a mask is wrong"; }
echo "ok: uniform_leak passes the commits alone (+regions=0): only its open regions catch it"

# ---------------------------------------------------------------- designs checked at their transactions
# DESIGN/VARIANT -> "PROGRAM DOMAIN SEED UNIT KIND FIELD", one line a run: the runs that show the bug
# and what each first difference names; PROGRAM "cmd": the testbench's own command buffer
# (--tb-mode cmd, mc_unit's: set_out_mask other than 0xF, UINT8_4 and UINT16_1 outputs, LINEAR
# and TILED, by the seed; tb_mc_unit.sv) (co_unit's testbench programs the CO from the seed: test seed % 8, loc
# seed / 8 % 2, writemask seed / 16 % 2, the PE's value by (seed + seed / 8) % 4: 1.0, -0, NaN,
# -3.0; mc_unit's gives its surfaces formats and layouts from the seed). FIELD "order": the
# verdict is that the transaction of UNIT KIND came out of order; "hang": the design stopped
# making transactions, and the watchdog names UNIT KIND, the first one the model still expects.
txn_variant_case() {
  case $1 in
  mc_unit/tile_row_pitch | mc_unit/float2_stride) echo "surfaces 16x8 1 MC INPUT address" ;;
  mc_unit/u8_truncate) echo "surfaces 16x8 1 MC INPUT value\\[[0-3]\\]" ;;  # UINT8_4 input 0
  mc_unit/u8_255_half) echo "surfaces 16x8 1 MC INPUT value\\[[0-3]\\]" ;; # an edge word's byte 255, in any channel
  mc_unit/u8_store_truncate) # UINT8_4 output 0: 3.98 stored 3; and the testbench's own buffer's
    echo "mandelbrot 16x8 69 MC OUTPUT bytes"
    echo "cmd 16x8 0 MC OUTPUT bytes" ;;
  # set_out_mask 0x5: only the testbench's own buffer sets a mask not 0xF (every ELF run passes it)
  mc_unit/out_mask_ignored) echo "cmd 16x8 0 MC OUTPUT byte_en" ;;
  mc_unit/tiled_pitch_off_by_one) echo "cmd 16x8 0 MC OUTPUT address" ;; # TILED UINT16_1, pitch 24
  mc_unit/quad_swap) echo "surfaces 16x8 6 MC INPUT value\\[[12]\\]" ;;     # input 1 LINEAR_2X2
  mc_unit/write_lost) echo "surfaces 16x8 1 MC FLUSH order" ;;  # the flush finds the write missing
  mc_unit/flush_deadlock) echo "surfaces 16x8 1 MC FLUSH hang" ;; # the flush never leaves
  co_unit/nan_ordered) echo "saxpy 16x4 20 CO DECIDE keep" ;;          # GEQUAL, v NaN
  co_unit/zero_signed) echo "saxpy 16x4 19 CO DECIDE keep" ;;          # EQUAL, v -0, b +0 in places
  co_unit/untested_compared) echo "saxpy 16x4 11 CO DECIDE keep" ;;    # loc PE: the DPP's requests
  co_unit/writeback_unmasked) echo "saxpy 16x4 1 CO DECIDE write" ;;   # writemask 0
  co_unit/reads_untested) echo "saxpy 16x4 10 CO DECIDE reads" ;;      # loc PE, LEQUAL
  *) echo "saxpy 16x4 1 [A-Z]+ [A-Z_]+ [a-z_0-9]+(\\[[0-3]\\])?" ;;   # a new variant: some field
  esac
}
for d in "${txn_designs[@]}"; do
  PKG_CONFIG_PATH=$BUILD/designs/kit/lib/pkgconfig make -C "$ROOT/examples/designs/$d" \
    --no-print-directory lint >"$tmp/lint.log" 2>&1 || { cat "$tmp/lint.log"; fail "$d does not lint clean"; }

  runs=0
  for elf in "$BUILD"/examples/*.elf; do
    prog=$(basename "$elf" .elf)
    for lanes in $((runs % 2 ? 64 : 16)); do # by turns over the programs
      seed=$(((runs * 13 + 5) % 64)) # another CO setup each run
      log=$tmp/$d-$prog-$lanes.log
      rc=0
      "$cosim" --design "$d" --lanes $lanes --program "$elf" --out "$tmp/pass-$d" \
        --domain "$(domain "$prog")" --seed $seed >"$log" 2>&1 || rc=$?
      ((rc == 0)) || { cat "$log"; fail "$d on $prog ($lanes lanes, seed $seed) exited $rc"; }
      grep -Eq '^ctm_txn_check: PASS, [1-9][0-9]* transactions$' "$log" ||
        { cat "$log"; fail "$d on $prog: no PASS line of the transaction checker"; }
      runs=$((runs + 1))
    done
  done
  ((runs >= 6)) || fail "only $runs runs of $d: are the examples built in $BUILD/examples?"
  # a testbench that writes its own command buffer (// ctm-tb-modes: cmd): two seeds besides the
  # jobs' (0, 5): every output mask of its table but 0xA, an input TILED (seed 7)
  if grep -q '^// ctm-tb-modes: .*\bcmd\b' "$ROOT/examples/designs/$d/tb_$d.sv"; then
    # the program words it holds are what dpp asm makes of its "asm:" lines
    tb=$ROOT/examples/designs/$d/tb_$d.sv
    sed -n 's|^ *//   asm: ||p' "$tb" >"$tmp/$d-cmd.s"
    "$BUILD/dpp" asm "$tmp/$d-cmd.s" -o "$tmp/$d-cmd.elf" || fail "$d: its asm: lines do not assemble"
    python3 - "$tmp/$d-cmd.elf" "$tb" <<'PY' || fail "$d: its cmd program's words are not its asm: lines'"
import re, struct, sys
elf = open(sys.argv[1], "rb").read()
shoff, = struct.unpack_from("<I", elf, 0x20)
shentsize, shnum, shstrndx = struct.unpack_from("<HHH", elf, 0x2E)
sec = [struct.unpack_from("<IIIIII", elf, shoff + k * shentsize) for k in range(shnum)]
names = sec[shstrndx][4]
text = next(s for s in sec if elf[names + s[0]:].split(b"\0")[0] == b".text")
want = list(struct.unpack_from(f"<{text[5] // 4}I", elf, text[4]))
body = re.search(r"CmdProgram\[\d+\] = '\{(.*?)\};", open(sys.argv[2]).read(), re.S).group(1)
have = [int(w.replace("_", ""), 16) for w in re.findall(r"32'h([0-9a-f_]+)", body)]
assert have == want, f"CmdProgram {[hex(w) for w in have]}, dpp asm {[hex(w) for w in want]}"
PY
    for run in "16 2" "64 7"; do
      read -r lanes seed <<<"$run"
      log=$tmp/$d-cmd-$lanes.log
      rc=0
      "$cosim" --design "$d" --tb-mode cmd --lanes "$lanes" --domain 16x8 --seed "$seed" \
        --out "$tmp/pass-$d" >"$log" 2>&1 || rc=$?
      ((rc == 0)) && grep -Eq '^ctm_txn_check: PASS, [1-9][0-9]* transactions$' "$log" ||
        { cat "$log"; fail "$d on its own command buffer ($lanes lanes, seed $seed) exited $rc"; }
      grep -q "output writes of its own command buffer over 16x8 (seed $seed)" "$log" ||
        { cat "$log"; fail "$d --tb-mode cmd: not the testbench's own command buffer"; }
      runs=$((runs + 1))
    done
  fi
  compgen -G "$tmp/pass-$d/*.fst" >/dev/null && fail "a pass of $d kept its waveform"
  echo "ok: $d passes the transaction check over $runs runs of the example programs"

  names=("$ROOT/tests/variants/designs/$d"/*.patch)
  ncases=0
  for p in "${names[@]}"; do
    v=$(basename "$p" .patch)
    while read -r prog dom seed unit kind field; do
      log=$tmp/$d-$v-$prog.log json=$tmp/$d-$v-$prog.json
      run=(--program "$BUILD/examples/$prog.elf")
      [[ $prog == cmd ]] && run=(--tb-mode cmd)
      rc=0
      "$cosim" --design "$d" --rtl-variant "$v" "${run[@]}" --domain "$dom" \
        --seed "$seed" --json "$json" --out "$tmp/waves" >"$log" 2>&1 </dev/null || rc=$?
      ((rc == 1)) || { cat "$log"; fail "variant $v of $d ($prog) exited $rc, not 1 (a mismatch)"; }
      # the first difference: unit, kind, the key, then the field with both values (or the
      # transaction that came out of order); the text report names them on lines of their own
      what=field
      # (a write's bytes: the channel, the surface and its format, then the values)
      want="ctm_txn_check: put: cycle [0-9]+, transaction [0-9]+: $unit $kind \\(model's transaction [0-9]+, index [0-9]+, x [0-9]+, y [0-9]+\\): $field: (channel [0-3] of [a-z0-9 ]+ \\([A-Z0-9_]+\\) at \\([0-9]+, [0-9]+\\): )?expected [0-9a-fx]+, actual [0-9a-fx]+"
      if [[ $field == order ]]; then
        what=order
        want="ctm_txn_check: put: cycle [0-9]+, transaction [0-9]+: out of order: $unit $kind is the model's transaction [0-9]+, [0-9]+ after the next one waiting"
      elif [[ $field == hang ]]; then # the watchdog's verdict is the drain check's report
        what=drain
        want="ctm_txn_check: watchdog: no transaction for [0-9]+ cycles: cycle [0-9]+, drain: [0-9]+ transactions expected, never made; the first: the model's transaction [0-9]+, $unit $kind"
      fi
      grep -Eq "$want" "$log" || { cat "$log"; fail "variant $v of $d: no /$want/"; }
      grep -q "^transaction-level mismatch ($what)$" "$log" || { cat "$log"; fail "variant $v of $d: no report"; }
      grep -Eq "^  unit +$unit$" "$log" && grep -Eq "^  kind +$unit $kind$" "$log" &&
        { [[ $what != field ]] || grep -Eq "^  field +$field: (channel [^:]*: )?expected " "$log"; } ||
        { cat "$log"; fail "variant $v of $d: the text report does not name $unit, $kind and $field"; }
      grep -q "^replay: .*--rtl-variant $v" "$log" || { cat "$log"; fail "variant $v of $d: no replay line"; }
      wave=$(grep -oP '^waveform: \K\S+\.fst' "$log") && [[ -s $wave ]] ||
        { cat "$log"; fail "variant $v of $d: no waveform"; }
      last=$(fst2vcd "$wave" 2>/dev/null | grep '^#' | tail -1) && [[ ${last#\#} -gt 0 ]] ||
        fail "variant $v of $d: $wave does not read back"
      python3 - "$json" "$d $v $prog" "$unit" "$kind" "$field" <<'PY' || fail "variant $v of $d: the JSON report"
import json, re, sys
r = json.load(open(sys.argv[1]))
unit, kind, field = sys.argv[3:6]
what = {"order": "order", "hang": "drain"}.get(field, "field")
assert r["check"] == "txn" and r["result"] == "mismatch" and r["what"] == what, r
assert re.fullmatch(unit, r["unit"]) and re.fullmatch(kind, r["kind"]), r
if what == "field":
    assert re.fullmatch(field, r["field"]) and r["expected"] != r["actual"], r
# a hang: no design transaction, the model's first one missing
t = r["model"]["transaction"] if what == "drain" else r["design"]["transaction"]
assert t["unit"] == r["unit"] and t["kind"] == r["kind"], r
print(f"ok: {sys.argv[2]}: {r['what']}: {r['diff']}")
PY
      ncases=$((ncases + 1))
    done < <(txn_variant_case "$d/$v")
  done
  ((ncases >= ${#names[@]})) || fail "$d: $ncases runs for ${#names[@]} variants"
  echo "ok: ${#names[@]} broken variants of $d, each caught by the transaction check ($ncases runs)"
done

# Every report written above (a pass's record with its coverage, a commit mismatch, a transaction
# mismatch) is one docs/cosim-report.schema.json describes
schema_validate "$ROOT/docs/cosim-report.schema.json" "$tmp"/*.json >"$tmp/schema.log" ||
  { grep -v '^ok ' "$tmp/schema.log"; fail "a design's --json report does not match the schema"; }
python3 - "$tmp"/*.json <<'PY' || fail "not every kind of design report was validated"
import json, sys
kinds = {(r["result"], r.get("check")) for r in (json.load(open(p)) for p in sys.argv[1:])}
want = {("pass", None), ("mismatch", "commit"), ("mismatch", "txn")}
assert want <= kinds, f"not every kind of report was checked: {sorted(kinds, key=str)}"
print(f"ok: {len(sys.argv) - 1} design reports match the schema")
PY
