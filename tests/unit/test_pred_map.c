/* The predicate-stack mapping against the golden model, in C: real programs
 * (random structured ones with every construct, and the examples) are stepped
 * (run_step.h); each flow-control event becomes pred_stack ops (pred_map.h)
 * applied to the C predicate stack; after every event the ExecuteMask of each
 * quarter-wave context must equal the model's active lanes. Canonical code
 * must map completely (no unmapped event), and a deliberately wrong mapping
 * must be caught. */
#include "cmocka_all.h"

#include "pred_map.h"
#include "progen.h"
#include "run_fixture.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DW 37 /* partial wavefronts */
#define DH 5

/* Set by one test: the predicate stack reads WRITE as an AND (SETP), as the
 * model did before the patent's store [seed 003]. */
static int write_as_and;

typedef struct outcome {
    size_t events, checked;
    int mismatch;
    char what[300];
} outcome;

/* Steps exe over the domain with `lanes` x `slots` and cross-checks, on a
 * predicate stack of `depth` entries (0: the full 64). At full depth the
 * stack must never over- or underflow; a shallow one does both, by design
 * (docs/system.md), and is checked on the ExecuteMask alone. Counts the
 * contexts that saw an underflow in *underflows when given. */
static outcome run_depth(const dpp_exe *exe, unsigned lanes, unsigned slots, unsigned depth,
                         unsigned spu_sc, pred_map_bug bug, pred_map_stats *stats,
                         unsigned *underflows)
{
    outcome r = {0};
    dpp_run_opts o;
    fixture_opts(&o, DW, DH, lanes, slots);
    o.discard_outputs = 1;
    dpp_error err;
    dpp_stepper *st = fixture_stepper(exe, &o);
    pred_map *pm;
    pred_map_cfg mc = {slots, lanes, depth, spu_sc};
    assert_int_equal(pred_map_create(&mc, &pm, &err), DPP_OK);
    pred_map_set_bug(pm, bug);
    pred_stack_cfg pc = pred_map_stack_cfg(pm);
    pred_stack_model *ps;
    assert_int_equal(pred_stack_create(&pc, &ps, &err), DPP_OK);
    static pred_map_op ops[4096];
    for (;;) {
        const pa_fc_event *ev;
        dpp_status s = dpp_stepper_next(st, &ev, &err);
        if (s)
            fail_msg("model: %s", err.msg);
        if (!ev)
            break;
        unsigned n;
        int checked;
        assert_int_equal(pred_map_event(pm, ev->in, ev->out, ops, 4096, &n, &checked, &err),
                         DPP_OK);
        for (unsigned k = 0; k < n; k++) {
            pred_stack_out pout;
            pred_stack_observe(ps, ops[k].ctx, &pout); /* what a condition runs under */
            unsigned code = write_as_and && ops[k].op == PRED_OP_WRITE ? PRED_OP_SETP : ops[k].op;
            pred_stack_in pin = {.op = code,
                                 .ctx = ops[k].ctx,
                                 .mask = pred_map_drive_mask(&ops[k], pout.obs_exec_mask)};
            pred_stack_step(ps, &pin, &pout);
        }
        r.events++;
        if (!checked)
            continue;
        r.checked++;
        for (unsigned q = 0; q < pred_map_quarters(pm); q++) {
            unsigned ctx = ev->in->ctx * pred_map_quarters(pm) + q;
            pred_stack_out obs;
            pred_stack_observe(ps, ctx, &obs);
            uint64_t want = pred_map_expected(pm, ctx, ev->out->active);
            if (obs.obs_exec_mask != want || (!depth && (obs.obs_overflow || obs.obs_underflow)) ||
                obs.obs_overflow) {
                snprintf(r.what, sizeof r.what,
                         "event %zu (wave %u pc %u %s): context %u ExecuteMask 0x%llx, model "
                         "active 0x%llx%s%s",
                         r.events - 1, ev->wave, ev->in->pc,
                         ev->in->cmd == FC_CMD_START ? "START" : fc_op_name(ev->in->inst.op),
                         ctx, (unsigned long long)obs.obs_exec_mask, (unsigned long long)want,
                         obs.obs_overflow ? ", overflow" : "", obs.obs_underflow ? ", underflow" : "");
                r.mismatch = 1;
                break;
            }
        }
        if (r.mismatch)
            break;
    }
    if (stats)
        *stats = *pred_map_get_stats(pm);
    for (unsigned c = 0; underflows && c < pc.contexts; c++) {
        pred_stack_out obs;
        pred_stack_observe(ps, c, &obs);
        *underflows += obs.obs_underflow;
    }
    pred_stack_destroy(ps);
    pred_map_destroy(pm);
    dpp_stepper_close(st);
    return r;
}

