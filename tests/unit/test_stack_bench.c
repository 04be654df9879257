/* The stack-accounting stimulus generator: deterministic per seed, and it
 * reaches every op, overflow, underflow, a full tracker (drop), resets and
 * deep nesting in each rule. Runs the C model alone, no RTL. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cosim.h"
#include "stack_bench.h"

static stack_bench *bench; /* the one configure made last */

static void configure(char *width, char *rule, char *chip, char *depth, char *seed)
{
    char *argv[] = {"cosim",   "--block", "stack", "--width",         width, "--rule",
                    rule,      "--chip",  chip,    "--tracker-depth", depth, "--seed",
                    seed,      "--reset-rate", "100000"};
    assert_int_equal(cosim_parse_args(15, argv, ""), -1);
    static const char *const rules[] = {"isa", "mesa", "llvm"};
    static const char *const chips[] = {"r7xx", "evergreen", "ni", "cayman"};
    unsigned r = 0, c = 0;
    for (unsigned i = 0; i < 3; i++)
        r = strcmp(rules[i], rule) ? r : i;
    for (unsigned i = 0; i < 4; i++)
        c = strcmp(chips[i], chip) ? c : i;
    stack_bench_free(bench);
    bench = stack_bench_bind((unsigned)atoi(width), r, c, (unsigned)atoi(depth));
    assert_null(cosim_config_error());
    assert_non_null(bench);
}

static void test_same_seed_same_stimulus(void **state)
{
    (void)state;
    enum { N = 2000 };
    static ctm_stack_in a[N], b[N];
    for (int pass = 0; pass < 2; pass++) {
        configure("64", "isa", "r7xx", "64", "9");
        for (int i = 0; i < N; i++)
            stack_bench_next(bench, pass ? &b[i] : &a[i]);
    }
    for (int i = 0; i < N; i++) {
        assert_int_equal(a[i].op, b[i].op);
        assert_int_equal(a[i].pop_count, b[i].pop_count);
        assert_int_equal(a[i].stack_size, b[i].stack_size);
        assert_int_equal(a[i].wqm, b[i].wqm);
        assert_int_equal(a[i].taken, b[i].taken);
        assert_int_equal(a[i].rst, b[i].rst);
    }
    stack_bench_free(bench);
    bench = NULL;
}

static void check_coverage(char *width, char *rule, char *chip, char *depth)
{
    configure(width, rule, chip, depth, "1");
    stack_acct_cfg cfg = {(unsigned)atoi(width), 0, 0, (unsigned)atoi(depth)};
    cfg.rule = !strcmp(rule, "isa") ? 0 : !strcmp(rule, "mesa") ? 1 : 2;
    cfg.chip = !strcmp(chip, "r7xx") ? 0 : !strcmp(chip, "evergreen") ? 1 : !strcmp(chip, "ni") ? 2 : 3;
    stack_acct_model *m;
    assert_int_equal(stack_acct_create(&cfg, &m, NULL), DPP_OK);
    uint64_t ops[STACK_OP_COUNT] = {0}, overflow = 0, underflow = 0, drop = 0, resets = 0;
    uint64_t taken_else = 0, pop_counts[8] = {0};
    unsigned max_hwm = 0, max_depth = 0;
    for (int i = 0; i < 1000000; i++) {
        ctm_stack_in port;
        stack_bench_next(bench, &port);
        const stack_acct_in in = {port.rst,  port.op,    port.pop_count,
                                  port.wqm,  port.taken, port.stack_size};
        stack_acct_out out;
        stack_acct_step(m, &in, &out);
        ops[in.op]++;
        resets += in.rst;
        overflow += out.overflow;
        underflow += out.underflow;
        drop += out.drop;
        taken_else += in.op == STACK_OP_ELSE && in.taken;
        if (in.op == STACK_OP_POP)
            pop_counts[in.pop_count]++;
        max_hwm = out.hwm > max_hwm ? out.hwm : max_hwm;
        max_depth = out.depth > max_depth ? out.depth : max_depth;
    }
    for (unsigned op = 0; op < STACK_OP_COUNT; op++)
        assert_true(ops[op] > 1000);
    for (unsigned n = 0; n < 8; n++)
        assert_true(pop_counts[n] > 100);
    assert_true(overflow > 1000);
    assert_true(underflow > 1000);
    assert_true(drop > 100);
    assert_true(resets >= 3);
    assert_true(taken_else > 1000);
    assert_int_equal(max_depth, cfg.depth);
    assert_true(max_hwm >= 8);
    stack_acct_destroy(m);
    stack_bench_free(bench);
    bench = NULL;
}

static void test_coverage_isa(void **state)
{
    (void)state;
    check_coverage("16", "isa", "r7xx", "64");
}

static void test_coverage_mesa(void **state)
{
    (void)state;
    check_coverage("32", "mesa", "evergreen", "32");
}

static void test_coverage_llvm(void **state)
{
    (void)state;
    check_coverage("64", "llvm", "cayman", "16");
}

static void test_bad_options(void **state)
{
    (void)state;
    char *bad[][5] = {
        {"cosim", "--block", "stack", "--width", "24"},
        {"cosim", "--block", "stack", "--rule", "gcc"},
        {"cosim", "--block", "stack", "--chip", "r9xx"},
        {"cosim", "--block", "stack", "--tracker-depth", "0"},
        {"cosim", "--block", "stack", "--weights", "pop"},
        {"cosim", "--block", "stack", "--contexts", "4"}, /* a pred option */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_equal(cosim_parse_args(5, bad[i], ""), 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_seed_same_stimulus),
        cmocka_unit_test(test_coverage_isa),
        cmocka_unit_test(test_coverage_mesa),
        cmocka_unit_test(test_coverage_llvm),
        cmocka_unit_test(test_bad_options),
    };
    return cmocka_run_group_tests_name("stack_bench", tests, NULL, NULL);
}
