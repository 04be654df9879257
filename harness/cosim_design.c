/* cosim --design NAME|DIR: the options of a design's run, parsed by the same parser and
 * common options as every block's (cosim_opts.c), and printed resolved, one key=value line
 * each (build/cosim_config --design ...). scripts/design_run.sh reads that description and
 * only builds and runs: it parses no option and no model name. The model name is the
 * design table's (cosim_params_design): design-NAME-c<contexts>l<lanes>[-VARIANT], or
 * design-user-NAME-KEY-c<contexts>l<lanes> for a folder of the user's own (docs/commit.md). */
#include "cosim.h"
#include "progen.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* What a design run's own options leave (the common ones go into cosim_cfg). */
typedef struct design_opts {
    const char *design, *program, *progen, *tb_mode;
    unsigned depth, profile, width, height, stall;
    int level; /* -1: the testbench's default */
    bool wave_off;
} design_opts;

static const char designs_dir[] = "examples/designs";

static bool word_name(const char *s)
{
    return *s && strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") ==
                     strlen(s);
}

/* snprintf that cuts a long path to the buffer without gcc's truncation warning (the
 * messages name paths of any length; a cut one still names the option). */
__attribute__((format(printf, 3, 4))) static void put(char *buf, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, n, fmt, ap);
    va_end(ap);
}

static int opt_str(const char **dst, const char *v)
{
    *dst = v;
    return 0;
}

static int opt_design(void *ctx, const char *v, char *err, size_t n)
{
    (void)err, (void)n;
    return opt_str(&((design_opts *)ctx)->design, v);
}

static int opt_program(void *ctx, const char *v, char *err, size_t n)
{
    if (access(v, R_OK)) {
        put(err, n, "cannot read %s", v);
        return -1;
    }
    return opt_str(&((design_opts *)ctx)->program, v);
}

/* A seed of dpp progen: decimal digits (what `dpp progen SEED` takes). */
static int opt_progen(void *ctx, const char *v, char *err, size_t n)
{
    uint64_t x;
    if (!*v || strspn(v, "0123456789") != strlen(v) || cli_range(v, 0, UINT32_MAX, &x, err, n)) {
        put(err, n, "'%s' is not a seed (decimal digits, at most %u)", v, UINT32_MAX);
        return -1;
    }
    return opt_str(&((design_opts *)ctx)->progen, v);
}

static int opt_depth(void *ctx, const char *v, char *err, size_t n)
{
    return cli_range_u(v, 1, 8, &((design_opts *)ctx)->depth, err, n);
}

static int opt_profile(void *ctx, const char *v, char *err, size_t n)
{
    return pg_profile_parse(v, &((design_opts *)ctx)->profile, err, n);
}

static int opt_domain(void *ctx, const char *v, char *err, size_t n)
{
    design_opts *d = ctx;
    return cli_size(v, 256, &d->width, &d->height, err, n);
}

static int opt_stall(void *ctx, const char *v, char *err, size_t n)
{
    return cli_range_u(v, 0, 90, &((design_opts *)ctx)->stall, err, n);
}

static int opt_level(void *ctx, const char *v, char *err, size_t n)
{
    unsigned x;
    if (cli_range_u(v, 0, 2, &x, err, n))
        return -1;
    ((design_opts *)ctx)->level = (int)x;
    return 0;
}

/* A mode the testbench names on its "// ctm-tb-modes:" line (checked in resolve). */
static int opt_tb_mode(void *ctx, const char *v, char *err, size_t n)
{
    if (!word_name(v)) {
        put(err, n, "'%s' is not a mode name (letters, digits and _)", v);
        return -1;
    }
    return opt_str(&((design_opts *)ctx)->tb_mode, v);
}

static int opt_wave_window(void *ctx, const char *v, char *err, size_t n)
{
    if (strcmp(v, "0")) {
        put(err, n, "only 0 (no waveform): a design's waveform is the whole run");
        return -1;
    }
    ((design_opts *)ctx)->wave_off = true;
    return 0;
}

