/* dpp asm: assemble a program into a CTM executable. */
#include "asm.h"
#include "cmd_args.h"
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

typedef struct asm_cli {
    const char *out;
    dpp_asm_opts opts;
} asm_cli;

static int asm_option(void *ctx, const cli_option *o, const char *v, char *err, size_t errlen)
{
    asm_cli *c = ctx;
    (void)err;
    (void)errlen;
    if (o->key == K_OUT)
        c->out = v;
    else
        c->opts.report_nops = 1;
    return 0;
}

static const cmd_args asm_args = {.prog = "dpp asm",
                                  .options = asm_options,
                                  .input = "IN.s",
                                  .one_only = "one input only",
                                  .usage = asm_usage,
                                  .option = asm_option};

int cmd_asm(int argc, char **argv)
{
    const char *in = NULL;
    asm_cli c = {0};
    cli_parser p;
    int rc = cmd_parse_args(&asm_args, &p, argc, argv, &c, &in);
    if (rc >= 0)
        return rc;
    size_t len = 0;
    uint8_t *text = NULL;
    dpp_error err;
    dpp_exe *exe = malloc(sizeof *exe);
    dpp_status st = exe ? dpp_file_read(in, 1u << 24, &text, &len, &err)
                        : dpp_error_set(&err, DPP_E_NOMEM, "%s: error: out of memory", in);
    if (st == DPP_OK)
        st = dpp_asm((const char *)text, len, in, &c.opts, exe, &err);
    if (st == DPP_OK)
        st = dpp_elf_write(exe, c.out, &err);
    if (st != DPP_OK)
        fprintf(stderr, "%s\n", err.msg);
    free(exe);
    free(text);
    return st == DPP_OK ? 0 : 1;
}
