/* Validation of instruction words and programs (spec 5.1-5.13, 6.3, 6.7).
 * Each rule is decided here once; docs/isa-model-defined.md lists them. */
#include "isa.h"

#include <stdio.h>
#include <string.h>

/* Bits of dword d that some field of a type-t word covers, from the table
 * (computed on first use; the table is constant, so a race only repeats
 * the same computation). */
static uint32_t covered_bits(unsigned t, unsigned d)
{
    static uint32_t mask[4][DPP_INST_DWORDS];
    static volatile int ready;
    if (!ready) {
        size_t n;
        const dpp_field_desc *f = dpp_fields(&n);
        uint32_t m[4][DPP_INST_DWORDS] = {{0}};
        for (unsigned ty = 0; ty < 4; ty++)
            for (size_t i = 0; i < n; i++)
                if (f[i].types & (1u << ty))
                    m[ty][f[i].dword] |= (uint32_t)((1ull << f[i].width) - 1) << f[i].lo;
        memcpy(mask, m, sizeof mask);
        ready = 1;
    }
    return mask[t][d];
}

/* The fields of a type-t word, in table order (built on first use). */
static const dpp_field_desc *const *fields_of_type(unsigned t, size_t *count)
{
    static const dpp_field_desc *list[4][128];
    static size_t len[4];
    static volatile int ready;
    if (!ready) {
        size_t n;
        const dpp_field_desc *f = dpp_fields(&n);
        for (unsigned ty = 0; ty < 4; ty++) {
            size_t k = 0;
            for (size_t i = 0; i < n && k < 128; i++)
                if (f[i].types & (1u << ty))
                    list[ty][k++] = &f[i];
            len[ty] = k;
        }
        ready = 1;
    }
    *count = len[t];
    return list[t];
}

static int is_transcendental(unsigned aop)
{
    return aop >= DPP_ALPHA_EX2 && aop <= DPP_ALPHA_COS;
}

static int omod_disabled_ok_rgb(unsigned op)
{
    return op == DPP_RGB_MIN || op == DPP_RGB_MAX || op == DPP_RGB_CMP || op == DPP_RGB_CND;
}

static int omod_disabled_ok_alpha(unsigned op)
{
    return op == DPP_ALPHA_MIN || op == DPP_ALPHA_MAX || op == DPP_ALPHA_CMP || op == DPP_ALPHA_CND;
}

#define ILLEGAL(...) dpp_error_set(err, DPP_E_ILLEGAL, __VA_ARGS__)

static dpp_status check_src(const dpp_src_addr *s, const char *unit, int i, unsigned slot,
                            dpp_error *err)
{
    if (dpp_src_classify(s) == DPP_SRC_INLINE && s->rel)
        return ILLEGAL("slot %u: %s source %d is an inline constant with relative addressing", slot,
                       unit, i);
    return DPP_OK;
}

static dpp_status check_alu(const dpp_inst *in, unsigned slot, dpp_error *err)
{
    const dpp_alu *a = &in->alu;
    const dpp_cmn *c = &in->cmn;
    int out = c->type == DPP_TYPE_OUT;
    if (a->rgb_op == DPP_RGB_MDH || a->rgb_op == DPP_RGB_MDV || a->alpha_op == DPP_ALPHA_MDH ||
        a->alpha_op == DPP_ALPHA_MDV)
        return ILLEGAL("slot %u: MDH/MDV (pixel-quad derivatives) do not exist on a CTM "
                       "processor",
                       slot);
    if (a->rgb_omod == DPP_OMOD_DISABLED && !omod_disabled_ok_rgb(a->rgb_op))
        return ILLEGAL("slot %u: OMOD_DISABLED on RGB op %u (only MIN, MAX, CMP, CND)", slot,
                       a->rgb_op);
    if (a->alpha_omod == DPP_OMOD_DISABLED && !omod_disabled_ok_alpha(a->alpha_op))
        return ILLEGAL("slot %u: OMOD_DISABLED on alpha op %u (only MIN, MAX, CMP, CND)", slot,
                       a->alpha_op);
    if (a->rgb_op == DPP_RGB_SOP && !is_transcendental(a->alpha_op))
        return ILLEGAL("slot %u: RGB SOP needs a transcendental alpha op (EX2, LN2, RCP, RSQ, "
                       "SIN, COS)",
                       slot);
    if (a->alpha_op == DPP_ALPHA_DP && a->rgb_op != DPP_RGB_DP3 && a->rgb_op != DPP_RGB_DP4 &&
        a->rgb_op != DPP_RGB_D2A)
        return ILLEGAL("slot %u: alpha DP needs RGB op DP3, DP4 or D2A", slot);
    if (out && a->alu_wmask)
        return ILLEGAL("slot %u: an OUTPUT instruction cannot write the ALU result", slot);
    /* An ALU's output masks are its predicate enables [seed 000, p34]; W stays OUTPUT's. */
    if (!out && a->w_omask)
        return ILLEGAL("slot %u: an ALU instruction cannot write W (W_OMASK is OUTPUT only)", slot);
    for (int i = 0; i < 3; i++) {
        dpp_status st = check_src(&a->rgb_src[i], "RGB", i, slot, err);
        if (st == DPP_OK)
            st = check_src(&a->alpha_src[i], "alpha", i, slot, err);
        if (st != DPP_OK)
            return st;
    }
    return DPP_OK;
}

