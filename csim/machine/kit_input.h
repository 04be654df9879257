/* The kit's input surface: the data a lock-step or regression run binds to a
 * program's inputs when the program is not the user's own (the system run's
 * bench, dpp closure, cosim --design; issue 41 item 6). One table of edge words,
 * written once here: `dpp input` writes the surface for the scripts
 * (scripts/design_run.sh), so the shell side cannot drift from it. */
#ifndef CSIM_KIT_INPUT_H
#define CSIM_KIT_INPUT_H

#include <stddef.h>
#include <stdint.h>

/* Words whose bytes, read as UINT8, hold 0, 1, 127, 128, 254 and 255 in each
 * byte lane (a UINT8_4 element's channels); as UINT16 0, 1, 32767, 32768, 65534
 * and 65535 in each half (chosen for their bytes: as fp32 they are large,
 * negative, NaN or tiny); as fp32 +-0, +-1, 0.5, a UINT8 rounding tie
 * (0x3b008081), a value just below one (0x3bc0c0c0: v * 255 = 1.49999991, whose
 * fp32 product rounds differently at 24 and at 23 bits), the fp32 neighbours of
 * 0.5 (0x3f000001 stores UINT16 1, where a rounding that drops the remainder's
 * last bit stores the tie's 0; 0x3effffff stores 0), 65535, 65535.5, +-inf, a
 * quiet NaN and the least denormal. An odd number of them, so that each meets
 * every channel of a FLOAT32_4 element. */
enum { DPP_EDGE_WORDS = 25 };
extern const uint32_t dpp_edge_words[DPP_EDGE_WORDS];

/* Word k (0-based, 4 a FLOAT32_4 element, row-major) of the surface: the fp32
 * small integer ((k * 2654435761) mod 17) - 8, so data-dependent branches go both
 * ways; with edges, every third word (k % 3 == 0) is instead edge word k / 3 in
 * turn. */
uint32_t dpp_kit_input_word(uint64_t k, int edges);

/* Fills words[0..n-1] with the surface's first n words. */
void dpp_kit_input_fill(uint32_t *words, size_t n, int edges);

#endif
