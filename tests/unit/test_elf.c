/* CTM executables: a written file reads back identically; every malformation
 * made by mutating a good file gets its own message with a byte offset; no
 * byte flip or truncation crashes the reader. */
#include "asm.h"
#include "elf_exe.h"
#include "in_pattern.h"
#include "run.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <gelf.h>

static const char good_src[] =
    ".float c3, 1, 2, 3, 4\n"
    ".int i2, 4, 0, 1\n"
    "    tex ld r0.rgba, r0.rgba, i1 wait\n"
    "    loop i2\n"
    "    alu rgb mad r1.rgb, s0.rgb, s1.rgb, s0.rgb alpha mad r1.a, s0.a, s1.a, s0.a"
    " src r0/r0, c3/c3, r0/r0\n"
    "    endloop\n"
    "    out rgb max r0._ o0.rgb, s0.rgb, s0.rgb, s0.rgb alpha max r0._ o0.a w, s0.a, s0.a, s0.a"
    " src r1/r1, r0/r0, r0/r0\n";

static uint8_t good[4096];
static size_t good_size;
static dpp_exe good_exe;

static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void wr32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static void wr16(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}

/* Offset of the section header named name in buffer b. */
static size_t shdr(const uint8_t *b, const char *name)
{
    uint32_t shoff = rd32(b + 32), shnum = b[48] | b[49] << 8, stridx = b[50] | b[51] << 8;
    uint32_t stroff = rd32(b + shoff + stridx * 40 + 16);
    for (uint32_t i = 0; i < shnum; i++)
        if (!strcmp((const char *)b + stroff + rd32(b + shoff + i * 40), name))
            return shoff + i * 40;
    fail_msg("no section %s", name);
    return 0;
}

/* File offset of the note of the given type. */
static size_t note(const uint8_t *b, uint32_t type)
{
    size_t h = shdr(b, ".note"), off = rd32(b + h + 16), end = off + rd32(b + h + 20);
    while (off < end) {
        if (rd32(b + off + 8) == type)
            return off;
        off += 12 + ((rd32(b + off) + 3) & ~3u) + ((rd32(b + off + 4) + 3) & ~3u);
    }
    fail_msg("no note %u", type);
    return 0;
}

static int setup(void **state)
{
    (void)state;
    dpp_error err;
    char path[] = "/tmp/test_elf_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    if (dpp_asm(good_src, strlen(good_src), "good.s", NULL, &good_exe, &err) != DPP_OK ||
        dpp_elf_write(&good_exe, path, &err) != DPP_OK) {
        print_error("%s\n", err.msg);
        return -1;
    }
    FILE *f = fopen(path, "rb");
    good_size = fread(good, 1, sizeof good, f);
    fclose(f);
    unlink(path);
    return good_size > 52 && good_size < sizeof good ? 0 : -1;
}

static void good_file_reads_back(void **state)
{
    (void)state;
    dpp_exe *x = malloc(sizeof *x);
    dpp_error err;
    assert_int_equal(dpp_elf_read_mem(good, good_size, "good.elf", x, &err), DPP_OK);
    assert_memory_equal(x, &good_exe, sizeof *x);
    assert_int_equal(x->ninsts, 5);
    assert_int_equal(x->inputs, 1u << 1);
    assert_int_equal(x->outputs, 1u);
    assert_int_equal(x->condout, 1);
    assert_int_equal(x->int_used, 1u << 2);
    assert_true(x->float_used[3] && x->float_set[3]);
    assert_int_equal(x->info.fc_mode, 1);
    assert_int_equal(x->info.num_temps, 2);
    free(x);
}

/* Writes x to a temporary file and reads it back into y. */
static dpp_status write_read(const dpp_exe *x, dpp_exe *y, dpp_error *err)
{
    char path[] = "/tmp/test_elf_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    assert_int_equal(dpp_elf_write(x, path, err), DPP_OK);
    dpp_status st = dpp_elf_read(path, y, err);
    unlink(path);
    return st;
}

/* .domain: the DOMAINCONST note round-trips; a constant that is both the
 * domain and a .float value, or a second DOMAINCONST, is refused. */