static dpp_status check_tex(const dpp_inst *in, unsigned slot, dpp_error *err)
{
    if (in->tex.sem_acquire && !in->cmn.tex_sem_wait)
        return ILLEGAL("slot %u: TEX_SEM_ACQUIRE without TEX_SEM_WAIT", slot);
    return DPP_OK;
}

static dpp_status check_fc(const dpp_inst *in, unsigned slot, dpp_error *err)
{
    if (in->cmn.rgb_pred_sel == DPP_PRED_RGBA)
        return ILLEGAL("slot %u: FC predicate must be a replicate selection (RRRR, GGGG, BBBB, "
                       "AAAA) or NONE, not RGBA",
                       slot);
    return DPP_OK;
}

dpp_status dpp_inst_check(const dpp_inst *in, unsigned slot, dpp_error *err)
{
    unsigned t = in->cmn.type;
    if (t > DPP_TYPE_TEX)
        return ILLEGAL("slot %u: type %u does not exist", slot, t);
    size_t n;
    const dpp_field_desc *const *f = fields_of_type(t, &n);
    for (size_t k = 0; k < n; k++) {
        const dpp_field_desc *fi = f[k];
        unsigned v = dpp_field_get(in, fi);
        if (v >> fi->width)
            return ILLEGAL("slot %u: %s value %u does not fit %u bits", slot, fi->name, v,
                           fi->width);
        if (fi->enum_names && !dpp_field_value_name(fi, v))
            return ILLEGAL("slot %u: %s has reserved value %u", slot, fi->name, v);
    }
    switch (t) {
    case DPP_TYPE_ALU:
    case DPP_TYPE_OUT:
        return check_alu(in, slot, err);
    case DPP_TYPE_TEX:
        return check_tex(in, slot, err);
    default:
        return check_fc(in, slot, err);
    }
}

dpp_status dpp_inst_validate(const uint32_t words[DPP_INST_DWORDS], unsigned slot, dpp_error *err)
{
    unsigned t = words[0] & 3;
    for (unsigned d = 0; d < DPP_INST_DWORDS; d++) {
        uint32_t extra = words[d] & ~covered_bits(t, d);
        if (extra)
            return ILLEGAL("slot %u: reserved bits 0x%08x set in dword %u of a %s instruction",
                           slot, extra, d, dpp_field_value_name(dpp_field_find("type"), t));
    }
    dpp_inst in;
    dpp_inst_decode(words, &in);
    return dpp_inst_check(&in, slot, err);
}

/* Temporary registers an ALU/OUT instruction writes: bit set per register
 * (128 bits). With relative addressing any register may be written. */
static void alu_writes(const dpp_inst *p, uint64_t w[2])
{
    w[0] = w[1] = 0;
    if (p->cmn.type != DPP_TYPE_ALU && p->cmn.type != DPP_TYPE_OUT)
        return;
    const struct {
        int on;
        unsigned addr, rel;
    } d[2] = {{p->cmn.rgb_wmask != 0, p->alu.rgb_addrd, p->alu.rgb_addrd_rel},
              {p->cmn.alpha_wmask != 0, p->alu.alpha_addrd, p->alu.alpha_addrd_rel}};
    for (int i = 0; i < 2; i++) {
        if (!d[i].on)
            continue;
        if (d[i].rel) {
            w[0] = w[1] = ~0ull;
            return;
        }
        w[d[i].addr >> 6] |= 1ull << (d[i].addr & 63);
    }
}

