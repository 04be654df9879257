/* ALU and OUTPUT instructions on a whole wavefront (spec 5.3-5.13, 7), lanes
 * as rows: each step of dpp_alu_exec (fetch, presubtract, swizzle, modifier,
 * op, OMOD, clamp, predicated writes) is a loop over the lanes, innermost and
 * branch-free so that the compiler vectorises it. Bit for bit the results of
 * dpp_alu_exec on each lane (tests/unit/test_pa_alu.c compares the two).
 *
 * The arithmetic is exact IEEE single precision in either form (fused
 * multiply-add, compares, floor, one rounding per operation), so the
 * vectorised clone and the scalar one agree; both keep FP contraction off
 * (-std=c11), and the transcendentals and the fused dot product call the same
 * scalar helpers as the reference. */
#include "alu.h"
#include "alu_fp.h"
#include "fp_bits.h"
#include "pa_int.h"

#include <math.h>
#include <string.h>

#include <stdlib.h>

/* On x86-64 the kernels are built twice, for the baseline and for AVX2+FMA
 * (x86-64-v3), and pa_alu_kernels() picks one at run time; elsewhere once.
 * Explicit dispatch rather than GNU ifunc: resolvers run before sanitizer
 * runtimes start, which ThreadSanitizer does not survive. */
#if defined(__x86_64__) && defined(__GNUC__)
#define PA_HAVE_V3 1
#define PA_V3      __attribute__((target("arch=x86-64-v3")))
#else
#define PA_HAVE_V3 0
#endif

/* Helpers of the cloned kernels are inlined into them, so that each clone
 * gets its own (vector) code for them. */
#define INLINE static inline __attribute__((always_inline))

#define LANES(n) for (unsigned l = 0; l < (n); l++)

INLINE uint32_t flush(uint32_t b)
{
    return (b & 0x7F800000u) ? b : b & DPP_FP_SIGN;
}

INLINE float fin(uint32_t b) /* the ALU's (flushed) view of an input */
{
    return dpp_fp_f(flush(b));
}

INLINE int nan_bits(uint32_t b)
{
    return (b & 0x7FFFFFFFu) > 0x7F800000u;
}

/* Rows that read as one value in every lane: swizzle codes 4, 5, 6. */
#define ROW8(v)  {v}, {v}, {v}, {v}, {v}, {v}, {v}, {v}
#define ROW64(v) {ROW8(v), ROW8(v), ROW8(v), ROW8(v), ROW8(v), ROW8(v), ROW8(v), ROW8(v)}
static const pa_row const_rows[3] = {ROW64(0), ROW64(DPP_FP_HALF), ROW64(DPP_FP_ONE)};

INLINE void broadcast(pa_word *row, uint32_t v)
{
    for (int l = 0; l < PA_LANES; l++)
        row[l].u = v;
}

/* Row pointers of the fetched sources: src[sel][channel] for sel 0-2, and
 * the presubtract rows as sel 3. */
typedef struct fetched {
    const pa_word *row[4][4];
} fetched;

/* Spec 5.4: presubtract of one channel, flushed inputs, flushed result. */
INLINE void presub_row(unsigned op, const pa_word *a, const pa_word *b, pa_word *r, unsigned n)
{
    switch (op) {
    case DPP_SRCP_BIAS:
        LANES(n) r[l].u = flush(dpp_fp_bits(1.0f - 2.0f * fin(a[l].u)));
        break;
    case DPP_SRCP_SUB:
        LANES(n) r[l].u = flush(dpp_fp_bits(fin(b[l].u) - fin(a[l].u)));
        break;
    case DPP_SRCP_ADD:
        LANES(n) r[l].u = flush(dpp_fp_bits(fin(b[l].u) + fin(a[l].u)));
        break;
    default:
        LANES(n) r[l].u = flush(dpp_fp_bits(1.0f - fin(a[l].u)));
        break;
    }
}

