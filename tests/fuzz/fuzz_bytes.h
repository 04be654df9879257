/* A libFuzzer input read as a stream of little-endian fields, for the harnesses that turn
 * bytes into call sequences (fuzz_api.c, fuzz_commit.c). Past the end every byte is 0. */
#ifndef TESTS_FUZZ_BYTES_H
#define TESTS_FUZZ_BYTES_H

#include <stddef.h>
#include <stdint.h>

typedef struct rd {
    const uint8_t *p;
    size_t n, at;
} rd;

static inline unsigned u8(rd *r)
{
    return r->at < r->n ? r->p[r->at++] : 0;
}

static inline uint32_t u32(rd *r)
{
    uint32_t v = 0;
    for (int i = 0; i < 4; i++)
        v |= (uint32_t)u8(r) << 8 * i;
    return v;
}

static inline uint64_t u64(rd *r)
{
    uint64_t lo = u32(r);
    return lo | (uint64_t)u32(r) << 32;
}

#endif
