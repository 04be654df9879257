/* The flow-control stimulus generator: deterministic per seed, and it reaches
 * what the lock-step runs rely on: every op committed, every fault code, the
 * deepest branch nesting and both stacks full, zero-count loops, BREAK and
 * CONTINUE at every loop depth, conditional calls and returns, divergent and
 * empty lane sets, lanes dying, partial wavefronts, bad contexts, resets.
 * Runs the C model alone (it plays the RTL's part), no Verilator. */
#include <setjmp.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cosim.h"
#include "fc_bench.h"

static fc_bench *bench; /* the one configure made last */

static void configure(unsigned c, unsigned l, unsigned a, unsigned lo, unsigned w, unsigned seed)
{
    char sc[16], sl[16], sa[16], slo[16], sw[16], ss[16];
    snprintf(sc, sizeof sc, "%u", c);
    snprintf(sl, sizeof sl, "%u", l);
    snprintf(sa, sizeof sa, "%u", a);
    snprintf(slo, sizeof slo, "%u", lo);
    snprintf(sw, sizeof sw, "%u", w);
    snprintf(ss, sizeof ss, "%u", seed);
    char *argv[] = {"cosim", "--block",      "fc", "--contexts",   sc,     "--lanes",
                    sl,      "--addr-depth", sa,   "--loop-depth", slo,    "--bc-width",
                    sw,      "--seed",       ss,   "--reset-rate", "50000"};
    assert_int_equal(cosim_parse_args(17, argv, ""), -1);
    const fc_unit_params p = {c, l, a, lo, w, DPP_FC_PARTIAL_BRANCHES};
    fc_bench_free(bench);
    bench = fc_bench_bind(&p);
    assert_null(cosim_config_error());
    assert_non_null(bench);
}

/* Runs the generator for n cycles against a second golden model playing the
 * RTL, through the port structs as a testbench does; every cycle must check
 * clean. Returns the stimulus in `log` if given. */
static void run(const fc_unit_params *p, unsigned n, fc_stim *log)
{
    ctm_fc *rtl = ctm_fc_new((int)p->contexts, (int)p->lanes, (int)p->addr_depth,
                             (int)p->loop_depth, (int)p->bc_width);
    assert_non_null(rtl);
    ctm_fc_out out;
    ctm_fc_in in;
    bool have = false;
    for (unsigned i = 0; i < n; i++) {
        fc_bench_next(bench, have ? &out : NULL, &in);
        const fc_stim s = *fc_bench_pending(bench);
        /* Every field fits its port: the RTL sees what the model sees. */
        const fc_fields *f = &s.in.inst;
        assert_true(f->op < 8 && f->b_else < 2 && f->jump_any < 2 && f->a_op < 4 &&
                    f->b_pop_cnt < 32 && f->b_op0 < 4 && f->b_op1 < 4 && f->jump_addr < 512 &&
                    f->pred_sel < 8 && f->pred_inv < 2);
        assert_true(s.in.cmd < 4 && s.in.pc < 512 && s.in.alu_valid < 2 && s.in.bool_const < 2 &&
                    s.in.full_mode < 2);
        /* ... and the port struct carries it: the words decode to the same command */
        assert_true(in.cmd == s.in.cmd && in.ctx == s.in.ctx && in.pc == s.in.pc &&
                    in.rst == s.rst && in.live == s.in.live);
        assert_int_equal(ctm_fc_cycle(rtl, &in, NULL), CTM_OK);
        assert_int_equal(ctm_fc_expected(rtl, &out), CTM_OK);
        assert_int_equal(fc_bench_check(bench, &out), 0);
        have = !s.rst;
        if (log)
            log[i] = s;
    }
    ctm_fc_free(rtl);
}

static void test_same_seed_same_stimulus(void **state)
{
    (void)state;
    enum { N = 2000 };
    static fc_stim a[N], b[N];
    const fc_unit_params p = {4, 16, 4, 4, 6, DPP_FC_PARTIAL_BRANCHES};
    configure(4, 16, 4, 4, 6, 5);
    run(&p, N, a);
    configure(4, 16, 4, 4, 6, 5);
    run(&p, N, b);
    assert_memory_equal(a, b, sizeof a);
    configure(4, 16, 4, 4, 6, 6);
    run(&p, N, b);
    int differ = 0;
    for (int i = 0; i < N; i++)
        differ += memcmp(&a[i], &b[i], sizeof a[i]) != 0;
    assert_true(differ > N / 2);
    fc_bench_free(bench);
    bench = NULL;
}

