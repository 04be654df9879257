/* A program decoded once, at start_program: every instruction checked (the
 * whole-program rules of dpp_program_validate) and turned into a pa_uop whose
 * operands, swizzles, modifiers, write masks and flow-control fields are
 * resolved, so the issue loop never decodes, looks up or validates. */
#include "pa_int.h"

#include <string.h>

/* Input modifiers as (v & and) ^ xor. */
static const uint32_t mod_and[4] = {~0u, ~0u, 0x7FFFFFFFu, 0x7FFFFFFFu};
static const uint32_t mod_xor[4] = {0, 0x80000000u, 0, 0x80000000u};

/* Alpha ops computed like an RGB channel op, and transcendentals. */
static uint8_t alpha_kind(unsigned op)
{
    switch (op) {
    case DPP_ALPHA_MAD:
        return PA_K_MAD;
    case DPP_ALPHA_DP:
        return PA_K_DOT;
    case DPP_ALPHA_MIN:
        return PA_K_MIN;
    case DPP_ALPHA_MAX:
        return PA_K_MAX;
    case DPP_ALPHA_CND:
        return PA_K_CND;
    case DPP_ALPHA_CMP:
        return PA_K_CMP;
    case DPP_ALPHA_FRC:
        return PA_K_FRC;
    default:
        return PA_K_TRANS;
    }
}

static uint8_t rgb_kind(unsigned op)
{
    switch (op) {
    case DPP_RGB_MAD:
        return PA_K_MAD;
    case DPP_RGB_DP3:
    case DPP_RGB_DP4:
    case DPP_RGB_D2A:
        return PA_K_DOT;
    case DPP_RGB_MIN:
        return PA_K_MIN;
    case DPP_RGB_MAX:
        return PA_K_MAX;
    case DPP_RGB_CND:
        return PA_K_CND;
    case DPP_RGB_CMP:
        return PA_K_CMP;
    case DPP_RGB_FRC:
        return PA_K_FRC;
    default: /* SOP; MDH/MDV never pass the checker */
        return PA_K_SOP;
    }
}

unsigned pa_operands_read(uint8_t kind)
{
    switch (kind) {
    case PA_K_FRC:
    case PA_K_TRANS:
        return 1;
    case PA_K_MIN:
    case PA_K_MAX:
    case PA_K_DOT:
        return 3;
    case PA_K_SOP:
        return 0;
    default:
        return 7;
    }
}

static void decode_src(const dpp_src_addr *a, pa_src *s)
{
    s->kind = (uint8_t)dpp_src_classify(a);
    s->rel = (uint8_t)(a->rel != 0);
    s->addr = s->kind == DPP_SRC_TEMP ? (uint16_t)(a->addr & 127) : a->addr;
    s->inline_bits = s->kind == DPP_SRC_INLINE ? dpp_inline_const_bits(a->addr & 127) : 0;
}

/* The predicate bit channel c reads (0xFF: no predication). */
static uint8_t pred_bit(unsigned sel, unsigned c)
{
    if (sel == DPP_PRED_NONE)
        return 0xFF;
    return (uint8_t)(sel == DPP_PRED_RGBA ? c : sel - DPP_PRED_RRRR);
}

