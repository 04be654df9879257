/* progen: compiling the statement tree to DPP instructions with the canonical
 * flow-control encodings of fc_canon.h. Layout: TEX fetch of input 0 into r1
 * and a TEX NOP that waits for it, a jump over the functions (if any), the
 * functions, main, four OUTPUTs. */
#include "progen_int.h"

#include "asm.h"
#include "fc_canon.h"
#include "fp_bits.h"
#include "in_pattern.h"
#include "isa.h"

#include <string.h>

#define INLINE_ONE         (0x80u | 56u) /* inline constant 1.0: exponent 7, mantissa 0 */
#define PG_MAX_NODES_CALLS 64
#define KILL_TEMP          15 /* scratch temporary for TEXKILL coordinates */

typedef struct loop_frame {
    int rep;
    unsigned ifs;       /* ifs open inside this loop */
    unsigned exits[64]; /* BREAK / CONTINUE slots to patch */
    unsigned nexits;
} loop_frame;

typedef struct cstate {
    dpp_inst inst[DPP_MAX_INSTS];
    unsigned n;
    int overflow;
    loop_frame loop[8];
    unsigned nloops;
    unsigned calls[PG_MAX_NODES_CALLS];
    uint8_t call_func[PG_MAX_NODES_CALLS];
    unsigned ncalls;
    unsigned func_cond_rets; /* conditional returns so far in the current function */
    int func_is_cond;
} cstate;

static dpp_inst *emit(cstate *s, unsigned type)
{
    if (s->n == DPP_MAX_INSTS) {
        s->overflow = 1;
        s->n = 0; /* keep writing somewhere harmless; the result is discarded */
    }
    dpp_inst *in = &s->inst[s->n++];
    memset(in, 0, sizeof *in);
    in->cmn.type = (uint16_t)type;
    return in;
}

/* rgb/alpha = (neg ? -1 : 1) * r[a (+aL)] * 1.0 + c[cidx], identity swizzles. */
static dpp_inst *mad(cstate *s, unsigned type, unsigned a, int rel, int neg, unsigned cidx)
{
    dpp_inst *in = emit(s, type);
    dpp_alu *u = &in->alu;
    u->rgb_op = DPP_RGB_MAD;
    u->alpha_op = DPP_ALPHA_MAD;
    dpp_src_addr srcs[3] = {
        {(uint16_t)a, 0, (uint16_t)rel}, {INLINE_ONE, 0, 0}, {(uint16_t)cidx, 1, 0}};
    for (unsigned k = 0; k < 3; k++) {
        u->rgb_src[k] = srcs[k];
        u->alpha_src[k] = srcs[k];
        u->rgb_sel[k] = (uint16_t)k;
        u->alpha_sel[k] = (uint16_t)k;
        u->alpha_swiz[k] = DPP_SWZ_A;
        for (unsigned c = 0; c < 3; c++)
            u->rgb_swiz[k][c] = (uint16_t)c;
    }
    u->rgb_mod[0] = u->alpha_mod[0] = (uint16_t)(neg ? DPP_MOD_NEG : DPP_MOD_NOP);
    return in;
}

/* Emits what a condition needs before its FC instruction and returns the
 * JUMP_FUNC bits that are 1 when the condition is true. */
static uint8_t prepare(cstate *s, const pg_cond *c)
{
    static const uint8_t true_bits[3] = {0xF0, 0xCC, 0xAA};
    if (c->src == PG_SRC_ALU) {
        dpp_inst *in = mad(s, DPP_TYPE_ALU, c->reg, 0, 0, pg_const_index(-c->k));
        in->alu.alu_wmask = 1;
        in->cmn.alu_result_op = c->cmp;
    }
    return (uint8_t)(c->neg ? ~true_bits[c->src] : true_bits[c->src]);
}

