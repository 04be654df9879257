/* The table-driven comparator, report sections, history and waveform list of
 * every bench (compare.h). */
#include "compare.h"

#include "cosim.h"
#include "ctm.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

uint64_t cmp_get(const cmp_field *f, const void *s, unsigned i)
{
    const char *p = (const char *)s + f->offset;
    switch (f->type) {
    case CMP_BOOL: /* a bool, or a flag byte of a port struct */
        return *(const uint8_t *)p != 0;
    case CMP_U8:
        return *(const uint8_t *)p;
    case CMP_U16:
        return *(const uint16_t *)p;
    case CMP_I16:
        return *(const uint16_t *)p; /* the RTL's bits */
    case CMP_U32:
        return *(const uint32_t *)p;
    case CMP_U64:
        return *(const uint64_t *)p;
    case CMP_BYTES:
        return ((const uint8_t *)p)[i];
    }
    return 0; /* CMP_STR: not a value */
}

static bool named_in(const char *name, const char *const *list)
{
    for (; list && *list; list++)
        if (!strcmp(name, *list))
            return true;
    return false;
}

size_t cmp_fields_from_ports(const char *block, cmp_field *out, size_t max,
                             const char *const *hist, const char *const *dyn)
{
    int n = 0;
    const ctm_port *p = ctm_ports(block, 1, &n);
    if (!p || (size_t)n > max) { /* never silently a bench that compares nothing */
        cosim_error("%s: %s", block, p ? "more ports than the bench's table holds" : ctm_error());
        return 0;
    }
    for (int k = 0; k < n; k++) {
        const ctm_port *q = &p[k];
        uint8_t type = q->size == 1   ? (q->width == 1 ? CMP_BOOL : CMP_U8) /* a flag */
                       : q->size == 8 ? CMP_U64
                       : q->size > 8  ? CMP_BYTES
                       : (q->flags & CTM_PORT_SIGNED) && q->width == 16 ? CMP_I16
                                                                        : CMP_U32;
        uint8_t flags = CMP_PORT_O;
        if ((q->flags & CTM_PORT_LANES) && type != CMP_BYTES)
            flags |= CMP_LANES;
        if (q->flags & CTM_PORT_OBS)
            flags |= CMP_OBS;
        if (named_in(q->name, hist))
            flags |= CMP_HIST;
        if (named_in(q->name, dyn))
            flags |= CMP_DYN;
        out[k] = (cmp_field){q->name, NULL, q->offset, type, flags, q->width, q->name_of};
    }
    return (size_t)n;
}

/* Lane masks as the RTL sees them: bits at or above the lane count are not ports. */
static uint64_t lane_bits(const cmp_unit *u, uint64_t v)
{
    return u->lanes >= 64 ? v : v & ((1ull << u->lanes) - 1);
}

unsigned cmp_width(const cmp_unit *u, const cmp_field *f)
{
    if (f->flags & CMP_LANES)
        return u->lanes;
    if (f->flags & CMP_DYN)
        return u->width_of(u->ctx, f);
    return f->width;
}

const cmp_field *cmp_diff_field(const cmp_unit *u, int port, int lane, unsigned *index)
{
    *index = 0;
    if (port < 0 || (size_t)port >= u->n_out)
        return NULL;
    const cmp_field *f = &u->out[port];
    if (f->type == CMP_BYTES && lane >= 0)
        *index = (unsigned)lane;
    return f;
}

void cmp_record(const cmp_unit *u, const cmp_field *f, unsigned index, const void *exp,
                const void *act, uint64_t cycle, unsigned op_ctx, unsigned obs_ctx)
{
    static char name[64];
    const char *field = f->name;
    if (f->type == CMP_BYTES) {
        snprintf(name, sizeof name, "%s[%u]", f->name, index);
        field = name;
    }
    cosim_mismatch mm = {cycle,
                         f->flags & CMP_OBS ? obs_ctx : op_ctx,
                         field,
                         cmp_get(f, exp, index),
                         cmp_get(f, act, index),
                         cmp_width(u, f),
                         (f->flags & CMP_LANES) != 0};
    cosim_record_mismatch(&mm);
}

