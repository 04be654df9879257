/* The lock-step session's options: the common options, --help, and the parse that
 * leaves them in cosim_cfg (cosim.h) and the bench's own in its settings struct. */
#include "cosim.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

cosim_settings cosim_cfg = {
    .seed = 1,
    .cycles = 1000000,
    .compare = true,
    .json_path = NULL,
    .out_dir = "cosim-out",
    .wave_window = 200,
    .snapshot_interval = 1000000,
    .reset_rate = 250000,
    .variant = "",
    .self = "cosim",
};


/* The bench's settings as its options leave them (cosim_cfg.settings points here). */
static void *bench_settings;
/* ------------------------------------------------------------------ numbers */

/* Parses a count (cliopt.h: base 10, k/M/G) into *dst, requiring at least min. */
static int set_count(const char *v, uint64_t *dst, uint64_t min, char *err, size_t errlen)
{
    return cli_range(v, min, UINT64_MAX, dst, err, errlen);
}

/* Seeds and cycle counts stay below 2^63: the JSON report holds them as integers. */
static int opt_seed(void *ctx, const char *v, char *err, size_t n)
{
    cosim_settings *c = ctx;
    return cli_range(v, 0, INT64_MAX, &c->seed, err, n);
}

static int opt_cycles(void *ctx, const char *v, char *err, size_t n)
{
    cosim_settings *c = ctx;
    c->cycles_given = true;
    return cli_range(v, 1, INT64_MAX, &c->cycles, err, n);
}

static int opt_wave_window(void *ctx, const char *v, char *err, size_t n)
{
    cosim_settings *c = ctx;
    return set_count(v, &c->wave_window, 0, err, n);
}

static int opt_snapshot_interval(void *ctx, const char *v, char *err, size_t n)
{
    cosim_settings *c = ctx;
    return set_count(v, &c->snapshot_interval, 1, err, n);
}

static int opt_reset_rate(void *ctx, const char *v, char *err, size_t n)
{
    cosim_settings *c = ctx;
    c->reset_given = true;
    return set_count(v, &c->reset_rate, 0, err, n);
}

uint32_t cosim_reset_threshold(void)
{
    uint64_t rate = cosim_cfg.reset_rate;
    if (!rate)
        return 0;
    uint32_t t = (uint32_t)((1u << 24) / rate);
    return t ? t : 1;
}

static int opt_block(void *ctx, const char *v, char *err, size_t errlen)
{
    cosim_settings *c = ctx;
    const cosim_bench *b = cosim_find_bench(v);
    if (!b) {
        snprintf(err, errlen, "unknown block '%s'", v);
        return -1;
    }
    c->bench = b;
    return 0;
}

/* The report file is created now, so that a path that cannot be written is a usage
 * error before the run, not a failure after it (and no stale report survives). */
static int opt_json(void *ctx, const char *v, char *err, size_t errlen)
{
    cosim_settings *c = ctx;
    FILE *f = fopen(v, "w");
    if (!f || fclose(f)) {
        snprintf(err, errlen, "cannot create %s: %s", v, strerror(errno));
        return -1;
    }
    c->json_path = v;
    return 0;
}

static int opt_out(void *ctx, const char *v, char *err, size_t errlen)
{
    cosim_settings *c = ctx;
    (void)err, (void)errlen;
    c->out_dir = v;
    return 0;
}

static int opt_no_compare(void *ctx, const char *v, char *err, size_t errlen)
{
    cosim_settings *c = ctx;
    (void)v, (void)err, (void)errlen;
    c->compare = false;
    return 0;
}

static int opt_progress(void *ctx, const char *v, char *err, size_t errlen)
{
    cosim_settings *c = ctx;
    (void)v, (void)err, (void)errlen;
    c->progress = true;
    return 0;
}

static int opt_quiet(void *ctx, const char *v, char *err, size_t errlen)
{
    cosim_settings *c = ctx;
    (void)v, (void)err, (void)errlen;
    c->quiet = true;
    c->progress = false;
    return 0;
}

/* Set by build/cosim_config: the options are checked without a model (any variant name). */
static bool check_only;
static bool print_config;

static int opt_variant(void *ctx, const char *v, char *err, size_t errlen)
{
    cosim_settings *c = ctx;
    if (check_only) {
        c->variant = v;
        return cosim_variant_valid(v, err, errlen);
    }
    if (strcmp(v, c->variant)) {
        snprintf(err, errlen, "this binary holds RTL variant '%s', not '%s' (run it through cosim)",
                 *c->variant ? c->variant : "none", v);
        return -1;
    }
    return 0;
}

static int opt_print_config(void *ctx, const char *v, char *err, size_t errlen)
{
    (void)ctx, (void)v, (void)err, (void)errlen;
    print_config = true;
    return 0;
}

