/* Random structured programs: the processor array (through dpp_run, the
 * library behind `dpp run`) must give every lane exactly the outputs of the
 * direct per-lane interpreter, for wavefront sizes 1, 4, 16 and 64; the
 * divergent profile's programs too, with input 0 left unbound so that the run
 * generates the lane-rank pattern its INPUTPATTERN note names (4, 16, 20, 64). */
#include "cmocka_all.h"

#include "ctm.h"
#include "fp_bits.h"
#include "in_pattern.h"
#include "progen.h"
#include "run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

/* p's features added to total (depth: the deepest of them), after checking it nests 6 deep. */
static void add_features(const pg_program *p, uint64_t seed, pg_features *total)
{
    pg_features f;
    pg_features_of(p, &f);
    if (f.depth < 6)
        report(p, seed, "nesting below 6");
    unsigned *tv = (unsigned *)total, *fv = (unsigned *)&f;
    for (size_t k = 1; k < sizeof f / sizeof(unsigned); k++)
        tv[k] += fv[k];
    total->depth = f.depth > total->depth ? f.depth : total->depth;
}

/* Every element of a w x h run of p (res, on `wave`-lane wavefronts) against the direct
 * interpreter on the same input px. */
static void compare_with_interpreter(const pg_program *p, uint64_t seed, dpp_run_result *res,
                                     const float *px, int w, int h, unsigned wave)
{
    for (int j = 0; j < h; j++)
        for (int i = 0; i < w; i++) {
            uint32_t in[4], want[4][4];
            for (int c = 0; c < 4; c++)
                in[c] = dpp_fp_bits(px[(j * w + i) * 4 + c]);
            pg_interpret(p, i, j, in, want);
            for (int out = 0; out < 4; out++) {
                const uint8_t *got = res->output[out].data + (size_t)(j * w + i) * 16;
                if (memcmp(got, want[out], 16)) {
                    char m[300];
                    float g[4], e[4];
                    memcpy(g, got, 16);
                    memcpy(e, want[out], 16);
                    snprintf(m, sizeof m,
                             "wave %u lane (%d, %d) input %g output %d: model %g %g %g %g, "
                             "interpreter %g %g %g %g",
                             wave, i, j, px[(j * w + i) * 4], out, g[0], g[1], g[2], g[3], e[0],
                             e[1], e[2], e[3]);
                    dpp_run_free(res);
                    report(p, seed, m);
                }
            }
        }
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
    add_features(p, seed, total);
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
        compare_with_interpreter(p, seed, &res, px, DW, DH, wave_sizes[w]);
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

#define DIV_PROGRAMS 300
#define DIV_W        8 /* 32 elements: two 16-lane wavefronts, a partial 20-lane one */
#define DIV_H        4

static const unsigned div_waves[] = {4, 16, 20, 64};

/* One divergent program: input 0 unbound (the run makes it), every lane as the interpreter
 * says on the pattern's values. */
static void check_divergent(uint64_t seed, pg_features *total)
{
    pg_program *p;
    static dpp_exe exe;
    static dpp_run_opts o;
    dpp_error err;
    assert_int_equal(pg_generate_profile(seed, 6, PG_PROFILE_DIVERGENT, &p, NULL), DPP_OK);
    if (pg_compile(p, &exe, &err))
        report(p, seed, err.msg);
    if (exe.in_pattern[0] != DPP_PAT_LANE_RANK)
        report(p, seed, "no lane-rank pattern named for input 0");
    add_features(p, seed, total);
    for (size_t w = 0; w < sizeof div_waves / sizeof div_waves[0]; w++) {
        static float px[DIV_W * DIV_H * 4];
        dpp_pattern_fill(DPP_PAT_LANE_RANK, exe.in_pattern_seed[0], div_waves[w], DIV_W, DIV_H, px);
        dpp_run_default_opts(&o);
        o.width = DIV_W;
        o.height = DIV_H;
        o.array.lanes = div_waves[w];
        o.array.contexts = w == 1 ? 2 : 1;
        dpp_run_result res;
        if (dpp_run(&exe, &o, "progen", &res, &err)) {
            char m[700];
            snprintf(m, sizeof m, "wave %u: %s", div_waves[w], err.msg);
            report(p, seed, m);
        }
        compare_with_interpreter(p, seed, &res, px, DIV_W, DIV_H, div_waves[w]);
        dpp_run_free(&res);
    }
    pg_free(p);
}

static void test_divergent_programs(void **state)
{
    (void)state;
    pg_features total = {0};
    for (uint64_t seed = 1; seed <= DIV_PROGRAMS; seed++)
        check_divergent(seed, &total);
    assert_true(total.key_conds > 10 * DIV_PROGRAMS); /* most conditions are on the key */
    assert_true(total.if_src[0] > 0 && total.if_src[1] > 0 && total.if_src[2] > 0);
    assert_true(total.loops > 0 && total.reps > 0 && total.breaks > 0 && total.continues > 0);
    assert_true(total.cond_calls > 0 && total.cond_rets > 0 && total.kills > 0);
    printf("progen divergent: %d programs x %zu wave sizes; key conditions %u, ifs %u/%u/%u, "
           "loops %u, reps %u, breaks %u, continues %u, calls %u+%u, cond rets %u, kills %u\n",
           DIV_PROGRAMS, sizeof div_waves / sizeof div_waves[0], total.key_conds, total.if_src[0],
           total.if_src[1], total.if_src[2], total.loops, total.reps, total.breaks, total.continues,
           total.calls, total.cond_calls, total.cond_rets, total.kills);
}

/* The lane-rank pattern: in every full wavefront of any size 4..64, the keys
 * are a permutation of floor(r * 64 / lanes) - 32, so key < 0 holds for
 * exactly half the lanes and key < -31 for exactly one. */
static void test_lane_rank_pattern(void **state)
{
    (void)state;
    static float px[37 * 5 * 4];
    for (unsigned lanes = 4; lanes <= 64; lanes++) {
        assert_int_equal(dpp_pattern_fill(DPP_PAT_LANE_RANK, 9, lanes, 37, 5, px), 0);
        for (unsigned w0 = 0; w0 + lanes <= 37 * 5; w0 += lanes) {
            unsigned neg = 0, lowest = 0, seen[64] = {0};
            for (unsigned l = 0; l < lanes; l++) {
                float v = px[4 * (w0 + l)];
                assert_true(v == px[4 * (w0 + l) + 3]);
                neg += v < 0;
                lowest += v < -31;
                for (unsigned r = 0; r < lanes; r++)
                    if ((float)((int)(r * 64 / lanes) - 32) == v)
                        seen[r]++;
            }
            assert_int_equal(neg, (lanes + 1) / 2); /* r < lanes / 2 */
            assert_int_equal(lowest, 1);
            for (unsigned r = 0; r < lanes; r++)
                assert_int_equal(seen[r], 1);
        }
    }
    assert_int_equal(dpp_pattern_fill(DPP_PAT_COUNT, 9, 16, 4, 4, px), -1);
    /* another seed, another order */
    static float qx[16 * 4];
    dpp_pattern_fill(DPP_PAT_LANE_RANK, 9, 16, 16, 1, px);
    dpp_pattern_fill(DPP_PAT_LANE_RANK, 10, 16, 16, 1, qx);
    assert_true(memcmp(px, qx, sizeof qx) != 0);
}

/* Share of FC steps of a library run (ctm_model: a testbench that binds no input) after which
 * the live lanes are split; 16 lanes, 32x24. */
static double library_split_share(uint64_t seed, unsigned profile)
{
    pg_program *p;
    static dpp_exe exe;
    assert_int_equal(pg_generate_profile(seed, 6, profile, &p, NULL), DPP_OK);
    assert_int_equal(pg_compile(p, &exe, NULL), DPP_OK);
    pg_free(p);
    char elf[] = "/tmp/test_progen_XXXXXX";
    int fd = mkstemp(elf);
    assert_true(fd >= 0);
    close(fd);
    assert_int_equal(dpp_elf_write(&exe, elf, NULL), DPP_OK);
    ctm_model *m = ctm_model_new(elf, 32, 24, 16, 1, 4, 4);
    unlink(elf);
    assert_non_null(m);
    unsigned steps = 0, split = 0;
    int r;
    while ((r = ctm_model_step(m)) == 1) {
        if (ctm_model_get(m, "cmd") != CTM_FC_CMD_EXEC)
            continue;
        uint64_t live = ctm_model_get(m, "live"), active = ctm_model_get(m, "active") & live;
        steps++;
        split += active && active != live;
    }
    if (r != 0)
        fail_msg("program %llu: %s", (unsigned long long)seed, ctm_model_error(m));
    ctm_model_free(m);
    return steps ? (double)split / steps : 0.0;
}

/* A design testbench through the library gets the divergence with no change: the divergent
 * program's input 0, left unbound, is generated, and its lanes stay split at most steps where a
 * default program (on the zeros an unbound input reads) barely splits. */
static void test_divergent_through_library(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 4; seed++) {
        double div = library_split_share(seed, PG_PROFILE_DIVERGENT),
               def = library_split_share(seed, PG_PROFILE_DEFAULT);
        printf("progen %llu through ctm_model: split after %.2f of the FC steps (default %.2f)\n",
               (unsigned long long)seed, div, def);
        assert_true(div > 0.5 && div > def + 0.3);
    }
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

/* FNV-1a of the executables (ELF bytes) of seeds 1..40 of a profile, nested 6 deep. */
static uint64_t profile_hash(unsigned profile)
{
    static dpp_exe exe;
    static uint8_t buf[1 << 17];
    char elf[] = "/tmp/test_progen_XXXXXX";
    int fd = mkstemp(elf);
    assert_true(fd >= 0);
    close(fd);
    uint64_t h = 0xcbf29ce484222325ull;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        pg_program *p;
        assert_int_equal(pg_generate_profile(seed, 6, profile, &p, NULL), DPP_OK);
        assert_int_equal(pg_compile(p, &exe, NULL), DPP_OK);
        pg_free(p);
        assert_int_equal(dpp_elf_write(&exe, elf, NULL), DPP_OK);
        FILE *f = fopen(elf, "rb");
        assert_non_null(f);
        size_t n = fread(buf, 1, sizeof buf, f);
        fclose(f);
        for (size_t k = 0; k < n; k++)
            h = (h ^ buf[k]) * 0x100000001b3ull;
    }
    unlink(elf);
    return h;
}

