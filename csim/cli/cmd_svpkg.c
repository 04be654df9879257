/* dpp svpkg: the SystemVerilog package ctm_ports_pkg, written from libctm's
 * port tables (csim/api/ctm_api.c) and the ISA's field table. Each packed
 * struct is its C struct of ctm.h word for word, so a testbench hands a DUT's
 * packed outputs to ctm_*_cycle through one DPI argument and the library
 * compares them as bytes; the flow-control fields are what the testbenches
 * decode an instruction with. Committed as dpi/ctm_ports_pkg.sv, which
 * tests/cli/svpkg.sh holds to this output; nobody edits it. */
#include "api_check.h"
#include "commands.h"
#include "isa.h"

#include <stdio.h>
#include <string.h>

static const char usage_text[] =
    "usage: dpp svpkg [-o FILE]\n"
    "Writes the SystemVerilog package ctm_ports_pkg (to stdout, or FILE): one packed\n"
    "struct per port struct of libctm (ctm_pred_in_t, ctm_pred_out_t, ...), laid out as\n"
    "ctm.h's C structs, which ctm_*_cycle takes, and the fields of a flow-control\n"
    "instruction from the ISA's field table (ctm_isa_fc_op(dword), ...). See docs/dpi.md,\n"
    "\"Port structs\".\n";

/* Verilator packs a struct's last member into the lowest bits, and the lowest
 * bits are the first bytes of an svBitVecVal array: the members go highest
 * offset first, and the bytes no port covers are pad_<offset> members. */
static void emit_struct(FILE *out, const char *c_name, const char *sv_name, const api_port *ports,
                        unsigned n, unsigned size)
{
    fprintf(out, "  // %s: %u bytes\n  typedef struct packed {\n", c_name, size);
    unsigned end = size;
    while (end > 0) {
        const api_port *at = NULL; /* the port that ends at `end` */
        for (unsigned k = 0; k < n; k++)
            if (ports[k].offset + ports[k].size == end)
                at = &ports[k];
        unsigned from = at ? at->offset : 0;
        if (!at) /* padding down to the next port's end */
            for (unsigned k = 0; k < n; k++)
                if (ports[k].offset + ports[k].size < end && ports[k].offset + ports[k].size > from)
                    from = ports[k].offset + ports[k].size;
        char pad[32];
        snprintf(pad, sizeof pad, "pad_%u", from);
        if (at && at->size == API_LANE_BYTES) /* lane i in byte i: element i of the array */
            fprintf(out, "    bit [%2u:0][7:0] %s;\n", at->size - 1, at->name);
        else
            fprintf(out, "    bit [%2u:0] %s;\n", 8 * (end - from) - 1, at ? at->name : pad);
        end = from;
    }
    fprintf(out, "  } %s;\n\n", sv_name);
}

static void emit_unit(FILE *out, const api_unit *u)
{
    char c_in[64], c_out[64];
    snprintf(c_in, sizeof c_in, "ctm_%s_in (inputs of %s)", u->json_block, u->block);
    snprintf(c_out, sizeof c_out, "ctm_%s_out (outputs of %s)", u->json_block, u->block);
    emit_struct(out, c_in, u->sv_in, u->in, u->n_in, u->in_size);
    emit_struct(out, c_out, u->sv_out, u->out, u->n_out, u->out_size);
}

/* Every field of a flow-control instruction, from the ISA's one field table
 * (csim/isa/isa.c): the dword it sits in and a function that takes it out of
 * that dword, so no testbench slices instruction bits by hand. */
static void emit_fc_fields(FILE *out)
{
    size_t n;
    const dpp_field_desc *f = dpp_fields(&n);
    fputs("  // The fields of a flow-control instruction (csim/isa/isa.c's table): CTM_ISA_<FIELD>_DWORD\n"
          "  // names its dword (0: US_CMN_INST, 2: US_FC_INST, 3: US_FC_ADDR), ctm_isa_<field>(dword)\n"
          "  // takes it out.\n"
          "  /* verilator lint_off UNUSEDPARAM */  // a testbench uses some of them\n"
          "  /* verilator lint_off UNUSEDSIGNAL */ // each reads a few bits of its dword\n",
          out);
    for (size_t i = 0; i < n; i++) {
        if (!(f[i].types & DPP_T_FC))
            continue;
        char upper[64];
        size_t k = 0;
        for (; f[i].name[k] && k + 1 < sizeof upper; k++)
            upper[k] = (char)(f[i].name[k] >= 'a' && f[i].name[k] <= 'z' ? f[i].name[k] - 32
                                                                            : f[i].name[k]);
        upper[k] = 0;
        fprintf(out, "  localparam int unsigned CTM_ISA_%s_DWORD = %u;\n", upper, f[i].dword);
        fprintf(out,
                "  function automatic bit [%u:0] ctm_isa_%s(bit [31:0] dword);\n"
                "    return dword[%u +: %u];\n  endfunction\n",
                f[i].width - 1u, f[i].name, f[i].lo, f[i].width);
    }
    fputs("  /* verilator lint_on UNUSEDSIGNAL */\n  /* verilator lint_on UNUSEDPARAM */\n\n", out);
}

int cmd_svpkg(int argc, char **argv)
{
    const char *path = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            fputs(usage_text, stdout);
            return 0;
        }
        if (!strcmp(argv[i], "-o") && i + 1 < argc) {
            path = argv[++i];
            continue;
        }
        fprintf(stderr, "dpp svpkg: unexpected argument '%s'\n%s", argv[i], usage_text);
        return 2;
    }
    FILE *out = path ? fopen(path, "w") : stdout;
    if (!out) {
        perror(path);
        return 1;
    }
    fputs("// Generated by `dpp svpkg` from libctm's port tables (csim/api/ctm_api.c): do not edit.\n"
          "// Each struct is the C struct of ctm.h that ctm_*_cycle takes, word for word (x86-64\n"
          "// byte order); pad_* members are 0. docs/dpi.md, \"Port structs\".\n"
          "package ctm_ports_pkg;\n\n",
          out);
    const api_unit *units[] = {&api_pred_unit, &api_stack_unit, &api_fc_unit};
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
        emit_unit(out, units[i]);
    emit_fc_fields(out);
    fputs("endpackage\n", out);
    if ((path && fclose(out)) || (!path && fflush(out))) {
        perror(path ? path : "stdout");
        return 1;
    }
    return 0;
}
