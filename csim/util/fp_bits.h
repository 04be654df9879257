/* An fp32 value and its IEEE-754 bits, both ways. The model keeps registers,
 * constants and surfaces as bits and computes in float; this is the one place
 * that converts. memcpy is C11's defined way to reinterpret (a pointer cast
 * breaks strict aliasing); compilers make it a register move, vectorised
 * lane loops included. */
#ifndef CSIM_FP_BITS_H
#define CSIM_FP_BITS_H

#include <stdint.h>
#include <string.h>

static inline uint32_t dpp_fp_bits(float f)
{
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    return b;
}

static inline float dpp_fp_f(uint32_t bits)
{
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

#endif
