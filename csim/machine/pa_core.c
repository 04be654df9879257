/* One execution core of the processor array: wavefront slots, instruction
 * issue, flow control through the core's fc_unit, and lanes that end. A core
 * runs a group of up to `contexts` wavefronts, one instruction of each in
 * turn, exactly as the array's definition says (pa.h); the array decides
 * which core runs which group. */
#include "pa_int.h"

#include <stdlib.h>
#include <string.h>

dpp_status pa_core_init(pa_core *c, const pa_params *p, dpp_error *err)
{
    memset(c, 0, sizeof *c);
    fc_unit_params fp = {.contexts = p->contexts,
                         .lanes = p->lanes,
                         .addr_depth = p->addr_depth,
                         .loop_depth = p->loop_depth,
                         .bc_width = 6,
                         .part_branches = p->part_branches};
    dpp_status st = fc_unit_create(&fp, &c->fc, err);
    if (st)
        return st;
    c->kern = pa_alu_kernels_get(0);
    c->slot = calloc(p->contexts, sizeof *c->slot);
    c->scratch = calloc(1, sizeof *c->scratch);
    if (!c->slot || !c->scratch) {
        pa_core_free(c);
        return dpp_error_set(err, DPP_E_NOMEM, "pa: out of memory");
    }
    return DPP_OK;
}

void pa_core_free(pa_core *c)
{
    fc_unit_destroy(c->fc);
    free(c->slot);
    free(c->scratch);
    memset(c, 0, sizeof *c);
}

void pa_core_reset(pa_core *c)
{
    for (unsigned k = 0; k < c->sh->p.contexts; k++)
        c->slot[k].busy = 0;
    c->rr = 0;
}

dpp_status pa_fault_at(unsigned wave, unsigned pc, unsigned lane, int32_t i, int32_t j,
                       dpp_status st, dpp_error *err)
{
    if (!err)
        return st;
    dpp_error inner = *err;
    return dpp_error_set(err, st, "wave %u pc %u lane %u (i %d, j %d): %s", wave, pc, lane, i, j,
                         inner.msg);
}

dpp_status pa_lane_fault(const pa_slot *s, unsigned l, dpp_status st, dpp_error *err)
{
    return pa_fault_at(s->index, s->pc, l, s->wave.i[l], s->wave.j[l], st, err);
}

void pa_channel_masks(const pa_uop *u, const pa_slot *s, uint64_t mask[4])
{
    for (int c = 0; c < 4; c++) {
        uint8_t b = u->psel[c];
        mask[c] = b == 0xFF ? ~0ull : s->pred[b] ^ (u->pinv[c] ? ~0ull : 0);
    }
}

static void fc_step(pa_core *c, pa_slot *s, const fc_unit_in *in, fc_unit_out *out)
{
    fc_unit_step(c->fc, in, out);
    c->fc_steps++;
    if (c->on_issue && in->cmd != FC_CMD_START) { /* report_issue comes after exec_fc returns */
        c->issue_fi = *in;
        c->issue_fo = *out;
    }
    if (c->trace) {
        pa_fc_event ev = {s->index, &s->wave, in, out};
        c->trace(c->trace_user, &ev);
    }
}

/* A fresh slot: registers zero (only those the last wavefront wrote need
 * clearing), r0 = (i, j, 0, 1) in each lane (model-defined). */
static void clear_slot(pa_slot *s)
{
    for (unsigned h = 0; h < 2; h++)
        for (uint64_t t = s->touched[h]; t; t &= t - 1)
            memset(s->temp[64 * h + (unsigned)__builtin_ctzll(t)], 0, sizeof s->temp[0]);
    memset(s->temp[0], 0, sizeof s->temp[0]);
    memset(s->out, 0, sizeof s->out);
    memset(s->w, 0, sizeof s->w);
    memset(s->out_written, 0, sizeof s->out_written);
    memset(s->pred, 0, sizeof s->pred);
    memset(&s->hz, 0, sizeof s->hz);
    s->touched[0] = 1; /* r0 */
    s->touched[1] = 0;
    s->alu_result = 0;
    s->active = 0;
    s->al = 0;
    s->pc = 0;
    s->alu_valid = 0;
    s->steps = 0;
}

