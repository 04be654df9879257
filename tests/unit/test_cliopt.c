/* The option parser dpp and cosim share: counts, sizes, the argument walk. */
#include "cmocka_all.h"

#include "cliopt.h"

#include <string.h>

static int count(const char *s, uint64_t max, uint64_t *v)
{
    char err[128];
    return cli_count(s, max, v, err, sizeof err);
}

static void test_counts_are_decimal(void **state)
{
    (void)state;
    uint64_t v = 0;
    assert_int_equal(count("010", UINT64_MAX, &v), 0); /* not octal 8 */
    assert_int_equal(v, 10);
    assert_int_equal(count("08", UINT64_MAX, &v), 0); /* not a bad octal digit */
    assert_int_equal(v, 8);
    assert_int_equal(count("0", UINT64_MAX, &v), 0);
    assert_int_equal(v, 0);
    const char *bad[] = {"", "0x10", "-1", "+1", " 1", "1 ", "1.5", "1e3", "k", "1m", "1kk", "1K"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_equal(count(bad[i], UINT64_MAX, &v), -1);
}

static void test_count_suffixes(void **state)
{
    (void)state;
    uint64_t v;
    assert_int_equal(count("3k", UINT64_MAX, &v), 0);
    assert_int_equal(v, 3000);
    assert_int_equal(count("2M", UINT64_MAX, &v), 0);
    assert_int_equal(v, 2000000);
    assert_int_equal(count("7G", UINT64_MAX, &v), 0);
    assert_int_equal(v, 7000000000ull);
}

static void test_count_overflow_is_refused(void **state)
{
    (void)state;
    uint64_t v = 42;
    char err[128];
    assert_int_equal(count("18446744073709551615", UINT64_MAX, &v), 0);
    assert_true(v == UINT64_MAX);
    assert_int_equal(count("18446744073709551616", UINT64_MAX, &v), -1);
    assert_int_equal(count("99999999999999999999999", UINT64_MAX, &v), -1);
    assert_int_equal(count("18446744073709552k", UINT64_MAX, &v), -1); /* overflows by scale */
    assert_int_equal(cli_count("65", 64, &v, err, sizeof err), -1);
    assert_non_null(strstr(err, "at most 64"));
    assert_int_equal(cli_count("1k", 999, &v, err, sizeof err), -1);
}

static void test_ranges_and_sizes(void **state)
{
    (void)state;
    char err[128];
    unsigned u = 0, w = 0, h = 0;
    assert_int_equal(cli_range_u("0", 1, 64, &u, err, sizeof err), -1);
    assert_non_null(strstr(err, "1..64"));
    assert_int_equal(cli_range_u("064", 1, 64, &u, err, sizeof err), 0);
    assert_int_equal(u, 64);
    assert_int_equal(cli_size("64x48", 4096, &w, &h, err, sizeof err), 0);
    assert_int_equal(w, 64);
    assert_int_equal(h, 48);
    const char *bad[] = {"0x3", "3x0", "64", "x48", "64x", "+4x4", "4x-4", "4x4x4", "4097x1", "1kx1"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_equal(cli_size(bad[i], 4096, &w, &h, err, sizeof err), -1);
}

/* A table as a dpp command writes it: the caller switches on key. */
enum { K_DOMAIN = 1, K_FLAG, K_OUT };
static const cli_option table[] = {
    {"domain", "WxH", "domain", NULL, K_DOMAIN, CLI_REQUIRED},
    {"flag", NULL, "a flag", NULL, K_FLAG, 0},
    {"o", "FILE", "output", NULL, K_OUT, 0},
    {NULL, NULL, NULL, NULL, 0, 0},
};

/* Walks argv (NULL-terminated); returns the last status and the values by key. */
static int walk(char **argv, const char *got[4], const char **arg)
{
    int argc = 0;
    while (argv[argc])
        argc++;
    cli_parser p;
    cli_init(&p, "test", argc, argv, table, NULL);
    int st;
    const cli_option *o;
    const char *v;
    while ((st = cli_next(&p, &o, &v)) == CLI_OPTION || st == CLI_ARG) {
        if (st == CLI_ARG)
            *arg = v;
        else
            got[o->key] = v ? v : "set";
    }
    if (st == CLI_END && cli_check_required(&p))
        return CLI_ERROR;
    return st;
}

static void test_both_value_spellings(void **state)
{
    (void)state;
    const char *got[4] = {0}, *arg = NULL;
    char *a1[] = {"x", "prog.elf", "--domain=64x48", "-o", "out", "--flag", NULL};
    assert_int_equal(walk(a1, got, &arg), CLI_END);
    assert_string_equal(got[K_DOMAIN], "64x48");
    assert_string_equal(got[K_OUT], "out");
    assert_string_equal(got[K_FLAG], "set");
    assert_string_equal(arg, "prog.elf");
    const char *got2[4] = {0};
    char *a2[] = {"x", "--domain", "8x8", "--", "--flag", NULL}; /* after --: a positional */
    assert_int_equal(walk(a2, got2, &arg), CLI_END);
    assert_string_equal(got2[K_DOMAIN], "8x8");
    assert_null(got2[K_FLAG]);
    assert_string_equal(arg, "--flag");
}

static void test_errors_are_named(void **state)
{
    (void)state;
    const char *got[4] = {0}, *arg = NULL;
    char *unknown[] = {"x", "--domain", "1x1", "--fla", NULL};
    assert_int_equal(walk(unknown, got, &arg), CLI_ERROR);
    char *no_value[] = {"x", "--domain", NULL};
    assert_int_equal(walk(no_value, got, &arg), CLI_ERROR);
    char *flag_value[] = {"x", "--domain", "1x1", "--flag=1", NULL};
    assert_int_equal(walk(flag_value, got, &arg), CLI_ERROR);
    char *missing[] = {"x", "--flag", NULL};
    assert_int_equal(walk(missing, got, &arg), CLI_ERROR);
    char *long_short[] = {"x", "--o", "f", NULL}; /* a one-letter option is -o only */
    assert_int_equal(walk(long_short, got, &arg), CLI_ERROR);
    char *help[] = {"x", "--domain", "1x1", "--help", NULL};
    assert_int_equal(walk(help, got, &arg), CLI_HELP);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_counts_are_decimal),
        cmocka_unit_test(test_count_suffixes),
        cmocka_unit_test(test_count_overflow_is_refused),
        cmocka_unit_test(test_ranges_and_sizes),
        cmocka_unit_test(test_both_value_spellings),
        cmocka_unit_test(test_errors_are_named),
    };
    return cmocka_run_group_tests_name("cliopt", tests, NULL, NULL);
}
