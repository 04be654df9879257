/* dpp run: run an executable over a domain with inputs, outputs and constants from files. */
#include "array_opts.h"
#include "cliopt.h"
#include "cmd_args.h"
#include "commands.h"
#include "fc_stats.h"
#include "imgio.h"
#include "stats.h"
#include "timeline.h"
#include "trace.h"

#include "co.h"
#include "elf_exe.h"
#include "fc.h"
#include "fp_bits.h"
#include "mc_format.h"
#include "run.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    K_DOMAIN = 1, K_IN, K_OUT, K_TILED, K_CONSTF, K_CONSTI, K_CONSTB, K_CONSTS, K_COND_BUF,
    K_COND_TEST, K_COND_LOC, K_COND_VAL, K_COND_WRITE, K_COND_OUT, K_TRACE, K_EMIT, K_STATS,
    K_TIMELINE, K_FC_STATS,
};

static const cli_option run_options[] = {
    {"domain", "WxH", "i in 0..W-1, j in 0..H-1 (required; 1..4096 each)", NULL, K_DOMAIN,
     CLI_REQUIRED},
    {"in", "N=FILE[:FMT:WxH]",
     "input N: .pgm/.ppm/.pfm/.png image, or raw data in FMT (UINT16_1 UINT8_4 FLOAT32_1 "
     "FLOAT32_2 FLOAT32_4) of WxH",
     NULL, K_IN, 0},
    {"out", "N=FILE[:FMT]",
     "output N, domain-sized, stored on the device in FMT (default FLOAT32_4), written by "
     "extension: .pgm .ppm .pfm .png image, .txt dump, .raw bytes in FMT",
     NULL, K_OUT, 0},
    {"tiled", NULL, "use the tiled layout for every input and output surface", NULL, K_TILED, 0},
    {"constf", "N=A,B,C,D", "float constant N (overrides the executable's value)", NULL, K_CONSTF,
     0},
    {"consti", "N=COUNT,INIT,STEP", "integer (loop) constant N", NULL, K_CONSTI, 0},
    {"constb", "N=0|1", "boolean constant N", NULL, K_CONSTB, 0},
    {"consts", "FILE",
     "constants file: lines 'f N a b c d', 'i N count init step', 'b N v'; '#' starts a comment",
     NULL, K_CONSTS, 0},
    {"cond-buf", "FILE[:FMT:WxH]",
     "conditional buffer b (loaded as --in); turns the conditional output (CO) on: each pair "
     "passes where v T b holds (T: --cond-test, v: --cond-loc)",
     NULL, K_COND_BUF, 0},
    {"cond-test", "T",
     "the test T: never less lequal equal gequal greater notequal always (default always)", NULL,
     K_COND_TEST, 0},
    {"cond-loc", "pe|dpp",
     "test before running a pair (pe) or at its outputs (dpp, default); v = the program's W "
     "output in every lane if its FG_DEPTH_SRC is 1, else --cond-val",
     NULL, K_COND_LOC, 0},
    {"cond-val", "V", "the PE's conditional value (default 0)", NULL, K_COND_VAL, 0},
    {"cond-write", NULL, "write v back into b where the test passes", NULL, K_COND_WRITE, 0},
    {"cond-out", "FILE", "the conditional buffer after the run (as --out)", NULL, K_COND_OUT, 0},
    {"trace", "FILE", "write every flow-control event of every wavefront", NULL, K_TRACE, 0},
    {"emit", "PREFIX",
     "write PREFIX.cb (the command buffer), PREFIX.mem (device memory before the run) and "
     "PREFIX.after.mem (after it), for `dpp exec PREFIX.cb --mem PREFIX.mem`",
     NULL, K_EMIT, 0},
    {"stats", NULL,
     "print the performance counters, instructions issued, lane-instructions, wall time and rate; "
     "with --chip cayman or rv740 also the modelled cycles, wavefronts resident per SIMD and "
     "what limited them, ALU busy and utilisation, and stall cycles by cause",
     NULL, K_STATS, 0},
    {"fc-stats", NULL,
     "print how many flow-control steps the wavefronts executed, in how many their live lanes "
     "were split (some active, some not) and in how many the step's own condition split them "
     "(runs serially, as --trace)",
     NULL, K_FC_STATS, 0},
    {"timeline", "FILE.fst",
     "with --chip cayman or rv740: write the schedule of the SIMD's slots (wavefront, pc, clause, "
     "active lanes, stall cause per cycle) as an FST waveform (through gtkwave's vcd2fst; "
     "FILE.vcd writes VCD), and FILE.gtkw to open it in GTKWave",
     NULL, K_TIMELINE, 0},
    {NULL, NULL, NULL, NULL, 0, 0},
};

