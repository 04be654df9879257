/* Disassembler: prints the syntax of docs/asm.md so that assembling the
 * output reproduces the executable bit for bit. Field names and value names
 * all come from the ISA field table. */
#include "asm.h"

#include "alu_fp.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A bounded string builder. */
typedef struct sb {
    char *p;
    size_t n, cap;
    int heap, oom;
} sb;

__attribute__((format(printf, 2, 3))) static void out(sb *b, const char *fmt, ...)
{
    va_list ap;
    for (;;) {
        size_t room = b->cap - b->n;
        va_start(ap, fmt);
        int k = vsnprintf(b->p + b->n, room, fmt, ap);
        va_end(ap);
        if (k < 0)
            return;
        if ((size_t)k < room) {
            b->n += (size_t)k;
            return;
        }
        if (!b->heap) { /* fixed buffer: truncate */
            b->n = b->cap - 1;
            return;
        }
        size_t cap = b->cap * 2 + (size_t)k;
        char *np = realloc(b->p, cap);
        if (!np) {
            b->oom = 1;
            return;
        }
        b->p = np;
        b->cap = cap;
    }
}

static const char *vname(const char *field, unsigned v)
{
    const char *n = dpp_field_value_name(dpp_field_find(field), v);
    return n ? n : "?";
}

static void mask_text(sb *b, unsigned mask, const char *chans)
{
    if (!mask) {
        out(b, "_");
        return;
    }
    for (unsigned i = 0; chans[i]; i++)
        if (mask >> i & 1)
            out(b, "%c", chans[i]);
}

static void reg(sb *b, char prefix, unsigned idx, unsigned rel)
{
    if (rel)
        out(b, "%c[aL+%u]", prefix, idx);
    else
        out(b, "%c%u", prefix, idx);
}

static void operand(sb *b, unsigned sel, const uint16_t *swz, int n, unsigned mod)
{
    out(b, ", %s%ss%c.", mod & DPP_MOD_NEG ? "-" : "", mod & DPP_MOD_ABS ? "|" : "",
        sel == DPP_SEL_SRCP ? 'p' : (char)('0' + sel));
    for (int i = 0; i < n; i++)
        out(b, "%s", vname("red_swiz_a", swz[i]));
    if (mod & DPP_MOD_ABS)
        out(b, "|");
}

static void pred(sb *b, unsigned sel, unsigned inv, const char *inv_field)
{
    if (sel != DPP_PRED_NONE)
        out(b, " if %sp.%s", inv ? "!" : "", vname("rgb_pred_sel", sel));
    else if (inv)
        out(b, " %s=1", inv_field);
}

static void flags(sb *b, const dpp_cmn *m)
{
    if (m->nop)
        out(b, " nop");
    if (m->tex_sem_wait)
        out(b, " wait");
    if (m->last)
        out(b, " last");
    if (m->alu_wait)
        out(b, " aluwait");
    if (m->write_inactive)
        out(b, " inactive");
}

/* "name=value" for each listed field that is not zero. */
static void generic(sb *b, const dpp_inst *in, const char *const *names)
{
    for (; *names; names++) {
        const dpp_field_desc *f = dpp_field_find(*names);
        unsigned v = dpp_field_get(in, f);
        const char *vn = dpp_field_value_name(f, v);
        if (!v)
            continue;
        if (vn)
            out(b, " %s=%s", f->name, vn);
        else if (!strcmp(f->name, "jump_func"))
            out(b, " %s=0x%02x", f->name, v);
        else
            out(b, " %s=%u", f->name, v);
    }
}

static void src_addr(sb *b, const dpp_src_addr *s)
{
    switch (dpp_src_classify(s)) {
    case DPP_SRC_INLINE:
        out(b, "#%.10g", (double)dpp_fp_f(dpp_inline_const_bits(s->addr & 127)));
        break;
    case DPP_SRC_CONST:
        reg(b, 'c', s->addr, s->rel);
        break;
    default:
        reg(b, 'r', s->addr & 127, s->rel);
        break;
    }
}

