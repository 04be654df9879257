/* The predicate-stack stimulus generator: deterministic per seed, and it
 * reaches the corners the lock-step runs rely on (every op, full and empty
 * stacks in every context, overflow, underflow, resets, partial TaskMasks,
 * out-of-range contexts). Runs the C model alone, no RTL. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cosim.h"
#include "pred_bench.h"

static pred_bench *bench; /* the one configure made last */

static void configure(const char *contexts, const char *lanes, const char *depth,
                      const char *seed)
{
    char *argv[] = {"cosim",  "--contexts", (char *)contexts, "--lanes", (char *)lanes,
                    "--depth", (char *)depth, "--seed", (char *)seed, "--reset-rate", "100000"};
    assert_int_equal(cosim_parse_args(11, argv, ""), -1);
    unsigned c = (unsigned)atoi(contexts), l = (unsigned)atoi(lanes), d = (unsigned)atoi(depth);
    pred_bench_free(bench);
    bench = pred_bench_bind(c, l, d, 0);
    assert_null(cosim_config_error());
    assert_non_null(bench);
}

static bool same_input(const ctm_pred_in *a, const ctm_pred_in *b)
{
    return a->rst == b->rst && a->op == b->op && a->ctx == b->ctx && a->mask == b->mask &&
           a->obs_ctx == b->obs_ctx;
}

static void test_same_seed_same_stimulus(void **state)
{
    (void)state;
    ctm_pred_in a[1000], b[1000];
    configure("32", "20", "32", "5");
    for (int i = 0; i < 1000; i++)
        pred_bench_next(bench, &a[i]);
    configure("32", "20", "32", "5");
    for (int i = 0; i < 1000; i++)
        pred_bench_next(bench, &b[i]);
    for (int i = 0; i < 1000; i++)
        assert_true(same_input(&a[i], &b[i]));
    configure("32", "20", "32", "6");
    int differ = 0;
    for (int i = 0; i < 1000; i++) {
        pred_bench_next(bench, &b[i]);
        differ += !same_input(&a[i], &b[i]);
    }
    assert_true(differ > 900);
    pred_bench_free(bench);
    bench = NULL;
}

/* Drives a second C model with the generator and records what it reached. */
static void check_coverage(unsigned contexts, unsigned lanes, unsigned depth, const char *argc_,
                           const char *argl, const char *argd)
{
    configure(argc_, argl, argd, "1");
    pred_stack_model *m;
    pred_stack_cfg cfg = {contexts, lanes, depth, 0};
    assert_int_equal(pred_stack_create(&cfg, &m, NULL), DPP_OK);
    uint64_t ops[PRED_OP_COUNT] = {0}, resets = 0, out_of_range = 0, partial_task = 0;
    unsigned max_sp[64] = {0};
    bool empty_pop[64] = {0}, full_push[64] = {0};
    uint64_t lane_mask = lanes == 64 ? ~0ull : (1ull << lanes) - 1;
    for (int i = 0; i < 1000000; i++) {
        ctm_pred_in port;
        pred_bench_next(bench, &port);
        const pred_stack_in in = {port.rst, port.op, port.ctx, port.mask, port.obs_ctx};
        pred_stack_out before;
        pred_stack_observe(m, in.ctx, &before);
        pred_stack_out out;
        pred_stack_step(m, &in, &out);
        resets += in.rst;
        if (in.ctx >= contexts) {
            out_of_range++;
            continue;
        }
        ops[in.op]++;
        if (in.op == PRED_OP_SET_TASK_MASK && (in.mask & lane_mask) != lane_mask &&
            (in.mask & lane_mask) != 0)
            partial_task++;
        if (in.rst)
            continue;
        if (before.obs_sp > max_sp[in.ctx])
            max_sp[in.ctx] = before.obs_sp;
        if (in.op == PRED_OP_POP && before.obs_sp == 0)
            empty_pop[in.ctx] = true;
        if ((in.op == PRED_OP_PUSH || in.op == PRED_OP_PUSH_SETP) && before.obs_sp == depth)
            full_push[in.ctx] = true;
    }
    for (unsigned op = 0; op < PRED_OP_COUNT; op++)
        assert_true(ops[op] > 1000);
    for (unsigned c = 0; c < contexts; c++) {
        assert_int_equal(max_sp[c], depth);
        assert_true(empty_pop[c]);
        assert_true(full_push[c]);
    }
    assert_true(resets >= 3);
    assert_true(partial_task > 100);
    if (contexts & (contexts - 1))
        assert_true(out_of_range > 1000);
    else
        assert_int_equal(out_of_range, 0);
    pred_stack_destroy(m);
    pred_bench_free(bench);
    bench = NULL;
}

static void test_coverage_32x20x32(void **state)
{
    (void)state;
    check_coverage(32, 20, 32, "32", "20", "32");
}

static void test_coverage_8x64x8(void **state)
{
    (void)state;
    check_coverage(8, 64, 8, "8", "64", "8");
}

static void test_coverage_3x5x7(void **state)
{
    (void)state;
    check_coverage(3, 5, 7, "3", "5", "7");
}

static void test_bad_options(void **state)
{
    (void)state;
    char *bad[][3] = {{"cosim", "--depth", "0"},       {"cosim", "--lanes", "65"},
                      {"cosim", "--weights", "push"},  {"cosim", "--weights", "jump=1"},
                      {"cosim", "--cycles", "0"},      {"cosim", "--seed", "-1"},
                      {"cosim", "--frobnicate", "1"},  {"cosim", "--weights", "nop=0,setp=0,push=0,pop=0,inv=0,push_setp=0,set_task_mask=0,write=0"}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_equal(cosim_parse_args(3, bad[i], ""), 2);
    configure("32", "20", "32", "1"); /* restore the defaults' weights for other tests */
    pred_bench_free(bench);
    bench = NULL;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_seed_same_stimulus),
        cmocka_unit_test(test_coverage_32x20x32),
        cmocka_unit_test(test_coverage_8x64x8),
        cmocka_unit_test(test_coverage_3x5x7),
        cmocka_unit_test(test_bad_options),
    };
    return cmocka_run_group_tests_name("pred_bench", tests, NULL, NULL);
}
