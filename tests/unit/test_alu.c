/* Table-driven ALU tests with hand-computed expectations: every RGB and alpha
 * opcode, input modifier, OMOD value, swizzle code and presubtract op, with
 * +-0, +-Inf, NaN and denormals. Sources are r0, r1, r2 (s0, s1, s2) unless a
 * row says otherwise; the result checked is what the instruction computes
 * (dpp_alu_result.value) on the channels in `check`. */
#include "alu.h"
#include "alu_fp.h"
#include "asm.h"
#include "fp_bits.h"

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#define PZ    0x00000000u
#define NZ    0x80000000u
#define PINF  0x7F800000u
#define NINF  0xFF800000u
#define QNAN  0x7FC00000u
#define PNAN  0x7FC12345u /* a NaN with a payload */
#define CANON 0x7FFFFFFFu
#define DEN   0x00000001u
#define NDEN  0x80000001u

/* Short: the tables below convert every value. */
#define fb dpp_fp_bits

#define V(a, b, c, d)                                                                              \
    {                                                                                              \
        fb(a), fb(b), fb(c), fb(d)                                                                 \
    }
#define S(x)                                                                                       \
    {                                                                                              \
        fb(x), fb(x), fb(x), fb(x)                                                                 \
    }

typedef struct row {
    const char *text; /* the instruction after "alu", without "src" unless given */
    uint32_t r[3][4]; /* r0, r1, r2 */
    uint32_t want[4];
    unsigned check; /* channel mask (bit 0 = R) */
    unsigned ulp;   /* tolerance; 0 = bit-exact */
} row;

static const char *const default_src = " src r0/r0, r1/r1, r2/r2";

static uint32_t consts[DPP_NUM_CONSTS][4];

/* Assembles "alu TEXT", runs it on a lane with temps r0..r2 = rows regs. */
static dpp_status run(const char *text, const uint32_t regs[3][4], int32_t al, uint8_t pred,
                      dpp_alu_result *res, dpp_error *err)
{
    char prog[1024];
    dpp_exe *x = malloc(sizeof *x);
    static uint32_t temps[DPP_NUM_TEMPS][4];
    memset(temps, 0, sizeof temps);
    memcpy(temps, regs, 3 * sizeof temps[0]);
    snprintf(prog, sizeof prog, "%s %s%s\n", strncmp(text, "out", 3) ? "alu" : "", text,
             strstr(text, " src ") ? "" : default_src);
    dpp_asm_opts o = {1};
    dpp_status st = dpp_asm(prog, strlen(prog), "row.s", &o, x, err);
    if (st != DPP_OK) {
        free(x);
        return st;
    }
    dpp_inst in;
    dpp_inst_decode(x->words, &in);
    free(x);
    dpp_alu_in lane = {(const uint32_t(*)[4])temps, (const uint32_t(*)[4])consts, al, pred};
    return dpp_alu_exec(&in, &lane, res, err);
}

static int64_t ordered(uint32_t b)
{
    return (b & 0x80000000u) ? -(int64_t)(b & 0x7FFFFFFFu) : (int64_t)b;
}

static void check_rows(const row *rows, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        dpp_alu_result r;
        dpp_error err;
        dpp_status st = run(rows[i].text, rows[i].r, 0, 0, &r, &err);
        if (st != DPP_OK)
            print_error("row %zu '%s': %s\n", i, rows[i].text, err.msg);
        assert_int_equal(st, DPP_OK);
        for (int c = 0; c < 4; c++) {
            if (!(rows[i].check >> c & 1))
                continue;
            uint32_t got = r.value[c], want = rows[i].want[c];
            int64_t d = ordered(got) - ordered(want);
            int ok = rows[i].ulp ? llabs(d) <= rows[i].ulp : got == want;
            if (!ok)
                print_error("row %zu '%s' channel %d: got 0x%08x (%g), want 0x%08x (%g)\n", i,
                            rows[i].text, c, got, (double)*(float *)&got, want,
                            (double)*(float *)&want);
            assert_true(ok);
        }
    }
}

#define MADRGB "rgb mad r3.rgb, s0.rgb, s1.rgb, s2.rgb alpha mad r3.a, s0.a, s1.a, s2.a"

