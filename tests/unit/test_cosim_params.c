/* The block parameters' one table (harness/cosim_params.h): every value in range is
 * taken and every value out of it refused with the range in the message, by the
 * options and by a model name alike; names and option words go round; the grammar of
 * each block's names, the -G parameters and the system run's bounds are the table's. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "cosim.h"
#include "cosim_params.h"

/* Parses "--block B" and the option words of args (space-separated) as cosim does. */
static int parse_words(const char *block, const char *args)
{
    static char buf[1024];
    char *argv[64] = {"cosim", "--block", (char *)block};
    int argc = 3;
    snprintf(buf, sizeof buf, "%s", args);
    for (char *w = strtok(buf, " "); w && argc < 63; w = strtok(NULL, " "))
        argv[argc++] = w;
    return cosim_parse_args(argc, argv, "");
}

static void test_grammar(void **state)
{
    (void)state;
    static const char *const want[][2] = {
        {"pred", "<contexts>x<lanes>x<depth>[g<spu-sc>]"},
        {"stack", "w<width>.<isa|mesa|llvm>.<r7xx|evergreen|ni|cayman>.d<tracker-depth>"},
        {"fc", "<contexts>x<lanes>a<addr-depth>l<loop-depth>b<bc-width>"},
        {"system", "<contexts>x<lanes>a<addr-depth>l<loop-depth>b<bc-width>.p<pred-depth>"
                   "[g<pred-spu-sc>].w<width>.<isa|mesa|llvm>.<r7xx|evergreen|ni|cayman>"
                   ".d<tracker-depth>"},
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        char g[256];
        cosim_params_grammar(cosim_params_find(want[i][0]), g, sizeof g);
        assert_string_equal(g, want[i][1]);
    }
    assert_null(cosim_params_find("nope"));
}

/* Defaults, then each row at its low and high end: the name parses back to the same
 * values, and the option words select the same configuration. */
static void test_round_trip(void **state)
{
    (void)state;
    for (unsigned b = 0; cosim_params_all[b]; b++) {
        const cosim_params *t = cosim_params_all[b];
        for (unsigned r = 0; r <= t->rows; r++)
            for (int end = 0; end < 2; end++) {
                unsigned v[COSIM_PARAMS_MAX], back[COSIM_PARAMS_MAX];
                cosim_params_defaults(t, v);
                if (r < t->rows)
                    v[r] = end ? t->row[r].hi : t->row[r].lo;
                char err[512] = "";
                if (cosim_params_check(t, v, err, sizeof err))
                    continue; /* a rule between rows refuses this corner */
                char name[256], again[256], args[512], opt_name[256];
                cosim_params_name(t, v, name, sizeof name);
                assert_int_equal(cosim_params_parse_name(t, name, back, err, sizeof err), 0);
                cosim_params_name(t, back, again, sizeof again);
                assert_string_equal(name, again);
                assert_memory_equal(v, back, t->rows * sizeof v[0]);
                cosim_params_args(t, v, args, sizeof args);
                assert_int_equal(parse_words(t->block, args), -1);
                cosim_config_name(opt_name, sizeof opt_name);
                assert_string_equal(opt_name, name);
            }
    }
}

/* Out of range by one at either end: refused, with the option's range in the message. */
static void test_ranges(void **state)
{
    (void)state;
    for (unsigned b = 0; cosim_params_all[b]; b++) {
        const cosim_params *t = cosim_params_all[b];
        for (unsigned r = 0; r < t->rows; r++) {
            const cosim_param_row *p = &t->row[r];
            unsigned v[COSIM_PARAMS_MAX];
            cosim_params_defaults(t, v);
            char text[32], err[256], args[64];
            if (p->names) {
                assert_int_equal(cosim_params_set(t, r, "nope", v, err, sizeof err), -1);
                assert_non_null(strstr(err, "'nope' is not one of"));
                assert_int_equal(cosim_params_set(t, r, "MESA", v, err, sizeof err),
                                 strcmp(p->opt, "rule") ? -1 : 0);
                continue;
            }
            snprintf(text, sizeof text, "%u", p->hi + 1);
            assert_int_equal(cosim_params_set(t, r, text, v, err, sizeof err), -1);
            char range[64];
            if (p->step > 1)
                snprintf(range, sizeof range, "'%u' is not 16, 32, 48 or 64", p->hi + 1);
            else
                snprintf(range, sizeof range, "'%u' is not in %u..%u", p->hi + 1, p->lo, p->hi);
            assert_string_equal(err, range);
            snprintf(args, sizeof args, "--%s %u", p->opt, p->hi + 1);
            assert_int_equal(parse_words(t->block, args), 2);
            if (p->lo > 0) {
                snprintf(text, sizeof text, "%u", p->lo - 1);
                assert_int_equal(cosim_params_set(t, r, text, v, err, sizeof err), -1);
            }
        }
    }
}

/* The system run's wavefronts: 1..16, whether asked by option or by model name; fc alone
 * takes 256. */
