/* fp32 helpers of the ALU (spec 7): denormal flush, the fused
 * dot product, the transcendentals; the bit views are fp_bits.h. Internal to
 * csim (alu.c, tests). */
#ifndef CSIM_ALU_FP_H
#define CSIM_ALU_FP_H

#include "fp_bits.h"

#include <stdint.h>

#define DPP_FP_SIGN  0x80000000u
#define DPP_FP_CANON 0x7FFFFFFFu /* the NaN every enabled OMOD produces */
#define DPP_FP_ONE   0x3F800000u
#define DPP_FP_HALF  0x3F000000u

int dpp_fp_is_nan(uint32_t bits);
int dpp_fp_is_denorm(uint32_t bits);

/* Denormal -> zero of the same sign; anything else unchanged. */
uint32_t dpp_fp_flush(uint32_t bits);

/* Flushed float value of bits (the ALU's view of an input). */
float dpp_fp_in(uint32_t bits);

/* Sum of n <= 4 products a[i]*b[i] plus `add` (pass 0 for none), with exact
 * products, one rounding, and the +0 cancellation rule of spec 7.2. */
uint32_t dpp_fp_dot(const float *a, const float *b, int n, float add);

/* Alpha-unit transcendental op (DPP_ALPHA_EX2..COS) of a flushed input. */
uint32_t dpp_fp_transcendental(unsigned op, float a);

#endif
