/* Processor array: wavefront slots, instruction issue, termination and the
 * conditional output of finished lanes. */
#include "pa.h"

#include "alu.h"
#include "co.h"
#include "pa_int.h"

#include <stdlib.h>
#include <string.h>

#define PA_MAX_CONTEXTS 16

typedef struct pa_slot {
    int busy;
    unsigned index; /* wavefront number */
    pe_wave wave;
    uint64_t live; /* lanes still running: not finished, not killed */
    uint64_t active;
    int32_t al;
    unsigned pc;
    int alu_valid;
    uint64_t steps;
    pa_lane lane[PE_MAX_LANES];
} pa_slot;

struct pa_model {
    pa_params p;
    mc_model *mc;
    fc_unit_model *fc;
    pa_trace_fn trace;
    void *trace_user;
    /* the program of the current start_program */
    pe_program prog;
    dpp_inst code[DPP_MAX_INSTS];
    uint32_t cnst[DPP_NUM_CONSTS][4];
    unsigned nconst; /* float constants inside their surface */
    uint32_t ints[DPP_NUM_INTS];
    int ints_valid, bools_valid;
    uint32_t bools;
    unsigned waves; /* wavefronts started in this start_program */
    uint64_t clocks;
    pa_slot *slot;
};

pa_params pa_default_params(void)
{
    pa_params p = {
        .lanes = 64, .contexts = 1, .addr_depth = 4, .loop_depth = 4, .step_limit = 1000000};
    return p;
}

dpp_status pa_create(mc_model *mc, const pa_params *p, pa_model **out, dpp_error *err)
{
    *out = NULL;
    if (p->contexts < 1 || p->contexts > PA_MAX_CONTEXTS)
        return dpp_error_set(err, DPP_E_ARG, "pa: %u wavefronts in flight (1-%d)", p->contexts,
                             PA_MAX_CONTEXTS);
    fc_unit_params fp = {.contexts = p->contexts,
                         .lanes = p->lanes,
                         .addr_depth = p->addr_depth,
                         .loop_depth = p->loop_depth,
                         .bc_width = 6};
    fc_unit_model *fc;
    dpp_status st = fc_unit_create(&fp, &fc, err);
    if (st)
        return st;
    pa_model *pa = calloc(1, sizeof *pa);
    if (pa)
        pa->slot = calloc(p->contexts, sizeof *pa->slot);
    if (!pa || !pa->slot) {
        free(pa);
        fc_unit_destroy(fc);
        return dpp_error_set(err, DPP_E_NOMEM, "pa: out of memory");
    }
    pa->p = *p;
    pa->mc = mc;
    pa->fc = fc;
    *out = pa;
    return DPP_OK;
}

void pa_destroy(pa_model *pa)
{
    if (!pa)
        return;
    fc_unit_destroy(pa->fc);
    free(pa->slot);
    free(pa);
}

void pa_set_trace(pa_model *pa, pa_trace_fn fn, void *user)
{
    pa->trace = fn;
    pa->trace_user = user;
}

