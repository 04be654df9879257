/* The checker behind every mirror handle: cycle numbering, the history of
 * each context, the comparison of every output field and the mismatch report
 * (text and JSON). A unit is two tables of ports, its inputs and its compared
 * outputs; the handles only fill the arrays. */
#include "api_check.h"

#include "ctm.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int api_check_init(api_check *c, const api_unit *u, unsigned lanes, unsigned slots,
                   const char *config)
{
    memset(c, 0, sizeof *c);
    c->u = u;
    size_t in_bytes = u->in_size ? u->in_size : u->n_in * sizeof(uint64_t);
    c->want_at = 8 + ((in_bytes + 7) & ~(size_t)7);
    c->entry = c->want_at + ((u->out_size + 7) & ~(size_t)7);
    c->lanes = lanes;
    c->slots = slots ? slots : 1;
    snprintf(c->config, sizeof c->config, "%s", config);
    return api_check_set_history(c, API_HISTORY_DEFAULT);
}

void api_check_free(api_check *c)
{
    free(c->hist);
    free(c->text);
    c->hist = NULL;
    c->text = NULL;
}

int api_check_set_history(api_check *c, unsigned depth)
{
    unsigned bits = 0;
    while ((1u << bits) < depth)
        bits++;
    unsigned char *h = calloc((size_t)c->slots << bits, c->entry);
    if (!h)
        return CTM_E_NOMEM;
    /* the last step is gone with the history (its cycle stays, for a report):
     * scratch, zeros but the cycle, stands for its entry */
    if (c->last && c->last != (unsigned char *)c->scratch) {
        uint64_t cycle = api_check_cycle(c);
        memset(c->scratch, 0, sizeof c->scratch);
        memcpy(c->scratch, &cycle, sizeof cycle);
    }
    c->last = (unsigned char *)c->scratch;
    free(c->hist);
    c->hist = h;
    c->depth = depth;
    c->ring_bits = bits;
    c->ring_mask = (1u << bits) - 1;
    memset(c->taken, 0, sizeof c->taken);
    return CTM_OK;
}

/* Input port k of the inputs at in (an entry's). */
static uint64_t in_value(const api_check *c, const void *in, unsigned k)
{
    return c->u->in_size ? api_port_get(&c->u->in[k], in) : ((const uint64_t *)in)[k];
}

/* History slot slot's i-th entry of those kept, oldest first. */
static const unsigned char *entry_at(const api_check *c, unsigned slot, unsigned i)
{
    uint64_t n = c->taken[slot] - api_check_kept(c, slot) + i; /* that step of the slot */
    return c->hist + (((size_t)slot << c->ring_bits) | (n & c->ring_mask)) * c->entry;
}

int api_check_history(const api_check *c, unsigned slot, unsigned i, uint64_t *cycle, void *in_w,
                      void *want_w)
{
    if (slot >= c->slots || i >= api_check_kept(c, slot))
        return 0;
    const unsigned char *e = entry_at(c, slot, api_check_kept(c, slot) - 1 - i);
    memcpy(cycle, e, sizeof *cycle);
    memcpy(in_w, e + 8, c->u->in_size);
    memcpy(want_w, e + c->want_at, c->u->out_size);
    return 1;
}

int api_history_step(const api_check *c, unsigned slot, int i, uint64_t *cycle, void *in_w,
                     void *want_w, const char *func)
{
    if (i >= 0 && api_check_history(c, slot, (unsigned)i, cycle, in_w, want_w))
        return CTM_OK;
    api_fail("%s: no step %d kept (%u kept of %u)", func, i, api_check_kept(c, slot), c->depth);
    return CTM_E_ARG;
}

/* ------------------------------------------------------------ compare */

const char *api_report_text(char **text, int mismatch, int format, api_report_fn text_fn,
                            api_report_fn json_fn, const void *handle)
{
    free(*text);
    *text = NULL;
    if (!mismatch)
        return "";
    size_t len;
    FILE *out = open_memstream(text, &len);
    if (!out)
        return "";
    (format == CTM_REPORT_JSON ? json_fn : text_fn)(out, handle);
    fclose(out);
    return *text ? *text : "";
}

