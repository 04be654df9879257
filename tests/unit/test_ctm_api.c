/* The public API (ctm.h) from C: bad parameters give NULL and a reason, a
 * mismatch names the cycle, field, values and lanes, the model handle steps a
 * program to its end with the same number of steps as dpp_run sees, and a
 * missing executable is named. */
#include "cmocka_all.h"

#include "asm.h"
#include "ctm.h"
#include "elf_exe.h"
#include "fc.h"
#include "fileio.h"
#include "isa.h"
#include "run_step.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void test_version(void **state)
{
    (void)state;
    assert_int_equal(ctm_version() >> 16, CTM_VERSION_MAJOR);
    /* the string the preprocessor spells, against the numbers printed */
    char want[32];
    snprintf(want, sizeof want, "%d.%d.%d", CTM_VERSION_MAJOR, CTM_VERSION_MINOR,
             CTM_VERSION_PATCH);
    assert_string_equal(ctm_version_string(), want);
    assert_string_equal(CTM_VERSION_STRING, want);
    assert_true(ctm_version() >= (1 << 16 | 7 << 8)); /* 1.7: the MC and CO functions */
}

/* A block's published port table: the legacy field indices name its rows,
 * every member of the struct has one row (no overlap, only pad_ left over),
 * and a bad block is an error, not a crash. */
static void check_table(const char *block, int outputs, size_t struct_size, size_t pad)
{
    int n = -1;
    const ctm_port *p = ctm_ports(block, outputs, &n);
    assert_non_null(p);
    assert_true(n > 0);
    size_t bytes = 0;
    for (int k = 0; k < n; k++) {
        assert_true(p[k].offset + p[k].size <= struct_size);
        for (int j = 0; j < k; j++) /* no two rows share a byte */
            assert_true(p[j].offset + p[j].size <= p[k].offset ||
                        p[k].offset + p[k].size <= p[j].offset);
        bytes += p[k].size;
    }
    assert_int_equal(bytes + pad, struct_size);
}

static void test_port_tables(void **state)
{
    (void)state;
    check_table("pred_stack", 0, sizeof(ctm_pred_in), 3);
    check_table("pred_stack", 1, sizeof(ctm_pred_out), 2);
    check_table("stack_acct", 0, sizeof(ctm_stack_in), 1);
    check_table("stack_acct", 1, sizeof(ctm_stack_out), 1);
    check_table("fc_unit", 0, sizeof(ctm_fc_in), 0);
    check_table("fc_unit", 1, sizeof(ctm_fc_out), 6);
    int n, m;
    const ctm_port *pred = ctm_ports("pred_stack", 1, &n);
    assert_int_equal(n, CTM_PRED_FIELDS);
    assert_ptr_equal(ctm_ports("pred", 1, &m), pred); /* build/cosim's name */
    assert_string_equal(pred[CTM_PRED_OBS_SP].name, "obs_sp");
    assert_int_equal(pred[CTM_PRED_OBS_SP].offset, offsetof(ctm_pred_out, obs_sp));
    assert_true(pred[CTM_PRED_OBS_TOP].flags & CTM_PORT_LANES);
    assert_true(pred[CTM_PRED_OBS_TOP].flags & CTM_PORT_OBS);
    assert_false(pred[CTM_PRED_EXEC_MASK].flags & CTM_PORT_OBS);
    const ctm_port *stack = ctm_ports("stack_acct", 1, &n);
    assert_int_equal(n, CTM_STACK_FIELDS);
    assert_string_equal(stack[CTM_STACK_DROP].name, "drop");
    const ctm_port *fc = ctm_ports("fc", 1, &n);
    assert_int_equal(n, CTM_FC_FIELDS + 1); /* the counters after the legacy fields */
    assert_string_equal(fc[CTM_FC_LOOP_TOP_COUNT].name, "loop_top_count");
    assert_string_equal(fc[CTM_FC_FAULT].name, "fault");
    assert_string_equal(fc[CTM_FC_FAULT].name_of(FC_FAULT_BRANCH_OVERFLOW), "branch nesting overflow");
    assert_string_equal(fc[CTM_FC_FIELDS].name, "bc");
    assert_int_equal(fc[CTM_FC_FIELDS].size, 64);
    assert_null(ctm_ports("fc_unit", 1, NULL));
    assert_non_null(strstr(ctm_error(), "count"));
    assert_null(ctm_ports(NULL, 0, &n));
    assert_null(ctm_ports("alu", 0, &n));
    assert_non_null(strstr(ctm_error(), "no block \"alu\""));
}

static void test_bad_parameters(void **state)
{
    (void)state;
    assert_null(ctm_pred_new(0, 16, 4));
    assert_non_null(strstr(ctm_error(), "ctm_pred_new"));
    assert_null(ctm_stack_new(20, 0, 0, 8)); /* width 20 does not exist */
    assert_non_null(strstr(ctm_error(), "ctm_stack_new"));
    assert_null(ctm_model_new("/nonexistent/p.elf", 8, 8, 64, 1, 4, 4));
    assert_non_null(strstr(ctm_error(), "/nonexistent/p.elf"));
    ctm_pred *p = ctm_pred_new(2, 16, 4);
    assert_non_null(p);
    assert_string_equal(ctm_error(), ""); /* a success clears it */
    ctm_pred_free(p);
}

static void test_pred_check_names_the_difference(void **state)
{
    (void)state;
    ctm_pred *p = ctm_pred_new(2, 16, 4);
    ctm_pred_step(p, 1, 0, 0, 0, 0); /* reset: everything enabled */
    assert_int_equal(ctm_pred_expect(p, CTM_PRED_EXEC_MASK), 0xFFFF);
    assert_int_equal(ctm_pred_check(p, 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF, 0, 0, 0, 0), CTM_OK);
    assert_string_equal(ctm_pred_diff(p), "");
    ctm_pred_step(p, 0, 5, 1, 0x00F0, 1); /* PUSH_SETP on context 1 */
    ctm_pred_step(p, 0, 0, 1, 0, 1);      /* observe it */
    assert_int_equal(ctm_pred_expect(p, CTM_PRED_OBS_PRED), 0x00F0);
    assert_int_equal(ctm_pred_check(p, 0x00F0, 0x00F0, 0xFFFF, 0x00F0, 1, 0xFFFF, 0, 0), CTM_OK);
    assert_int_equal(ctm_pred_check(p, 0x00F1, 0x00F0, 0xFFFF, 0x00F0, 1, 0xFFFF, 0, 0),
                     CTM_E_MISMATCH);
    assert_string_equal(ctm_pred_diff(p),
                        "cycle 2, context 1: exec_mask: expected 0xf0, actual 0xf1 (lanes 0 differ)");
    ctm_pred_free(p);
}

/* One call a cycle with the port structs: a match takes the edge, a mismatch
 * names the field as ctm_pred_check does and leaves the edge to ctm_pred_edge,
 * a refused input is CTM_E_ARG and changes nothing. */