static void rgb_and_alpha_mad(void **state)
{
    (void)state;
    const row rows[] = {
        {MADRGB, {V(1, 2, 3, 4), V(5, 6, 7, 8), S(0.5f)}, V(5.5f, 12.5f, 21.5f, 32.5f), 15, 0},
        /* the adder gives -0 only when both addends are negative (spec 7.1) */
        {MADRGB, {S(0), S(0), {NZ, NZ, NZ, NZ}}, {PZ, PZ, PZ, PZ}, 15, 0},
        {"rgb mad r3.rgb, -s0.rgb, s1.rgb, s2.rgb alpha mad r3.a, -s0.a, s1.a, s2.a",
         {S(0), S(0), {NZ, NZ, NZ, NZ}},
         {NZ, NZ, NZ, NZ},
         15,
         0},
        /* Inf - Inf and NaN inputs give the canonical NaN */
        {MADRGB,
         {{PINF, QNAN, PINF, NINF}, S(1), {NINF, PZ, PINF, NINF}},
         {CANON, CANON, PINF, NINF},
         15,
         0},
        /* denormal inputs are flushed: DEN * 2^100 is 0, not 1.8e-15; and
         * -0 * 2^100 + (+0) is +0 by the adder rule */
        {MADRGB, {{DEN, NDEN, DEN, DEN}, S(0x1p100f), S(0)}, {PZ, PZ, PZ, PZ}, 15, 0},
        {MADRGB, {{DEN, NDEN, DEN, DEN}, S(0x1p100f), {NZ, NZ, NZ, NZ}}, {PZ, NZ, PZ, PZ}, 15, 0},
        /* denormal results are flushed to a zero of the same sign */
        {MADRGB,
         {V(0x1p-70f, -0x1p-70f, 0x1p-50f, 1), S(0x1p-70f), S(0)},
         {PZ, NZ, fb(0x1p-120f), fb(0x1p-70f)},
         15,
         0},
    };
    check_rows(rows, sizeof rows / sizeof rows[0]);
}

static void dot_products(void **state)
{
    (void)state;
    const row rows[] = {
        {"rgb dp3 r3.rgb, s0.rgb, s1.rgb, s2.rgb alpha dp r3.a, s0.a, s1.a, s2.a",
         {V(1, 2, 3, 100), V(4, 5, 6, 100), S(0)},
         S(32),
         15,
         0},
        /* DP4: the 4th term comes from the alpha operands' select and swizzle */
        {"rgb dp4 r3.rgb, s0.rgb, s1.rgb, s2.rgb alpha dp r3.a, s0.a, s1.a, s2.a",
         {V(1, 2, 3, 4), V(4, 5, 6, 7), S(0)},
         S(60),
         15,
         0},
        {"rgb dp4 r3.rgb, s0.rgb, s1.rgb, s2.rgb alpha dp r3.a, s0.r, s1.a, s2.a",
         {V(1, 2, 3, 4), V(4, 5, 6, 7), S(0)},
         S(39),
         15,
         0},
        {"rgb dp4 r3.rgb, s0.rgb, s1.rgb, s2.rgb alpha dp r3.a, -s0.a, s1.a, s2.a",
         {V(1, 2, 3, 4), V(4, 5, 6, 7), S(0)},
         S(4),
         15,
         0},
        /* D2A: A.r*B.r + A.g*B.g + C.b */
        {"rgb d2a r3.rgb, s0.rgb, s1.rgb, s2.rgb alpha dp r3.a, s0.a, s1.a, s2.a",
         {V(1, 2, 3, 4), V(4, 5, 6, 7), V(100, 100, 10, 100)},
         S(24),
         15,
         0},
        /* exact cancellation of the two largest terms, rest >= 2^25 smaller: +0 */
        {"rgb dp3 r3.rgb, s0.rgb, s1.rgb, s2.rgb alpha mad r3.a, s0.a, s1.a, s2.a",
         {V(0x1p30f, -0x1p30f, 1, 0), S(1), S(0)},
         {PZ, PZ, PZ, 0},
         7,
         0},
        {"rgb dp3 r3.rgb, s0.rgb, s1.rgb, s2.rgb alpha mad r3.a, s0.a, s1.a, s2.a",
         {V(0x1p20f, -0x1p20f, 1, 0), S(1), S(0)},
         S(1),
         7,
         0},
        /* Inf * 0 in a dot product: NaN, canonicalised */
        {"rgb dp3 r3.rgb, s0.rgb, s1.rgb, s2.rgb alpha mad r3.a, s0.a, s1.a, s2.a",
         {{PINF, 0, 0, 0}, S(0), S(0)},
         {CANON, CANON, CANON, 0},
         7,
         0},
    };
    check_rows(rows, sizeof rows / sizeof rows[0]);
}

#define SEL(op) "rgb " op " r3.rgb, s0.rgb, s1.rgb, s2.rgb alpha " op " r3.a, s0.a, s1.a, s2.a"

