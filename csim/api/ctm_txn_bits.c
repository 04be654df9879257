/* The transaction as SystemVerilog packs it (ctm_dpi_pkg's ctm_txn_t, docs/txn.md
 * "SystemVerilog"): CTM_TXN_WORDS 32-bit words, word 0 the least significant, the
 * struct's first member in the most significant word. The members and their order
 * are api_list.h's CTM_TXN_FIELDS, which the package's ctm_txn_t is written from
 * too, so the C record and the packed struct cannot drift apart. */
#include "api_table.h"
#include "ctm_int.h"

#include <string.h>

/* A member of n words is an n-word integer (a 64-bit field, or value[4] with
 * value[3] the most significant): on a little-endian host its most
 * significant word lies highest, at offset + 4 (n - 1). */
_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__,
               "ctm_txn_bits assumes a little-endian host");

void api_txn_to_words(const ctm_txn *t, uint32_t words[CTM_TXN_WORDS])
{
    int w = CTM_TXN_WORDS; /* the next word down from the most significant */
    for (unsigned f = 0; f < api_n_txn_fields; f++)
        for (size_t k = api_txn_fields[f].size / 4; k-- > 0;)
            memcpy(&words[--w], (const unsigned char *)t + api_txn_fields[f].offset + 4 * k, 4);
}

void api_txn_from_words(const uint32_t words[CTM_TXN_WORDS], ctm_txn *t)
{
    memset(t, 0, sizeof *t);
    int w = CTM_TXN_WORDS;
    for (unsigned f = 0; f < api_n_txn_fields; f++)
        for (size_t k = api_txn_fields[f].size / 4; k-- > 0;)
            memcpy((unsigned char *)t + api_txn_fields[f].offset + 4 * k, &words[--w], 4);
}
