/* Unit tests of csim/mirrors/pred_stack.c against docs/pred_stack.md and spec
 * flow-control.md §5 / §6.4 / §6.5. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "pred_stack.h"
#include "rng.h"

static pred_stack_model *make(unsigned contexts, unsigned lanes, unsigned depth)
{
    pred_stack_model *m = NULL;
    pred_stack_cfg cfg = {contexts, lanes, depth, 0};
    assert_int_equal(pred_stack_create(&cfg, &m, NULL), DPP_OK);
    return m;
}

/* Applies one op to ctx (observing ctx) and returns the outputs before the edge. */
static pred_stack_out op(pred_stack_model *m, unsigned ctx, unsigned code, uint64_t mask)
{
    pred_stack_in in = {false, code, ctx, mask, ctx};
    pred_stack_out out;
    pred_stack_step(m, &in, &out);
    return out;
}

static pred_stack_out look(const pred_stack_model *m, unsigned ctx)
{
    pred_stack_out out;
    pred_stack_observe(m, ctx, &out);
    return out;
}

static void test_create_rejects_bad_parameters(void **state)
{
    (void)state;
    const pred_stack_cfg bad[] = {{0, 20, 32, 0},  {65, 20, 32, 0}, {32, 0, 32, 0},
                                  {32, 65, 32, 0}, {32, 20, 0, 0},  {32, 20, 65, 0}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        pred_stack_model *m = NULL;
        dpp_error err = {0};
        assert_int_equal(pred_stack_create(&bad[i], &m, &err), DPP_E_ARG);
        assert_null(m);
        assert_non_null(strstr(err.msg, "outside 1..64"));
    }
}

static void test_reset_state(void **state)
{
    (void)state;
    pred_stack_model *m = make(32, 20, 32);
    for (unsigned c = 0; c < 32; c++) {
        pred_stack_out o = look(m, c);
        assert_int_equal(o.obs_pred, 0xfffff);
        assert_int_equal(o.obs_task_mask, 0xfffff);
        assert_int_equal(o.obs_exec_mask, 0xfffff);
        assert_int_equal(o.obs_sp, 0);
        assert_int_equal(o.obs_top, 0);
        assert_false(o.obs_overflow);
        assert_false(o.obs_underflow);
    }
    pred_stack_destroy(m);
}

static void test_outputs_are_before_the_edge(void **state)
{
    (void)state;
    pred_stack_model *m = make(4, 8, 4);
    pred_stack_out o = op(m, 1, PRED_OP_SETP, 0x0f);
    assert_int_equal(o.exec_mask, 0xff); /* the op runs under the old mask */
    assert_int_equal(o.obs_pred, 0xff);
    assert_int_equal(look(m, 1).obs_pred, 0x0f);
    pred_stack_destroy(m);
}

static void test_setp_narrows(void **state)
{
    (void)state;
    pred_stack_model *m = make(1, 8, 4);
    op(m, 0, PRED_OP_SETP, 0xf0);
    op(m, 0, PRED_OP_SETP, 0x3c);
    assert_int_equal(look(m, 0).obs_pred, 0x30);
    pred_stack_destroy(m);
}

static void test_push_pop_restore(void **state)
{
    (void)state;
    pred_stack_model *m = make(1, 20, 32);
    op(m, 0, PRED_OP_SETP, 0xabcde);
    op(m, 0, PRED_OP_PUSH, 0);
    assert_int_equal(look(m, 0).obs_sp, 1);
    assert_int_equal(look(m, 0).obs_top, 0xabcde);
    assert_int_equal(look(m, 0).obs_pred, 0xabcde); /* PUSH leaves pred */
    op(m, 0, PRED_OP_SETP, 0x00f0f);
    op(m, 0, PRED_OP_POP, 0);
    assert_int_equal(look(m, 0).obs_pred, 0xabcde);
    assert_int_equal(look(m, 0).obs_sp, 0);
    assert_false(look(m, 0).obs_underflow);
    pred_stack_destroy(m);
}

