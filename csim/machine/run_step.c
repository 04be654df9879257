/* dpp_run one flow-control step at a time (run_step.h). */
#include "run_step.h"

#include "pe.h"
#include "run_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum { S_FILL, S_DRAIN, S_ENDED, S_FAULTED } phase;
enum { WANT_UNSET, WANT_FC, WANT_ISSUES };

struct dpp_stepper {
    run_device d;
    dpp_run_opts o;
    char name[256];
    pe_model *pe;
    pa_model *pa;
    pe_walk walk;
    int walk_more; /* the domain has wavefronts left */
    phase ph;
    dpp_status fault;
    dpp_error fault_err;
    /* the event of the last step, copied out of the array's callback */
    int have_event;
    pa_fc_event ev;
    fc_unit_in in;
    fc_unit_out out;
    /* commits (dpp_stepper_next_issue): one action makes at most two (an
     * instruction and the wavefront's end) */
    int want; /* WANT_*: what the first call asked for */
    pa_issue_event issued[2];
    fc_unit_in issued_in[2]; /* their fc_unit steps, copied too */
    fc_unit_out issued_out[2];
    unsigned nissued, next_issued;
};

static void catch_event(void *user, const pa_fc_event *ev)
{
    dpp_stepper *s = user;
    s->in = *ev->in;
    s->out = *ev->out;
    s->ev = *ev;
    s->ev.in = &s->in;
    s->ev.out = &s->out;
    s->have_event = 1;
}

static void catch_issue(void *user, const pa_issue_event *ev)
{
    dpp_stepper *s = user;
    if (s->nissued >= 2) /* never: the queue is empty before each action */
        return;
    unsigned k = s->nissued++;
    s->issued[k] = *ev;
    if (ev->fc_in) {
        s->issued_in[k] = *ev->fc_in;
        s->issued_out[k] = *ev->fc_out;
        s->issued[k].fc_in = &s->issued_in[k];
        s->issued[k].fc_out = &s->issued_out[k];
    }
}

/* Runs the command buffer's bytes [from, to) through the PE. */
static dpp_status commands(dpp_stepper *s, size_t from, size_t to, dpp_error *err)
{
    pe_set_txn_base(s->pe, from); /* transactions name offsets in the whole buffer */
    return from < to ? pe_execute(s->pe, s->d.cb.bytes + from, to - from, s->d.cbname, err)
                     : DPP_OK;
}

/* A fault as pe_execute names it: the command buffer, start_program's offset. */
static dpp_status fault(dpp_stepper *s, dpp_status st, const dpp_error *inner)
{
    s->ph = S_FAULTED;
    s->fault = st;
    dpp_error_set(&s->fault_err, st, "%s: byte %zu: error: start_program: %s", s->d.cbname,
                  s->d.start_off, inner->msg);
    return st;
}

dpp_status dpp_stepper_open(const dpp_exe *exe, const dpp_run_opts *o, const char *name,
                            dpp_stepper **out, dpp_error *err)
{
    *out = NULL;
    dpp_stepper *s = calloc(1, sizeof *s);
    if (!s)
        return dpp_error_set(err, DPP_E_NOMEM, "%s: out of memory", name);
    s->o = *o;
    s->o.trace = catch_event;
    s->o.trace_user = s;
    s->o.array.threads = 1;
    s->o.array.chip = TM_CHIP_CTM; /* stepping is functional: no timing model */
    s->o.timeline = NULL;
    snprintf(s->name, sizeof s->name, "%s", name);
    dpp_status st = run_prepare(exe, &s->o, name, &s->d, err);
    if (st) {
        free(s);
        return st;
    }
    s->pe = dpp_am_pe(s->d.c);
    s->pa = dpp_am_pa(s->d.c);
    /* everything before start_program, then start_program's own checks */
    st = commands(s, 0, s->d.start_off, err);
    const uint8_t *p = s->d.cb.bytes + s->d.start_off + 4; /* the parameter word */
    uint32_t p0 = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
    pe_count_clocks(s->pe, 1, 0); /* start_program itself, as pe_execute counts a command */
    if (!st) {
        pe_set_txn_base(s->pe, 0);
        pe_txn_command(s->pe, pe_cmd_by_opcode(PE_START_PROGRAM), (const uint32_t[4]){p0, 0, 0, 0},
                       s->d.start_off);
    }
    dpp_error inner;
    if (!st && ((st = pe_walk_open(s->pe, p0, &s->walk, &inner)) ||
                (st = pa_pull_begin(s->pa, &s->walk.prog, &inner))))
        dpp_error_set(err, st, "%s: byte %zu: error: start_program: %s", s->d.cbname,
                      s->d.start_off, inner.msg);
    if (st) {
        dpp_stepper_close(s);
        return st;
    }
    s->walk_more = 1;
    *out = s;
    return DPP_OK;
}