static void test_system_contexts(void **state)
{
    (void)state;
    unsigned v[COSIM_PARAMS_MAX];
    char err[512];
    assert_int_equal(parse_words("system", "--contexts 16"), -1);
    assert_int_equal(cosim_param("contexts"), 16);
    assert_int_equal(parse_words("system", "--contexts 17"), 2);
    assert_int_equal(parse_words("fc", "--contexts 256"), -1);
    assert_int_equal(cosim_params_parse_name(&cosim_params_system,
                                             "17x64a4l4b6.p64.w64.isa.r7xx.d64", v, err,
                                             sizeof err),
                     -1);
    assert_string_equal(err, "system configuration 17x64a4l4b6.p64.w64.isa.r7xx.d64: --contexts: "
                             "'17' is not in 1..16");
    /* the units' shares of the system's parameters */
    assert_int_equal(cosim_params_parse_name(&cosim_params_system,
                                             "8x64a2l3b5.p32g4.w32.mesa.ni.d16", v, err,
                                             sizeof err),
                     0);
    unsigned u[COSIM_PARAMS_MAX];
    char name[128];
    cosim_params_pick(&cosim_params_fc, u, &cosim_params_system, v);
    cosim_params_name(&cosim_params_fc, u, name, sizeof name);
    assert_string_equal(name, "8x64a2l3b5");
    cosim_params_pick(&cosim_params_stack, u, &cosim_params_system, v);
    cosim_params_name(&cosim_params_stack, u, name, sizeof name);
    assert_string_equal(name, "w32.mesa.ni.d16");
}

/* The rules between rows, from the options and from names. */
static void test_rules(void **state)
{
    (void)state;
    assert_int_equal(parse_words("pred", "--lanes 20 --spu-sc 4"), -1);
    assert_int_equal(parse_words("pred", "--lanes 20 --spu-sc 2"), 2);
    assert_int_equal(parse_words("system", "--lanes 20 --pred-spu-sc 4"), 2);
    assert_int_equal(parse_words("system", "--pred-spu-sc 3"), 2);
    assert_int_equal(parse_words("system", "--lanes 32 --pred-spu-sc 8"), -1);
    unsigned v[COSIM_PARAMS_MAX];
    char err[512];
    assert_int_equal(cosim_params_parse_name(&cosim_params_pred, "32x20x32g2", v, err, sizeof err),
                     -1);
    assert_non_null(strstr(err, "--lanes 20 is not a whole number of SPUs of 2 SC lanes"));
    assert_int_equal(cosim_params_parse_name(&cosim_params_system,
                                             "1x20a4l4b6.p64g4.w64.isa.r7xx.d64", v, err,
                                             sizeof err),
                     -1);
    assert_non_null(strstr(err, "--lanes 20 is not a multiple of 16"));
}

/* Only the canonical spelling of a name, and the model name's parts. */
static void test_model_names(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "pred-032x20x32",
        "pred-32x20x32g0",
        "pred-32x20",
        "pred-32x20x32x1",
        "pred",
        "nope-1x1x1",
        "pred-32x20x32-",
        "pred-32x20x32-Inv",
        "stack-w64.gcc.r7xx.d64",
        "stack-w64.isa.r7xx",
        "fc-4x16a4l4b6.p64",
        "system-4x64a4l4b6.w64.isa.r7xx.d64",
    };
    const cosim_params *t;
    unsigned v[COSIM_PARAMS_MAX];
    char variant[64], err[512], sv[512];
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_equal(cosim_model_parse(bad[i], &t, v, variant, sizeof variant, err, sizeof err),
                         -1);
    assert_int_equal(cosim_model_parse("stack-w48.llvm.cayman.d1024-pop_off_by_one", &t, v, variant,
                                       sizeof variant, err, sizeof err),
                     0);
    assert_ptr_equal(t, &cosim_params_stack);
    assert_string_equal(variant, "pop_off_by_one");
    cosim_params_sv(t, v, sv, sizeof sv);
    assert_string_equal(sv, "-GWidth=48 -GRule=2 -GChip=3 -GDepth=1024");
    assert_int_equal(cosim_model_parse("system-8x64a4l4b6.p32g4.w64.isa.r7xx.d64", &t, v, variant,
                                       sizeof variant, err, sizeof err),
                     0);
    cosim_params_sv(t, v, sv, sizeof sv);
    assert_string_equal(sv, "-GContexts=8 -GLanes=64 -GAddrDepth=4 -GLoopDepth=4 -GBcWidth=6 "
                            "-GPredDepth=32 -GPredSpuSc=4 -GWidth=64 -GRule=0 -GChip=0 "
                            "-GTrackerDepth=64");
    char model[128];
    assert_int_equal(cosim_model_name(t, v, "", model, sizeof model), 0);
    assert_string_equal(model, "system-8x64a4l4b6.p32g4.w64.isa.r7xx.d64");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_grammar), cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_ranges),  cmocka_unit_test(test_system_contexts),
        cmocka_unit_test(test_rules),   cmocka_unit_test(test_model_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
