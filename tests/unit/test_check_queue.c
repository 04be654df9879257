/* The queue, history and verdict the commit and transaction checkers share
 * (csim/api/check_queue.h): the ring keeps the model's order through growth,
 * wrap-around and a take from the middle; a drain keeps only what a report
 * shows and counts the rest; the history holds the last CHECK_HISTORY, oldest
 * first; a verdict, once set, is what every later check returns. */
#include "cmocka_all.h"

#include "check_queue.h"

#include <stdio.h>
#include <string.h>

typedef struct item {
    uint64_t seq;
    char pad[40]; /* an item bigger than a word, as the checkers' are */
} item;

static void push_seq(check_queue *q, uint64_t seq)
{
    item it = {.seq = seq};
    assert_int_equal(cq_push(q, &it), CTM_OK);
}

static uint64_t seq_at(const check_queue *q, size_t i)
{
    return ((const item *)cq_at(q, i))->seq;
}

/* The queue's items are want[0..n), oldest first, as cq_at and cq_copy see them. */
static void expect_seqs(const check_queue *q, const uint64_t *want, size_t n)
{
    assert_int_equal(q->n, n);
    item out[32];
    assert_int_equal(cq_copy(q, out, 32), n);
    for (size_t i = 0; i < n; i++) {
        assert_int_equal(seq_at(q, i), want[i]);
        assert_int_equal(out[i].seq, want[i]);
    }
}

static void test_ring_keeps_order_through_growth_and_wrap(void **state)
{
    (void)state;
    check_queue q = cq_new(sizeof(item));
    for (uint64_t s = 0; s < 8; s++)
        push_seq(&q, s);
    for (int k = 0; k < 5; k++)
        cq_drop(&q); /* head at 5 of 8: the next pushes wrap */
    for (uint64_t s = 8; s < 12; s++)
        push_seq(&q, s);
    assert_int_equal(q.cap, 8);
    const uint64_t wrapped[] = {5, 6, 7, 8, 9, 10, 11};
    expect_seqs(&q, wrapped, 7);
    for (uint64_t s = 12; s < 15; s++) /* full: grows, unrolled */
        push_seq(&q, s);
    assert_int_equal(q.cap, 16);
    const uint64_t grown[] = {5, 6, 7, 8, 9, 10, 11, 12, 13, 14};
    expect_seqs(&q, grown, 10);
    cq_free(&q);
    assert_int_equal(q.n, 0);
}

static void test_take_keeps_the_ones_before_in_order(void **state)
{
    (void)state;
    check_queue q = cq_new(sizeof(item));
    for (uint64_t s = 0; s < 8; s++)
        push_seq(&q, s);
    cq_take(&q, 3); /* in one piece */
    const uint64_t once[] = {0, 1, 2, 4, 5, 6, 7};
    expect_seqs(&q, once, 7);
    for (int k = 0; k < 4; k++)
        cq_drop(&q);
    push_seq(&q, 8);
    push_seq(&q, 9);
    push_seq(&q, 10); /* head at 5 of 8: 5 6 7 | 8 9 10 */
    cq_take(&q, 4);   /* 9, across the wrap */
    const uint64_t wrapped[] = {5, 6, 7, 8, 10};
    expect_seqs(&q, wrapped, 5);
    cq_take(&q, 0);
    const uint64_t head[] = {6, 7, 8, 10};
    expect_seqs(&q, head, 4);
    cq_free(&q);
}

static void test_drain_keeps_what_a_report_shows(void **state)
{
    (void)state;
    check_queue q = cq_new(sizeof(item));
    for (uint64_t s = 0; s < 6; s++) {
        item it = {.seq = s};
        assert_int_equal(cq_offer(&q, &it, 1, 2), CTM_OK);
    }
    const uint64_t kept[] = {0, 1};
    expect_seqs(&q, kept, 2);
    assert_int_equal(q.unqueued, 4);
    assert_int_equal(cq_owed(&q), 6);
    item it = {.seq = 6};
    assert_int_equal(cq_offer(&q, &it, 0, 2), CTM_OK); /* not draining: kept */
    assert_int_equal(q.n, 3);
    cq_free(&q);
    assert_int_equal(cq_owed(&q), 4); /* the count stays */
}

static void test_history_holds_the_last_oldest_first(void **state)
{
    (void)state;
    check_hist h = {0};
    item out[CHECK_HISTORY];
    assert_int_equal(ch_copy(&h, out, sizeof *out), 0);
    for (uint64_t s = 0; s < CHECK_HISTORY + 3; s++) {
        item it = {.seq = s};
        assert_int_equal(ch_add(&h, &it, sizeof it), CTM_OK);
    }
    assert_int_equal(ch_copy(&h, out, sizeof *out), CHECK_HISTORY);
    for (unsigned i = 0; i < CHECK_HISTORY; i++)
        assert_int_equal(out[i].seq, i + 3);
    ch_free(&h);
}

static void test_verdict_is_sticky(void **state)
{
    (void)state;
    check_verdict v = {0};
    api_handle h = {0};
    assert_string_equal(cv_diff(&v), "");
    assert_int_equal(cv_can_check(&v, &h), CTM_OK);
    h.pending = 1; /* a misuse since the last check: reported by it, once */
    snprintf(h.error, sizeof h.error, "f: bad");
    assert_int_equal(cv_can_check(&v, &h), CTM_E_ARG);
    assert_string_equal(cv_diff(&v), "f: bad");
    assert_int_equal(cv_can_check(&v, &h), CTM_OK);
    assert_int_equal(cv_latch(&v, CTM_E_MISMATCH), CTM_E_MISMATCH);
    assert_int_equal(v.verdict, 0); /* a mismatch is latched by the checker's report */
    assert_int_equal(cv_latch(&v, CTM_E_NOMEM), CTM_E_NOMEM);
    assert_int_equal(cv_can_check(&v, &h), CTM_E_NOMEM);
    assert_int_equal(cv_misuse(&v, &h, "g", "worse"), CTM_E_ARG);
    assert_string_equal(cv_diff(&v), "g: worse");
    assert_int_equal(h.pending, 0);
    assert_int_equal(cv_can_check(&v, &h), CTM_E_NOMEM);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ring_keeps_order_through_growth_and_wrap),
        cmocka_unit_test(test_take_keeps_the_ones_before_in_order),
        cmocka_unit_test(test_drain_keeps_what_a_report_shows),
        cmocka_unit_test(test_history_holds_the_last_oldest_first),
        cmocka_unit_test(test_verdict_is_sticky),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
