/* TEX instructions on one lane: input fetches through the MC and TEXKILL
 * (docs/model-defined.md, "Processor array"). */
#include "pa_int.h"

#include <math.h>
#include <string.h>

unsigned pa_channel_pred(const dpp_cmn *m, uint8_t pred)
{
    unsigned mask = 0;
    for (unsigned c = 0; c < 4; c++) {
        unsigned sel = c < 3 ? m->rgb_pred_sel : m->alpha_pred_sel;
        unsigned inv = c < 3 ? m->rgb_pred_inv : m->alpha_pred_inv;
        unsigned bit = sel == DPP_PRED_RGBA ? c : sel - DPP_PRED_RRRR;
        unsigned pass = sel == DPP_PRED_NONE ? 1u : ((pred >> bit) & 1u) ^ inv;
        mask |= pass << c;
    }
    return mask;
}

static float as_float(uint32_t b)
{
    float f;
    memcpy(&f, &b, 4);
    return f;
}

/* A texture coordinate to an element index; NaN is a fault. */
static dpp_status coord(float f, double scale, int64_t *out, dpp_error *err)
{
    if (isnan(f))
        return dpp_error_set(err, DPP_E_FAULT, "input coordinate is NaN");
    double d = floor((double)f * scale);
    *out = d < -1e15 ? -1000000000000000LL : d > 1e15 ? 1000000000000000LL : (int64_t)d;
    return DPP_OK;
}

static dpp_status temp_index(unsigned addr, unsigned rel, int32_t al, unsigned *idx, dpp_error *err)
{
    int64_t i = (int64_t)addr + (rel ? al : 0);
    if (i < 0 || i >= DPP_NUM_TEMPS)
        return dpp_error_set(err, DPP_E_FAULT, "temporary r%u+aL(%d) = %lld is out of range", addr,
                             al, (long long)i);
    *idx = (unsigned)i;
    return DPP_OK;
}

dpp_status pa_tex_exec(const dpp_inst *inst, pa_lane *lane, int32_t al, const mc_model *mc,
                       int *kill, dpp_error *err)
{
    const dpp_tex *t = &inst->tex;
    *kill = 0;
    if (t->inst == DPP_TEX_NOP)
        return DPP_OK;
    unsigned src = 0, dst = 0;
    dpp_status st = temp_index(t->src_addr, t->src_rel, al, &src, err);
    if (st)
        return st;
    float stqr[4];
    for (unsigned k = 0; k < 4; k++)
        stqr[k] = as_float(lane->temp[src][t->src_swiz[k] & 3]);
    if (t->inst == DPP_TEX_KILL) {
        *kill = stqr[0] < 0 || stqr[1] < 0 || stqr[2] < 0 || stqr[3] < 0;
        return DPP_OK;
    }
    if (t->inst == DPP_TEX_PROJ) {
        stqr[0] /= stqr[3];
        stqr[1] /= stqr[3];
    }
    const mc_surface *s = mc_get_surface(mc, MC_CL_INPUT, t->tex_id);
    double sx = t->unscaled ? 1.0 : (double)s->pitch, sy = t->unscaled ? 1.0 : (double)s->height;
    int64_t x = 0, y = 0;
    uint32_t v[4];
    if ((st = coord(stqr[0], sx, &x, err)) || (st = coord(stqr[1], sy, &y, err)) ||
        (st = mc_read_input(mc, t->tex_id, x, y, v, err)))
        return st;
    unsigned wmask = (inst->cmn.rgb_wmask | inst->cmn.alpha_wmask << 3) &
                     pa_channel_pred(&inst->cmn, lane->pred);
    if (!wmask)
        return DPP_OK;
    if ((st = temp_index(t->dst_addr, t->dst_rel, al, &dst, err)))
        return st;
    for (unsigned c = 0; c < 4; c++)
        if (wmask >> c & 1)
            lane->temp[dst][c] = v[t->dst_swiz[c] & 3];
    return DPP_OK;
}
