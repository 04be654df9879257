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

int co_reads_buffer(const co_state *co, unsigned client)
{
    return client == co->loc && co->test != CO_NEVER && co->test != CO_ALWAYS;
}

int co_decide(const co_state *co, unsigned client, uint32_t v, uint32_t b, int *write)
{
    *write = 0;
    if (client != co->loc) /* the other client always passes */
        return 1;
    int pass = co_compare(co->test, v, b);
    *write = pass && co->writemask;
    return pass;
}

dpp_status co_request(const co_state *co, mc_model *mc, unsigned client, int64_t i, int64_t j,
                      uint32_t v, int *pass, dpp_error *err)
{
    uint32_t b = 0;
    dpp_status st = DPP_OK;
    if (co_reads_buffer(co, client))
        st = mc_cond_read(mc, i, j, &b, err);
    if (st) {
        *pass = 1;
        return st;
    }
    int write;
    *pass = co_decide(co, client, v, b, &write);
    if (__builtin_expect(mc_txn_unit_on(mc, TXN_UNIT_CO), 0)) {
        txn t = {.unit = TXN_UNIT_CO,
                 .kind = TXN_CO_DECIDE,
                 .index = (int32_t)client,
                 .x = i,
                 .y = j,
                 .v = v,
                 .b = b,
                 .test = co->test,
                 .loc = co->loc,
                 .writemask = co->writemask,
                 .reads = co_reads_buffer(co, client),
                 .keep = *pass,
                 .write = write};
        mc_txn_emit(mc, &t);
    }
    if (write)
        st = mc_cond_write(mc, i, j, v, err);
    return st;
}