void api_json_chars(FILE *out, const char *s)
{
    for (const char *p = s; *p; p++)
        fprintf(out, *p == '"' || *p == '\\' ? "\\%c" : "%c", *p);
}

void api_lane_list(char *buf, size_t n, uint64_t d, const char *sep)
{
    size_t used = 0;
    buf[0] = 0;
    for (unsigned l = 0; l < 64 && used < n; l++)
        if (d >> l & 1)
            used += (size_t)snprintf(buf + used, n - used, "%s%u", used ? sep : "", l);
}

static uint64_t lane_bytes_differ(const unsigned char *want, const unsigned char *got)
{
    uint64_t d = 0;
    for (unsigned l = 0; l < API_LANE_BYTES; l++)
        d |= (uint64_t)(want[l] != got[l]) << l;
    return d;
}

int api_check_compare_wire(api_check *c, const void *got, int ctx_field)
{
    const api_unit *u = c->u;
    const unsigned char *want = api_check_want(c);
    if (!memcmp(want, got, u->out_size)) {
        c->ndiff = 0;
        api_check_matched(c);
        return CTM_OK;
    }
    if (got != c->got_w)
        memcpy(c->got_w, got, u->out_size);
    for (unsigned k = 0; k < u->n_out; k++) {
        const api_port *f = &u->out[k];
        c->want[k] = api_port_get(f, want);
        c->got[k] = api_port_get(f, c->got_w);
        if (f->size == API_LANE_BYTES) /* the lanes whose bytes differ */
            c->got[k] = lane_bytes_differ(want + f->offset,
                                          (const unsigned char *)c->got_w + f->offset);
    }
    return api_check_compare(c, ctx_field); /* CTM_OK when only padding differed */
}

int api_check_compare(api_check *c, int ctx_field)
{
    c->ndiff = 0;
    c->diff[0] = 0;
    for (unsigned k = 0; k < c->u->n_out; k++)
        if (c->want[k] != c->got[k])
            c->differ[c->ndiff++] = k;
    if (!c->ndiff)
        return CTM_OK;
    const api_port *f = &c->u->out[c->differ[0]];
    c->mm_ctx = ctx_field < 0 ? -1
                              : (long long)in_value(c, api_check_in(c),
                                                    (f->flags & CTM_PORT_OBS) ? c->u->obs_ctx_in
                                                                              : (unsigned)ctx_field);
    int used = snprintf(c->diff, sizeof c->diff, "cycle %" PRIu64, api_check_cycle(c));
    if (c->mm_ctx >= 0)
        used += snprintf(c->diff + used, sizeof c->diff - (size_t)used, ", context %lld",
                         c->mm_ctx);
    used += snprintf(c->diff + used, sizeof c->diff - (size_t)used,
                     ": %s: expected 0x%" PRIx64 ", actual 0x%" PRIx64, f->name,
                     c->want[c->differ[0]], c->got[c->differ[0]]);
    if (api_lanes(f) && (size_t)used < sizeof c->diff) {
        char lanes[256];
        api_lane_list(lanes, sizeof lanes, c->want[c->differ[0]] ^ c->got[c->differ[0]], " ");
        used += snprintf(c->diff + used, sizeof c->diff - (size_t)used, " (lanes %s differ)",
                         lanes);
    }
    if (c->ndiff > 1 && (size_t)used < sizeof c->diff)
        snprintf(c->diff + used, sizeof c->diff - (size_t)used, "; %u more fields differ",
                 c->ndiff - 1);
    return CTM_E_MISMATCH;
}

void api_check_diff_port(const api_check *c, int *port, int *lane)
{
    *port = *lane = -1;
    if (!c->ndiff)
        return;
    unsigned k = c->differ[0];
    const api_port *f = &c->u->out[k];
    *port = (int)k;
    uint64_t lanes = c->want[k] ^ c->got[k]; /* a byte per lane compares as this mask too */
    if ((api_lanes(f) || f->size == API_LANE_BYTES) && lanes)
        *lane = __builtin_ctzll(lanes);
}

/* ------------------------------------------------------------ report */

