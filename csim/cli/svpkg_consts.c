/* The constants libctm takes from the model's own tables rather than from a hand-written
 * list: the PE's command opcodes (csim/machine/pe_cmds.c), the MC's surface formats and
 * layouts (csim/machine/mc_format.c). One walk of those tables (each_const) feeds three
 * writers, so ctm.h, the DPI package and the Python package cannot disagree with the model:
 * csim/api/ctm_consts.h (`dpp svpkg --consts`, included by ctm.h), ctm_dpi_pkg's localparams
 * and _api.py's CONSTS. */
#include "svpkg.h"

#include "mc_format.h"
#include "pe.h"

#include <ctype.h>
#include <stdio.h>

/* One constant: a group's first row carries the group's note. */
typedef struct const_row {
    const char *note; /* NULL but on a group's first row */
    char name[48];
    unsigned value;
    int hex; /* written in hex (the opcodes, as the seed writes them) */
    char comment[64];
} const_row;

typedef void (*row_fn)(FILE *out, const const_row *r);

/* "bits 26:24" of the format word: where set_inp_fmt's field `name` lies. */
static void field_bits(const char *name, char *buf, size_t size)
{
    const pe_field *f = pe_cmd_field(pe_cmd_by_name("set_inp_fmt"), name);
    unsigned hi = f->lsb, lo = f->lsb;
    for (uint32_t m = f->mask; m >> 1; m >>= 1)
        hi++;
    snprintf(buf, size, "the format word's bits %u:%u", hi, lo);
}

static void upper_into(char *dst, size_t size, const char *prefix, const char *name)
{
    int n = snprintf(dst, size, "%s", prefix);
    for (size_t k = 0; name[k] && (size_t)n + 1 < size; k++)
        dst[n++] = (char)toupper((unsigned char)name[k]);
    dst[n] = 0;
}

static void each_const(FILE *out, row_fn fn)
{
    char bits[48];
    const_row r;
    const pe_cmd_desc *d;
    for (unsigned k = 0; (d = pe_cmd_at(k)); k++) {
        r = (const_row){k ? NULL
                          : "PE command opcodes (csim/machine/pe_cmds.c, docs/pe.md). A command's\n"
                            "header is 0xC0000000 | (words - 1) << 16 | opcode << 8",
                        .value = d->opcode, .hex = 1};
        upper_into(r.name, sizeof r.name, "CTM_PE_OP_", d->name);
        snprintf(r.comment, sizeof r.comment, "%u parameter word%s", d->nparams,
                 d->nparams == 1 ? "" : "s");
        fn(out, &r);
    }
    /* The format word's fields, from the table's own (set_inp_fmt's second surface word). */
    static const struct {
        const char *field, *name;
        int shift; /* 1: the field's lsb, 0: its mask in place (the pitch is not shifted) */
    } words[] = {{"pitch", "CTM_FMTWORD_PITCH_MASK", 0},
                 {"tiling", "CTM_FMTWORD_TILING_SHIFT", 1},
                 {"format", "CTM_FMTWORD_FORMAT_SHIFT", 1}};
    const pe_cmd_desc *inp = pe_cmd_by_name("set_inp_fmt");
    for (unsigned k = 0; k < sizeof words / sizeof words[0]; k++) {
        const pe_field *f = pe_cmd_field(inp, words[k].field);
        r = (const_row){k ? NULL
                          : "The format word of a surface (set_*_fmt's word after the base;\n"
                            "docs/pe.md): pitch | tiling << TILING_SHIFT | format << FORMAT_SHIFT",
                        .value = words[k].shift ? f->lsb : f->mask << f->lsb,
                        .hex = !words[k].shift};
        snprintf(r.name, sizeof r.name, "%s", words[k].name);
        if (!words[k].shift)
            snprintf(r.comment, sizeof r.comment, "the pitch in elements, as it is");
        fn(out, &r);
    }
    /* The formats and the layouts: a code each, named by the MC's tables. */
    static const struct {
        const char *field, *what, *prefix;
        unsigned count;
        const char *(*name)(unsigned);
    } named[] = {{"format", "Surface formats", "CTM_FMT_", MC_FMT_COUNT, mc_format_name},
                 {"tiling", "Surface layouts", "CTM_TILE_", MC_TILE_COUNT, mc_tiling_name}};
    static char notes[2][160];
    for (unsigned g = 0; g < 2; g++) {
        field_bits(named[g].field, bits, sizeof bits);
        snprintf(notes[g], sizeof notes[g], "%s (csim/machine/mc_format.c, docs/mc.md): %s",
                 named[g].what, bits);
        for (unsigned v = 0; v < named[g].count; v++) {
            r = (const_row){v ? NULL : notes[g], .value = v};
            upper_into(r.name, sizeof r.name, named[g].prefix, named[g].name(v));
            if (mc_format_bpe(v) && named[g].name == mc_format_name)
                snprintf(r.comment, sizeof r.comment, "%u bytes an element, %u channel%s",
                         mc_format_bpe(v), mc_format_channels(v),
                         mc_format_channels(v) == 1 ? "" : "s");
            fn(out, &r);
        }
    }
}

/* ------------------------------------------------------------ C */

static int c_open; /* an enum is open */

static void c_row(FILE *out, const const_row *r)
{
    if (r->note) {
        if (c_open)
            fputs("};\n\n", out);
        fputs("/* ", out);
        for (const char *c = r->note; *c; c++)
            fputs(*c == '\n' ? "\n * " : (char[2]){*c, 0}, out);
        fputs(". */\nenum {\n", out);
        c_open = 1;
    }
    char decl[96];
    snprintf(decl, sizeof decl, r->hex ? "    %s = 0x%02X," : "    %s = %u,", r->name, r->value);
    if (r->comment[0])
        fprintf(out, "%-44s /* %s */\n", decl, r->comment);
    else
        fprintf(out, "%s\n", decl);
}

void svpkg_emit_consts_h(FILE *out)
{
    fputs("/* Generated by `dpp svpkg --consts` from the model's tables (csim/machine/pe_cmds.c,\n"
          " * csim/machine/mc_format.c; `make svpkg` rewrites it): do not edit.\n"
          " *\n"
          " * ctm_consts.h: the PE's command opcodes, the MC's surface formats and layouts as\n"
          " * the model numbers them. ctm.h includes it; it is installed beside ctm.h. */\n"
          "#ifndef CTM_CONSTS_H\n#define CTM_CONSTS_H\n\n/* clang-format off */\n",
          out);
    c_open = 0;
    each_const(out, c_row);
    fputs("};\n/* clang-format on */\n\n#endif\n", out);
}

/* ------------------------------------------------------------ SystemVerilog and Python */

static void sv_row(FILE *out, const const_row *r)
{
    if (r->note) {
        fputs("\n  // ", out);
        for (const char *c = r->note; *c; c++)
            fputs(*c == '\n' ? "\n  // " : (char[2]){*c, 0}, out);
        fputc('\n', out);
    }
    char decl[96];
    snprintf(decl, sizeof decl, r->hex ? "localparam int %s = 'h%02X;" : "localparam int %s = %u;",
             r->name, r->value);
    fprintf(out, "  %s%s%s\n", decl, r->comment[0] ? "  // " : "", r->comment);
}

void svpkg_emit_consts_sv(FILE *out)
{
    each_const(out, sv_row);
}

static void py_row(FILE *out, const const_row *r)
{
    fprintf(out, "    \"%s\": %u,\n", r->name, r->value);
}

void svpkg_emit_consts_py(FILE *out)
{
    each_const(out, py_row);
}
