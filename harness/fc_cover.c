/* Coverage of the flow-control bench: what the stimulus reached, counted from
 * the model's outputs (fc_bench_coverage). */
#include "fc_bench_int.h"
#include "hot.h"

#include <inttypes.h>

/* The inputs a JUMP_FUNC reads, as a mask of {alu, pred, bool}: it is indexed
 * by them, and reads one when flipping it can change the result. */
static unsigned jump_func_class(unsigned jf)
{
    unsigned cls = 0;
    for (unsigned i = 0; i < 8; i++)
        for (unsigned b = 0; b < 3; b++)
            if ((jf >> i & 1) != (jf >> (i ^ (1u << b)) & 1))
                cls |= 1u << b;
    return cls;
}

/* What the stimulus reached (before = the context before this step). */
CTM_OUT_OF_LINE void fc_cover(fc_bench *b, const fc_stim *s, const ctm_fc_out *before,
                              const ctm_fc_out *o)
{
    fc_bench_coverage *c = &b->cov;
    const fc_unit_in *in = &s->in;
    if (in->ctx >= b->rtl.contexts) {
        c->bad_ctx++;
        return;
    }
    if (in->cmd == FC_CMD_START && (in->live & b->lanes) != b->lanes)
        c->partial_start++;
    if (o->fault && !before->fault)
        c->faults[o->fault]++;
    if (in->cmd == FC_CMD_EXEC && !in->full_mode && !before->fault) {
        if (o->fault)
            c->partial_faults[o->fault]++;
        else if (o->depth > before->depth && o->depth > c->partial_max_depth)
            c->partial_max_depth = o->depth;
    }
    c->max_depth = o->depth > c->max_depth ? o->depth : c->max_depth;
    c->max_loop_sp = o->loop_sp > c->max_loop_sp ? o->loop_sp : c->max_loop_sp;
    c->max_addr_sp = o->addr_sp > c->max_addr_sp ? o->addr_sp : c->max_addr_sp;
    if (in->cmd != FC_CMD_EXEC || before->fault || o->fault)
        return;
    const fc_fields *f = &in->inst;
    uint64_t live = in->live & b->lanes;
    c->ops[f->op]++;
    c->jump_any[f->jump_any & 1]++;
    c->jump_func_class[jump_func_class(f->jump_func & 0xff)]++;
    if ((before->active | before->br_inactive | before->loop_masked) & ~live)
        c->lanes_died++;
    if (!f->b_else && f->op != DPP_FC_ENDLOOP && f->op != DPP_FC_ENDREP) {
        uint64_t a = before->active & live;
        c->none_active += a == 0;
        c->single_active += a && !(a & (a - 1));
        if (o->want && o->want != a) {
            c->divergent++;
            uint64_t alt = 0x5555555555555555ull & a, alt2 = 0xAAAAAAAAAAAAAAAAull & a;
            c->all_diverge += alt && alt2 && (o->want == alt || o->want == alt2);
        }
    }
    if ((f->op == DPP_FC_LOOP || f->op == DPP_FC_REP) && in->loop_count == 0)
        c->zero_count++;
    if (f->op == DPP_FC_BREAKLOOP || f->op == DPP_FC_BREAKREP) {
        c->brk_level[before->loop_sp]++;
        c->brk_pop += o->loop_sp < before->loop_sp;
    }
    if (f->op == DPP_FC_CONTINUE)
        c->cont_level[before->loop_sp]++;
    if ((f->op == DPP_FC_ENDLOOP || f->op == DPP_FC_ENDREP) && in->loop_count &&
        (before->loop_top_cont & live))
        c->cont_restored++;
    if ((f->op == DPP_FC_BREAKLOOP || f->op == DPP_FC_BREAKREP) && o->loop_sp < before->loop_sp &&
        (before->loop_top_cont & ~before->loop_top_live & live))
        c->brk_drops_cont++;
    if (before->loop_masked & ~live)
        c->masked_died++;
    if (f->b_else) {
        uint64_t zero = 0, deeper = 0;
        for (unsigned l = 0; l < b->rtl.lanes; l++)
            if ((before->br_inactive & live) >> l & 1)
                *(before->bc[l] ? &deeper : &zero) |= 1ull << l;
        c->else_mixed += zero && deeper;
    }
    if ((f->op == DPP_FC_LOOP || f->op == DPP_FC_REP) && in->loop_count && !(before->active & live) &&
        !f->b_else)
        c->empty_frame++;
    if (o->loop_sp >= 2 && !o->loop_top_is_loop && o->al)
        c->al_under_rep++;
    unsigned cap = (1u << b->rtl.bc_width) - 1, lim = cap < 32 ? cap : 32;
    if (o->depth == lim && before->depth < lim) {
        uint64_t at = 0;
        for (unsigned l = 0; l < b->rtl.lanes; l++)
            at |= (uint64_t)(o->bc[l] == lim) << l;
        c->bc_limit += at != 0;
        c->bc_limit_lanes |= at;
    }
    if (o->jump && f->a_op == DPP_AOP_PUSH && f->b_op1 == DPP_BOP_INCR)
        c->call_cond++;
    if (o->jump && f->a_op == DPP_AOP_POP && f->b_op0 == DPP_BOP_INCR)
        c->ret_cond++;
}