static void test_pred_cycle(void **state)
{
    (void)state;
    ctm_pred *p = ctm_pred_new(2, 16, 4);
    ctm_pred_out exp, dut;
    assert_int_equal(ctm_pred_expected(p, &exp), CTM_E_STATE);
    ctm_pred_in in = {.rst = 1};
    assert_int_equal(ctm_pred_cycle(p, &in, NULL), CTM_OK); /* no DUT: a step */
    in = (ctm_pred_in){.op = CTM_PRED_OP_PUSH_SETP, .ctx = 1, .mask = 0x00F0, .obs_ctx = 1};
    dut = (ctm_pred_out){.exec_mask = 0xFFFF, .obs_pred = 0xFFFF, .obs_task_mask = 0xFFFF,
                         .obs_exec_mask = 0xFFFF};
    assert_int_equal(ctm_pred_cycle(p, &in, &dut), CTM_OK);
    assert_int_equal(ctm_pred_peek(p, 1, CTM_PRED_OBS_SP), 1); /* the edge was taken */
    in = (ctm_pred_in){.op = CTM_PRED_OP_PUSH, .ctx = 1, .obs_ctx = 1};
    dut = (ctm_pred_out){.exec_mask = 0x00F0, .obs_pred = 0x00F0, .obs_task_mask = 0xFFFF,
                         .obs_exec_mask = 0x00F1, .obs_sp = 1, .obs_top = 0xFFFF};
    assert_int_equal(ctm_pred_cycle(p, &in, &dut), CTM_E_MISMATCH);
    assert_string_equal(ctm_pred_diff(p), "cycle 2, context 1: obs_exec_mask: expected 0xf0, "
                                          "actual 0xf1 (lanes 0 differ)");
    int port, lane, n;
    assert_int_equal(ctm_pred_diff_port(p, &port, &lane), CTM_OK); /* the same, as data */
    assert_int_equal(port, CTM_PRED_OBS_EXEC_MASK);
    assert_string_equal(ctm_ports("pred", 1, &n)[port].name, "obs_exec_mask");
    assert_int_equal(lane, 0);
    assert_int_equal(ctm_pred_expected(p, &exp), CTM_OK);
    assert_int_equal(exp.obs_exec_mask, 0x00F0);
    assert_int_equal(ctm_pred_expect(p, CTM_PRED_OBS_SP), 1);
    assert_int_equal(ctm_pred_peek(p, 1, CTM_PRED_OBS_SP), 1); /* no edge yet */
    ctm_pred_edge(p);
    assert_int_equal(ctm_pred_peek(p, 1, CTM_PRED_OBS_SP), 2);
    uint64_t cycle;
    ctm_pred_in was; /* the history keeps each step's inputs and expected outputs */
    assert_int_equal(ctm_pred_history(p, 1, 0, &cycle, &was, &exp), CTM_OK);
    assert_int_equal(cycle, 2);
    assert_int_equal(was.op, CTM_PRED_OP_PUSH);
    assert_int_equal(exp.obs_exec_mask, 0x00F0);
    assert_int_equal(ctm_pred_history(p, 1, 1, &cycle, &was, &exp), CTM_OK);
    assert_int_equal(cycle, 1);
    assert_int_equal(was.mask, 0x00F0);
    assert_int_equal(ctm_pred_history(p, 0, 0, &cycle, &was, &exp), CTM_OK); /* the reset */
    assert_int_equal(was.rst, 1);
    /* a refused history call says why in its status and ctm_error(), and leaves no
     * error pending for the next cycle */
    assert_int_equal(ctm_pred_history(p, 1, 2, &cycle, &was, &exp), CTM_E_ARG);
    assert_non_null(strstr(ctm_error(), "ctm_pred_history: no step 2 kept"));
    assert_int_equal(ctm_pred_history(p, 5, 0, &cycle, &was, &exp), CTM_E_ARG);
    assert_non_null(strstr(ctm_error(), "ctm_pred_history: ctx = 5 is outside 0..1"));
    const ctm_pred_in nop = {.ctx = 1, .obs_ctx = 1};
    assert_int_equal(ctm_pred_cycle(p, &nop, NULL), CTM_OK);
    in.ctx = 2; /* past ctx_i's two contexts */
    assert_int_equal(ctm_pred_cycle(p, &in, &dut), CTM_E_ARG);
    assert_non_null(strstr(ctm_pred_diff(p), "ctm_pred_cycle: ctx = 2 is outside 0..1"));
    assert_int_equal(ctm_pred_peek(p, 1, CTM_PRED_OBS_SP), 2);
    assert_int_equal(ctm_pred_cycle(NULL, &in, &dut), CTM_E_ARG);
    ctm_pred_free(p);
}

/* ctm_fc_cycle steps as ctm_fc_step does and compares what ctm_fc_check
 * compares: two handles driven alike, one each way, agree on every output of
 * every cycle of a random command stream (random instruction words: every op,
 * illegal fields, faults); a DUT struct equal to the expected one passes, a
 * counter or a field changed is named. */
static void test_fc_cycle(void **state)
{
    (void)state;
    ctm_fc *a = ctm_fc_new(3, 20, 2, 2, 5), *b = ctm_fc_new(3, 20, 2, 2, 5),
           *c = ctm_fc_new(3, 20, 2, 2, 5);
    ctm_fc_out exp, dut;
    assert_int_equal(ctm_fc_expected(b, &exp), CTM_E_STATE);
    uint64_t r = 0x9E3779B97F4A7C15ull;
    unsigned mismatches = 0, counters_seen = 0;
    for (int i = 0; i < 20000; i++) {
        r ^= r << 13, r ^= r >> 7, r ^= r << 17;
        ctm_fc_in in = {.pred_r = r, .pred_g = r >> 7, .pred_b = ~r, .pred_a = r << 3,
                        .alu_result = r * 3, .live = (r & 15) ? ~0ull : r >> 20,
                        .cmd = (r >> 8 & 7) == 0 ? CTM_FC_CMD_START : (r >> 11 & 3),
                        .ctx = (uint32_t)(r >> 13 & 3), .pc = (uint32_t)(r >> 15 & 511),
                        .cmn_inst = (uint32_t)(r >> 24), .fc_inst = (uint32_t)(r >> 29),
                        .fc_addr = (uint32_t)(r >> 33), .int_const = (uint32_t)(r >> 40),
                        .rst = i == 0 || (r >> 44 & 1023) == 0, .full_mode = (r >> 50 & 7) != 0,
                        .bool_const = r >> 53 & 1, .alu_valid = r >> 54 & 1};
        ctm_fc_step(a, in.rst, (int)in.cmd, (int)in.ctx, in.full_mode, in.cmn_inst, in.fc_inst,
                    in.fc_addr, in.int_const, in.bool_const, in.pred_r, in.pred_g, in.pred_b,
                    in.pred_a, in.alu_result, in.alu_valid, (int)in.pc, in.live);
        assert_int_equal(ctm_fc_cycle(b, &in, NULL), CTM_OK);
        assert_int_equal(ctm_fc_expected(b, &exp), CTM_OK);
        static const int fields[] = {CTM_FC_JUMP, CTM_FC_NEXT_PC, CTM_FC_WANT, CTM_FC_ACTIVE,
                                     CTM_FC_BR_INACTIVE, CTM_FC_LOOP_MASKED, CTM_FC_DEPTH,
                                     CTM_FC_ADDR_SP, CTM_FC_ADDR_TOP, CTM_FC_LOOP_SP,
                                     CTM_FC_LOOP_TOP_IS_LOOP, CTM_FC_LOOP_TOP_COUNT,
                                     CTM_FC_LOOP_TOP_LIVE, CTM_FC_LOOP_TOP_BRK,
                                     CTM_FC_LOOP_TOP_CONT, CTM_FC_AL, CTM_FC_OVF, CTM_FC_UDF,
                                     CTM_FC_FAULT};
        const uint64_t got[] = {exp.jump, exp.next_pc, exp.want, exp.active, exp.br_inactive,
                                exp.loop_masked, exp.depth, exp.addr_sp, exp.addr_top,
                                exp.loop_sp, exp.loop_top_is_loop, exp.loop_top_count,
                                exp.loop_top_live, exp.loop_top_brk, exp.loop_top_cont, exp.al,
                                exp.ovf, exp.udf, exp.fault};
        for (unsigned k = 0; k < sizeof fields / sizeof fields[0]; k++)
            assert_int_equal(got[k], ctm_fc_expect(a, fields[k]));
        for (int l = 0; l < 64; l++) {
            assert_int_equal(exp.bc[l], l < 20 ? ctm_fc_expect_bc(a, l) : 0);
            counters_seen += exp.bc[l] != 0;
        }
        /* c, in step with b, checks a DUT showing b's outputs: equal passes, a
         * counter changed is named (c steps whatever the verdict) */
        dut = exp;
        int bend = !in.rst && exp.br_inactive && mismatches < 8 && (i & 1);
        int lane = exp.br_inactive ? __builtin_ctzll(exp.br_inactive) : 0;
        dut.bc[lane] ^= bend;
        assert_int_equal(ctm_fc_cycle(c, &in, &dut), bend ? CTM_E_MISMATCH : CTM_OK);
        if (bend) {
            char want[96];
            snprintf(want, sizeof want, ": bc[%d]: expected %u, actual %u", lane, exp.bc[lane],
                     exp.bc[lane] ^ 1u);
            assert_non_null(strstr(ctm_fc_diff(c), want));
            int port, at;
            assert_int_equal(ctm_fc_diff_port(c, &port, &at), CTM_OK);
            assert_int_equal(port, CTM_FC_FIELDS); /* the counters: the last port */
            assert_int_equal(at, lane);
            mismatches++;
        }
    }
    assert_true(mismatches == 8 && counters_seen > 0);
    /* a field other than the counters */
    ctm_fc_in in = {.cmd = CTM_FC_CMD_START, .ctx = 1, .live = 0xF};
    dut = (ctm_fc_out){.active = 0xE, .next_pc = 0};
    assert_int_equal(ctm_fc_cycle(b, &in, &dut), CTM_E_MISMATCH);
    assert_non_null(strstr(ctm_fc_diff(b), ": active: expected 0xf, actual 0xe (lanes 0 differ)"));
    int port, lane;
    assert_int_equal(ctm_fc_diff_port(b, &port, &lane), CTM_OK);
    assert_true(port == CTM_FC_ACTIVE && lane == 0);
    uint64_t cycle;
    ctm_fc_in was;
    assert_int_equal(ctm_fc_history(b, 1, 0, &cycle, &was, &exp), CTM_OK);
    assert_true(was.cmd == CTM_FC_CMD_START && was.live == 0xF && exp.active == 0xF);
    assert_int_equal(ctm_fc_history(b, 256, 0, &cycle, &was, &exp), CTM_E_ARG);
    in.pc = 512; /* past pc_i */
    assert_int_equal(ctm_fc_cycle(b, &in, &dut), CTM_E_ARG);
    assert_non_null(strstr(ctm_fc_diff(b), "ctm_fc_cycle: pc = 512 is outside 0..511"));
    assert_int_equal(ctm_fc_cycle(NULL, &in, &dut), CTM_E_ARG);
    ctm_fc_free(a);
    ctm_fc_free(b);
    ctm_fc_free(c);
}

