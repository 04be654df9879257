/* dpp input: the kit's input surface (csim/machine/kit_input.h) as raw bytes, so
 * that the scripts bind the same data as the system run's bench instead of a copy
 * of its table (scripts/design_run.sh). */
#include "cmd_args.h"
#include "commands.h"
#include "kit_input.h"
#include "le32.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

enum { K_OUT = 1, K_EDGES };

static const cli_option input_options[] = {
    {"o", "OUT.raw", "output file (required)", NULL, K_OUT, CLI_REQUIRED},
    {"edges", NULL, "every third word a format edge, as the system run binds", NULL, K_EDGES, 0},
    {NULL, NULL, NULL, NULL, 0, 0},
};

static void input_usage(FILE *f)
{
    fprintf(f,
            "usage: dpp input WxH -o OUT.raw [--edges]\n"
            "Writes W x H FLOAT32_4 elements (row-major, little-endian) of the input the kit\n"
            "binds to a program's inputs: the small integers ((k * 2654435761) mod 17) - 8 of\n"
            "word k, so data-dependent branches go both ways. With --edges (the system run's\n"
            "and dpp closure's input) every third word is one of 19 edge words in turn, whose\n"
            "bytes as UINT8 hold 0, 1, 127, 128, 254 and 255, as UINT16 0, 1, 32767, 32768,\n"
            "65534 and 65535, and as fp32 +-0, +-1, 0.5, a UINT8 tie, 65535, 65535.5, +-inf,\n"
            "NaN and a denormal (docs/system.md, \"Model-defined choices of the system run\").\n");
    cli_print_options(f, input_options);
}

typedef struct input_cli {
    const char *out;
    int edges;
} input_cli;

static int input_option(void *ctx, const cli_option *o, const char *v, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    input_cli *c = ctx;
    if (o->key == K_OUT)
        c->out = v;
    else
        c->edges = 1;
    return 0;
}

static const cmd_args input_args = {.prog = "dpp input",
                                    .options = input_options,
                                    .input = "WxH",
                                    .one_only = "one size only",
                                    .usage = input_usage,
                                    .option = input_option};

int cmd_input(int argc, char **argv)
{
    const char *size = NULL;
    input_cli c = {0};
    cli_parser p;
    int rc = cmd_parse_args(&input_args, &p, argc, argv, &c, &size);
    if (rc >= 0)
        return rc;
    unsigned w, h;
    char why[160];
    if (cli_size(size, 8192, &w, &h, why, sizeof why)) {
        fprintf(stderr, "dpp input: WxH: %s\n", why);
        return 2;
    }
    FILE *f = fopen(c.out, "wb");
    if (!f) {
        fprintf(stderr, "dpp input: %s: cannot create: %s\n", c.out, strerror(errno));
        return 1;
    }
    uint64_t n = (uint64_t)w * h * 4;
    int ok = 1;
    for (uint64_t k = 0; k < n && ok; k++) {
        uint8_t b[4];
        dpp_put_le32(b, dpp_kit_input_word(k, c.edges));
        ok = fwrite(b, 1, 4, f) == 4;
    }
    if (fclose(f) || !ok) {
        fprintf(stderr, "dpp input: %s: cannot write\n", c.out);
        return 1;
    }
    return 0;
}