static const cosim_option design_options[] = {
    {"design", "NAME|DIR",
     "a folder of examples/designs/, or a folder of your own (a path with a '/', as ./mine): its "
     "Makefile builds its tb_<folder name>.sv (docs/commit.md \"Your own design\")",
     opt_design, 0, 0},
    {"program", "ELF", "the program (or --progen)", opt_program, 0, 0},
    {"progen", "SEED", "the random structured program of SEED (dpp progen)", opt_progen, 0, 0},
    {"progen-depth", "N", "its nesting, at least N deep, 1..8 (default 6)", opt_depth, 0, 0},
    {"progen-profile", "P",
     "default; divergent: conditions on each lane's own input (input 0 is then left unbound and "
     "the library generates its lane-rank pattern); or partial: divergent's conditions in a "
     "partial flow-control mode program (--progen-depth 6 at most)",
     opt_profile, 0, 0},
    {"domain", "WxH",
     "the domain, 1..256 each (default 32x24); inputs 0 and 1 are bound to (W+64) x H small "
     "integers, as the system run binds them",
     opt_domain, 0, 0},
    {"stall", "PCT", "cycles with the design's stall input high, 0..90 (default 25)", opt_stall, 0,
     0},
    {"level", "0|1|2", "the checker's level, of those the design's testbench says it commits",
     opt_level, 0, 0},
    {"tb-mode", "NAME",
     "a mode of the testbench, of those its \"// ctm-tb-modes:\" line names (passed as "
     "+tb_mode=NAME; mc_unit's cmd: the testbench writes its own command buffer and memory "
     "image, so no --program)",
     opt_tb_mode, 0, 0},
    {"wave-window", "0",
     "no waveform (only 0: a design's waveform is the whole run, written on a mismatch)",
     opt_wave_window, 0, 0},
    {NULL, NULL, NULL, NULL, 0, 0},
};

/* The common options a design's run does not take, each with the reason (first in the
 * search: they shadow the common table's rows). */
static int refuse(const char *why, char *err, size_t n)
{
    put(err, n, "not for --design: %s", why);
    return -1;
}
#define REFUSAL(fn, why)                                                                           \
    static int fn(void *ctx, const char *v, char *err, size_t n)                                   \
    {                                                                                              \
        (void)ctx, (void)v;                                                                        \
        return refuse(why, err, n);                                                                \
    }
REFUSAL(no_block, "a design is its own top, not one of the kit's blocks")
REFUSAL(no_cycles, "the design's testbench runs its program to the end")
REFUSAL(no_snapshots, "the testbench runs once from reset; its waveform is the whole run")
REFUSAL(no_resets, "the design's testbench drives its own reset")
REFUSAL(no_no_compare, "the checker is part of the design's testbench (make bench times it off)")
REFUSAL(no_progress, "the testbench prints no progress")

static const cosim_option refused_options[] = {
    {"block", "NAME", "", no_block, 0, 0},
    {"cycles", "N", "", no_cycles, 0, 0},
    {"snapshot-interval", "N", "", no_snapshots, 0, 0},
    {"reset-rate", "N", "", no_resets, 0, 0},
    {"no-compare", NULL, "", no_no_compare, 0, 0},
    {"progress", NULL, "", no_progress, 0, 0},
    {NULL, NULL, NULL, NULL, 0, 0},
};

/* The kit's root: COSIM_ROOT (build/cosim exports it), else the folder above this binary's. */
static void kit_root(char *buf, size_t n)
{
    const char *env = getenv("COSIM_ROOT");
    if (env && *env) {
        put(buf, n, "%s", env);
        return;
    }
    char self[PATH_MAX];
    ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
    self[len > 0 ? len : 0] = 0;
    for (int up = 0; up < 2; up++) {
        char *slash = strrchr(self, '/');
        if (slash)
            *slash = 0;
    }
    put(buf, n, "%s", *self ? self : ".");
}

static bool is_file(const char *path)
{
    struct stat st;
    return !stat(path, &st) && S_ISREG(st.st_mode);
}