static void domain_const_note(void **state)
{
    (void)state;
    static const char src[] = ".domain c9\n"
                              "    out rgb mad r0._ o0.rgb, s0.rgb, s1.rgb, s2.rgb"
                              " src c9/c9, #1/#1, #0/#0 wait\n";
    dpp_exe *x = malloc(sizeof *x), *y = malloc(sizeof *y);
    dpp_error err;
    assert_int_equal(dpp_asm(src, strlen(src), "d.s", NULL, x, &err), DPP_OK);
    assert_int_equal(x->domain_const, 10);
    assert_true(x->float_used[9] && !x->float_set[9]);
    assert_int_equal(write_read(x, y, &err), DPP_OK);
    assert_memory_equal(x, y, sizeof *x);
    x->float_set[9] = 1; /* the writer does not check; the reader must */
    assert_int_equal(write_read(x, y, &err), DPP_E_FORMAT);
    assert_non_null(strstr(err.msg, "DOMAINCONST c9 also has a float value"));
    free(x);
    free(y);
}

/* INPUTPATTERN (E10): {input, pattern, seed} round-trips; an unknown pattern, an input the
 * INPUTS note does not list, or an input named twice is refused. */
static void input_pattern_note(void **state)
{
    (void)state;
    dpp_exe *x = malloc(sizeof *x), *y = malloc(sizeof *y);
    dpp_error err;
    *x = good_exe; /* reads input 1 */
    x->in_pattern[1] = DPP_PAT_LANE_RANK;
    x->in_pattern_seed[1] = 0xC0FFEE;
    assert_int_equal(write_read(x, y, &err), DPP_OK);
    assert_memory_equal(x, y, sizeof *x);
    x->in_pattern[1] = 7;
    assert_int_equal(write_read(x, y, &err), DPP_E_FORMAT);
    assert_non_null(strstr(err.msg, "INPUTPATTERN input 1: unknown pattern 7"));
    x->in_pattern[1] = 0;
    x->in_pattern[2] = DPP_PAT_LANE_RANK;
    assert_int_equal(write_read(x, y, &err), DPP_E_FORMAT);
    assert_non_null(strstr(err.msg, "INPUTPATTERN names input 2, which the INPUTS note"));
    /* a repeat: the note's second record names input 1 again */
    char path[] = "/tmp/test_elf_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    x->in_pattern[2] = 0;
    x->in_pattern[1] = x->in_pattern[3] = DPP_PAT_LANE_RANK;
    x->inputs |= 1u << 3;
    assert_int_equal(dpp_elf_write(x, path, &err), DPP_OK);
    static uint8_t b[8192];
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    size_t n = fread(b, 1, sizeof b, f);
    fclose(f);
    unlink(path);
    size_t at = note(b, DPP_NOTE_INPUTPATTERN);
    assert_true(at > 0);
    assert_int_equal(rd32(b + at + 12 + 8 + 12), 3);
    wr32(b + at + 12 + 8 + 12, 1);
    assert_int_equal(dpp_elf_read_mem(b, n, "p.elf", y, &err), DPP_E_FORMAT);
    assert_non_null(strstr(err.msg, "INPUTPATTERN names a bad or repeated input 1"));
    free(x);
    free(y);
}

/* ---- hand-built executables: the guide's layout, not dpp_elf_write's ---- */

typedef struct hnote {
    uint32_t type, n;
    const uint32_t *w;
} hnote;

static void hand_shdr(uint8_t *s, uint32_t name, uint32_t type, uint32_t flags, size_t off,
                      size_t size)
{
    wr32(s, name);
    wr32(s + 4, type);
    wr32(s + 8, flags);
    wr32(s + 16, (uint32_t)off);
    wr32(s + 20, (uint32_t)size);
    wr32(s + 32, 4);
}

static void hand_phdr(uint8_t *p, uint32_t type, size_t off, size_t size)
{
    wr32(p, type);
    wr32(p + 4, (uint32_t)off);
    wr32(p + 16, (uint32_t)size);
    wr32(p + 20, (uint32_t)size);
    wr32(p + 28, 4);
}

/* Writes into b (4096 bytes) an executable with the program of x and the
 * given "ATI DPP" notes, laid out by hand: header, PT_LOAD and PT_NOTE, .text,
 * .note, .shstrtab, section headers. Returns its size. */
