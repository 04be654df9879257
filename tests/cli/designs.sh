#!/usr/bin/env bash
# The example designs (examples/designs/, docs/commit.md "Examples"), checked at commit level
# from the installed library as a user builds them: pipe_fc lints clean, its testbench builds
# at 16 and 64 lanes through pkg-config and passes over every example program; each broken
# variant (tests/variants/designs/pipe_fc/*.patch, applied to a copy) builds, fails with a
# non-zero exit, and the checker's first difference names the context, the pc and the field
# (or, for a commit out of order or on a context with no wavefront, says so), in the text and
# in the JSON report. reconv_stack (a reconvergence-stack unit) gets the same at commit levels 0
# and 1 (+level); its variants are built at 16 lanes only, each run at the level its bug shows at.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

make -C "$ROOT" --no-print-directory install PREFIX="$tmp/kit" BUILD="$BUILD" >"$tmp/install.log" ||
  { cat "$tmp/install.log"; exit 1; }
export PKG_CONFIG_PATH=$tmp/kit/lib/pkgconfig
design=$ROOT/examples/designs/pipe_fc
variants=$ROOT/tests/variants/designs/pipe_fc

# lint: the design alone, as installed packages and the kit's fc_unit see it
make -C "$design" --no-print-directory lint >"$tmp/lint.log" 2>&1 || { cat "$tmp/lint.log"; fail "pipe_fc does not lint clean"; }

