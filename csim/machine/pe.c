/* Processor execution unit: command-buffer checking and execution, the domain
 * walk and the performance counters. The whole buffer is checked for framing
 * (headers, counts, truncation, reserved bits) before any command runs. */
#include "pe.h"

#include <stdlib.h>
#include <string.h>

struct pe_model {
    mc_model *mc;
    unsigned lanes;
    pe_array_ops ops;
    int domain_set;
    uint32_t i0, j0, i1, j1;
    uint32_t cond_val;
    co_state co;
    int perf_enabled, perf_running;
    uint64_t total, active;
    pe_activity act;
    int unwaited;     /* a start_program ran since the last wait_for_idle */
    size_t start_off; /* ... the last one's byte */
    size_t txn_base;  /* added to the offsets of the commands it reports (pe_set_txn_base) */
};

void pe_set_txn_base(pe_model *pe, size_t base)
{
    pe->txn_base = base;
}

void pe_txn_command(const pe_model *pe, const pe_cmd_desc *d, const uint32_t p[4], size_t off)
{
    txn t = {.unit = TXN_UNIT_PE,
             .kind = TXN_PE_CMD,
             .index = d->opcode,
             .address = pe->txn_base + off,
             .mask = d->nparams};
    for (unsigned k = 0; k < d->nparams && k < 4; k++)
        t.value[k] = p[k];
    mc_txn_emit(pe->mc, &t);
}

dpp_status pe_create(mc_model *mc, unsigned lanes, const pe_array_ops *ops, pe_model **out,
                     dpp_error *err)
{
    *out = NULL;
    if (lanes < 1 || lanes > PE_MAX_LANES)
        return dpp_error_set(err, DPP_E_ARG, "pe: %u lanes per wavefront (1-64)", lanes);
    pe_model *pe = calloc(1, sizeof *pe);
    if (!pe)
        return dpp_error_set(err, DPP_E_NOMEM, "pe: out of memory");
    pe->mc = mc;
    pe->lanes = lanes;
    pe->ops = *ops;
    pe->co.test = CO_ALWAYS; /* reset: every request passes, nothing is written back */
    *out = pe;
    return DPP_OK;
}

void pe_destroy(pe_model *pe)
{
    free(pe);
}

void pe_perf(const pe_model *pe, uint32_t *total, uint32_t *active)
{
    *total = (uint32_t)pe->total;
    *active = (uint32_t)pe->active;
}

void pe_regs_of(const pe_model *pe, pe_regs *out)
{
    *out = (pe_regs){pe->domain_set, pe->i0,           pe->j0,           pe->i1,    pe->j1,
                     pe->cond_val,   pe->perf_enabled, pe->perf_running, pe->total, pe->active};
}

void pe_activity_of(const pe_model *pe, pe_activity *out)
{
    *out = pe->act;
}

/* The handshake: each live lane's processor reports busy when handed its pair... */
static void report_busy(pe_model *pe, uint64_t live)
{
    unsigned n = (unsigned)__builtin_popcountll(live);
    pe->act.busy += n;
    pe->act.busy_reports += n;
}

/* ... and idle when its wavefront has ended. */
static void report_idle(pe_model *pe)
{
    pe->act.idle_reports += pe->act.busy;
    pe->act.busy = 0;
}

const co_state *pe_co(const pe_model *pe)
{
    return &pe->co;
}