static void selects(void **state)
{
    (void)state;
    const row rows[] = {
        {SEL("min"), {V(1, -1, 5, -3), V(2, -2, 5, 3), S(0)}, V(1, -2, 5, -3), 15, 0},
        /* both zeros: B; NaN anywhere: B, bit-exact with OMOD disabled */
        {SEL("min.disabled"),
         {{PZ, NZ, QNAN, 0}, {NZ, PZ, fb(3), PNAN}, S(0)},
         {NZ, PZ, fb(3), PNAN},
         15,
         0},
        {SEL("max"), {V(1, -1, -INFINITY, 0), V(2, -2, -5, 0), S(0)}, V(2, -1, -5, 0), 15, 0},
        {SEL("max.disabled"),
         {{PZ, NZ, PINF, fb(1)}, {NZ, PZ, fb(5), PNAN}, S(0)},
         {NZ, PZ, PINF, PNAN},
         15,
         0},
        /* NaN chosen with OMOD enabled is canonicalised */
        {SEL("max"), {{fb(1), 0, 0, 0}, {QNAN, 0, 0, 0}, S(0)}, {CANON, 0, 0, 0}, 1, 0},
        /* CND: C > 0.5 ? A : B, NaN C -> B */
        {SEL("cnd"), {S(1), S(2), {fb(0.5f), fb(0.6f), QNAN, PINF}}, V(2, 1, 2, 1), 15, 0},
        /* CMP: C >= 0 ? A : B; -0 and denormals count as 0 */
        {SEL("cmp"), {S(1), S(2), {NZ, NDEN, fb(-1), QNAN}}, V(1, 1, 2, 2), 15, 0},
        {SEL("cmp.disabled"),
         {{PNAN, NDEN, DEN, NINF}, S(2), S(0)},
         {PNAN, NDEN, DEN, NINF},
         15,
         0},
        /* with OMOD enabled the chosen denormal is flushed */
        {SEL("cmp"), {{NDEN, DEN, 0, 0}, S(2), S(0)}, {NZ, PZ, 0, 0}, 3, 0},
        {SEL("frc"),
         {{fb(1.25f), fb(-0.25f), fb(3), PINF}, S(0), S(0)},
         {fb(0.25f), fb(0.75f), PZ, CANON},
         15,
         0},
    };
    check_rows(rows, sizeof rows / sizeof rows[0]);
}

#define T(op) "rgb sop r3.rgb, s0.rgb, s0.rgb, s0.rgb alpha " op " r3.a, s0.a, s0.a, s0.a"
#define A4(x)                                                                                      \
    {                                                                                              \
        0, 0, 0, x                                                                                 \
    }

static void transcendentals(void **state)
{
    (void)state;
    const row rows[] = {
        /* SOP copies the alpha unit's scalar to R, G, B */
        {T("rcp"), {A4(fb(4)), S(0), S(0)}, S(0.25f), 15, 0},
        {T("ex2"), {A4(fb(3)), S(0), S(0)}, S(8), 15, 1},
        {T("ex2"), {A4(NINF), S(0), S(0)}, {PZ, PZ, PZ, PZ}, 15, 0},
        {T("ex2"), {A4(PINF), S(0), S(0)}, {PINF, PINF, PINF, PINF}, 15, 0},
        {T("ex2"), {A4(fb(-0.5f)), S(0), S(0)}, S(0.70710678f), 15, 1},
        {T("ln2"), {A4(fb(8)), S(0), S(0)}, S(3), 15, 1},
        {T("ln2"), {A4(PZ), S(0), S(0)}, {NINF, NINF, NINF, NINF}, 15, 0},
        {T("ln2"), {A4(DEN), S(0), S(0)}, {NINF, NINF, NINF, NINF}, 15, 0},
        {T("ln2"), {A4(fb(-1)), S(0), S(0)}, {CANON, CANON, CANON, CANON}, 15, 0},
        {T("rcp"), {A4(PZ), S(0), S(0)}, {PINF, PINF, PINF, PINF}, 15, 0},
        {T("rcp"), {A4(NZ), S(0), S(0)}, {NINF, NINF, NINF, NINF}, 15, 0},
        {T("rcp"), {A4(NDEN), S(0), S(0)}, {NINF, NINF, NINF, NINF}, 15, 0},
        {T("rcp"), {A4(PINF), S(0), S(0)}, {PZ, PZ, PZ, PZ}, 15, 0},
        {T("rsq"), {A4(fb(4)), S(0), S(0)}, S(0.5f), 15, 0},
        {T("rsq"), {A4(PZ), S(0), S(0)}, {PINF, PINF, PINF, PINF}, 15, 0},
        {T("rsq"), {A4(fb(-4)), S(0), S(0)}, {CANON, CANON, CANON, CANON}, 15, 0},
        /* SM3 rsq(|x|) through the ABS modifier */
        {"rgb sop r3.rgb, s0.rgb, s0.rgb, s0.rgb alpha rsq r3.a, |s0.a|, s0.a, s0.a",
         {A4(fb(-4)), S(0), S(0)},
         S(0.5f),
         15,
         0},
        /* SIN/COS take revolutions */
        {T("sin"), {A4(fb(0.25f)), S(0), S(0)}, S(1), 15, 1},
        {T("sin"), {A4(fb(-0.25f)), S(0), S(0)}, S(-1), 15, 1},
        {T("sin"), {A4(fb(1.0f / 12)), S(0), S(0)}, S(0.5f), 15, 2},
        {T("sin"), {A4(PINF), S(0), S(0)}, {CANON, CANON, CANON, CANON}, 15, 0},
        {T("cos"), {A4(PZ), S(0), S(0)}, S(1), 15, 0},
        {T("cos"), {A4(fb(0.5f)), S(0), S(0)}, S(-1), 15, 1},
        {T("cos"), {A4(fb(1000.5f)), S(0), S(0)}, S(-1), 15, 1},
        {T("cos"), {A4(NINF), S(0), S(0)}, {CANON, CANON, CANON, CANON}, 15, 0},
    };
    check_rows(rows, sizeof rows / sizeof rows[0]);
}

