/* co: all 8 tests at both locations, the other client always passing, and
 * the write-back mask. */
#include "cmocka_all.h"

#include "co.h"
#include "fp_bits.h"

#include <math.h>
#include <stdlib.h>

/* Expected results for v < b, v == b, v > b, v NaN, per test code. */
static const int truth[8][4] = {
    {0, 0, 0, 0}, /* NEVER */
    {1, 0, 0, 0}, /* LESS */
    {1, 1, 0, 0}, /* LEQUAL */
    {0, 1, 0, 0}, /* EQUAL */
    {0, 1, 1, 0}, /* GEQUAL */
    {0, 0, 1, 0}, /* GREATER */
    {1, 0, 1, 1}, /* NOTEQUAL */
    {1, 1, 1, 1}, /* ALWAYS */
};

static void test_compare(void **state)
{
    (void)state;
    const float b = 2.0f, vs[4] = {1.0f, 2.0f, 3.0f, NAN};
    for (unsigned t = 0; t < 8; t++)
        for (unsigned k = 0; k < 4; k++)
            if (co_compare(t, dpp_fp_bits(vs[k]), dpp_fp_bits(b)) != truth[t][k])
                fail_msg("test %u with v case %u", t, k);
    assert_true(co_compare(CO_EQUAL, dpp_fp_bits(-0.0f), dpp_fp_bits(0.0f)));
}

/* For every test, location and write mask: the tested client gets v OP b and
 * writes v back only if it passed and the mask is on; the other client passes
 * without touching the buffer. */
static void test_requests(void **state)
{
    (void)state;
    enum { SIZE = 8192 };
    uint8_t *mem = calloc(1, SIZE);
    mc_model *mc;
    assert_int_equal(mc_create(mem, SIZE, &mc, NULL), DPP_OK);
    mc_surface s;
    assert_int_equal(mc_surface_decode(0x800, mc_format_word(4, 0, MC_FMT_FLOAT32_1), 4, &s, NULL),
                     DPP_OK);
    assert_int_equal(mc_set_surface(mc, MC_CL_COND, 0, &s, NULL), DPP_OK);
    const float vs[3] = {1.0f, 2.0f, 3.0f};
    for (unsigned t = 0; t < 8; t++)
        for (unsigned loc = 0; loc < 2; loc++)
            for (unsigned wm = 0; wm < 2; wm++)
                for (unsigned k = 0; k < 3; k++)
                    for (unsigned client = 0; client < 2; client++) {
                        co_state co = {
                            .test = (uint8_t)t, .loc = (uint8_t)loc, .writemask = (uint8_t)wm};
                        assert_int_equal(mc_cond_write(mc, 1, 2, dpp_fp_bits(2.0f), NULL), DPP_OK);
                        int pass = -1;
                        assert_int_equal(
                            co_request(&co, mc, client, 1, 2, dpp_fp_bits(vs[k]), &pass, NULL),
                            DPP_OK);
                        uint32_t b;
                        assert_int_equal(mc_cond_read(mc, 1, 2, &b, NULL), DPP_OK);
                        int tested = client == loc;
                        int want_pass = tested ? truth[t][k] : 1;
                        float want_b = tested && want_pass && wm ? vs[k] : 2.0f;
                        if (pass != want_pass || dpp_fp_f(b) != want_b)
                            fail_msg("test %u loc %u wm %u v %.0f client %u: pass %d b %.0f", t,
                                     loc, wm, (double)vs[k], client, pass, (double)dpp_fp_f(b));
                    }
    /* A tested request outside the buffer is a fault; the untested client never reads it. */
    co_state co = {.test = CO_LESS, .loc = CO_LOC_PE};
    int pass;
    dpp_error err;
    assert_int_equal(co_request(&co, mc, CO_LOC_PE, 4, 0, 0, &pass, &err), DPP_E_FAULT);
    assert_int_equal(co_request(&co, mc, CO_LOC_DPP, 4, 0, 0, &pass, &err), DPP_OK);
    assert_int_equal(pass, 1);
    mc_destroy(mc);
    free(mem);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_compare),
        cmocka_unit_test(test_requests),
    };
    return cmocka_run_group_tests_name("co", tests, NULL, NULL);
}
