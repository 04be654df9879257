/* dpp_run one flow-control step at a time (run_step.h). */
#include "run_step.h"

#include "pe.h"
#include "run_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* S_CMDS: the commands up to the next start_program are to run */
typedef enum { S_CMDS, S_FILL, S_DRAIN, S_ENDED, S_FAULTED } phase;
enum { WANT_UNSET, WANT_FC, WANT_ISSUES };

struct dpp_stepper {
    run_device d;
    dpp_run_opts o;
    char name[256];
    pe_model *pe;
    pa_model *pa;
    const uint8_t *buf; /* the command buffer as the device holds it, size bytes */
    size_t size, pos;   /* pos: the next command's byte */
    pe_walk walk;
    int walk_more; /* the domain has wavefronts left */
    /* The array numbers a start_program's wavefronts from 0; the stepper numbers them
     * through the run (those of the programs before added), so that a checker that binds a
     * context to a wavefront number sees each once in a buffer of several start_programs. */
    unsigned wave_base, started;
    pa_issue_fn sink; /* dpp_stepper_set_issue_sink's, renumbered through relay_issue */
    void *sink_user;
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
    s->ev.wave += s->wave_base;
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
    s->issued[k].wave += s->wave_base;
    if (ev->fc_in) {
        s->issued_in[k] = *ev->fc_in;
        s->issued_out[k] = *ev->fc_out;
        s->issued[k].fc_in = &s->issued_in[k];
        s->issued[k].fc_out = &s->issued_out[k];
    }
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

/* A command's failure as it stands (its message names the byte already). */
static dpp_status failed(dpp_stepper *s, dpp_status st, const dpp_error *e)
{
    s->ph = S_FAULTED;
    s->fault = st;
    s->fault_err = *e;
    return st;
}

static uint32_t word_at(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Runs the commands from pos as pe_execute does (the whole buffer's framing is checked
 * before the first command runs) up to the next start_program, which it opens (S_FILL), or
 * to the end (S_ENDED); a failure ends the run (S_FAULTED) with the command's message. */
static dpp_status advance(dpp_stepper *s)
{
    const pe_cmd_desc *d;
    dpp_error e;
    dpp_status st;
    if (s->pos == 0)
        for (size_t off = 0; off < s->size; off += 4 + 4u * d->nparams)
            if ((st = pe_check_packet(s->buf, s->size, off, s->d.cbname, &d, &e)))
                return failed(s, st, &e);
    while (s->pos < s->size) {
        size_t off = s->pos;
        /* checked again: a program may have written over the buffer in device memory */
        if ((st = pe_check_packet(s->buf, s->size, off, s->d.cbname, &d, &e)))
            return failed(s, st, &e);
        uint32_t p[4] = {0};
        for (unsigned k = 0; k < d->nparams; k++)
            p[k] = word_at(s->buf + off + 4 + 4 * k);
        s->pos += 4 + 4u * d->nparams;
        if (d->opcode != PE_START_PROGRAM) {
            if ((st = pe_run_packet(s->pe, d, p, off, s->d.cbname, &e)))
                return failed(s, st, &e);
            continue;
        }
        s->d.start_off = off;
        s->wave_base = s->started;
        dpp_error inner;
        if ((st = pe_open_program(s->pe, p, off, s->d.cbname, &s->walk, &e)))
            return failed(s, st, &e);
        if ((st = pa_pull_begin(s->pa, &s->walk.prog, &inner)))
            return fault(s, st, &inner);
        s->walk_more = 1;
        s->ph = S_FILL;
        return DPP_OK;
    }
    s->ph = S_ENDED;
    return DPP_OK;
}

/* A stepper with options o, its device not yet open. */
static dpp_stepper *stepper_new(const dpp_run_opts *o, const char *name, dpp_error *err)
{
    dpp_stepper *s = calloc(1, sizeof *s);
    if (!s) {
        dpp_error_set(err, DPP_E_NOMEM, "%s: out of memory", name);
        return NULL;
    }
    s->o = *o;
    s->o.trace = catch_event;
    s->o.trace_user = s;
    s->o.array.threads = 1;
    s->o.array.chip = TM_CHIP_CTM; /* stepping is functional: no timing model */
    s->o.timeline = NULL;
    snprintf(s->name, sizeof s->name, "%s", name);
    return s;
}

/* The device's PE and array, and the buffer: the run starts at its first command. */
static void stepper_ready(dpp_stepper *s, const uint8_t *buf, size_t size)
{
    s->pe = dpp_am_pe(s->d.c);
    s->pa = dpp_am_pa(s->d.c);
    pe_set_txn_base(s->pe, 0); /* transactions name offsets in the whole buffer */
    s->buf = buf;
    s->size = size;
    s->ph = S_CMDS;
}

dpp_status dpp_stepper_open(const dpp_exe *exe, const dpp_run_opts *o, const char *name,
                            dpp_stepper **out, dpp_error *err)
{
    *out = NULL;
    dpp_stepper *s = stepper_new(o, name, err);
    if (!s)
        return DPP_E_NOMEM;
    dpp_status st = run_prepare(exe, &s->o, name, &s->d, err);
    if (st) {
        free(s);
        return st;
    }
    stepper_ready(s, s->d.cb.bytes, s->d.cb.size);
    /* everything before start_program, then start_program's own checks: a run that cannot
     * start is refused here */
    if ((st = advance(s))) {
        *err = s->fault_err;
        dpp_stepper_close(s);
        return st;
    }
    *out = s;
    return DPP_OK;
}

dpp_status dpp_stepper_open_cmds(const uint8_t *img, size_t img_len, const uint8_t *cb,
                                 size_t cb_len, size_t mem_bytes, const dpp_run_opts *o,
                                 const char *name, dpp_stepper **out, dpp_error *err)
{
    *out = NULL;
    size_t at = (img_len + 2047) / 2048 * 2048, need = (at + cb_len + 2047) / 2048 * 2048;
    if (need == 0)
        need = 2048;
    if (mem_bytes && mem_bytes < need)
        return dpp_error_set(err, DPP_E_ARG,
                             "%s: device memory of %zu bytes is smaller than the image (%zu "
                             "bytes) and the buffer (%zu bytes) at the next 2 KiB: %zu",
                             name, mem_bytes, img_len, cb_len, need);
    dpp_stepper *s = stepper_new(o, name, err);
    if (!s)
        return DPP_E_NOMEM;
    dpp_device_params dp = {.mem_bytes = mem_bytes ? mem_bytes : need, .array = s->o.array};
    dpp_status st = dpp_am_open(&dp, &s->d.c, err);
    if (st) {
        free(s);
        return st;
    }
    dpp_am_set_trace(s->d.c, s->o.trace, s->o.trace_user);
    mc_set_txn_sink(dpp_am_mc(s->d.c), s->o.txn, s->o.txn_user);
    size_t size;
    s->d.mem = dpp_am_memory(s->d.c, &size);
    s->d.L.end = size;
    s->d.L.cmd = at;
    if (img_len)
        memcpy(s->d.mem, img, img_len);
    if (cb_len)
        memcpy(s->d.mem + at, cb, cb_len);
    snprintf(s->d.cbname, sizeof s->d.cbname, "%s", name);
    stepper_ready(s, s->d.mem + at, cb_len); /* run from device memory, as dpp exec does */
    *out = s;
    return DPP_OK;
}

/* One action of the run: start a wavefront, or issue one instruction. */
static dpp_status act(dpp_stepper *s)
{
    dpp_error inner;
    dpp_status st = DPP_OK;
    if (s->ph == S_CMDS)
        return advance(s);
    if (s->ph == S_FILL) {
        pe_wave w;
        int more = 0;
        if (s->walk_more && (st = pe_walk_next(s->pe, &s->walk, &w, &more, &inner)))
            return fault(s, st, &inner);
        s->walk_more = more;
        s->started += (unsigned)more;
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
        s->ph = S_CMDS;
    }
    return DPP_OK;
}

/* A commit to the sink, its wavefront numbered through the run. */
static void relay_issue(void *user, const pa_issue_event *ev)
{
    dpp_stepper *s = user;
    pa_issue_event e = *ev;
    e.wave += s->wave_base;
    s->sink(s->sink_user, &e);
}

void dpp_stepper_set_txn_units(dpp_stepper *s, unsigned units)
{
    mc_set_txn_units(dpp_am_mc(s->d.c), units);
}

dpp_status dpp_stepper_set_issue_sink(dpp_stepper *s, pa_issue_fn fn, void *user, dpp_error *err)
{
    if (s->want != WANT_UNSET)
        return dpp_error_set(err, DPP_E_ARG, "%s: the stepper has handed out events already",
                             s->name);
    s->sink = fn;
    s->sink_user = user;
    pa_set_issue_hook(s->pa, relay_issue, s);
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
        st = act(s);
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
        dpp_status st = act(s);
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
