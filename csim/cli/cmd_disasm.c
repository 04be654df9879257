/* dpp disasm: print a CTM executable as assembly. */
#include "asm.h"
#include "commands.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void disasm_usage(FILE *f)
{
    fprintf(f, "usage: dpp disasm IN.elf [-o OUT.s]\n"
               "Prints a CTM executable in the assembler's syntax (docs/asm.md);\n"
               "assembling the output gives the identical executable.\n"
               "  -o OUT.s   write to a file instead of standard output\n");
}

int cmd_disasm(int argc, char **argv)
{
    const char *in = NULL, *outp = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            disasm_usage(stdout);
            return 0;
        } else if (!strcmp(argv[i], "-o") && i + 1 < argc) {
            outp = argv[++i];
        } else if (argv[i][0] == '-' || in) {
            fprintf(stderr, "dpp disasm: unexpected argument '%s'\n", argv[i]);
            disasm_usage(stderr);
            return 2;
        } else {
            in = argv[i];
        }
    }
    if (!in) {
        disasm_usage(stderr);
        return 2;
    }
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