/* Spec §5.1 / §6.5: PUSH; SETP c; INV gives top AND NOT c; POP restores. */
static void test_if_else_identity(void **state)
{
    (void)state;
    rng r;
    rng_seed(&r, 7);
    pred_stack_model *m = make(1, 20, 32);
    for (int i = 0; i < 1000; i++) {
        uint64_t p = rng_next(&r) & 0xfffff, c = rng_next(&r);
        op(m, 0, PRED_OP_POP, 0); /* back to the root, then narrow to p */
        op(m, 0, PRED_OP_SETP, p);
        op(m, 0, PRED_OP_PUSH, 0);
        op(m, 0, PRED_OP_SETP, c);
        assert_int_equal(look(m, 0).obs_pred, p & c & 0xfffff);
        op(m, 0, PRED_OP_INV, 0);
        assert_int_equal(look(m, 0).obs_pred, p & ~c & 0xfffff);
        op(m, 0, PRED_OP_POP, 0);
        assert_int_equal(look(m, 0).obs_pred, p);
    }
    pred_stack_destroy(m);
}

/* INV is not an involution: INV; INV gives top AND pred (spec §5.4.7). */
static void test_inv_twice(void **state)
{
    (void)state;
    pred_stack_model *m = make(1, 8, 4);
    op(m, 0, PRED_OP_SETP, 0x3c);
    op(m, 0, PRED_OP_PUSH, 0);   /* top = 0x3c */
    op(m, 0, PRED_OP_POP, 0);
    op(m, 0, PRED_OP_PUSH, 0);
    op(m, 0, PRED_OP_INV, 0);    /* pred = ~0x3c & 0x3c = 0 */
    assert_int_equal(look(m, 0).obs_pred, 0);
    op(m, 0, PRED_OP_INV, 0);    /* pred = ~0 & 0x3c */
    assert_int_equal(look(m, 0).obs_pred, 0x3c);
    pred_stack_destroy(m);
}

/* The composite op pushes the OLD predicate, then narrows (spec §5.4.6). */
static void test_push_setp_order(void **state)
{
    (void)state;
    pred_stack_model *m = make(1, 8, 4);
    op(m, 0, PRED_OP_SETP, 0xf0);
    op(m, 0, PRED_OP_PUSH_SETP, 0x30);
    assert_int_equal(look(m, 0).obs_top, 0xf0);
    assert_int_equal(look(m, 0).obs_pred, 0x30);
    assert_int_equal(look(m, 0).obs_sp, 1);
    pred_stack_destroy(m);
}

/* Rule 2: PUSH on a full stack flags overflow, writes nothing, keeps sp = D. */
static void test_overflow(void **state)
{
    (void)state;
    pred_stack_model *m = make(2, 8, 4);
    for (unsigned i = 0; i < 4; i++) {
        op(m, 0, PRED_OP_SETP, 0xff >> i);
        op(m, 0, PRED_OP_PUSH, 0);
        assert_false(look(m, 0).obs_overflow);
    }
    assert_int_equal(look(m, 0).obs_sp, 4);
    op(m, 0, PRED_OP_SETP, 0x01);
    op(m, 0, PRED_OP_PUSH, 0);
    assert_true(look(m, 0).obs_overflow);
    assert_int_equal(look(m, 0).obs_sp, 4);
    assert_int_equal(look(m, 0).obs_top, 0xff >> 3); /* not overwritten */
    /* PUSH_SETP on full still narrows */
    op(m, 0, PRED_OP_PUSH_SETP, 0x00);
    assert_int_equal(look(m, 0).obs_pred, 0);
    assert_int_equal(look(m, 0).obs_sp, 4);
    /* sticky: pops do not clear it; other contexts are untouched */
    op(m, 0, PRED_OP_POP, 0);
    assert_true(look(m, 0).obs_overflow);
    assert_false(look(m, 1).obs_overflow);
    pred_stack_destroy(m);
}

