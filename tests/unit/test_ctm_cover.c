/* SIMT control coverage (ctm_cover_*, ctm_model_cover*; docs/commit.md,
 * "Control coverage") against bins derived by hand for five small programs
 * on one wavefront of 8 lanes. Every bin is checked, the zeros too, so a
 * bin counted once too often, too rarely or in the wrong place fails. Each
 * program is counted through three commit streams: the model's own
 * (ctm_model_commit), a checker's (ctm_commit_put of a second run), and a
 * shared stepped run (ctm_model_step, ctm_commit_share). */
#include "cmocka_all.h"

#include "asm.h"
#include "ctm.h"
#include "elf_exe.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Lanes 0, 2 and 6 read a negative input: a condition "x < 0" holds on 0x45,
 * fails on 0xba. */
static const float inputs[8] = {-1, 2, -3, 4, 5, 6, -7, 8};

#define HEAD                                                                                       \
    "    tex ld r1.r, r0.rgba, i0 unscaled acquire wait\n"                                         \
    "    alu rgb mad r2.r, r1.rrr, #1, #0 alpha mad r2._, #0, #0, #0 setp r lt lt wait\n"
#define BODY "    alu rgb mad r3.r, r1.rrr, #1, #0 alpha mad r3._, #0, #0, #0\n"
#define TAIL "    out rgb max r2._ o0.r, r2.rrr, r2.rrr, r2.rrr alpha max r2._, #0, #0, #0\n"

typedef struct bin_count {
    const char *name;
    uint64_t n;
} bin_count;

typedef struct cover_case {
    const char *name, *src;
    int depth; /* the address and the loop stack's entries */
    uint64_t steps;
    bin_count want[16]; /* every bin not named is 0 */
} cover_case;