static void run_usage(FILE *f)
{
    fprintf(f, "usage: dpp run PROG.elf --domain WxH [options]\n"
               "Runs PROG once for every (i, j) of the domain (docs/run.md).\n");
    cli_print_options(f, run_options);
    cli_print_options(f, cli_array_options);
}

/* "N=REST": index below limit and the rest. */
static int split_index(const char *arg, unsigned limit, unsigned *idx, const char **rest)
{
    char *end;
    errno = 0;
    unsigned long v = strtoul(arg, &end, 10);
    if (end == arg || *end != '=' || errno || v >= limit)
        return -1;
    *idx = (unsigned)v;
    *rest = end + 1;
    return 0;
}

static int parse_wh(const char *s, uint32_t *w, uint32_t *h)
{
    char err[128];
    unsigned a, b;
    if (cli_size(s, 8192, &a, &b, err, sizeof err))
        return -1;
    *w = a;
    *h = b;
    return 0;
}

/* One constant "KIND N values"; returns 0 or -1. */
static int set_const(dpp_run_opts *o, char kind, unsigned n, const double *v, int nv)
{
    if (kind == 'f' && n < 256 && nv == 4) {
        o->float_set[n] = 1;
        for (int c = 0; c < 4; c++)
            o->float_val[n][c] = dpp_fp_bits((float)v[c]);
    } else if (kind == 'i' && n < 32 && nv == 3 && v[0] >= 0 && v[0] <= 255 && v[1] >= 0 &&
               v[1] <= 255 && v[2] >= -128 && v[2] <= 127) {
        o->int_set |= 1u << n;
        o->int_val[n] = (uint32_t)v[0] | (uint32_t)v[1] << 8 | ((uint32_t)(int)v[2] & 0xFF) << 16;
    } else if (kind == 'b' && n < 32 && nv == 1 && (v[0] == 0 || v[0] == 1)) {
        o->bool_set |= 1u << n;
        o->bool_val = (o->bool_val & ~(1u << n)) | (uint32_t)v[0] << n;
    } else {
        return -1;
    }
    return 0;
}

static int parse_values(const char *s, double *v, int max)
{
    int n = 0;
    while (*s && n < max) {
        char *end;
        v[n++] = strtod(s, &end);
        if (end == s)
            return -1;
        s = end;
        while (*s == ',' || isspace((unsigned char)*s))
            s++;
    }
    return *s ? -1 : n;
}

static int load_consts(const char *path, dpp_run_opts *o)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "%s: error: cannot open: %s\n", path, strerror(errno));
        return 1;
    }
    char line[512];
    for (unsigned ln = 1; fgets(line, sizeof line, f); ln++) {
        char *hash = strchr(line, '#');
        if (hash)
            *hash = 0;
        char kind;
        unsigned n;
        int used = 0;
        if (sscanf(line, " %n", &used) == 0 && line[used] == 0)
            continue;
        double v[5];
        if (sscanf(line, " %c %u %n", &kind, &n, &used) != 2 ||
            set_const(o, kind, n, v, parse_values(line + used, v, 5)) != 0) {
            fprintf(stderr,
                    "%s:%u:1: error: expected 'f N a b c d', 'i N count init step' or 'b N v'\n",
                    path, ln);
            fclose(f);
            return 1;
        }
    }
    fclose(f);
    return 0;
}

typedef struct run_cli {
    const char *prog, *trace, *emit, *out_path[4], *cond_out, *timeline;
    const char *in_spec[17]; /* 16 = the conditional buffer */
    int tiled, stats, fc_stats;
    dpp_run_opts *opts; /* where the options that configure the run go */
} run_cli;

static const char *const cond_tests[8] = {"never",  "less",    "lequal",   "equal",
                                          "gequal", "greater", "notequal", "always"};

static int parse_cond_test(const char *v, uint8_t *out)
{
    for (unsigned k = 0; k < 8; k++)
        if (!strcmp(v, cond_tests[k])) {
            *out = (uint8_t)k;
            return 0;
        }
    return -1;
}