static size_t hand_elf(uint8_t *b, const dpp_exe *x, const hnote *notes, int nnotes)
{
    static const char strtab[] = "\0.text\0.note\0.shstrtab";
    size_t text = 116, tsize = x->ninsts * (size_t)DPP_INST_BYTES, nt = text + tsize, o = nt;
    memset(b, 0, 4096);
    for (uint32_t i = 0; i < x->ninsts * DPP_INST_DWORDS; i++)
        wr32(b + text + 4 * i, x->words[i]);
    for (int k = 0; k < nnotes; k++) {
        wr32(b + o, 8);
        wr32(b + o + 4, notes[k].n * 4);
        wr32(b + o + 8, notes[k].type);
        memcpy(b + o + 12, "ATI DPP", 8);
        for (uint32_t i = 0; i < notes[k].n; i++)
            wr32(b + o + 20 + 4 * i, notes[k].w[i]);
        o += 20 + 4 * (size_t)notes[k].n;
    }
    size_t str = o, sh = (str + sizeof strtab + 3) & ~(size_t)3;
    memcpy(b + str, strtab, sizeof strtab);
    static const uint8_t ident[9] = {0x7f, 'E', 'L', 'F', 1, 1, 1, 98, 1};
    memcpy(b, ident, sizeof ident);
    wr16(b + 16, ET_EXEC);
    wr16(b + 18, 122);
    wr32(b + 20, 1);
    wr32(b + 28, 52);
    wr32(b + 32, (uint32_t)sh);
    wr32(b + 36, 1);
    wr16(b + 40, 52);
    wr16(b + 42, 32);
    wr16(b + 44, 2);
    wr16(b + 46, 40);
    wr16(b + 48, 4);
    wr16(b + 50, 3);
    hand_phdr(b + 52, PT_LOAD, text, tsize);
    hand_phdr(b + 84, PT_NOTE, nt, o - nt);
    hand_shdr(b + sh + 40, 1, SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, text, tsize);
    hand_shdr(b + sh + 80, 7, SHT_NOTE, 0, nt, o - nt);
    hand_shdr(b + sh + 120, 13, SHT_STRTAB, 0, str, sizeof strtab);
    return sh + 160;
}

static const dpp_exe *assembled(const char *src)
{
    static dpp_exe x;
    dpp_error err;
    if (dpp_asm(src, strlen(src), "hand.s", NULL, &x, &err) != DPP_OK)
        fail_msg("%s", err.msg);
    return &x;
}

/* o0 = 2 * 1.5 + 1 in every channel. */
static const char out4_src[] = "    out rgb mad r0._ o0.rgb, s0.rgb, s1.rgb, s2.rgb"
                               " alpha mad r0._ o0.a, s0.a, s1.a, s2.a"
                               " src #2/#2, #1.5/#1.5, #1/#1 wait\n";

/* [seed 000, p51] every word of dpp_proginfo after FG_DEPTH_SRC is "Elf32_Word
 * 0x00000000 Reserved" (five whole rows, then the page ends): a
 * guide-conformant file (Reserved = 1, FG_DEPTH_SRC, zeros, no model note)
 * loads with the documented defaults and runs. */
static void guide_proginfo_loads_and_runs(void **state)
{
    (void)state;
    static uint8_t b[4096];
    static const uint32_t pi[8] = {1, 0, 0, 0, 0, 0, 0, 0}, pi_fg[12] = {1, 1}, out0[1] = {0},
                          yes[1] = {1};
    const dpp_exe *prog = assembled(out4_src);
    static dpp_exe xs;
    dpp_exe *x = &xs;
    dpp_error err;
    /* (FG_DEPTH_SRC = 1 below needs CONDOUT = 1: E11) */
    hnote notes[] = {
        {DPP_NOTE_PROGINFO, 8, pi}, {DPP_NOTE_OUTPUTS, 1, out0}, {DPP_NOTE_CONDOUT, 1, yes}};
    size_t n = hand_elf(b, prog, notes, 2);
    if (dpp_elf_read_mem(b, n, "guide.elf", x, &err) != DPP_OK)
        fail_msg("%s", err.msg);
    assert_int_equal(x->ninsts, prog->ninsts);
    assert_int_equal(x->info.fg_depth_src, 0);
    assert_int_equal(x->info.num_insts, prog->ninsts); /* from .text */
    assert_int_equal(x->info.fc_mode, 1);              /* full: runs every program */
    assert_int_equal(x->info.num_temps, DPP_NUM_TEMPS);
    assert_int_equal(x->info.output_mode, 0); /* cached */
    dpp_run_opts o;
    dpp_run_result r;
    dpp_run_default_opts(&o);
    o.width = 3;
    o.height = 2;
    if (dpp_run(x, &o, "guide.elf", &r, &err) != DPP_OK)
        fail_msg("%s", err.msg);
    const float *f = (const float *)r.output[0].data;
    for (int i = 0; i < 3 * 2 * 4; i++)
        assert_true(f[i] == 2.0f * 1.5f + 1.0f);
    dpp_run_free(&r);
    /* The pages show 7 words whole and are cut off: 7 and more load, and the 6 words of an
     * earlier dpp (docs/isa-model-defined.md E4); fewer are refused at the size's byte. */
    static const unsigned sizes[] = {7, 8, 12, 6, 2, 5};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        notes[0] = (hnote){DPP_NOTE_PROGINFO, sizes[k], pi_fg};
        n = hand_elf(b, prog, notes, 3);
        dpp_status st = dpp_elf_read_mem(b, n, "sized.elf", x, &err);
        if (sizes[k] >= 6 && st != DPP_OK)
            fail_msg("%u words: %s", sizes[k], err.msg);
        if (sizes[k] >= 6) {
            assert_int_equal(x->info.fg_depth_src, 1);
            continue;
        }
        char want[96];
        snprintf(want, sizeof want, "sized.elf: byte %zu: error: PROGINFO note size %u:",
                 (size_t)116 + prog->ninsts * 24 + 4, 4 * sizes[k]);
        if (st != DPP_E_FORMAT || strncmp(err.msg, want, strlen(want)))
            fail_msg("%u words: '%s' does not start with '%s'", sizes[k], err.msg, want);
        assert_non_null(strstr(err.msg, "seed 000, p51"));
    }
}