pa_slot *pa_core_start(pa_core *c, unsigned index, const pe_wave *w)
{
    unsigned k = 0;
    while (k < c->sh->p.contexts && c->slot[k].busy)
        k++;
    pa_slot *s = &c->slot[k];
    clear_slot(s);
    s->busy = 1;
    s->index = index;
    s->tm = c->tm ? tm_wave_begin(c->tm, index) : NULL;
    s->wave = *w;
    s->wave.lanes = w->lanes < c->sh->p.lanes ? w->lanes : c->sh->p.lanes;
    s->live = w->live & (s->wave.lanes == 64 ? ~0ull : (1ull << s->wave.lanes) - 1);
    for (unsigned l = 0; l < s->wave.lanes; l++) {
        s->temp[0][0][l].f = (float)w->i[l];
        s->temp[0][1][l].f = (float)w->j[l];
        s->temp[0][3][l].f = 1.0f;
    }
    fc_unit_in fi = {.cmd = FC_CMD_START, .ctx = (uint8_t)k, .live = s->live};
    fc_unit_out fo;
    fc_step(c, s, &fi, &fo);
    s->active = fo.active;
    if (c->on_issue) {
        pa_issue_event ev = {.wave = index,
                             .slot = k,
                             .kind = PA_ISSUE_START,
                             .exec = s->live,
                             .active = s->active,
                             .fc_in = &fi,
                             .fc_out = &fo};
        c->on_issue(c->on_issue_user, &ev);
    }
    return s;
}

/* Lanes that end: their outputs and conditional value go to the sink. The
 * program picks v's source for every lane (FG_DEPTH_SRC): its W, which is
 * +0.0 in a lane that wrote none, or the PE's value [seed 000, p8]. */
static dpp_status finish_lanes(pa_core *c, pa_slot *s, uint64_t lanes, dpp_error *err)
{
    /* the outputs some of these lanes wrote: the others' values are never stored, so a
     * lane's record skips them (written 0) */
    unsigned outs = 0;
    for (unsigned o = 0; o < DPP_NUM_OUTPUTS; o++)
        for (unsigned ch = 0; ch < 4; ch++)
            outs |= (s->out_written[o][ch] & lanes ? 1u : 0u) << o;
    for (uint64_t m = lanes; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        pa_finish f = {.wave = s->index,
                       .pc = s->pc,
                       .lane = l,
                       .i = s->wave.i[l],
                       .j = s->wave.j[l],
                       .v = c->sh->prog.fg_depth_src ? s->w[l].u : c->sh->prog.cond_val};
        for (unsigned o = 0; o < DPP_NUM_OUTPUTS; o++) {
            if (!(outs >> o & 1))
                continue;
            for (unsigned ch = 0; ch < 4; ch++) {
                f.written[o] |= (uint8_t)((s->out_written[o][ch] >> l & 1) << ch);
                f.out[o][ch] = s->out[o][ch][l].u;
            }
        }
        s->live &= ~(1ull << l);
        dpp_status st = c->finish(c->finish_user, &f, err);
        if (st)
            return st;
    }
    return DPP_OK;
}

