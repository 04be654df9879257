/* Each block's parameters, one table each, and everything read from them
 * (cosim_params.h): values and their ranges, the rules between them, the
 * configuration and model names, the option words and the -G parameters. */
#include "cosim_params.h"

#include "fc.h"
#include "pred_map.h"
#include "pred_stack.h"
#include "stack_acct.h"

#include <stdarg.h>
#include <stdbool.h>
#include <string.h>
#include <strings.h>

/* ------------------------------------------------------------------ the tables */

static const char *const rule_names[] = {"isa", "mesa", "llvm", NULL};
static const char *const chip_names[] = {"r7xx", "evergreen", "ni", "cayman", NULL};

/* The shapes two tables share, one row per line. */
// clang-format off
/* fc_unit's shape; the system run's fc_unit takes the same options (its contexts are
 * the processor array's wavefronts in flight, at most 16). */
#define FC_SHAPE(ctx_hi, ctx_help)                                                                 \
    {"contexts", "N", "Contexts", "", 1, ctx_hi, 1, 1, NULL, 0, ctx_help},                        \
        {"lanes", "N", "Lanes", "x", 1, FC_MAX_LANES, 64, 1, NULL, 0, "lanes per wavefront"},     \
        {"addr-depth", "N", "AddrDepth", "a", 0, FC_MAX_DEPTH, 4, 1, NULL, 0,                      \
         "address stack entries"},                                                                 \
        {"loop-depth", "N", "LoopDepth", "l", 0, FC_MAX_DEPTH, 4, 1, NULL, 0,                      \
         "loop stack frames in full mode"},                                                        \
        {"bc-width", "N", "BcWidth", "b", 3, 8, 6, 1, NULL, 0, "branch counter width"}

/* stack_acct's shape; in the system run it follows the other blocks' parts of the name. */
#define STACK_SHAPE(width_tag, depth_sv)                                                           \
    {"width", "W", "Width", width_tag, 16, 64, 64, 16, NULL, 0, "physical thread-group width"},   \
        {"rule", "R", "Rule", ".", 0, STACK_RULE_COUNT - 1, STACK_RULE_ISA, 1, rule_names, 0,      \
         "accounting rule"},                                                                       \
        {"chip", "C", "Chip", ".", 0, STACK_CHIP_COUNT - 1, STACK_CHIP_R7XX, 1, chip_names, 0,     \
         "chip class for the rules that need one"},                                                \
        {"tracker-depth", "N", depth_sv, ".d", 1, STACK_ACCT_MAX_DEPTH, 64, 1, NULL, 0,            \
         "frames the tracker holds"}
// clang-format on

static const cosim_param_row pred_rows[] = {
    {"contexts", "N", "Contexts", "", 1, PRED_STACK_MAX, 32, 1, NULL, 0, "contexts"},
    {"lanes", "N", "Lanes", "x", 1, PRED_STACK_MAX, 20, 1, NULL, 0, "lanes"},
    {"depth", "N", "Depth", "x", 1, PRED_STACK_MAX, 32, 1, NULL, 0, "stack depth"},
    {"spu-sc", "N", "SpuSc", "g", 0, PRED_STACK_MAX - 1, 0, 1, NULL, COSIM_PARAM_OPTIONAL,
     "group the lanes as SPUs of N SC lanes and 1 SFU lane (the patent's: 4, with 20 lanes; "
     "0: flat lanes)"},
};
enum { PRED_LANES = 1, PRED_SPU_SC = 3 };

static const cosim_param_row stack_rows[] = {STACK_SHAPE("w", "Depth")};

static const cosim_param_row fc_rows[] = {FC_SHAPE(256, "contexts (wavefronts)")};

static const cosim_param_row system_rows[] = {
    /* 16: the processor array's wavefronts in flight (csim/machine/pa_int.h, PA_MAX_CONTEXTS) */
    FC_SHAPE(16, "wavefronts in flight (fc_unit contexts; the processor array's limit)"),
    {"pred-depth", "N", "PredDepth", ".p", 1, PRED_STACK_MAX, PRED_STACK_MAX, 1, NULL, 0,
     "predicate-stack entries per context"},
    {"pred-spu-sc", "K", "PredSpuSc", "g", 0, PRED_MAP_QUARTER, 0, 1, NULL, COSIM_PARAM_OPTIONAL,
     "group each quarter-wave's 16 lanes as the SC lanes of 16/K SPUs, each with an SFU lane (the "
     "patent's: 4, 20 lanes; K divides 16, the lanes are whole quarters; 0: flat)"},
    STACK_SHAPE(".w", "TrackerDepth"),
};
enum { SYS_LANES = 1, SYS_PRED_SPU_SC = 6 };

