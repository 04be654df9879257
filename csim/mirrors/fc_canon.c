/* Spec ctm-isa.md 6.6 as data. Column order: JUMP_FUNC, ANY, OP, A_OP, B_OP0,
 * B_OP1, POP, ELSE. JF_ARG / POP_ARG take the caller's value. */
#include "fc_canon.h"

#define JF_ARG  0x100
#define POP_ARG 0xFF

typedef struct canon_row {
    const char *name;
    uint16_t jump_func;
    uint8_t any, op, a_op, b_op0, b_op1, pop, b_else;
} canon_row;

enum { N = DPP_BOP_NONE, D = DPP_BOP_DECR, I = DPP_BOP_INCR };

static const canon_row rows[FC_C_COUNT] = {
    [FC_C_IF] = {"IF", 0x0F, 0, DPP_FC_JUMP, DPP_AOP_NONE, I, N, 0, 0},
    [FC_C_IF_ELSE] = {"IF_ELSE", 0x0F, 0, DPP_FC_JUMP, DPP_AOP_NONE, I, I, 0, 0},
    [FC_C_ELSE] = {"ELSE", 0x00, 0, DPP_FC_JUMP, DPP_AOP_NONE, N, D, 1, 1},
    [FC_C_ENDIF] = {"ENDIF", 0x00, 1, DPP_FC_JUMP, DPP_AOP_NONE, D, N, POP_ARG, 0},
    [FC_C_IF_PRED] = {"IF_PRED", 0x33, 0, DPP_FC_JUMP, DPP_AOP_NONE, I, N, 0, 0},
    [FC_C_IF_PRED_ELSE] = {"IF_PRED_ELSE", 0x33, 0, DPP_FC_JUMP, DPP_AOP_NONE, I, I, 0, 0},
    [FC_C_IF_BOOL] = {"IF_BOOL", 0x55, 0, DPP_FC_JUMP, DPP_AOP_NONE, I, N, 0, 0},
    [FC_C_IF_BOOL_ELSE] = {"IF_BOOL_ELSE", 0x55, 0, DPP_FC_JUMP, DPP_AOP_NONE, I, I, 0, 0},
    [FC_C_IF_MERGED] = {"IF_MERGED", 0x0F, 0, DPP_FC_JUMP, DPP_AOP_NONE, I, D, POP_ARG, 0},
    [FC_C_LOOP] = {"LOOP", 0x00, 0, DPP_FC_LOOP, DPP_AOP_NONE, N, N, 0, 0},
    [FC_C_ENDLOOP] = {"ENDLOOP", 0xFF, 1, DPP_FC_ENDLOOP, DPP_AOP_NONE, N, N, 0, 0},
    [FC_C_REP] = {"REP", 0x00, 0, DPP_FC_REP, DPP_AOP_NONE, N, N, 0, 0},
    [FC_C_ENDREP] = {"ENDREP", 0xFF, 1, DPP_FC_ENDREP, DPP_AOP_NONE, N, N, 0, 0},
    [FC_C_BREAKLOOP] = {"BREAKLOOP", 0xFF, 0, DPP_FC_BREAKLOOP, DPP_AOP_NONE, N, D, POP_ARG, 0},
    [FC_C_BREAKREP] = {"BREAKREP", 0xFF, 0, DPP_FC_BREAKREP, DPP_AOP_NONE, N, D, POP_ARG, 0},
    [FC_C_BREAKC_LOOP] = {"BREAKC_LOOP", JF_ARG, 0, DPP_FC_BREAKLOOP, DPP_AOP_NONE, N, D, POP_ARG, 0},
    [FC_C_BREAKC_REP] = {"BREAKC_REP", JF_ARG, 0, DPP_FC_BREAKREP, DPP_AOP_NONE, N, D, POP_ARG, 0},
    [FC_C_CONTINUE] = {"CONTINUE", 0xFF, 0, DPP_FC_CONTINUE, DPP_AOP_NONE, N, D, POP_ARG, 0},
    [FC_C_CALL] = {"CALL", 0xFF, 1, DPP_FC_JUMP, DPP_AOP_PUSH, N, N, 0, 0},
    [FC_C_RET] = {"RET", 0xFF, 0, DPP_FC_JUMP, DPP_AOP_POP, N, N, 0, 0},
    [FC_C_CALLNZ] = {"CALLNZ", JF_ARG, 1, DPP_FC_JUMP, DPP_AOP_PUSH, N, I, 0, 0},
    [FC_C_RET_CALLNZ] = {"RET_CALLNZ", 0xFF, 0, DPP_FC_JUMP, DPP_AOP_POP, N, D, 1, 0},
    [FC_C_RET_COND] = {"RET_COND", JF_ARG, 0, DPP_FC_JUMP, DPP_AOP_POP, I, D, POP_ARG, 0},
};

fc_fields fc_canon(fc_construct c, uint16_t jump_addr, uint8_t pop, uint8_t jump_func)
{
    fc_fields f = {0};
    if ((unsigned)c >= FC_C_COUNT)
        return f;
    const canon_row *r = &rows[c];
    f.op = r->op;
    f.b_else = r->b_else;
    f.jump_any = r->any;
    f.a_op = r->a_op;
    f.jump_func = r->jump_func == JF_ARG ? jump_func : (uint8_t)r->jump_func;
    f.b_pop_cnt = r->pop == POP_ARG ? (uint8_t)(pop & 0x1F) : r->pop;
    f.b_op0 = r->b_op0;
    f.b_op1 = r->b_op1;
    f.jump_addr = jump_addr & 0x1FF;
    return f;
}

const char *fc_construct_name(fc_construct c)
{
    return (unsigned)c < FC_C_COUNT ? rows[c].name : "?";
}