/* dpp writes the guide's PROGINFO as the pages show it: Reserved = 1,
 * FG_DEPTH_SRC, the five whole reserved rows of p51 and the begun sixth. */
static void writer_proginfo_words(void **state)
{
    (void)state;
    assert_int_equal(DPP_PROGINFO_WORDS, 8);
    const dpp_exe *prog = assembled(".proginfo fg_depth_src=1\n" "    out rgb mad r0._ o0.rgb, "
                                    "s0.rgb, s1.rgb, s2.rgb alpha mad r0._ w, s0.a, s1.a, s2.a "
                                    "src #1/#1, #1/#1, #0/#0\n");
    char path[] = "/tmp/test_elf_piXXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    dpp_error err;
    assert_int_equal(dpp_elf_write(prog, path, &err), DPP_OK);
    static uint8_t b[65536];
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    size_t n = fread(b, 1, sizeof b, f);
    fclose(f);
    unlink(path);
    /* the first note of .note: namesz 8, descsz, type 1, "ATI DPP", the words */
    static const uint8_t head[20] = {8, 0, 0, 0, 32, 0, 0, 0, 1, 0, 0, 0, 'A', 'T', 'I', ' ',
                                     'D', 'P', 'P', 0};
    static const uint32_t words[8] = {1, 1, 0, 0, 0, 0, 0, 0};
    size_t at = 0;
    while (at + 52 <= n && memcmp(b + at, head, sizeof head))
        at += 4;
    assert_true(at + 52 <= n);
    assert_memory_equal(b + at + 20, words, sizeof words);
}

/* [seed 000, p51] an executable of the old dpp, with the model's program
 * information in the reserved words, is refused naming the word, its byte,
 * the seed rule and the remedy. */
static void old_proginfo_refused(void **state)
{
    (void)state;
    static uint8_t b[4096];
    const dpp_exe *prog = assembled(out4_src);
    uint32_t old[6] = {1, 0, 0, 1, 1, prog->ninsts}; /* cached, full, 1 temp, n insts */
    hnote notes[] = {{DPP_NOTE_PROGINFO, 6, old}};
    size_t n = hand_elf(b, prog, notes, 1), word3 = 116 + prog->ninsts * 24 + 20 + 3 * 4;
    static dpp_exe xs;
    dpp_exe *x = &xs;
    dpp_error err;
    char want[128];
    assert_int_equal(dpp_elf_read_mem(b, n, "old.elf", x, &err), DPP_E_FORMAT);
    snprintf(want, sizeof want, "old.elf: byte %zu: error: PROGINFO word 3 is 1", word3);
    if (strncmp(err.msg, want, strlen(want)))
        fail_msg("'%s' does not start with '%s'", err.msg, want);
    assert_non_null(strstr(err.msg, "reserved"));
    assert_non_null(strstr(err.msg, "seed 000, p51"));
    assert_non_null(strstr(err.msg, "re-assemble"));
}

/* [seed 000, p52] "If an object file does not contain an Int32 constants note
 * then the program loader acts as if the program has no int32 constant
 * references": a LOOP reading i0 without the note is refused with that reason;
 * with the note, every constant the program reads must be listed [p53]. */
