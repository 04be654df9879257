/* Reading and checking CTM executables. Every malformation gets its own
 * message naming the byte offset of the offending field. The raw header is
 * checked by hand before libelf sees the file, so libelf only ever parses a
 * file whose tables lie inside it. */
#include "elf_exe.h"

#include "fileio.h"
#include "in_pattern.h"

#include <gelf.h>
#include <libelf.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct rd {
    const uint8_t *b;
    size_t size;
    const char *name;
    dpp_error *err;
    size_t *fg_at; /* set to the byte of PROGINFO's FG_DEPTH_SRC word */
} rd;

#define FAIL(r, off, ...) fail(r, (size_t)(off), __VA_ARGS__)

__attribute__((format(printf, 3, 4))) static dpp_status fail(const rd *r, size_t off,
                                                             const char *fmt, ...)
{
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return dpp_error_set(r->err, DPP_E_FORMAT, "%s: byte %zu: error: %s", r->name, off, msg);
}

static uint32_t u32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint32_t u16(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8;
}

/* Is [off, off+len) inside the file? */
static int inside(const rd *r, uint64_t off, uint64_t len)
{
    return off <= r->size && len <= r->size - off;
}

/* One expected header value: byte offset, width, value, what it is. */
typedef struct hdr_rule {
    unsigned off, width;
    uint32_t want;
    const char *what;
} hdr_rule;

static const hdr_rule hdr_rules[] = {
    {4, 1, ELFCLASS32, "class must be ELFCLASS32 (1)"},
    {5, 1, ELFDATA2LSB, "data encoding must be ELFDATA2LSB (1)"},
    {6, 1, EV_CURRENT, "ident version must be 1"},
    {7, 1, DPP_ELF_OSABI, "OSABI must be ELFOSABI_ATI (98)"},
    {8, 1, DPP_ELF_ABIVERSION, "ABI version must be 1"},
    {16, 2, ET_EXEC, "type must be ET_EXEC (2)"},
    {18, 2, DPP_ELF_MACHINE, "machine must be EM_ATI_R5XX (122)"},
    {20, 4, EV_CURRENT, "version must be 1"},
    {24, 4, 0, "entry must be 0"},
    {36, 4, DPP_ELF_FLAGS, "flags must be EF_ATI_DPP (1)"},
    {40, 2, 52, "header size must be 52"},
    {42, 2, 32, "program header entry size must be 32"},
    {46, 2, 40, "section header entry size must be 40"},
};

static dpp_status check_header(const rd *r)
{
    static const uint8_t magic[4] = {0x7f, 'E', 'L', 'F'};
    if (r->size < 52)
        return FAIL(r, r->size, "file is %zu bytes, shorter than an ELF header (52)", r->size);
    if (memcmp(r->b, magic, 4))
        return FAIL(r, 0, "not an ELF file (bad magic)");
    for (size_t i = 0; i < sizeof hdr_rules / sizeof hdr_rules[0]; i++) {
        const hdr_rule *h = &hdr_rules[i];
        uint32_t v = h->width == 1   ? r->b[h->off]
                     : h->width == 2 ? u16(r->b + h->off)
                                     : u32(r->b + h->off);
        if (v != h->want)
            return FAIL(r, h->off, "%s, found %u", h->what, v);
    }
    uint32_t phoff = u32(r->b + 28), shoff = u32(r->b + 32);
    uint32_t phnum = u16(r->b + 44), shnum = u16(r->b + 48), shstrndx = u16(r->b + 50);
    if (phnum == 0)
        return FAIL(r, 44, "no program headers");
    if (!inside(r, phoff, (uint64_t)phnum * 32))
        return FAIL(r, 28,
                    "program header table (%u entries at %u) runs past the end of the file "
                    "(%zu bytes; expected at least %llu)",
                    phnum, phoff, r->size, (unsigned long long)phoff + phnum * 32ull);
    if (shnum == 0)
        return FAIL(r, 48, "no section headers");
    if (!inside(r, shoff, (uint64_t)shnum * 40))
        return FAIL(r, 32,
                    "section header table (%u entries at %u) runs past the end of the file "
                    "(%zu bytes; expected at least %llu)",
                    shnum, shoff, r->size, (unsigned long long)shoff + shnum * 40ull);
    if (shstrndx == 0 || shstrndx >= shnum)
        return FAIL(r, 50, "section name table index %u out of range", shstrndx);
    return DPP_OK;
}

