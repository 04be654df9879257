/* Command-buffer builder. */
#include "cmdbuf.h"

#include <stdlib.h>

dpp_status cmdbuf_word(cmdbuf *cb, uint32_t w)
{
    if (cb->size + 4 > cb->cap) {
        size_t cap = cb->cap ? cb->cap * 2 : 256;
        uint8_t *b = realloc(cb->bytes, cap);
        if (!b) {
            cb->failed = 1;
            return DPP_E_NOMEM;
        }
        cb->bytes = b;
        cb->cap = cap;
    }
    for (int i = 0; i < 4; i++)
        cb->bytes[cb->size++] = (uint8_t)(w >> (8 * i));
    return DPP_OK;
}

dpp_status cmdbuf_add(cmdbuf *cb, unsigned opcode, const uint32_t *params)
{
    const pe_cmd_desc *d = pe_cmd_by_opcode(opcode);
    if (!d)
        return DPP_E_ARG;
    dpp_status st = cmdbuf_word(cb, pe_header(d));
    for (unsigned k = 0; !st && k < d->nparams; k++)
        st = cmdbuf_word(cb, params[k]);
    return st;
}

void cmdbuf_free(cmdbuf *cb)
{
    free(cb->bytes);
    cb->bytes = NULL;
    cb->size = cb->cap = 0;
    cb->failed = 0;
}
