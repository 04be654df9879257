/* Host side of `dpp run`: memory layout, command buffer, outputs back. */
#include "run.h"
#include "run_int.h"
#include "in_pattern.h"

#include "cmdbuf.h"
#include "co.h"
#include "runtime.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ALIGN 2048u

void dpp_run_default_opts(dpp_run_opts *o)
{
    memset(o, 0, sizeof *o);
    o->width = o->height = 1;
    o->array = pa_default_params();
    o->cond_test = CO_ALWAYS;
    for (int k = 0; k < 4; k++)
        o->out_format[k] = MC_FMT_FLOAT32_4;
}

static uint64_t align_up(uint64_t v)
{
    return (v + ALIGN - 1) / ALIGN * ALIGN;
}

static uint32_t pitch_of(uint32_t width)
{
    return (width + 3) & ~3u;
}

/* A device surface for a width x height image and the bytes it needs. */
static mc_surface surface_for(uint64_t base, uint32_t w, uint32_t h, unsigned tiling,
                              unsigned format)
{
    mc_surface s = {.base = (uint32_t)base,
                    .pitch = pitch_of(w),
                    .height = h,
                    .tiling = (uint8_t)tiling,
                    .format = (uint8_t)format,
                    .valid = 1};
    return s;
}

/* Copies between a linear host image and its device surface. */
static void copy_image(uint8_t *mem, const mc_surface *s, const dpp_image *img, int to_device)
{
    unsigned bpe = mc_format_bpe(img->format);
    if (s->tiling == MC_TILE_LINEAR || s->tiling == MC_TILE_LINEAR_2X2) { /* rows are contiguous */
        for (uint32_t y = 0; y < img->height; y++) {
            uint64_t off;
            mc_element_offset(s, 0, y, &off, NULL);
            uint8_t *dev = mem + s->base + off, *host = img->data + (size_t)y * img->width * bpe;
            memcpy(to_device ? dev : host, to_device ? host : dev, (size_t)img->width * bpe);
        }
        return;
    }
    /* tiled: a tile's row of MC_TILE_DIM elements is contiguous, so one move each */
    for (uint32_t y = 0; y < img->height; y++)
        for (uint32_t x = 0, n; x < img->width; x += n) {
            n = MC_TILE_DIM - x % MC_TILE_DIM;
            if (n > img->width - x)
                n = img->width - x;
            uint64_t off;
            mc_element_offset(s, x, y, &off, NULL);
            uint8_t *dev = mem + s->base + off,
                    *host = img->data + ((size_t)y * img->width + x) * bpe;
            if (to_device)
                memcpy(dev, host, (size_t)n * bpe);
            else
                memcpy(host, dev, (size_t)n * bpe);
        }
}

static void put_words(uint8_t *p, const uint32_t *w, size_t n)
{
    for (size_t i = 0; i < n; i++)
        for (int b = 0; b < 4; b++)
            p[4 * i + b] = (uint8_t)(w[i] >> (8 * b));
}

static int plan(const dpp_exe *exe, const dpp_run_opts *o, layout *L)
{
    uint64_t a = 0;
    L->inst = a;
    a = align_up(a + (uint64_t)exe->ninsts * 24);
    L->constf = a;
    a = align_up(a + 256 * 16);
    L->consti = a;
    a = align_up(a + 32 * 4);
    L->constb = a;
    a = align_up(a + 32 * 4);
    for (int k = 0; k < 16; k++) {
        const dpp_image *im = &o->input[k];
        if (!im->data)
            continue;
        L->in_s[k] = surface_for(a, im->width, im->height, im->tiling, im->format);
        a = align_up(a + mc_surface_bytes(&L->in_s[k]));
    }
    L->outs = (uint8_t)(o->out_used | exe->outputs);
    for (int k = 0; k < 4; k++) {
        if (!(L->outs >> k & 1))
            continue;
        L->out_s[k] = surface_for(a, o->width, o->height, o->out_tiling[k], o->out_format[k]);
        a = align_up(a + mc_surface_bytes(&L->out_s[k]));
    }
    if (o->cond.data) {
        L->cond_s = surface_for(a, o->cond.width, o->cond.height, o->cond.tiling, o->cond.format);
        a = align_up(a + mc_surface_bytes(&L->cond_s));
    }
    L->cmd = a;
    L->end = align_up(a + 4096);
    return L->end <= 0xFFFFF800u;
}

