/* Model device behind the am* runtime calls. */
#include "runtime.h"

#include "mc.h"
#include "pe.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define QUEUE 64

typedef struct queued {
    uint32_t addr, size, ticket;
    char name[128];
} queued;

struct dpp_connection {
    uint8_t *mem;
    size_t size;
    mc_model *mc;
    pa_model *pa;
    pe_model *pe;
    queued q[QUEUE];
    unsigned head, count; /* ring of pending buffers */
    uint32_t next_ticket; /* tickets are 1, 2, ... */
    uint32_t done_ticket; /* highest consumed */
};

dpp_device_params dpp_device_default_params(void)
{
    dpp_device_params p = {.mem_bytes = 16u << 20, .array = pa_default_params()};
    return p;
}

dpp_status dpp_am_open(const dpp_device_params *p, dpp_connection **out, dpp_error *err)
{
    *out = NULL;
    if (p->mem_bytes == 0 || p->mem_bytes % 2048 || p->mem_bytes > 0xFFFFF800u)
        return dpp_error_set(
            err, DPP_E_ARG, "device memory of %zu bytes (a non-zero multiple of 2 KiB up to 4 GiB)",
            p->mem_bytes);
    dpp_connection *c = calloc(1, sizeof *c);
    if (!c || !(c->mem = calloc(1, p->mem_bytes))) {
        free(c);
        return dpp_error_set(err, DPP_E_NOMEM, "cannot allocate %zu bytes of device memory",
                             p->mem_bytes);
    }
    c->size = p->mem_bytes;
    c->next_ticket = 1;
    dpp_status st = mc_create(c->mem, c->size, &c->mc, err);
    if (!st)
        st = pa_create(c->mc, &p->array, &c->pa, err);
    if (!st) {
        pe_array_ops ops = pa_array_ops(c->pa);
        st = pe_create(c->mc, p->array.lanes, &ops, &c->pe, err);
    }
    if (st) {
        dpp_am_close(c);
        return st;
    }
    *out = c;
    return DPP_OK;
}

void dpp_am_close(dpp_connection *c)
{
    if (!c)
        return;
    pe_destroy(c->pe);
    pa_destroy(c->pa);
    mc_destroy(c->mc);
    free(c->mem);
    free(c);
}

uint8_t *dpp_am_memory(dpp_connection *c, size_t *size)
{
    *size = c->size;
    return c->mem;
}

dpp_status dpp_am_submit(dpp_connection *c, uint32_t addr, uint32_t size, const char *name,
                         uint32_t *ticket, dpp_error *err)
{
    if ((uint64_t)addr + size > c->size)
        return dpp_error_set(err, DPP_E_ARG,
                             "command buffer 0x%x+%u is outside the %zu-byte device memory", addr,
                             size, c->size);
    if (c->count == QUEUE)
        return dpp_error_set(err, DPP_E_ARG, "%d command buffers are already queued", QUEUE);
    queued *q = &c->q[(c->head + c->count++) % QUEUE];
    q->addr = addr;
    q->size = size;
    q->ticket = *ticket = c->next_ticket++;
    if (name)
        snprintf(q->name, sizeof q->name, "%s", name);
    else
        snprintf(q->name, sizeof q->name, "cmdbuf@0x%x", addr);
    return DPP_OK;
}

dpp_status dpp_am_consumed(dpp_connection *c, uint32_t ticket, int *consumed, dpp_error *err)
{
    dpp_status first = DPP_OK;
    while (c->count && c->q[c->head].ticket <= ticket) {
        queued *q = &c->q[c->head];
        c->head = (c->head + 1) % QUEUE;
        c->count--;
        dpp_status st = pe_execute(c->pe, c->mem + q->addr, q->size, q->name, first ? NULL : err);
        if (st && !first)
            first = st;
        c->done_ticket = q->ticket;
    }
    *consumed = ticket != 0 && ticket <= c->done_ticket;
    return first;
}

void dpp_am_set_trace(dpp_connection *c, pa_trace_fn fn, void *user)
{
    pa_set_trace(c->pa, fn, user);
}

void dpp_am_set_timeline(dpp_connection *c, const tm_sink *sink)
{
    pa_set_timeline(c->pa, sink);
}

int dpp_am_timing(const dpp_connection *c, tm_stats *st)
{
    return pa_get_timing(c->pa, st);
}

void dpp_am_perf(const dpp_connection *c, uint32_t *total, uint32_t *active)
{
    pe_perf(c->pe, total, active);
}

void dpp_am_stats(const dpp_connection *c, pa_stats *st)
{
    pa_get_stats(c->pa, st);
}

struct pe_model *dpp_am_pe(dpp_connection *c)
{
    return c->pe;
}

pa_model *dpp_am_pa(dpp_connection *c)
{
    return c->pa;
}

struct mc_model *dpp_am_mc(dpp_connection *c)
{
    return c->mc;
}
