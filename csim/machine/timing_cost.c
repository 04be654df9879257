/* What one instruction costs under a chip profile (timing.h), worked out once
 * per program from its decoded pa_uop (docs/timing.md, "An instruction's
 * cost"): its clause type; for ALU and OUTPUT the VLIW slots its RGB and
 * alpha parts take and so the bundles it needs, the distinct temporaries,
 * constants and literals (inline values other than 0, 0.5, 1) it reads, and the extra read phases
 * those cost; the cycles it holds its unit and its latency. */
#include "pa_int.h"
#include "timing.h"

/* Source addresses read, bit k = address k (0-2 RGB, 3-5 alpha). */
static unsigned operand_reads(const pa_uop *u, unsigned sel, unsigned swz)
{
    if (swz >= 4) /* the constants 0, 0.5 and 1 */
        return 0;
    if (sel == DPP_SEL_SRCP) { /* the presubtract of channel swz reads s0, and s1 for SUB/ADD */
        unsigned op = u->srcp_op[swz];
        unsigned r = operand_reads(u, DPP_SEL_SRC0, swz);
        return op == DPP_SRCP_SUB || op == DPP_SRCP_ADD ? r | operand_reads(u, DPP_SEL_SRC1, swz)
                                                        : r;
    }
    return 1u << (swz < 3 ? sel : 3 + sel); /* R, G, B from the RGB address, A from the alpha one */
}

/* The source addresses the needed channels and the dot product read. */
static unsigned addresses_read(const pa_uop *u, int dot)
{
    unsigned m = 0;
    for (unsigned c = 0; c < 4; c++) {
        int used = c < 3 ? (u->need >> c & 1) : u->need_raw_alpha;
        unsigned ops = used ? pa_operands_read(u->kind[c]) : 0;
        for (unsigned k = 0; k < 3; k++)
            if (ops >> k & 1)
                m |= operand_reads(u, u->opnd[c][k].sel, u->opnd[c][k].swz);
    }
    for (unsigned c = 0; dot && c < u->dot_n; c++) /* A.c * B.c, and C's blue for D2A */
        m |= operand_reads(u, u->opnd[c][0].sel, u->opnd[c][0].swz) |
             operand_reads(u, u->opnd[c][1].sel, u->opnd[c][1].swz);
    if (dot && u->dot_add)
        m |= operand_reads(u, u->opnd[2][2].sel, u->opnd[2][2].swz);
    return m;
}

/* 0.0, 0.5 and 1.0: the chips' inline constants, read without a literal word
 * (docs/timing.md, "Literals"; model-defined, the RV740 article is silent). */
static int is_inline_constant(uint32_t bits)
{
    return bits == 0x00000000u || bits == 0x3F000000u || bits == 0x3F800000u;
}

/* Distinct temporaries, constants and inline values among the addresses read;
 * an inline value other than an inline constant is a literal. */
static void count_reads(const tm_profile *p, const pa_uop *u, unsigned m, tm_cost *c)
{
    for (unsigned k = 0; k < 6; k++) {
        if (!(m >> k & 1))
            continue;
        const pa_src *s = &u->src[k];
        int seen = 0;
        for (unsigned j = 0; j < k && !seen; j++) {
            const pa_src *t = &u->src[j];
            seen = (m >> j & 1) && t->kind == s->kind &&
                   (s->kind == DPP_SRC_INLINE ? t->inline_bits == s->inline_bits
                                              : t->addr == s->addr && t->rel == s->rel);
        }
        if (seen)
            continue;
        if (s->kind == DPP_SRC_TEMP)
            c->gprs++;
        else if (s->kind == DPP_SRC_CONST)
            c->consts++;
        else if (!(p->inline_free && is_inline_constant(s->inline_bits)))
            c->literals++;
    }
}

static unsigned ceil_div(unsigned a, unsigned b)
{
    return (a + b - 1) / b;
}

/* Read phases beyond the first when n reads share ports of `per` reads each (0: no limit). */
static unsigned extra_phases(unsigned n, unsigned per)
{
    return per && n > per ? ceil_div(n, per) - 1 : 0;
}

/* Slots and bundles: the dot product and the RGB channels fill x, y, z (w);
 * the alpha operation takes w, or t when there is one and it is a
 * transcendental or w is taken (a transcendental without t takes
 * trans_slots vector slots); what does not fit starts a second bundle. SOP
 * copies the alpha result into R, G, B, so its copies come one bundle after
 * the alpha operation. Literals beyond the profile's limit add bundles. */
static void alu_cost(const tm_profile *p, const pa_uop *u, tm_cost *c)
{
    int dot = u->need_dot && u->kind[0] == PA_K_DOT;
    unsigned rgb = (unsigned)__builtin_popcount(u->need & 7);
    unsigned sop = rgb && u->kind[0] == PA_K_SOP ? rgb : 0;
    unsigned vec = (dot ? p->dot_slots : 0) + (sop || u->kind[0] == PA_K_DOT ? 0 : rgb);
    unsigned t = 0, alpha_bundle = 1, alpha_slots = 0;
    if (u->need_raw_alpha && u->kind[3] != PA_K_DOT) {
        c->trans = u->kind[3] == PA_K_TRANS;
        unsigned want = c->trans && !p->t_slots ? p->trans_slots : 1;
        if (c->trans && p->t_slots)
            t = 1;
        else if (vec + want <= p->vec_slots)
            vec += want;
        else if (!c->trans && p->t_slots)
            t = 1;
        else
            alpha_bundle = 2, alpha_slots = want;
    }
    unsigned bundles = alpha_bundle + (sop ? 1 : 0);
    count_reads(p, u, addresses_read(u, dot), c);
    unsigned per_bundle = p->literal_words * p->literal_values; /* rv740: 2 words x 2 values */
    if (per_bundle && ceil_div(c->literals, per_bundle) > bundles)
        bundles = ceil_div(c->literals, per_bundle);
    unsigned extra = extra_phases(c->gprs, p->gpr_reads),
             ce = extra_phases(c->consts, p->const_reads);
    c->bundles = (uint8_t)bundles;
    c->read_extra = (uint8_t)(extra > ce ? extra : ce);
    c->slots = (uint8_t)(vec + t + alpha_slots + sop);
    unsigned quarter = p->wave_lanes / p->simd_lanes;
    c->occupy = (uint16_t)(quarter * (c->bundles + c->read_extra));
    c->latency = (uint16_t)(c->occupy + p->read_cycles);
}

void tm_cost_of(const tm_profile *p, const pa_uop *u, tm_cost *c)
{
    *c = (tm_cost){0};
    switch (u->type) {
    case DPP_TYPE_FC:
        c->clause = TM_CL_CF; /* the sequencer's: it ends a clause and costs nothing itself */
        break;
    case DPP_TYPE_TEX:
        c->clause = TM_CL_TEX;
        c->occupy = c->latency = (uint16_t)p->tex_cycles;
        break;
    default:
        c->clause = u->type == DPP_TYPE_OUT ? TM_CL_OUT : TM_CL_ALU;
        alu_cost(p, u, c);
        break;
    }
}
