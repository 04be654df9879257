/* Internals of the processor array (pa.c, pa_prog.c, pa_core.c, pa_alu.c,
 * pa_tex.c).
 *
 * The hot path follows docs/model-speed.md: a program is decoded and checked
 * once, at start_program, into pa_uop's (operands, swizzles, modifiers and
 * write masks resolved); a wavefront's lanes live as structure-of-arrays rows
 * of PA_LANES words, so one instruction runs as a few lane loops the compiler
 * vectorises; lane masks are 64-bit words. Results are bit for bit those of
 * the per-lane reference (dpp_alu_exec), which the unit tests compare against. */
#ifndef CSIM_PA_INT_H
#define CSIM_PA_INT_H

#include "fc.h"
#include "isa.h"
#include "mc.h"
#include "pa.h"
#include "pa_hazard.h"
#include "pe.h"
#include "status.h"
#include "timing.h"

#include <stdint.h>

#define PA_LANES        64 /* row length: the widest wavefront */
#define PA_MAX_CONTEXTS 16

/* One 32-bit lane value: fp32 bits, read as a float where the ALU computes. */
typedef union pa_word {
    uint32_t u;
    float f;
} pa_word;

typedef pa_word pa_row[PA_LANES];

/* One ALU operand of one channel: where it reads and its input modifier,
 * (v & and_mask) ^ xor_mask (NEG, ABS, NAB, none). */
typedef struct pa_operand {
    uint8_t sel;  /* 0-2 source, 3 presubtract */
    uint8_t swz;  /* 0-3 channel, 4-6 the constants 0, 0.5, 1 */
    uint32_t and_mask, xor_mask;
} pa_operand;

/* How a channel's raw value is computed. */
enum {
    PA_K_MAD,
    PA_K_FRC,
    PA_K_MIN,
    PA_K_MAX,
    PA_K_CND,
    PA_K_CMP,
    PA_K_DOT, /* DP3/DP4/D2A (RGB), DP (alpha): the shared dot product */
    PA_K_SOP, /* RGB channel of SOP: the alpha unit's raw value */
    PA_K_TRANS /* alpha transcendental (EX2..COS) */
};

/* An ALU source address, resolved. */
typedef struct pa_src {
    uint8_t kind; /* dpp_src_kind */
    uint8_t rel;  /* add aL */
    uint16_t addr;
    uint32_t inline_bits; /* DPP_SRC_INLINE: the value of every channel */
} pa_src;

/* One instruction, decoded and checked once (pa_prog_decode). */
typedef struct pa_uop {
    dpp_inst inst; /* the fields, for TEX, FC and messages */
    uint8_t type, last, write_inactive;
    /* ALU and OUTPUT */
    pa_src src[6];            /* RGB sources 0-2, then alpha sources 0-2 */
    uint8_t srcp_op[4];       /* presubtract op per channel (RGB x3, alpha) */
    uint8_t presub_need;      /* bit ch: the presubtract row of channel ch is read */
    uint8_t need;             /* bit c: channel c's final value is used */
    uint8_t src_read;         /* bit k: source k (RGB 0-2, alpha 3-5) is read (pa_hazard.c) */
    uint8_t kind[4];          /* PA_K_* per channel */
    uint8_t trans_op;         /* DPP_ALPHA_EX2..COS for PA_K_TRANS */
    uint8_t dot_n;            /* products in the dot product: 2 (D2A), 3 or 4 */
    uint8_t dot_add;          /* D2A: add operand C's blue channel */
    uint8_t need_dot, need_raw_alpha;
    pa_operand opnd[4][3];    /* [channel][A, B, C] */
    uint8_t omod[4], clamp[4];
    uint8_t psel[4], pinv[4]; /* predicate bit read per channel (0xFF: none), inverted */
    uint8_t wmask, omask;     /* temp write mask; OUTPUT: output mask (bit c = channel c) */
    uint8_t w_write;          /* OUTPUT: W_OMASK */
    uint8_t rgb_out, alpha_out;
    uint16_t rgb_addrd, alpha_addrd;
    uint8_t rgb_addrd_rel, alpha_addrd_rel;
    uint8_t alu_wmask, alu_result_chan, alu_result_op;
    uint8_t pred_we;              /* ALU: predicate bits written (its output masks) */
    uint8_t pred_cmp[4];          /* predicate compares (DPP_CMP_*) per channel */
    /* FC: the fields as fc_unit sees them */
    fc_fields fc;
    uint8_t fc_reads_bool, fc_reads_int;
} pa_uop;