static const cover_case cases[] = {
    /* IF p.r parks the 5 lanes that fail (0xba) and goes on with 0x45: diverged,
     * nesting 0 -> 1 (d1). Those call `sub`: a taken CALL at nesting 1 -> 2 (one
     * branch level, one return address: d2) while lanes of the wave wait; its
     * RET taken, 2 -> 1 (d2), from the same diverged lanes. ELSE swaps: 0x45
     * parked, 0xba woken: diverged at d1 and a reconvergence at d1. LOOP i0
     * (count 2) enters with 0xba, 1 -> 2: not taken (it does not skip) at d2;
     * its ENDLOOP iterates once (taken, d2) and exits (not taken, 2 -> 1: d2).
     * ENDIF wakes 0x45 (not taken, 1 -> 0: d1, a reconvergence at d1). The
     * unconditional jump is a JUMP_ALL taken at d0. Both stacks hold one entry: the
     * CALL fills the address stack, the LOOP the loop stack (stack.*_full). 9 FC steps. */
    {"if_call_else_loop",
     ".int i0, 2, 0, 1\n" HEAD "    if p.r\n"
     "        call sub\n"
     "    else\n"
     "        loop i0\n" BODY "        endloop\n"
     "    endif\n"
     "    fc jump done jump_func=0xff\n"
     "sub:\n" BODY "    ret\n"
     "done:\n" TAIL,
     1,
     9,
     {{"IF.diverged.d1", 1},
      {"CALL.taken.d2", 1},
      {"RET.taken.d2", 1},
      {"ELSE.diverged.d1", 1},
      {"LOOP.not_taken.d2", 1},
      {"ENDLOOP.taken.d2", 1},
      {"ENDLOOP.not_taken.d2", 1},
      {"ENDIF.not_taken.d1", 1},
      {"JUMP_ALL.taken.d0", 1},
      {"reconverge.d1", 2},
      {"call.from_diverged", 1},
      {"ret.from_diverged", 1},
      {"stack.addr_full", 1},
      {"stack.loop_full", 1}}},
    /* Stacks of one entry: each LOOP fills the loop stack (stack.loop_full, twice),
     * not taken at d1. First loop, 3 rounds: CONTINUE if p.r parks 0x45 each
     * round (diverged, d1: 3), each ENDLOOP gives them back (reconverge.d1: 3),
     * iterating twice (taken) and exiting once (not taken); the frame shrank
     * and ended whole (loop.shrink_regrow). Second loop: BREAK if p.r parks
     * 0x45 in round 1 (diverged), finds no lane to break in rounds 2 and 3
     * (not taken, 2); both iterating ENDLOOPs go round without the broken
     * lanes (loop.iterate_shrunk, 2), the exit wakes them (reconverge.d1) and
     * the frame ends whole again (loop.shrink_regrow). 14 FC steps. */
    {"continue_break",
     ".int i0, 3, 0, 1\n" HEAD "    loop i0\n"
     "        continue if p.r\n" BODY "    endloop\n"
     "    loop i0\n"
     "        break if p.r\n" BODY "    endloop\n" TAIL,
     1,
     14,
     {{"LOOP.not_taken.d1", 2},
      {"CONTINUE.diverged.d1", 3},
      {"BREAK.diverged.d1", 1},
      {"BREAK.not_taken.d1", 2},
      {"ENDLOOP.taken.d1", 4},
      {"ENDLOOP.not_taken.d1", 2},
      {"reconverge.d1", 4},
      {"loop.shrink_regrow", 2},
      {"loop.iterate_shrunk", 2},
      {"stack.loop_full", 2}}},
    /* A construct counts at its own level whatever its outcome, and "taken" is every lane
     * leaving too. IF b2 (false on every lane) jumps past its block: taken at the level it
     * would open (d1, though nothing opened). IF !b2 runs it: not taken at d1, its ENDIF
     * not taken at d1 (it wakes nobody). LOOP i0 (one round) at d1; inside it IF p.r
     * diverges at d2 (0x45 go on); BREAK: every active lane breaks while 0xba wait, so
     * the group does not jump, but every lane it decided for left: taken at d2; ENDIF
     * decides for no lane (not taken, d2) and wakes 0xba (reconverge.d2); ENDLOOP exits
     * (not taken, d1), wakes the lanes that broke (reconverge.d1), and the frame, shrunk
     * by the IF and the BREAK, ends whole (loop.shrink_regrow). 8 FC steps. */
    {"levels_and_break_all",
     ".int i0, 1, 0, 1\n.bool b2, 0\n" HEAD "    if b2\n" BODY "    endif\n"
     "    if !b2\n" BODY "    endif\n"
     "    loop i0\n"
     "        if p.r\n"
     "            break\n"
     "        endif\n"
     "    endloop\n" TAIL,
     4,
     8,
     {{"IF.taken.d1", 1},
      {"IF.not_taken.d1", 1},
      {"ENDIF.not_taken.d1", 1},
      {"LOOP.not_taken.d1", 1},
      {"IF.diverged.d2", 1},
      {"BREAK.taken.d2", 1},
      {"ENDIF.not_taken.d2", 1},
      {"ENDLOOP.not_taken.d1", 1},
      {"reconverge.d2", 1},
      {"reconverge.d1", 1},
      {"loop.shrink_regrow", 1}}},
    /* IF p.r diverges (d1); TEXKILL of the negative inputs kills every active
     * lane (0x45) while 0xba wait (kill.diverged_active); ENDIF decides for no
     * lane and wakes 0xba (not taken, d1; reconverge.d1). 2 FC steps. */
    {"kill_in_if",
     HEAD "    if p.r\n"
          "        tex texkill r0._, r1.rrrr, i0 aluwait\n"
          "    endif\n" TAIL,
     4,
     2,
     {{"IF.diverged.d1", 1},
      {"ENDIF.not_taken.d1", 1},
      {"reconverge.d1", 1},
      {"kill.diverged_active", 1}}},
    /* IF p.r diverges (d1); TEXKILL with WRITE_INACTIVE of -1 kills every live lane, the
     * parked ones too (kill.diverged_all, not kill.diverged_active): no lane is left, so the
     * wavefront ends there (its END) and the ENDIF never issues. 1 FC step. */
    {"kill_all_in_if",
     ".float c0, -1.0\n" HEAD "    alu rgb mad r3.r, c0.rrr, #1, #0 alpha mad r3._, #0, #0, #0\n"
     "    if p.r\n"
     "        tex texkill r0._, r3.rrrr, i0 aluwait inactive\n"
     "    endif\n" TAIL,
     4,
     1,
     {{"IF.diverged.d1", 1}, {"kill.diverged_all", 1}}},
};

static uint64_t wanted(const cover_case *c, const char *name)
{
    for (const bin_count *b = c->want; b->name; b++)
        if (!strcmp(b->name, name))
            return b->n;
    return 0;
}

static ctm_model *model_of(const cover_case *c, char *elf)
{
    ctm_model *m = ctm_model_new(elf, 8, 1, 8, 1, c->depth, c->depth);
    if (!m)
        fail_msg("%s: %s", c->name, ctm_error());
    assert_int_equal(ctm_model_set_input(m, 0, inputs, CTM_FMT_FLOAT32_1, 8, 1), CTM_OK);
    return m;
}

