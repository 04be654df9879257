/* The checker behind each mirror handle of the public API (ctm.h): the cycle
 * numbering, a history of the last steps of each context, the comparison of
 * every output and the mismatch report as text and JSON
 * (docs/cosim-report.schema.json, "source": "libctm"). Internal to libctm;
 * build/cosim prints its own report's field section with api_print_field. */
#ifndef CSIM_API_CHECK_H
#define CSIM_API_CHECK_H

#include "ctm_int.h"
#include "ctm_ports.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

enum {
    API_PORTS_MAX = 24,      /* inputs or outputs of one unit */
    API_SLOTS_MAX = 257,     /* history slots: 256 contexts and one for the rest */
    API_HISTORY_DEFAULT = 8, /* steps kept per context */
    API_HISTORY_MAX = 4096,
    API_WIRE_MAX = 256,      /* bytes of a unit's output struct */
};

/* A port of a unit: an input or a compared output (ctm_ports.h's ctm_port,
 * as ctm_ports() publishes it). */
typedef ctm_port api_port;

static inline int api_lanes(const api_port *f)
{
    return (f->flags & CTM_PORT_LANES) != 0;
}

/* A port of one byte per lane (fc_unit's counters) is a byte array of this
 * size; compared, it reads as the mask of the lanes whose bytes differ. */
enum { API_LANE_BYTES = 64 };

/* A port of struct ST, member M: the member's place for the port tables. */
#define API_AT(ST, M) offsetof(ST, M), sizeof(((ST *)0)->M)

/* Over a list of ctm_ports.h: API_TABLE(name, LIST, ST) is the port table of
 * struct ST, a row a port (a unit's file defines API_NAMES_<names> for the
 * names it uses); enum { LIST(API_INDEX, P) } names each row's index P<member>;
 * API_ONLY_LISTED asserts that ST has its rows' members and `pad` bytes more,
 * nothing else: no member without a row, no padding the compiler chose (the
 * SV package's words are the struct's bytes). */
