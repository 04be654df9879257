/* A growing heap array: one rule for every list the model builds as it goes. */
#ifndef CSIM_GROW_H
#define CSIM_GROW_H

#include <stddef.h>

/* *arr (of *cap elements of elem bytes) grown, if need be, to hold at least need
 * elements: its capacity doubled from 16 until it does; the new elements zero. 0, or
 * -1 out of memory (*arr and *cap as they were). */
int dpp_grow(void **arr, size_t *cap, size_t need, size_t elem);

#endif
