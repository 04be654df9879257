#!/usr/bin/env bash
# The docs show what the tools do: docs/cosim.md's sample mismatch report is the output of
# the command it names, run with the default options, and each example's header claims
# exactly the output channels its program writes.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# docs/cosim.md: the command line above the sample, then the fenced block.
doc=$ROOT/docs/cosim.md
cmd=$(awk '/^## Reading a mismatch report/ { on = 1 } on && /^`build\/cosim / { gsub(/`/, ""); print; exit }' "$doc")
awk '/^## Reading a mismatch report/ { on = 1 } on && /^```$/ { if (in_block) exit; in_block = 1; next }
     in_block { print }' "$doc" | sed 's/[[:space:]]*$//' >"$tmp/doc.txt"
[[ $cmd == build/cosim* && -s $tmp/doc.txt ]] || bad "docs/cosim.md: no sample command and report"
read -ra words <<<"${cmd#build/cosim }"
(cd "$tmp" && "$BUILD/cosim" "${words[@]}") 2>/dev/null | sed "s|$BUILD/|build/|; s/[[:space:]]*\$//" >"$tmp/actual.txt"
if diff -u "$tmp/doc.txt" "$tmp/actual.txt"; then
  echo "ok: docs/cosim.md's sample report is what '$cmd' prints"
else
  bad "docs/cosim.md's sample report differs from the output of '$cmd' (diff above)"
fi

# Examples: "Output N: (a, b, ...)" names as many channels as the program's out writes to oN.
for src in "$ROOT"/examples/*/*.s "$ROOT"/examples/*.s; do
  grep -qE '^;.*Output [0-3]: \(' "$src" || continue
  "$DPP" asm "$src" -o "$tmp/x.elf" && "$DPP" disasm "$tmp/x.elf" >"$tmp/x.s" || { bad "$src does not assemble"; continue; }
  while read -r n claimed; do
    written=$(grep -oE "\bo$n\.[rgba]+" "$tmp/x.s" | sed 's/.*\.//' | tr -d '\n' | fold -w1 | sort -u | wc -l)
    [[ $claimed == "$written" ]] && echo "ok: $(basename "$src"): output $n has $written channels" ||
      bad "$(basename "$src"): the header claims $claimed channels of output $n, the program writes $written"
  done < <(grep -oE 'Output [0-3]: \([^)]*\)' "$src" | sed -E 's/Output ([0-3]): \((.*)\)/\1 \2/' |
           awk '{ n = $1; $1 = ""; print n, split($0, parts, ",") }')
done
finish
