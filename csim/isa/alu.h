/* ALU semantics: one ALU or OUTPUT instruction on one lane (processor).
 *
 * dpp_alu_exec() does the arithmetic of spec 5.3-5.13 in the spec's order:
 * fetch, presubtract, select, swizzle, input modifier, op, OMOD, clamp; then
 * it works out what the instruction would write: temporaries, outputs, the
 * W value, the ALU-result bit and predicate bits, each already gated by the
 * write/output masks and by per-channel predication. It changes nothing:
 * dpp_alu_commit() applies a result to a lane's state. Whether the lane may
 * commit at all (active, or WRITE_INACTIVE) is the processor array's call.
 *
 * Values are fp32 bit patterns (uint32_t) so that the bit-exact
 * OMOD_DISABLED moves keep NaN payloads and signs. */
#ifndef CSIM_ALU_H
#define CSIM_ALU_H

#include "isa.h"
#include "status.h"

#include <stdint.h>

/* What the ALU reads of one lane. */
typedef struct dpp_alu_in {
    const uint32_t (*temp)[4]; /* DPP_NUM_TEMPS registers, RGBA */
    const uint32_t (*cnst)[4]; /* DPP_NUM_CONSTS float constants */
    int32_t al;                /* innermost LOOP's aL (0 outside loops) */
    uint8_t pred;              /* predicate bits, bit k = predicate k (R,G,B,A) */
} dpp_alu_in;

/* What one instruction computes and would write on one lane. */
typedef struct dpp_alu_result {
    uint32_t value[4];     /* R,G,B from the RGB unit, A from the alpha unit; after OMOD, clamp */
    uint8_t chan_pred;     /* bit c: channel c passes predication (RGB/alpha PRED_SEL/INV) */
    uint8_t temp_mask;     /* bit c: write value[c] to temporary (write mask AND predication) */
    uint16_t rgb_temp;     /* resolved RGB_ADDRD (+aL) */
    uint16_t alpha_temp;   /* resolved ALPHA_ADDRD (+aL) */
    uint8_t out_mask;      /* OUTPUT: bit c: write value[c] to an output (omask AND predication) */
    uint8_t rgb_out;       /* OUTPUT: render target of R,G,B (0-3) */
    uint8_t alpha_out;     /* OUTPUT: render target of A (0-3) */
    uint8_t w_write;       /* OUTPUT: write value[3] as the W (conditional-output) value */
    uint8_t alu_result_we; /* ALU_WMASK: the ALU-result bit is written (never predicated) */
    uint8_t alu_result;    /* its new value */
    uint8_t pred_we;       /* ALU: bit k: predicate k written (omask AND predication) */
    uint8_t pred_val;      /* bit k: its new value */
} dpp_alu_result;

/* Executes the arithmetic of inst (TYPE ALU or OUTPUT) on one lane. Fails
 * with DPP_E_ILLEGAL for an instruction dpp_inst_check() rejects, DPP_E_ARG
 * for another type, or DPP_E_FAULT when aL moves a relative address out of
 * range. */
dpp_status dpp_alu_exec(const dpp_inst *inst, const dpp_alu_in *in, dpp_alu_result *out,
                        dpp_error *err);

/* Applies r to a lane's state: temporaries (DPP_NUM_TEMPS x 4), outputs
 * (DPP_NUM_OUTPUTS x 4), W value, ALU-result bit and predicate bits. Any
 * pointer may be NULL to skip that part. */
void dpp_alu_commit(const dpp_alu_result *r, uint32_t (*temp)[4], uint32_t (*out)[4], uint32_t *w,
                    uint8_t *alu_result, uint8_t *pred);

/* Compares fp32 bits against zero as the hardware does (DPP_CMP_*): +-0 and
 * denormals are zero; NaN is only != 0. Used for the ALU result, predicate
 * bits and CMP. */
int dpp_cmp_zero(uint32_t bits, unsigned cmp);

#endif