/* The example designs (folders of examples/designs/ with a Makefile), space-separated. */
static void list_designs(const char *root, char *buf, size_t n)
{
    char dir[PATH_MAX + 32], mk[2 * PATH_MAX];
    put(dir, sizeof dir, "%s/%s", root, designs_dir);
    buf[0] = 0;
    struct dirent **names;
    int k = scandir(dir, &names, NULL, alphasort);
    for (int i = 0; i < k; i++) {
        put(mk, sizeof mk, "%s/%s/Makefile", dir, names[i]->d_name);
        if (names[i]->d_name[0] != '.' && is_file(mk) && strlen(buf) + 1 < n)
            put(buf + strlen(buf), n - strlen(buf), "%s%s", *buf ? " " : "",
                     names[i]->d_name);
        free(names[i]);
    }
    if (k >= 0)
        free(names);
}

/* FNV-1a of a user's folder: its binary's key (two folders of one name, two binaries). */
static uint32_t path_key(const char *s)
{
    uint32_t h = 2166136261u;
    for (; *s; s++)
        h = (h ^ (uint8_t)*s) * 16777619u;
    return h;
}

/* The resolved design: its folder, name and model. */
typedef struct design_where {
    char dir[PATH_MAX], name[256], model[PATH_MAX], levels[32], modes[128], inputs[32];
    bool user;
} design_where;

/* Finds the design's folder and testbench and reads the levels it commits
 * ("// ctm-levels: 0 2" in tb_NAME.sv; none: level 0 only), its modes
 * ("// ctm-tb-modes: cmd"; none: none) and the inputs it asks for ("// ctm-inputs: edges";
 * none: the plain ones). 0, or -1 with a message. */
static int find_design(const char *root, const char *arg, design_where *w, char *err, size_t n)
{
    char tb[2 * PATH_MAX];
    w->user = strchr(arg, '/') != NULL;
    if (w->user) {
        /* a user's folder: its name is the design's, its Makefile builds tb_NAME */
        if (!realpath(arg, w->dir)) {
            put(err, n, "--design: no folder %s", arg);
            return -1;
        }
        const char *base = strrchr(w->dir, '/');
        put(w->name, sizeof w->name, "%s", base ? base + 1 : w->dir);
        if (!word_name(w->name)) {
            put(err, n,
                     "--design %s: the folder's name is the design's: letters, digits and _ "
                     "only, not '%s'",
                     w->dir, w->name);
            return -1;
        }
        put(tb, sizeof tb, "%s/Makefile", w->dir);
        if (!is_file(tb)) {
            put(err, n, "--design %s: no Makefile (docs/commit.md \"Your own design\")",
                     w->dir);
            return -1;
        }
    } else {
        char there[512];
        list_designs(root, there, sizeof there);
        put(w->dir, sizeof w->dir, "%s/%s/%s", root, designs_dir, arg);
        put(tb, sizeof tb, "%s/Makefile", w->dir);
        if (!word_name(arg) || !is_file(tb)) {
            put(err, n,
                     "no design '%s' under %s/ (there: %s; a folder of your own is a path "
                     "with a '/')",
                     arg, designs_dir, there);
            return -1;
        }
        put(w->name, sizeof w->name, "%s", arg);
    }
    put(tb, sizeof tb, "%s/tb_%s.sv", w->dir, w->name);
    FILE *f = fopen(tb, "r");
    if (!f) {
        put(err, n,
                 "--design %s: no tb_%s.sv (the testbench is named after the folder; "
                 "docs/commit.md)",
                 w->dir, w->name);
        return -1;
    }
    char line[512];
    /* the header lines a testbench may hold, each read once */
    const struct {
        const char *tag;
        char *dst;
        size_t size;
    } heads[] = {{"// ctm-levels: ", w->levels, sizeof w->levels},
                 {"// ctm-tb-modes: ", w->modes, sizeof w->modes},
                 {"// ctm-inputs: ", w->inputs, sizeof w->inputs}};
    enum { HEADS = sizeof heads / sizeof heads[0] };
    put(w->levels, sizeof w->levels, "0");
    w->modes[0] = w->inputs[0] = 0;
    bool seen[HEADS] = {false};
    while (fgets(line, sizeof line, f))
        for (size_t k = 0; k < HEADS; k++)
            if (!seen[k] && !strncmp(line, heads[k].tag, strlen(heads[k].tag))) {
                line[strcspn(line, "\r\n")] = 0;
                put(heads[k].dst, heads[k].size, "%s", line + strlen(heads[k].tag));
                seen[k] = true;
            }
    fclose(f);
    return 0;
}

