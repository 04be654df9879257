/* Writing CTM executables with libelf (spec 8; layout in docs/isa-model-defined.md). */
#include "elf_exe.h"

#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A growable byte buffer for the note section. */
typedef struct buf {
    uint8_t *p;
    size_t n, cap;
    int oom;
} buf;

static void put(buf *b, const void *src, size_t n)
{
    if (b->oom)
        return;
    if (b->n + n > b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 256;
        while (cap < b->n + n)
            cap *= 2;
        uint8_t *p = realloc(b->p, cap);
        if (!p) {
            b->oom = 1;
            return;
        }
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->n, src, n);
    b->n += n;
}

static void put32(buf *b, uint32_t v)
{
    uint8_t le[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24)};
    put(b, le, 4);
}

/* One note: header, "ATI DPP\0", then the words of desc. */
static void note(buf *b, uint32_t type, const uint32_t *desc, size_t nwords)
{
    put32(b, sizeof DPP_NOTE_NAME);
    put32(b, (uint32_t)(nwords * 4));
    put32(b, type);
    put(b, DPP_NOTE_NAME, sizeof DPP_NOTE_NAME);
    for (size_t i = 0; i < nwords; i++)
        put32(b, desc[i]);
}

/* Indices of the set bits/flags, as a note's word list. */
static size_t list_mask(uint32_t mask, unsigned n, uint32_t *out)
{
    size_t k = 0;
    for (unsigned i = 0; i < n; i++)
        if (mask >> i & 1)
            out[k++] = i;
    return k;
}

static void build_notes(const dpp_exe *x, buf *b)
{
    uint32_t w[DPP_NUM_CONSTS * 5];
    /* The guide's words (Reserved = 1, FG_DEPTH_SRC, reserved zeros [seed 000,
     * p51]); the model's own information goes in MODELINFO, after the seven. */
    uint32_t piw[DPP_PROGINFO_WORDS] = {1, x->info.fg_depth_src};
    uint32_t mi[DPP_MODELINFO_WORDS] = {x->info.output_mode, x->info.fc_mode, x->info.num_temps,
                                        x->ninsts};
    note(b, DPP_NOTE_PROGINFO, piw, DPP_PROGINFO_WORDS);
    note(b, DPP_NOTE_INPUTS, w, list_mask(x->inputs, DPP_NUM_INPUTS, w));
    note(b, DPP_NOTE_OUTPUTS, w, list_mask(x->outputs, DPP_NUM_OUTPUTS, w));
    note(b, DPP_NOTE_CONDOUT, &x->condout, 1);
    size_t k = 0;
    for (unsigned i = 0; i < DPP_NUM_CONSTS; i++)
        if (x->float_used[i])
            w[k++] = i;
    note(b, DPP_NOTE_FLOAT32CONSTS, w, k);
    note(b, DPP_NOTE_INT32CONSTS, w, list_mask(x->int_used, DPP_NUM_INTS, w));
    note(b, DPP_NOTE_EARLYEXIT, &x->earlyexit, 1);
    note(b, DPP_NOTE_MODELINFO, mi, DPP_MODELINFO_WORDS);
    k = 0;
    for (unsigned i = 0; i < DPP_NUM_CONSTS; i++)
        if (x->float_set[i]) {
            w[k++] = i;
            for (int c = 0; c < 4; c++)
                w[k++] = x->float_val[i][c];
        }
    if (k)
        note(b, DPP_NOTE_FLOAT32VALUES, w, k);
    k = 0;
    for (unsigned i = 0; i < DPP_NUM_INTS; i++)
        if (x->int_set >> i & 1) {
            w[k++] = i;
            w[k++] = x->int_val[i];
        }
    if (k)
        note(b, DPP_NOTE_INT32VALUES, w, k);
    if (x->bool_set) {
        uint32_t bv[2] = {x->bool_set, x->bool_val & x->bool_set};
        note(b, DPP_NOTE_BOOLVALUES, bv, 2);
    }
    k = 0;
    for (uint32_t i = 0; i < DPP_NUM_INPUTS; i++)
        if (x->in_pattern[i]) {
            w[k++] = i;
            w[k++] = x->in_pattern[i];
            w[k++] = x->in_pattern_seed[i];
        }
    if (k)
        note(b, DPP_NOTE_INPUTPATTERN, w, k);
    if (x->domain_const) {
        uint32_t dc = x->domain_const - 1;
        note(b, DPP_NOTE_DOMAINCONST, &dc, 1);
    }
}

static Elf_Scn *add_section(Elf *e, void *data, size_t size, GElf_Word type, GElf_Xword flags,
                            size_t name, size_t align)
{
    Elf_Scn *scn = elf_newscn(e);
    Elf_Data *d = scn ? elf_newdata(scn) : NULL;
    GElf_Shdr sh;
    if (!d || !gelf_getshdr(scn, &sh))
        return NULL;
    d->d_buf = data;
    d->d_size = size;
    d->d_type = ELF_T_BYTE;
    d->d_align = align;
    sh.sh_name = (GElf_Word)name;
    sh.sh_type = type;
    sh.sh_flags = flags;
    sh.sh_addralign = align;
    return gelf_update_shdr(scn, &sh) ? scn : NULL;
}

