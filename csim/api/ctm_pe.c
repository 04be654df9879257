/* The PE's command processor through the public API (ctm.h, since 1.10): a
 * command buffer fed one dword at a time, each command checked and run by
 * the model's PE (pe.c's per-command seam, the code `dpp exec` runs) as its
 * last word arrives, its fields and the state it leaves read by name from
 * the command table (pe_cmds.c) and the tables below. */
#include "ctm.h"
#include "ctm_int.h"

#include "mc.h"
#include "pe.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Static_assert((int)CTM_PE_INST == (int)MC_CL_INST && (int)CTM_PE_COND == (int)MC_CL_COND &&
                   (int)CTM_PE_INPUT == (int)MC_CL_INPUT && (int)CTM_PE_OUTPUT == (int)MC_CL_OUTPUT,
               "ctm.h's PE clients are the MC's");

#define PE_MEM_MAX (1u << 30)

struct ctm_pe {
    api_handle h;
    uint8_t *mem;
    mc_model *mc;
    pe_model *pe;
    unsigned lanes;
    uint64_t words;
    /* the command being received: its header's byte, its words so far */
    const pe_cmd_desc *cur;
    size_t cur_off;
    unsigned cur_n;
    uint32_t cur_p[4];
    /* the last command whose words all arrived */
    const pe_cmd_desc *last;
    size_t last_off;
    uint32_t last_p[4];
    uint64_t commands;
    int status;                  /* CTM_OK, or the stream's first error */
    char stopped[API_ERROR_MAX]; /* its message */
    /* what start_program handed the array that runs nothing */
    uint64_t programs, waves;
    pe_program prog;
};

/* ------------------------------------------------------------ the array that runs nothing */

static dpp_status null_begin(void *user, const pe_program *prog, dpp_error *err)
{
    (void)err;
    ctm_pe *p = user;
    p->programs++;
    p->prog = *prog;
    return DPP_OK;
}

static dpp_status null_wave(void *user, const pe_program *prog, const pe_wave *w, uint64_t *clocks,
                            dpp_error *err)
{
    (void)prog, (void)w, (void)err;
    ((ctm_pe *)user)->waves++;
    *clocks = 0; /* no instruction runs */
    return DPP_OK;
}

/* ------------------------------------------------------------ new, free */

ctm_pe *ctm_pe_new(int lanes, uint32_t mem_bytes)
{
    if (!API_RANGE(NULL, "lanes", lanes, 1, PE_MAX_LANES) ||
        !API_RANGE(NULL, "mem_bytes", mem_bytes, 1, PE_MEM_MAX))
        return NULL;
    ctm_pe *p = api_alloc(API_PE, sizeof *p);
    if (!p)
        return api_fail("ctm_pe_new: out of memory");
    p->lanes = (unsigned)lanes;
    pe_array_ops ops = {null_begin, null_wave, NULL, p};
    dpp_error err;
    if (!(p->mem = calloc(1, mem_bytes)) || mc_create(p->mem, mem_bytes, &p->mc, NULL) ||
        pe_create(p->mc, (unsigned)lanes, &ops, &p->pe, &err)) {
        ctm_pe_free(p);
        return api_fail("ctm_pe_new: out of memory for %u bytes of device memory", mem_bytes);
    }
    api_set_error("");
    return p;
}

void ctm_pe_free(ctm_pe *p)
{
    if (!p || !API_LIVE(p, API_PE))
        return;
    pe_destroy(p->pe);
    mc_destroy(p->mc);
    free(p->mem);
    api_release(p, API_PE);
}

/* ------------------------------------------------------------ the stream */

/* Stops the stream with the model's error: its status as ctm.h's. */
static int stop(ctm_pe *p, dpp_status st, const dpp_error *err)
{
    p->status = st == DPP_E_FAULT ? CTM_E_FAULT : st == DPP_E_NOMEM ? CTM_E_NOMEM : CTM_E_FORMAT;
    snprintf(p->stopped, sizeof p->stopped, "%s", err->msg);
    api_set_error(p->stopped);
    return p->status;
}