/* One line of what was reached, printed before the checks (a failure shows why). */
static void print_coverage(const fc_bench_coverage *cv)
{
    char line[512];
    int n = snprintf(line, sizeof line, "ops");
    for (unsigned op = 0; op < 8; op++)
        n += snprintf(line + n, sizeof line - (size_t)n, " %llu", (unsigned long long)cv->ops[op]);
    n += snprintf(line + n, sizeof line - (size_t)n, " | faults");
    for (unsigned f = 1; f < FC_FAULT_COUNT; f++)
        n +=
            snprintf(line + n, sizeof line - (size_t)n, " %llu", (unsigned long long)cv->faults[f]);
    print_message("%s | max depth %u loop %u addr %u | brk@1 %llu cont@1 %llu brk_pop %llu "
                  "zero %llu | callc %llu retc %llu | div %llu alt %llu none %llu one %llu | "
                  "died %llu partial %llu bad %llu resets %llu | cont_back %llu brk_drop %llu "
                  "masked_died %llu else_mixed %llu empty_frame %llu al_rep %llu bc_limit %llu\n",
                  line, cv->max_depth, cv->max_loop_sp, cv->max_addr_sp,
                  (unsigned long long)cv->brk_level[1], (unsigned long long)cv->cont_level[1],
                  (unsigned long long)cv->brk_pop, (unsigned long long)cv->zero_count,
                  (unsigned long long)cv->call_cond, (unsigned long long)cv->ret_cond,
                  (unsigned long long)cv->divergent, (unsigned long long)cv->all_diverge,
                  (unsigned long long)cv->none_active, (unsigned long long)cv->single_active,
                  (unsigned long long)cv->lanes_died, (unsigned long long)cv->partial_start,
                  (unsigned long long)cv->bad_ctx, (unsigned long long)cv->resets,
                  (unsigned long long)cv->cont_restored, (unsigned long long)cv->brk_drops_cont,
                  (unsigned long long)cv->masked_died, (unsigned long long)cv->else_mixed,
                  (unsigned long long)cv->empty_frame, (unsigned long long)cv->al_under_rep,
                  (unsigned long long)cv->bc_limit);
}

static unsigned branch_limit(unsigned w)
{
    unsigned cap = (1u << w) - 1;
    return cap < 32 ? cap : 32;
}

