#!/usr/bin/env bash
# libFuzzer on the model's input parsers: the assembler (asm), the ELF reader (elf), the
# command-buffer executor (exec) and the `dpp stack` event-file parser (stack); and on the C
# API (api: sequences of ctm.h calls, checked against its promises; commit: a design's commits,
# true and broken, against the commit checker; txn: a design's PE/MC/CO transactions, true
# and broken, against the transaction checker; pe: command words fed to the PE handle, checked
# against the model's own run of them; cmdrun: a command buffer and memory image run through
# ctm_model_new_cmd, checked against dpp exec's run of them). Each for --seconds S, or until
# --runs N inputs have run however long that takes on a loaded machine; --par of them at a
# time. Each starts from the repository's own files (api: the sequences the harness carries)
# and keeps its corpus in BUILD/fuzz/corpus/NAME; first it replays every
# regression input in tests/fuzz/NAME/. Prints "BENCH fuzz.NAME.execs N execs" (for api, N
# is the number of call sequences run); a crash, leak, sanitizer report or broken promise
# fails the run and leaves the input in BUILD/fuzz/artifacts/ (copy it to tests/fuzz/NAME/
# with the fix).
# Usage: scripts/fuzz.sh [--build DIR] [--seconds S | --runs N] [--par N] [NAME...]
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build seconds=60 runs=0 par=2 names=()
while (($#)); do
  case $1 in
    --build) build=$(cd "$2" && pwd); shift 2 ;;
    --seconds) seconds=$2; shift 2 ;;
    --runs) runs=$2; seconds=0; shift 2 ;;
    --par) par=$2; shift 2 ;;
    -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
    -*) echo "fuzz: unknown option $1" >&2; exit 2 ;;
    *) names+=("$1"); shift ;;
  esac
