/* stack_events: the `dpp stack` event-list syntax (docs/stack_acct.md). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "stack_events.h"

#include <string.h>

static size_t parse_ok(const char *text, stack_event **ev)
{
    size_t n = 99;
    dpp_error err = {0};
    dpp_status rc = stack_events_parse("t.ev", text, strlen(text), ev, &n, &err);
    if (rc != DPP_OK)
        fail_msg("unexpected error: %s", err.msg);
    return n;
}

/* Every spelling, its options and defaults, case, tabs, CRLF and comments. */
static void test_spellings_and_defaults(void **state)
{
    (void)state;
    static const char text[] = "# header\n"
                               "\tPUSH wqm  # comment\r\n"
                               "push\n"
                               "push_wqm\n"
                               "push_else WQM\n"
                               "alu_push_before\n"
                               "\n"
                               "loop_start\n"
                               "call\n"
                               "pop\n"
                               "pop 0\n"
                               "alu_pop_after\n"
                               "alu_pop2_after\n"
                               "loop_end\n"
                               "return\n"
                               "else\n"
                               "else taken 3\n"
                               "jump 7 taken\n"
                               "clear\n"
                               "nop";
    static const struct {
        unsigned op, pop_count, line, col;
        bool wqm, taken;
    } want[] = {
        {STACK_OP_PUSH, 1, 2, 2, true, false},
        {STACK_OP_PUSH, 1, 3, 1, false, false},
        {STACK_OP_PUSH_WQM, 1, 4, 1, false, false},
        {STACK_OP_PUSH_ELSE, 1, 5, 1, true, false},
        {STACK_OP_ALU_PUSH_BEFORE, 1, 6, 1, false, false},
        {STACK_OP_LOOP_START, 1, 8, 1, false, false},
        {STACK_OP_CALL, 1, 9, 1, false, false},
        {STACK_OP_POP, 1, 10, 1, false, false},
        {STACK_OP_POP, 0, 11, 1, false, false},
        {STACK_OP_POP, 1, 12, 1, false, false},
        {STACK_OP_POP, 2, 13, 1, false, false},
        {STACK_OP_LOOP_END, 1, 14, 1, false, false},
        {STACK_OP_RETURN, 1, 15, 1, false, false},
        {STACK_OP_ELSE, 1, 16, 1, false, false},
        {STACK_OP_ELSE, 3, 17, 1, false, true},
        {STACK_OP_JUMP, 7, 18, 1, false, true},
        {STACK_OP_CLEAR, 1, 19, 1, false, false},
        {STACK_OP_NOP, 1, 20, 1, false, false},
    };
    stack_event *ev;
    size_t n = parse_ok(text, &ev);
    assert_int_equal(n, sizeof want / sizeof want[0]);
    for (size_t i = 0; i < n; i++) {
        assert_int_equal(ev[i].in.op, want[i].op);
        assert_int_equal(ev[i].in.pop_count, want[i].pop_count);
        assert_int_equal(ev[i].line, want[i].line);
        assert_int_equal(ev[i].col, want[i].col);
        assert_int_equal(ev[i].in.wqm, want[i].wqm);
        assert_int_equal(ev[i].in.taken, want[i].taken);
        assert_false(ev[i].in.rst);
    }
    assert_string_equal(ev[10].spell, "alu_pop2_after");
    stack_events_free(ev);
}

static void test_empty_and_comment_only(void **state)
{
    (void)state;
    stack_event *ev;
    assert_int_equal(parse_ok("", &ev), 0);
    stack_events_free(ev);
    assert_int_equal(parse_ok("# a\n   \n#b", &ev), 0);
    stack_events_free(ev);
}

/* Malformed input: DPP_E_PARSE with name:line:col, and no array. */
static void test_errors(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        size_t len; /* 0: strlen */
        const char *msg;
    } cases[] = {
        {"push\n  bogus\n", 0, "t.ev:2:3: error: unknown op 'bogus'"},
        {"pop 8", 0, "t.ev:1:5: error: POP_COUNT must be 0..7, not '8'"},
        {"pop 01", 0, "t.ev:1:5: error: POP_COUNT must be 0..7, not '01'"},
        {"pop -1", 0, "t.ev:1:5: error: unknown option '-1'"},
        {"call 1", 0, "t.ev:1:6: error: option not taken by this op: '1'"},
        {"alu_pop_after 2", 0, "t.ev:1:15: error: option not taken by this op: '2'"},
        {"push wqm wqm", 0, "t.ev:1:10: error: option given twice: 'wqm'"},
        {"else 1 2", 0, "t.ev:1:8: error: option given twice: '2'"},
        {"push\n\npush\0x", 12, "t.ev:3:5: error: NUL byte in text"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        stack_event *ev = (stack_event *)&cases; /* must come back NULL */
        size_t n = 7;
        dpp_error err = {0};
        size_t len = cases[i].len ? cases[i].len : strlen(cases[i].text);
        assert_int_equal(stack_events_parse("t.ev", cases[i].text, len, &ev, &n, &err),
                         DPP_E_PARSE);
        assert_null(ev);
        assert_int_equal(n, 0);
        assert_string_equal(err.msg, cases[i].msg);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_spellings_and_defaults),
        cmocka_unit_test(test_empty_and_comment_only),
        cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests_name("stack_events", tests, NULL, NULL);
}