static void unit(sb *b, const dpp_inst *in, int alpha)
{
    const dpp_alu *a = &in->alu;
    const dpp_cmn *m = &in->cmn;
    unsigned op = alpha ? a->alpha_op : a->rgb_op, omod = alpha ? a->alpha_omod : a->rgb_omod;
    out(b, " %s %s", alpha ? "alpha" : "rgb", vname(alpha ? "alpha_op" : "rgb_op", op));
    if (omod)
        out(b, ".%s", vname("rgb_omod", omod));
    if (alpha ? m->alpha_clamp : m->rgb_clamp)
        out(b, ".sat");
    out(b, " ");
    reg(b, 'r', alpha ? a->alpha_addrd : a->rgb_addrd,
        alpha ? a->alpha_addrd_rel : a->rgb_addrd_rel);
    out(b, ".");
    mask_text(b, alpha ? m->alpha_wmask : m->rgb_wmask, alpha ? "a" : "rgb");
    unsigned omask = alpha ? m->alpha_omask : m->rgb_omask;
    unsigned target = alpha ? a->alpha_target : a->rgb_target;
    if (m->type == DPP_TYPE_OUT && (omask || target)) {
        out(b, " o%u.", target);
        mask_text(b, omask, alpha ? "a" : "rgb");
    }
    if (alpha && a->w_omask)
        out(b, " w");
    for (int k = 0; k < 3; k++) {
        if (alpha)
            operand(b, a->alpha_sel[k], &a->alpha_swiz[k], 1, a->alpha_mod[k]);
        else
            operand(b, a->rgb_sel[k], a->rgb_swiz[k], 3, a->rgb_mod[k]);
    }
    if (alpha)
        pred(b, m->alpha_pred_sel, m->alpha_pred_inv, "alpha_pred_inv");
    else
        pred(b, m->rgb_pred_sel, m->rgb_pred_inv, "rgb_pred_inv");
}

static void alu_inst(sb *b, const dpp_inst *in)
{
    const dpp_alu *a = &in->alu;
    const dpp_cmn *m = &in->cmn;
    out(b, "%s", m->type == DPP_TYPE_OUT ? "out" : "alu");
    unit(b, in, 0);
    unit(b, in, 1);
    out(b, " src ");
    for (int k = 0; k < 3; k++) {
        if (k)
            out(b, ", ");
        src_addr(b, &a->rgb_src[k]);
        out(b, "/");
        src_addr(b, &a->alpha_src[k]);
    }
    if (a->rgb_srcp_op || a->alpha_srcp_op)
        out(b, " srcp %s/%s", vname("rgb_srcp_op", a->rgb_srcp_op),
            vname("alpha_srcp_op", a->alpha_srcp_op));
    if (m->type == DPP_TYPE_ALU && (dpp_cmn_omask(m) || a->rgb_target || a->alpha_target)) {
        out(b, " setp ");
        mask_text(b, dpp_cmn_omask(m), "rgba");
        out(b, " %s %s", vname("alu_result_op", a->rgb_target),
            vname("alu_result_op", a->alpha_target));
    }
    if (a->alu_wmask)
        out(b, " setres %c %s", m->alu_result_sel ? 'a' : 'r',
            vname("alu_result_op", m->alu_result_op));
    if (m->stat_we) {
        out(b, " stat ");
        mask_text(b, m->stat_we, "rgba");
    }
    flags(b, m);
    static const char *const rest[] = {"alu_result_sel", "alu_result_op", NULL};
    if (!a->alu_wmask)
        generic(b, in, rest);
}

static void tex_src(sb *b, const char *kw, unsigned addr, unsigned rel, const uint16_t *swz)
{
    out(b, "%s", kw);
    reg(b, 'r', addr, rel);
    out(b, ".");
    for (int i = 0; i < 4; i++)
        out(b, "%s", vname("src_swiz_0", swz[i]));
}

static void tex_inst(sb *b, const dpp_inst *in)
{
    const dpp_tex *x = &in->tex;
    out(b, "tex %s ", vname("tex_inst", x->inst));
    reg(b, 'r', x->dst_addr, x->dst_rel);
    out(b, ".");
    mask_text(b, in->cmn.rgb_wmask | (unsigned)in->cmn.alpha_wmask << 3, "rgba");
    tex_src(b, ", ", x->src_addr, x->src_rel, x->src_swiz);
    out(b, ", i%u", x->tex_id);
    if (x->dst_swiz[0] != 0 || x->dst_swiz[1] != 1 || x->dst_swiz[2] != 2 || x->dst_swiz[3] != 3) {
        out(b, " dswz ");
        for (int i = 0; i < 4; i++)
            out(b, "%s", vname("dst_swiz_0", x->dst_swiz[i]));
    }
    const uint16_t *sw[2] = {x->dx_swiz, x->dy_swiz};
    unsigned ad[2] = {x->dx_addr, x->dy_addr}, rl[2] = {x->dx_rel, x->dy_rel};
    for (int k = 0; k < 2; k++)
        if (ad[k] || rl[k] || sw[k][0] || sw[k][1] || sw[k][2] || sw[k][3])
            tex_src(b, k ? " dy " : " dx ", ad[k], rl[k], sw[k]);
    if (x->sem_acquire)
        out(b, " acquire");
    if (x->unscaled)
        out(b, " unscaled");
    /* `if P` is the RGB and alpha selects alike (asm_inst.c); other pairs print
     * as the four fields, so the text never claims more than the encoding. */
    const dpp_cmn *m = &in->cmn;
    static const char *const preds[] = {"rgb_pred_sel", "rgb_pred_inv", "alpha_pred_sel",
                                        "alpha_pred_inv", NULL};
    if (m->rgb_pred_sel != DPP_PRED_NONE && m->rgb_pred_sel == m->alpha_pred_sel &&
        m->rgb_pred_inv == m->alpha_pred_inv)
        pred(b, m->rgb_pred_sel, m->rgb_pred_inv, "rgb_pred_inv");
    else
        generic(b, in, preds);
    flags(b, m);
    static const char *const rest[] = {"tex_ignore_uncovered", NULL};
    generic(b, in, rest);
}

