/* dpp progen: a random structured program (csim/gen/progen.h) written as a CTM
 * executable, so that a testbench outside the kit (an example design's, a
 * user's) runs the same programs as `build/cosim --progen SEED`. */
#include "cmd_args.h"
#include "commands.h"
#include "progen.h"

#include <stdio.h>
#include <stdlib.h>

enum { K_OUT = 1, K_DEPTH, K_PRINT };

static const cli_option progen_options[] = {
    {"o", "OUT.elf", "output file (required)", NULL, K_OUT, CLI_REQUIRED},
    {"depth", "N", "nesting the program reaches at least, 1..8 (default 6, as cosim's --progen-depth)",
     NULL, K_DEPTH, 0},
    {"print", NULL, "also print the program as indented pseudo-code on stdout", NULL, K_PRINT, 0},
    {NULL, NULL, NULL, NULL, 0, 0},
};

static void progen_usage(FILE *f)
{
    fprintf(f, "usage: dpp progen SEED -o OUT.elf [--depth N] [--print]\n"
               "Writes the random structured program of SEED (ifs, loops, reps, break, continue,\n"
               "calls; full flow-control mode) as a CTM executable: the program `cosim --progen\n"
               "SEED` runs. It reads input 0 along its row: bind a surface 64 columns wider\n"
               "than the domain.\n");
    cli_print_options(f, progen_options);
}

typedef struct progen_cli {
    const char *out;
    unsigned depth;
    int print;
} progen_cli;

static int progen_option(void *ctx, const cli_option *o, const char *v, char *err, size_t errlen)
{
    progen_cli *c = ctx;
    switch (o->key) {
    case K_OUT:
        c->out = v;
        return 0;
    case K_DEPTH:
        return cli_range_u(v, 1, 8, &c->depth, err, errlen);
    default:
        c->print = 1;
        return 0;
    }
}

static const cmd_args progen_args = {.prog = "dpp progen",
                                     .options = progen_options,
                                     .input = "SEED",
                                     .one_only = "one seed only",
                                     .usage = progen_usage,
                                     .option = progen_option};

int cmd_progen(int argc, char **argv)
{
    const char *seed_text = NULL;
    progen_cli c = {.depth = 6};
    cli_parser p;
    int rc = cmd_parse_args(&progen_args, &p, argc, argv, &c, &seed_text);
    if (rc >= 0)
        return rc;
    uint64_t seed;
    char why[160];
    if (cli_range(seed_text, 0, UINT64_MAX, &seed, why, sizeof why)) {
        fprintf(stderr, "dpp progen: SEED: %s\n", why);
        return 2;
    }
    dpp_error err;
    pg_program *pg = NULL;
    dpp_exe *exe = calloc(1, sizeof *exe);
    dpp_status st = exe ? pg_generate(seed, c.depth, &pg, &err)
                        : dpp_error_set(&err, DPP_E_NOMEM, "dpp progen: error: out of memory");
    if (st == DPP_OK)
        st = pg_compile(pg, exe, &err);
    if (st == DPP_OK)
        st = dpp_elf_write(exe, c.out, &err);
    if (st == DPP_OK && c.print) {
        static char text[1 << 16];
        pg_print(pg, text, sizeof text);
        fputs(text, stdout);
    }
    if (st != DPP_OK)
        fprintf(stderr, "%s\n", err.msg);
    pg_free(pg);
    free(exe);
    return st == DPP_OK ? 0 : 1;
}
