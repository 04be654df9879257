#!/usr/bin/env bash
# Malformed executables made by patching a freshly assembled one: dpp disasm
# exits 1 with "FILE: byte N: error: <specific message>". (tests/unit/test_elf.c
# covers 47 cases in the library; this checks the command's behaviour.)
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
"$DPP" asm "$ROOT/tests/asm/elf_fixture.s" -o "$tmp/good.elf" || exit 1
"$DPP" disasm "$tmp/good.elf" > /dev/null || fail "good file refused"
n=0
# patch NAME OFFSET HEXBYTES EXPECTED
patch() {
  local f="$tmp/$1.elf"
  cp "$tmp/good.elf" "$f"
  printf "$3" | dd of="$f" bs=1 seek="$2" conv=notrunc status=none
  check "$1" "$4"
}
check() {
  local f="$tmp/$1.elf" out rc
  n=$((n + 1))
  out=$("$DPP" disasm "$f" 2>&1 >/dev/null); rc=$?
  if ((rc != 1)); then bad "$1: exit $rc"
  elif [[ $out != "$f: byte "*": error: "*"$2"* ]]; then bad "$1: '$out' lacks '$2'"
  fi
}
patch magic 1 'Z' "not an ELF file"
patch class 4 '\x02' "class must be ELFCLASS32"
patch data 5 '\x02' "data encoding must be ELFDATA2LSB"
patch identversion 6 '\x00' "ident version must be 1"
patch osabi 7 '\x00' "OSABI must be ELFOSABI_ATI (98)"
patch abiversion 8 '\x02' "ABI version must be 1"
patch type 16 '\x01' "type must be ET_EXEC"
patch machine 18 '\x03' "machine must be EM_ATI_R5XX (122)"
patch version 20 '\x00' "version must be 1, found 0"
patch entry 24 '\x10' "entry must be 0"
patch flags 36 '\x00' "flags must be EF_ATI_DPP (1)"
patch ehsize 40 '\x40' "header size must be 52"
patch phentsize 42 '\x20\x01' "program header entry size must be 32"
patch shentsize 46 '\x29' "section header entry size must be 40"
patch phoff 28 '\xff\xff\x00\x00' "program header table"
patch shoff 32 '\xff\xff\x00\x00' "section header table"
patch phnum 44 '\x00\x00' "no program headers"
patch shnum 48 '\x00\x00' "no section headers"
patch shstrndx 50 '\x63\x00' "section name table index 99"
# slot 0 (a TEX with write mask R) becomes an FC word: the mask bit is reserved there
textoff=$((0x$(readelf -S -W "$tmp/good.elf" | awk '{ for (i = 1; i < NF; i++) if ($i == ".text") print $(i + 3) }')))
cp "$tmp/good.elf" "$tmp/badword.elf"
printf '\x02' | dd of="$tmp/badword.elf" bs=1 seek="$textoff" conv=notrunc status=none
check badword "slot 0: reserved bits 0x00000800 set in dword 0 of a fc instruction"
"$DPP" disasm "$tmp/badword.elf" 2>&1 | grep -q ": byte $textoff: error: slot 0" \
  || bad "badword: the message must point at byte $textoff (slot 0 in .text)"
# [seed 000, p51] PROGINFO (the first note) words after FG_DEPTH_SRC are reserved and 0: the
# old dpp's num_temps in word 4 is refused at that word's byte with the remedy.
noteoff=$((0x$(readelf -S -W "$tmp/good.elf" | awk '{ for (i = 1; i < NF; i++) if ($i == ".note") print $(i + 3) }')))
cp "$tmp/good.elf" "$tmp/oldinfo.elf"
printf '\x03' | dd of="$tmp/oldinfo.elf" bs=1 seek=$((noteoff + 20 + 16)) conv=notrunc status=none
check oldinfo "PROGINFO word 4 is 3, not 0: every word after FG_DEPTH_SRC is reserved and 0 [seed 000, p51]"
"$DPP" disasm "$tmp/oldinfo.elf" 2>&1 | grep -q ": byte $((noteoff + 36)): error: .*re-assemble the source" \
  || bad "oldinfo: the message must point at byte $((noteoff + 36)) and say re-assemble"
head -c 30 "$tmp/good.elf" > "$tmp/short.elf"; check short "file is 30 bytes, shorter than an ELF header"
size=$(stat -c %s "$tmp/good.elf")
head -c $((size - 8)) "$tmp/good.elf" > "$tmp/cut.elf"; check cut "section header table"
echo "$n malformed executables checked"
((n >= 20)) || bad "only $n cases"
finish