static dpp_inst *fc(cstate *s, fc_construct k, uint8_t pop, uint8_t jf, const pg_cond *c)
{
    fc_fields f = fc_canon(k, 0, pop, jf);
    dpp_inst *in = emit(s, DPP_TYPE_FC);
    in->cmn.alu_wait = 1; /* the decision may read the ALU's result [seed 000, p28] */
    in->fc.op = f.op;
    in->fc.b_else = f.b_else;
    in->fc.jump_any = f.jump_any;
    in->fc.a_op = f.a_op;
    in->fc.jump_func = f.jump_func;
    in->fc.b_pop_cnt = f.b_pop_cnt;
    in->fc.b_op0 = f.b_op0;
    in->fc.b_op1 = f.b_op1;
    if (c && c->src == PG_SRC_PRED)
        in->cmn.rgb_pred_sel = (uint16_t)(DPP_PRED_RRRR + c->bit);
    if (c && c->src == PG_SRC_BOOL)
        in->fc.bool_addr = c->bit;
    return in;
}

static void set_target(cstate *s, unsigned slot, unsigned target)
{
    s->inst[slot].fc.jump_addr = (uint16_t)target;
}

static void compile_list(cstate *s, const pg_program *p, int n);

static void compile_if(cstate *s, const pg_program *p, const pg_node *nd)
{
    uint8_t t = prepare(s, &nd->cond);
    unsigned open = s->n;
    fc(s, nd->has_else ? FC_C_IF_ELSE : FC_C_IF, 0, 0, &nd->cond)->fc.jump_func = (uint8_t)~t;
    if (s->nloops)
        s->loop[s->nloops - 1].ifs++;
    compile_list(s, p, nd->body);
    unsigned jumper = open;
    if (nd->has_else) {
        jumper = s->n;
        fc(s, FC_C_ELSE, 1, 0, NULL);
        set_target(s, open, s->n);
        compile_list(s, p, nd->alt);
    }
    unsigned endif = s->n;
    fc(s, FC_C_ENDIF, 1, 0, NULL); /* JUMP_ADDR 0, as the guide's table [seed 000, p43] */
    set_target(s, jumper, endif + 1);
    if (s->nloops)
        s->loop[s->nloops - 1].ifs--;
}

static void compile_loop(cstate *s, const pg_program *p, const pg_node *nd)
{
    int rep = nd->kind == PG_REP;
    unsigned open = s->n;
    fc(s, rep ? FC_C_REP : FC_C_LOOP, 0, 0, NULL)->fc.int_addr = nd->int_addr;
    if (s->nloops == 8) {
        s->overflow = 1;
        return;
    }
    loop_frame *f = &s->loop[s->nloops++];
    memset(f, 0, sizeof *f);
    f->rep = rep;
    compile_list(s, p, nd->body);
    unsigned end = s->n;
    dpp_inst *e = fc(s, rep ? FC_C_ENDREP : FC_C_ENDLOOP, 0, 0, NULL);
    e->fc.int_addr = nd->int_addr;
    e->fc.jump_addr = (uint16_t)(open + 1);
    set_target(s, open, nd->mesa_target ? end : end + 1);
    for (unsigned i = 0; i < f->nexits; i++)
        set_target(s, f->exits[i], s->inst[f->exits[i]].fc.op == DPP_FC_CONTINUE ? end : end + 1);
    s->nloops--;
}

static void compile_exit(cstate *s, const pg_node *nd)
{
    loop_frame *f = &s->loop[s->nloops - 1];
    uint8_t t = nd->conditional ? prepare(s, &nd->cond) : 0xFF;
    fc_construct k = nd->kind == PG_CONTINUE ? FC_C_CONTINUE
                     : nd->conditional       ? (f->rep ? FC_C_BREAKC_REP : FC_C_BREAKC_LOOP)
                     : f->rep                ? FC_C_BREAKREP
                                             : FC_C_BREAKLOOP;
    if (f->nexits == 64) {
        s->overflow = 1;
        return;
    }
    f->exits[f->nexits++] = s->n;
    fc(s, k, (uint8_t)f->ifs, t, nd->conditional ? &nd->cond : NULL)->fc.jump_func = t;
}