/* Rule 1: an empty stack reads as all lanes; POP/INV on it flag underflow. */
static void test_underflow(void **state)
{
    (void)state;
    pred_stack_model *m = make(2, 12, 4);
    op(m, 0, PRED_OP_SETP, 0x0f0);
    op(m, 0, PRED_OP_INV, 0);
    assert_int_equal(look(m, 0).obs_pred, 0xf0f); /* ~0x0f0 masked to 12 lanes */
    assert_true(look(m, 0).obs_underflow);
    assert_int_equal(look(m, 0).obs_sp, 0);
    pred_stack_destroy(m);

    m = make(2, 12, 4);
    op(m, 1, PRED_OP_SETP, 0x00f);
    op(m, 1, PRED_OP_POP, 0);
    assert_int_equal(look(m, 1).obs_pred, 0xfff); /* root mask */
    assert_int_equal(look(m, 1).obs_sp, 0);       /* no wrap */
    assert_true(look(m, 1).obs_underflow);
    assert_false(look(m, 0).obs_underflow);
    op(m, 1, PRED_OP_PUSH, 0);
    assert_int_equal(look(m, 1).obs_sp, 1);
    assert_true(look(m, 1).obs_underflow); /* sticky */
    pred_stack_destroy(m);
}

/* A PUSH...INV...POP ladder at depth D-1 and D (spec §6.5). */
static void test_ladder_at_full_depth(void **state)
{
    (void)state;
    pred_stack_model *m = make(1, 20, 32);
    uint64_t saved[33];
    for (unsigned d = 0; d < 32; d++) {
        saved[d] = look(m, 0).obs_pred;
        op(m, 0, PRED_OP_PUSH_SETP, ~(1ull << d));
    }
    assert_int_equal(look(m, 0).obs_sp, 32);
    assert_false(look(m, 0).obs_overflow);
    assert_int_equal(look(m, 0).obs_pred, 0);
    op(m, 0, PRED_OP_INV, 0); /* top = saved[31] & ~lane 31 does not exist: lanes 0..19 */
    assert_int_equal(look(m, 0).obs_pred, saved[31]);
    for (int d = 31; d >= 0; d--) {
        op(m, 0, PRED_OP_POP, 0);
        assert_int_equal(look(m, 0).obs_pred, saved[d]);
    }
    assert_false(look(m, 0).obs_underflow);
    pred_stack_destroy(m);
}

/* Rule 5: input bits at and above the lane count are ignored. */
static void test_lane_masking(void **state)
{
    (void)state;
    pred_stack_model *m = make(1, 20, 4);
    op(m, 0, PRED_OP_SET_TASK_MASK, ~0ull);
    assert_int_equal(look(m, 0).obs_task_mask, 0xfffff);
    op(m, 0, PRED_OP_SETP, 0xfff00000ull);
    assert_int_equal(look(m, 0).obs_pred, 0);
    op(m, 0, PRED_OP_PUSH, 0);
    op(m, 0, PRED_OP_INV, 0);
    assert_int_equal(look(m, 0).obs_pred, 0); /* ~0 & top(0) */
    pred_stack_destroy(m);
    m = make(1, 64, 4); /* 64 lanes: no bit to mask */
    op(m, 0, PRED_OP_SETP, 0x8000000000000001ull);
    assert_int_equal(look(m, 0).obs_pred, 0x8000000000000001ull);
    pred_stack_destroy(m);
}

/* ExecuteMask = pred AND TaskMask, with 1, 19 and 20 valid lanes (spec §6.5). */
static void test_task_mask(void **state)
{
    (void)state;
    pred_stack_model *m = make(2, 20, 4);
    const uint64_t tasks[] = {0x1, 0x7ffff, 0xfffff};
    for (size_t i = 0; i < 3; i++) {
        op(m, 0, PRED_OP_SET_TASK_MASK, tasks[i]);
        op(m, 0, PRED_OP_SETP, 0xaaaaa);
        pred_stack_out o = op(m, 0, PRED_OP_NOP, 0);
        assert_int_equal(o.exec_mask, 0xaaaaa & tasks[i]);
        assert_int_equal(o.obs_exec_mask, 0xaaaaa & tasks[i]);
        op(m, 0, PRED_OP_POP, 0);
    }
    assert_int_equal(look(m, 1).obs_exec_mask, 0xfffff);
    pred_stack_destroy(m);
}