/* ctm_fc_cycles is ctm_fc_cycle n times: a handle fed random batches of a
 * random command stream, some DUT outputs wrong (each port in turn), gives after each batch the
 * status, the cycles taken (up to the first failure), the diff, the expected
 * outputs and the history that one fed the same cycles one call at a time
 * gives; arrays at a 4-byte boundary as SystemVerilog's are; misuse named. */
static void test_fc_cycles(void **state)
{
    (void)state;
    enum { N = 3000 };
    static ctm_fc_in in[N];
    static ctm_fc_out dut[N];
    ctm_fc *ref = ctm_fc_new(3, 20, 2, 2, 5), *one = ctm_fc_new(3, 20, 2, 2, 5),
           *many = ctm_fc_new(3, 20, 2, 2, 5);
    uint64_t r = 0x2545F4914F6CDD1Dull;
    unsigned wrong = 0;
    int nports;
    const ctm_port *ports = ctm_ports("fc_unit", 1, &nports);
    assert_non_null(ports);
    for (int i = 0; i < N; i++) {
        r ^= r << 13, r ^= r >> 7, r ^= r << 17;
        in[i] = (ctm_fc_in){.pred_r = r, .pred_g = r >> 7, .pred_b = ~r, .pred_a = r << 3,
                            .alu_result = r * 3, .live = (r & 15) ? ~0ull : r >> 20,
                            .cmd = (r >> 8 & 7) == 0 ? CTM_FC_CMD_START : (r >> 11 & 3),
                            .ctx = (uint32_t)(r >> 13 & 3), .pc = (uint32_t)(r >> 15 & 511),
                            .cmn_inst = (uint32_t)(r >> 24), .fc_inst = (uint32_t)(r >> 29),
                            .fc_addr = (uint32_t)(r >> 33), .int_const = (uint32_t)(r >> 40),
                            .rst = i == 0 || (r >> 44 & 511) == 0,
                            .full_mode = (r >> 50 & 7) != 0, .bool_const = r >> 53 & 1,
                            .alu_valid = r >> 54 & 1};
        assert_int_equal(ctm_fc_cycle(ref, &in[i], NULL), CTM_OK);
        assert_int_equal(ctm_fc_expected(ref, &dut[i]), CTM_OK);
        if (!in[i].rst && (r >> 56 & 63) == 0) { /* a DUT with a port wrong: bit 0 of any */
            const ctm_port *port = &ports[(r >> 8) % (unsigned)nports];
            size_t at = port->offset + (port->size == 64 ? (r >> 16) % 20 : 0); /* bc: a lane */
            ((unsigned char *)&dut[i])[at] ^= 1;
            wrong++;
        }
    }
    unsigned failures = 0;
    for (int at = 0; at < N;) {
        r ^= r << 13, r ^= r >> 7, r ^= r << 17;
        int n = 1 + (int)(r % 40), stepped = -1, k = 0, want = CTM_OK;
        n = at + n > N ? N - at : n;
        while (k < n && (want = ctm_fc_cycle(one, &in[at + k], &dut[at + k])) == CTM_OK)
            k++;
        int want_stepped = k < n ? k + 1 : n;
        assert_int_equal(ctm_fc_cycles(many, &in[at], &dut[at], n, &stepped), want);
        assert_int_equal(stepped, want_stepped);
        assert_string_equal(ctm_fc_diff(many), ctm_fc_diff(one));
        ctm_fc_out a, b;
        assert_int_equal(ctm_fc_expected(many, &a), CTM_OK);
        assert_int_equal(ctm_fc_expected(one, &b), CTM_OK);
        assert_memory_equal(&a, &b, sizeof a);
        for (int ctx = 0; ctx < 3; ctx++) {
            uint64_t ca = 0, cb = 0;
            ctm_fc_in ia, ib;
            int ra = ctm_fc_history(many, ctx, 0, &ca, &ia, &a),
                rb = ctm_fc_history(one, ctx, 0, &cb, &ib, &b);
            assert_int_equal(ra, rb);
            if (ra == CTM_OK) {
                assert_true(ca == cb && !memcmp(&ia, &ib, sizeof ia));
                assert_memory_equal(&a, &b, sizeof a);
            }
        }
        failures += want != CTM_OK;
        at += stepped;
    }
    assert_true(failures == wrong && wrong > 10);
    /* arrays at an odd 4-byte boundary: read as they are */
    static uint64_t buf[(2 * sizeof(ctm_fc_in) + sizeof(ctm_fc_out)) / 8 + 2];
    unsigned char *odd = (unsigned char *)buf + 4;
    ctm_fc_in start = {.cmd = CTM_FC_CMD_START, .ctx = 1, .live = 0xF};
    ctm_fc_out after = {.active = 0xF, .next_pc = 0};
    memcpy(odd, &start, sizeof start);
    memcpy(odd + sizeof start, &after, sizeof after);
    int stepped;
    assert_int_equal(ctm_fc_cycles(many, (const ctm_fc_in *)odd,
                                   (const ctm_fc_out *)(odd + sizeof start), 1, &stepped),
                     CTM_OK);
    assert_int_equal(stepped, 1);
    /* misuse */
    assert_int_equal(ctm_fc_cycles(many, in, dut, 0, NULL), CTM_OK);
    assert_int_equal(ctm_fc_cycles(many, NULL, NULL, 0, &stepped), CTM_OK);
    assert_int_equal(stepped, 0);
    assert_int_equal(ctm_fc_cycles(many, in, dut, -1, &stepped), CTM_E_ARG);
    assert_string_equal(ctm_error(), "ctm_fc_cycles: n = -1 is negative");
    assert_int_equal(ctm_fc_cycles(many, NULL, dut, 2, &stepped), CTM_E_ARG);
    assert_string_equal(ctm_error(), "ctm_fc_cycles: in is NULL with n = 2");
    assert_int_equal(ctm_fc_cycles(many, in, NULL, 2, &stepped), CTM_E_ARG);
    assert_string_equal(ctm_error(), "ctm_fc_cycles: dut is NULL with n = 2");
    assert_int_equal(stepped, 0);
    assert_int_equal(ctm_fc_cycles(NULL, in, dut, 1, &stepped), CTM_E_ARG);
    assert_non_null(strstr(ctm_error(), "ctm_fc_cycles: the ctm_fc handle is NULL"));
    ctm_fc_free(ref);
    ctm_fc_free(one);
    ctm_fc_free(many);
    assert_int_equal(ctm_fc_cycles(many, in, dut, 1, &stepped), CTM_E_ARG);
    assert_string_equal(ctm_error(), "ctm_fc_cycles: the ctm_fc handle was freed");
}

