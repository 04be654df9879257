/* TEX instructions on a wavefront, lane by lane in lane order: input fetches
 * through the MC and TEXKILL (docs/model-defined.md, "Processor array").
 * Lanes differ in their coordinates, so the faults (a NaN coordinate, a fetch
 * outside the surface) are per lane and the first lane in order reports. */
#include "pa_int.h"

#include <math.h>

/* A texture coordinate (name S or T) to an element index. The scaling is
 * single precision, as the processor's, so a very large coordinate can become
 * infinite "when scaled by the texture dimensions or projected" (seed 000,
 * p47); a NaN or infinite coordinate is a fault (docs/model-defined.md). */
static dpp_status coord(char name, float f, float scale, int64_t *out, dpp_error *err)
{
    float d = floorf(f * scale);
    if (isnan(d) || isinf(d))
        return dpp_error_set(err, DPP_E_FAULT, "input coordinate %c is %s%s", name,
                             isnan(d) ? "NaN" : "infinite",
                             isnan(f) || isinf(f) ? "" : " once scaled");
    *out = d < -1e15f ? -1000000000000000LL : d > 1e15f ? 1000000000000000LL : (int64_t)d;
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

/* One lane; *kill is set by TEXKILL. surf: the instruction's input surface (the same for
 * every lane). */
static dpp_status tex_lane(const pa_shared *sh, pa_slot *s, const pa_uop *u, unsigned l,
                           const uint64_t chan_mask[4], const mc_surface *surf, int *kill,
                           dpp_error *err)
{
    const dpp_tex *t = &u->inst.tex;
    *kill = 0;
    if (t->inst == DPP_TEX_NOP)
        return DPP_OK;
    unsigned src = 0, dst = 0;
    dpp_status st = temp_index(t->src_addr, t->src_rel, s->al, &src, err);
    if (st)
        return st;
    float stqr[4];
    for (unsigned k = 0; k < 4; k++)
        stqr[k] = s->temp[src][t->src_swiz[k] & 3][l].f;
    if (t->inst == DPP_TEX_KILL) { /* a channel predicated off takes no part (model-defined) */
        for (unsigned k = 0; k < 4; k++)
            *kill |= (chan_mask[k] >> l & 1) && stqr[k] < 0;
        return DPP_OK;
    }
    if (t->inst == DPP_TEX_PROJ) {
        stqr[0] /= stqr[3];
        stqr[1] /= stqr[3];
    }
    float sx = t->unscaled ? 1.0f : (float)surf->pitch; /* exact: at most 13 bits */
    float sy = t->unscaled ? 1.0f : (float)surf->height;
    int64_t x = 0, y = 0;
    uint32_t v[4];
    if ((st = coord('S', stqr[0], sx, &x, err)) || (st = coord('T', stqr[1], sy, &y, err)) ||
        (st = mc_read_input(sh->mc, t->tex_id, x, y, v, err)))
        return st;
    unsigned wmask = 0;
    for (unsigned c = 0; c < 4; c++)
        wmask |= (unsigned)(chan_mask[c] >> l & 1) << c;
    wmask &= u->inst.cmn.rgb_wmask | u->inst.cmn.alpha_wmask << 3;
    if (!wmask)
        return DPP_OK;
    if ((st = temp_index(t->dst_addr, t->dst_rel, s->al, &dst, err)))
        return st;
    for (unsigned c = 0; c < 4; c++)
        if (wmask >> c & 1)
            s->temp[dst][c][l].u = v[t->dst_swiz[c] & 3];
    pa_touch(s, dst);
    return DPP_OK;
}

dpp_status pa_tex_issue(pa_core *c, pa_slot *s, const pa_uop *u, uint64_t lanes, dpp_error *err)
{
    uint64_t chan_mask[4];
    pa_channel_masks(u, s, chan_mask);
    const mc_surface *surf = mc_get_surface(c->sh->mc, MC_CL_INPUT, u->inst.tex.tex_id);
    for (uint64_t m = lanes; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        int kill;
        dpp_status st = tex_lane(c->sh, s, u, l, chan_mask, surf, &kill, err);
        if (st)
            return pa_lane_fault(s, l, st, err);
        if (kill)
            s->live &= ~(1ull << l); /* killed lanes write nothing */
    }
    return DPP_OK;
}
