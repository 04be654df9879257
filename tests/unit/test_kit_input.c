/* The kit's input surface (csim/machine/kit_input.h, issue 41 item 6): its edge
 * words reach every format's boundary values, and the words between them keep
 * the system run's small integers of both signs. */
#include "cmocka_all.h"

#include "kit_input.h"

#include <math.h>
#include <string.h>

static float f_of(uint32_t bits)
{
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

/* Each UINT8 boundary in every byte lane (a UINT8_4 element's four channels),
 * each UINT16 one in both halves of some edge word. */
static void test_integer_edges(void **state)
{
    (void)state;
    static const unsigned u8[] = {0, 1, 127, 128, 254, 255};
    static const unsigned u16[] = {0, 1, 32767, 32768, 65534, 65535};
    for (size_t i = 0; i < 6; i++) {
        for (int lane = 0; lane < 4; lane++) {
            int in8 = 0;
            for (int e = 0; e < DPP_EDGE_WORDS; e++)
                in8 |= (dpp_edge_words[e] >> 8 * lane & 0xFFu) == u8[i];
            if (!in8)
                fail_msg("UINT8 %u is in no edge word's byte %d", u8[i], lane);
        }
        for (int half = 0; half < 2; half++) {
            int in16 = 0;
            for (int e = 0; e < DPP_EDGE_WORDS; e++)
                in16 |= (dpp_edge_words[e] >> 16 * half & 0xFFFFu) == u16[i];
            if (!in16)
                fail_msg("UINT16 %u is in no edge word's half %d", u16[i], half);
        }
    }
}

/* A UINT8 store whose rounding depends on the fp32 product: a value whose exact
 * product with 255 lies less than an fp32 ulp below a tie k + 0.5 (a design that
 * rounds the product at one bit fewer stores k + 1; docs/mc.md's step 1). */
static void test_near_tie(void **state)
{
    (void)state;
    int near = 0;
    for (int e = 0; e < DPP_EDGE_WORDS; e++) {
        double p = (double)f_of(dpp_edge_words[e]) * 255.0, tie = floor(p) + 0.5;
        near |= p > 0 && p < 255 && tie - p > 0 && tie - p < ldexp(tie, -23);
    }
    assert_true(near);
}

/* +-0, +-1, 0.5, +-inf, NaN and a denormal as fp32. */
static void test_float_edges(void **state)
{
    (void)state;
    int pz = 0, nz = 0, one = 0, mone = 0, half = 0, pinf = 0, ninf = 0, nan = 0, den = 0;
    for (int e = 0; e < DPP_EDGE_WORDS; e++) {
        uint32_t w = dpp_edge_words[e];
        float f = f_of(w);
        pz |= w == 0;
        nz |= w == 0x80000000u;
        one |= f == 1.0f;
        mone |= f == -1.0f;
        half |= f == 0.5f;
        pinf |= isinf(f) && f > 0;
        ninf |= isinf(f) && f < 0;
        nan |= isnan(f);
        den |= fpclassify(f) == FP_SUBNORMAL;
    }
    assert_true(pz && nz && one && mone && half && pinf && ninf && nan && den);
}

/* Without edges word k is ((k * 2654435761) mod 17) - 8; with them every third
 * word is the next edge word and the others are unchanged. */
static void test_layout(void **state)
{
    (void)state;
    int neg = 0, pos = 0;
    for (uint64_t k = 0; k < 3000; k++) {
        uint32_t plain = dpp_kit_input_word(k, 0), edged = dpp_kit_input_word(k, 1);
        assert_true(f_of(plain) == (float)((k * 2654435761u) % 17) - 8.0f);
        neg |= f_of(plain) < 0;
        pos |= f_of(plain) > 0;
        assert_int_equal(edged, k % 3 ? plain : dpp_edge_words[k / 3 % DPP_EDGE_WORDS]);
    }
    assert_true(neg && pos);
    uint32_t w[60];
    dpp_kit_input_fill(w, 60, 1);
    for (int k = 0; k < 60; k++)
        assert_int_equal(w[k], dpp_kit_input_word((uint64_t)k, 1));
}

/* Each edge word in each channel of the surface's FLOAT32_4 elements (word k is
 * channel k % 4): a design's channel c meets every boundary value. */
static void test_every_channel(void **state)
{
    (void)state;
    unsigned seen[DPP_EDGE_WORDS] = {0};                    /* bit c: met in channel c */
    for (uint64_t k = 0; k < 3 * 4 * DPP_EDGE_WORDS; k++) { /* the surface as it is written */
        uint32_t w = dpp_kit_input_word(k, 1);
        for (int e = 0; e < DPP_EDGE_WORDS; e++)
            if (w == dpp_edge_words[e] && k % 3 == 0)
                seen[e] |= 1u << (k % 4);
    }
    for (int e = 0; e < DPP_EDGE_WORDS; e++)
        if (seen[e] != 0xFu)
            fail_msg("edge word %d (0x%08x) meets only channels 0x%x", e, dpp_edge_words[e],
                     seen[e]);
}

/* The neighbours of the UINT16 tie 0.5: 0.5 + ulp stores 1, 0.5 - ulp 0. */
static void test_half_neighbours(void **state)
{
    (void)state;
    int above = 0, below = 0;
    for (int e = 0; e < DPP_EDGE_WORDS; e++) {
        above |= f_of(dpp_edge_words[e]) == nextafterf(0.5f, 1.0f);
        below |= f_of(dpp_edge_words[e]) == nextafterf(0.5f, 0.0f);
    }
    assert_true(above && below);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_integer_edges), cmocka_unit_test(test_near_tie),
        cmocka_unit_test(test_float_edges),   cmocka_unit_test(test_layout),
        cmocka_unit_test(test_every_channel), cmocka_unit_test(test_half_neighbours),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