/* Checks every section's extent and that no two overlap (nor the headers). */
static dpp_status check_sections(const rd *r)
{
    uint32_t shoff = u32(r->b + 32), shnum = u16(r->b + 48);
    for (uint32_t i = 1; i < shnum; i++) {
        const uint8_t *s = r->b + shoff + i * 40;
        uint32_t off = u32(s + 16), size = u32(s + 20);
        if (u32(s + 4) == SHT_NOBITS || size == 0)
            continue;
        if (!inside(r, off, size))
            return FAIL(r, shoff + i * 40 + 16,
                        "section %u (offset %u, %u bytes) runs past the end of the file (%zu "
                        "bytes; expected at least %llu)",
                        i, off, size, r->size, (unsigned long long)off + size);
        if (off < 52)
            return FAIL(r, shoff + i * 40 + 16, "section %u overlaps the ELF header", i);
        for (uint32_t j = 1; j < i; j++) {
            const uint8_t *t = r->b + shoff + j * 40;
            uint32_t o2 = u32(t + 16), s2 = u32(t + 20);
            if (u32(t + 4) != SHT_NOBITS && s2 && off < o2 + s2 && o2 < off + size)
                return FAIL(r, shoff + i * 40 + 16, "sections %u and %u overlap", j, i);
        }
    }
    return DPP_OK;
}

/* Checks one list note: n words, each < limit, no repeats; sets bits in seen. */
static dpp_status note_list(const rd *r, size_t off, const uint8_t *d, uint32_t dsz, unsigned limit,
                            uint8_t *seen, const char *what)
{
    if (dsz % 4)
        return FAIL(r, off, "%s note size %u is not a multiple of 4", what, dsz);
    for (uint32_t i = 0; i < dsz / 4; i++) {
        uint32_t v = u32(d + 4 * i);
        if (v >= limit)
            return FAIL(r, off + 12 + 8 + 4 * i, "%s note lists index %u (at most %u)", what, v,
                        limit - 1);
        if (seen[v])
            return FAIL(r, off + 12 + 8 + 4 * i, "%s note lists index %u twice", what, v);
        seen[v] = 1;
    }
    return DPP_OK;
}

static dpp_status note_flag(const rd *r, size_t off, const uint8_t *d, uint32_t dsz, uint32_t *out,
                            const char *what)
{
    if (dsz != 4)
        return FAIL(r, off + 4, "%s note must hold 4 bytes, not %u", what, dsz);
    *out = u32(d);
    if (*out > 1)
        return FAIL(r, off + 20, "%s note value %u is not 0 or 1", what, *out);
    return DPP_OK;
}

/* The guide's PROGINFO: Reserved = 1, FG_DEPTH_SRC, then reserved words that
 * must be 0 [seed 000, p51]. The pages show 7 words whole and are cut off
 * before the end, so 7 or more load; so do the 6 of an earlier dpp. */
