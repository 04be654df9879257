/* The transaction as SystemVerilog packs it (ctm_dpi_pkg's ctm_txn_t, docs/txn.md
 * "SystemVerilog"): CTM_TXN_WORDS 32-bit words, word 0 the least significant, the
 * struct's first member in the most significant word. One table gives the
 * order both ways, so the C record and the packed struct cannot drift apart. */
#include "ctm_int.h"

#include <string.h>

/* The 32-bit words of the packed struct, most significant first; a 64-bit
 * field is two words, its high half first. */
/* clang-format off */
#define W32(f)    {offsetof(ctm_txn, f), 0}
#define W64_HI(f) {offsetof(ctm_txn, f), 1}
#define W64_LO(f) {offsetof(ctm_txn, f), 2}
/* clang-format on */
static const struct {
    size_t offset;
    int part; /* 0: a 32-bit field; 1, 2: the high and low half of a 64-bit one */
} msb_first[CTM_TXN_WORDS] = {
    W32(unit),     W32(kind),      W32(index),      W32(format),     W64_HI(x),  W64_LO(x),
    W64_HI(y),     W64_LO(y),      W64_HI(address), W64_LO(address), W32(mask),  W32(value[3]),
    W32(value[2]), W32(value[1]),  W32(value[0]),   W32(v),          W32(b),     W32(test),
    W32(loc),      W32(writemask), W32(reads),      W32(keep),       W32(write),
};

void api_txn_to_words(const ctm_txn *t, uint32_t words[CTM_TXN_WORDS])
{
    const unsigned char *base = (const unsigned char *)t;
    for (int k = 0; k < CTM_TXN_WORDS; k++) {
        uint32_t *w = &words[CTM_TXN_WORDS - 1 - k];
        if (msb_first[k].part == 0) {
            memcpy(w, base + msb_first[k].offset, 4);
        } else {
            uint64_t v;
            memcpy(&v, base + msb_first[k].offset, 8);
            *w = (uint32_t)(msb_first[k].part == 1 ? v >> 32 : v);
        }
    }
}

void api_txn_from_words(const uint32_t words[CTM_TXN_WORDS], ctm_txn *t)
{
    unsigned char *base = (unsigned char *)t;
    memset(t, 0, sizeof *t);
    for (int k = 0; k < CTM_TXN_WORDS; k++) {
        uint32_t w = words[CTM_TXN_WORDS - 1 - k];
        if (msb_first[k].part == 0) {
            memcpy(base + msb_first[k].offset, &w, 4);
        } else {
            uint64_t v;
            memcpy(&v, base + msb_first[k].offset, 8);
            v = msb_first[k].part == 1 ? (v & 0xffffffffu) | (uint64_t)w << 32
                                       : (v & ~(uint64_t)0xffffffffu) | w;
            memcpy(base + msb_first[k].offset, &v, 8);
        }
    }
}
