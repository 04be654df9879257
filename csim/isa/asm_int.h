/* Internal state shared by the assembler's files (asm.c: driver, labels,
 * directives, post-processing; asm_inst.c: alu/out/tex/fc statements;
 * asm_flow.c: structured pseudo-ops). */
#ifndef CSIM_ASM_INT_H
#define CSIM_ASM_INT_H

#include "asm.h"
#include "asm_lex.h"
#include "isa.h"

/* Returns from the calling function when x fails. */
#define TRY(x)                                                                                     \
    do {                                                                                           \
        dpp_status st_ = (x);                                                                      \
        if (st_ != DPP_OK)                                                                         \
            return st_;                                                                            \
    } while (0)

#define ASM_NAME       64
#define ASM_MAX_LABELS 1024
#define ASM_MAX_FIXES  1024
#define ASM_MAX_FRAMES 64

typedef struct asm_label {
    char name[ASM_NAME];
    unsigned slot, line, col;
} asm_label;

/* A jump_addr to fill in with a label's slot. */
typedef struct asm_fix {
    char name[ASM_NAME];
    unsigned slot, line, col;
} asm_fix;

/* A `call` site: its target label and whether the call is conditional. */
typedef struct asm_call {
    char name[ASM_NAME];
    int cond;
} asm_call;

/* A `ret` or `ret if`, whose branch-counter pops are settled once the
 * subroutine's call sites are known (asm_flow_returns). */
typedef struct asm_ret {
    unsigned slot, line, col;
    unsigned earlier; /* conditional returns before it in the same subroutine */
    int cond;         /* a `ret if` */
    int overridden;   /* the source set b_op0/b_op1/b_pop_cnt itself */
} asm_ret;

enum { FR_IF, FR_LOOP, FR_REP };

/* An open structured block. */
typedef struct asm_frame {
    int kind;
    unsigned open; /* slot of IF / LOOP / REP */
    int has_else;
    unsigned else_slot;
    unsigned ifs; /* FR_LOOP/FR_REP: IFs open inside this loop */
    unsigned line, col;
    unsigned exits[64]; /* break/continue slots waiting for the END slot */
    unsigned nexits;
} asm_frame;

typedef struct asm_state {
    cursor cur;
    dpp_exe *x;
    dpp_inst inst[DPP_MAX_INSTS];
    unsigned line_of[DPP_MAX_INSTS];
    unsigned n;
    asm_label labels[ASM_MAX_LABELS];
    unsigned nlabels;
    asm_fix fixes[ASM_MAX_FIXES];
    unsigned nfixes;
    asm_frame frames[ASM_MAX_FRAMES];
    unsigned nframes;
    asm_call calls[ASM_MAX_FIXES];
    unsigned ncalls;
    asm_ret rets[ASM_MAX_FIXES];
    unsigned nrets;
    unsigned cond_rets; /* `ret if` since the last plain `ret` */
    int set_fg, set_mode, set_fc, set_temps; /* .proginfo given: its line, else 0 */
    dpp_usage declared;                      /* .use */
} asm_state;

/* Appends a zeroed instruction of type t for the current line; NULL (with an
 * error) when the program is full. */
dpp_inst *asm_emit(asm_state *s, unsigned type);

/* Records that slot's jump_addr is the label named by token t. */
dpp_status asm_fix_label(asm_state *s, unsigned slot, const tok *t);

/* Parses "field=value" (any field of inst's type, value a number or the
 * field's enum name) if the cursor is at one; *done says whether it was. */
dpp_status asm_generic_field(asm_state *s, dpp_inst *inst, int *done);

/* Parses a common flag word (nop, wait, last, aluwait, inactive) if the
 * cursor is at one. */
int asm_common_flag(asm_state *s, dpp_inst *inst);

/* Parses "if [!]p.X" predication into rgb (or alpha) PRED_SEL/INV. */
dpp_status asm_pred(asm_state *s, uint16_t *sel, uint16_t *inv, int replicate_only);

/* Statements. The cursor is just past the keyword. */
dpp_status asm_alu_stmt(asm_state *s, unsigned type);
dpp_status asm_tex_stmt(asm_state *s);
dpp_status asm_fc_stmt(asm_state *s);
/* Structured pseudo-op keyword kw; returns DPP_E_ARG if kw is not one. */
dpp_status asm_flow_stmt(asm_state *s, const tok *kw);
/* Checks that every block is closed at the end of the text. */
dpp_status asm_flow_finish(asm_state *s);

/* Settles the branch-counter pops of every return once labels are resolved
 * (docs/asm.md, "Subroutines and returns"). */
dpp_status asm_flow_returns(asm_state *s);

/* Index of name among a field's enum names, or -1. */
int asm_enum_index(const char *field, const char *name);

#endif