static void test_stack_cycle(void **state)
{
    (void)state;
    ctm_stack *s = ctm_stack_new(64, 0, 0, 8);
    ctm_stack_in in = {.rst = 1, .stack_size = 4};
    ctm_stack_out dut = {0};
    assert_int_equal(ctm_stack_cycle(s, &in, &dut), CTM_OK);
    in = (ctm_stack_in){.op = CTM_STACK_OP_PUSH, .stack_size = 4};
    assert_int_equal(ctm_stack_cycle(s, &in, &dut), CTM_OK); /* outputs before the edge */
    in.op = CTM_STACK_OP_NOP;
    assert_int_equal(ctm_stack_cycle(s, &in, &dut), CTM_E_MISMATCH);
    ctm_stack_out exp;
    assert_int_equal(ctm_stack_expected(s, &exp), CTM_OK);
    assert_int_equal(exp.depth, 1);
    assert_int_equal(ctm_stack_expect(s, CTM_STACK_DEPTH), 1);
    assert_non_null(strstr(ctm_stack_diff(s), "cycle 2: "));
    int port, lane;
    assert_int_equal(ctm_stack_diff_port(s, &port, &lane), CTM_OK);
    assert_true(port == CTM_STACK_SUBENTRIES && lane == -1); /* not a lane mask */
    in.op = CTM_STACK_OP_NOP;
    assert_int_equal(ctm_stack_cycle(s, &in, &exp), CTM_OK);
    assert_int_equal(ctm_stack_diff_port(s, &port, &lane), CTM_OK);
    assert_int_equal(port, -1); /* a match */
    in.pop_count = 8;
    assert_int_equal(ctm_stack_cycle(s, &in, &exp), CTM_E_ARG);
    assert_non_null(strstr(ctm_stack_diff(s), "pop_count = 8 is outside 0..7"));
    ctm_stack_free(s);
}

/* [seed 003]: the condition result is stored ("存入"): CTM_PRED_OP_WRITE sets
 * lanes the predicate did not hold, where SETP could only clear them. */
static void test_pred_write_stores(void **state)
{
    (void)state;
    ctm_pred *p = ctm_pred_new(2, 16, 4);
    ctm_pred_step(p, 1, 0, 0, 0, 0);
    ctm_pred_step(p, 0, CTM_PRED_OP_SETP, 1, 0x000F, 1);
    ctm_pred_step(p, 0, CTM_PRED_OP_WRITE, 1, 0x0FF0, 1);
    assert_int_equal(ctm_pred_peek(p, 1, CTM_PRED_OBS_PRED), 0x0FF0);
    ctm_pred_step(p, 0, CTM_PRED_OP_SETP, 1, 0x00FF, 1);
    assert_int_equal(ctm_pred_peek(p, 1, CTM_PRED_OBS_PRED), 0x00F0);
    assert_int_equal(ctm_pred_peek(p, 0, CTM_PRED_OBS_PRED), 0xFFFF); /* isolation */
    ctm_pred_free(p);
}

/* The patent's unit through the API [seed 003]: 4 SPUs of 4 SC + 1 SFU lane. The
 * SFU lane (16 + s) shows the OR of SPU s's SC lanes, and the SPU's TaskMask is
 * every one of its lanes' DataMask. */
static void test_pred_grouped(void **state)
{
    (void)state;
    ctm_pred *p = ctm_pred_new_grouped(32, 20, 32, 4);
    assert_non_null(p);
    ctm_pred_step(p, 1, 0, 0, 0, 0);
    ctm_pred_step(p, 0, CTM_PRED_OP_SET_TASK_MASK, 31, 0x0100, 31); /* SPU 2 only */
    ctm_pred_step(p, 0, CTM_PRED_OP_WRITE, 31, 0x0a03, 31);
    ctm_pred_step(p, 0, CTM_PRED_OP_NOP, 31, 0, 31);
    assert_int_equal(ctm_pred_expect(p, CTM_PRED_OBS_TASK_MASK), 0x40f00);
    assert_int_equal(ctm_pred_expect(p, CTM_PRED_OBS_PRED), 0x50a03);
    assert_int_equal(ctm_pred_expect(p, CTM_PRED_EXEC_MASK), 0x40a00);
    assert_int_equal(ctm_pred_check(p, 0x40a00, 0x50a03, 0x40f00, 0x40a00, 0, 0, 0, 0), CTM_OK);
    assert_int_equal(ctm_pred_check(p, 0x40a00, 0x50a03, 0x40f00, 0x00a00, 0, 0, 0, 0),
                     CTM_E_MISMATCH); /* an SFU lane left out */
    ctm_pred_free(p);
    ctm_pred *q = ctm_pred_new_grouped(2, 16, 4, 0); /* 0: the flat lanes of ctm_pred_new */
    ctm_pred_step(q, 0, CTM_PRED_OP_WRITE, 1, 0x1, 1);
    assert_int_equal(ctm_pred_peek(q, 1, CTM_PRED_OBS_PRED), 0x1);
    ctm_pred_free(q);
}

/* eval computes a cycle's outputs without the edge: peek still sees the state
 * before it, the edge lands the op, and a second edge changes nothing. */
static void test_pred_eval_edge_peek(void **state)
{
    (void)state;
    ctm_pred *p = ctm_pred_new(2, 16, 4);
    ctm_pred_step(p, 1, 0, 0, 0, 0);
    ctm_pred_eval(p, 0, 5, 1, 0x00F0, 1); /* PUSH_SETP on context 1, not yet clocked */
    assert_int_equal(ctm_pred_expect(p, CTM_PRED_OBS_PRED), 0xFFFF);
    assert_int_equal(ctm_pred_peek(p, 1, CTM_PRED_OBS_SP), 0);
    ctm_pred_edge(p);
    assert_int_equal(ctm_pred_peek(p, 1, CTM_PRED_OBS_SP), 1);
    assert_int_equal(ctm_pred_peek(p, 1, CTM_PRED_OBS_PRED), 0x00F0);
    assert_int_equal(ctm_pred_peek(p, 1, CTM_PRED_EXEC_MASK), 0x00F0);
    assert_int_equal(ctm_pred_peek(p, 1, CTM_PRED_OBS_TOP), 0xFFFF);
    assert_int_equal(ctm_pred_peek(p, 0, CTM_PRED_OBS_SP), 0); /* isolation */
    ctm_pred_edge(p);
    assert_int_equal(ctm_pred_peek(p, 1, CTM_PRED_OBS_SP), 1);
    assert_int_equal(ctm_pred_peek(p, 7, CTM_PRED_OBS_PRED), 0); /* out of range */
    assert_int_equal(ctm_pred_peek(p, -1, CTM_PRED_OBS_PRED), 0);
    ctm_pred_eval(p, 1, 2, 1, 0, 1); /* a reset shows in the same cycle */
    assert_int_equal(ctm_pred_expect(p, CTM_PRED_OBS_SP), 0);
    ctm_pred_free(p);
}