static dpp_status note_proginfo(const rd *r, size_t off, const uint8_t *d, uint32_t dsz, dpp_exe *x)
{
    if (dsz % 4 || (dsz / 4 < DPP_PROGINFO_MIN_WORDS && dsz / 4 != DPP_PROGINFO_OLD_WORDS))
        return FAIL(r, off + 4,
                    "PROGINFO note size %u: the guide's structure is Reserved, FG_DEPTH_SRC "
                    "and at least five reserved words [seed 000, p51], %u bytes or more in "
                    "whole words (%u, as an earlier dpp wrote, load too)",
                    dsz, 4 * DPP_PROGINFO_MIN_WORDS, 4 * DPP_PROGINFO_OLD_WORDS);
    x->info.reserved = u32(d);
    x->info.fg_depth_src = u32(d + 4);
    *r->fg_at = off + 24;
    if (x->info.reserved != 1)
        return FAIL(r, off + 20, "PROGINFO reserved is %u (must be 1)", x->info.reserved);
    if (x->info.fg_depth_src > 1)
        return FAIL(r, off + 24, "PROGINFO fg_depth_src is %u (allowed 0-1)", x->info.fg_depth_src);
    for (uint32_t i = 2; i < dsz / 4; i++)
        if (u32(d + 4 * i))
            return FAIL(r, off + 20 + 4 * (size_t)i,
                        "PROGINFO word %u is %u, not 0: every word after FG_DEPTH_SRC is "
                        "reserved and 0 [seed 000, p51]. A dpp older than the MODELINFO note "
                        "(type 0x%x) wrote output_mode, fc_mode, num_temps and num_insts "
                        "here: re-assemble the source",
                        i, u32(d + 4 * i), DPP_NOTE_MODELINFO);
    return DPP_OK;
}

/* The model's program information (model-defined note; see modelinfo_default). */
static dpp_status note_modelinfo(const rd *r, size_t off, const uint8_t *d, uint32_t dsz,
                                 dpp_exe *x)
{
    if (dsz != DPP_MODELINFO_WORDS * 4)
        return FAIL(r, off + 4, "MODELINFO note must hold %d bytes, not %u",
                    DPP_MODELINFO_WORDS * 4, dsz);
    uint32_t *f[DPP_MODELINFO_WORDS] = {&x->info.output_mode, &x->info.fc_mode, &x->info.num_temps,
                                        &x->info.num_insts};
    static const uint32_t lo[] = {0, 0, 0, 1};
    static const uint32_t hi[] = {1, 1, DPP_NUM_TEMPS, DPP_MAX_INSTS};
    static const char *const nm[] = {"output_mode", "fc_mode", "num_temps", "num_insts"};
    for (int i = 0; i < DPP_MODELINFO_WORDS; i++) {
        *f[i] = u32(d + 4 * i);
        if (*f[i] < lo[i] || *f[i] > hi[i])
            return FAIL(r, off + 20 + 4 * (size_t)i, "MODELINFO %s is %u (allowed %u-%u)", nm[i],
                        *f[i], lo[i], hi[i]);
    }
    return DPP_OK;
}

/* Without a MODELINFO note (a guide-conformant file) the loader assumes what
 * runs any program: full flow-control mode, every temporary, cached outputs,
 * the instruction count of .text (docs/isa-model-defined.md, E4). */
static void modelinfo_default(dpp_exe *x)
{
    x->info.output_mode = 0;
    x->info.fc_mode = 1;
    x->info.num_temps = DPP_NUM_TEMPS;
    x->info.num_insts = x->ninsts;
}

static dpp_status note_values(const rd *r, size_t off, const uint8_t *d, uint32_t dsz,
                              uint32_t type, dpp_exe *x)
{
    unsigned rec = type == DPP_NOTE_FLOAT32VALUES ? 5 : 2;
    if (dsz % (rec * 4) || (type == DPP_NOTE_BOOLVALUES && dsz != 8))
        return FAIL(r, off + 4, "value note type 0x%x has a bad size %u", type, dsz);
    for (uint32_t i = 0; i < dsz / (rec * 4); i++) {
        const uint8_t *e = d + i * rec * 4;
        uint32_t k = u32(e);
        if (type == DPP_NOTE_BOOLVALUES) {
            x->bool_set = k;
            x->bool_val = u32(e + 4) & k;
        } else if (type == DPP_NOTE_FLOAT32VALUES) {
            if (k >= DPP_NUM_CONSTS || x->float_set[k])
                return FAIL(r, off + 20 + i * rec * 4, "float value for bad or repeated c%u", k);
            if (x->domain_const == k + 1)
                return FAIL(r, off + 20 + i * rec * 4, "float value for c%u, the DOMAINCONST", k);
            x->float_set[k] = 1;
            for (int c = 0; c < 4; c++)
                x->float_val[k][c] = u32(e + 4 + 4 * c);
        } else {
            if (k >= DPP_NUM_INTS || (x->int_set >> k & 1))
                return FAIL(r, off + 20 + i * rec * 4, "int value for bad or repeated i%u", k);
            x->int_set |= 1u << k;
            x->int_val[k] = u32(e + 4);
        }
    }
    return DPP_OK;
}