void api_print_field(FILE *out, const char *name, unsigned width, uint64_t expected,
                     uint64_t actual, int per_lane)
{
    uint64_t diff = expected ^ actual;
    fprintf(out, "  field    %s\n", name);
    fprintf(out, "  expected 0x%0*" PRIx64, (int)(width + 3) / 4, expected);
    if (!per_lane)
        fprintf(out, " (%" PRIu64 ")", expected);
    fprintf(out, "  C model\n  actual   0x%0*" PRIx64, (int)(width + 3) / 4, actual);
    if (!per_lane)
        fprintf(out, " (%" PRIu64 ")", actual);
    fprintf(out, "  RTL\n");
    if (!per_lane)
        return;
    char lanes[256];
    api_lane_list(lanes, sizeof lanes, diff, ",");
    fprintf(out, "  lanes    %s differ\n", lanes);
    /* the lane picture, highest lane on the left as in the hex values */
    static const char *const rows[] = {"lane     ", "expected ", "actual   ", "diff     "};
    for (int r = 0; r < 4; r++) {
        fprintf(out, "  %s", rows[r]);
        for (int l = (int)width - 1; l >= 0; l--) {
            int ch = r == 0   ? '0' + l % 10
                     : r == 1 ? '0' + (int)(expected >> l & 1)
                     : r == 2 ? '0' + (int)(actual >> l & 1)
                              : (diff >> l & 1 ? '^' : ' ');
            fputc(ch, out);
        }
        fputc('\n', out);
    }
}

static unsigned width_of(const api_check *c, const api_port *f)
{
    return api_lanes(f) ? c->lanes : f->width;
}

/* "name value" of a port, an op by its name too. */
static void print_value(FILE *out, const api_check *c, const api_port *f, uint64_t v, int json)
{
    const char *nm = f->name_of ? f->name_of((unsigned)v) : NULL;
    if (json) {
        if (nm && !(f->flags & CTM_PORT_HEX))
            fprintf(out, "\"%s\"", nm);
        else if (api_lanes(f) || (f->flags & CTM_PORT_HEX))
            fprintf(out, "\"0x%" PRIx64 "\"", v);
        else
            fprintf(out, "%" PRIu64, v);
        return;
    }
    if (nm && (f->flags & CTM_PORT_HEX)) /* a word with an op in it: the word, then the op */
        fprintf(out, "0x%08" PRIx64 " (%s)", v, nm);
    else if (nm)
        fprintf(out, "%s (%" PRIu64 ")", nm, v);
    else if (api_lanes(f) || (f->flags & CTM_PORT_HEX))
        fprintf(out, "0x%0*" PRIx64, (int)(width_of(c, f) + 3) / 4, v);
    else
        fprintf(out, "%" PRIu64, v);
}

static void print_inputs(FILE *out, const api_check *c, const void *in, int json)
{
    fputs(json ? "{" : "", out);
    for (unsigned k = 0; k < c->u->n_in; k++) {
        const api_port *f = &c->u->in[k];
        fprintf(out, json ? "%s\"%s\":" : "%s%s ", k ? (json ? "," : ", ") : "", f->name);
        print_value(out, c, f, in_value(c, in, k), json);
    }
    fputs(json ? "}" : "", out);
}

/* The context's history, oldest first, the failing step last. */
static void print_history(FILE *out, const api_check *c, unsigned slot, int json)
{
    unsigned n = api_check_kept(c, slot);
    if (!json)
        fprintf(out, "  last %u steps of %s (of %u kept):\n", n,
                c->mm_ctx >= 0 ? "the context" : "the unit", c->depth);
    fputs(json ? "[" : "", out);
    for (unsigned i = 0; i < n; i++) {
        const unsigned char *e = entry_at(c, slot, i);
        uint64_t cycle;
        memcpy(&cycle, e, sizeof cycle);
        if (json) {
            fprintf(out, "%s{\"cycle\":%" PRIu64 ",\"inputs\":", i ? "," : "", cycle);
            print_inputs(out, c, e + 8, 1);
            fputs("}", out);
        } else {
            fprintf(out, "    cycle %-8" PRIu64 " ", cycle);
            print_inputs(out, c, e + 8, 0);
            fputc('\n', out);
        }
    }
    fputs(json ? "]" : "", out);
}

