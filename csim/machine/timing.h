/* timing: how many cycles a program takes and how many wavefronts fit, under
 * a chip profile (docs/timing.md). A layer that observes the processor array
 * and never changes its results: the array hands it, per wavefront, the
 * instructions it issued (pc and the lanes they ran on); the timing model
 * schedules those streams on one SIMD of the chip (wavefronts resident as
 * registers allow, even/odd ALU interleave, clause switches, the TEX unit)
 * and counts cycles, occupancy, ALU use and stalls. Every number comes from
 * one table (timing_profiles.c). The default profile, ctm, is one issue per
 * clock and does not use this layer at all. */
#ifndef CSIM_TIMING_H
#define CSIM_TIMING_H

#include "status.h"

#include <stdint.h>

typedef enum tm_chip { TM_CHIP_CTM, TM_CHIP_CAYMAN, TM_CHIP_RV740, TM_NUM_CHIPS } tm_chip;

/* Clause types of an instruction (ALU, TEX fetch, output) and flow control. */
enum { TM_CL_NONE, TM_CL_ALU, TM_CL_TEX, TM_CL_OUT, TM_CL_CF, TM_NUM_CLAUSES };

/* What a SIMD slot is doing, or why the ALU is not executing. */
typedef enum tm_cause {
    TM_ISSUE,   /* slot: its instruction holds its unit (ALU or TEX) */
    TM_CLAUSE,  /* waiting out a clause switch */
    TM_LATENCY, /* waiting for its own previous instruction (read and execute phases) */
    TM_UNIT,    /* slot: ready, but another wavefront holds the unit */
    TM_READS,   /* extra register-read cycles (read ports) */
    TM_FETCH,   /* ALU: the wavefront it waited for was in a TEX clause */
    TM_EMPTY,   /* no wavefront (slot free; ALU: none resident) */
    TM_OFIFO,   /* an OUTPUT waits for an output-FIFO entry (every one is held) */
    TM_NUM_CAUSES
} tm_cause;

/* A chip profile: every number of the model. Sources in docs/timing.md. */
typedef struct tm_profile {
    const char *name;
    unsigned simd_lanes;        /* lanes a SIMD runs per cycle */
    unsigned wave_lanes;        /* lanes of a hardware wavefront */
    unsigned read_cycles;       /* register-read phase before an ALU instruction executes */
    unsigned clause_switch;     /* cycles before a wavefront's next clause starts */
    unsigned max_waves;         /* wavefronts a SIMD holds at most */
    unsigned gpr_regs;          /* 128-bit registers per SIMD */
    unsigned reserved_rows;     /* registers per lane the SIMD keeps for itself */
    unsigned reserved_per_wave; /* registers per lane each wavefront costs beyond its own */
    unsigned vec_slots;         /* x, y, z, w */
    unsigned t_slots;           /* the transcendental unit t (0: none) */
    unsigned trans_slots;       /* vector slots a transcendental takes without a t unit */
    unsigned dot_slots;         /* vector slots a dot product takes */
    unsigned gpr_reads;         /* distinct temporaries read per read cycle (0: no limit) */
    unsigned const_reads;       /* distinct constants read per read phase (0: no limit) */
    unsigned literal_words;     /* 64-bit literal words per bundle (0: no limit) */
    unsigned literal_values;    /* 32-bit literal values one word holds */
    unsigned inline_free;       /* 1: the inline values 0, 0.5 and 1 need no literal */
    unsigned tex_cycles;        /* cycles a TEX instruction holds the TEX unit */
    unsigned out_fifo;          /* output-FIFO entries; a wavefront's first OUTPUT holds one
                                   until the wavefront ends (0: no limit) */
} tm_profile;

/* The profile of a chip (ctm's entry only names it). */
const tm_profile *tm_profile_of(tm_chip chip);

/* "ctm", "cayman", "rv740" to a chip: 0, or -1 for another name. */
int tm_chip_parse(const char *name, tm_chip *out);

/* The names of every chip, "ctm|cayman|rv740". */
const char *tm_chip_names(void);

/* Wavefronts a SIMD holds for a program using `temps` registers per lane:
 * min(max_waves, (gpr_regs / wave_lanes - reserved_rows) / (temps +
 * reserved_per_wave)); *by_regs = 1 when the registers limit it. */
unsigned tm_occupancy(const tm_profile *p, unsigned temps, int *by_regs);

/* What one instruction costs under a profile, worked out once per program. */
typedef struct tm_cost {
    uint8_t clause;     /* TM_CL_* */
    uint8_t bundles;    /* ALU bundles (VLIW instruction groups) */
    uint8_t read_extra; /* extra register-read phases (more reads than the ports give) */
    uint8_t slots;      /* slots used in its bundles (scalar operations) */
    uint8_t gprs;       /* distinct temporaries read */
    uint8_t consts;     /* distinct float constants read */
    uint8_t literals;   /* distinct inline values read that need a literal */
    uint8_t trans;      /* 1: a transcendental operation */
    uint16_t occupy;    /* cycles it holds its unit (ALU or TEX) */
    uint16_t latency;   /* cycles from its start until its result is there */
} tm_cost;

