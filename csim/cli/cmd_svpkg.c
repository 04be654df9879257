/* dpp svpkg: the SystemVerilog packages written from the model's tables.
 *
 * ctm_ports_pkg (the default), from libctm's port tables (csim/api/ctm_api.c):
 * each packed struct is its C struct of ctm.h word for word, so a testbench
 * hands a DUT's packed outputs to ctm_*_cycle through one DPI argument and the
 * library compares them as bytes. Committed as dpi/ctm_ports_pkg.sv.
 *
 * ctm_isa_pkg (--isa), from the encodings' X-macro lists (enc.h) and the ISA's
 * field table (csim/isa/isa.c): every code the RTL shares with the model as a
 * localparam, and the fields of a flow-control instruction, which the
 * testbenches decode an instruction with. Committed as rtl/ctm_isa_pkg.sv, the
 * RTL's only source of these codes.
 *
 * ctm_dpi_pkg (--dpi), from libctm's tables of its public surface
 * (csim/api/api_list.h, svpkg_dpi.c): the users' DPI package. Committed as
 * dpi/ctm_dpi_pkg.sv.
 *
 * python/ctm/_api.py (--py), from the same tables (svpkg_py.c): the Python
 * package's bindings. Not SystemVerilog, but the same rule: written, not copied.
 *
 * csim/api/ctm_consts.h (--consts), from the model's PE command and MC format
 * tables (svpkg_consts.c): the opcodes, formats and layouts ctm.h includes; the
 * DPI and Python packages carry the same rows.
 *
 * tests/cli/svpkg.sh holds the five files to this output (`make svpkg`
 * rewrites them); nobody edits them. */
#include "api_check.h"
#include "commands.h"
#include "ctm.h"
#include "fc.h"
#include "isa.h"
#include "pred_stack.h"
#include "stack_acct.h"
#include "svpkg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage_text[] =
    "usage: dpp svpkg [--isa | --dpi | --py | --consts] [-o FILE]\n"
    "Writes a SystemVerilog package (to stdout, or FILE). By default ctm_ports_pkg\n"
    "(dpi/ctm_ports_pkg.sv): one packed struct per port struct of libctm (ctm_pred_in_t,\n"
    "ctm_pred_out_t, ...), laid out as ctm.h's C structs, which ctm_*_cycle takes.\n"
    "With --isa, ctm_isa_pkg (rtl/ctm_isa_pkg.sv): the codes the RTL shares with the\n"
    "model as localparams (CTM_FC_OP_LOOP, CTM_PRED_OP_PUSH, CTM_STACK_RULE_MESA, ...)\n"
    "and the fields of a flow-control instruction from the ISA's field table\n"
    "(ctm_isa_fc_op(dword), ...). See docs/dpi.md, \"Port structs\".\n"
    "With --dpi, ctm_dpi_pkg (dpi/ctm_dpi_pkg.sv): libctm's constants, the records a\n"
    "design's ports carry and an import per call, from the library's tables\n"
    "(csim/api/api_list.h). With --py, python/ctm/_api.py: the same tables as the\n"
    "Python package's data (docs/python.md). With --consts, csim/api/ctm_consts.h: the\n"
    "PE's opcodes and the MC's formats and layouts from the model's own tables, which\n"
    "ctm.h includes (docs/dpi.md, \"Opcodes, formats and layouts\"). `make svpkg`\n"
    "rewrites all five.\n";

/* Verilator packs a struct's last member into the lowest bits, and the lowest
 * bits are the first bytes of an svBitVecVal array: the members go highest
 * offset first, and the bytes no port covers are pad_<offset> members. The
 * member that ends at byte `end`: its port (NULL for a pad), and where it
 * starts. */
static unsigned member_ending(const api_port *ports, unsigned n, unsigned end,
                              const api_port **at)
{
    *at = NULL;
    for (unsigned k = 0; k < n; k++)
        if (ports[k].offset + ports[k].size == end)
            *at = &ports[k];
    if (*at)
        return (*at)->offset;
    unsigned from = 0; /* padding down to the next port's end */
    for (unsigned k = 0; k < n; k++)
        if (ports[k].offset + ports[k].size < end && ports[k].offset + ports[k].size > from)
            from = ports[k].offset + ports[k].size;
    return from;
}