/* Resolves the six sources (faults were ruled out by the caller). */
INLINE void fetch(const pa_shared *sh, pa_slot *s, const pa_uop *u, pa_scratch *sc, fetched *f,
                  unsigned n)
{
    const pa_word *rows[6][4];
    for (int k = 0; k < 6; k++) {
        const pa_src *a = &u->src[k];
        int32_t idx = a->addr + (a->rel ? s->al : 0);
        for (int c = 0; c < 4; c++) {
            if (a->kind == DPP_SRC_TEMP) {
                rows[k][c] = s->temp[idx][c];
                continue;
            }
            uint32_t v = a->kind == DPP_SRC_CONST ? sh->cnst[idx][c] : a->inline_bits;
            broadcast(sc->bcast[k][c], v);
            rows[k][c] = sc->bcast[k][c];
        }
    }
    for (int sel = 0; sel < 3; sel++) {
        for (int c = 0; c < 3; c++)
            f->row[sel][c] = rows[sel][c];
        f->row[sel][3] = rows[3 + sel][3]; /* alpha from the alpha source */
    }
    for (int c = 0; c < 4; c++) {
        f->row[3][c] = sc->presub[c];
        if (u->presub_need >> c & 1)
            presub_row(u->srcp_op[c], f->row[0][c], f->row[1][c], sc->presub[c], n);
    }
}

/* One operand: its row and modifier. */
typedef struct opnd_view {
    const pa_word *row;
    uint32_t and_mask, xor_mask;
} opnd_view;

INLINE opnd_view view(const fetched *f, const pa_operand *o)
{
    opnd_view v = {o->swz < 4 ? f->row[o->sel][o->swz] : const_rows[(o->swz - 4) % 3],
                   o->and_mask, o->xor_mask};
    return v;
}

#define OP(v, l) (((v).row[l].u & (v).and_mask) ^ (v).xor_mask)

/* The raw (pre-OMOD) value of one channel for kinds computed lane by lane. */
INLINE void channel_raw(uint8_t kind, opnd_view a, opnd_view b, opnd_view c, pa_word *r,
                        unsigned n)
{
    switch (kind) {
    case PA_K_MAD:
        LANES(n) r[l].u = dpp_fp_bits(fmaf(fin(OP(a, l)), fin(OP(b, l)), fin(OP(c, l))));
        break;
    case PA_K_FRC:
        LANES(n)
        {
            float x = fin(OP(a, l));
            r[l].u = dpp_fp_bits(x - floorf(x));
        }
        break;
    case PA_K_MIN:
    case PA_K_MAX:
        LANES(n)
        {
            uint32_t x = OP(a, l), y = OP(b, l);
            float fx = fin(x), fy = fin(y);
            int pick_x = kind == PA_K_MIN ? fx < fy : fx >= fy;
            int to_y = nan_bits(x) | nan_bits(y) | ((fx == 0) & (fy == 0));
            r[l].u = (!to_y && pick_x) ? x : y;
        }
        break;
    case PA_K_CND:
    case PA_K_CMP:
        LANES(n)
        {
            uint32_t z = OP(c, l);
            float fz = fin(z);
            int pick_x = (!nan_bits(z)) & (kind == PA_K_CND ? fz > 0.5f : fz >= 0.0f);
            r[l].u = pick_x ? OP(a, l) : OP(b, l);
        }
        break;
    }
}

/* The dot product of every lane (DP3, DP4, D2A; 0 when the RGB op is none). */
INLINE void dot_row(const pa_uop *u, const fetched *f, pa_word *r, unsigned n)
{
    if (u->kind[0] != PA_K_DOT) {
        memset(r, 0, sizeof(pa_row));
        return;
    }
    opnd_view a[4], b[4], add = view(f, &u->opnd[2][2]);
    for (int c = 0; c < 4; c++) {
        a[c] = view(f, &u->opnd[c][0]);
        b[c] = view(f, &u->opnd[c][1]);
    }
    LANES(n)
    {
        float x[4], y[4];
        for (int c = 0; c < 4; c++) {
            x[c] = fin(OP(a[c], l));
            y[c] = fin(OP(b[c], l));
        }
        r[l].u = dpp_fp_dot(x, y, u->dot_n, u->dot_add ? fin(OP(add, l)) : 0.0f);
    }
}

