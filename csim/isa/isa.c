/* The field table of the DPP instruction word (spec 5.2, 6.3) and the
 * encode/decode/lookup functions that read it. Validation is in isa_check.c. */
#include "isa.h"

#include "fp_bits.h"

#include <math.h>
#include <pthread.h>
#include <string.h>

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static const char *const n_type[] = {"alu", "out", "fc", "tex"};
static const char *const n_pred[] = {"none", "rgba", "rrrr", "gggg", "bbbb", "aaaa"};
static const char *const n_cmp[] = {"eq", "lt", "ge", "ne"};
static const char *const n_sel[] = {"src0", "src1", "src2", "srcp"};
static const char *const n_swz[] = {"r", "g", "b", "a", "0", "h", "1"};
static const char *const n_mod[] = {"nop", "neg", "abs", "nab"};
static const char *const n_srcp[] = {"bias", "sub", "add", "inv"};
static const char *const n_omod[] = {"u1", "u2", "u4", "u8", "d2", "d4", "d8", "disabled"};
static const char *const n_rgbop[] = {"mad", "dp3", "dp4", "d2a", "min", "max", NULL,
                                      "cnd", "cmp", "frc", "sop", "mdh", "mdv"};
static const char *const n_aop[] = {"mad", "dp",  "min", "max", NULL,  "cnd", "cmp", "frc",
                                    "ex2", "ln2", "rcp", "rsq", "sin", "cos", "mdh", "mdv"};
static const char *const n_texop[] = {"nop", "ld", "texkill", "proj", "lodbias", "lod", "dxdy"};
static const char *const n_tswz[] = {"r", "g", "b", "a"};
static const char *const n_fcop[] = {"jump",   "loop",      "endloop",  "rep",
                                     "endrep", "breakloop", "breakrep", "continue"};
static const char *const n_aaop[] = {"none", "pop", "push"};
static const char *const n_bop[] = {"none", "decr", "incr"};

#define F(nm, dw, lo, w, ty, m)                                                                    \
    {                                                                                              \
        nm, dw, lo, w, ty, offsetof(dpp_inst, m), NULL, 0                                          \
    }
#define FE(nm, dw, lo, w, ty, m, e)                                                                \
    {                                                                                              \
        nm, dw, lo, w, ty, offsetof(dpp_inst, m), e, COUNT(e)                                      \
    }