static void emit_struct(FILE *out, const char *c_name, const char *sv_name, const api_port *ports,
                        unsigned n, unsigned size)
{
    fprintf(out, "  // %s: %u bytes\n  typedef struct packed {\n", c_name, size);
    for (unsigned end = size, from; end > 0; end = from) {
        const api_port *at;
        from = member_ending(ports, n, end, &at);
        if (at && at->size == API_LANE_BYTES) /* lane i in byte i: element i of the array */
            fprintf(out, "    bit [%2u:0][7:0] %s;\n", at->size - 1, at->name);
        else if (at)
            fprintf(out, "    bit [%2u:0] %s;\n", 8 * (end - from) - 1, at->name);
        else
            fprintf(out, "    bit [%2u:0] pad_%u;\n", 8 * (end - from) - 1, from);
    }
    fprintf(out, "  } %s;\n\n", sv_name);
}

/* The wiring of a block's outputs to its output struct s, so that a new
 * output port needs no wrapper edit: `CTM_<BLOCK>_OUT_WIRES(s) declares a
 * signal s_<name> per output, as wide as its member; `CTM_<BLOCK>_OUTPUTS(s)
 * connects each RTL output name_o to s_<name> in an instance's port list
 * (zero-extended: the wrapper turns lint's WIDTH off around it); and
 * `CTM_<BLOCK>_OUT_PACK(s) packs them into s in one always_comb, pads 0.
 * Why not connect the ports to s's members: Verilator then builds the struct
 * on the stack at each DPI call, and the call's wide reads of that fresh
 * copy stall (store forwarding); a struct packed by always_comb is settled
 * long before. Ports of a byte per lane are the wrapper's to unpack into
 * s_<name>. */
static void emit_out_macros(FILE *out, const api_unit *u)
{
    char up[16];
    size_t i = 0;
    for (; u->json_block[i] && i + 1 < sizeof up; i++)
        up[i] = (char)(u->json_block[i] - 'a' + 'A');
    up[i] = 0;
    fprintf(out, "`define CTM_%s_OUT_WIRES(s)", up);
    for (unsigned k = 0; k < u->n_out; k++) {
        const api_port *f = &u->out[k];
        if (f->size == API_LANE_BYTES)
            fprintf(out, " \\\n  logic [%u:0][7:0] s``_%s;", f->size - 1, f->name);
        else
            fprintf(out, " \\\n  logic [%u:0] s``_%s;", 8 * f->size - 1, f->name);
    }
    fprintf(out, "\n`define CTM_%s_OUTPUTS(s)", up);
    const char *sep = " \\\n  ";
    for (unsigned k = 0; k < u->n_out; k++) {
        const api_port *f = &u->out[k];
        if (f->size == API_LANE_BYTES)
            continue;
        fprintf(out, "%s.%s_o(s``_%s)", sep, f->name, f->name);
        sep = ", \\\n  ";
    }
    fprintf(out, "\n`define CTM_%s_OUT_PACK(s) \\\n  always_comb begin \\\n    s = '0;", up);
    for (unsigned k = 0; k < u->n_out; k++)
        fprintf(out, " \\\n    s.%s = s``_%s;", u->out[k].name, u->out[k].name);
    fputs(" \\\n  end\n", out);
}

static void emit_unit(FILE *out, const api_unit *u)
{
    char c_in[64], c_out[64];
    snprintf(c_in, sizeof c_in, "ctm_%s_in (inputs of %s)", u->json_block, u->block);
    snprintf(c_out, sizeof c_out, "ctm_%s_out (outputs of %s)", u->json_block, u->block);
    emit_struct(out, c_in, u->sv_in, u->in, u->n_in, u->in_size);
    emit_struct(out, c_out, u->sv_out, u->out, u->n_out, u->out_size);
}

/* One encoding: a list of enc.h, the prefix its C names lose and the one its
 * SV names take in their place, and its width (the port's or the field's). */
typedef struct enc_group {
    const char *what;      /* the comment over it in the package */
    const char *c_prefix;  /* DPP_FC_LOOP less "DPP_FC_" ... */
    const char *sv_prefix; /* ... after "CTM_FC_OP_" is CTM_FC_OP_LOOP */
    const char *field;     /* the ISA field it encodes (its width), or NULL */
    unsigned width;        /* without a field: the port's bits; 0: int unsigned, a parameter */
    const enc_value *rows;
    size_t n;
} enc_group;

#define ENC_ROWS(list)                                                                             \
    (const enc_value[]){list(ENC_ROW)},                                                            \
        sizeof((const enc_value[]){list(ENC_ROW)}) / sizeof(enc_value)