static const float omod_scale[8] = {1, 2, 4, 8, 0.5f, 0.25f, 0.125f, 1};

/* Spec 5.7: OMOD, then clamp, in place. */
INLINE void finish_row(pa_word *v, unsigned omod, unsigned clamp, unsigned n)
{
    if (omod == DPP_OMOD_DISABLED)
        return;
    float scale = omod_scale[omod];
    LANES(n)
    {
        uint32_t x = dpp_fp_bits(fin(v[l].u) * scale);
        v[l].u = nan_bits(x) ? DPP_FP_CANON : flush(x);
    }
    if (clamp)
        LANES(n)
        {
            uint32_t x = v[l].u;
            float f = v[l].f;
            v[l].u = (nan_bits(x) | !(f > 0)) ? 0 : f > 1 ? DPP_FP_ONE : x;
        }
}

/* The final value of every needed channel into sc->value. */
INLINE void compute_impl(const pa_shared *sh, pa_slot *s, const pa_uop *u, pa_scratch *sc, unsigned n)
{
    fetched f;
    fetch(sh, s, u, sc, &f, n);
    if (u->need_dot)
        dot_row(u, &f, sc->dot, n);
    if (u->need_raw_alpha) {
        uint8_t k = u->kind[3];
        pa_word *r = sc->raw_alpha;
        opnd_view a = view(&f, &u->opnd[3][0]);
        if (k == PA_K_DOT)
            memcpy(r, sc->dot, sizeof(pa_row));
        else if (k == PA_K_TRANS)
            LANES(n) r[l].u = dpp_fp_transcendental(u->trans_op, fin(OP(a, l)));
        else
            channel_raw(k, a, view(&f, &u->opnd[3][1]), view(&f, &u->opnd[3][2]), r, n);
    }
    for (int c = 0; c < 4; c++) {
        if (!(u->need >> c & 1))
            continue;
        pa_word *v = sc->value[c];
        uint8_t k = u->kind[c];
        if (c == 3 || k == PA_K_SOP)
            memcpy(v, sc->raw_alpha, sizeof(pa_row));
        else if (k == PA_K_DOT)
            memcpy(v, sc->dot, sizeof(pa_row));
        else
            channel_raw(k, view(&f, &u->opnd[c][0]), view(&f, &u->opnd[c][1]),
                        view(&f, &u->opnd[c][2]), v, n);
        finish_row(v, u->omod[c], u->clamp[c], n);
    }
}

/* Bit l % 32 of a lane mask half, per lane: lets the mask test vectorise. */
#define BITS8(b) {1u << (b)}, {2u << (b)}, {4u << (b)}, {8u << (b)}, {16u << (b)}, \
                 {32u << (b)}, {64u << (b)}, {128u << (b)}
static const pa_word lane_bit[PA_LANES] = {BITS8(0), BITS8(8), BITS8(16), BITS8(24),
                                           BITS8(0), BITS8(8), BITS8(16), BITS8(24)};

/* dst = mask ? v : dst, lane by lane. */
INLINE void blend_impl(pa_word *dst, const pa_word *v, uint64_t m, unsigned n)
{
    uint64_t all = n == 64 ? ~0ull : (1ull << n) - 1;
    if ((m & all) == all) {
        memcpy(dst, v, n * sizeof *dst);
        return;
    }
    uint32_t half[2] = {(uint32_t)m, (uint32_t)(m >> 32)};
    for (unsigned h = 0; h < 2 && 32 * h < n; h++) {
        pa_word *d = dst + 32 * h;
        const pa_word *x = v + 32 * h;
        uint32_t hm = half[h];
        for (unsigned l = 0; l < 32; l++) {
            uint32_t sel = 0u - (uint32_t)((hm & lane_bit[l].u) != 0);
            d[l].u = (d[l].u & ~sel) | (x[l].u & sel);
        }
    }
}

/* The two builds of each kernel. */
static void compute_base(const pa_shared *sh, pa_slot *s, const pa_uop *u, pa_scratch *sc,
                         unsigned n)
{
    compute_impl(sh, s, u, sc, n);
}