/* F and FE with the place as one DPP_AT_x constant (isa.h): expanded first */
#define F_AT(nm, ...)  F(nm, __VA_ARGS__)
#define FE_AT(nm, ...) FE(nm, __VA_ARGS__)
#define SRC(pfx, dw, i, grp)                                                                       \
    F(pfx #i, dw, 10 * i, 8, DPP_T_ALUOUT, alu.grp[i].addr),                                       \
        F(pfx #i "_const", dw, 10 * i + 8, 1, DPP_T_ALUOUT, alu.grp[i].cnst),                      \
        F(pfx #i "_rel", dw, 10 * i + 9, 1, DPP_T_ALUOUT, alu.grp[i].rel)
#define RGBSWZ(x, dw, lo, i)                                                                       \
    FE("red_swiz_" x, dw, lo, 3, DPP_T_ALUOUT, alu.rgb_swiz[i][0], n_swz),                         \
        FE("green_swiz_" x, dw, lo + 3, 3, DPP_T_ALUOUT, alu.rgb_swiz[i][1], n_swz),               \
        FE("blue_swiz_" x, dw, lo + 6, 3, DPP_T_ALUOUT, alu.rgb_swiz[i][2], n_swz)
#define TSWZ(x, dw, lo, m)                                                                         \
    FE(x "_swiz_0", dw, lo, 2, DPP_T_TEX, m[0], n_tswz),                                           \
        FE(x "_swiz_1", dw, lo + 2, 2, DPP_T_TEX, m[1], n_tswz),                                   \
        FE(x "_swiz_2", dw, lo + 4, 2, DPP_T_TEX, m[2], n_tswz),                                   \
        FE(x "_swiz_3", dw, lo + 6, 2, DPP_T_TEX, m[3], n_tswz)

/* The table: the only place that knows where a field sits. */
static const dpp_field_desc fields[] = {
    /* dword0, US_CMN_INST */
    FE_AT("type", DPP_AT_TYPE, DPP_T_ALL, cmn.type, n_type),
    F("tex_sem_wait", 0, 2, 1, DPP_T_ALL, cmn.tex_sem_wait),
    FE_AT("rgb_pred_sel", DPP_AT_RGB_PRED_SEL, DPP_T_ALL, cmn.rgb_pred_sel, n_pred),
    F_AT("rgb_pred_inv", DPP_AT_RGB_PRED_INV, DPP_T_ALL, cmn.rgb_pred_inv),
    F("write_inactive", 0, 7, 1, DPP_T_ALUOUT | DPP_T_TEX, cmn.write_inactive),
    F("last", 0, 8, 1, DPP_T_ALL, cmn.last),
    F("nop", 0, 9, 1, DPP_T_ALL, cmn.nop),
    F("alu_wait", 0, 10, 1, DPP_T_ALL, cmn.alu_wait),
    F("rgb_wmask", 0, 11, 3, DPP_T_ALUOUT | DPP_T_TEX, cmn.rgb_wmask),
    F("alpha_wmask", 0, 14, 1, DPP_T_ALUOUT | DPP_T_TEX, cmn.alpha_wmask),
    F("rgb_omask", 0, 15, 3, DPP_T_ALUOUT, cmn.rgb_omask),
    F("alpha_omask", 0, 18, 1, DPP_T_ALUOUT, cmn.alpha_omask),
    F("rgb_clamp", 0, 19, 1, DPP_T_ALUOUT, cmn.rgb_clamp),
    F("alpha_clamp", 0, 20, 1, DPP_T_ALUOUT, cmn.alpha_clamp),
    F("alu_result_sel", 0, 21, 1, DPP_T_ALUOUT, cmn.alu_result_sel),
    F("alpha_pred_inv", 0, 22, 1, DPP_T_ALUOUT | DPP_T_TEX, cmn.alpha_pred_inv),
    FE("alu_result_op", 0, 23, 2, DPP_T_ALUOUT, cmn.alu_result_op, n_cmp),
    FE("alpha_pred_sel", 0, 25, 3, DPP_T_ALUOUT | DPP_T_TEX, cmn.alpha_pred_sel, n_pred),
    F("stat_we", 0, 28, 4, DPP_T_ALUOUT, cmn.stat_we), /* no effect: not the predicate enable */
    /* dword1 / dword2, US_ALU_RGB_ADDR / US_ALU_ALPHA_ADDR */
    SRC("rgb_addr", 1, 0, rgb_src),
    SRC("rgb_addr", 1, 1, rgb_src),
    SRC("rgb_addr", 1, 2, rgb_src),
    FE("rgb_srcp_op", 1, 30, 2, DPP_T_ALUOUT, alu.rgb_srcp_op, n_srcp),
    SRC("alpha_addr", 2, 0, alpha_src),
    SRC("alpha_addr", 2, 1, alpha_src),
    SRC("alpha_addr", 2, 2, alpha_src),
    FE("alpha_srcp_op", 2, 30, 2, DPP_T_ALUOUT, alu.alpha_srcp_op, n_srcp),
    /* dword3, US_ALU_RGB_INST */
    FE("rgb_sel_a", 3, 0, 2, DPP_T_ALUOUT, alu.rgb_sel[0], n_sel),
    RGBSWZ("a", 3, 2, 0),
    FE("rgb_mod_a", 3, 11, 2, DPP_T_ALUOUT, alu.rgb_mod[0], n_mod),
    FE("rgb_sel_b", 3, 13, 2, DPP_T_ALUOUT, alu.rgb_sel[1], n_sel),
    RGBSWZ("b", 3, 15, 1),
    FE("rgb_mod_b", 3, 24, 2, DPP_T_ALUOUT, alu.rgb_mod[1], n_mod),
    FE("rgb_omod", 3, 26, 3, DPP_T_ALUOUT, alu.rgb_omod, n_omod),
    F("rgb_target", 3, 29, 2, DPP_T_ALUOUT, alu.rgb_target),
    F("alu_wmask", 3, 31, 1, DPP_T_ALUOUT, alu.alu_wmask),
    /* dword4, US_ALU_ALPHA_INST */
    FE("alpha_op", 4, 0, 4, DPP_T_ALUOUT, alu.alpha_op, n_aop),
    F("alpha_addrd", 4, 4, 7, DPP_T_ALUOUT, alu.alpha_addrd),
    F("alpha_addrd_rel", 4, 11, 1, DPP_T_ALUOUT, alu.alpha_addrd_rel),
    FE("alpha_sel_a", 4, 12, 2, DPP_T_ALUOUT, alu.alpha_sel[0], n_sel),
    FE("alpha_swiz_a", 4, 14, 3, DPP_T_ALUOUT, alu.alpha_swiz[0], n_swz),
    FE("alpha_mod_a", 4, 17, 2, DPP_T_ALUOUT, alu.alpha_mod[0], n_mod),
    FE("alpha_sel_b", 4, 19, 2, DPP_T_ALUOUT, alu.alpha_sel[1], n_sel),
    FE("alpha_swiz_b", 4, 21, 3, DPP_T_ALUOUT, alu.alpha_swiz[1], n_swz),
    FE("alpha_mod_b", 4, 24, 2, DPP_T_ALUOUT, alu.alpha_mod[1], n_mod),
    FE("alpha_omod", 4, 26, 3, DPP_T_ALUOUT, alu.alpha_omod, n_omod),
    F("alpha_target", 4, 29, 2, DPP_T_ALUOUT, alu.alpha_target),
    F("w_omask", 4, 31, 1, DPP_T_ALUOUT, alu.w_omask),
    /* dword5, US_ALU_RGBA_INST */
    FE("rgb_op", 5, 0, 4, DPP_T_ALUOUT, alu.rgb_op, n_rgbop),
    F("rgb_addrd", 5, 4, 7, DPP_T_ALUOUT, alu.rgb_addrd),
    F("rgb_addrd_rel", 5, 11, 1, DPP_T_ALUOUT, alu.rgb_addrd_rel),
    FE("rgb_sel_c", 5, 12, 2, DPP_T_ALUOUT, alu.rgb_sel[2], n_sel),
    RGBSWZ("c", 5, 14, 2),
    FE("rgb_mod_c", 5, 23, 2, DPP_T_ALUOUT, alu.rgb_mod[2], n_mod),
    FE("alpha_sel_c", 5, 25, 2, DPP_T_ALUOUT, alu.alpha_sel[2], n_sel),
    FE("alpha_swiz_c", 5, 27, 3, DPP_T_ALUOUT, alu.alpha_swiz[2], n_swz),
    FE("alpha_mod_c", 5, 30, 2, DPP_T_ALUOUT, alu.alpha_mod[2], n_mod),
    /* TEX dword1, US_TEX_INST */
    F("tex_id", 1, 16, 4, DPP_T_TEX, tex.tex_id),
    FE("tex_inst", 1, 22, 3, DPP_T_TEX, tex.inst, n_texop),
    F("tex_sem_acquire", 1, 25, 1, DPP_T_TEX, tex.sem_acquire),
    F("tex_ignore_uncovered", 1, 26, 1, DPP_T_TEX, tex.ignore_uncovered),
    F("tex_unscaled", 1, 27, 1, DPP_T_TEX, tex.unscaled),
    /* TEX dword2, US_TEX_ADDR */
    F("src_addr", 2, 0, 7, DPP_T_TEX, tex.src_addr),
    F("src_rel", 2, 7, 1, DPP_T_TEX, tex.src_rel),
    TSWZ("src", 2, 8, tex.src_swiz),
    F("dst_addr", 2, 16, 7, DPP_T_TEX, tex.dst_addr),
    F("dst_rel", 2, 23, 1, DPP_T_TEX, tex.dst_rel),
    TSWZ("dst", 2, 24, tex.dst_swiz),
    /* TEX dword3, US_TEX_ADDR_DXDY (DY_REL at bit 23: model-defined) */
    F("dx_addr", 3, 0, 7, DPP_T_TEX, tex.dx_addr),
    F("dx_rel", 3, 7, 1, DPP_T_TEX, tex.dx_rel),
    TSWZ("dx", 3, 8, tex.dx_swiz),
    F("dy_addr", 3, 16, 7, DPP_T_TEX, tex.dy_addr),
    F("dy_rel", 3, 23, 1, DPP_T_TEX, tex.dy_rel),
    TSWZ("dy", 3, 24, tex.dy_swiz),
    /* FC dword2, US_FC_INST */
    FE_AT("fc_op", DPP_AT_FC_OP, DPP_T_FC, fc.op, n_fcop),
    F_AT("b_else", DPP_AT_B_ELSE, DPP_T_FC, fc.b_else),
    F_AT("jump_any", DPP_AT_JUMP_ANY, DPP_T_FC, fc.jump_any),
    FE_AT("a_op", DPP_AT_A_OP, DPP_T_FC, fc.a_op, n_aaop),
    F_AT("jump_func", DPP_AT_JUMP_FUNC, DPP_T_FC, fc.jump_func),
    F_AT("b_pop_cnt", DPP_AT_B_POP_CNT, DPP_T_FC, fc.b_pop_cnt),
    FE_AT("b_op0", DPP_AT_B_OP0, DPP_T_FC, fc.b_op0, n_bop),
    FE_AT("b_op1", DPP_AT_B_OP1, DPP_T_FC, fc.b_op1, n_bop),
    F("fc_ignore_uncovered", 2, 28, 1, DPP_T_FC, fc.ignore_uncovered),
    /* FC dword3, US_FC_ADDR */
    F("bool_addr", 3, 0, 5, DPP_T_FC, fc.bool_addr),
    F("int_addr", 3, 8, 5, DPP_T_FC, fc.int_addr),
    F_AT("jump_addr", DPP_AT_JUMP_ADDR, DPP_T_FC, fc.jump_addr),
    F("jump_global", 3, 31, 1, DPP_T_FC, fc.jump_global),
};

const dpp_field_desc *dpp_fields(size_t *count)
{
    if (count)
        *count = COUNT(fields);
    return fields;
}

const dpp_field_desc *dpp_field_find(const char *name)
{
    size_t n;
    const dpp_field_desc *f = dpp_fields(&n);
    for (size_t i = 0; i < n; i++)
        if (!strcmp(f[i].name, name))
            return &f[i];
    return NULL;
}

unsigned dpp_field_get(const dpp_inst *inst, const dpp_field_desc *f)
{
    uint16_t v;
    memcpy(&v, (const char *)inst + f->offset, sizeof v);
    return v;
}

void dpp_field_set(dpp_inst *inst, const dpp_field_desc *f, unsigned value)
{
    uint16_t v = (uint16_t)(value & ((1u << f->width) - 1));
    memcpy((char *)inst + f->offset, &v, sizeof v);
}

static unsigned type_bit(unsigned type)
{
    return 1u << (type & 3);
}

const char *dpp_field_value_name(const dpp_field_desc *f, unsigned v)
{
    if (!f->enum_names || v >= f->enum_count)
        return NULL;
    return f->enum_names[v];
}

/* The fields of each instruction type, in table order: encode and decode walk
 * only these (an FC instruction has a fifth of the table's fields). Built once. */
static struct {
    uint8_t n;
    uint8_t index[COUNT(fields)];
} of_type[4];
static pthread_once_t of_type_once = PTHREAD_ONCE_INIT;

_Static_assert(COUNT(fields) <= 255, "field indices fit a byte");

static void build_of_type(void)
{
    for (unsigned t = 0; t < 4; t++)
        for (size_t i = 0; i < COUNT(fields); i++)
            if (fields[i].types & type_bit(t))
                of_type[t].index[of_type[t].n++] = (uint8_t)i;
}

void dpp_inst_encode(const dpp_inst *inst, uint32_t words[DPP_INST_DWORDS])
{
    pthread_once(&of_type_once, build_of_type);
    unsigned t = inst->cmn.type & 3;
    memset(words, 0, DPP_INST_DWORDS * sizeof words[0]);
    for (unsigned k = 0; k < of_type[t].n; k++) {
        const dpp_field_desc *f = &fields[of_type[t].index[k]];
        uint32_t mask = (uint32_t)((1ull << f->width) - 1);
        words[f->dword] |= (dpp_field_get(inst, f) & mask) << f->lo;
    }
}

void dpp_inst_decode(const uint32_t words[DPP_INST_DWORDS], dpp_inst *inst)
{
    pthread_once(&of_type_once, build_of_type);
    unsigned t = words[0] & 3;
    memset(inst, 0, sizeof *inst);
    for (unsigned k = 0; k < of_type[t].n; k++) {
        const dpp_field_desc *f = &fields[of_type[t].index[k]];
        uint32_t mask = (uint32_t)((1ull << f->width) - 1);
        dpp_field_set(inst, f, (words[f->dword] >> f->lo) & mask);
    }
}

dpp_src_kind dpp_src_classify(const dpp_src_addr *s)
{
    if (s->cnst)
        return DPP_SRC_CONST;
    return (s->addr & 0x80) ? DPP_SRC_INLINE : DPP_SRC_TEMP;
}

uint32_t dpp_inline_const_bits(unsigned code)
{
    unsigned e = (code >> 3) & 15, m = code & 7;
    float v = e == 0 ? ldexpf((float)m, -9) : ldexpf(1.0f + (float)m / 8.0f, (int)e - 7);
    return dpp_fp_bits(v);
}

uint32_t dpp_loop_const_pack(dpp_loop_const k)
{
    return (uint32_t)k.count | (uint32_t)k.init << 8 | (uint32_t)(uint8_t)k.step << 16;
}

const char *dpp_inst_early_exit(const dpp_inst *inst)
{
    if (inst->cmn.type == DPP_TYPE_TEX && inst->tex.inst == DPP_TEX_KILL)
        return "TEXKILL";
    return inst->cmn.last ? "LAST" : NULL;
}

int dpp_inst_int_const(const dpp_inst *inst)
{
    if (inst->cmn.type != DPP_TYPE_FC || inst->fc.op < DPP_FC_LOOP || inst->fc.op > DPP_FC_ENDREP)
        return -1;
    return (int)inst->fc.int_addr;
}
