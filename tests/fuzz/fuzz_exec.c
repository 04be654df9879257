/* libFuzzer: the command-buffer executor (PE, MC, processor array) as `dpp exec` drives it.
 * Input: a 4-byte little-endian length L, L bytes of device memory image, then the
 * command buffer (scripts/fuzz.sh packs seeds from `dpp run --emit`). Device memory is 64 KiB.
 * Wavefronts of 16 lanes and a step limit of 400 keep every path of the executor (several
 * wavefronts, partial ones, the limit itself) at a quarter of the work of 64-lane ones: the
 * array computes every lane of a wavefront per issue. */
#include "fuzz_cmdbuf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { MEM = 64 << 10, MAX_PAIRS = 64, MAX_STARTS = 2, STEP_LIMIT = 400, LANES = 16 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 4)
        return 0;
    const uint8_t *image, *cb;
    size_t img, cb_len;
    fuzz_split(data, size, MEM, &image, &img, &cb, &cb_len);
    size_t at = (img + 2047) / 2048 * 2048;
    if (at + cb_len > MEM || fuzz_too_much_work(cb, cb_len, MAX_PAIRS, MAX_STARTS))
        return 0;
    dpp_error err;
    (void)fuzz_exec_run(image, img, cb, cb_len, MEM, LANES, STEP_LIMIT, "fuzz.cb", NULL, &err);
    return 0;
}