static outcome run(const dpp_exe *exe, unsigned lanes, unsigned slots, unsigned spu_sc,
                   pred_map_bug bug, pred_map_stats *stats)
{
    return run_depth(exe, lanes, slots, 0, spu_sc, bug, stats, NULL);
}

/* lanes, slots, SC lanes per SPU (0: flat). 64 x 8 grouped by 4 is the patent's
 * unit [seed 003]: 8 warps x 4 cycles = 32 contexts of 16 SC + 4 SFU lanes. */
static const unsigned shapes[][3] = {{64, 1, 0}, {64, 3, 0}, {16, 2, 0}, {20, 1, 0}, {4, 4, 0},
                                     {1, 1, 0},  {64, 8, 4}, {16, 2, 4}, {32, 3, 2}};

static void test_random_programs_map_exactly(void **state)
{
    (void)state;
    static dpp_exe exe;
    pred_map_stats total = {0};
    size_t events = 0;
    for (uint64_t seed = 1; seed <= 150; seed++) {
        pg_program *p;
        dpp_error err;
        assert_int_equal(pg_generate(seed, 6, &p, NULL), DPP_OK);
        assert_int_equal(pg_compile(p, &exe, &err), DPP_OK);
        for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
            pred_map_stats st;
            outcome r = run(&exe, shapes[k][0], shapes[k][1], shapes[k][2], PRED_MAP_BUG_NONE, &st);
            if (r.mismatch) {
                static char text[16384];
                pg_print(p, text, sizeof text);
                fail_msg("program %llu, %u lanes x %u, SPUs of %u: %s\n%s",
                         (unsigned long long)seed, shapes[k][0], shapes[k][1], shapes[k][2], r.what,
                         text);
            }
            if (st.unmapped)
                fail_msg("program %llu, %u lanes x %u, SPUs of %u: %llu unmapped events",
                         (unsigned long long)seed, shapes[k][0], shapes[k][1], shapes[k][2],
                         (unsigned long long)st.unmapped);
            events += r.checked;
            for (int op = 0; op < PRED_OP_COUNT; op++)
                total.by_op[op] += st.by_op[op];
        }
        pg_free(p);
    }
    print_message("%zu events cross-checked; ops: PUSH %llu POP %llu INV %llu WRITE %llu "
                  "SET_TASK_MASK %llu\n",
                  events, (unsigned long long)total.by_op[PRED_OP_PUSH],
                  (unsigned long long)total.by_op[PRED_OP_POP],
                  (unsigned long long)total.by_op[PRED_OP_INV],
                  (unsigned long long)total.by_op[PRED_OP_WRITE],
                  (unsigned long long)total.by_op[PRED_OP_SET_TASK_MASK]);
    /* every op of the patent is exercised, and only those: conditions are
     * WRITTEN [seed 003], never ANDed in by SETP or PUSH_SETP */
    static const int patent_ops[] = {PRED_OP_PUSH, PRED_OP_POP, PRED_OP_INV, PRED_OP_WRITE,
                                     PRED_OP_SET_TASK_MASK};
    for (size_t i = 0; i < sizeof patent_ops / sizeof patent_ops[0]; i++)
        assert_true(total.by_op[patent_ops[i]] > 100);
    assert_int_equal(total.by_op[PRED_OP_SETP] + total.by_op[PRED_OP_PUSH_SETP], 0);
}

/* ELSE mapped to POP instead of INV: the cross-check finds it. */
static void test_wrong_mapping_is_caught(void **state)
{
    (void)state;
    static dpp_exe exe;
    int caught = 0;
    for (uint64_t seed = 1; seed <= 20 && !caught; seed++) {
        pg_program *p;
        dpp_error err;
        assert_int_equal(pg_generate(seed, 6, &p, NULL), DPP_OK);
        assert_int_equal(pg_compile(p, &exe, &err), DPP_OK);
        outcome r = run(&exe, 64, 1, 0, PRED_MAP_BUG_ELSE_AS_POP, NULL);
        if (r.mismatch) {
            print_message("caught: %s\n", r.what);
            caught = 1;
        }
        pg_free(p);
    }
    assert_true(caught);
}

/* [seed 003, claim 1: the condition result is stored, "存入"]: the mapping
 * relies on the store. A new wavefront's START writes its live lanes; after a
 * wavefront whose lanes were killed (progen 92 kills), an AND could not give
 * them back, and the cross-check fails. */
static void test_mapping_needs_the_store(void **state)
{
    (void)state;
    static dpp_exe exe;
    pg_program *p;
    dpp_error err;
    assert_int_equal(pg_generate(92, 6, &p, NULL), DPP_OK);
    assert_int_equal(pg_compile(p, &exe, &err), DPP_OK);
    pg_free(p);
    outcome r = run(&exe, 64, 1, 0, PRED_MAP_BUG_NONE, NULL);
    assert_false(r.mismatch);
    write_as_and = 1;
    r = run(&exe, 64, 1, 0, PRED_MAP_BUG_NONE, NULL);
    write_as_and = 0;
    assert_true(r.mismatch);
    print_message("WRITE as AND: %s\n", r.what);
}

