/* The UINT8_4 and UINT16_1 store rule of docs/mc.md ("Conversions"), written
 * here from the document's words, not from the model's code, and held
 * against ctm_mc_pack at every boundary: 0, 1, 127, 128, 254, 255 and every
 * k/255 and (k + 0.5)/255 of UINT8 with their fp32 neighbours, the UINT16
 * edges and half-way points, NaNs, infinities, zeros, denormals, negatives
 * and values above the range. One value pins step 1 (the product rounded to
 * fp32 first): 0x3b008081 is 0.50000003/255 exactly, 0.5 as an fp32 product,
 * so it stores 0, where rounding the exact product would store 1. */
#include "cmocka_all.h"

#include "ctm.h"

#include <math.h>
#include <string.h>

static float f_of(uint32_t bits)
{
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

static uint32_t bits_of(float f)
{
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    return b;
}

/* Steps 2-4 of the rule: NaN and p <= 0 give 0, p >= max gives max, else the
 * nearest integer, a tie to the even one. */
static unsigned to_int(float p, unsigned max)
{
    if (isnan(p) || p <= 0.0f)
        return 0;
    if (p >= (float)max)
        return max;
    double whole = floor((double)p), frac = (double)p - whole;
    unsigned n = (unsigned)whole;
    if (frac > 0.5 || (frac == 0.5 && n % 2))
        n++;
    return n;
}

/* Step 1 for UINT8_4: v x 255 rounded once to fp32 (the product of a 24-bit
 * and an 8-bit significand is exact in a double; the cast rounds it to
 * nearest even). */
static unsigned rule_u8(uint32_t v)
{
    return to_int((float)((double)f_of(v) * 255.0), 255);
}

static unsigned rule_u16(uint32_t v)
{
    return to_int(f_of(v), 65535);
}

/* The exact product rounded once: the rule the document had before. */
static unsigned exact_u8(uint32_t v)
{
    double p = (double)f_of(v) * 255.0, whole = floor(p);
    if (isnan(p) || p <= 0.0)
        return 0;
    if (p >= 255.0)
        return 255;
    unsigned n = (unsigned)whole;
    return p - whole > 0.5 || (p - whole == 0.5 && n % 2) ? n + 1 : n;
}

static const uint32_t specials[] = {
    0x7FC00000u, 0x7F800001u, 0xFFC00000u, 0xFFFFFFFFu, /* NaNs */
    0x7F800000u, 0xFF800000u, 0x7F7FFFFFu, 0xFF7FFFFFu, /* infinities, largest finite */
    0x00000000u, 0x80000000u, 0x00000001u, 0x807FFFFFu, /* zeros, denormals */
    0xBF800000u, 0xBF000000u, 0x3F800000u, 0x3F800001u, /* -1, -0.5, 1, 1 + ulp */
    0x40000000u, 0x477FFF00u, 0x477FFF80u, 0x477FFFC0u, /* 2, 65535, 65535.5, 65535.75 */
    0x47800000u, 0x4B000000u, 0x3F000000u, 0x3FC00000u, /* 65536, 2^23, 0.5, 1.5 */
    0x40200000u, 0x42FF0000u, 0x43000000u, 0x437F0000u, /* 2.5, 127, 128, 255 */
};

/* One value through ctm_mc_pack against the rule: the bytes and the byte enables. */
static void check_one(uint32_t v, unsigned *tested)
{
    uint32_t value[4] = {v, v, v, v}, byte_mask = 0;
    uint8_t elem[16];
    assert_int_equal(ctm_mc_pack(CTM_FMT_UINT8_4, value, 0xF, elem, &byte_mask), CTM_OK);
    assert_int_equal(byte_mask, 0xF);
    for (int c = 0; c < 4; c++)
        if (elem[c] != rule_u8(v))
            fail_msg("UINT8_4 of 0x%08x (%.9g): stored %u, the rule says %u", v, f_of(v), elem[c],
                     rule_u8(v));
    assert_int_equal(ctm_mc_pack(CTM_FMT_UINT16_1, value, 0x1, elem, &byte_mask), CTM_OK);
    assert_int_equal(byte_mask, 0x3);
    unsigned u16 = (unsigned)(elem[0] | elem[1] << 8);
    if (u16 != rule_u16(v))
        fail_msg("UINT16_1 of 0x%08x (%.9g): stored %u, the rule says %u", v, f_of(v), u16,
                 rule_u16(v));
    ++*tested;
}

/* v and its fp32 neighbours, 3 ulps each way. */
static void check_around(uint32_t v, unsigned *tested)
{
    for (int d = -3; d <= 3; d++)
        check_one(v + (uint32_t)d, tested);
}

static void test_boundaries(void **state)
{
    (void)state;
    unsigned tested = 0;
    for (size_t i = 0; i < sizeof specials / sizeof *specials; i++)
        check_around(specials[i], &tested);
    for (unsigned k = 0; k <= 255; k++) { /* every code and every half-way point */
        check_around(bits_of((float)k / 255.0f), &tested);
        check_around(bits_of((float)((k + 0.5) / 255.0)), &tested);
    }
    static const unsigned edges[] = {0, 1, 127, 128, 254, 255, 256, 32767, 32768, 65534, 65535};
    for (size_t i = 0; i < sizeof edges / sizeof *edges; i++) {
        check_around(bits_of((float)edges[i]), &tested);
        check_around(bits_of((float)edges[i] + 0.5f), &tested);
    }
    assert_true(tested > 3500);
}

/* Step 1 matters: the pinned value, and in every half-way neighbourhood some
 * value where the exact product would round the other way. */
static void test_product_rounded_first(void **state)
{
    (void)state;
    assert_int_equal(rule_u8(0x3B008081u), 0);
    assert_int_equal(exact_u8(0x3B008081u), 1);
    unsigned tested = 0, differ = 0;
    check_one(0x3B008081u, &tested);
    for (unsigned k = 0; k < 255; k++) {
        uint32_t mid = bits_of((float)((k + 0.5) / 255.0));
        for (int d = -3; d <= 3; d++)
            differ += rule_u8(mid + (uint32_t)d) != exact_u8(mid + (uint32_t)d);
    }
    assert_true(differ > 0);
}

/* Only the channels written reach memory: UINT8_4 byte c for channel c,
 * UINT16_1 bytes 0-1 for channel 0, nothing for the others. */
static void test_byte_enables(void **state)
{
    (void)state;
    const uint32_t v[4] = {0x3F800000u, 0x3F000000u, 0x3E800000u, 0x00000000u};
    for (int mask = 0; mask < 16; mask++) {
        uint8_t elem[16];
        uint32_t bm = 0xFFFFu;
        assert_int_equal(ctm_mc_pack(CTM_FMT_UINT8_4, v, mask, elem, &bm), CTM_OK);
        assert_int_equal(bm, (uint32_t)mask);
        assert_int_equal(ctm_mc_pack(CTM_FMT_UINT16_1, v, mask, elem, &bm), CTM_OK);
        assert_int_equal(bm, mask & 1 ? 3u : 0u);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_boundaries),
        cmocka_unit_test(test_product_rounded_first),
        cmocka_unit_test(test_byte_enables),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
