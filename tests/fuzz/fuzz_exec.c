/* libFuzzer: the command-buffer executor (PE, MC, processor array) as `dpp exec` drives it.
 * Input: a 4-byte little-endian length L, L bytes of device memory image, then the
 * command buffer (scripts/fuzz.sh packs seeds from `dpp run --emit`). Device memory is 64 KiB.
 * Wavefronts of 16 lanes and a step limit of 400 keep every path of the executor (several
 * wavefronts, partial ones, the limit itself) at a quarter of the work of 64-lane ones: the
 * array computes every lane of a wavefront per issue. */
#include "pe.h"
#include "runtime.h"

#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { MEM = 64 << 10, MAX_PAIRS = 64, MAX_STARTS = 2, STEP_LIMIT = 400, LANES = 16 };

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Bounds the work of one input, not its validity: a domain of up to 4096x4096 pairs is
 * legal but takes seconds, which would hide every other input. Walks the packet
 * headers only; the executor itself checks everything. */
static int too_much_work(const uint8_t *cb, size_t n)
{
    unsigned starts = 0;
    for (size_t at = 0; at + 4 <= n;) {
        uint32_t h = le32(cb + at), nparams = (h >> 16 & 0x3fff) + 1, op = h >> 8 & 0xff;
        if (op == PE_SET_DOMAIN && at + 20 <= n) {
            uint64_t i0 = le32(cb + at + 4) & 0xfff, j0 = le32(cb + at + 8) & 0xfff,
                     i1 = le32(cb + at + 12) & 0xfff, j1 = le32(cb + at + 16) & 0xfff;
            if (i1 >= i0 && j1 >= j0 && (i1 - i0 + 1) * (j1 - j0 + 1) > MAX_PAIRS)
                return 1;
        }
        starts += op == PE_START_PROGRAM;
        at += 4 + 4 * (size_t)nparams;
    }
    return starts > MAX_STARTS;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 4)
        return 0;
    size_t img = le32(data), rest = size - 4;
    if (img > rest || img > MEM / 2)
        img = rest < MEM / 2 ? rest : MEM / 2;
    const uint8_t *cb = data + 4 + img;
    size_t cb_len = rest - img, at = (img + 2047) / 2048 * 2048;
    if (at + cb_len > MEM || too_much_work(cb, cb_len))
        return 0;
    dpp_device_params p = dpp_device_default_params();
    p.mem_bytes = MEM;
    p.array.step_limit = STEP_LIMIT;
    p.array.lanes = LANES;
    dpp_connection *dev;
    dpp_error err;
    if (dpp_am_open(&p, &dev, &err) != DPP_OK)
        return 0;
    size_t msize;
    uint8_t *mem = dpp_am_memory(dev, &msize);
    memcpy(mem, data + 4, img);
    memcpy(mem + at, cb, cb_len);
    uint32_t ticket;
    int done = 0;
    if (dpp_am_submit(dev, (uint32_t)at, (uint32_t)cb_len, "fuzz.cb", &ticket, &err) == DPP_OK)
        (void)dpp_am_consumed(dev, ticket, &done, &err);
    dpp_am_close(dev);
    return 0;
}