static const enc_group groups[] = {
    {"fc_unit's op_i: US_FC_INST.OP", "DPP_FC_", "CTM_FC_OP_", "fc_op", 0, ENC_ROWS(DPP_FC_LIST)},
    {"a_op_i: US_FC_INST.A_OP (3 is reserved)", "DPP_AOP_", "CTM_FC_AOP_", "a_op", 0,
     ENC_ROWS(DPP_AOP_LIST)},
    {"b_op0_i, b_op1_i: US_FC_INST.B_OP0, B_OP1 (3 is reserved)", "DPP_BOP_", "CTM_FC_BOP_",
     "b_op0", 0, ENC_ROWS(DPP_BOP_LIST)},
    {"pred_sel_i: US_CMN_INST.RGB_PRED_SEL", "DPP_PRED_", "CTM_PRED_SEL_",
     "rgb_pred_sel", 0, ENC_ROWS(DPP_PRED_LIST)},
    {"fc_unit's cmd_i (3 does what IDLE does)", "FC_CMD_", "CTM_FC_CMD_", NULL, 2,
     ENC_ROWS(FC_CMD_LIST)},
    {"fc_unit's fault_o (docs/fc_unit.md)", "FC_FAULT_", "CTM_FC_FAULT_", NULL, 4,
     ENC_ROWS(FC_FAULT_LIST)},
    {"pred_stack's op_i (docs/pred_stack.md)", "PRED_OP_", "CTM_PRED_OP_", NULL, 3,
     ENC_ROWS(PRED_OP_LIST)},
    {"stack_acct's op_i (13..15 do what NOP does; docs/stack_acct.md)", "STACK_OP_",
     "CTM_STACK_OP_", NULL, 4, ENC_ROWS(STACK_OP_LIST)},
    {"stack_acct's parameter Rule", "STACK_RULE_", "CTM_STACK_RULE_", NULL, 0,
     ENC_ROWS(STACK_RULE_LIST)},
    {"stack_acct's parameter Chip", "STACK_CHIP_", "CTM_STACK_CHIP_", NULL, 0,
     ENC_ROWS(STACK_CHIP_LIST)},
};

/* The package's CTM_PRED_OP_*, CTM_STACK_OP_* and CTM_FC_CMD_* are ctm.h's names
 * too: the same values, or this does not compile. */
#define SAME_AS_CTM_H(name, value) _Static_assert((int)CTM_##name == (int)(value), "CTM_" #name);
PRED_OP_LIST(SAME_AS_CTM_H)
STACK_OP_LIST(SAME_AS_CTM_H)
FC_CMD_LIST(SAME_AS_CTM_H)

static void upper(char *dst, size_t size, const char *src)
{
    size_t k = 0;
    for (; src[k] && k + 1 < size; k++)
        dst[k] = (char)(src[k] >= 'a' && src[k] <= 'z' ? src[k] - 32 : src[k]);
    dst[k] = 0;
}

/* Each group as localparams, named and aligned; 1 when a row does not fit its
 * width or its prefix (a list edited wrongly). */
static int emit_encodings(FILE *out)
{
    fputs("\n  // The codes the RTL shares with the model, one group per X-macro list of the C\n"
          "  // model (csim/util/enc.h): each name is its C name with the group's prefix.\n",
          out);
    for (size_t g = 0; g < sizeof groups / sizeof groups[0]; g++) {
        const enc_group *e = &groups[g];
        unsigned width = e->field ? dpp_field_find(e->field)->width : e->width;
        size_t cut = strlen(e->c_prefix), pad = 0;
        for (size_t i = 0; i < e->n; i++)
            if (strlen(e->rows[i].name) - cut > pad)
                pad = strlen(e->rows[i].name) - cut;
        fprintf(out, "\n  // %s; C: %s*\n", e->what, e->c_prefix);
        for (size_t i = 0; i < e->n; i++) {
            const enc_value *r = &e->rows[i];
            if (strncmp(r->name, e->c_prefix, cut) || (width && r->value >> width)) {
                fprintf(stderr, "dpp svpkg: %s = %u: not a %s code of %u bits\n", r->name,
                        r->value, e->c_prefix, width);
                return 1;
            }
            if (width)
                fprintf(out, "  localparam logic [%u:0] %s%-*s = %u'd%u;\n", width - 1,
                        e->sv_prefix, (int)pad, r->name + cut, width, r->value);
            else
                fprintf(out, "  localparam int unsigned %s%-*s = %u;\n", e->sv_prefix, (int)pad,
                        r->name + cut, r->value);
        }
    }
    return 0;
}

/* Every field of a flow-control instruction, from the ISA's one field table
 * (csim/isa/isa.c): the dword it sits in and a function that takes it out of
 * that dword, so no testbench slices instruction bits by hand. The function
 * assigns its own name: yosys 0.23 reads no `return` in a package. */