/* [seed 003, claim 1]: "斷言寄存器單元按照現場號將該值存入該現場的斷言寄存器中" -- the
 * condition result is STORED: WRITE replaces the predicate, so lanes outside the
 * old predicate come back (an AND could never set them), and the stack is untouched. */
static void test_write_stores_the_condition(void **state)
{
    (void)state;
    pred_stack_model *m = make(2, 20, 4);
    op(m, 1, PRED_OP_SETP, 0x0000f);
    op(m, 1, PRED_OP_PUSH, 0);
    op(m, 1, PRED_OP_WRITE, 0xf00f0 | 0xfff00000ull); /* bits past the lanes are ignored */
    pred_stack_out o = look(m, 1);
    assert_int_equal(o.obs_pred, 0xf00f0);
    assert_int_equal(o.obs_exec_mask, 0xf00f0);
    assert_int_equal(o.obs_sp, 1);
    assert_int_equal(o.obs_top, 0x0000f);
    op(m, 1, PRED_OP_WRITE, 0);
    assert_int_equal(look(m, 1).obs_pred, 0);
    op(m, 1, PRED_OP_POP, 0);
    assert_int_equal(look(m, 1).obs_pred, 0x0000f);
    assert_int_equal(look(m, 0).obs_pred, 0xfffff); /* context isolation */
    pred_stack_destroy(m);
}

/* The patent's if/else with a stored condition [seed 003]: PUSH; WRITE(x & ExecuteMask);
 * INV; POP gives P & x, then P & ~x, then P (spec §5.1). */
static void test_write_if_else_identity(void **state)
{
    (void)state;
    pred_stack_model *m = make(1, 20, 8);
    const uint64_t p = 0x0ff0f, x = 0xa5a5a;
    op(m, 0, PRED_OP_SETP, p);
    pred_stack_out o = op(m, 0, PRED_OP_PUSH, 0);
    op(m, 0, PRED_OP_WRITE, x & o.exec_mask);
    assert_int_equal(look(m, 0).obs_pred, p & x);
    op(m, 0, PRED_OP_INV, 0);
    assert_int_equal(look(m, 0).obs_pred, p & ~x & 0xfffff);
    op(m, 0, PRED_OP_POP, 0);
    assert_int_equal(look(m, 0).obs_pred, p);
    pred_stack_destroy(m);
}

/* The patent's 20 lanes: 4 SPUs of 4 SC lanes (0..15, SPU s owns 4s..4s+3) and
 * one SFU lane each (16 + s). */
static pred_stack_model *make_spu(unsigned contexts, unsigned depth)
{
    pred_stack_model *m = NULL;
    pred_stack_cfg cfg = {contexts, 20, depth, 4};
    assert_int_equal(pred_stack_create(&cfg, &m, NULL), DPP_OK);
    return m;
}

/* The SFU bits a predicate must show: bit 16+s = OR of SC bits 4s..4s+3. */
static uint64_t sfu_of(uint64_t sc)
{
    uint64_t sfu = 0;
    for (unsigned s = 0; s < 4; s++)
        if (sc >> (4 * s) & 0xf)
            sfu |= 1ull << (16 + s);
    return sfu;
}

/* [seed 003, embodiment 1]: "SFU對應的Predicate Mask由同一個SPU內的4個SC的Predicate
 * Mask進行或操作得到" -- the SFU lane's predicate is the OR of its SPU's four SC
 * predicates, whatever op made the predicate and whatever SFU bits the input had. */