/* A seed's program stays the same bytes when profiles are added or the generators change
 * shape: the default and divergent profiles' executables of seeds 1..40, as the model wrote them
 * when this test came. A deliberate change of a generator changes its number here,
 * and its commit says so. The names in messages are the table's. */
static void test_profiles_keep_their_programs(void **state)
{
    (void)state;
    static const uint64_t want[] = {
        [PG_PROFILE_DEFAULT] = 0x128e3872f9294668ull,
        [PG_PROFILE_DIVERGENT] = 0xe3d550370084e695ull,
    };
    for (unsigned k = 0; k < sizeof want / sizeof want[0]; k++) {
        uint64_t h = profile_hash(k);
        if (h != want[k])
            fail_msg("profile %s: seeds 1..40 hash 0x%016llx, pinned 0x%016llx", pg_profile_name(k),
                     (unsigned long long)h, (unsigned long long)want[k]);
    }
    char names[64] = "";
    for (unsigned k = 0; k < PG_PROFILE_COUNT; k++) {
        assert_int_equal(pg_profile_find(pg_profile_name(k)), (int)k);
        snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", k ? ", " : "",
                 pg_profile_name(k));
    }
    assert_string_equal(pg_profile_list(), names);
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
        cmocka_unit_test(test_profiles_keep_their_programs),
        cmocka_unit_test(test_random_programs),
        cmocka_unit_test(test_lane_rank_pattern),
        cmocka_unit_test(test_divergent_programs),
        cmocka_unit_test(test_divergent_through_library),
    };
    return cmocka_run_group_tests_name("progen", tests, NULL, NULL);
}
