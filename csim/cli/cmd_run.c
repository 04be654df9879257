/* dpp run: run an executable over a domain with inputs, outputs and constants from files. */
#include "array_opts.h"
#include "commands.h"
#include "imgio.h"
#include "stats.h"
#include "trace.h"

#include "co.h"
#include "elf_exe.h"
#include "fc.h"
#include "run.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void run_usage(FILE *f)
{
    fprintf(f,
            "usage: dpp run PROG.elf --domain WxH [options]\n"
            "Runs PROG once for every (i, j) of the domain (docs/run.md).\n"
            "  --domain WxH           i in 0..W-1, j in 0..H-1 (required; 1..4096 each)\n"
            "  --in N=FILE[:FMT:WxH]  input N: .pgm/.ppm/.pfm image, or raw data in FMT\n"
            "                         (UINT16_1 UINT8_4 FLOAT32_1 FLOAT32_2 FLOAT32_4) of WxH\n"
            "  --out N=FILE[:FMT]     output N (domain-sized; device format FMT, default\n"
            "                         FLOAT32_4): .pgm/.ppm/.pfm image, .txt dump, else raw\n"
            "  --tiled                use the tiled layout for every input and output surface\n"
            "  --constf N=A,B,C,D     float constant N (overrides the executable's value)\n"
            "  --consti N=COUNT,INIT,STEP   integer (loop) constant N\n"
            "  --constb N=0|1         boolean constant N\n"
            "  --consts FILE          constants file: lines 'f N a b c d', 'i N count init step',\n"
            "                         'b N v'; '#' starts a comment\n"
            "  --wave N               lanes per wavefront, 1..64 (default 64)\n"
            "  --contexts N           wavefronts in flight, 1..16 (default 1)\n"
            "  --threads N            threads that share the wavefronts, 1..64 (default: the\n"
            "                         machine's cores); results do not depend on it\n"
            "  --step-limit N         instructions one wavefront may issue (default 1000000;\n"
            "                         0 = none)\n"
            "  --cond-buf FILE[:FMT:WxH]  conditional buffer b (as --in); turns the CO on with\n"
            "  --cond-test T          never less lequal equal gequal greater notequal always\n"
            "                         (default always), v T b\n"
            "  --cond-loc pe|dpp      test before running a pair (pe) or at its outputs (dpp,\n"
            "                         default); v = the program's W output, else --cond-val\n"
            "  --cond-val V           the PE's conditional value (default 0)\n"
            "  --cond-write           write v back into b where the test passes\n"
            "  --cond-out FILE        the conditional buffer after the run (as --out)\n"
            "  --trace FILE           write every flow-control event of every wavefront\n"
            "  --emit PREFIX          write PREFIX.cb (the command buffer), PREFIX.mem (device\n"
            "                         memory before the run) and PREFIX.after.mem (after it),\n"
            "                         for `dpp exec PREFIX.cb --mem PREFIX.mem`\n"
            "  --stats                print the performance counters, instructions issued,\n"
            "                         lane-instructions, wall time and rate\n");
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
    char tail;
    unsigned a, b;
    if (sscanf(s, "%ux%u%c", &a, &b, &tail) != 2 || a < 1 || b < 1 || a > 8192 || b > 8192)
        return -1;
    *w = a;
    *h = b;
    return 0;
}

static uint32_t fbits(double d)
{
    float f = (float)d;
    uint32_t b;
    memcpy(&b, &f, 4);
    return b;
}