#define MOV(opnd, aopnd)                                                                           \
    "rgb max.disabled r3.rgb, " opnd ", " opnd ", s2.rgb alpha max.disabled r3.a, " aopnd          \
    ", " aopnd ", s2.a"

/* The accuracy docs/isa-model-defined.md (A12) promises: EX2, LN2, RCP, RSQ
 * within 1 ulp of the exact value; SIN/COS within 1 ulp or 2^-50 absolute.
 * 20,000 inputs per op against long double references. */
static void transcendental_accuracy(void **state)
{
    (void)state;
    const long double two_pi = 6.283185307179586476925286766559005768L;
    uint64_t rng = 0x9E3779B97F4A7C15ull;
    for (unsigned op = DPP_ALPHA_EX2; op <= DPP_ALPHA_COS; op++)
        for (int i = 0; i < 20000; i++) {
            rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
            uint32_t bits = (uint32_t)(rng >> 16);
            float a;
            long double ref;
            switch (op) {
            case DPP_ALPHA_EX2:
                a = (float)((double)(bits % 250000) / 1000.0 - 125.0);
                ref = exp2l(a);
                break;
            case DPP_ALPHA_LN2:
            case DPP_ALPHA_RSQ:
                bits = (bits & 0x007FFFFFu) | ((1 + bits % 253) << 23); /* positive normal */
                a = dpp_fp_f(bits);
                ref = op == DPP_ALPHA_LN2 ? log2l(a) : 1.0L / sqrtl(a);
                break;
            case DPP_ALPHA_RCP:
                bits = (bits & 0x807FFFFFu) | ((2 + bits % 250) << 23);
                a = dpp_fp_f(bits);
                ref = 1.0L / a;
                break;
            default:
                a = (float)((double)(bits % 2000000) / 1000.0 - 1000.0);
                ref =
                    (op == DPP_ALPHA_SIN ? sinl : cosl)(two_pi * (long double)(a - nearbyintf(a)));
                break;
            }
            uint32_t got = dpp_fp_transcendental(op, a), want = fb((float)ref);
            int64_t ulps = llabs(ordered(got) - ordered(want));
            long double abs_err = fabsl((long double)dpp_fp_f(got) - ref);
            int ok = ulps <= 1 || (op >= DPP_ALPHA_SIN && abs_err <= 0x1p-50L);
            if (!ok)
                print_error("op %u input %a: got %a want %a (%lld ulp)\n", op, (double)a,
                            (double)dpp_fp_f(got), (double)ref, (long long)ulps);
            assert_true(ok);
        }
}