/* The float constant the runner sets from the domain: one index, once, and
 * not also given a value. */
static dpp_status note_domain(const rd *r, size_t off, const uint8_t *d, uint32_t dsz, dpp_exe *x)
{
    if (dsz != 4)
        return FAIL(r, off + 4, "DOMAINCONST note must hold 4 bytes, not %u", dsz);
    uint32_t k = u32(d);
    if (k >= DPP_NUM_CONSTS || x->domain_const)
        return FAIL(r, off + 20, "DOMAINCONST names a bad or second constant c%u", k);
    if (x->float_set[k])
        return FAIL(r, off + 20, "DOMAINCONST c%u also has a float value", k);
    x->domain_const = k + 1;
    return DPP_OK;
}

/* The inputs a run may generate (model-defined, E9): {input, pattern, seed}
 * records, each input once, each pattern one the loader knows. */
static dpp_status note_patterns(const rd *r, size_t off, const uint8_t *d, uint32_t dsz,
                                dpp_exe *x)
{
    if (dsz == 0 || dsz % 12)
        return FAIL(r, off + 4, "INPUTPATTERN note size %u is not a multiple of 12", dsz);
    for (uint32_t i = 0; i < dsz / 12; i++) {
        uint32_t in = u32(d + 12 * i), pat = u32(d + 12 * i + 4);
        size_t at = off + 12 + 8 + 12 * i;
        if (in >= DPP_NUM_INPUTS || x->in_pattern[in])
            return FAIL(r, at, "INPUTPATTERN names a bad or repeated input %u", in);
        if (!dpp_pattern_name(pat))
            return FAIL(r, at + 4, "INPUTPATTERN input %u: unknown pattern %u (1 lane-rank)", in,
                        pat);
        x->in_pattern[in] = (uint8_t)pat;
        x->in_pattern_seed[in] = u32(d + 12 * i + 8);
    }
    return DPP_OK;
}

static uint32_t mask_of(const uint8_t *seen, unsigned n)
{
    uint32_t m = 0;
    for (unsigned i = 0; i < n; i++)
        m |= (uint32_t)seen[i] << i;
    return m;
}

/* Which notes a file has: the guide's types 1-7 at their number, MODELINFO
 * after them. A note with a slot may appear once. */
enum { SLOT_MODELINFO = 8, SLOT_INPUTPATTERN, NOTE_SLOTS };

/* A type's slot; 0 for the value notes (their entries are checked instead),
 * -1 for an unknown type. */
static int note_slot(uint32_t type)
{
    if (type >= DPP_NOTE_PROGINFO && type <= DPP_NOTE_EARLYEXIT)
        return (int)type;
    if (type == DPP_NOTE_MODELINFO)
        return SLOT_MODELINFO;
    if (type == DPP_NOTE_INPUTPATTERN)
        return SLOT_INPUTPATTERN;
    return type >= DPP_NOTE_FLOAT32VALUES && type <= DPP_NOTE_DOMAINCONST ? 0 : -1;
}

