/* fc_lanes.h: the branch counters eight lanes a word, against a lane at a
 * time, for every byte of a mask and for random counters and masks. */
#include "cmocka_all.h"

#include "fc_lanes.h"

#include <stdint.h>
#include <string.h>

static uint64_t next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static void test_spread_and_gather_every_byte(void **state)
{
    (void)state;
    for (unsigned b = 0; b < 256; b++) {
        uint64_t want = 0;
        for (unsigned i = 0; i < 8; i++)
            want |= (uint64_t)(b >> i & 1) << 8 * i;
        assert_int_equal(lanes_spread(b), want);
        assert_int_equal(lanes_gather(want), b);
        assert_int_equal(lanes_gather(want * 0xff >> 7), b); /* high bits shifted down */
    }
}

/* Random counters up to 32 (the branch depth's bound), some lanes 0. */
static void random_counters(uint64_t *s, uint8_t *bc)
{
    for (unsigned l = 0; l < 64; l++) {
        uint64_t r = next(s);
        bc[l] = (uint8_t)((r & 3) == 0 ? 0 : r >> 8 & 31);
    }
}

static void test_masked_ops_match_a_lane_at_a_time(void **state)
{
    (void)state;
    uint64_t s = 0x9e3779b97f4a7c15ull;
    for (unsigned round = 0; round < 20000; round++) {
        unsigned words = 1 + round % 8, lanes = words * 8;
        uint64_t lane_mask = lanes == 64 ? ~0ull : (1ull << lanes) - 1;
        uint8_t bc[64], want[64];
        random_counters(&s, bc);
        uint64_t mask = next(&s) & next(&s) & lane_mask, zero = 0;
        for (unsigned l = 0; l < lanes; l++)
            zero |= (uint64_t)(bc[l] == 0) << l;
        assert_int_equal(lanes_zero(bc, words), zero);

        memcpy(want, bc, sizeof want);
        for (unsigned l = 0; l < lanes; l++)
            if (mask >> l & 1)
                want[l] = 0;
        uint8_t got[64];
        memcpy(got, bc, sizeof got);
        lanes_clear(got, mask, words);
        assert_memory_equal(got, want, sizeof want);

        memcpy(want, bc, sizeof want);
        for (unsigned l = 0; l < lanes; l++)
            want[l] = (uint8_t)(want[l] + (mask >> l & 1));
        memcpy(got, bc, sizeof got);
        lanes_increment(got, mask, words);
        assert_memory_equal(got, want, sizeof want);

        unsigned n = (unsigned)(next(&s) % 32);
        uint64_t below = 0;
        memcpy(want, bc, sizeof want);
        for (unsigned l = 0; l < lanes; l++) {
            if (!(mask >> l & 1))
                continue;
            if (want[l] < n) {
                want[l] = 0;
                below |= 1ull << l;
            } else {
                want[l] = (uint8_t)(want[l] - n);
            }
        }
        memcpy(got, bc, sizeof got);
        assert_int_equal(lanes_decrement(got, mask, n, words), below);
        assert_memory_equal(got, want, sizeof want);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_spread_and_gather_every_byte),
        cmocka_unit_test(test_masked_ops_match_a_lane_at_a_time),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