#define API_NAMES_0 NULL
#define API_ROW(ST, M, W, FLAGS, NAMES) {#M, API_AT(ST, M), W, FLAGS, API_NAMES_##NAMES},
#define API_INDEX(P, M, ...) P##M,
#define API_BYTES(ST, M, ...) +sizeof(((ST *)0)->M)
#define API_TABLE(NAME, LIST, ST) static const api_port NAME[] = {LIST(API_ROW, ST)}
#define API_ONLY_LISTED(LIST, ST, PAD)                                                             \
    _Static_assert(sizeof(ST) == 0 LIST(API_BYTES, ST) + (PAD),                                    \
                   #ST " has only its listed members and pad_")

typedef struct api_unit {
    const char *block;      /* in the text report: "pred_stack" */
    const char *json_block; /* in JSON, as build/cosim names it: "pred" */
    const api_port *in;
    unsigned n_in;
    const api_port *out;
    unsigned n_out;
    unsigned obs_ctx_in; /* the input naming the observed context (outputs with obs) */
    const char *sv_in, *sv_out; /* the port structs' names in SV (ctm_ports_pkg), or NULL */
    unsigned in_size, out_size; /* their sizes: the C structs' (ctm.h) */
} api_unit;

struct api_check;
/* The units with port structs (ctm_api.c): `dpp svpkg` writes their SV package. */
extern const struct api_unit api_pred_unit, api_stack_unit, api_fc_unit;

/* The value of port f in the port struct at s (0 for a port of lane bytes). */
static inline uint64_t api_port_get(const api_port *f, const void *s)
{
    const unsigned char *b = (const unsigned char *)s + f->offset;
    uint64_t v = 0;
    if (f->size <= sizeof v)
        memcpy(&v, b, f->size); /* little-endian, as the SV package packs them */
    return v;
}

/* A history entry (api_check.entry bytes): the cycle, the inputs (a unit
 * with port structs: its input struct; else a uint64_t per port), then the
 * expected outputs (a unit with port structs: its output struct), each part
 * 8-byte aligned. */
enum { API_ENTRY_MAX = 8 + API_PORTS_MAX * 8 + API_WIRE_MAX };

typedef struct api_check {
    const api_unit *u;
    unsigned lanes, slots; /* slots: contexts + 1 (1: a unit without contexts) */
    char config[64];
    /* The last step's history entry (scratch before one): its cycle, its
     * inputs (api_check_in) and expected outputs (api_check_want). */
    unsigned char *last;
    size_t entry, want_at; /* bytes of a history entry; where its outputs start */
    uint64_t scratch[API_ENTRY_MAX / 8]; /* zeros: the entry before the first step */
    uint64_t want[API_PORTS_MAX], got[API_PORTS_MAX];
    /* A unit with port structs (u->out_size): the expected outputs are the
     * unit's output struct in the step's history entry (api_check_want;
     * ctm_*_expect reads it there); the DUT's are copied to got_w; want and
     * got are filled from them for a report. */
    uint64_t got_w[API_WIRE_MAX / 8];
    unsigned depth;      /* history steps kept per slot */
    /* Each slot's ring: the power of two ring_mask + 1 >= depth entries (1
     * without a history: begin has no branch), and its steps so far, whose
     * low bits say where the next one goes (no division, no wrap test). */
    unsigned ring_bits;
    uint64_t ring_mask;
    unsigned char *hist; /* slots x (ring_mask + 1) entries */
    uint64_t taken[API_SLOTS_MAX];
    /* Not beside cycle: gcc's SLP vectorizer packs stores to neighbours into one. */
    uint64_t next_cycle; /* the cycle the next step is numbered */
    uint64_t steps;      /* steps taken */
    /* the last check: its differing outputs (none once a step is taken) */
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
 * context past the unit's (slots - 1 of them; a unit of one slot has only it). */
static inline unsigned api_check_slot(const api_check *c, uint64_t ctx)
{
    return ctx < c->slots - 1 ? (unsigned)ctx : c->slots - 1;
}

/* The last step's inputs and expected outputs (a unit with port structs:
 * its output struct), in its history entry, and its cycle. */
static inline void *api_check_in(const api_check *c)
{
    return c->last + 8;
}

static inline void *api_check_want(const api_check *c)
{
    return c->last + c->want_at;
}

static inline uint64_t api_check_cycle(const api_check *c)
{
    uint64_t cycle;
    memcpy(&cycle, c->last, sizeof cycle);
    return cycle;
}

/* One step of history slot `slot`: numbers it and returns its entry (c->last:
 * the slot's next one, so nothing is copied); the caller writes the inputs at
 * e + 8 and the expected outputs to c->want (or, a unit with port structs, at
 * e + c->want_at, in the same entry). Every cycle: locals, as the entry's
 * bytes may alias the checker for the compiler. */
static inline unsigned char *api_check_begin(api_check *c, unsigned slot)
{
    uint64_t cycle = c->next_cycle, n = c->taken[slot];
    unsigned char *e = c->hist + (((size_t)slot << c->ring_bits) | (n & c->ring_mask)) * c->entry;
    c->taken[slot] = n + 1;
    c->next_cycle = cycle + 1;
    c->steps++;
    c->ndiff = 0; /* no report: this step is not checked yet */
    c->last = e;
    memcpy(e, &cycle, sizeof cycle);
    return e;
}

/* Steps kept of slot `slot`: its last ones, up to the depth. */
static inline unsigned api_check_kept(const api_check *c, unsigned slot)
{
    return c->taken[slot] < c->depth ? (unsigned)c->taken[slot] : c->depth;
}

/* The i-th last step (0: the last) kept of history slot `slot`: its cycle,
 * its inputs as the unit's input struct at in_w and its expected outputs as
 * the output struct at want_w (a unit with port structs). 0 if not kept. */
int api_check_history(const api_check *c, unsigned slot, unsigned i, uint64_t *cycle, void *in_w,
                      void *want_w);

/* ctm_*_history's answer: CTM_OK, or CTM_E_ARG with "FUNC: no step I kept"
 * as ctm_error() (nothing pending on the handle: the status says it). */
int api_history_step(const api_check *c, unsigned slot, int i, uint64_t *cycle, void *in_w,
                     void *want_w, const char *func);

/* A unit with port structs: compares the DUT's outputs at got (the unit's
 * output struct) with the expected ones (api_check_want), as bytes: CTM_OK, or
 * as api_check_compare after filling c->want and c->got from them. */
int api_check_compare_wire(api_check *c, const void *got, int ctx_field);

/* The expected value of output port k of the last step. */
static inline uint64_t api_want(const api_check *c, unsigned k)
{
    return c->u->out_size ? api_port_get(&c->u->out[k], api_check_want(c)) : c->want[k];
}

/* The check of a step whose outputs matched as bytes (the fast path of
 * ctm_*_cycle, after api_check_begin: the same state api_check_compare_wire
 * leaves). */
static inline void api_check_matched(api_check *c)
{
    c->diff[0] = 0;
}

/* Compares c->got with c->want: CTM_OK, or CTM_E_MISMATCH with the one-line
 * difference in c->diff. ctx_field: the input naming the context of the
 * outputs, -1 for a unit without contexts. */
int api_check_compare(api_check *c, int ctx_field);

/* The last check's first differing output: its index in the unit's output
 * table (ctm_ports' order), -1 after a match or before a check; *lane the
 * lowest lane that differs when it is a lane mask or a byte per lane, else -1. */
void api_check_diff_port(const api_check *c, int *port, int *lane);

/* The last check's mismatch report as text or JSON ("" after a match). */
const char *api_check_report(api_check *c, int json);

/* The report's section of one differing field: name, both values, and for a
 * lane mask the lanes and a picture of them (build/cosim prints the same). */
void api_print_field(FILE *out, const char *name, unsigned width, uint64_t expected,
                     uint64_t actual, int per_lane);

#endif