static void modifiers_and_swizzles(void **state)
{
    (void)state;
    const uint32_t in[4] = {fb(-2), fb(3), NZ, PNAN};
    const row rows[] = {
        {MOV("s0.rgb", "s0.a"),
         {{in[0], in[1], in[2], in[3]}, S(0), S(0)},
         {in[0], in[1], in[2], in[3]},
         15,
         0},
        {MOV("-s0.rgb", "-s0.a"),
         {{in[0], in[1], in[2], in[3]}, S(0), S(0)},
         {fb(2), fb(-3), PZ, PNAN | 0x80000000u},
         15,
         0},
        {MOV("|s0.rgb|", "|s0.a|"),
         {{in[0], in[1], in[2], in[3]}, S(0), S(0)},
         {fb(2), fb(3), PZ, PNAN},
         15,
         0},
        {MOV("-|s0.rgb|", "-|s0.a|"),
         {{in[0], in[1], in[2], in[3]}, S(0), S(0)},
         {fb(-2), fb(-3), NZ, PNAN | 0x80000000u},
         15,
         0},
        /* swizzle codes r g b a 0 h(0.5) 1 */
        {MOV("s0.abr", "s0.g"), {V(1, 2, 3, 4), S(0), S(0)}, V(4, 3, 1, 2), 15, 0},
        {MOV("s0.0h1", "s0.b"), {V(1, 2, 3, 4), S(0), S(0)}, V(0, 0.5f, 1, 3), 15, 0},
        {MOV("s0.ggg", "s0.r"), {V(1, 2, 3, 4), S(0), S(0)}, V(2, 2, 2, 1), 15, 0},
        {MOV("s0.rgb", "s0.0"), {V(1, 2, 3, 4), S(0), S(0)}, V(1, 2, 3, 0), 15, 0},
        {MOV("s0.rgb", "s0.h"), {V(1, 2, 3, 4), S(0), S(0)}, V(1, 2, 3, 0.5f), 15, 0},
        {MOV("s0.rgb", "s0.1"), {V(1, 2, 3, 4), S(0), S(0)}, V(1, 2, 3, 1), 15, 0},
        /* RGB reads the alpha part of a source from its ALPHA address */
        {"rgb max.disabled r3.rgb, s0.aaa, s0.aaa, s2.rgb alpha max r3.a, s0.a, s0.a, s2.a"
         " src r0/r1, r1/r1, r2/r2",
         {V(1, 2, 3, 4), V(5, 6, 7, 8), S(0)},
         V(8, 8, 8, 8),
         15,
         0},
    };
    check_rows(rows, sizeof rows / sizeof rows[0]);
}

#define OM(m) "rgb mad." m " r3.rgb, s0.rgb, s1.111, s2.000 alpha mad." m " r3.a, s0.a, s1.1, s2.0"

static void omod_and_clamp(void **state)
{
    (void)state;
    const row rows[] = {
        {OM("u1"), {S(3), S(0), S(0)}, S(3), 15, 0},
        {OM("u2"), {S(3), S(0), S(0)}, S(6), 15, 0},
        {OM("u4"), {S(3), S(0), S(0)}, S(12), 15, 0},
        {OM("u8"), {S(3), S(0), S(0)}, S(24), 15, 0},
        {OM("d2"), {S(3), S(0), S(0)}, S(1.5f), 15, 0},
        {OM("d4"), {S(3), S(0), S(0)}, S(0.75f), 15, 0},
        {OM("d8"), {S(3), S(0), S(0)}, S(0.375f), 15, 0},
        /* overflow to Inf; underflow into denormals is flushed */
        {OM("u2"), {V(0x1p127f, -0x1p127f, 1, 1), S(0), S(0)}, {PINF, NINF, fb(2), fb(2)}, 15, 0},
        {OM("d8"),
         {V(0x1p-126f, -0x1p-126f, 1, 1), S(0), S(0)},
         {PZ, NZ, fb(0.125f), fb(0.125f)},
         15,
         0},
        /* clamp after OMOD; NaN and -0 saturate to +0 */
        {"rgb mad.sat r3.rgb, s0.rgb, s1.111, s2.000 alpha mad.sat r3.a, s0.a, s1.1, s2.0",
         {{fb(1.5f), fb(-0.5f), fb(0.25f), QNAN}, S(0), S(0)},
         {fb(1), PZ, fb(0.25f), PZ},
         15,
         0},
        {"rgb mad.d2.sat r3.rgb, s0.rgb, s1.111, s2.000 alpha mad.sat r3.a, -s0.a, s1.1, s2.0",
         {{fb(1.5f), fb(3), NZ, PZ}, S(0), S(0)},
         {fb(0.75f), fb(1), PZ, PZ},
         15,
         0},
        /* OMOD_DISABLED: no scaling, no NaN canonicalisation, no clamp */
        {"rgb max.disabled.sat r3.rgb, s0.rgb, s0.rgb, s0.rgb alpha max.disabled.sat r3.a, "
         "s0.a, s0.a, s0.a",
         {{fb(1.5f), fb(-0.5f), DEN, PNAN}, S(0), S(0)},
         {fb(1.5f), fb(-0.5f), DEN, PNAN},
         15,
         0},
    };
    check_rows(rows, sizeof rows / sizeof rows[0]);
}

#define PS(r, a)                                                                                   \
    "rgb mad r3.rgb, sp.rgb, s2.111, s2.000 alpha mad r3.a, sp.a, s2.1, s2.0 srcp " r "/" a