struct pa_uop;

/* The cost of instruction u (a decoded pa_uop) under profile p. */
void tm_cost_of(const tm_profile *p, const struct pa_uop *u, tm_cost *c);

/* What the model counted, summed over start_programs (the occupancy fields
 * are those of the last one). */
typedef struct tm_stats {
    uint64_t cycles;               /* modelled SIMD cycles */
    uint64_t waves;                /* wavefronts scheduled */
    uint64_t alu_busy;             /* cycles the ALU executed bundles */
    uint64_t alu_lane_ops;         /* sum over ALU bundles of active lanes x slots used */
    uint64_t tex_busy;             /* cycles the TEX unit was held */
    uint64_t stall[TM_NUM_CAUSES]; /* cycles the ALU did not execute, by cause */
    unsigned temps;                /* registers per lane the program uses */
    unsigned limit;                /* wavefronts a SIMD holds for them */
    int limit_by_regs;             /* 1: registers set the limit, 0: the wavefront cap */
    unsigned peak;                 /* most wavefronts resident at once */
    unsigned fifo_peak;            /* most output-FIFO entries held at once */
    uint64_t fifo_waits;           /* wavefronts whose first OUTPUT found every entry held */
    uint64_t fifo_wait_cycles;     /* cycles they were ready and every entry held, summed */
} tm_stats;

/* One change of a SIMD slot in the schedule, for a timeline. */
typedef struct tm_slot_state {
    uint64_t time;  /* cycle, counted from the first start_program */
    uint64_t lanes; /* active lanes of the instruction */
    uint32_t wave;  /* wavefront number within its start_program */
    uint16_t pc;
    uint8_t slot;
    uint8_t valid;  /* 0: the slot is empty */
    uint8_t clause; /* TM_CL_* of the instruction it runs or waits to run */
    uint8_t cause;  /* tm_cause */
} tm_slot_state;

/* Where the schedule goes: begin() once per start_program with the slot
 * count (the profile's max_waves), then change() in nondecreasing time. */
typedef struct tm_sink {
    void (*begin)(void *user, const tm_profile *p, unsigned slots);
    void (*change)(void *user, const tm_slot_state *s);
    void *user;
} tm_sink;

/* ---------------------------------------------------------------- the model */

typedef struct tm_model tm_model;

/* The instructions one wavefront issued, in order. */
typedef struct tm_rec {
    uint64_t lanes; /* the lanes it ran on */
    uint32_t pc;
} tm_rec;

typedef struct tm_stream {
    tm_rec *rec;
    uint32_t n, cap;
    unsigned index;         /* wavefront number */
    int done, nomem;        /* the wavefront has ended; a push failed */
    struct tm_stream *next; /* in the model's queue or spares */
    struct tm_stream *all;  /* every stream of the model */
} tm_stream;

/* A model for chip (not ctm). */
dpp_status tm_create(tm_chip chip, tm_model **out, dpp_error *err);
void tm_destroy(tm_model *tm);

/* The profile the model runs. */
const tm_profile *tm_profile_get(const tm_model *tm);

/* Sends the schedule to sink (NULL: nowhere). */
void tm_set_sink(tm_model *tm, const tm_sink *sink);

/* A start_program of the n decoded instructions `code` using `temps`
 * registers per lane (at least 1). */
dpp_status tm_begin(tm_model *tm, const struct pa_uop *code, unsigned n, unsigned temps,
                    dpp_error *err);

/* Wavefront `index` started (in index order); its stream. NULL: out of memory. */
tm_stream *tm_wave_begin(tm_model *tm, unsigned index);

void tm_grow(tm_stream *s);

/* One issued instruction of the stream's wavefront. */
static inline void tm_push(tm_stream *s, unsigned pc, uint64_t lanes)
{
    if (s->n == s->cap)
        tm_grow(s);
    if (s->n < s->cap)
        s->rec[s->n++] = (tm_rec){lanes, pc};
}

/* The stream's wavefront has ended (finished or faulted). */
void tm_wave_end(tm_model *tm, tm_stream *s);

/* Schedules as far as the streams so far allow. */
dpp_status tm_advance(tm_model *tm, dpp_error *err);

/* Every wavefront has ended: schedules the rest; *cycles = the start_program's cycles. */
dpp_status tm_finish(tm_model *tm, uint64_t *cycles, dpp_error *err);

void tm_get_stats(const tm_model *tm, tm_stats *st);

#endif
