/* TEX operations executed, not only assembled: LD, PROJ, LODBIAS, LOD and DXDY,
 * scaled and unscaled, with hand-computed fetches, and the infinite
 * coordinates of the guide's p47 (seed 000: "very large values for use as
 * coordinates in a texture lookup ... may generate infinite values when scaled
 * by the texture dimensions or projected").
 *
 * Each lane first reads its S, T, R, Q from input 1 at (i, 0) (raw fp32, so any
 * value, infinities included, can be given), then runs the TEX operation under
 * test on input 0, the texture: FLOAT32_1, pitch 8, height 4, element (x, y) =
 * 10 y + x, so the fetched value names the element that was read. */
#include "cmocka_all.h"

#include "asm.h"
#include "run.h"
#include "run_fixture.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define LANES 2
#define TEX_W 8
#define TEX_H 4

typedef struct tex_case {
    const char *name;
    const char *op, *flags; /* the tex line's OP, and what follows its input */
    float stqr[LANES][4];
    float want[LANES]; /* the element read, 10 y + x */
    const char *fault; /* or: the fault expected (lane 0's), and want is unused */
} tex_case;

static const tex_case cases[] = {
    /* scaled: x = floor(S * 8), y = floor(T * 4).
     * lane 0: 0.125 * 8 = 1, 0.75 * 4 = 3: 31; lane 1: 0.375 * 8 = 3, 0.25 * 4 = 1: 13 */
    {"LD scaled", "ld", "", {{0.125f, 0.75f, 0, 1}, {0.375f, 0.25f, 0, 1}}, {31, 13}, NULL},
    /* unscaled: x = floor(S), y = floor(T): (2, 1) = 12, (7, 3) = 37 */
    {"LD unscaled", "ld", "unscaled", {{2.5f, 1, 0, 1}, {7.75f, 3.5f, 0, 1}}, {12, 37}, NULL},
    /* PROJ scaled: S/Q, T/Q, then scaled. lane 0: 0.25/2 = 0.125 -> 1, 1.5/2 = 0.75 -> 3: 31;
     * lane 1: 1.5/4 = 0.375 -> 3, 0.5/4 = 0.125 -> floor(0.5) = 0: 3 */
    {"PROJ scaled", "proj", "", {{0.25f, 1.5f, 0, 2}, {1.5f, 0.5f, 0, 4}}, {31, 3}, NULL},
    /* PROJ unscaled: 5/2 = 2.5 -> 2, 6/2 = 3: 32; a negative Q: -14/-2 = 7, -2/-2 = 1: 17 */
    {"PROJ unscaled", "proj", "unscaled", {{5, 6, 0, 2}, {-14, -2, 0, -2}}, {32, 17}, NULL},
    /* LODBIAS: one level, so the bias in Q changes nothing and nothing is projected: as LD
     * scaled, 31 and 13 (projected, lane 0 would read (floor(0.5), floor(1.5)) = 10) */
    {"LODBIAS reads the one level",
     "lodbias",
     "",
     {{0.125f, 0.75f, 0, 2}, {0.375f, 0.25f, 0, 4}},
     {31, 13},
     NULL},
    /* LOD: the explicit level in Q names the one level there is: as LD, 31 and 13 */
    {"LOD reads the one level",
     "lod",
     "",
     {{0.125f, 0.75f, 0, 3}, {0.375f, 0.25f, 0, 0}},
     {31, 13},
     NULL},
    /* DXDY: the derivatives choose among levels; there is one: as LD unscaled, 12 and 37 */
    {"DXDY reads the one level",
     "dxdy",
     "unscaled dx r2.rgba dy r2.abgr",
     {{2.5f, 1, 0, 1}, {7.75f, 3.5f, 0, 1}},
     {12, 37},
     NULL},
    /* p47: an infinite coordinate is a fault that says so (lane 0: S = +inf) */
    {"LD, S infinite",
     "ld",
     "unscaled",
     {{INFINITY, 1, 0, 1}, {1, 1, 0, 1}},
     {0},
     "lane 0 (i 0, j 0): input coordinate S is infinite"},
    /* p47 "when scaled by the texture dimensions": 1e38 * 8 = 8e38 > FLT_MAX (3.4e38): +inf
     * in single precision (lane 0's T: 1e38 * 4 = 4e38, infinite too, but S is first) */
    {"LD scaled to infinity",
     "ld",
     "",
     {{1e38f, 1e38f, 0, 1}, {0, 0, 0, 1}},
     {0},
     "lane 0 (i 0, j 0): input coordinate S is infinite"},
    /* p47 "or projected": T / Q = 1e30 / 1e-10 = 1e40 > FLT_MAX: +inf (lane 1; lane 0 is fine) */
    {"PROJ to infinity",
     "proj",
     "unscaled",
     {{1, 1, 0, 1}, {1, 1e30f, 0, 1e-10f}},
     {0},
     "lane 1 (i 1, j 0): input coordinate T is infinite"},
    /* Q = 0: S / 0 = -inf for S = -3 */
    {"PROJ by zero",
     "proj",
     "unscaled",
     {{-3, 1, 0, 0}, {1, 1, 0, 1}},
     {0},
     "lane 0 (i 0, j 0): input coordinate S is infinite"},
    /* 0 / 0 is NaN: the NaN fault */
    {"PROJ 0/0",
     "proj",
     "unscaled",
     {{0, 1, 0, 0}, {1, 1, 0, 1}},
     {0},
     "lane 0 (i 0, j 0): input coordinate S is NaN"},
};

