/* dpp closure: coverage closure of the random programs. Generates the programs
 * of a profile (dpp progen) seed after seed, runs each through the library's
 * model (ctm_model, as a design testbench would) and adds up its SIMT control
 * coverage (ctm_model_cover) until every bin is hit or the budget is spent;
 * then lists the bins never hit and the seeds that hit something new (a short
 * regression that covers as much as the whole run). */
#include "cmd_args.h"
#include "commands.h"
#include "ctm.h"
#include "kit_input.h"
#include "progen.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { K_BUDGET = 1, K_FROM, K_DEPTH, K_LANES, K_CONTEXTS, K_DOMAIN, K_JSON, K_QUIET };

static const cli_option closure_options[] = {
    {"budget", "N", "programs to run at most, 1..100000 (default 100)", NULL, K_BUDGET, 0},
    {"from", "SEED", "the first seed (default 1); then SEED+1, ...", NULL, K_FROM, 0},
    {"depth", "N", "nesting each program reaches at least, 1..8 (default 6)", NULL, K_DEPTH, 0},
    {"lanes", "N", "lanes per wavefront, 1..64 (default 16)", NULL, K_LANES, 0},
    {"contexts", "N", "wavefronts in flight, 1..16 (default 4)", NULL, K_CONTEXTS, 0},
    {"domain", "WxH", "the domain of each run (default 32x24)", NULL, K_DOMAIN, 0},
    {"json", "FILE", "also write the result as JSON", NULL, K_JSON, 0},
    {"quiet", NULL, "no progress lines on stderr", NULL, K_QUIET, 0},
    {NULL, NULL, NULL, NULL, 0, 0},
};

static void closure_usage(FILE *f)
{
    fprintf(f,
            "usage: dpp closure PROFILE [--budget N] [--from SEED] [--depth N] [--lanes N]\n"
            "                   [--contexts N] [--domain WxH] [--json FILE] [--quiet]\n"
            "Runs the random programs of PROFILE (%s; dpp progen --profile; a comma list\n"
            "such as divergent,default takes turns) seed after seed through the model and adds up "
            "their SIMT control coverage (docs/commit.md,\n"
            "\"Control coverage\") until every bin is hit or --budget programs ran. Prints the\n"
            "bins hit, the bins never hit, and the seeds that hit a bin no earlier one did.\n"
            "Input 0 is the profile's: the divergent and partial profiles' pattern (their\n"
            "INPUTPATTERN note), or the system run's surface (dpp input --edges) for the default\n"
            "one. With partial the programs run in partial flow-control mode (ifs only, 6\n"
            "deep at most).\n"
            "Exit 0 when it ran (bins left unhit are a result, not an error), 1 when a program\n"
            "did not run, 2 bad options.\n",
            pg_profile_list());
    cli_print_options(f, closure_options);
}

typedef struct closure_cli {
    unsigned budget, depth, lanes, contexts, w, h;
    uint64_t from;
    const char *json;
    int quiet;
} closure_cli;

static int closure_option(void *ctx, const cli_option *o, const char *v, char *err, size_t errlen)
{
    closure_cli *c = ctx;
    switch (o->key) {
    case K_BUDGET:
        return cli_range_u(v, 1, 100000, &c->budget, err, errlen);
    case K_FROM:
        return cli_range(v, 0, UINT64_MAX / 2, &c->from, err, errlen);
    case K_DEPTH:
        return cli_range_u(v, 1, 8, &c->depth, err, errlen);
    case K_LANES:
        return cli_range_u(v, 1, 64, &c->lanes, err, errlen);
    case K_CONTEXTS:
        return cli_range_u(v, 1, 16, &c->contexts, err, errlen);
    case K_DOMAIN:
        return cli_size(v, 4096, &c->w, &c->h, err, errlen);
    case K_JSON:
        c->json = v;
        return 0;
    default:
        c->quiet = 1;
        return 0;
    }
}