static void compile_call(cstate *s, const pg_program *p, const pg_node *nd)
{
    int cond = p->func_cond[nd->func];
    uint8_t t = cond ? prepare(s, &nd->cond) : 0xFF;
    if (s->ncalls == PG_MAX_NODES_CALLS) {
        s->overflow = 1;
        return;
    }
    s->calls[s->ncalls] = s->n;
    s->call_func[s->ncalls++] = nd->func;
    fc(s, cond ? FC_C_CALLNZ : FC_C_CALL, 0, t, cond ? &nd->cond : NULL);
}

static void compile_list(cstate *s, const pg_program *p, int n)
{
    for (; n >= 0 && !s->overflow; n = p->node[n].next) {
        const pg_node *nd = &p->node[n];
        switch (nd->kind) {
        case PG_ASSIGN: {
            dpp_inst *in = mad(s, DPP_TYPE_ALU, nd->a, nd->rel, nd->neg, pg_const_index(nd->c));
            in->alu.rgb_addrd = in->alu.alpha_addrd = nd->dst;
            in->cmn.rgb_wmask = 7;
            in->cmn.alpha_wmask = 1;
            break;
        }
        case PG_SETP: {
            dpp_inst *in = mad(s, DPP_TYPE_ALU, nd->cond.reg, 0, 0, pg_const_index(-nd->cond.k));
            dpp_cmn_set_omask(&in->cmn, 1u << nd->bit); /* [seed 000, p34] */
            in->alu.rgb_target = in->alu.alpha_target = nd->cond.cmp;
            break;
        }
        case PG_IF:
            compile_if(s, p, nd);
            break;
        case PG_LOOP:
        case PG_REP:
            compile_loop(s, p, nd);
            break;
        case PG_BREAK:
        case PG_CONTINUE:
            compile_exit(s, nd);
            break;
        case PG_CALL:
            compile_call(s, p, nd);
            break;
        case PG_KILL: {
            dpp_inst *in = mad(s, DPP_TYPE_ALU, nd->cond.reg, 0, 0, pg_const_index(-nd->cond.k));
            in->alu.rgb_addrd = in->alu.alpha_addrd = KILL_TEMP;
            in->cmn.rgb_wmask = 7;
            in->cmn.alpha_wmask = 1;
            dpp_inst *k = emit(s, DPP_TYPE_TEX);
            k->cmn.alu_wait = 1; /* its coordinates come from the ALU [seed 000, p28] */
            k->tex.inst = DPP_TEX_KILL;
            k->tex.src_addr = KILL_TEMP; /* S, T, R, Q all from red */
            break;
        }
        case PG_RET_COND: {
            uint8_t t = prepare(s, &nd->cond);
            unsigned pop = s->func_cond_rets++ + (s->func_is_cond ? 1u : 0u);
            fc(s, FC_C_RET_COND, (uint8_t)pop, t, &nd->cond);
            break;
        }
        }
    }
}

/* The return at a function's end undoes the call's and the conditional returns' INCRs. */
static void compile_function_end(cstate *s)
{
    unsigned pop = s->func_cond_rets + (s->func_is_cond ? 1u : 0u);
    if (pop == 0)
        fc(s, FC_C_RET, 0, 0, NULL);
    else
        fc(s, FC_C_RET_COND, (uint8_t)pop, 0xFF, NULL);
}