/* Loads and checks the program and the constants in force at start_program. */
static dpp_status begin(void *user, const pe_program *prog, dpp_error *err)
{
    pa_model *pa = user;
    pa->prog = *prog;
    pa->waves = 0;
    for (unsigned c = 0; c < pa->p.contexts; c++)
        pa->slot[c].busy = 0; /* a fault may have left wavefronts behind */
    uint32_t *words = malloc(sizeof(uint32_t) * DPP_INST_DWORDS * prog->ninsts);
    if (!words)
        return dpp_error_set(err, DPP_E_NOMEM, "pa: out of memory");
    dpp_status st = DPP_OK;
    for (unsigned pc = 0; !st && pc < prog->ninsts; pc++)
        st = mc_fetch_inst(pa->mc, pc, words + DPP_INST_DWORDS * pc, err);
    if (!st)
        st = dpp_program_validate(words, prog->ninsts, err);
    for (unsigned pc = 0; !st && pc < prog->ninsts; pc++)
        dpp_inst_decode(words + DPP_INST_DWORDS * pc, &pa->code[pc]);
    free(words);
    if (st)
        return st;
    const mc_surface *cf = mc_get_surface(pa->mc, MC_CL_CONSTF, 0);
    pa->nconst = cf->valid ? (cf->pitch < DPP_NUM_CONSTS ? cf->pitch : DPP_NUM_CONSTS) : 0;
    memset(pa->cnst, 0, sizeof pa->cnst);
    for (unsigned c = 0; !st && c < pa->nconst; c++)
        st = mc_const_float(pa->mc, c, pa->cnst[c], err);
    pa->ints_valid = mc_get_surface(pa->mc, MC_CL_CONSTI, 0)->valid;
    for (unsigned c = 0; !st && pa->ints_valid && c < DPP_NUM_INTS; c++)
        st = mc_const_int(pa->mc, c, &pa->ints[c], err);
    pa->bools_valid = mc_get_surface(pa->mc, MC_CL_CONSTB, 0)->valid;
    if (!st && pa->bools_valid)
        st = mc_const_bool(pa->mc, &pa->bools, err);
    return st;
}

static void fc_step(pa_model *pa, pa_slot *s, const fc_unit_in *in, fc_unit_out *out)
{
    fc_unit_step(pa->fc, in, out);
    if (pa->trace) {
        pa_fc_event ev = {s->index, &s->wave, in, out};
        pa->trace(pa->trace_user, &ev);
    }
}

static dpp_status lane_fault(const pa_slot *s, unsigned l, dpp_status st, dpp_error *err)
{
    dpp_error inner = *err;
    return dpp_error_set(err, st, "wave %u pc %u lane %u (i %d, j %d): %s", s->index, s->pc, l,
                         s->wave.i[l], s->wave.j[l], inner.msg);
}

/* A lane ends: the CO decides whether its written outputs go to the MC. */
static dpp_status finish_lane(pa_model *pa, pa_slot *s, unsigned l, dpp_error *err)
{
    pa_lane *ln = &s->lane[l];
    uint32_t v = ln->w_written ? ln->w : pa->prog.cond_val;
    int pass;
    dpp_status st =
        co_request(&pa->prog.co, pa->mc, CO_LOC_DPP, s->wave.i[l], s->wave.j[l], v, &pass, err);
    for (unsigned o = 0; !st && pass && o < DPP_NUM_OUTPUTS; o++)
        if (ln->out_written[o])
            st = mc_write_output(pa->mc, o, s->wave.i[l], s->wave.j[l], ln->out[o],
                                 ln->out_written[o], err);
    s->live &= ~(1ull << l);
    return st ? lane_fault(s, l, st, err) : DPP_OK;
}

static dpp_status finish_lanes(pa_model *pa, pa_slot *s, uint64_t lanes, dpp_error *err)
{
    dpp_status st = DPP_OK;
    for (unsigned l = 0; !st && l < s->wave.lanes; l++)
        if (lanes >> l & 1)
            st = finish_lane(pa, s, l, err);
    return st;
}

/* Which float constants an ALU instruction names must lie inside the constant surface. */
static dpp_status check_consts(const pa_model *pa, const dpp_inst *in, int32_t al, dpp_error *err)
{
    for (unsigned k = 0; k < 6; k++) {
        const dpp_src_addr *a = k < 3 ? &in->alu.rgb_src[k] : &in->alu.alpha_src[k - 3];
        if (dpp_src_classify(a) != DPP_SRC_CONST)
            continue;
        int64_t idx = (int64_t)a->addr + (a->rel ? al : 0);
        if (idx >= 0 && idx >= (int64_t)pa->nconst && idx < DPP_NUM_CONSTS)
            return dpp_error_set(err, DPP_E_FAULT,
                                 "float constant %lld is outside the constant surface (%u "
                                 "constants)",
                                 (long long)idx, pa->nconst);
    }
    return DPP_OK;
}