/* A 3-entry predicate stack: pushes past the top are refused (never an
 * overflow), the steps after them are counted as not expressible, POPs with
 * nothing pushed are issued (the underflow rule is reached), and every step
 * still counted as mapped matches the model. */
static void test_shallow_stack(void **state)
{
    (void)state;
    static dpp_exe exe;
    unsigned underflows = 0;
    uint64_t unmapped = 0, checked = 0;
    for (uint64_t seed = 1; seed <= 30; seed++) {
        pg_program *p;
        dpp_error err;
        assert_int_equal(pg_generate(seed, 6, &p, NULL), DPP_OK);
        assert_int_equal(pg_compile(p, &exe, &err), DPP_OK);
        pred_map_stats st;
        outcome r = run_depth(&exe, 16, 3, 3, 0, PRED_MAP_BUG_NONE, &st, &underflows);
        if (r.mismatch)
            fail_msg("program %llu at depth 3: %s", (unsigned long long)seed, r.what);
        unmapped += st.unmapped;
        checked += r.checked;
        pg_free(p);
    }
    print_message("depth 3: %llu steps checked, %llu not expressible, %u contexts underflowed\n",
                  (unsigned long long)checked, (unsigned long long)unmapped, underflows);
    assert_true(unmapped > 0);
    assert_true(underflows > 0);
    assert_true(checked > 1000);
}

/* The patent's shape [seed 003: 8 warps x 4 cycles = 32 contexts, 20 one-bit
 * masks, stack depth 32]: 8 wavefronts of 64 lanes, quarters grouped as 4 SPUs
 * of 4 SC lanes + 1 SFU lane; the SFU lanes expect the OR of their SPU's. */
static void test_patent_shape(void **state)
{
    (void)state;
    pred_map *pm;
    dpp_error err;
    const pred_map_cfg patent = {8, 64, 32, 4};
    assert_int_equal(pred_map_create(&patent, &pm, &err), DPP_OK);
    pred_stack_cfg c = pred_map_stack_cfg(pm);
    assert_int_equal(c.contexts, 32);
    assert_int_equal(c.lanes, 20);
    assert_int_equal(c.depth, 32);
    assert_int_equal(c.spu_sc, 4);
    /* quarter 2 of slot 5 (context 22): wavefront lanes 32..47 */
    uint64_t active = 0x0000801000000000ull | 0x0f0full; /* lanes 36 and 47, and quarter 0 */
    assert_int_equal(pred_map_slot(pm, 22), 5);
    assert_int_equal(pred_map_expected(pm, 22, active), 0x8010 | 1u << 17 | 1u << 19);
    assert_int_equal(pred_map_expected(pm, 20, active), 0x0f0f | 1u << 16 | 1u << 18);
    /* and back: the SC lanes of each quarter are the wavefront's lanes, the SFU lanes none */
    assert_int_equal(pred_map_lanes_of(pm, 22, 0x8010 | 1u << 17 | 1u << 19), 0x0000801000000000ull);
    assert_int_equal(pred_map_lanes_of(pm, 20, 0xfffff), 0xffffull);
    uint64_t back = 0;
    for (unsigned q = 0; q < 4; q++)
        back |= pred_map_lanes_of(pm, 20 + q, pred_map_expected(pm, 20 + q, active));
    assert_int_equal(back, active);
    pred_map_destroy(pm);
    /* a flat mapping of 40 lanes: quarters of 16, 16 and 8 lanes */
    const pred_map_cfg flat = {2, 40, 8, 0};
    assert_int_equal(pred_map_create(&flat, &pm, &err), DPP_OK);
    const uint64_t lanes40 = 0xA5C3F0F00Full;
    back = 0;
    for (unsigned q = 0; q < pred_map_quarters(pm); q++)
        back |= pred_map_lanes_of(pm, 3 + q, pred_map_expected(pm, 3 + q, lanes40));
    assert_int_equal(back, lanes40);
    pred_map_destroy(pm);
    const pred_map_cfg bad[] = {{1, 20, 32, 4}, {1, 64, 32, 3}, {1, 8, 32, 4}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(pred_map_create(&bad[i], &pm, &err), DPP_E_ARG);
        assert_non_null(strstr(err.msg, "SPUs"));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_patent_shape),
        cmocka_unit_test(test_mapping_needs_the_store),
        cmocka_unit_test(test_shallow_stack),
        cmocka_unit_test(test_random_programs_map_exactly),
        cmocka_unit_test(test_wrong_mapping_is_caught),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