static void set_phdr(Elf *e, int i, GElf_Word type, GElf_Word flags, Elf_Scn *scn)
{
    GElf_Shdr sh;
    GElf_Phdr ph;
    gelf_getshdr(scn, &sh);
    gelf_getphdr(e, i, &ph);
    memset(&ph, 0, sizeof ph);
    ph.p_type = type;
    ph.p_offset = sh.sh_offset;
    ph.p_filesz = ph.p_memsz = sh.sh_size;
    ph.p_flags = flags;
    ph.p_align = sh.sh_addralign;
    gelf_update_phdr(e, i, &ph);
}

static const char shstrtab[] = "\0.text\0.note\0.shstrtab";

static dpp_status write_elf(Elf *e, const dpp_exe *x, uint8_t *text, buf *notes, dpp_error *err)
{
    GElf_Ehdr eh;
    if (!gelf_newehdr(e, ELFCLASS32) || !gelf_newphdr(e, 2) || !gelf_getehdr(e, &eh))
        return dpp_error_set(err, DPP_E_IO, "libelf: %s", elf_errmsg(-1));
    eh.e_ident[EI_DATA] = ELFDATA2LSB;
    eh.e_ident[EI_OSABI] = DPP_ELF_OSABI;
    eh.e_ident[EI_ABIVERSION] = DPP_ELF_ABIVERSION;
    eh.e_type = ET_EXEC;
    eh.e_machine = DPP_ELF_MACHINE;
    eh.e_version = EV_CURRENT;
    eh.e_entry = 0;
    eh.e_flags = DPP_ELF_FLAGS;
    Elf_Scn *t = add_section(e, text, x->ninsts * (size_t)DPP_INST_BYTES, SHT_PROGBITS,
                             SHF_ALLOC | SHF_EXECINSTR, 1, 4);
    Elf_Scn *n = add_section(e, notes->p, notes->n, SHT_NOTE, 0, 7, 4);
    Elf_Scn *s = add_section(e, (void *)shstrtab, sizeof shstrtab, SHT_STRTAB, 0, 13, 1);
    if (!t || !n || !s)
        return dpp_error_set(err, DPP_E_IO, "libelf: %s", elf_errmsg(-1));
    eh.e_shstrndx = (GElf_Half)elf_ndxscn(s);
    if (!gelf_update_ehdr(e, &eh) || elf_update(e, ELF_C_NULL) < 0)
        return dpp_error_set(err, DPP_E_IO, "libelf: %s", elf_errmsg(-1));
    set_phdr(e, 0, PT_LOAD, PF_R | PF_X, t);
    set_phdr(e, 1, PT_NOTE, PF_R, n);
    if (elf_update(e, ELF_C_WRITE) < 0)
        return dpp_error_set(err, DPP_E_IO, "libelf: %s", elf_errmsg(-1));
    return DPP_OK;
}

dpp_status dpp_elf_write(const dpp_exe *x, const char *path, dpp_error *err)
{
    if (x->ninsts == 0 || x->ninsts > DPP_MAX_INSTS)
        return dpp_error_set(err, DPP_E_ARG, "%s: error: %u instructions (1-%d allowed)", path,
                             x->ninsts, DPP_MAX_INSTS);
    if (elf_version(EV_CURRENT) == EV_NONE)
        return dpp_error_set(err, DPP_E_IO, "libelf: %s", elf_errmsg(-1));
    buf notes = {0};
    build_notes(x, &notes);
    uint8_t *text = malloc(x->ninsts * (size_t)DPP_INST_BYTES);
    if (notes.oom || !text) {
        free(notes.p);
        free(text);
        return dpp_error_set(err, DPP_E_NOMEM, "out of memory");
    }
    for (size_t i = 0; i < x->ninsts * (size_t)DPP_INST_DWORDS; i++)
        for (int k = 0; k < 4; k++)
            text[i * 4 + (size_t)k] = (uint8_t)(x->words[i] >> (8 * k));
    dpp_status st;
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) {
        st = dpp_error_set(err, DPP_E_IO, "%s: error: cannot create the file", path);
    } else {
        Elf *e = elf_begin(fd, ELF_C_WRITE, NULL);
        st = e ? write_elf(e, x, text, &notes, err)
               : dpp_error_set(err, DPP_E_IO, "libelf: %s", elf_errmsg(-1));
        if (e)
            elf_end(e);
        if (close(fd) != 0 && st == DPP_OK)
            st = dpp_error_set(err, DPP_E_IO, "%s: error: write failed", path);
    }
    free(notes.p);
    free(text);
    return st;
}
