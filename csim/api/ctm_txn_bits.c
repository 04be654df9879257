/* The transaction as SystemVerilog packs it (ctm_dpi_pkg's ctm_txn_t, docs/txn.md
 * "SystemVerilog"): CTM_TXN_WORDS 32-bit words, word 0 the least significant, the
 * struct's first member in the most significant word. The members and their order
 * are api_list.h's CTM_TXN_FIELDS, which the package's ctm_txn_t is written from
 * too, so the C record and the packed struct cannot drift apart. */
#include "api_list.h"
#include "ctm_int.h"

#include <stddef.h>
#include <string.h>

/* A member of n words is an n-word integer (a 64-bit field, or value[4] with
 * value[3] the most significant): on a little-endian host its most
 * significant word lies highest, at offset + 4 (n - 1). */
_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__,
               "ctm_txn_bits assumes a little-endian host");
_Static_assert(sizeof(ctm_txn) == 4 * CTM_TXN_WORDS, "the packed words are the whole record");

/* Each member's words, from the most significant packed word down: with the
 * list and the offsets constants, these unroll to CTM_TXN_WORDS moves (a walk
 * of the member table was most of a put's cost). */
#define WORDS_OF(m)    (sizeof(((ctm_txn *)0)->m) / 4)
#define RECORD_WORD(m) (offsetof(ctm_txn, m) / 4)
#define TO_WORDS(m, comment)                                                                       \
    w -= WORDS_OF(m);                                                                              \
    for (size_t k = 0; k < WORDS_OF(m); k++)                                                       \
        words[w + k] = r[RECORD_WORD(m) + k];
#define FROM_WORDS(m, comment)                                                                     \
    w -= WORDS_OF(m);                                                                              \
    for (size_t k = 0; k < WORDS_OF(m); k++)                                                       \
        r[RECORD_WORD(m) + k] = words[w + k];
#define COUNT_WORDS(m, comment) +WORDS_OF(m)
_Static_assert(0 CTM_TXN_FIELDS(COUNT_WORDS) == CTM_TXN_WORDS, "the members fill the words");

void api_txn_to_words(const ctm_txn *t, uint32_t words[CTM_TXN_WORDS])
{
    uint32_t r[CTM_TXN_WORDS];
    memcpy(r, t, sizeof r);
    size_t w = CTM_TXN_WORDS;
    CTM_TXN_FIELDS(TO_WORDS)
}

void api_txn_from_words(const uint32_t words[CTM_TXN_WORDS], ctm_txn *t)
{
    uint32_t r[CTM_TXN_WORDS];
    size_t w = CTM_TXN_WORDS;
    CTM_TXN_FIELDS(FROM_WORDS)
    memcpy(t, r, sizeof r);
}
