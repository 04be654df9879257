/* Conditional output unit. */
#include "co.h"

#include "fp_bits.h"

int co_compare(unsigned test, uint32_t v, uint32_t b)
{
    float fv = dpp_fp_f(v), fb = dpp_fp_f(b);
    switch (test & 7) {
    case CO_NEVER:
        return 0;
    case CO_LESS:
        return fv < fb;
    case CO_LEQUAL:
        return fv <= fb;
    case CO_EQUAL:
        return fv == fb;
    case CO_GEQUAL:
        return fv >= fb;
    case CO_GREATER:
        return fv > fb;
    case CO_NOTEQUAL:
        return fv != fb;
    default:
        return 1;
    }
}

dpp_status co_request(const co_state *co, mc_model *mc, unsigned client, int64_t i, int64_t j,
                      uint32_t v, int *pass, dpp_error *err)
{
    *pass = 1;
    if (client != co->loc)
        return DPP_OK;
    uint32_t b = 0;
    dpp_status st = DPP_OK;
    if (co->test != CO_NEVER && co->test != CO_ALWAYS) /* those two never read b */
        st = mc_cond_read(mc, i, j, &b, err);
    if (st)
        return st;
    *pass = co_compare(co->test, v, b);
    if (*pass && co->writemask)
        st = mc_cond_write(mc, i, j, v, err);
    return st;
}