static void test_stack_check(void **state)
{
    (void)state;
    ctm_stack *s = ctm_stack_new(64, 0, 0, 16);
    ctm_stack_step(s, 1, 0, 0, 0, 0, 4);
    ctm_stack_step(s, 0, 5, 0, 0, 0, 4); /* LOOP_START */
    ctm_stack_step(s, 0, 0, 0, 0, 0, 4); /* its effect shows now */
    assert_int_equal(ctm_stack_expect(s, CTM_STACK_DEPTH), 1);
    assert_int_equal(ctm_stack_check(s, 1, 0, 1, 1, 1, 0, 0, 0), CTM_OK);
    assert_int_equal(ctm_stack_check(s, 1, 0, 1, 1, 2, 0, 0, 0), CTM_E_MISMATCH);
    assert_string_equal(ctm_stack_diff(s), "cycle 2: depth: expected 0x1, actual 0x2");
    ctm_stack_free(s);
}

/* The fc_unit handle takes the instruction as encoded words: driven with the
 * ISA encoder's words it matches the C model driven with the fields, step
 * for step, and a check names a differing field or lane counter. */
static void test_fc_matches_the_model(void **state)
{
    (void)state;
    assert_null(ctm_fc_new(1, 65, 4, 4, 6));
    assert_non_null(strstr(ctm_error(), "ctm_fc_new"));
    ctm_fc *f = ctm_fc_new(2, 16, 2, 2, 4);
    assert_non_null(f);
    fc_unit_params p = {2, 16, 2, 2, 4, DPP_FC_PARTIAL_BRANCHES};
    fc_unit_model *m;
    dpp_error err;
    assert_int_equal(fc_unit_create(&p, &m, &err), DPP_OK);
    uint64_t r = 88172645463325252ull;
    unsigned mismatches = 0;
    for (int k = 0; k < 4000; k++) {
        r ^= r << 13, r ^= r >> 7, r ^= r << 17;
        fc_unit_in in = {.cmd = (uint8_t)(k % 7 == 0 ? FC_CMD_START : FC_CMD_EXEC),
                         .ctx = (uint8_t)(r >> 60 & 1),
                         .full_mode = (uint8_t)(r >> 59 & 1),
                         .inst = {.op = (uint8_t)(r & 7),
                                  .b_else = (uint8_t)(r >> 3 & 1),
                                  .jump_any = (uint8_t)(r >> 4 & 1),
                                  .a_op = (uint8_t)(r >> 5 & 3) % 3,
                                  .jump_func = (uint8_t)(r >> 8),
                                  .b_pop_cnt = (uint8_t)(r >> 16 & 3),
                                  .b_op0 = (uint8_t)(r >> 18 & 3) % 3,
                                  .b_op1 = (uint8_t)(r >> 20 & 3) % 3,
                                  .jump_addr = (uint16_t)(r >> 22 & 511),
                                  .pred_sel = (uint8_t)(r >> 31 & 1)},
                         .pred = {r, r >> 3, r >> 5, r >> 7},
                         .alu_result = r >> 11,
                         .alu_valid = (uint8_t)(r >> 40 & 1),
                         .bool_const = (uint8_t)(r >> 41 & 1),
                         .loop_count = (uint8_t)(r >> 42 & 3),
                         .pc = (uint16_t)(k % 500),
                         .live = (r >> 44) | 1};
        dpp_inst inst;
        memset(&inst, 0, sizeof inst);
        inst.cmn.type = DPP_TYPE_FC;
        inst.cmn.rgb_pred_sel = in.inst.pred_sel;
        inst.fc = (dpp_fc){.op = in.inst.op, .b_else = in.inst.b_else, .jump_any = in.inst.jump_any,
                           .a_op = in.inst.a_op, .jump_func = in.inst.jump_func,
                           .b_pop_cnt = in.inst.b_pop_cnt, .b_op0 = in.inst.b_op0,
                           .b_op1 = in.inst.b_op1, .jump_addr = in.inst.jump_addr};
        uint32_t w[DPP_INST_DWORDS];
        dpp_inst_encode(&inst, w);
        fc_unit_out o;
        fc_unit_step(m, &in, &o);
        ctm_fc_step(f, 0, in.cmd, in.ctx, in.full_mode, w[0], w[2], w[3], in.loop_count,
                    in.bool_const, in.pred[0], in.pred[1], in.pred[2], in.pred[3], in.alu_result,
                    in.alu_valid, in.pc, in.live);
        assert_int_equal(ctm_fc_expect(f, CTM_FC_ACTIVE), o.active);
        assert_int_equal(ctm_fc_expect(f, CTM_FC_FAULT), o.fault);
        assert_int_equal(ctm_fc_expect(f, CTM_FC_NEXT_PC), o.next_pc);
        uint32_t bc[16] = {0};
        for (unsigned l = 0; l < 16; l++)
            bc[l * 4 / 32] |= (uint32_t)o.bc[l] << (l * 4 % 32);
        assert_int_equal(ctm_fc_check(f, o.jump, o.next_pc, o.want, o.active, o.br_inactive,
                                      o.loop_masked, bc, o.depth, o.addr_sp, o.addr_top, o.loop_sp,
                                      o.loop_top_is_loop, o.loop_top_count, o.loop_top_live,
                                      o.loop_top_brk, o.loop_top_cont, o.al, o.ovf, o.udf,
                                      o.fault),
                         CTM_OK);
        if (o.active && k % 50 == 0) { /* a wrong lane, then a wrong counter */
            assert_int_equal(ctm_fc_check(f, o.jump, o.next_pc, o.want, o.active ^ 1, o.br_inactive,
                                          o.loop_masked, bc, o.depth, o.addr_sp, o.addr_top,
                                          o.loop_sp, o.loop_top_is_loop, o.loop_top_count,
                                          o.loop_top_live, o.loop_top_brk, o.loop_top_cont, o.al,
                                          o.ovf, o.udf, o.fault),
                             CTM_E_MISMATCH);
            assert_non_null(strstr(ctm_fc_diff(f), "active: expected"));
            bc[0] ^= 1u << 4; /* lane 1's counter */
            assert_int_equal(ctm_fc_check(f, o.jump, o.next_pc, o.want, o.active, o.br_inactive,
                                          o.loop_masked, bc, o.depth, o.addr_sp, o.addr_top,
                                          o.loop_sp, o.loop_top_is_loop, o.loop_top_count,
                                          o.loop_top_live, o.loop_top_brk, o.loop_top_cont, o.al,
                                          o.ovf, o.udf, o.fault),
                             CTM_E_MISMATCH);
            assert_non_null(strstr(ctm_fc_diff(f), "bc[1]"));
            mismatches++;
        }
    }
    assert_true(mismatches > 10);
    fc_unit_destroy(m);
    ctm_fc_free(f);
}

/* The counters travel as the RTL's packed vector: a lane that straddles two
 * words and the last lane are read where they are, and bits past the last
 * lane are not the unit's. */