/* Parses one SHT_NOTE section at [off, off+size). seen[slot] marks types. */
static dpp_status parse_notes(const rd *r, size_t off, size_t size, dpp_exe *x,
                              uint8_t seen[NOTE_SLOTS])
{
    size_t end = off + size;
    uint8_t in_seen[DPP_NUM_INPUTS] = {0}, out_seen[DPP_NUM_OUTPUTS] = {0};
    uint8_t int_seen[DPP_NUM_INTS] = {0};
    while (off < end) {
        if (end - off < 12)
            return FAIL(r, off, "truncated note header (%zu bytes left)", end - off);
        const uint8_t *h = r->b + off;
        uint32_t nsz = u32(h), dsz = u32(h + 4), type = u32(h + 8);
        size_t npad = ((size_t)nsz + 3) & ~(size_t)3, dpad = ((size_t)dsz + 3) & ~(size_t)3;
        if (npad > end - off - 12 || dpad > end - off - 12 - npad)
            return FAIL(r, off, "truncated note (name %u, desc %u bytes past the section end)", nsz,
                        dsz);
        if (nsz != sizeof DPP_NOTE_NAME || memcmp(h + 12, DPP_NOTE_NAME, sizeof DPP_NOTE_NAME))
            return FAIL(r, off + 12, "note name is not \"ATI DPP\"");
        const uint8_t *d = h + 12 + npad;
        int slot = note_slot(type);
        if (slot < 0)
            return FAIL(r, off + 8, "unknown ATI DPP note type %u", type);
        if (slot && seen[slot])
            return FAIL(r, off + 8, "note type %u appears twice", type);
        if (slot)
            seen[slot] = 1;
        dpp_status st = DPP_OK;
        switch (type) {
        case DPP_NOTE_PROGINFO:
            st = note_proginfo(r, off, d, dsz, x);
            break;
        case DPP_NOTE_INPUTS:
            st = note_list(r, off, d, dsz, DPP_NUM_INPUTS, in_seen, "INPUTS");
            x->inputs = (uint16_t)mask_of(in_seen, DPP_NUM_INPUTS);
            break;
        case DPP_NOTE_OUTPUTS:
            st = note_list(r, off, d, dsz, DPP_NUM_OUTPUTS, out_seen, "OUTPUTS");
            x->outputs = (uint8_t)mask_of(out_seen, DPP_NUM_OUTPUTS);
            break;
        case DPP_NOTE_CONDOUT:
            st = note_flag(r, off, d, dsz, &x->condout, "CONDOUT");
            break;
        case DPP_NOTE_FLOAT32CONSTS:
            st = note_list(r, off, d, dsz, DPP_NUM_CONSTS, x->float_used, "FLOAT32CONSTS");
            break;
        case DPP_NOTE_INT32CONSTS:
            st = note_list(r, off, d, dsz, DPP_NUM_INTS, int_seen, "INT32CONSTS");
            x->int_used = mask_of(int_seen, DPP_NUM_INTS);
            break;
        case DPP_NOTE_EARLYEXIT:
            st = note_flag(r, off, d, dsz, &x->earlyexit, "EARLYEXIT");
            break;
        case DPP_NOTE_DOMAINCONST:
            st = note_domain(r, off, d, dsz, x);
            break;
        case DPP_NOTE_MODELINFO:
            st = note_modelinfo(r, off, d, dsz, x);
            break;
        case DPP_NOTE_INPUTPATTERN:
            st = note_patterns(r, off, d, dsz, x);
            break;
        default:
            st = note_values(r, off, d, dsz, type, x);
            break;
        }
        if (st != DPP_OK)
            return st;
        off += 12 + npad + dpad;
    }
    return DPP_OK;
}

/* Finds a program header of type t covering exactly [off, off+size). */
static int has_segment(const rd *r, uint32_t t, uint32_t off, uint32_t size)
{
    uint32_t phoff = u32(r->b + 28), phnum = u16(r->b + 44);
    for (uint32_t i = 0; i < phnum; i++) {
        const uint8_t *p = r->b + phoff + i * 32;
        if (u32(p) == t && u32(p + 4) == off && u32(p + 16) == size)
            return 1;
    }
    return 0;
}

