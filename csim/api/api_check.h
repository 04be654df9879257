/* The checker behind each mirror handle of the public API (ctm.h): the cycle
 * numbering, a history of the last steps of each context, the comparison of
 * every output and the mismatch report as text and JSON
 * (docs/cosim-report.schema.json, "source": "libctm"). Internal to libctm;
 * build/cosim prints its own report's field section with api_print_field. */
#ifndef CSIM_API_CHECK_H
#define CSIM_API_CHECK_H

#include "ctm_int.h"

#include <stdint.h>
#include <stdio.h>

enum {
    API_PORTS_MAX = 24,      /* inputs or outputs of one unit */
    API_SLOTS_MAX = 257,     /* history slots: 256 contexts and one for the rest */
    API_HISTORY_DEFAULT = 8, /* steps kept per context */
    API_HISTORY_MAX = 4096,
};

/* A port of a unit: an input or a compared output. */
typedef struct api_port {
    const char *name;
    uint8_t per_lane; /* a lane mask, as wide as the unit's lanes */
    uint8_t hex;      /* shown in hex */
    uint8_t obs;      /* an output of the observed context (input obs_ctx_in) */
    uint8_t width;    /* bits, when not per lane */
    const char *(*name_of)(unsigned v); /* an op's name, or NULL */
} api_port;

typedef struct api_unit {
    const char *block;      /* in the text report: "pred_stack" */
    const char *json_block; /* in JSON, as build/cosim names it: "pred" */
    const api_port *in;
    unsigned n_in;
    const api_port *out;
    unsigned n_out;
    unsigned obs_ctx_in; /* the input naming the observed context (outputs with obs) */
} api_unit;

typedef struct api_step {
    uint64_t cycle;
    uint64_t in[API_PORTS_MAX];
} api_step;

typedef struct api_check {
    const api_unit *u;
    unsigned lanes, slots; /* slots: contexts + 1 (1: a unit without contexts) */
    char config[64];
    uint64_t steps;      /* steps taken */
    uint64_t cycle;      /* the cycle of the last step */
    uint64_t next_cycle; /* the cycle the next step is numbered */
    uint64_t *in; /* the last step's inputs: its history entry, or scratch */
    uint64_t scratch[API_PORTS_MAX], want[API_PORTS_MAX], got[API_PORTS_MAX];
    unsigned depth; /* history steps per slot */
    api_step *hist; /* slots x depth */
    unsigned next[API_SLOTS_MAX], count[API_SLOTS_MAX];
    /* the last check */
    int checked;
    unsigned ndiff, differ[API_PORTS_MAX];
    long long mm_ctx; /* the context of the first difference, -1: none */
    unsigned mm_slot;
    char diff[512];
    char *text; /* the last report */
} api_check;

/* The start of every mirror handle's struct: the guard's header, then the
 * checker (ctm_int.h's api_mirror_* calls read them there). */
typedef struct api_mirror {
    api_handle h;
    api_check ck;
} api_mirror;

/* A checker of unit u with `lanes` lanes and `slots` history slots (see
 * api_check_slot), keeping API_HISTORY_DEFAULT steps; CTM_OK or CTM_E_NOMEM. */
int api_check_init(api_check *c, const api_unit *u, unsigned lanes, unsigned slots,
                   const char *config);
void api_check_free(api_check *c);

/* Keeps the last depth (0..API_HISTORY_MAX) steps of each slot; forgets the
 * history so far. CTM_OK or CTM_E_NOMEM. */
int api_check_set_history(api_check *c, unsigned depth);

/* The history slot of context ctx: its own, or the last one for every
 * context past the unit's (slots - 1 of them). */
static inline unsigned api_check_slot(const api_check *c, uint64_t ctx)
{
    if (c->slots == 1)
        return 0;
    return ctx < c->slots - 1 ? (unsigned)ctx : c->slots - 1;
}

/* One step of history slot `slot`: numbers it and returns where its inputs
 * go (c->in: the slot's next history entry, so nothing is copied); the
 * caller writes them there, and the expected outputs to c->want. */
static inline uint64_t *api_check_begin(api_check *c, unsigned slot)
{
    c->cycle = c->next_cycle++;
    c->steps++;
    c->checked = 0;
    if (!c->depth)
        return c->in = c->scratch;
    unsigned at = c->next[slot];
    api_step *e = &c->hist[(size_t)slot * c->depth + at];
    e->cycle = c->cycle;
    c->next[slot] = at + 1 == c->depth ? 0 : at + 1; /* every cycle: no division */
    if (c->count[slot] < c->depth)
        c->count[slot]++;
    return c->in = e->in;
}

/* Compares c->got with c->want: CTM_OK, or CTM_E_MISMATCH with the one-line
 * difference in c->diff. ctx_field: the input naming the context of the
 * outputs, -1 for a unit without contexts. */
int api_check_compare(api_check *c, int ctx_field);

/* The last check's mismatch report as text or JSON ("" after a match). */
const char *api_check_report(api_check *c, int json);

/* The report's section of one differing field: name, both values, and for a
 * lane mask the lanes and a picture of them (build/cosim prints the same). */
void api_print_field(FILE *out, const char *name, unsigned width, uint64_t expected,
                     uint64_t actual, int per_lane);

#endif