static uint32_t word_at(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

dpp_status pe_check_header(uint32_t h, size_t off, const char *name, const pe_cmd_desc **desc,
                           dpp_error *err)
{
    if (h >> 30 != 3)
        return dpp_error_set(err, DPP_E_FORMAT,
                             "%s: byte %zu: error: packet type %u in header 0x%08x (only type-3 "
                             "packets are commands)",
                             name, off, h >> 30, h);
    if (h & 0xFF)
        return dpp_error_set(err, DPP_E_FORMAT,
                             "%s: byte %zu: error: reserved header bits 7:0 set (0x%08x)", name,
                             off, h);
    unsigned opcode = h >> 8 & 0xFF, count = (h >> 16 & 0x3FFF) + 1;
    const pe_cmd_desc *d = pe_cmd_by_opcode(opcode);
    if (!d)
        return dpp_error_set(err, DPP_E_FORMAT, "%s: byte %zu: error: unknown opcode 0x%02x", name,
                             off, opcode);
    if (count != d->nparams)
        return dpp_error_set(err, DPP_E_FORMAT,
                             "%s: byte %zu: error: %s takes %u parameter%s, header says %u", name,
                             off, d->name, d->nparams, d->nparams == 1 ? "" : "s", count);
    *desc = d;
    return DPP_OK;
}

dpp_status pe_check_param(const pe_cmd_desc *d, unsigned k, uint32_t p, size_t off,
                          const char *name, dpp_error *err)
{
    if (p & d->reserved[k])
        return dpp_error_set(err, DPP_E_FORMAT,
                             "%s: byte %zu: error: %s parameter %u: reserved bits set "
                             "(0x%08x, reserved mask 0x%08x)",
                             name, off, d->name, k, p, d->reserved[k]);
    return DPP_OK;
}

dpp_status pe_check_length(const pe_cmd_desc *d, size_t left, size_t off, const char *name,
                           dpp_error *err)
{
    if (left / 4 < d->nparams)
        return dpp_error_set(err, DPP_E_FORMAT,
                             "%s: byte %zu: error: truncated %s: %u parameter bytes needed, %zu "
                             "left",
                             name, off, d->name, 4u * d->nparams, left);
    return DPP_OK;
}

dpp_status pe_check_packet(const uint8_t *buf, size_t size, size_t off, const char *name,
                           const pe_cmd_desc **desc, dpp_error *err)
{
    if (size - off < 4)
        return dpp_error_set(err, DPP_E_FORMAT,
                             "%s: byte %zu: error: truncated header (%zu of 4 bytes)", name, off,
                             size - off);
    const pe_cmd_desc *d;
    dpp_status st = pe_check_header(word_at(buf + off), off, name, &d, err);
    if (st)
        return st;
    if ((st = pe_check_length(d, size - off - 4, off, name, err)))
        return st;
    for (unsigned k = 0; k < d->nparams; k++)
        if ((st = pe_check_param(d, k, word_at(buf + off + 4 + 4 * k), off + 4 + 4 * k, name, err)))
            return st;
    *desc = d;
    return DPP_OK;
}

static void count_clocks(pe_model *pe, uint64_t total, uint64_t active)
{
    if (pe->perf_enabled && pe->perf_running) {
        pe->total += total;
        pe->active += active;
    }
}

dpp_status pe_walk_open(pe_model *pe, uint32_t p0, pe_walk *wk, dpp_error *err)
{
    memset(wk, 0, sizeof *wk);
    wk->prog = (pe_program){.ninsts = p0 & PE_START_NINSTS_MASK,
                            .full_fc = (p0 & PE_START_FULL_FC) != 0,
                            .fg_depth_src = (p0 & PE_START_FG_DEPTH_SRC) != 0,
                            .cond_val = pe->cond_val,
                            .co = pe->co};
    if (wk->prog.ninsts < 1 || wk->prog.ninsts > 512)
        return dpp_error_set(err, DPP_E_ARG, "instruction count %u (1-512)", wk->prog.ninsts);
    if (!pe->domain_set)
        return dpp_error_set(err, DPP_E_ARG, "no domain: set_domain has not been issued");
    if (!mc_get_surface(pe->mc, MC_CL_INST, 0)->valid)
        return dpp_error_set(err, DPP_E_ARG, "no program: set_inst_fmt has not been issued");
    wk->width = pe->i1 - pe->i0 + 1;
    wk->pairs = wk->width * (pe->j1 - pe->j0 + 1);
    return DPP_OK;
}

/* The domain in raster order (i fastest), pairs packed into wavefronts; the
 * CO at the PE decides which pairs run. */
dpp_status pe_walk_next(pe_model *pe, pe_walk *wk, pe_wave *wave, int *more, dpp_error *err)
{
    dpp_status st = DPP_OK;
    *more = 0;
    int co_here = pe->co.loc == CO_LOC_PE; /* else every pair passes at the PE */
    while (!st && !*more && wk->next < wk->pairs) {
        uint64_t first = wk->next;
        wk->next += pe->lanes;
        memset(wave, 0, sizeof *wave);
        wave->lanes = pe->lanes;
        uint32_t i = pe->i0 + (uint32_t)(first % wk->width),
                 j = pe->j0 + (uint32_t)(first / wk->width);
        for (unsigned l = 0; !st && l < pe->lanes && first + l < wk->pairs; l++) {
            wave->i[l] = (int32_t)i;
            wave->j[l] = (int32_t)j;
            int pass = 1;
            if (co_here)
                st = co_request(&pe->co, pe->mc, CO_LOC_PE, wave->i[l], wave->j[l], pe->cond_val,
                                &pass, err);
            if (pass)
                wave->live |= 1ull << l;
            if (++i > pe->i1) { /* raster order, i fastest */
                i = pe->i0;
                j++;
            }
        }
        *more = !st && wave->live != 0; /* a wavefront nobody runs is skipped */
    }
    return st;
}

void pe_count_clocks(pe_model *pe, uint64_t total, uint64_t active)
{
    count_clocks(pe, total, active);
}

/* start_program: walk the domain, hand each wavefront to the array. It
 * returns when every processor has reported idle (a fault halts them too), so
 * the next command always finds the array idle. */
static dpp_status run_program(pe_model *pe, uint32_t p0, dpp_error *err)
{
    pe_walk wk;
    dpp_status st = pe_walk_open(pe, p0, &wk, err);
    if (!st && pe->ops.begin)
        st = pe->ops.begin(pe->ops.user, &wk.prog, err);
    for (int more = 1; !st && more;) {
        pe_wave wave;
        st = pe_walk_next(pe, &wk, &wave, &more, err);
        uint64_t clocks = 0;
        if (!st && more) {
            report_busy(pe, wave.live);
            st = pe->ops.wave(pe->ops.user, &wk.prog, &wave, &clocks, err);
            if (!pe->ops.end) /* the wavefront ended inside wave() */
                report_idle(pe);
        }
        count_clocks(pe, clocks, clocks);
    }
    if (!st && pe->ops.end) {
        uint64_t clocks = 0;
        st = pe->ops.end(pe->ops.user, &clocks, err);
        count_clocks(pe, clocks, clocks);
    }
    report_idle(pe);
    return st;
}

static dpp_status set_surface(pe_model *pe, mc_client c, unsigned idx, uint32_t base, uint32_t fmt,
                              uint32_t height, dpp_error *err)
{
    mc_surface s;
    dpp_status st = mc_surface_decode(base, fmt, height, &s, err);
    return st ? st : mc_set_surface(pe->mc, c, idx, &s, err);
}

/* Runs one checked command; failures leave a message without the location. */
static dpp_status run_command(pe_model *pe, const pe_cmd_desc *d, const uint32_t *p, dpp_error *err)
{
    switch ((pe_opcode)d->opcode) {
    case PE_SET_DOMAIN:
        if (p[0] > p[2] || p[1] > p[3])
            return dpp_error_set(err, DPP_E_ARG, "empty domain i %u..%u, j %u..%u", p[0], p[2],
                                 p[1], p[3]);
        pe->i0 = p[0], pe->j0 = p[1], pe->i1 = p[2], pe->j1 = p[3];
        pe->domain_set = 1;
        return DPP_OK;
    case PE_START_PROGRAM:
        return run_program(pe, p[0], err);
    case PE_WAIT_FOR_IDLE: /* start_program returned with every processor idle */
        pe->act.idle_waits++;
        return DPP_OK;
    case PE_INVALIDATE_INP_CACHE: /* inputs are read from memory: there is no input cache */
        return DPP_OK;
    case PE_SET_COND_VAL:
        pe->cond_val = p[0];
        return DPP_OK;
    case PE_INIT_PERF_COUNTERS:
        pe->perf_enabled = p[0] & 1;
        pe->perf_running = 0;
        return DPP_OK;
    case PE_START_PERF_COUNTERS:
        if (pe->perf_enabled) {
            pe->total = pe->active = 0;
            pe->perf_running = 1;
        }
        return DPP_OK;
    case PE_STOP_PERF_COUNTERS:
        pe->perf_running = 0;
        return DPP_OK;
    case PE_READ_PERF_COUNTERS: {
        if (!pe->perf_enabled)
            return DPP_OK;
        uint32_t base = p[0] & ~0x7FFu;
        dpp_status st = mc_write_word(pe->mc, base, (uint32_t)pe->total, err);
        return st ? st : mc_write_word(pe->mc, base + 4, (uint32_t)pe->active, err);
    }
    case PE_SET_INST_FMT:
        return set_surface(pe, MC_CL_INST, 0, p[0], p[1], 1, err);
    case PE_SET_CONSTF_FMT:
        return set_surface(pe, MC_CL_CONSTF, 0, p[0], p[1], 1, err);
    case PE_SET_CONSTI_FMT:
        return set_surface(pe, MC_CL_CONSTI, 0, p[0], p[1], 1, err);
    case PE_SET_CONSTB_FMT:
        return set_surface(pe, MC_CL_CONSTB, 0, p[0], p[1], 1, err);
    case PE_SET_INP_FMT:
        return set_surface(pe, MC_CL_INPUT, p[0], p[1], p[2], p[3], err);
    case PE_SET_OUT_FMT:
        return set_surface(pe, MC_CL_OUTPUT, p[0], p[1], p[2], p[3], err);
    case PE_SET_COND_OUT_FMT:
        return set_surface(pe, MC_CL_COND, 0, p[0], p[1], p[2], err);
    case PE_SET_OUT_MASK:
        mc_set_out_mask(pe->mc, p[0]);
        return DPP_OK;
    case PE_FLUSH_OUT_CACHE:
        mc_flush(pe->mc);
        return DPP_OK;
    case PE_SET_COND_TEST:
        pe->co.test = (uint8_t)p[0];
        return DPP_OK;
    case PE_SET_COND_LOC:
        pe->co.loc = (uint8_t)p[0];
        return DPP_OK;
    case PE_SET_COND_OUT_MASK:
        pe->co.writemask = (uint8_t)p[0];
        return DPP_OK;
    }
    return dpp_error_set(err, DPP_E_FORMAT, "opcode 0x%02x has no action", d->opcode);
}

int pe_cmd_races_running(unsigned opcode)
{
    const pe_cmd_desc *d = pe_cmd_by_opcode(opcode);
    return d && d->races_running;
}

/* Counts a command that races the program a start_program left running. */
static void note_race(pe_model *pe, const pe_cmd_desc *d, size_t off)
{
    if (d->opcode == PE_WAIT_FOR_IDLE)
        pe->unwaited = 0;
    if (!pe->unwaited || !d->races_running)
        return;
    if (!pe->act.races++) {
        pe->act.race_off = off;
        pe->act.race_start_off = pe->start_off;
        pe->act.race_opcode = d->opcode;
    }
}

/* What every command does before its action: its clock, the race count, its transaction. */
static void packet_prologue(pe_model *pe, const pe_cmd_desc *d, const uint32_t p[4], size_t off)
{
    count_clocks(pe, 1, 0);
    note_race(pe, d, off);
    if (d->opcode == PE_START_PROGRAM)
        pe->unwaited = 1, pe->start_off = off;
    if (__builtin_expect(mc_txn_unit_on(pe->mc, TXN_UNIT_PE), 0)) /* before it runs: its MC and CO work follows */
        pe_txn_command(pe, d, p, off);
}

dpp_status pe_open_program(pe_model *pe, const uint32_t p[4], size_t off, const char *name,
                           pe_walk *wk, dpp_error *err)
{
    const pe_cmd_desc *d = pe_cmd_by_opcode(PE_START_PROGRAM);
    packet_prologue(pe, d, p, off);
    dpp_error inner = {0};
    dpp_status st = pe_walk_open(pe, p[0], wk, &inner);
    if (st)
        return dpp_error_set(err, st, "%s: byte %zu: error: %s: %s", name, off, d->name,
                             inner.msg);
    return DPP_OK;
}

dpp_status pe_run_packet(pe_model *pe, const pe_cmd_desc *d, const uint32_t p[4], size_t off,
                         const char *name, dpp_error *err)
{
    packet_prologue(pe, d, p, off);
    dpp_error inner = {0};
    dpp_status st = run_command(pe, d, p, &inner);
    if (st)
        return dpp_error_set(err, st, "%s: byte %zu: error: %s: %s", name, off, d->name, inner.msg);
    return DPP_OK;
}

dpp_status pe_execute(pe_model *pe, const uint8_t *buf, size_t size, const char *name,
                      dpp_error *err)
{
    const pe_cmd_desc *d;
    for (size_t off = 0; off < size; off += 4 + 4u * d->nparams) {
        dpp_status st = pe_check_packet(buf, size, off, name, &d, err);
        if (st)
            return st;
    }
    for (size_t off = 0; off < size; off += 4 + 4u * d->nparams) {
        pe_check_packet(buf, size, off, name, &d, NULL);
        uint32_t p[4] = {0};
        for (unsigned k = 0; k < d->nparams; k++)
            p[k] = word_at(buf + off + 4 + 4 * k);
        dpp_status st = pe_run_packet(pe, d, p, off, name, err);
        if (st)
            return st;
    }
    return DPP_OK;
}
