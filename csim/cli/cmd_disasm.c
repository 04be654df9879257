/* dpp disasm: print a CTM executable as assembly. */
#include "asm.h"
#include "cmd_args.h"
#include "commands.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const cli_option disasm_options[] = {
    {"o", "OUT.s", "write to a file instead of standard output", NULL, 0, 0},
    {NULL, NULL, NULL, NULL, 0, 0},
};

static void disasm_usage(FILE *f)
{
    fprintf(f, "usage: dpp disasm IN.elf [-o OUT.s]\n"
               "Prints a CTM executable in the assembler's syntax (docs/asm.md);\n"
               "assembling the output gives the identical executable.\n");
    cli_print_options(f, disasm_options);
}

/* -o, the one option: the output path. */
static int disasm_option(void *ctx, const cli_option *o, const char *v, char *err, size_t errlen)
{
    (void)o;
    (void)err;
    (void)errlen;
    *(const char **)ctx = v;
    return 0;
}

static const cmd_args disasm_args = {.prog = "dpp disasm",
                                     .options = disasm_options,
                                     .input = "IN.elf",
                                     .one_only = "one input only",
                                     .usage = disasm_usage,
                                     .option = disasm_option};

int cmd_disasm(int argc, char **argv)
{
    const char *in = NULL, *outp = NULL;
    cli_parser p;
    int rc = cmd_parse_args(&disasm_args, &p, argc, argv, &outp, &in);
    if (rc >= 0)
        return rc;
    dpp_exe *exe = malloc(sizeof *exe);
    dpp_error err;
    char *text = NULL;
    dpp_status st = exe ? dpp_elf_read(in, exe, &err)
                        : dpp_error_set(&err, DPP_E_NOMEM, "%s: error: out of memory", in);
    if (st == DPP_OK)
        st = dpp_disasm(exe, &text, &err);
    if (st == DPP_OK) {
        FILE *f = outp ? fopen(outp, "w") : stdout;
        if (!f || fputs(text, f) < 0 || (outp && fclose(f) != 0)) {
            fprintf(stderr, "%s: error: cannot write\n", outp ? outp : "stdout");
            st = DPP_E_IO;
        }
    } else {
        fprintf(stderr, "%s\n", err.msg);
    }
    free(text);
    free(exe);
    return st == DPP_OK ? 0 : 1;
}