#define ROWS(r) r, sizeof r / sizeof r[0]

/* pred_stack: the lanes are whole SPUs of spu-sc SC lanes and one SFU lane. */
static int pred_check(const unsigned *v, char *err, size_t errlen)
{
    unsigned k = v[PRED_SPU_SC], lanes = v[PRED_LANES];
    if (k && lanes % (k + 1)) {
        snprintf(err, errlen,
                 "--spu-sc %u: --lanes %u is not a whole number of SPUs of %u SC lanes and 1 SFU "
                 "lane",
                 k, lanes, k);
        return -1;
    }
    return 0;
}

/* The system's predicate stack (docs/system.md): SPUs split a quarter-wave's 16 lanes,
 * and each wavefront is whole quarters. */
static int system_check(const unsigned *v, char *err, size_t errlen)
{
    unsigned k = v[SYS_PRED_SPU_SC], lanes = v[SYS_LANES];
    if (k && PRED_MAP_QUARTER % k) {
        snprintf(err, errlen, "--pred-spu-sc: '%u' does not divide a quarter-wave's %u lanes", k,
                 PRED_MAP_QUARTER);
        return -1;
    }
    if (k && lanes % PRED_MAP_QUARTER) {
        snprintf(err, errlen,
                 "--pred-spu-sc %u needs whole quarter-waves: --lanes %u is not a multiple of %u",
                 k, lanes, PRED_MAP_QUARTER);
        return -1;
    }
    return 0;
}

/* Each block's RTL files and its testbench's port package, once: the system's are theirs. */
#define PRED_RTL "rtl/pred_stack.sv"
#define STACK_RTL "rtl/stack_acct.sv"
#define FC_RTL "rtl/fc_unit.sv rtl/fc_branch_counters.sv rtl/fc_addr_stack.sv rtl/fc_loop_stack.sv"
#define PORTS(unit) "harness/" unit "_ports.sv"

const cosim_params cosim_params_pred = {
    "pred", ROWS(pred_rows), pred_check, "with --spu-sc K, --lanes is a multiple of K + 1",
    "pred_stack", PRED_RTL, PORTS("pred_stack") " harness/tb_pred_stack.sv", "tb_pred_stack"};
const cosim_params cosim_params_stack = {
    "stack", ROWS(stack_rows), NULL, NULL,
    "stack_acct", STACK_RTL, PORTS("stack_acct") " harness/tb_stack_acct.sv", "tb_stack_acct"};
const cosim_params cosim_params_fc = {"fc", ROWS(fc_rows), NULL, NULL,
                                      "fc_unit", FC_RTL,
                                      PORTS("fc_unit") " harness/tb_fc_unit.sv", "tb_fc_unit"};
const cosim_params cosim_params_system = {
    "system", ROWS(system_rows), system_check,
    "--pred-spu-sc K divides 16, and with it --lanes is a multiple of 16", NULL,
    FC_RTL " " PRED_RTL " " STACK_RTL,
    PORTS("fc_unit") " " PORTS("pred_stack") " " PORTS("stack_acct") " harness/tb_system.sv",
    "tb_system"};

/* An example design's (or a user's folder's) shape (cosim --design, cosim_design.c): the
 * design Makefile's CONTEXTS, and the lanes of the testbench it builds (OUT/l16, OUT/l64). */
static const cosim_param_row design_rows[] = {
    {"contexts", "N", "CONTEXTS", "c", 1, 8, 4, 1, NULL, 0, "the design's contexts"},
    {"lanes", "N", "LANES", "l", 16, 64, 16, 48, NULL, 0, "lanes of the design and the model"},
};
const cosim_params cosim_params_design = {
    .block = "design", .row = design_rows, .rows = sizeof design_rows / sizeof design_rows[0]};

const cosim_params *const cosim_params_all[] = {&cosim_params_pred, &cosim_params_stack,
                                                &cosim_params_fc, &cosim_params_system, NULL};

const cosim_params *cosim_params_find(const char *block)
{
    for (unsigned i = 0; cosim_params_all[i]; i++)
        if (!strcmp(cosim_params_all[i]->block, block))
            return cosim_params_all[i];
    return NULL;
}