static void decode_alu(const dpp_inst *in, pa_uop *u)
{
    const dpp_alu *a = &in->alu;
    const dpp_cmn *m = &in->cmn;
    for (int k = 0; k < 3; k++) {
        decode_src(&a->rgb_src[k], &u->src[k]);
        decode_src(&a->alpha_src[k], &u->src[3 + k]);
    }
    for (int c = 0; c < 4; c++) {
        int rgb = c < 3;
        u->srcp_op[c] = (uint8_t)(rgb ? a->rgb_srcp_op : a->alpha_srcp_op);
        for (int k = 0; k < 3; k++) {
            unsigned mod = rgb ? a->rgb_mod[k] : a->alpha_mod[k];
            pa_operand *o = &u->opnd[c][k];
            o->sel = (uint8_t)(rgb ? a->rgb_sel[k] : a->alpha_sel[k]);
            o->swz = (uint8_t)(rgb ? a->rgb_swiz[k][c] : a->alpha_swiz[k]);
            o->and_mask = mod_and[mod & 3];
            o->xor_mask = mod_xor[mod & 3];
        }
        u->omod[c] = (uint8_t)(rgb ? a->rgb_omod : a->alpha_omod);
        u->clamp[c] = (uint8_t)(rgb ? m->rgb_clamp : m->alpha_clamp);
        u->kind[c] = rgb ? rgb_kind(a->rgb_op) : alpha_kind(a->alpha_op);
    }
    u->trans_op = (uint8_t)a->alpha_op;
    u->dot_n = a->rgb_op == DPP_RGB_D2A ? 2 : a->rgb_op == DPP_RGB_DP4 ? 4 : 3;
    u->dot_add = a->rgb_op == DPP_RGB_D2A;
    u->wmask = (uint8_t)(m->rgb_wmask | m->alpha_wmask << 3);
    u->rgb_addrd = a->rgb_addrd;
    u->alpha_addrd = a->alpha_addrd;
    u->rgb_addrd_rel = (uint8_t)a->rgb_addrd_rel;
    u->alpha_addrd_rel = (uint8_t)a->alpha_addrd_rel;
    u->need = u->wmask;
    if (m->type == DPP_TYPE_OUT) {
        u->omask = (uint8_t)dpp_cmn_omask(m);
        u->rgb_out = (uint8_t)a->rgb_target;
        u->alpha_out = (uint8_t)a->alpha_target;
        u->w_write = (uint8_t)(a->w_omask != 0);
        u->need |= (uint8_t)(u->omask | (u->w_write ? 8 : 0));
    } else {
        u->alu_wmask = (uint8_t)(a->alu_wmask != 0);
        u->alu_result_chan = m->alu_result_sel ? 3 : 0;
        u->alu_result_op = (uint8_t)m->alu_result_op;
        u->pred_we = (uint8_t)dpp_cmn_omask(m); /* "or to predicate bits" [seed 000, p34] */
        for (int c = 0; c < 4; c++)
            u->pred_cmp[c] = (uint8_t)(c < 3 ? a->rgb_target : a->alpha_target);
        u->need |= (uint8_t)(u->pred_we | (u->alu_wmask ? 1u << u->alu_result_chan : 0));
    }
    /* What the needed channels read: the alpha raw value (SOP), the dot
     * product, and through the operands the presubtract rows. */
    int rgb_needed = (u->need & 7) != 0;
    u->need_raw_alpha = (uint8_t)((u->need & 8) || (rgb_needed && u->kind[0] == PA_K_SOP));
    u->need_dot = (uint8_t)((rgb_needed && u->kind[0] == PA_K_DOT) ||
                            (u->need_raw_alpha && u->kind[3] == PA_K_DOT));
    for (int c = 0; c < 4; c++) {
        int used = c < 3 ? (u->need >> c & 1) : u->need_raw_alpha;
        unsigned reads = used ? pa_operands_read(u->kind[c]) : 0;
        if (u->need_dot) /* the dot reads A and B of every channel, and C's blue for D2A */
            reads |= 3u | (c == 2 && u->dot_add ? 4u : 0u);
        for (int k = 0; k < 3; k++) {
            const pa_operand *o = &u->opnd[c][k];
            if (!(reads >> k & 1) || o->swz > 3)
                continue;
            if (o->sel == DPP_SEL_SRCP)
                u->presub_need |= (uint8_t)(1u << o->swz);
            else /* row[sel][swz]: R, G, B of RGB source sel, alpha of alpha source sel */
                u->src_read |= (uint8_t)(1u << (o->swz == 3 ? 3 + o->sel : o->sel));
        }
    }
    for (int c = 0; c < 4; c++) /* presubtract row c reads row[0][c] and row[1][c] */
        if (u->presub_need >> c & 1)
            u->src_read |= (uint8_t)(c < 3 ? 3u : 3u << 3);
}

static void decode_fc(const dpp_inst *in, pa_uop *u)
{
    const dpp_fc *f = &in->fc;
    u->fc = (fc_fields){.op = (uint8_t)f->op,
                        .b_else = (uint8_t)f->b_else,
                        .jump_any = (uint8_t)f->jump_any,
                        .a_op = (uint8_t)f->a_op,
                        .jump_func = (uint8_t)f->jump_func,
                        .b_pop_cnt = (uint8_t)f->b_pop_cnt,
                        .b_op0 = (uint8_t)f->b_op0,
                        .b_op1 = (uint8_t)f->b_op1,
                        .jump_addr = f->jump_addr,
                        .pred_sel = (uint8_t)in->cmn.rgb_pred_sel,
                        .pred_inv = (uint8_t)in->cmn.rgb_pred_inv};
    /* JUMP_FUNC reads the boolean iff some entry differs from its neighbour in bit 0. */
    u->fc_reads_bool = ((f->jump_func >> 1 ^ f->jump_func) & 0x55) != 0;
    u->fc_reads_int = f->op != DPP_FC_JUMP && f->op != DPP_FC_BREAKLOOP &&
                      f->op != DPP_FC_BREAKREP && f->op != DPP_FC_CONTINUE;
}

void pa_uop_decode(const dpp_inst *in, pa_uop *u)
{
    memset(u, 0, sizeof *u);
    u->inst = *in;
    u->type = (uint8_t)in->cmn.type;
    u->last = (uint8_t)(in->cmn.last != 0);
    u->write_inactive = (uint8_t)(in->cmn.write_inactive != 0);
    const dpp_cmn *m = &in->cmn;
    for (unsigned c = 0; c < 4; c++) {
        u->psel[c] = pred_bit(c < 3 ? m->rgb_pred_sel : m->alpha_pred_sel, c);
        u->pinv[c] = (uint8_t)(c < 3 ? m->rgb_pred_inv : m->alpha_pred_inv);
    }
    if (u->type == DPP_TYPE_ALU || u->type == DPP_TYPE_OUT)
        decode_alu(in, u);
    else if (u->type == DPP_TYPE_FC)
        decode_fc(in, u);
}

dpp_status pa_prog_decode(const uint32_t *words, unsigned n, pa_uop *uops, dpp_error *err)
{
    dpp_status st = dpp_program_validate(words, n, err);
    for (unsigned pc = 0; !st && pc < n; pc++) {
        dpp_inst in;
        dpp_inst_decode(words + DPP_INST_DWORDS * pc, &in);
        pa_uop_decode(&in, &uops[pc]);
    }
    return st;
}
