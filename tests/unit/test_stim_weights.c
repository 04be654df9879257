/* Weighted op tables and the --weights option shared by the generators. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "stim_weights.h"

static void namer(unsigned op, char *buf, size_t n)
{
    static const char *const names[] = {"nop", "push", "pop", "inv"};
    snprintf(buf, n, "%s", names[op]);
}

static unsigned count_in_table(const uint8_t *t, unsigned op)
{
    unsigned n = 0;
    for (unsigned i = 0; i < 256; i++)
        n += t[i] == op;
    return n;
}

static void test_table_is_proportional(void **state)
{
    (void)state;
    uint8_t t[256];
    unsigned w[4] = {1, 1, 2, 0};
    stim_weight_table(t, w, 4);
    assert_int_equal(count_in_table(t, 0), 64);
    assert_int_equal(count_in_table(t, 1), 64);
    assert_int_equal(count_in_table(t, 2), 128);
    assert_int_equal(count_in_table(t, 3), 0);
}

static void test_rare_ops_keep_one_slot(void **state)
{
    (void)state;
    uint8_t t[256];
    unsigned w[4] = {1000000, 1, 1, 1};
    stim_weight_table(t, w, 4);
    for (unsigned op = 1; op < 4; op++)
        assert_int_equal(count_in_table(t, op), 1);
    assert_int_equal(count_in_table(t, 0), 253);
}

static void test_parse_and_format_round_trip(void **state)
{
    (void)state;
    unsigned w[4] = {1, 2, 3, 4}, back[4] = {9, 9, 9, 9};
    char err[256], text[128];
    assert_int_equal(stim_weights_parse("POP=7,nop=0", w, 4, namer, err, sizeof err), 0);
    assert_int_equal(w[0], 0);
    assert_int_equal(w[2], 7);
    assert_int_equal(w[1], 2); /* not named: kept */
    stim_weights_format(text, sizeof text, w, 4, namer);
    assert_string_equal(text, "nop=0,push=2,pop=7,inv=4");
    assert_int_equal(stim_weights_parse(text, back, 4, namer, err, sizeof err), 0);
    assert_memory_equal(w, back, sizeof w);
}

static void test_parse_errors(void **state)
{
    (void)state;
    const char *bad[] = {"push", "jump=1", "push=", "push=x", "push=-1", "push=1000001",
                         "nop=0,push=0,pop=0,inv=0"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        unsigned w[4] = {1, 1, 1, 1};
        char err[256] = "";
        assert_int_equal(stim_weights_parse(bad[i], w, 4, namer, err, sizeof err), -1);
        assert_true(strlen(err) > 0);
    }
    char err[256];
    unsigned w[4] = {1, 1, 1, 1};
    stim_weights_parse("jump=1", w, 4, namer, err, sizeof err);
    assert_non_null(strstr(err, "nop push pop inv")); /* names the valid ops */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table_is_proportional),
        cmocka_unit_test(test_rare_ops_keep_one_slot),
        cmocka_unit_test(test_parse_and_format_round_trip),
        cmocka_unit_test(test_parse_errors),
    };
    return cmocka_run_group_tests_name("stim_weights", tests, NULL, NULL);
}