/* "N=FILE[:FMT]" of --out: the path (static storage per index) and the device format. */
static int parse_out(const char *v, run_cli *c, dpp_run_opts *o, char *err, size_t errlen)
{
    unsigned idx;
    const char *rest;
    if (split_index(v, 4, &idx, &rest)) {
        snprintf(err, errlen, "'%s' is not N=FILE[:FMT] with N in 0..3", v);
        return -1;
    }
    const char *colon = strrchr(rest, ':');
    int fmt = colon ? cli_parse_format(colon + 1) : MC_FMT_FLOAT32_4;
    static char paths[4][1024];
    snprintf(paths[idx], sizeof paths[idx], "%.*s",
             (int)(colon && fmt >= 0 ? colon - rest : (long)strlen(rest)), rest);
    if (cli_check_output_name(paths[idx], err, errlen))
        return -1;
    c->out_path[idx] = paths[idx];
    o->out_format[idx] = (uint8_t)(fmt >= 0 ? fmt : MC_FMT_FLOAT32_4);
    o->out_used |= (uint8_t)(1u << idx);
    return 0;
}

/* One option's value into c: 0, -1 with a message in err, or 1 for an input error
 * already reported (a constants file). */
static int run_option(void *ctx, const cli_option *opt, const char *v, char *err, size_t errlen)
{
    run_cli *c = ctx;
    dpp_run_opts *o = c->opts;
    unsigned idx;
    const char *rest;
    double vals[5];
    int bad = 0;
    switch (opt->key) {
    case K_DOMAIN:
        return cli_size(v, 4096, &o->width, &o->height, err, errlen);
    case K_IN:
        bad = split_index(v, 16, &idx, &rest);
        if (!bad)
            c->in_spec[idx] = rest;
        break;
    case K_OUT:
        return parse_out(v, c, o, err, errlen);
    case K_TILED:
        c->tiled = 1;
        break;
    case K_CONSTF:
    case K_CONSTI:
    case K_CONSTB: {
        char kind = opt->key == K_CONSTF ? 'f' : opt->key == K_CONSTI ? 'i' : 'b';
        bad = split_index(v, kind == 'f' ? 256 : 32, &idx, &rest) ||
              set_const(o, kind, idx, vals, parse_values(rest, vals, 5));
        break;
    }
    case K_CONSTS:
        return load_consts(v, o) ? 1 : 0;
    case K_COND_BUF:
        c->in_spec[16] = v;
        break;
    case K_COND_TEST:
        bad = parse_cond_test(v, &o->cond_test);
        break;
    case K_COND_LOC:
        bad = strcmp(v, "pe") && strcmp(v, "dpp");
        o->cond_loc = !strcmp(v, "pe") ? CO_LOC_PE : CO_LOC_DPP;
        break;
    case K_COND_VAL:
        bad = parse_values(v, vals, 1) != 1;
        o->cond_val = dpp_fp_bits(bad ? 0.0f : (float)vals[0]);
        break;
    case K_COND_WRITE:
        o->cond_writemask = 1;
        break;
    case K_COND_OUT:
        c->cond_out = v;
        return cli_check_output_name(v, err, errlen);
    case K_TRACE:
        c->trace = v;
        break;
    case K_EMIT:
        c->emit = v;
        break;
    case K_STATS:
        c->stats = 1;
        break;
    case K_FC_STATS:
        c->fc_stats = 1;
        break;
    case K_TIMELINE:
        if (!cli_timeline_name_ok(v)) {
            snprintf(err, errlen, "'%s' is not FILE.fst or FILE.vcd (the .gtkw is written beside it)",
                     v);
            return -1;
        }
        c->timeline = v;
        break;
    default:
        return cli_array_value(opt, v, &o->array, err, errlen);
    }
    if (bad)
        snprintf(err, errlen, "bad value '%s'", v);
    return bad ? -1 : 0;
}

static const cmd_args run_args = {.prog = "dpp run",
                                  .options = run_options,
                                  .more = cli_array_options,
                                  .input = "PROG.elf",
                                  .one_only = "one program only",
                                  .usage = run_usage,
                                  .option = run_option};