static void fc_inst(sb *b, const dpp_inst *in, unsigned label_limit)
{
    const dpp_fc *f = &in->fc;
    out(b, "fc %s ", vname("fc_op", f->op));
    out(b, f->jump_addr < label_limit ? "L%u" : "%u", f->jump_addr);
    pred(b, in->cmn.rgb_pred_sel, in->cmn.rgb_pred_inv, "rgb_pred_inv");
    flags(b, &in->cmn);
    static const char *const rest[] = {
        "jump_func",           "jump_any", "a_op",      "b_op0",    "b_op1",
        "b_pop_cnt",           "b_else",   "bool_addr", "int_addr", "jump_global",
        "fc_ignore_uncovered", NULL};
    generic(b, in, rest);
}

static void inst_text(sb *b, const dpp_inst *in, unsigned label_limit)
{
    switch (in->cmn.type) {
    case DPP_TYPE_ALU:
    case DPP_TYPE_OUT:
        alu_inst(b, in);
        break;
    case DPP_TYPE_TEX:
        tex_inst(b, in);
        break;
    default:
        fc_inst(b, in, label_limit);
        break;
    }
}

void dpp_disasm_inst(const dpp_inst *inst, int label_targets, char *buf, size_t size)
{
    sb b = {buf, 0, size, 0, 0};
    if (!size)
        return;
    buf[0] = 0;
    inst_text(&b, inst, label_targets ? DPP_MAX_INSTS : 0);
}

static void float_value(sb *b, uint32_t v)
{
    float f = dpp_fp_f(v);
    if (dpp_fp_is_nan(v) || dpp_fp_is_denorm(v))
        out(b, "0x%08x", v);
    else
        out(b, "%.9g", (double)f);
}

static void directives(sb *b, const dpp_exe *x)
{
    dpp_usage u;
    dpp_usage_of(x->words, x->ninsts, &u);
    out(b, ".proginfo fg_depth_src=%u output_mode=%s fc_mode=%s num_temps=%u\n",
        x->info.fg_depth_src, x->info.output_mode ? "umrt" : "cached",
        x->info.fc_mode ? "full" : "partial", x->info.num_temps);
    for (unsigned i = 0; i < DPP_NUM_CONSTS; i++)
        if (x->float_set[i]) {
            out(b, ".float c%u", i);
            for (int c = 0; c < 4; c++) {
                out(b, ", ");
                float_value(b, x->float_val[i][c]);
            }
            out(b, "\n");
        }
    if (x->domain_const)
        out(b, ".domain c%u\n", x->domain_const - 1);
    for (unsigned i = 0; i < DPP_NUM_INTS; i++)
        if (x->int_set >> i & 1) {
            dpp_loop_const k = dpp_loop_const_unpack(x->int_val[i]);
            if (x->int_val[i] >> 24)
                out(b, ".int i%u, 0x%08x\n", i, x->int_val[i]);
            else
                out(b, ".int i%u, %u, %u, %d\n", i, k.count, k.init, k.step);
        }
    for (unsigned i = 0; i < DPP_NUM_BOOLS; i++)
        if (x->bool_set >> i & 1)
            out(b, ".bool b%u, %u\n", i, x->bool_val >> i & 1);
    /* Note entries the code does not imply. */
    for (unsigned i = 0; i < DPP_NUM_INPUTS; i++)
        if ((x->inputs & ~u.inputs) >> i & 1)
            out(b, ".use in%u\n", i);
    for (unsigned i = 0; i < DPP_NUM_OUTPUTS; i++)
        if ((x->outputs & ~u.outputs) >> i & 1)
            out(b, ".use o%u\n", i);
    for (unsigned i = 0; i < DPP_NUM_CONSTS; i++)
        if (x->float_used[i] && !u.float_used[i] && !x->float_set[i] && x->domain_const != i + 1)
            out(b, ".use c%u\n", i);
    for (unsigned i = 0; i < DPP_NUM_INTS; i++)
        if ((x->int_used & ~u.int_used & ~x->int_set) >> i & 1)
            out(b, ".use i%u\n", i);
    if (x->condout && !u.condout)
        out(b, ".use condout\n");
    if (x->earlyexit && !u.earlyexit)
        out(b, ".use earlyexit\n");
}