int cosim_params_row(const cosim_params *t, const char *opt)
{
    for (unsigned i = 0; i < t->rows; i++)
        if (!strcmp(t->row[i].opt, opt))
            return (int)i;
    return -1;
}

void cosim_params_defaults(const cosim_params *t, unsigned *v)
{
    for (unsigned i = 0; i < t->rows; i++)
        v[i] = t->row[i].def;
}

/* ------------------------------------------------------------------ text */

/* Appends to buf (a string of capacity n); a full buffer keeps what fitted. */
__attribute__((format(printf, 3, 4))) static void add(char *buf, size_t n, const char *fmt, ...)
{
    size_t used = strlen(buf);
    if (used + 1 >= n)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + used, n - used, fmt, ap);
    va_end(ap);
}

/* The values a row takes, as --help and the errors say them: "1..64",
 * "isa, mesa or llvm", "16, 32, 48 or 64". */
static void describe_range(const cosim_param_row *p, char *buf, size_t n)
{
    buf[0] = 0;
    if (!p->names && p->step <= 1) {
        add(buf, n, "%u..%u", p->lo, p->hi);
        return;
    }
    for (unsigned x = p->lo; x <= p->hi; x += p->step ? p->step : 1) {
        const char *sep = x == p->lo ? "" : x + (p->step ? p->step : 1) > p->hi ? " or " : ", ";
        if (p->names)
            add(buf, n, "%s%s", sep, p->names[x]);
        else
            add(buf, n, "%s%u", sep, x);
    }
}

/* A value as the name and the option words spell it. */
static void add_value(char *buf, size_t n, const cosim_param_row *p, unsigned x)
{
    if (p->names && x <= p->hi)
        add(buf, n, "%s", p->names[x]);
    else
        add(buf, n, "%u", x);
}

static bool omitted(const cosim_param_row *p, unsigned x)
{
    return (p->flags & COSIM_PARAM_OPTIONAL) && x == 0;
}

int cosim_params_set(const cosim_params *t, unsigned row, const char *text, unsigned *v, char *err,
                     size_t errlen)
{
    const cosim_param_row *p = &t->row[row];
    char range[96];
    describe_range(p, range, sizeof range);
    if (p->names) {
        for (unsigned x = 0; x <= p->hi; x++)
            if (!strcasecmp(text, p->names[x])) {
                v[row] = x;
                return 0;
            }
        snprintf(err, errlen, "'%s' is not one of %s", text, range);
        return -1;
    }
    unsigned x;
    bool bad = cli_range_u(text, p->lo, p->hi, &x, err, errlen) != 0;
    if (p->step > 1 && (bad || (x - p->lo) % p->step)) {
        snprintf(err, errlen, "'%s' is not %s", text, range);
        return -1;
    }
    if (bad)
        return -1;
    v[row] = x;
    return 0;
}

int cosim_params_check(const cosim_params *t, const unsigned *v, char *err, size_t errlen)
{
    return t->check ? t->check(v, err, errlen) : 0;
}

void cosim_params_name(const cosim_params *t, const unsigned *v, char *buf, size_t n)
{
    buf[0] = 0;
    for (unsigned i = 0; i < t->rows; i++)
        if (!omitted(&t->row[i], v[i])) {
            add(buf, n, "%s", t->row[i].tag);
            add_value(buf, n, &t->row[i], v[i]);
        }
}

void cosim_params_args(const cosim_params *t, const unsigned *v, char *buf, size_t n)
{
    buf[0] = 0;
    for (unsigned i = 0; i < t->rows; i++)
        if (!omitted(&t->row[i], v[i])) {
            add(buf, n, "%s--%s ", i ? " " : "", t->row[i].opt);
            add_value(buf, n, &t->row[i], v[i]);
        }
}

void cosim_params_sv(const cosim_params *t, const unsigned *v, char *buf, size_t n)
{
    buf[0] = 0;
    for (unsigned i = 0; i < t->rows; i++)
        add(buf, n, "%s-G%s=%u", i ? " " : "", t->row[i].sv, v[i]);
}

