/* The runtime API: open, submit into device memory, consumption on polls, the
 * first error with its buffer's name, queue limits, close. */
#include "cmocka_all.h"

#include "cmdbuf.h"
#include "runtime.h"

#include <string.h>

static uint32_t put(dpp_connection *c, uint32_t addr, const cmdbuf *cb)
{
    size_t size;
    uint8_t *mem = dpp_am_memory(c, &size);
    assert_true(addr + cb->size <= size);
    memcpy(mem + addr, cb->bytes, cb->size);
    return (uint32_t)cb->size;
}

static void test_submit_and_poll(void **state)
{
    (void)state;
    dpp_device_params p = dpp_device_default_params();
    p.mem_bytes = 64 * 1024;
    dpp_connection *c;
    dpp_error err;
    assert_int_equal(dpp_am_open(&p, &c, &err), DPP_OK);
    cmdbuf good = {0}, bad = {0};
    const uint32_t perf_on[] = {1}, zero[] = {0}, at[] = {0x8000};
    cmdbuf_add(&good, PE_INIT_PERF_COUNTERS, perf_on);
    cmdbuf_add(&good, PE_START_PERF_COUNTERS, zero);
    cmdbuf_add(&good, PE_READ_PERF_COUNTERS, at);
    cmdbuf_word(&bad, 0xC0004200u); /* unknown opcode 0x42 */
    cmdbuf_word(&bad, 0);
    uint32_t t1, t2, t3;
    assert_int_equal(dpp_am_submit(c, 0x1000, put(c, 0x1000, &good), NULL, &t1, &err), DPP_OK);
    assert_int_equal(dpp_am_submit(c, 0x2000, put(c, 0x2000, &bad), "bad.cb", &t2, &err), DPP_OK);
    assert_int_equal(dpp_am_submit(c, 0x1000, (uint32_t)good.size, NULL, &t3, &err), DPP_OK);
    assert_true(t1 < t2 && t2 < t3);
    size_t size;
    uint8_t *mem = dpp_am_memory(c, &size);
    memset(mem + 0x8000, 0xEE, 8);
    int done = -1;
    /* nothing runs until a poll */
    assert_int_equal(mem[0x8000], 0xEE);
    assert_int_equal(dpp_am_consumed(c, t1, &done, &err), DPP_OK);
    assert_int_equal(done, 1);
    assert_int_equal(mem[0x8000], 1); /* the read command itself is the one clock counted */
    assert_int_equal(dpp_am_consumed(c, t3, &done, &err), DPP_E_FORMAT);
    assert_string_equal(err.msg, "bad.cb: byte 0: error: unknown opcode 0x42");
    assert_int_equal(done, 1);
    assert_int_equal(dpp_am_consumed(c, t3 + 1, &done, &err), DPP_OK);
    assert_int_equal(done, 0); /* never submitted */
    assert_int_equal(dpp_am_submit(c, 0xFFF0, 0x20, NULL, &t1, &err), DPP_E_ARG);
    for (int k = 0; k < 64; k++)
        assert_int_equal(dpp_am_submit(c, 0x1000, (uint32_t)good.size, NULL, &t1, &err), DPP_OK);
    assert_int_equal(dpp_am_submit(c, 0x1000, (uint32_t)good.size, NULL, &t1, &err), DPP_E_ARG);
    cmdbuf_free(&good);
    cmdbuf_free(&bad);
    dpp_am_close(c);
}

static void test_open_checks(void **state)
{
    (void)state;
    dpp_device_params p = dpp_device_default_params();
    dpp_connection *c;
    dpp_error err;
    p.mem_bytes = 1000;
    assert_int_equal(dpp_am_open(&p, &c, &err), DPP_E_ARG);
    p = dpp_device_default_params();
    p.array.lanes = 0;
    assert_int_equal(dpp_am_open(&p, &c, &err), DPP_E_ARG);
    p = dpp_device_default_params();
    p.array.contexts = 17;
    assert_int_equal(dpp_am_open(&p, &c, &err), DPP_E_ARG);
    dpp_am_close(NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_submit_and_poll),
        cmocka_unit_test(test_open_checks),
    };
    return cmocka_run_group_tests_name("runtime", tests, NULL, NULL);
}
