/* The transaction as SystemVerilog packs it (ctm_dpi_pkg's ctm_txn_t, docs/txn.md
 * "SystemVerilog"): CTM_TXN_WORDS 32-bit words, word 0 the least significant, the
 * struct's first member in the most significant word. One table gives the
 * order both ways, so the C record and the packed struct cannot drift apart. */
#include "ctm_int.h"

#include <string.h>

/* A 64-bit field is two words, its high half first: on a little-endian host
 * the high half lies 4 bytes past the field's start. */
_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__,
               "ctm_txn_bits assumes a little-endian host");
#define W32(f) offsetof(ctm_txn, f)
#define HI(f)  (offsetof(ctm_txn, f) + 4)
#define LO(f)  offsetof(ctm_txn, f)

/* Where each 32-bit word of the packed struct lies in a ctm_txn, most significant first. */
static const size_t msb_first[CTM_TXN_WORDS] = {
    W32(unit),     W32(kind),      W32(index),    W32(format), HI(x),      LO(x),
    HI(y),         LO(y),          HI(address),   LO(address), W32(mask),  W32(value[3]),
    W32(value[2]), W32(value[1]),  W32(value[0]), W32(v),      W32(b),     W32(test),
    W32(loc),      W32(writemask), W32(reads),    W32(keep),   W32(write),
};

void api_txn_to_words(const ctm_txn *t, uint32_t words[CTM_TXN_WORDS])
{
    for (int k = 0; k < CTM_TXN_WORDS; k++)
        memcpy(&words[CTM_TXN_WORDS - 1 - k], (const unsigned char *)t + msb_first[k], 4);
}

void api_txn_from_words(const uint32_t words[CTM_TXN_WORDS], ctm_txn *t)
{
    memset(t, 0, sizeof *t);
    for (int k = 0; k < CTM_TXN_WORDS; k++)
        memcpy((unsigned char *)t + msb_first[k], &words[CTM_TXN_WORDS - 1 - k], 4);
}
