/* dpp run: run an executable over a domain with inputs, outputs and constants from files. */
#include "commands.h"
#include "imgio.h"
#include "trace.h"

#include "elf_exe.h"
#include "fc.h"
#include "run.h"

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
            "  --step-limit N         instructions one wavefront may issue (default 1000000;\n"
            "                         0 = none)\n"
            "  --trace FILE           write every flow-control event of every wavefront\n"
            "  --stats                print the performance counters\n");
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

static int parse_u32(const char *s, unsigned long max, uint32_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 0);
    if (end == s || *end || errno || v > max || s[0] == '-')
        return -1;
    *out = (uint32_t)v;
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
        while (*s == ',' || *s == ' ' || *s == '\t')
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
    const char *prog, *trace, *out_path[4];
    const char *in_spec[16];
    int tiled, stats, have_domain;
} run_cli;

/* Option parsing; returns -1 to continue, else the exit status. */
static int parse_args(int argc, char **argv, run_cli *c, dpp_run_opts *o)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL, *rest;
        unsigned idx;
        uint32_t u = 0;
        double vals[5];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            run_usage(stdout);
            return 0;
        }
        int takes = a[0] == '-' && strcmp(a, "--tiled") && strcmp(a, "--stats");
        if (takes && !v) {
            fprintf(stderr, "dpp run: %s needs a value\n", a);
            return 2;
        }
        int bad = 0;
        if (!strcmp(a, "--domain"))
            bad = parse_wh(v, &o->width, &o->height) || o->width > 4096 || o->height > 4096,
            c->have_domain = 1;
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
        } else if (!strcmp(a, "--wave"))
            bad = parse_u32(v, 64, &u) || u < 1 || !(o->array.lanes = u);
        else if (!strcmp(a, "--contexts"))
            bad = parse_u32(v, 16, &u) || u < 1 || !(o->array.contexts = u);
        else if (!strcmp(a, "--step-limit")) {
            bad = parse_u32(v, 0xFFFFFFFFul, &u);
            o->array.step_limit = u;
        } else if (!strcmp(a, "--trace"))
            c->trace = v;
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

static int load_inputs(const run_cli *c, dpp_run_opts *o)
{
    for (int k = 0; k < 16; k++) {
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
        if (cli_load_image(path, fmt[0] ? cli_parse_format(fmt) : -1, w, h, &o->input[k], msg,
                           sizeof msg)) {
            fprintf(stderr, "%s\n", msg);
            return 1;
        }
        o->input[k].tiling = (uint8_t)(c->tiled ? MC_TILE_TILED : MC_TILE_LINEAR);
    }
    return -1;
}

static int finish(const run_cli *c, const dpp_run_opts *o, const dpp_run_result *res)
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
    if (c->stats)
        printf("clocks %u active %u domain %ux%u wave %u\n", res->total_clocks, res->active_clocks,
               o->width, o->height, o->array.lanes);
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
        dpp_run_result res;
        if (dpp_run(exe, o, c.prog, &res, &err)) {
            fprintf(stderr, "%s\n", err.msg);
            rc = 1;
        } else {
            rc = finish(&c, o, &res);
            dpp_run_free(&res);
        }
    }
    if (tr.f)
        fclose(tr.f);
    for (int k = 0; o && k < 16; k++)
        free(o->input[k].data);
    free(o);
    free(exe);
    return rc;
}
