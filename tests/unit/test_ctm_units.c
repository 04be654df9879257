/* The memory controller's and the conditional output unit's pure functions
 * of ctm.h (since 1.7), each held to the spec's own rules written here
 * independently (docs/mc.md; ctm-isa.md 4), and to the
 * model's results where a program runs them (test_mc.c, test_co.c hold the
 * units themselves); every misuse a specific error. */
#include "cmocka_all.h"

#include "ctm.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

static uint32_t bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

static float value(uint32_t u)
{
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

/* ------------------------------------------------------------ addresses */

static const int bpe[5] = {2, 4, 4, 8, 16};

/* The layouts as the spec and docs/model-defined.md state them. */
static uint64_t spec_address(uint32_t base, uint32_t pitch, int tiling, int format, uint64_t x,
                             uint64_t y)
{
    uint64_t elem;
    if (tiling == CTM_TILE_TILED || tiling == CTM_TILE_TILED_2X2)
        elem = (y / 4 * (pitch / 4) + x / 4) * 16 + y % 4 * 4 + x % 4;
    else
        elem = y * pitch + x;
    return base + elem * (uint64_t)bpe[format];
}

static void test_address_every_layout(void **state)
{
    (void)state;
    /* odd numbers of tiles a row, the widest pitch, a base past 4 GiB / 2 */
    static const uint32_t pitches[] = {4, 12, 20, 36, 1004, 8188};
    static const uint32_t bases[] = {0, 2048, 0x7FFFF800u};
    unsigned checked = 0;
    for (int tiling = CTM_TILE_LINEAR; tiling <= CTM_TILE_TILED_2X2; tiling++)
        for (int format = CTM_FMT_UINT16_1; format <= CTM_FMT_FLOAT32_4; format++) {
            assert_int_equal(ctm_mc_element_bytes(format), bpe[format]);
            for (size_t p = 0; p < sizeof pitches / sizeof pitches[0]; p++)
                for (size_t b = 0; b < sizeof bases / sizeof bases[0]; b++) {
                    uint32_t pitch = pitches[p], height = 9; /* not whole tiles */
                    for (uint32_t y = 0; y < height; y += 2)
                        for (uint32_t x = 0; x < pitch; x += 1 + pitch / 16) {
                            uint64_t a = 1;
                            assert_int_equal(ctm_mc_address(bases[b], pitch, height, tiling,
                                                            format, x, y, &a),
                                             CTM_OK);
                            assert_int_equal(a, spec_address(bases[b], pitch, tiling, format, x,
                                                             y));
                            checked++;
                        }
                }
        }
    assert_true(checked > 10000);
}

static void test_address_outside_faults(void **state)
{
    (void)state;
    uint64_t a = 1;
    static const long long outside[][2] = {{-1, 0}, {0, -1}, {12, 0}, {0, 5}, {INT64_MIN, 0}};
    for (size_t k = 0; k < sizeof outside / sizeof outside[0]; k++) {
        a = 1;
        assert_int_equal(ctm_mc_address(4096, 12, 5, CTM_TILE_TILED, CTM_FMT_FLOAT32_1,
                                        outside[k][0], outside[k][1], &a),
                         CTM_E_FAULT);
        assert_int_equal(a, 0);
        assert_non_null(strstr(ctm_error(), "outside a 12 x 5 surface"));
    }
    assert_int_equal(ctm_mc_address(0, 0, 0, CTM_TILE_LINEAR, CTM_FMT_UINT8_4, 0, 0, &a),
                     CTM_E_FAULT); /* an empty surface has no element */
}

static void test_address_bad_arguments(void **state)
{
    (void)state;
    uint64_t a;
    assert_int_equal(ctm_mc_address(1024, 4, 1, 0, 0, 0, 0, &a), CTM_E_ARG);
    assert_non_null(strstr(ctm_error(), "ctm_mc_address: base = 0x400 is not a multiple of 2048"));
    assert_int_equal(ctm_mc_address(2048 + 4, 4, 1, 0, 0, 0, 0, &a), CTM_E_ARG);
    assert_int_equal(ctm_mc_address(0, 6, 1, 0, 0, 0, 0, &a), CTM_E_ARG);
    assert_non_null(strstr(ctm_error(), "pitch = 6"));
    assert_int_equal(ctm_mc_address(0, 8192, 1, 0, 0, 0, 0, &a), CTM_E_ARG);
    assert_int_equal(ctm_mc_address(0, 4, 8192, 0, 0, 0, 0, &a), CTM_E_ARG);
    assert_non_null(strstr(ctm_error(), "height"));
    assert_int_equal(ctm_mc_address(0, 4, 1, 4, 0, 0, 0, &a), CTM_E_ARG);
    assert_non_null(strstr(ctm_error(), "tiling = 4"));
    assert_int_equal(ctm_mc_address(0, 4, 1, 0, 5, 0, 0, &a), CTM_E_ARG);
    assert_non_null(strstr(ctm_error(), "format = 5"));
    assert_int_equal(ctm_mc_address(0, 4, 1, 0, -1, 0, 0, &a), CTM_E_ARG);
    assert_int_equal(ctm_mc_address(0, 4, 1, 0, 0, 0, 0, NULL), CTM_E_ARG);
    assert_non_null(strstr(ctm_error(), "address is NULL"));
    assert_int_equal(ctm_mc_element_bytes(7), -CTM_E_ARG);
}

/* ------------------------------------------------------------ formats */

/* Raw float channels, both ways, bit for bit: NaNs with payloads, both
 * infinities, denormals, -0. */
static void test_float_formats_are_raw(void **state)
{
    (void)state;
    static const uint32_t specials[] = {0x7FC00001u, 0xFFA00000u, 0x7F800000u, 0xFF800000u,
                                        0x00000001u, 0x807FFFFFu, 0x80000000u, 0x3F800000u};
    for (int format = CTM_FMT_FLOAT32_1; format <= CTM_FMT_FLOAT32_4; format++) {
        int channels = bpe[format] / 4;
        for (size_t k = 0; k + 4 <= sizeof specials / sizeof specials[0] + 3; k++) {
            uint32_t v[4];
            for (int c = 0; c < 4; c++)
                v[c] = specials[(k + (size_t)c) % (sizeof specials / sizeof specials[0])];
            uint8_t e[16];
            uint32_t mask = 0;
            assert_int_equal(ctm_mc_pack(format, v, 0xF, e, &mask), CTM_OK);
            assert_int_equal(mask, channels == 4 ? 0xFFFFu : channels == 2 ? 0xFFu : 0xFu);
            for (int b = bpe[format]; b < 16; b++)
                assert_int_equal(e[b], 0);
            uint32_t back[4];
            assert_int_equal(ctm_mc_unpack(format, e, back), CTM_OK);
            for (int c = 0; c < 4; c++) {
                uint32_t want = c < channels ? v[c] : c == 3 ? bits(1.0f) : 0;
                assert_int_equal(back[c], want);
            }
        }
    }
}

/* Round half to even, as docs/model-defined.md says. */
static unsigned nearest_even(double d)
{
    double f = floor(d), r = d - f;
    unsigned u = (unsigned)f;
    return r > 0.5 || (r == 0.5 && (u & 1)) ? u + 1 : u;
}

static void test_integer_formats(void **state)
{
    (void)state;
    /* UINT16_1: the integer value, clamped, half to even, NaN 0 */
    static const float in16[] = {0.0f,  1.0f,    2.5f,     3.5f,      65534.5f, 65535.0f, 70000.0f,
                                 -3.0f, INFINITY, -INFINITY, NAN, 1e-40f};
    for (size_t k = 0; k < sizeof in16 / sizeof in16[0]; k++) {
        float f = in16[k];
        unsigned want = isnan(f) || f <= 0 ? 0 : f >= 65535 ? 65535 : nearest_even(f);
        uint32_t v[4] = {bits(f), bits(9.0f), 0, 0}, mask;
        uint8_t e[16];
        assert_int_equal(ctm_mc_pack(CTM_FMT_UINT16_1, v, 0xE, e, &mask), CTM_OK);
        assert_int_equal(e[0] | e[1] << 8, want);
        assert_int_equal(mask, 0); /* channel 0 masked off: no byte stored */
        assert_int_equal(ctm_mc_pack(CTM_FMT_UINT16_1, v, 1, e, &mask), CTM_OK);
        assert_int_equal(mask, 3);
        uint32_t back[4];
        assert_int_equal(ctm_mc_unpack(CTM_FMT_UINT16_1, e, back), CTM_OK);
        assert_true(value(back[0]) == (float)want);
        assert_int_equal(back[1], 0);
        assert_int_equal(back[2], 0);
        assert_int_equal(back[3], bits(1.0f));
    }
    /* UINT8_4: c/255 out, v*255 clamped to [0, 255] and rounded to even in */
    for (unsigned c = 0; c < 256; c++) {
        uint8_t e[16] = {(uint8_t)c, (uint8_t)(255 - c), 0, 255};
        uint32_t v[4], mask;
        assert_int_equal(ctm_mc_unpack(CTM_FMT_UINT8_4, e, v), CTM_OK);
        assert_true(value(v[0]) == (float)c / 255.0f);
        assert_true(value(v[3]) == 1.0f);
        uint8_t again[16];
        assert_int_equal(ctm_mc_pack(CTM_FMT_UINT8_4, v, 0x5, again, &mask), CTM_OK);
        assert_memory_equal(again, e, 4); /* c/255 comes back as c */
        assert_int_equal(mask, 0x5);
    }
    static const float in8[] = {-1.0f, 2.0f, NAN, 0.5f / 255.0f, 1.5f / 255.0f, INFINITY};
    for (size_t k = 0; k < sizeof in8 / sizeof in8[0]; k++) {
        float f = in8[k];
        unsigned want = isnan(f) || f <= 0 ? 0 : f >= 1 ? 255 : nearest_even((double)(f * 255.0f));
        uint32_t v[4] = {bits(f), bits(f), bits(f), bits(f)}, mask;
        uint8_t e[16];
        assert_int_equal(ctm_mc_pack(CTM_FMT_UINT8_4, v, 0xF, e, &mask), CTM_OK);
        for (int c = 0; c < 4; c++)
            assert_int_equal(e[c], want);
    }
}

static void test_format_bad_arguments(void **state)
{
    (void)state;
    uint8_t e[16] = {0};
    uint32_t v[4] = {0}, mask;
    assert_int_equal(ctm_mc_unpack(5, e, v), CTM_E_ARG);
    assert_non_null(strstr(ctm_error(), "ctm_mc_unpack: format = 5"));
    assert_int_equal(ctm_mc_unpack(0, NULL, v), CTM_E_ARG);
    assert_non_null(strstr(ctm_error(), "element is NULL"));
    assert_int_equal(ctm_mc_unpack(0, e, NULL), CTM_E_ARG);
    assert_int_equal(ctm_mc_pack(0, v, 16, e, &mask), CTM_E_ARG);
    assert_non_null(strstr(ctm_error(), "ctm_mc_pack: chmask = 16"));
    assert_int_equal(ctm_mc_pack(-2, v, 1, e, &mask), CTM_E_ARG);
    assert_int_equal(ctm_mc_pack(0, v, 1, e, NULL), CTM_E_ARG);
    assert_non_null(strstr(ctm_error(), "byte_mask is NULL"));
    assert_int_equal(ctm_mc_pack(0, NULL, 1, e, &mask), CTM_E_ARG);
    assert_int_equal(ctm_mc_pack(0, v, 1, NULL, &mask), CTM_E_ARG);
}

/* ------------------------------------------------------------ the CO */

/* v OP b as the spec's tests read, on floats (a NaN compares false). */
static int spec_test(int test, float v, float b)
{
    switch (test) {
    case CTM_CO_NEVER: return 0;
    case CTM_CO_LESS: return v < b;
    case CTM_CO_LEQUAL: return v <= b;
    case CTM_CO_EQUAL: return v == b;
    case CTM_CO_GEQUAL: return v >= b;
    case CTM_CO_GREATER: return v > b;
    case CTM_CO_NOTEQUAL: return !(v == b);
    default: return 1;
    }
}

static void test_co_every_test_location_and_mask(void **state)
{
    (void)state;
    static const float vals[] = {-1.0f, 0.0f, -0.0f, 1.0f, 2.0f, INFINITY, -INFINITY, NAN, 1e-45f};
    const size_t n = sizeof vals / sizeof vals[0];
    unsigned kept = 0, written = 0, dropped = 0;
    for (int test = CTM_CO_NEVER; test <= CTM_CO_ALWAYS; test++)
        for (int loc = CTM_CO_LOC_DPP; loc <= CTM_CO_LOC_PE; loc++)
            for (int wm = 0; wm <= 1; wm++)
                for (int client = CTM_CO_LOC_DPP; client <= CTM_CO_LOC_PE; client++)
                    for (size_t i = 0; i < n; i++)
                        for (size_t j = 0; j < n; j++) {
                            int keep = -1, write = -1;
                            assert_int_equal(ctm_co_decide(test, loc, wm, client, bits(vals[i]),
                                                           bits(vals[j]), &keep, &write),
                                             CTM_OK);
                            int tested = client == loc;
                            int want = !tested || spec_test(test, vals[i], vals[j]);
                            assert_int_equal(keep, want);
                            assert_int_equal(write, tested && want && wm);
                            assert_int_equal(ctm_co_reads_buffer(test, loc, client),
                                             tested && test != CTM_CO_NEVER &&
                                                 test != CTM_CO_ALWAYS);
                            kept += (unsigned)keep;
                            dropped += (unsigned)!keep;
                            written += (unsigned)write;
                        }
    assert_true(kept && dropped && written); /* each outcome seen */
}

static void test_co_bad_arguments(void **state)
{
    (void)state;
    int keep = 7, write = 7;
    assert_int_equal(ctm_co_decide(8, 0, 0, 0, 0, 0, &keep, &write), CTM_E_ARG);
    assert_non_null(strstr(ctm_error(), "ctm_co_decide: test = 8"));
    assert_int_equal(keep, 0);
    assert_int_equal(write, 0);
    assert_int_equal(ctm_co_decide(0, 2, 0, 0, 0, 0, &keep, &write), CTM_E_ARG);
    assert_non_null(strstr(ctm_error(), "loc = 2"));
    assert_int_equal(ctm_co_decide(0, 0, 2, 0, 0, 0, &keep, &write), CTM_E_ARG);
    assert_int_equal(ctm_co_decide(0, 0, 0, -1, 0, 0, &keep, &write), CTM_E_ARG);
    assert_non_null(strstr(ctm_error(), "client = -1"));
    assert_int_equal(ctm_co_decide(0, 0, 0, 0, 0, 0, NULL, &write), CTM_E_ARG);
    assert_non_null(strstr(ctm_error(), "keep is NULL"));
    assert_int_equal(ctm_co_decide(0, 0, 0, 0, 0, 0, &keep, NULL), CTM_E_ARG);
    assert_int_equal(ctm_co_reads_buffer(9, 0, 0), -CTM_E_ARG);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_address_every_layout),
        cmocka_unit_test(test_address_outside_faults),
        cmocka_unit_test(test_address_bad_arguments),
        cmocka_unit_test(test_float_formats_are_raw),
        cmocka_unit_test(test_integer_formats),
        cmocka_unit_test(test_format_bad_arguments),
        cmocka_unit_test(test_co_every_test_location_and_mask),
        cmocka_unit_test(test_co_bad_arguments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