static void emit_fc_fields(FILE *out)
{
    size_t n;
    const dpp_field_desc *f = dpp_fields(&n);
    fputs("\n  // The fields of a flow-control instruction (csim/isa/isa.c's table):\n"
          "  // CTM_ISA_<FIELD>_DWORD names its dword (0: US_CMN_INST, 2: US_FC_INST,\n"
          "  // 3: US_FC_ADDR), ctm_isa_<field>(dword) takes it out.\n"
          "  /* verilator lint_off UNUSEDSIGNAL */ // each reads a few bits of its dword\n",
          out);
    for (size_t i = 0; i < n; i++) {
        if (!(f[i].types & DPP_T_FC))
            continue;
        char name[64];
        upper(name, sizeof name, f[i].name);
        fprintf(out, "  localparam int unsigned CTM_ISA_%s_DWORD = %u;\n", name, f[i].dword);
        fprintf(out,
                "  function automatic bit [%u:0] ctm_isa_%s(bit [31:0] dword);\n"
                "    ctm_isa_%s = dword[%u +: %u];\n  endfunction\n",
                f[i].width - 1u, f[i].name, f[i].name, f[i].lo, f[i].width);
    }
    fputs("  /* verilator lint_on UNUSEDSIGNAL */\n", out);
}

static int emit_isa_pkg(FILE *out)
{
    fputs("// Generated by `dpp svpkg --isa` from the C lists of the encodings\n"
          "// (csim/util/enc.h) and the ISA's field table (csim/isa/isa.c): do not edit.\n"
          "// The RTL names these ctm_isa_pkg::NAME (yosys 0.23 reads no import); compile\n"
          "// it before the RTL. docs/dpi.md, \"Port structs\".\n"
          "package ctm_isa_pkg;\n"
          "  /* verilator lint_off UNUSEDPARAM */  // each block uses some of them\n",
          out);
    if (emit_encodings(out))
        return 1;
    emit_fc_fields(out);
    fputs("  /* verilator lint_on UNUSEDPARAM */\nendpackage\n", out);
    return 0;
}

static void emit_ports_pkg(FILE *out)
{
    fputs("// Generated by `dpp svpkg` from libctm's port tables (the rows of\n"
          "// csim/util/ctm_ports.h): do not edit. Each struct is ctm_ports.h's C struct that\n"
          "// ctm_*_cycle takes, word for word (x86-64 byte order); pad_* members are 0.\n"
          "// docs/dpi.md, \"Port structs\".\n"
          "package ctm_ports_pkg;\n\n",
          out);
    const api_unit *units[] = {&api_pred_unit, &api_stack_unit, &api_fc_unit};
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
        emit_unit(out, units[i]);
    fputs("endpackage\n\n"
          "// Each block's outputs wired to its output struct (the wrappers harness/*_ports.sv\n"
          "// use them; a file compiled after this one sees them).\n",
          out);
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
        emit_out_macros(out, units[i]);
}

int cmd_svpkg(int argc, char **argv)
{
    const char *path = NULL;
    int isa = 0, dpi = 0, py = 0, consts = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            fputs(usage_text, stdout);
            return 0;
        }
        if (!strcmp(argv[i], "--isa") || !strcmp(argv[i], "--dpi") || !strcmp(argv[i], "--py")) {
            *(argv[i][2] == 'i' ? &isa : argv[i][2] == 'd' ? &dpi : &py) = 1;
            continue;
        }
        if (!strcmp(argv[i], "--consts")) {
            consts = 1;
            continue;
        }
        if (!strcmp(argv[i], "-o") && i + 1 < argc) {
            path = argv[++i];
            continue;
        }
        fprintf(stderr, "dpp svpkg: unexpected argument '%s'\n%s", argv[i], usage_text);
        return 2;
    }
    if (isa + dpi + py + consts > 1) {
        fprintf(stderr,
                "dpp svpkg: --isa, --dpi, --py and --consts write different packages: give one\n");
        return 2;
    }
    /* Written whole into memory first: a package that fails leaves FILE as it was. */
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    if (!mem) {
        perror("dpp svpkg");
        return 1;
    }
    int rc = 0;
    if (isa)
        rc = emit_isa_pkg(mem);
    else if (dpi)
        rc = svpkg_emit_dpi(mem);
    else if (py)
        rc = svpkg_emit_py(mem);
    else if (consts)
        svpkg_emit_consts_h(mem);
    else
        emit_ports_pkg(mem);
    fclose(mem);
    if (rc) {
        free(text);
        return rc;
    }
    FILE *out = path ? fopen(path, "w") : stdout;
    if (!out) {
        perror(path);
        free(text);
        return 1;
    }
    fwrite(text, 1, len, out);
    free(text);
    if ((path && fclose(out)) || (!path && fflush(out))) {
        perror(path ? path : "stdout");
        return 1;
    }
    return 0;
}
