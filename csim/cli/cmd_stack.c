/* dpp stack: the STACK_SIZE an event list needs under one accounting rule,
 * and the line where the high-water mark is first reached. */
#include "cmd_args.h"
#include "commands.h"
#include "stack_acct.h"
#include "stack_events.h"
#include "stack_prog.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define STACK_FILE_MAX (16u << 20) /* refuse event files above 16 MiB */

static const char usage_text[] =
    "usage: dpp stack EVENTS|PROG.elf --width 16|32|48|64 --rule isa|mesa|llvm\n"
    "                 [--chip r600|r700|evergreen|ni|cayman] [--stack-size N] [--trace]\n"
    "Prints the STACK_SIZE (in entries) the input needs and where the high-water\n"
    "mark is first reached. EVENTS holds one op per line (push [wqm], push_wqm,\n"
    "push_else [wqm], alu_push_before, loop_start, call, pop [N], alu_pop_after,\n"
    "alu_pop2_after, loop_end, return, else [N] [taken], jump [N] [taken], clear,\n"
    "nop); '#' starts a comment; the mark is a line. A CTM executable (a file that\n"
    "starts with the ELF magic, as `dpp asm` writes) is walked statically: if =\n"
    "alu_push_before, else = else not taken, endif = pop N, loop/rep = loop_start,\n"
    "endloop/endrep = loop_end, call = call (the subroutine is walked there),\n"
    "ret = return, break/continue and ret if = no change; the mark is a slot.\n"
    "See docs/stack_acct.md.\n"
    "  --chip        chip class for the mesa and llvm rules (default r700)\n"
    "  --stack-size  fail (exit 1) at the first line or slot needing more than N entries\n"
    "  --trace       print entries, subentries and need after every op\n";

/* Command-line names of the chip classes (r600 and r700 share a class). */
static const struct {
    const char *name;
    unsigned chip;
} chips[] = {
    {"r600", STACK_CHIP_R7XX}, {"r700", STACK_CHIP_R7XX},     {"evergreen", STACK_CHIP_EVERGREEN},
    {"ni", STACK_CHIP_NI},     {"cayman", STACK_CHIP_CAYMAN},
};

typedef struct stack_opts {
    const char *path;
    stack_acct_cfg cfg;
    long stack_size; /* -1: no check */
    int trace;
    int prog; /* the input is a CTM executable: events carry slots, not lines */
} stack_opts;

enum { K_WIDTH = 1, K_RULE, K_CHIP, K_STACK_SIZE, K_TRACE };

static const cli_option stack_options[] = {
    {"width", "16|32|48|64", "physical thread-group width (required)", NULL, K_WIDTH,
     CLI_REQUIRED},
    {"rule", "isa|mesa|llvm", "accounting rule (required)", NULL, K_RULE, CLI_REQUIRED},
    {"chip", "C", "r600 r700 evergreen ni cayman", NULL, K_CHIP, 0},
    {"stack-size", "N", "0..255", NULL, K_STACK_SIZE, 0},
    {"trace", NULL, "print entries, subentries and need after every op", NULL, K_TRACE, 0},
    {NULL, NULL, NULL, NULL, 0, 0},
};

static void stack_usage(FILE *out)
{
    fputs(usage_text, out);
}

/* One option's value into o; 0, or -1 with a message in err. */
static int stack_option(void *ctx, const cli_option *opt, const char *v, char *err, size_t errlen)
{
    stack_opts *o = ctx;
    unsigned width;
    uint64_t size;
    size_t k = 0, n = sizeof chips / sizeof chips[0];
    switch (opt->key) {
    case K_WIDTH:
        if (cli_range_u(v, 1, 64, &width, err, errlen) || !stack_acct_subentries_per_entry(width))
            return snprintf(err, errlen, "'%s' is not 16, 32, 48 or 64", v), -1;
        o->cfg.width = width;
        return 0;
    case K_RULE:
        for (unsigned r = 0; r < STACK_RULE_COUNT; r++)
            if (!strcasecmp(v, stack_rule_name(r))) {
                o->cfg.rule = r;
                return 0;
            }
        return snprintf(err, errlen, "'%s' is not isa, mesa or llvm", v), -1;
    case K_CHIP:
        while (k < n && strcasecmp(v, chips[k].name))
            k++;
        if (k == n)
            return snprintf(err, errlen, "'%s' is not r600, r700, evergreen, ni or cayman", v), -1;
        o->cfg.chip = chips[k].chip;
        return 0;
    case K_STACK_SIZE:
        if (cli_range(v, 0, 255, &size, err, errlen))
            return -1;
        o->stack_size = (long)size;
        return 0;
    default:
        o->trace = 1;
        return 0;
    }
}

static const cmd_args stack_args = {.prog = "dpp stack",
                                    .options = stack_options,
                                    .input = "EVENTS or PROG.elf",
                                    .one_only = "one input only",
                                    .usage = stack_usage,
                                    .option = stack_option};