static void test_sfu_predicate_is_or_of_its_spu(void **state)
{
    (void)state;
    pred_stack_model *m = make_spu(2, 8);
    op(m, 1, PRED_OP_WRITE, 0x0f0010 | 0x10000); /* SPU 1: lane 4; SPU 3 SC none, SFU 2 set in */
    assert_int_equal(look(m, 1).obs_pred, 0x00010 | sfu_of(0x0010));
    op(m, 1, PRED_OP_WRITE, 0x8421);
    assert_int_equal(look(m, 1).obs_pred, 0x8421 | 0xf0000);
    op(m, 1, PRED_OP_PUSH, 0);
    op(m, 1, PRED_OP_SETP, 0x000f); /* SPU 0 keeps lane 0, the other SPUs none */
    assert_int_equal(look(m, 1).obs_pred, 0x0001 | sfu_of(0x0001));
    op(m, 1, PRED_OP_INV, 0); /* ~0x0001 & 0x8421 */
    assert_int_equal(look(m, 1).obs_pred, 0x8420 | sfu_of(0x8420));
    op(m, 1, PRED_OP_PUSH_SETP, 0x0f00);
    assert_int_equal(look(m, 1).obs_pred, 0x0400 | sfu_of(0x0400));
    assert_int_equal(look(m, 1).obs_top, 0x8420 | sfu_of(0x8420)); /* the old one, grouped */
    pred_stack_destroy(m);
}

/* [seed 003, embodiment 2]: "一個SPU內部SC和SFU的DataMask均與該SPU對應的TaskMask相同，而
 * ExcuteMask則是DataMask和PredicateMask的按位與" -- every lane of an SPU has the SPU's
 * TaskMask as DataMask, so the SFU lane's ExecuteMask is the OR of its SCs'. */
static void test_spu_datamask_and_sfu_execute_mask(void **state)
{
    (void)state;
    pred_stack_model *m = make_spu(1, 4);
    op(m, 0, PRED_OP_SET_TASK_MASK, 0x0020 | 0x80000); /* SPU 1 has one SC lane; SFU bits unused */
    pred_stack_out o = look(m, 0);
    assert_int_equal(o.obs_task_mask, 0x00f0 | 0x20000);
    assert_int_equal(o.obs_exec_mask, 0x00f0 | 0x20000);
    op(m, 0, PRED_OP_WRITE, 0x1041);
    o = op(m, 0, PRED_OP_NOP, 0);
    assert_int_equal(o.exec_mask, 0x0040 | 0x20000);
    uint64_t sc = o.exec_mask & 0xffff;
    assert_int_equal(o.exec_mask >> 16, sfu_of(sc) >> 16);
    pred_stack_destroy(m);
}

/* Random ops keep both rules at every step, on every context. */
static void test_spu_rules_hold_under_random_ops(void **state)
{
    (void)state;
    pred_stack_model *m = make_spu(4, 6);
    rng r;
    rng_seed(&r, 3);
    for (unsigned i = 0; i < 20000; i++) {
        unsigned c = rng_below(&r, 4);
        op(m, c, rng_below(&r, PRED_OP_COUNT), rng_next(&r));
        pred_stack_out o = look(m, c);
        assert_int_equal(o.obs_pred & 0xf0000, sfu_of(o.obs_pred & 0xffff));
        assert_int_equal(o.obs_exec_mask & 0xf0000, sfu_of(o.obs_exec_mask & 0xffff));
        for (unsigned s = 0; s < 4; s++) {
            uint64_t t = o.obs_task_mask >> (4 * s) & 0xf;
            assert_true(t == 0 || t == 0xf);
            assert_int_equal(o.obs_task_mask >> (16 + s) & 1, t != 0);
        }
    }
    pred_stack_destroy(m);
}

