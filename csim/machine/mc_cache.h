/* mc_cache: one write-back cache of the MC (docs/mc.md):
 * fully associative lines of MC_LINE_BYTES bytes, FIFO replacement, a line
 * per 32-byte-aligned block of device memory. The MC keeps two: the output
 * cache (64 lines, output writes only, lines start empty) and the
 * conditional output cache (16 lines, the CO's reads and write-backs of the
 * conditional buffer, a missing line pulled in from memory whole [seed 000,
 * p11]). Only written (dirty) bytes go back to memory, when the full cache
 * evicts the line or at a flush. Memory written around a cache while it holds
 * a line is not seen through that line (no snooping). */
#ifndef CSIM_MC_CACHE_H
#define CSIM_MC_CACHE_H

#include <stddef.h>
#include <stdint.h>

#define MC_LINE_BYTES      32
#define MC_CACHE_MAX_LINES 64
#define MC_TAG_BUCKETS     256

typedef struct mc_line {
    uint64_t tag;   /* byte address / MC_LINE_BYTES */
    uint32_t dirty; /* bit b: byte b holds data not yet in memory */
    uint8_t data[MC_LINE_BYTES];
} mc_line;

/* How many accesses found their line (hits), took a new one (misses), and
 * lines the full cache evicted (evictions; a flush is none). */
typedef struct mc_cache_stats {
    uint64_t hits, misses, evictions;
} mc_cache_stats;

typedef struct mc_cache {
    unsigned cap;            /* lines it holds at most (1..MC_CACHE_MAX_LINES) */
    unsigned fill;           /* 1: a new line is read from memory first (a read cache) */
    unsigned nlines, oldest; /* lines[] is a FIFO ring of nlines entries from oldest */
    mc_line lines[MC_CACHE_MAX_LINES];
    /* An exact index of the ring: per bucket of tags, how many cached lines
     * fall in it and the ring slot of the last one placed there. A bucket with
     * no line is a sure miss and one with a single line a sure answer, so only
     * colliding buckets need the ring scanned. */
    uint8_t bucket_lines[MC_TAG_BUCKETS];
    uint8_t bucket_slot[MC_TAG_BUCKETS];
    mc_cache_stats n;
} mc_cache;

/* An empty cache of cap lines; fill as in mc_cache. */
void mc_cache_init(mc_cache *c, unsigned cap, unsigned fill);

/* The line of byte address a (counted as a hit or a miss), taking a new one
 * on a miss: the oldest line goes back to mem first when the cache is full,
 * and a filling cache reads the new line's bytes that lie inside mem (size
 * bytes). */
mc_line *mc_cache_line(mc_cache *c, uint8_t *mem, size_t size, uint64_t a);

/* Every dirty byte to mem, the cache emptied (the counts stay). */
void mc_cache_flush(mc_cache *c, uint8_t *mem);

#endif