# the broken copies build after the good one, two at a time (one Verilator build each)
mkdir -p "$tmp/bad"
build_variant() { # name
  local dir=$tmp/bad/$1
  mkdir -p "$dir/examples/designs"
  cp -r "$design" "$dir/examples/designs/"
  rm -rf "$dir/examples/designs/pipe_fc/obj"
  patch -s -p1 -d "$dir" <"$variants/$1.patch" || { echo "$1.patch does not apply"; return 1; }
  # the bug may leave a signal unused: warnings stay warnings in a broken copy
  make -C "$design" --no-print-directory OUT="$dir/obj" RTL="$dir/examples/designs/pipe_fc" \
    VFLAGS_EXTRA=-Wno-fatal "$dir/obj/l16/tb_pipe_fc" >"$dir/build.log" 2>&1 ||
    { tail -30 "$dir/build.log"; return 1; }
}
names=()
for p in "$variants"/*.patch; do
  names+=("$(basename "$p" .patch)")
done
((${#names[@]} >= 3)) || fail "fewer than 3 variants of pipe_fc in $variants"

make -C "$design" --no-print-directory -j2 OUT="$tmp/obj" all >"$tmp/build.log" 2>&1 ||
  { tail -30 "$tmp/build.log"; fail "tb_pipe_fc does not build"; }
pids=()
for name in "${names[@]}"; do
  build_variant "$name" &
  pids+=($!)
  if ((${#pids[@]} == 2)); then
    wait "${pids[0]}" || fail "variant build failed"
    pids=("${pids[1]}")
  fi
done
for pid in "${pids[@]}"; do
  wait "$pid" || fail "variant build failed"
done

# inputs 0 and 1 for the programs that read them: (W+64) x H FLOAT32_4 elements, small
# integers of both signs (the reduction example reads along its row past its own element)
input() { # W H PATH
  python3 -c '
import struct, sys
w, h = int(sys.argv[1]) + 64, int(sys.argv[2])
sys.stdout.buffer.write(b"".join(struct.pack("<f", (k * 2654435761) % 17 - 8.0) for k in range(w * h * 4)))
' "$1" "$2" >"$3"
}

# every example program, small domains, 16 and 64 lanes, two stall rates
domain() { # the program's domain: the sizes its own tests run it at (examples.sh)
  case $1 in
  mandelbrot) echo "32 24" ;;
  saxpy) echo "16 4" ;;
  reduction) echo "1 8" ;;
  *) echo "16 8" ;;
  esac
}
runs=0
for elf in "$BUILD"/examples/*.elf; do
  prog=$(basename "$elf" .elf)
  read -r w h < <(domain "$prog")
  input "$w" "$h" "$tmp/$prog.in"
  for lanes in 16 64; do
    for stall in 25 60; do
      log=$tmp/$prog-$lanes-$stall.log
      rc=0
      "$tmp/obj/l$lanes/tb_pipe_fc" +elf="$elf" +width="$w" +height="$h" +stall=$stall \
        +seed=$((lanes + stall)) +in0="$tmp/$prog.in" +in1="$tmp/$prog.in" >"$log" 2>&1 || rc=$?
      ((rc == 0)) || { cat "$log"; fail "tb_pipe_fc on $prog ($w x $h, $lanes lanes, stall $stall%) exited $rc"; }
      grep -Eq '^ctm_commit_check: PASS, [1-9][0-9]* commits$' "$log" ||
        { cat "$log"; fail "tb_pipe_fc on $prog: no PASS line of the checker"; }
      runs=$((runs + 1))
    done
  done
done
((runs >= 24)) || fail "only $runs runs: are the examples built in $BUILD/examples?"
echo "ok: pipe_fc passes the commit check over $runs runs of the example programs"

# each variant: caught by the commit check (the design has no assertion of its own), the
# first difference naming the context and the pc, and what differs
expect_of() { # the diff line a variant must give
  local ctx='context [0-9]+ \(wave [0-9]+\)'
  case $1 in
  exec_no_forward | exec_load_on_stall)
    echo "$ctx, pc [0-9]+: FC: exec: expected 0x[0-9a-f]+, actual 0x[0-9a-f]+ \(lanes [0-9 ]+ differ\)" ;;
  commit_order_ctx | commit_overwrite)
    echo "$ctx: out of order: FC pc [0-9]+ .* is the wave's commit [0-9]+ after the next; the next is FC pc [0-9]+" ;;
  stall_overwrite)
    echo "context [0-9]+: FC pc [0-9]+ .*, but the context runs no wavefront" ;;
  *) # a new variant: at least the context and the pc
    echo "context [0-9]+.*pc [0-9]+" ;;
  esac
}
mandel=$BUILD/examples/mandelbrot.elf
for name in "${names[@]}"; do
  log=$tmp/bad/$name.log
  rc=0
  # ($fatal aborts: the shell's notice of it goes nowhere)
  { "$tmp/bad/$name/obj/l16/tb_pipe_fc" +elf="$mandel" +width=32 +height=16 +seed=1 \
    +ctm_commit_json="$tmp/bad/$name.json" >"$log" 2>&1; } 2>/dev/null || rc=$?
  ((rc != 0)) || { cat "$log"; fail "variant $name passes the commit check"; }
  want="ctm_commit_check: (commit|watchdog|drain check): cycle [0-9]+, $(expect_of "$name")"
  grep -Eq "$want" "$log" || { cat "$log"; fail "variant $name: no /$want/"; }
  grep -q '^commit-level mismatch (level 0, ' "$log" || { cat "$log"; fail "variant $name: no report"; }
  python3 - "$tmp/bad/$name.json" "$name" <<'PY' || fail "variant $name: the JSON report"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["check"] == "commit" and r["result"] == "mismatch", r
assert isinstance(r["context"], int), r
if r["what"] == "field":
    assert isinstance(r["pc"], int) and r["field"] and r["lanes"], r
elif r["what"] == "order":
    assert isinstance(r["pc"], int) and r["later"] >= 1, r
print(f"ok: {sys.argv[2]}: {r['what']}: {r['diff']}")
PY
done
echo "ok: ${#names[@]} broken variants of pipe_fc, each caught by the commit check"

# ---------------------------------------------------------------- reconv_stack
# The reconvergence-stack unit, the same way at commit levels 0 and 1 (+level: one binary runs
# both): lint, the testbench at 16 and 64 lanes over every example program at each level; each
# broken variant (tests/variants/designs/reconv_stack/*.patch) built at 16 lanes and run at the
# level and on the program that show its bug (rs_case), caught with a diff line naming the
# context, the pc and the field. Every build goes through one pool of two jobs.
rs=$ROOT/examples/designs/reconv_stack
rs_variants=$ROOT/tests/variants/designs/reconv_stack
make -C "$rs" --no-print-directory lint >"$tmp/rs-lint.log" 2>&1 ||
  { cat "$tmp/rs-lint.log"; fail "reconv_stack does not lint clean"; }

rs_case() { # variant -> "LEVEL PROGRAM": the level and the program that show its bug
  case $1 in
  exit_as_iterate) echo "1 mandelbrot" ;;  # a level-1 event's kind
  return_pc_off) echo "0 subroutine" ;;     # the only example that calls
  *) echo "0 mandelbrot" ;;
  esac
}
rs_build_variant() { # name
  local dir=$tmp/rs-bad/$1
  mkdir -p "$dir/examples/designs"
  cp -r "$rs" "$dir/examples/designs/"
  rm -rf "$dir/examples/designs/reconv_stack/obj"
  patch -s -p1 -d "$dir" <"$rs_variants/$1.patch" || { echo "$1.patch does not apply"; return 1; }
  make -C "$rs" --no-print-directory OUT="$dir/obj" RTL="$dir/examples/designs/reconv_stack" \
    VFLAGS_EXTRA=-Wno-fatal "$dir/obj/l16/tb_reconv_stack" >"$dir/build.log" 2>&1 ||
    { tail -30 "$dir/build.log"; return 1; }
}
rs_build_good() { # lanes
  make -C "$rs" --no-print-directory OUT="$tmp/rs" "$tmp/rs/l$1/tb_reconv_stack" \
    >"$tmp/rs-build$1.log" 2>&1 || { tail -30 "$tmp/rs-build$1.log"; return 1; }
}
rs_names=()
for p in "$rs_variants"/*.patch; do
  rs_names+=("$(basename "$p" .patch)")
done
((${#rs_names[@]} >= 4)) || fail "fewer than 4 variants of reconv_stack in $rs_variants"
mkdir -p "$tmp/rs-bad"
jobs_running=0
pool() { # COMMAND...: run it in the background, two at a time
  if ((jobs_running == 2)); then
    wait -n || fail "a reconv_stack build failed"
    jobs_running=1
  fi
  "$@" &
  jobs_running=$((jobs_running + 1))
}
for lanes in 16 64; do
  pool rs_build_good $lanes
done
for name in "${rs_names[@]}"; do
  pool rs_build_variant "$name"
done
while ((jobs_running > 0)); do
  wait -n || fail "a reconv_stack build failed"
  jobs_running=$((jobs_running - 1))
done

runs=0
for elf in "$BUILD"/examples/*.elf; do
  prog=$(basename "$elf" .elf)
  read -r w h < <(domain "$prog")
  for level in 0 1; do
    for lanes in 16 64; do
      log=$tmp/rs-$prog-$level-$lanes.log
      rc=0
      "$tmp/rs/l$lanes/tb_reconv_stack" +elf="$elf" +width="$w" +height="$h" +stall=40 \
        +level=$level +seed=$((lanes + level)) +in0="$tmp/$prog.in" +in1="$tmp/$prog.in" \
        >"$log" 2>&1 || rc=$?
      ((rc == 0)) || { cat "$log"; fail "tb_reconv_stack on $prog ($w x $h, $lanes lanes, level $level) exited $rc"; }
      grep -Eq '^ctm_commit_check: PASS, [1-9][0-9]* commits$' "$log" ||
        { cat "$log"; fail "tb_reconv_stack on $prog (level $level): no PASS line of the checker"; }
      runs=$((runs + 1))
    done
  done
done
((runs >= 24)) || fail "only $runs runs of reconv_stack: are the examples built in $BUILD/examples?"
echo "ok: reconv_stack passes the commit check at levels 0 and 1 over $runs runs of the example programs"

rs_expect() { # the diff line a variant must give
  local ctx='context [0-9]+ \(wave [0-9]+\)'
  case $1 in
  pop_one_short | exit_drops_breaks)
    echo "$ctx, pc [0-9]+: FC: (exec|active): expected 0x[0-9a-f]+, actual 0x[0-9a-f]+ \(lanes [0-9 ]+ differ\)" ;;
  return_pc_off)
    echo "$ctx, pc [0-9]+: FC: next_pc: expected [0-9]+, actual [0-9]+" ;;
  exit_as_iterate)
    echo "$ctx, pc [0-9]+: LOOP_EXIT: kind: expected LOOP_EXIT, actual LOOP_ITERATE" ;;
  stall_drops_step) # the first step lost is a START
    echo "context [0-9]+: FC pc [0-9]+ .*, but the context runs no wavefront" ;;
  *) # a new variant: at least the context and the pc
    echo "context [0-9]+.*pc [0-9]+" ;;
  esac
}
for name in "${rs_names[@]}"; do
  read -r level prog < <(rs_case "$name")
  read -r w h < <(domain "$prog")
  log=$tmp/rs-bad/$name.log
  rc=0
  { "$tmp/rs-bad/$name/obj/l16/tb_reconv_stack" +elf="$BUILD/examples/$prog.elf" +width="$w" \
    +height="$h" +seed=1 +level="$level" +in0="$tmp/$prog.in" \
    +ctm_commit_json="$tmp/rs-bad/$name.json" \
    >"$log" 2>&1; } 2>/dev/null || rc=$?
  ((rc != 0)) || { cat "$log"; fail "variant $name of reconv_stack passes the commit check"; }
  want="ctm_commit_check: (commit|watchdog|drain check): cycle [0-9]+, $(rs_expect "$name")"
  grep -Eq "$want" "$log" || { cat "$log"; fail "variant $name of reconv_stack: no /$want/"; }
  grep -q "^commit-level mismatch (level $level, " "$log" || { cat "$log"; fail "variant $name: no report"; }
  python3 - "$tmp/rs-bad/$name.json" "$name" <<'PY' || fail "variant $name of reconv_stack: the JSON report"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["check"] == "commit" and r["result"] == "mismatch", r
assert isinstance(r["context"], int), r
if r["what"] == "field":
    assert isinstance(r["pc"], int) and r["field"], r
elif r["what"] == "order":
    assert isinstance(r["pc"], int) and r["later"] >= 1, r
print(f"ok: reconv_stack {sys.argv[2]}: {r['what']}: {r['diff']}")
PY
done
echo "ok: ${#rs_names[@]} broken variants of reconv_stack, each caught by the commit check"