/* ------------------------------------------------------------------ values as text and JSON */

/* The name of a field's value (an op), or NULL: a table without names, or a
 * value the library leaves unnamed (fc_unit's fault 0) shows as a number. */
static const char *value_name(const cmp_field *f, const void *s)
{
    return f->name_of ? f->name_of((unsigned)cmp_get(f, s, 0)) : NULL;
}

static void value_text(FILE *out, const cmp_unit *u, const cmp_field *f, const void *s)
{
    const char *p = (const char *)s + f->offset;
    if (f->type == CMP_STR) {
        fprintf(out, "%s", *(const char *const *)p ? *(const char *const *)p : "?");
    } else if (f->type == CMP_BYTES) {
        for (unsigned i = 0; i < u->lanes; i++)
            fprintf(out, "%s%" PRIu64, i ? "," : "", cmp_get(f, s, i));
    } else if (value_name(f, s)) {
        fprintf(out, "%s", value_name(f, s));
    } else if (f->flags & CMP_LANES) {
        fprintf(out, "0x%0*" PRIx64, (int)(u->lanes + 3) / 4, lane_bits(u, cmp_get(f, s, 0)));
    } else {
        fprintf(out, "%" PRIu64, cmp_get(f, s, 0));
    }
}

static json_t *value_json(const cmp_unit *u, const cmp_field *f, const void *s)
{
    const char *p = (const char *)s + f->offset;
    if (f->type == CMP_STR)
        return json_string(*(const char *const *)p ? *(const char *const *)p : "?");
    if (f->type == CMP_BYTES) {
        json_t *a = json_array();
        for (unsigned i = 0; i < u->lanes; i++)
            json_array_append_new(a, json_integer((json_int_t)cmp_get(f, s, i)));
        return a;
    }
    uint64_t v = cmp_get(f, s, 0);
    if (value_name(f, s))
        return json_string(value_name(f, s));
    if (f->flags & CMP_LANES)
        return cosim_json_hex(lane_bits(u, v));
    if (f->type == CMP_BOOL)
        return json_boolean(v);
    return json_integer((json_int_t)v);
}

static void fields_text(FILE *out, const cmp_unit *u, const cmp_field *t, size_t n, unsigned need,
                        const void *s)
{
    for (size_t k = 0; k < n; k++) {
        if ((t[k].flags & need) != need)
            continue;
        fprintf(out, " %s ", t[k].name);
        value_text(out, u, &t[k], s);
    }
}

static void fields_json(json_t *o, const cmp_unit *u, const cmp_field *t, size_t n, unsigned need,
                        const void *s)
{
    for (size_t k = 0; k < n; k++)
        if ((t[k].flags & need) == need)
            json_object_set_new(o, t[k].name, value_json(u, &t[k], s));
}

void cmp_report_text(FILE *out, const cmp_unit *u, const void *in, const void *exp,
                     const void *act)
{
    fprintf(out, "  inputs this cycle:");
    fields_text(out, u, u->in, u->n_in, 0, in);
    fprintf(out, "\n  outputs this cycle (C model / RTL; * differs):\n");
    for (size_t k = 0; k < u->n_out; k++) {
        const cmp_field *f = &u->out[k];
        unsigned n = f->type == CMP_BYTES ? u->lanes : 1, differs = 0;
        for (unsigned i = 0; i < n; i++)
            differs |= cmp_get(f, exp, i) != cmp_get(f, act, i);
        fprintf(out, "   %c %-17s ", differs ? '*' : ' ', f->name);
        value_text(out, u, f, exp);
        fprintf(out, " / ");
        value_text(out, u, f, act);
        fputc('\n', out);
    }
}

