/* Tokenizer and token cursor of the assembler. */
#include "asm_lex.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

dpp_status asm_fail(const cursor *c, const tok *t, const char *fmt, ...)
{
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return dpp_error_set(c->err, DPP_E_PARSE, "%s:%u:%u: error: %s", c->file, c->line,
                         t ? t->col : 1, msg);
}

static int ident_start(int ch)
{
    return isalpha(ch) || ch == '_' || ch == '.';
}

static int ident_char(int ch)
{
    return isalnum(ch) || ch == '_' || ch == '.';
}

dpp_status asm_lex(cursor *c, const char *s, size_t len)
{
    size_t i = 0;
    c->n = c->i = 0;
    while (i < len) {
        unsigned char ch = (unsigned char)s[i];
        if (isspace(ch)) {
            i++;
            continue;
        }
        tok *t = &c->t[c->n];
        t->col = (unsigned)i + 1;
        size_t start = i;
        if (c->n == ASM_MAX_TOKS)
            return asm_fail(c, t, "statement has more than %d tokens", ASM_MAX_TOKS);
        if (isdigit(ch) || (ch == '.' && i + 1 < len && isdigit((unsigned char)s[i + 1]))) {
            t->kind = TOK_NUM;
            while (i < len &&
                   (ident_char((unsigned char)s[i]) ||
                    ((s[i] == '+' || s[i] == '-') && (s[i - 1] == 'e' || s[i - 1] == 'E') &&
                     !(start + 1 < len && (s[start + 1] == 'x' || s[start + 1] == 'X')))))
                i++;
        } else if (ident_start(ch)) {
            t->kind = TOK_IDENT;
            while (i < len && ident_char((unsigned char)s[i]))
                i++;
        } else if (strchr(",=[]+-|!#:/@", ch)) {
            t->kind = TOK_PUNCT;
            i++;
        } else {
            return asm_fail(c, t, "unexpected character '%c'", isprint(ch) ? ch : '?');
        }
        if (i - start >= sizeof t->text)
            return asm_fail(c, t, "token longer than %zu characters", sizeof t->text - 1);
        memcpy(t->text, s + start, i - start);
        t->text[i - start] = 0;
        c->n++;
    }
    c->t[c->n].kind = TOK_END;
    c->t[c->n].text[0] = 0;
    c->t[c->n].col = (unsigned)len + 1;
    return DPP_OK;
}

const tok *asm_peek(const cursor *c)
{
    return &c->t[c->i];
}

const tok *asm_next(cursor *c)
{
    const tok *t = &c->t[c->i];
    if (c->i < c->n)
        c->i++;
    return t;
}

int asm_at_end(const cursor *c)
{
    return c->i >= c->n;
}

int asm_accept(cursor *c, const char *s)
{
    if (c->i < c->n && !strcmp(c->t[c->i].text, s)) {
        c->i++;
        return 1;
    }
    return 0;
}

dpp_status asm_expect(cursor *c, const char *s)
{
    if (asm_accept(c, s))
        return DPP_OK;
    const tok *t = asm_peek(c);
    return asm_fail(c, t, "expected '%s' but found '%s'", s,
                    t->kind == TOK_END ? "end of line" : t->text);
}

dpp_status asm_uint(cursor *c, const tok *t, const char *s, unsigned max, unsigned *out)
{
    char *end;
    if (!isdigit((unsigned char)s[0]))
        return asm_fail(c, t, "expected a number, found '%s'", s);
    errno = 0;
    unsigned long v = strtoul(s, &end, 0);
    if (*end || errno)
        return asm_fail(c, t, "bad number '%s'", s);
    if (v > max)
        return asm_fail(c, t, "%s is out of range (at most %u)", s, max);
    *out = (unsigned)v;
    return DPP_OK;
}

dpp_status asm_float_bits(cursor *c, uint32_t *out)
{
    int neg = asm_accept(c, "-");
    const tok *t = asm_next(c);
    if (t->kind != TOK_NUM && strcmp(t->text, "inf") && strcmp(t->text, "nan"))
        return asm_fail(c, t, "expected a number, found '%s'",
                        t->kind == TOK_END ? "end of line" : t->text);
    if (!neg && (t->text[0] == '0' && (t->text[1] == 'x' || t->text[1] == 'X'))) {
        unsigned v;
        dpp_status st = asm_uint(c, t, t->text, 0xFFFFFFFFu, &v);
        *out = v;
        return st;
    }
    char *end = NULL;
    float f =
        t->kind != TOK_NUM ? (!strcmp(t->text, "inf") ? INFINITY : NAN) : strtof(t->text, &end);
    if (end && *end)
        return asm_fail(c, t, "bad number '%s'", t->text);
    if (neg)
        f = -f;
    memcpy(out, &f, sizeof *out);
    return DPP_OK;
}
