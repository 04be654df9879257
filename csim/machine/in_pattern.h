/* Input patterns: an input image the loader makes when a run leaves an input
 * unbound and the executable's INPUTPATTERN note (0x106) names a pattern for
 * it (docs/isa-model-defined.md, E9). A pattern is defined per lane of a
 * wavefront, not per (i, j), so a program written for it diverges for any
 * wavefront size and domain: element (i, j) of a W-wide domain is element
 * e = j * W + i of the raster walk (i fastest), in wavefront e / lanes, at
 * lane e % lanes (pe.c, pe_walk_next). */
#ifndef CSIM_IN_PATTERN_H
#define CSIM_IN_PATTERN_H

#include <stdint.h>

enum {
    DPP_PAT_NONE = 0,
    /* Lane rank: each wavefront orders its lanes by a permutation drawn from
     * (seed, wavefront number); the lane of rank r gets
     * floor(r * 64 / lanes) - 32 on all four channels, in -32..31. A threshold
     * t splits a full wavefront at a fixed share: key < 0 takes half the lanes,
     * key < -31 exactly one (rank 0), key == -32 + 64 * m / 2^k the lane at that
     * dyadic fraction when lanes is a power of two. */
    DPP_PAT_LANE_RANK = 1,
    DPP_PAT_COUNT
};

#define DPP_PAT_RANK_LO (-32) /* lane rank values: DPP_PAT_RANK_LO .. DPP_PAT_RANK_HI - 1 */
#define DPP_PAT_RANK_HI 32

/* The pattern's name ("lane-rank"), or NULL if id is not a pattern. */
const char *dpp_pattern_name(unsigned id);

/* Writes pattern id of seed as a FLOAT32_4 image of w x h (4 floats per
 * element, row-major) for wavefronts of `lanes` lanes (1..64). 0, or -1 if id
 * is not a pattern. */
int dpp_pattern_fill(unsigned id, uint32_t seed, unsigned lanes, uint32_t w, uint32_t h,
                     float *out);

#endif
