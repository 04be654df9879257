/* The one comparator of every bench. A block is described by two tables of
 * fields, its inputs (as the stimulus struct holds them) and its compared
 * outputs (as the C model's output struct holds them); from them come the
 * per-cycle comparison, the mismatch record, the history of the last
 * commands, the report's "this cycle" and output sections (text and JSON) and
 * the waveform's signal list. A bench is its stimulus, these tables and, when
 * it has something to add, a few lines of block-specific report. */
#ifndef HARNESS_COMPARE_H
#define HARNESS_COMPARE_H

#include <jansson.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* How a field is stored in its struct. */
enum { CMP_BOOL, CMP_U8, CMP_U16, CMP_I16, CMP_U32, CMP_U64, CMP_STR, CMP_BYTES };

enum { CMP_FIELDS_MAX = 32 }; /* fields of a table built by cmp_fields_from_ports */

/* Field flags. */
enum {
    CMP_LANES = 1, /* bit i is lane i; the width is the bench's lane count */
    CMP_OBS = 2,   /* belongs to the observed context (else to the command's) */
    CMP_HIST = 4,  /* shown in the history of the last commands */
    CMP_DYN = 8,   /* the width depends on the configuration: the unit's width_of says */
    CMP_PORT_O = 16, /* the DUT's port is the field's name with _o (port is NULL) */
};

typedef struct cmp_field {
    const char *name; /* in reports and JSON */
    const char *port; /* the DUT's port, for the waveform (NULL: none) */
    size_t offset;
    uint8_t type;
    uint8_t flags;
    unsigned width;                     /* bits (CMP_BYTES: of each byte-lane) */
    const char *(*name_of)(unsigned v); /* an enum's names (op codes), or NULL */
} cmp_field;

/* A field of struct type ST, member M (nested members allowed). */
#define CMP_F(ST, M, name, port, type, flags, width, names)                                        \
    {name, port, offsetof(ST, M), type, flags, width, names}

typedef struct cmp_unit {
    const char *dut; /* the DUT instance under the testbench top, e.g. "dut_pred_stack" */
    const cmp_field *in;
    size_t n_in;
    const cmp_field *out;
    size_t n_out;
    size_t in_size, out_size; /* of the structs the tables describe */
    unsigned lanes;           /* set at bind: the width of CMP_LANES fields, bytes of CMP_BYTES */
    unsigned (*width_of)(const void *ctx, const cmp_field *f); /* CMP_DYN widths (set at bind) */
    const void *ctx;                                           /* width_of's (the bench) */
} cmp_unit;

/* The output fields of a block as the library compares them: its port table
 * (ctm_ports(block, 1, ...)), in its order, each port's DUT port name_o
 * (CMP_PORT_O), its type from its size (a 1-bit byte is a flag, CMP_BOOL),
 * CMP_LANES and CMP_OBS from its flags;
 * the fields named in hist get CMP_HIST, those in dyn CMP_DYN (each list
 * NULL-terminated). Returns how many (at most max); 0, with a cosim_error,
 * for a block the library does not have or one of more than max ports. */
size_t cmp_fields_from_ports(const char *block, cmp_field *out, size_t max,
                             const char *const *hist, const char *const *dyn);

/* The value of a field (CMP_BYTES: byte i). */
uint64_t cmp_get(const cmp_field *f, const void *s, unsigned i);

/* Bits of a field as the RTL has them. */
unsigned cmp_width(const cmp_unit *u, const cmp_field *f);

/* The field of the library's first differing output (ctm_*_diff_port: port,
 * lane; the bench's table is ctm_ports' order), or NULL for none (-1) or one
 * the table lacks; *index is the differing lane of a CMP_BYTES field. */
const cmp_field *cmp_diff_field(const cmp_unit *u, int port, int lane, unsigned *index);

/* Records the mismatch of field f (cosim_record_mismatch) at cycle, naming the
 * command's context or the observed one as the field says. */
void cmp_record(const cmp_unit *u, const cmp_field *f, unsigned index, const void *exp,
                const void *act, uint64_t cycle, unsigned op_ctx, unsigned obs_ctx);

/* The report's sections: the inputs of the cycle, and every output (expected
 * and RTL, differing ones marked). */
void cmp_report_text(FILE *out, const cmp_unit *u, const void *in, const void *exp,
                     const void *act);
/* The same as JSON members "inputs", "expected_outputs", "actual_outputs". */
void cmp_report_json(json_t *r, const cmp_unit *u, const void *in, const void *exp,
                     const void *act);

/* A waveform signal per port of the tables: prefix + dut + "." + port[w-1:0]. */
void cmp_wave_signals(const cmp_unit *u, const char *prefix, void (*emit)(void *, const char *),
                      void *ctx);

/* --------------------------------------------------------------- history */

enum { CMP_HISTORY = 16 }; /* commands kept per context */

/* One command of a report's history: its cycle, inputs and the model's
 * outputs (structs the unit's tables describe). */
typedef struct cmp_step {
    uint64_t cycle;
    const void *in, *out;
} cmp_step;

/* A history kept elsewhere (a ctm_* handle's): the i-th last step (0: the
 * last) of what arg names into *cycle, in and out; 0 when no such step is kept. */
typedef int (*cmp_history_get)(const void *arg, unsigned i, uint64_t *cycle, void *in, void *out);

/* The last CMP_HISTORY steps get(arg, ...) gives, oldest first, as steps (their
 * structs in buf, CMP_HISTORY * (u->in_size + u->out_size) bytes); returns how many. */
size_t cmp_steps_from(const cmp_unit *u, cmp_history_get get, const void *arg,
                      cmp_step steps[CMP_HISTORY], unsigned char *buf);

/* Oldest first: one line per command (the CMP_HIST fields). */
void cmp_steps_text(FILE *out, const cmp_unit *u, const cmp_step *steps, size_t n);
/* The same as an array of objects (cycle and the CMP_HIST fields). */
json_t *cmp_steps_json(const cmp_unit *u, const cmp_step *steps, size_t n);

#endif