/* Whether `word` is one of the space-separated words of `list`. */
static bool has_word(const char *list, const char *word)
{
    size_t n = strlen(word);
    for (const char *s = list; (s = strstr(s, word)); s++)
        if ((s == list || s[-1] == ' ') && (!s[n] || s[n] == ' '))
            return true;
    return false;
}

/* Whether the design commits `level` (a word of its levels). */
static bool commits_level(const char *levels, int level)
{
    char word[4];
    put(word, sizeof word, "%d", level);
    return has_word(levels, word);
}

static void usage(FILE *out, const char *root)
{
    char there[512], grammar[64];
    list_designs(root, there, sizeof there);
    cli_option shape[COSIM_PARAMS_MAX + 1];
    char help[COSIM_PARAMS_MAX][COSIM_PARAM_HELP];
    cosim_params_options(&cosim_params_design, shape, help);
    cosim_params_grammar(&cosim_params_design, grammar, sizeof grammar);
    fprintf(out,
            "usage: cosim --design NAME|DIR (--program ELF | --progen SEED | --tb-mode NAME) [options]\n\n"
            "One run of a design's commit- or transaction-level testbench: an example design\n"
            "(examples/designs/: %s) or a folder of your own. The testbench is\n"
            "built as a user builds it, through the design's own Makefile against this build's\n"
            "library; each design/shape/variant is one binary, build/cosim-design-NAME-%s[-VARIANT].\n"
            "Exit status: 0 the check passed, 1 a mismatch (the report is printed), 2 bad options\n"
            "or a run that could not start, 3 the testbench did not build.\n\n"
            "options:\n",
            there, grammar);
    cli_print_options(out, design_options);
    cli_print_options(out, shape);
    fprintf(out, "\ncommon options (as for every block):\n");
    for (const cosim_option *o = cosim_common_options; o->name; o++) {
        bool refused = !strcmp(o->name, "wave-window");
        for (const cosim_option *r = refused_options; r->name && !refused; r++)
            refused = !strcmp(r->name, o->name);
        if (!refused)
            cli_print_options(out, (cosim_option[]){*o, {NULL, NULL, NULL, NULL, 0, 0}});
    }
    fprintf(out, "  --seed is the testbench's stall and gap stream, 0..%u; --rtl-variant V applies\n"
                 "  tests/variants/designs/NAME/V.patch to a copy of the design; --json FILE gets a\n"
                 "  mismatch's report or a pass's record, each with the control coverage a commit\n"
                 "  checker counted; a mismatch's waveform (the whole run, FST) goes to --out.\n"
                 "\nnot taken by a design:",
            UINT32_MAX);
    for (const cosim_option *r = refused_options; r->name; r++)
        fprintf(out, " --%s", r->name);
    fprintf(out, "\n");
}

/* A value the description holds on one line. */
static int one_line(const char *what, const char *v, char *err, size_t n)
{
    if (v && strpbrk(v, "\r\n")) {
        put(err, n, "%s: a path with a line break is not taken", what);
        return -1;
    }
    return 0;
}

