/* Input patterns (in_pattern.h). */
#include "in_pattern.h"

#include <stddef.h>

static const char *const names[DPP_PAT_COUNT] = {[DPP_PAT_LANE_RANK] = "lane-rank"};

const char *dpp_pattern_name(unsigned id)
{
    return id < DPP_PAT_COUNT ? names[id] : NULL;
}

static uint64_t mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* rank[l] of each lane of wavefront `wave`: a Fisher-Yates shuffle of 0..lanes-1. */
static void ranks(uint32_t seed, uint64_t wave, unsigned lanes, uint8_t rank[64])
{
    uint64_t s = mix(((uint64_t)seed << 32) ^ (wave * 0x9E3779B97F4A7C15ull) ^ 0x6C616E65ull);
    for (unsigned l = 0; l < lanes; l++)
        rank[l] = (uint8_t)l;
    for (unsigned l = lanes; l > 1; l--) {
        s = mix(s + 0x9E3779B97F4A7C15ull);
        unsigned k = (unsigned)(s % l);
        uint8_t t = rank[l - 1];
        rank[l - 1] = rank[k];
        rank[k] = t;
    }
}

int dpp_pattern_fill(unsigned id, uint32_t seed, unsigned lanes, uint32_t w, uint32_t h, float *out)
{
    if (id != DPP_PAT_LANE_RANK || lanes < 1 || lanes > 64)
        return -1;
    uint8_t rank[64];
    uint64_t n = (uint64_t)w * h;
    for (uint64_t e = 0; e < n; e++) {
        if (e % lanes == 0)
            ranks(seed, e / lanes, lanes, rank);
        float v = (float)((int)(rank[e % lanes] * 64u / lanes) + DPP_PAT_RANK_LO);
        for (int c = 0; c < 4; c++)
            out[4 * e + c] = v;
    }
    return 0;
}