/* Which operands (bit k = A, B, C) a channel computed as `kind` (PA_K_*) reads. */
unsigned pa_operands_read(uint8_t kind);

/* Decodes one instruction, which must pass dpp_inst_check. */
void pa_uop_decode(const dpp_inst *in, pa_uop *u);

/* Decodes and checks n instruction words (6 dwords each) into uops. */
dpp_status pa_prog_decode(const uint32_t *words, unsigned n, pa_uop *uops, dpp_error *err);

/* The program and constants of the current start_program, shared read-only by
 * every core. */
typedef struct pa_shared {
    const mc_model *mc;
    pe_program prog;
    unsigned ninsts;
    pa_uop code[DPP_MAX_INSTS];
    pa_hz_uop hz[DPP_MAX_INSTS]; /* the hazard checks' view of code (p.hazards) */
    uint32_t cnst[DPP_NUM_CONSTS][4];
    unsigned nconst; /* float constants inside their surface */
    uint32_t ints[DPP_NUM_INTS];
    int ints_valid, bools_valid;
    unsigned nints, nbools; /* int and bool constants inside their surfaces (pitch, <= 32) */
    uint32_t bools;         /* bit c: boolean constant c */
    pa_params p;
} pa_shared;

/* Structure-of-arrays state of one wavefront slot. */
typedef struct pa_slot {
    int busy;
    unsigned index; /* wavefront number within the start_program */
    pe_wave wave;
    uint64_t live; /* lanes still running: not finished, not killed */
    uint64_t active;
    int32_t al;
    unsigned pc;
    int jump; /* the last FC instruction's group decision */
    int alu_valid;
    uint64_t steps;
    tm_stream *tm; /* its instructions, for the timing model (NULL: ctm) */
    uint64_t touched[2]; /* temporaries written since the wavefront started */
    uint64_t pred[DPP_NUM_PREDS];
    uint64_t alu_result;
    uint64_t out_written[DPP_NUM_OUTPUTS][4]; /* [output][channel]: lanes that wrote it */
    pa_hz_state hz; /* outstanding texture and ALU work (p.hazards) */
    pa_row w; /* the conditional value a lane wrote (W_OMASK), +0.0 until then */
    pa_row out[DPP_NUM_OUTPUTS][4];
    pa_row temp[DPP_NUM_TEMPS][4];
} pa_slot;

/* A lane that ended: what the CO and MC must do with it, in program order. */
typedef struct pa_finish {
    unsigned wave, pc, lane;
    int32_t i, j;
    uint32_t v; /* the conditional value: W if written, else the PE's */
    uint8_t written[DPP_NUM_OUTPUTS];
    uint32_t out[DPP_NUM_OUTPUTS][4];
} pa_finish;

/* Where a core's finished lanes go: committed at once (one core) or kept in
 * order for the main thread (several). */
typedef dpp_status (*pa_finish_fn)(void *user, const pa_finish *f, dpp_error *err);

/* Scratch rows of one instruction. */
typedef struct pa_scratch {
    pa_row bcast[6][4]; /* constant and inline sources, broadcast */
    pa_row presub[4];
    pa_row value[4];
    pa_row dot;
    pa_row raw_alpha;
} pa_scratch;

/* The lane-loop kernels of the ALU, in one of their builds (pa_alu.c). */
typedef struct pa_alu_kernels {
    const char *name;
    void (*compute)(const pa_shared *sh, pa_slot *s, const pa_uop *u, pa_scratch *sc, unsigned n);
    void (*blend)(pa_word *dst, const pa_word *v, uint64_t m, unsigned n);
} pa_alu_kernels;