void cosim_params_grammar(const cosim_params *t, char *buf, size_t n)
{
    buf[0] = 0;
    for (unsigned i = 0; i < t->rows; i++) {
        const cosim_param_row *p = &t->row[i];
        bool opt = p->flags & COSIM_PARAM_OPTIONAL;
        add(buf, n, "%s%s<", opt ? "[" : "", p->tag);
        if (p->names)
            for (unsigned x = 0; x <= p->hi; x++)
                add(buf, n, "%s%s", x ? "|" : "", p->names[x]);
        else
            add(buf, n, "%s", p->opt);
        add(buf, n, ">%s", opt ? "]" : "");
    }
}

int cosim_params_parse_name(const cosim_params *t, const char *name, unsigned *v, char *err,
                            size_t errlen)
{
    char grammar[256];
    cosim_params_grammar(t, grammar, sizeof grammar);
    const char *s = name;
    for (unsigned i = 0; i < t->rows; i++) {
        const cosim_param_row *p = &t->row[i];
        size_t tag = strlen(p->tag);
        if (strncmp(s, p->tag, tag)) {
            if (p->flags & COSIM_PARAM_OPTIONAL) {
                v[i] = 0;
                continue;
            }
            goto bad;
        }
        s += tag;
        /* the value: a name of the row, or decimal digits */
        char text[24];
        size_t len = 0;
        if (p->names) {
            for (unsigned x = 0; x <= p->hi && !len; x++)
                if (!strncmp(s, p->names[x], strlen(p->names[x])))
                    len = strlen(p->names[x]);
        } else
            len = strspn(s, "0123456789");
        if (!len || len >= sizeof text)
            goto bad;
        snprintf(text, sizeof text, "%.*s", (int)len, s);
        s += len;
        char why[160];
        if (cosim_params_set(t, i, text, v, why, sizeof why)) {
            snprintf(err, errlen, "%s configuration %s: --%s: %s", t->block, name, p->opt, why);
            return -1;
        }
    }
    if (*s)
        goto bad;
    /* one spelling per configuration: no leading zeros, no "g0" */
    char canonical[256];
    cosim_params_name(t, v, canonical, sizeof canonical);
    if (strcmp(canonical, name)) {
        snprintf(err, errlen, "%s configuration %s is spelled %s", t->block, name, canonical);
        return -1;
    }
    char why[256];
    if (cosim_params_check(t, v, why, sizeof why)) {
        snprintf(err, errlen, "%s configuration %s: %s", t->block, name, why);
        return -1;
    }
    return 0;
bad:
    snprintf(err, errlen, "'%s' is not a %s configuration: %s", name, t->block, grammar);
    return -1;
}

void cosim_params_pick(const cosim_params *to, unsigned *tv, const cosim_params *from,
                       const unsigned *fv)
{
    for (unsigned i = 0; i < to->rows; i++) {
        int r = cosim_params_row(from, to->row[i].opt);
        tv[i] = r < 0 ? to->row[i].def : fv[r];
    }
}

/* ------------------------------------------------------------------ model names */

int cosim_variant_valid(const char *variant, char *err, size_t errlen)
{
    if (strspn(variant, "abcdefghijklmnopqrstuvwxyz0123456789_") != strlen(variant)) {
        snprintf(err, errlen, "'%s' is not a variant name (lower-case letters, digits and _)",
                 variant);
        return -1;
    }
    return 0;
}

int cosim_model_name(const cosim_params *t, const unsigned *v, const char *variant, char *buf,
                     size_t n)
{
    char cfg[256];
    cosim_params_name(t, v, cfg, sizeof cfg);
    int len = snprintf(buf, n, "%s-%s%s%s", t->block, cfg, *variant ? "-" : "", variant);
    return len < 0 || (size_t)len >= n ? -1 : 0;
}

int cosim_model_parse(const char *model, const cosim_params **t, unsigned *v, char *variant,
                      size_t variant_len, char *err, size_t errlen)
{
    const char *dash = strchr(model, '-');
    char block[16];
    if (!dash || (size_t)(dash - model) >= sizeof block) {
        snprintf(err, errlen, "'%s' is not a model name: <block>-<configuration>[-<variant>]",
                 model);
        return -1;
    }
    snprintf(block, sizeof block, "%.*s", (int)(dash - model), model);
    if (!(*t = cosim_params_find(block))) {
        snprintf(err, errlen, "%s: unknown block '%s' (pred, stack, fc or system)", model, block);
        return -1;
    }
    const char *cfg = dash + 1, *vdash = strchr(cfg, '-');
    char name[256];
    snprintf(name, sizeof name, "%.*s", vdash ? (int)(vdash - cfg) : (int)strlen(cfg), cfg);
    if (cosim_params_parse_name(*t, name, v, err, errlen))
        return -1;
    const char *var = vdash ? vdash + 1 : "";
    char why[160] = "an empty variant name";
    if ((vdash && !*var) || cosim_variant_valid(var, why, sizeof why)) {
        snprintf(err, errlen, "%s: %s", model, why);
        return -1;
    }
    snprintf(variant, variant_len, "%s", var);
    return 0;
}

