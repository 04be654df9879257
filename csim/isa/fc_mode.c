/* The rules of partial flow-control mode, checked on a whole program by the
 * assembler (fc_mode=partial) and by the array when a partial-mode program
 * starts. The guide [seed 000, p38]: "Partial flow control mode should be
 * used unless the program requires branch statements nested more than 6 deep
 * or the program requires loops or subroutines". */
#include "isa.h"

#define ILLEGAL(...) dpp_error_set(err, DPP_E_ILLEGAL, __VA_ARGS__)

/* One way out of a slot: to `to` with branch nesting `depth`. */
typedef struct edge {
    int ok, to, depth;
} edge;

/* The nesting after an FC edge: INCR opens a level, DECR closes B_POP_CNT of
 * them (never below 0: an underflow is the unit's fault, not this check's). */
static int after_op(int depth, unsigned bop, unsigned pop)
{
    if (bop == DPP_BOP_INCR)
        return depth + 1;
    if (bop == DPP_BOP_DECR)
        return depth > (int)pop ? depth - (int)pop : 0;
    return depth;
}

/* The ways out of slot pc at nesting d. A JUMP stays (B_OP0) unless it is ALL
 * with JUMP_FUNC 0xFF, and jumps (B_OP1) unless it is ANY with JUMP_FUNC 0
 * (the canonical ENDIF). */
static void edges(const dpp_inst *in, int pc, int d, edge e[2])
{
    e[0] = (edge){1, pc + 1, d};
    e[1] = (edge){0, 0, 0};
    if (in->cmn.type != DPP_TYPE_FC)
        return;
    const dpp_fc *f = &in->fc;
    e[0] = (edge){f->jump_any || f->jump_func != 0xFF, pc + 1, after_op(d, f->b_op0, f->b_pop_cnt)};
    e[1] = (edge){!f->jump_any || f->jump_func != 0x00, f->jump_addr,
                  after_op(d, f->b_op1, f->b_pop_cnt)};
}

/* The deepest branch nesting a path through the program reaches from slot 0,
 * taking every possible edge, until no slot's depth grows; a depth past the
 * limit is reported at the slot that opens it, so the walk ends. */
static dpp_status nesting(const uint32_t *words, int n, unsigned limit, dpp_error *err)
{
    int depth[DPP_MAX_INSTS], work[DPP_MAX_INSTS], top = 0;
    unsigned char queued[DPP_MAX_INSTS] = {0};
    for (int i = 0; i < n; i++)
        depth[i] = -1;
    depth[0] = 0;
    work[top++] = 0;
    queued[0] = 1;
    while (top) {
        int pc = work[--top];
        queued[pc] = 0;
        dpp_inst in;
        edge e[2];
        dpp_inst_decode(words + (size_t)pc * DPP_INST_DWORDS, &in);
        edges(&in, pc, depth[pc], e);
        for (int k = 0; k < 2; k++) {
            if (!e[k].ok || e[k].to >= n || e[k].depth <= depth[e[k].to])
                continue;
            if (e[k].depth > (int)limit)
                return ILLEGAL("slot %d: branches nested %d deep; partial flow-control mode allows "
                               "%u [seed 000 p38] (use fc_mode=full)",
                               pc, e[k].depth, limit);
            depth[e[k].to] = e[k].depth;
            if (!queued[e[k].to])
                work[top++] = e[k].to;
            queued[e[k].to] = 1;
        }
    }
    return DPP_OK;
}

dpp_status dpp_program_check_partial(const uint32_t *words, size_t n, unsigned branch_limit,
                                     dpp_error *err)
{
    if (n == 0 || n > DPP_MAX_INSTS)
        return ILLEGAL("program has %zu instructions (1 to %d)", n, DPP_MAX_INSTS);
    for (size_t i = 0; i < n; i++) {
        dpp_inst in;
        dpp_inst_decode(words + i * DPP_INST_DWORDS, &in);
        if (in.cmn.type != DPP_TYPE_FC)
            continue;
        if (in.fc.op != DPP_FC_JUMP)
            return ILLEGAL("slot %zu: fc %s: partial flow-control mode allows no loops [seed 000 "
                           "p38] (use fc_mode=full)",
                           i, dpp_field_value_name(dpp_field_find("fc_op"), in.fc.op));
        if (in.fc.a_op != DPP_AOP_NONE)
            return ILLEGAL("slot %zu: JUMP with A_OP %s: partial flow-control mode allows no "
                           "subroutine calls or returns [seed 000 p38] (use fc_mode=full)",
                           i, in.fc.a_op == DPP_AOP_PUSH ? "PUSH (call)" : "POP (return)");
    }
    return nesting(words, (int)n, branch_limit, err);
}