/* The .domain constant: (W, H, 1/W, 1/H) as fp32. */
static void domain_value(const dpp_run_opts *o, uint32_t v[4])
{
    float f[4] = {(float)o->width, (float)o->height, 1.0f / (float)o->width,
                  1.0f / (float)o->height};
    memcpy(v, f, sizeof f);
}

static void fill_constants(uint8_t *mem, const dpp_exe *exe, const dpp_run_opts *o, const layout *L)
{
    uint32_t dom[4];
    domain_value(o, dom);
    for (int c = 0; c < 256; c++) {
        const uint32_t *v = o->float_set[c]                 ? o->float_val[c]
                            : exe->float_set[c]             ? exe->float_val[c]
                            : exe->domain_const == c + 1u   ? dom
                                                            : NULL;
        if (v)
            put_words(mem + L->constf + 16 * c, v, 4);
    }
    for (int c = 0; c < 32; c++) {
        uint32_t w = o->int_set >> c & 1     ? o->int_val[c]
                     : exe->int_set >> c & 1 ? exe->int_val[c]
                                             : 0;
        put_words(mem + L->consti + 4 * c, &w, 1);
    }
    /* Boolean constant c is element (c, 0) of a FLOAT32_1 surface, true as 1.0
     * (docs/mc.md). */
    uint32_t b = (exe->bool_val & exe->bool_set & ~o->bool_set) | (o->bool_val & o->bool_set);
    for (int c = 0; c < 32; c++) {
        uint32_t w = b >> c & 1 ? 0x3F800000u : 0;
        put_words(mem + L->constb + 4 * c, &w, 1);
    }
}

/* Writes the command buffer; *start_off: the byte offset of start_program. */
static void build_commands(cmdbuf *cb, const dpp_exe *exe, const dpp_run_opts *o, const layout *L,
                           size_t *start_off)
{
    const uint32_t fmt_f4 = mc_format_word(256, MC_TILE_LINEAR, MC_FMT_FLOAT32_4);
    const uint32_t fmt_raw = mc_format_word(32, MC_TILE_LINEAR, MC_FMT_FLOAT32_1);
    cmdbuf_add(cb, PE_INIT_PERF_COUNTERS, (const uint32_t[]){1});
    cmdbuf_add(cb, PE_START_PERF_COUNTERS, (const uint32_t[]){0});
    cmdbuf_add(cb, PE_SET_INST_FMT, (const uint32_t[]){(uint32_t)L->inst, fmt_raw});
    cmdbuf_add(cb, PE_SET_CONSTF_FMT, (const uint32_t[]){(uint32_t)L->constf, fmt_f4});
    cmdbuf_add(cb, PE_SET_CONSTI_FMT, (const uint32_t[]){(uint32_t)L->consti, fmt_raw});
    cmdbuf_add(cb, PE_SET_CONSTB_FMT, (const uint32_t[]){(uint32_t)L->constb, fmt_raw});
    for (uint32_t k = 0; k < 16; k++) {
        const mc_surface *s = &L->in_s[k];
        if (o->input[k].data)
            cmdbuf_add(cb, PE_SET_INP_FMT,
                       (const uint32_t[]){
                           k, s->base, mc_format_word(s->pitch, s->tiling, s->format), s->height});
    }
    for (uint32_t k = 0; k < 4; k++) {
        const mc_surface *s = &L->out_s[k];
        if (L->outs >> k & 1)
            cmdbuf_add(cb, PE_SET_OUT_FMT,
                       (const uint32_t[]){
                           k, s->base, mc_format_word(s->pitch, s->tiling, s->format), s->height});
    }
    if (o->cond.data) {
        const mc_surface *s = &L->cond_s;
        cmdbuf_add(
            cb, PE_SET_COND_OUT_FMT,
            (const uint32_t[]){s->base, mc_format_word(s->pitch, s->tiling, s->format), s->height});
        cmdbuf_add(cb, PE_SET_COND_TEST, (const uint32_t[]){o->cond_test & 7u});
        cmdbuf_add(cb, PE_SET_COND_LOC, (const uint32_t[]){o->cond_loc & 1u});
        cmdbuf_add(cb, PE_SET_COND_OUT_MASK, (const uint32_t[]){o->cond_writemask & 1u});
        cmdbuf_add(cb, PE_SET_COND_VAL, &o->cond_val);
    }
    cmdbuf_add(cb, PE_SET_DOMAIN, (const uint32_t[]){0, 0, o->width - 1, o->height - 1});
    uint32_t start = exe->ninsts | (exe->info.fc_mode ? PE_START_FULL_FC : 0) |
                     (exe->info.fg_depth_src ? PE_START_FG_DEPTH_SRC : 0);
    *start_off = cb->size;
    cmdbuf_add(cb, PE_START_PROGRAM, &start);
    /* wait first: the seed's PE reads on while the program runs (000 2.1.2), and a flush
     * before the program's last write would leave it in the cache */
    cmdbuf_add(cb, PE_WAIT_FOR_IDLE, (const uint32_t[]){0});
    cmdbuf_add(cb, PE_FLUSH_OUT_CACHE, (const uint32_t[]){0});
    cmdbuf_add(cb, PE_STOP_PERF_COUNTERS, (const uint32_t[]){0});
}