static void check_coverage(unsigned c, unsigned l, unsigned a, unsigned lo, unsigned w)
{
    const fc_unit_params p = {c, l, a, lo, w, DPP_FC_PARTIAL_BRANCHES};
    configure(c, l, a, lo, w, 1);
    run(&p, 400000, NULL);
    const fc_bench_coverage *cv = fc_bench_cov(bench);
    print_coverage(cv);
    uint64_t committed = 0;
    for (unsigned op = 0; op < 8; op++) {
        /* Loop ops need a loop stack; with none, only their faults are reached. */
        bool needs_frame = op != DPP_FC_JUMP && op != DPP_FC_LOOP && op != DPP_FC_REP;
        if (!(needs_frame && lo == 0))
            assert_true(cv->ops[op] > 100);
        committed += cv->ops[op];
    }
    assert_true(committed > 150000); /* most cycles are instructions that commit */
    for (unsigned f = 1; f < FC_FAULT_COUNT; f++) {
        bool reachable = !(f == FC_FAULT_LOOP_KIND && lo == 0);
        if (reachable)
            assert_true(cv->faults[f] > 0);
    }
    assert_int_equal(cv->max_depth, branch_limit(w));
    assert_int_equal(cv->max_loop_sp, lo);
    assert_int_equal(cv->max_addr_sp, a);
    for (unsigned d = 1; d <= lo; d++) {
        assert_true(cv->brk_level[d] > 0);
        assert_true(cv->cont_level[d] > 0);
    }
    if (lo) {
        assert_true(cv->brk_pop > 100);
        assert_true(cv->zero_count > 100);
    }
    if (a) {
        assert_true(cv->call_cond > 100);
        assert_true(cv->ret_cond > 10);
    }
    assert_true(cv->divergent > 1000);
    if (l >= 2)
        assert_true(cv->all_diverge > 10);
    assert_true(cv->none_active > 1000);
    assert_true(cv->single_active > 100);
    assert_true(cv->lanes_died > 100);
    assert_true(cv->partial_start > 100);
    assert_true(cv->resets >= 2);
    if (c < 256)
        assert_true(cv->bad_ctx > 100);
    assert_true(cv->else_mixed > 100);
    /* every lane's counter reached the branch limit (the deep script) */
    assert_true(cv->bc_limit > 10);
    assert_int_equal(cv->bc_limit_lanes, l >= 64 ? ~0ull : (1ull << l) - 1);
    if (lo) {
        assert_true(cv->cont_restored > 100);
        assert_true(cv->masked_died > 10);
        assert_true(cv->empty_frame > 100);
    }
    if (lo >= 2) {
        assert_true(cv->brk_drops_cont > 0);
        assert_true(cv->al_under_rep > 100);
    }
    /* Partial-mode STARTs meet the guide's rules [seed 000 p38]: nesting up to 6 (or the
     * counters' limit), then overflow; every LOOP/REP and CALL faults. */
    unsigned part = DPP_FC_PARTIAL_BRANCHES < branch_limit(w) ? DPP_FC_PARTIAL_BRANCHES
                                                              : branch_limit(w);
    assert_int_equal(cv->partial_max_depth, part);
    assert_true(cv->partial_faults[FC_FAULT_BRANCH_OVERFLOW] > 0);
    assert_true(cv->partial_faults[FC_FAULT_LOOP_OVERFLOW] > 0);
    assert_true(cv->partial_faults[FC_FAULT_ADDR_OVERFLOW] > 0);
    fc_bench_free(bench);
    bench = NULL;
}

static void test_coverage_4x16(void **state)
{
    (void)state;
    check_coverage(4, 16, 4, 4, 6);
}

static void test_coverage_1x64(void **state)
{
    (void)state;
    check_coverage(1, 64, 4, 4, 6);
}

static void test_coverage_3x5_small_counters(void **state)
{
    (void)state;
    check_coverage(3, 5, 1, 2, 3);
}

static void test_coverage_no_stacks(void **state)
{
    (void)state;
    check_coverage(2, 32, 0, 0, 8);
}

static void test_bad_options(void **state)
{
    (void)state;
    char *bad[][5] = {
        {"cosim", "--block", "fc", "--contexts", "0"},
        {"cosim", "--block", "fc", "--lanes", "65"},
        {"cosim", "--block", "fc", "--addr-depth", "33"},
        {"cosim", "--block", "fc", "--bc-width", "2"},
        {"cosim", "--block", "fc", "--weights", "if"},
        {"cosim", "--block", "fc", "--weights", "jump=1"},
        {"cosim", "--block", "fc", "--depth", "4"},
        {"cosim", "--block", "fc", "--weights",
         "if=0,else=0,endif=0,loop=0,endloop=0,break=0,continue=0,call=0,ret=0,"
         "random=0,unbalanced=0,stray=0,script=0,deep=0"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_equal(cosim_parse_args(5, bad[i], ""), 2);
    char *reset[] = {"cosim", "--block", "fc", "--weights",
                     "idle=4,start=1,if=12,else=8,endif=10,loop=6,endloop=8,break=4,continue=3,"
                     "call=4,ret=5,random=2,unbalanced=1,stray=2,script=1,deep=1"};
    assert_int_equal(cosim_parse_args(5, reset, ""), -1); /* the defaults, for other tests */
}

int main(void)
{
    /* the bench counts coverage only when a run asks for it (the directory is
     * never written: cosim_finish is not called here) */
    setenv("COSIM_FCOV_DIR", "/nonexistent", 1);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_seed_same_stimulus),
        cmocka_unit_test(test_coverage_4x16),
        cmocka_unit_test(test_coverage_1x64),
        cmocka_unit_test(test_coverage_3x5_small_counters),
        cmocka_unit_test(test_coverage_no_stacks),
        cmocka_unit_test(test_bad_options),
    };
    return cmocka_run_group_tests_name("fc_bench", tests, NULL, NULL);
}
