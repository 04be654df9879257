/* libFuzzer: a run of a command buffer against a memory image through the public entry
 * (ctm_model_new_cmd, since 1.16), against what `dpp exec` runs for the same bytes (the
 * runtime calls of cmd_exec.c). Input as fuzz_exec's after a flags byte: bit 0 the image and
 * the buffer from files (else word by word), bits 2:1 how the run is taken (steps, commits,
 * transactions, or only its memory read), bit 3 a buffer file of a size not whole words, bit 4
 * a memory of mem_bytes too small for them; then a 4-byte little-endian image length, the
 * image, the buffer.
 *
 * Promises held, not only "no crash": every status is one ctm.h documents for the call; a
 * buffer file not whole words is refused naming the sizes expected, a memory too small fails
 * the run saying so; otherwise the run ends (0) exactly when dpp exec's succeeds, else faults
 * with dpp exec's message word for word; and the device memory after the run is dpp exec's,
 * byte for byte. Bounds as fuzz_exec's: 64 KiB of memory, 16 lanes, 400 steps a wavefront. */
#define FUZZ_NAME "fuzz_cmdrun"
#include "fuzz_promise.h"

#include "ctm_int.h"
#include "fuzz_cmdbuf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { MEM = 64 << 10, MAX_PAIRS = 64, MAX_STARTS = 2, STEP_LIMIT = 400, LANES = 16 };

/* dpp exec's run: the memory after it in mem_out (MEM bytes), its message ("" on success). */
static void exec_ref(const uint8_t *img, size_t img_len, const uint8_t *cb, size_t cb_len,
                     uint8_t *mem_out, char *msg, size_t msg_len)
{
    dpp_error err;
    dpp_status st = fuzz_exec_run(img, img_len, cb, cb_len, MEM, LANES, STEP_LIMIT,
                                  "command buffer", mem_out, &err);
    if (st == DPP_E_NOMEM)
        broken("dpp_am_open: %s", err.msg);
    snprintf(msg, msg_len, "%s", st ? err.msg : "");
}

static char dir[64], mem_path[96], cmd_path[96];

static void remove_dir(void)
{
    unlink(mem_path);
    unlink(cmd_path);
    rmdir(dir);
}

static void write_file(const char *path, const uint8_t *b, size_t n)
{
    FILE *f = fopen(path, "wb");
    if (!f || (n && fwrite(b, 1, n, f) != n) || fclose(f))
        broken("cannot write %s", path);
}

/* An image refused by a memory of 2 KiB (small: it holds none, the buffer takes the 2 KiB):
 * the status and the message that names the most it may be. */
static int refused_image(ctm_model *m, int files, const uint8_t *img, size_t img_len)
{
    int st = files ? ctm_model_load_mem(m, mem_path)
                   : ctm_model_put_mem(m, 0, img_len >= 4 ? le32(img) : 0);
    const char *want = files ? "expected at most 0" : "is not a multiple of 4 below 0";
    if (st != (files ? CTM_E_FORMAT : CTM_E_ARG) || !strstr(ctm_model_error(m), want))
        broken("an image of %zu bytes for a 2 KiB memory: %d \"%s\"", img_len, st,
               ctm_model_error(m));
    return st;
}

/* Image and buffer into m, from files or word by word; CTM_OK or the refusal's status. */
static int load(ctm_model *m, int files, int odd, int small, const uint8_t *img,
                size_t img_len, const uint8_t *cb, size_t cb_len)
{
    if (files)
        write_file(mem_path, img, img_len);
    if (small && img_len >= (files ? 1u : 4u))
        return refused_image(m, files, img, img_len);
    if (files) {
        static uint8_t padded[MEM + 4]; /* odd: 2 bytes more than whole words */
        memcpy(padded, cb, cb_len);
        memset(padded + cb_len, 0, 4);
        write_file(cmd_path, padded, cb_len + (odd ? 2 : 0));
        int st = ctm_model_load_mem(m, mem_path);
        if (st != CTM_OK)
            broken("ctm_model_load_mem: %d %s", st, ctm_model_error(m));
        st = ctm_model_load_cmd(m, cmd_path);
        if (odd) {
            char want[200];
            snprintf(want, sizeof want, "%zu bytes, but a command buffer is whole 32-bit words: "
                     "expected a multiple of 4 (%zu or %zu)", cb_len + 2, cb_len, cb_len + 4);
            if (st != CTM_E_FORMAT || !strstr(ctm_model_error(m), want))
                broken("a buffer of %zu bytes: %d \"%s\"", cb_len + 2, st, ctm_model_error(m));
            return st;
        }
        if (st != CTM_OK)
            broken("ctm_model_load_cmd: %d %s", st, ctm_model_error(m));
        return CTM_OK;
    }
    for (size_t a = 0; a + 4 <= img_len; a += 4)
        if (ctm_model_put_mem(m, (uint32_t)a, le32(img + a)) != CTM_OK)
            broken("ctm_model_put_mem 0x%zx: %s", a, ctm_model_error(m));
    for (size_t a = 0; a + 4 <= cb_len; a += 4)
        if (ctm_model_put_cmd(m, le32(cb + a)) != CTM_OK)
            broken("ctm_model_put_cmd: %s", ctm_model_error(m));
    return CTM_OK;
}