/* Reads a whole file into a new buffer; 0 on success. */
static int read_file(const char *path, char **buf, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "%s: error: cannot open: %s\n", path, strerror(errno));
        return 1;
    }
    char *b = malloc(STACK_FILE_MAX + 1);
    size_t n = b ? fread(b, 1, STACK_FILE_MAX + 1, f) : 0;
    int bad = !b || ferror(f) || n > STACK_FILE_MAX;
    fclose(f);
    if (bad) {
        fprintf(stderr, "%s: error: cannot read (or larger than %u bytes)\n", path, STACK_FILE_MAX);
        free(b);
        return 1;
    }
    *buf = b;
    *len = n;
    return 0;
}

/* "FILE:LINE:COL: " of an event-file op, "FILE: slot N: " of a program's. */
static const char *where(const stack_opts *o, const stack_event *e, char *buf, size_t size)
{
    if (o->prog)
        snprintf(buf, size, "%s: slot %u: ", o->path, e->line);
    else
        snprintf(buf, size, "%s:%u:%u: ", o->path, e->line, e->col);
    return buf;
}

/* Runs the events through the model; prints the result or the first error. */
static int run(const stack_opts *o, stack_acct_model *m, const stack_event *ev, size_t n)
{
    unsigned max = 0, max_line = 0;
    char at[4200];
    for (size_t i = 0; i < n; i++) {
        const stack_event *e = &ev[i];
        stack_acct_in in = e->in;
        in.stack_size = o->stack_size < 0 ? 255u : (unsigned)o->stack_size;
        stack_acct_out out;
        stack_acct_step(m, &in, NULL);
        stack_acct_observe(m, &out);
        if (o->trace && o->prog)
            printf("%s: slot %u: %-8s %-15s entries %u subentries %u need %u\n", o->path, e->line,
                   e->spell, stack_op_name(e->in.op), out.entries, out.subentries, out.need);
        else if (o->trace)
            printf("%s:%u: %-15s entries %u subentries %u need %u\n", o->path, e->line, e->spell,
                   out.entries, out.subentries, out.need);
        if (out.underflow || out.drop) {
            fprintf(stderr, "%serror: '%s' %s\n", where(o, e, at, sizeof at), e->spell,
                    out.underflow ? "pops more frames than are live (stack underflow)"
                                  : "nests deeper than the tracker holds");
            return 1;
        }
        if (o->stack_size >= 0 && out.overflow) {
            fprintf(stderr, "%serror: stack overflow: needs %u entries, STACK_SIZE is %ld\n",
                    where(o, e, at, sizeof at), out.need, o->stack_size);
            return 1;
        }
        if (out.need > max) {
            max = out.need;
            max_line = e->line;
        }
    }
    printf("%s: STACK_SIZE %u", o->path, max);
    if (max)
        printf(", high-water mark at %s %u", o->prog ? "slot" : "line", max_line);
    printf(" (rule %s, chip %s, width %u)\n", stack_rule_name(o->cfg.rule),
           stack_chip_name(o->cfg.chip), o->cfg.width);
    return 0;
}

/* Whether the file starts with the ELF magic (or is a prefix of it, so that a
 * truncated executable is reported by the ELF reader). */
static int is_elf(const char *buf, size_t len)
{
    static const char magic[4] = {0x7f, 'E', 'L', 'F'};
    return len && !memcmp(buf, magic, len < 4 ? len : 4);
}

/* The events of the input: parsed from an event list, or walked from a CTM
 * executable. */
static dpp_status load_events(stack_opts *o, const char *text, size_t len, stack_event **ev,
                              size_t *n, dpp_error *err)
{
    o->prog = is_elf(text, len);
    if (!o->prog)
        return stack_events_parse(o->path, text, len, ev, n, err);
    dpp_exe *exe = malloc(sizeof *exe);
    if (!exe)
        return dpp_error_set(err, DPP_E_NOMEM, "%s: out of memory", o->path);
    dpp_status rc = dpp_elf_read_mem((const uint8_t *)text, len, o->path, exe, err);
    if (!rc)
        rc = stack_prog_walk(o->path, exe, ev, n, err);
    free(exe);
    return rc;
}

int cmd_stack(int argc, char **argv)
{
    stack_opts o = {.cfg = {.chip = STACK_CHIP_R7XX, .depth = STACK_ACCT_MAX_DEPTH},
                    .stack_size = -1};
    cli_parser p;
    int rc = cmd_parse_args(&stack_args, &p, argc, argv, &o, &o.path);
    if (rc >= 0)
        return rc;
    char *text;
    size_t len;
    if (read_file(o.path, &text, &len))
        return 1;
    dpp_error err = {0};
    stack_event *ev = NULL;
    size_t n = 0;
    stack_acct_model *m = NULL;
    if (load_events(&o, text, len, &ev, &n, &err) || stack_acct_create(&o.cfg, &m, &err)) {
        fprintf(stderr, "%s\n", err.msg);
        rc = 1;
    } else {
        rc = run(&o, m, ev, n);
    }
    stack_acct_destroy(m);
    stack_events_free(ev);
    free(text);
    return rc;
}