static const cmd_args closure_args = {.prog = "dpp closure",
                                      .options = closure_options,
                                      .input = "PROFILE",
                                      .one_only = "one profile only",
                                      .usage = closure_usage,
                                      .option = closure_option};

/* What the runs so far add up to. */
typedef struct closure {
    int nbins;
    uint64_t *hits;  /* per bin, over every program */
    uint64_t *seeds; /* the seeds that hit a new bin, in order */
    unsigned nseeds, programs;
    int hit;
} closure;

/* The executable of seed, written to path. 0, or 1 with the message printed. */
static int write_program(const closure_cli *c, unsigned profile, uint64_t seed, const char *path)
{
    dpp_error err;
    pg_program *pg = NULL;
    dpp_exe *exe = calloc(1, sizeof *exe);
    dpp_status st = exe ? pg_generate_profile(seed, c->depth, profile, &pg, &err)
                        : dpp_error_set(&err, DPP_E_NOMEM, "out of memory");
    if (st == DPP_OK)
        st = pg_compile(pg, exe, &err);
    if (st == DPP_OK)
        st = dpp_elf_write(exe, path, &err);
    if (st != DPP_OK)
        fprintf(stderr, "dpp closure: seed %" PRIu64 ": %s\n", seed, err.msg);
    pg_free(pg);
    free(exe);
    return st != DPP_OK;
}

/* Input 0 of a default-profile program: the system run's surface (kit_input.h:
 * small integers of both signs and the format edges), 64 columns wider than the
 * domain. A divergent or partial program carries its own pattern, which the model
 * makes when unbound. The model reads the caller's data (ctm_model_set_input):
 * made once, freed last. */
static uint32_t *default_input(const closure_cli *c)
{
    size_t n = (c->w + 64u) * c->h * 4;
    uint32_t *in = malloc(n * sizeof *in);
    if (in)
        dpp_kit_input_fill(in, n, 1);
    return in;
}

/* Runs the program at path and adds its coverage to cl. 0, or 1 with the message printed. */
static int run_program(const closure_cli *c, unsigned profile, uint64_t seed, const char *path,
                       const uint32_t *input, closure *cl)
{
    ctm_model *m = ctm_model_new(path, (int)c->w, (int)c->h, (int)c->lanes, (int)c->contexts, 4, 4);
    if (!m) {
        fprintf(stderr, "dpp closure: seed %" PRIu64 ": %s\n", seed, ctm_error());
        return 1;
    }
    int st = profile == PG_PROFILE_DEFAULT
                 ? ctm_model_set_input(m, 0, input, CTM_FMT_FLOAT32_4, (int)c->w + 64, (int)c->h)
                 : 0;
    while (st == 0 && (st = ctm_model_step(m)) == 1)
        st = 0;
    if (st != 0) { /* a refused input (a status) or a fault (-status) */
        fprintf(stderr, "dpp closure: seed %" PRIu64 ": %s\n", seed, ctm_model_error(m));
        ctm_model_free(m);
        return 1;
    }
    int fresh = 0;
    for (int b = 0; b < cl->nbins; b++) {
        uint64_t h = ctm_model_cover(m, b);
        if (h && !cl->hits[b]) {
            cl->hit++;
            fresh++;
        }
        cl->hits[b] += h;
    }
    if (fresh)
        cl->seeds[cl->nseeds++] = seed;
    cl->programs++;
    if (!c->quiet)
        fprintf(stderr, "closure: program %u (%s, seed %" PRIu64 "): %d of %d bins (+%d)\n",
                cl->programs, pg_profile_name(profile), seed, cl->hit, cl->nbins, fresh);
    ctm_model_free(m);
    return 0;
}

