/* Option tables, the argument walk and counts (cliopt.h). */
#include "cliopt.h"

#include <stdarg.h>
#include <string.h>

void cli_init(cli_parser *p, const char *prog, int argc, char **argv, const cli_option *t0,
              const cli_option *t1)
{
    memset(p, 0, sizeof *p);
    p->prog = prog;
    p->argc = argc;
    p->argv = argv;
    p->next = 1;
    unsigned n = 0;
    if (t0)
        p->tables[n++] = t0;
    if (t1)
        p->tables[n++] = t1;
}

void cli_error(const cli_parser *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: ", p->prog);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

static const char *dashes(const cli_option *o)
{
    return o->name[1] ? "--" : "-";
}

int cli_bad_value(const cli_parser *p, const cli_option *o, const char *what)
{
    cli_error(p, "%s%s: %s", dashes(o), o->name, what);
    return CLI_ERROR;
}

/* The option called name (len bytes), and the index of its table in *table. */
static const cli_option *lookup(const cli_parser *p, const char *name, size_t len,
                                unsigned *table)
{
    for (unsigned t = 0; t < CLI_MAX_TABLES && p->tables[t]; t++)
        for (const cli_option *o = p->tables[t]; o->name; o++)
            if (strlen(o->name) == len && !strncmp(o->name, name, len)) {
                *table = t;
                return o;
            }
    return NULL;
}

static void mark_seen(cli_parser *p, const cli_option *o)
{
    for (unsigned i = 0; i < p->nseen; i++)
        if (p->seen[i] == o)
            return;
    if (p->nseen < CLI_MAX_SEEN)
        p->seen[p->nseen++] = o;
}

int cli_next(cli_parser *p, const cli_option **opt, const char **value)
{
    *opt = NULL;
    *value = NULL;
    if (p->next >= p->argc)
        return CLI_END;
    const char *a = p->argv[p->next++];
    if (p->no_more_options || a[0] != '-' || !a[1]) {
        *value = a;
        return CLI_ARG;
    }
    if (!strcmp(a, "--")) {
        p->no_more_options = 1;
        return cli_next(p, opt, value);
    }
    if (!strcmp(a, "--help") || !strcmp(a, "-h"))
        return CLI_HELP;
    /* "--name[=value]"; a one-letter option is "-o" (no "=" form). */
    int is_long = a[1] == '-';
    const char *name = a + (is_long ? 2 : 1), *eq = is_long ? strchr(name, '=') : NULL;
    size_t len = eq ? (size_t)(eq - name) : strlen(name);
    unsigned table = 0;
    const cli_option *o = (is_long ? len > 1 : len == 1) ? lookup(p, name, len, &table) : NULL;
    if (!o) {
        cli_error(p, "unknown option '%.*s'%s%s (see --help)", (int)(name - a + len), a,
                  p->scope ? " " : "", p->scope ? p->scope : "");
        return CLI_ERROR;
    }
    if (o->arg) {
        if (eq)
            *value = eq + 1;
        else if (p->next < p->argc)
            *value = p->argv[p->next++];
        else {
            cli_error(p, "%s%s needs a value %s", dashes(o), o->name, o->arg);
            return CLI_ERROR;
        }
    } else if (eq) {
        cli_error(p, "--%s takes no value", o->name);
        return CLI_ERROR;
    }
    *opt = o;
    mark_seen(p, o);
    if (o->parse) {
        char err[512] = "";
        if (o->parse(p->ctx[table], *value, err, sizeof err))
            return cli_bad_value(p, o, err);
    }
    return CLI_OPTION;
}

int cli_check_required(const cli_parser *p)
{
    for (unsigned t = 0; t < CLI_MAX_TABLES && p->tables[t]; t++)
        for (const cli_option *o = p->tables[t]; o->name; o++) {
            if (!(o->flags & CLI_REQUIRED))
                continue;
            unsigned i = 0;
            while (i < p->nseen && p->seen[i] != o)
                i++;
            if (i == p->nseen) {
                cli_error(p, "missing %s%s %s (see --help)", dashes(o), o->name,
                          o->arg ? o->arg : "");
                return -1;
            }
        }
    return 0;
}

void cli_print_options(FILE *out, const cli_option *table)
{
    enum { LHS = 26, WIDTH = 100 };
    for (const cli_option *o = table; o->name; o++) {
        char lhs[96];
        snprintf(lhs, sizeof lhs, "%s%s%s%s", dashes(o), o->name, o->arg ? " " : "",
                 o->arg ? o->arg : "");
        int col = LHS;
        if (strlen(lhs) > LHS - 4)
            fprintf(out, "  %s\n%*s", lhs, LHS, "");
        else
            fprintf(out, "  %-*s ", LHS - 3, lhs);
        /* Word-wrap the help under its column. */
        for (const char *w = o->help; *w;) {
            size_t n = strcspn(w, " ");
            if (col > LHS && col + 1 + (int)n > WIDTH) {
                fprintf(out, "\n%*s", LHS, "");
                col = LHS;
            } else if (col > LHS) {
                fputc(' ', out);
                col++;
            }
            col += fprintf(out, "%.*s", (int)n, w);
            w += n;
            while (*w == ' ')
                w++;
        }
        fputc('\n', out);
    }
}

int cli_count(const char *s, uint64_t max, uint64_t *out, char *err, size_t errlen)
{
    uint64_t v = 0;
    const char *c = s;
    int overflow = 0;
    for (; *c >= '0' && *c <= '9'; c++) {
        unsigned d = (unsigned)(*c - '0');
        if (v > (UINT64_MAX - d) / 10)
            overflow = 1;
        else
            v = v * 10 + d;
    }
    uint64_t scale = 1;
    if (c != s && *c && !c[1])
        scale = *c == 'k' ? 1000 : *c == 'M' ? 1000000 : *c == 'G' ? 1000000000 : 0;
    if (c == s || (*c && (scale == 1 || scale == 0))) {
        snprintf(err, errlen, "'%s' is not a count (decimal digits, optional k/M/G suffix)", s);
        return -1;
    }
    if (overflow || v > UINT64_MAX / scale || v * scale > max) {
        snprintf(err, errlen, "'%s' is too large (at most %llu)", s, (unsigned long long)max);
        return -1;
    }
    *out = v * scale;
    return 0;
}

int cli_range(const char *s, uint64_t lo, uint64_t hi, uint64_t *out, char *err, size_t errlen)
{
    uint64_t v;
    if (cli_count(s, UINT64_MAX, &v, err, errlen))
        return -1;
    if (v < lo || v > hi) {
        snprintf(err, errlen, "'%s' is not in %llu..%llu", s, (unsigned long long)lo,
                 (unsigned long long)hi);
        return -1;
    }
    *out = v;
    return 0;
}

int cli_range_u(const char *s, unsigned lo, unsigned hi, unsigned *out, char *err, size_t errlen)
{
    uint64_t v;
    if (cli_range(s, lo, hi, &v, err, errlen))
        return -1;
    *out = (unsigned)v;
    return 0;
}

int cli_size(const char *s, unsigned max, unsigned *w, unsigned *h, char *err, size_t errlen)
{
    const char *x = strchr(s, 'x');
    char side[2][24];
    uint64_t v[2];
    int bad = !x || (size_t)(x - s) >= sizeof side[0] || strlen(x + 1) >= sizeof side[1];
    if (!bad) {
        snprintf(side[0], sizeof side[0], "%.*s", (int)(x - s), s);
        snprintf(side[1], sizeof side[1], "%s", x + 1);
        for (int k = 0; k < 2 && !bad; k++)
            bad = strspn(side[k], "0123456789") != strlen(side[k]) ||
                  cli_range(side[k], 1, max, &v[k], err, errlen);
    }
    if (bad) {
        snprintf(err, errlen, "'%s' is not WxH with each side in 1..%u", s, max);
        return -1;
    }
    *w = (unsigned)v[0];
    *h = (unsigned)v[1];
    return 0;
}