static dpp_status check_segments(const rd *r)
{
    uint32_t phoff = u32(r->b + 28), phnum = u16(r->b + 44);
    for (uint32_t i = 0; i < phnum; i++) {
        const uint8_t *p = r->b + phoff + i * 32;
        if (u32(p) != PT_NULL && !inside(r, u32(p + 4), u32(p + 16)))
            return FAIL(r, phoff + i * 32 + 4,
                        "segment %u runs past the end of the file (%zu bytes; expected at least "
                        "%llu)",
                        i, r->size, (unsigned long long)u32(p + 4) + u32(p + 16));
    }
    return DPP_OK;
}

static dpp_status load_text(const rd *r, size_t hdr_off, uint32_t off, uint32_t size, dpp_exe *x)
{
    if (size == 0 || size % DPP_INST_BYTES)
        return FAIL(r, hdr_off + 20, ".text is %u bytes, not a positive multiple of %d", size,
                    DPP_INST_BYTES);
    if (size / DPP_INST_BYTES > DPP_MAX_INSTS)
        return FAIL(r, hdr_off + 20, ".text holds %u instructions (at most %d)",
                    size / DPP_INST_BYTES, DPP_MAX_INSTS);
    if (!has_segment(r, PT_LOAD, off, size))
        return FAIL(r, hdr_off + 16, ".text is not covered by a PT_LOAD segment");
    x->ninsts = size / DPP_INST_BYTES;
    for (uint32_t i = 0; i < size / 4; i++)
        x->words[i] = u32(r->b + off + 4 * i);
    return DPP_OK;
}

/* Walks the sections with libelf (the tables are known to be in bounds);
 * seen[] tells which notes the file has. */
static dpp_status walk_sections(const rd *r, Elf *e, dpp_exe *x, uint8_t seen[NOTE_SLOTS])
{
    size_t shstrndx, shoff = u32(r->b + 32), ntext = 0;
    if (elf_getshdrstrndx(e, &shstrndx) != 0)
        return FAIL(r, 50, "libelf: %s", elf_errmsg(-1));
    for (Elf_Scn *s = elf_nextscn(e, NULL); s; s = elf_nextscn(e, s)) {
        GElf_Shdr sh;
        size_t idx = elf_ndxscn(s), ho = shoff + idx * 40;
        if (!gelf_getshdr(s, &sh))
            return FAIL(r, ho, "libelf: %s", elf_errmsg(-1));
        const char *nm = elf_strptr(e, shstrndx, sh.sh_name);
        if (!nm)
            return FAIL(r, ho, "section %zu has a name offset %u outside the name table", idx,
                        (unsigned)sh.sh_name);
        dpp_status st = DPP_OK;
        if (!strcmp(nm, ".text")) {
            if (ntext++)
                return FAIL(r, ho, "a second .text section (section %zu)", idx);
            if (sh.sh_type != SHT_PROGBITS ||
                (sh.sh_flags & (SHF_ALLOC | SHF_EXECINSTR)) != (SHF_ALLOC | SHF_EXECINSTR))
                return FAIL(r, ho + 4, ".text must be PROGBITS with flags ALLOC|EXECINSTR");
            st = load_text(r, ho, (uint32_t)sh.sh_offset, (uint32_t)sh.sh_size, x);
        } else if (sh.sh_type == SHT_NOTE) {
            if (!has_segment(r, PT_NOTE, (uint32_t)sh.sh_offset, (uint32_t)sh.sh_size))
                return FAIL(r, ho + 16, "note section %zu is not covered by a PT_NOTE segment",
                            idx);
            st = parse_notes(r, sh.sh_offset, sh.sh_size, x, seen);
        }
        if (st != DPP_OK)
            return st;
    }
    if (!ntext)
        return FAIL(r, shoff, "no .text section");
    if (!seen[DPP_NOTE_PROGINFO])
        return FAIL(r, shoff, "no ATI DPP PROGINFO note (required)");
    if (!seen[SLOT_MODELINFO])
        modelinfo_default(x);
    if (x->info.num_insts != x->ninsts)
        return FAIL(r, shoff, "MODELINFO says %u instructions but .text holds %u",
                    x->info.num_insts, x->ninsts);
    for (unsigned k = 0; k < DPP_NUM_INPUTS; k++)
        if (x->in_pattern[k] && !(x->inputs >> k & 1))
            return FAIL(r, shoff, "INPUTPATTERN names input %u, which the INPUTS note does not list",
                        k);
    return DPP_OK;
}