/* Every bin of m equals c's, and the reports say the same. */
static void check_bins(const cover_case *c, ctm_model *m, const char *stream)
{
    int hit = 0;
    for (int b = 0; b < ctm_cover_bins(); b++) {
        const char *name = ctm_cover_name(b);
        uint64_t want = wanted(c, name), got = ctm_model_cover(m, b);
        hit += got != 0;
        if (got != want)
            fail_msg("%s (%s): %s: %llu, want %llu\n%s", c->name, stream, name,
                     (unsigned long long)got, (unsigned long long)want,
                     ctm_model_cover_report(m, CTM_REPORT_TEXT));
    }
    size_t listed = 0;
    while (c->want[listed].name)
        listed++;
    assert_int_equal(hit, listed); /* every name of the table is a bin */
    json_error_t e;
    json_t *j = json_loads(ctm_model_cover_report(m, CTM_REPORT_JSON), 0, &e);
    if (!j)
        fail_msg("%s: JSON: %s", c->name, e.text);
    assert_int_equal(json_integer_value(json_object_get(j, "hit")), hit);
    assert_int_equal(json_integer_value(json_object_get(j, "steps")), c->steps);
    assert_int_equal(json_object_size(json_object_get(j, "hits")), ctm_cover_bins());
    json_decref(j);
    char head[80];
    snprintf(head, sizeof head, "control coverage: %d of %d bins hit, %llu flow-control steps", hit,
             ctm_cover_bins(), (unsigned long long)c->steps);
    assert_non_null(strstr(ctm_model_cover_report(m, CTM_REPORT_TEXT), head));
}

static void check_case(const cover_case *c)
{
    dpp_exe exe;
    dpp_error err;
    if (dpp_asm(c->src, strlen(c->src), c->name, NULL, &exe, &err))
        fail_msg("%s: %s", c->name, err.msg);
    char elf[] = "/tmp/test_ctm_cover_XXXXXX";
    int fd = mkstemp(elf);
    assert_true(fd >= 0);
    close(fd);
    assert_int_equal(dpp_elf_write(&exe, elf, &err), DPP_OK);

    /* the model's own commits */
    ctm_model *m = model_of(c, elf);
    ctm_commit r;
    while (ctm_model_commit(m, &r) == 1)
        ;
    check_bins(c, m, "ctm_model_commit");

    /* a checker's model, fed a second run's commits as the design's */
    ctm_model *ref = model_of(c, elf), *design = model_of(c, elf);
    ctm_commit_checker *k = ctm_commit_new(ref, 1, 0);
    uint64_t cycle = 0;
    while (ctm_model_commit(design, &r) == 1) {
        r.wave = r.kind == CTM_COMMIT_START ? -1 : r.wave;
        assert_int_equal(ctm_commit_put(k, cycle++, &r), CTM_OK);
    }
    assert_int_equal(ctm_commit_finish(k), CTM_OK);
    check_bins(c, ref, "checker");
    ctm_commit_free(k);
    ctm_model_free(design);
    ctm_model_free(ref);

    /* a stepped run that a checker shares (no commit put: the drain owes them) */
    ctm_model *st = model_of(c, elf);
    k = ctm_commit_new(st, 1, 0);
    assert_int_equal(ctm_commit_share(k), CTM_OK);
    while (ctm_model_step(st) == 1)
        ;
    check_bins(c, st, "ctm_model_step");
    ctm_commit_free(k);
    ctm_model_free(st);

    ctm_model_free(m);
    unlink(elf);
}

static void test_hand_derived_bins(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
        check_case(&cases[i]);
}

/* The names are unique and the grid's first and the last bin are where the
 * header says. */
static void test_bin_names(void **state)
{
    (void)state;
    int n = ctm_cover_bins();
    assert_int_equal(n, 13 * 3 * 8 + 8 + 9);
    assert_string_equal(ctm_cover_name(0), "IF.taken.d0");
    assert_string_equal(ctm_cover_name(7), "IF.taken.d7+");
    assert_string_equal(ctm_cover_name(n - 1), "kill.diverged_all");
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++)
            assert_string_not_equal(ctm_cover_name(a), ctm_cover_name(b));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hand_derived_bins),
        cmocka_unit_test(test_bin_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
