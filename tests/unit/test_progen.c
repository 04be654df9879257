/* Random structured programs: the processor array (through dpp_run, the
 * library behind `dpp run`) must give every lane exactly the outputs of the
 * direct per-lane interpreter, for wavefront sizes 1, 4, 16 and 64. */
#include "cmocka_all.h"

#include "fp_bits.h"
#include "progen.h"
#include "run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PROGRAMS 1000
#define DW       6 /* domain 6 x 3: partial wavefronts for 4, 16 and 64 lanes */
#define DH       3

static const unsigned wave_sizes[] = {1, 4, 16, 64};

/* Input 0: small integers that differ per lane and channel. */
static void make_input(uint64_t seed, float *px)
{
    for (unsigned k = 0; k < DW * DH * 4; k++) {
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        px[k] = (float)((int)(seed >> 60) - 8);
    }
}

static void report(const pg_program *p, uint64_t seed, const char *what)
{
    static char text[16384];
    pg_print(p, text, sizeof text);
    fail_msg("program %llu: %s\n%s", (unsigned long long)seed, what, text);
}

static void check_program(uint64_t seed, pg_features *total)
{
    pg_program *p;
    static dpp_exe exe;
    static dpp_run_opts o;
    assert_int_equal(pg_generate(seed, 6, &p, NULL), DPP_OK);
    dpp_error err;
    if (pg_compile(p, &exe, &err))
        report(p, seed, err.msg);
    pg_features f;
    pg_features_of(p, &f);
    if (f.depth < 6)
        report(p, seed, "nesting below 6");
    unsigned *tv = (unsigned *)total, *fv = (unsigned *)&f;
    for (size_t k = 1; k < sizeof f / sizeof(unsigned); k++)
        tv[k] += fv[k];
    total->depth = f.depth > total->depth ? f.depth : total->depth;
    float px[DW * DH * 4];
    make_input(seed, px);
    dpp_run_default_opts(&o);
    o.width = DW;
    o.height = DH;
    o.input[0] = (dpp_image){MC_FMT_FLOAT32_4, MC_TILE_LINEAR, DW, DH, (uint8_t *)px};
    for (size_t w = 0; w < sizeof wave_sizes / sizeof wave_sizes[0]; w++) {
        o.array.lanes = wave_sizes[w];
        o.array.contexts = w == 1 ? 3 : 1; /* 4-lane wavefronts also interleave */
        dpp_run_result res;
        if (dpp_run(&exe, &o, "progen", &res, &err)) {
            char m[700];
            snprintf(m, sizeof m, "wave %u: %s", wave_sizes[w], err.msg);
            report(p, seed, m);
        }
        for (int j = 0; j < DH; j++)
            for (int i = 0; i < DW; i++) {
                uint32_t in[4], want[4][4];
                for (int c = 0; c < 4; c++)
                    in[c] = dpp_fp_bits(px[(j * DW + i) * 4 + c]);
                pg_interpret(p, i, j, in, want);
                for (int out = 0; out < 4; out++) {
                    const uint8_t *got = res.output[out].data + (size_t)(j * DW + i) * 16;
                    if (memcmp(got, want[out], 16)) {
                        char m[300];
                        float g[4], e[4];
                        memcpy(g, got, 16);
                        memcpy(e, want[out], 16);
                        snprintf(m, sizeof m,
                                 "wave %u lane (%d, %d) output %d: model %g %g %g %g, "
                                 "interpreter %g %g %g %g",
                                 wave_sizes[w], i, j, out, g[0], g[1], g[2], g[3], e[0], e[1], e[2],
                                 e[3]);
                        dpp_run_free(&res);
                        report(p, seed, m);
                    }
                }
            }
        dpp_run_free(&res);
    }
    pg_free(p);
}

static void test_random_programs(void **state)
{
    (void)state;
    pg_features total = {0};
    for (uint64_t seed = 1; seed <= PROGRAMS; seed++)
        check_program(seed, &total);
    /* The programs covered what the acceptance asks for. */
    for (int s = 0; s < 3; s++) {
        assert_true(total.if_src[s] > 0);
        assert_true(total.else_src[s] > 0);
    }
    assert_true(total.loops > 0 && total.reps > 0 && total.breaks > 0 && total.continues > 0);
    assert_true(total.cond_exits > 0 && total.calls > 0 && total.cond_calls > 0);
    assert_true(total.cond_rets > 0 && total.rel_reads > 0 && total.zero_count_loops > 0);
    assert_true(total.mesa_targets > 0 && total.kills > 0);
    printf("progen: %d programs x %zu wave sizes; ifs %u/%u/%u, loops %u, reps %u, breaks %u, "
           "continues %u, calls %u+%u, cond rets %u, kills %u\n",
           PROGRAMS, sizeof wave_sizes / sizeof wave_sizes[0], total.if_src[0], total.if_src[1],
           total.if_src[2], total.loops, total.reps, total.breaks, total.continues, total.calls,
           total.cond_calls, total.cond_rets, total.kills);
}

/* The interpreter is a real oracle: a wrong flow-control rule is caught. */
static void test_generator_deterministic(void **state)
{
    (void)state;
    pg_program *a, *b;
    static char ta[16384], tb[16384];
    assert_int_equal(pg_generate(77, 6, &a, NULL), DPP_OK);
    assert_int_equal(pg_generate(77, 6, &b, NULL), DPP_OK);
    pg_print(a, ta, sizeof ta);
    pg_print(b, tb, sizeof tb);
    assert_string_equal(ta, tb);
    pg_free(a);
    pg_free(b);
}

/* Every ENDIF the generator writes is the guide's row, JUMP_ADDR included:
 * "ENDIF 0x00 1 JUMP NONE DECR NONE 1 0 0" [seed 000, p43]. */
static void test_endif_is_the_guides_row(void **state)
{
    (void)state;
    static dpp_exe exe;
    unsigned endifs = 0;
    for (uint64_t seed = 1; seed <= 50; seed++) {
        pg_program *p;
        assert_int_equal(pg_generate(seed, 6, &p, NULL), DPP_OK);
        assert_int_equal(pg_compile(p, &exe, NULL), DPP_OK);
        for (unsigned i = 0; i < exe.ninsts; i++) {
            dpp_inst in;
            dpp_inst_decode(exe.words + i * DPP_INST_DWORDS, &in);
            const dpp_fc *f = &in.fc;
            if (in.cmn.type != DPP_TYPE_FC || f->op != DPP_FC_JUMP || !f->jump_any ||
                f->jump_func != 0x00 || f->b_op0 != DPP_BOP_DECR)
                continue;
            endifs++;
            if (f->jump_addr != 0)
                fail_msg("program %llu slot %u: ENDIF JUMP_ADDR %u, the guide's table has 0",
                         (unsigned long long)seed, i, f->jump_addr);
        }
        pg_free(p);
    }
    assert_true(endifs > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_generator_deterministic),
        cmocka_unit_test(test_endif_is_the_guides_row),
        cmocka_unit_test(test_random_programs),
    };
    return cmocka_run_group_tests_name("progen", tests, NULL, NULL);
}