static dpp_status prepare_with(const dpp_exe *exe, const dpp_run_opts *o, const char *name,
                               run_device *d, dpp_error *err)
{
    memset(d, 0, sizeof *d);
    if (o->width < 1 || o->height < 1 || o->width > PE_MAX_DOMAIN || o->height > PE_MAX_DOMAIN)
        return dpp_error_set(err, DPP_E_ARG, "%s: domain %ux%u (1 to 4096 each way)", name,
                             o->width, o->height);
    if (exe->info.output_mode != 0)
        return dpp_error_set(err, DPP_E_ARG,
                             "%s: uncached (UMRT) output mode is not modelled; use cached outputs",
                             name);
    layout *L = &d->L;
    if (!plan(exe, o, L))
        return dpp_error_set(err, DPP_E_ARG, "%s: the images need more than 4 GiB", name);
    dpp_device_params dp = {.mem_bytes = L->end, .array = o->array};
    if (!dp.array.temps) /* the occupancy of a chip profile follows MODELINFO */
        dp.array.temps = exe->info.num_temps ? exe->info.num_temps : 1;
    dpp_status st = dpp_am_open(&dp, &d->c, err);
    if (st)
        return st;
    dpp_am_set_trace(d->c, o->trace, o->trace_user);
    dpp_am_set_timeline(d->c, o->timeline);
    mc_set_discard_outputs(dpp_am_mc(d->c), o->discard_outputs);
    mc_set_txn_sink(dpp_am_mc(d->c), o->txn, o->txn_user);
    size_t size;
    d->mem = dpp_am_memory(d->c, &size);
    put_words(d->mem + L->inst, exe->words, (size_t)exe->ninsts * 6);
    fill_constants(d->mem, exe, o, L);
    for (int k = 0; k < 16; k++)
        if (o->input[k].data)
            copy_image(d->mem, &L->in_s[k], &o->input[k], 1);
    if (o->cond.data)
        copy_image(d->mem, &L->cond_s, &o->cond, 1);
    build_commands(&d->cb, exe, o, L, &d->start_off);
    if (d->cb.failed || d->cb.size > L->end - L->cmd) {
        run_release(d);
        return dpp_error_set(err, DPP_E_NOMEM, "%s: cannot build the command buffer", name);
    }
    memcpy(d->mem + L->cmd, d->cb.bytes, d->cb.size);
    snprintf(d->cbname, sizeof d->cbname, "%s (command buffer)", name);
    return DPP_OK;
}