static void test_fc_check_packed_counters(void **state)
{
    (void)state;
    ctm_fc *f = ctm_fc_new(1, 20, 2, 2, 6); /* 120 bits: words 0..3, 3 partly */
    ctm_fc_step(f, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    ctm_fc_step(f, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xfffff); /* START */
    uint32_t bc[16] = {0};
#define CHECK(bc) \
    ctm_fc_check(f, 0, 0, 0, 0xfffff, 0, 0, bc, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    assert_int_equal(CHECK(bc), CTM_OK);
    bc[3] = 0xff000000u; /* past lane 19 */
    assert_int_equal(CHECK(bc), CTM_OK);
    bc[0] = 1u << 30; /* lane 5: bits 30..35 */
    assert_int_equal(CHECK(bc), CTM_E_MISMATCH);
    assert_string_equal(ctm_fc_diff(f), "cycle 1, context 0: bc[5]: expected 0, actual 1");
    bc[0] = 0;
    bc[1] = 1u << 2; /* bit 34: lane 5's value 16 */
    assert_int_equal(CHECK(bc), CTM_E_MISMATCH);
    assert_string_equal(ctm_fc_diff(f), "cycle 1, context 0: bc[5]: expected 0, actual 16");
    bc[1] = 0;
    bc[3] = 1u << (114 - 96); /* lane 19 */
    assert_int_equal(CHECK(bc), CTM_E_MISMATCH);
    assert_string_equal(ctm_fc_diff(f), "cycle 1, context 0: bc[19]: expected 0, actual 1");
    /* the report shows the lanes whose counter differs, and START by name */
    const char *t = ctm_fc_report(f, CTM_REPORT_TEXT);
    assert_non_null(strstr(t, "  field    bc\n"));
    assert_non_null(strstr(t, "  lanes    19 differ\n"));
    assert_non_null(strstr(t, "  inputs   rst 0, cmd START (1), ctx 0, full_mode 1, cmn_inst "
                              "0x00000000, fc_inst 0x00000000 (JUMP), "));
    assert_non_null(strstr(t, "last 2 steps of the context"));
#undef CHECK
    ctm_fc_free(f);
}

static void test_model_steps_to_the_end(void **state)
{
    (void)state;
    /* the Mandelbrot example, assembled here */
    static dpp_exe exe;
    dpp_error err;
    uint8_t *src;
    size_t len;
    char elf[] = "/tmp/test_ctm_api_XXXXXX";
    int fd = mkstemp(elf);
    assert_true(fd >= 0);
    close(fd);
    assert_int_equal(dpp_file_read("examples/mandelbrot/mandelbrot.s", 1 << 20, &src, &len, &err),
                     DPP_OK);
    assert_int_equal(dpp_asm((const char *)src, len, "mandelbrot.s", NULL, &exe, &err), DPP_OK);
    assert_int_equal(dpp_elf_write(&exe, elf, &err), DPP_OK);
    free(src);
    ctm_model *m = ctm_model_new(elf, 40, 30, 16, 3, 4, 4);
    unlink(elf);
    if (!m)
        fail_msg("%s", ctm_error());
    /* the same run stepped directly, to compare every port by name */
    dpp_run_opts o;
    dpp_run_default_opts(&o);
    o.width = 40, o.height = 30, o.discard_outputs = 1;
    o.array.lanes = 16, o.array.contexts = 3, o.array.addr_depth = 4, o.array.loop_depth = 4;
    dpp_stepper *direct;
    assert_int_equal(dpp_stepper_open(&exe, &o, "mandelbrot", &direct, &err), DPP_OK);
    uint64_t n = 0;
    int r;
    const pa_fc_event *ev;
    while ((r = ctm_model_step(m)) == 1) {
        n++;
        assert_int_equal(dpp_stepper_next(direct, &ev, &err), DPP_OK);
        assert_non_null(ev);
        const fc_unit_in *in = ev->in;
        const fc_fields *f = &in->inst;
        const struct {
            const char *name;
            uint64_t value;
        } ports[] = {
            {"cmd", in->cmd}, {"ctx", in->ctx}, {"full_mode", in->full_mode}, {"op", f->op},
            {"b_else", f->b_else}, {"jump_any", f->jump_any}, {"a_op", f->a_op},
            {"jump_func", f->jump_func}, {"b_pop_cnt", f->b_pop_cnt}, {"b_op0", f->b_op0},
            {"b_op1", f->b_op1}, {"jump_addr", f->jump_addr}, {"pred_sel", f->pred_sel},
            {"pred_inv", f->pred_inv}, {"pred0", in->pred[0]}, {"pred1", in->pred[1]},
            {"pred2", in->pred[2]}, {"pred3", in->pred[3]}, {"alu_result", in->alu_result},
            {"alu_valid", in->alu_valid}, {"bool_const", in->bool_const},
            {"loop_count", in->loop_count}, {"loop_init", in->loop_init},
            {"loop_step", (uint8_t)in->loop_step}, {"pc", in->pc}, {"live", in->live},
            {"active", ev->out->active}, {"want", ev->out->want}, {"jump", ev->out->jump},
            {"next_pc", ev->out->next_pc}, {"fault", ev->out->fault}, {"wave", ev->wave},
        };
        for (size_t k = 0; k < sizeof ports / sizeof ports[0]; k++)
            if (ctm_model_get(m, ports[k].name) != ports[k].value ||
                ctm_model_get_port(m, ctm_model_port(ports[k].name)) != ports[k].value)
                fail_msg("step %llu: %s: %llu, directly %llu", (unsigned long long)n,
                         ports[k].name, (unsigned long long)ctm_model_get(m, ports[k].name),
                         (unsigned long long)ports[k].value);
        assert_true(ctm_model_get(m, "cmd") == 1 || ctm_model_get(m, "cmd") == 2);
        assert_true(ctm_model_get(m, "ctx") < 3);
        assert_int_equal(ctm_model_get(m, "no_such_port"), 0);
        assert_int_equal(ctm_model_get(m, "PC"), 0); /* names are exact */
        assert_int_equal(ctm_model_port("PC"), -1);
        assert_int_equal(ctm_model_port(NULL), -1);
        assert_int_equal(ctm_model_get_port(m, -1), 0);
        assert_int_equal(ctm_model_get_port(m, 1000), 0);
    }
    assert_int_equal(r, 0);
    assert_int_equal(dpp_stepper_next(direct, &ev, &err), DPP_OK);
    assert_null(ev); /* both ended together */
    dpp_stepper_close(direct);
    assert_int_equal(ctm_model_step(m), 0); /* and it stays ended */
    ctm_model_free(m);
    assert_true(n > 100);
}

/* An input bound through the handle reaches the program: lanes whose element
 * is negative take the conditional return, so "want" of the RET follows the
 * data; a surface of the wrong size, a bad input number and binding after
 * the first step are refused with a reason. */
static const char input_prog[] =
    "    tex ld r1.r, r0.rgba, i0 unscaled acquire wait\n"
    "    call f\n"
    "    fc jump done jump_func=0xff\n"
    "f:\n"
    "    alu rgb mad r2.r, r1.rrr, #1, #0 alpha mad r2._, #0, #0, #0 setres r lt wait\n"
    "    ret if res\n"
    "    ret\n"
    "done:\n"
    "    out rgb max r1._ o0.r, r1.rrr, r1.rrr, r1.rrr alpha max r1._, #0, #0, #0\n";

/* The lanes that took the conditional return, over the whole run. */
static uint64_t conditional_ret_lanes(ctm_model *m)
{
    uint64_t lanes = 0;
    while (ctm_model_step(m) == 1)
        if (ctm_model_get(m, "cmd") == 2 && ctm_model_get(m, "op") == DPP_FC_JUMP &&
            ctm_model_get(m, "a_op") == DPP_AOP_POP &&
            ctm_model_get(m, "jump_func") != 0xff)
            lanes |= ctm_model_get(m, "want");
    return lanes;
}

/* Assembles src into a temporary executable; path is the mkstemp template
 * it is written to (unlink it when done). */
static void assemble_to(const char *src, char *path)
{
    static dpp_exe exe;
    dpp_error err;
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    if (dpp_asm(src, strlen(src), "test.s", NULL, &exe, &err))
        fail_msg("%s", err.msg);
    assert_int_equal(dpp_elf_write(&exe, path, &err), DPP_OK);
}

static void test_model_inputs(void **state)
{
    (void)state;
    char elf[] = "/tmp/test_ctm_api_XXXXXX", raw[] = "/tmp/test_ctm_api_in_XXXXXX";
    assemble_to(input_prog, elf);
    float data[8] = {1, -1, 2, -2, 3, 3, -5, 0}; /* FLOAT32_1, 8x1 */

    ctm_model *m = ctm_model_new(elf, 8, 1, 8, 1, 4, 4);
    assert_non_null(m);
    assert_int_equal(ctm_model_set_input(m, 0, data, CTM_FMT_FLOAT32_1, 8, 1), CTM_OK);
    assert_int_equal(conditional_ret_lanes(m), 0x4a); /* lanes 1, 3, 6 */
    assert_int_equal(ctm_model_set_input(m, 0, data, CTM_FMT_FLOAT32_1, 8, 1), CTM_E_STATE);
    assert_non_null(strstr(ctm_model_error(m), "before the first ctm_model_step"));
    ctm_model_free(m);

    /* the same surface from a file */
    int fd = mkstemp(raw);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, data, sizeof data), (ssize_t)sizeof data);
    close(fd);
    m = ctm_model_new(elf, 8, 1, 8, 1, 4, 4);
    assert_int_equal(ctm_model_load_input(m, 16, raw, CTM_FMT_FLOAT32_1, 8, 1), CTM_E_ARG);
    assert_int_equal(ctm_model_load_input(m, 0, raw, CTM_FMT_FLOAT32_1, 9, 1), CTM_E_FORMAT);
    assert_non_null(strstr(ctm_model_error(m), ": 32 bytes, but a 9x1 surface of format FLOAT32_1 "
                                               "holds 36: expected 36"));
    /* a file too long says the size expected too (it was "file is too large") */
    assert_int_equal(ctm_model_load_input(m, 0, raw, CTM_FMT_FLOAT32_1, 7, 1), CTM_E_FORMAT);
    assert_non_null(strstr(ctm_model_error(m), ": 32 bytes, but a 7x1 surface of format FLOAT32_1 "
                                               "holds 28: expected 28"));
    assert_int_equal(ctm_model_load_cond(m, raw, CTM_FMT_UINT8_4, 4, 1), CTM_E_FORMAT);
    assert_non_null(strstr(ctm_model_error(m), ": 32 bytes, but a 4x1 surface of format UINT8_4 "
                                               "holds 16: expected 16"));
    assert_int_equal(ctm_model_load_input(m, 0, "/nonexistent/in.raw", CTM_FMT_FLOAT32_1, 8, 1),
                     CTM_E_IO);
    assert_int_equal(ctm_model_load_input(m, 0, raw, CTM_FMT_FLOAT32_1, 8, 1), CTM_OK);
    assert_int_equal(conditional_ret_lanes(m), 0x4a);
    ctm_model_free(m);

    /* inputs the run cannot hold (5 GiB of surfaces; the data is never read):
     * each is accepted, and the first step, which prepares the run, says why */
    m = ctm_model_new(elf, 8, 1, 8, 1, 4, 4);
    for (int n = 0; n < 5; n++)
        assert_int_equal(ctm_model_set_input(m, n, data, CTM_FMT_FLOAT32_4, 8192, 8192), CTM_OK);
    assert_int_equal(ctm_model_step(m), -CTM_E_FAULT);
    assert_non_null(strstr(ctm_model_error(m), "4 GiB"));
    assert_int_equal(ctm_model_step(m), -CTM_E_FAULT); /* and stays so */
    ctm_model_free(m);

    /* unbound, the input reads as zeros: no lane is negative */
    m = ctm_model_new(elf, 8, 1, 8, 1, 4, 4);
    assert_int_equal(conditional_ret_lanes(m), 0);
    ctm_model_free(m);

    /* a file past a reader's limit (an executable's 64 MiB; here 16 bytes, as a 64 MiB
     * file takes seconds under ASan) says the most it may be */
    uint8_t *buf;
    size_t len;
    dpp_error err;
    assert_int_equal(dpp_file_read(raw, 16, &buf, &len, &err), DPP_E_IO);
    assert_non_null(strstr(err.msg, ": error: file is too large: expected at most 16 bytes"));
    unlink(raw);
    unlink(elf);
}