/* Option parsing; returns -1 to continue, else the exit status. */
static int parse_args(int argc, char **argv, run_cli *c)
{
    cli_parser p;
    int rc = cmd_parse_args(&run_args, &p, argc, argv, c, &c->prog);
    if (rc < 0 && c->timeline && c->opts->array.chip == TM_CHIP_CTM) {
        cli_error(&p, "--timeline needs --chip cayman or rv740 (ctm has no schedule: "
                      "one instruction issued per clock)");
        return 2;
    }
    return rc;
}

/* Writes one emitted file; failures are reported and remembered in *failed. */
static void write_emitted(const char *prefix, const char *suffix, const uint8_t *b, size_t n,
                          int *failed)
{
    char path[1100];
    snprintf(path, sizeof path, "%s%s", prefix, suffix);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(b, 1, n, f) != n || fclose(f)) {
        fprintf(stderr, "%s: error: cannot write\n", path);
        *failed = 1;
    } else {
        fprintf(stderr, "dpp run: wrote %s (%s, %zu bytes)\n", path,
               !strcmp(suffix, ".cb") ? "command buffer" : "device memory", n);
    }
}

typedef struct emit_ctx {
    const char *prefix;
    int failed;
} emit_ctx;

static void emit_files(void *user, int after, const uint8_t *mem, size_t mem_len, const uint8_t *cb,
                       size_t cb_len)
{
    emit_ctx *e = user;
    if (!after)
        write_emitted(e->prefix, ".cb", cb, cb_len, &e->failed);
    write_emitted(e->prefix, after ? ".after.mem" : ".mem", mem, mem_len, &e->failed);
}

static int load_inputs(const run_cli *c, dpp_run_opts *o)
{
    for (int k = 0; k < 17; k++) {
        if (!c->in_spec[k])
            continue;
        char path[1024], fmt[32] = "", wh[32] = "";
        const char *colon = strchr(c->in_spec[k], ':');
        snprintf(path, sizeof path, "%.*s",
                 (int)(colon ? colon - c->in_spec[k] : (long)strlen(c->in_spec[k])), c->in_spec[k]);
        if (colon && sscanf(colon + 1, "%31[^:]:%31s", fmt, wh) < 1)
            fmt[0] = 0;
        uint32_t w = 0, h = 0;
        if (wh[0] && parse_wh(wh, &w, &h)) {
            fprintf(stderr, "dpp run: bad size '%s' in --in %d\n", wh, k);
            return 2;
        }
        char msg[600];
        dpp_image *im = k < 16 ? &o->input[k] : &o->cond;
        if (cli_load_image(path, fmt[0] ? cli_parse_format(fmt) : -1, w, h, im, msg, sizeof msg)) {
            fprintf(stderr, "%s\n", msg);
            return 1;
        }
        im->tiling = (uint8_t)(c->tiled ? MC_TILE_TILED : MC_TILE_LINEAR);
    }
    return -1;
}

/* Says what a file holds, so that a user sees where each result went (on stderr: stdout
 * stays for data such as --stats). */
static void wrote(const char *path, const char *what, int k, const dpp_image *img)
{
    char idx[16] = "";
    if (k >= 0)
        snprintf(idx, sizeof idx, " %d", k);
    fprintf(stderr, "dpp run: wrote %s (%s%s, %ux%u %s: %s)\n", path, what, idx, img->width,
            img->height, mc_format_name(img->format), cli_output_kind(path));
}

/* What watches the flow-control events: the --trace file, the --fc-stats counts, or both. */
typedef struct run_watch {
    cli_tracer tr;
    cli_fc_stats fs;
    int count;
} run_watch;

static void watch_event(void *user, const pa_fc_event *ev)
{
    run_watch *w = user;
    if (w->tr.f)
        cli_trace_event(&w->tr, ev);
    if (w->count)
        cli_fc_stats_event(&w->fs, ev);
}

