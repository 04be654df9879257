/* pa_hazard: the synchronisation the CTM guide leaves to the program, checked
 * as each wavefront runs (docs/model-defined.md, "Hazard checks").
 *
 * The hardware runs its ALU, texture and flow-control engines in parallel
 * [seed 000, p28]; texture
 * results arrive in temporaries only through the semaphore [p35-p37]. The model
 * finishes every instruction before the next, so a program that skips a WAIT
 * gets the right answer here and a wrong one on hardware. With
 * pa_params.hazards set, the first broken rule of a wavefront is a fault that
 * names the rule, its seed page, the pc, the instruction and the fix. */
#ifndef CSIM_PA_HAZARD_H
#define CSIM_PA_HAZARD_H

#include "isa.h"
#include "status.h"

#include <stdint.h>

struct pa_uop;

/* What one instruction does that the rules look at, decoded once. */
typedef struct pa_hz_uop {
    uint8_t nread, read[8], read_rel; /* temporaries read; bit k of read_rel: read[k] adds aL */
    uint8_t nwrite, write[2], write_rel;
    uint8_t engine; /* PA_HZ_ALU (ALU and OUTPUT), PA_HZ_TEX or PA_HZ_FC */
    uint8_t lookup; /* a TEX whose destination is written when its data arrives */
    uint8_t wait, acquire, alu_wait;
    uint8_t bits_read;  /* FC, TEX: bit 0 the ALU result, bit 1 + k predicate k */
    uint8_t bits_write; /* ALU: the same bits, written */
} pa_hz_uop;

enum { PA_HZ_ALU, PA_HZ_TEX, PA_HZ_FC };

/* One wavefront's outstanding work (zero at its START). */
typedef struct pa_hz_state {
    uint64_t tex_open[2];  /* temporaries a lookup writes that no ACQUIRE covers yet */
    uint64_t tex_held[2];  /* covered by the outstanding ACQUIRE, not yet waited for */
    uint64_t alu_temps[2]; /* written by the ALU engine since the last ALU_WAIT */
    uint8_t alu_bits;      /* bits_write of the ALU engine since the last ALU_WAIT */
    uint16_t tex_pc[DPP_NUM_TEMPS], alu_pc[DPP_NUM_TEMPS], bits_pc[5]; /* who wrote them */
    /* p27: the first OUTPUT reserves output FIFO space. out_pc: its pc + 1 (0: none yet);
     * early_pc: the same once another kind of instruction issues after it, so the space
     * was reserved early; early_new: set by the issue that found it (a warning, not a fault). */
    uint16_t out_pc, early_pc;
    uint8_t early_new;
} pa_hz_state;

/* Decodes one instruction (u must be decoded). */
void pa_hz_decode(const struct pa_uop *u, pa_hz_uop *h);

/* Checks instruction pc (h) of wavefront `wave` with aL = al against its
 * state, then records what it leaves outstanding. DPP_E_FAULT names the rule. */
dpp_status pa_hz_issue(pa_hz_state *s, const struct pa_uop *u, const pa_hz_uop *h, unsigned pc,
                       int32_t al, unsigned wave, dpp_error *err);

#endif