static void blend_base(pa_word *dst, const pa_word *v, uint64_t m, unsigned n)
{
    blend_impl(dst, v, m, n);
}

#if PA_HAVE_V3
PA_V3 static void compute_v3(const pa_shared *sh, pa_slot *s, const pa_uop *u, pa_scratch *sc,
                             unsigned n)
{
    compute_impl(sh, s, u, sc, n);
}

PA_V3 static void blend_v3(pa_word *dst, const pa_word *v, uint64_t m, unsigned n)
{
    blend_impl(dst, v, m, n);
}
#endif

static const pa_alu_kernels kernels_base = {"baseline", compute_base, blend_base};
#if PA_HAVE_V3
static const pa_alu_kernels kernels_v3 = {"x86-64-v3", compute_v3, blend_v3};
#endif

const pa_alu_kernels *pa_alu_kernels_get(int baseline)
{
#if PA_HAVE_V3
    const char *env = getenv("CTM_MODEL_KERNEL");
    if (!baseline && !(env && !strcmp(env, "baseline")) && __builtin_cpu_supports("avx2") &&
        __builtin_cpu_supports("fma"))
        return &kernels_v3;
#else
    (void)baseline;
#endif
    return &kernels_base;
}

/* dpp_cmp_zero, inlined: +-0 and denormals are zero, NaN is only != 0. */
INLINE int cmp_zero(uint32_t b, unsigned cmp)
{
    uint32_t mag = flush(b) & 0x7FFFFFFFu;
    int zero = mag == 0, neg = (int)(b >> 31), num = mag <= 0x7F800000u;
    switch (cmp) {
    case DPP_CMP_EQ:
        return zero;
    case DPP_CMP_LT:
        return (mag != 0) & neg & num;
    case DPP_CMP_GE:
        return (zero | (neg ^ 1)) & num;
    default:
        return mag != 0;
    }
}

/* Lanes whose value compares true against zero. */
static uint64_t compare_mask(const pa_word *v, unsigned cmp, unsigned n)
{
    uint64_t m = 0;
    LANES(n) m |= (uint64_t)cmp_zero(v[l].u, cmp) << l;
    return m;
}

/* The faults every lane would meet alike (aL is the wavefront's): the
 * constant surface, then each source in fetch order. */
static dpp_status uniform_faults(const pa_shared *sh, const pa_uop *u, int32_t al, dpp_error *err)
{
    for (int k = 0; k < 6; k++) {
        const pa_src *a = &u->src[k];
        int64_t idx = (int64_t)a->addr + (a->rel ? al : 0);
        if (a->kind == DPP_SRC_CONST && idx >= 0 && idx >= (int64_t)sh->nconst &&
            idx < DPP_NUM_CONSTS)
            return dpp_error_set(err, DPP_E_FAULT,
                                 "float constant %lld is outside the constant surface (%u "
                                 "constants)",
                                 (long long)idx, sh->nconst);
    }
    static const int order[6] = {0, 3, 1, 4, 2, 5}; /* RGB 0, alpha 0, RGB 1, ... */
    for (int i = 0; i < 6; i++) {
        const pa_src *a = &u->src[order[i]];
        int64_t idx = (int64_t)a->addr + (a->rel ? al : 0);
        if (a->kind == DPP_SRC_CONST && (idx < 0 || idx >= DPP_NUM_CONSTS))
            return dpp_error_set(err, DPP_E_FAULT, "constant c%u+aL(%d) = %lld is out of range",
                                 a->addr, al, (long long)idx);
        if (a->kind == DPP_SRC_TEMP && (idx < 0 || idx >= DPP_NUM_TEMPS))
            return dpp_error_set(err, DPP_E_FAULT, "temporary r%u+aL(%d) = %lld is out of range",
                                 a->addr, al, (long long)idx);
    }
    return DPP_OK;
}

static int64_t dest_index(unsigned addr, unsigned rel, int32_t al)
{
    return (int64_t)addr + (rel ? al : 0);
}