static void int32_note_rule(void **state)
{
    (void)state;
    static uint8_t b[4096];
    static const uint32_t pi[6] = {1, 0, 0, 0, 0, 0}, i0[1] = {0}, i1[1] = {1};
    const dpp_exe *prog = assembled(".int i0, 2, 0, 1\n"
                                    "    alu rgb mad r1.rgb, r1.rgb, #0, #1\n"
                                    "    loop i0\n"
                                    "    alu rgb mad r1.rgb, r1.rgb, #2, #0\n"
                                    "    endloop\n"
                                    "    out rgb mad r0._ o0.rgb, r1.rgb, #1, #0\n");
    static dpp_exe xs;
    dpp_exe *x = &xs;
    dpp_error err;
    char want[128];
    hnote notes[] = {{DPP_NOTE_PROGINFO, 6, pi}, {DPP_NOTE_INT32CONSTS, 1, i1}};
    size_t n = hand_elf(b, prog, notes, 1);
    assert_int_equal(dpp_elf_read_mem(b, n, "noint.elf", x, &err), DPP_E_FORMAT);
    snprintf(want, sizeof want, "noint.elf: byte %d: error: slot 1: loop reads int32 constant i0",
             116 + 24);
    if (strncmp(err.msg, want, strlen(want)))
        fail_msg("'%s' does not start with '%s'", err.msg, want);
    assert_non_null(strstr(err.msg, "no INT32CONSTS note"));
    assert_non_null(strstr(err.msg, "seed 000, p52"));
    n = hand_elf(b, prog, notes, 2); /* the note lists i1 only */
    assert_int_equal(dpp_elf_read_mem(b, n, "i1.elf", x, &err), DPP_E_FORMAT);
    assert_non_null(strstr(err.msg, "slot 1: loop reads int32 constant i0"));
    assert_non_null(strstr(err.msg, "INT32CONSTS note does not list it"));
    notes[1].w = i0;
    n = hand_elf(b, prog, notes, 2);
    if (dpp_elf_read_mem(b, n, "i0.elf", x, &err) != DPP_OK)
        fail_msg("%s", err.msg);
    assert_int_equal(x->int_used, 1u);
}

/* A one-word flag note (EARLYEXIT, CONDOUT) the code of prog needs at 1: the file whose notes
 * are PROGINFO (pi, 8 words) and nothing else is refused with every text of absent[] (NULL-ended)
 * in the message, the note saying 0 is refused naming it, and at 1 the file loads into *x. */
static void flag_note_states(const dpp_exe *prog, const uint32_t *pi, uint32_t type,
                             const char *const *absent, const char *zero, dpp_exe *x)
{
    static uint8_t b[4096];
    static const uint32_t no[1] = {0}, yes[1] = {1};
    dpp_error err;
    hnote notes[] = {{DPP_NOTE_PROGINFO, 8, pi}, {type, 1, no}};
    size_t n = hand_elf(b, prog, notes, 1);
    assert_int_equal(dpp_elf_read_mem(b, n, "note.elf", x, &err), DPP_E_FORMAT);
    for (; *absent; absent++)
        if (!strstr(err.msg, *absent))
            fail_msg("'%s' lacks '%s'", err.msg, *absent);
    n = hand_elf(b, prog, notes, 2);
    assert_int_equal(dpp_elf_read_mem(b, n, "note.elf", x, &err), DPP_E_FORMAT);
    if (!strstr(err.msg, zero))
        fail_msg("'%s' lacks '%s'", err.msg, zero);
    notes[1].w = yes;
    n = hand_elf(b, prog, notes, 2);
    if (dpp_elf_read_mem(b, n, "note.elf", x, &err) != DPP_OK)
        fail_msg("%s", err.msg);
}

/* [seed 000, p53] "...if the program has no early program exit command": without
 * an EARLYEXIT note saying 1 the loader acts as if there were none, so a TEXKILL
 * or LAST is refused at its slot (the refusal is model-defined, E9). */
static void early_exit_note_rule(void **state)
{
    (void)state;
    static const uint32_t pi[8] = {1};
    static const char *const progs[2][2] = {
        {"    tex texkill r0._, r0.rgba, i0\n"
         "    out rgb mad r0._ o0.rgb, r0.rgb, #1, #0\n",
         "slot 0: TEXKILL is an early program exit"},
        {"    out rgb mad r0._ o0.rgb, r0.rgb, #1, #0 last\n"
         "    out rgb mad r0._ o0.rgb, r0.rgb, #2, #0\n",
         "slot 0: LAST is an early program exit"},
    };
    static dpp_exe xs;
    for (int k = 0; k < 2; k++) {
        const char *const absent[] = {"note.elf: byte 116: error: ", progs[k][1],
                                      "no EARLYEXIT note", "seed 000, p53", NULL};
        flag_note_states(assembled(progs[k][0]), pi, DPP_NOTE_EARLYEXIT, absent,
                         "the EARLYEXIT note says 0", &xs);
        assert_int_equal(xs.earlyexit, 1u);
    }
}