/* Constants set through the handle replace the executable's: a float
 * constant moves the threshold of the conditional return, an integer one the
 * count of a REP loop, a boolean one a branch; out of range or after the
 * first step they are refused. */
static const char const_prog[] =
    ".float c0, 0.0\n"
    ".int i0, 2, 0, 0\n"
    ".bool b1, 0\n"
    "    tex ld r1.r, r0.rgba, i0 unscaled acquire wait\n"
    "    rep i0\n"
    "        alu rgb mad r3.r, #0, #0, #0 alpha mad r3._, #0, #0, #0\n"
    "    endrep\n"
    "    if b1\n"
    "        alu rgb mad r3.r, #0, #0, #0 alpha mad r3._, #0, #0, #0\n"
    "    endif\n"
    "    call f\n"
    "    fc jump done jump_func=0xff\n"
    "f:\n"
    "    alu rgb mad r2.r, r1.rrr, #1, c0.rrr alpha mad r2._, #0, #0, #0 setres r lt wait\n"
    "    ret if res\n"
    "    ret\n"
    "done:\n"
    "    out rgb max r1._ o0.r, r1.rrr, r1.rrr, r1.rrr alpha max r1._, #0, #0, #0\n";

typedef struct const_run {
    uint64_t ret_lanes; /* lanes that took the conditional return */
    unsigned steps;     /* flow-control steps of the run */
} const_run;

static const_run run_consts(const char *elf, const float *data, int which)
{
    ctm_model *m = ctm_model_new(elf, 8, 1, 8, 1, 4, 4);
    assert_non_null(m);
    assert_int_equal(ctm_model_set_input(m, 0, data, CTM_FMT_FLOAT32_1, 8, 1), CTM_OK);
    if (which == 1)
        assert_int_equal(ctm_model_set_constf(m, 0, -1.5, 0, 0, 0), CTM_OK);
    if (which == 2)
        assert_int_equal(ctm_model_set_consti(m, 0, 5, 0, 0), CTM_OK);
    if (which == 3)
        assert_int_equal(ctm_model_set_constb(m, 1, 1), CTM_OK);
    const_run r = {0, 0};
    while (ctm_model_step(m) == 1) {
        r.steps++;
        if (ctm_model_get(m, "cmd") == 2 && ctm_model_get(m, "op") == DPP_FC_JUMP &&
            ctm_model_get(m, "a_op") == DPP_AOP_POP && ctm_model_get(m, "jump_func") != 0xff)
            r.ret_lanes |= ctm_model_get(m, "want");
    }
    assert_int_equal(ctm_model_set_consti(m, 0, 1, 0, 0), CTM_E_STATE); /* too late */
    assert_non_null(strstr(ctm_model_error(m), "before the first ctm_model_step"));
    ctm_model_free(m);
    return r;
}

