/* stack_events: parser of the `dpp stack` event lists. */
#include "stack_events.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

enum { OPT_WQM = 1, OPT_COUNT = 2, OPT_TAKEN = 4 };

/* The syntax: one row per op name; fixed_pops >= 0 gives the POP_COUNT of
 * the ALU_POP*_AFTER spellings. */
typedef struct op_syntax {
    const char *name;
    unsigned op;
    unsigned opts;
    int fixed_pops;
} op_syntax;

static const op_syntax syntax[] = {
    {"nop", STACK_OP_NOP, 0, -1},
    {"push", STACK_OP_PUSH, OPT_WQM, -1},
    {"push_wqm", STACK_OP_PUSH_WQM, 0, -1},
    {"push_else", STACK_OP_PUSH_ELSE, OPT_WQM, -1},
    {"alu_push_before", STACK_OP_ALU_PUSH_BEFORE, 0, -1},
    {"loop_start", STACK_OP_LOOP_START, 0, -1},
    {"call", STACK_OP_CALL, 0, -1},
    {"pop", STACK_OP_POP, OPT_COUNT, -1},
    {"alu_pop_after", STACK_OP_POP, 0, 1},
    {"alu_pop2_after", STACK_OP_POP, 0, 2},
    {"loop_end", STACK_OP_LOOP_END, 0, -1},
    {"return", STACK_OP_RETURN, 0, -1},
    {"else", STACK_OP_ELSE, OPT_COUNT | OPT_TAKEN, -1},
    {"jump", STACK_OP_JUMP, OPT_COUNT | OPT_TAKEN, -1},
    {"clear", STACK_OP_CLEAR, 0, -1},
};

typedef struct cursor {
    const char *name;
    const char *p, *end;
    unsigned line;
    const char *line_start;
} cursor;

static unsigned col_of(const cursor *c, const char *at)
{
    return (unsigned)(at - c->line_start) + 1;
}

/* Next token of the current line: [tok, *tok_end), or NULL at end of line. */
static const char *next_token(cursor *c, const char **tok_end)
{
    while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' || *c->p == '\r'))
        c->p++;
    if (c->p == c->end || *c->p == '\n' || *c->p == '#')
        return NULL;
    const char *t = c->p;
    while (c->p < c->end && !isspace((unsigned char)*c->p) && *c->p != '#')
        c->p++;
    *tok_end = c->p;
    return t;
}

static bool tok_is(const char *t, const char *e, const char *word)
{
    size_t n = strlen(word);
    return (size_t)(e - t) == n && !strncasecmp(t, word, n);
}

static const op_syntax *lookup(const char *t, const char *e)
{
    for (size_t i = 0; i < sizeof syntax / sizeof syntax[0]; i++)
        if (tok_is(t, e, syntax[i].name))
            return &syntax[i];
    return NULL;
}

static dpp_status fail(const cursor *c, const char *at, dpp_error *err, const char *what,
                       const char *t, const char *e)
{
    int n = (int)(e - t) > 40 ? 40 : (int)(e - t);
    return dpp_error_set(err, DPP_E_PARSE, "%s:%u:%u: error: %s '%.*s'", c->name, c->line,
                         col_of(c, at), what, n, t);
}

/* Parses the options after the op name into ev->in. */
static dpp_status parse_options(cursor *c, const op_syntax *s, stack_event *ev, dpp_error *err)
{
    unsigned seen = 0;
    const char *t, *e;
    while ((t = next_token(c, &e))) {
        unsigned opt;
        if (tok_is(t, e, "wqm"))
            opt = OPT_WQM;
        else if (tok_is(t, e, "taken"))
            opt = OPT_TAKEN;
        else if (isdigit((unsigned char)*t))
            opt = OPT_COUNT;
        else
            return fail(c, t, err, "unknown option", t, e);
        if (!(s->opts & opt))
            return fail(c, t, err, "option not taken by this op:", t, e);
        if (seen & opt)
            return fail(c, t, err, "option given twice:", t, e);
        seen |= opt;
        if (opt == OPT_COUNT) {
            if (e - t != 1 || *t > '7')
                return fail(c, t, err, "POP_COUNT must be 0..7, not", t, e);
            ev->in.pop_count = (unsigned)(*t - '0');
        }
        ev->in.wqm |= opt == OPT_WQM;
        ev->in.taken |= opt == OPT_TAKEN;
    }
    return DPP_OK;
}

/* Skips to the start of the next line. */
static void end_line(cursor *c)
{
    while (c->p < c->end && *c->p != '\n')
        c->p++;
    if (c->p < c->end)
        c->p++;
    c->line++;
    c->line_start = c->p;
}

/* Text with a NUL byte is not an event list: reports the first one. */
static dpp_status check_nul(const char *name, const char *text, size_t len, dpp_error *err)
{
    const char *nul = memchr(text, '\0', len);
    if (!nul)
        return DPP_OK;
    unsigned line = 1;
    const char *start = text;
    for (const char *q = text; q < nul; q++)
        if (*q == '\n') {
            line++;
            start = q + 1;
        }
    return dpp_error_set(err, DPP_E_PARSE, "%s:%u:%u: error: NUL byte in text", name, line,
                         (unsigned)(nul - start) + 1);
}

dpp_status stack_events_parse(const char *name, const char *text, size_t len, stack_event **out,
                              size_t *count, dpp_error *err)
{
    *out = NULL;
    *count = 0;
    dpp_status rc = check_nul(name, text, len, err);
    if (rc)
        return rc;
    size_t cap = 1; /* an upper bound: at most one event per line */
    for (size_t i = 0; i < len; i++)
        cap += text[i] == '\n';
    stack_event *ev = calloc(cap, sizeof *ev);
    if (!ev)
        return dpp_error_set(err, DPP_E_NOMEM, "%s: out of memory", name);
    cursor c = {name, text, text + len, 1, text};
    size_t n = 0;
    while (c.p < c.end) {
        const char *t, *e;
        if ((t = next_token(&c, &e))) {
            const op_syntax *s = lookup(t, e);
            if (!s) {
                rc = fail(&c, t, err, "unknown op", t, e);
                break;
            }
            stack_event *x = &ev[n++];
            x->in.op = s->op;
            x->in.pop_count = s->fixed_pops >= 0 ? (unsigned)s->fixed_pops : 1;
            x->line = c.line;
            x->col = col_of(&c, t);
            x->spell = s->name;
            if ((rc = parse_options(&c, s, x, err)))
                break;
        }
        end_line(&c);
    }
    if (rc) {
        free(ev);
        return rc;
    }
    *out = ev;
    *count = n;
    return DPP_OK;
}

void stack_events_free(stack_event *ev)
{
    free(ev);
}