static int uses_srcp(const dpp_inst *c)
{
    for (int i = 0; i < 3; i++)
        if (c->alu.rgb_sel[i] == DPP_SEL_SRCP || c->alu.alpha_sel[i] == DPP_SEL_SRCP)
            return 1;
    return 0;
}

/* Does source s read a temporary in the set w? Relative temps may read any. */
static int reads_any(const dpp_src_addr *s, const uint64_t w[2])
{
    if (dpp_src_classify(s) != DPP_SRC_TEMP)
        return 0;
    if (s->rel)
        return (w[0] | w[1]) != 0;
    unsigned r = s->addr & 127;
    return (int)((w[r >> 6] >> (r & 63)) & 1);
}

int dpp_needs_nop(const dpp_inst *prev, const dpp_inst *cur)
{
    if (cur->cmn.type != DPP_TYPE_ALU && cur->cmn.type != DPP_TYPE_OUT)
        return 0;
    if (!uses_srcp(cur))
        return 0;
    uint64_t w[2];
    alu_writes(prev, w);
    /* Presubtract reads src0 and src1 of both halves (conservative: BIAS and
     * INV read only src0, but the rule is stated per source pair). */
    for (int i = 0; i < 2; i++)
        if (reads_any(&cur->alu.rgb_src[i], w) || reads_any(&cur->alu.alpha_src[i], w))
            return 1;
    return 0;
}

/* Does the FC decision depend on the ALU result (JUMP_FUNC bits 7:4 differ
 * from 3:0)? */
static int reads_alu_result(const dpp_inst *fc)
{
    return (fc->fc.jump_func & 0x0F) != (fc->fc.jump_func >> 4);
}

dpp_status dpp_program_validate(const uint32_t *words, size_t n, dpp_error *err)
{
    if (n == 0)
        return ILLEGAL("program has no instructions");
    if (n > DPP_MAX_INSTS)
        return ILLEGAL("program has %zu instructions (at most %d)", n, DPP_MAX_INSTS);
    dpp_inst prev, cur;
    uint8_t target[DPP_MAX_INSTS] = {0};
    for (size_t i = 0; i < n; i++) {
        dpp_inst_decode(words + i * DPP_INST_DWORDS, &cur);
        if (cur.cmn.type != DPP_TYPE_FC)
            continue;
        if (cur.fc.a_op != DPP_AOP_POP && cur.fc.jump_addr < n)
            target[cur.fc.jump_addr] = 1;
        if (cur.fc.a_op == DPP_AOP_PUSH && i + 1 < n)
            target[i + 1] = 1; /* where RET lands */
    }
    int result_valid = 0; /* an ALU result written since the last FC or jump target */
    for (size_t i = 0; i < n; i++) {
        const uint32_t *w = words + i * DPP_INST_DWORDS;
        dpp_status st = dpp_inst_validate(w, (unsigned)i, err);
        if (st != DPP_OK)
            return st;
        dpp_inst_decode(w, &cur);
        if (target[i])
            result_valid = 0;
        if (cur.cmn.type == DPP_TYPE_FC) {
            if (reads_alu_result(&cur) && !result_valid)
                return ILLEGAL("slot %zu: flow control reads the ALU result, but no ALU "
                               "instruction writes it after the last flow-control instruction "
                               "or jump target",
                               i);
            result_valid = 0;
        } else if (cur.cmn.type == DPP_TYPE_ALU && cur.alu.alu_wmask) {
            result_valid = 1;
        }
        if (i > 0 && !prev.cmn.nop && dpp_needs_nop(&prev, &cur))
            return ILLEGAL("slot %zu: presubtract reads a temporary written by slot %zu, which "
                           "needs NOP",
                           i, i - 1);
        if (cur.cmn.type == DPP_TYPE_FC && cur.fc.jump_addr >= n && cur.fc.a_op != DPP_AOP_POP)
            return ILLEGAL("slot %zu: jump address %u is past the last slot %zu", i,
                           cur.fc.jump_addr, n - 1);
        prev = cur;
    }
    if (cur.cmn.type != DPP_TYPE_OUT)
        return ILLEGAL("slot %zu: the last instruction must be an OUTPUT instruction", n - 1);
    return DPP_OK;
}