/* One action of the run: start a wavefront, or issue one instruction. */
static dpp_status act(dpp_stepper *s, dpp_error *err)
{
    dpp_error inner;
    dpp_status st = DPP_OK;
    if (s->ph == S_FILL) {
        pe_wave w;
        int more = 0;
        if (s->walk_more && (st = pe_walk_next(s->pe, &s->walk, &w, &more, &inner)))
            return fault(s, st, &inner);
        s->walk_more = more;
        s->ph = !more || pa_pull_start(s->pa, &w) ? S_DRAIN : S_FILL;
        return DPP_OK;
    }
    int busy;
    uint64_t clocks;
    st = pa_pull_issue(s->pa, &busy, &clocks, &inner);
    pe_count_clocks(s->pe, clocks, clocks);
    if (st)
        return fault(s, st, &inner);
    if (!busy && s->walk_more) {
        s->ph = S_FILL;
    } else if (!busy) { /* the domain is done: the commands after start_program */
        s->ph = S_ENDED;
        size_t after = s->d.start_off + 4 + 4u * pe_cmd_by_opcode(PE_START_PROGRAM)->nparams;
        if ((st = commands(s, after, s->d.cb.size, err)))
            return st;
    }
    return DPP_OK;
}

dpp_status dpp_stepper_set_issue_sink(dpp_stepper *s, pa_issue_fn fn, void *user, dpp_error *err)
{
    if (s->want != WANT_UNSET)
        return dpp_error_set(err, DPP_E_ARG, "%s: the stepper has handed out events already",
                             s->name);
    pa_set_issue_hook(s->pa, fn, user);
    return DPP_OK;
}

/* The first call of dpp_stepper_next or _next_issue chooses what s hands out. */
static dpp_status choose(dpp_stepper *s, int want, dpp_error *err)
{
    if (s->want == WANT_UNSET) {
        s->want = want;
        if (want == WANT_ISSUES) {
            pa_set_trace(s->pa, NULL, NULL);
            pa_set_issue_hook(s->pa, catch_issue, s);
        }
    }
    return s->want == want ? DPP_OK
                           : dpp_error_set(err, DPP_E_ARG,
                                           "%s: the stepper hands out %s, not %s", s->name,
                                           s->want == WANT_FC ? "flow-control events" : "commits",
                                           want == WANT_FC ? "flow-control events" : "commits");
}

/* The fault that ended the run, again. */
static dpp_status faulted(const dpp_stepper *s, dpp_error *err)
{
    if (err)
        *err = s->fault_err;
    return s->fault;
}

dpp_status dpp_stepper_next_issue(dpp_stepper *s, const pa_issue_event **ev, dpp_error *err)
{
    *ev = NULL;
    dpp_status st = choose(s, WANT_ISSUES, err);
    if (st)
        return st;
    if (s->next_issued == s->nissued)
        s->next_issued = s->nissued = 0;
    while (s->next_issued == s->nissued && s->ph != S_ENDED && s->ph != S_FAULTED) {
        st = act(s, err);
        if (st && s->ph != S_FAULTED)
            return st;
    }
    if (s->next_issued < s->nissued) {
        *ev = &s->issued[s->next_issued++];
        return DPP_OK;
    }
    return s->ph == S_FAULTED ? faulted(s, err) : DPP_OK;
}

dpp_status dpp_stepper_next(dpp_stepper *s, const pa_fc_event **ev, dpp_error *err)
{
    *ev = NULL;
    dpp_status choice = choose(s, WANT_FC, err);
    if (choice)
        return choice;
    s->have_event = 0;
    while (!s->have_event && s->ph != S_ENDED && s->ph != S_FAULTED) {
        dpp_status st = act(s, err);
        if (st && s->ph != S_FAULTED)
            return st;
    }
    if (s->have_event) {
        *ev = &s->ev;
        return DPP_OK;
    }
    return s->ph == S_FAULTED ? faulted(s, err) : DPP_OK;
}

dpp_status dpp_stepper_result(dpp_stepper *s, dpp_run_result *res, dpp_error *err)
{
    memset(res, 0, sizeof *res);
    if (s->ph != S_ENDED)
        return dpp_error_set(err, DPP_E_ARG, "%s: the stepped run has not ended", s->name);
    dpp_status st = run_collect(&s->d, &s->o, s->name, res, err);
    if (st)
        dpp_run_free(res);
    return st;
}

const uint8_t *dpp_stepper_memory(const dpp_stepper *s, size_t *bytes)
{
    *bytes = (size_t)s->d.L.end;
    return s->d.mem;
}

void dpp_stepper_close(dpp_stepper *s)
{
    if (!s)
        return;
    run_release(&s->d);
    free(s);
}