static void presubtract(void **state)
{
    (void)state;
    const row rows[] = {
        {PS("bias", "bias"), {S(0.25f), S(2), S(0)}, S(0.5f), 15, 0},
        {PS("sub", "sub"), {S(0.25f), S(2), S(0)}, S(1.75f), 15, 0},
        {PS("add", "add"), {S(0.25f), S(2), S(0)}, S(2.25f), 15, 0},
        {PS("inv", "inv"), {S(0.25f), S(2), S(0)}, S(0.75f), 15, 0},
        {PS("sub", "inv"), {V(1, 2, 3, 4), V(10, 20, 30, 40), S(0)}, V(9, 18, 27, -3), 15, 0},
        {PS("add", "bias"),
         {{PINF, QNAN, DEN, PINF}, {NINF, fb(1), fb(1), 0}, S(0)},
         {CANON, CANON, fb(1), NINF},
         15,
         0},
    };
    check_rows(rows, sizeof rows / sizeof rows[0]);
}

static void inline_and_float_constants(void **state)
{
    (void)state;
    for (int c = 0; c < 4; c++) {
        consts[5][c] = fb((float)(10 * (c + 1)));
        consts[255][c] = fb(-1);
    }
    const row rows[] = {
        {MADRGB " src r0/r0, #0.5/#0.5, #2/#2", {S(3), S(0), S(0)}, S(3.5f), 15, 0},
        {MADRGB " src #480/#480, #0.001953125/#0.001953125, #0/#0",
         {S(0), S(0), S(0)},
         S(0.9375f),
         15,
         0},
        {MADRGB " src #1.875/#1.875, #0.013671875/#0.013671875, #0/#0",
         {S(0), S(0), S(0)},
         S(0.025634765625f),
         15,
         0},
        {MADRGB " src c5/c5, #1/#1, c255/c255", {S(0), S(0), S(0)}, V(9, 19, 29, 39), 15, 0},
    };
    check_rows(rows, sizeof rows / sizeof rows[0]);
}

static void relative_addressing(void **state)
{
    (void)state;
    const uint32_t regs[3][4] = {V(1, 1, 1, 1), V(2, 2, 2, 2), V(7, 7, 7, 7)};
    dpp_alu_result r;
    dpp_error err;
    for (int c = 0; c < 4; c++)
        consts[6][c] = fb(100);
    assert_int_equal(
        run(MADRGB " src r[aL+1]/r[aL+1], c[aL+5]/c[aL+5], #0/#0", regs, 1, 0, &r, &err), DPP_OK);
    assert_int_equal(r.value[0], fb(700)); /* r2 * c6 */
    assert_int_equal(run("rgb mad r[aL+3].rgb, s0.rgb, s0.rgb, s0.rgb alpha mad r[aL].a, s0.a, "
                         "s0.a, s0.a",
                         regs, 4, 0, &r, &err),
                     DPP_OK);
    assert_int_equal(r.rgb_temp, 7);
    assert_int_equal(r.alpha_temp, 4);
    /* out of range: a defined fault, not a wild access */
    assert_int_equal(run(MADRGB " src r[aL+127]/r0, r0/r0, r0/r0", regs, 1, 0, &r, &err),
                     DPP_E_FAULT);
    assert_non_null(strstr(err.msg, "out of range"));
    assert_int_equal(run(MADRGB " src c[aL+0]/r0, r0/r0, r0/r0", regs, -1, 0, &r, &err),
                     DPP_E_FAULT);
    assert_int_equal(run("rgb mad r[aL+120].rgb, s0.rgb, s0.rgb, s0.rgb alpha mad r0.a, s0.a, "
                         "s0.a, s0.a",
                         regs, 8, 0, &r, &err),
                     DPP_E_FAULT);
}

static void predication_and_masks(void **state)
{
    (void)state;
    const uint32_t regs[3][4] = {V(1, 2, 3, 4), S(1), S(0)};
    dpp_alu_result r;
    dpp_error err;
    /* per channel: predicate bits 0 and 2 set */
    assert_int_equal(run("rgb mad r3.rgb, s0.rgb, s1.rgb, s2.rgb if p.rgba alpha mad r3.a, s0.a, "
                         "s1.a, s2.a if p.rgba",
                         regs, 0, 0x5, &r, &err),
                     DPP_OK);
    assert_int_equal(r.chan_pred, 0x5);
    assert_int_equal(r.temp_mask, 0x5);
    /* replicate with inversion: bit 0 is set, so !p.rrrr fails every RGB channel */
    assert_int_equal(run("rgb mad r3.rgb, s0.rgb, s1.rgb, s2.rgb if !p.rrrr alpha mad r3.a, "
                         "s0.a, s1.a, s2.a if p.aaaa",
                         regs, 0, 0x9, &r, &err),
                     DPP_OK);
    assert_int_equal(r.temp_mask, 0x8);
    /* write masks */
    assert_int_equal(run("rgb mad r3.rb, s0.rgb, s1.rgb, s2.rgb alpha mad r3._, s0.a, s1.a, s2.a",
                         regs, 0, 0, &r, &err),
                     DPP_OK);
    assert_int_equal(r.temp_mask, 0x5);
    /* outputs, targets and W from an OUTPUT instruction */
    assert_int_equal(run("out rgb mad r3._ o2.rg, s0.rgb, s1.rgb, s2.rgb alpha mad r3._ o1.a w, "
                         "s0.a, s1.a, s2.a",
                         regs, 0, 0, &r, &err),
                     DPP_OK);
    assert_int_equal(r.out_mask, 0xB);
    assert_int_equal(r.rgb_out, 2);
    assert_int_equal(r.alpha_out, 1);
    assert_int_equal(r.w_write, 1);
    assert_int_equal(r.alu_result_we, 0);
    uint32_t temps[DPP_NUM_TEMPS][4] = {{0}}, outs[4][4] = {{0}}, w = 0;
    uint8_t res = 0, pred = 0;
    dpp_alu_commit(&r, temps, outs, &w, &res, &pred);
    assert_int_equal(outs[2][0], fb(1));
    assert_int_equal(outs[2][1], fb(2));
    assert_int_equal(outs[2][2], 0);
    assert_int_equal(outs[1][3], fb(4));
    assert_int_equal(w, fb(4));
    assert_int_equal(temps[3][0], 0);
}