const cosim_option cosim_common_options[] = {
    {"block", "NAME", "block under test: pred, stack, fc or system (all three from one program; "
                      "default pred)",
     opt_block, 0, 0},
    {"seed", "N", "stimulus seed (default 1)", opt_seed, 0, 0},
    {"cycles", "N", "cycles to run; k/M/G suffixes (default 1M)", opt_cycles, 0, 0},
    {"json", "FILE", "write the report (pass or mismatch) as JSON", opt_json, 0, 0},
    {"out", "DIR", "directory for waveforms and .gtkw files (default cosim-out)", opt_out, 0, 0},
    {"wave-window", "N", "on a mismatch, trace the last N cycles to an FST (default 200; 0: off)",
     opt_wave_window, 0, 0},
    {"snapshot-interval", "N",
     "fork a snapshot every N cycles so a late mismatch is traced without re-running from 0 "
     "(default 1M)",
     opt_snapshot_interval, 0, 0},
    {"reset-rate", "N", "assert the unit's reset for one cycle once in N cycles (default 250000; "
                        "0: never)",
     opt_reset_rate, 0, 0},
    {"no-compare", NULL, "drive the RTL alone: no C model, no comparison (speed baseline)",
     opt_no_compare, 0, 0},
    {"progress", NULL, "print progress on stderr (default when stderr is a terminal)", opt_progress, 0, 0},
    {"quiet", NULL, "print nothing on a pass", opt_quiet, 0, 0},
    {"rtl-variant", "NAME", "deliberately broken RTL variant (build/cosim --help lists them); none by default",
     opt_variant, 0, 0},
    {"print-config", NULL,
     "print the configuration these options select and stop: the model (the Verilated binary), "
     "its block, configuration, variant, the option words and the -G parameters, one key=value "
     "line each",
     opt_print_config, 0, 0},
    {NULL, NULL, NULL, NULL, 0, 0},
};

static void usage(FILE *out)
{
    fprintf(out,
            "usage: cosim [options]\n\n"
            "Lock-step simulation: SystemVerilog RTL (Verilator) against the C golden model, one\n"
            "clock at a time. Every output and the visible state are compared after each edge; the\n"
            "first difference stops the run with a report (text, and JSON with --json), an FST of\n"
            "the cycles before it with a GTKWave save file, and the command that replays it.\n"
            "Exit status: 0 pass, 1 mismatch, 2 usage error, 3 configuration error, 4 the JSON\n"
            "report could not be written.\n\n"
            "options:\n");
    cli_print_options(out, cosim_common_options);
    const cosim_bench *b;
    for (size_t i = 0; (b = cosim_bench_at(i)); i++) {
        const cosim_params *t = b->params;
        cli_option opts[COSIM_PARAMS_MAX + 1];
        char help[COSIM_PARAMS_MAX][COSIM_PARAM_HELP], grammar[256];
        cosim_params_options(t, opts, help);
        cosim_params_grammar(t, grammar, sizeof grammar);
        fprintf(out, "\n--block %s: %s\n", b->block, b->summary);
        cli_print_options(out, opts);
        for (int k = 0; k < COSIM_OPTION_TABLES && b->options[k]; k++)
            cli_print_options(out, b->options[k]);
        fprintf(out, "  model: build/cosim-%s-%s[-VARIANT]\n", b->block, grammar);
        if (t->rules)
            fprintf(out, "  rules: %s\n", t->rules);
    }
}

unsigned cosim_param(const char *opt)
{
    int row = cosim_params_row(cosim_cfg.bench->params, opt);
    if (row < 0) {
        fprintf(stderr, "cosim: internal error: --block %s has no parameter --%s\n",
                cosim_cfg.bench->block, opt);
        abort();
    }
    return cosim_cfg.param[row];
}

void cosim_config_name(char *buf, size_t n)
{
    cosim_params_name(cosim_cfg.bench->params, cosim_cfg.param, buf, n);
}

void cosim_config_args(char *buf, size_t n)
{
    cosim_params_args(cosim_cfg.bench->params, cosim_cfg.param, buf, n);
}

/* The bench's options start from its defaults, in a struct of its own (the parser's
 * context for its tables); 0, or -1 when out of memory. */
static int new_settings(void)
{
    const cosim_bench *b = cosim_cfg.bench;
    free(bench_settings);
    cosim_cfg.settings = bench_settings = b->settings_size ? malloc(b->settings_size) : NULL;
    if (b->settings_size && !bench_settings) {
        fprintf(stderr, "cosim: out of memory\n");
        return -1;
    }
    if (bench_settings)
        memcpy(bench_settings, b->settings_default, b->settings_size);
    return 0;
}

