/* The canonical flow-control encodings of spec ctm-isa.md 6.6, as one table.
 * The assembler-independent code that emits FC instructions (the program
 * generator, tests, examples) builds them here instead of repeating fields. */
#ifndef CSIM_FC_CANON_H
#define CSIM_FC_CANON_H

#include "fc.h"

typedef enum fc_construct {
    FC_C_IF,      /* IF c without else: JUMP_FUNC 0x0F (jump if !alu) */
    FC_C_IF_ELSE, /* IF c with else */
    FC_C_ELSE,
    FC_C_ENDIF,   /* pop = merged levels (1 for a plain ENDIF) */
    FC_C_IF_PRED, /* IF on a predicate (pred_sel/inv set by the caller), no else */
    FC_C_IF_PRED_ELSE,
    FC_C_IF_BOOL, /* IF on the boolean constant, no else */
    FC_C_IF_BOOL_ELSE,
    FC_C_IF_MERGED, /* inner IF of a merged-ENDIF nest: B_OP1 DECR pop */
    FC_C_LOOP,
    FC_C_ENDLOOP,
    FC_C_REP,
    FC_C_ENDREP,
    FC_C_BREAKLOOP, /* unconditional BREAK inside `pop` IFs of the loop */
    FC_C_BREAKREP,
    FC_C_BREAKC_LOOP, /* conditional break: jump_func given by the caller */
    FC_C_BREAKC_REP,
    FC_C_CONTINUE, /* inside `pop` IFs */
    FC_C_CALL,
    FC_C_RET,
    FC_C_CALLNZ,     /* conditional call: jump_func given by the caller */
    FC_C_RET_CALLNZ, /* return from a conditionally called function */
    FC_C_RET_COND,   /* conditional return at the top level of a function */
    FC_C_COUNT
} fc_construct;

/* The fields of construct c with the given JUMP_ADDR and B_POP_CNT. For the
 * rows whose condition is the caller's choice (BREAKC, CALLNZ, RET_COND),
 * jump_func is used; the others ignore it. pred_sel/inv are left 0. */
fc_fields fc_canon(fc_construct c, uint16_t jump_addr, uint8_t pop, uint8_t jump_func);

/* Name of a construct, e.g. "ENDIF". */
const char *fc_construct_name(fc_construct c);

#endif