static void test_spu_grouping_needs_whole_spus(void **state)
{
    (void)state;
    const pred_stack_cfg bad[] = {{2, 20, 4, 5}, {2, 21, 4, 4}, {2, 4, 4, 4}, {2, 64, 4, 64}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        pred_stack_model *m = NULL;
        dpp_error err = {0};
        assert_int_equal(pred_stack_create(&bad[i], &m, &err), DPP_E_ARG);
        assert_null(m);
        assert_non_null(strstr(err.msg, "SPUs"));
    }
    pred_stack_model *m = NULL;
    const pred_stack_cfg ok = {1, 64, 4, 1}; /* 32 SPUs of 1 SC + 1 SFU */
    assert_int_equal(pred_stack_create(&ok, &m, NULL), DPP_OK);
    op(m, 0, PRED_OP_WRITE, 0x5);
    assert_int_equal(look(m, 0).obs_pred, 0x5 | 0x5ull << 32);
    pred_stack_destroy(m);
}

/* Rule 6: out-of-range contexts are ignored. */
static void test_out_of_range(void **state)
{
    (void)state;
    pred_stack_model *m = make(3, 8, 4);
    pred_stack_in in = {false, PRED_OP_SETP, 3, 0x0f, 3};
    pred_stack_out o;
    pred_stack_step(m, &in, &o);
    assert_int_equal(o.exec_mask, 0);
    assert_int_equal(o.obs_pred, 0);
    for (unsigned c = 0; c < 3; c++)
        assert_int_equal(look(m, c).obs_pred, 0xff);
    pred_stack_destroy(m);
}

/* Reset mid-program restores every context; outputs show the reset state. */
static void test_reset_mid_program(void **state)
{
    (void)state;
    pred_stack_model *m = make(4, 8, 2);
    for (unsigned c = 0; c < 4; c++) {
        op(m, c, PRED_OP_PUSH_SETP, c);
        op(m, c, PRED_OP_PUSH, 0);
        op(m, c, PRED_OP_PUSH, 0); /* overflow */
        op(m, c, PRED_OP_SET_TASK_MASK, 0x3);
    }
    pred_stack_in in = {true, PRED_OP_SETP, 1, 0, 2};
    pred_stack_out o;
    pred_stack_step(m, &in, &o);
    assert_int_equal(o.obs_pred, 0xff);
    assert_int_equal(o.exec_mask, 0xff);
    for (unsigned c = 0; c < 4; c++) {
        pred_stack_out s = look(m, c);
        assert_int_equal(s.obs_pred, 0xff);
        assert_int_equal(s.obs_task_mask, 0xff);
        assert_int_equal(s.obs_sp, 0);
        assert_false(s.obs_overflow);
    }
    pred_stack_destroy(m);
}

/* Context isolation: random ops on 32 contexts in barrel order against 32
 * independent single-context units must give identical states (spec §5.4.10). */
static void test_context_isolation(void **state)
{
    (void)state;
    rng r;
    rng_seed(&r, 42);
    pred_stack_model *shared = make(32, 20, 8);
    pred_stack_model *alone[32];
    for (unsigned c = 0; c < 32; c++)
        alone[c] = make(1, 20, 8);
    for (unsigned i = 0; i < 200000; i++) {
        unsigned c = (i % 8) * 4 + (i / 8) % 4; /* 8 warps x 4 phases */
        if (i % 3 == 0)
            c = rng_below(&r, 32);
        unsigned code = rng_below(&r, PRED_OP_COUNT);
        uint64_t mask = rng_next(&r);
        pred_stack_out a = op(shared, c, code, mask), b = op(alone[c], 0, code, mask);
        assert_int_equal(a.exec_mask, b.exec_mask);
        pred_stack_out sa = look(shared, c), sb = look(alone[c], 0);
        assert_int_equal(sa.obs_pred, sb.obs_pred);
        assert_int_equal(sa.obs_task_mask, sb.obs_task_mask);
        assert_int_equal(sa.obs_top, sb.obs_top);
        assert_int_equal(sa.obs_sp, sb.obs_sp);
        assert_int_equal(sa.obs_overflow, sb.obs_overflow);
        assert_int_equal(sa.obs_underflow, sb.obs_underflow);
    }
    pred_stack_destroy(shared);
    for (unsigned c = 0; c < 32; c++)
        pred_stack_destroy(alone[c]);
}