int cosim_parse_options(cli_parser *p, const cosim_params *t, unsigned *v)
{
    for (;;) {
        const cli_option *o;
        const char *arg;
        char err[512];
        switch (cli_next(p, &o, &arg)) {
        case CLI_END:
            return CLI_END;
        case CLI_HELP:
            return CLI_HELP;
        case CLI_ARG:
            cli_error(p, "unexpected argument '%s' (see --help)", arg);
            return CLI_ERROR;
        case CLI_ERROR:
            return CLI_ERROR;
        default: /* a parameter (a row of the table); every other option parses itself */
            if (!o->parse && cosim_params_set(t, (unsigned)o->key, arg, v, err, sizeof err)) {
                /* the range is the scope's (the block's) */
                cli_error(p, "--%s: %s %s", o->name, err, p->scope);
                return CLI_ERROR;
            }
            break;
        }
    }
}

/* Parses argv into cosim_cfg: -1 to continue, or an exit status. */
static int parse(int argc, char **argv)
{
    cosim_cfg.self = argv[0];
    cosim_cfg.progress = isatty(2);
    if (!cosim_cfg.bench)
        cosim_cfg.bench = cosim_find_bench("pred"); /* the default block */
    /* The block decides which options exist: find it first (--block B or --block=B). */
    for (int i = 1; i < argc; i++) {
        const char *v = !strcmp(argv[i], "--block") && i + 1 < argc ? argv[i + 1]
                        : !strncmp(argv[i], "--block=", 8)          ? argv[i] + 8
                                                                    : NULL;
        if (v && !cosim_find_bench(v)) {
            fprintf(stderr, "cosim: --block: unknown block '%s' (pred, stack, fc or system)\n", v);
            return 2;
        }
        if (v)
            cosim_cfg.bench = cosim_find_bench(v);
    }
    const cosim_params *t = cosim_cfg.bench->params;
    cosim_params_defaults(t, cosim_cfg.param);
    if (new_settings())
        return 2;
    cli_option params[COSIM_PARAMS_MAX + 1];
    cosim_params_options(t, params, NULL);
    char scope[64];
    snprintf(scope, sizeof scope, "for --block %s", cosim_cfg.bench->block);
    cli_parser p;
    cli_init(&p, "cosim", argc, argv, cosim_common_options, params);
    p.ctx[0] = &cosim_cfg;
    for (int k = 0; k < COSIM_OPTION_TABLES; k++) {
        p.tables[2 + k] = cosim_cfg.bench->options[k];
        p.ctx[2 + k] = bench_settings;
    }
    p.scope = scope;
    switch (cosim_parse_options(&p, t, cosim_cfg.param)) {
    case CLI_HELP:
        usage(stdout);
        return 0;
    case CLI_ERROR:
        return 2;
    }
    char err[512];
    if (!cosim_cfg.cycles_given && cosim_cfg.bench->runs_to_end)
        cosim_cfg.cycles = INT64_MAX;
    if (cosim_params_check(t, cosim_cfg.param, err, sizeof err)) {
        cli_error(&p, "%s", err);
        return 2;
    }
    if (print_config) {
        cosim_params_print(stdout, t, cosim_cfg.param, cosim_cfg.variant);
        return 0;
    }
    return -1;
}

int cosim_parse_args(int argc, char **argv, const char *variant)
{
    cosim_cfg.variant = variant;
    return parse(argc, argv);
}

/* Whether the options ask for a design's run (--design NAME or --design=NAME). */
static bool design_run(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--design") || !strncmp(argv[i], "--design=", 9))
            return true;
    return false;
}

int cosim_config_main(int argc, char **argv)
{
    if (argc == 3 && !strcmp(argv[1], "--model") && !strncmp(argv[2], "design-", 7))
        return cosim_design_model(argv[2]);
    if (argc == 3 && !strcmp(argv[1], "--model")) {
        const cosim_params *t;
        unsigned v[COSIM_PARAMS_MAX];
        char variant[64], err[512];
        if (cosim_model_parse(argv[2], &t, v, variant, sizeof variant, err, sizeof err)) {
            fprintf(stderr, "cosim_config: %s\n", err);
            return 2;
        }
        cosim_params_print(stdout, t, v, variant);
        return 0;
    }
    if (argc == 2 && !strcmp(argv[1], "--table")) {
        cosim_params_print_table(stdout);
        cosim_design_print_rows(stdout); /* the design table's last: each example its row */
        return 0;
    }
    check_only = true;
    print_config = true;
    cosim_cfg.variant = "";
    if (design_run(argc, argv))
        return cosim_design_config(argc, argv);
    return parse(argc, argv);
}
