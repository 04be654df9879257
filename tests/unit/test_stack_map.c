/* The dynamic R700 stack-op mapping (stack_map.h) against the static walk of
 * `dpp stack` (stack_prog.h): random structured programs and the examples are
 * stepped by the golden model; the ops of slot 0's path run through the C
 * stack accounting under every rule at several widths. The high-water mark
 * must never exceed the program's static STACK_SIZE, nothing may underflow,
 * the accounting's depth must follow the mapping's, every wavefront must end
 * balanced, and every FC word must be a known construct. */
#include "cmocka_all.h"

#include "progen.h"
#include "run_fixture.h"
#include "stack_map.h"
#include "stack_prog.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DW 23
#define DH 3

typedef struct tally {
    size_t programs, ops, at_static; /* paths whose high-water equals the static size */
    size_t wqm_pushes;
} tally;

/* wqm: the IF levels as whole-quad-mode pushes, in the mapping and the static size alike. */
static void check(const dpp_exe *exe, const char *what, unsigned lanes, unsigned slots,
                  const stack_acct_cfg *cfg, int wqm, tally *t)
{
    dpp_error err;
    unsigned size;
    if (stack_prog_size_wqm(what, exe, cfg, wqm, &size, &err))
        fail_msg("%s", err.msg);
    dpp_run_opts o;
    fixture_opts(&o, DW, DH, lanes, slots);
    o.discard_outputs = 1;
    dpp_stepper *st = fixture_stepper(exe, &o);
    stack_map *sm;
    assert_int_equal(stack_map_create(0, &sm, &err), DPP_OK);
    stack_map_set_wqm(sm, wqm);
    stack_acct_model *m;
    assert_int_equal(stack_acct_create(cfg, &m, &err), DPP_OK);
    unsigned hwm = 0;
    for (;;) {
        const pa_fc_event *ev;
        assert_int_equal(dpp_stepper_next(st, &ev, &err), DPP_OK);
        if (!ev)
            break;
        stack_acct_in ops[64];
        unsigned n;
        assert_int_equal(stack_map_event(sm, ev->in, ev->out, ops, 64, &n, &err), DPP_OK);
        for (unsigned k = 0; k < n; k++) {
            stack_acct_out out;
            ops[k].stack_size = size;
            t->wqm_pushes += ops[k].op == STACK_OP_PUSH && ops[k].wqm;
            if (!wqm && ops[k].op == STACK_OP_PUSH)
                fail_msg("%s: a PUSH without --stack-wqm", what);
            stack_acct_step(m, &ops[k], NULL);
            stack_acct_observe(m, &out);
            int last = k + 1 == n; /* the mapping's depth is the one after the whole event */
            if (out.underflow || out.overflow || out.hwm > size ||
                (last && out.depth != stack_map_depth(sm)))
                fail_msg("%s (%s, width %u): wave %u pc %u %s: need %u hwm %u (STACK_SIZE %u), "
                         "depth %u (mapping %u)%s",
                         what, stack_rule_name(cfg->rule), cfg->width, ev->wave, ev->in->pc,
                         stack_op_name(ops[k].op), out.need, out.hwm, size, out.depth,
                         stack_map_depth(sm), out.underflow ? ", underflow" : "");
            hwm = out.hwm > hwm ? out.hwm : hwm;
        }
        t->ops += n;
    }
    assert_int_equal(stack_map_depth(sm), 0);
    const stack_map_stats *s = stack_map_get_stats(sm);
    if (s->unmapped || s->clears)
        fail_msg("%s: %llu unmapped words, %llu unbalanced wavefronts", what,
                 (unsigned long long)s->unmapped, (unsigned long long)s->clears);
    t->programs++;
    t->at_static += hwm == size;
    stack_acct_destroy(m);
    stack_map_destroy(sm);
    dpp_stepper_close(st);
}

static void test_paths_fit_the_static_size(void **state)
{
    (void)state;
    static dpp_exe exe;
    static const stack_acct_cfg cfgs[] = {
        {64, STACK_RULE_ISA, STACK_CHIP_R7XX, 1024},
        {16, STACK_RULE_ISA, STACK_CHIP_R7XX, 1024},
        {32, STACK_RULE_MESA, STACK_CHIP_EVERGREEN, 1024},
        {64, STACK_RULE_MESA, STACK_CHIP_CAYMAN, 1024},
        {48, STACK_RULE_LLVM, STACK_CHIP_NI, 1024},
        {16, STACK_RULE_LLVM, STACK_CHIP_R7XX, 1024},
    };
    tally t = {0};
    for (uint64_t seed = 1; seed <= 60; seed++) {
        pg_program *p;
        dpp_error err;
        assert_int_equal(pg_generate(seed, 6, &p, NULL), DPP_OK);
        assert_int_equal(pg_compile(p, &exe, &err), DPP_OK);
        char what[64];
        snprintf(what, sizeof what, "program %llu", (unsigned long long)seed);
        for (size_t k = 0; k < sizeof cfgs / sizeof cfgs[0]; k++)
            check(&exe, what, k % 2 ? 16 : 64, k % 3 == 2 ? 3 : 1, &cfgs[k], 0, &t);
        pg_free(p);
    }
    print_message("%zu paths, %zu stack ops; %zu reach the static STACK_SIZE\n", t.programs,
                  t.ops, t.at_static);
    assert_true(t.ops > 10000);
    assert_true(t.at_static >= 10); /* the static bound is reached, so the check is not idle */
}

/* IF levels pushed as WQM frames (docs/system.md, --stack-wqm): the paths
 * still fit the static size computed the same way, which is larger than the
 * non-WQM one for nested IFs (a WQM frame is a full entry). */
static void test_wqm_paths_fit(void **state)
{
    (void)state;
    static dpp_exe exe;
    const stack_acct_cfg cfg = {64, STACK_RULE_ISA, STACK_CHIP_R7XX, 1024};
    tally t = {0};
    size_t larger = 0;
    for (uint64_t seed = 1; seed <= 30; seed++) {
        pg_program *p;
        dpp_error err;
        assert_int_equal(pg_generate(seed, 6, &p, NULL), DPP_OK);
        assert_int_equal(pg_compile(p, &exe, &err), DPP_OK);
        check(&exe, "wqm", 64, 2, &cfg, 1, &t);
        unsigned plain, whole;
        assert_int_equal(stack_prog_size(NULL, &exe, &cfg, &plain, &err), DPP_OK);
        assert_int_equal(stack_prog_size_wqm(NULL, &exe, &cfg, 1, &whole, &err), DPP_OK);
        larger += whole > plain;
        pg_free(p);
    }
    print_message("%zu WQM pushes, %zu paths at the static size, %zu programs need more with WQM\n",
                  t.wqm_pushes, t.at_static, larger);
    assert_true(t.wqm_pushes > 30);
    assert_true(t.at_static >= 1);
    assert_true(larger >= 10);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wqm_paths_fit),
        cmocka_unit_test(test_paths_fit_the_static_size),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
