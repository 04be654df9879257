/* dpp asm: assemble a program into a CTM executable. */
#include "asm.h"
#include "commands.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void asm_usage(FILE *f)
{
    fprintf(f, "usage: dpp asm IN.s -o OUT.elf [--report-nops]\n"
               "Assembles IN.s (syntax: docs/asm.md) into a CTM executable.\n"
               "  -o OUT.elf       output file (required)\n"
               "  --report-nops    report a missing hazard NOP as an error instead of inserting it\n");
}

/* Reads a whole file into a heap buffer; NULL on failure. */
static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 14, n = 0;
    char *b = malloc(cap);
    while (b) {
        n += fread(b + n, 1, cap - n, f);
        if (n < cap || cap >= (1u << 26))
            break;
        char *nb = realloc(b, cap * 2);
        if (!nb) {
            free(b);
            b = NULL;
            break;
        }
        b = nb;
        cap *= 2;
    }
    int bad = ferror(f) || (b && n == cap);
    fclose(f);
    if (bad) {
        free(b);
        return NULL;
    }
    *len = n;
    return b;
}

int cmd_asm(int argc, char **argv)
{
    const char *in = NULL, *outp = NULL;
    dpp_asm_opts opts = {0};
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            asm_usage(stdout);
            return 0;
        } else if (!strcmp(argv[i], "-o") && i + 1 < argc) {
            outp = argv[++i];
        } else if (!strcmp(argv[i], "--report-nops")) {
            opts.report_nops = 1;
        } else if (argv[i][0] == '-' || in) {
            fprintf(stderr, "dpp asm: unexpected argument '%s'\n", argv[i]);
            asm_usage(stderr);
            return 2;
        } else {
            in = argv[i];
        }
    }
    if (!in || !outp) {
        asm_usage(stderr);
        return 2;
    }
    size_t len = 0;
    char *text = slurp(in, &len);
    if (!text) {
        fprintf(stderr, "%s: error: cannot read the file (missing, unreadable or over 64 MiB)\n", in);
        return 1;
    }
    dpp_exe *exe = malloc(sizeof *exe);
    dpp_error err;
    dpp_status st = exe ? dpp_asm(text, len, in, &opts, exe, &err)
                        : dpp_error_set(&err, DPP_E_NOMEM, "%s: error: out of memory", in);
    if (st == DPP_OK)
        st = dpp_elf_write(exe, outp, &err);
    if (st != DPP_OK)
        fprintf(stderr, "%s\n", err.msg);
    free(exe);
    free(text);
    return st == DPP_OK ? 0 : 1;
}