static dpp_status exec_alu(pa_model *pa, pa_slot *s, const dpp_inst *in, uint64_t lanes,
                           dpp_error *err)
{
    dpp_status st = DPP_OK;
    if (in->cmn.type == DPP_TYPE_ALU && in->alu.alu_wmask)
        s->alu_valid = 1;
    for (unsigned l = 0; !st && l < s->wave.lanes; l++) {
        if (!(lanes >> l & 1))
            continue;
        pa_lane *ln = &s->lane[l];
        dpp_alu_in ai = {ln->temp, (const uint32_t(*)[4])pa->cnst, s->al, ln->pred};
        dpp_alu_result r;
        st = check_consts(pa, in, s->al, err);
        if (!st)
            st = dpp_alu_exec(in, &ai, &r, err);
        if (st)
            return lane_fault(s, l, st, err);
        dpp_alu_commit(&r, ln->temp, ln->out, &ln->w, &ln->alu_result, &ln->pred);
        for (unsigned c = 0; c < 4; c++)
            if (r.out_mask >> c & 1)
                ln->out_written[c < 3 ? r.rgb_out : r.alpha_out] |= (uint8_t)(1u << c);
        ln->w_written |= r.w_write;
    }
    return st;
}

static dpp_status exec_tex(pa_model *pa, pa_slot *s, const dpp_inst *in, uint64_t lanes,
                           dpp_error *err)
{
    for (unsigned l = 0; l < s->wave.lanes; l++) {
        if (!(lanes >> l & 1))
            continue;
        int kill;
        dpp_status st = pa_tex_exec(in, &s->lane[l], s->al, pa->mc, &kill, err);
        if (st)
            return lane_fault(s, l, st, err);
        if (kill)
            s->live &= ~(1ull << l); /* killed lanes write nothing */
    }
    return DPP_OK;
}