dpp_status dpp_disasm(const dpp_exe *x, char **text, dpp_error *err)
{
    sb b = {malloc(4096), 0, 4096, 1, 0};
    uint8_t is_target[DPP_MAX_INSTS] = {0};
    if (!b.p)
        return dpp_error_set(err, DPP_E_NOMEM, "out of memory");
    dpp_inst in;
    for (unsigned i = 0; i < x->ninsts; i++) {
        dpp_inst_decode(x->words + i * DPP_INST_DWORDS, &in);
        if (in.cmn.type == DPP_TYPE_FC && in.fc.jump_addr < x->ninsts)
            is_target[in.fc.jump_addr] = 1;
    }
    directives(&b, x);
    for (unsigned i = 0; i < x->ninsts; i++) {
        dpp_inst_decode(x->words + i * DPP_INST_DWORDS, &in);
        if (is_target[i])
            out(&b, "L%u:\n", i);
        out(&b, "    ");
        inst_text(&b, &in, x->ninsts);
        out(&b, "\n");
    }
    if (b.oom) {
        free(b.p);
        return dpp_error_set(err, DPP_E_NOMEM, "out of memory");
    }
    *text = b.p;
    return DPP_OK;
}

/* ----------------------------------------------------------- usage */

static void note_temp(dpp_usage *u, unsigned idx, unsigned rel)
{
    unsigned top = rel ? DPP_NUM_TEMPS : idx + 1;
    if (top > u->num_temps)
        u->num_temps = top;
}

static void usage_alu(const dpp_inst *in, dpp_usage *u)
{
    const dpp_alu *a = &in->alu;
    for (int k = 0; k < 3; k++) {
        const dpp_src_addr *s[2] = {&a->rgb_src[k], &a->alpha_src[k]};
        for (int h = 0; h < 2; h++) {
            dpp_src_kind kind = dpp_src_classify(s[h]);
            if (kind == DPP_SRC_CONST && !s[h]->rel)
                u->float_used[s[h]->addr] = 1;
            else if (kind == DPP_SRC_TEMP)
                note_temp(u, s[h]->addr & 127, s[h]->rel);
        }
    }
    if (in->cmn.rgb_wmask)
        note_temp(u, a->rgb_addrd, a->rgb_addrd_rel);
    if (in->cmn.alpha_wmask)
        note_temp(u, a->alpha_addrd, a->alpha_addrd_rel);
    if (in->cmn.type == DPP_TYPE_OUT) {
        if (in->cmn.rgb_omask)
            u->outputs |= (uint8_t)(1u << a->rgb_target);
        if (in->cmn.alpha_omask)
            u->outputs |= (uint8_t)(1u << a->alpha_target);
        u->condout |= a->w_omask;
    }
}

static void usage_tex(const dpp_inst *in, dpp_usage *u)
{
    const dpp_tex *x = &in->tex;
    if (x->inst != DPP_TEX_NOP && x->inst != DPP_TEX_KILL)
        u->inputs |= (uint16_t)(1u << x->tex_id);
    if (x->inst != DPP_TEX_NOP) {
        note_temp(u, x->src_addr, x->src_rel);
        note_temp(u, x->dst_addr, x->dst_rel);
    }
    if (x->inst == DPP_TEX_DXDY) {
        note_temp(u, x->dx_addr, x->dx_rel);
        note_temp(u, x->dy_addr, x->dy_rel);
    }
}

void dpp_usage_of(const uint32_t *words, uint32_t n, dpp_usage *u)
{
    memset(u, 0, sizeof *u);
    for (uint32_t i = 0; i < n; i++) {
        dpp_inst in;
        dpp_inst_decode(words + i * DPP_INST_DWORDS, &in);
        if (dpp_inst_early_exit(&in))
            u->earlyexit = 1;
        switch (in.cmn.type) {
        case DPP_TYPE_ALU:
        case DPP_TYPE_OUT:
            usage_alu(&in, u);
            break;
        case DPP_TYPE_TEX:
            usage_tex(&in, u);
            break;
        default:
            if (dpp_inst_int_const(&in) >= 0)
                u->int_used |= 1u << dpp_inst_int_const(&in);
            break;
        }
    }
}
