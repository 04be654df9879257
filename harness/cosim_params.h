/* Each block's RTL parameters, written once: one table per block gives every
 * parameter's option, range, default, help, SystemVerilog parameter and its part of
 * the configuration name. Everything that handles a parameter reads the table:
 * the options and --help of cosim (cosim_opts.c), the range checks, the
 * configuration and model names ("pred-32x20x32g4"), the replay's option words,
 * the names the DPI binds compare, and build/cosim_config, which the scripts ask
 * instead of parsing names themselves (the -G parameters of scripts/vbuild.sh). */
#ifndef HARNESS_COSIM_PARAMS_H
#define HARNESS_COSIM_PARAMS_H

#include "cliopt.h"

#include <stddef.h>
#include <stdio.h>

enum { COSIM_PARAMS_MAX = 12 };

/* Flags of a parameter. */
enum {
    COSIM_PARAM_OPTIONAL = 1, /* 0 is left out of the configuration name and the option words */
};

/* One parameter: `--opt VALUE`, in lo..hi (a multiple of step when step > 1),
 * or one of names (its index is the value). */
typedef struct cosim_param_row {
    const char *opt;  /* the option, without "--" */
    const char *meta; /* value placeholder in --help */
    const char *sv;   /* the testbench's parameter (-G<sv>=<value>) */
    const char *tag;  /* what precedes the value in the configuration name */
    unsigned lo, hi, def, step;
    const char *const *names; /* NULL: a number */
    unsigned flags;           /* COSIM_PARAM_* */
    const char *help;         /* the range and default are appended */
} cosim_param_row;

/* One block's table. Value arrays (unsigned v[COSIM_PARAMS_MAX]) follow the rows' order. */
typedef struct cosim_params {
    const char *block;
    const cosim_param_row *row;
    unsigned rows;
    /* The rules between parameters (after each is in its range): 0, or -1 with a
     * message that names the options and their values. NULL: none. */
    int (*check)(const unsigned *v, char *err, size_t errlen);
    const char *rules; /* those rules in words, for --help and the docs (NULL: none) */
    /* The block's sources, in Verilator's order (scripts/vbuild.sh builds the model from
     * them, scripts/mutate.py mutates the RTL ones): the RTL top module (NULL: several,
     * the system's), the RTL files and the testbench's files, space-separated, and the
     * testbench top. */
    const char *dut, *rtl, *tb_files, *tb;
} cosim_params;

extern const cosim_params cosim_params_pred, cosim_params_stack, cosim_params_fc,
    cosim_params_system;
/* A design's shape (cosim --design; not a block: not in cosim_params_all). */
extern const cosim_params cosim_params_design;

/* The table of a block, or NULL. */
const cosim_params *cosim_params_find(const char *block);

/* Every block's table, in --help order; NULL-terminated. */
extern const cosim_params *const cosim_params_all[];

/* The row of an option, or -1. */
int cosim_params_row(const cosim_params *t, const char *opt);

/* v[] = the defaults. */
void cosim_params_defaults(const cosim_params *t, unsigned *v);

/* One value (an option's text) into v[row]: 0, or -1 with "'TEXT' is not in LO..HI"
 * (or the names, or the multiples) in err. The only range check of a parameter. */
int cosim_params_set(const cosim_params *t, unsigned row, const char *text, unsigned *v, char *err,
                     size_t errlen);

/* The rules between the parameters: 0, or -1 with a message. */
int cosim_params_check(const cosim_params *t, const unsigned *v, char *err, size_t errlen);

/* The configuration name ("32x20x32g4"); a value out of its table (an RTL
 * that binds with one) is written as a number. */
void cosim_params_name(const cosim_params *t, const unsigned *v, char *buf, size_t n);

/* The option words that select it ("--contexts 32 --lanes 20 --depth 32 --spu-sc 4"). */
void cosim_params_args(const cosim_params *t, const unsigned *v, char *buf, size_t n);

/* The Verilator parameters ("-GContexts=32 -GLanes=20 ..."). */
void cosim_params_sv(const cosim_params *t, const unsigned *v, char *buf, size_t n);

/* The grammar of the configuration name ("<contexts>x<lanes>x<depth>[g<spu-sc>]"). */
void cosim_params_grammar(const cosim_params *t, char *buf, size_t n);

/* A configuration name back into values (the inverse of cosim_params_name), each
 * value range-checked by cosim_params_set and the rules by cosim_params_check:
 * 0, or -1 with a message in err. Only the canonical spelling is accepted. */
int cosim_params_parse_name(const cosim_params *t, const char *name, unsigned *v, char *err,
                            size_t errlen);

/* Copies the values of the rows of `to` that `from` also has (by option), the
 * others get their defaults: a unit's share of the system run's parameters. */
void cosim_params_pick(const cosim_params *to, unsigned *tv, const cosim_params *from,
                       const unsigned *fv);

/* ------------------------------------------------------------------ model names */

/* A model (one Verilated binary): "<block>-<config>[-<variant>]". Variant names
 * are lower-case letters, digits and '_'. */
int cosim_model_name(const cosim_params *t, const unsigned *v, const char *variant, char *buf,
                     size_t n);
int cosim_variant_valid(const char *variant, char *err, size_t errlen);

/* A model name back into its table, values and variant: 0, or -1 with a message. */
int cosim_model_parse(const char *model, const cosim_params **t, unsigned *v, char *variant,
                      size_t variant_len, char *err, size_t errlen);

/* Prints a model's configuration, one key=value line each: model, block, config,
 * variant, args (the option words), sv (the -G parameters), dut, rtl, tb_files, tb. cosim --print-config
 * and build/cosim_config print this; the front end and scripts/vbuild.sh read it. */
void cosim_params_print(FILE *out, const cosim_params *t, const unsigned *v, const char *variant);

/* Prints every block's table as Markdown (build/cosim_config --table; docs/cosim.md's
 * parameter table is this output). */
void cosim_params_print_table(FILE *out);

/* ------------------------------------------------------------------ options */

/* The rows as cli options (parse NULL, key = the row) for the parser, with
 * their help ("contexts, 1..64 (default 32)") written into help[row] when help
 * is not NULL. opts has rows + 1 entries (NULL-terminated). */
enum { COSIM_PARAM_HELP = 320 };
void cosim_params_options(const cosim_params *t, cli_option *opts, char (*help)[COSIM_PARAM_HELP]);

#endif