static dpp_status exec_fc(pa_model *pa, pa_slot *s, const dpp_inst *in, dpp_error *err)
{
    const dpp_fc *f = &in->fc;
    fc_unit_in fi = {.cmd = FC_CMD_EXEC,
                     .ctx = (uint8_t)(s - pa->slot),
                     .full_mode = (uint8_t)pa->prog.full_fc,
                     .pc = (uint16_t)s->pc,
                     .live = s->live,
                     .alu_valid = (uint8_t)s->alu_valid};
    fi.inst = (fc_fields){.op = (uint8_t)f->op,
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
    for (unsigned l = 0; l < s->wave.lanes; l++) {
        for (unsigned k = 0; k < 4; k++)
            fi.pred[k] |= (uint64_t)(s->lane[l].pred >> k & 1) << l;
        fi.alu_result |= (uint64_t)(s->lane[l].alu_result & 1) << l;
    }
    int reads_bool = ((f->jump_func >> 1 ^ f->jump_func) & 0x55) != 0;
    if (reads_bool && !pa->bools_valid)
        return dpp_error_set(err, DPP_E_FAULT,
                             "wave %u pc %u: boolean constant b%u read before "
                             "set_constb_fmt",
                             s->index, s->pc, f->bool_addr);
    fi.bool_const = (uint8_t)(pa->bools >> f->bool_addr & 1);
    if (f->op != DPP_FC_JUMP && f->op != DPP_FC_BREAKLOOP && f->op != DPP_FC_BREAKREP &&
        f->op != DPP_FC_CONTINUE) {
        if (!pa->ints_valid)
            return dpp_error_set(err, DPP_E_FAULT,
                                 "wave %u pc %u: integer constant i%u read "
                                 "before set_consti_fmt",
                                 s->index, s->pc, f->int_addr);
        dpp_loop_const k = dpp_loop_const_unpack(pa->ints[f->int_addr]);
        fi.loop_count = k.count;
        fi.loop_init = k.init;
        fi.loop_step = k.step;
    }
    fc_unit_out fo;
    fc_step(pa, s, &fi, &fo);
    s->alu_valid = 0;
    if (fo.fault)
        return dpp_error_set(err, DPP_E_FAULT,
                             "wave %u pc %u: %s: %s (branch depth %u, loop stack %u, address "
                             "stack %u)",
                             s->index, s->pc, fc_op_name(f->op), fc_fault_name(fo.fault), fo.depth,
                             fo.loop_sp, fo.addr_sp);
    s->active = fo.active;
    s->al = fo.al;
    s->pc = fo.next_pc;
    return DPP_OK;
}

/* Issues one instruction of slot s; finishes it when the program ends. */
static dpp_status step(pa_model *pa, pa_slot *s, dpp_error *err)
{
    if (pa->p.step_limit && s->steps >= pa->p.step_limit)
        return dpp_error_set(err, DPP_E_FAULT,
                             "wave %u: step limit of %llu instructions reached at pc %u "
                             "(runaway program?)",
                             s->index, (unsigned long long)pa->p.step_limit, s->pc);
    s->steps++;
    pa->clocks++;
    const dpp_inst *in = &pa->code[s->pc];
    s->active &= s->live;
    uint64_t lanes = s->live & (in->cmn.write_inactive ? ~0ull : s->active);
    dpp_status st;
    switch (in->cmn.type) {
    case DPP_TYPE_FC:
        st = exec_fc(pa, s, in, err);
        break;
    case DPP_TYPE_TEX:
        st = exec_tex(pa, s, in, lanes, err);
        s->pc++;
        break;
    default:
        st = exec_alu(pa, s, in, lanes, err);
        s->pc++;
        break;
    }
    if (!st && in->cmn.last)
        st = finish_lanes(pa, s, s->active & s->live, err);
    if (!st && s->pc >= pa->prog.ninsts)
        st = finish_lanes(pa, s, s->live, err);
    if (st || !s->live)
        s->busy = 0;
    return st;
}

/* Runs every busy slot, one instruction each in turn, until all are done. */
static dpp_status drain(pa_model *pa, dpp_error *err)
{
    for (int any = 1; any;) {
        any = 0;
        for (unsigned c = 0; c < pa->p.contexts; c++) {
            if (!pa->slot[c].busy)
                continue;
            any = 1;
            dpp_status st = step(pa, &pa->slot[c], err);
            if (st)
                return st;
        }
    }
    return DPP_OK;
}

static dpp_status wave(void *user, const pe_program *prog, const pe_wave *w, uint64_t *clocks,
                       dpp_error *err)
{
    (void)prog;
    pa_model *pa = user;
    pa->clocks = 0;
    unsigned c = 0;
    while (c < pa->p.contexts && pa->slot[c].busy)
        c++;
    pa_slot *s = &pa->slot[c];
    memset(s, 0, sizeof *s);
    s->busy = 1;
    s->index = pa->waves++;
    s->wave = *w;
    s->wave.lanes = w->lanes < pa->p.lanes ? w->lanes : pa->p.lanes;
    s->live = w->live & (s->wave.lanes == 64 ? ~0ull : (1ull << s->wave.lanes) - 1);
    for (unsigned l = 0; l < s->wave.lanes; l++) { /* r0 = (i, j, 0, 1), model-defined */
        float ij[4] = {(float)w->i[l], (float)w->j[l], 0.0f, 1.0f};
        memcpy(s->lane[l].temp[0], ij, sizeof ij);
    }
    fc_unit_in fi = {.cmd = FC_CMD_START, .ctx = (uint8_t)c, .live = s->live};
    fc_unit_out fo;
    fc_step(pa, s, &fi, &fo);
    s->active = fo.active;
    dpp_status st = c + 1 == pa->p.contexts ? drain(pa, err) : DPP_OK;
    *clocks = pa->clocks;
    return st;
}

static dpp_status end(void *user, uint64_t *clocks, dpp_error *err)
{
    pa_model *pa = user;
    pa->clocks = 0;
    dpp_status st = drain(pa, err);
    *clocks = pa->clocks;
    return st;
}

pe_array_ops pa_array_ops(pa_model *pa)
{
    pe_array_ops ops = {begin, wave, end, pa};
    return ops;
}
