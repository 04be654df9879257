/* mc_locate: a byte of device memory back to the surface element that holds
 * it, for reports that name surface, x, y, channel and format instead of an
 * address (ctm_mem_check_word). */
#ifndef CSIM_MC_LOCATE_H
#define CSIM_MC_LOCATE_H

#include "mc.h"

#include <stddef.h>
#include <stdint.h>

typedef struct mc_where {
    mc_client client;
    unsigned index;
    const mc_surface *s;
    int64_t x, y;
    unsigned byte;    /* within the element */
    unsigned channel; /* the channel that byte belongs to */
} mc_where;

/* The first surface set that holds addr, outputs first, then the
 * conditional buffer, the inputs and the constants (the instruction surface
 * is not an element surface): 1 and *w, or 0 when none does. */
int mc_locate(const mc_model *m, uint64_t addr, mc_where *w);

/* "channel 2 of output 0 (UINT8_4, tiled, pitch 16) at (5, 1)". */
void mc_where_text(const mc_where *w, char *buf, size_t size);

#endif