static void print_result(FILE *f, const closure *cl, const char *profile)
{
    fprintf(f, "closure: %s: %u programs, %d of %d bins hit (%.1f%%)\n", profile, cl->programs,
            cl->hit, cl->nbins, 100.0 * cl->hit / cl->nbins);
    fprintf(f, "seeds that hit a new bin (%u):", cl->nseeds);
    for (unsigned i = 0; i < cl->nseeds; i++)
        fprintf(f, " %" PRIu64, cl->seeds[i]);
    fprintf(f, "\nnever hit (%d):\n", cl->nbins - cl->hit);
    for (int b = 0; b < cl->nbins; b++)
        if (!cl->hits[b])
            fprintf(f, "  %s\n", ctm_cover_name(b));
}

static int write_json(const char *path, const closure *cl, const char *profile)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "dpp closure: --json: cannot write %s: %s\n", path, strerror(errno));
        return 1;
    }
    fprintf(f, "{\"profile\":\"%s\",\"programs\":%u,\"bins\":%d,\"hit\":%d,\"seeds\":[", profile,
            cl->programs, cl->nbins, cl->hit);
    for (unsigned i = 0; i < cl->nseeds; i++)
        fprintf(f, "%s%" PRIu64, i ? "," : "", cl->seeds[i]);
    fputs("],\"never_hit\":[", f);
    for (int b = 0, n = 0; b < cl->nbins; b++)
        if (!cl->hits[b])
            fprintf(f, "%s\"%s\"", n++ ? "," : "", ctm_cover_name(b));
    fputs("],\"hits\":{", f);
    for (int b = 0; b < cl->nbins; b++)
        fprintf(f, "%s\"%s\":%" PRIu64, b ? "," : "", ctm_cover_name(b), cl->hits[b]);
    fputs("}}\n", f);
    return fclose(f) != 0;
}

int cmd_closure(int argc, char **argv)
{
    const char *profile_name = NULL;
    closure_cli c = {
        .budget = 100, .from = 1, .depth = 6, .lanes = 16, .contexts = 4, .w = 32, .h = 24};
    cli_parser p;
    int rc = cmd_parse_args(&closure_args, &p, argc, argv, &c, &profile_name);
    if (rc >= 0)
        return rc;
    unsigned profiles[8], nprofiles = 0;
    for (const char *at = profile_name; at;) {
        const char *comma = strchr(at, ',');
        char name[32];
        snprintf(name, sizeof name, "%.*s", comma ? (int)(comma - at) : (int)strlen(at), at);
        int k = pg_profile_find(name);
        if (k < 0 || nprofiles == 8) {
            fprintf(stderr, "dpp closure: PROFILE: '%s' is not one of %s%s\n", name,
                    pg_profile_list(), nprofiles == 8 ? " (8 at most)" : "");
            return 2;
        }
        profiles[nprofiles++] = (unsigned)k;
        at = comma ? comma + 1 : NULL;
    }
    closure cl = {.nbins = ctm_cover_bins()};
    cl.hits = calloc((size_t)cl.nbins, sizeof *cl.hits);
    cl.seeds = calloc((size_t)cl.nbins + 1, sizeof *cl.seeds);
    uint32_t *input = default_input(&c);
    const char *dir = getenv("TMPDIR");
    char path[600];
    snprintf(path, sizeof path, "%s/dpp-closure-XXXXXX", dir && *dir ? dir : "/tmp");
    int fd = cl.hits && cl.seeds && input ? mkstemp(path) : -1;
    if (fd < 0) {
        fprintf(stderr, "dpp closure: cannot make a temporary executable in %s\n",
                dir && *dir ? dir : "/tmp");
        rc = 1;
    } else {
        close(fd);
        rc = 0;
        for (uint64_t s = c.from; !rc && cl.programs < c.budget && cl.hit < cl.nbins; s++) {
            unsigned profile = profiles[cl.programs % nprofiles]; /* the profiles take turns */
            rc = write_program(&c, profile, s, path) ||
                 run_program(&c, profile, s, path, input, &cl);
        }
        unlink(path);
    }
    if (!rc) {
        print_result(stdout, &cl, profile_name);
        if (c.json)
            rc = write_json(c.json, &cl, profile_name);
    }
    free(cl.hits);
    free(cl.seeds);
    free(input);
    return rc;
}