static void alu_result_and_predicates(void **state)
{
    (void)state;
    const uint32_t regs[3][4] = {{fb(0), fb(1), NZ, fb(-2)}, S(1), S(0)};
    dpp_alu_result r;
    dpp_error err;
    uint8_t pred = 0xF0, res = 0;
    assert_int_equal(run(MADRGB " setp rgba eq lt setres a lt", regs, 0, 0, &r, &err), DPP_OK);
    assert_int_equal(r.alu_result_we, 1);
    assert_int_equal(r.alu_result, 1); /* -2 < 0 */
    assert_int_equal(r.pred_we, 0xF);
    assert_int_equal(r.pred_val, 0xD); /* 0==0, 1!=0, -0==0, -2<0 */
    dpp_alu_commit(&r, NULL, NULL, NULL, &res, &pred);
    assert_int_equal(pred, 0xFD);
    assert_int_equal(res, 1);
    /* predicate writes only on enabled channels that pass predication */
    assert_int_equal(run("rgb mad r3.rgb, s0.rgb, s1.rgb, s2.rgb if p.rgba alpha mad r3.a, s0.a, "
                         "s1.a, s2.a setp rg ne ne",
                         regs, 0, 0x2, &r, &err),
                     DPP_OK);
    assert_int_equal(r.pred_we, 0x2);
    assert_int_equal(r.pred_val & 0x2, 0x2);
    /* a denormal passed by OMOD_DISABLED compares as zero */
    const uint32_t den[3][4] = {{DEN, 0, 0, 0}, S(0), S(0)};
    assert_int_equal(run("rgb max.disabled r3.rgb, s0.rgb, s0.rgb, s0.rgb alpha max r3.a, s0.a, "
                         "s0.a, s0.a setres r eq",
                         den, 0, 0, &r, &err),
                     DPP_OK);
    assert_int_equal(r.value[0], DEN);
    assert_int_equal(r.alu_result, 1);
}

/* seed 000, p34: "RGB_OMASK 3 bits Write R G B to output or to predicate
 * bits". On an ALU instruction the output masks (RGB_OMASK -> predicates
 * 0-2, ALPHA_OMASK -> predicate 3) choose the predicate bits written; STAT_WE
 * is not the predicate enable and writes none (docs/isa-model-defined.md I13). */
static void output_masks_write_predicates(void **state)
{
    (void)state;
    static const struct {
        unsigned rgb_omask, alpha_omask, stat_we, pred_we;
    } rows[] = {
        {5, 1, 0, 0xD}, /* R, B and A */
        {2, 0, 0, 0x2}, /* G only */
        {0, 0, 0xF, 0}, /* STAT_WE alone: no predicate write */
        {1, 0, 0xE, 0x1},
    };
    const uint32_t regs[3][4] = {{fb(-1), fb(0), fb(2), fb(-3)}, S(1), S(0)};
    char prog[256];
    snprintf(prog, sizeof prog, "alu %s%s\n", MADRGB, default_src);
    dpp_exe *x = malloc(sizeof *x);
    dpp_error err;
    assert_int_equal(dpp_asm(prog, strlen(prog), "row.s", NULL, x, &err), DPP_OK);
    dpp_inst base;
    dpp_inst_decode(x->words, &base);
    free(x);
    static uint32_t temps[DPP_NUM_TEMPS][4];
    memcpy(temps, regs, sizeof regs);
    dpp_alu_in lane = {(const uint32_t(*)[4])temps, (const uint32_t(*)[4])consts, 0, 0};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        dpp_inst in = base;
        dpp_field_set(&in, dpp_field_find("rgb_omask"), rows[i].rgb_omask);
        dpp_field_set(&in, dpp_field_find("alpha_omask"), rows[i].alpha_omask);
        dpp_field_set(&in, dpp_field_find("stat_we"), rows[i].stat_we);
        in.alu.rgb_target = in.alu.alpha_target = DPP_CMP_LT;
        dpp_alu_result r;
        assert_int_equal(dpp_alu_exec(&in, &lane, &r, &err), DPP_OK);
        assert_int_equal(r.pred_we, rows[i].pred_we);
        assert_int_equal(r.pred_val, 0x9); /* -1 < 0, 0, 2, -3 < 0 */
        assert_int_equal(r.out_mask, 0);   /* an ALU instruction writes no output */
        uint8_t pred = 0x6;
        dpp_alu_commit(&r, NULL, NULL, NULL, NULL, &pred);
        assert_int_equal(pred, (0x6 & ~rows[i].pred_we) | (0x9 & rows[i].pred_we));
    }
}

