/* A 32-bit word in little-endian bytes, as device memory, command buffers and raw
 * files hold it: read and written in one place. */
#ifndef CSIM_LE32_H
#define CSIM_LE32_H

#include <stdint.h>

static inline uint32_t dpp_get_le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline void dpp_put_le32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> 8 * i);
}

#endif