/* File offset of .text (walk_sections found exactly one). */
static size_t text_offset(Elf *e)
{
    size_t text_off = 0, shstrndx;
    elf_getshdrstrndx(e, &shstrndx);
    for (Elf_Scn *s = elf_nextscn(e, NULL); s; s = elf_nextscn(e, s)) {
        GElf_Shdr sh;
        const char *nm = gelf_getshdr(s, &sh) ? elf_strptr(e, shstrndx, sh.sh_name) : NULL;
        if (nm && !strcmp(nm, ".text"))
            text_off = sh.sh_offset;
    }
    return text_off;
}

static dpp_status check_program(const rd *r, Elf *e, const dpp_exe *x)
{
    dpp_error perr;
    if (dpp_program_validate(x->words, x->ninsts, &perr) == DPP_OK)
        return DPP_OK;
    /* Point at the offending slot inside .text. */
    unsigned slot = 0;
    sscanf(perr.msg, "slot %u", &slot);
    return FAIL(r, text_offset(e) + (size_t)slot * DPP_INST_BYTES, "%s", perr.msg);
}

/* Every int32 constant the program reads must be listed in INT32CONSTS. Without
 * the note the loader "acts as if the program has no int32 constant references"
 * [seed 000, p52]; refusing a program that has one is model-defined
 * (docs/isa-model-defined.md, E8). */
static dpp_status check_int_refs(const rd *r, Elf *e, const dpp_exe *x, int has_note)
{
    for (uint32_t i = 0; i < x->ninsts; i++) {
        dpp_inst in;
        dpp_inst_decode(x->words + i * DPP_INST_DWORDS, &in);
        int k = dpp_inst_int_const(&in);
        if (k < 0 || (x->int_used >> k & 1))
            continue;
        const char *op = dpp_field_value_name(dpp_field_find("fc_op"), in.fc.op);
        size_t at = text_offset(e) + (size_t)i * DPP_INST_BYTES;
        if (!has_note)
            return FAIL(r, at,
                        "slot %u: %s reads int32 constant i%d, but the file has no INT32CONSTS "
                        "note: without it the loader acts as if the program has no int32 "
                        "constant references [seed 000, p52], so the model refuses the file "
                        "(model-defined)",
                        i, op, k);
        return FAIL(r, at,
                    "slot %u: %s reads int32 constant i%d, but the INT32CONSTS note does not "
                    "list it (the note lists the int32 constants the program uses [seed 000, "
                    "p52-p53])",
                    i, op, k);
    }
    return DPP_OK;
}

/* An early program exit (LAST, TEXKILL) needs the EARLYEXIT note saying 1. The
 * seed's page begins "...if the program has no early program exit command"
 * [seed 000, p53]: the loader acts as if there were none. Refusing instead is
 * model-defined (docs/isa-model-defined.md, E9). */
static dpp_status check_early_exit(const rd *r, Elf *e, const dpp_exe *x, int has_note)
{
    for (uint32_t i = 0; i < x->ninsts && !x->earlyexit; i++) {
        dpp_inst in;
        dpp_inst_decode(x->words + i * DPP_INST_DWORDS, &in);
        const char *what = dpp_inst_early_exit(&in);
        if (!what)
            continue;
        return FAIL(r, text_offset(e) + (size_t)i * DPP_INST_BYTES,
                    "slot %u: %s is an early program exit, but %s: the loader then acts \"as if "
                    "the program has no early program exit command\" [seed 000, p53], so the "
                    "model refuses the file (model-defined)",
                    i, what,
                    has_note ? "the EARLYEXIT note says 0" : "the file has no EARLYEXIT note");
    }
    return DPP_OK;
}

