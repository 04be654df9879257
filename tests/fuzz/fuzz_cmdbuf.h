/* What the harnesses that run a command buffer against a memory image share (fuzz_exec.c,
 * fuzz_cmdrun.c): the input's packing (a 4-byte little-endian length L, L bytes of device
 * memory image, then the command buffer; scripts/fuzz.sh packs seeds from `dpp run --emit`)
 * and the bound on one input's work. */
#ifndef TESTS_FUZZ_CMDBUF_H
#define TESTS_FUZZ_CMDBUF_H

#include "pe.h"
#include "runtime.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

static inline uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* data (at least 4 bytes) as an image of at most mem / 2 bytes and the buffer after it. */
static inline void fuzz_split(const uint8_t *data, size_t size, size_t mem, const uint8_t **img,
                              size_t *img_len, const uint8_t **cb, size_t *cb_len)
{
    size_t n = le32(data), rest = size - 4;
    if (n > rest || n > mem / 2)
        n = rest < mem / 2 ? rest : mem / 2;
    *img = data + 4;
    *img_len = n;
    *cb = data + 4 + n;
    *cb_len = rest - n;
}

/* Bounds the work of one input, not its validity: a domain of up to 4096x4096 pairs is legal
 * but takes seconds, which would hide every other input. Walks the packet headers only; the
 * executor itself checks everything. 1: more than max_pairs pairs in a domain or more than
 * max_starts start_programs. */
static inline int fuzz_too_much_work(const uint8_t *cb, size_t n, uint64_t max_pairs,
                                     unsigned max_starts)
{
    unsigned starts = 0;
    for (size_t at = 0; at + 4 <= n;) {
        uint32_t h = le32(cb + at), nparams = (h >> 16 & 0x3fff) + 1, op = h >> 8 & 0xff;
        if (op == PE_SET_DOMAIN && at + 20 <= n) {
            uint64_t i0 = le32(cb + at + 4) & 0xfff, j0 = le32(cb + at + 8) & 0xfff,
                     i1 = le32(cb + at + 12) & 0xfff, j1 = le32(cb + at + 16) & 0xfff;
            if (i1 >= i0 && j1 >= j0 && (i1 - i0 + 1) * (j1 - j0 + 1) > max_pairs)
                return 1;
        }
        starts += op == PE_START_PROGRAM;
        at += 4 + 4 * (size_t)nparams;
    }
    return starts > max_starts;
}

/* What `dpp exec` does with the image and the buffer (cmd_exec.c's run) on a device of mem
 * bytes, lanes and step_limit, the buffer named name: the memory after it into mem_out (NULL:
 * not wanted; mem bytes), the status of the run (its message in *err), or DPP_E_NOMEM when
 * the device cannot be opened. */
static inline dpp_status fuzz_exec_run(const uint8_t *img, size_t img_len, const uint8_t *cb,
                                       size_t cb_len, size_t mem, unsigned lanes,
                                       uint64_t step_limit, const char *name, uint8_t *mem_out,
                                       dpp_error *err)
{
    dpp_device_params p = dpp_device_default_params();
    p.mem_bytes = mem;
    p.array.step_limit = step_limit;
    p.array.lanes = lanes;
    dpp_connection *dev;
    if (dpp_am_open(&p, &dev, err) != DPP_OK)
        return DPP_E_NOMEM;
    size_t msize, at = (img_len + 2047) / 2048 * 2048;
    uint8_t *m = dpp_am_memory(dev, &msize);
    memcpy(m, img, img_len);
    memcpy(m + at, cb, cb_len);
    uint32_t ticket;
    int done = 0;
    dpp_status st = dpp_am_submit(dev, (uint32_t)at, (uint32_t)cb_len, name, &ticket, err);
    if (!st)
        st = dpp_am_consumed(dev, ticket, &done, err);
    if (mem_out)
        memcpy(mem_out, m, mem);
    dpp_am_close(dev);
    return st;
}

#endif