/* The conditional value's source is the program's (docs/isa-model-defined.md E11): code that
 * writes W needs the CONDOUT note saying 1, refused at the slot's byte otherwise; FG_DEPTH_SRC
 * = 1 (v is W) needs it too, refused at FG_DEPTH_SRC's byte; W written with FG_DEPTH_SRC 0
 * (v from the PE) loads, and so does a CONDOUT = 1 that the code does not bear out. */
static void condout_note_rule(void **state)
{
    (void)state;
    static const uint32_t pi0[8] = {1, 0}, pi1[8] = {1, 1};
    static dpp_exe xs;
    const char *const w_absent[] = {"note.elf: byte 116: error: slot 0: OUTPUT writes W",
                                    "the file has no CONDOUT note", NULL};
    flag_note_states(assembled("    out rgb mad r0._ o0.rgb, s0.rgb, s1.rgb, s2.rgb"
                               " alpha mad r0._ o0.a w, s0.a, s1.a, s2.a"
                               " src #2/#2, #1.5/#1.5, #1/#1 wait\n"),
                     pi0, DPP_NOTE_CONDOUT, w_absent, "the CONDOUT note says 0", &xs);
    assert_int_equal(xs.info.fg_depth_src, 0);
    const dpp_exe *now = assembled(out4_src);
    char want[80];
    snprintf(want, sizeof want, "note.elf: byte %zu: error: PROGINFO FG_DEPTH_SRC is 1",
             (size_t)116 + now->ninsts * 24 + 24);
    const char *const fg_absent[] = {want, NULL};
    flag_note_states(now, pi1, DPP_NOTE_CONDOUT, fg_absent, "the CONDOUT note says 0", &xs);
    assert_int_equal(xs.info.fg_depth_src, 1);
}