static void test_model_constants(void **state)
{
    (void)state;
    char elf[] = "/tmp/test_ctm_api_XXXXXX";
    assemble_to(const_prog, elf);
    const float data[8] = {1, -1, 2, -2, 3, 3, -5, 0};
    const_run base = run_consts(elf, data, 0), f = run_consts(elf, data, 1),
              i = run_consts(elf, data, 2), b = run_consts(elf, data, 3);
    assert_int_equal(base.ret_lanes, 0x4a); /* x + 0 < 0 */
    assert_int_equal(f.ret_lanes, 0xcb);    /* x - 1.5 < 0 */
    assert_int_equal(f.steps, base.steps);
    assert_int_equal(i.steps, base.steps + 3); /* three more ENDREPs */
    assert_true(b.steps > base.steps);          /* the IF's body runs */

    ctm_model *m = ctm_model_new(elf, 8, 1, 8, 1, 4, 4);
    assert_int_equal(ctm_model_set_constf(m, 256, 0, 0, 0, 0), CTM_E_ARG);
    assert_int_equal(ctm_model_set_consti(m, 32, 1, 0, 0), CTM_E_ARG);
    assert_int_equal(ctm_model_set_consti(m, 0, 256, 0, 0), CTM_E_ARG);
    assert_int_equal(ctm_model_set_consti(m, 0, 1, 0, 128), CTM_E_ARG);
    assert_string_equal(ctm_model_error(m),
                        "ctm_model_set_consti: step = 128 is outside -128..127");
    assert_int_equal(ctm_model_set_constb(m, 0, 2), CTM_E_ARG);
    assert_int_equal(ctm_model_set_consti(m, 0, 1, 0, -128), CTM_OK);
    ctm_model_free(m);
    unlink(elf);
}

/* The whole mismatch from the library: the cycle as the testbench counts it,
 * the context, every differing field, the inputs and the context's history
 * (only its own steps, oldest first), as text and as JSON. */
static void test_pred_report(void **state)
{
    (void)state;
    ctm_pred *p = ctm_pred_new(4, 8, 8);
    assert_int_equal(ctm_pred_set_history(p, 3), CTM_OK);
    assert_string_equal(ctm_pred_report(p, CTM_REPORT_TEXT), ""); /* nothing checked yet */
    ctm_pred_step(p, 1, 0, 0, 0, 0);
    assert_int_equal(ctm_pred_set_cycle(p, 1000), CTM_OK);
    for (int k = 0; k < 3; k++) {                                  /* cycles 1000..1005 */
        ctm_pred_step(p, 0, CTM_PRED_OP_PUSH, 2, 0, 0);           /* context 2 */
        ctm_pred_step(p, 0, CTM_PRED_OP_NOP, 1, 0, 0);            /* context 1 */
    }
    ctm_pred_step(p, 0, CTM_PRED_OP_SETP, 2, 0x0F, 2); /* cycle 1006: obs context 2 */
    assert_int_equal(ctm_pred_check(p, 0xFF, 0xFF, 0xFF, 0xFF, 3, 0xFF, 0, 0), CTM_OK);
    ctm_pred_step(p, 0, CTM_PRED_OP_NOP, 2, 0, 2); /* cycle 1007 */
    /* exec_mask, obs_pred and obs_exec_mask differ in lanes 4..7, obs_sp too */
    assert_int_equal(ctm_pred_check(p, 0xFF, 0xFF, 0xFF, 0xFF, 2, 0xFF, 0, 0), CTM_E_MISMATCH);
    assert_string_equal(ctm_pred_diff(p), "cycle 1007, context 2: exec_mask: expected 0xf, "
                                          "actual 0xff (lanes 4 5 6 7 differ); 3 more fields differ");
    const char *t = ctm_pred_report(p, CTM_REPORT_TEXT);
    assert_non_null(strstr(t, "MISMATCH pred_stack 4x8x8 at cycle 1007 (step 8 of the handle)\n"
                              "  context  2\n  field    exec_mask\n"));
    assert_non_null(strstr(t, "  diff     ^^^^    \n"));
    assert_non_null(strstr(t, "  also     obs_pred: expected 0x0f, actual 0xff (lanes 4,5,6,7)\n"));
    assert_non_null(strstr(t, "  also     obs_sp: expected 3, actual 2\n"));
    assert_non_null(strstr(t, "  inputs   rst 0, op NOP (0), ctx 2, mask 0x00, obs_ctx 2\n"));
    assert_non_null(strstr(t, "  last 3 steps of the context (of 3 kept):\n"
                              "    cycle 1004     rst 0, op PUSH (2), ctx 2, mask 0x00, obs_ctx 0\n"
                              "    cycle 1006     rst 0, op SETP (1), ctx 2, mask 0x0f, obs_ctx 2\n"
                              "    cycle 1007     rst 0, op NOP (0), ctx 2, mask 0x00, obs_ctx 2\n"));
    const char *j = ctm_pred_report(p, CTM_REPORT_JSON);
    assert_non_null(strstr(j, "{\"result\":\"mismatch\",\"source\":\"libctm\",\"block\":\"pred\","
                              "\"config\":\"4x8x8\",\"cycle\":1007,\"step\":8,\"context\":2,"
                              "\"field\":\"exec_mask\",\"expected\":\"0xf\",\"actual\":\"0xff\","
                              "\"width\":8,\"lanes\":[4,5,6,7],"));
    assert_non_null(strstr(j, "\"inputs\":{\"rst\":0,\"op\":\"NOP\",\"ctx\":2,\"mask\":\"0x0\","
                              "\"obs_ctx\":2},\"history_depth\":3,\"last_steps\":[{\"cycle\":1004,"));
    assert_int_equal(ctm_pred_check(p, 0xF, 0xF, 0xFF, 0xF, 3, 0xFF, 0, 0), CTM_OK);
    assert_string_equal(ctm_pred_report(p, CTM_REPORT_TEXT), ""); /* a match: no report */
    ctm_pred_free(p);
}

/* A unit without contexts: "context" is null, the history is the unit's. */
static void test_stack_report(void **state)
{
    (void)state;
    ctm_stack *s = ctm_stack_new(64, 0, 0, 8);
    ctm_stack_step(s, 1, 0, 0, 0, 0, 8);
    ctm_stack_step(s, 0, CTM_STACK_OP_PUSH, 0, 0, 0, 8);
    assert_int_equal(ctm_stack_check(s, 9, 9, 9, 9, 9, 0, 0, 0), CTM_E_MISMATCH);
    assert_non_null(strstr(ctm_stack_diff(s), "cycle 1: entries: expected 0x"));
    const char *j = ctm_stack_report(s, CTM_REPORT_JSON);
    assert_non_null(strstr(j, "\"block\":\"stack\",\"config\":\"w64.isa.r7xx.d8\",\"cycle\":1,"
                              "\"step\":1,\"context\":null,"));
    assert_non_null(strstr(j, "\"op\":\"PUSH\""));
    assert_non_null(strstr(ctm_stack_report(s, CTM_REPORT_TEXT), "last 2 steps of the unit"));
    assert_int_equal(ctm_stack_set_history(s, 0), CTM_OK); /* no history: none in the report */
    ctm_stack_step(s, 0, CTM_STACK_OP_POP, 1, 0, 0, 8);
    assert_int_equal(ctm_stack_check(s, 9, 9, 9, 9, 9, 0, 0, 0), CTM_E_MISMATCH);
    assert_null(strstr(ctm_stack_report(s, CTM_REPORT_TEXT), "last "));
    assert_non_null(strstr(ctm_stack_report(s, CTM_REPORT_JSON), "\"last_steps\":[]"));
    ctm_stack_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_version),
        cmocka_unit_test(test_port_tables),
        cmocka_unit_test(test_bad_parameters),
        cmocka_unit_test(test_pred_check_names_the_difference),
        cmocka_unit_test(test_pred_write_stores),
        cmocka_unit_test(test_pred_cycle),
        cmocka_unit_test(test_stack_cycle),
        cmocka_unit_test(test_fc_cycle),
        cmocka_unit_test(test_fc_cycles),
        cmocka_unit_test(test_pred_grouped),
        cmocka_unit_test(test_pred_eval_edge_peek),
        cmocka_unit_test(test_stack_check),
        cmocka_unit_test(test_fc_matches_the_model),
        cmocka_unit_test(test_fc_check_packed_counters),
        cmocka_unit_test(test_model_steps_to_the_end),
        cmocka_unit_test(test_model_inputs),
        cmocka_unit_test(test_model_constants),
        cmocka_unit_test(test_pred_report),
        cmocka_unit_test(test_stack_report),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
