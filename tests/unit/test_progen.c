/* Random structured programs: the processor array (through dpp_run, the
 * library behind `dpp run`) must give every lane exactly the outputs of the
 * direct per-lane interpreter, for wavefront sizes 1, 4, 16 and 64; the
 * divergent and partial profiles' programs too, with input 0 left unbound so
 * that the run generates the lane-rank pattern its INPUTPATTERN note names
 * (4, 16, 20, 64). Partial programs are partial flow-control mode programs. */
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

/* p's features added to total (depth: the deepest of them), after checking it nests min_depth
 * deep; its own in *f. */
static void add_features(const pg_program *p, uint64_t seed, unsigned min_depth, pg_features *total,
                         pg_features *f_out)
{
    pg_features f;
    pg_features_of(p, &f);
    if (f_out)
        *f_out = f;
    if (f.depth < min_depth)
        report(p, seed, "nesting below the depth asked");
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
    add_features(p, seed, 6, total, NULL);
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

/* One program of a keyed profile (divergent, partial) nested min_depth deep: input 0 unbound
 * (the run makes it), every lane as the interpreter says on the pattern's values; its
 * features in *f. A partial program is in partial flow-control mode and runs in it (the
 * array refuses a partial program that breaks the mode's rules). */
static void check_keyed(uint64_t seed, unsigned profile, unsigned min_depth, pg_features *total,
                        pg_features *f)
{
    pg_program *p;
    static dpp_exe exe;
    static dpp_run_opts o;
    dpp_error err;
    assert_int_equal(pg_generate_profile(seed, min_depth, profile, &p, NULL), DPP_OK);
    if (pg_compile(p, &exe, &err))
        report(p, seed, err.msg);
    if (exe.in_pattern[0] != DPP_PAT_LANE_RANK)
        report(p, seed, "no lane-rank pattern named for input 0");
    if (exe.info.fc_mode != (profile != PG_PROFILE_PARTIAL))
        report(p, seed, "the executable's flow-control mode is not the profile's");
    add_features(p, seed, min_depth, total, f);
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
        check_keyed(seed, PG_PROFILE_DIVERGENT, 6, &total, NULL);
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

/* The partial profile: the divergent profile's conditions in partial flow-control mode
 * programs (ifs only, nested 6 deep at most [seed 000 p38]), asked for depths 1..6 in turn:
 * each reaches its depth, none passes 6, and 6 comes often. */
#define PART_PROGRAMS 150

static void test_partial_programs(void **state)
{
    (void)state;
    pg_features total = {0};
    unsigned at_depth[9] = {0};
    for (uint64_t seed = 1; seed <= PART_PROGRAMS; seed++) {
        pg_features f;
        check_keyed(seed, PG_PROFILE_PARTIAL, 1 + (unsigned)(seed % 6), &total, &f);
        assert_in_range(f.depth, 1, 6);
        at_depth[f.depth]++;
    }
    assert_true(total.key_conds > 5 * PART_PROGRAMS);
    assert_true(total.if_src[0] > 0 && total.if_src[1] > 0 && total.if_src[2] > 0);
    assert_true(total.else_src[0] > 0 && total.kills > 0);
    assert_int_equal(total.loops + total.reps + total.breaks + total.continues, 0);
    assert_int_equal(total.calls + total.cond_calls + total.cond_rets, 0);
    assert_true(at_depth[6] > PART_PROGRAMS / 3);
    printf("progen partial: %d programs x %zu wave sizes, depth 1..6 asked in turn; deepest "
           "nesting 1..6: %u %u %u %u %u %u; key conditions %u, ifs %u/%u/%u, kills %u\n",
           PART_PROGRAMS, sizeof div_waves / sizeof div_waves[0], at_depth[1], at_depth[2],
           at_depth[3], at_depth[4], at_depth[5], at_depth[6], total.key_conds, total.if_src[0],
           total.if_src[1], total.if_src[2], total.kills);
    /* deeper than the mode allows is refused, naming the limit */
    pg_program *p = (pg_program *)1;
    dpp_error err;
    assert_int_equal(pg_generate_profile(1, 7, PG_PROFILE_PARTIAL, &p, &err), DPP_E_ARG);
    assert_null(p);
    assert_non_null(strstr(err.msg, "nests at most 6 deep"));
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

/* What a library run (ctm_model: a testbench that binds no input) of a program did. */
typedef struct lib_run {
    unsigned steps, split, full_mode; /* FC steps; of them, live lanes split after; in full mode */
    uint64_t if_diverged[7];          /* hits of IF.diverged.dL, L = 1..6 */
} lib_run;

/* Runs the program of seed and profile on 16 lanes over w x h. */
static void library_run(uint64_t seed, unsigned profile, int w, int h, lib_run *out)
{
    static int if_bin[7];
    if (!if_bin[1])
        for (int b = 0; b < ctm_cover_bins(); b++)
            if (!strncmp(ctm_cover_name(b), "IF.diverged.d", 13) && ctm_cover_name(b)[13] >= '1' &&
                ctm_cover_name(b)[13] <= '6')
                if_bin[ctm_cover_name(b)[13] - '0'] = b;
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
    ctm_model *m = ctm_model_new(elf, w, h, 16, 1, 4, 4);
    unlink(elf);
    assert_non_null(m);
    memset(out, 0, sizeof *out);
    int r;
    while ((r = ctm_model_step(m)) == 1) {
        if (ctm_model_get(m, "cmd") != CTM_FC_CMD_EXEC)
            continue;
        uint64_t live = ctm_model_get(m, "live"), active = ctm_model_get(m, "active") & live;
        out->steps++;
        out->split += active && active != live;
        out->full_mode += ctm_model_get(m, "full_mode") != 0;
    }
    if (r != 0)
        fail_msg("program %llu: %s", (unsigned long long)seed, ctm_model_error(m));
    for (int d = 1; d <= 6; d++)
        out->if_diverged[d] = ctm_model_cover(m, if_bin[d]);
    ctm_model_free(m);
}

/* Share of FC steps of a library run after which the live lanes are split; 16 lanes, 32x24. */
static double library_split_share(uint64_t seed, unsigned profile)
{
    lib_run r;
    library_run(seed, profile, 32, 24, &r);
    return r.steps ? (double)r.split / r.steps : 0.0;
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

#define PART_RUNS 50

/* Partial programs nested 6 deep through the library, 16 lanes over 16x4 (four full
 * wavefronts): every step runs in partial mode, and an IF splits the live lanes at each
 * level 1..6 of every program (the spine keeps lanes enough to split below it, and no
 * TEXKILL takes the ones it needs). */
static void test_partial_diverges_at_every_level(void **state)
{
    (void)state;
    unsigned every_level = 0, steps = 0, split = 0, level_hit[7] = {0};
    for (uint64_t seed = 1; seed <= PART_RUNS; seed++) {
        lib_run r;
        library_run(seed, PG_PROFILE_PARTIAL, 16, 4, &r);
        if (r.full_mode)
            fail_msg("partial program %llu: %u steps in full mode", (unsigned long long)seed,
                     r.full_mode);
        unsigned levels = 0;
        for (int d = 1; d <= 6; d++) {
            levels += r.if_diverged[d] != 0;
            level_hit[d] += r.if_diverged[d] != 0;
        }
        every_level += levels == 6;
        steps += r.steps;
        split += r.split;
    }
    printf("progen partial through ctm_model: %u of %d programs split their lanes at all 6 "
           "levels (per level 1..6: %u %u %u %u %u %u); split after %.2f of %u FC steps\n",
           every_level, PART_RUNS, level_hit[1], level_hit[2], level_hit[3], level_hit[4],
           level_hit[5], level_hit[6], (double)split / steps, steps);
    assert_int_equal(every_level, PART_RUNS);
    assert_true((double)split / steps > 0.5);
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
        cmocka_unit_test(test_partial_programs),
        cmocka_unit_test(test_partial_diverges_at_every_level),
    };
    return cmocka_run_group_tests_name("progen", tests, NULL, NULL);
}