static void fill_exe(const cstate *s, const pg_program *p, dpp_exe *x)
{
    memset(x, 0, sizeof *x);
    x->ninsts = s->n;
    for (unsigned i = 0; i < s->n; i++)
        dpp_inst_encode(&s->inst[i], x->words + DPP_INST_DWORDS * i);
    const pg_profile_def *def = pg_profile_def_of(p->profile);
    x->info.reserved = 1;
    x->info.fc_mode = !def->partial; /* pg_compile checks a partial program against the mode */
    x->info.num_temps = 16;
    x->info.num_insts = s->n;
    x->inputs = 1;
    x->outputs = 0xF;
    for (int v = -8; v <= 8; v++) {
        x->float_set[PG_CONST(v)] = 1;
        for (int c = 0; c < 4; c++)
            x->float_val[PG_CONST(v)][c] = dpp_fp_bits((float)v);
    }
    x->int_set = 0xFFFFFFFFu;
    x->int_used = x->int_set; /* listed in INT32CONSTS, as the loader requires [seed 000, p52] */
    dpp_usage u;
    dpp_usage_of(x->words, x->ninsts, &u);
    x->earlyexit = u.earlyexit; /* TEXKILL: the EARLYEXIT note says so [seed 000, p53] */
    memcpy(x->int_val, p->ints, sizeof x->int_val);
    x->bool_set = 0xFFFFFFFFu;
    x->bool_val = p->bools;
    if (def->keyed) {
        /* thresholds and steps on the key reach past -8..8: c32..c160 hold -64..64 */
        for (int v = -64; v <= 64; v++) {
            unsigned k = (unsigned)(32 + 64 + v);
            x->float_set[k] = 1;
            for (int c = 0; c < 4; c++)
                x->float_val[k][c] = dpp_fp_bits((float)v);
        }
        x->in_pattern[0] = DPP_PAT_LANE_RANK; /* the run generates input 0 when it is unbound */
        x->in_pattern_seed[0] = p->pattern_seed;
    }
}

dpp_status pg_compile(const pg_program *p, dpp_exe *exe, dpp_error *err)
{
    static cstate s; /* large; compile is not reentrant */
    memset(&s, 0, sizeof s);
    dpp_inst *ld = emit(&s, DPP_TYPE_TEX);
    ld->tex.inst = DPP_TEX_LD;
    ld->tex.unscaled = 1;
    ld->tex.dst_addr = 1;
    for (unsigned c = 0; c < 4; c++)
        ld->tex.src_swiz[c] = ld->tex.dst_swiz[c] = (uint16_t)c;
    ld->cmn.rgb_wmask = 7;
    ld->cmn.alpha_wmask = 1;
    /* r1 may be read by any instruction: acquire it and wait at once [seed 000, p37] */
    ld->tex.sem_acquire = ld->cmn.tex_sem_wait = 1;
    emit(&s, DPP_TYPE_TEX)->cmn.tex_sem_wait = 1; /* a TEX NOP that waits */
    unsigned skip = s.n, func_slot[PG_MAX_FUNCS] = {0};
    if (p->nfuncs)
        fc(&s, FC_C_CALL, 0, 0, NULL)->fc.a_op = DPP_AOP_NONE; /* a plain jump over the functions */
    for (unsigned f = 0; f < p->nfuncs; f++) {
        func_slot[f] = s.n;
        s.func_cond_rets = 0;
        s.func_is_cond = p->func_cond[f];
        compile_list(&s, p, p->func[f]);
        compile_function_end(&s);
    }
    if (p->nfuncs)
        set_target(&s, skip, s.n);
    s.func_is_cond = 0;
    compile_list(&s, p, p->main);
    for (unsigned i = 0; i < s.ncalls; i++)
        set_target(&s, s.calls[i], func_slot[s.call_func[i]]);
    for (unsigned o = 0; o < 4; o++) {
        dpp_inst *out = mad(&s, DPP_TYPE_OUT, 1 + o, 0, 0, PG_CONST(0));
        dpp_cmn_set_omask(&out->cmn, 0xF);
        out->alu.rgb_target = out->alu.alpha_target = (uint16_t)o;
    }
    if (s.overflow)
        return dpp_error_set(err, DPP_E_ARG, "progen: the program needs more than %d slots",
                             DPP_MAX_INSTS);
    fill_exe(&s, p, exe);
    dpp_error e; /* the rules the assembler and the loader apply (fc_mode.c) */
    if (!exe->info.fc_mode &&
        dpp_program_check_partial(exe->words, exe->ninsts, DPP_FC_PARTIAL_BRANCHES, &e))
        return dpp_error_set(err, DPP_E_ARG,
                             "progen: profile %s wrote a program partial flow-control mode "
                             "refuses: %s",
                             pg_profile_name(p->profile), e.msg);
    return DPP_OK;
}