/* The counters as functional-coverage rows (make coverage, scripts/fcovreport.py). */
void fc_fcov_write(const fc_bench *b, FILE *out)
{
    static const char *const ops[] = {"JUMP",     "LOOP",     "ENDLOOP", "REP",
                                      "ENDREP",   "BREAKLOOP", "BREAKREP", "CONTINUE"};
    static const char *const classes[] = {"const", "bool", "pred", "pred+bool",
                                          "alu",   "alu+bool", "alu+pred", "alu+pred+bool"};
    const fc_bench_coverage *c = &b->cov;
    for (int o = 0; o < 8; o++)
        fprintf(out, "fc.op.%s %" PRIu64 "\n", ops[o], c->ops[o]);
    for (int k = 0; k < 8; k++)
        fprintf(out, "fc.jump_func.%s %" PRIu64 "\n", classes[k], c->jump_func_class[k]);
    fprintf(out, "fc.jump_all %" PRIu64 "\nfc.jump_any %" PRIu64 "\n", c->jump_any[0], c->jump_any[1]);
    for (int f = 1; f < FC_FAULT_COUNT; f++)
        fprintf(out, "fc.fault.%d %" PRIu64 "\n", f, c->faults[f]);
    fprintf(out, "fc.corner.divergent %" PRIu64 "\nfc.corner.zero_count %" PRIu64 "\n", c->divergent,
            c->zero_count);
    fprintf(out, "fc.corner.else_mixed %" PRIu64 "\nfc.corner.brk_pop %" PRIu64 "\n", c->else_mixed,
            c->brk_pop);
    fprintf(out, "fc.corner.cont_restored %" PRIu64 "\nfc.corner.call_cond %" PRIu64 "\n",
            c->cont_restored, c->call_cond);
    fprintf(out, "fc.corner.ret_cond %" PRIu64 "\nfc.corner.bad_ctx %" PRIu64 "\n", c->ret_cond,
            c->bad_ctx);
    fprintf(out, "fc.corner.bc_limit %" PRIu64 "\n", c->bc_limit);
    fprintf(out, "fc.partial.branch_overflow %" PRIu64 "\nfc.partial.loop_refused %" PRIu64 "\n",
            c->partial_faults[FC_FAULT_BRANCH_OVERFLOW], c->partial_faults[FC_FAULT_LOOP_OVERFLOW]);
    fprintf(out, "fc.partial.call_refused %" PRIu64 "\n", c->partial_faults[FC_FAULT_ADDR_OVERFLOW]);
}
