/* The kit's input surface (kit_input.h). */
#include "kit_input.h"

#include <string.h>

/* Edge word m is word 3m of the surface, channel 3m mod 4 of a FLOAT32_4 element: with an odd
 * count each word meets every channel in turn (with an even one each would miss some). */
_Static_assert(DPP_EDGE_WORDS % 2 == 1, "an odd number of edge words");

const uint32_t dpp_edge_words[DPP_EDGE_WORDS] = {
    0x00000000u, 0x80000000u, 0x3f800000u, 0xbf800000u, 0x3f000000u, 0x3b008081u, 0x477fff00u,
    0x477fff80u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0x00000001u, 0xff7f8001u, 0xfe00ff01u,
    0x0080ff7fu, 0xfffe0100u, 0x7fff8000u, 0x0001fffeu, 0xffff0000u, 0x3bc0c0c0u, 0x01fefeffu,
    0x7fff7fffu, 0x0000ffffu, 0x3f000001u, 0x3effffffu,
};

uint32_t dpp_kit_input_word(uint64_t k, int edges)
{
    if (edges && k % 3 == 0)
        return dpp_edge_words[k / 3 % DPP_EDGE_WORDS];
    float v = (float)(int)((k * 2654435761u) % 17) - 8.0f;
    uint32_t w;
    memcpy(&w, &v, sizeof w);
    return w;
}

void dpp_kit_input_fill(uint32_t *words, size_t n, int edges)
{
    for (size_t k = 0; k < n; k++)
        words[k] = dpp_kit_input_word(k, edges);
}