/* The conditional value's source is the program's (docs/isa-model-defined.md,
 * E11): FG_DEPTH_SRC = 1 takes v from W for every lane. The CONDOUT note says
 * whether the program writes that value; refusing a file whose note
 * contradicts its code, or whose FG_DEPTH_SRC reads a W no lane writes, is
 * model-defined (as E9 for EARLYEXIT). */
static dpp_status check_condout(const rd *r, Elf *e, const dpp_exe *x, int has_note, size_t fg_at)
{
    const char *why = has_note ? "the CONDOUT note says 0" : "the file has no CONDOUT note";
    for (uint32_t i = 0; i < x->ninsts && !x->condout; i++) {
        dpp_inst in;
        dpp_inst_decode(x->words + i * DPP_INST_DWORDS, &in);
        if (in.cmn.type == DPP_TYPE_OUT && in.alu.w_omask)
            return FAIL(r, text_offset(e) + (size_t)i * DPP_INST_BYTES,
                        "slot %u: OUTPUT writes W (W_OMASK), the conditional value, but %s "
                        "(the note says whether the program writes a conditional output "
                        "value), so the model refuses the file (model-defined)",
                        i, why);
    }
    if (x->info.fg_depth_src && !x->condout)
        return FAIL(r, fg_at,
                    "PROGINFO FG_DEPTH_SRC is 1 (the conditional value v is the program's W), "
                    "but %s: no lane would write the value the CO tests, so the model refuses "
                    "the file (model-defined)",
                    why);
    return DPP_OK;
}

dpp_status dpp_elf_read_mem(const uint8_t *buf, size_t size, const char *name, dpp_exe *x,
                            dpp_error *err)
{
    size_t fg_at = 0;
    rd r = {buf, size, name, err, &fg_at};
    memset(x, 0, sizeof *x);
    dpp_status st = check_header(&r);
    if (st == DPP_OK)
        st = check_sections(&r);
    if (st == DPP_OK)
        st = check_segments(&r);
    if (st != DPP_OK)
        return st;
    if (elf_version(EV_CURRENT) == EV_NONE)
        return dpp_error_set(err, DPP_E_IO, "libelf: %s", elf_errmsg(-1));
    char *copy = malloc(size);
    if (!copy)
        return dpp_error_set(err, DPP_E_NOMEM, "out of memory");
    memcpy(copy, buf, size);
    Elf *e = elf_memory(copy, size);
    if (!e) {
        free(copy);
        return FAIL(&r, 0, "libelf: %s", elf_errmsg(-1));
    }
    uint8_t seen[NOTE_SLOTS] = {0};
    st = walk_sections(&r, e, x, seen);
    if (st == DPP_OK)
        st = check_program(&r, e, x);
    if (st == DPP_OK)
        st = check_int_refs(&r, e, x, seen[DPP_NOTE_INT32CONSTS]);
    if (st == DPP_OK)
        st = check_early_exit(&r, e, x, seen[DPP_NOTE_EARLYEXIT]);
    if (st == DPP_OK)
        st = check_condout(&r, e, x, seen[DPP_NOTE_CONDOUT], fg_at);
    elf_end(e);
    free(copy);
    return st;
}

dpp_status dpp_elf_read(const char *path, dpp_exe *x, dpp_error *err)
{
    uint8_t *b;
    size_t n;
    dpp_status st = dpp_file_read(path, 1u << 26, &b, &n, err);
    if (st != DPP_OK)
        return st;
    st = dpp_elf_read_mem(b, n, path, x, err);
    free(b);
    return st;
}
