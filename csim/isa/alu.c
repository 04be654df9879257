/* One ALU/OUTPUT instruction on one lane (spec 5.3-5.13, 7). */
#include "alu.h"

#include "alu_fp.h"

#include <math.h>
#include <string.h>

typedef struct vec4 {
    uint32_t c[4];
} vec4;

/* Resolves one source address to its RGBA value. */
static dpp_status fetch(const dpp_src_addr *s, const dpp_alu_in *in, vec4 *v, dpp_error *err)
{
    int64_t idx;
    switch (dpp_src_classify(s)) {
    case DPP_SRC_INLINE:
        for (int c = 0; c < 4; c++)
            v->c[c] = dpp_inline_const_bits(s->addr & 127);
        return DPP_OK;
    case DPP_SRC_CONST:
        idx = (int64_t)s->addr + (s->rel ? in->al : 0);
        if (idx < 0 || idx >= DPP_NUM_CONSTS)
            return dpp_error_set(err, DPP_E_FAULT, "constant c%u+aL(%d) = %lld is out of range",
                                 s->addr, in->al, (long long)idx);
        memcpy(v->c, in->cnst[idx], sizeof v->c);
        return DPP_OK;
    default:
        idx = (int64_t)(s->addr & 127) + (s->rel ? in->al : 0);
        if (idx < 0 || idx >= DPP_NUM_TEMPS)
            return dpp_error_set(err, DPP_E_FAULT, "temporary r%u+aL(%d) = %lld is out of range",
                                 s->addr & 127, in->al, (long long)idx);
        memcpy(v->c, in->temp[idx], sizeof v->c);
        return DPP_OK;
    }
}

/* Presubtract of one channel (spec 5.4); inputs flushed, result flushed. */
static uint32_t presub(unsigned op, uint32_t s0, uint32_t s1)
{
    float a = dpp_fp_in(s0), b = dpp_fp_in(s1), r;
    switch (op) {
    case DPP_SRCP_BIAS:
        r = 1.0f - 2.0f * a;
        break;
    case DPP_SRCP_SUB:
        r = b - a;
        break;
    case DPP_SRCP_ADD:
        r = b + a;
        break;
    default:
        r = 1.0f - a;
        break;
    }
    return dpp_fp_flush(dpp_fp_bits(r));
}

static const uint32_t swizzle_const[] = {0, DPP_FP_HALF, DPP_FP_ONE}; /* codes 4, 5, 6 */

/* Select, swizzle and modify one channel of an operand. */
static uint32_t operand(const vec4 *src, unsigned sel, unsigned swz, unsigned mod)
{
    uint32_t v = swz < 4 ? src[sel].c[swz] : swizzle_const[(swz - 4) % 3];
    switch (mod) {
    case DPP_MOD_NEG:
        return v ^ DPP_FP_SIGN;
    case DPP_MOD_ABS:
        return v & ~DPP_FP_SIGN;
    case DPP_MOD_NAB:
        return v | DPP_FP_SIGN;
    default:
        return v;
    }
}

/* MIN, MAX, CND, CMP: pick A or B bit-for-bit (spec 7.2). */
static uint32_t select_op(unsigned kind, uint32_t a, uint32_t b, uint32_t c)
{
    float fa = dpp_fp_in(a), fb = dpp_fp_in(b), fc = dpp_fp_in(c);
    switch (kind) {
    case DPP_RGB_MIN:
        if (isnan(fa) || isnan(fb) || (fa == 0 && fb == 0))
            return b;
        return fa < fb ? a : b;
    case DPP_RGB_MAX:
        if (isnan(fa) || isnan(fb) || (fa == 0 && fb == 0))
            return b;
        return fa >= fb ? a : b;
    case DPP_RGB_CND:
        return !isnan(fc) && fc > 0.5f ? a : b;
    default: /* CMP */
        return !isnan(fc) && fc >= 0.0f ? a : b;
    }
}

/* The per-channel ops shared by both units, keyed by the RGB opcode. */
static uint32_t channel_op(unsigned rgb_kind, uint32_t a, uint32_t b, uint32_t c)
{
    switch (rgb_kind) {
    case DPP_RGB_MAD:
        return dpp_fp_bits(fmaf(dpp_fp_in(a), dpp_fp_in(b), dpp_fp_in(c)));
    case DPP_RGB_FRC: {
        float x = dpp_fp_in(a);
        return dpp_fp_bits(x - floorf(x));
    }
    default:
        return select_op(rgb_kind, a, b, c);
    }
}