void cosim_params_print(FILE *out, const cosim_params *t, const unsigned *v, const char *variant)
{
    char model[320], cfg[256], args[512], sv[512];
    cosim_model_name(t, v, variant, model, sizeof model);
    cosim_params_name(t, v, cfg, sizeof cfg);
    cosim_params_args(t, v, args, sizeof args);
    cosim_params_sv(t, v, sv, sizeof sv);
    fprintf(out, "model=%s\nblock=%s\nconfig=%s\nvariant=%s\nargs=%s\nsv=%s\n", model, t->block,
            cfg, variant, args, sv);
    fprintf(out, "dut=%s\nrtl=%s\ntb_files=%s\ntb=%s\n", t->dut ? t->dut : "", t->rtl,
            t->tb_files, t->tb);
}

void cosim_params_print_table(FILE *out)
{
    fprintf(out, "| block | option | values | default | SV parameter | in the name |\n"
                 "|---|---|---|---|---|---|\n");
    /* the blocks, then a design's shape (cosim --design; its sources are its Makefile's) */
    for (unsigned b = 0; b == 0 || cosim_params_all[b - 1]; b++) {
        const cosim_params *t = cosim_params_all[b] ? cosim_params_all[b] : &cosim_params_design;
        for (unsigned i = 0; i < t->rows; i++) {
            const cosim_param_row *p = &t->row[i];
            char range[96], def[32] = "";
            describe_range(p, range, sizeof range);
            add_value(def, sizeof def, p, p->def);
            fprintf(out, "| %s | `--%s` | %s | %s | `%s` | `%s<%s>`%s |\n", i ? "" : t->block,
                    p->opt, range, def, p->sv, p->tag, p->opt,
                    p->flags & COSIM_PARAM_OPTIONAL ? ", left out when 0" : "");
        }
        /* the whole name, its alternatives' '|' escaped for the table */
        char grammar[256];
        cosim_params_grammar(t, grammar, sizeof grammar);
        fprintf(out, "| | *model* | | | | `%s-%s", t->block, t->tb ? "" : "NAME-");
        for (const char *c = grammar; *c; c++)
            fprintf(out, *c == '|' ? "\\|" : "%c", *c);
        fprintf(out, "%s` |\n", t->tb ? "" : "[-VARIANT]");
        if (t->rules)
            fprintf(out, "| | *rules* | %s | | | |\n", t->rules);
        if (t->tb)
            fprintf(out, "| | *sources* | %s%s%s%s; %s | top `%s` | | |\n", t->rtl,
                    t->dut ? " (`" : "", t->dut ? t->dut : "", t->dut ? "`)" : "", t->tb_files,
                    t->tb);
        else
            fprintf(out, "| | *sources* | examples/designs/NAME/ (or a folder of your own): "
                         "NAME.sv (`NAME`), tb_NAME.sv, built by its Makefile; levels, modes "
                         "and inputs on tb_NAME.sv's `// ctm-` lines | top `tb_NAME` | | |\n");
    }
}

/* ------------------------------------------------------------------ options */

void cosim_params_options(const cosim_params *t, cli_option *opts, char (*help)[COSIM_PARAM_HELP])
{
    for (unsigned i = 0; i < t->rows; i++) {
        const cosim_param_row *p = &t->row[i];
        opts[i] = (cli_option){p->opt, p->meta, "", NULL, (int)i, 0};
        if (!help)
            continue;
        char range[96], def[32] = "";
        describe_range(p, range, sizeof range);
        add_value(def, sizeof def, p, p->def);
        snprintf(help[i], COSIM_PARAM_HELP, "%s%s %s (default %s)", p->help,
                 p->names || p->step > 1 ? ":" : ",", range, def);
        opts[i].help = help[i];
    }
    opts[t->rows] = (cli_option){NULL, NULL, NULL, NULL, 0, 0};
}
