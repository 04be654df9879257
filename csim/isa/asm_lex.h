/* Tokens of one assembly statement and a cursor over them (internal to the
 * assembler). Errors carry "file:line:col: error: ...". */
#ifndef CSIM_ASM_LEX_H
#define CSIM_ASM_LEX_H

#include "status.h"

#include <stddef.h>
#include <stdint.h>

typedef enum tok_kind { TOK_END, TOK_IDENT, TOK_NUM, TOK_PUNCT } tok_kind;

typedef struct tok {
    tok_kind kind;
    char text[64];
    unsigned col; /* 1-based */
} tok;

#define ASM_MAX_TOKS 256

/* One logical line, tokenized, with a cursor. */
typedef struct cursor {
    const char *file;
    unsigned line;
    tok t[ASM_MAX_TOKS + 1];
    unsigned n, i;
    dpp_error *err;
} cursor;

/* Splits text (one logical line, comments already stripped) into c->t. */
dpp_status asm_lex(cursor *c, const char *text, size_t len);

/* Records "file:line:col: error: ..." at token t (or the line end). */
dpp_status asm_fail(const cursor *c, const tok *t, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

const tok *asm_peek(const cursor *c);
const tok *asm_next(cursor *c);
int asm_at_end(const cursor *c);
/* Consumes the next token if it is the punctuation or identifier s. */
int asm_accept(cursor *c, const char *s);
/* Like asm_accept but failing with "expected 's'". */
dpp_status asm_expect(cursor *c, const char *s);

/* Parses an unsigned integer token (decimal or 0x) <= max. */
dpp_status asm_uint(cursor *c, const tok *t, const char *s, unsigned max, unsigned *out);

/* Parses a float value, or raw bits written 0x........, as fp32 bits;
 * a leading '-' token is allowed. */
dpp_status asm_float_bits(cursor *c, uint32_t *out);

#endif