/* Alpha opcodes that have an RGB twin, mapped to it; -1: DP or transcendental. */
static const int8_t alpha_as_rgb[16] = {
    DPP_RGB_MAD, -1, DPP_RGB_MIN, DPP_RGB_MAX, -1, DPP_RGB_CND, DPP_RGB_CMP, DPP_RGB_FRC,
    -1,          -1, -1,          -1,          -1, -1,          -1,          -1,
};

static const float omod_scale[8] = {1, 2, 4, 8, 0.5f, 0.25f, 0.125f, 1};

/* OMOD then clamp (spec 5.7). */
static uint32_t finish(uint32_t raw, unsigned omod, unsigned clamp)
{
    if (omod == DPP_OMOD_DISABLED)
        return raw;
    uint32_t v = dpp_fp_bits(dpp_fp_in(raw) * omod_scale[omod]);
    v = dpp_fp_is_nan(v) ? DPP_FP_CANON : dpp_fp_flush(v);
    if (clamp) {
        float f = dpp_fp_f(v);
        v = dpp_fp_is_nan(v) || !(f > 0) ? 0 : f > 1 ? DPP_FP_ONE : v;
    }
    return v;
}

int dpp_cmp_zero(uint32_t bits, unsigned cmp)
{
    if (dpp_fp_is_nan(bits))
        return cmp == DPP_CMP_NE;
    uint32_t v = dpp_fp_flush(bits);
    int zero = (v & ~DPP_FP_SIGN) == 0, neg = (v & DPP_FP_SIGN) != 0;
    switch (cmp) {
    case DPP_CMP_EQ:
        return zero;
    case DPP_CMP_LT:
        return !zero && neg;
    case DPP_CMP_GE:
        return zero || !neg;
    default:
        return !zero;
    }
}

/* Whether channel c (0-2 RGB, 3 alpha) passes predication. */
static int chan_passes(const dpp_cmn *m, uint8_t pred, int c)
{
    unsigned sel = c < 3 ? m->rgb_pred_sel : m->alpha_pred_sel;
    unsigned inv = c < 3 ? m->rgb_pred_inv : m->alpha_pred_inv;
    if (sel == DPP_PRED_NONE)
        return 1;
    unsigned bit = sel == DPP_PRED_RGBA ? (unsigned)c : sel - DPP_PRED_RRRR;
    return (int)(((pred >> bit) & 1) ^ inv);
}

static dpp_status dest(unsigned addr, unsigned rel, int32_t al, int used, uint16_t *out,
                       dpp_error *err)
{
    int64_t idx = (int64_t)addr + (rel ? al : 0);
    if (used && (idx < 0 || idx >= DPP_NUM_TEMPS))
        return dpp_error_set(err, DPP_E_FAULT, "destination r%u+aL(%d) = %lld is out of range",
                             addr, al, (long long)idx);
    *out = (uint16_t)(used ? idx : addr);
    return DPP_OK;
}

/* The three RGB operands and three alpha operands of a fetched instruction. */
typedef struct operands {
    uint32_t rgb[3][4]; /* [A/B/C][R,G,B, and for DP4 the alpha-unit A/B as 4th] */
    uint32_t alpha[3];
} operands;

static void gather(const dpp_alu *a, const vec4 *src, operands *o)
{
    for (int k = 0; k < 3; k++) {
        for (int c = 0; c < 3; c++)
            o->rgb[k][c] = operand(src, a->rgb_sel[k], a->rgb_swiz[k][c], a->rgb_mod[k]);
        o->alpha[k] = operand(src, a->alpha_sel[k], a->alpha_swiz[k], a->alpha_mod[k]);
        o->rgb[k][3] = o->alpha[k]; /* DP4 rule: 4th component from the alpha operand */
    }
}

/* RGB dot products (DP3, DP4, D2A); returns the scalar. */
static uint32_t rgb_dot(unsigned op, const operands *o)
{
    float a[4], b[4];
    for (int c = 0; c < 4; c++) {
        a[c] = dpp_fp_in(o->rgb[0][c]);
        b[c] = dpp_fp_in(o->rgb[1][c]);
    }
    if (op == DPP_RGB_D2A)
        return dpp_fp_dot(a, b, 2, dpp_fp_in(o->rgb[2][2]));
    return dpp_fp_dot(a, b, op == DPP_RGB_DP4 ? 4 : 3, 0.0f);
}

static void compute(const dpp_alu *a, const operands *o, uint32_t raw[4])
{
    uint32_t dot = 0;
    int is_dot = a->rgb_op >= DPP_RGB_DP3 && a->rgb_op <= DPP_RGB_D2A;
    if (is_dot)
        dot = rgb_dot(a->rgb_op, o);
    if (a->alpha_op == DPP_ALPHA_DP)
        raw[3] = dot;
    else if (alpha_as_rgb[a->alpha_op] >= 0)
        raw[3] =
            channel_op((unsigned)alpha_as_rgb[a->alpha_op], o->alpha[0], o->alpha[1], o->alpha[2]);
    else
        raw[3] = dpp_fp_transcendental(a->alpha_op, dpp_fp_in(o->alpha[0]));
    for (int c = 0; c < 3; c++)
        raw[c] = is_dot ? dot
                 : a->rgb_op == DPP_RGB_SOP
                     ? raw[3]
                     : channel_op(a->rgb_op, o->rgb[0][c], o->rgb[1][c], o->rgb[2][c]);
}