/* The checks between options, once all are parsed, and the model's name: 0, or -1. */
static int resolve(const char *root, const design_opts *d, const unsigned *shape, design_where *w,
                   char *err, size_t n)
{
    if (!d->design) {
        char there[512];
        list_designs(root, there, sizeof there);
        put(err, n, "which design? (--design %s or a folder of your own)", there);
        return -1;
    }
    if (find_design(root, d->design, w, err, n))
        return -1;
    if (d->tb_mode && !has_word(w->modes, d->tb_mode)) {
        put(err, n, "--tb-mode: tb_%s.sv has no mode %s (its modes: %s)", w->name, d->tb_mode,
            *w->modes ? w->modes : "none");
        return -1;
    }
    /* a mode's testbench may write its own program (mc_unit's cmd) */
    if (!d->program && !d->progen && !d->tb_mode) {
        put(err, n, "needs --program ELF or --progen SEED");
        return -1;
    }
    if (d->program && d->progen) {
        put(err, n, "--program and --progen: one of them");
        return -1;
    }
    if (cosim_cfg.seed > UINT32_MAX) {
        put(err, n, "--seed: '%llu' is not in 0..%u (the testbench's +seed)",
                 (unsigned long long)cosim_cfg.seed, UINT32_MAX);
        return -1;
    }
    const char *variant = cosim_cfg.variant;
    if (*variant && w->user) {
        put(err, n, "--rtl-variant: the kit's broken copies are of its example designs only");
        return -1;
    }
    char patch[2 * PATH_MAX];
    put(patch, sizeof patch, "%s/tests/variants/designs/%s/%s.patch", root, w->name, variant);
    if (*variant && !is_file(patch)) {
        put(err, n, "--rtl-variant: no %s.patch in tests/variants/designs/%s/", variant,
                 w->name);
        return -1;
    }
    if (d->level >= 0 && !commits_level(w->levels, d->level)) {
        put(err, n, "--level: %s commits level %s, not %d", w->name, w->levels, d->level);
        return -1;
    }
    if (one_line("--program", d->program, err, n) || one_line("--json", cosim_cfg.json_path, err, n) ||
        one_line("--out", cosim_cfg.out_dir, err, n) || one_line("--design", w->dir, err, n))
        return -1;
    char cfg[64];
    cosim_params_name(&cosim_params_design, shape, cfg, sizeof cfg);
    if (w->user)
        put(w->model, sizeof w->model, "design-user-%s-%u-%s", w->name, path_key(w->dir), cfg);
    else
        put(w->model, sizeof w->model, "design-%s-%s%s%s", w->name, cfg, *variant ? "-" : "",
                 variant);
    return 0;
}

/* A design's sources, under the keys a block's row has (cosim_params_print): its RTL is
 * NAME.sv in its folder with the top module NAME, its testbench tb_NAME.sv with the top
 * tb_NAME (docs/commit.md "Your own design"; tests/cli/cosim_config.sh holds each example's
 * Makefile to it). An example's paths are from the kit's folder, as a block's are. */
static void print_sources(FILE *out, const char *root, const design_where *w)
{
    const char *dir = w->dir;
    size_t r = strlen(root);
    if (!w->user && !strncmp(dir, root, r) && dir[r] == '/')
        dir += r + 1;
    fprintf(out, "dut=%s\nrtl=%s/%s.sv\ntb_files=%s/tb_%s.sv\ntb=tb_%s\n", w->name, dir, w->name,
            dir, w->name, w->name);
}

static void print_description(FILE *out, const char *root, const design_opts *d,
                              const unsigned *shape, const design_where *w)
{
    char args[128];
    cosim_params_args(&cosim_params_design, shape, args, sizeof args);
    fprintf(out, "model=%s\nblock=design\ndesign=%s\ndir=%s\nuser=%d\nvariant=%s\nargs=%s\n",
            w->model, w->name, w->dir, w->user, cosim_cfg.variant, args);
    for (unsigned i = 0; i < cosim_params_design.rows; i++)
        fprintf(out, "%s=%u\n", cosim_params_design.row[i].opt, shape[i]);
    print_sources(out, root, w);
    fprintf(out, "levels=%s\ntb_modes=%s\ninputs=%s\ntb_mode=%s\nlevel=", w->levels, w->modes,
            w->inputs, d->tb_mode ? d->tb_mode : "");
    if (d->level >= 0)
        fprintf(out, "%d", d->level);
    fprintf(out,
            "\nprogram=%s\nprogen=%s\nprogen_depth=%u\nprogen_profile=%s\nwidth=%u\nheight=%u\n"
            "seed=%llu\nstall=%u\njson=%s\nout=%s\nwave=%d\nquiet=%d\n",
            d->program ? d->program : "", d->progen ? d->progen : "", d->depth,
            pg_profile_name(d->profile), d->width, d->height, (unsigned long long)cosim_cfg.seed,
            d->stall, cosim_cfg.json_path ? cosim_cfg.json_path : "", cosim_cfg.out_dir,
            !d->wave_off, cosim_cfg.quiet);
}