static void compare_against_zero(void **state)
{
    (void)state;
    static const struct {
        uint32_t v;
        int eq, lt, ge, ne;
    } t[] = {
        {PZ, 1, 0, 1, 0},          {NZ, 1, 0, 1, 0},    {DEN, 1, 0, 1, 0},
        {NDEN, 1, 0, 1, 0},        {PINF, 0, 0, 1, 1},  {NINF, 0, 1, 0, 1},
        {QNAN, 0, 0, 0, 1},        {CANON, 0, 0, 0, 1}, {0x3F800000u, 0, 0, 1, 1},
        {0xBF800000u, 0, 1, 0, 1},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        assert_int_equal(dpp_cmp_zero(t[i].v, DPP_CMP_EQ), t[i].eq);
        assert_int_equal(dpp_cmp_zero(t[i].v, DPP_CMP_LT), t[i].lt);
        assert_int_equal(dpp_cmp_zero(t[i].v, DPP_CMP_GE), t[i].ge);
        assert_int_equal(dpp_cmp_zero(t[i].v, DPP_CMP_NE), t[i].ne);
    }
}

static void illegal_words_are_refused(void **state)
{
    (void)state;
    dpp_inst in;
    memset(&in, 0, sizeof in);
    in.cmn.type = DPP_TYPE_ALU;
    in.alu.rgb_op = DPP_RGB_MAD;
    in.alu.rgb_omod = DPP_OMOD_DISABLED;
    uint32_t temps[DPP_NUM_TEMPS][4] = {{0}};
    dpp_alu_in lane = {(const uint32_t(*)[4])temps, (const uint32_t(*)[4])consts, 0, 0};
    dpp_alu_result r;
    dpp_error err;
    assert_int_equal(dpp_alu_exec(&in, &lane, &r, &err), DPP_E_ILLEGAL);
    assert_non_null(strstr(err.msg, "OMOD_DISABLED"));
    in.alu.rgb_omod = 0;
    in.alu.rgb_swiz[1][2] = 7; /* reserved swizzle */
    assert_int_equal(dpp_alu_exec(&in, &lane, &r, &err), DPP_E_ILLEGAL);
    assert_non_null(strstr(err.msg, "blue_swiz_b has reserved value 7"));
    in.alu.rgb_swiz[1][2] = 0;
    in.alu.alpha_op = 16; /* does not fit the 4-bit field */
    assert_int_equal(dpp_alu_exec(&in, &lane, &r, &err), DPP_E_ILLEGAL);
    assert_non_null(strstr(err.msg, "alpha_op value 16 does not fit 4 bits"));
    in.alu.alpha_op = 0;
    assert_int_equal(dpp_alu_exec(&in, &lane, &r, &err), DPP_OK);
    in.alu.rgb_omod = 0;
    in.cmn.type = DPP_TYPE_FC;
    assert_int_equal(dpp_alu_exec(&in, &lane, &r, &err), DPP_E_ARG);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rgb_and_alpha_mad),
        cmocka_unit_test(dot_products),
        cmocka_unit_test(selects),
        cmocka_unit_test(transcendentals),
        cmocka_unit_test(transcendental_accuracy),
        cmocka_unit_test(modifiers_and_swizzles),
        cmocka_unit_test(omod_and_clamp),
        cmocka_unit_test(presubtract),
        cmocka_unit_test(inline_and_float_constants),
        cmocka_unit_test(relative_addressing),
        cmocka_unit_test(predication_and_masks),
        cmocka_unit_test(alu_result_and_predicates),
        cmocka_unit_test(output_masks_write_predicates),
        cmocka_unit_test(compare_against_zero),
        cmocka_unit_test(illegal_words_are_refused),
    };
    return cmocka_run_group_tests_name("alu", tests, NULL, NULL);
}