/* Applies case i to a copy of the good file; returns the new size. */
static size_t mutate(int i, uint8_t *b, const char **expect)
{
    size_t n = good_size;
    size_t text = shdr(b, ".text"), nt = shdr(b, ".note");
    size_t phoff = rd32(b + 28);
    size_t pi = note(b, DPP_NOTE_PROGINFO);
    switch (i) {
    case 0:
        *expect = "shorter than an ELF header";
        return 40;
    case 1:
        b[1] = 'X';
        *expect = "byte 0: error: not an ELF file";
        break;
    case 2:
        b[4] = 2;
        *expect = "byte 4: error: class must be ELFCLASS32";
        break;
    case 3:
        b[5] = 2;
        *expect = "byte 5: error: data encoding must be ELFDATA2LSB";
        break;
    case 4:
        b[6] = 0;
        *expect = "byte 6: error: ident version";
        break;
    case 5:
        b[7] = 0;
        *expect = "byte 7: error: OSABI must be ELFOSABI_ATI (98), found 0";
        break;
    case 6:
        b[8] = 0;
        *expect = "byte 8: error: ABI version must be 1";
        break;
    case 7:
        wr16(b + 16, 1);
        *expect = "byte 16: error: type must be ET_EXEC";
        break;
    case 8:
        wr16(b + 18, 3);
        *expect = "byte 18: error: machine must be EM_ATI_R5XX (122), found 3";
        break;
    case 9:
        wr32(b + 20, 0);
        *expect = "byte 20: error: version must be 1";
        break;
    case 10:
        wr32(b + 24, 8);
        *expect = "byte 24: error: entry must be 0";
        break;
    case 11:
        wr32(b + 36, 0);
        *expect = "byte 36: error: flags must be EF_ATI_DPP (1), found 0";
        break;
    case 12:
        wr16(b + 40, 64);
        *expect = "byte 40: error: header size";
        break;
    case 13:
        wr32(b + 28, (uint32_t)n - 8);
        *expect = "byte 28: error: program header table";
        break;
    case 14:
        wr32(b + 32, (uint32_t)n);
        *expect = "byte 32: error: section header table";
        break;
    case 15:
        wr16(b + 50, 9);
        *expect = "byte 50: error: section name table index 9";
        break;
    case 16:
        wr32(b + text + 20, 5 * 24 - 4);
        *expect = "not a positive multiple of 24";
        break;
    case 17: /* 513 instructions: a fresh .text region past the old end */
        memset(b + n, 0, 513 * 24);
        wr32(b + text + 16, (uint32_t)n);
        wr32(b + text + 20, 513 * 24);
        *expect = ".text holds 513 instructions (at most 512)";
        return n + 513 * 24;
    case 18: { /* a file too short names the size it needs */
        static char want[120];
        wr32(b + nt + 16, (uint32_t)n - 4);
        snprintf(want, sizeof want,
                 "runs past the end of the file (%zu bytes; expected at least %zu)", n,
                 n - 4 + rd32(b + nt + 20));
        *expect = want;
        break;
    }
    case 19:
        wr32(b + nt + 16, rd32(b + text + 16) + 8);
        *expect = "overlap";
        break;
    case 20:
        wr32(b + phoff + 4, rd32(b + phoff + 4) + 4);
        *expect = "not covered by a PT_LOAD";
        break;
    case 21:
        wr32(b + phoff + 32, 0);
        *expect = "not covered by a PT_NOTE";
        break;
    case 22:
        wr32(b + nt + 4, SHT_PROGBITS);
        *expect = "no ATI DPP PROGINFO note (required)";
        break;
    case 23: /* the section and its PT_NOTE both lose the last 2 bytes */
        wr32(b + nt + 20, rd32(b + nt + 20) - 2);
        wr32(b + phoff + 32 + 16, rd32(b + nt + 20));
        *expect = "truncated note";
        break;
    case 24:
        b[pi + 12] = 'B';
        *expect = "note name is not \"ATI DPP\"";
        break;
    case 25:
        wr32(b + pi + 8, 99);
        *expect = "unknown ATI DPP note type 99";
        break;
    case 26:
        wr32(b + pi + 20, 2);
        *expect = "PROGINFO reserved is 2";
        break;
    case 27:
        wr32(b + note(b, DPP_NOTE_MODELINFO) + 32, 4);
        *expect = "MODELINFO says 4 instructions but .text holds 5";
        break;
    case 28:
        wr32(b + note(b, DPP_NOTE_INPUTS) + 8, DPP_NOTE_EARLYEXIT);
        *expect = "note type 7 appears twice";
        break;
    case 29:
        wr32(b + note(b, DPP_NOTE_CONDOUT) + 20, 2);
        *expect = "CONDOUT note value 2 is not 0 or 1";
        break;
    case 30:
        wr32(b + note(b, DPP_NOTE_INPUTS) + 20, 16);
        *expect = "INPUTS note lists index 16";
        break;
    case 31:
        wr32(b + note(b, DPP_NOTE_EARLYEXIT) + 4, 8);
        *expect = "EARLYEXIT note must hold 4 bytes";
        break;
    case 32:
        wr32(b + pi + 4, 6);
        *expect = "PROGINFO note size 6: the guide's structure is Reserved, FG_DEPTH_SRC";
        break;
    case 33: /* a reserved bit in dword 1 of slot 1, the LOOP */
        wr32(b + rd32(b + text + 16) + 1 * 24 + 4, 1);
        *expect = "slot 1: reserved bits 0x00000001 set in dword 1 of a fc";
        break;
    case 34: /* the final OUTPUT becomes an ALU instruction: its output masks are then
                predicate enables [seed 000, p34], legal, but its W is not */
        b[rd32(b + text + 16) + 4 * 24] &= (uint8_t)~3u;
        *expect = "slot 4: an ALU instruction cannot write W";
        break;
    case 35:
        b[(size_t)rd32(b + shdr(b, ".shstrtab") + 16) + rd32(b + text) + 1] = 'x';
        *expect = "no .text section";
        break;
    case 36:
        wr32(b + text, 100000);
        *expect = "name offset 100000 outside the name table";
        break;
    case 37:
        wr32(b + text + 4, SHT_NOTE);
        *expect = ".text must be PROGBITS";
        break;
    case 38:
        wr16(b + 44, 0);
        *expect = "byte 44: error: no program headers";
        break;
    case 39: {
        static char want[120];
        wr32(b + phoff + 16, 100000);
        snprintf(want, sizeof want,
                 "segment 0 runs past the end of the file (%zu bytes; expected at least %zu)", n,
                 rd32(b + phoff + 4) + (size_t)100000);
        *expect = want;
        break;
    }
    case 40:
        wr16(b + 48, 0);
        *expect = "byte 48: error: no section headers";
        break;
    case 41:
        wr32(b + text + 16, 8);
        *expect = "overlaps the ELF header";
        break;
    case 42:
        wr32(b + note(b, DPP_NOTE_MODELINFO) + 28, 129);
        *expect = "MODELINFO num_temps is 129";
        break;
    case 43: /* [seed 000, p51] the words after FG_DEPTH_SRC are reserved and 0 */
        wr32(b + pi + 36, 7);
        *expect = "PROGINFO word 4 is 7, not 0";
        break;
    case 44:
        wr32(b + note(b, DPP_NOTE_MODELINFO) + 4, 12);
        *expect = "MODELINFO note must hold 16 bytes, not 12";
        break;
    case 45:
        wr32(b + note(b, DPP_NOTE_MODELINFO) + 24, 2);
        *expect = "MODELINFO fc_mode is 2 (allowed 0-1)";
        break;
    case 46: /* [seed 000, p52-p53] the LOOP in slot 1 reads i2; the note lists i3 */
        wr32(b + note(b, DPP_NOTE_INT32CONSTS) + 20, 3);
        *expect = "slot 1: loop reads int32 constant i2, but the INT32CONSTS note does not list it";
        break;
    default:
        return 0;
    }
    return n;
}