static dpp_status exec_fc(pa_core *c, pa_slot *s, const pa_uop *u, dpp_error *err)
{
    const pa_shared *sh = c->sh;
    fc_unit_in fi = {.cmd = FC_CMD_EXEC,
                     .ctx = (uint8_t)(s - c->slot),
                     .full_mode = (uint8_t)sh->prog.full_fc,
                     .inst = u->fc,
                     .pc = (uint16_t)s->pc,
                     .live = s->live,
                     .alu_valid = (uint8_t)s->alu_valid,
                     .alu_result = s->alu_result};
    memcpy(fi.pred, s->pred, sizeof fi.pred);
    const dpp_fc *f = &u->inst.fc;
    if (u->fc_reads_bool && !sh->bools_valid)
        return dpp_error_set(err, DPP_E_FAULT,
                             "wave %u pc %u: boolean constant b%u read before "
                             "set_constb_fmt",
                             s->index, s->pc, f->bool_addr);
    /* Constant c is element (c, 0): one at or past the surface's pitch does not exist. */
    if (u->fc_reads_bool && f->bool_addr >= sh->nbools)
        return dpp_error_set(err, DPP_E_FAULT,
                             "wave %u pc %u: boolean constant b%u is outside the set_constb_fmt "
                             "surface (%u constants)",
                             s->index, s->pc, f->bool_addr, sh->nbools);
    fi.bool_const = (uint8_t)(sh->bools >> f->bool_addr & 1);
    if (u->fc_reads_int) {
        if (!sh->ints_valid)
            return dpp_error_set(err, DPP_E_FAULT,
                                 "wave %u pc %u: integer constant i%u read "
                                 "before set_consti_fmt",
                                 s->index, s->pc, f->int_addr);
        if (f->int_addr >= sh->nints)
            return dpp_error_set(err, DPP_E_FAULT,
                                 "wave %u pc %u: integer constant i%u is outside the "
                                 "set_consti_fmt surface (%u constants)",
                                 s->index, s->pc, f->int_addr, sh->nints);
        dpp_loop_const k = dpp_loop_const_unpack(sh->ints[f->int_addr]);
        fi.loop_count = k.count;
        fi.loop_init = k.init;
        fi.loop_step = k.step;
    }
    fc_unit_out fo;
    fc_step(c, s, &fi, &fo);
    s->alu_valid = 0;
    if (fo.fault)
        return dpp_error_set(err, DPP_E_FAULT,
                             "wave %u pc %u: %s: %s (branch depth %u, loop stack %u, address "
                             "stack %u)",
                             s->index, s->pc, fc_op_name(f->op), fc_fault_name(fo.fault), fo.depth,
                             fo.loop_sp, fo.addr_sp);
    s->active = fo.active;
    s->al = (int16_t)fo.al; /* al_o is 16 bits, two's complement */
    s->pc = fo.next_pc;
    s->jump = fo.jump;
    return DPP_OK;
}

/* Runs instruction u of slot s on `lanes` and moves the slot's pc on. */
static inline __attribute__((always_inline)) dpp_status exec_uop(pa_core *c, pa_slot *s,
                                                                 const pa_uop *u, uint64_t lanes,
                                                                 dpp_error *err)
{
    dpp_status st;
    switch (u->type) {
    case DPP_TYPE_FC:
        return exec_fc(c, s, u, err);
    case DPP_TYPE_TEX:
        st = pa_tex_issue(c, s, u, lanes, err);
        break;
    default:
        st = pa_alu_issue(c, s, u, lanes, err);
        break;
    }
    s->pc++;
    return st;
}

/* The commits of one issue (pa_issue_event): the instruction of slot s at pc
 * that acted on `lanes` (an FC instruction's are its active lanes), then its lanes that ended: `killed` by TEXKILL,
 * then `done` by the program; then the wavefront's end if no lane is left. */
static void report_issue(pa_core *c, const pa_slot *s, const pa_uop *u, unsigned pc,
                         uint64_t lanes, uint64_t killed, uint64_t done)
{
    static const uint8_t kind_of[4] = {[DPP_TYPE_ALU] = PA_ISSUE_ALU,
                                       [DPP_TYPE_OUT] = PA_ISSUE_OUTPUT,
                                       [DPP_TYPE_FC] = PA_ISSUE_FC,
                                       [DPP_TYPE_TEX] = PA_ISSUE_TEX};
    pa_issue_event ev = {.wave = s->index,
                         .slot = (unsigned)(s - c->slot),
                         .kind = kind_of[u->type & 3],
                         .pc = pc,
                         .exec = lanes,
                         .done = done,
                         .kill = killed};
    if (u->type == DPP_TYPE_FC) {
        ev.active = s->active;
        ev.next_pc = s->pc;
        ev.jump = s->jump;
        ev.al = s->al;
        ev.op = u->fc.op;
        ev.a_op = u->fc.a_op;
        ev.fc_in = &c->issue_fi;
        ev.fc_out = &c->issue_fo;
    }
    c->on_issue(c->on_issue_user, &ev);
    if (!s->live) {
        pa_issue_event end = {.wave = s->index, .slot = ev.slot, .kind = PA_ISSUE_END, .pc = s->pc};
        c->on_issue(c->on_issue_user, &end);
    }
}

