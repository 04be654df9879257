/* dpp asm: assemble a program into a CTM executable. */
#include "asm.h"
#include "cliopt.h"
#include "commands.h"
#include "fileio.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { K_OUT = 1, K_REPORT_NOPS };

static const cli_option asm_options[] = {
    {"o", "OUT.elf", "output file (required)", NULL, K_OUT, CLI_REQUIRED},
    {"report-nops", NULL, "report a missing hazard NOP as an error instead of inserting it", NULL,
     K_REPORT_NOPS, 0},
    {NULL, NULL, NULL, NULL, 0, 0},
};

static void asm_usage(FILE *f)
{
    fprintf(f, "usage: dpp asm IN.s -o OUT.elf [--report-nops]\n"
               "Assembles IN.s (syntax: docs/asm.md) into a CTM executable.\n");
    cli_print_options(f, asm_options);
}

int cmd_asm(int argc, char **argv)
{
    const char *in = NULL, *outp = NULL;
    dpp_asm_opts opts = {0};
    cli_parser p;
    cli_init(&p, "dpp asm", argc, argv, asm_options, NULL);
    for (int st = CLI_OPTION; st != CLI_END;) {
        const cli_option *o;
        const char *v;
        switch (st = cli_next(&p, &o, &v)) {
        case CLI_HELP:
            asm_usage(stdout);
            return 0;
        case CLI_ERROR:
            return 2;
        case CLI_ARG:
            if (in) {
                cli_error(&p, "unexpected argument '%s' (one input only)", v);
                return 2;
            }
            in = v;
            break;
        case CLI_OPTION:
            if (o->key == K_OUT)
                outp = v;
            else
                opts.report_nops = 1;
            break;
        }
    }
    if (!in) {
        cli_error(&p, "missing IN.s (see --help)");
        return 2;
    }
    if (cli_check_required(&p))
        return 2;
    size_t len = 0;
    uint8_t *text = NULL;
    dpp_error err;
    dpp_exe *exe = malloc(sizeof *exe);
    dpp_status st = exe ? dpp_file_read(in, 1u << 24, &text, &len, &err)
                        : dpp_error_set(&err, DPP_E_NOMEM, "%s: error: out of memory", in);
    if (st == DPP_OK)
        st = dpp_asm((const char *)text, len, in, &opts, exe, &err);
    if (st == DPP_OK)
        st = dpp_elf_write(exe, outp, &err);
    if (st != DPP_OK)
        fprintf(stderr, "%s\n", err.msg);
    free(exe);
    free(text);
    return st == DPP_OK ? 0 : 1;
}