static int dest_bad(int64_t idx)
{
    return idx < 0 || idx >= DPP_NUM_TEMPS;
}

/* The first lane (in lane order) whose write goes out of range, if any. */
static dpp_status dest_faults(const pa_slot *s, const pa_uop *u, const uint64_t tmask[4],
                              int64_t rgb, int64_t alpha, dpp_error *err)
{
    uint64_t rgb_w = dest_bad(rgb) ? tmask[0] | tmask[1] | tmask[2] : 0;
    uint64_t alpha_w = dest_bad(alpha) ? tmask[3] : 0;
    if (!(rgb_w | alpha_w))
        return DPP_OK;
    unsigned l = (unsigned)__builtin_ctzll(rgb_w | alpha_w);
    int is_rgb = rgb_w >> l & 1;
    dpp_error_set(err, DPP_E_FAULT, "destination r%u+aL(%d) = %lld is out of range",
                  is_rgb ? u->rgb_addrd : u->alpha_addrd, s->al,
                  (long long)(is_rgb ? rgb : alpha));
    return pa_lane_fault(s, l, DPP_E_FAULT, err);
}

static void commit(pa_core *c, pa_slot *s, const pa_uop *u, uint64_t lanes, const uint64_t cp[4],
                   const uint64_t tmask[4], int64_t rgb, int64_t alpha, unsigned n)
{
    pa_scratch *sc = c->scratch;
    for (int ch = 0; ch < 4; ch++) {
        if (tmask[ch]) {
            unsigned idx = (unsigned)(ch < 3 ? rgb : alpha);
            c->kern->blend(s->temp[idx][ch], sc->value[ch], tmask[ch], n);
            pa_touch(s, idx);
        }
        uint64_t om = u->omask >> ch & 1 ? lanes & cp[ch] : 0;
        if (om) {
            unsigned o = ch < 3 ? u->rgb_out : u->alpha_out;
            c->kern->blend(s->out[o][ch], sc->value[ch], om, n);
            s->out_written[o][ch] |= om;
        }
    }
    uint64_t wm = u->w_write ? lanes & cp[3] : 0;
    if (wm)
        c->kern->blend(s->w, sc->value[3], wm, n);
    if (u->alu_wmask) {
        uint64_t r = compare_mask(sc->value[u->alu_result_chan], u->alu_result_op, n);
        s->alu_result = (s->alu_result & ~lanes) | (r & lanes);
    }
    for (int k = 0; k < 4; k++) {
        uint64_t we = u->pred_we >> k & 1 ? lanes & cp[k] : 0;
        if (we) {
            uint64_t v = compare_mask(sc->value[k], u->pred_cmp[k], n);
            s->pred[k] = (s->pred[k] & ~we) | (v & we);
        }
    }
}

dpp_status pa_alu_issue(pa_core *c, pa_slot *s, const pa_uop *u, uint64_t lanes, dpp_error *err)
{
    if (u->type == DPP_TYPE_ALU && u->alu_wmask)
        s->alu_valid = 1;
    if (!lanes)
        return DPP_OK;
    dpp_status st = uniform_faults(c->sh, u, s->al, err);
    if (st)
        return pa_lane_fault(s, (unsigned)__builtin_ctzll(lanes), st, err);
    uint64_t cp[4], tmask[4];
    pa_channel_masks(u, s, cp);
    for (int ch = 0; ch < 4; ch++)
        tmask[ch] = u->wmask >> ch & 1 ? lanes & cp[ch] : 0;
    int64_t rgb = dest_index(u->rgb_addrd, u->rgb_addrd_rel, s->al);
    int64_t alpha = dest_index(u->alpha_addrd, u->alpha_addrd_rel, s->al);
    if ((st = dest_faults(s, u, tmask, rgb, alpha, err)))
        return st;
    unsigned n = (s->wave.lanes + 7u) & ~7u;
    c->kern->compute(c->sh, s, u, c->scratch, n);
    commit(c, s, u, lanes, cp, tmask, rgb, alpha, n);
    return DPP_OK;
}