void cmp_report_json(json_t *r, const cmp_unit *u, const void *in, const void *exp,
                     const void *act)
{
    json_t *i = json_object(), *e = json_object(), *a = json_object();
    fields_json(i, u, u->in, u->n_in, 0, in);
    fields_json(e, u, u->out, u->n_out, 0, exp);
    fields_json(a, u, u->out, u->n_out, 0, act);
    json_object_set_new(r, "inputs", i);
    json_object_set_new(r, "expected_outputs", e);
    json_object_set_new(r, "actual_outputs", a);
}

void cmp_wave_signals(const cmp_unit *u, const char *prefix, void (*emit)(void *, const char *),
                      void *ctx)
{
    char buf[256];
    static const char *const clocking[] = {"clk_i", "rst_ni"};
    for (int k = 0; k < 2; k++) {
        snprintf(buf, sizeof buf, "%s%s.%s", prefix, u->dut, clocking[k]);
        emit(ctx, buf);
    }
    const cmp_field *tables[] = {u->in, u->out};
    const size_t sizes[] = {u->n_in, u->n_out};
    for (int t = 0; t < 2; t++)
        for (size_t k = 0; k < sizes[t]; k++) {
            const cmp_field *f = &tables[t][k];
            if (!f->port && !(f->flags & CMP_PORT_O))
                continue;
            const char *port = f->port ? f->port : f->name, *o = f->port ? "" : "_o";
            unsigned w = cmp_width(u, f) * (f->type == CMP_BYTES ? u->lanes : 1);
            if (w == 1)
                snprintf(buf, sizeof buf, "%s%s.%s%s", prefix, u->dut, port, o);
            else
                snprintf(buf, sizeof buf, "%s%s.%s%s[%u:0]", prefix, u->dut, port, o, w - 1);
            emit(ctx, buf);
        }
}

/* ------------------------------------------------------------------ history */

static void step_text(FILE *out, const cmp_unit *u, const cmp_step *st)
{
    fprintf(out, "    cycle %-9" PRIu64, st->cycle);
    fields_text(out, u, u->in, u->n_in, CMP_HIST, st->in);
    fprintf(out, "\n      ->");
    fields_text(out, u, u->out, u->n_out, CMP_HIST, st->out);
    fputc('\n', out);
}

size_t cmp_steps_from(const cmp_unit *u, cmp_history_get get, const void *arg,
                      cmp_step steps[CMP_HISTORY], unsigned char *buf)
{
    size_t n = 0;
    for (; n < CMP_HISTORY; n++) { /* newest first into the end of steps[] */
        cmp_step *st = &steps[CMP_HISTORY - 1 - n];
        unsigned char *in = buf + (CMP_HISTORY - 1 - n) * (u->in_size + u->out_size);
        if (!get(arg, (unsigned)n, &st->cycle, in, in + u->in_size))
            break;
        st->in = in;
        st->out = in + u->in_size;
    }
    memmove(steps, steps + CMP_HISTORY - n, n * sizeof *steps);
    return n;
}

void cmp_steps_text(FILE *out, const cmp_unit *u, const cmp_step *steps, size_t n)
{
    for (size_t i = 0; i < n; i++)
        step_text(out, u, &steps[i]);
}

static json_t *step_json(const cmp_unit *u, const cmp_step *st)
{
    json_t *o = json_pack("{s:I}", "cycle", (json_int_t)st->cycle);
    fields_json(o, u, u->in, u->n_in, CMP_HIST, st->in);
    fields_json(o, u, u->out, u->n_out, CMP_HIST, st->out);
    return o;
}

json_t *cmp_steps_json(const cmp_unit *u, const cmp_step *steps, size_t n)
{
    json_t *a = json_array();
    for (size_t i = 0; i < n; i++)
        json_array_append_new(a, step_json(u, &steps[i]));
    return a;
}

/* A record of the ring as a step. */