dpp_status dpp_alu_exec(const dpp_inst *inst, const dpp_alu_in *in, dpp_alu_result *out,
                        dpp_error *err)
{
    dpp_status st = dpp_inst_check(inst, 0, err);
    if (st != DPP_OK)
        return st;
    if (inst->cmn.type != DPP_TYPE_ALU && inst->cmn.type != DPP_TYPE_OUT)
        return dpp_error_set(err, DPP_E_ARG, "dpp_alu_exec: not an ALU or OUTPUT instruction");
    const dpp_alu *a = &inst->alu;
    const dpp_cmn *m = &inst->cmn;
    vec4 src[4], rgbv, av;
    for (int i = 0; i < 3; i++) {
        if ((st = fetch(&a->rgb_src[i], in, &rgbv, err)) != DPP_OK ||
            (st = fetch(&a->alpha_src[i], in, &av, err)) != DPP_OK)
            return st;
        src[i] = rgbv;
        src[i].c[3] = av.c[3];
    }
    for (int c = 0; c < 3; c++)
        src[3].c[c] = presub(a->rgb_srcp_op, src[0].c[c], src[1].c[c]);
    src[3].c[3] = presub(a->alpha_srcp_op, src[0].c[3], src[1].c[3]);

    operands o;
    uint32_t raw[4];
    gather(a, src, &o);
    compute(a, &o, raw);

    memset(out, 0, sizeof *out);
    for (int c = 0; c < 4; c++) {
        out->value[c] = c < 3 ? finish(raw[c], a->rgb_omod, m->rgb_clamp)
                              : finish(raw[c], a->alpha_omod, m->alpha_clamp);
        out->chan_pred |= (uint8_t)(chan_passes(m, in->pred, c) << c);
    }
    uint8_t wmask = (uint8_t)(m->rgb_wmask | m->alpha_wmask << 3);
    out->temp_mask = wmask & out->chan_pred;
    if ((st = dest(a->rgb_addrd, a->rgb_addrd_rel, in->al, (out->temp_mask & 7) != 0,
                   &out->rgb_temp, err)) != DPP_OK ||
        (st = dest(a->alpha_addrd, a->alpha_addrd_rel, in->al, (out->temp_mask & 8) != 0,
                   &out->alpha_temp, err)) != DPP_OK)
        return st;
    /* The output masks pick the outputs of an OUTPUT and the predicate bits
     * of an ALU instruction [seed 000, p34]; predication narrows both (A15). */
    uint8_t omask = (uint8_t)(dpp_cmn_omask(m) & out->chan_pred);
    if (m->type == DPP_TYPE_OUT) {
        out->out_mask = omask;
        out->rgb_out = (uint8_t)a->rgb_target;
        out->alpha_out = (uint8_t)a->alpha_target;
        out->w_write = a->w_omask && (out->chan_pred & 8);
        return DPP_OK;
    }
    out->alu_result_we = (uint8_t)a->alu_wmask;
    out->alu_result =
        (uint8_t)dpp_cmp_zero(out->value[m->alu_result_sel ? 3 : 0], m->alu_result_op);
    out->pred_we = omask;
    for (int k = 0; k < 4; k++)
        out->pred_val |=
            (uint8_t)(dpp_cmp_zero(out->value[k], k < 3 ? a->rgb_target : a->alpha_target) << k);
    return DPP_OK;
}

void dpp_alu_commit(const dpp_alu_result *r, uint32_t (*temp)[4], uint32_t (*out)[4], uint32_t *w,
                    uint8_t *alu_result, uint8_t *pred)
{
    for (int c = 0; c < 4; c++) {
        if (temp && (r->temp_mask >> c & 1))
            temp[c < 3 ? r->rgb_temp : r->alpha_temp][c] = r->value[c];
        if (out && (r->out_mask >> c & 1))
            out[c < 3 ? r->rgb_out : r->alpha_out][c] = r->value[c];
    }
    if (w && r->w_write)
        *w = r->value[3];
    if (alu_result && r->alu_result_we)
        *alu_result = r->alu_result;
    if (pred)
        *pred = (uint8_t)((*pred & ~r->pred_we) | (r->pred_val & r->pred_we));
}