static void report_text(FILE *out, const api_check *c)
{
    const api_port *f = &c->u->out[c->differ[0]];
    fprintf(out, "MISMATCH %s %s at cycle %" PRIu64 " (step %" PRIu64 " of the handle)\n",
            c->u->block, c->config, api_check_cycle(c), c->steps - 1);
    if (c->mm_ctx >= 0)
        fprintf(out, "  context  %lld\n", c->mm_ctx);
    api_print_field(out, f->name, width_of(c, f), c->want[c->differ[0]], c->got[c->differ[0]],
                    api_lanes(f));
    for (unsigned i = 1; i < c->ndiff; i++) {
        const api_port *g = &c->u->out[c->differ[i]];
        fprintf(out, "  also     %s: expected ", g->name);
        print_value(out, c, g, c->want[c->differ[i]], 0);
        fputs(", actual ", out);
        print_value(out, c, g, c->got[c->differ[i]], 0);
        if (api_lanes(g)) {
            char lanes[256];
            api_lane_list(lanes, sizeof lanes, c->want[c->differ[i]] ^ c->got[c->differ[i]], ",");
            fprintf(out, " (lanes %s)", lanes);
        }
        fputc('\n', out);
    }
    fputs("  inputs   ", out);
    print_inputs(out, c, api_check_in(c), 0);
    fputc('\n', out);
    if (c->depth)
        print_history(out, c, c->mm_slot, 0);
}

static void lanes_json(FILE *out, uint64_t d)
{
    char lanes[256];
    api_lane_list(lanes, sizeof lanes, d, ",");
    fprintf(out, "[%s]", lanes);
}

static void report_json(FILE *out, const api_check *c)
{
    const api_port *f = &c->u->out[c->differ[0]];
    uint64_t w = c->want[c->differ[0]], a = c->got[c->differ[0]];
    fprintf(out,
            "{\"result\":\"mismatch\",\"source\":\"libctm\",\"block\":\"%s\",\"config\":\"%s\","
            "\"cycle\":%" PRIu64 ",\"step\":%" PRIu64 ",\"context\":",
            c->u->json_block, c->config, api_check_cycle(c), c->steps - 1);
    if (c->mm_ctx >= 0)
        fprintf(out, "%lld", c->mm_ctx);
    else
        fputs("null", out);
    fprintf(out,
            ",\"field\":\"%s\",\"expected\":\"0x%" PRIx64 "\",\"actual\":\"0x%" PRIx64
            "\",\"width\":%u,\"lanes\":",
            f->name, w, a, width_of(c, f));
    lanes_json(out, api_lanes(f) ? w ^ a : 0);
    fputs(",\"fields\":[", out);
    for (unsigned i = 0; i < c->ndiff; i++) {
        const api_port *g = &c->u->out[c->differ[i]];
        uint64_t gw = c->want[c->differ[i]], ga = c->got[c->differ[i]];
        fprintf(out,
                "%s{\"field\":\"%s\",\"expected\":\"0x%" PRIx64 "\",\"actual\":\"0x%" PRIx64
                "\",\"lanes\":",
                i ? "," : "", g->name, gw, ga);
        lanes_json(out, api_lanes(g) ? gw ^ ga : 0);
        fputs("}", out);
    }
    fputs("],\"inputs\":", out);
    print_inputs(out, c, api_check_in(c), 1);
    fprintf(out, ",\"history_depth\":%u,\"last_steps\":", c->depth);
    if (c->depth)
        print_history(out, c, c->mm_slot, 1);
    else
        fputs("[]", out);
    fputs("}", out);
}

const char *api_check_report(api_check *c, int json)
{
    free(c->text);
    c->text = NULL;
    if (!c->ndiff)
        return "";
    size_t len;
    FILE *out = open_memstream(&c->text, &len);
    if (!out)
        return "";
    c->mm_slot = c->mm_ctx >= 0 ? api_check_slot(c, (uint64_t)c->mm_ctx) : 0;
    if (json)
        report_json(out, c);
    else
        report_text(out, c);
    fclose(out);
    return c->text ? c->text : "";
}
