/* Results do not depend on the thread count (pa.h): random structured
 * programs (kills, loops, calls, conditional returns) with the conditional
 * output and write-back on, and a program that faults in a late wavefront,
 * run with 1, 2 and 3 threads, 1 and 3 wavefronts in flight and two wave
 * sizes. Outputs, the conditional buffer, the performance counters, the issue
 * counters and the fault message must all be identical. */
#include "cmocka_all.h"

#include "asm.h"
#include "co.h"
#include "progen.h"
#include "run.h"
#include "run_fixture.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DW       64 /* 2560 pairs: several batches at every thread count */
#define DH       40
#define PROGRAMS 12

static const unsigned thread_counts[] = {1, 2, 3};

static void setup(dpp_run_opts *o, unsigned lanes, unsigned contexts, unsigned threads)
{
    fixture_opts(o, DW, DH, lanes, contexts);
    fixture_cond(o, CO_GEQUAL);
    o->array.threads = threads;
}

static void same_image(const dpp_image *a, const dpp_image *b, const char *what, uint64_t seed,
                       unsigned threads)
{
    size_t n = (size_t)a->width * a->height * mc_format_bpe(a->format);
    if ((a->data == NULL) != (b->data == NULL) || (a->data && memcmp(a->data, b->data, n)))
        fail_msg("program %llu: %s differs with %u threads", (unsigned long long)seed, what,
                 threads);
}

static void check_program(uint64_t seed)
{
    pg_program *p;
    static dpp_exe exe;
    static dpp_run_opts o;
    dpp_error err;
    assert_int_equal(pg_generate(seed, 6, &p, NULL), DPP_OK);
    assert_int_equal(pg_compile(p, &exe, &err), DPP_OK);
    for (unsigned lanes = 16; lanes <= 64; lanes *= 4)
        for (unsigned contexts = 1; contexts <= 3; contexts += 2) {
            dpp_run_result first;
            for (size_t t = 0; t < sizeof thread_counts / sizeof thread_counts[0]; t++) {
                setup(&o, lanes, contexts, thread_counts[t]);
                dpp_run_result r;
                if (dpp_run(&exe, &o, "progen", &r, &err))
                    fail_msg("program %llu: %s", (unsigned long long)seed, err.msg);
                if (t == 0) {
                    first = r;
                    continue;
                }
                for (int k = 0; k < 4; k++)
                    same_image(&first.output[k], &r.output[k], "an output", seed, thread_counts[t]);
                same_image(&first.cond, &r.cond, "the conditional buffer", seed, thread_counts[t]);
                assert_int_equal(first.total_clocks, r.total_clocks);
                assert_int_equal(first.active_clocks, r.active_clocks);
                assert_true(first.stats.issues == r.stats.issues);
                assert_true(first.stats.lane_instructions == r.stats.lane_instructions);
                assert_true(first.stats.fc_steps == r.stats.fc_steps);
                dpp_run_free(&r);
            }
            dpp_run_free(&first);
        }
    pg_free(p);
}

static void test_outputs_do_not_depend_on_threads(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= PROGRAMS; seed++)
        check_program(seed);
}

/* Input 0 covers rows 0..29 only: the first lane of row 30 faults, in a late
 * wavefront; every thread count must report that same first fault. */
static void test_first_fault_does_not_depend_on_threads(void **state)
{
    (void)state;
    static const char text[] = "    tex ld r1.rgba, r0.rgba, i0 unscaled acquire wait\n"
                               "    out rgb mad r0._ o0.rgb, s0.rgb, s1.rgb, s2.rgb src r1/r1, "
                               "#1/#1, #0/#0 wait\n";
    static dpp_exe exe;
    static dpp_run_opts o;
    dpp_error err;
    dpp_asm_opts ao = {0};
    if (dpp_asm(text, strlen(text), "fault.s", &ao, &exe, &err))
        fail_msg("%s", err.msg);
    char first[sizeof err.msg] = "";
    for (size_t t = 0; t < sizeof thread_counts / sizeof thread_counts[0]; t++) {
        setup(&o, 16, 3, thread_counts[t]);
        o.input[0].height = 30;
        dpp_run_result r;
        assert_int_equal(dpp_run(&exe, &o, "fault.s", &r, &err), DPP_E_FAULT);
        assert_non_null(strstr(err.msg, "(i 0, j 30)"));
        if (t == 0)
            snprintf(first, sizeof first, "%s", err.msg);
        else
            assert_string_equal(first, err.msg);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_outputs_do_not_depend_on_threads),
        cmocka_unit_test(test_first_fault_does_not_depend_on_threads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
