/* fp32 arithmetic of the ALU: see alu_fp.h and docs/isa-model-defined.md. */
#include "alu_fp.h"

#include "isa.h"

#include <math.h>
#include <stdlib.h>

int dpp_fp_is_nan(uint32_t bits)
{
    return (bits & 0x7F800000u) == 0x7F800000u && (bits & 0x007FFFFFu);
}

int dpp_fp_is_denorm(uint32_t bits)
{
    return (bits & 0x7F800000u) == 0 && (bits & 0x007FFFFFu);
}

uint32_t dpp_fp_flush(uint32_t bits)
{
    return dpp_fp_is_denorm(bits) ? bits & DPP_FP_SIGN : bits;
}

float dpp_fp_in(uint32_t bits)
{
    return dpp_fp_f(dpp_fp_flush(bits));
}

static int by_magnitude(const void *x, const void *y)
{
    double a = fabs(*(const double *)x), b = fabs(*(const double *)y);
    return (a < b) - (a > b);
}

uint32_t dpp_fp_dot(const float *a, const float *b, int n, float add)
{
    double t[5];
    int k = 0;
    for (int i = 0; i < n; i++)
        t[k++] = (double)a[i] * (double)b[i]; /* exact: 24x24 bits fit a double */
    t[k++] = add;
    double sum = 0;
    for (int i = 0; i < k; i++)
        sum += t[i];
    if (isnan(sum) || isinf(sum))
        return dpp_fp_bits((float)sum);
    /* Spec 7.2: the two largest terms cancel exactly and the rest is at
     * least 2^25 smaller -> the fused adder returns +0. */
    qsort(t, (size_t)k, sizeof t[0], by_magnitude);
    if (k >= 3 && t[0] != 0 && t[0] == -t[1] && fabs(t[2]) * 0x1p25 <= fabs(t[0]))
        return 0;
    /* Exact sum of up to 5 such terms needs more than a double; summing
     * largest-first keeps the one rounding to fp32 within 1 ulp. */
    sum = 0;
    for (int i = k - 1; i >= 0; i--)
        sum += t[i];
    return dpp_fp_bits((float)sum);
}

/* sin/cos of 2*pi*a: reduce to revolutions in [-0.5, 0.5] exactly first. */
static double revolutions(float a)
{
    return (double)(a - nearbyintf(a));
}

uint32_t dpp_fp_transcendental(unsigned op, float a)
{
    const double two_pi = 6.283185307179586476925286766559;
    double x = a, r;
    switch (op) {
    case DPP_ALPHA_EX2:
        r = exp2(x);
        break;
    case DPP_ALPHA_LN2:
        r = log2(x);
        break;
    case DPP_ALPHA_RCP:
        r = 1.0 / x;
        break;
    case DPP_ALPHA_RSQ:
        r = 1.0 / sqrt(x);
        break;
    case DPP_ALPHA_SIN:
        r = sin(two_pi * revolutions(a));
        break;
    default: /* DPP_ALPHA_COS */
        r = cos(two_pi * revolutions(a));
        break;
    }
    return dpp_fp_bits((float)r);
}