/* Takes m's run to its end the way `how` says: its last return (0 ended, or -status). */
static int run_out(ctm_model *m, unsigned how)
{
    int r = 0;
    ctm_commit c;
    ctm_txn t;
    uint32_t w;
    do {
        switch (how) {
        case 0: r = ctm_model_step(m); break;
        case 1: r = ctm_model_commit(m, &c); break;
        case 2: r = ctm_model_txn(m, CTM_UNITS_ALL, &t); break;
        default: /* the memory only: the run is prepared, nothing runs */
            return ctm_model_read_word(m, 0, &w) == CTM_OK ? 1 : -CTM_E_FAULT;
        }
    } while (r == 1);
    return r;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 5)
        return 0;
    if (!dir[0]) {
        snprintf(dir, sizeof dir, "/tmp/fuzz_cmdrun.XXXXXX");
        if (!mkdtemp(dir))
            broken("mkdtemp");
        snprintf(mem_path, sizeof mem_path, "%s/mem.bin", dir);
        snprintf(cmd_path, sizeof cmd_path, "%s/cmd.bin", dir);
        atexit(remove_dir);
    }
    unsigned flags = data[0];
    data++, size--;
    const uint8_t *image, *cb;
    size_t img, cb_len;
    fuzz_split(data, size, MEM, &image, &img, &cb, &cb_len);
    cb_len &= ~(size_t)3; /* whole words (a file of another size: flags bit 3) */
    size_t at = (img + 2047) / 2048 * 2048;
    int files = flags & 1, odd = flags >> 3 & 1, small = flags >> 4 & 1;
    unsigned how = flags >> 1 & 3;
    if (!files)
        img &= ~(size_t)3; /* word by word: whole words */
    if (at + cb_len > MEM || fuzz_too_much_work(cb, cb_len, MAX_PAIRS, MAX_STARTS))
        return 0;
    size_t need = (at + cb_len + 2047) / 2048 * 2048;
    small = small && need > 2048; /* a 2 KiB memory that cannot hold them */
    ctm_model *m = ctm_model_new_cmd(small ? 2048 : MEM, LANES, 1, 4, 4);
    if (!m)
        broken("ctm_model_new_cmd: %s", ctm_error());
    api_model_set_step_limit(m, STEP_LIMIT);
    if (load(m, files, odd, small, image, img, cb, cb_len) != CTM_OK) {
        ctm_model_free(m);
        return 0;
    }
    int r = run_out(m, how);
    const char *msg = ctm_model_error(m);
    text_ok(msg, "ctm_model_error");
    if (small) { /* the run says the memory cannot hold them */
        if (r != -CTM_E_FAULT || !strstr(msg, "is smaller than the image"))
            broken("mem_bytes 2048 for %zu: %d \"%s\"", need, r, msg);
        ctm_model_free(m);
        return 0;
    }
    static uint8_t ref[MEM];
    char want[API_ERROR_MAX];
    exec_ref(image, img, cb, cb_len, ref, want, sizeof want);
    if (files && *want) { /* dpp exec named "command buffer"; the file's run names the file */
        char *at_name = strstr(want, "command buffer");
        if (at_name == want) {
            char tmp[API_ERROR_MAX];
            snprintf(tmp, sizeof tmp, "%s%s", cmd_path, want + strlen("command buffer"));
            snprintf(want, sizeof want, "%s", tmp);
        }
    }
    if (how == 3) {
        if (r != 1)
            broken("ctm_model_read_word before the run: %s", msg);
    } else if (*want ? r != -CTM_E_FAULT || strcmp(msg, want) : r != 0) {
        broken("the run returned %d \"%s\"; dpp exec: \"%s\"", r, msg, want);
    }
    if (how != 3) {
        for (uint32_t a = 0; a < (uint32_t)MEM; a += 4) {
            uint32_t w;
            if (ctm_model_read_word(m, a, &w) != CTM_OK)
                broken("ctm_model_read_word 0x%x: %s", a, ctm_model_error(m));
            if (w != le32(ref + a))
                broken("word 0x%x after the run: 0x%08x; dpp exec: 0x%08x", a, w, le32(ref + a));
        }
    }
    ctm_model_free(m);
    return 0;
}
