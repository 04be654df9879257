/* The model's own run of a command buffer (pe_execute, what `dpp exec` runs) over an
 * array that counts what it is handed, as ctm_pe's array does, and the comparison of a
 * ctm_pe handle's state with it: for test_ctm_pe.c and tests/fuzz/fuzz_pe.c. */
#ifndef TESTS_PE_REF_H
#define TESTS_PE_REF_H

#include "ctm.h"
#include "mc.h"
#include "pe.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct pe_ref {
    uint8_t *mem;
    mc_model *mc;
    pe_model *pe;
    uint64_t programs, waves;
    pe_program prog;
} pe_ref;

static inline dpp_status pe_ref_begin(void *user, const pe_program *prog, dpp_error *err)
{
    (void)err;
    pe_ref *r = user;
    r->programs++;
    r->prog = *prog;
    return DPP_OK;
}

static inline dpp_status pe_ref_wave(void *user, const pe_program *prog, const pe_wave *w,
                                     uint64_t *clocks, dpp_error *err)
{
    (void)prog, (void)w, (void)err;
    ((pe_ref *)user)->waves++;
    *clocks = 0;
    return DPP_OK;
}

/* Runs words[0..n) through a fresh model of `lanes` lanes over mem bytes (NULL on no memory);
 * its status, its message in err (errors named `name`). */
static inline dpp_status pe_ref_run(pe_ref *r, unsigned lanes, size_t mem, const uint32_t *w,
                                    size_t n, const char *name, dpp_error *err)
{
    memset(r, 0, sizeof *r);
    uint8_t *buf = malloc(4 * n + 1);
    pe_array_ops ops = {pe_ref_begin, pe_ref_wave, NULL, r};
    if (!buf || !(r->mem = calloc(1, mem)) || mc_create(r->mem, mem, &r->mc, err) ||
        pe_create(r->mc, lanes, &ops, &r->pe, err)) {
        free(buf);
        return DPP_E_NOMEM;
    }
    for (size_t i = 0; i < n; i++)
        for (int b = 0; b < 4; b++)
            buf[4 * i + b] = (uint8_t)(w[i] >> (8 * b));
    dpp_status st = pe_execute(r->pe, buf, 4 * n, name, err);
    free(buf);
    return st;
}

static inline void pe_ref_drop(pe_ref *r)
{
    pe_destroy(r->pe);
    mc_destroy(r->mc);
    free(r->mem);
}

/* NULL when every state the handle shows equals the model's, else the first difference
 * (in a static buffer). */
static inline const char *pe_ref_differs(const ctm_pe *pe, const pe_ref *r)
{
    static char why[160];
    pe_regs g;
    pe_activity a;
    pe_regs_of(r->pe, &g);
    pe_activity_of(r->pe, &a);
    const co_state *co = pe_co(r->pe);
    const struct {
        const char *name;
        uint64_t want;
    } want[] = {
        {"domain_set", (uint64_t)g.domain_set},
        {"i0", g.i0},
        {"j0", g.j0},
        {"i1", g.i1},
        {"j1", g.j1},
        {"cond_val", g.cond_val},
        {"cond_test", co->test},
        {"cond_loc", co->loc},
        {"cond_writemask", co->writemask},
        {"out_mask", mc_out_mask(r->mc)},
        {"perf_enabled", (uint64_t)g.perf_enabled},
        {"perf_running", (uint64_t)g.perf_running},
        {"perf_total", g.total},
        {"perf_active", g.active},
        {"busy", a.busy},
        {"busy_reports", a.busy_reports},
        {"idle_reports", a.idle_reports},
        {"idle_waits", a.idle_waits},
        {"programs", r->programs},
        {"waves", r->waves},
        {"prog_ninsts", r->prog.ninsts},
        {"prog_full_fc", r->prog.full_fc},
        {"prog_fg_depth_src", r->prog.fg_depth_src},
    };
    for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
        uint64_t v = 0;
        if (ctm_pe_get(pe, want[k].name, &v) != CTM_OK || v != want[k].want) {
            snprintf(why, sizeof why, "%s: handle %llu, model %llu", want[k].name,
                     (unsigned long long)v, (unsigned long long)want[k].want);
            return why;
        }
    }
    for (int c = CTM_PE_INST; c <= CTM_PE_COND; c++)
        for (int i = 0; i < (c == CTM_PE_INPUT ? 16 : c == CTM_PE_OUTPUT ? 4 : 1); i++) {
            const mc_surface *s = mc_get_surface(r->mc, (mc_client)c, (unsigned)i);
            const uint64_t f[] = {s->valid, s->base, s->pitch, s->height, s->tiling, s->format};
            for (int k = CTM_PE_SURF_VALID; k <= CTM_PE_SURF_FORMAT; k++) {
                uint64_t v = 0;
                if (ctm_pe_surface(pe, c, i, k, &v) != CTM_OK || v != f[k]) {
                    snprintf(why, sizeof why, "surface %d/%d field %d: handle %llu, model %llu", c,
                             i, k, (unsigned long long)v, (unsigned long long)f[k]);
                    return why;
                }
            }
        }
    return NULL;
}

#endif