static float texture[TEX_W * TEX_H], coords[LANES * 4];

static float out_r(const dpp_run_result *r, unsigned lane)
{
    float f;
    memcpy(&f, r->output[0].data + 16 * (size_t)lane, 4);
    return f;
}

static void run_case(const tex_case *c)
{
    char src[512];
    snprintf(src, sizeof src,
             "    tex ld r2.rgba, r0.rgba, i1 unscaled acquire wait\n"
             "    tex %s r1.rgba, r2.rgba, i0 %s acquire wait\n"
             "    out rgb mad r0._ o0.rgb, r1.rgb, #1, #0 wait\n",
             c->op, c->flags);
    dpp_exe *x = fixture_assemble(src);
    for (unsigned k = 0; k < TEX_W * TEX_H; k++)
        texture[k] = (float)(10 * (k / TEX_W) + k % TEX_W);
    memcpy(coords, c->stqr, sizeof coords);
    dpp_run_opts o;
    dpp_run_default_opts(&o);
    o.width = LANES;
    o.height = 1;
    o.array.lanes = LANES;
    o.input[0] = (dpp_image){MC_FMT_FLOAT32_1, MC_TILE_LINEAR, TEX_W, TEX_H, (uint8_t *)texture};
    o.input[1] = (dpp_image){MC_FMT_FLOAT32_4, MC_TILE_LINEAR, LANES, 1, (uint8_t *)coords};
    dpp_run_result r;
    dpp_error err = {0};
    dpp_status st = dpp_run(x, &o, "t", &r, &err);
    if (c->fault) {
        if (st != DPP_E_FAULT || !strstr(err.msg, c->fault))
            fail_msg("%s: status %d, '%s', want a fault '%s'", c->name, st, err.msg, c->fault);
        return;
    }
    if (st)
        fail_msg("%s: %s", c->name, err.msg);
    for (unsigned l = 0; l < LANES; l++)
        if (out_r(&r, l) != c->want[l])
            fail_msg("%s: lane %u read %g, want %g", c->name, l, out_r(&r, l), c->want[l]);
    dpp_run_free(&r);
}

static void test_tex_ops(void **state)
{
    (void)state;
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++)
        run_case(&cases[k]);
}

/* `tex ... if p.r` predicates the whole lookup, alpha included: lane 0 (S = 1 < 1.5, p.r set)
 * writes r1 = (11, 0, 0, 1), lane 1 (S = 7, p.r clear) writes no channel, so r1 stays 0
 * (before, `if` set only RGB_PRED_SEL and lane 1's alpha was written). */
static void test_tex_if_predicates_alpha(void **state)
{
    (void)state;
    dpp_exe *x = fixture_assemble(
        "    tex ld r2.rgba, r0.rgba, i1 unscaled acquire wait\n"
        "    alu rgb mad r3._, s0.rrr, s1.rrr, -s2.rrr alpha mad r3._, s0.r, s1.r, -s2.r "
        "src r2/r2, #1/#1, #1.5/#1.5 setp r lt lt wait\n"
        "    tex ld r1.rgba, r2.rgba, i0 unscaled acquire wait aluwait if p.r\n"
        "    out rgb mad r0._ o0.rgb, r1.rgb, #1, #0 alpha mad r0._ o0.a, r1.a, #1, #0 wait\n");
    for (unsigned k = 0; k < TEX_W * TEX_H; k++)
        texture[k] = (float)(10 * (k / TEX_W) + k % TEX_W);
    const float stqr[LANES][4] = {{1, 1, 0, 1}, {7, 3, 0, 1}};
    memcpy(coords, stqr, sizeof coords);
    dpp_run_opts o;
    dpp_run_default_opts(&o);
    o.width = LANES;
    o.height = 1;
    o.array.lanes = LANES;
    o.input[0] = (dpp_image){MC_FMT_FLOAT32_1, MC_TILE_LINEAR, TEX_W, TEX_H, (uint8_t *)texture};
    o.input[1] = (dpp_image){MC_FMT_FLOAT32_4, MC_TILE_LINEAR, LANES, 1, (uint8_t *)coords};
    dpp_run_result r;
    dpp_error err = {0};
    if (dpp_run(x, &o, "t", &r, &err))
        fail_msg("%s", err.msg);
    float got[LANES][4];
    memcpy(got, r.output[0].data, sizeof got);
    dpp_run_free(&r);
    const float want[LANES][4] = {{11, 0, 0, 1}, {0, 0, 0, 0}};
    for (unsigned l = 0; l < LANES; l++)
        for (unsigned c = 0; c < 4; c++)
            if (got[l][c] != want[l][c])
                fail_msg("lane %u channel %u: %g, want %g", l, c, got[l][c], want[l][c]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_tex_ops),
                                       cmocka_unit_test(test_tex_if_predicates_alpha)};
    return cmocka_run_group_tests_name("pa_tex", tests, NULL, NULL);
}