done
[[ $seconds =~ ^[0-9]+$ && $runs =~ ^[0-9]+$ ]] || { echo "fuzz: --seconds and --runs take a whole number" >&2; exit 2; }
((${#names[@]})) || names=(asm elf exec stack api commit pe txn cmdrun)
cd "$root"
fz=$build/fuzz
mkdir -p "$fz/artifacts" "$fz/seeds"

# Seeds: the repository's own files of each kind.
seed() { # name files... : copies into the corpus (same name, same content: no growth)
  local name=$1; shift
  mkdir -p "$fz/corpus/$name"
  for f in "$@"; do [[ -f $f ]] && cp -f "$f" "$fz/corpus/$name/seed-$(basename "$f")"; done
}
seed asm tests/asm/*.s tests/asm/bad/*.s examples/*.s examples/*/*.s
for s in tests/asm/*.s examples/*.s examples/*/*.s; do
  "$build/dpp" asm "$s" -o "$fz/seeds/$(basename "$s" .s).elf" 2>/dev/null
done
# and each in the guide's form (*.guide), laid out by hand without the model's MODELINFO note
for s in "$fz"/seeds/*.elf; do
  python3 scripts/guide_elf.py "$s" "$fz/seeds/$(basename "$s" .elf).guide" 2>/dev/null
done
seed elf "$fz"/seeds/*.elf "$fz"/seeds/*.guide
# exec: the command buffers and memory images `dpp run --emit` makes for the examples,
# packed as the harness reads them (4-byte little-endian image length, image, buffer).
pack() { # prefix -> prefix.fuzz
  local n
  n=$(stat -c %s "$1.mem")
  printf "$(printf '\\x%02x\\x%02x\\x%02x\\x%02x' $((n & 255)) $((n >> 8 & 255)) $((n >> 16 & 255)) $((n >> 24 & 255)))" >"$1.fuzz"
  cat "$1.mem" "$1.cb" >>"$1.fuzz"
}
(cd examples/saxpy && "$build/dpp" run "$fz/seeds/saxpy.elf" --domain 16x4 --in 0=x.pfm --in 1=y.pfm --emit "$fz/seeds/saxpy" 2>/dev/null)
(cd examples/reduction && "$build/dpp" run "$fz/seeds/reduction.elf" --domain 1x8 --in 0=in.pfm --emit "$fz/seeds/reduction" 2>/dev/null)
"$build/dpp" run "$fz/seeds/mandelbrot.elf" --domain 8x8 --emit "$fz/seeds/mandelbrot" 2>/dev/null
"$build/dpp" run "$fz/seeds/flow.elf" --domain 8x2 --emit "$fz/seeds/flow" 2>/dev/null
for p in saxpy reduction mandelbrot flow; do [[ -f $fz/seeds/$p.cb ]] && pack "$fz/seeds/$p"; done
seed exec "$fz"/seeds/*.fuzz
seed stack tests/stack/*.ev
# api: the call sequences written in tests/fuzz/fuzz_api.c (one per kind of handle)
mkdir -p "$fz/corpus/api"
[[ -x $fz/fuzz_api ]] && FUZZ_API_SEEDS="$fz/corpus/api" "$fz/fuzz_api"
# commit: its regression inputs (the first is a true stream, checked to the end)
seed commit tests/fuzz/commit/*
# txn: its regression inputs (the first is a true stream, checked to the end)
seed txn tests/fuzz/txn/*
# pe: its regression inputs, and the emitted command buffers with a lanes and a flags byte
for p in saxpy reduction mandelbrot flow; do
  [[ -f $fz/seeds/$p.cb ]] && { printf '\x10\x03'; cat "$fz/seeds/$p.cb"; } >"$fz/seeds/$p.pe"
done
seed pe tests/fuzz/pe/* "$fz"/seeds/*.pe
# cmdrun: exec's packed seeds behind a flags byte (fuzz_cmdrun.c): word by word with steps,
# from files with commits, word by word with transactions, from files with a buffer not whole words
for p in saxpy reduction mandelbrot flow; do
  for fl in 00 03 04 09; do
    [[ -f $fz/seeds/$p.fuzz ]] && { printf "\x$fl"; cat "$fz/seeds/$p.fuzz"; } >"$fz/seeds/$p.$fl.cmdrun"
  done
done
seed cmdrun "$fz"/seeds/*.cmdrun
for name in "${names[@]}"; do
  [[ -x $fz/fuzz_$name ]] || { echo "fuzz: no $fz/fuzz_$name (make fuzz-bin)" >&2; exit 2; }
  ls "$fz/corpus/$name"/* >/dev/null 2>&1 || { echo "fuzz: no seeds for $name" >&2; exit 2; }
done

# One harness: replay the regressions, then fuzz; the result line goes to NAME.result.
run_one() {
  local name=$1 bin=$fz/fuzz_$1 log=$fz/$1.log execs
  local regress=(tests/fuzz/"$name"/*)
  if [[ -e ${regress[0]} ]] && ! "$bin" "${regress[@]}" >"$fz/$name.regress.log" 2>&1; then
    echo "FAIL fuzz.$name: a regression input fails again (log $fz/$name.regress.log)" >"$fz/$name.result"
    return
  fi
  # -runs counts inputs; for api each input is one call sequence. The timeout is for a hang, by
  # the wall clock: an input that takes 3 CPU-seconds (api: a 256-context handle's 4096-step
  # history, allocated again and again) took 25 s at a load of 10 and stopped a run at 10.
  "$bin" -max_total_time="$seconds" -runs="$((runs ? runs : -1))" -timeout=120 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$fz/artifacts/$name-" "$fz/corpus/$name" >"$log" 2>&1
  local rc=$?
  execs=$(grep -oP 'stat::number_of_executed_units:\s*\K[0-9]+' "$log" | tail -1)
  if ((rc != 0)); then
    echo "FAIL fuzz.$name: exit $rc after ${execs:-?} execs (log $log, input in $fz/artifacts/)" >"$fz/$name.result"
  else
    echo "BENCH fuzz.$name.execs ${execs:-0} execs" >"$fz/$name.result"
  fi
}
export -f run_one
export fz seconds runs
rm -f "$fz"/*.result
printf '%s\n' "${names[@]}" | xargs -P "$par" -I{} bash -c 'run_one {}'
status=0
for name in "${names[@]}"; do
  cat "$fz/$name.result" 2>/dev/null || { echo "FAIL fuzz.$name: did not run"; status=1; continue; }
  if grep -q '^FAIL' "$fz/$name.result"; then
    status=1
    grep -E 'ERROR|SUMMARY|==[0-9]+==|runtime error' "$fz/$name.log" "$fz/$name.regress.log" 2>/dev/null | head -8
  fi
done
exit $status
