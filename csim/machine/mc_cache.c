/* One write-back cache of the MC (mc_cache.h). */
#include "mc_cache.h"

#include <string.h>

void mc_cache_init(mc_cache *c, unsigned cap, unsigned fill)
{
    memset(c, 0, sizeof *c);
    c->cap = cap;
    c->fill = fill;
}

static void write_back(uint8_t *mem, const mc_line *l)
{
    for (unsigned b = 0; b < MC_LINE_BYTES; b++)
        if (l->dirty >> b & 1)
            mem[l->tag * MC_LINE_BYTES + b] = l->data[b];
}

static unsigned bucket(uint64_t tag)
{
    return (unsigned)(tag % MC_TAG_BUCKETS);
}

/* The cached line of tag, or NULL. */
static mc_line *find_line(mc_cache *c, uint64_t tag)
{
    unsigned b = bucket(tag);
    if (c->bucket_lines[b] == 0)
        return NULL;
    if (c->bucket_lines[b] == 1) {
        mc_line *l = &c->lines[c->bucket_slot[b]];
        return l->tag == tag ? l : NULL;
    }
    for (unsigned i = c->nlines; i-- > 0;) { /* newest first: writes are mostly sequential */
        mc_line *l = &c->lines[(c->oldest + i) % c->cap];
        if (l->tag == tag)
            return l;
    }
    return NULL;
}

mc_line *mc_cache_line(mc_cache *c, uint8_t *mem, size_t size, uint64_t a)
{
    uint64_t tag = a / MC_LINE_BYTES;
    mc_line *l = find_line(c, tag);
    if (l) {
        c->n.hits++;
        return l;
    }
    c->n.misses++;
    if (c->nlines == c->cap) { /* evict the oldest line */
        c->n.evictions++;
        mc_line *old = &c->lines[c->oldest];
        write_back(mem, old);
        c->bucket_lines[bucket(old->tag)]--;
        c->oldest = (c->oldest + 1) % c->cap;
        c->nlines--;
    }
    unsigned slot = (c->oldest + c->nlines++) % c->cap;
    l = &c->lines[slot];
    l->tag = tag;
    l->dirty = 0;
    if (c->fill) { /* pull the line in from memory [seed 000, p11] */
        uint64_t at = tag * MC_LINE_BYTES;
        size_t n = at >= size ? 0 : size - at < MC_LINE_BYTES ? (size_t)(size - at) : MC_LINE_BYTES;
        memset(l->data, 0, sizeof l->data);
        memcpy(l->data, mem + at, n);
    }
    c->bucket_lines[bucket(tag)]++;
    c->bucket_slot[bucket(tag)] = (uint8_t)slot;
    return l;
}

void mc_cache_flush(mc_cache *c, uint8_t *mem)
{
    for (unsigned i = 0; i < c->nlines; i++)
        write_back(mem, &c->lines[(c->oldest + i) % c->cap]);
    c->nlines = 0;
    c->oldest = 0;
    memset(c->bucket_lines, 0, sizeof c->bucket_lines);
}
