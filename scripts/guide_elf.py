#!/usr/bin/env python3
"""Re-lays an executable written by `dpp asm` in the guide's form, by hand (no libelf): the same
.text, the "ATI DPP" notes without the model's MODELINFO (type 0x105), PROGINFO = Reserved 1,
FG_DEPTH_SRC, reserved zeros [seed 000, p51]. --drop TYPE leaves out more notes (e.g. 6, the
INT32CONSTS note [seed 000, p52]). For the CLI tests and the ELF fuzzer's seeds.
Usage: scripts/guide_elf.py IN.elf OUT.elf [--drop TYPE]..."""
import argparse
import struct

MODELINFO = 0x105


def u32(b, off):
    return struct.unpack_from('<I', b, off)[0]


def sections(b):
    """{name: (offset, size)} of the sections of an ELF32 file."""
    shoff, shnum, shstrndx = u32(b, 32), b[48] | b[49] << 8, b[50] | b[51] << 8
    stroff = u32(b, shoff + shstrndx * 40 + 16)
    out = {}
    for i in range(1, shnum):
        s = shoff + i * 40
        name = b[stroff + u32(b, s):].split(b'\0', 1)[0].decode()
        out[name] = (u32(b, s + 16), u32(b, s + 20))
    return out


def notes(b, off, size):
    """(type, desc bytes) of each note in [off, off + size)."""
    end = off + size
    while off < end:
        nsz, dsz, typ = struct.unpack_from('<III', b, off)
        d = off + 12 + (nsz + 3 & ~3)
        yield typ, b[d:d + dsz]
        off = d + (dsz + 3 & ~3)


def build(text, note_list):
    """Header, PT_LOAD and PT_NOTE, .text, .note, .shstrtab, section headers."""
    nb = b''.join(struct.pack('<III', 8, len(d), t) + b'ATI DPP\0' + d for t, d in note_list)
    strtab = b'\0.text\0.note\0.shstrtab\0'
    t0 = 52 + 2 * 32
    n0 = t0 + len(text)
    s0 = n0 + len(nb)
    sh = (s0 + len(strtab) + 3) & ~3
    hdr = (b'\x7fELF' + bytes([1, 1, 1, 98, 1]) + bytes(7) +
           struct.pack('<HHIIIIIHHHHHH', 2, 122, 1, 0, 52, sh, 1, 52, 32, 2, 40, 4, 3))
    ph = (struct.pack('<8I', 1, t0, 0, 0, len(text), len(text), 5, 4) +
          struct.pack('<8I', 4, n0, 0, 0, len(nb), len(nb), 4, 4))
    body = hdr + ph + text + nb + strtab
    body += bytes(sh - len(body))

    def shdr(name, typ, flags, off, size):
        return struct.pack('<10I', name, typ, flags, 0, off, size, 0, 0, 4, 0)

    return (body + bytes(40) + shdr(1, 1, 6, t0, len(text)) + shdr(7, 7, 0, n0, len(nb)) +
            shdr(13, 3, 0, s0, len(strtab)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('src')
    ap.add_argument('dst')
    ap.add_argument('--drop', type=lambda s: int(s, 0), action='append', default=[])
    a = ap.parse_args()
    b = open(a.src, 'rb').read()
    sec = sections(b)
    toff, tsize = sec['.text']
    kept = []
    for typ, d in notes(b, *sec['.note']):
        if typ == MODELINFO or typ in a.drop:
            continue
        if typ == 1:  # Reserved, FG_DEPTH_SRC, six reserved zeros (as dpp: elf_exe.h)
            d = struct.pack('<8I', 1, u32(d, 4), 0, 0, 0, 0, 0, 0)
        kept.append((typ, d))
    open(a.dst, 'wb').write(build(b[toff:toff + tsize], kept))


if __name__ == '__main__':
    main()
