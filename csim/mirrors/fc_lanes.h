/* Per-lane branch counters as bytes, eight lanes a word: what fc_unit's step
 * does to the counters of a lane mask's lanes, without a loop over the lanes
 * (random masks made such loops mispredict their exits at every step).
 * Internal to csim/mirrors/fc.c. The counters never exceed the branch depth,
 * at most 32 (docs/fc_unit.md), so a byte's high bit is always clear. */
#ifndef CSIM_FC_LANES_H
#define CSIM_FC_LANES_H

#include <stdint.h>
#include <string.h>

#define LANES_ONES 0x0101010101010101ull
#define LANES_HIGH 0x8080808080808080ull

/* Byte i of the result is bit i of `byte` (0 or 1). Each nibble times
 * 1 + 2^7 + 2^14 + 2^21 puts bit i at 8i + 7(k - i) for every k: the copies
 * do not overlap (no carries), and only k = i lands on a byte's low bit. */
static inline uint64_t lanes_spread(unsigned byte)
{
    uint64_t lo = ((uint64_t)(byte & 15u) * 0x00204081u) & 0x01010101u;
    uint64_t hi = ((uint64_t)(byte >> 4 & 15u) * 0x00204081u) & 0x01010101u;
    return lo | hi << 32;
}

/* Bit i of the result is the low bit of byte i of ones (each byte 0 or 1). */
static inline unsigned lanes_gather(uint64_t ones)
{
    return (unsigned)(((ones & LANES_ONES) * 0x0102040810204080ull) >> 56);
}

/* Byte i's high bit: byte i of x is at least n (bytes and n below 128). */
static inline uint64_t lanes_at_least(uint64_t x, unsigned n)
{
    return ((x | LANES_HIGH) - n * LANES_ONES) & LANES_HIGH;
}

static inline uint64_t lanes_word(const uint8_t *bc, unsigned j)
{
    uint64_t w;
    memcpy(&w, bc + 8 * j, sizeof w);
    return w;
}

static inline void lanes_put(uint8_t *bc, unsigned j, uint64_t w)
{
    memcpy(bc + 8 * j, &w, sizeof w);
}

/* The lanes (of `words` words) whose counter is 0. */
static inline uint64_t lanes_zero(const uint8_t *bc, unsigned words)
{
    uint64_t zero = 0;
    for (unsigned j = 0; j < words; j++)
        zero |= (uint64_t)lanes_gather(~lanes_at_least(lanes_word(bc, j), 1) >> 7) << 8 * j;
    return zero;
}

/* The counters of mask's lanes set to 0. */
static inline void lanes_clear(uint8_t *bc, uint64_t mask, unsigned words)
{
    for (unsigned j = 0; j < words; j++)
        lanes_put(bc, j,
                  lanes_word(bc, j) & ~(lanes_spread((unsigned)(mask >> 8 * j) & 0xffu) * 0xff));
}

/* The counters of mask's lanes plus 1. */
static inline void lanes_increment(uint8_t *bc, uint64_t mask, unsigned words)
{
    for (unsigned j = 0; j < words; j++)
        lanes_put(bc, j, lanes_word(bc, j) + lanes_spread((unsigned)(mask >> 8 * j) & 0xffu));
}

/* The counters of mask's lanes less n, those below n to 0: returns the
 * lanes that were below n. */
static inline uint64_t lanes_decrement(uint8_t *bc, uint64_t mask, unsigned n, unsigned words)
{
    uint64_t below = 0;
    for (unsigned j = 0; j < words; j++) {
        uint64_t w = lanes_word(bc, j);
        uint64_t in = lanes_spread((unsigned)(mask >> 8 * j) & 0xffu) * 0xff;
        uint64_t at_least = (lanes_at_least(w, n) >> 7) * 0xff;
        below |= (uint64_t)lanes_gather((in & ~at_least) >> 7) << 8 * j;
        lanes_put(bc, j, (w & ~(in & ~at_least)) - (n * LANES_ONES & in & at_least));
    }
    return below;
}

#endif