/* After an error every call of the stream returns it again. */
static int stopped(ctm_pe *p)
{
    api_set_error(p->stopped);
    return p->status;
}

int ctm_pe_put(ctm_pe *p, uint32_t dword)
{
    if (!API_LIVE(p, API_PE))
        return CTM_E_ARG;
    if (p->status)
        return stopped(p);
    size_t off = (size_t)p->words * 4;
    p->words++;
    dpp_error err;
    dpp_status st;
    if (!p->cur) {
        if ((st = pe_check_header(dword, off, __func__, &p->cur, &err)))
            return stop(p, st, &err);
        p->cur_off = off;
        p->cur_n = 0;
    } else {
        if ((st = pe_check_param(p->cur, p->cur_n, dword, off, __func__, &err)))
            return stop(p, st, &err);
        p->cur_p[p->cur_n++] = dword;
    }
    if (p->cur_n < p->cur->nparams)
        return CTM_OK;
    p->last = p->cur;
    p->last_off = p->cur_off;
    memset(p->last_p, 0, sizeof p->last_p);
    memcpy(p->last_p, p->cur_p, sizeof p->cur_p[0] * p->cur_n);
    p->cur = NULL;
    p->commands++;
    if ((st = pe_run_packet(p->pe, p->last, p->last_p, p->last_off, __func__, &err)))
        return stop(p, st, &err);
    return CTM_OK;
}

int ctm_pe_finish(ctm_pe *p)
{
    if (!API_LIVE(p, API_PE))
        return CTM_E_ARG;
    if (p->status)
        return stopped(p);
    dpp_error err;
    dpp_status st;
    if (p->cur && (st = pe_check_length(p->cur, 4u * p->cur_n, p->cur_off, __func__, &err)))
        return stop(p, st, &err);
    return CTM_OK;
}

const char *ctm_pe_error(const ctm_pe *p)
{
    return text_of(p, API_PE, __func__) ? p->stopped : ctm_error();
}

/* ------------------------------------------------------------ reading */

/* The name-or-state calls' common start: a live handle and out-pointers. */
static int readable(const ctm_pe *p, const char *name, uint64_t *value, const char *func)
{
    if (value)
        *value = 0;
    if (!api_is_live(p, API_PE) && !api_live_slow(p, API_PE, func))
        return 0;
    if (!value || !name) {
        api_fail("%s: %s is NULL", func, value ? "name" : "value");
        return 0;
    }
    return 1;
}

int ctm_pe_field(const ctm_pe *p, const char *name, uint64_t *value)
{
    if (!readable(p, name, value, __func__))
        return CTM_E_ARG;
    if (!p->last) {
        api_fail("%s: no command yet (ctm_pe_put has not completed one)", __func__);
        return CTM_E_STATE;
    }
    const pe_cmd_desc *d = p->last;
    const pe_field *f = pe_cmd_field(d, name);
    if (f)
        *value = pe_field_value(f, p->last_p);
    else if (!strcmp(name, "opcode"))
        *value = d->opcode;
    else if (!strcmp(name, "nparams"))
        *value = d->nparams;
    else if (!strcmp(name, "offset"))
        *value = p->last_off;
    else if (name[0] == 'p' && name[1] >= '0' && name[1] < '0' + d->nparams && !name[2])
        *value = p->last_p[name[1] - '0'];
    else {
        api_fail("%s: %s has no field \"%s\"", __func__, d->name, name);
        return CTM_E_ARG;
    }
    return CTM_OK;
}

/* The state ctm_pe_get reads, gathered once per call (a few dozen words). */
typedef struct pe_view {
    uint64_t words, pending, commands, status;
    uint64_t domain_set, i0, j0, i1, j1;
    uint64_t prog_ninsts, prog_full_fc, prog_fg_depth_src, programs, waves;
    uint64_t cond_val, cond_test, cond_loc, cond_writemask, out_mask;
    uint64_t perf_enabled, perf_running, perf_total, perf_active;
    uint64_t busy, busy_reports, idle_reports, idle_waits, races, race_offset;
} pe_view;