int cosim_design_config(int argc, char **argv)
{
    char root[PATH_MAX];
    kit_root(root, sizeof root);
    design_opts d = {.depth = 6, .width = 32, .height = 24, .stall = 25, .level = -1};
    unsigned shape[COSIM_PARAMS_MAX];
    cosim_params_defaults(&cosim_params_design, shape);
    cli_option params[COSIM_PARAMS_MAX + 1];
    cosim_params_options(&cosim_params_design, params, NULL);
    cli_parser p;
    cli_init(&p, "cosim", argc, argv, refused_options, design_options);
    p.tables[2] = params;
    p.tables[3] = cosim_common_options;
    p.ctx[1] = &d;
    p.ctx[3] = &cosim_cfg;
    p.scope = "for --design";
    switch (cosim_parse_options(&p, &cosim_params_design, shape)) {
    case CLI_HELP:
        usage(stdout, root);
        return 0;
    case CLI_ERROR:
        return 2;
    }
    design_where w;
    char err[1024];
    if (resolve(root, &d, shape, &w, err, sizeof err)) {
        cli_error(&p, "%s", err);
        return 2;
    }
    print_description(stdout, root, &d, shape, &w);
    return 0;
}

int cosim_design_model(const char *model)
{
    /* design-NAME-<shape>[-VARIANT]: the shape is the design table's name (c4l16) */
    char name[256], cfg[64], variant[64] = "", err[512] = "";
    const char *rest = model + strlen("design-"), *dash;
    if (strncmp(model, "design-", 7) || !(dash = strchr(rest, '-')) ||
        (size_t)(dash - rest) >= sizeof name)
        goto bad;
    put(name, sizeof name, "%.*s", (int)(dash - rest), rest);
    const char *vdash = strchr(dash + 1, '-');
    put(cfg, sizeof cfg, "%.*s", vdash ? (int)(vdash - dash - 1) : (int)strlen(dash + 1),
             dash + 1);
    if (vdash)
        put(variant, sizeof variant, "%s", vdash + 1);
    unsigned shape[COSIM_PARAMS_MAX];
    if (!word_name(name) || (vdash && !word_name(variant)) ||
        cosim_params_parse_name(&cosim_params_design, cfg, shape, err, sizeof err))
        goto bad;
    char root[PATH_MAX];
    kit_root(root, sizeof root);
    design_where w;
    if (find_design(root, name, &w, err, sizeof err)) {
        fprintf(stderr, "cosim_config: %s: %s\n", model, err);
        return 2;
    }
    put(w.model, sizeof w.model, "%s", model);
    cosim_cfg.variant = variant;
    design_opts d = {.depth = 6, .width = 32, .height = 24, .stall = 25, .level = -1};
    print_description(stdout, root, &d, shape, &w);
    return 0;
bad:
    fprintf(stderr,
            "cosim_config: '%s' is not a design model: design-NAME-c<contexts>l<lanes>[-VARIANT]%s%s\n",
            model, *err ? ": " : "", err);
    return 2;
}

void cosim_design_print_rows(FILE *out)
{
    char root[PATH_MAX], names[1024], err[1024];
    kit_root(root, sizeof root);
    list_designs(root, names, sizeof names);
    for (char *save, *name = strtok_r(names, " ", &save); name; name = strtok_r(NULL, " ", &save)) {
        design_where w;
        if (find_design(root, name, &w, err, sizeof err)) {
            fprintf(out, "| | *example* | %s | | | |\n", err);
            continue;
        }
        fprintf(out,
                "| | *example* | %s/%s/%s.sv (`%s`); %s/%s/tb_%s.sv | top `tb_%s` | levels %s%s%s%s%s "
                "| `design-%s-...` |\n",
                designs_dir, name, name, name, designs_dir, name, name, name, w.levels,
                *w.modes ? "; modes " : "", w.modes, *w.inputs ? "; inputs " : "", w.inputs,
                name);
    }
}