/* Spec §6.4: for structured if/else/endif the stack scheme equals per-lane
 * counters (counter 0 = active; IF: nonzero++ or false->1; ELSE: 0<->1;
 * ENDIF: nonzero--). An independent oracle of the whole op set. */
static void test_counter_model_equivalence(void **state)
{
    (void)state;
    enum { LANES = 20, DEPTH = 32 };
    rng r;
    rng_seed(&r, 3);
    pred_stack_model *m = make(1, LANES, DEPTH);
    unsigned counter[LANES] = {0};
    unsigned depth = 0;
    int in_else[DEPTH + 1] = {0};
    for (int step = 0; step < 200000; step++) {
        unsigned choice = rng_below(&r, 3);
        if (depth == 0 || (choice == 0 && depth < DEPTH)) { /* IF c */
            uint64_t c = rng_next(&r);
            if (rng_below(&r, 4) == 0)
                c = rng_below(&r, 2) ? ~0ull : 0; /* uniform branches */
            op(m, 0, PRED_OP_PUSH_SETP, c);
            for (unsigned l = 0; l < LANES; l++)
                if (counter[l] || !(c >> l & 1))
                    counter[l]++;
            in_else[++depth] = 0;
        } else if (choice == 1 && !in_else[depth]) { /* ELSE */
            op(m, 0, PRED_OP_INV, 0);
            for (unsigned l = 0; l < LANES; l++)
                counter[l] = counter[l] == 0 ? 1 : counter[l] == 1 ? 0 : counter[l];
            in_else[depth] = 1;
        } else { /* ENDIF */
            op(m, 0, PRED_OP_POP, 0);
            for (unsigned l = 0; l < LANES; l++)
                if (counter[l])
                    counter[l]--;
            depth--;
        }
        uint64_t expect = 0;
        for (unsigned l = 0; l < LANES; l++)
            expect |= (uint64_t)(counter[l] == 0) << l;
        pred_stack_out o = look(m, 0);
        assert_int_equal(o.obs_pred, expect);
        assert_int_equal(o.obs_sp, depth);
    }
    assert_false(look(m, 0).obs_overflow);
    assert_false(look(m, 0).obs_underflow);
    pred_stack_destroy(m);
}

static void test_op_names(void **state)
{
    (void)state;
    assert_string_equal(pred_op_name(PRED_OP_PUSH_SETP), "PUSH_SETP");
    assert_string_equal(pred_op_name(PRED_OP_SET_TASK_MASK), "SET_TASK_MASK");
    assert_string_equal(pred_op_name(15), "WRITE"); /* only 3 bits decode */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_create_rejects_bad_parameters),
        cmocka_unit_test(test_reset_state),
        cmocka_unit_test(test_outputs_are_before_the_edge),
        cmocka_unit_test(test_setp_narrows),
        cmocka_unit_test(test_push_pop_restore),
        cmocka_unit_test(test_if_else_identity),
        cmocka_unit_test(test_inv_twice),
        cmocka_unit_test(test_push_setp_order),
        cmocka_unit_test(test_overflow),
        cmocka_unit_test(test_underflow),
        cmocka_unit_test(test_ladder_at_full_depth),
        cmocka_unit_test(test_lane_masking),
        cmocka_unit_test(test_task_mask),
        cmocka_unit_test(test_out_of_range),
        cmocka_unit_test(test_write_stores_the_condition),
        cmocka_unit_test(test_write_if_else_identity),
        cmocka_unit_test(test_sfu_predicate_is_or_of_its_spu),
        cmocka_unit_test(test_spu_datamask_and_sfu_execute_mask),
        cmocka_unit_test(test_spu_rules_hold_under_random_ops),
        cmocka_unit_test(test_spu_grouping_needs_whole_spus),
        cmocka_unit_test(test_reset_mid_program),
        cmocka_unit_test(test_context_isolation),
        cmocka_unit_test(test_counter_model_equivalence),
        cmocka_unit_test(test_op_names),
    };
    return cmocka_run_group_tests_name("pred_stack", tests, NULL, NULL);
}
