/* The public API (ctm.h) from C: bad parameters give NULL and a reason, a
 * mismatch names the cycle, field, values and lanes, the model handle steps a
 * program to its end with the same number of steps as dpp_run sees, and a
 * missing executable is named. */
#include "cmocka_all.h"

#include "asm.h"
#include "ctm.h"
#include "elf_exe.h"
#include "fileio.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void test_version(void **state)
{
    (void)state;
    assert_int_equal(ctm_version() >> 16, CTM_VERSION_MAJOR);
    assert_string_equal(ctm_version_string(), "1.0.0");
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
                        "cycle 2: exec_mask: expected 0xf0, actual 0xf1 (lanes 0 differ)");
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
    uint64_t n = 0;
    int r;
    while ((r = ctm_model_step(m)) == 1) {
        n++;
        assert_true(ctm_model_get(m, "cmd") == 1 || ctm_model_get(m, "cmd") == 2);
        assert_true(ctm_model_get(m, "ctx") < 3);
        assert_int_equal(ctm_model_get(m, "no_such_port"), 0);
    }
    assert_int_equal(r, 0);
    assert_int_equal(ctm_model_step(m), 0); /* and it stays ended */
    ctm_model_free(m);
    assert_true(n > 100);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_version),
        cmocka_unit_test(test_bad_parameters),
        cmocka_unit_test(test_pred_check_names_the_difference),
        cmocka_unit_test(test_stack_check),
        cmocka_unit_test(test_model_steps_to_the_end),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