/* Issues one instruction of slot s; finishes it when the program ends. With
 * `timed` (a constant in each caller) the instruction also goes to the timing
 * model's stream of the wavefront: the ctm profile's loop has no such step. */
static inline __attribute__((always_inline)) dpp_status issue(pa_core *c, pa_slot *s,
                                                              dpp_error *err, const int timed)
{
    const pa_shared *sh = c->sh;
    if (sh->p.step_limit && s->steps >= sh->p.step_limit)
        return dpp_error_set(err, DPP_E_FAULT,
                             "wave %u: step limit of %llu instructions reached at pc %u "
                             "(runaway program?)",
                             s->index, (unsigned long long)sh->p.step_limit, s->pc);
    s->steps++;
    c->clocks++;
    c->issues++;
    c->lane_instrs += s->wave.lanes;
    const pa_uop *u = &sh->code[s->pc];
    s->active &= s->live;
    uint64_t lanes = s->live & (u->write_inactive ? ~0ull : s->active);
    if (timed && s->tm)
        tm_push(s->tm, s->pc, u->type == DPP_TYPE_FC ? s->active : lanes);
    dpp_status st = DPP_OK;
    if (sh->p.hazards) { /* a broken rule ends the wavefront as a fault does */
        st = pa_hz_issue(&s->hz, u, &sh->hz[s->pc], s->pc, s->al, s->index, err);
        if (s->hz.early_new) { /* a warning only [seed 000, p27] */
            c->early_outputs++;
            if (!c->early_output_pc || s->hz.early_pc < c->early_output_pc)
                c->early_output_pc = s->hz.early_pc;
        }
    }
    const unsigned pc = s->pc;
    const uint64_t acts_on = u->type == DPP_TYPE_FC ? s->active : lanes;
    if (!st)
        st = exec_uop(c, s, u, lanes, err);
    const uint64_t live = s->live; /* less the lanes TEXKILL ended */
    if (!st && u->last)
        st = finish_lanes(c, s, s->active & s->live, err);
    if (!st && s->pc >= sh->ninsts)
        st = finish_lanes(c, s, s->live, err);
    if (!st && c->on_issue)
        report_issue(c, s, u, pc, acts_on, lanes & ~live, live & ~s->live);
    if (st || !s->live) {
        s->busy = 0;
        if (timed)
            tm_wave_end(c->tm, s->tm);
    }
    return st;
}

static inline __attribute__((always_inline)) dpp_status issue_next(pa_core *c, int *busy,
                                                                   dpp_error *err, const int timed)
{
    unsigned n = c->sh->p.contexts;
    for (unsigned looked = 0; looked <= n; looked++) {
        if (c->rr >= n)
            c->rr = 0; /* the next pass */
        pa_slot *s = &c->slot[c->rr++];
        if (s->busy) {
            *busy = 1;
            return issue(c, s, err, timed);
        }
    }
    *busy = 0;
    c->rr = 0;
    return DPP_OK;
}

dpp_status pa_core_issue_next(pa_core *c, int *busy, dpp_error *err)
{
    return issue_next(c, busy, err, 0);
}

static inline __attribute__((always_inline)) dpp_status drain(pa_core *c, dpp_error *err,
                                                              const int timed)
{
    for (;;) {
        int busy;
        dpp_status st = issue_next(c, &busy, err, timed);
        if (st || !busy)
            return st;
    }
}

dpp_status pa_core_drain(pa_core *c, dpp_error *err)
{
    return c->tm ? drain(c, err, 1) : drain(c, err, 0);
}