static void malformed_files(void **state)
{
    (void)state;
    static uint8_t b[4096 + 513 * 24];
    dpp_exe *x = malloc(sizeof *x);
    static char seen[64][sizeof(dpp_error){0}.msg];
    int count = 0;
    for (int i = 0;; i++) {
        const char *expect = NULL;
        memset(b, 0, sizeof b);
        memcpy(b, good, good_size);
        size_t n = mutate(i, b, &expect);
        if (!n)
            break;
        dpp_error err;
        dpp_status st = dpp_elf_read_mem(b, n, "bad.elf", x, &err);
        if (st != DPP_E_FORMAT || !strstr(err.msg, expect) ||
            strncmp(err.msg, "bad.elf: byte ", 14))
            print_error("case %d: status %d, message '%s', expected '%s'\n", i, st,
                        st ? err.msg : "", expect);
        assert_int_equal(st, DPP_E_FORMAT);
        assert_non_null(strstr(err.msg, expect));
        assert_int_equal(strncmp(err.msg, "bad.elf: byte ", 14), 0);
        /* each case has its own message */
        for (int k = 0; k < count; k++)
            if (!strcmp(seen[k], err.msg))
                fail_msg("case %d repeats the message of an earlier case: %s", i, err.msg);
        snprintf(seen[count++], sizeof seen[0], "%s", err.msg);
    }
    assert_true(count >= 20);
    free(x);
}

/* Every single-byte change and every truncation either loads or is refused
 * with a message; none may crash (this binary runs under ASan/UBSan). */
static void no_mutation_crashes(void **state)
{
    (void)state;
    static const uint8_t vals[] = {0x00, 0xFF, 0x7F, 0x80, 0x01};
    dpp_exe *x = malloc(sizeof *x);
    uint8_t *b = malloc(good_size);
    unsigned refused = 0;
    for (size_t off = 0; off < good_size; off++)
        for (size_t v = 0; v < sizeof vals; v++) {
            dpp_error err;
            memcpy(b, good, good_size);
            b[off] = vals[v];
            if (dpp_elf_read_mem(b, good_size, "m.elf", x, &err) != DPP_OK) {
                refused++;
                assert_non_null(strstr(err.msg, "error: "));
            }
        }
    for (size_t n = 0; n < good_size; n++) {
        dpp_error err;
        assert_int_not_equal(dpp_elf_read_mem(good, n, "t.elf", x, &err), DPP_OK);
    }
    assert_true(refused > good_size);
    free(b);
    free(x);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(good_file_reads_back),
        cmocka_unit_test(domain_const_note),
        cmocka_unit_test(input_pattern_note),
        cmocka_unit_test(guide_proginfo_loads_and_runs),
        cmocka_unit_test(writer_proginfo_words),
        cmocka_unit_test(old_proginfo_refused),
        cmocka_unit_test(int32_note_rule),
        cmocka_unit_test(early_exit_note_rule),
        cmocka_unit_test(condout_note_rule),
        cmocka_unit_test(malformed_files),
        cmocka_unit_test(no_mutation_crashes),
    };
    return cmocka_run_group_tests_name("elf", tests, setup, NULL);
}