#define V(m)                                                                                       \
    {                                                                                              \
#m, offsetof(pe_view, m)                                                                   \
    }
static const struct {
    const char *name;
    size_t at;
} view_names[] = {
    V(words),
    V(pending),
    V(commands),
    V(status),
    V(domain_set),
    V(i0),
    V(j0),
    V(i1),
    V(j1),
    V(prog_ninsts),
    V(prog_full_fc),
    V(prog_fg_depth_src),
    V(programs),
    V(waves),
    V(cond_val),
    V(cond_test),
    V(cond_loc),
    V(cond_writemask),
    V(out_mask),
    V(perf_enabled),
    V(perf_running),
    V(perf_total),
    V(perf_active),
    V(busy),
    V(busy_reports),
    V(idle_reports),
    V(idle_waits),
    V(races),
    V(race_offset),
};

static void view_of(const ctm_pe *p, pe_view *v)
{
    pe_regs r;
    pe_activity a;
    pe_regs_of(p->pe, &r);
    pe_activity_of(p->pe, &a);
    const co_state *co = pe_co(p->pe);
    *v = (pe_view){.words = p->words,
                   .pending = p->cur ? 1 + p->cur_n : 0,
                   .commands = p->commands,
                   .status = (uint64_t)p->status,
                   .domain_set = (uint64_t)r.domain_set,
                   .i0 = r.i0,
                   .j0 = r.j0,
                   .i1 = r.i1,
                   .j1 = r.j1,
                   .prog_ninsts = p->prog.ninsts,
                   .prog_full_fc = p->prog.full_fc,
                   .prog_fg_depth_src = p->prog.fg_depth_src,
                   .programs = p->programs,
                   .waves = p->waves,
                   .cond_val = r.cond_val,
                   .cond_test = co->test,
                   .cond_loc = co->loc,
                   .cond_writemask = co->writemask,
                   .out_mask = mc_out_mask(p->mc),
                   .perf_enabled = (uint64_t)r.perf_enabled,
                   .perf_running = (uint64_t)r.perf_running,
                   .perf_total = r.total,
                   .perf_active = r.active,
                   .busy = a.busy,
                   .busy_reports = a.busy_reports,
                   .idle_reports = a.idle_reports,
                   .idle_waits = a.idle_waits,
                   .races = a.races,
                   .race_offset = a.race_off};
}

int ctm_pe_get(const ctm_pe *p, const char *name, uint64_t *value)
{
    if (!readable(p, name, value, __func__))
        return CTM_E_ARG;
    for (size_t k = 0; k < sizeof view_names / sizeof view_names[0]; k++)
        if (!strcmp(view_names[k].name, name)) {
            pe_view v;
            view_of(p, &v);
            memcpy(value, (const char *)&v + view_names[k].at, sizeof *value);
            return CTM_OK;
        }
    api_fail("%s: no state named \"%s\"", __func__, name);
    return CTM_E_ARG;
}

int ctm_pe_surface(const ctm_pe *p, int client, int index, int field, uint64_t *value)
{
    if (!readable(p, "", value, __func__))
        return CTM_E_ARG;
    int last = client == CTM_PE_INPUT    ? MC_NUM_INPUTS - 1
               : client == CTM_PE_OUTPUT ? MC_NUM_OUTPUTS - 1
                                         : 0;
    if (!API_RANGE(NULL, "client", client, CTM_PE_INST, CTM_PE_COND) ||
        !API_RANGE(NULL, "index", index, 0, last) ||
        !API_RANGE(NULL, "field", field, CTM_PE_SURF_VALID, CTM_PE_SURF_FORMAT))
        return CTM_E_ARG;
    const mc_surface *s = mc_get_surface(p->mc, (mc_client)client, (unsigned)index);
    const uint64_t f[] = {s->valid, s->base, s->pitch, s->height, s->tiling, s->format};
    *value = f[field];
    return CTM_OK;
}