static int finish(const run_cli *c, const dpp_run_opts *o, const dpp_run_result *res,
                  const run_watch *w, double seconds)
{
    for (int k = 0; k < 4; k++) {
        if (!c->out_path[k] || !res->output[k].data)
            continue;
        char msg[600];
        if (cli_save_image(c->out_path[k], &res->output[k], msg, sizeof msg)) {
            fprintf(stderr, "%s\n", msg);
            return 1;
        }
        wrote(c->out_path[k], "output", k, &res->output[k]);
    }
    char msg[600];
    if (c->cond_out && res->cond.data && cli_save_image(c->cond_out, &res->cond, msg, sizeof msg)) {
        fprintf(stderr, "%s\n", msg);
        return 1;
    }
    if (c->cond_out && res->cond.data)
        wrote(c->cond_out, "conditional buffer", -1, &res->cond);
    if (c->trace)
        fprintf(stderr, "dpp run: wrote %s (flow-control trace)\n", c->trace);
    if (res->stats.early_outputs)
        fprintf(stderr,
                "dpp run: warning: pc %u: the first OUTPUT instruction issues before other "
                "instructions in %llu wavefront(s): \"The first OUTPUT instruction will reserve "
                "space in the output register fifo This space is limited\" [seed 000, p27]\n",
                res->stats.early_output_pc - 1, (unsigned long long)res->stats.early_outputs);
    if (c->stats) {
        printf("domain             %ux%u\n", o->width, o->height);
        cli_stats st = {.total_clocks = res->total_clocks,
                        .active_clocks = res->active_clocks,
                        .pa = res->stats,
                        .seconds = seconds,
                        .array = &o->array,
                        .timing = res->timed ? &res->timing : NULL};
        memcpy(st.cache, res->cache, sizeof st.cache);
        cli_print_stats(stdout, &st);
    }
    if (c->fc_stats)
        cli_fc_stats_print(stdout, &w->fs);
    return 0;
}

int cmd_run(int argc, char **argv)
{
    run_cli c = {0};
    dpp_run_opts *o = malloc(sizeof *o);
    dpp_exe *exe = malloc(sizeof *exe);
    int rc = o && exe ? -1 : 1;
    if (rc < 0) {
        dpp_run_default_opts(o);
        o->array.threads = cli_default_threads();
        c.opts = o;
        rc = parse_args(argc, argv, &c);
    }
    if (rc < 0) {
        for (int k = 0; k < 4; k++)
            o->out_tiling[k] = (uint8_t)(c.tiled ? MC_TILE_TILED : MC_TILE_LINEAR);
        rc = load_inputs(&c, o);
    }
    dpp_error err;
    run_watch watch = {.count = c.fc_stats};
    cli_tracer *trp = &watch.tr;
    if (rc < 0 && dpp_elf_read(c.prog, exe, &err)) {
        fprintf(stderr, "%s\n", err.msg);
        rc = 1;
    }
    if (rc < 0 && c.trace && !(trp->f = fopen(c.trace, "w"))) {
        fprintf(stderr, "%s: error: cannot create: %s\n", c.trace, strerror(errno));
        rc = 1;
    }
    char msg[1200];
    cli_timeline *tl = NULL;
    tm_sink sink;
    if (rc < 0 && c.timeline && !(tl = cli_timeline_open(c.timeline, msg, sizeof msg))) {
        fprintf(stderr, "%s\n", msg);
        rc = 1;
    }
    if (rc < 0) {
        o->trace = trp->f || c.fc_stats ? watch_event : NULL;
        o->trace_user = &watch;
        sink = tl ? cli_timeline_sink(tl) : (tm_sink){0};
        o->timeline = tl ? &sink : NULL;
        emit_ctx em = {c.emit, 0};
        o->emit = c.emit ? emit_files : NULL;
        o->emit_user = &em;
        dpp_run_result res;
        double t0 = cli_now();
        if (dpp_run(exe, o, c.prog, &res, &err)) {
            fprintf(stderr, "%s\n", err.msg);
            rc = 1;
        } else {
            rc = em.failed ? 1 : finish(&c, o, &res, &watch, cli_now() - t0);
            dpp_run_free(&res);
        }
    }
    if (trp->f)
        fclose(trp->f);
    if (tl) {
        char gtkw[1100];
        snprintf(gtkw, sizeof gtkw, "%s", cli_timeline_gtkw(tl));
        if (cli_timeline_close(tl, msg, sizeof msg)) {
            fprintf(stderr, "%s\n", msg);
            rc = 1;
        } else if (rc == 0) {
            fprintf(stderr, "dpp run: wrote %s (timeline of the %s schedule) and %s\n",
                    c.timeline, tm_profile_of((tm_chip)o->array.chip)->name, gtkw);
        }
    }
    for (int k = 0; o && k < 16; k++)
        free(o->input[k].data);
    if (o)
        free(o->cond.data);
    free(o);
    free(exe);
    return rc;
}