/* One constant "KIND N values"; returns 0 or -1. */
static int set_const(dpp_run_opts *o, char kind, unsigned n, const double *v, int nv)
{
    if (kind == 'f' && n < 256 && nv == 4) {
        o->float_set[n] = 1;
        for (int c = 0; c < 4; c++)
            o->float_val[n][c] = fbits(v[c]);
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
    const char *prog, *trace, *emit, *out_path[4], *cond_out;
    const char *in_spec[17]; /* 16 = the conditional buffer */
    int tiled, stats, have_domain;
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

/* Option parsing; returns -1 to continue, else the exit status. */
static int parse_args(int argc, char **argv, run_cli *c, dpp_run_opts *o)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL, *rest;
        unsigned idx;
        double vals[5];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            run_usage(stdout);
            return 0;
        }
        int takes = a[0] == '-' && strcmp(a, "--tiled") && strcmp(a, "--stats") &&
                    strcmp(a, "--cond-write");
        if (takes && !v) {
            fprintf(stderr, "dpp run: %s needs a value\n", a);
            return 2;
        }
        int bad = 0;
        if (!strcmp(a, "--domain")) {
            bad = parse_wh(v, &o->width, &o->height) || o->width > 4096 || o->height > 4096;
            c->have_domain = 1;
        } else if (!strcmp(a, "--cond-buf"))
            c->in_spec[16] = v;
        else if (!strcmp(a, "--cond-out"))
            c->cond_out = v;
        else if (!strcmp(a, "--cond-test"))
            bad = parse_cond_test(v, &o->cond_test);
        else if (!strcmp(a, "--cond-loc")) {
            bad = strcmp(v, "pe") && strcmp(v, "dpp");
            o->cond_loc = !strcmp(v, "pe") ? CO_LOC_PE : CO_LOC_DPP;
        } else if (!strcmp(a, "--cond-val")) {
            double d[1];
            bad = parse_values(v, d, 1) != 1;
            o->cond_val = fbits(bad ? 0 : d[0]);
        } else if (!strcmp(a, "--cond-write"))
            o->cond_writemask = 1, i--;
        else if (!strcmp(a, "--in"))
            bad = split_index(v, 16, &idx, &rest) || !(c->in_spec[idx] = rest);
        else if (!strcmp(a, "--out")) {
            bad = split_index(v, 4, &idx, &rest);
            if (!bad) {
                const char *colon = strrchr(rest, ':');
                int fmt = colon ? cli_parse_format(colon + 1) : MC_FMT_FLOAT32_4;
                static char paths[4][1024];
                snprintf(paths[idx], sizeof paths[idx], "%.*s",
                         (int)(colon && fmt >= 0 ? colon - rest : (long)strlen(rest)), rest);
                c->out_path[idx] = paths[idx];
                o->out_format[idx] = (uint8_t)(fmt >= 0 ? fmt : MC_FMT_FLOAT32_4);
                o->out_used |= (uint8_t)(1u << idx);
            }
        } else if (!strcmp(a, "--constf") || !strcmp(a, "--consti") || !strcmp(a, "--constb"))
            bad = split_index(v, a[7] == 'f' ? 256 : 32, &idx, &rest) ||
                  set_const(o, a[7] == 'f' ? 'f' : a[7], idx, vals, parse_values(rest, vals, 5));
        else if (!strcmp(a, "--consts")) {
            if (load_consts(v, o))
                return 1;
        } else if (cli_array_opt(a, v, &o->array, &bad)) {
        } else if (!strcmp(a, "--trace"))
            c->trace = v;
        else if (!strcmp(a, "--emit"))
            c->emit = v;
        else if (!strcmp(a, "--tiled"))
            c->tiled = 1, i--;
        else if (!strcmp(a, "--stats"))
            c->stats = 1, i--;
        else if (a[0] != '-' && !c->prog)
            c->prog = a, i--;
        else {
            fprintf(stderr, "dpp run: unexpected argument '%s'\n", a);
            run_usage(stderr);
            return 2;
        }
        if (bad) {
            fprintf(stderr, "dpp run: bad value '%s' for %s\n", v, a);
            return 2;
        }
        i++;
    }
    if (!c->prog || !c->have_domain) {
        run_usage(stderr);
        return 2;
    }
    return -1;
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

static int finish(const run_cli *c, const dpp_run_opts *o, const dpp_run_result *res,
                  double seconds)
{
    for (int k = 0; k < 4; k++) {
        if (!c->out_path[k] || !res->output[k].data)
            continue;
        char msg[600];
        if (cli_save_image(c->out_path[k], &res->output[k], msg, sizeof msg)) {
            fprintf(stderr, "%s\n", msg);
            return 1;
        }
    }
    char msg[600];
    if (c->cond_out && res->cond.data && cli_save_image(c->cond_out, &res->cond, msg, sizeof msg)) {
        fprintf(stderr, "%s\n", msg);
        return 1;
    }
    if (c->stats) {
        printf("domain             %ux%u\n", o->width, o->height);
        cli_stats st = {res->total_clocks, res->active_clocks, res->stats, seconds, &o->array};
        cli_print_stats(stdout, &st);
    }
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
        rc = parse_args(argc, argv, &c, o);
    }
    if (rc < 0) {
        for (int k = 0; k < 4; k++)
            o->out_tiling[k] = (uint8_t)(c.tiled ? MC_TILE_TILED : MC_TILE_LINEAR);
        rc = load_inputs(&c, o);
    }
    dpp_error err;
    cli_tracer tr = {0};
    if (rc < 0 && dpp_elf_read(c.prog, exe, &err)) {
        fprintf(stderr, "%s\n", err.msg);
        rc = 1;
    }
    if (rc < 0 && c.trace && !(tr.f = fopen(c.trace, "w"))) {
        fprintf(stderr, "%s: error: cannot create: %s\n", c.trace, strerror(errno));
        rc = 1;
    }
    if (rc < 0) {
        o->trace = tr.f ? cli_trace_event : NULL;
        o->trace_user = &tr;
        emit_ctx em = {c.emit, 0};
        o->emit = c.emit ? emit_files : NULL;
        o->emit_user = &em;
        dpp_run_result res;
        double t0 = cli_now();
        if (dpp_run(exe, o, c.prog, &res, &err)) {
            fprintf(stderr, "%s\n", err.msg);
            rc = 1;
        } else {
            rc = em.failed ? 1 : finish(&c, o, &res, cli_now() - t0);
            dpp_run_free(&res);
        }
    }
    if (tr.f)
        fclose(tr.f);
    for (int k = 0; o && k < 16; k++)
        free(o->input[k].data);
    if (o)
        free(o->cond.data);
    free(o);
    free(exe);
    return rc;
}
