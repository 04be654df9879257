/* The stepper (run_step.h) against dpp_run: for random structured programs and
 * the examples, at several wave sizes and wavefronts in flight, the events it
 * hands out one at a time are exactly the ones dpp_run's trace callback sees
 * (inputs, outputs, wavefront, pairs), in the same order, and the outputs,
 * conditional buffer and counters at the end are the same. A program that
 * faults gives the same events up to the fault and the same message. */
#include "cmocka_all.h"

#include "asm.h"
#include "co.h"
#include "progen.h"
#include "run_fixture.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DW 40
#define DH 7

typedef struct recorded {
    unsigned wave;
    int32_t i0, j0;
    fc_unit_in in;
    fc_unit_out out;
} recorded;

typedef struct recording {
    recorded *ev;
    size_t n, cap;
} recording;

static void record(void *user, const pa_fc_event *ev)
{
    recording *r = user;
    if (r->n == r->cap) {
        r->cap = r->cap ? 2 * r->cap : 1024;
        r->ev = realloc(r->ev, r->cap * sizeof *r->ev);
        assert_non_null(r->ev);
    }
    recorded *e = &r->ev[r->n++];
    memset(e, 0, sizeof *e);
    e->wave = ev->wave;
    e->i0 = ev->pairs->i[0];
    e->j0 = ev->pairs->j[0];
    e->in = *ev->in;
    e->out = *ev->out;
}

static void setup(dpp_run_opts *o, unsigned lanes, unsigned contexts)
{
    fixture_opts(o, DW, DH, lanes, contexts);
    fixture_cond(o, CO_LESS);
}

static void same_result(const dpp_run_result *a, const dpp_run_result *b, const char *what)
{
    for (int k = 0; k < 4; k++) {
        const dpp_image *x = &a->output[k], *y = &b->output[k];
        assert_true((x->data == NULL) == (y->data == NULL));
        if (x->data && memcmp(x->data, y->data, (size_t)DW * DH * mc_format_bpe(x->format)))
            fail_msg("%s: output %d differs", what, k);
    }
    assert_memory_equal(a->cond.data, b->cond.data, (size_t)DW * DH * 4);
    assert_int_equal(a->total_clocks, b->total_clocks);
    assert_int_equal(a->active_clocks, b->active_clocks);
}

/* Steps exe with o and compares every event with dpp_run's; returns the
 * number of events. want_fault: the run must end in this fault. */
static size_t compare(const dpp_exe *exe, dpp_run_opts *o, const char *what, int want_fault)
{
    recording rec = {0};
    o->trace = record;
    o->trace_user = &rec;
    dpp_run_result want;
    dpp_error want_err, err;
    dpp_status want_st = dpp_run(exe, o, "p.elf", &want, &want_err);
    assert_int_equal(want_st, want_fault ? DPP_E_FAULT : DPP_OK);
    o->trace = NULL;
    dpp_stepper *s;
    assert_int_equal(dpp_stepper_open(exe, o, "p.elf", &s, &err), DPP_OK);
    size_t n = 0;
    for (;;) {
        const pa_fc_event *ev;
        dpp_status st = dpp_stepper_next(s, &ev, &err);
        if (st) {
            if (!want_fault)
                fail_msg("%s: step %zu: %s", what, n, err.msg);
            assert_int_equal(st, want_st);
            assert_string_equal(err.msg, want_err.msg);
            assert_int_equal(dpp_stepper_next(s, &ev, &err), st); /* and it stays so */
            break;
        }
        if (!ev)
            break;
        if (n >= rec.n)
            fail_msg("%s: more events than dpp_run's %zu", what, rec.n);
        const recorded *e = &rec.ev[n++];
        if (e->wave != ev->wave || e->i0 != ev->pairs->i[0] || e->j0 != ev->pairs->j[0] ||
            memcmp(&e->in, ev->in, sizeof e->in) || memcmp(&e->out, ev->out, sizeof e->out))
            fail_msg("%s: event %zu differs (wave %u, pc %u)", what, n - 1, e->wave, e->in.pc);
    }
    assert_int_equal(n, rec.n);
    if (!want_fault) /* the array's own count of its flow-control steps */
        assert_int_equal(want.stats.fc_steps, rec.n);
    if (!want_fault) {
        dpp_run_result got;
        assert_int_equal(dpp_stepper_result(s, &got, &err), DPP_OK);
        same_result(&want, &got, what);
        dpp_run_free(&got);
        dpp_run_free(&want);
    }
    dpp_stepper_close(s);
    free(rec.ev);
    return n;
}

static void test_random_programs(void **state)
{
    (void)state;
    static dpp_exe exe;
    static dpp_run_opts o;
    size_t events = 0;
    for (uint64_t seed = 1; seed <= 30; seed++) {
        pg_program *p;
        dpp_error err;
        assert_int_equal(pg_generate(seed, 6, &p, NULL), DPP_OK);
        assert_int_equal(pg_compile(p, &exe, &err), DPP_OK);
        static const unsigned shapes[][2] = {{64, 1}, {16, 3}, {4, 16}, {1, 2}};
        for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
            char what[64];
            snprintf(what, sizeof what, "program %llu, %u lanes x %u", (unsigned long long)seed,
                     shapes[k][0], shapes[k][1]);
            setup(&o, shapes[k][0], shapes[k][1]);
            events += compare(&exe, &o, what, 0);
        }
        pg_free(p);
    }
    assert_true(events > 10000);
}

static void test_faulting_program(void **state)
{
    (void)state;
    /* input 0 covers rows 0..4 only: row 5 faults in a late wavefront, after loops ran */
    static const char text[] = ".int i0, 3, 0, 1\n"
                               "    loop i0\n"
                               "    tex ld r1.rgba, r0.rgba, i0 unscaled acquire wait\n"
                               "    endloop\n"
                               "    out rgb mad r0._ o0.rgb, s0.rgb, s1.rgb, s2.rgb src r1/r1, "
                               "#1/#1, #0/#0 wait\n";
    static dpp_exe exe;
    static dpp_run_opts o;
    dpp_error err;
    dpp_asm_opts ao = {0};
    if (dpp_asm(text, strlen(text), "fault.s", &ao, &exe, &err))
        fail_msg("%s", err.msg);
    setup(&o, 16, 3);
    o.input[0].height = 5;
    assert_true(compare(&exe, &o, "fault", 1) > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_programs),
        cmocka_unit_test(test_faulting_program),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