/* The fastest build this CPU runs, or the baseline one if asked (or if the
 * environment sets CTM_MODEL_KERNEL=baseline). Results are the same. */
const pa_alu_kernels *pa_alu_kernels_get(int baseline);

/* One execution core: the slots of up to `contexts` wavefronts in flight, the
 * flow-control unit that holds their stacks, and counters. Cores share only
 * the read-only pa_shared. Each core owns its cache lines (128 bytes: a line
 * and the one prefetched with it): its counters change on every issue, and
 * two cores in one line would bounce it between the threads. */
typedef struct pa_core {
    _Alignas(128) const pa_shared *sh;
    fc_unit_model *fc;
    pa_trace_fn trace;
    void *trace_user;
    pa_issue_fn on_issue; /* NULL unless a stepped run asks for commits */
    void *on_issue_user;
    tm_model *tm; /* the timing model the issues go to (NULL: ctm, one issue per clock) */
    pa_finish_fn finish;
    void *finish_user;
    uint64_t clocks;       /* issues since the counter was last read */
    uint64_t issues;       /* all issues */
    uint64_t lane_instrs;  /* issues x lanes of the wavefront */
    uint64_t fc_steps;     /* fc_unit steps (the events a trace would see) */
    uint64_t early_outputs;   /* pa_stats.early_outputs of this core */
    unsigned early_output_pc; /* pa_stats.early_output_pc of this core */
    const pa_alu_kernels *kern;
    unsigned rr; /* next slot the round-robin issue looks at */
    pa_scratch *scratch;
    pa_slot *slot;
    fc_unit_in issue_fi; /* with on_issue: the last FC step, for its issue event */
    fc_unit_out issue_fo;
} pa_core;

dpp_status pa_core_init(pa_core *c, const pa_params *p, dpp_error *err);
void pa_core_free(pa_core *c);

/* Starts wavefront w (number `index`) in the first free slot; returns it. */
pa_slot *pa_core_start(pa_core *c, unsigned index, const pe_wave *w);

/* Issues one instruction of the next busy slot in round-robin order (one
 * instruction of each busy slot in turn, slot 0 first); *busy = 0 when no
 * slot is busy. */
dpp_status pa_core_issue_next(pa_core *c, int *busy, dpp_error *err);

/* Runs every busy slot, one instruction each in turn, until all are done. */
dpp_status pa_core_drain(pa_core *c, dpp_error *err);

/* Frees every slot (a fault may leave wavefronts behind). */
void pa_core_reset(pa_core *c);

/* The ALU or OUTPUT instruction u on the lanes of slot s (pa_alu.c). */
dpp_status pa_alu_issue(pa_core *c, pa_slot *s, const pa_uop *u, uint64_t lanes, dpp_error *err);

/* The TEX instruction u on the lanes of slot s; killed lanes leave s->live (pa_tex.c). */
dpp_status pa_tex_issue(pa_core *c, pa_slot *s, const pa_uop *u, uint64_t lanes, dpp_error *err);

/* Wraps err's message as the fault of one lane: "wave W pc P lane L (i I, j J): ...". */
dpp_status pa_fault_at(unsigned wave, unsigned pc, unsigned lane, int32_t i, int32_t j,
                       dpp_status st, dpp_error *err);

/* The same for lane l of slot s. */
dpp_status pa_lane_fault(const pa_slot *s, unsigned l, dpp_status st, dpp_error *err);

/* Per channel c, the lanes whose predication lets channel c of u be written
 * (RGB/ALPHA_PRED_SEL and _INV against the slot's predicate bits). */
void pa_channel_masks(const pa_uop *u, const pa_slot *s, uint64_t mask[4]);

/* Marks temporary idx written (the next wavefront in the slot clears it). */
static inline void pa_touch(pa_slot *s, unsigned idx)
{
    s->touched[idx >> 6] |= 1ull << (idx & 63);
}

#endif