dpp_status run_collect(run_device *d, const dpp_run_opts *o, const char *name, dpp_run_result *res,
                       dpp_error *err)
{
    const layout *L = &d->L;
    for (int k = 0; k < 5; k++) {
        if (k < 4 ? !(L->outs >> k & 1) || o->discard_outputs : !o->cond.data)
            continue;
        dpp_image *im = k < 4 ? &res->output[k] : &res->cond;
        im->format = k < 4 ? o->out_format[k] : o->cond.format;
        im->tiling = k < 4 ? o->out_tiling[k] : o->cond.tiling;
        im->width = k < 4 ? o->width : o->cond.width;
        im->height = k < 4 ? o->height : o->cond.height;
        im->data = calloc((size_t)im->width * im->height, mc_format_bpe(im->format));
        if (!im->data)
            return dpp_error_set(err, DPP_E_NOMEM, "%s: out of memory", name);
        copy_image(d->mem, k < 4 ? &L->out_s[k] : &L->cond_s, im, 0);
    }
    dpp_am_perf(d->c, &res->total_clocks, &res->active_clocks);
    dpp_am_stats(d->c, &res->stats);
    res->timed = dpp_am_timing(d->c, &res->timing);
    for (int k = 0; k < MC_CACHES; k++)
        res->cache[k] = mc_cache_of(dpp_am_mc(d->c), (mc_cache_id)k)->n;
    return DPP_OK;
}

void run_release(run_device *d)
{
    cmdbuf_free(&d->cb);
    dpp_am_close(d->c);
    d->c = NULL;
}

dpp_status dpp_run(const dpp_exe *exe, const dpp_run_opts *o, const char *name, dpp_run_result *res,
                   dpp_error *err)
{
    memset(res, 0, sizeof *res);
    run_device d;
    dpp_status st = run_prepare(exe, o, name, &d, err);
    if (st)
        return st;
    uint32_t ticket;
    int done = 0;
    if (o->emit)
        o->emit(o->emit_user, 0, d.mem, d.L.cmd, d.cb.bytes, d.cb.size);
    st = dpp_am_submit(d.c, (uint32_t)d.L.cmd, (uint32_t)d.cb.size, d.cbname, &ticket, err);
    if (!st)
        st = dpp_am_consumed(d.c, ticket, &done, err);
    if (!st && o->emit)
        o->emit(o->emit_user, 1, d.mem, d.L.cmd, d.cb.bytes, d.cb.size);
    if (!st)
        st = run_collect(&d, o, name, res, err);
    run_release(&d);
    if (st)
        dpp_run_free(res);
    return st;
}

void dpp_run_free(dpp_run_result *res)
{
    for (int k = 0; k < 4; k++) {
        free(res->output[k].data);
        res->output[k].data = NULL;
    }
    free(res->cond.data);
    res->cond.data = NULL;
}

/* An input the executable names a pattern for (INPUTPATTERN) and the run left
 * unbound is generated here, for the run's wavefront size and domain, as a
 * domain-sized FLOAT32_4 image (docs/isa-model-defined.md, E9); the device
 * holds a copy, so the image lives only while the run is prepared. */
dpp_status run_prepare(const dpp_exe *exe, const dpp_run_opts *o, const char *name, run_device *d,
                       dpp_error *err)
{
    unsigned need = 0;
    for (int k = 0; k < 16; k++)
        need |= (unsigned)(exe->in_pattern[k] && (exe->inputs >> k & 1) && !o->input[k].data) << k;
    if (!need)
        return prepare_with(exe, o, name, d, err);
    dpp_run_opts *with = malloc(sizeof *with);
    float *made[16] = {0};
    dpp_status st = with ? DPP_OK : DPP_E_NOMEM;
    if (with)
        *with = *o;
    size_t elems = (size_t)o->width * o->height;
    for (int k = 0; k < 16 && st == DPP_OK; k++) {
        if (!(need >> k & 1))
            continue;
        if (o->width < 1 || o->height < 1 || o->width > PE_MAX_DOMAIN || o->height > PE_MAX_DOMAIN)
            break; /* prepare_with names the bad domain */
        if (!(made[k] = calloc(elems * 4, sizeof(float)))) { /* zeros if lanes is bad: refused later */
            st = DPP_E_NOMEM;
            break;
        }
        dpp_pattern_fill(exe->in_pattern[k], exe->in_pattern_seed[k], o->array.lanes, o->width,
                         o->height, made[k]);
        with->input[k] = (dpp_image){MC_FMT_FLOAT32_4, o->input[k].tiling, o->width, o->height,
                                     (uint8_t *)made[k]};
    }
    if (st == DPP_OK)
        st = prepare_with(exe, with, name, d, err);
    else
        dpp_error_set(err, st, "%s: out of memory for a generated input", name);
    for (int k = 0; k < 16; k++)
        free(made[k]);
    free(with);
    return st;
}
